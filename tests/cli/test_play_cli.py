"""``ygo play``: a person (player 0) against an agent in the terminal."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TextIO, cast

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from tests.engine.helpers import CELTIC_GUARDIAN, DARK_MAGICIAN, MYSTICAL_ELF, TRAP_HOLE
from tests.scenario import Scenario
from ygo.agents import make_agent
from ygo.cards.pool import embedded_pool
from ygo.cli.main import cli
from ygo.cli.play import TerminalGame
from ygo.cli.tui.endscreen import show_result
from ygo.core.enums import Phase, Position
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.events import describe
from ygo.rules import Ruleset

VERDICT = re.compile(r"^(You win|You lose|The duel is a draw) \((.+)\) on turn (\d+)\.$", re.M)


def last_option_answers(
    seed: int, opponent: str = "rule", ruleset: str = "mr3"
) -> tuple[list[int], Duel]:
    """The numbers a person types to answer every prompt with its last option, in
    the duel ``ygo play --seed SEED`` sets up; and how that duel ends."""
    duel = Duel(
        (starter_deck("yugi"), starter_deck("kaiba")),
        Ruleset.by_name(ruleset),
        seed,
        db=embedded_pool(),
    )
    agent = make_agent(opponent, seed)
    answers: list[int] = []
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        if d.player == 0:
            answers.append(len(d.options))
            duel.apply(len(d.options) - 1)
        else:
            duel.apply(agent.choose(duel.view(1) if agent.needs_view else None, d))
    return answers, duel


def play(*args: str, lines: list[str] | None = None) -> Result:
    text = "".join(f"{line}\n" for line in lines or [])
    result = CliRunner().invoke(cli, ["play", *args], input=text)
    assert "Traceback" not in result.output
    return result


# -- a whole duel through the command ----------------------------------------------------


def test_a_drawn_seed_is_shown_only_when_the_duel_is_over() -> None:
    # With the seed a player could rebuild the duel and see the opponent's hand.
    result = play("--auto", lines=["quit"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("A random seed (shown when the duel ends) · mr3")
    seed = re.search(r"^Seed (\d+) \(play this duel again with --seed \1\)$", out, re.M)
    assert seed is not None, out[-300:]
    assert out.index("Type ? for help.") < seed.start()


@pytest.mark.parametrize("seed", [2, 7])
def test_answering_every_prompt_reaches_the_end(seed: int) -> None:
    answers, expected = last_option_answers(seed)
    result = play("--seed", str(seed), "--auto", lines=[str(n) for n in answers])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith(f"Seed {seed} · mr3 · you: starter:yugi · opponent: rule (starter:kaiba)")
    assert "Type ? for help." in out
    assert out.count("Main Phase: choose an action") >= len(answers) // 2
    match = VERDICT.search(out)
    assert match is not None, out[-500:]
    assert expected.result is not None and expected.result.winner == 1
    assert match.group(1) == "You lose"
    assert match.group(2) == expected.result.reason.label
    assert int(match.group(3)) == expected.turn
    assert "End of input" not in out


def test_play_saves_a_replay_that_verifies(tmp_path: Path) -> None:
    answers, expected = last_option_answers(4, opponent="random", ruleset="classic")
    path = tmp_path / "game.json"
    args = ["--seed", "4", "--opponent", "random", "--ruleset", "classic"]
    result = play(*args, "--auto", "--replay-out", str(path), lines=[str(n) for n in answers])
    assert result.exit_code == 0, result.output
    assert "Replay saved to" in result.stdout and path.is_file()
    check = CliRunner().invoke(cli, ["replay", str(path), "--verify"])
    assert check.exit_code == 0, check.output
    # Both players' choices are recorded: the person's and the agent's.
    assert check.stdout.startswith(f"ok: {expected.decisions_made} choices")
    assert expected.decisions_made > len(answers)
    shown = CliRunner().invoke(cli, ["replay", str(path)])
    assert "Players: P0 human, P1 random" in shown.stdout


# -- commands at a prompt ----------------------------------------------------------------


def _first_prompt_options(seed: int) -> tuple[Duel, int]:
    """The duel at player 0's first prompt (as ``ygo play`` reaches it) and its option count."""
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=seed, db=embedded_pool())
    agent = make_agent("rule", seed)
    while True:
        d = duel.decision
        assert d is not None
        if d.player == 0:
            return duel, len(d.options)
        duel.apply(agent.choose(duel.view(1), d))


