"""Continuous and Field Spells: Umi and the Field Zone rules (classic and MR3),
Swords of Revealing Light, Spellbinding Circle, a Continuous Spell's lasting effect."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    moves,
    sel,
    stats,
)
from tests.scenario import Scenario, texts
from ygo import effects
from ygo.cards.scripts import default_scripts
from ygo.core.enums import Location, Phase
from ygo.defaults import Duel
from ygo.engine.effect import Effect, Mod
from ygo.engine.events import Reason
from ygo.engine.priority import Window
from ygo.rules import Ruleset

AXE = "Axe of Despair"
MAGE_POWER = "Mage Power"
UMI = "Umi"
MST = "Mystical Space Typhoon"
POT = "Pot of Greed"


def _umi_twice_in_a_row(ruleset: Ruleset) -> tuple[Duel, int, int]:
    s = Scenario(ruleset).at(turn=3, player=0, phase=Phase.MAIN1)
    old, new = s.hand(0, UMI, UMI)
    s.choose(0, act(UMI, old), act(UMI, new))
    return s.run(), old, new


def _umi_on_both_sides(ruleset: Ruleset) -> tuple[Duel, int, int, int]:
    s = Scenario(ruleset).at(turn=3, player=0, phase=Phase.MAIN1)
    mine = s.hand(0, UMI)[0]
    theirs = s.hand(1, UMI)[0]
    fish = s.monster(1, "Great White")  # 1600/800
    s.choose(0, act(UMI, mine), "end-turn")
    s.choose(1, act(UMI, theirs))
    duel = s.run()
    assert duel.turn == 4 and duel.turn_player == 1
    return duel, mine, theirs, fish


class _WithContinuousSpell:
    """The project's scripts, plus a test-only stand-in for a Continuous Spell
    (Insect Barrier's card, with a made-up effect: your monsters gain 300 ATK)."""

    CODE = 23615409

    def effects(self, code: int) -> tuple[Effect, ...]:
        if code == self.CODE:
            return (
                effects.activate(text="stand-in"),
                effects.modifier(
                    Mod.ATK_ADD, effects.all_of(effects.monster, effects.yours), lambda c, u: 300
                ),
            )
        return default_scripts().effects(code)


CELTIC = "Celtic Guardian"  # 1400 / 1200 Warrior EARTH, Normal
MOTH = "Petit Moth"  # 300 / 200 Insect, Normal


def can_activate(duel: Duel, uid: int) -> bool:
    return any((t.startswith("activate ") and t.endswith(f"[{uid}]")) or f"[{uid}]:" in t
               for t in texts(duel.decision))  # fmt: skip


def test_umi_powers_up_sea_monsters_and_weakens_machines_on_both_sides() -> None:
    # R-SPELL-3: a Field Spell affects both players' face-up monsters.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    umi = s.hand(0, UMI)[0]
    fish = s.monster(0, "Great White")  # Fish 1600/800
    serpent = s.monster(1, "Kaiser Sea Horse")  # Sea Serpent 1700/1650
    machine = s.monster(1, "Mechanicalchaser")  # Machine 1850/800
    thunder = s.monster(0, "Sanga of the Thunder")  # Thunder 2600/2200
    aqua = s.monster(1, "Maryokutai")  # Aqua 900/900
    pyro = s.monster(0, "Benchmark Normal Lv2 1000/1000")  # Pyro
    warrior = s.monster(0, "Celtic Guardian")  # unaffected
    s.choose(0, act(UMI, umi))
    s.choose(1, "pass")  # Maryokutai could negate Umi (a Spell in its opponent's turn)
    duel = s.run()
    assert duel.field_spell(0) == umi
    assert stats(duel, fish) == (1800, 1000)
    assert stats(duel, serpent) == (1900, 1850)
    assert stats(duel, thunder) == (2800, 2400)
    assert stats(duel, aqua) == (1100, 1100)
    assert stats(duel, machine) == (1650, 600)
    assert stats(duel, pyro) == (800, 800)
    assert stats(duel, warrior) == (1400, 1200)


def test_a_new_field_spell_replaces_your_own_classic_destroys_it() -> None:
    # R-FIELD-2 [classic]: your old Field Spell is destroyed.
    duel, old, new = _umi_twice_in_a_row(Ruleset.classic())
    assert duel.field_spell(0) == new
    assert duel.location(old) == Location.GRAVE
    assert moves(duel, old)[-1].reason & Reason.DESTROY


def test_a_new_field_spell_replaces_your_own_mr3_sends_it_to_the_gy() -> None:
    # R-FIELD-2 [mr3]: your old Field Spell is sent to the GY, not destroyed.
    duel, old, new = _umi_twice_in_a_row(Ruleset.mr3())
    assert duel.field_spell(0) == new
    assert duel.location(old) == Location.GRAVE
    assert not moves(duel, old)[-1].reason & Reason.DESTROY


def test_classic_a_field_spell_destroys_the_opponents_face_up_one() -> None:
    # R-FIELD-2 [classic]: one face-up Field Spell on the whole field.
    duel, mine, theirs, fish = _umi_on_both_sides(Ruleset.classic())
    assert duel.field_spell(1) == theirs
    assert duel.field_spell(0) is None
    assert duel.location(mine) == Location.GRAVE
    assert moves(duel, mine)[-1].reason & Reason.DESTROY
    assert stats(duel, fish) == (1800, 1000)


def test_mr3_each_player_keeps_a_field_spell() -> None:
    # R-FIELD-2 [mr3]: one per player; the opponent's is untouched.
    duel, mine, theirs, fish = _umi_on_both_sides(Ruleset.mr3())
    assert duel.field_spell(1) == theirs
    assert duel.field_spell(0) == mine
    assert stats(duel, fish) == (2000, 1200)  # both apply


def test_with_five_spell_trap_zones_full_only_a_field_spell_can_be_activated() -> None:
    # R-FIELD-4: the Field Zone is not one of the five Spell & Trap Zones.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    umi, axe, pot = s.hand(0, UMI, AXE, POT)
    for _ in range(5):
        s.spell(0, "Trap Hole", this_turn=True)
    s.monster(0, "Celtic Guardian")
    duel = s.run()
    options = texts(duel.decision)
    assert act(UMI, umi) in options
    assert not [t for t in options if t.startswith((act(AXE, axe), act(POT, pot)))]
    s.choose(0, act(UMI, umi))
    duel = s.run(duel)
    assert duel.field_spell(0) == umi


def test_a_continuous_spell_stays_and_its_effect_ends_when_it_leaves() -> None:
    # R-SPELL-4: it stays on the field after resolving (Mage Power counts it) and
    # its effect ends when it leaves.
    s = Scenario(scripts=_WithContinuousSpell()).at(turn=3, player=0, phase=Phase.MAIN1)
    barrier, power, mst = s.hand(0, _WithContinuousSpell.CODE, MAGE_POWER, MST)
    mine = s.monster(0, "Celtic Guardian")  # 1400/1200
    s.choose(0, act("Insect Barrier", barrier), "pass")
    s.choose(0, act(MAGE_POWER, power), "pass")
    duel = s.run()
    assert duel.location(barrier) == Location.SZONE
    assert stats(duel, mine) == (1400 + 300 + 2 * 500, 1200 + 2 * 500)
    s.choose(0, act(MST, mst), sel("Insect Barrier", barrier))
    duel = s.run(duel)
    assert duel.location(barrier) == Location.GRAVE
    assert stats(duel, mine) == (1400 + 500, 1200 + 500)


def test_insect_barrier_stops_the_opponents_insects_from_attacking() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.spell(0, "Insect Barrier", face_down=False)
    s.monster(1, MOTH)
    s.monster(1, CELTIC)
    s.choose(1, "battle")
    duel = s.run()
    options = texts(duel.decision)
    assert f"attack-with {CELTIC}" in " | ".join(options)
    assert not [t for t in options if MOTH in t]


def test_insect_barrier_is_spell_speed_1() -> None:
    # Guides 000/001/002 give Insect Barrier as a spell speed 1 card: a Continuous
    # Spell, only in your own open Main Phase (R-CHAIN-1, R-TURN-7), never in
    # answer to a chain (R-CHAIN-2).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    barrier, pot = s.hand(0, "Insect Barrier", "Pot of Greed")
    s.stop(0, Window.MAIN_OPEN)
    duel = s.run()
    assert can_activate(duel, barrier)
    s.choose(0, act("Pot of Greed", pot))
    duel = s.run(duel)
    # P0 may add a link to its own Pot of Greed, but not with Insect Barrier.
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]
    why = str(duel.explain(barrier, 0))
    assert "R-CHAIN-2" in why or "spell speed 1" in why
    # In the opponent's turn, even set: no.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    barrier = s.spell(0, "Insect Barrier")
    s.monster(1, MOTH)
    s.stop(0, Window.BATTLE_START)
    s.choose(1, "battle")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]
