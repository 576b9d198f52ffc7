"""Number 17: Leviathan Dragon (Xyz monster, Rank 3, 2000/0): 2 Level 3
monsters. Once per turn its controller may detach 1 material to give it 500
ATK (for good). While it has no material it cannot attack directly."""

from ygo.effects import (
    Category,
    Mod,
    detach_cost,
    grant,
    ignition,
    modifier,
    self_without_material,
    xyz_materials,
)

CODE = 69610924

EFFECTS = (
    xyz_materials(2, text="2 Level 3 monsters"),
    ignition(
        grant(Mod.ATK_ADD, 500, until_end_of_turn=False, who="self"),
        cost=(detach_cost(1),),
        text="detach 1 material: this card gains 500 ATK",
        limit=1,
        category=Category.ATK,
    ),
    modifier(
        Mod.CANNOT_DIRECT_ATTACK, self_without_material, text="no direct attack without material"
    ),
)
