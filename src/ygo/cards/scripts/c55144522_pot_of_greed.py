"""Pot of Greed (Normal Spell): you draw 2 cards."""

from ygo.effects import Category, activate, draw

CODE = 55144522
EFFECTS = (activate(draw(2), text="draw 2", category=Category.DRAW),)
