"""Lord of D. (Effect Monster): while it is face-up on the field, card effects
cannot target Dragon monsters on the field (its own side and the opponent's)."""

from ygo.core.enums import Race
from ygo.effects import Mod, all_of, by_anyone, modifier, monster, on_field, race

CODE = 17985575
EFFECTS = (
    modifier(Mod.CANNOT_BE_TARGETED, all_of(monster, on_field, race(Race.DRAGON)), by_anyone),
)
