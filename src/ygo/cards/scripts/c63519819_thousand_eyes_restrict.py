"""Thousand-Eyes Restrict (Fusion Effect monster: Relinquished + Thousand-Eyes
Idol). While it is face-up, no other monster on the field can attack or change
its battle position. Once per turn (Ignition): target a monster the opponent
controls and equip it to this card as an Equip Card (one at a time); this card's
ATK and DEF become that monster's; if this card would be destroyed by battle,
the equipped monster is destroyed instead."""

from ygo.effects import Mod, absorb_monster, all_of, fusion_materials, modifier, monster, not_self

CODE = 63519819
RELINQUISHED, THOUSAND_EYES_IDOL = 64631466, 27125110
_others = all_of(not_self, monster)

EFFECTS = (
    fusion_materials(RELINQUISHED, THOUSAND_EYES_IDOL),
    modifier(Mod.CANNOT_ATTACK, _others),
    modifier(Mod.CANNOT_CHANGE_POS, _others),
    *absorb_monster(),
)
