"""Raigeki (Normal Spell): destroy every monster your opponent controls."""

from ygo.effects import MZONE, Category, activate, destroy_all

CODE = 12580477
EFFECTS = (
    activate(
        destroy_all(MZONE, mine=False),
        text="destroy all your opponent's monsters",
        category=Category.DESTROY,
    ),
)
