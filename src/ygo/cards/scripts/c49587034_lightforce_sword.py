"""Lightforce Sword (Normal Trap): banish a random card from your opponent's hand
face-down (hidden from you, guide 001). In your opponent's 4th Standby Phase after
the activation, that card returns to their hand (if it is still banished)."""

from ygo.core.enums import Phase
from ygo.effects import (
    NONE,
    Category,
    Ctx,
    Event,
    EventKind,
    Reason,
    activate,
    add_to_hand,
    banish_face_down,
    mark,
    marks,
    opponent_has_hand,
    phase_of,
    random_hand_card,
    recount,
    rule,
    step,
    unmark,
)

CODE = 49587034
TURNS = 4


def _banish(ctx: Ctx) -> None:
    u = random_hand_card(ctx, ctx.opponent)
    if u != NONE:
        banish_face_down(ctx, [u])
        mark(ctx, u)


def _standby(ctx: Ctx, ev: Event) -> bool:
    tp = ctx.turn_player
    return phase_of(Phase.STANDBY)(ctx, ev) and any(ctx.owner(g.card) == tp for g in marks(ctx))


def _count(ctx: Ctx) -> None:
    for g in marks(ctx):
        u = g.card
        if ctx.owner(u) != ctx.turn_player:
            continue
        if g.number + 1 >= TURNS:
            unmark(ctx, g)
            add_to_hand(ctx, [u], Reason.EFFECT | Reason.RETURN, by=ctx.controller(ctx.uid))
        else:
            recount(ctx, g, g.number + 1)


EFFECTS = (
    activate(
        step(_banish),
        text="banish a random card from your opponent's hand face-down",
        condition=opponent_has_hand,
        category=Category.BANISH | Category.HANDES,
    ),
    rule(EventKind.PHASE, _standby, step(_count)),
)
