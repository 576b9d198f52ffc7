"""Mystical Space Typhoon (Quick-Play Spell): target a Spell or Trap on the field; destroy it."""

from ygo.effects.lib import (
    FZONE,
    PZONE,
    SZONE,
    Category,
    activate,
    destroy_targets,
    not_self,
    targets,
)

CODE = 5318639
EFFECTS = (
    activate(
        destroy_targets(),
        text="destroy a Spell/Trap",
        target=targets(not_self, where=SZONE | FZONE | PZONE),
        category=Category.DESTROY,
    ),
)
