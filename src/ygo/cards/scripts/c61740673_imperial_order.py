"""Imperial Order (Continuous Trap): while it is face-up, the effects of every Spell
on the field are negated. Its controller pays 700 LP in each of their Standby Phases
or it is destroyed."""

from ygo.core.enums import Phase
from ygo.effects import (
    Ctx,
    EventKind,
    Mod,
    Question,
    activate,
    destroy_cards,
    modifier,
    on_field,
    pay_lp_now,
    phase_start,
    rule,
    spell,
    step,
)

CODE = 61740673
COST = 700


def _ask(ctx: Ctx) -> Question | None:
    if ctx.answers or ctx.lp(ctx.player) < COST:
        return None
    return Question(
        ctx.player,
        "Imperial Order: pay 700 LP to keep it, or destroy it",
        (1, 0),
        False,
        ("pay 700 LP", "destroy it"),
    )


def _maintain(ctx: Ctx) -> None:
    pay = bool(ctx.answers and ctx.answers[0] == 1)
    if pay:
        pay_lp_now(ctx, COST)
    else:
        destroy_cards(ctx, [ctx.uid])


EFFECTS = (
    activate(text="negate Spell effects"),
    modifier(Mod.DISABLE, lambda ctx, uid: spell(ctx, uid) and on_field(ctx, uid)),
    rule(EventKind.PHASE, phase_start(Phase.STANDBY, "you"), step(_maintain, ask=_ask)),
)
