"""Helper B's cards of issue 9: Kaiser Sea Horse, Relinquished, Thousand-Eyes
Restrict, Ryu Senshi, Metalmorph (with Metalzoa), Elegant Egotist, Magical
Labyrinth (with Wall Shadow), Cocoon of Evolution and the Moths."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import ops, query
from ygo.engine.duel import Duel

REBORN = "Monster Reborn"
KAISER = "Kaiser Sea Horse"
BEWD = "Blue-Eyes White Dragon"  # LIGHT, Level 8
DM = "Dark Magician"  # DARK, Level 7
CELTIC = "Celtic Guardian"


def act(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def sel(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


def _atk(duel: Duel, uid: int) -> int:
    return query.atk(duel._st, uid)


def _def(duel: Duel, uid: int) -> int:
    return query.defense(duel._st, uid)


# -- Kaiser Sea Horse ----------------------------------------------------------------------


def test_kaiser_sea_horse_alone_is_two_tributes_for_a_light_monster() -> None:
    # R-SUM-2: a Level 8 needs two tributes; Kaiser Sea Horse counts as both for
    # a LIGHT monster, so it is the only tribute (and the summon is offered).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bewd = s.hand(0, BEWD)[0]
    kaiser = s.monster(0, KAISER)
    s.choose(0, f"summon {BEWD} [{bewd}]")  # the one tribute is not asked
    duel = s.run()
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.monsters(0).count(None) == 4


def test_kaiser_sea_horse_is_one_tribute_for_a_dark_monster() -> None:
    # R-SUM-2: for a DARK Level 7 it is one tribute like any other: no summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.hand(0, DM)[0]
    s.monster(0, KAISER)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.endswith(f"[{dm}]")]
    assert any("needs 2 tributes" in r for r in duel.explain(dm, 0).reasons)


def test_kaiser_sea_horse_chosen_first_ends_the_tributes() -> None:
    # R-SUM-2: with Kaiser Sea Horse and another monster, choosing Kaiser first is
    # enough; the other monster stays. Choosing the other first, Kaiser is then
    # the second tribute.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bewd = s.hand(0, BEWD)[0]
    kaiser = s.monster(0, KAISER)
    celtic = s.monster(0, CELTIC)
    s.choose(0, f"summon {BEWD} [{bewd}]", sel(KAISER, kaiser))
    duel = s.run()
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.location(celtic) == Location.MZONE

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bewd = s.hand(0, BEWD)[0]
    kaiser = s.monster(0, KAISER)
    celtic = s.monster(0, CELTIC)
    s.choose(0, f"summon {BEWD} [{bewd}]", sel(CELTIC, celtic))
    duel = s.run()
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.location(celtic) == Location.GRAVE


def test_kaiser_sea_horse_rule_is_no_summoning_condition() -> None:
    # Guide ruling (rule effects): Kaiser's double tribute is a rule of the card,
    # not a summoning condition, so a Kaiser sent to the GY from the hand can be
    # revived (R-SUM-8 does not apply to it).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    kaiser = s.grave(0, KAISER)[0]
    s.choose(0, act(REBORN, reborn), "choose face-up Attack")
    duel = s.run()
    assert duel.location(kaiser) == Location.MZONE
