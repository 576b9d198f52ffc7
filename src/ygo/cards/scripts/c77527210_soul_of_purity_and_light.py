"""Soul of Purity and Light (Effect monster, Special Summon only): it comes out of
the hand only by banishing two LIGHT monsters from its controller's GY. While it
is face-up, the opponent's monsters are 300 ATK weaker during each of the
opponent's Battle Phases."""

from ygo.core.enums import Attribute, Phase
from ygo.effects import (
    MZONE,
    Ctx,
    Mod,
    all_of,
    attribute,
    banish_cost,
    modifier,
    monster,
    procedure,
)

CODE = 77527210
_BATTLE = (Phase.BATTLE_START, Phase.BATTLE_STEP, Phase.DAMAGE, Phase.DAMAGE_CALC,
           Phase.BATTLE_END)  # fmt: skip


def _weakened(ctx: Ctx, uid: int) -> bool:
    return (
        ctx.turn_player != ctx.player
        and ctx.phase in _BATTLE
        and ctx.location(uid) == MZONE
        and ctx.controller(uid) != ctx.player
    )


EFFECTS = (
    procedure(
        banish_cost(2, all_of(monster, attribute(Attribute.LIGHT))),
        text="banish 2 LIGHT monsters from your GY",
    ),
    modifier(Mod.ATK_ADD, _weakened, lambda ctx, uid: -300),
)
