"""``ygo play --match`` and ``ygo play --variant playground``: a person against an
agent, in the terminal.

The match is a thin loop over the one-duel terminal play
(:class:`ygo.cli.play.TerminalGame`): each duel is played there, its moves going
through the match; between duels this module shows the score, a side-decking
screen and the turn-order choice. The person is player 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from rich.console import Console

from ygo.agents.base import Agent
from ygo.agents.registry import make_agent
from ygo.cli.play import TerminalGame
from ygo.cli.tui.endscreen import show_result
from ygo.core.card import CardSource
from ygo.core.deck import Deck
from ygo.engine.actions import Action, ActionKind
from ygo.engine.setup import ScriptSource
from ygo.formats.files import small_number
from ygo.formats.replay import Recorder
from ygo.match import Match, SidePolicy, StrongerSide
from ygo.playground import THROWS, Playground, check_seed, speak
from ygo.rules import Ruleset
from ygo.textsafe import markup

ME = 0

SIDE_HELP = """\
[bold]Side decking[/bold] (one for one, R-DECK-3): [cyan]swap m3 s1[/cyan] swaps Main card 3
(or [cyan]e2[/cyan], Extra card 2) for Side card 1; [cyan]done[/cyan] when ready;
[cyan]quit[/cyan] leaves the match."""


class _Relay(Recorder):
    """Sends the terminal's moves through the match (the duel it shows is the match's)."""

    def __init__(self, match: Match) -> None:  # no duel replay here: the match records
        self.match = match

    def apply(self, choice: Action | int | str) -> None:
        self.match.apply(choice)


class TerminalMatch:
    """The interactive match loop, separated from click for testing."""

    def __init__(
        self,
        match: Match,
        opponent: Agent,
        out: Console,
        inp: TextIO,
        policy: SidePolicy | None = None,
        *,
        names: tuple[str, str] = ("You", "Opponent"),
        lang: str = "en",
        auto: bool = False,
    ) -> None:
        self.match = match
        self.opponent = opponent
        self.out = out
        self.inp = inp
        self.policy: SidePolicy = policy or StrongerSide()
        self.names = names
        self.lang = lang
        self.auto = auto

    def _score(self) -> str:
        w = self.match.wins
        d = self.match.draws
        return f"you {w[ME]} – {w[1 - ME]} opponent" + (f", {d} drawn" if d else "")

    def _line(self) -> str | None:
        """A line between duels; None (leave the match) at end of input or quit."""
        self.out.print("> ", end="")
        line = self.inp.readline()
        if not line:
            self.out.print("\n[yellow]End of input: leaving the match.[/yellow]")
            return None
        if line.strip().lower() in ("q", "quit", "exit"):
            self.out.print("[yellow]You left the match.[/yellow]")
            return None
        return line.strip()

    def run(self) -> None:
        m = self.match
        while True:
            self.out.print(f"[bold]Duel {m.duel_number}[/bold] · score: {self._score()}")
            game = TerminalGame(
                m.duel, self.opponent, self.out, self.inp, _Relay(m),
                names=self.names, lang=self.lang, auto=self.auto,
            )  # fmt: skip
            game.run()
            self.auto = game.auto  # auto on|off holds for the rest of the match
            if not m.duel.is_over:
                return  # the person left
            # issue 12: the same end as a single duel's: final board, result and why
            show_result(self.out, m.duel, names=self.names, name=game.name)
            if m.is_over:
                break
            self.out.print(f"[bold]Score: {self._score()}[/bold]")
            if not self._side() or not self._turn_order():
                return
        assert m.result is not None
        w = m.result.winner
        verdict = (
            "The match is a draw"
            if w is None
            else "You win the match"
            if w == ME
            else "You lose the match"
        )
        how = " (by a card effect)" if m.result.by_effect else ""
        self.out.print(f"[bold]{verdict}{how}[/bold]: {self._score()}.")

    # -- between duels -----------------------------------------------------------------
    def _side(self) -> bool:
        m = self.match
        last = m.results[-1]
        won = None if last.winner is None else last.winner == 1 - ME
        out, into = self.policy.swaps(m.decks[1 - ME], won, m.db)
        m.side(1 - ME, out, into)
        self.out.print(f"The opponent side decked {len(out)} card{'s' if len(out) != 1 else ''}.")
        if not m.decks[ME].side:
            self.out.print("You have no Side Deck: nothing to swap.")
            return True
        self.out.print(SIDE_HELP)
        while True:
            self._show_deck(m.decks[ME], m.db)
            line = self._line()
            if line is None:
                return False
            parts = line.lower().split()
            if parts in (["done"], ["d"], []):
                return True
            if len(parts) == 3 and parts[0] == "swap":
                self._swap(parts[1], parts[2])
            else:
                self.out.print("[red]type swap m3 s1, or done[/red]")

    def _swap(self, a: str, b: str) -> None:
        deck = self.match.decks[ME]
        section = {"m": deck.main, "e": deck.extra}.get(a[:1])
        i, j = small_number(a[1:]), small_number(b[1:])
        if section is None or b[:1] != "s" or i is None or j is None:
            self.out.print("[red]name a Main (m3) or Extra (e1) card, then a Side card (s1)[/red]")
            return
        if not (1 <= i <= len(section) and 1 <= j <= len(deck.side)):
            self.out.print("[red]no such card number[/red]")
            return
        try:
            self.match.side(ME, [section[i - 1]], [deck.side[j - 1]])
        except Exception as exc:  # a YgoError: say why and change nothing
            self.out.print(f"[red]{markup(str(exc))}[/red]")

    def _show_deck(self, deck: Deck, db: CardSource) -> None:
        sections = (("m", "Main", deck.main), ("e", "Extra", deck.extra), ("s", "Side", deck.side))
        for tag, label, cards in sections:
            if cards:
                names = ", ".join(f"{tag}{k + 1} {db.get(c).name}" for k, c in enumerate(cards))
                self.out.print(f"[bold]{label}[/bold] ({len(cards)}): {markup(names)}")

    def _turn_order(self) -> bool:
        m = self.match
        d = m.decision
        assert d is not None
        if d.player != ME:
            view = m.view(d.player) if self.opponent.needs_view else None
            action = self.opponent.choose(view, d)
            m.apply(action)
            chose = "first" if action.kind == ActionKind.GO_FIRST else "second"
            self.out.print(f"The opponent chose to go {chose}.")
            return True
        self.out.print(f"[bold]{markup(d.prompt)}[/bold]\n  1  go first\n  2  go second")
        while True:
            line = self._line()
            if line is None:
                return False
            if line in ("1", "2"):
                m.apply(int(line) - 1)
                return True
            self.out.print("[red]choose 1 or 2[/red]")


def play_match_terminal(
    decks: tuple[Deck, Deck],
    ruleset: Ruleset,
    seed: int,
    opponent: str,
    db: CardSource,
    out: Console,
    inp: TextIO,
    replay_out: str | None = None,
    *,
    name: str | None = None,
    lang: str = "en",
    auto: bool = False,
    scripts: ScriptSource | None = None,
) -> Match:
    """``name``: the person's name (default "You"; "human" in the replay);
    ``scripts``: the duels' card scripts (default: the project's own)."""
    match = Match(
        decks, ruleset, seed, db=db, record=replay_out is not None,
        players=(name or "human", opponent), scripts=scripts,
    )  # fmt: skip
    names = (name or "You", "Opponent")
    TerminalMatch(
        match, make_agent(opponent, seed), out, inp, names=names, lang=lang, auto=auto
    ).run()
    if replay_out is not None:
        from ygo.formats.match_replay import MatchReplay

        MatchReplay.of(match).save(Path(replay_out))
        out.print(markup(f"Match replay saved to {replay_out}"))
    return match


# -- the playground game ----------------------------------------------------------------


def play_playground_terminal(
    decks: tuple[Deck, Deck], seed: int, opponent: str, db: CardSource, out: Console, inp: TextIO
) -> Playground:
    """The playground game (docs/playground.md) against an agent's throws."""
    from ygo.agents.random import RandomAgent

    game = Playground(decks, seed, db=db)
    agent = make_agent(opponent, seed)
    thrower: Agent = agent if not agent.needs_view else RandomAgent(seed * 2 + 2)
    out.print("[bold]The playground game[/bold] (docs/playground.md). You are player 0.")
    shown = 0
    while game.result is None:
        for line in game.log[shown:]:
            out.print(f"  [dim]·[/dim] {markup(speak(line, ME))}", highlight=False)
        shown = len(game.log)
        for p, who in ((ME, "You"), (1 - ME, "Opponent")):
            code = game.revealed[p]
            card = db.get(code).name if code is not None else "-"
            out.print(markup(f"{who}: {card} · pile {game.pile_size(p)} · out {len(game.out[p])}"))
        out.print("Throw: 1 rock, 2 paper, 3 scissors (quit: leave)")
        out.print("> ", end="")
        line = inp.readline()
        if not line:
            out.print("\n[yellow]End of input: leaving the game.[/yellow]")
            return game
        line = line.strip().lower()
        if line in ("q", "quit", "exit"):
            out.print("[yellow]You left the game.[/yellow]")
            return game
        pick = {"1": 0, "2": 1, "3": 2, **{t: k for k, t in enumerate(THROWS)}}.get(line)
        if pick is None:
            out.print("[red]choose 1, 2 or 3 (or rock, paper, scissors)[/red]")
            continue
        game.apply(pick)
        d = game.decision
        assert d is not None
        game.apply(thrower.choose(None, d))
    for line in game.log[shown:]:
        out.print(f"  [dim]·[/dim] {markup(speak(line, ME))}", highlight=False)
    w = game.result.winner
    out.print(
        "[bold]" + ("A draw" if w is None else "You win" if w == ME else "You lose") + "[/bold]"
    )
    return game


