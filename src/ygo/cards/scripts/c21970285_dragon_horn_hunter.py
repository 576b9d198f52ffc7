"""Dragon Horn Hunter: Normal Pendulum Monster (Level 6, 2300/1000), Pendulum Scale 3.
Its Pendulum Effect works only while it is a Spell in a Pendulum Zone (R-PEND-1): each
face-up vanilla monster, either player's, is 200 stronger in attack, and its owner is
shielded from combat damage when one of their own vanilla monsters fights. In a Monster
Zone it is a vanilla monster itself."""

from ygo.core.enums import CardType
from ygo.effects import Mod, all_of, face_up_monster, is_type, modifier, pendulum_card, yours

CODE = 21970285

_normal = all_of(face_up_monster, is_type(int(CardType.NORMAL)))

EFFECTS = (
    pendulum_card(),
    modifier(Mod.ATK_ADD, _normal, lambda ctx, uid: 200, pendulum_effect=True),
    modifier(Mod.SHIELDS_CONTROLLER, all_of(_normal, yours), pendulum_effect=True),
)
