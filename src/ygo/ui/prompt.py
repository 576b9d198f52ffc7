"""The question a decision asks, in words: shared by the terminal and the web table."""

from __future__ import annotations

from ygo.engine.actions import Decision, DecisionKind
from ygo.engine.view import View
from ygo.textsafe import plain


def decision_prompt(d: Decision, view: View, names: tuple[str, str]) -> str:
    """The decision's prompt; in a priority window with a chain, which link to answer.

    ``names``: the players as spoken of ("You" for the viewer).
    """
    if d.kind == DecisionKind.PRIORITY and view.chain:
        last = view.chain[-1]
        who = "your" if last.player == d.player else f"{names[last.player]}'s"
        what = plain(last.card.name or "a card")
        return (
            f"Respond to Chain Link {last.number} ({who} {what}) with Chain Link "
            f"{last.number + 1}, or pass"
        )
    return d.prompt
