"""Sinister Serpent (Effect monster): in its owner's Standby Phase, while it is in
their GY, they may add it to their hand (once per turn); if they do, one Sinister
Serpent in their GY is banished in the opponent's next End Phase."""

from ygo.core.enums import Phase
from ygo.effects import (
    GRAVE,
    Category,
    Ctx,
    Effect,
    Event,
    EventKind,
    Step,
    banish_cards,
    cards,
    duel_value,
    named,
    phase_start_in_grave,
    return_self_to_hand,
    rule,
    set_duel_value,
    trigger,
)

CODE = 8131171
# The delayed banishment: the turn the Serpent returned, kept per player in the
# duel's count-limit table under a key no real effect uses.
_KEY = ((CODE << 4) | 15) * 2


def _schedule(ctx: Ctx) -> None:
    set_duel_value(ctx, _KEY + ctx.player, ctx.turn)


def _due(ctx: Ctx, ev: Event) -> bool:
    owner = ctx.owner(ctx.uid)
    marked = duel_value(ctx, _KEY + owner) or 0
    return (
        ev.value == Phase.END
        and ctx.turn_player != owner
        and marked != 0
        and marked == ctx.turn - 1
    )


def _banish_one(ctx: Ctx) -> None:
    owner = ctx.owner(ctx.uid)
    if (duel_value(ctx, _KEY + owner) or 0) != ctx.turn - 1:
        return  # another copy has done it
    set_duel_value(ctx, _KEY + owner, 0)
    found = [u for u in cards(ctx, owner, GRAVE) if named(CODE)(ctx, u)]
    if found:
        banish_cards(ctx, [found[0]], by=owner)


EFFECTS: tuple[Effect, ...] = (
    trigger(
        EventKind.PHASE,
        phase_start_in_grave(Phase.STANDBY, "you"),
        return_self_to_hand(),
        Step(do=_schedule),
        text="return it from the GY to the hand",
        limit=1,
        limit_code=CODE,  # "this effect of 'Sinister Serpent'": shared by name
        category=Category.TO_HAND,
    ),
    rule(EventKind.PHASE, _due, Step(do=_banish_one)),
)
