"""Card scripts, helper i8d: Flip effects (Penguin Soldier, Cyber Jar, Invader of
the Throne, Morphing Jar, Morphing Jar #2, The Stern Mystic, Hane-Hane) and the
special wins (Exodia the Forbidden One, Destiny Board, Final Countdown), with
the rulings the guides give for them."""

from __future__ import annotations

from tests.scenario import Scenario, card, match, texts
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import ops
from ygo.engine.actions import DecisionKind
from ygo.engine.duel import Duel
from ygo.engine.effect import Ctx, Effect
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window
from ygo.engine.result import WinReason

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
EXODIA = "Exodia the Forbidden One"
LIMBS = (
    "Right Arm of the Forbidden One",
    "Left Arm of the Forbidden One",
    "Right Leg of the Forbidden One",
    "Left Leg of the Forbidden One",
)
BOARD = "Destiny Board"
MESSAGES = ('Spirit Message "I"', 'Spirit Message "N"', 'Spirit Message "A"', 'Spirit Message "L"')
COUNTDOWN = "Final Countdown"
MST = "Mystical Space Typhoon"

FD = Position.FACEDOWN_DEFENSE
FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE


def _events(duel: Duel, kind: EventKind) -> list[Event]:
    return [e for e in duel.events() if e.kind == kind]


def _activated(duel: Duel) -> list[int]:
    return [e.card for e in _events(duel, EventKind.ACTIVATE)]


# -- Penguin Soldier ---------------------------------------------------------------------


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
    assert not _events(duel, EventKind.ACTIVATE)


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
    assert _activated(duel) == [penguin]


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
    assert not _events(duel, EventKind.ACTIVATE)
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bug = s.monster(0, BUG, FD)
    penguin = s.monster(1, PENGUIN, FD)
    s.monster(1, SKULL)
    s.choose(0, f"flip-summon {BUG}", "select face-down card")
    duel = s.run()
    assert duel.location(penguin) == Location.GRAVE
    assert _activated(duel) == [bug]


# -- Hane-Hane ------------------------------------------------------------------------------


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
    assert _activated(duel) == [mystic]


# -- The Stern Mystic ---------------------------------------------------------------------


def test_the_stern_mystic_shows_every_face_down_card_and_leaves_them_face_down() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    mystic = s.monster(0, MYSTIC, FD)
    mine = s.spell(0, HOLE)
    bug = s.monster(1, BUG, FD)
    hole = s.spell(1, POT)
    up = s.monster(1, SKULL)
    s.choose(0, f"flip-summon {MYSTIC}")
    duel = s.run()
    assert _activated(duel) == [mystic]
    shown = {e.card for e in _events(duel, EventKind.REVEAL)}
    assert shown == {mine, bug, hole}
    assert up not in shown
    for u in (bug, hole, mine):
        assert duel.position(u) & Position.FACEDOWN
    # The opponent now reads the face-down cards' names in their log.
    log = [e for e in duel.events(0) if e.kind == EventKind.REVEAL]
    assert {e.code for e in log} == {card(BUG).code, card(POT).code, card(HOLE).code}


# -- Invader of the Throne -----------------------------------------------------------------


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
    assert not _events(duel, EventKind.ACTIVATE)
    assert duel.decision is not None and duel.decision.player == 1


# -- Morphing Jar -------------------------------------------------------------------------


def test_morphing_jar_both_discard_their_hands_and_draw_five() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    jar = s.monster(0, MORPHING, FD)
    mine = s.hand(0, HOLE, POT)
    theirs = s.hand(1, SKULL, DM, KURIBOH)
    s.choose(0, f"flip-summon {MORPHING}")
    duel = s.run()
    assert _activated(duel) == [jar]
    assert set(duel.grave(0)) == set(mine) and set(duel.grave(1)) == set(theirs)
    assert len(duel.hand(0)) == 5 and len(duel.hand(1)) == 5
    discards = [e for e in _events(duel, EventKind.MOVE) if e.reason & Reason.DISCARD]
    assert len({e.batch for e in discards}) == 1  # at once


# -- Morphing Jar #2 -------------------------------------------------------------------------


