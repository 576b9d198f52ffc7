"""Riryoku (Normal Spell): target 2 face-up monsters on the field, the first one
chosen to lose, the second to gain: the first loses half its ATK (rounded up)
and the second gains what it lost, until the End Phase. It needs both: if
either is no longer a legal target, nothing happens (R-CHAIN-10)."""

from ygo.effects import (
    Category,
    Ctx,
    Mod,
    activate,
    current_atk,
    face_up_monster,
    grant_one,
    step,
    targets,
)

CODE = 34016756


def _riryoku(ctx: Ctx) -> None:
    t = ctx.targets()
    if len(t) < 2:
        return
    loser, gainer = t
    lost = (current_atk(ctx, loser) + 1) // 2
    grant_one(ctx, loser, Mod.ATK_ADD, -lost)
    grant_one(ctx, gainer, Mod.ATK_ADD, lost)


EFFECTS = (
    activate(
        step(_riryoku),
        text="halve a monster's ATK and give it to another",
        target=targets(face_up_monster, count=2),
        all_targets=True,
        category=Category.ATK,
    ),
)