def play_other(
    decks: tuple[Deck, Deck],
    ruleset: str,
    seed: int,
    opponent: str,
    db: CardSource,
    as_match: bool,
    variant: str,
    replay_out: str | None,
    *,
    name: str | None = None,
    lang: str = "en",
    auto: bool = False,
    scripts: ScriptSource | None = None,
) -> None:
    """What ``ygo play --match`` and ``ygo play --variant playground`` run
    (``name``, ``lang``, ``auto`` and ``scripts`` as ``ygo play``'s options; the
    playground game has no use for them)."""
    import sys

    from ygo.errors import InvalidArgumentError

    out = Console(highlight=False)
    if variant == "playground":
        if as_match or replay_out is not None:
            raise InvalidArgumentError("the playground game has no match and no replay")
        check_seed(seed)  # a bad seed: an error before anything is shown
        out.print(f"Seed {seed} · opponent: {markup(opponent)}")
        play_playground_terminal(decks, seed, opponent, db, out, sys.stdin)
        return
    out.print(f"Seed {seed} · {markup(ruleset)} · a best-of-three match against {markup(opponent)}")
    play_match_terminal(
        decks, Ruleset.by_name(ruleset), seed, opponent, db, out, sys.stdin, replay_out,
        name=name, lang=lang, auto=auto, scripts=scripts,
    )  # fmt: skip


__all__ = ["TerminalMatch", "play_match_terminal", "play_other", "play_playground_terminal"]
