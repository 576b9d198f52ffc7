"""Castle Walls (Normal Trap): target a face-up monster; it gains 500 DEF until the
end of this turn (an ATK/DEF change: it may be activated in the Damage Step until
damage calculation, R-BAT-7)."""

from ygo.effects import Category, Mod, activate, face_up_monster, grant, targets

CODE = 44209392
EFFECTS = (
    activate(
        grant(Mod.DEF_ADD, 500),
        text="a face-up monster gains 500 DEF this turn",
        target=targets(face_up_monster),
        damage_step=1,
        category=Category.ATK,
    ),
)
