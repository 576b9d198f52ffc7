"""Dark Magician Knight (Effect monster, Special Summon only): it cannot be Normal
Summoned or Set, and only Knight's Title can Special Summon it (R-SUM-8). When it
is Special Summoned, its controller targets one card on the field and destroys it."""

from ygo.effects import (
    ONFIELD,
    Category,
    EventKind,
    destroy_targets,
    only_by,
    self_event,
    summon_condition,
    targets,
    trigger,
)

CODE = 50725996
KNIGHTS_TITLE = 87210505
EFFECTS = (
    summon_condition("only by Knight's Title", only_by(KNIGHTS_TITLE)),
    trigger(
        EventKind.SPECIAL_SUMMON,
        self_event,
        destroy_targets(),
        text="destroy a card on the field",
        mandatory=True,
        target=targets(where=ONFIELD),
        category=Category.DESTROY,
    ),
)
