"""``initial_effect`` as ygopro-core runs it: on a card that answers from its
printed data (Level, Type, Attribute, Race, Link Rating, original code); the
marks it puts on the card (``SetSPSummonOnce``); count limits per Duel, shared
by a card's effects, and "activate once per turn" (a negated activation gives
its use back: EFFECT_COUNT_CODE_OATH)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.cards.conftest import EN_CDB
from tests.cards.scripts.support import act, atk, main, options
from tests.lua.folders import own_scripts
from tests.scenario import Scenario, texts
from ygo.cards.db import CardDB
from ygo.cards.pool import embedded_pool
from ygo.cli.main import cli
from ygo.core.enums import Location, Phase
from ygo.defaults import Duel
from ygo.lua import LuaScripts
from ygo.lua.template import NO_DATA
from ygo.scripting import Combined, script_source

DARK_MAGICIAN = 46986414  # Level 7 DARK Spellcaster Normal Monster, 2500 ATK
DECODE_TALKER = 1861629  # Link-3 Cyberse, 2300 ATK
CELTIC = 91152256  # Celtic Guardian, Level 4, 1400 ATK
ELF = 15025844  # Mystical Elf
TAKETOMBORG = 53932291  # Speedroid Taketomborg: c:SetSPSummonOnce(53932291)

# Our own test scripts under real passcodes (never the YGOPro scripts modified).
READS_ITS_DATA = """
local s, id = GetID()
function s.initial_effect(c)
    if c:GetOriginalCode() ~= id then return end
    local bonus = 0
    if c:IsType(TYPE_LINK) then
        bonus = c:GetLink() * 100
    elseif c:IsType(TYPE_NORMAL) and c:IsAttribute(ATTRIBUTE_DARK)
            and c:IsRace(RACE_SPELLCASTER) then
        bonus = c:GetLevel() * 100
    end
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_SINGLE)
    e1:SetProperty(EFFECT_FLAG_SINGLE_RANGE)
    e1:SetRange(LOCATION_MZONE)
    e1:SetCode(EFFECT_UPDATE_ATTACK)
    e1:SetValue(bonus)
    c:RegisterEffect(e1)
end
"""


def _gain(code_expr: str, amount: int, extra: str = "") -> str:
    """An Ignition effect on the field: gain ``amount`` LP, count limit 1 with
    the code ``code_expr``."""
    return f"""
    local e = Effect.CreateEffect(c)
    e:SetType(EFFECT_TYPE_IGNITION)
    e:SetRange(LOCATION_MZONE)
    e:SetCountLimit(1, {code_expr})
    e:SetOperation(function(e, tp) Duel.Recover(tp, {amount}, REASON_EFFECT) end)
    c:RegisterEffect(e)
    {extra}"""


def _script(*effects: str) -> str:
    body = "".join(effects)
    return f"local s, id = GetID()\nfunction s.initial_effect(c){body}\nend\n"


NEGATES = """
local s, id = GetID()
function s.initial_effect(c)
    local e = Effect.CreateEffect(c)
    e:SetType(EFFECT_TYPE_QUICK_O)
    e:SetCode(EVENT_CHAINING)
    e:SetRange(LOCATION_MZONE)
    e:SetCondition(function(e, tp, eg, ep, ev, re, r, rp) return rp ~= tp end)
    e:SetOperation(function(e, tp, eg, ep, ev) Duel.NegateActivation(ev) end)
    c:RegisterEffect(e)
