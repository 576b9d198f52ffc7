"""ygo tournament: matchups, seeds, resuming, local and Ray runs, outputs."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ygo.cli.main import cli
from ygo.data import sample_deck, starter_deck
from ygo.tournament import Task, Tournament, local_map, play_task, ray_map, wilson


def _decks() -> tuple[list[Any], list[str]]:
    return [starter_deck("yugi"), starter_deck("kaiba"), sample_deck("synchro")], [
        "yugi",
        "kaiba",
        "synchro",
    ]


def _small(games: int = 4, agents: tuple[str, str] = ("random", "random")) -> Tournament:
    decks, names = _decks()
    return Tournament(decks, names, games, agents, seed=3, chunk=2)


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(3, 10) == pytest.approx((0.1078, 0.6032), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_pair_both_seats() -> None:
    t = _small().run(local_map(1))
    # one agent for both sides: each pair of decks once, each deck in both seats
    pairs = sorted(tuple(sorted((r["row"], r["col"]))) for r in t.records.values())
    assert sorted(set(pairs)) == [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]
    for g in t.games_played():
        assert g["row_seat"] == g["game"] % 2
    for r in range(3):
        for c in range(3):
            cell, mirror = t.cells[(r, c)], t.cells[(c, r)]
            assert cell.games == 4
            if r != c:
                assert (cell.wins, cell.losses, cell.draws) == (
                    mirror.losses,
                    mirror.wins,
                    mirror.draws,
                )
    two = _small(agents=("greedy", "random")).run(local_map(1))
    assert len({(r["row"], r["col"]) for r in two.records.values()}) == 9


def test_one_and_two_workers_play_the_same_games() -> None:
    a = _small().run(local_map(1)).games_played()
    b = _small().run(local_map(2)).games_played()
    assert a == b
    assert len(a) == 6 * 4


def test_seeds_follow_the_decks_not_their_order() -> None:
    decks, names = _decks()
    t = Tournament(decks, names, 2, seed=3, chunk=2).run(local_map(1))
    u = Tournament(decks[::-1], names[::-1], 2, seed=3, chunk=2).run(local_map(1))
    pick = {(g["row"], g["col"], g["game"]): g for g in u.games_played()}
    for g in t.games_played():
        if (g["row"], g["col"], g["game"]) in pick:
            assert pick[(g["row"], g["col"], g["game"])] == g
    assert t.cells[(0, 1)].wins == u.cells[(2, 1)].wins  # yugi vs kaiba both times


def test_a_game_replays_from_its_record() -> None:
    """Every game is reproducible from its seed wherever it ran."""
    decks, _ = _decks()
    task = Task(0, 1, decks[0], decks[1], ("random", "random"), "mr3", 3, 2, 0, 2)
    assert play_task(task)["games"] == play_task(task)["games"]


def test_resume_keeps_finished_matchups(tmp_path: Path) -> None:
    played: list[str] = []

    def interrupted(tasks: Sequence[Task]) -> Iterator[dict[str, Any]]:
        for i, task in enumerate(tasks):
            if i == 3:
                raise KeyboardInterrupt
            played.append(task.key)
            yield play_task(task)

    with pytest.raises(KeyboardInterrupt):
        _small().run(interrupted, tmp_path)
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == 3
    with (tmp_path / "results.jsonl").open("a") as f:
        f.write('{"key": "torn')  # a line cut short by the interruption

    def counting(tasks: Sequence[Task]) -> Iterator[dict[str, Any]]:
        for task in tasks:
            assert task.key not in played
            played.append(task.key)
            yield play_task(task)

    resumed = _small().run(counting, tmp_path)
    assert len(played) == len(_small().tasks()) == 12
    assert resumed.games_played() == _small().run(local_map(1)).games_played()
    again: list[str] = []
    _small().run(lambda ts: (again.append(t.key) or play_task(t) for t in ts), tmp_path)
    assert again == []  # nothing left to play


def test_ray_and_local_runs_are_identical() -> None:
    pytest.importorskip("ray")
    local = _small(games=2).run(local_map(1)).games_played()
    on_ray = _small(games=2).run(ray_map(None, jobs=2)).games_played()
    assert on_ray == local


def test_cli_writes_table_json_csv_heatmap_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ["tournament", "starter:yugi", "starter:kaiba", "--games", "4", "--jobs", "1"]
    args += ["--out", str(out), "--chunk", "2"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert "95% interval" in r.output
    data = json.loads((out / "matrix.json").read_text())
    assert data["decks"] == ["Starter Deck Yugi", "Starter Deck Kaiba"]
    cell = data["matrix"][0][1]
    assert cell["games"] == 4 and cell["wins"] + cell["losses"] + cell["draws"] == 4
    lo, hi = cell["ci95"]
    assert lo <= cell["win_rate"] <= hi
    csv = (out / "matrix.csv").read_text().splitlines()
    assert csv[0].startswith("row,col,games,wins") and len(csv) == 5
    assert (out / "heatmap.png").read_bytes()[:4] == b"\x89PNG"
    r2 = CliRunner().invoke(cli, args)
    assert r2.exit_code == 0
    assert (out / "matrix.json").read_text() == json.dumps(data, indent=2) + "\n"
    assert len((out / "results.jsonl").read_text().splitlines()) == 6


def test_cli_refuses_bad_input(tmp_path: Path) -> None:
    r = CliRunner().invoke(
        cli, ["tournament", "starter:yugi", "starter:yugi", "--games", "1", "--out", str(tmp_path)]
    )
    assert r.exit_code == 1 and "twice" in r.output
    r = CliRunner().invoke(
        cli, ["tournament", "starter:yugi", "--games", "1", "--agents", "nobody"]
    )
    assert r.exit_code == 2 and "unknown agent" in r.output
    cdb = Path(__file__).resolve().parents[3] / "shared" / "data" / "cards-en.cdb"
    if cdb.exists():  # a real card the embedded pool does not have
        deck = tmp_path / "odd.ydk"
        deck.write_text("#main\n" + "32864\n" * 40 + "#extra\n!side\n")
        r = CliRunner().invoke(
            cli, ["--cards", str(cdb), "tournament", str(deck), "starter:yugi", "--games", "1"]
        )
        assert "outside the embedded pool" in r.output
        assert r.exit_code == 1
