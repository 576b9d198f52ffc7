"""Heavy Storm (Normal Spell): destroy every other Spell and Trap on the field,
both players' (Field Spells too)."""

from ygo.effects.lib import FZONE, PZONE, SZONE, Category, activate, destroy_all

CODE = 19613556
EFFECTS = (
    activate(
        destroy_all(SZONE | FZONE | PZONE),
        text="destroy all Spells and Traps",
        category=Category.DESTROY,
    ),
)
