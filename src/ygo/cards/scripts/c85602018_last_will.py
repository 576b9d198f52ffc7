"""Last Will (Normal Spell), as the guides' period printed it: if a monster you
controlled was sent to your GY this turn, Special Summon from your Deck one
monster with 1500 or less ATK, then shuffle. (Later printings turn this into a
delayed effect; the guides give it as an example of summoning by an effect.)"""

from ygo.core.enums import Location
from ygo.effects import DECK, Category, Ctx, EventKind, activate, atk_at_most, special_summon_from

CODE = 85602018
_MZONE = int(Location.MZONE)
_GRAVE = int(Location.GRAVE)


def _lost_a_monster_this_turn(ctx: Ctx) -> bool:
    """A monster went from your Monster Zone to your GY this turn (read back in the
    event log to this turn's start)."""
    events = ctx.st.events
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.kind == EventKind.TURN:
            return False
        if (
            e.kind == EventKind.MOVE
            and e.src == _MZONE
            and e.dst == _GRAVE
            and e.prev_ctrl == ctx.player
            and e.player == ctx.player
        ):
            return True
    return False


EFFECTS = (
    activate(
        special_summon_from(DECK, atk_at_most(1500)),
        text="Special Summon a monster with 1500 or less ATK from your Deck",
        condition=_lost_a_monster_this_turn,
        category=Category.SPECIAL_SUMMON,
    ),
)
