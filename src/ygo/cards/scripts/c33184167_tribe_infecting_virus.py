"""Tribe-Infecting Virus (Effect monster): Ignition effect: discard 1 card and
declare a monster Type (both at activation) to destroy every face-up monster of
that Type on the field."""

from ygo.effects import (
    MZONE,
    Category,
    all_of,
    declare_race,
    destroy_every,
    discard_cost,
    face_up,
    ignition,
    of_declared_race,
)

CODE = 33184167
EFFECTS = (
    ignition(
        destroy_every(MZONE, all_of(face_up, of_declared_race())),
        text="discard, declare a Type: destroy its face-up monsters",
        cost=(discard_cost(1), declare_race()),
        category=Category.DESTROY | Category.HANDES,
    ),
)
