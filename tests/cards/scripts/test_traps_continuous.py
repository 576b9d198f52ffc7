"""Continuous Traps: Call of the Haunted, Imperial Order, Ultimate Offering, Dragon
Capture Jar, Lightforce Sword... and what stays on the field with them."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    events,
    main,
    moves,
    options,
    sel,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window

CIRCLE = "Spellbinding Circle"
DARK_HOLE = "Dark Hole"
FD_DEF = Position.FACEDOWN_DEFENSE


def _circle(target: str) -> tuple[Scenario, dict[str, int]]:
    """The opponent's turn 4: in its Draw Phase, P0 activates Spellbinding Circle
    on ``target`` (an option text's start)."""
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW)
    uids = {
        "circle": s.spell(0, CIRCLE),
        "skull": s.monster(1, "Summoned Skull"),
        "elf": s.monster(1, "Mystical Elf", FD_DEF),
        "ox": s.monster(1, "Battle Ox"),
        "girl": s.hand(1, "Dark Magician Girl")[0],
        "hole": s.hand(1, DARK_HOLE)[0],
    }
    s.choose(0, act(CIRCLE, uids["circle"]), target)
    return s, uids


FU_DEF = Position.FACEUP_DEFENSE
CELTIC = "Celtic Guardian"  # 1400 / 1200 Warrior EARTH, Normal
LUSTER = "Luster Dragon"  # 1900 / 1600 Dragon, Normal
KOUMORI = "Koumori Dragon"  # 1500 / 1200 Dragon, Normal
MST = "Mystical Space Typhoon"
FU_ATK = Position.FACEUP_ATTACK
GRAVE = Location.GRAVE
MZONE = Location.MZONE
OFFER = "activate Ultimate Offering"
COTH = "Call of the Haunted"
SKULL = "Summoned Skull"  # 2500 ATK, DARK Normal


def _moved(duel: Duel, uid: int) -> list[Event]:
    return [e for e in events(duel, EventKind.MOVE) if e.card == uid]


def test_spellbinding_circle_stops_attacks_and_position_changes() -> None:
    # R-CHAIN-8: the card forbids a position change the rules would allow (R-POS-4).
    s, c = _circle("select Summoned Skull")
    duel = s.run()
    assert duel.turn == 4 and duel.decision is not None and duel.decision.player == 1
    assert duel.location(c["circle"]) == Location.SZONE  # a Continuous Trap stays
    options = texts(duel.decision)
    assert f"to-defense Summoned Skull [{c['skull']}]" not in options
    assert f"to-defense Battle Ox [{c['ox']}]" in options
    s.choose(1, "battle")
    duel = s.run(duel)
    options = texts(duel.decision)
    assert f"attack-with Summoned Skull [{c['skull']}]" not in options
    assert f"attack-with Battle Ox [{c['ox']}]" in options


def test_spellbinding_circle_on_a_face_down_monster_stops_its_flip_summon() -> None:
    s, c = _circle("select face-down card")
    duel = s.run()
    options = texts(duel.decision)
    assert f"flip-summon Mystical Elf [{c['elf']}]" not in options
    assert f"to-defense Summoned Skull [{c['skull']}]" in options


def test_spellbinding_circle_is_destroyed_when_its_monster_is_destroyed() -> None:
    s, c = _circle("select Summoned Skull")
    s.choose(1, act(DARK_HOLE, c["hole"]))
    duel = s.run()
    assert duel.location(c["skull"]) == Location.GRAVE
    assert duel.location(c["circle"]) == Location.GRAVE
    assert moves(duel, c["circle"])[-1].reason & Reason.DESTROY


def test_spellbinding_circle_stays_when_its_monster_leaves_without_being_destroyed() -> None:
    # R-TERM-1: a Tribute is not destruction.
    s, c = _circle("select Summoned Skull")
    s.choose(1, f"summon Dark Magician Girl [{c['girl']}]", "select Summoned Skull")
    duel = s.run()
    assert duel.location(c["skull"]) == Location.GRAVE
    assert duel.location(c["circle"]) == Location.SZONE
    assert duel.position(c["circle"]) & Position.FACEUP


