"""Dark Hole (Normal Spell): destroy every monster on the field."""

from ygo.effects import MZONE, Category, activate, destroy_all

CODE = 53129443
EFFECTS = (activate(destroy_all(MZONE), text="destroy all monsters", category=Category.DESTROY),)
