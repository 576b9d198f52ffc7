"""Victory Dragon: a direct attack that brings the opponent to 0 LP wins the match
(R-MATCH-1). The duel ends with the generic MATCH reason; the match reads it."""

from __future__ import annotations

from tests.scenario import Scenario
from ygo.core.enums import Phase
from ygo.engine.result import Result, WinReason
from ygo.match import MatchScore, tally

VD = "Victory Dragon"  # 2400 ATK


def _attack(opp_lp: int, attacker: str = VD, opponent_monster: str | None = None) -> Result:
    s = Scenario()
    s.at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, attacker)
    if opponent_monster is not None:
        s.monster(1, opponent_monster)
    s.lp(1, opp_lp)
    # One possible target (the monster, or the player when there is none): no choice.
    s.choose(0, "battle", f"attack-with {attacker}")
    duel = s.run()
    assert duel.result is not None
    return duel.result


def test_direct_attack_to_zero_wins_the_match() -> None:
    # R-MATCH-1: an effect may win the whole match (Victory Dragon).
    result = _attack(2000)
    assert result == Result(0, WinReason.MATCH)
    # Read by the match: one duel decides it, whatever the score was.
    score = tally([result])
    assert score is not None and score.winner == 0 and score.by_effect


def test_a_match_already_lost_is_not_turned_around() -> None:
    # R-MATCH-1: after two lost duels the match is over; no third duel is played
    # in which Victory Dragon could win it (guide 000's example).
    lost = Result(1, WinReason.LP)
    score = tally([lost, lost])
    assert score == MatchScore(winner=1, wins=(0, 2), draws=0, by_effect=False)


def test_attack_on_a_monster_or_lp_left_is_an_ordinary_duel() -> None:
    # Not a direct attack: the duel is won only by LP (R-DUEL-4), not the match.
    result = _attack(900, opponent_monster="Kuriboh")
    assert result != Result(0, WinReason.MATCH)
    # LP left after the hit: no win at all.
    s = Scenario()
    s.at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, VD)
    s.lp(1, 5000)
    s.choose(0, "battle", f"attack-with {VD}", "main2")
    duel = s.run(until=(3, Phase.MAIN2))
    assert duel.result is None and duel.lp(1) == 2600


def test_another_monster_wins_only_the_duel() -> None:
    assert _attack(1000, attacker="Summoned Skull") == Result(0, WinReason.LP)


def test_a_match_ends_at_once_when_victory_dragon_wins_a_duel() -> None:
    # R-MATCH-1 in a played match: greedy summons Victory Dragon (2 tributes of
    # 0-ATK monsters) and attacks directly; the opponent's deck has no monsters.
    from ygo.agents import make_agent
    from ygo.core.deck import Deck
    from ygo.match import Match, play_match

    idol, mst = 27125110, 5318639  # Thousand-Eyes Idol (0 ATK), Mystical Space Typhoon
    m = Match((Deck((44910027,) * 3 + (idol,) * 37), Deck((mst,) * 40)), seed=2)
    score = play_match(m, (make_agent("greedy", 1), make_agent("greedy", 2)))
    assert m.results == [Result(0, WinReason.MATCH)] and len(m.duels) == 1
    assert score == MatchScore(0, (1, 0), 0, by_effect=True)
    assert m.decision is None
