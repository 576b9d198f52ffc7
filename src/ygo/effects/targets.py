"""Target specs (what an effect targets when it is activated, R-CHAIN-10)
and the filters that name one card of the current moment: the attacker, the
monster just summoned, the monster this card is equipped to."""

from __future__ import annotations

from ygo.core.ints import POS_FACEUP
from ygo.effects.filters import Filter, any_card
from ygo.effects.zones import MZONE
from ygo.engine import query
from ygo.engine.effect import Ctx, TargetSpec
from ygo.engine.events import EventKind


def targets(
    ok: Filter = any_card,
    where: int = MZONE,
    count: int = 1,
    mine: bool = True,
    opp: bool = True,
) -> TargetSpec:
    """A target spec: ``count`` cards in ``where`` (yours and/or the opponent's)."""
    return TargetSpec(ok=ok, count=count, locations=where, mine=mine, theirs=opp)


def equipped(ctx: Ctx, uid: int) -> bool:
    """A modifier's ``affects``: the monster this Equip Card is attached to."""
    return query.equipped_to(ctx.st, ctx.uid) == uid


def the_attacker(ctx: Ctx, uid: int) -> bool:
    """A filter: the opponent's monster that is attacking now (Sakuretsu Armor's
    and Magic Cylinder's target)."""
    st = ctx.st
    return uid == st.attacker and st.ctrl[uid] != ctx.player and st.loc[uid] == MZONE


def summoned_now(*kinds: EventKind) -> Filter:
    """A filter: a monster that the events leading to this window summoned in one
    of ``kinds`` (SUMMON, FLIP_SUMMON, SPECIAL_SUMMON), still face-up on the field
    as that same card. A Set is not a Summon (R-SUM-1): its event is SET."""

    def ok(ctx: Ctx, uid: int) -> bool:
        st = ctx.st
        if st.loc[uid] != MZONE or not st.pos[uid] & POS_FACEUP:
            return False
        return any(
            e.card == uid and e.fid == st.fid[uid] for e in st.window_events if e.kind in kinds
        )

    return ok
