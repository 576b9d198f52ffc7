"""T.G. Jet Falcon (Tuner monster, Level 3): when it is sent to the GY as
Synchro Material, its owner deals 500 damage to the opponent (mandatory)."""

from ygo.effects import Category, EventKind, damage, sent_as_synchro_material, trigger

CODE = 37300735

EFFECTS = (
    trigger(
        EventKind.MOVE,
        sent_as_synchro_material,
        damage(500),
        text="inflict 500 damage",
        mandatory=True,
        category=Category.DAMAGE,
    ),
)
