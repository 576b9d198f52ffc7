"""Different Dimension Capsule (Normal Spell that stays on the field): banish a
card of your choice from your Deck face-down (hidden from your opponent). In your
second Standby Phase after the activation, this card is destroyed and the
banished card is added to your hand. If this card leaves the field first, the
card stays banished. The card and the Standby Phases counted are kept in this
card's ``State.cval`` (banished card + 1, times 4, plus the count)."""

from ygo.core.enums import Location, Phase, Position
from ygo.effects import (
    NONE,
    Category,
    Ctx,
    EventKind,
    Reason,
    activate,
    banish_face_down_from_deck,
    phase_start,
    rule,
    step,
)
from ygo.engine import ops

CODE = 11961740
_BANISHED = int(Location.BANISHED)


def _remember(ctx: Ctx) -> None:
    st = ctx.st
    u = ctx.vars.get("banished", NONE)
    if u != NONE and ctx.on_field:
        ops.set_cval(st, ctx.uid, (u + 1) * 4)


def _standby(ctx: Ctx) -> None:
    st = ctx.st
    code = st.cval[ctx.uid]
    if code < 4:
        return
    code += 1
    ops.set_cval(st, ctx.uid, code)
    if code % 4 < 2:
        return
    u = code // 4 - 1
    ops.destroy(st, [ctx.uid], Reason.EFFECT, ctx.player, ctx.uid)
    if st.loc[u] == _BANISHED and st.pos[u] & Position.FACEDOWN and st.owner[u] == ctx.player:
        ops.to_hand(st, [u], Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    activate(
        banish_face_down_from_deck(),
        step(_remember),
        text="banish a card from your Deck face-down; add it to your hand later",
        stays=True,
        category=Category.BANISH | Category.TO_HAND,
    ),
    rule(EventKind.PHASE, phase_start(Phase.STANDBY, "you"), step(_standby)),
)
