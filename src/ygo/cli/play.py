"""``ygo play``: a person against an agent in the terminal.

The person is player 0. At each of their decisions the board is drawn, the new
log lines are printed, and the options are numbered; a number chooses. Other
commands: ``?`` help, ``i HANDLE`` inspect a card, ``why HANDLE`` ask why a
card cannot act, ``gy`` / ``ogy`` Graveyards, ``log [N]``, ``board``, ``quit``.
End of input ends the duel cleanly.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

import click
from rich.console import Console
from rich.panel import Panel

from ygo.agents.base import AGENTS, Agent, make_agent
from ygo.cli.board import grave_table, handles, location_label, render
from ygo.cli.common import app_state, handle_errors, load_duel_decks
from ygo.core.enums import Location
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.duel import Duel
from ygo.engine.events import EventKind, describe
from ygo.engine.view import CardView
from ygo.errors import ReplayError
from ygo.formats.files import check_writable, small_number
from ygo.formats.replay import Recorder
from ygo.rules import PRESETS, Ruleset
from ygo.textsafe import markup, plain

HELP = """\
[bold]Commands[/bold]
  [cyan]N[/cyan]              choose option N
  [cyan]?[/cyan] / help       this help
  [cyan]i HANDLE[/cyan]       inspect a card (h1 hand, m1 monster, s1 spell/trap, f field,
                 om1/os1/of the opponent's, g1/og1 Graveyard cards)
  [cyan]why HANDLE[/cyan]     why can't this card do anything? (also: why, with no handle,
                 for every card in your hand and on your field)
  [cyan]gy[/cyan] / [cyan]ogy[/cyan]       your / the opponent's Graveyard
  [cyan]log [N][/cyan]        the last N log lines (default 20)
  [cyan]board[/cyan]          draw the board again
  [cyan]quit[/cyan]           leave the duel (end of input does the same)"""

ME = 0
_FIELD = (Location.MZONE, Location.SZONE, Location.FZONE)


class TerminalGame:
    """The interactive loop, separated from click for testing."""

    def __init__(
        self,
        duel: Duel,
        opponent: Agent,
        out: Console,
        inp: TextIO,
        recorder: Recorder | None = None,
    ) -> None:
        self.duel = duel
        self.opponent = opponent
        self.out = out
        self.inp = inp
        self.recorder = recorder
        self.shown = 0
        self.log: list[str] = []

    # -- output --------------------------------------------------------------------
    def _new_log(self) -> list[str]:
        lines: list[str] = []
        hidden_draws = 0
        for e in self.duel.events(ME, since=self.shown):
            if e.kind == EventKind.SHUFFLE:
                continue
            if e.kind == EventKind.DRAW and e.card < 0:  # the opponent's draws, one line
                hidden_draws += 1
                continue
            if hidden_draws:
                lines.append(_opponent_draws(hidden_draws))
                hidden_draws = 0
            lines.append(describe(e, self.duel.name, me=ME))
        if hidden_draws:
            lines.append(_opponent_draws(hidden_draws))
        self.shown = self.duel.event_count
        self.log.extend(lines)
        return lines

    def _flush_log(self) -> None:
        for line in self._new_log():
            self.out.print(f"  [dim]·[/dim] {markup(line)}", highlight=False)

    def _show_decision(self) -> None:
        d = self.duel.decision
        assert d is not None
        if d.kind != DecisionKind.TURN_ORDER:  # before the opening there is no board yet
            self.out.print(render(self.duel.view(ME)))
        self.out.print(f"[bold]{markup(d.prompt)}[/bold]")
        for i, option in enumerate(d.options):
            self.out.print(f"  [cyan]{i + 1:>2}[/cyan]  {markup(str(option))}", highlight=False)

    # -- commands ------------------------------------------------------------------
    def _card(self, handle: str) -> CardView | None:
        card = handles(self.duel.view(ME)).get(handle.lower())
        if card is None:
            self.out.print(
                f"[red]no card {markup(repr(handle))} on the board[/red] (try ? for handles)"
            )
        return card

    def _inspect(self, handle: str) -> None:
        c = self._card(handle)
        if c is None:
            return
        if c.uid is None or not c.known:
            self.out.print(
                f"{markup(handle)}: a face-down card ({location_label(c)}); you cannot see it"
            )
            return
        data = self.duel.card(c.uid)
        lines = [
            f"[bold]{markup(data.name)}[/bold]  {markup(data.name_zh)}",
            markup(
                f"{data.kind_label} · {data.stat_line()}" if data.is_monster else data.kind_label
            ),
            f"passcode {data.code} · {location_label(c)}"
            + (f" · {'face-up' if c.face_up else 'face-down'}" if c.location in _FIELD else ""),
        ]
        if c.atk is not None and c.location == Location.MZONE:
            lines.append(f"current ATK {c.atk} / DEF {c.defense}")
        if data.summary:
            lines.append(_markup_lines(data.summary))
        self.out.print(Panel("\n".join(lines), expand=False))

    def _why(self, handle: str | None) -> None:
        if handle:
            c = self._card(handle)
            if c is None:
                return
            if c.uid is None or self.duel.controller(c.uid) != ME:
                self.out.print("explain answers for your own cards")
                return
            self.out.print(_markup_lines(str(self.duel.explain(c.uid, ME))), highlight=False)
            return
        view = self.duel.view(ME)
        cards = [c for c in (*view.me.hand, *view.me.monsters, *view.me.spells) if c is not None]
        for c in cards:
            if c.uid is not None:
                self.out.print(_markup_lines(str(self.duel.explain(c.uid, ME))), highlight=False)

    def _command(self, line: str) -> bool:
        """Handle a non-numeric command; False to quit."""
        parts = line.split()
        cmd, arg = parts[0].lower(), (parts[1] if len(parts) > 1 else None)
        view = self.duel.view(ME)
        if cmd in ("?", "help", "h"):
            self.out.print(HELP)
        elif cmd in ("q", "quit", "exit"):
            return False
        elif cmd in ("i", "inspect") and arg:
            self._inspect(arg)
        elif cmd == "why":
            self._why(arg)
        elif cmd == "gy":
            self.out.print(grave_table(view.me, "", "Your"))
        elif cmd == "ogy":
            self.out.print(grave_table(view.opponent, "o", "Opponent's"))
        elif cmd == "log":
            n = small_number(arg) if arg else None  # no 4,300-digit ValueError
            for entry in self.log[-(20 if n is None else n) :]:
                self.out.print(f"  · {markup(entry)}", highlight=False)
        elif cmd == "board":
            self._show_decision()
        else:
            self.out.print(f"[red]unknown command {markup(repr(line))}[/red]; type ? for help")
        return True

    def _apply(self, choice: int) -> None:
        if self.recorder is not None:
            self.recorder.apply(choice)
        else:
            self.duel.apply(choice)

    # -- the loop --------------------------------------------------------------------
    def run(self) -> None:
        duel = self.duel
        self.out.print("[bold]ygo[/bold] — you are player 0. Type ? for help.")
        while not duel.is_over:
            d = duel.decision
            assert d is not None
            if d.player != ME:
                view = duel.view(d.player) if self.opponent.needs_view else None
                action = self.opponent.choose(view, d)
                if d.kind == DecisionKind.TURN_ORDER:
                    chose = "first" if action.kind == ActionKind.GO_FIRST else "second"
                    self.out.print(f"The opponent won the coin toss and chose to go {chose}.")
                self._apply(d.options.index(action))
                continue
            self._flush_log()
            self._show_decision()
            while True:
                self.out.print("> ", end="")
                line = self.inp.readline()
                if not line:  # end of input
                    self.out.print("\n[yellow]End of input: leaving the duel.[/yellow]")
                    return
                line = line.strip()
                if not line:
                    continue
                if line.isascii() and line.isdigit():
                    n = small_number(line) or 0  # no 4,300-digit ValueError
                    if 1 <= n <= len(d.options):
                        self._apply(n - 1)
                        break
                    self.out.print(f"[red]choose 1 to {len(d.options)}[/red]")
                    continue
                found = d.find(line)
                if found is not None:
                    self._apply(d.options.index(found))
                    break
                if not self._command(line):
                    self.out.print("[yellow]You left the duel.[/yellow]")
                    return
        self._flush_log()
        result = duel.result
        assert result is not None
        if result.winner is None:
            verdict = "The duel is a draw"
        elif result.winner == ME:
            verdict = "You win"
        else:
            verdict = "You lose"
        self.out.print(f"[bold]{verdict}[/bold] ({result.reason.label}) on turn {duel.turn}.")


def _markup_lines(text: str) -> str:
    """Multi-line outside text made safe to print as markup, line by line."""
    return "\n".join(markup(line) for line in text.split("\n"))


def _opponent_draws(n: int) -> str:
    return "Opponent draws a card." if n == 1 else f"Opponent draws {n} cards."


@click.command("play")
@click.option("--deck", "my_deck", default="starter:yugi", show_default=True, help="Your deck.")
@click.option("--opp-deck", default="starter:kaiba", show_default=True, help="The opponent's deck.")
@click.option(
    "--opponent",
    type=click.Choice(sorted(AGENTS), case_sensitive=False),
    default="greedy",
    show_default=True,
    help="The agent you play against.",
)
@click.option("--seed", type=int, default=None, help="The duel's seed (default: random).")
@click.option(
    "--ruleset",
    type=click.Choice(sorted(PRESETS), case_sensitive=False),
    default="mr3",
    show_default=True,
)
@click.option("--replay-out", metavar="FILE", help="Save a replay when the duel ends.")
@click.option("--match", "as_match", is_flag=True, help="Play a best-of-three match.")
@click.option("--variant", type=click.Choice(["duel", "playground"]), default="duel")
@handle_errors
def play_cmd(
    my_deck: str,
    opp_deck: str,
    opponent: str,
    seed: int | None,
    ruleset: str,
    replay_out: str | None,
    as_match: bool = False,
    variant: str = "duel",
) -> None:
    """Play a duel against an agent in the terminal (you are player 0)."""
    import random

    if replay_out is not None:  # before the duel, so that it is not lost at the end
        check_writable(replay_out, "replay", ReplayError)
    db = app_state().db()
    decks = load_duel_decks((my_deck, opp_deck), Ruleset.by_name(ruleset))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if as_match or variant != "duel":  # ygo.cli.match_play: --match, --variant playground
        from ygo.cli.match_play import play_other

        play_other(decks, ruleset, seed, opponent, db, as_match, variant, replay_out)
        return
    duel = Duel(decks, Ruleset.by_name(ruleset), seed, db=db)
    recorder = Recorder(duel, players=("human", opponent))
    out = Console(highlight=False)
    out.print(
        markup(f"Seed {seed} · {ruleset} · you: {my_deck} · opponent: {opponent} ({opp_deck})")
    )
    game = TerminalGame(duel, make_agent(opponent, seed), out, sys.stdin, recorder)
    game.run()
    if replay_out is not None:
        recorder.replay.save(Path(replay_out))
        click.echo(plain(f"Replay saved to {replay_out}"))