def test_commands_at_a_prompt() -> None:
    duel, n = _first_prompt_options(3)
    first_card = duel.name(duel.hand(0)[0])
    result = play(
        "--seed",
        "3",
        lines=["?", "i h1", "why h1", "gy", "ogy", "log 2", "board", "", "foo", "0", str(n + 1)],
    )
    assert result.exit_code == 0
    out = result.stdout
    # ? prints the help.
    assert "Commands" in out and "choose option N" in out and "why HANDLE" in out
    # i h1 inspects the first card of the hand.
    assert f"{first_card}" in out and "passcode" in out
    # why h1 explains it.
    assert f"{first_card}:\n" in out
    # gy / ogy show the Graveyards.
    assert "Your Graveyard" in out and "Opponent's Graveyard" in out and "(empty)" in out
    # log shows the last lines of the log.
    assert "  · Main Phase 1." in out
    # board draws the board and the options again.
    assert out.count("Main Phase: choose an action") == 2
    # An unknown command and invalid numbers print an error and ask again.
    assert "unknown command 'foo'; type ? for help" in out
    assert out.count(f"choose 1 to {n}") == 2
    # End of input leaves cleanly.
    assert out.rstrip().endswith("End of input: leaving the duel.")


def test_end_of_input_at_once_exits_0() -> None:
    result = play("--seed", "1")
    assert result.exit_code == 0
    assert "End of input: leaving the duel." in result.stdout


def test_quit_leaves_the_duel() -> None:
    result = play("--seed", "1", lines=["quit"])
    assert result.exit_code == 0
    assert result.stdout.rstrip().endswith("You left the duel.")


def test_an_option_may_be_typed_as_its_text() -> None:
    duel, _ = _first_prompt_options(3)
    turn = duel.turn
    result = play("--seed", "3", lines=["end-turn"])
    assert result.exit_code == 0
    # The turn ended and the opponent's turn was logged at the next prompt.
    assert f"--- Turn {turn + 1} (Opponent) ---" in result.stdout
    assert "unknown command" not in result.stdout


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--opponent", "minimax"], 2),
        (["--ruleset", "speed"], 2),
        (["--deck", "/nowhere/deck.ydk"], 1),
        (["--opp-deck", "starter:nobody"], 1),
    ],
)
def test_play_refuses_bad_options(args: list[str], code: int) -> None:
    result = play("--seed", "1", *args)
    assert result.exit_code == code, result.output
    if code == 1:
        assert result.stderr.startswith("error: ") and len(result.stderr.splitlines()) == 1


# -- TerminalGame directly ---------------------------------------------------------------


class LastOption:
    """A person who always types the number of the last option."""

    def __init__(self) -> None:
        self.game: TerminalGame | None = None
        self.typed = 0

    def readline(self) -> str:
        assert self.game is not None
        d = self.game.duel.decision
        assert d is not None and d.player == 0
        self.typed += 1
        return f"{len(d.options)}\n"


def _console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=100, highlight=False, color_system=None), buffer


