"""Relinquished (Ritual Effect monster, Ritual Summoned with Black Illusion
Ritual). Once per turn (Ignition): target a monster the opponent controls and
equip it to this card as an Equip Card (one at a time); this card's ATK and DEF
become that monster's. If this card would be destroyed by battle, the equipped
monster is destroyed instead. While it has that monster, battle damage its
controller takes from its battles is dealt to the opponent too (effect damage)."""

from ygo.effects import absorb_monster, reflect_battle_damage_while_absorbed

CODE = 64631466
EFFECTS = (*absorb_monster(), reflect_battle_damage_while_absorbed())
