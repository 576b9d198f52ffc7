"""A Pendulum Effect (R-PEND-1): Dragon Horn Hunter (Scale 3). Its Pendulum Effect
applies only while it is a Spell in a Pendulum Zone; as a monster it has none."""

from __future__ import annotations

from tests.scenario import Scenario
from ygo.core.enums import Location, Phase
from ygo.engine import query

HUNTER = "Dragon Horn Hunter"  # Normal Pendulum, Level 6, Scale 3, 2300/1000
CELTIC = "Celtic Guardian"  # Normal, 1400 ATK
SKULL = "Summoned Skull"  # Normal, 2500 ATK
SANGAN = "Sangan"  # Effect monster, 1000 ATK


def test_activated_in_a_pendulum_zone_every_normal_monster_gains_200_atk() -> None:
    # R-PEND-1: its Pendulum Effect applies once it is a Spell in the zone, to both
    # players' Normal Monsters, not to an Effect Monster.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (hunter,) = s.hand(0, HUNTER)
    celtic = s.monster(0, CELTIC)
    skull = s.monster(1, SKULL)
    sangan = s.monster(1, SANGAN)
    s.choose(0, f"activate {HUNTER} [{hunter}]")
    duel = s.run()
    st = duel._st
    assert duel.location(hunter) == Location.PZONE
    assert query.atk(st, celtic) == 1600
    assert query.atk(st, skull) == 2700
    assert query.atk(st, sangan) == 1000


def test_as_a_monster_it_has_no_effect() -> None:
    # R-PEND-1: in a Monster Zone the Pendulum Effect does not apply.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hunter = s.monster(0, HUNTER)
    celtic = s.monster(0, CELTIC)
    duel = s.run()
    st = duel._st
    assert query.atk(st, celtic) == 1400
    assert query.atk(st, hunter) == 2300  # a Normal Monster itself, but it gains nothing


def _attack_into_skull(with_hunter: bool) -> int:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, CELTIC)
    s.monster(1, SKULL)
    if with_hunter:
        s.pendulum(0, HUNTER)
    s.choose(0, f"attack-with {CELTIC}", "main2")
    duel = s.run(until=(3, Phase.MAIN2))
    return duel.lp(0)


def test_no_battle_damage_from_battles_involving_your_normal_monsters() -> None:
    # R-PEND-1: P0's Celtic Guardian (1600 with the effect) attacks Summoned Skull
    # (2700): without the Pendulum Effect P0 takes 1100, with it none.
    assert _attack_into_skull(with_hunter=False) == 8000 - 1100
    assert _attack_into_skull(with_hunter=True) == 8000
