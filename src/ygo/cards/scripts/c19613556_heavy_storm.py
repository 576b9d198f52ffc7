"""Heavy Storm (Normal Spell): destroy every other Spell and Trap on the field,
both players' (Field Spells too)."""

from ygo.effects import ONFIELD, Category, activate, destroy_all, spell_trap_card

CODE = 19613556
EFFECTS = (
    activate(
        destroy_all(ONFIELD, spell_trap_card),
        text="destroy all Spells and Traps",
        category=Category.DESTROY,
    ),
)
