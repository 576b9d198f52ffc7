"""Dragon Capture Jar (Continuous Trap): while it is face-up on the field, every
face-up Dragon monster on the field is in Defense Position: those in Attack Position
are changed to Defense Position (when it resolves, and whenever one is summoned or
turned face-up in Attack Position later), and they cannot change their battle
position."""

from ygo.core.enums import Race
from ygo.effects import (
    FU_ATK,
    FU_DEF,
    MZONE,
    Category,
    Ctx,
    Event,
    EventKind,
    Mod,
    activate,
    active_card,
    all_of,
    change_position,
    face_up,
    matching,
    modifier,
    on_field,
    race,
    rule,
)

CODE = 50045299
_DRAGON = all_of(on_field, face_up, race(Race.DRAGON))


def _attacking(ctx: Ctx) -> list[int]:
    return [u for u in matching(ctx, MZONE, _DRAGON) if ctx.position(u) == FU_ATK]


def _new_attacker(ctx: Ctx, ev: Event) -> bool:
    return active_card(ctx) and bool(_attacking(ctx))


_TO_DEFENSE = change_position(_attacking, FU_DEF)
_NEWCOMERS = (
    EventKind.SUMMON,
    EventKind.FLIP_SUMMON,
    EventKind.SPECIAL_SUMMON,
    EventKind.FLIP,
    EventKind.POSITION,
)

EFFECTS = (
    activate(
        _TO_DEFENSE,
        text="face-up Dragons are changed to Defense Position",
        category=Category.POSITION,
    ),
    modifier(Mod.CANNOT_CHANGE_POS, _DRAGON),
    *(rule(kind, _new_attacker, _TO_DEFENSE) for kind in _NEWCOMERS),
)
