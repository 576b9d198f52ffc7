"""Card scripts, group C: Man-Eater Bug, Sangan, Mystic Tomato, Jinzo, Call of the
Haunted, Solemn Judgment, Change of Heart, Graceful Charity, Card Destruction and
Nobleman of Crossout, with the trigger, chain and summon rulings they show."""

from __future__ import annotations

from tests.scenario import Scenario, card, texts
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.engine.duel import Duel
from ygo.engine.effect import Ctx, Effect
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window
from ygo.engine.result import WinReason

BUG = "Man-Eater Bug"
SANGAN = "Sangan"
TOMATO = "Mystic Tomato"
JINZO = "Jinzo"
COTH = "Call of the Haunted"
SOLEMN = "Solemn Judgment"
HEART = "Change of Heart"
CHARITY = "Graceful Charity"
DESTRUCTION = "Card Destruction"
NOBLEMAN = "Nobleman of Crossout"
DARK_HOLE = "Dark Hole"
SKULL = "Summoned Skull"  # 2500 ATK, DARK Normal
DM = "Dark Magician"  # 2500 ATK, DARK Normal
GUARDIAN = "Celtic Guardian"  # 1400 ATK, EARTH Normal (the deck filler)

FD = Position.FACEDOWN_DEFENSE
FU_ATK = Position.FACEUP_ATTACK


def _events(duel: Duel, kind: EventKind) -> list[Event]:
    return [e for e in duel.events() if e.kind == kind]


def _activations(duel: Duel) -> list[tuple[int, int, int]]:
    """(card, chain link, player) of every activation, in order."""
    return [(e.card, e.value, e.player) for e in _events(duel, EventKind.ACTIVATE)]


def _moved(duel: Duel, uid: int) -> list[Event]:
    return [e for e in _events(duel, EventKind.MOVE) if e.card == uid]


# -- test-only scripts ------------------------------------------------------------------
# Plain Normal monsters and an unscripted Spell given an effect only in these tests,
# to build clean cases for the trigger rules with the real cards above.

WHEN_GY = "Mystical Elf"
IF_GY = "Feral Imp"
OPT_A = "Ryu-Kishin"
OPT_B = "Beaver Warrior"
FLIPPER = "Darkness Approaches"


def _to_grave(ctx: Ctx, ev: Event) -> bool:
    return ev.card == ctx.uid and ev.dst == effects.GRAVE


def _gain(ctx: Ctx) -> None:
    effects.gain_lp(500).do(ctx)


def _test_scripts() -> Scripts:
    base = default_scripts()
    table: dict[int, tuple[Effect, ...]] = {c: base.effects(c) for c in base.codes()}
    gain = effects.step(_gain)
    # "When this card is sent to the GY: you can gain 500 LP" (misses its timing).
    table[card(WHEN_GY).code] = (
        effects.trigger(EventKind.MOVE, _to_grave, gain, text="gain 500", when=True),
    )
    # "If this card is sent to the GY: you can gain 500 LP" (never misses it).
    for name in (IF_GY, OPT_A, OPT_B):
        table[card(name).code] = (
            effects.trigger(EventKind.MOVE, _to_grave, gain, text="gain 500"),
        )
    # A Normal Spell: turn every face-down monster on the field face-up Attack.
    table[card(FLIPPER).code] = (
        effects.activate(
            effects.change_position(
                lambda ctx: effects.matching(ctx, effects.MZONE, effects.face_down), effects.FU_ATK
            ),
            text="flip every monster face-up",
        ),
    )
    return Scripts(table)


TEST_SCRIPTS = _test_scripts()


# -- Man-Eater Bug ---------------------------------------------------------------------


def test_man_eater_bug_flip_summon_destroys_its_target() -> None:
    # R-MON-5: a Flip Summon flips it face-up, so its Flip effect activates.
    # R-MON-2: a Flip effect is a trigger: it starts a chain of its own.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bug = s.monster(0, BUG, FD)
    skull = s.monster(1, SKULL)
    s.choose(0, f"flip-summon {BUG}")
    duel = s.build()
    s.run(duel)
    # Mandatory, so no "pass": the player only picks the target; any monster on the
    # field, this one too.
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == [
        f"select {BUG} [{bug}] (your Monster Zone 1)",
        f"select {SKULL} [{skull}] (opponent's Monster Zone 1)",
    ]
    s.choose(0, f"select {SKULL}")
    s.run(duel)
    assert _activations(duel) == [(bug, 1, 0)]
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(bug) == Location.MZONE
    assert duel.position(bug) == FU_ATK


