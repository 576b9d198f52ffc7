"""Upstart Goblin (Normal Spell): draw 1 card; then your opponent gains 1000 LP."""

from ygo.effects import Category, activate, draw, gain_lp, opponent

CODE = 70368879
EFFECTS = (
    activate(
        draw(1),
        gain_lp(1000, who=opponent),
        text="draw 1; your opponent gains 1000 LP",
        category=Category.DRAW,
    ),
)
