"""Waboku (Normal Trap): for the rest of this turn you take no battle damage and your
monsters cannot be destroyed by battle."""

from ygo.effects import FLAG_BATTLE_SAFE, FLAG_NO_BATTLE_DAMAGE, Category, activate, set_turn_flag

CODE = 12607053
EFFECTS = (
    activate(
        set_turn_flag(FLAG_NO_BATTLE_DAMAGE),
        set_turn_flag(FLAG_BATTLE_SAFE),
        text="no battle damage and no battle destruction for you this turn",
        category=Category.PROTECT,
    ),
)
