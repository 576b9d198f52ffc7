"""De-Spell (Normal Spell): target a face-up Spell, or a Set card in a Spell & Trap
or Field Zone; a Set target is revealed; destroy the target if it is a Spell."""

from ygo.core.enums import Position
from ygo.effects import (
    FZONE,
    NONE,
    PZONE,
    SZONE,
    Category,
    Ctx,
    EventKind,
    Reason,
    activate,
    all_of,
    any_of,
    face_down,
    face_up,
    not_self,
    spell,
    step,
    targets,
)
from ygo.engine import ops

CODE = 19159413


def _despell(ctx: Ctx) -> None:
    st = ctx.st
    t = ctx.target()
    if t == NONE:
        return
    if st.pos[t] & Position.FACEDOWN:
        ops.raise_event(st, EventKind.REVEAL, st.ctrl[t], t, rp=ctx.player, rc=ctx.uid)
    if spell(ctx, t):
        ops.destroy(st, [t], Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    activate(
        step(_despell),
        text="destroy a Spell (a Set card is revealed)",
        target=targets(
            all_of(not_self, any_of(face_down, all_of(face_up, spell))), SZONE | FZONE | PZONE
        ),
        category=Category.DESTROY,
    ),
)