def test_dragon_capture_jar_keeps_dragons_in_defense_position() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    jar = s.spell(0, "Dragon Capture Jar")
    luster = s.monster(1, LUSTER)
    celtic = s.monster(1, CELTIC)
    koumori = s.hand(1, KOUMORI)[0]
    s.choose(0, act("Dragon Capture Jar", jar))
    duel = s.run()
    assert duel.position(luster) == FU_DEF
    assert duel.position(celtic) == Position.FACEUP_ATTACK
    assert duel.location(jar) == Location.SZONE
    s.choose(0, "end-turn")
    duel = s.run(duel)
    # P1's turn: Luster Dragon cannot change its position; a new Dragon is changed.
    assert f"to-attack {LUSTER} [{luster}]" not in texts(duel.decision)
    s.choose(1, f"summon {KOUMORI} [{koumori}]")
    duel = s.run(duel)
    assert duel.position(koumori) == FU_DEF
    s.choose(1, "battle")
    duel = s.run(duel)
    assert [t for t in texts(duel.decision) if t.startswith("attack-with")] == [
        f"attack-with {CELTIC} [{celtic}]"
    ]


def test_dragon_capture_jar_gone_lets_dragons_change_again() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.spell(0, "Dragon Capture Jar", face_down=False)
    mst = s.hand(1, MST)[0]
    luster = s.monster(1, LUSTER, FU_DEF)
    duel = s.run()
    assert f"to-attack {LUSTER} [{luster}]" not in texts(duel.decision)
    s.choose(1, act(MST, mst))
    duel = s.run(duel)
    assert f"to-attack {LUSTER} [{luster}]" in texts(duel.decision)


def test_ultimate_offering_summons_beyond_the_turns_normal_summon() -> None:
    # R-SUM-1: one Normal Summon or Set per turn, but Ultimate Offering's summon
    # does not use it; R-SUM-2: a Tribute Summon, the tribute chosen at resolution.
    s = main(Scenario())
    uo = s.spell(0, "Ultimate Offering", face_down=False)
    guardian = s.monster(0, "Celtic Guardian")
    imp, skull = s.hand(0, "Feral Imp", "Summoned Skull")
    s.choose(0, OFFER, "pass")  # no response: it resolves
    s.choose(0, sel("Summoned Skull", skull), "choose Summon")  # Celtic Guardian is tributed
    duel = s.run()
    assert duel.lp(0) == 7500
    assert duel.location(skull) == MZONE and duel.position(skull) == FU_ATK
    assert duel.location(guardian) == GRAVE
    assert duel.location(uo) == Location.SZONE  # a Continuous Trap stays
    # The turn's own Normal Summon is still there.
    assert f"summon Feral Imp [{imp}]" in options(duel)
    s.choose(0, f"summon Feral Imp [{imp}]")
    duel = s.run(duel)
    assert duel.location(imp) == MZONE
    assert [e.card for e in duel.events() if e.kind == EventKind.SUMMON] == [skull, imp]


def test_ultimate_offering_can_set_a_monster() -> None:
    # R-SUM-1: a Set is face-down Defense and not a Summon.
    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    imp, _ = s.hand(0, "Feral Imp", "Mystical Elf")
    s.choose(0, OFFER, "pass", sel("Feral Imp", imp), "choose Set")
    duel = s.run()
    assert duel.position(imp) == FD_DEF
    assert not [e for e in duel.events() if e.kind == EventKind.SUMMON]


def test_ultimate_offering_summon_cannot_be_negated_but_is_a_normal_summon() -> None:
    # R-SUM-10: the summon happens inside the chain link: no "being summoned"
    # moment, so Solemn Judgment cannot negate it; it is still a Normal Summon:
    # Total Defense Shogun's "when Normal Summoned" rule turns it to Defense.
    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    s.spell(1, "Solemn Judgment")
    s.hand(0, "Mystical Elf")
    shogun = s.hand(0, "Total Defense Shogun")[0]
    s.monster(0, "Celtic Guardian")
    s.choose(0, OFFER, "pass", sel("Total Defense Shogun", shogun), "choose Summon")
    duel = s.run()
    assert duel.location(shogun) == MZONE
    assert duel.position(shogun) == FU_DEF
    # Back to the turn player's Main Phase: the opponent was never asked.
    assert duel.decision is not None and duel.decision.player == 0
    assert not [e for e in duel.events() if e.kind == EventKind.SUMMON_NEGATED]


def test_ultimate_offering_in_the_opponents_battle_phase() -> None:
    # The guides: a monster summoned by Ultimate Offering in the Battle Phase is
    # Normal Summoned (R-SUM-1 forbids only the turn's own Normal Summon there); the
    # non-turn player summons it to their own field.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Celtic Guardian")
    s.spell(1, "Ultimate Offering", face_down=False)
    imp, _ = s.hand(1, "Feral Imp", "Mystical Elf")
    s.choose(0, "battle")
    s.choose(1, OFFER, "pass", sel("Feral Imp", imp), "choose Summon")
    duel = s.run()
    assert duel.lp(1) == 7500
    assert duel.controller(imp) == 1
    assert duel.location(imp) == MZONE and duel.position(imp) == FU_ATK
    (ev,) = [e for e in duel.events() if e.kind == EventKind.SUMMON]
    assert ev.card == imp and ev.player == 1


