"""Flip Effect Monsters (R-MON-5): Man-Eater Bug, Penguin Soldier, Hane-Hane, The Stern
Mystic, Invader of the Throne, Morphing Jar, Morphing Jar #2, Cyber Jar."""

from __future__ import annotations

from tests.cards.scripts.support import (
    FLIPPER,
    TEST_SCRIPTS,
    activated,
    events,
)
from tests.scenario import Scenario, card, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import DecisionKind
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window

PENGUIN = "Penguin Soldier"
CYBER_JAR = "Cyber Jar"
INVADER = "Invader of the Throne"
MORPHING = "Morphing Jar"
MORPHING2 = "Morphing Jar #2"
MYSTIC = "The Stern Mystic"
HANE = "Hane-Hane"
BUG = "Man-Eater Bug"
SKULL = "Summoned Skull"  # Level 6, 2500/1200
DM = "Dark Magician"  # Level 7, 2500/2100
GUARDIAN = "Celtic Guardian"  # Level 4, 1400/1200 (the deck filler)
ELF = "Mystical Elf"  # Level 4, 800/2000
KURIBOH = "Kuriboh"  # Level 1
HOLE = "Dark Hole"
POT = "Pot of Greed"
FD = Position.FACEDOWN_DEFENSE
FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
COTH = "Call of the Haunted"
NOBLEMAN = "Nobleman of Crossout"


def _activations(duel: Duel) -> list[tuple[int, int, int]]:
    """(card, chain link, player) of every activation, in order."""
    return [(e.card, e.value, e.player) for e in events(duel, EventKind.ACTIVATE)]


def _moved(duel: Duel, uid: int) -> list[Event]:
    return [e for e in events(duel, EventKind.MOVE) if e.card == uid]


def test_penguin_soldier_may_return_up_to_two_monsters_to_their_owners_hands() -> None:
    # R-MON-5: a Flip Summon turns it face-up and its Flip effect activates; "you
    # can": its controller may decline it; "up to 2": stop after one, or take two.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    penguin = s.monster(0, PENGUIN, FD)
    skull = s.monster(1, SKULL)
    dm = s.monster(1, DM)
    s.choose(0, f"flip-summon {PENGUIN}")
    duel = s.run()
    assert texts(duel.decision) == [f"activate {PENGUIN} [{penguin}]", "pass"]
    s.choose(0, f"activate {PENGUIN}", f"select {SKULL}")
    s.run(duel)
    # One target chosen: a second may be added, or "done".
    assert texts(duel.decision) == [
        f"select {PENGUIN} [{penguin}] (your Monster Zone 1)",
        f"select {DM} [{dm}] (opponent's Monster Zone 2)",
        "done",
    ]
    s.choose(0, f"select {DM}")
    s.run(duel)
    assert duel.location(skull) == Location.HAND and skull in duel.hand(1)
    assert duel.location(dm) == Location.HAND and dm in duel.hand(1)
    assert duel.location(penguin) == Location.MZONE


def test_penguin_soldier_one_target_then_done_and_declining() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, PENGUIN, FD)
    skull = s.monster(1, SKULL)
    dm = s.monster(1, DM)
    s.choose(0, f"flip-summon {PENGUIN}", f"activate {PENGUIN}", f"select {SKULL}", "done")
    duel = s.run()
    assert duel.location(skull) == Location.HAND
    assert duel.location(dm) == Location.MZONE
    # Declined: nothing returns.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, PENGUIN, FD)
    skull = s.monster(1, SKULL)
    s.choose(0, f"flip-summon {PENGUIN}", "pass")
    duel = s.run()
    assert duel.location(skull) == Location.MZONE
    assert not events(duel, EventKind.ACTIVATE)


def test_penguin_soldier_attacked_face_down_returns_the_attacker_after_damage() -> None:
    # Guides: a Flip effect without a Battle Phase restriction activates when the
    # monster is attacked face-down (R-MON-5, R-BAT-6); destroyed by that battle it
    # can no longer be a target itself.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    penguin = s.monster(0, PENGUIN, FD)
    guardian = s.monster(1, GUARDIAN)
    s.choose(1, f"attack-with {GUARDIAN}")
    s.choose(0, f"activate {PENGUIN}")  # its only legal target: the attacker
    duel = s.run()
    assert duel.location(penguin) == Location.GRAVE  # 1400 ATK over 500 DEF
    assert duel.location(guardian) == Location.HAND
    assert activated(duel) == [penguin]


def test_penguin_soldier_no_flip_effect_when_summoned_face_up_or_removed_face_down() -> None:
    # Guides (R-MON-5): Normal Summoned face-up Attack, the effect does not work;
    # removed while face-down (by Man-Eater Bug), it does not work either.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    penguin = s.hand(0, PENGUIN)[0]
    skull = s.monster(1, SKULL)
    s.choose(0, f"summon {PENGUIN}")
    duel = s.run()
    assert duel.position(penguin) == FU_ATK
    assert duel.location(skull) == Location.MZONE
    assert not events(duel, EventKind.ACTIVATE)
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bug = s.monster(0, BUG, FD)
    penguin = s.monster(1, PENGUIN, FD)
    s.monster(1, SKULL)
    s.choose(0, f"flip-summon {BUG}", "select face-down card")
    duel = s.run()
    assert duel.location(penguin) == Location.GRAVE
    assert activated(duel) == [bug]


