"""``ygo play``: a person against an agent in the terminal.

The person is player 0. At each of their decisions the new log lines are
printed, the board is drawn when it changed (compact below 100 columns), and
the options are listed with the board's handles (``summon h1 Celtic
Guardian``). The person types an option's number, its handle form (``summon
h1``, ``attack m1 om2``, ``activate s3``, a bare handle when only one option is
about that card) or its text form. Other commands: ``?`` help, ``i HANDLE``
inspect a card, ``why HANDLE``, ``gy`` / ``ogy``, ``log [N]``, ``board``,
``auto on|off``, ``quit``. End of input ends the duel cleanly.

Steps the engine takes by itself (a decision with one option) are shown: a
lone attack target is confirmed before the attack is made, and the end of the
person's Main Phase with nothing left to do waits for Enter, unless auto-pass
is on. A summon's tributes and an attacker's target may be taken back
(``cancel``) until the last of them is chosen: the choices are tried on a copy
of the duel and made for real only when the move is complete.

:func:`play_duel` plays one duel and returns its result; :func:`end_screen`
(from :mod:`ygo.cli.tui.endscreen`) draws the end and asks what next. A match
loop reuses both.
"""

from __future__ import annotations

import dataclasses
from typing import TextIO

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ygo.agents.base import Agent, decide
from ygo.cli.board import grave_table, location_label
from ygo.cli.tui.endscreen import end_screen
from ygo.cli.tui.layout import COMPACT_BELOW, board, localize
from ygo.core.enums import Location, Phase
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind, Decision, DecisionKind
from ygo.engine.events import EventKind, describe
from ygo.engine.result import Result
from ygo.engine.view import CardView, View
from ygo.formats.files import small_number
from ygo.formats.replay import Recorder
from ygo.playable import behaviour_text
from ygo.textsafe import markup, plain
from ygo.ui.handles import Handles, option_text, parse
from ygo.ui.prompt import decision_prompt

__all__ = ["TerminalGame", "end_screen", "play_duel"]

HELP = """\
[bold]Commands[/bold]
  [cyan]N[/cyan]              choose option N
  [cyan]summon h1[/cyan]      an option by its verb and handle: set h2, activate s3,
                 attack m1 om2, attack m1 direct, tribute m2, pass, battle, end,
                 pendulum-summon (then select h2 / select x1 ..., done);
                 a bare handle when only one option is about that card
  [cyan]cancel[/cyan]         take back a summon before its last tribute, or an attack
                 before its target
  [cyan]?[/cyan] / help       this help
  [cyan]i HANDLE[/cyan]       a card's full description and what plays its effect (native,
                 Lua or none): h1 hand, m1 monster, s1 spell/trap, f field,
                 p1/p2 Pendulum Zones, x1 Extra Deck, om1/os1/of/op1/ox1 the
                 opponent's, g1/og1 Graveyard cards
  [cyan]why HANDLE[/cyan]     why can't this card do anything? (also: why, with no handle,
                 for every card in your hand and on your field)
  [cyan]gy[/cyan] / [cyan]ogy[/cyan]       your / the opponent's Graveyard
  [cyan]log [N][/cyan]        the last N log lines (default 20)
  [cyan]board[/cyan]          draw the board again
  [cyan]auto on|off[/cyan]    auto-pass: don't stop at steps the engine takes by itself
  [cyan]think[/cyan]          what would the search agent do here? (its choice, the share of
                 its search each option got, its win estimate, its guesses)
  [cyan]quit[/cyan]           leave the duel (end of input does the same)"""

ME = 0
_FIELD = (Location.MZONE, Location.SZONE, Location.FZONE, Location.PZONE)
#: Decisions that continue a move that may still be taken back.
_CONTINUES = (DecisionKind.TRIBUTE, DecisionKind.ATTACK_TARGET)
#: Choices that leave a Main Phase on purpose.
_MOVES_ON = (ActionKind.BATTLE, ActionKind.END_TURN, ActionKind.MAIN2)
_MAIN = (Phase.MAIN1, Phase.MAIN2)
_CHAIN_EVENTS = (
    EventKind.ACTIVATE,
    EventKind.CHAIN_SOLVING,
    EventKind.CHAIN_NEGATED,
    EventKind.CHAIN_DISABLED,
    EventKind.CHAIN_END,
)


class Leave(Exception):
    """The person left the duel (``quit`` or end of input)."""


