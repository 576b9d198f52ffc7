"""Sangan (Effect monster): if it goes from the field to the GY, its controller must
add a monster with 1500 or less ATK from their Deck to their hand, then shuffle."""

from ygo.effects import (
    Category,
    EventKind,
    all_of,
    atk_at_most,
    monster,
    search,
    sent_to_grave_from_field,
    trigger,
)

CODE = 26202165
EFFECTS = (
    trigger(
        EventKind.MOVE,
        sent_to_grave_from_field,
        search(all_of(monster, atk_at_most(1500))),
        text="search a monster with 1500 or less ATK",
        mandatory=True,
        category=Category.SEARCH | Category.TO_HAND,
    ),
)
