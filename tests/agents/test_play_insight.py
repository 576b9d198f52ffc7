"""``ygo play --opponent search --insight`` and the ``think`` command."""

from __future__ import annotations

from click.testing import CliRunner

from ygo.agents.base import Seat
from ygo.agents.registry import DEFAULT_OPPONENT
from ygo.agents.search import SearchAgent
from ygo.cli.main import cli
from ygo.data import starter_deck
from ygo.defaults import Duel


def test_the_default_opponent_is_the_rule_agent() -> None:
    assert DEFAULT_OPPONENT == "rule"
    result = CliRunner().invoke(cli, ["play", "--seed", "3"], input="quit\n")
    assert result.exit_code == 0
    assert "opponent: rule (starter:kaiba)" in result.stdout


def test_insight_after_its_moves_and_think_on_request() -> None:
    result = CliRunner().invoke(
        cli,
        ["play", "--seed", "3", "--opponent", "search", "--think", "30ms", "--insight"],
        input="think\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "opponent's thinking:" in out  # it moved first (seed 3) and showed its search
    assert out.count("win estimate") >= 2  # ... and "think" answered for our options
    assert "hand:" in out  # its guesses about the hidden hand
    help_text = CliRunner().invoke(cli, ["play", "--seed", "3"], input="?\nquit\n").stdout
    assert "what would the search agent do here?" in help_text


def test_it_answers_within_its_budget() -> None:
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=5)
    duel.apply(0)  # the coin toss winner goes first
    d = duel.decision
    assert d is not None
    agent = SearchAgent(0, think=0.05)
    ins = agent.analyse(Seat(duel, d.player), d)
    assert ins.iterations >= 1
    assert ins.seconds < 0.05 + 0.5  # the budget, plus at most one iteration
