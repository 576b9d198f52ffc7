"""Scapegoat (Quick-Play Spell): only by a player who has summoned nothing this
turn and has four free Monster Zones. Its user may summon nothing else for the
rest of the turn (Sets are still allowed; this is part of the activation).
Four Sheep Tokens (Level 1 EARTH Beast, 0/0) come out in face-up Defense
Position; none of them can be Tributed for a Tribute Summon (R-SUM-11)."""

from ygo.effects import (
    FU_DEF,
    Category,
    activate,
    forbid_summons_this_turn,
    not_summoned_this_turn,
    summon_tokens,
    zones_free,
)

CODE = 73915051
SHEEP = 73915052
EFFECTS = (
    activate(
        summon_tokens(SHEEP, 4, FU_DEF, no_tribute_summon=True),
        text="Special Summon four Sheep Tokens",
        condition=lambda ctx: not_summoned_this_turn(ctx) and zones_free(4)(ctx),
        cost=(forbid_summons_this_turn(),),
        category=Category.SPECIAL_SUMMON,
    ),
)
