"""CardDB: look-up by passcode and name, search, overlay."""

from __future__ import annotations

import pytest

from ygo.cards.db import CardDB, KindFilter
from ygo.cards.pool import embedded_pool
from ygo.core.card import CardData
from ygo.core.enums import CardType
from ygo.errors import UnknownCardError

NORMAL = CardType.MONSTER | CardType.NORMAL


def _card(code: int, name: str, name_zh: str = "", **kw: object) -> CardData:
    return CardData(code=code, name=name, name_zh=name_zh, type=kw.pop("type", NORMAL), **kw)  # type: ignore[arg-type]


@pytest.fixture
def small() -> CardDB:
    return CardDB(
        [
            _card(100, "Dark Magician", "黑魔术师"),
            _card(101, "Dark Magician", "黑魔术师", alias=100),
            _card(102, "Dark Magician Girl", "黑魔术少女"),
            _card(103, "Dark Hole", "黑洞", type=CardType.SPELL),
            _card(104, "Magic Cylinder", "魔法筒", type=CardType.TRAP),
            _card(105, "Harpie Lady", "鹰身女郎"),
            _card(106, "Harpie Lady 1", "鹰身女郎1", alias=105),
            _card(107, "Sorcerer of Dark Magic"),
        ],
        source="test",
    )


# -- get / find ------------------------------------------------------------------
def test_get_and_maybe(small: CardDB) -> None:
    assert small.get(100).name == "Dark Magician"
    assert small.maybe(999) is None
    with pytest.raises(UnknownCardError, match="unknown passcode 999"):
        small.get(999)
    assert 100 in small and 999 not in small
    assert len(small) == 8


def test_find_by_passcode_and_names(small: CardDB) -> None:
    assert small.find("100").code == 100
    assert small.find("  00000102 ").code == 102
    assert small.find("dark magician").code == 100  # the base card, not the alt art
    assert small.find("DARK MAGICIAN GIRL").code == 102
    assert small.find("黑魔术少女").code == 102
    assert small.find("101").code == 101  # an alt art by its own passcode


def test_find_unknown_passcode(small: CardDB) -> None:
    with pytest.raises(UnknownCardError, match="unknown passcode 999"):
        small.find("999")


def test_find_non_ascii_digits_are_names_not_passcodes(small: CardDB) -> None:
    for q in ("²", "١٢٣"):
        with pytest.raises(UnknownCardError, match="no card is named"):
            small.find(q)


def test_find_unique_substring(small: CardDB) -> None:
    assert small.find("cylinder").code == 104


def test_find_ambiguous_lists_candidates(small: CardDB) -> None:
    with pytest.raises(UnknownCardError) as info:
        small.find("dark")
    message = str(info.value)
    assert "did you mean" in message
    assert "Dark Hole" in message and "Dark Magician Girl" in message
    assert "\n" not in message


def test_find_suggests_close_spellings(small: CardDB) -> None:
    with pytest.raises(UnknownCardError, match="did you mean: Dark Magician"):
        small.find("Dark Magican")
    with pytest.raises(UnknownCardError, match=r"^no card is named 'zzz'$"):
        small.find("zzz")


def test_unknown_card_error_is_a_key_error_with_a_plain_message(small: CardDB) -> None:
    with pytest.raises(KeyError) as info:
        small.find("zzz")
    assert not str(info.value).startswith('"')


def test_names_prefer_real_cards_over_tokens() -> None:
    token = CardType.MONSTER | CardType.NORMAL | CardType.TOKEN
    db = CardDB([_card(5, "Sheep", type=token), _card(9, "Sheep")])
    assert db.find("sheep").code == 9


# -- search ----------------------------------------------------------------------
def test_search_orders_exact_then_prefix_then_rest(small: CardDB) -> None:
    names = [c.name for c in small.search("dark magician")]
    assert names == ["Dark Magician", "Dark Magician Girl"]
    names = [c.name for c in small.search("magic")]
    assert names == [
        "Magic Cylinder",
        "Dark Magician",
        "Dark Magician Girl",
        "Sorcerer of Dark Magic",
    ]


