"""Summoning procedures written in Lua (``EFFECT_SPSUMMON_PROC`` from the Extra
Deck, the GY...), Synchro and Xyz Summons through ``aux.AddSynchroProcedure``
and ``aux.AddXyzProcedure``, and summoning conditions
(``EFFECT_SPSUMMON_CONDITION``): what is offered, what happens."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.scripts.support import act, atk, main, options
from tests.scenario import Scenario, texts
from ygo.cards.db import CardDB
from ygo.core.enums import Location, Position
from ygo.defaults import Duel
from ygo.engine.events import Reason
from ygo.scripting import Behaviour, Combined, script_source

GRAVE, MZONE, OVERLAY = Location.GRAVE, Location.MZONE, Location.OVERLAY

GAIA = 97204936  # Gaia Knight, the Force of Earth: 1 Tuner + 1+ non-Tuners, Level 6
LEVIATHAN = 69610924  # Number 17: Leviathan Dragon: 2 Level 3 monsters
LINKURIBOH = 41999284  # Linkuriboh: 1 Level 1 monster
HALQIFIBRAX = 50588353  # Crystron Halqifibrax: 2 monsters, including a Tuner
YATA = 3078576  # Yata-Garasu: cannot be Special Summoned
KAGEMUCHA = 19353570  # Kagemucha Knight: cannot be used as Synchro Material
ELDER = 14513016  # Ritual Beast Tamer Elder: Special Summoned once per turn
FALCON = 37300735  # T.G. Jet Falcon: 500 damage when used as Synchro Material
LIGHTPULSAR = 99365553  # Lightpulsar Dragon: its own procedures from the hand and the GY


@pytest.fixture(scope="module")
def lua(lua_folder: Path, en_db: CardDB) -> Combined:
    # (initial_effect reads its card's printed data: the Level of a Synchro)
    return script_source(lua_folder, prefer="lua", cards=en_db)


def _pick(duel: Duel, needle: str) -> None:
    hits = [i for i, t in enumerate(texts(duel.decision)) if needle in t]
    assert len(hits) == 1, (needle, texts(duel.decision))
    duel.apply(hits[0])


def _summon_type(lua: Combined, duel: Duel, uid: int, name: str) -> bool:
    """``Card.IsSummonType(SUMMON_TYPE_<name>)`` of ``uid``, as a Lua script asks it."""
    from ygo.engine.effect import Ctx
    from ygo.lua.call import Call

    assert lua.lua is not None
    bridge = lua.lua.bridge
    st = duel._st
    call = Call(Ctx(st, uid, 0, st.ctrl[uid]), True)
    bridge.calls.append(call)
    try:
        return bool(bridge.card_IsSummonType(uid, bridge.rt.constant(f"SUMMON_TYPE_{name}")))
    finally:
        bridge.calls.pop()


def test_gaia_knight_is_synchro_summoned_by_its_lua_procedure(lua: Combined) -> None:
    # R-SYN-1: aux.AddSynchroProcedure through Duel.CheckSynchroMaterial and
    # SelectSynchroMaterial: offered as a Synchro Summon, the materials chosen as one
    # set among those whose Levels add up (3 + 3, never 3 + 4); they go to the GY as
    # Synchro Material; the summon starts no chain and is a Synchro Summon (R-SYN-2).
    assert lua.kind(GAIA) == Behaviour.LUA
    s = main(Scenario(scripts=lua))
    genex = s.monster(0, "Genex Controller")  # Level 3 Tuner
    stone = s.monster(0, "Giant Soldier of Stone")  # Level 3
    fang = s.monster(0, "Silver Fang")  # Level 3
    s.monster(0, "Celtic Guardian")  # Level 4: no set with it adds up to 6
    gaia = s.extra(0, "Gaia Knight, the Force of Earth")[0]
    duel = s.build()
    _pick(duel, f"synchro-summon Gaia Knight, the Force of Earth [{gaia}]")
    _pick(duel, "face-up Defense")
    assert options(duel) == [
        f"choose Genex Controller [{genex}] + Giant Soldier of Stone [{stone}]",
        f"choose Genex Controller [{genex}] + Silver Fang [{fang}]",
    ]
    _pick(duel, "Giant Soldier of Stone")
    assert duel.location(fang) == MZONE
    assert duel.location(gaia) == MZONE
    assert duel.position(gaia) == Position.FACEUP_DEFENSE
    st = duel._st
    for u in (genex, stone):
        assert duel.location(u) == GRAVE
        assert st.reason[u] & Reason.SYNCHRO and st.reason[u] & Reason.MATERIAL
        assert not st.reason[u] & Reason.DESTROY
    assert not st.chain
    assert _summon_type(lua, duel, gaia, "SYNCHRO")
    assert not _summon_type(lua, duel, gaia, "XYZ")
    # Without a Tuner there is no Synchro Summon.
    s = main(Scenario(scripts=lua))
    s.monster(0, "Giant Soldier of Stone")
    s.monster(0, "Silver Fang")
    gaia = s.extra(0, "Gaia Knight, the Force of Earth")[0]
    assert not any(o.startswith("synchro-summon") for o in options(s.build()))


def test_leviathan_is_xyz_summoned_and_detaches_through_lua(lua: Combined) -> None:
    # R-XYZ-1: aux.AddXyzProcedure through Duel.CheckXyzMaterial / SelectXyzMaterial and
    # Duel.Overlay: the two Level 3 monsters go under it; R-XYZ-3: its effect detaches
    # one as a cost (Card.RemoveOverlayCard), which goes to the GY.
    assert lua.kind(LEVIATHAN) == Behaviour.LUA
    s = main(Scenario(scripts=lua))
    stone = s.monster(0, "Giant Soldier of Stone")
    fang = s.monster(0, "Silver Fang")
    lev = s.extra(0, "Number 17: Leviathan Dragon")[0]
    duel = s.build()
    _pick(duel, f"xyz-summon Number 17: Leviathan Dragon [{lev}]")
    _pick(duel, "face-up Attack")  # (one set of materials: taken without a question)
    assert duel.location(lev) == MZONE
    assert [duel.location(u) for u in (stone, fang)] == [OVERLAY, OVERLAY]
    assert _summon_type(lua, duel, lev, "XYZ")
    before = atk(duel, lev)
    _pick(duel, act("Number 17: Leviathan Dragon", lev))
    while (
        duel.decision is not None
        and duel.decision.player == 0
        and any("Giant Soldier of Stone" in t for t in texts(duel.decision))
    ):
        _pick(duel, f"Giant Soldier of Stone [{stone}]")
    while duel.decision is not None and "pass" in texts(duel.decision):
        _pick(duel, "pass")
    assert duel.location(stone) == GRAVE and duel.location(fang) == OVERLAY
    assert atk(duel, lev) == before + 500


def test_a_lua_summoning_condition_is_checked_by_a_special_summon(
    lua: Combined, en_db: CardDB
) -> None:
    # R-SUM-8: Yata-Garasu "cannot be Special Summoned" (EFFECT_SPSUMMON_CONDITION,
    # value aux.FALSE): Monster Reborn may revive the other monsters of the GY, never
    # it, though it is no monster that must be properly summoned first.
    assert lua.kind(YATA) == Behaviour.LUA
    s = main(Scenario(scripts=lua))
    reborn = s.hand(0, "Monster Reborn")[0]
    yata = s.grave(0, en_db.get(YATA))[0]
    elf = s.grave(0, "Mystical Elf")[0]
    celtic = s.grave(0, "Celtic Guardian")[0]
    duel = s.build()
    _pick(duel, act("Monster Reborn", reborn))
    offered = options(duel)
    assert any(f"Mystical Elf [{elf}]" in o for o in offered)
    assert any(f"Celtic Guardian [{celtic}]" in o for o in offered)
    assert not any(f"[{yata}]" in o for o in offered)


def test_lightpulsar_dragon_s_procedure_from_the_gy(lua: Combined, en_db: CardDB) -> None:
    # R-SUM-8: a procedure used from the GY (EFFECT_SPSUMMON_PROC, range LOCATION_GRAVE):
    # offered for the card in the GY when its cost can be paid, and the monster comes
    # from the GY as a Special Summon that starts no chain.
    assert lua.kind(LIGHTPULSAR) == Behaviour.LUA
    s = main(Scenario(scripts=lua))
    pulsar = s.grave(0, en_db.get(LIGHTPULSAR))[0]
    dm = s.hand(0, "Dark Magician")[0]  # DARK
    elf = s.hand(0, "Mystical Elf")[0]  # LIGHT
    duel = s.build()
    _pick(duel, f"special-summon Lightpulsar Dragon [{pulsar}]")
    _pick(duel, f"Dark Magician [{dm}]")
    _pick(duel, f"Mystical Elf [{elf}]")
    while duel.decision is not None and "done" in texts(duel.decision):
        _pick(duel, "done")
    _pick(duel, "face-up Attack")
    assert duel.location(pulsar) == MZONE
    assert duel.location(dm) == GRAVE and duel.location(elf) == GRAVE
    assert not duel._st.chain
    assert _summon_type(lua, duel, pulsar, "SPECIAL")
    # Without a LIGHT and a DARK monster in the hand, it is not offered.
    s = main(Scenario(scripts=lua))
    pulsar = s.grave(0, en_db.get(LIGHTPULSAR))[0]
    s.hand(0, "Dark Magician")
    assert not any("Lightpulsar" in o for o in options(s.build()))


def test_a_link_summon_is_named_unsupported(lua: Combined) -> None:
    # Link Summons need Master Rule 4's zones (issue 25): a Link Monster whose script
    # registers aux.AddLinkProcedure says so, and has no Lua behaviour.
    assert lua.lua is not None
    for code in (LINKURIBOH, HALQIFIBRAX):
        assert lua.lua.error(code) == "unsupported: a Link Summon (Master Rule 4 zones)"
        assert lua.kind(code) != Behaviour.LUA


def test_jet_falcon_burns_when_used_as_synchro_material_through_lua(lua: Combined) -> None:
    # R-SYN-1 and EVENT_BE_MATERIAL: T.G. Jet Falcon's Lua trigger sees r ==
    # REASON_SYNCHRO when it is sent to the GY as Synchro Material (3 + 3 = 6): 500
    # damage; as Xyz Material it would not (r == REASON_XYZ).
    assert lua.kind(FALCON) == Behaviour.LUA
    s = main(Scenario(scripts=lua))
    falcon = s.monster(0, "T.G. Jet Falcon")
    s.monster(0, "Silver Fang")
    gaia = s.extra(0, "Gaia Knight, the Force of Earth")[0]
    s.choose(0, f"synchro-summon Gaia Knight, the Force of Earth [{gaia}]", "choose face-up Attack")
    duel = s.run()
    assert duel.location(falcon) == GRAVE and duel.location(gaia) == MZONE
    assert duel.lp(1) == 7500


def test_a_monster_special_summoned_once_per_turn(lua: Combined, en_db: CardDB) -> None:
    # Card.SetSPSummonOnce: Ritual Beast Tamer Elder may be Special Summoned once per
    # turn by its player: once one copy was revived, Monster Reborn may not take the
    # other copy this turn (R-SUM-8), though it may still take another monster.
    s = main(Scenario(scripts=lua))
    first, second = s.hand(0, "Monster Reborn", "Monster Reborn")
    elder_a, elder_b = s.grave(0, en_db.get(ELDER), en_db.get(ELDER))
    celtic = s.grave(0, "Celtic Guardian")[0]
    duel = s.build()
    _pick(duel, act("Monster Reborn", first))
    _pick(duel, f"[{elder_a}]")
    while duel.decision is not None and "pass" in texts(duel.decision):
        _pick(duel, "pass")
    _pick(duel, "face-up Attack")
    assert duel.location(elder_a) == MZONE
    _pick(duel, act("Monster Reborn", second))  # (its one target now: Celtic Guardian)
    assert not any(f"[{elder_b}]" in o for o in options(duel))
    while duel.decision is not None and "pass" in texts(duel.decision):
        _pick(duel, "pass")
    _pick(duel, "face-up Attack")
    assert duel.location(celtic) == MZONE and duel.location(elder_b) == GRAVE


def test_a_monster_that_cannot_be_synchro_material(lua: Combined, en_db: CardDB) -> None:
    # R-SYN-1 with EFFECT_CANNOT_BE_SYNCHRO_MATERIAL (value 1): Kagemucha Knight
    # (Level 3) cannot be Gaia Knight's non-Tuner; Silver Fang (Level 3) can.
    s = main(Scenario(scripts=lua))
    s.monster(0, "Genex Controller")
    s.monster(0, en_db.get(KAGEMUCHA))
    s.extra(0, "Gaia Knight, the Force of Earth")
    assert not any(o.startswith("synchro-summon") for o in options(s.build()))
    s = main(Scenario(scripts=lua))
    s.monster(0, "Genex Controller")
    kagemucha = s.monster(0, en_db.get(KAGEMUCHA))
    fang = s.monster(0, "Silver Fang")
    gaia = s.extra(0, "Gaia Knight, the Force of Earth")[0]
    duel = s.build()
    _pick(duel, f"synchro-summon Gaia Knight, the Force of Earth [{gaia}]")
    _pick(duel, "face-up Attack")  # (one set: Genex Controller + Silver Fang)
    assert duel.location(fang) == GRAVE and duel.location(kagemucha) == MZONE