def test_morphing_jar_2_shuffles_monsters_in_and_summons_face_down_from_the_top() -> None:
    s = Scenario(seed=5).at(turn=3, player=0, phase=Phase.MAIN1)
    jar = s.monster(0, MORPHING2, FD)
    skull = s.monster(0, SKULL)
    theirs = s.monster(1, DM)
    deck0 = s.deck(0, HOLE, POT, GUARDIAN, SKULL, ELF, GUARDIAN)
    deck1 = s.deck(1, KURIBOH, HOLE, ELF, GUARDIAN)
    s.choose(0, f"flip-summon {MORPHING2}")
    duel = s.run()
    assert _activated(duel) == [jar]
    shown = [e.card for e in _events(duel, EventKind.REVEAL)]
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


# -- Cyber Jar ---------------------------------------------------------------------------------


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
    assert _activated(duel) == [jar]
    assert duel.location(jar) == Location.GRAVE and duel.location(skull) == Location.GRAVE
    shown = [e.card for e in _events(duel, EventKind.REVEAL)]
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
    summons = _events(duel, EventKind.SPECIAL_SUMMON)
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
    assert [e.card for e in _events(duel, EventKind.REVEAL)] == [kuriboh, pot, elf]
    assert duel.decision is not None and duel.decision.player == 1
    assert str(kuriboh) in duel.decision.prompt
    s.choose(1, "choose face-down Defense")
    s.choose(0, "choose face-up Attack")
    s.run(duel)
    assert duel.position(kuriboh) == FD and duel.controller(kuriboh) == 1
    assert duel.position(elf) == FU_ATK and duel.controller(elf) == 0
    assert duel.hand(1) == [pot]


# -- special wins: helpers -------------------------------------------------------------------


def _pick_passive(duel: Duel) -> None:
    """Move the duel on: end the turn, pass, or take the first option."""
    d = duel.decision
    assert d is not None
    opts = texts(d)
    for choice in ("end-turn", "pass"):
        if choice in opts:
            duel.apply(match(d, choice))
            return
    duel.apply(d.options[0])


def _advance_to(duel: Duel, turn: int, phase: Phase) -> None:
    """Play on passively until the duel reaches ``turn``'s ``phase`` (or ends)."""
    while not duel.is_over and (duel.turn, duel.phase) != (turn, phase):
        assert duel.turn <= turn, f"passed turn {turn} {phase.label}"
        _pick_passive(duel)


SELF_HARM = "Darkness Approaches"
DRAW_TRAP = "Just Desserts"  # test-only: a Normal Trap that draws 1 card


def _draw_and_burn_self(ctx: Ctx) -> None:
    ops.draw(ctx.st, ctx.player, 1, Reason.EFFECT | Reason.DRAW, ctx.player, ctx.uid)
    ops.damage(ctx.st, ctx.player, ctx.st.lp[ctx.player], Reason.EFFECT, ctx.player, ctx.uid)


def _test_scripts() -> Scripts:
    """The project's scripts plus one test-only Normal Spell: "draw 1 card and
    take damage equal to your LP", one action."""
    base = default_scripts()
    table: dict[int, tuple[Effect, ...]] = {c: base.effects(c) for c in base.codes()}
    table[card(SELF_HARM).code] = (
        effects.activate(effects.step(_draw_and_burn_self), text="test"),
    )
    table[card(DRAW_TRAP).code] = (effects.activate(effects.draw(1), text="draw 1"),)
    return Scripts(table)


# -- Exodia the Forbidden One ----------------------------------------------------------------


def test_exodia_wins_when_the_fifth_piece_is_drawn_without_activating() -> None:
    # R-DUEL-6: a rule effect: not activated (no chain), it wins at once.
    s = Scenario().at(turn=5, player=0, phase=Phase.DRAW)
    s.hand(0, EXODIA, *LIMBS[:3])
    s.deck(0, LIMBS[3])
    duel = s.run()
    assert duel.is_over and duel.result is not None
    assert duel.result.winner == 0 and duel.result.reason == WinReason.EFFECT
    assert duel.turn == 5 and duel.phase == Phase.DRAW
    assert not _events(duel, EventKind.ACTIVATE)