def test_man_eater_bug_attacked_face_down_flips_before_calculation_and_resolves_after() -> None:
    # R-BAT-6: still face-down at the start of the Damage Step; face-up before damage
    # calculation; its Flip effect activates after damage calculation although the
    # battle destroyed it, and it cannot target itself (destroyed by that battle).
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    bug = s.monster(0, BUG, FD)
    skull = s.monster(1, SKULL)
    s.stop(0, Window.DAMAGE_START, Window.DAMAGE_BEFORE_CALC)
    s.choose(1, f"attack-with {SKULL}")
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    assert duel.position(bug) == FD  # start of the Damage Step
    s.choose(0, "pass")
    s.run(duel)
    assert duel.position(bug) == Position.FACEUP_DEFENSE  # before damage calculation
    assert not _events(duel, EventKind.ACTIVATE)  # the Flip effect waits
    s.choose(0, "pass")
    s.run(duel)
    # After damage calculation: 2500 ATK over 600 DEF destroyed the Bug, and its
    # effect took the only legal target without asking (not the Bug itself).
    (destroyed,) = _events(duel, EventKind.BATTLE_DESTROYED)
    assert destroyed.card == bug
    kinds = [e.kind for e in duel.events()]
    assert kinds.index(EventKind.BATTLE_DESTROYED) < kinds.index(EventKind.ACTIVATE)
    assert _activations(duel) == [(bug, 1, 0)]
    assert [e.card for e in _events(duel, EventKind.TARGET)] == [skull]
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(bug) == Location.GRAVE
    assert _moved(duel, bug)[0].reason & Reason.BATTLE


def test_man_eater_bug_flips_when_an_effect_turns_it_face_up() -> None:
    # R-MON-5: turned face-up by a card effect: the Flip effect activates.
    s = Scenario(scripts=TEST_SCRIPTS).at(turn=3, player=0, phase=Phase.MAIN1)
    flipper = s.hand(0, FLIPPER)[0]
    bug = s.monster(1, BUG, FD)
    skull = s.monster(0, SKULL)
    s.choose(0, f"activate {FLIPPER} [{flipper}]")
    s.choose(1, f"select {SKULL}")  # the Bug's controller chooses the target
    duel = s.run()
    assert _activations(duel) == [(flipper, 1, 0), (bug, 1, 1)]
    assert duel.location(skull) == Location.GRAVE
    assert duel.position(bug) == FU_ATK


def test_no_flip_effect_when_special_summoned_face_up_or_banished_face_down() -> None:
    # R-MON-5: Special Summoned face-up (Call of the Haunted) is not being flipped;
    # leaving the field face-down (Nobleman of Crossout) is not either.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    coth = s.spell(0, COTH)
    bug = s.grave(0, BUG)[0]
    nobleman = s.hand(0, NOBLEMAN)[0]
    other = s.monster(1, BUG, FD)
    s.monster(1, SKULL)
    s.choose(0, f"activate {COTH} [{coth}]")  # its only target: the Bug in the GY
    duel = s.run()
    assert duel.location(bug) == Location.MZONE and duel.position(bug) == FU_ATK
    assert _activations(duel) == [(coth, 1, 0)]
    s.choose(0, f"activate {NOBLEMAN} [{nobleman}]")  # the only face-down monster
    s.run(duel)
    assert duel.location(other) == Location.BANISHED
    assert _activations(duel) == [(coth, 1, 0), (nobleman, 1, 0)]
    assert duel.decision is not None and duel.decision.player == 0


# -- Sangan --------------------------------------------------------------------------------


