"""Spellbinding Circle (Continuous Trap): target a monster your opponent controls
(face-up or face-down); while this card stays, that monster cannot attack or change
its battle position. When that monster is destroyed, this card is destroyed."""

from ygo.effects import Bind, Category, Mod, activate, bind_target, equip_modifier, monster, targets

CODE = 18807108
EFFECTS = (
    activate(
        bind_target(),
        text="bind an opponent's monster",
        target=targets(monster, mine=False),
        bind=Bind.DIES_WITH_TARGET,
        category=Category.POSITION,
    ),
    equip_modifier(Mod.CANNOT_ATTACK, 1),
    equip_modifier(Mod.CANNOT_CHANGE_POS, 1),
)
