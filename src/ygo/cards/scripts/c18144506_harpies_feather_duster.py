"""Harpie's Feather Duster (Normal Spell): destroy every Spell and Trap your
opponent controls (Field Spell included)."""

from ygo.effects import ONFIELD, Category, activate, destroy_all, spell_trap_card

CODE = 18144506
EFFECTS = (
    activate(
        destroy_all(ONFIELD, spell_trap_card, mine=False),
        text="destroy all your opponent's Spells and Traps",
        category=Category.DESTROY,
    ),
)