def test_sangan_searches_a_monster_with_1500_or_less_atk_and_shuffles() -> None:
    # R-CHAIN-9: a mandatory trigger: it activates without a "pass" choice.
    # R-TERM-4: the search shuffles the Deck. R-TERM-7: 1500 itself is allowed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    sangan = s.monster(0, SANGAN)
    deck = s.deck(0, DM, "Kojikocy", TOMATO, SKULL, GUARDIAN)
    kojikocy, tomato = deck[1], deck[2]
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert duel.location(sangan) == Location.GRAVE
    assert duel.decision is not None
    assert sorted(texts(duel.decision)) == sorted(
        f"select {n} [{u}] (your Deck)"
        for n, u in ((GUARDIAN, deck[4]), ("Kojikocy", kojikocy), (TOMATO, tomato))
    )
    s.choose(0, f"select {TOMATO}")
    s.run(duel)
    assert _activations(duel) == [(hole, 1, 0), (sangan, 1, 0)]
    assert duel.location(tomato) == Location.HAND
    events = duel.events()
    added = next(i for i, e in enumerate(events) if e.kind == EventKind.MOVE and e.card == tomato)
    shuffled = [i for i, e in enumerate(events) if e.kind == EventKind.SHUFFLE and e.player == 0]
    assert shuffled and shuffled[-1] > added
    revealed = [e.card for e in _events(duel, EventKind.REVEAL)]
    assert revealed == [tomato]


def test_sangan_destroyed_by_chain_link_1_waits_for_a_new_chain() -> None:
    # R-CHAIN-14: Dark Hole (Link 1) <- Call of the Haunted (Link 2) reviving Sangan;
    # Dark Hole destroys the revived Sangan, and its trigger is not added to that chain:
    # it starts a new chain after the first one has ended. The Call of the Haunted goes
    # with its monster (its Bind).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    coth = s.spell(1, COTH)
    sangan = s.grave(1, SANGAN)[0]
    tomato = s.deck(1, TOMATO, SKULL, DM)[0]  # the only monster it can search
    s.monster(0, SKULL)
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    s.choose(1, f"activate {COTH} [{coth}]")
    duel = s.run()
    assert _activations(duel) == [(hole, 1, 0), (coth, 2, 1), (sangan, 1, 1)]
    events = duel.events()
    first_end = next(i for i, e in enumerate(events) if e.kind == EventKind.CHAIN_END)
    sangan_on = next(
        i for i, e in enumerate(events) if e.kind == EventKind.ACTIVATE and e.card == sangan
    )
    assert first_end < sangan_on
    assert duel.location(sangan) == Location.GRAVE
    assert duel.location(coth) == Location.GRAVE
    assert _moved(duel, coth)[-1].reason & Reason.DESTROY
    assert duel.location(tomato) == Location.HAND


# -- Mystic Tomato ---------------------------------------------------------------------


def _tomato_attacked() -> tuple[Scenario, Duel, int, list[int]]:
    """P0's Dark Magician attacks P1's Mystic Tomato; P1 looks at the field after
    damage calculation."""
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, DM)
    tomato = s.monster(1, TOMATO)
    deck = s.deck(1, JINZO, SANGAN, BUG, TOMATO, GUARDIAN)
    s.stop(1, Window.DAMAGE_AFTER_CALC)
    s.choose(0, f"attack-with {DM}")
    duel = s.run()
    return s, duel, tomato, deck


