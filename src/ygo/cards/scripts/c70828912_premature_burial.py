"""Premature Burial (Equip Spell): pay 800 LP, target a monster in your GY: Special
Summon it in Attack Position and equip it with this card. When this card is
destroyed, the monster is destroyed too."""

from ygo.effects import (
    GRAVE,
    Bind,
    Category,
    activate,
    can_special_summon,
    pay_lp,
    special_summon_target_and_equip,
    targets,
)

CODE = 70828912
EFFECTS = (
    activate(
        special_summon_target_and_equip(),
        text="revive a monster from your GY",
        cost=(pay_lp(800),),
        target=targets(can_special_summon, where=GRAVE, opp=False),
        bind=Bind.TARGET_DIES_WITH_IT,
        category=Category.SPECIAL_SUMMON | Category.EQUIP,
    ),
)
