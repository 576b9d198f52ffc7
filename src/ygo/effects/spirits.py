"""Spirit monsters (R-MON-4)."""

from __future__ import annotations

from ygo.effects.constructors import modifier, rule, trigger
from ygo.effects.events import end_phase_if_marked
from ygo.effects.marks import mark_self_this_turn
from ygo.effects.steps import return_self_to_hand
from ygo.effects.summoning import never_special_summoned, summon_condition
from ygo.effects.zones import MZONE
from ygo.engine.effect import Category, Ctx, Effect, Mod
from ygo.engine.events import Event, EventKind


def spirit(direct: bool = False) -> tuple[Effect, ...]:
    """A Spirit monster (R-MON-4): it cannot be Special Summoned, and in the End
    Phase of a turn in which it was Normal Summoned or flipped face-up it returns
    to its owner's hand (a mandatory trigger). ``direct``: it may attack the
    opponent directly even while they control monsters."""

    def arrived(ctx: Ctx, ev: Event) -> bool:
        return ev.card == ctx.uid and ctx.st.loc[ctx.uid] == MZONE

    out = [
        summon_condition("cannot be Special Summoned", never_special_summoned, revive_limit=False),
        rule(EventKind.SUMMON, arrived, mark_self_this_turn()),
        rule(EventKind.FLIP, arrived, mark_self_this_turn()),
        trigger(
            EventKind.PHASE,
            end_phase_if_marked,
            return_self_to_hand(),
            text="return to the hand in the End Phase",
            mandatory=True,
            category=Category.TO_HAND,
        ),
    ]
    if direct:
        out.append(
            modifier(
                Mod.DIRECT_ATTACK,
                lambda ctx, uid: uid == ctx.uid,
                lambda ctx, uid: 1,
                text="may attack directly",
            )
        )
    return tuple(out)
