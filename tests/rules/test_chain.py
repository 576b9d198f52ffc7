"""Chains and spell speed (R-CHAIN-1..15): the worked example and the chain rules."""

from __future__ import annotations

from tests.scenario import Scenario
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import DecisionKind
from ygo.engine.events import Event, EventKind, Reason

DARK_HOLE = "Dark Hole"
IMPERIAL_ORDER = "Imperial Order"
MST = "Mystical Space Typhoon"
MAGIC_JAMMER = "Magic Jammer"
SEVEN_TOOLS = "Seven Tools of the Bandit"
POT = "Pot of Greed"


def _events(duel: Duel, kind: EventKind) -> list[Event]:
    return [e for e in duel.events() if e.kind == kind]


def test_the_worked_example_resolves_link_by_link() -> None:
    # R-CHAIN-11: Dark Hole <- Imperial Order <- MST on Imperial Order <- Magic Jammer
    # <- Seven Tools of the Bandit. Also R-CHAIN-2/3/4/5/7/12/15.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    mst = s.spell(0, MST)
    tools = s.spell(0, SEVEN_TOOLS)
    order = s.spell(1, IMPERIAL_ORDER)
    jammer = s.spell(1, MAGIC_JAMMER)
    fodder = s.hand(1, "Celtic Guardian")[0]
    mine = s.monster(0, "Dark Magician")
    theirs = s.monster(1, "Summoned Skull")
    s.choose(0, f"activate Dark Hole [{hole}]")
    s.choose(1, f"activate Imperial Order [{order}]")  # Chain Link 2
    s.choose(0, f"activate Mystical Space Typhoon [{mst}]")  # Chain Link 3
    s.choose(0, f"select Imperial Order [{order}]")  # its target
    s.choose(1, f"activate Magic Jammer [{jammer}]")  # Chain Link 4; the discard is forced
    s.choose(0, f"activate Seven Tools of the Bandit [{tools}]")  # Chain Link 5
    duel = s.run()
    # Every link went on in order, each responding to the one before (R-CHAIN-3).
    links = _events(duel, EventKind.ACTIVATE)
    assert [(e.card, e.value, e.player) for e in links] == [
        (hole, 1, 0),
        (order, 2, 1),
        (mst, 3, 0),
        (jammer, 4, 1),
        (tools, 5, 0),
    ]
    # Costs were paid at activation (R-CHAIN-7): 1000 LP and a discard.
    assert duel.lp(0) == 8000 - 1000
    assert duel.location(fodder) == Location.GRAVE
    # Resolution last-in first-out (R-CHAIN-4).
    solving = [e.value for e in _events(duel, EventKind.CHAIN_SOLVING)]
    assert solving == [5, 4, 3, 2, 1]
    # Link 5: Seven Tools negates Magic Jammer's activation and destroys it (R-CHAIN-15).
    (negated,) = _events(duel, EventKind.CHAIN_NEGATED)
    assert (negated.card, negated.value, negated.rc) == (jammer, 4, tools)
    assert duel.location(jammer) == Location.GRAVE
    # Link 3: MST destroys Imperial Order, so Link 2 has no effect (R-CHAIN-5) ...
    assert duel.location(order) == Location.GRAVE
    order_move = next(e for e in _events(duel, EventKind.MOVE) if e.card == order)
    assert order_move.rc == mst and order_move.reason & Reason.DESTROY
    # ... and Link 1, Dark Hole, resolves: every monster is destroyed.
    assert duel.location(mine) == Location.GRAVE
    assert duel.location(theirs) == Location.GRAVE
    # R-CHAIN-12: the resolved Spells and Traps went to the GY together, after the chain.
    assert {duel.location(c) for c in (hole, mst, tools)} == {Location.GRAVE}
    kinds = [e.kind for e in duel.events()]
    end = kinds.index(EventKind.CHAIN_END)
    last_solving = max(i for i, k in enumerate(kinds) if k == EventKind.CHAIN_SOLVING)
    to_grave = [
        i
        for i, e in enumerate(duel.events())
        if e.kind == EventKind.MOVE and e.card in (hole, mst, tools)
    ]
    assert all(last_solving < i < end for i in to_grave)
    assert duel.decision is not None and duel.decision.player == 0  # back to the Main Phase


def test_imperial_order_negates_a_spell_when_it_resolves_first() -> None:
    # R-CHAIN-15 (negating an effect, not the activation): Dark Hole stays activated,
    # its effect does nothing, and it still goes to the GY (R-CHAIN-12).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    order = s.spell(1, IMPERIAL_ORDER)
    mine = s.monster(0, "Dark Magician")
    s.choose(0, f"activate Dark Hole [{hole}]")
    s.choose(1, f"activate Imperial Order [{order}]")
    duel = s.run()
    assert duel.location(mine) == Location.MZONE
    assert [e.card for e in _events(duel, EventKind.CHAIN_DISABLED)] == [hole]
    assert duel.location(hole) == Location.GRAVE
    assert duel.location(order) == Location.SZONE
    assert duel.position(order) & Position.FACEUP


def test_a_speed_one_card_cannot_respond_and_a_trap_not_the_turn_it_was_set() -> None:
    # R-CHAIN-2, R-TRAP-1: nothing to respond with means no prompt at all.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    pot = s.hand(0, POT)[0]
    s.hand(1, DARK_HOLE)  # speed 1: cannot respond
    s.spell(1, IMPERIAL_ORDER, this_turn=True)  # set this turn: cannot be activated
    s.choose(0, f"activate Pot of Greed [{pot}]")
    duel = s.run()
    assert duel.location(pot) == Location.GRAVE
    assert len(duel.hand(0)) == 2
    assert duel.decision is not None and duel.decision.player == 0