def test_hane_hane_returns_one_monster_and_must_choose() -> None:
    # R-MON-5: a mandatory Flip effect: no "pass"; any monster on the field.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hane = s.monster(0, HANE, FD)
    skull = s.monster(1, SKULL)
    s.choose(0, f"flip-summon {HANE}")
    duel = s.run()
    assert texts(duel.decision) == [
        f"select {HANE} [{hane}] (your Monster Zone 1)",
        f"select {SKULL} [{skull}] (opponent's Monster Zone 1)",
    ]
    s.choose(0, f"select {SKULL}")
    s.run(duel)
    assert skull in duel.hand(1)
    assert duel.position(hane) == FU_ATK


def test_hane_hane_flipped_by_the_stern_mystic_is_not_flipped() -> None:
    # The Stern Mystic only shows face-down cards: no Flip effect activates.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    mystic = s.monster(0, MYSTIC, FD)
    hane = s.monster(1, HANE, FD)
    skull = s.monster(1, SKULL)
    s.choose(0, f"flip-summon {MYSTIC}")
    duel = s.run()
    assert duel.position(hane) == FD
    assert duel.location(skull) == Location.MZONE
    assert activated(duel) == [mystic]


def test_the_stern_mystic_shows_every_face_down_card_and_leaves_them_face_down() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    mystic = s.monster(0, MYSTIC, FD)
    mine = s.spell(0, HOLE)
    bug = s.monster(1, BUG, FD)
    hole = s.spell(1, POT)
    up = s.monster(1, SKULL)
    s.choose(0, f"flip-summon {MYSTIC}")
    duel = s.run()
    assert activated(duel) == [mystic]
    shown = {e.card for e in events(duel, EventKind.REVEAL)}
    assert shown == {mine, bug, hole}
    assert up not in shown
    for u in (bug, hole, mine):
        assert duel.position(u) & Position.FACEDOWN
    # The opponent now reads the face-down cards' names in their log.
    log = [e for e in duel.events(0) if e.kind == EventKind.REVEAL]
    assert {e.code for e in log} == {card(BUG).code, card(POT).code, card(HOLE).code}


def test_invader_of_the_throne_switches_control_with_a_target() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    invader = s.monster(0, INVADER, FD)
    s.monster(0, GUARDIAN)
    skull = s.monster(1, SKULL, zone=2)
    s.monster(1, DM)
    s.choose(0, f"flip-summon {INVADER}", f"select {SKULL}")
    duel = s.run()
    assert duel.controller(skull) == 0 and duel.zone_of(skull) == 0
    assert duel.controller(invader) == 1 and duel.zone_of(invader) == 2
    assert duel.position(invader) == FU_ATK
    # For good: still switched in the next turn.
    s.choose(0, "end-turn")
    s.run(duel, until=(4, Phase.MAIN1))
    assert duel.turn == 4
    assert duel.controller(skull) == 0 and duel.controller(invader) == 1


def test_invader_of_the_throne_flipped_in_the_battle_phase_does_not_activate() -> None:
    # Guides: its Flip effect cannot be activated in the Battle Phase (R-MON-5).
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    invader = s.monster(0, INVADER, FD)
    kuriboh = s.monster(1, KURIBOH)
    s.choose(1, f"attack-with {KURIBOH}")
    duel = s.run()
    assert duel.position(invader) == FU_DEF
    assert duel.controller(kuriboh) == 1 and duel.controller(invader) == 0
    assert not events(duel, EventKind.ACTIVATE)
    assert duel.decision is not None and duel.decision.player == 1


def test_morphing_jar_both_discard_their_hands_and_draw_five() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    jar = s.monster(0, MORPHING, FD)
    mine = s.hand(0, HOLE, POT)
    theirs = s.hand(1, SKULL, DM, KURIBOH)
    s.choose(0, f"flip-summon {MORPHING}")
    duel = s.run()
    assert activated(duel) == [jar]
    assert set(duel.grave(0)) == set(mine) and set(duel.grave(1)) == set(theirs)
    assert len(duel.hand(0)) == 5 and len(duel.hand(1)) == 5
    discards = [e for e in events(duel, EventKind.MOVE) if e.reason & Reason.DISCARD]
    assert len({e.batch for e in discards}) == 1  # at once


