"""Fusion and Ritual Summons through YGOPro's Lua scripts (R-SUM-5..9): the
Fusion Monsters' materials written in Lua (``aux.AddFusionProc*``: the
EFFECT_FUSION_MATERIAL effect), Polymerization's own script, fusion
substitutes, and the Ritual Spells of ``aux.AddRitualProc*``; each side may be
native or Lua (a native Polymerization fuses a Lua Fusion Monster and the other
way round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.scripts.support import act, main, options, sel
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Position
from ygo.core.ints import REASON_MATERIAL, REASON_RELEASE
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.effect import Ctx
from ygo.engine.events import EventKind
from ygo.lua.call import Call
from ygo.scripting import Behaviour, Combined, script_source

GRAVE, HAND, MZONE, EXTRA = Location.GRAVE, Location.HAND, Location.MZONE, Location.EXTRA

POLYMERIZATION = 24094653
B_SKULL_DRAGON = 11901678  # Summoned Skull + Red-Eyes B. Dragon (aux.AddFusionProcCode2)
BLUE_EYES_ULTIMATE = 23995346  # three Blue-Eyes White Dragons (aux.AddFusionProcCodeRep)
MYSTICAL_SHEEP_1 = 30451366  # a fusion substitute (EFFECT_FUSION_SUBSTITUTE)
BLACK_LUSTER_RITUAL = 55761792  # aux.AddRitualProcGreaterCode: Black Luster Soldier, 8
POLY, SKULL, REDEYES, BSKULL = (
    "Polymerization",
    "Summoned Skull",
    "Red-Eyes B. Dragon",
    "B. Skull Dragon",
)
BEWD, BEUD, SHEEP = "Blue-Eyes White Dragon", "Blue-Eyes Ultimate Dragon", "Mystical Sheep #1"


class _Mixed(Combined):
    """Lua preferred, except the cards named: their native scripts."""

    def __init__(self, base: Combined, native: set[int]) -> None:
        super().__init__(base.native, base.lua, "lua")
        self.keep = native

    def kind(self, code: int) -> Behaviour:
        if code in self.keep:
            return Behaviour.NATIVE
        return super().kind(code)


@pytest.fixture(scope="module")
def lua(lua_folder: Path) -> Combined:
    return script_source(lua_folder, prefer="lua")


def _lua_call(lua: Combined, duel: Duel, uid: int, name: str, *args: object) -> object:
    """Card function ``name`` of card ``uid`` as a Lua script calls it in ``duel``."""
    assert lua.lua is not None
    bridge = lua.lua.bridge
    st = duel._st
    bridge.calls.append(Call(Ctx(st, uid, 0, st.ctrl[uid]), True))
    try:
        return getattr(bridge, f"card_{name}")(uid, *args)
    finally:
        bridge.calls.pop()


def _fusion_reason(duel: Duel, uid: int) -> int:
    moves = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == uid]
    return moves[-1].reason


def test_the_fusion_cards_play_their_lua_scripts(lua: Combined) -> None:
    for code in (POLYMERIZATION, B_SKULL_DRAGON, BLUE_EYES_ULTIMATE, MYSTICAL_SHEEP_1,
                 BLACK_LUSTER_RITUAL):  # fmt: skip
        assert lua.kind(code) == Behaviour.LUA, (code, lua.lua and lua.lua.error(code))


def test_lua_polymerization_fuses_a_lua_fusion_monster(lua: Combined) -> None:
    # R-SUM-6: Polymerization's script asks the monster's Lua materials
    # (Card.CheckFusionMaterial, Duel.SelectFusionMaterial): Summoned Skull on the
    # field and Red-Eyes from the hand go to the GY as Fusion Material, and B.
    # Skull Dragon is Fusion Summoned, properly (R-SUM-9), in the position chosen.
    s = main(Scenario(scripts=lua))
    poly, redeyes = s.hand(0, POLY, REDEYES)
    skull = s.monster(0, SKULL)
    bskull = s.extra(0, BSKULL)[0]
    s.choose(0, act(POLY, poly), sel(SKULL, skull), "choose face-up Defense")
    duel = s.run()
    assert duel.location(bskull) == MZONE
    assert duel.position(bskull) == Position.FACEUP_DEFENSE
    assert duel._st.sumtype[bskull] & ops.SUMTYPE_FUSION
    assert duel._st.sumtype[bskull] & ops.SUMTYPE_PROPER
    assert duel.location(skull) == GRAVE and duel.location(redeyes) == GRAVE
    assert _fusion_reason(duel, skull) & REASON_MATERIAL
    assert duel.location(poly) == GRAVE
    # What its own script would read of it: Fusion Summoned, and its materials.
    c = lua.lua.bridge.rt.constant if lua.lua else None
    assert c is not None
    assert _lua_call(lua, duel, bskull, "IsSummonType", c("SUMMON_TYPE_FUSION"))
    assert not _lua_call(lua, duel, bskull, "IsSummonType", c("SUMMON_TYPE_RITUAL"))
    assert _lua_call(lua, duel, bskull, "GetMaterialCount") == 2


def test_lua_polymerization_is_not_offered_without_every_material(lua: Combined) -> None:
    # R-SUM-6: two Blue-Eyes are not the Ultimate Dragon's three.
    s = main(Scenario(scripts=lua))
    poly = s.hand(0, POLY, BEWD, BEWD)[0]
    s.extra(0, BEUD)
    duel = s.build()
    assert act(POLY, poly) not in texts(duel.decision)


def test_a_lua_fusion_substitute_stands_in_for_one_material(lua: Combined) -> None:
    # R-SUM-7: Mystical Sheep #1 (EFFECT_FUSION_SUBSTITUTE) replaces Red-Eyes.
    s = main(Scenario(scripts=lua))
    poly, skull, sheep = s.hand(0, POLY, SKULL, SHEEP)
    bskull = s.extra(0, BSKULL)[0]
    s.choose(0, act(POLY, poly), sel(SHEEP, sheep), "choose face-up Attack")
    duel = s.run()
    assert duel.location(bskull) == MZONE
    assert duel.location(skull) == GRAVE and duel.location(sheep) == GRAVE


def test_one_fusion_substitute_at_most_through_lua(lua: Combined) -> None:
    # R-SUM-7: a Blue-Eyes and two substitutes do not make the Ultimate Dragon.
    s = main(Scenario(scripts=lua))
    poly = s.hand(0, POLY, BEWD, SHEEP, "Goddess with the Third Eye")[0]
    s.extra(0, BEUD)
    duel = s.build()
    assert act(POLY, poly) not in texts(duel.decision)


def test_native_polymerization_fuses_a_lua_fusion_monster(lua: Combined) -> None:
    # The engine's own Fusion Summon asks the Lua material check: the materials
    # are offered one at a time, only those that still lead to a Fusion (R-SUM-6).
    s = main(Scenario(scripts=_Mixed(lua, {POLYMERIZATION})))
    poly, a, b, c, skull = s.hand(0, POLY, BEWD, BEWD, BEWD, SKULL)
    beud = s.extra(0, BEUD)[0]
    s.choose(0, act(POLY, poly))
    duel = s.run()
    assert duel._st.fx[beud][0].extra.get("lua_fusion")  # (its Lua materials)
    assert options(duel) == [f"{sel(BEWD, u)} (your hand)" for u in (a, b, c)]
    s.choose(0, sel(BEWD, a), sel(BEWD, b), "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(beud) == MZONE
    assert [duel.location(u) for u in (a, b, c)] == [GRAVE] * 3
    assert duel.location(skull) == HAND
    assert duel._st.sumtype[beud] & ops.SUMTYPE_PROPER


def test_lua_polymerization_fuses_a_native_fusion_monster(lua: Combined) -> None:
    # Card.CheckFusionMaterial of a native Fusion Monster reads its passcode list.
    s = main(Scenario(scripts=_Mixed(lua, {B_SKULL_DRAGON})))
    poly, redeyes, skull = s.hand(0, POLY, REDEYES, SKULL)
    bskull = s.extra(0, BSKULL)[0]
    s.choose(0, act(POLY, poly), sel(REDEYES, redeyes), "choose face-up Attack")
    duel = s.run()
    assert "lua_fusion" not in duel._st.fx[bskull][0].extra
    assert duel.location(bskull) == MZONE
    assert duel.location(skull) == GRAVE and duel.location(redeyes) == GRAVE


def test_a_lua_fusion_stays_plain_data_at_its_material_question(lua: Combined) -> None:
    s = main(Scenario(scripts=lua))
    poly, redeyes = s.hand(0, POLY, REDEYES)
    skull = s.monster(0, SKULL)
    s.extra(0, BSKULL)
    s.choose(0, act(POLY, poly))
    duel = s.run()
    assert sorted(options(duel))[0].startswith(sel(REDEYES, redeyes))
    twins = [duel.clone(), Duel.load(duel.save(), scripts=lua)]
    for d in [duel, *twins]:
        d.apply(next(i for i, t in enumerate(texts(d.decision)) if t.startswith(sel(SKULL, skull))))
        d.apply(texts(d.decision).index("choose face-up Attack"))
    assert {d.digest() for d in [duel, *twins]} == {duel.digest()}


def test_lua_ritual_spell_tributes_levels_of_8_or_more(lua: Combined) -> None:
    # R-SUM-5: Black Luster Ritual (aux.AddRitualProcGreaterCode) Tributes monsters
    # from the hand or field whose Levels make 8 or more; the Tribute selection
    # may be abandoned until it is complete (ygopro-core's SelectSubGroup).
    s = main(Scenario(scripts=lua))
    ritual, soldier, celtic = s.hand(0, "Black Luster Ritual", "Black Luster Soldier",
                                     "Celtic Guardian")  # fmt: skip
    beaver = s.monster(0, "Beaver Warrior")
    s.choose(0, act("Black Luster Ritual", ritual))
    duel = s.run()
    assert sorted(options(duel)) == sorted(
        [f"{sel('Celtic Guardian', celtic)} (your hand)",
         f"{sel('Beaver Warrior', beaver)} (your Monster Zone 1)", "done"]
    )  # fmt: skip
    s.choose(0, sel("Celtic Guardian", celtic))
    duel = s.run(duel)
    assert options(duel) == [f"{sel('Beaver Warrior', beaver)} (your Monster Zone 1)", "done"]
    s.choose(0, sel("Beaver Warrior", beaver), "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(soldier) == MZONE
    assert duel._st.sumtype[soldier] & ops.SUMTYPE_PROPER
    assert duel.location(celtic) == GRAVE and duel.location(beaver) == GRAVE
    assert _fusion_reason(duel, beaver) & REASON_RELEASE


def test_lua_ritual_offers_no_tribute_beyond_the_levels_needed(lua: Combined) -> None:
    # R-SUM-5: once the Levels reach 8 (a Level 8 Tribute), no more is offered.
    s = main(Scenario(scripts=lua))
    ritual, soldier, dragon, celtic = s.hand(
        0, "Black Luster Ritual", "Black Luster Soldier", BEWD, "Celtic Guardian"
    )
    s.choose(0, act("Black Luster Ritual", ritual), sel(BEWD, dragon), "choose face-up Attack")
    duel = s.run()
    assert duel.location(soldier) == MZONE
    assert duel.location(dragon) == GRAVE and duel.location(celtic) == HAND


def test_lua_ritual_cancelled_starts_the_choice_again(lua: Combined) -> None:
    # Abandoning the Tributes goes back to the choice of the Ritual Monster
    # (procedure.lua); nothing was Tributed.
    s = main(Scenario(scripts=lua))
    ritual, soldier, celtic = s.hand(0, "Black Luster Ritual", "Black Luster Soldier",
                                     "Celtic Guardian")  # fmt: skip
    beaver = s.monster(0, "Beaver Warrior")
    s.choose(0, act("Black Luster Ritual", ritual), "done")
    duel = s.run()
    assert "done" in options(duel)
    assert duel.location(celtic) == HAND and duel.location(beaver) == MZONE
    s.choose(0, sel("Beaver Warrior", beaver), sel("Celtic Guardian", celtic))
    s.choose(0, "choose face-up Defense")
    duel = s.run(duel)
    assert duel.location(soldier) == MZONE
    assert duel.position(soldier) == Position.FACEUP_DEFENSE


def test_lua_ritual_spell_needs_enough_levels(lua: Combined) -> None:
    # R-SUM-5: a Level 4 alone is not 8.
    s = main(Scenario(scripts=lua))
    ritual = s.hand(0, "Black Luster Ritual", "Black Luster Soldier", "Celtic Guardian")[0]
    duel = s.build()
    assert act("Black Luster Ritual", ritual) not in texts(duel.decision)
