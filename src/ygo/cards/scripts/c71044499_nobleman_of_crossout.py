"""Nobleman of Crossout (Normal Spell): target a face-down monster on the field;
destroy it and banish it. If it was a Flip monster, each player shows their Deck,
banishes every card with that name from it, then shuffles."""

from ygo.core.enums import CardType
from ygo.effects import NONE, Category, Ctx, EventKind, Reason, activate, face_down, step, targets
from ygo.engine import ops

CODE = 71044499


def _crossout(ctx: Ctx) -> None:
    st = ctx.st
    t = ctx.target()
    if t == NONE:
        return
    code = st.data[t].code
    was_flip = bool(st.ctype[t] & CardType.FLIP)
    ops.banish(st, [t], Reason.EFFECT | Reason.DESTROY, ctx.player, ctx.uid)
    if not was_flip:
        return
    for p in (st.tp, 1 - st.tp):
        copies = [u for u in st.deck[p] if st.data[u].code == code]
        for u in copies:
            ops.raise_event(st, EventKind.REVEAL, p, u, rp=ctx.player, rc=ctx.uid)
        if copies:
            ops.banish(st, copies, Reason.EFFECT, ctx.player, ctx.uid)
        ops.shuffle_deck(st, p)


EFFECTS = (
    activate(
        step(_crossout),
        text="destroy and banish a face-down monster",
        target=targets(face_down),
        category=Category.DESTROY | Category.BANISH,
    ),
)
