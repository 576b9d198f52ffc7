"""Magical Labyrinth (Equip Spell): equips only to Labyrinth Wall. Ignition:
Tribute the Labyrinth Wall it is equipped to and Special Summon Wall Shadow from
your Deck (Wall Shadow's own way: properly summoned, R-SUM-9)."""

from ygo.effects import equip_spell, named, tribute_equipped_to_summon

CODE = 64389297
LABYRINTH_WALL = 67284908
WALL_SHADOW = 63162310
EFFECTS = (
    equip_spell(text="equip to Labyrinth Wall", ok=named(LABYRINTH_WALL)),
    tribute_equipped_to_summon(
        ((LABYRINTH_WALL, WALL_SHADOW),),
        text="Tribute the equipped Labyrinth Wall: Special Summon Wall Shadow from the Deck",
    ),
)
