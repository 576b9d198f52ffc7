"""Slifer the Sky Dragon (Effect monster, Level 10, DIVINE): an Egyptian God. Its
Normal Summon takes 3 tributes and cannot be negated; it cannot be Normal Set;
once it is Normal Summoned nobody may activate anything in response. If it was
Special Summoned it goes to the GY in the End Phase. Its ATK and DEF are 1000 for
each card in its controller's hand. Whenever a monster is Normal or Special
Summoned to the opponent's field face-up in Attack Position, that monster loses
2000 ATK, and is destroyed if that brought its ATK to 0."""

from ygo.effects import (
    Category,
    EventKind,
    Mod,
    modifier,
    no_response_to_summon,
    note_summoned,
    per_card_in_hand,
    requires_tributes,
    summon_cannot_be_negated,
    summoned_to_opponent_in_attack,
    this_card,
    to_grave_at_end_phase_if_special,
    trigger,
    weaken_noted,
)

CODE = 10000020
_SUMMONS = (EventKind.SUMMON, EventKind.SPECIAL_SUMMON)
EFFECTS = (
    requires_tributes(3),
    summon_cannot_be_negated(),
    no_response_to_summon(),
    to_grave_at_end_phase_if_special(),
    modifier(Mod.ATK_ADD, this_card, per_card_in_hand(1000), text="1000 ATK per card in hand"),
    modifier(Mod.DEF_ADD, this_card, per_card_in_hand(1000), text="1000 DEF per card in hand"),
    *(
        trigger(
            kind,
            summoned_to_opponent_in_attack,
            weaken_noted(2000),
            cost=(note_summoned(kind),),
            text="the summoned monster loses 2000 ATK",
            mandatory=True,
            category=Category.ATK | Category.DESTROY,
        )
        for kind in _SUMMONS
    ),
)