def test_search_leaves_out_alternate_artworks_only(small: CardDB) -> None:
    codes = [c.code for c in small.search("")]
    assert 101 not in codes  # same name as its base
    assert 106 in codes  # "Harpie Lady 1" counts as Harpie Lady but is its own card
    assert len(codes) == 7


def test_search_chinese(small: CardDB) -> None:
    assert [c.code for c in small.search("黑魔术")] == [100, 102]


def test_search_kind_and_limit(small: CardDB) -> None:
    assert [c.code for c in small.search("", kind=KindFilter.SPELL)] == [103]
    assert [c.code for c in small.search("", kind=KindFilter.TRAP)] == [104]
    assert all(c.is_monster for c in small.search("", kind=KindFilter.MONSTER))
    assert len(small.search("", limit=2)) == 2
    assert small.search("", limit=0) == []
    assert small.search("nothing like this") == []


def test_kind_filter_values() -> None:
    assert KindFilter("monster") is KindFilter.MONSTER
    assert KindFilter.TRAP.bit == CardType.TRAP
    assert str(KindFilter.SPELL) == "spell"


def test_search_the_pool() -> None:
    pool = embedded_pool()
    hits = pool.search("forbidden one")
    assert len(hits) == 5
    assert hits[0].name == "Exodia the Forbidden One" or all(
        "Forbidden One" in c.name for c in hits
    )
    assert pool.search("青眼白龙")[0].code == 89631139


def test_search_en_cdb_keeps_cards_that_count_as_another(en_db: CardDB) -> None:
    names = {c.name for c in en_db.search("harpie lady")}
    assert {"Harpie Lady", "Harpie Lady 1", "Harpie Lady 2", "Harpie Lady 3"} <= names
    same_name = [c for c in en_db.search("dark magician") if c.name == "Dark Magician"]
    # the card itself (alternate artworks left out) and the "Dark Magician" token
    assert [c.code for c in same_name] == [46986414, 46986420]
    assert same_name[1].type & CardType.TOKEN


# -- overlay ---------------------------------------------------------------------
def test_overlay_replaces_card_by_card(small: CardDB) -> None:
    other = CardDB([_card(100, "Dark Magician", summary="mine"), _card(900, "New")], source="b")
    merged = small.overlay(other)
    assert merged is not small
    assert merged.get(100).summary == "mine"
    assert small.get(100).summary == ""
    assert merged.find("New").code == 900
    assert merged.source == "test + b"
    assert len(merged) == 9


def test_overlay_of_the_pool_with_the_english_cdb(en_db: CardDB) -> None:
    merged = embedded_pool().overlay(en_db)
    assert len(merged) == len(en_db) + 7  # plus the benchmark-only cards
    assert merged.find("Decode Talker").is_link
    # the cdb's facts win, but the pool's summaries and Chinese names stay
    dm = merged.get(46986414)
    assert dm is en_db.get(46986414) or dm.summary == embedded_pool().get(46986414).summary
    assert dm.summary.startswith("Normal monster")
    assert dm.name_zh == "黑魔术师"
    assert merged.get(1861629).summary == ""


def test_overlay_keeps_summaries_only_for_the_same_card() -> None:
    base = CardDB([_card(1, "A", "甲", summary="about A"), _card(2, "B", summary="about B")])
    other = CardDB([_card(1, "A", atk=5), _card(2, "Not B"), _card(3, "C")])
    merged = base.overlay(other)
    assert (merged.get(1).summary, merged.get(1).name_zh, merged.get(1).atk) == ("about A", "甲", 5)
    assert merged.get(2).summary == "" and merged.get(2).name == "Not B"
    kept = base.overlay(CardDB([_card(1, "A", summary="new words")]))
    assert kept.get(1).summary == "new words"


def test_add_invalidates_the_name_index(small: CardDB) -> None:
    assert small.find("Dark Hole").code == 103
    small.add(_card(300, "Fresh Card"))
    assert small.find("fresh card").code == 300
