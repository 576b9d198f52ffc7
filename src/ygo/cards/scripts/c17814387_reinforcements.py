"""Reinforcements (Normal Trap): target a face-up monster; it gains 500 ATK until the
end of this turn. Can be activated in the Damage Step up to damage calculation."""

from ygo.effects import Category, Mod, activate, face_up_monster, grant, targets

CODE = 17814387
EFFECTS = (
    activate(
        grant(Mod.ATK_ADD, 500),
        text="+500 ATK until the end of the turn",
        target=targets(face_up_monster),
        damage_step=1,
        category=Category.ATK,
    ),
)