def test_mystic_tomato_stays_marked_until_the_end_of_the_damage_step_then_summons() -> None:
    # R-BAT-9: destroyed at damage calculation, still on the field after it; sent to
    # the GY at the end of the Damage Step, where its trigger activates.
    s, duel, tomato, deck = _tomato_attacked()
    _jinzo, sangan, _bug, tomato2, _guardian = deck
    assert duel.lp(1) == 8000 - 1100
    assert duel.location(tomato) == Location.MZONE
    assert [e.card for e in _events(duel, EventKind.BATTLE_DESTROYED)] == [tomato]
    s.choose(1, "pass")
    s.run(duel)
    assert duel.location(tomato) == Location.GRAVE
    # R-CHAIN-9: optional ("you can"): P1 may activate it or pass.
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [f"activate {TOMATO} [{tomato}]", "pass"]
    s.choose(1, f"activate {TOMATO} [{tomato}]")
    s.run(duel)
    # Only DARK monsters with 1500 or less ATK: not Jinzo (2400), not the Bug (EARTH).
    assert duel.decision is not None
    assert sorted(texts(duel.decision)) == sorted(
        [f"select {SANGAN} [{sangan}] (your Deck)", f"select {TOMATO} [{tomato2}] (your Deck)"]
    )
    s.choose(1, f"select {SANGAN}")
    s.run(duel)
    assert duel.location(sangan) == Location.MZONE
    assert duel.position(sangan) == FU_ATK  # Attack Position only: no question asked
    assert duel.controller(sangan) == 1
    assert _events(duel, EventKind.SHUFFLE)[-1].player == 1  # R-TERM-4
    # All of it inside the Damage Step: no new phase or step began before it.
    events = duel.events()
    calc = next(i for i, e in enumerate(events) if e.kind == EventKind.BATTLE_DESTROYED)
    on = next(i for i, e in enumerate(events) if e.kind == EventKind.ACTIVATE)
    assert not [e for e in events[calc:on] if e.kind == EventKind.PHASE]
    assert duel.decision is not None and duel.decision.player == 0


def test_mystic_tomato_may_be_declined() -> None:
    # R-CHAIN-9: an optional trigger may be declined; nothing happens then.
    s, duel, tomato, deck = _tomato_attacked()
    s.choose(1, "pass", "pass")
    s.run(duel)
    assert not _events(duel, EventKind.ACTIVATE)
    assert all(duel.location(u) == Location.DECK for u in deck)
    assert duel.location(tomato) == Location.GRAVE


# -- the order of simultaneous triggers and missing the timing -------------------------------


def test_simultaneous_triggers_of_both_players_chain_in_the_four_groups() -> None:
    # R-CHAIN-6: Dark Hole destroys two Sangans (mandatory) and two "if sent to the GY:
    # you can" monsters (optional), one of each per player. The new chain: the turn
    # player's mandatory, the opponent's mandatory, the turn player's optional, then the
    # opponent's optional; it resolves last-in first-out.
    s = Scenario(scripts=TEST_SCRIPTS).at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    sangan0 = s.monster(0, SANGAN)
    opt0 = s.monster(0, OPT_A)
    sangan1 = s.monster(1, SANGAN)
    opt1 = s.monster(1, OPT_B)
    found0 = s.deck(0, TOMATO, SKULL)[0]
    found1 = s.deck(1, BUG, DM)[0]
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    # The mandatory ones went on without asking; the turn player is asked first about
    # their optional one, with a "pass" to decline it.
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == [f"activate {OPT_A} [{opt0}]", "pass"]
    s.choose(0, f"activate {OPT_A} [{opt0}]")
    s.choose(1, f"activate {OPT_B} [{opt1}]")
    s.run(duel)
    assert _activations(duel) == [
        (hole, 1, 0),
        (sangan0, 1, 0),
        (sangan1, 2, 1),
        (opt0, 3, 0),
        (opt1, 4, 1),
    ]
    solving = [e.card for e in _events(duel, EventKind.CHAIN_SOLVING)]
    assert solving == [hole, opt1, opt0, sangan1, sangan0]
    assert (duel.lp(0), duel.lp(1)) == (8500, 8500)
    assert duel.location(found0) == Location.HAND
    assert duel.location(found1) == Location.HAND


def test_two_mandatory_triggers_offer_no_pass() -> None:
    # R-CHAIN-9: mandatory triggers cannot be declined: with two, the player orders
    # them, and "pass" is not an option.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    a = s.monster(0, SANGAN)
    b = s.monster(0, SANGAN)
    s.deck(0, TOMATO, BUG, SKULL)
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert duel.decision is not None
    assert texts(duel.decision) == [f"activate {SANGAN} [{a}]", f"activate {SANGAN} [{b}]"]
    s.choose(0, f"activate {SANGAN} [{b}]", f"select {TOMATO}")
    s.run(duel)
    assert _activations(duel) == [(hole, 1, 0), (b, 1, 0), (a, 2, 0)]


