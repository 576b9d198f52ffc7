"""Amounts ``(ctx) -> int`` (or a plain int): how much LP, ATK or how many
cards an effect's number is, computed when it resolves."""

from __future__ import annotations

from collections.abc import Callable

from ygo.core.state import NONE
from ygo.effects.filters import Filter, matching
from ygo.effects.zones import GRAVE
from ygo.engine import query
from ygo.engine.effect import Ctx

Amount = int | Callable[[Ctx], int]


def _amount(n: Amount, ctx: Ctx) -> int:
    return n(ctx) if callable(n) else n


def half_lp(ctx: Ctx) -> int:
    return ctx.st.lp[ctx.player] // 2


def target_atk(ctx: Ctx) -> int:
    """An amount: the current ATK of the link's (still legal) target, 0 without one."""
    t = ctx.target()
    return query.atk(ctx.st, t) if t != NONE else 0


def count_in_graves(ok: Filter) -> Callable[[Ctx], int]:
    """An amount: the cards in both players' GYs that pass ``ok``."""
    return lambda ctx: len(matching(ctx, GRAVE, ok))


def per_card_in_hand(per: int) -> Callable[[Ctx, int], int]:
    """A modifier's value: ``per`` for each card in its controller's hand."""
    return lambda ctx, uid: per * len(ctx.st.hand[ctx.st.ctrl[ctx.uid]])


def battler_atk(ctx: Ctx) -> int:
    """An amount: the current ATK of the monster this card battled (the one that
    destroyed it by battle), 0 if there is none."""
    st = ctx.st
    other = st.target if st.attacker == ctx.uid else st.attacker
    return 0 if other == NONE else query.atk(st, other)