class TerminalGame:
    """The interactive loop, separated from click for testing.

    ``names``: the players as the log and the board name them (default "You"
    and "Opponent"; a name other than "You" is spoken of, not to). ``lang``:
    ``"zh"`` shows Chinese card names. ``auto``: auto-pass on (never stop at
    the engine's own steps).
    """

    def __init__(
        self,
        duel: Duel,
        opponent: Agent,
        out: Console,
        inp: TextIO,
        recorder: Recorder | None = None,
        *,
        names: tuple[str, str] = ("You", "Opponent"),
        lang: str = "en",
        auto: bool = False,
        insight: bool = False,
        think: float = 1.0,
    ) -> None:
        self.duel = duel
        self.opponent = opponent
        self.insight = insight
        """Show the search agent's insight after each of its moves."""
        self.think = think
        """The budget of ``think`` (what would the search agent do here?)."""
        self.out = out
        self.inp = inp
        self.recorder = recorder
        self.names = names
        self.lang = lang
        self.auto = auto
        self.shown = 0
        self.log: list[str] = []
        self.handles = Handles()
        self._drawn: View | None = None
        # Watching for the end of the person's Main Phase taken by the engine.
        self._watched = 0  # the events up to now bring these to the present
        self._my_turn = duel.turn_player == ME
        self._phase: int = duel.phase
        self._moved_on = False
        self._carry: tuple[str, ...] = ()

    # -- names ---------------------------------------------------------------------
    def name(self, uid: int) -> str:
        """A card's name in the person's language."""
        data = self.duel.card(uid)
        if self.lang == "zh" and data.name_zh:
            return data.name_zh
        return data.name

    def _view(self, duel: Duel | None = None) -> View:
        view = (duel or self.duel).view(ME)
        return localize(view, self.name) if self.lang != "en" else view

    @property
    def compact(self) -> bool:
        return self.out.width < COMPACT_BELOW

    # -- output --------------------------------------------------------------------
    def _new_log(self, until: int | None = None) -> list[str]:
        lines: list[str] = []
        hidden_draws = 0
        events = self.duel.events(ME, since=self.shown)
        if until is not None:
            events = events[: max(0, until - self.shown)]
        for e in events:
            if e.kind == EventKind.SHUFFLE:
                continue
            if e.kind == EventKind.DRAW and e.card < 0:  # the opponent's draws, one line
                hidden_draws += 1
                continue
            if hidden_draws:
                lines.append(self._opponent_draws(hidden_draws))
                hidden_draws = 0
            text = describe(e, self.name, me=ME, players=self.names)
            if e.kind in _CHAIN_EVENTS or e.kind == EventKind.TARGET:
                text = f"⛓ {text}"
            lines.append(text)
        if hidden_draws:
            lines.append(self._opponent_draws(hidden_draws))
        self.shown += len(events)
        self.log.extend(lines)
        return lines

    def _opponent_draws(self, n: int) -> str:
        who = self.names[1 - ME]
        return f"{who} draws a card." if n == 1 else f"{who} draws {n} cards."

    def _flush_log(self, until: int | None = None) -> None:
        for line in self._new_log(until):
            self.out.print(f"  [dim]·[/dim] {markup(line)}", highlight=False)

    def _show(self, duel: Duel, in_move: bool, force: bool = False) -> None:
        d = duel.decision
        assert d is not None
        view = self._view(duel)
        self.handles.update(view)
        if d.kind != DecisionKind.TURN_ORDER:  # before the opening there is no board yet
            key = dataclasses.replace(view, decision=None)
            if force or key != self._drawn:
                self.out.print(board(view, self.handles, self.out.width, self.names))
                self._drawn = key
        self.out.print(f"[bold]{markup(self._prompt(d, view))}[/bold]")
        lines = [
            Text.assemble(
                (f"  {i + 1:>2}  ", "cyan"), plain(option_text(a, d, self.handles, self.name))
            )
            for i, a in enumerate(d.options)
        ]
        if in_move:
            lines.append(Text.assemble(("  cancel  ", "cyan"), "take it back"))
        if self.compact and len(lines) > 6:
            self.out.print(Columns(lines, column_first=True, padding=(0, 2)))
        else:
            for line in lines:
                self.out.print(line)

    def _prompt(self, d: Decision, view: View) -> str:
        return decision_prompt(d, view, self.names)

    # -- input -----------------------------------------------------------------------
    def _read(self) -> str:
        self.out.print("> ", end="")
        line = self.inp.readline()
        if not line:  # end of input
            self.out.print("\n[yellow]End of input: leaving the duel.[/yellow]")
            raise Leave
        return line.strip()

    def _wait(self, note: str, can_cancel: bool) -> bool:
        """Show a step the engine takes by itself; True to go on, False to cancel."""
        self.out.print(Text(f"» {note}", style="bold yellow"))
        hint = "Enter: go on · auto on: stop asking"
        if can_cancel:
            hint = "Enter: go on · cancel: take it back · auto on: stop asking"
        self.out.print(Text(hint, style="dim"))
        while True:
            line = self._read()
            if not line:
                return True
            word = line.lower()
            if can_cancel and word == "cancel":
                return False
            if word.startswith("auto"):
                self._command(line)
                return True
            if not self._command(line):
                raise Leave

    # -- commands ------------------------------------------------------------------
    def _card(self, handle: str) -> CardView | None:
        self.handles.update(self._view())
        card = self.handles.by_handle.get(handle.lower())
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
        lines.append(f"behaviour: {markup(behaviour_text(self.duel.scripts, data))}")
        if data.summary:
            lines.append(_markup_lines(data.summary))
        else:
            lines.append("[dim](no description in the pool)[/dim]")
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
        cards = [
            c
            for c in (*view.me.hand, *view.me.monsters, *view.me.spells, *view.me.pendulum)
            if c is not None
        ]
        for c in cards:
            if c.uid is not None:
                self.out.print(_markup_lines(str(self.duel.explain(c.uid, ME))), highlight=False)

    def _command(self, line: str, duel: Duel | None = None, in_move: bool = False) -> bool:
        """Handle a command that is not an option; False to quit."""
        parts = line.split()
        cmd, arg = parts[0].lower(), (parts[1] if len(parts) > 1 else None)
        view = self._view()
        if cmd in ("?", "help", "h"):
            self.out.print(HELP)
        elif cmd in ("q", "quit", "exit"):
            return False
        elif cmd in ("i", "inspect"):
            if arg:
                self._inspect(arg)
            else:
                self.out.print("[red]i needs a handle[/red]: i h1, i om2, i g1 ...")
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
            self._show(duel or self.duel, in_move, force=True)
        elif cmd in ("think", "hint"):
            self._advice(duel or self.duel)
        elif cmd == "auto":
            if arg is not None and arg.lower() in ("on", "off"):
                self.auto = arg.lower() == "on"
            state = "on: the engine's own steps go by" if self.auto else "off: the terminal stops"
            self.out.print(f"auto-pass {state} (auto on|off)")
        else:
            self.out.print(f"[red]unknown command {markup(repr(line))}[/red]; type ? for help")
        return True

    def _advice(self, duel: Duel) -> None:
        """What the search agent would do at the person's open decision (it sees
        only the person's view and determinizations from the person's seat)."""
        from ygo.agents.base import Seat
        from ygo.agents.search import SearchAgent

        d = duel.decision
        if d is None or d.player != ME:
            self.out.print("[red]nothing to decide now[/red]")
            return
        advisor = SearchAgent(duel.decisions_made, think=self.think)
        insight = advisor.analyse(Seat(duel, ME), d)
        for line in insight.lines():
            self.out.print(f"  {markup(line)}", highlight=False)

    def _show_insight(self) -> None:
        insight = getattr(self.opponent, "insight", None)
        if insight is None:
            return
        self.opponent.insight = None  # type: ignore[attr-defined]
        self._flush_log()
        self.out.print("[dim]opponent's thinking:[/dim]")
        for line in insight.lines():
            self.out.print(f"  [dim]{markup(line)}[/dim]", highlight=False)

    def _apply(self, choice: int) -> None:
        d = self.duel.decision
        if d is not None and d.player == ME and d.options[choice].kind in _MOVES_ON:
            self._moved_on = True
        if self.recorder is not None:
            self.recorder.apply(choice)
        else:
            self.duel.apply(choice)
        self._watch()

    # -- the engine's own steps ----------------------------------------------------------
    def _watch(self) -> None:
        """After each choice: did the person's Main Phase end without them choosing to?"""
        note, at = "", 0
        for i, e in enumerate(self.duel.events(ME, since=self._watched), self._watched):
            if e.kind == EventKind.TURN:
                self._my_turn, self._phase, self._moved_on = e.player == ME, 0, False
            elif e.kind == EventKind.PHASE:
                if self._my_turn and self._phase in _MAIN and not self._moved_on:
                    label = Phase(self._phase).label
                    note, at = f"Your {label} ends: there is nothing else you can do.", i + 1
                self._phase, self._moved_on = e.value, False
        self._watched = self.duel.event_count
        if note and not self.auto and not self.duel.is_over:
            self._flush_log(until=at)
            self._wait(note, can_cancel=False)

    def _lone_target(self, work: Duel, since: int, chose: ActionKind) -> tuple[str, str] | None:
        """An attack whose target the engine took (the only one): (sentence, handle)."""
        if chose != ActionKind.ATTACK:
            return None
        for e in work.events(ME, since=since):
            if e.kind == EventKind.ATTACK:
                handle = "direct" if e.value == -1 else f"om{e.dst + 1}"
                if e.value >= 0 and e.value in self.handles.by_uid:
                    handle = self.handles.by_uid.get(e.value, handle)
                text = describe(e, self.name, me=ME, players=self.names)
                return f"The only possible attack: {text}", handle
        return None

    # -- the person's move -----------------------------------------------------------
    def _person(self) -> None:
        """One move of the person's: one choice, or a summon with its tributes, or an
        attack with its target, tried on a copy until complete, then made."""
        work = self.duel
        chosen: list[int] = []
        queued, self._carry = self._carry, ()
        since = self.duel.event_count
        show = True
        while True:
            d = work.decision
            assert d is not None and d.player == ME
            typed = not queued
            if queued:
                line, queued = " ".join(queued), ()
            else:
                if show:
                    self._show(work, bool(chosen))
                show = True
                line = self._read()
            if not line:
                show = False
                continue
            if chosen and line.lower() == "cancel":
                self.out.print("[yellow]Taken back.[/yellow]")
                work, chosen = self.duel, []
                continue
            index, rest = self._option(line, d)
            if index is None and not typed:  # a word queued by the last line
                self.out.print(f"[red]{markup(repr(line))} is not an option now[/red]")
                continue
            if index is None:
                if not self._command(line, work, bool(chosen)):
                    self.out.print("[yellow]You left the duel.[/yellow]")
                    raise Leave
                show = False  # the options are where they were (board: drawn again)
                continue
            if index < 0:
                show = not typed  # a word queued by the last line: show this decision
                continue
            i = index
            nxt = work if chosen else work.clone()
            nxt.apply(i)
            chosen.append(i)
            queued = rest
            nd = nxt.decision
            if nd is not None and nd.player == ME and nd.kind in _CONTINUES:
                work = nxt
                continue
            lone = self._lone_target(nxt, since, d.options[i].kind)
            if lone is not None:
                text, handle = lone
                if queued:
                    wanted, queued = queued[0], ()
                    if wanted != handle:
                        self.out.print(
                            f"[red]{markup(wanted)} cannot be attacked now[/red]: {markup(text)}"
                        )
                        work, chosen = self.duel, []
                        continue
                elif not self.auto and not self._wait(text, can_cancel=True):
                    self.out.print("[yellow]Taken back.[/yellow]")
                    work, chosen = self.duel, []
                    continue
            for c in chosen:
                self._apply(c)
            nd = self.duel.decision
            if queued and nd is not None and nd.player == ME:
                self._carry = queued  # for the next decision: activate h2 os1
            elif queued:
                left = markup(" ".join(queued))
                self.out.print(f"[yellow]not used: {left} (nothing more to choose)[/yellow]")
            return

    def _option(self, line: str, d: Decision) -> tuple[int | None, tuple[str, ...]]:
        """The option a line names, and the words left for the next decisions;
        None if the line is a command, -1 after an error."""
        if line.isascii() and line.isdigit():
            n = small_number(line) or 0  # no 4,300-digit ValueError
            if 1 <= n <= len(d.options):
                return n - 1, ()
            self.out.print(f"[red]choose 1 to {len(d.options)}[/red]")
            return -1, ()
        found = d.find(line)
        if found is not None:
            return d.options.index(found), ()
        parsed = parse(line, d, self.handles)
        if parsed.index is not None:
            return parsed.index, parsed.rest
        if parsed.error:
            self.out.print(f"[red]{markup(parsed.error)}[/red]")
            return -1, ()
        return None, ()

    # -- the loop --------------------------------------------------------------------
    def run(self) -> Result | None:
        """Play to the end; the result, or None if the person left."""
        duel = self.duel
        me = "you are player 0" if self.names[ME] == "You" else f"{self.names[ME]} is player 0"
        self.out.print(f"[bold]ygo[/bold] — {markup(me)}. Type ? for help.")
        try:
            self._watch()
            while not duel.is_over:
                d = duel.decision
                assert d is not None
                if d.player != ME:
                    action = decide(self.opponent, duel)
                    if self.insight:
                        self._show_insight()
                    if d.kind == DecisionKind.TURN_ORDER:
                        chose = "first" if action.kind == ActionKind.GO_FIRST else "second"
                        self.out.print(f"The opponent won the coin toss and chose to go {chose}.")
                    self._apply(d.options.index(action))
                    continue
                self._flush_log()
                self._person()
        except Leave:
            return None
        self._flush_log()
        return duel.result


def play_duel(
    duel: Duel,
    opponent: Agent,
    out: Console,
    inp: TextIO,
    recorder: Recorder | None = None,
    *,
    names: tuple[str, str] = ("You", "Opponent"),
    lang: str = "en",
    auto: bool = False,
) -> Result | None:
    """Play one duel in the terminal (the person is player 0): its result, or
    None if the person left. The end screen is :func:`end_screen`'s."""
    game = TerminalGame(duel, opponent, out, inp, recorder, names=names, lang=lang, auto=auto)
    return game.run()


def _markup_lines(text: str) -> str:
    """Multi-line outside text made safe to print as markup, line by line."""
    return "\n".join(markup(line) for line in text.split("\n"))