def test_a_when_trigger_misses_its_timing_when_its_event_was_not_last() -> None:
    # R-CHAIN-13: Card Destruction discards, THEN draws: the discard is not the last
    # thing that happened, so "When ... sent to the GY: you can" misses its timing,
    # while "If ...: you can" still activates. R-TERM-9: the discards were sent to the GY.
    s = Scenario(scripts=TEST_SCRIPTS).at(turn=3, player=0, phase=Phase.MAIN1)
    cd = s.hand(0, DESTRUCTION)[0]
    when, if_ = s.hand(0, WHEN_GY, IF_GY)
    s.hand(1, GUARDIAN)
    s.choose(0, f"activate {DESTRUCTION} [{cd}]")
    duel = s.run()
    assert duel.location(when) == Location.GRAVE and duel.location(if_) == Location.GRAVE
    assert duel.decision is not None
    assert texts(duel.decision) == [f"activate {IF_GY} [{if_}]", "pass"]
    s.choose(0, f"activate {IF_GY} [{if_}]")
    s.run(duel)
    assert _activations(duel) == [(cd, 1, 0), (if_, 1, 0)]
    assert duel.lp(0) == 8500


def test_a_when_trigger_activates_when_its_event_was_last() -> None:
    # R-CHAIN-13, the other side: Graceful Charity's discard is its last step.
    s = Scenario(scripts=TEST_SCRIPTS).at(turn=3, player=0, phase=Phase.MAIN1)
    gc = s.hand(0, CHARITY)[0]
    drawn = s.deck(0, WHEN_GY, GUARDIAN, GUARDIAN, GUARDIAN)
    s.choose(0, f"activate {CHARITY} [{gc}]")
    s.choose(0, f"select {WHEN_GY}", f"select {GUARDIAN} [{drawn[1]}]")
    s.choose(0, f"activate {WHEN_GY} [{drawn[0]}]")
    duel = s.run()
    assert _activations(duel) == [(gc, 1, 0), (drawn[0], 1, 0)]
    assert duel.lp(0) == 8500


# -- Solemn Judgment and Call of the Haunted -----------------------------------------------


def test_solemn_judgment_negates_a_tribute_summon_that_never_happened() -> None:
    # R-SUM-10: negated while being summoned: Jinzo is destroyed, the Tribute stays
    # paid (and Sangan, sent from the field to the GY, still triggers), the turn's
    # Normal Summon stays used. R-TRAP-4: a Counter Trap. Jinzo's own effect does not
    # apply while it is being summoned, so the Trap can be activated.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    jinzo, spare = s.hand(0, JINZO, GUARDIAN)
    sangan = s.monster(0, SANGAN)
    solemn = s.spell(1, SOLEMN)
    found = s.deck(0, TOMATO, SKULL)[0]
    s.choose(0, f"summon {JINZO}")  # its one Tribute: Sangan, the only monster
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [f"activate {SOLEMN} [{solemn}]: negate a summon", "pass"]
    s.choose(1, f"activate {SOLEMN} [{solemn}]")
    s.run(duel)
    assert duel.lp(1) == 4000  # half of 8000
    assert [e.card for e in _events(duel, EventKind.SUMMON_NEGATED)] == [jinzo]
    assert duel.location(jinzo) == Location.GRAVE
    assert _moved(duel, jinzo)[-1].reason & Reason.DESTROY
    assert duel.location(solemn) == Location.GRAVE
    assert duel.location(sangan) == Location.GRAVE
    assert _activations(duel) == [(solemn, 1, 1), (sangan, 1, 0)]
    assert duel.location(found) == Location.HAND
    assert duel.decision is not None and duel.decision.player == 0
    options = texts(duel.decision)
    assert not [o for o in options if o.startswith(("summon", "set "))]
    assert duel.location(spare) == Location.HAND


def test_solemn_judgment_on_a_flip_summon_leaves_no_flip_effect() -> None:
    # R-SUM-10: a negated Flip Summon never happened, so no "when summoned" response
    # follows: Man-Eater Bug's Flip effect does not activate (R-MON-5).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bug = s.monster(0, BUG, FD)
    skull = s.monster(1, SKULL)
    solemn = s.spell(1, SOLEMN)
    s.choose(0, f"flip-summon {BUG}")
    s.choose(1, f"activate {SOLEMN} [{solemn}]")
    duel = s.run()
    assert _activations(duel) == [(solemn, 1, 1)]
    assert duel.location(bug) == Location.GRAVE
    assert duel.location(skull) == Location.MZONE
    assert not _events(duel, EventKind.FLIP)
    assert duel.decision is not None and duel.decision.player == 0


