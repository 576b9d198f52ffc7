"""Last Will (Normal Spell), as the guides' period printed it: if a monster you
controlled was sent to your GY this turn, Special Summon from your Deck one
monster with 1500 or less ATK, then shuffle. (Later printings turn this into a
delayed effect; the guides give it as an example of summoning by an effect.)"""

from ygo.effects import (
    DECK,
    GRAVE,
    MZONE,
    Category,
    Ctx,
    EventKind,
    activate,
    atk_at_most,
    events_this_turn,
    special_summon_from,
)

CODE = 85602018


def _lost_a_monster_this_turn(ctx: Ctx) -> bool:
    """A monster went from your Monster Zone to your GY this turn (read back in the
    event log to this turn's start)."""
    return any(
        e.kind == EventKind.MOVE
        and e.src == MZONE
        and e.dst == GRAVE
        and e.prev_ctrl == ctx.player
        and e.player == ctx.player
        for e in events_this_turn(ctx)
    )


EFFECTS = (
    activate(
        special_summon_from(DECK, atk_at_most(1500)),
        text="Special Summon a monster with 1500 or less ATK from your Deck",
        condition=_lost_a_monster_this_turn,
        category=Category.SPECIAL_SUMMON,
    ),
)