def test_exodia_wins_in_the_opponents_turn_during_a_resolution() -> None:
    # R-DUEL-6: in either player's turn; R-DUEL-7: checked during a resolution.
    # The four limbs are Normal Monsters; only the head carries the effect.
    assert all(not card(limb).is_monster or card(limb).type & 0x10 for limb in LIMBS)
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.monster(1, MORPHING, FD)
    s.deck(0, EXODIA, *LIMBS)
    s.filler(1, 6)
    s.choose(1, f"flip-summon {MORPHING}")
    duel = s.run()
    assert duel.result is not None
    assert duel.result.winner == 0 and duel.result.reason == WinReason.EFFECT
    assert duel.turn_player == 1


def test_no_win_without_all_five_in_the_hand() -> None:
    # The head on the field, or four pieces only, is no win (R-DUEL-6).
    s = Scenario().at(turn=5, player=0, phase=Phase.DRAW)
    s.monster(0, EXODIA)
    s.hand(0, *LIMBS[:3])
    s.deck(0, LIMBS[3], GUARDIAN)
    s.hand(1, *LIMBS)
    duel = s.run()
    assert not duel.is_over
    assert duel.phase == Phase.MAIN1


def test_both_players_winning_at_once_is_a_draw() -> None:
    # R-DUEL-7 (and the guides: both meeting a win condition at once is a draw):
    # Morphing Jar makes both draw all five pieces in one action.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, MORPHING, FD)
    s.deck(0, EXODIA, *LIMBS)
    s.deck(1, *LIMBS, EXODIA)
    s.choose(0, f"flip-summon {MORPHING}")
    duel = s.run()
    assert duel.result is not None and duel.result.winner is None
    assert duel.result.reason == WinReason.EFFECT


def test_a_win_and_the_opponents_loss_at_once_is_a_win() -> None:
    # R-DUEL-7: P0 draws Exodia while P1 cannot draw 5: both conditions favour P0.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, MORPHING, FD)
    s.deck(0, EXODIA, *LIMBS)
    s.deck(1, GUARDIAN, GUARDIAN, GUARDIAN)
    s.choose(0, f"flip-summon {MORPHING}")
    duel = s.run()
    assert duel.result is not None and duel.result.winner == 0


def test_a_win_and_a_loss_of_the_same_player_at_once_is_a_draw() -> None:
    # R-DUEL-7: P0 draws the fifth piece and reaches 0 LP in one action: P0 meets
    # a win and a loss condition together; the duel is a draw.
    s = Scenario(scripts=_test_scripts()).at(turn=3, player=0, phase=Phase.MAIN1)
    spell = s.hand(0, SELF_HARM)[0]
    s.hand(0, EXODIA, *LIMBS[:3])
    s.deck(0, LIMBS[3])
    s.choose(0, f"activate {SELF_HARM} [{spell}]")
    duel = s.run()
    assert duel.lp(0) == 0
    assert duel.result is not None and duel.result.winner is None


def test_exodia_wins_between_chain_links_and_the_chain_stops() -> None:
    # R-DUEL-7: checked after every action; the duel ends at once and the rest of
    # the chain (Dark Hole, link 1) does not resolve.
    s = Scenario(scripts=_test_scripts()).at(turn=4, player=1, phase=Phase.MAIN1)
    hole = s.hand(1, HOLE)[0]
    trap = s.spell(0, DRAW_TRAP)
    s.hand(0, EXODIA, *LIMBS[:3])
    s.deck(0, LIMBS[3])
    skull = s.monster(0, SKULL)
    s.choose(1, f"activate {HOLE} [{hole}]")
    s.choose(0, f"activate {DRAW_TRAP} [{trap}]")
    duel = s.run()
    assert duel.result is not None and duel.result.winner == 0
    assert duel.location(skull) == Location.MZONE
    assert _activated(duel) == [hole, trap]


# -- Destiny Board -----------------------------------------------------------------------------


def _board(s: Scenario, *placed: str) -> list[int]:
    """P0's active Destiny Board and face-up Spirit Messages: their uids."""
    return [s.spell(0, c, face_down=False) for c in (BOARD, *placed)]


def test_destiny_board_places_the_last_message_and_wins() -> None:
    # R-DUEL-6: the fourth different Spirit Message placed in the opponent's End
    # Phase wins at once.
    s = Scenario().at(turn=4, player=1, phase=Phase.END)
    board = _board(s, *MESSAGES[:3])[0]
    last = s.deck(0, MESSAGES[3], GUARDIAN)[0]
    duel = s.run()
    assert _activated(duel) == [board]
    assert duel.location(last) == Location.SZONE and duel.position(last) == FU_ATK
    assert duel.result is not None and duel.result.winner == 0
    assert duel.result.reason == WinReason.EFFECT


