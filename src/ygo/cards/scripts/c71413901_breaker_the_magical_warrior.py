"""Breaker the Magical Warrior (Effect monster): when Normal Summoned it gets a
Spell Counter (it holds at most 1); it has 300 more ATK per counter on it; Ignition
effect: remove 1 Spell Counter from it to target a Spell or Trap on the field and
destroy it."""

from ygo.effects import (
    ONFIELD,
    Category,
    EventKind,
    Mod,
    counters_on_self,
    destroy_targets,
    ignition,
    modifier,
    place_counter_on_self,
    remove_counters_cost,
    self_event,
    spell_or_trap,
    targets,
    trigger,
)

CODE = 71413901
EFFECTS = (
    trigger(
        EventKind.SUMMON,
        self_event,
        place_counter_on_self(1),
        text="put a Spell Counter on it",
        mandatory=True,
        extra={"counter_max": 1},
    ),
    modifier(
        Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, counters_on_self(300), category=Category.ATK
    ),
    ignition(
        destroy_targets(),
        text="remove a Spell Counter: destroy a Spell or Trap",
        cost=(remove_counters_cost(1),),
        target=targets(spell_or_trap, ONFIELD),
        category=Category.DESTROY,
    ),
)
