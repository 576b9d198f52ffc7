"""Amounts ``(ctx) -> int`` (or a plain int): how much LP, ATK or how many
cards an effect's number is, computed when it resolves."""

from __future__ import annotations

from collections.abc import Callable

from ygo.core.state import NONE
from ygo.effects.filters import Filter, matching
from ygo.effects.zones import GRAVE
from ygo.engine import query
from ygo.engine.effect import Ctx
from ygo.engine.events import EventKind, Reason

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
    destroyed it by battle), 0 if there is none. This card, destroyed, is no
    longer named in the battle (it left the Monster Zone); nor is the other one
    if that battle destroyed both: it is then the other monster the battle sent
    away in the events that led here."""
    st = ctx.st
    a = st.attacker
    other = st.target if a == ctx.uid or a == NONE else a
    if other == NONE:
        gone = [
            e.card
            for e in st.window_events
            if e.kind == EventKind.MOVE and e.reason & Reason.BATTLE and e.card != ctx.uid
        ]
        other = gone[0] if gone else NONE
    return 0 if other == NONE else query.atk(st, other)
