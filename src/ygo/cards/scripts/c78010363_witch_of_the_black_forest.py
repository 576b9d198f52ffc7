"""Witch of the Black Forest (Effect monster): when it goes from the field to the
GY (destroyed, Tributed, anything), its controller must add a monster with 1500 or
less DEF from their Deck to their hand, then shuffle; once per turn. (The later
errata's lock on the added card's name is not modelled.)"""

from ygo.effects import (
    Category,
    Ctx,
    EventKind,
    all_of,
    current_defense,
    monster,
    search,
    sent_to_grave_from_field,
    trigger,
)

CODE = 78010363


def _def_at_most_1500(ctx: Ctx, uid: int) -> bool:
    return current_defense(ctx, uid) <= 1500


EFFECTS = (
    trigger(
        EventKind.MOVE,
        sent_to_grave_from_field,
        search(all_of(monster, _def_at_most_1500)),
        text="search a monster with 1500 or less DEF",
        mandatory=True,
        limit=1,
        limit_code=CODE,  # "this effect of 'Witch of the Black Forest'": shared by name
        category=Category.SEARCH | Category.TO_HAND,
    ),
)
