"""De-Spell (Normal Spell): target a face-up Spell, or a Set card in a Spell & Trap
or Field Zone; a Set target is revealed; destroy the target if it is a Spell."""

from ygo.effects import (
    FZONE,
    NONE,
    PZONE,
    SZONE,
    Category,
    Ctx,
    activate,
    all_of,
    any_of,
    destroy_cards,
    face_down,
    face_up,
    not_self,
    reveal,
    spell,
    step,
    targets,
)

CODE = 19159413


def _despell(ctx: Ctx) -> None:
    t = ctx.target()
    if t == NONE:
        return
    if ctx.face_down(t):
        reveal(ctx, [t])
    if spell(ctx, t):
        destroy_cards(ctx, [t])


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
