"""Spell Counters (R-TERM-5): Breaker the Magical Warrior, Royal Magical Library."""

from __future__ import annotations

from tests.cards.scripts.support import (
    atk,
    events,
)
from tests.scenario import Scenario, card
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase
from ygo.defaults import Duel
from ygo.engine.effect import Effect
from ygo.engine.events import EventKind

BREAKER = "Breaker the Magical Warrior"  # 1600 ATK
LIBRARY = "Royal Magical Library"
GUARDIAN = "Celtic Guardian"  # 1400 / 1200 Warrior Normal (the deck filler)
POT = "Pot of Greed"


def _counters(duel: Duel, uid: int) -> int:
    return duel._st.counters[uid]


def _counter_spell() -> Scripts:
    """A test-only Normal Spell: put a Spell Counter on a target monster, as far as
    the monster can hold one (R-TERM-5)."""
    base = default_scripts()
    table: dict[int, tuple[Effect, ...]] = {c: base.effects(c) for c in base.codes()}
    table[card("Mystical Space Typhoon").code] = (
        effects.activate(
            effects.add_counters(1, effects.can_hold_counter),
            text="a Spell Counter",
            target=effects.targets(effects.monster),
        ),
    )
    return Scripts(table)


def test_breaker_normal_summoned_gets_a_counter_and_spends_it_on_a_spell() -> None:
    # R-TERM-5: a counter is placed on it and removed as the cost.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    breaker = s.hand(0, BREAKER)[0]
    theirs = s.spell(1, "Mirror Force")
    s.choose(0, f"summon {BREAKER} [{breaker}]")
    duel = s.build()
    s.run(duel)
    assert _counters(duel, breaker) == 1
    assert atk(duel, breaker) == 1600 + 300
    s.choose(0, f"activate {BREAKER} [{breaker}]")  # one target: unasked
    s.run(duel)
    assert duel.location(theirs) == Location.GRAVE
    assert _counters(duel, breaker) == 0
    assert atk(duel, breaker) == 1600
    reasons = duel.explain(breaker, 0).reasons
    assert "activate: its cost cannot be paid" in reasons


def test_breaker_special_summoned_gets_no_counter() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    breaker = s.grave(0, BREAKER)[0]
    reborn = s.hand(0, "Monster Reborn")[0]
    s.choose(0, f"activate Monster Reborn [{reborn}]", "choose face-up Attack")
    duel = s.run()
    assert duel.location(breaker) == Location.MZONE
    assert _counters(duel, breaker) == 0 and atk(duel, breaker) == 1600


def test_royal_magical_library_counts_resolved_spells_up_to_three_and_draws() -> None:
    # R-TERM-5: one counter per Spell Card that resolves, at most 3; 3 removed to draw.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    library = s.monster(0, LIBRARY)
    pots = s.hand(0, POT, POT, POT, POT)
    s.filler(0, 12)
    for p in pots:
        s.choose(0, f"activate {POT} [{p}]")
    duel = s.build()
    s.run(duel)
    assert _counters(duel, library) == 3
    counted = [e.value for e in events(duel, EventKind.COUNTER)]
    assert counted == [1, 2, 3]
    hand = len(duel.hand(0))
    s.choose(0, f"activate {LIBRARY} [{library}]")
    s.run(duel)
    assert _counters(duel, library) == 0
    assert len(duel.hand(0)) == hand + 1


def test_royal_magical_library_gets_no_counter_for_a_negated_spell() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    library = s.monster(0, LIBRARY)
    pot = s.hand(0, POT)[0]
    jammer = s.spell(1, "Magic Jammer")
    s.hand(1, GUARDIAN)
    s.choose(0, f"activate {POT} [{pot}]")
    s.choose(1, f"activate Magic Jammer [{jammer}]")  # discards its only card
    duel = s.run()
    assert duel.location(pot) == Location.GRAVE and duel.hand(0) == []
    assert _counters(duel, library) == 0


def test_a_card_that_cannot_hold_counters_never_gets_one() -> None:
    # R-TERM-5: Spell Counters only on cards that can hold them.
    results = {}
    for name in (GUARDIAN, LIBRARY, BREAKER):
        s = Scenario(scripts=_counter_spell()).at(turn=3, player=0, phase=Phase.MAIN1)
        m = s.monster(1, name)
        spell = s.hand(0, "Mystical Space Typhoon")[0]
        s.choose(0, f"activate Mystical Space Typhoon [{spell}]")
        duel = s.run()
        results[name] = _counters(duel, m)
    # The Library also counts the Spell's resolution itself (either player's Spell).
    assert results == {GUARDIAN: 0, LIBRARY: 2, BREAKER: 1}


def test_a_full_card_takes_no_more_counters() -> None:
    # R-TERM-5: Breaker holds one at most.
    s = Scenario(scripts=_counter_spell()).at(turn=3, player=0, phase=Phase.MAIN1)
    breaker = s.hand(0, BREAKER)[0]
    spell = s.hand(0, "Mystical Space Typhoon")[0]
    s.choose(0, f"summon {BREAKER} [{breaker}]")
    s.choose(0, f"activate Mystical Space Typhoon [{spell}]")
    duel = s.run()
    assert _counters(duel, breaker) == 1
    assert atk(duel, breaker) == 1900
