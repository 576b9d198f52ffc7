"""Gilford the Lightning (Effect monster, Level 8): besides the usual 2 tributes, it
may be Tribute Summoned with 3 (R-MON-2). When it is Tribute Summoned that way,
every monster the opponent controls is destroyed."""

from ygo.effects import (
    MZONE,
    Category,
    EventKind,
    alternative_tribute_summon,
    destroy_all,
    summoned_with,
    trigger,
)

CODE = 36354007
EFFECTS = (
    alternative_tribute_summon(3, "may be Tribute Summoned with 3 tributes"),
    trigger(
        EventKind.SUMMON,
        summoned_with(3),
        destroy_all(MZONE, mine=False),
        text="destroy all the opponent's monsters",
        mandatory=True,
        category=Category.DESTROY,
    ),
)
