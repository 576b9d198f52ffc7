"""Costs (R-CHAIN-7): steps paid when an effect is activated, each with the
``can`` check that says whether it can be paid."""

from __future__ import annotations

from ygo.effects.amounts import Amount, _amount
from ygo.effects.choices import choose, chosen, you
from ygo.effects.filters import Filter, any_card
from ygo.effects.steps import grant_one
from ygo.effects.zones import GRAVE, HAND, MZONE, cards
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, Mod, Step
from ygo.engine.events import Reason


def pay_lp(n: Amount) -> Step:
    """A cost: pay LP (R-CHAIN-7). Cannot be paid with less LP than that."""

    def do(ctx: Ctx) -> None:
        ops.pay_lp(ctx.st, ctx.player, _amount(n, ctx))

    return Step(do=do, can=lambda ctx: ctx.st.lp[ctx.player] >= _amount(n, ctx))


def discard_cost(n: int = 1, ok: Filter = any_card) -> Step:
    """A cost: discard ``n`` cards (R-CHAIN-7: paid at activation, not refunded)."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in ctx.st.hand[ctx.player] if u != ctx.uid and ok(ctx, u)]

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ops.send_to_grave(ctx.st, picked, Reason.COST | Reason.DISCARD, ctx.player, ctx.uid)

    return Step(
        do=do,
        ask=choose(you, found, n, "Choose a card to discard (cost)"),
        can=lambda ctx: len(found(ctx)) >= n,
    )


def tribute_cost(n: int = 1, ok: Filter = any_card) -> Step:
    """A cost: Tribute ``n`` monsters you control (not destruction, R-TERM-1)."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in cards(ctx, ctx.player, MZONE) if ok(ctx, u)]

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ops.tribute(ctx.st, picked, Reason.COST)

    return Step(
        do=do,
        ask=choose(you, found, n, "Choose a monster to Tribute (cost)"),
        can=lambda ctx: len(found(ctx)) >= n,
    )


def banish_cost(n: int, ok: Filter = any_card, where: int = GRAVE) -> Step:
    """A cost: banish ``n`` of your cards in ``where`` that pass ``ok``."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in cards(ctx, ctx.player, where) if u != ctx.uid and ok(ctx, u)]

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ops.banish(ctx.st, picked, Reason.COST, ctx.player, ctx.uid)

    return Step(
        do=do,
        ask=choose(you, found, n, "Choose a card to banish (cost)"),
        can=lambda ctx: len(found(ctx)) >= n,
    )


def tribute_self() -> Step:
    """A cost: Tribute this card (from the field, R-TERM-1: not destruction)."""

    def do(ctx: Ctx) -> None:
        ops.tribute(ctx.st, [ctx.uid], Reason.COST)

    return Step(do=do, can=lambda ctx: ctx.st.loc[ctx.uid] == MZONE)


def discard_self() -> Step:
    """A cost: discard this card from the hand (Kuriboh)."""

    def do(ctx: Ctx) -> None:
        ops.send_to_grave(ctx.st, [ctx.uid], Reason.COST | Reason.DISCARD, ctx.player, ctx.uid)

    return Step(do=do, can=lambda ctx: ctx.st.loc[ctx.uid] == HAND)


def tribute_cost_noting_atk(ok: Filter = any_card) -> Step:
    """A cost: Tribute 1 monster you control, noting its ATK on the field in
    ``ctx.vars["atk"]`` (for "damage equal to the Tributed monster's ATK")."""
    pick = tribute_cost(1, ok)

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ctx.vars["atk"] = query.atk(ctx.st, picked[0])
        pick.do(ctx)

    return Step(do=do, ask=pick.ask, can=pick.can)


def noted_atk_half(ctx: Ctx) -> int:
    """An amount: half the ATK noted by :func:`tribute_cost_noting_atk` (rounded down)."""
    return ctx.vars.get("atk", 0) // 2


def once_while_face_up() -> Step:
    """A cost: use this card's "once while face-up on the field" effect (noted in
    ``State.cval``, which starts again when the card leaves the field)."""

    def do(ctx: Ctx) -> None:
        ops.set_cval(ctx.st, ctx.uid, 1)

    return Step(do=do, can=lambda ctx: ctx.st.cval[ctx.uid] == 0)


def pay_lp_down_to(left: int) -> Step:
    """A cost: pay LP so that you have only ``left``; the amount paid is kept in
    the link's ``vars["paid"]``. Needs more than ``left`` LP."""

    def do(ctx: Ctx) -> None:
        paid = ctx.st.lp[ctx.player] - left
        ctx.vars["paid"] = paid
        ops.pay_lp(ctx.st, ctx.player, paid)

    return Step(do=do, can=lambda ctx: ctx.st.lp[ctx.player] > left)


def no_attack_this_turn() -> Step:
    """A cost's part: "this card cannot declare an attack the turn this effect is
    activated" (given at activation, so it holds even if the effect is negated)."""

    def do(ctx: Ctx) -> None:
        grant_one(ctx, ctx.uid, Mod.CANNOT_ATTACK, 1)

    return Step(do=do)