def test_a_special_summon_by_call_of_the_haunted_has_no_summon_to_negate() -> None:
    # R-SUM-10: an effect's Special Summon has no "being summoned" moment: Solemn
    # Judgment can only negate Call of the Haunted's activation, not the summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    coth = s.spell(0, COTH)
    skull = s.grave(0, SKULL)[0]
    solemn = s.spell(1, SOLEMN)
    s.choose(0, f"activate {COTH} [{coth}]")
    duel = s.run()
    # Responding to the activation: only the "negate an activation" half is offered.
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [
        f"activate {SOLEMN} [{solemn}]: negate a Spell/Trap activation",
        "pass",
    ]
    s.choose(1, "pass")
    s.run(duel)
    # The monster came back in Attack Position, and P1 was never asked again.
    assert duel.location(skull) == Location.MZONE and duel.position(skull) == FU_ATK
    assert not _events(duel, EventKind.SUMMON_NEGATED)
    assert duel.location(coth) == Location.SZONE
    assert duel.decision is not None and duel.decision.player == 0


def test_a_counter_trap_answers_a_trap_but_not_the_other_way_round() -> None:
    # R-CHAIN-1, R-TRAP-4: Solemn Judgment (speed 3) negates Call of the Haunted
    # (speed 2) and destroys it; a second Call of the Haunted (speed 2) cannot respond
    # to the Counter Trap (R-CHAIN-2).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    coth, coth2 = s.spell(0, COTH), s.spell(0, COTH)
    skull = s.grave(0, SKULL)[0]
    solemn = s.spell(1, SOLEMN)
    s.stop(0, Window.MAIN_OPEN)
    s.choose(0, f"activate {COTH} [{coth}]")
    s.choose(1, f"activate {SOLEMN} [{solemn}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]  # Call of the Haunted #2 is not offered
    s.choose(0, "pass")
    s.run(duel)
    assert _activations(duel) == [(coth, 1, 0), (solemn, 2, 1)]
    assert [e.card for e in _events(duel, EventKind.CHAIN_NEGATED)] == [coth]
    assert duel.location(coth) == Location.GRAVE
    assert _moved(duel, coth)[-1].reason & Reason.DESTROY
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(coth2) == Location.SZONE
    assert duel.lp(1) == 4000


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


# -- Jinzo ----------------------------------------------------------------------------------


def test_jinzo_stops_every_trap_activation() -> None:
    # Jinzo: no Trap can be activated, the opponent's nor its controller's own.
    # R-MON-2: a continuous effect: it applies without being activated (no chain link).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    jinzo = s.monster(0, JINZO)
    s.spell(0, COTH)
    theirs = s.spell(1, COTH)
    s.grave(0, SKULL)
    s.grave(1, SANGAN)
    s.stop(1, Window.MAIN_OPEN)
    duel = s.build()
    assert duel.decision is not None
    assert not [o for o in texts(duel.decision) if COTH in o]
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    s.run(duel)
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]  # the Call of the Haunted is not offered
    s.choose(1, "pass")
    s.run(duel)
    assert _activations(duel) == [(hole, 1, 0)]
    assert duel.location(jinzo) == Location.GRAVE
    assert duel.location(theirs) == Location.SZONE


def test_without_jinzo_the_trap_could_respond() -> None:
    # The control case of the test above: the same position without Jinzo.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    s.monster(0, SKULL)
    theirs = s.spell(1, COTH)
    s.grave(1, SANGAN)
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [f"activate {COTH} [{theirs}]", "pass"]


def test_jinzo_negates_a_face_up_trap_on_the_field() -> None:
    # Jinzo negates the effects of Traps on the field: Imperial Order no longer stops
    # Dark Hole (compare tests/rules/test_chain.py, where it does).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    jinzo = s.monster(0, JINZO)
    order = s.spell(1, "Imperial Order", face_down=False)
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert not _events(duel, EventKind.CHAIN_DISABLED)
    assert duel.location(jinzo) == Location.GRAVE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(order) == Location.SZONE