end
"""


_folder = own_scripts


def _pick(duel: Duel, needle: str) -> None:
    hits = [i for i, t in enumerate(texts(duel.decision)) if needle in t]
    assert len(hits) == 1, (needle, texts(duel.decision))
    duel.apply(hits[0])


# -- the template card answers from the card's printed data ------------------------------


def test_initial_effect_reads_the_cards_printed_data(
    lua_folder: Path, tmp_path: Path, en_db: CardDB
) -> None:
    folder = _folder(lua_folder, tmp_path, {DARK_MAGICIAN: READS_ITS_DATA,
                                            DECODE_TALKER: READS_ITS_DATA})  # fmt: skip
    db = embedded_pool().overlay(en_db)
    lua = script_source(folder, prefer="lua", cards=db)
    s = main(Scenario(scripts=lua, db=db))
    magician = s.monster(0, "Dark Magician")
    talker = s.monster(0, en_db.get(DECODE_TALKER))  # type: ignore[arg-type]
    duel = s.build()
    assert atk(duel, magician) == 2500 + 7 * 100  # its Level, read in initial_effect
    assert atk(duel, talker) == 2300 + 3 * 100  # its Link Rating


def test_a_card_the_database_does_not_know_says_so(lua_folder: Path, tmp_path: Path) -> None:
    folder = _folder(lua_folder, tmp_path, {DARK_MAGICIAN: READS_ITS_DATA})
    lua = LuaScripts(folder, CardDB())
    assert lua.effects(DARK_MAGICIAN) == ()
    assert lua.error(DARK_MAGICIAN) == f"initial_effect: {NO_DATA}"
    assert not lua.ran(DARK_MAGICIAN)
    known = LuaScripts(folder)  # (the embedded pool knows Dark Magician)
    assert known.error(DARK_MAGICIAN) is None and known.ran(DARK_MAGICIAN)


def test_the_command_line_gives_the_lua_scripts_its_card_databases(
    lua_folder: Path, tmp_path: Path, en_db: CardDB
) -> None:
    # Decode Talker is not in the embedded pool: its initial_effect reads its
    # data from the global --cards database.
    folder = _folder(lua_folder, tmp_path, {DECODE_TALKER: READS_ITS_DATA})
    args = ["cards", "show", str(DECODE_TALKER), "--scripts", str(folder)]
    out = CliRunner().invoke(cli, ["--cards", str(EN_CDB), *args])
    assert out.exit_code == 0, out.output
    assert f"Lua (c{DECODE_TALKER}.lua plays its effect)" in out.output


# -- the marks initial_effect puts on the card ----------------------------------------------


@pytest.fixture(scope="module")
def lua(lua_folder: Path, en_db: CardDB) -> Combined:
    return script_source(lua_folder, prefer="lua", cards=embedded_pool().overlay(en_db))


def test_special_summon_once_per_turn(lua: Combined, en_db: CardDB) -> None:
    # Speedroid Taketomborg: Special Summoned from the hand while you control a
    # WIND monster; "you can only Special Summon it once per turn" (SetSPSummonOnce).
    card = en_db.get(TAKETOMBORG)
    s = main(Scenario(scripts=lua, db=en_db))
    first, second = s.hand(0, card, card)
    s.monster(0, card)  # (WIND, placed on an earlier turn)
    duel = s.build()
    assert f"special-summon Speedroid Taketomborg [{second}]" in options(duel)
    _pick(duel, f"special-summon Speedroid Taketomborg [{first}]")
    _pick(duel, "face-up Attack")
    assert duel.location(first) == Location.MZONE
    # R-SUM-8: its summoning condition holds at every Special Summon.
    assert not [o for o in options(duel) if o.startswith("special-summon")]
    assert f"summon Speedroid Taketomborg [{second}]" in options(duel)  # (a Normal Summon is fine)


# -- count limits -------------------------------------------------------------------------


@pytest.mark.parametrize("per_duel", [True, False])
def test_a_count_limit_per_duel(lua_folder: Path, tmp_path: Path, per_duel: bool) -> None:
    code = "id + EFFECT_COUNT_CODE_DUEL" if per_duel else "id"
    folder = _folder(lua_folder, tmp_path, {CELTIC: _script(_gain(code, 500))})
    lua = script_source(folder, prefer="lua")
    s = main(Scenario(scripts=lua))
    guardian = s.monster(0, "Celtic Guardian")
    s.choose(0, act("Celtic Guardian", guardian))
    duel = s.run()
    assert duel.lp(0) == 8500
    assert act("Celtic Guardian", guardian) not in options(duel)  # (once this turn, either way)
    s = Scenario()
    s.choose(0, "end-turn")
    s.choose(1, "end-turn")
    duel = s.run(duel, until=(5, Phase.MAIN1))
    # R-CHAIN-3: the limit comes from the card's text: once per Duel, or per turn.
    assert (act("Celtic Guardian", guardian) in options(duel)) is not per_duel


def test_a_count_limit_shared_by_a_cards_effects(lua_folder: Path, tmp_path: Path) -> None:
    script = _script(_gain("EFFECT_COUNT_CODE_SINGLE", 500), _gain("EFFECT_COUNT_CODE_SINGLE", 300))
    folder = _folder(lua_folder, tmp_path, {CELTIC: script})
    lua = script_source(folder, prefer="lua")
    s = main(Scenario(scripts=lua))
    one = s.monster(0, "Celtic Guardian")
    two = s.monster(0, "Celtic Guardian")
    duel = s.build()

    def offered(uid: int) -> list[int]:
        return [i for i, o in enumerate(options(duel)) if o.startswith(act("Celtic Guardian", uid))]

    assert len(offered(one)) == 2 and len(offered(two)) == 2  # two effects each
    duel.apply(offered(one)[0])
    duel = Scenario().run(duel)
    assert duel.lp(0) == 8500
    # One of this card's effects used: neither is offered again; the other copy's are.
    assert offered(one) == [] and len(offered(two)) == 2


@pytest.mark.parametrize("oath", [True, False])
def test_a_negated_activation_gives_an_oath_limit_back(
    lua_folder: Path, tmp_path: Path, oath: bool
) -> None:
    code = "id + EFFECT_COUNT_CODE_OATH" if oath else "id"
    folder = _folder(lua_folder, tmp_path, {CELTIC: _script(_gain(code, 500)), ELF: NEGATES})
    lua = script_source(folder, prefer="lua")
    s = main(Scenario(scripts=lua))
    guardian = s.monster(0, "Celtic Guardian")
    elf = s.monster(1, "Mystical Elf")
    s.choose(0, act("Celtic Guardian", guardian))
    s.choose(1, act("Mystical Elf", elf))
    duel = s.run()
    assert duel.lp(0) == 8000  # negated
    # ygopro-core: with EFFECT_COUNT_CODE_OATH ("you can only activate this once
    # per turn") a negated activation does not count; otherwise the use stays
    # used (R-CHAIN-15).
    assert (act("Celtic Guardian", guardian) in options(duel)) is oath


QUICK_PER_CHAIN = """
    local e = Effect.CreateEffect(c)
    e:SetType(EFFECT_TYPE_QUICK_O)
    e:SetCode(EVENT_FREE_CHAIN)
    e:SetRange(LOCATION_MZONE)
    e:SetCountLimit(1, {code})
    e:SetOperation(function(e, tp) Duel.Recover(tp, 500, REASON_EFFECT) end)
    c:RegisterEffect(e)"""


@pytest.mark.parametrize("shared", [True, False])
def test_a_count_limit_per_chain(lua_folder: Path, tmp_path: Path, shared: bool) -> None:
    # id + EFFECT_COUNT_CODE_CHAIN: once per chain for every card with the code;
    # EFFECT_COUNT_CODE_CHAIN alone: each card once per chain (ygopro-core reads
    # it as EFFECT_COUNT_CODE_CHAIN + EFFECT_COUNT_CODE_SINGLE).
    code = "id + EFFECT_COUNT_CODE_CHAIN" if shared else "EFFECT_COUNT_CODE_CHAIN"
    script = _script(QUICK_PER_CHAIN.format(code=code))
    folder = _folder(lua_folder, tmp_path, {CELTIC: script})
    lua = script_source(folder, prefer="lua")
    s = main(Scenario(scripts=lua))
    one = s.monster(0, "Celtic Guardian")
    two = s.monster(0, "Celtic Guardian")
    duel = s.build()
    _pick(duel, act("Celtic Guardian", one))
    if shared:  # (nothing to chain: the chain resolves at once)
        assert duel.lp(0) == 8500
    else:  # R-CHAIN-3: the other copy may add a link; this one may not
        assert options(duel) == [act("Celtic Guardian", two), "pass"]
        _pick(duel, "pass")
        assert duel.lp(0) == 8500
    # A new chain: the limit is back.
    assert act("Celtic Guardian", one) in options(duel)
    assert act("Celtic Guardian", two) in options(duel)


FUTURE_SAMURAI = 90642597  # Gemini (aux.EnableDualAttribute); Ignition under aux.IsDualState


def test_a_gemini_monster_has_its_effect_once_gemini_summoned(lua: Combined, en_db: CardDB) -> None:
    # R-MON-4: aux.EnableDualAttribute's effects are the engine's own Gemini
    # rules; the effect's condition (aux.IsDualState) reads ops.STATUS_GEMINI.
    s = main(Scenario(scripts=lua, db=en_db))
    samurai = s.monster(0, en_db.get(FUTURE_SAMURAI))  # type: ignore[arg-type]
    guardian = s.grave(0, "Celtic Guardian")[0]
    magician = s.monster(1, "Dark Magician")
    duel = s.build()
    assert not [o for o in options(duel) if o.startswith(act("Future Samurai", samurai))]
    _pick(duel, f"gemini-summon Future Samurai [{samurai}]")
    _pick(duel, act("Future Samurai", samurai))
    s = Scenario()
    s.choose(0, "select Dark Magician")  # (its target; its cost banished the one GY monster)
    duel = s.run(duel)
    assert duel.location(guardian) == Location.BANISHED
    assert duel.location(magician) == Location.GRAVE


KAI_DEN = 71614230  # Kai-Den Kendo Spirit: Level 5 Pendulum Spirit, aux.EnableSpiritReturn


def test_a_spirit_monster_returns_to_the_hand_in_the_end_phase(
    lua: Combined, en_db: CardDB
) -> None:
    # R-MON-4: a Spirit Normal Summoned this turn returns to its owner's hand in
    # the End Phase (aux.EnableSpiritReturn, as the native Spirits'); one that
    # was on the field since an earlier turn stays.
    spirit = en_db.get(KAI_DEN)
    s = main(Scenario(scripts=lua, db=en_db))
    summoned = s.hand(0, spirit)[0]
    s.monster(0, "Celtic Guardian")  # (its tribute)
    staying = s.monster(0, spirit)  # type: ignore[arg-type]
    s.choose(0, f"summon Kai-Den Kendo Spirit [{summoned}]", "select Celtic Guardian", "end-turn")
    duel = s.run(until=(4, Phase.MAIN1))
    assert duel.location(summoned) == Location.HAND
    assert duel.location(staying) == Location.MZONE
