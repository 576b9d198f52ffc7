"""Sanga of the Thunder (Effect monster; one of Gate Guardian's three parts): once while it is
face-up on the field, when an opponent's monster attacks it in the opponent's
turn, at damage calculation its controller can target the attacker: that monster
has 0 ATK for this damage calculation only."""

from ygo.effects import zero_attacker_atk_once

CODE = 25955164
EFFECTS = (zero_attacker_atk_once(),)
