"""Marks: a card remembers the cards it affected (as they are now), for a
delayed effect ("destroy it in the End Phase", "if this card did X this turn")."""

from __future__ import annotations

from typing import NamedTuple

from ygo.engine.effect import Ctx, Step

#: ``State.granted`` code of a mark: ``(GRANT_MARK, card, fid, count, source, 0,
#: turn)``. No query reads it; it lasts while the marked card stays where it is
#: (the same incarnation) and lets a card find "the cards it affected" later (a
#: delayed effect: destroyed in the End Phase, returned after some turns).
GRANT_MARK = 1000


class Mark(NamedTuple):
    """One mark as :func:`marks` reads it (stored as a plain tuple in ``State.granted``)."""

    kind: int
    card: int
    """The marked card."""
    fid: int
    number: int
    """The marking card's own number (a turn count, a kind of mark)."""
    source: int
    """The card that marked it."""
    reset: int
    turn: int
    """The turn it was marked in."""


def mark(ctx: Ctx, uid: int, count: int = 0) -> None:
    """Mark ``uid`` (as it is now) for this card's later use."""
    st = ctx.st
    st.granted.append((GRANT_MARK, uid, st.fid[uid], count, ctx.uid, 0, st.turn))
    st.dirty = True


def marks(ctx: Ctx) -> list[Mark]:
    """This card's marks whose cards are still the incarnations it marked."""
    fid = ctx.st.fid
    return [Mark._make(g) for g in ctx.st.granted
            if g[0] == GRANT_MARK and g[4] == ctx.uid and fid[g[1]] == g[2]]  # fmt: skip


def unmark(ctx: Ctx, entry: tuple[int, ...]) -> None:
    granted = ctx.st.granted
    if entry in granted:
        granted.remove(entry)


def recount(ctx: Ctx, entry: Mark, count: int) -> None:
    """Keep a mark with a new ``count`` (the same card, turn and source)."""
    unmark(ctx, entry)
    ctx.st.granted.append(tuple(entry._replace(number=count)))


def mark_self_this_turn() -> Step:
    """Mark this card (as it is now) for this turn: "if this card did X this turn"
    (read with :func:`marked_this_turn`)."""

    def do(ctx: Ctx) -> None:
        if marked_this_turn(ctx):
            return
        for g in marks(ctx):  # an older turn's mark of itself: replaced
            if g[1] == ctx.uid:
                unmark(ctx, g)
        mark(ctx, ctx.uid)

    return Step(do=do)


def marked_this_turn(ctx: Ctx) -> bool:
    """This card, still the same incarnation, was marked by itself this turn."""
    turn = ctx.st.turn
    return any(g[1] == ctx.uid and g[6] == turn for g in marks(ctx))
