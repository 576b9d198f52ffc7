"""The Flute of Summoning Dragon (Normal Spell): only while Lord of D. is face-up
on the field (checked at activation and again at resolution): Special Summon up
to 2 Dragon monsters from your hand."""

from ygo.core.enums import Race
from ygo.effects import (
    HAND,
    Category,
    Ctx,
    activate,
    card_face_up_on_field,
    race,
    special_summon_up_to,
    step,
)

CODE = 43973174
LORD_OF_D = 17985575
_lord = card_face_up_on_field(LORD_OF_D)
_summon = special_summon_up_to(HAND, race(Race.DRAGON), 2, "Choose a Dragon to Special Summon")


def _resolve(ctx: Ctx) -> None:
    if _lord(ctx):
        _summon.do(ctx)


def _ask(ctx: Ctx):  # type: ignore[no-untyped-def]
    return _summon.ask(ctx) if _lord(ctx) and _summon.ask is not None else None


EFFECTS = (
    activate(
        step(_resolve, ask=_ask, can=_summon.can),
        text="Special Summon up to 2 Dragons from your hand",
        condition=_lord,
        category=Category.SPECIAL_SUMMON,
    ),
)
