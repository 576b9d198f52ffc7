"""Harpie's Feather Duster (Normal Spell): destroy every Spell and Trap your
opponent controls (Field Spell included)."""

from ygo.effects.lib import FZONE, PZONE, SZONE, Category, activate, destroy_all

CODE = 18144506
EFFECTS = (
    activate(
        destroy_all(SZONE | FZONE | PZONE, mine=False),
        text="destroy all your opponent's Spells and Traps",
        category=Category.DESTROY,
    ),
)
