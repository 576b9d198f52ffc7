"""Darkness Approaches (Normal Spell), as the guides' period played it: discard 2
cards as a cost, then target a face-up monster on the field and turn it face-down
in its position. A face-up Attack Position monster becomes face-down Attack
Position, which nothing else can make (R-POS-1)."""

from ygo.effects import (
    Category,
    activate,
    can_turn_face_down,
    discard_cost,
    targets,
    turn_face_down_target,
)

CODE = 80168720
EFFECTS = (
    activate(
        turn_face_down_target(),
        text="turn a face-up monster face-down",
        cost=(discard_cost(2),),
        target=targets(can_turn_face_down),
        category=Category.POSITION,
    ),
)