def test_destiny_board_places_in_order_only_in_the_opponents_end_phase() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.END)
    _board(s)
    n = s.hand(0, MESSAGES[1])[0]
    i = s.deck(0, MESSAGES[0])[0]
    s.filler(0, 10)
    duel = s.run()
    # "I" first, from the Deck, although "N" is in the hand.
    assert duel.location(i) == Location.SZONE and duel.location(n) == Location.HAND
    _advance_to(duel, 6, Phase.MAIN1)  # through P0's own End Phase
    assert duel.location(n) == Location.HAND  # not in its own End Phase
    _advance_to(duel, 7, Phase.MAIN1)  # through P1's End Phase
    assert duel.location(n) == Location.SZONE and not duel.is_over


def test_destiny_board_needs_four_different_messages() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.stop(0, Window.MAIN_OPEN)
    _board(s, MESSAGES[0], MESSAGES[0], MESSAGES[1], MESSAGES[2])
    duel = s.run()
    assert not duel.is_over


def test_destiny_board_a_message_leaving_takes_all_with_it() -> None:
    # When a Spirit Message leaves the field, the board and every message go to
    # the GY (no chain: nothing is activated but the Typhoon).
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    group = _board(s, *MESSAGES[:2])
    mst = s.hand(1, MST)[0]
    s.choose(1, f"activate {MST} [{mst}]", f"select {MESSAGES[1]}")
    duel = s.run()
    assert [duel.location(u) for u in group] == [Location.GRAVE] * 3
    assert _activated(duel) == [mst]


def test_destiny_board_leaving_takes_the_messages_with_it() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    group = _board(s, *MESSAGES[:3])
    mst = s.hand(1, MST)[0]
    s.choose(1, f"activate {MST} [{mst}]", f"select {BOARD}")
    duel = s.run()
    assert [duel.location(u) for u in group] == [Location.GRAVE] * 4


# -- Final Countdown -----------------------------------------------------------------------------


def _countdown_duel(copies: int = 1) -> tuple[Scenario, Duel, list[int]]:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    spells = s.hand(0, *[COUNTDOWN] * copies)
    s.filler(0, 15)
    s.filler(1, 15)
    s.choose(0, f"activate {COUNTDOWN} [{spells[0]}]")
    duel = s.run()
    return s, duel, spells


def test_final_countdown_wins_in_the_end_phase_of_the_20th_turn() -> None:
    # R-DUEL-6: the activation turn (3) is the 1st; the win comes in the End
    # Phase of the 20th (turn 22), not before; the card itself is long in the GY.
    _, duel, (spell,) = _countdown_duel()
    assert duel.lp(0) == 6000  # the cost
    assert duel.location(spell) == Location.GRAVE
    _advance_to(duel, 22, Phase.MAIN1)
    assert not duel.is_over
    _advance_to(duel, 23, Phase.MAIN1)
    assert duel.result is not None and duel.result.winner == 0
    assert duel.result.reason == WinReason.EFFECT
    assert duel.turn == 22 and duel.phase == Phase.END


def test_a_second_final_countdown_does_not_restart_the_count() -> None:
    # One countdown per player: the second copy (turn 5) changes nothing.
    s, duel, spells = _countdown_duel(copies=2)
    _advance_to(duel, 5, Phase.MAIN1)
    s.choose(0, f"activate {COUNTDOWN} [{spells[1]}]")
    s.run(duel)
    assert duel.lp(0) == 4000
    _advance_to(duel, 23, Phase.MAIN1)
    assert duel.result is not None and duel.result.winner == 0 and duel.turn == 22


def test_greedy_starts_a_countdown_it_can_pay_for() -> None:
    # greedy reads Category.WIN (not the card's name) and activates it.
    from ygo.agents import GreedyAgent

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    spell = s.hand(0, COUNTDOWN)[0]
    s.hand(0, GUARDIAN)
    duel = s.build()
    assert duel.decision is not None
    action = GreedyAgent(0).choose(duel.view(0), duel.decision)
    assert str(action) == f"activate {COUNTDOWN} [{spell}]"
