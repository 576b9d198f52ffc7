"""Umi (Field Spell): every face-up Fish, Sea Serpent, Thunder and Aqua monster on the
field gains 200 ATK and DEF; every face-up Machine and Pyro monster loses 200 ATK
and DEF (both players' monsters, R-SPELL-3)."""

from ygo.core.enums import Race
from ygo.effects import Ctx, Mod, activate, modifier, on_field

CODE = 22702055
UP = Race.FISH | Race.SEA_SERPENT | Race.THUNDER | Race.AQUA
DOWN = Race.MACHINE | Race.PYRO


def _affects(ctx: Ctx, uid: int) -> bool:
    return on_field(ctx, uid) and bool(ctx.card(uid).race & (UP | DOWN))


def _value(ctx: Ctx, uid: int) -> int:
    return 200 if ctx.card(uid).race & UP else -200


EFFECTS = (
    activate(text="Umi: sea monsters +200, Machine and Pyro -200"),
    modifier(Mod.ATK_ADD, _affects, _value),
    modifier(Mod.DEF_ADD, _affects, _value),
)
