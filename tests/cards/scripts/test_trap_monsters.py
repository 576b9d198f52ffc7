"""Trap monsters (R-MON-4): Zoma the Spirit."""

from __future__ import annotations

import pytest

from tests.cards.scripts.support import (
    act,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import CardType, Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import query, serialize
from ygo.errors import SaveError

ZOMA = "Zoma the Spirit"
FU_DEF = Position.FACEUP_DEFENSE


def zoma_on_field() -> tuple[Scenario, Duel, int, list[int]]:
    """Player 0 activates a Set Zoma with three other cards Set beside it."""
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    zoma = s.spell(0, ZOMA)
    for _ in range(3):
        s.spell(0, "Mirror Force")
    hand = s.hand(0, "Raigeki", "Dark Hole")
    s.choose(0, act(ZOMA, zoma))
    return s, s.run(), zoma, hand


def test_zoma_becomes_a_monster_and_keeps_a_spell_trap_zone() -> None:
    # R-MON-4: a trap monster occupies a Monster Zone and a Spell & Trap Zone; it is
    # an Effect Monster with its stated Level, ATK and DEF, and still a Trap.
    _, duel, zoma, (raigeki, hole) = zoma_on_field()
    st = duel._st
    assert duel.location(zoma) == Location.MZONE and duel.position(zoma) == FU_DEF
    assert st.ctype[zoma] & CardType.MONSTER and st.ctype[zoma] & CardType.TRAP
    assert query.atk(st, zoma) == 1800 and query.defense(st, zoma) == 500
    assert query.level(st, zoma) == 4
    # Zone 0 is empty but Zoma keeps one Spell & Trap Zone: only one more card fits.
    assert duel.spells(0).count(None) == 2
    options = texts(duel.decision)
    assert f"set Raigeki [{raigeki}]" in options
    s = Scenario()
    s.choose(0, f"set Raigeki [{raigeki}]")
    duel = s.run(duel)
    assert duel.spells(0).count(None) == 1
    assert f"set Dark Hole [{hole}]" not in texts(duel.decision)
    assert "no free Spell & Trap Zone" in duel.explain(hole, 0).reasons


def test_zoma_destroyed_by_battle_deals_the_attackers_atk_and_is_a_trap_again() -> None:
    # R-MON-4: activated when the opponent attacks directly, it comes out as a
    # monster (R-BAT-8: the attack is replayed); destroyed by battle, it deals the
    # destroyer's ATK to the opponent; in the GY it is only a Trap Card again.
    s = Scenario().at(turn=3, player=1, phase=Phase.BATTLE_STEP)
    zoma = s.spell(0, ZOMA)
    skull = s.monster(1, "Summoned Skull")
    s.choose(1, "attack-with Summoned Skull")
    s.choose(0, act(ZOMA, zoma))
    s.choose(1, "target Zoma the Spirit (zone 1)")
    duel = s.run()
    st = duel._st
    assert duel.location(zoma) == Location.GRAVE
    assert duel.location(skull) == Location.MZONE
    assert duel.lp(0) == 8000  # it was in Defense Position
    assert duel.lp(1) == 8000 - 2500
    assert st.ctype[zoma] == int(st.data[zoma].type)  # a Continuous Trap again
    assert not st.ctype[zoma] & CardType.MONSTER


def test_jinzo_stops_zoma() -> None:
    # R-MON-4 with Jinzo (guide): a Set Zoma is a Trap, so it cannot be activated
    # while Jinzo is face-up.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    zoma = s.spell(0, ZOMA)
    s.monster(1, "Jinzo")
    duel = s.run()
    assert act(ZOMA, zoma) not in texts(duel.decision)
    assert "activate: Jinzo prevents its activation" in duel.explain(zoma, 0).reasons


def test_a_save_keeps_zoma_a_monster_and_refuses_a_forged_kind() -> None:
    # R-MON-4: a save made while Zoma is a monster loads with Zoma still a monster;
    # a card whose kind does not fit its data and place is refused.
    _, duel, zoma, (raigeki, _) = zoma_on_field()
    loaded = Duel.load(duel.save())
    assert loaded._st.ctype == duel._st.ctype
    assert loaded._st.ctype[zoma] & CardType.MONSTER
    assert loaded.digest() == duel.digest()
    payload = serialize.loads(duel.save())
    payload["state"]["ctype"][raigeki] |= int(CardType.MONSTER)
    with pytest.raises(SaveError, match="is not the kind of card its data says"):
        Duel.load(serialize.dumps(payload))


def test_zoma_attacking_into_an_equal_atk_monster_deals_its_atk() -> None:
    # R-BAT-3: Zoma (1800) attacks Rude Kaiser (1800): both are destroyed, no battle
    # damage; Zoma's effect deals the ATK of the monster that destroyed it (1800),
    # although neither is in the battle any more once both have left the Monster
    # Zone (issue 22, item 1: a monster that leaves stops being the attacker or
    # the attack target).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    zoma = s.spell(0, ZOMA)
    kaiser = s.monster(1, "Rude Kaiser")
    s.filler(0, 5)
    s.filler(1, 5)
    s.choose(0, act(ZOMA, zoma), "end-turn")
    s.choose(1, "end-turn")
    s.choose(0, f"to-attack {ZOMA} [{zoma}]", "battle", f"attack-with {ZOMA} [{zoma}]")
    duel = s.run()
    assert duel.location(zoma) == Location.GRAVE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.lp(0) == 8000
    assert duel.lp(1) == 8000 - 1800
    assert texts(duel.decision) == ["main2", "end-turn"]
