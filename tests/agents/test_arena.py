"""The arena: schedule, statistics (Wilson, Elo), resumable runs, the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

import pytest
from click.testing import CliRunner

from ygo.agents import registry
from ygo.arena import Game, Outcome, elo, load_done, play_game, resolve_deck, run, schedule, wilson
from ygo.cli.main import cli
from ygo.engine.actions import Action, ActionKind, Decision
from ygo.engine.view import View
from ygo.errors import YgoError


def test_schedule_every_pair_every_deck_pairing_both_seats() -> None:
    games = schedule(["rule", "greedy", "random"], ["yugi", "kaiba"], 4)
    assert len(games) == 3 * 4 * 4  # 3 pairs, 4 ordered deck pairs, 4 games
    assert len({g.key for g in games}) == len(games)
    key = ("rule", "greedy", "yugi", "kaiba")
    pair = [g for g in games if (g.a, g.b, g.deck_a, g.deck_b) == key]
    assert sorted(g.seat_a for g in pair) == [0, 0, 1, 1]


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-3)


def _o(a: str, b: str, score: float, n: int) -> Outcome:
    return Outcome(f"{a}|{b}|d|d|{n}", a, b, "d", "d", n, a if score == 1 else b, score,
                   "LP", 5, 10, 0.0, 5, 0.0, 5)  # fmt: skip


def test_elo_orders_the_agents() -> None:
    games = [_o("x", "y", 1.0, i) for i in range(8)] + [_o("y", "z", 1.0, i) for i in range(8)]
    games += [_o("x", "y", 0.0, 99)]
    r = elo(games)
    assert r["x"] > r["y"] > r["z"]
    assert sum(r.values()) / 3 == pytest.approx(1500, abs=0.5)


def test_a_run_writes_its_files_and_resumes(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    summary = run(
        ["rule", "random"], ["yugi"], 2, tmp_path, progress=lambda d, t: seen.append((d, t))
    )
    assert summary["games"] == 2 and seen[-1] == (2, 2)
    assert summary["illegal_actions"] == 0 and summary["stuck_duels"] == 0
    pair = summary["pairs"]["rule vs random"]
    assert pair["wins"] + pair["losses"] + pair["draws"] == 2
    for name in ("games.jsonl", "summary.json", "summary.csv", "chart.png"):
        assert (tmp_path / name).exists()
    assert set(summary["elo"]) == {"rule", "random"} and "rule" in summary["decision_ms"]
    assert summary["decision_max_ms"]["rule"] >= summary["decision_ms"]["rule"]
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    # resumed: nothing is played again; a larger run plays only the new games
    again = run(["rule", "random"], ["yugi"], 2, tmp_path)
    assert again["games"] == 2 and (tmp_path / "games.jsonl").read_text().splitlines() == lines
    more = run(["rule", "random"], ["yugi"], 3, tmp_path)
    assert more["games"] == 3 and len(load_done(tmp_path / "games.jsonl")) == 3
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["config"]["games"] == 3


def test_a_torn_results_line_is_ignored(tmp_path: Path) -> None:
    run(["greedy", "random"], ["kaiba"], 1, tmp_path)
    with (tmp_path / "games.jsonl").open("a") as fh:
        fh.write('{"key": "greedy|ran')
    assert len(load_done(tmp_path / "games.jsonl")) == 1


class _Cheat:
    name: ClassVar[str] = "cheat"
    needs_view: ClassVar[bool] = False

    def choose(self, view: View | None, decision: Decision) -> Action:
        return Action(ActionKind.CANCEL, card=12345)  # never an option


def test_an_illegal_action_loses_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.AGENTS, "cheat", lambda seed: _Cheat())
    o = play_game(Game("cheat", "random", "yugi", "yugi", 0))
    assert o.illegal == "cheat" and o.winner == "random" and o.score_a == 0.0


def test_a_stuck_duel_is_a_draw() -> None:
    o = play_game(Game("random", "greedy", "yugi", "yugi", 1), max_decisions=5)
    assert o.stuck and o.winner is None and o.score_a == 0.5


def test_bad_arguments() -> None:
    with pytest.raises(YgoError, match="two different agents"):
        run(["rule", "rule"], ["yugi"], 1, Path("unused"))
    with pytest.raises(YgoError, match="unknown agent"):
        run(["rule", "minimax"], ["yugi"], 1, Path("unused"))
    with pytest.raises(YgoError):
        resolve_deck("no-such-deck.ydk")


def test_the_shipped_decks_resolve() -> None:
    for name in ("yugi", "kaiba", "S", "V", "synchro", "pendulum", "guide-beat", "guide-control"):
        assert len(resolve_deck(name).main) >= 40


def test_arena_command(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(
        cli,
        [
            *("arena", "--agents", "search,random", "--decks", "yugi", "--games", "1"),
            *("--iterations", "1", "--out", str(out)),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "search vs random" in result.output and "Elo" in result.output
    assert (out / "summary.csv").read_text().startswith("agent_a,agent_b,games")
    bad = CliRunner().invoke(cli, ["arena", "--think", "fast", "--out", str(out)])
    assert bad.exit_code != 0 and "not a time" in bad.output
