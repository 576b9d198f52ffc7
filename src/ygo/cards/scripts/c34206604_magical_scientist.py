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
    current_level,
    free_zones,
    grant_one,
    ignition,
    mark,
    marks,
    move_card,
    pay_lp,
    rule,
    special_summon,
    step,
    unmark,
    you,
)

CODE = 34206604


def _fusions(ctx: Ctx) -> list[int]:
    if free_zones(ctx, ctx.player) == 0:
        return []
    return [
        u
        for u in cards(ctx, ctx.player, EXTRA)
        if ctx.types(u) & CardType.FUSION
        and 0 < current_level(ctx, u) <= 6
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
    picked = chosen(ctx)
    if not picked or ctx.location(picked[0]) != EXTRA:
        return
    u = picked[0]
    pos = ctx.answers[1] if len(ctx.answers) > 1 else FU_ATK
    if special_summon(ctx, u, pos):
        grant_one(ctx, u, Mod.CANNOT_DIRECT_ATTACK, 1, until_end_of_turn=False)
        mark(ctx, u)


def _end_phase(ctx: Ctx, ev: Event) -> bool:
    return ev.value == Phase.END and any(ctx.location(g.card) == MZONE for g in marks(ctx))


def _return(ctx: Ctx) -> None:
    back = []
    for g in marks(ctx):
        unmark(ctx, g)
        if ctx.location(g.card) == MZONE:
            back.append(g.card)
    for u in back:
        move_card(ctx, u, EXTRA, Reason.EFFECT | Reason.RETURN, by=ctx.controller(ctx.uid))


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
