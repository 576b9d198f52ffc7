"""Tornado Dragon (Xyz monster, Rank 4, 2100/2000): 2 Level 4 monsters. Once
per turn, also on the opponent's turn (a Quick effect), its controller may
detach 1 material to target one Spell or Trap on the field and destroy it."""

from ygo.effects import (
    FZONE,
    SZONE,
    Category,
    destroy_targets,
    detach_cost,
    quick,
    spell_or_trap,
    targets,
    xyz_materials,
)

CODE = 6983839

EFFECTS = (
    xyz_materials(2, text="2 Level 4 monsters"),
    quick(
        destroy_targets(),
        cost=(detach_cost(1),),
        target=targets(spell_or_trap, where=SZONE | FZONE),
        text="detach 1 material: destroy a Spell or Trap on the field",
        limit=1,
        category=Category.DESTROY,
    ),
)
