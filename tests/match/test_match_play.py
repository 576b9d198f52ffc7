"""``ygo play --match`` and ``ygo play --variant playground``: the terminal loops."""

from __future__ import annotations

import io

from click.testing import CliRunner
from rich.console import Console

from ygo.agents import make_agent
from ygo.cli.main import cli
from ygo.cli.match_play import TerminalMatch, play_playground_terminal
from ygo.core.deck import Deck
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.match import Match

F = 91152256  # Celtic Guardian
DM = 46986414  # Dark Magician
# Three cards cannot make a 5-card hand: player 0 loses every duel at once.
LOSER = Deck(main=(F, F, DM), side=(F,))
WINNER = Deck(main=(F,) * 40)


def test_a_person_sides_and_chooses_between_duels_and_sees_the_score() -> None:
    seed = 5
    toss = Duel((LOSER, WINNER), seed=seed).decision
    lines = ["1"] if toss is not None and toss.player == 0 else []
    lines += ["swap e1 s1", "swap m3 s1", "done", "2"]
    out = Console(file=io.StringIO(), width=120, highlight=False)
    m = Match((LOSER, WINNER), seed=seed)
    TerminalMatch(m, make_agent("greedy", 1), out, io.StringIO("\n".join(lines) + "\n")).run()
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "Duel 1 · score: you 0 – 0 opponent" in text
    assert "Score: you 0 – 1 opponent" in text
    assert "no such card number" in text  # there is no Extra Deck card 1
    assert m.duels[1].decks[0].main == (F, F, F) and m.duels[1].decks[0].side == (DM,)
    assert m.duels[1].first_player == 1  # the person (the loser) chose to go second
    assert "You lose the match: you 0 – 2 opponent." in text


def test_end_of_input_between_duels_leaves_the_match() -> None:
    out = Console(file=io.StringIO(), width=120)
    m = Match((LOSER, WINNER), seed=5)
    toss = Duel((LOSER, WINNER), seed=5).decision
    lines = "1\n" if toss is not None and toss.player == 0 else ""
    TerminalMatch(m, make_agent("random", 1), out, io.StringIO(lines)).run()
    assert "leaving the match" in out.file.getvalue()  # type: ignore[attr-defined]
    assert not m.is_over and m.between_duels


def test_the_playground_in_the_terminal() -> None:
    out = Console(file=io.StringIO(), width=120)
    decks = (starter_deck("yugi"), starter_deck("kaiba"))
    game = play_playground_terminal(
        decks, 3, "greedy", Match(decks).db, out, io.StringIO("paper\n" * 2000)
    )
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert game.result is not None and "You throw paper" in text
    assert ("You win" in text) or ("You lose" in text) or ("A draw" in text)


def test_play_command_options() -> None:
    r = CliRunner().invoke(
        cli, ["play", "--variant", "playground", "--seed", "1"], input="x\nrock\n"
    )
    assert r.exit_code == 0 and "choose 1, 2 or 3" in r.output and "You throw rock" in r.output
    r = CliRunner().invoke(cli, ["play", "--match", "--seed", "1"], input="")
    assert r.exit_code == 0 and "best-of-three match" in r.output and "Duel 1" in r.output