def test_terminal_game_plays_a_whole_duel() -> None:
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=11)
    out, buffer = _console()
    inp = LastOption()
    game = TerminalGame(duel, make_agent("random", 11), out, cast(TextIO, inp), auto=True)
    inp.game = game
    assert game.run() == duel.result
    assert duel.is_over and duel.result is not None
    show_result(out, duel)
    text = buffer.getvalue()
    match = VERDICT.search(text)
    assert match is not None
    verdict = {0: "You win", 1: "You lose", None: "The duel is a draw"}[duel.result.winner]
    assert match.group(1) == verdict and int(match.group(3)) == duel.turn
    prompts = re.findall(r"^> ", text, re.M)
    assert inp.typed > 0 and len(prompts) == inp.typed  # one answer per prompt
    # The log speaks to the person and keeps the opponent's secrets.
    assert "  · You draw " in text or "  · Opponent draws a card." in text
    assert "Opponent draws a card." in text
    assert not re.search(r"Opponent draws (?!a card\.|\d+ cards\.)", text)
    assert not re.search(r"Opponent sets (?!a monster|a Spell/Trap)", text)
    assert game.log and game.log[-1] == describe(duel.events(0)[-1], duel.name, me=0)


def _scenario_game(lines: list[str]) -> tuple[TerminalGame, io.StringIO]:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, CELTIC_GUARDIAN, TRAP_HOLE)
    s.monster(0, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE)
    s.monster(1, DARK_MAGICIAN)
    s.monster(1, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE)
    s.spell(1, TRAP_HOLE)
    s.grave(1, CELTIC_GUARDIAN)
    duel = s.run()
    out, buffer = _console()
    inp = io.StringIO("".join(f"{line}\n" for line in lines))
    return TerminalGame(duel, make_agent("greedy", 0), out, inp), buffer


def test_inspecting_cards_on_the_board() -> None:
    game, buffer = _scenario_game(["i om1", "i om2", "i os1", "i m1", "i og1", "i h9", "quit"])
    game.run()
    text = buffer.getvalue()
    assert "Dark Magician" in text and "current ATK 2500 / DEF 2100" in text
    assert "om2: a face-down card (Monster Zone 2); you cannot see it" in text
    assert "os1: a face-down card (Spell & Trap Zone 1); you cannot see it" in text
    assert "Mystical Elf" in text  # your own set monster is known to you
    assert "Celtic Guardian" in text
    assert "no card 'h9' on the board" in text
    assert text.rstrip().endswith("You left the duel.")


def test_why_explains_your_own_cards_only() -> None:
    game, buffer = _scenario_game(["why h2", "why om1", "why om2", "why", "quit"])
    game.run()
    text = buffer.getvalue()
    assert "Trap Hole:\n  can: set Trap Hole" in text
    assert "a Trap must be Set before it can be activated" in text
    assert text.count("explain answers for your own cards") == 2
    # why with no handle explains every card in hand and on the field.
    assert "Celtic Guardian:\n  can: summon Celtic Guardian" in text
    assert "Mystical Elf:\n  can: flip-summon Mystical Elf" in text


def test_a_unicode_digit_is_an_invalid_number() -> None:
    game, buffer = _scenario_game(["²", "quit"])
    game.run()
    text = buffer.getvalue()
    assert "unknown command '²'" in text  # not taken as a number, and no crash
    assert text.rstrip().endswith("You left the duel.")


def test_log_with_a_unicode_digit_does_not_crash() -> None:
    game, buffer = _scenario_game(["log ①", "quit"])
    game.run()
    assert buffer.getvalue().rstrip().endswith("You left the duel.")


def _toss_game(seed: int, lines: list[str]) -> tuple[Duel, str]:
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=seed)
    out, buffer = _console()
    game = TerminalGame(duel, make_agent("greedy", seed), out, io.StringIO("\n".join(lines)))
    game.run()
    return duel, buffer.getvalue()


def test_the_coin_toss_is_shown_to_the_person() -> None:
    # R-DUEL-2: the toss winner chooses. Seed 2: the person (player 0) wins the toss.
    duel, text = _toss_game(2, ["2", "quit"])
    assert "You won the coin toss: go first or second?\n   1  go-first\n   2  go-second" in text
    assert text.index("go-second") < text.index("LP 8000")  # no empty board before it
    assert "Duel starts; Opponent goes first." in text
    assert duel.first_player == 1
    # Seed 1: the agent wins the toss; the person is told what it chose.
    duel, text = _toss_game(1, ["quit"])
    assert "The opponent won the coin toss and chose to go first." in text
    assert "go-first" not in text and duel.first_player == 1
