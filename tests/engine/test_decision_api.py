"""The decision API of :class:`Duel`: decisions, options, ``apply``, results,
determinism, ``first=`` and ruleset presets (DESIGN.md, "The decision API")."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.helpers import (
    BEAVER_WARRIOR,
    CELTIC_GUARDIAN,
    DARK_MAGICIAN,
    FERAL_IMP,
    STARTERS,
    SUMMONED_SKULL,
    YUGI,
    decisions,
    last_option,
    new_duel,
    play_out,
    random_policy,
    snapshot,
)
from tests.scenario import Scenario, texts
from ygo.core.deck import Deck
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.events import EventKind
from ygo.engine.priority import Window
from ygo.engine.result import Result, WinReason
from ygo.errors import IllegalActionError, YgoError
from ygo.rules import Ruleset

# -- the first decision ------------------------------------------------------------------


def test_a_new_duel_advances_to_the_first_players_main_phase() -> None:
    duel = new_duel(seed=3, first=1)
    d = duel.decision
    assert d is not None and not duel.is_over and duel.result is None
    assert d.player == duel.first_player == duel.turn_player
    assert d.kind == DecisionKind.MAIN
    assert d.prompt == "Main Phase: choose an action"
    assert (duel.turn, duel.phase) == (1, Phase.MAIN1)
    # Nothing was asked on the way there: the opening draws and the Draw and
    # Standby Phases went by themselves.
    assert duel.decisions_made == 0 and duel.choices == []
    kinds = [e.kind for e in duel.events()]
    assert kinds.count(EventKind.DRAW) == 10
    assert kinds[-1] == EventKind.PHASE
    # The first turn has no Battle Phase (R-TURN-3); the turn can always end.
    option_texts = texts(d)
    assert "battle" not in option_texts
    assert option_texts[-1] == "end-turn"


def test_options_are_typed_immutable_actions_with_stable_text_and_index() -> None:
    duel = new_duel(seed=3)
    d = duel.decision
    assert d is not None
    assert isinstance(d.options, tuple) and len(d.options) >= 2
    for i, option in enumerate(d.options):
        assert isinstance(option, Action)
        assert isinstance(option.kind, ActionKind)
        assert d.index(option) == i
        assert d.find(str(option)) == option
        assert option.text == str(option)
        with pytest.raises(AttributeError):  # an agent cannot change the engine's options
            option.card = 0  # type: ignore[misc]
        assert option != tuple(option), "an action equals only an action"
    with pytest.raises(AttributeError):  # nor the decision
        d.player = 1 - d.player  # type: ignore[misc]
    assert d != tuple(d), "a decision equals only a decision"
    assert len({str(o) for o in d.options}) == len(d.options), "two options share a text"
    assert len(set(d.options)) == len(d.options), "two options are equal"
    assert d.find("summon Nothing [999]") is None
    with pytest.raises(ValueError):
        d.index(Action(ActionKind.ATTACK, 0))


def test_option_text_names_the_card_and_its_id() -> None:
    duel = new_duel(seed=3)
    d = duel.decision
    assert d is not None
    hand = duel.hand(d.player)
    assert any(o.kind == ActionKind.SUMMON for o in d.options)
    for option in d.options:
        if option.kind == ActionKind.SUMMON:
            assert option.card in hand
            assert str(option) == f"summon {duel.name(option.card)} [{option.card}]"
        elif option.kind == ActionKind.SET_MONSTER:
            assert str(option) == f"set {duel.name(option.card)} [{option.card}]"
    assert str(Action(ActionKind.END_TURN)) == "end-turn"
    assert str(Action(ActionKind.BATTLE)) == "battle"
    assert str(Action(ActionKind.PASS)) == "pass"


def test_the_same_duel_offers_the_same_texts_every_time() -> None:
    # Replays store texts: they must not depend on anything but the duel.
    a, b = new_duel(seed=11), new_duel(seed=11)
    policy_a, policy_b = random_policy(5), random_policy(5)
    for _ in range(60):
        assert a.decision is not None and b.decision is not None
        assert texts(a.decision) == texts(b.decision)
        a.apply(policy_a(a, a.decision))
        b.apply(policy_b(b, b.decision))


# -- apply -------------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["action", "index", "text", "unlabelled action"])
def test_apply_takes_an_action_its_index_or_its_text(form: str) -> None:
    reference = new_duel(seed=3, first=0)
    d = reference.decision
    assert d is not None
    summon = next(o for o in d.options if o.kind == ActionKind.SUMMON)
    reference.apply(summon)

    duel = new_duel(seed=3, first=0)
    d2 = duel.decision
    assert d2 is not None
    forms: dict[str, Action | int | str] = {
        "action": summon,
        "index": d2.options.index(summon),
        "text": str(summon),
        # The label is for people; an equal action without it is the same action.
        "unlabelled action": Action(ActionKind.SUMMON, summon.card),
    }
    duel.apply(forms[form])
    assert duel.digest() == reference.digest()
    assert duel.location(summon.card) == Location.MZONE
    assert duel.position(summon.card) == Position.FACEUP_ATTACK
    assert duel.choices == [d2.options.index(summon)]
    assert duel.decisions_made == 1


def _illegal_choices(d: Decision) -> list[object]:
    n = len(d.options)
    return [
        -1,
        n,
        n + 100,
        True,
        False,
        1.0,
        None,
        b"end-turn",
        "",
        "summon Nothing [999]",
        "END-TURN",
        " end-turn",
        "battle",  # no Battle Phase on the first turn (R-TURN-3)
        Action(ActionKind.BATTLE),
        Action(ActionKind.ATTACK, d.options[0].card),
        Action(ActionKind.DIRECT),
        Action(ActionKind.SUMMON, 9999),
        ActionKind.END_TURN.name,
    ]


def test_anything_not_offered_is_refused_and_changes_nothing() -> None:
    duel = new_duel(seed=3)
    d = duel.decision
    assert d is not None
    before = snapshot(duel)
    for bad in _illegal_choices(d):
        with pytest.raises(IllegalActionError):
            duel.apply(bad)  # type: ignore[arg-type]
        assert snapshot(duel) == before, f"{bad!r} changed the duel"
    # The duel still plays on normally.
    duel.apply("end-turn")
    assert duel.turn == 2


def test_an_illegal_action_is_a_value_error_and_a_ygo_error() -> None:
    duel = new_duel(seed=3)
    with pytest.raises(ValueError, match="does not exist"):
        duel.apply(99)
    with pytest.raises(YgoError, match="not an option now"):
        duel.apply("summon Nothing [999]")


def test_an_action_from_an_earlier_decision_is_refused() -> None:
    duel = new_duel(seed=3)
    d = duel.decision
    assert d is not None
    summon = next(o for o in d.options if o.kind == ActionKind.SUMMON)
    other = next(o for o in d.options if o.kind == ActionKind.SUMMON and o.card != summon.card)
    duel.apply(summon)
    # R-SUM-1: one Normal Summon per turn, so the other summon is no longer offered.
    assert duel.decision is not None and other not in duel.decision.options
    before = snapshot(duel)
    for stale in (summon, other, str(other)):
        with pytest.raises(IllegalActionError):
            duel.apply(stale)
        assert snapshot(duel) == before


def test_applying_after_the_duel_is_over_raises_and_changes_nothing() -> None:
    duel = play_out(new_duel(seed=4), random_policy(4))
    assert duel.is_over and duel.decision is None
    before = snapshot(duel)
    result = duel.result
    for choice in (0, 1, "end-turn", Action(ActionKind.END_TURN), Action(ActionKind.PASS)):
        with pytest.raises(IllegalActionError, match="over"):
            duel.apply(choice)
    assert snapshot(duel) == before
    assert duel.result == result


def test_an_action_kind_is_not_an_index() -> None:
    duel = new_duel(seed=3)
    d = duel.decision
    # An IntEnum member is an int, but never an option index.
    assert d is not None and len(d.options) > ActionKind.SUMMON
    before = snapshot(duel)
    with pytest.raises(IllegalActionError):
        duel.apply(ActionKind.SUMMON)
    assert snapshot(duel) == before


# -- prompts with one option are not asked -----------------------------------------------


@pytest.mark.parametrize("ruleset", [Ruleset.mr3(), Ruleset.classic()], ids=["mr3", "classic"])
def test_every_asked_decision_has_two_or_more_options(ruleset: Ruleset) -> None:
    for seed in range(8):
        duel = new_duel(seed, ruleset)
        for d in decisions(duel, random_policy(seed)):
            assert len(d.options) >= 2, f"asked {d.prompt} with only {texts(d)}"


def test_decisions_made_counts_the_answered_decisions() -> None:
    duel = new_duel(seed=2, toss=None)
    n = sum(1 for _ in decisions(duel, random_policy(2)))
    assert duel.decisions_made == n == len(duel.choices)


def test_a_forced_tribute_is_not_asked() -> None:
    # One monster to tribute for a Level 6 (R-SUM-2): no "choose a tribute" prompt.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    fodder = s.monster(0, CELTIC_GUARDIAN)
    skull = s.hand(0, SUMMONED_SKULL)[0]
    s.hand(0, FERAL_IMP)
    duel = s.run()
    duel.apply(f"summon Summoned Skull [{skull}]")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.MAIN
    assert duel.location(fodder) == Location.GRAVE
    assert duel.monsters(0) == [skull, None, None, None, None]
    assert len(duel.choices) == 1  # only the summon itself was a choice


def test_a_choice_of_tributes_is_asked_with_a_count() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    a = s.monster(0, CELTIC_GUARDIAN)
    b = s.monster(0, BEAVER_WARRIOR)
    c = s.monster(0, FERAL_IMP)
    magician = s.hand(0, DARK_MAGICIAN)[0]
    duel = s.run()
    duel.apply(f"summon Dark Magician [{magician}]")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.TRIBUTE and d.player == 0
    assert d.count == 2 and d.prompt == "Choose a monster to tribute (2 left)"
    assert {o.card for o in d.options} == {a, b, c}
    duel.apply(f"select Beaver Warrior [{b}]")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.TRIBUTE and d.count == 1
    assert d.prompt == "Choose a monster to tribute"
    assert {o.card for o in d.options} == {a, c}
    duel.apply(f"select Celtic Guardian [{a}]")
    assert duel.location(magician) == Location.MZONE
    assert duel.location(a) == duel.location(b) == Location.GRAVE
    assert duel.location(c) == Location.MZONE


def test_the_hand_limit_asks_for_each_discard() -> None:
    # R-TURN-5: 8 cards at the End Phase: discard 2, one decision each.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hand = s.hand(0, *[CELTIC_GUARDIAN] * 4, *[BEAVER_WARRIOR] * 4)
    s.normal_summon_used()
    duel = s.run()
    duel.apply("end-turn")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.DISCARD and d.player == 0
    assert d.count == 2 and d.prompt == "Hand limit: choose a card to discard (2 left)"
    assert [o.card for o in d.options] == hand
    duel.apply(0)
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.DISCARD and d.count == 1
    assert d.prompt == "Hand limit: choose a card to discard"
    assert [o.card for o in d.options] == hand[1:]
    duel.apply(f"select Beaver Warrior [{hand[-1]}]")
    assert duel.grave(0) == [hand[0], hand[-1]] and len(duel.hand(0)) == 6
    assert duel.turn == 4


def test_a_direct_attack_is_not_asked_for_a_target() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    guardian = s.monster(0, CELTIC_GUARDIAN)
    s.monster(0, FERAL_IMP)
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.BATTLE
    duel.apply(f"attack-with Celtic Guardian [{guardian}]")
    # The opponent controls no monster: a direct attack, without a target prompt.
    assert duel.lp(1) == 8000 - 1400
    assert duel.decision is not None and duel.decision.kind == DecisionKind.BATTLE


def test_stop_at_asks_a_priority_window_with_only_pass() -> None:
    duel = new_duel(seed=3)
    first = duel.first_player
    duel.stop_at(first, Window.STANDBY)
    duel.apply("end-turn")
    d = duel.decision
    assert d is not None
    # The opponent's Standby Phase: the stopped player is asked although only
    # passing is possible.
    assert (duel.turn, duel.phase) == (2, Phase.STANDBY)
    assert d.kind == DecisionKind.PRIORITY and d.player == first
    assert d.options == (Action(ActionKind.PASS),) and texts(d) == ["pass"]
    duel.apply("pass")
    assert (duel.turn, duel.phase) == (2, Phase.MAIN1)
    assert duel.decision is not None and duel.decision.player == 1 - first


def test_stops_for_both_players_ask_the_turn_player_first() -> None:
    # R-TURN-6: the turn player has priority first; passing gives it to the
    # opponent; the window closes when both have passed.
    duel = new_duel(seed=3)
    tp = duel.turn_player
    for p in (0, 1):
        duel.stop_at(p, Window.SUMMONED)
    d = duel.decision
    assert d is not None
    duel.apply(next(o for o in d.options if o.kind == ActionKind.SUMMON))
    asked = []
    while duel.decision is not None and duel.decision.kind == DecisionKind.PRIORITY:
        asked.append(duel.decision.player)
        duel.apply("pass")
    assert asked == [tp, 1 - tp]
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


# -- results -----------------------------------------------------------------------------


def test_result_win_by_lp() -> None:
    # R-DUEL-4
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP).lp(1, 1000)
    guardian = s.monster(0, CELTIC_GUARDIAN)
    duel = s.run()
    duel.apply(f"attack-with Celtic Guardian [{guardian}]")
    assert duel.is_over and duel.decision is None
    assert duel.result == Result(0, WinReason.LP)
    assert not duel.result.is_draw
    assert str(duel.result) == "player 0 wins (LP reached 0)"
    assert duel.lp(1) == 0


def test_result_win_by_deck_out() -> None:
    # R-DUEL-5: player 1 must draw from an empty Deck.
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW)
    s.deck(1)  # an empty Deck
    duel = s.run()
    assert duel.result == Result(0, WinReason.DECK_OUT)
    assert str(duel.result) == "player 0 wins (could not draw)"


def test_result_draw() -> None:
    # R-DUEL-7: both players meet a losing condition at once.
    s = Scenario().at(turn=3, player=0, phase=Phase.DRAW).lp(0, 0).lp(1, 0)
    duel = s.run()
    assert duel.result is not None
    assert duel.result.winner is None and duel.result.is_draw
    assert duel.result.reason == WinReason.LP
    assert str(duel.result) == "draw (LP reached 0)"
    end = duel.events()[-1]
    assert end.kind == EventKind.DUEL_END and end.player == -1


def test_starter_duels_end_with_a_winner_and_a_reason() -> None:
    reasons: Counter[WinReason] = Counter()
    for seed in range(10):
        duel = play_out(new_duel(seed), random_policy(seed))
        result = duel.result
        assert result is not None and result.winner in (0, 1)
        reasons[result.reason] += 1
        loser = 1 - result.winner
        if result.reason == WinReason.LP:
            assert duel.lp(loser) == 0 and duel.lp(result.winner) > 0
        else:
            assert result.reason == WinReason.DECK_OUT
            assert duel.deck(loser) == []
    assert reasons  # at least one finished duel was counted


# -- determinism -------------------------------------------------------------------------


def test_same_decks_ruleset_seed_and_choices_give_the_same_duel() -> None:
    a, b = new_duel(seed=21), new_duel(seed=21)
    policy_a, policy_b = random_policy(9), random_policy(9)
    assert a.digest() == b.digest()
    while not a.is_over:
        assert a.decision == b.decision
        assert b.decision is not None and a.decision is not None
        a.apply(policy_a(a, a.decision))
        b.apply(policy_b(b, b.decision))
        assert a.digest() == b.digest()
    assert b.is_over and a.result == b.result
    assert a.events() == b.events()


def test_different_seeds_give_different_deck_orders() -> None:
    orders = {tuple(new_duel(seed).deck(0)) for seed in range(10)}
    assert len(orders) == 10
    digests = {new_duel(seed).digest() for seed in range(10)}
    assert len(digests) == 10


def test_the_seed_decides_who_goes_first_unless_first_is_given() -> None:
    # R-DUEL-2: a coin toss from the seed; a match passes the loser's choice.
    firsts = {new_duel(seed).first_player for seed in range(20)}
    assert firsts == {0, 1}
    for seed in range(6):
        for first in (0, 1):
            duel = new_duel(seed, first=first)
            assert duel.first_player == duel.turn_player == first
            assert duel.decision is not None and duel.decision.player == first
            assert duel.first == first
    # The same seed shuffles the same way whoever goes first.
    assert new_duel(5, first=0).deck(0) == new_duel(5, first=1).deck(0)


def test_decks_may_be_lists_of_passcodes() -> None:
    as_lists = Duel((list(YUGI.main), list(STARTERS[1].main)), seed=8)
    assert as_lists.digest() == new_duel(seed=8, toss=None).digest()
    assert as_lists.decks[0] == Deck(main=YUGI.main)


def test_a_duel_needs_two_decks() -> None:
    with pytest.raises(ValueError, match="two decks"):
        Duel((YUGI,), seed=0)
    with pytest.raises(ValueError, match="two decks"):
        Duel((YUGI, YUGI, YUGI), seed=0)


# -- rulesets ----------------------------------------------------------------------------


def test_mr3_is_the_default_ruleset() -> None:
    duel = new_duel(seed=1)
    assert duel.ruleset == Ruleset.mr3() == Ruleset.by_name("MR3")
    assert duel.ruleset.name == "mr3"
    # R-TURN-2 (mr3): the first player skips the first draw; R-DUEL-1: 8000 LP.
    assert len(duel.hand(duel.first_player)) == 5
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)


def test_classic_ruleset_draws_on_the_first_turn() -> None:
    duel = new_duel(seed=1, ruleset=Ruleset.by_name("classic"))
    assert duel.ruleset == Ruleset.classic() and duel.ruleset.name == "classic"
    # R-TURN-2 (classic): the first player draws on turn 1.
    assert len(duel.hand(duel.first_player)) == 6
    assert len(duel.hand(1 - duel.first_player)) == 5
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)
    assert duel.digest() != new_duel(seed=1).digest()


def test_ruleset_values_reach_the_duel() -> None:
    ruleset = Ruleset.mr3().with_(start_lp=4000, hand_size=4)
    duel = new_duel(seed=1, ruleset=ruleset)
    assert (duel.lp(0), duel.lp(1)) == (4000, 4000)
    assert len(duel.hand(0)) == len(duel.hand(1)) == 4


def test_an_unknown_ruleset_name_is_an_error() -> None:
    with pytest.raises(YgoError, match="unknown ruleset 'speed'"):
        Ruleset.by_name("speed")


def test_a_duel_played_with_last_options_ends_by_deck_out() -> None:
    # Nobody ever summons: the first player to run out of cards loses (R-DUEL-5).
    duel = play_out(new_duel(seed=7), last_option)
    assert duel.result is not None and duel.result.reason == WinReason.DECK_OUT
    assert duel.lp(0) == duel.lp(1) == 8000
