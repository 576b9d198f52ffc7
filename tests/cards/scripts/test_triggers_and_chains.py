"""Trigger effects on a chain (R-CHAIN-13): simultaneous triggers, mandatory ones, and
"When ..." triggers that miss their timing (with stand-in scripts)."""

from __future__ import annotations

from tests.cards.scripts.support import (
    IF_GY,
    OPT_A,
    OPT_B,
    TEST_SCRIPTS,
    WHEN_GY,
    events,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase
from ygo.defaults import Duel
from ygo.engine.events import EventKind

BUG = "Man-Eater Bug"
SANGAN = "Sangan"
TOMATO = "Mystic Tomato"
CHARITY = "Graceful Charity"
DESTRUCTION = "Card Destruction"
DARK_HOLE = "Dark Hole"
SKULL = "Summoned Skull"  # 2500 ATK, DARK Normal
DM = "Dark Magician"  # 2500 ATK, DARK Normal
GUARDIAN = "Celtic Guardian"  # 1400 ATK, EARTH Normal (the deck filler)


def _activations(duel: Duel) -> list[tuple[int, int, int]]:
    """(card, chain link, player) of every activation, in order."""
    return [(e.card, e.value, e.player) for e in events(duel, EventKind.ACTIVATE)]


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
    solving = [e.card for e in events(duel, EventKind.CHAIN_SOLVING)]
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
