"""Royal Magical Library (Effect monster): each time a Spell Card's activation
resolves while it is face-up, it gets a Spell Counter (it holds at most 3); Ignition
effect: remove 3 Spell Counters from it to draw 1 card."""

from ygo.effects import (
    Category,
    EventKind,
    draw,
    ignition,
    place_counter_on_self,
    remove_counters_cost,
    rule,
    spell_card_resolved,
)

CODE = 70791313
EFFECTS = (
    rule(
        EventKind.CHAIN_SOLVING,
        spell_card_resolved,
        place_counter_on_self(1),
        extra={"counter_max": 3},
    ),
    ignition(
        draw(1),
        text="remove 3 Spell Counters: draw 1",
        cost=(remove_counters_cost(3),),
        category=Category.DRAW,
    ),
)
