"""Limiter Removal (Quick-Play Spell): the ATK of every face-up Machine you control
now is doubled until the end of the turn (it gains its current ATK); in this turn's
End Phase those Machines are destroyed (still the same cards on the field). An ATK
change: it may be activated in the Damage Step until damage calculation (R-BAT-7)."""

from ygo.core.enums import Phase, Race
from ygo.effects import (
    MZONE,
    Category,
    Ctx,
    EventKind,
    Mod,
    activate,
    all_of,
    current_atk,
    destroy_cards,
    face_up,
    grant_one,
    mark,
    marks,
    matching,
    phase_of,
    race,
    rule,
    step,
    unmark,
)

CODE = 23171610
_MACHINE = all_of(face_up, race(Race.MACHINE))


def _double(ctx: Ctx) -> None:
    for u in matching(ctx, MZONE, _MACHINE, opp=False):
        grant_one(ctx, u, Mod.ATK_ADD, current_atk(ctx, u))  # until the end of the turn
        mark(ctx, u)


def _destroy_them(ctx: Ctx) -> None:
    doomed = []
    for g in marks(ctx):
        unmark(ctx, g)
        if g.turn == ctx.turn and ctx.location(g.card) == MZONE:
            doomed.append(g.card)
    destroy_cards(ctx, doomed)


EFFECTS = (
    activate(
        step(_double),
        text="double the ATK of your Machines; destroy them in the End Phase",
        condition=lambda ctx: bool(matching(ctx, MZONE, _MACHINE, opp=False)),
        damage_step=1,
        category=Category.ATK,
    ),
    rule(
        EventKind.PHASE,
        lambda ctx, ev: phase_of(Phase.END)(ctx, ev) and bool(marks(ctx)),
        step(_destroy_them),
    ),
)
