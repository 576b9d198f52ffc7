"""The ``ygo play`` command: its options, then a duel (:class:`ygo.cli.play.TerminalGame`),
a match or the playground game (:mod:`ygo.cli.match_play`). It sits above both, so
neither imports the other's caller."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console

from ygo.agents.registry import AGENTS, DEFAULT_OPPONENT, make_agent, opponent_lines
from ygo.cli.common import app_state, handle_errors, load_duel_decks
from ygo.cli.match_play import play_other
from ygo.cli.play import TerminalGame
from ygo.cli.scripts import choose, script_options
from ygo.cli.tui.endscreen import end_screen
from ygo.defaults import Duel
from ygo.errors import InvalidArgumentError, ReplayError
from ygo.formats.files import check_writable
from ygo.formats.replay import Recorder
from ygo.rules import PRESETS, Ruleset
from ygo.textsafe import markup, plain


def _opponent_option(ctx: click.Context, param: click.Parameter, value: str) -> str:
    lines = opponent_lines()
    if value.lower() == "list":
        width = max(len(n) for n, _ in lines)
        for n, text in lines:
            click.echo(f"{n:<{width}}  {text}")
        ctx.exit(0)
    if value.lower() not in AGENTS:
        known = "; ".join(f"{n} ({text})" for n, text in lines)
        raise click.BadParameter(f"{value!r} is not an opponent. Opponents: {known}")
    return value.lower()


def _opponent_help() -> str:
    return "The agent you play against ('list' lists them): " + "; ".join(
        f"{n}: {text}" for n, text in opponent_lines()
    )


#: The longest name ``--name`` takes (the board's header and the log stay readable).
NAME_MAX = 40


def _person_name(name: str | None) -> str | None:
    """``--name`` made safe (control characters replaced), or None for "You". A blank
    name, a very long one, or "Opponent" (the other player's name: the log would
    say "Opponent draws Dark Magician" of your own draws) is refused."""
    if name is None or name == "":
        return None
    name = plain(name.strip())
    if not name:
        raise InvalidArgumentError("--name is blank: give a name, or leave --name out")
    if len(name) > NAME_MAX:
        raise InvalidArgumentError(f"--name is longer than {NAME_MAX} characters")
    if name.lower() == "opponent":
        raise InvalidArgumentError(
            "--name cannot be 'Opponent': that is what the other player is called"
        )
    return name


def _replay_path(base: str, n: int) -> Path:
    path = Path(base)
    return path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")


@click.command("play")
@click.option("--deck", "my_deck", default="starter:yugi", show_default=True, help="Your deck.")
@click.option("--opp-deck", default="starter:kaiba", show_default=True, help="The opponent's deck.")
@click.option(
    "--opponent",
    metavar="NAME",
    default=DEFAULT_OPPONENT,
    show_default=True,
    callback=_opponent_option,
    help=_opponent_help(),
)
@click.option(
    "--think",
    default="1s",
    show_default=True,
    help="The search agent's time per decision (1s, 250ms).",
)
@click.option(
    "--insight", is_flag=True, help="Show the search agent's thinking after each of its moves."
)
@click.option("--seed", type=int, default=None, help="The duel's seed (default: random).")
@click.option(
    "--ruleset",
    type=click.Choice(sorted(PRESETS), case_sensitive=False),
    default="mr3",
    show_default=True,
)
@click.option(
    "--name",
    default=None,
    help='Your name in the log and replays (default "You"; at most 40 characters, not "Opponent").',
)
@click.option(
    "--lang",
    type=click.Choice(["en", "zh"], case_sensitive=False),
    default="en",
    show_default=True,
    help="Card names in English or Chinese.",
)
@click.option("--auto", is_flag=True, help="Auto-pass: never stop at the engine's own steps.")
@click.option(
    "--replay-out",
    metavar="FILE",
    help="Save a replay when the duel ends (later duels: FILE-2, FILE-3...).",
)
@click.option("--match", "as_match", is_flag=True, help="Play a best-of-three match.")
@click.option("--variant", type=click.Choice(["duel", "playground"]), default="duel")
@script_options
@handle_errors
def play_cmd(
    my_deck: str,
    opp_deck: str,
    opponent: str,
    seed: int | None,
    ruleset: str,
    name: str | None,
    lang: str,
    auto: bool,
    replay_out: str | None,
    as_match: bool = False,
    variant: str = "duel",
    think: str = "1s",
    insight: bool = False,
    scripts_dir: str | None = None,
    prefer: str = "native",
    list_missing: bool = False,
) -> None:
    """Play a duel against an agent in the terminal (you are player 0).

    A deck with cards that have an effect and no behaviour (neither native nor
    Lua) gets one line before the duel; --list-missing lists them, and i CARD
    in the duel says how a card plays.
    """
    import random

    from ygo.cli.arena import _think

    think_s = _think(think) or 1.0

    name = _person_name(name)
    if replay_out is not None:  # before the duel, so that it is not lost at the end
        check_writable(replay_out, "replay", ReplayError)
    db = app_state().db()
    rules = Ruleset.by_name(ruleset)
    scripts = choose(scripts_dir, prefer).source()
    decks = load_duel_decks(
        (my_deck, opp_deck),
        rules,
        None if variant == "playground" else scripts,  # the playground game plays no effects
        list_missing=list_missing,
        seats=("your deck", "the opponent's deck"),
    )
    # A seed drawn here is shown only once the duel is over: with it a player could
    # rebuild the duel and see the opponent's hand and the deck order.
    revealed = seed is not None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if as_match or variant != "duel":  # ygo.cli.match_play: --match, --variant playground
        play_other(
            decks, ruleset, seed, opponent, db, as_match, variant, replay_out,
            name=name, lang=lang.lower(), auto=auto, scripts=scripts,
        )  # fmt: skip
        return
    you = name or "You"
    names = (you, "Opponent")
    out = Console(highlight=False)
    n = 0
    choice = "rematch"
    while choice != "quit":
        n += 1
        if n > 1 and choice == "rematch":
            seed = random.SystemRandom().randrange(2**31)
            revealed = False
        duel = Duel(decks, rules, seed, db=db, scripts=scripts)
        recorder = Recorder(duel, players=(you if name else "human", opponent))
        shown = f"Seed {seed}" if revealed else "A random seed (shown when the duel ends)"
        out.print(
            markup(f"{shown} · {ruleset} · you: {my_deck} · opponent: {opponent} ({opp_deck})")
        )
        agent = make_agent(opponent, seed)
        if hasattr(agent, "think"):
            agent.think = think_s
        game = TerminalGame(
            duel,
            agent,
            out,
            sys.stdin,
            recorder,
            names=names,
            lang=lang.lower(),
            auto=auto,
            insight=insight,
            think=think_s,
        )
        result = game.run()
        if not revealed:
            out.print(f"Seed {seed} (play this duel again with --seed {seed})")
            revealed = True
        if replay_out is not None:
            path = _replay_path(replay_out, n)
            recorder.replay.save(path)
            click.echo(plain(f"Replay saved to {path}"))
        if result is None:
            break
        choice = end_screen(out, sys.stdin, duel, names=names, name=game.name)