# -- Change of Heart ---------------------------------------------------------------------------


def test_change_of_heart_takes_control_until_the_end_phase() -> None:
    # R-TERM-2: control changes for the turn; the monster attacks for its new
    # controller, and goes back to its owner at the End Phase.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    heart = s.hand(0, HEART)[0]
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {HEART} [{heart}]")  # its only target
    duel = s.run()
    assert duel.controller(skull) == 0
    assert duel.monsters(0)[0] == skull and duel.monsters(1) == [None] * 5
    s.choose(0, "battle", f"attack-with {SKULL}")
    s.run(duel)
    assert duel.lp(1) == 8000 - 2500  # a direct attack: P1 has no monster now
    s.choose(0, "end-turn")
    s.run(duel)
    assert duel.turn == 4
    assert duel.controller(skull) == 1
    assert duel.location(skull) == Location.MZONE


def test_a_stolen_monster_destroyed_goes_to_its_owners_gy() -> None:
    # R-TERM-2: a card leaving the field goes to its owner's GY.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    heart, hole = s.hand(0, HEART, DARK_HOLE)
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {HEART} [{heart}]", f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert skull in duel.grave(1)
    assert skull not in duel.grave(0)


def test_change_of_heart_needs_an_opponents_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    heart = s.hand(0, HEART)[0]
    s.monster(0, SKULL)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(f"activate {HEART} [{heart}]")]


# -- Graceful Charity and Card Destruction -------------------------------------------------


def test_graceful_charity_draws_three_as_one_event_then_discards_two() -> None:
    # R-TERM-8: the 3 cards drawn by one action are one event (one batch); so are the
    # 2 discarded. R-TERM-9: a discard sends the cards to the GY.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gc = s.hand(0, CHARITY)[0]
    a, b, c = s.deck(0, SANGAN, TOMATO, BUG)
    s.filler(0, 2)
    s.choose(0, f"activate {CHARITY} [{gc}]", f"select {SANGAN}", f"select {BUG}")
    duel = s.run()
    assert duel.hand(0) == [b]
    assert duel.location(a) == Location.GRAVE and duel.location(c) == Location.GRAVE
    draws = [e for e in _events(duel, EventKind.DRAW) if e.rc == gc]
    assert [e.card for e in draws] == [a, b, c]
    assert len({e.batch for e in draws}) == 1
    discards = [e for e in _events(duel, EventKind.MOVE) if e.card in (a, c)]
    assert all(e.reason & Reason.DISCARD and e.dst == Location.GRAVE for e in discards)
    assert len({e.batch for e in discards}) == 1
    assert discards[0].batch != draws[0].batch
    # Sangan went from the hand, not the field: no trigger.
    assert _activations(duel) == [(gc, 1, 0)]
    assert duel.location(gc) == Location.GRAVE


def test_graceful_charity_needs_three_cards_in_the_deck() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gc = s.hand(0, CHARITY)[0]
    s.deck(0, GUARDIAN, GUARDIAN)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(f"activate {CHARITY} [{gc}]")]
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gc2 = s2.hand(0, CHARITY)[0]
    s2.deck(0, GUARDIAN, GUARDIAN, GUARDIAN)
    assert f"activate {CHARITY} [{gc2}]" in texts(s2.build().decision)


def test_card_destruction_discards_both_hands_and_draws_as_many() -> None:
    # R-TERM-9: the discarded cards are sent to the GY (a discard by a card effect).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cd = s.hand(0, DESTRUCTION)[0]
    mine = s.hand(0, SANGAN, GUARDIAN)
    theirs = s.hand(1, GUARDIAN, GUARDIAN, GUARDIAN)
    top0 = s.deck(0, TOMATO, BUG, GUARDIAN)
    top1 = s.deck(1, SKULL, DM, JINZO, GUARDIAN)
    s.choose(0, f"activate {DESTRUCTION} [{cd}]")
    duel = s.run()
    assert all(duel.location(u) == Location.GRAVE for u in mine + theirs)
    moves = [e for e in _events(duel, EventKind.MOVE) if e.card in mine + theirs]
    assert all(e.reason & Reason.DISCARD and e.reason & Reason.EFFECT for e in moves)
    assert sorted(duel.hand(0)) == sorted(top0[:2])
    assert sorted(duel.hand(1)) == sorted(top1[:3])
    # A Sangan discarded from the hand did not go from the field: no trigger.
    assert _activations(duel) == [(cd, 1, 0)]
    assert duel.location(cd) == Location.GRAVE