def test_morphing_jar_2_shuffles_monsters_in_and_summons_face_down_from_the_top() -> None:
    s = Scenario(seed=5).at(turn=3, player=0, phase=Phase.MAIN1)
    jar = s.monster(0, MORPHING2, FD)
    skull = s.monster(0, SKULL)
    theirs = s.monster(1, DM)
    deck0 = s.deck(0, HOLE, POT, GUARDIAN, SKULL, ELF, GUARDIAN)
    deck1 = s.deck(1, KURIBOH, HOLE, ELF, GUARDIAN)
    s.choose(0, f"flip-summon {MORPHING2}")
    duel = s.run()
    assert activated(duel) == [jar]
    shown = [e.card for e in events(duel, EventKind.REVEAL)]
    owned = {0: {jar, skull, *deck0}, 1: {theirs, *deck1}}
    for p, need in ((0, 2), (1, 1)):
        turned = [u for u in shown if u in owned[p]]
        monsters = [u for u in turned if duel.card(u).is_monster]
        assert len(monsters) == need  # as many monsters as that player shuffled in
        assert turned[-1] in monsters  # it stops at the last one needed
        for u in turned:
            low = duel.card(u).is_monster and duel.card(u).level <= 4
            if low:
                assert duel.location(u) == Location.MZONE and duel.position(u) == FD
            else:
                assert duel.location(u) == Location.GRAVE
        rest = owned[p] - set(turned)
        assert all(duel.location(u) == Location.DECK for u in rest)


def test_cyber_jar_flip_summon_destroys_everything_then_both_reveal_five() -> None:
    # R-MON-5: mandatory Flip effect. All monsters are destroyed, the Jar too; the
    # Level 4 or lower revealed monsters are Special Summoned at once, the rest go
    # to the hand; a Deck of fewer than 5 reveals what it has.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    jar = s.monster(0, CYBER_JAR, FD)
    skull = s.monster(1, SKULL)
    elf, hole, skull2, kuriboh, pot, extra = s.deck(0, ELF, HOLE, SKULL, KURIBOH, POT, GUARDIAN)
    guardian, dm, pot1 = s.deck(1, GUARDIAN, DM, POT)  # fewer than 5: as many as there are
    s.choose(0, f"flip-summon {CYBER_JAR}")
    duel = s.run()
    assert activated(duel) == [jar]
    assert duel.location(jar) == Location.GRAVE and duel.location(skull) == Location.GRAVE
    shown = [e.card for e in events(duel, EventKind.REVEAL)]
    assert shown == [elf, hole, skull2, kuriboh, pot, guardian, dm, pot1]
    # Positions: the turn player's monsters first, in the order revealed.
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["choose face-up Attack", "choose face-down Defense"]
    assert str(elf) in duel.decision.prompt
    s.choose(0, "choose face-down Defense")
    s.run(duel)
    assert duel.decision is not None and duel.decision.player == 0
    assert str(kuriboh) in duel.decision.prompt
    s.choose(0, "choose face-up Attack")
    s.run(duel)
    assert duel.decision is not None and duel.decision.player == 1
    assert str(guardian) in duel.decision.prompt
    s.choose(1, "choose face-up Attack")
    s.run(duel)
    assert duel.position(elf) == FD and duel.position(kuriboh) == FU_ATK
    assert duel.controller(guardian) == 1 and duel.position(guardian) == FU_ATK
    summons = events(duel, EventKind.SPECIAL_SUMMON)
    assert [e.card for e in summons] == [elf, kuriboh, guardian]
    assert len({e.batch for e in summons}) == 1  # all at once
    assert set(duel.hand(0)) == {hole, skull2, pot} and set(duel.hand(1)) == {dm, pot1}
    assert duel.location(extra) == Location.DECK


def test_cyber_jar_in_the_opponents_turn_the_turn_player_acts_first() -> None:
    # Guides (simultaneous actions): the turn player reveals 5 first, then the
    # opponent; the turn player chooses the positions of their Level 4 or lower
    # monsters first, then the opponent. Attacked face-down, the Jar flips in the
    # Battle Phase (no restriction on its text) and resolves after damage.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    jar = s.monster(0, CYBER_JAR, FD)
    attacker = s.monster(1, GUARDIAN)
    (elf,) = s.deck(0, ELF)
    kuriboh, pot = s.deck(1, KURIBOH, POT)
    s.choose(1, f"attack-with {GUARDIAN}")
    duel = s.run()
    assert duel.location(jar) == Location.GRAVE and duel.location(attacker) == Location.GRAVE
    assert [e.card for e in events(duel, EventKind.REVEAL)] == [kuriboh, pot, elf]
    assert duel.decision is not None and duel.decision.player == 1
    assert str(kuriboh) in duel.decision.prompt
    s.choose(1, "choose face-down Defense")
    s.choose(0, "choose face-up Attack")
    s.run(duel)
    assert duel.position(kuriboh) == FD and duel.controller(kuriboh) == 1
    assert duel.position(elf) == FU_ATK and duel.controller(elf) == 0
    assert duel.hand(1) == [pot]


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
    assert not events(duel, EventKind.ACTIVATE)  # the Flip effect waits
    s.choose(0, "pass")
    s.run(duel)
    # After damage calculation: 2500 ATK over 600 DEF destroyed the Bug, and its
    # effect took the only legal target without asking (not the Bug itself).
    (destroyed,) = events(duel, EventKind.BATTLE_DESTROYED)
    assert destroyed.card == bug
    kinds = [e.kind for e in duel.events()]
    assert kinds.index(EventKind.BATTLE_DESTROYED) < kinds.index(EventKind.ACTIVATE)
    assert _activations(duel) == [(bug, 1, 0)]
    assert [e.card for e in events(duel, EventKind.TARGET)] == [skull]
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
