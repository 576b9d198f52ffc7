"""Magical Scientist (Effect monster): as often as its controller likes in their
Main Phase, pay 1000 LP to Special Summon a Fusion monster of Level 6 or lower
from the Extra Deck, face-up in Attack or Defense Position (not a Fusion Summon).
That monster cannot attack directly, and it returns to the Extra Deck in the End
Phase of that turn, even if the Scientist has left the field."""

from ygo.core.enums import CardType, Phase
from ygo.effects import (
    EXTRA,
    FU_ATK,
    FU_DEF,
    MZONE,
    Category,
    Ctx,
    Event,
    EventKind,
    Mod,
    Question,
    Reason,
    can_special_summon,
    cards,
    choose,
    chosen,
    free_zones,
    grant_one,
    ignition,
    mark,
    marks,
    pay_lp,
    rule,
    step,
    unmark,
    you,
)
from ygo.engine import ops, query

CODE = 34206604


def _fusions(ctx: Ctx) -> list[int]:
    st = ctx.st
    if free_zones(st, ctx.player) == 0:
        return []
    return [
        u
        for u in cards(st, ctx.player, EXTRA)
        if st.ctype[u] & CardType.FUSION
        and 0 < query.level(st, u) <= 6
        and can_special_summon(ctx, u)
    ]


_pick = choose(you, _fusions, 1, "Choose a Fusion Monster to Special Summon")


def _ask(ctx: Ctx) -> Question | None:
    q = _pick(ctx)
    if q is not None or not chosen(ctx) or len(ctx.answers) > 1:
        return q
    return Question(ctx.player, "Choose its battle position", (FU_ATK, FU_DEF), False,
                    ("face-up Attack", "face-up Defense"))  # fmt: skip


def _summon(ctx: Ctx) -> None:
    st = ctx.st
    picked = chosen(ctx)
    if not picked or st.loc[picked[0]] != EXTRA:
        return
    u = picked[0]
    pos = ctx.answers[1] if len(ctx.answers) > 1 else FU_ATK
    if ops.special_summon(st, u, ctx.player, pos, ctx.player, ctx.uid):
        grant_one(ctx, u, Mod.CANNOT_DIRECT_ATTACK, 1, until_end_of_turn=False)
        mark(st, u, ctx.uid)


def _end_phase(ctx: Ctx, ev: Event) -> bool:
    return ev.value == Phase.END and any(ctx.st.loc[g[1]] == MZONE for g in marks(ctx))


def _return(ctx: Ctx) -> None:
    st = ctx.st
    back = []
    for g in marks(ctx):
        unmark(st, g)
        if st.loc[g[1]] == MZONE:
            back.append(g[1])
    for u in back:
        ops.move(st, u, EXTRA, Reason.EFFECT | Reason.RETURN, rp=st.ctrl[ctx.uid], rc=ctx.uid)


EFFECTS = (
    ignition(
        step(_summon, ask=_ask, can=lambda ctx: bool(_fusions(ctx))),
        text="pay 1000 LP: Special Summon a Level 6 or lower Fusion Monster",
        cost=(pay_lp(1000),),
        condition=lambda ctx: bool(_fusions(ctx)),
        category=Category.SPECIAL_SUMMON,
    ),
    rule(EventKind.PHASE, _end_phase, step(_return)),
)
