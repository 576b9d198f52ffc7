"""Special wins (R-DUEL-6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ygo.effects.zones import HAND
from ygo.engine import ops
from ygo.engine.effect import Category, Ctx, Effect, EffectKind, Mod, Step
from ygo.engine.result import WinReason


def win_condition(cond: Callable[[Ctx], bool], text: str = "", **kw: Any) -> Effect:
    """A special win (R-DUEL-6): the rules check tests ``cond`` after every action,
    wherever this card is, and its controller wins when it holds. A rule effect:
    not activated, not chained to, not negated (``Mod.WIN``)."""
    return Effect(
        EffectKind.CONTINUOUS,
        text=text,
        mod=Mod.WIN,
        condition=cond,
        category=kw.pop("category", Category.WIN),
        **kw,
    )


def in_hand_with(*codes: int) -> Callable[[Ctx], bool]:
    """A condition: this card is in its owner's hand together with a card of each
    passcode in ``codes`` (Exodia's five pieces)."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        if st.loc[ctx.uid] != HAND:
            return False
        hand = st.hand[st.owner[ctx.uid]]
        held = {st.data[u].code for u in hand} | {st.data[u].alias for u in hand}
        return all(c in held for c in codes)

    return cond


def win_now() -> Step:
    """You win the duel (R-DUEL-6): your opponent is marked as losing, so a win
    and a loss at the same moment are judged together (R-DUEL-7)."""

    def do(ctx: Ctx) -> None:
        ops.lose(ctx.st, 1 - ctx.player, WinReason.EFFECT)

    return Step(do=do)