def test_ultimate_offering_only_in_your_main_phase_or_the_opponents_battle_phase() -> None:
    s = main(Scenario())
    mine = s.spell(0, "Ultimate Offering", face_down=False)
    theirs = s.spell(1, "Ultimate Offering", face_down=False)
    s.hand(0, "Feral Imp")
    s.hand(1, "Feral Imp")
    s.stop(0, Window.BATTLE_START)
    duel = s.build()
    assert any(t.startswith(OFFER) for t in options(duel))  # your Main Phase
    # Not in the opponent's Main Phase...
    assert any("activation condition is not met" in r for r in duel.explain(theirs, 1).reasons)
    s.choose(0, "battle")
    duel = s.run(duel)
    # ...nor in your own Battle Phase.
    assert duel.decision is not None and duel.decision.player == 0
    assert not [t for t in options(duel) if t.startswith(OFFER)]
    assert any("activation condition is not met" in r for r in duel.explain(mine, 0).reasons)


def test_a_duel_saved_inside_ultimate_offerings_summon_loads_and_continues() -> None:
    # The summon procedure runs on top of the resolving chain link: a save at its
    # tribute choice loads and plays on the same.
    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    guardian = s.monster(0, "Celtic Guardian")
    s.monster(0, "Feral Imp")
    skull = s.hand(0, "Summoned Skull")[0]
    s.choose(0, OFFER, "pass", "choose Summon")  # the only monster in hand is taken
    duel = s.run()
    assert duel.decision is not None and duel.decision.prompt.startswith("Choose a monster to")
    loaded = Duel.load(duel.save())
    for d in (duel, loaded):
        d.apply(next(t for t in options(d) if t.startswith(sel("Celtic Guardian", guardian))))
    assert loaded.digest() == duel.digest()
    assert loaded.location(skull) == MZONE and loaded.location(guardian) == GRAVE


def test_greedy_pays_for_one_more_summon_once_its_own_is_used() -> None:
    # greedy reads Category.SUMMON (not the card's name).
    from ygo.agents import GreedyAgent

    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    imp = s.hand(0, "Feral Imp")[0]
    duel = s.build()
    assert duel.decision is not None
    first = GreedyAgent(0).choose(duel.view(0), duel.decision)
    assert str(first) == f"summon Feral Imp [{imp}]"  # the turn's own Normal Summon first
    s = main(Scenario())
    uo = s.spell(0, "Ultimate Offering", face_down=False)
    s.hand(0, "Feral Imp")
    s.normal_summon_used()
    duel = s.build()
    assert duel.decision is not None
    action = GreedyAgent(0).choose(duel.view(0), duel.decision)
    assert str(action).startswith(act("Ultimate Offering", uo))
    s = main(Scenario()).lp(0, 2000)
    s.spell(0, "Ultimate Offering", face_down=False)
    s.hand(0, "Feral Imp")
    s.normal_summon_used()
    duel = s.build()
    assert duel.decision is not None
    action = GreedyAgent(0).choose(duel.view(0), duel.decision)
    assert not str(action).startswith("activate")  # not with 2000 LP or less


def test_call_of_the_haunted_leaving_destroys_its_monster() -> None:
    # Its Bind: when the Trap leaves the field (Mystical Space Typhoon), the monster it
    # summoned is destroyed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    coth = s.spell(0, COTH)
    skull = s.grave(0, SKULL)[0]
    mst = s.hand(0, "Mystical Space Typhoon")[0]
    s.choose(0, f"activate {COTH} [{coth}]", "pass")  # P0 could chain MST: not yet
    duel = s.run()
    assert duel.location(skull) == Location.MZONE
    s.choose(0, f"activate Mystical Space Typhoon [{mst}]")  # its only target: the Call
    s.run(duel)
    assert duel.location(coth) == Location.GRAVE
    assert duel.location(skull) == Location.GRAVE
    assert _moved(duel, skull)[-1].reason & Reason.DESTROY


def test_call_of_the_haunted_is_destroyed_with_its_monster() -> None:
    # Its Bind: when the monster is destroyed (Dark Hole), the Trap is destroyed too.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    coth = s.spell(0, COTH)
    skull = s.grave(0, SKULL)[0]
    hole = s.hand(0, DARK_HOLE)[0]
    s.choose(0, f"activate {COTH} [{coth}]")
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(coth) == Location.GRAVE
    assert _moved(duel, coth)[-1].reason & Reason.DESTROY
