"""The end of a duel: the final board, the result and why, and what next.

:func:`end_screen` is shared by ``ygo play`` (after each duel) and a match
loop (between duels): it draws, asks, and returns the choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

from rich.console import Console
from rich.text import Text

from ygo.cli.tui.layout import board, localize
from ygo.defaults import Duel
from ygo.engine.result import Result, WinReason
from ygo.ui.handles import Handles

#: What the person may do after a duel, and what each means.
CHOICES: dict[str, str] = {
    "again": "the same duel again (same seed: the same draws)",
    "rematch": "a new duel, same decks and opponent",
    "quit": "leave",
}


def verdict(result: Result, turn: int, viewer: int, names: tuple[str, str]) -> str:
    """ "You win (LP reached 0) on turn 7." from ``viewer``'s side."""
    me = names[viewer]
    if result.winner is None:
        head = "The duel is a draw"
    elif me == "You":
        head = "You win" if result.winner == viewer else "You lose"
    else:
        head = f"{names[result.winner]} wins"
    return f"{head} ({result.reason.label}) on turn {turn}."


def why(result: Result, duel: Duel, names: tuple[str, str]) -> str:
    """The result in a sentence a player recognises."""
    lp = f"Final LP: {names[0]} {duel.lp(0)} · {names[1]} {duel.lp(1)}."
    if result.winner is None:
        if result.reason == WinReason.LP:
            return f"Both players' LP reached 0 at the same time. {lp}"
        if result.reason == WinReason.DECK_OUT:
            return f"Both players had to draw from an empty Deck. {lp}"
        return f"A card's effect ended the duel in a draw. {lp}"
    loser = names[1 - result.winner]
    has = "have" if loser == "You" else "has"
    if result.reason == WinReason.LP:
        whose = "Your" if loser == "You" else f"{loser}'s"
        return f"{whose} LP reached 0. {lp}"
    if result.reason == WinReason.DECK_OUT:
        return f"{loser} had to draw from an empty Deck. {lp}"
    return f"{names[result.winner]} won by a card's effect ({loser} {has} lost). {lp}"


def show_result(
    out: Console,
    duel: Duel,
    *,
    viewer: int = 0,
    names: tuple[str, str] = ("You", "Opponent"),
    name: Callable[[int], str] | None = None,
    heading: str = "",
) -> None:
    """The final board, the verdict line and why."""
    result = duel.result
    assert result is not None
    view = duel.view(viewer)
    if name is not None:
        view = localize(view, name)
    handles = Handles()
    handles.update(view)
    out.print(board(view, handles, out.width, names))
    if heading:
        out.print(Text(heading, style="bold"))
    out.print(Text(verdict(result, duel.turn, viewer, names), style="bold"))
    out.print(Text(why(result, duel, names)))


def ask_next(out: Console, inp: TextIO, choices: Sequence[str] = tuple(CHOICES)) -> str:
    """Ask what next; the choice (a word of ``choices``), ``"quit"`` at end of input."""
    for c in choices:
        out.print(Text.assemble((f"  {c:<8}", "cyan"), CHOICES.get(c, "")))
    while True:
        out.print("> ", end="")
        line = inp.readline()
        if not line:
            return "quit"
        word = line.strip().lower()
        if not word:
            continue
        found = [c for c in choices if c.startswith(word)]
        if len(found) == 1:
            return found[0]
        out.print(Text(f"type one of: {', '.join(choices)}", style="red"))


def end_screen(
    out: Console,
    inp: TextIO,
    duel: Duel,
    *,
    viewer: int = 0,
    names: tuple[str, str] = ("You", "Opponent"),
    name: Callable[[int], str] | None = None,
    choices: Sequence[str] = tuple(CHOICES),
    heading: str = "",
) -> str:
    """The end screen: final board, result and why, then the choice of what next.

    ``choices``: the words offered (a match may offer only ``next`` / ``quit``;
    an unknown word is shown without a description). ``heading``: a line above
    the verdict (a match's score, for example).
    """
    show_result(out, duel, viewer=viewer, names=names, name=name, heading=heading)
    return ask_next(out, inp, choices)
