"""Special wins (R-DUEL-6, R-DUEL-7): Exodia, Destiny Board, Final Countdown."""

from __future__ import annotations

import pytest

from tests.cards.scripts.support import (
    activated,
    events,
)
from tests.scenario import Scenario, card, match, texts
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.effect import Ctx, Effect
from ygo.engine.events import EventKind, Reason
from ygo.engine.priority import Window
from ygo.engine.result import WinReason

MORPHING = "Morphing Jar"
SKULL = "Summoned Skull"  # Level 6, 2500/1200
GUARDIAN = "Celtic Guardian"  # Level 4, 1400/1200 (the deck filler)
HOLE = "Dark Hole"
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


def _board(s: Scenario, *placed: str) -> list[int]:
    """P0's active Destiny Board and face-up Spirit Messages: their uids."""
    return [s.spell(0, c, face_down=False) for c in (BOARD, *placed)]


def _countdown_duel(copies: int = 1) -> tuple[Scenario, Duel, list[int]]:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    spells = s.hand(0, *[COUNTDOWN] * copies)
    s.filler(0, 15)
    s.filler(1, 15)
    s.choose(0, f"activate {COUNTDOWN} [{spells[0]}]")
    duel = s.run()
    return s, duel, spells


def test_exodia_wins_when_the_fifth_piece_is_drawn_without_activating() -> None:
    # R-DUEL-6: a rule effect: not activated (no chain), it wins at once.
    s = Scenario().at(turn=5, player=0, phase=Phase.DRAW)
    s.hand(0, EXODIA, *LIMBS[:3])
    s.deck(0, LIMBS[3])
    duel = s.run()
    assert duel.is_over and duel.result is not None
    assert duel.result.winner == 0 and duel.result.reason == WinReason.EFFECT
    assert duel.turn == 5 and duel.phase == Phase.DRAW
    assert not events(duel, EventKind.ACTIVATE)


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
    assert activated(duel) == [hole, trap]


def test_destiny_board_places_the_last_message_and_wins() -> None:
    # R-DUEL-6: the fourth different Spirit Message placed in the opponent's End
    # Phase wins at once.
    s = Scenario().at(turn=4, player=1, phase=Phase.END)
    board = _board(s, *MESSAGES[:3])[0]
    last = s.deck(0, MESSAGES[3], GUARDIAN)[0]
    duel = s.run()
    assert activated(duel) == [board]
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


@pytest.mark.parametrize(
    ("messages", "destroyed"), [(2, MESSAGES[1]), (3, BOARD)], ids=["a_message", "the_board"]
)
def test_destiny_board_one_card_leaving_takes_all_with_it(messages: int, destroyed: str) -> None:
    # When a Spirit Message or the board leaves the field, the board and every
    # message go to the GY (no chain: nothing is activated but the Typhoon).
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    group = _board(s, *MESSAGES[:messages])
    mst = s.hand(1, MST)[0]
    s.choose(1, f"activate {MST} [{mst}]", f"select {destroyed}")
    duel = s.run()
    assert [duel.location(u) for u in group] == [Location.GRAVE] * (1 + messages)
    assert activated(duel) == [mst]


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
