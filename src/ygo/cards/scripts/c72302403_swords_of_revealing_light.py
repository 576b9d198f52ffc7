"""Swords of Revealing Light (Normal Spell that stays, R-SPELL-7): when it
resolves, your opponent's face-down monsters are turned face-up. While it is
face-up on the field your opponent's monsters cannot declare an attack. It is
destroyed in the End Phase of your opponent's third turn after its activation
(the turns are counted on the card, ``State.cval``)."""

from ygo.core.enums import Phase
from ygo.effects import (
    Category,
    EventKind,
    Mod,
    activate,
    destroy_self_after_turns,
    flip_face_up_all,
    modifier,
    phase_start,
    rule,
    theirs,
)

CODE = 72302403
EFFECTS = (
    activate(
        flip_face_up_all(),
        text="flip your opponent's monsters face-up; they cannot attack",
        stays=True,
        category=Category.POSITION,
    ),
    modifier(Mod.CANNOT_DECLARE_ATTACK, theirs),
    rule(EventKind.PHASE, phase_start(Phase.END, "opp"), destroy_self_after_turns(3)),
)