# -- a cost is not the last thing that happened (R-CHAIN-13) -----------------------------

GILFER = "Archfiend of Gilfer"
SANGAN = "Sangan"


def test_a_tribute_for_a_tribute_summon_is_not_the_last_thing_that_happened() -> None:
    # R-CHAIN-13, R-SUM-10: the Tributes are paid first, then the monster is summoned,
    # so the summon is the last thing that happened: Archfiend of Gilfer's "When this
    # card is sent to the GY: you can" trigger has missed its timing. Sangan, Tributed
    # with it, has a mandatory trigger, which does not miss its timing, so the
    # Tributes' events are still seen. The reference engine offers nothing for Gilfer
    # either (a Tribute Summon of Summoned Skull with Gilfer as the Tribute).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.hand(0, "Dark Magician")[0]
    gilfer = s.monster(0, GILFER)
    sangan = s.monster(0, SANGAN)
    guardian = s.monster(1, "Celtic Guardian")
    found = s.deck(0, "Mystic Tomato", POT)[0]
    s.choose(0, "summon Dark Magician", f"select {GILFER}")  # then Sangan, the only one left
    duel = s.run()
    # Gilfer was never offered: P0 is back at the Main Phase menu.
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind == DecisionKind.MAIN, d
    assert duel.location(dm) == Location.MZONE
    assert duel.location(gilfer) == duel.location(sangan) == Location.GRAVE
    # Only Sangan's trigger was activated (and resolved: the search).
    assert [e.card for e in _events(duel, EventKind.ACTIVATE)] == [sangan]
    assert duel.location(found) == Location.HAND
    assert duel.location(guardian) == Location.MZONE
    tributes = [e for e in _events(duel, EventKind.MOVE) if e.reason & Reason.RELEASE]
    summon = _events(duel, EventKind.SUMMON)[-1]
    assert {e.card for e in tributes} == {gilfer, sangan}
    assert all(e.batch < summon.batch for e in tributes)


# -- count limits: per copy, or shared by name (R-CHAIN-3) --------------------------------

TURTLE = "Catapult Turtle"
WITCH = "Witch of the Black Forest"


def test_once_per_turn_is_each_copys_own() -> None:
    # R-CHAIN-3: per-turn limits come from the card's text only. "Once per turn: you
    # can ..." limits that card: two Catapult Turtles may each use their effect once
    # this turn (neither twice). The guides say nothing more; the reference engine keeps
    # a count limit without a code on each card (both Turtles fire, then neither).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    a = s.monster(0, TURTLE)
    b = s.monster(0, TURTLE)
    ox = s.monster(0, "Battle Ox")  # 1700 ATK: 850
    elf = s.monster(0, "Mystical Elf")  # 800 ATK: 400
    s.choose(0, f"activate {TURTLE} [{a}]", f"select Battle Ox [{ox}]")
    s.choose(0, f"activate {TURTLE} [{b}]", f"select Mystical Elf [{elf}]")
    duel = s.run()
    assert duel.lp(1) == 8000 - 850 - 400
    options = [str(o) for o in duel.decision.options] if duel.decision else []
    assert not [o for o in options if o.startswith(f"activate {TURTLE}")]
    assert "activate: its once-per-turn activation was already used" in (duel.explain(a, 0).reasons)


def test_a_limit_by_name_is_shared_by_every_copy() -> None:
    # R-CHAIN-3, the other kind of text: "You can only use this effect of 'Witch of the
    # Black Forest' once per turn" names the card, so the copies share it: two Witches
    # destroyed together by Dark Hole search once (the reference engine too: the
    # second Witch's trigger is not chained).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    w1 = s.monster(0, WITCH)
    w2 = s.monster(0, WITCH)
    found = s.deck(0, "Celtic Guardian", POT, POT)[0]
    s.choose(0, f"activate {DARK_HOLE} [{hole}]", f"activate {WITCH} [{w1}]")
    duel = s.run()
    assert duel.location(w1) == duel.location(w2) == Location.GRAVE
    assert duel.location(found) == Location.HAND
    assert [e.card for e in _events(duel, EventKind.ACTIVATE)] == [hole, w1]
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.MAIN


def test_once_per_turn_starts_again_for_a_card_that_moved() -> None:
    # R-CHAIN-3 with R-TERM-2's "a card that leaves the field is a new card": Catapult
    # Turtle Tributes itself for its own effect, Monster Reborn brings it back, and the
    # returned Turtle may use its effect again this turn (the reference engine resets a
    # count limit without a code when its card moves).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, "Monster Reborn")[0]
    turtle = s.monster(0, TURTLE)  # 1000 ATK: 500
    elf = s.monster(0, "Mystical Elf")  # 800 ATK: 400
    s.choose(0, f"activate {TURTLE} [{turtle}]", f"select {TURTLE} [{turtle}]")
    s.choose(0, f"activate Monster Reborn [{reborn}]", "choose face-up Attack")
    duel = s.run()
    assert duel.location(turtle) == Location.MZONE
    assert duel.lp(1) == 8000 - 500
    s.choose(0, f"activate {TURTLE} [{turtle}]", f"select Mystical Elf [{elf}]")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - 500 - 400
