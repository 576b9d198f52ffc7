"""Snatch Steal (Equip Spell): equip only to a face-up monster your opponent
controls; you control it while this card is equipped to it. In each of your
opponent's Standby Phases, your opponent gains 1000 LP (mandatory)."""

from ygo.core.enums import Phase
from ygo.effects import (
    Bind,
    Category,
    EventKind,
    equip_and_take_control,
    equip_spell,
    gain_lp,
    is_equipped,
    opponent,
    phase_start,
    trigger,
)

CODE = 45986603
EFFECTS = (
    equip_spell(
        equip_and_take_control(),
        text="take control of an opponent's monster",
        mine=False,
        bind=Bind.CONTROL,
        category=Category.EQUIP | Category.CONTROL,
    ),
    trigger(
        EventKind.PHASE,
        phase_start(Phase.STANDBY, "opp"),
        gain_lp(1000, who=opponent),
        text="your opponent gains 1000 LP",
        mandatory=True,
        condition=is_equipped,
        category=Category.RECOVER,
    ),
)