def test_card_destruction_decks_out_the_opponent_at_once() -> None:
    # R-DUEL-7 (and R-DUEL-5): the opponent must draw 3 with 1 card in the Deck: they
    # lose at once; nothing after that happens (the chain never ends, the Spell never
    # reaches the GY).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cd = s.hand(0, DESTRUCTION)[0]
    s.hand(0, GUARDIAN)
    s.hand(1, GUARDIAN, GUARDIAN, GUARDIAN)
    s.deck(1, SKULL)
    s.choose(0, f"activate {DESTRUCTION} [{cd}]")
    duel = s.run()
    assert duel.is_over
    assert duel.result is not None
    assert duel.result.winner == 0 and duel.result.reason == WinReason.DECK_OUT
    assert not _events(duel, EventKind.CHAIN_END)
    assert duel.location(cd) == Location.SZONE


def test_card_destruction_needs_your_deck_to_cover_your_hand() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cd = s.hand(0, DESTRUCTION)[0]
    s.hand(0, GUARDIAN, GUARDIAN)
    s.deck(0, GUARDIAN)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(f"activate {DESTRUCTION} [{cd}]")]


# -- Nobleman of Crossout --------------------------------------------------------------------


def test_nobleman_banishes_a_flip_monster_and_every_copy_in_both_decks() -> None:
    # Destroyed and banished (R-TERM-1: still destroyed); a Flip monster: both players
    # show and banish its copies from their Decks, then shuffle (R-TERM-4). It never
    # flipped, so no Flip effect (R-MON-5).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    nobleman = s.hand(0, NOBLEMAN)[0]
    bug = s.monster(1, BUG, FD)
    s.monster(1, SKULL)
    deck0 = s.deck(0, GUARDIAN, BUG, GUARDIAN)
    deck1 = s.deck(1, BUG, GUARDIAN, BUG)
    s.choose(0, f"activate {NOBLEMAN} [{nobleman}]")  # the only face-down monster
    duel = s.run()
    assert duel.location(bug) == Location.BANISHED
    (move,) = _moved(duel, bug)
    assert move.reason & Reason.DESTROY and move.dst == Location.BANISHED
    copies = [deck0[1], deck1[0], deck1[2]]
    assert all(duel.location(u) == Location.BANISHED for u in copies)
    assert sorted(e.card for e in _events(duel, EventKind.REVEAL)) == sorted(copies)
    assert {e.player for e in _events(duel, EventKind.SHUFFLE)} == {0, 1}
    assert len(duel.deck(0)) == 2 and len(duel.deck(1)) == 1
    assert _activations(duel) == [(nobleman, 1, 0)]


def test_nobleman_on_a_non_flip_monster_leaves_the_decks_alone() -> None:
    # A face-down Sangan is banished, not sent to the GY: no Sangan trigger; the
    # Decks are not touched.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    nobleman = s.hand(0, NOBLEMAN)[0]
    sangan = s.monster(1, SANGAN, FD)
    deck1 = s.deck(1, SANGAN, TOMATO)
    s.choose(0, f"activate {NOBLEMAN} [{nobleman}]")
    duel = s.run()
    assert duel.location(sangan) == Location.BANISHED
    assert [duel.location(u) for u in deck1] == [Location.DECK, Location.DECK]
    assert not _events(duel, EventKind.SHUFFLE)
    assert _activations(duel) == [(nobleman, 1, 0)]


def test_nobleman_targets_only_face_down_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    nobleman = s.hand(0, NOBLEMAN)[0]
    s.monster(1, BUG)  # face-up
    duel = s.build()
    assert not [
        o for o in texts(duel.decision) if o.startswith(f"activate {NOBLEMAN} [{nobleman}]")
    ]
