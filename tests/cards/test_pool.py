"""The embedded card pool: contents, facts against the shared data, loading."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from ygo.cards.db import CardDB
from ygo.cards.pool import BENCHMARK_CODES, bench_deck_v_rows, embedded_pool, load_pool
from ygo.core.card import CardData
from ygo.core.enums import ATTRIBUTE_NAMES, RACE_NAMES, Attribute, CardType, Race
from ygo.core.records import card_from_record, card_to_record
from ygo.errors import CardDatabaseError

from .conftest import ANCHOR_MD, EN_CDB, SEED_TSV, STARTER_TSV, need, read_tsv

POOL_JSON = Path(__file__).resolve().parents[2] / "src" / "ygo" / "cards" / "data" / "pool.json"
NORMAL = CardType.MONSTER | CardType.NORMAL
BENCH_SUMMARY = "Benchmark-only Normal monster (not a real card)."

_ATTRS = {v: k for k, v in ATTRIBUTE_NAMES.items()}
_RACES = {v: k for k, v in RACE_NAMES.items()}


def _race(name: str) -> Race:
    return _RACES.get(name) or Race[name.upper().replace(" ", "_").replace("-", "_")]


def _stat(text: str) -> int | None:
    return None if text == "?" else int(text)


def _bench_rows() -> list[tuple[int, int, int, Attribute, Race]]:
    rows = []
    for line in need(ANCHOR_MD).read_text(encoding="utf-8").splitlines():
        m = re.match(
            r"^\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*([A-Z]+)\s*\|\s*(.+?)\s*\|$", line
        )
        if m:
            lv, atk, df, attr, race = m.groups()
            rows.append((int(lv), int(atk), int(df), Attribute[attr], _race(race)))
    assert len(rows) == 20
    return rows


@pytest.fixture(scope="module")
def pool() -> CardDB:
    return embedded_pool()


# -- loading ---------------------------------------------------------------------
def test_embedded_pool_is_cached_and_shared(pool: CardDB) -> None:
    assert embedded_pool() is pool
    assert pool.source == "embedded pool"


def test_embedded_pool_is_read_only(pool: CardDB) -> None:
    card = pool.get(46986414)
    with pytest.raises(TypeError, match="read-only"):
        pool.add(card)
    copy = CardDB(pool)
    copy.add(CardData(code=1, name="Mine", type=NORMAL))
    assert 1 in copy and 1 not in pool
    merged = pool.overlay(CardDB([CardData(code=2, name="Other", type=NORMAL)]))
    assert 2 in merged and 2 not in pool
    merged.add(CardData(code=3, name="Third", type=NORMAL))  # an overlay is a private copy


def test_load_pool_is_fresh_and_equal(pool: CardDB) -> None:
    fresh = load_pool()
    assert fresh is not pool
    assert list(fresh) == list(pool)


def test_records_round_trip() -> None:
    doc = json.loads(POOL_JSON.read_text(encoding="utf-8"))
    assert doc["format"] == 1
    for rec in doc["cards"]:
        assert card_to_record(card_from_record(rec)) == rec
    codes = [rec["code"] for rec in doc["cards"]]
    assert codes == sorted(codes)
    assert len(set(codes)) == len(codes)


def test_bad_pool_files(tmp_path: Path) -> None:
    bad = tmp_path / "pool.json"
    bad.write_text("{not json")
    with pytest.raises(CardDatabaseError, match="invalid JSON"):
        load_pool(bad)
    bad.write_text('{"format": 99, "cards": []}')
    with pytest.raises(CardDatabaseError, match="format 1"):
        load_pool(bad)
    bad.write_text('{"format": 1, "cards": [{"code": 1}]}')
    with pytest.raises(CardDatabaseError, match="bad card record"):
        load_pool(bad)
    bad.write_text('{"format": 1, "cards": [{"code": 1, "name": "x", "type": 17, "atk": "x"}]}')
    with pytest.raises(CardDatabaseError, match="atk"):
        load_pool(bad)
    with pytest.raises(CardDatabaseError, match="cannot read"):
        load_pool(tmp_path / "missing.json")


def test_question_mark_and_link_records() -> None:
    rec = {"code": 5, "name": "Q", "type": 0x21, "atk": "?", "def": "?"}
    card = card_from_record(rec)
    assert card.atk is None and card.defense is None
    link = card_from_record(
        {"code": 6, "name": "L", "type": 0x4000021, "atk": 1000, "def": None, "link_markers": 0xA0}
    )
    assert link.defense is None and int(link.link_markers) == 0xA0
    assert card_to_record(link)["def"] is None


# -- contents --------------------------------------------------------------------
def test_every_card_has_a_one_line_summary(pool: CardDB) -> None:
    for card in pool:
        assert card.summary.strip(), card
        assert "\n" not in card.summary and "\t" not in card.summary
        assert len(card.summary) <= 240, card.name


def test_alternate_artworks_share_their_base(pool: CardDB) -> None:
    alts = [c for c in pool if c.alias]
    assert alts
    for alt in alts:
        base = pool.get(alt.alias)
        assert base.alias == 0
        assert (alt.name, alt.type, alt.atk, alt.defense, alt.summary) == (
            base.name,
            base.type,
            base.atk,
            base.defense,
            base.summary,
        )
    assert pool.find("Dark Magician").code == 46986414


def test_seed_cards_are_present_with_their_stats(pool: CardDB) -> None:
    rows = read_tsv(SEED_TSV)
    assert len(rows) == 124
    for r in rows:
        card = pool.get(int(r["passcode"]))
        assert card.name == r["name_en"]
        assert card.name_zh == r["name_zh_db"]
        assert int(card.type) == int(r["type_hex"], 16), card.name
        assert not card.benchmark
        if card.is_monster:
            assert card.attribute == _ATTRS[r["attribute"]], card.name
            assert card.race == _race(r["race"]), card.name
            assert card.level == int(r["level"]), card.name
            assert card.atk == _stat(r["atk"]), card.name
            assert card.defense == _stat(r["def"]), card.name


def test_starter_cards_are_present(pool: CardDB) -> None:
    rows = read_tsv(STARTER_TSV)
    assert len(rows) == 80
    for r in rows:
        card = pool.get(int(r["passcode"]))
        assert card.name.casefold() == r["name_en"].casefold()
        assert card.name_zh


def test_bench_deck_v_rows_resolve(pool: CardDB) -> None:
    rows = _bench_rows()
    codes = bench_deck_v_rows()
    assert len(codes) == 20
    real = 0
    for (lv, atk, df, attr, race), code in zip(rows, codes, strict=True):
        card = pool.get(code)
        assert card.type == NORMAL and card.alias == 0
        assert (card.level, card.atk, card.defense) == (lv, atk, df)
        if card.benchmark:
            assert code in BENCHMARK_CODES
            assert card.name == f"Benchmark Normal Lv{lv} {atk}/{df}"
            assert (card.attribute, card.race) == (attr, race)
            assert card.summary == BENCH_SUMMARY
            assert card.name_zh == ""
        else:
            real += 1
            assert code not in BENCHMARK_CODES
    assert real == 13


def test_bench_choice_prefers_pool_cards_then_lowest_passcode(en_db: CardDB) -> None:
    rows = _bench_rows()
    seed = {int(r["passcode"]) for r in read_tsv(SEED_TSV)}
    starter = {int(r["passcode"]) for r in read_tsv(STARTER_TSV)}
    pool_codes = seed | starter
    for (lv, atk, df, _, _), code in zip(rows, bench_deck_v_rows(), strict=True):
        found = sorted(
            c.code
            for c in en_db
            if c.type == NORMAL and c.alias == 0 and (c.level, c.atk, c.defense) == (lv, atk, df)
        )
        if not found:
            assert code in BENCHMARK_CODES
            continue
        in_pool = [c for c in found if c in pool_codes]
        assert code == (in_pool or found)[0]


def test_only_benchmark_cards_use_the_reserved_range(pool: CardDB) -> None:
    for card in pool:
        assert card.benchmark == (card.code in BENCHMARK_CODES), card.name


def test_deck_s_cards_are_present(pool: CardDB) -> None:
    for name in (
        "Pot of Greed",
        "Dark Hole",
        "Raigeki",
        "Monster Reborn",
        "Mystical Space Typhoon",
        "Swords of Revealing Light",
        "Mirror Force",
        "Sakuretsu Armor",
        "Trap Hole",
    ):
        assert pool.find(name).name == name
    assert pool.get(56120475).name == "Sakuretsu Armor"


def test_ritual_monsters_have_their_ritual_spells(pool: CardDB) -> None:
    spells = {
        5405694: 55761792,  # Black Luster Soldier: Black Luster Ritual
        30208479: 76792184,  # Magician of Black Chaos: Black Magic Ritual
        64631466: 41426869,  # Relinquished: Black Illusion Ritual
    }
    for monster, spell in spells.items():
        assert pool.get(monster).type & CardType.RITUAL
        ritual = pool.get(spell)
        assert ritual.type == CardType.SPELL | CardType.RITUAL
        assert pool.get(monster).name in ritual.summary
    rituals = {c.code for c in pool if c.is_monster and c.type & CardType.RITUAL and not c.alias}
    assert rituals == set(spells)


def test_fusion_materials_are_present(pool: CardDB) -> None:
    """Every material a pool Fusion monster names (first line of its cdb text) is in the pool."""
    conn = sqlite3.connect(need(EN_CDB).as_uri() + "?mode=ro", uri=True)
    try:
        for card in pool:
            if not card.type & CardType.FUSION or card.alias:
                continue
            (text,) = conn.execute("SELECT desc FROM texts WHERE id = ?", (card.code,)).fetchone()
            materials = re.findall(r'"([^"]+)"', text.splitlines()[0])
            assert materials, card.name
            for name in materials:
                assert pool.find(name).name == name, (card.name, name)
    finally:
        conn.close()


def test_special_summon_partners_are_present(pool: CardDB) -> None:
    for name in (
        "Sanga of the Thunder",
        "Kazejin",
        "Suijin",
        "Alpha The Magnet Warrior",
        "Beta The Magnet Warrior",
        "Gamma The Magnet Warrior",
        "Petit Moth",
        "Cocoon of Evolution",
        "Zoa",
        "Metalmorph",
        "Elegant Egotist",
        "Harpie Lady",
        "Knight's Title",
        "Labyrinth Wall",
        "Magical Labyrinth",
        'Spirit Message "I"',
        'Spirit Message "N"',
        'Spirit Message "A"',
        'Spirit Message "L"',
        "Insect Monster Token",
    ):
        assert pool.find(name).name == name


def test_pool_facts_match_the_english_cdb(pool: CardDB, en_db: CardDB) -> None:
    for card in pool:
        if card.benchmark:
            assert card.code not in en_db
            continue
        ref = en_db.get(card.code)
        assert (
            ref.name,
            ref.alias,
            ref.type,
            ref.attribute,
            ref.race,
            ref.level,
            ref.lscale,
            ref.rscale,
            ref.link_markers,
            ref.atk,
            ref.defense,
            ref.setcodes,
        ) == (
            card.name,
            card.alias,
            card.type,
            card.attribute,
            card.race,
            card.level,
            card.lscale,
            card.rscale,
            card.link_markers,
            card.atk,
            card.defense,
            card.setcodes,
        ), card.code


def test_chinese_names_match_the_chinese_cdb(pool: CardDB, zh_db: CardDB) -> None:
    for card in pool:
        ref = zh_db.maybe(card.code)
        if ref is not None:
            assert card.name_zh == ref.name, card.code
        elif card.benchmark:
            assert card.name_zh == ""


def test_normal_monsters_say_so(pool: CardDB) -> None:
    for card in pool:
        if card.type == NORMAL and not card.benchmark:
            assert card.summary.startswith("Normal monster with no effect."), card.name
