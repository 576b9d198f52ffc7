"""Mystical Space Typhoon (Quick-Play Spell): target a Spell or Trap on the field; destroy it
(a trap monster too: it is still a Trap Card, R-MON-4)."""

from ygo.effects import (
    ONFIELD,
    Category,
    activate,
    all_of,
    destroy_targets,
    not_self,
    spell_trap_card,
    targets,
)

CODE = 5318639
EFFECTS = (
    activate(
        destroy_targets(),
        text="destroy a Spell/Trap",
        target=targets(all_of(not_self, spell_trap_card), where=ONFIELD),
        category=Category.DESTROY,
    ),
)
