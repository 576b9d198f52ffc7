"""CardDB: look-up by passcode and name, search, overlay."""

from __future__ import annotations

import pytest

from ygo.cards.db import CardDB, KindFilter, MatchKind, normalise, same_card
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
    found = small.lookup("cylinder")
    assert not found.exact and found.kind is MatchKind.SUBSTRING
    assert found.message() == (
        "no exact match for 'cylinder'; closest (part of its name): Magic Cylinder (魔法筒) [104]"
    )


def test_exact_lookup_says_nothing(small: CardDB) -> None:
    for q in ("Dark Magician", "黑魔术师", "100"):
        found = small.lookup(q)
        assert found.exact and found.message() == "" and found.candidates == ()


def test_find_ambiguous_lists_candidates(small: CardDB) -> None:
    with pytest.raises(UnknownCardError) as info:
        small.find("dark")
    message = str(info.value)
    assert message.startswith("no exact match for 'dark' and no single closest card; candidates:")
    assert "Dark Hole (黑洞) [103]" in message and "Dark Magician Girl" in message
    assert "\n" not in message
    assert small.lookup("dark").card is None


def test_find_takes_a_clearly_closest_spelling(small: CardDB) -> None:
    found = small.lookup("Dark Magican")
    assert found.card is not None and found.card.code == 100
    assert found.kind is MatchKind.FUZZY
    assert "closest (similar spelling): Dark Magician (黑魔术师) [100]" in found.message()
    assert "other candidates: Dark Magician Girl" in found.message()
    with pytest.raises(UnknownCardError, match=r"^no card is named 'zzz'$"):
        small.find("zzz")


def test_find_close_spellings_without_a_clear_winner_is_ambiguous() -> None:
    db = CardDB([_card(1, "Gear Golem A"), _card(2, "Gear Golem B")])
    found = db.lookup("Gear Golem C")
    assert found.card is None and found.kind is MatchKind.FUZZY
    assert {c.code for c in found.candidates} == {1, 2}


def test_normalised_names_match_inexactly() -> None:
    db = CardDB(
        [
            _card(1, "Blue-Eyes White Dragon", "青眼白龙"),
            _card(2, "Blue-Eyes Ultimate Dragon"),
            _card(3, "Red-Eyes B. Dragon", "真红眼黑龙"),
        ]
    )
    for q in (
        "blue eyes white dragon",
        "ＢＬＵＥ－ＥＹＥＳ ＷＨＩＴＥ ＤＲＡＧＯＮ",
        "Blue Eyes, White Dragon!",
    ):
        found = db.lookup(q)
        assert (found.card and found.card.code, found.kind) == (1, MatchKind.NORMALISED), q
        assert not found.exact
    # traditional characters, and a middle dot between words
    assert db.lookup("真紅眼黑龍").card == db.get(3)
    assert db.lookup("red eyes b dragon").card == db.get(3)
    assert normalise("Ｅ・ＨＥＲＯ Neos") == "eheroneos"


def test_passcodes_are_length_checked_before_int(small: CardDB) -> None:
    # Python refuses int() of more than 4,300 digits with a ValueError
    for q, n in (("9" * 5000, 5000), ("0" * 5000 + "1" * 20, 20)):
        with pytest.raises(UnknownCardError, match=f"no card has a passcode of {n} digits"):
            small.find(q)
    assert small.find("0" * 5000 + "100").code == 100  # leading zeros are no digits
    assert small.find("１００").code == 100  # full-width digits, as a Chinese IME types them


def test_empty_or_punctuation_only_query(small: CardDB) -> None:
    for q in ("", "   ", "--"):
        with pytest.raises(UnknownCardError, match="no card is named"):
            small.find(q)


# -- Chinese look-up -------------------------------------------------------------
def _chinese_pool() -> CardDB:
    return CardDB(
        [
            _card(46986414, "Dark Magician", "黑魔术师"),
            _card(46986415, "Dark Magician", "黑魔术师", alias=46986414),
            _card(38033121, "Dark Magician Girl", "黑魔术少女"),
            _card(50725996, "Dark Magician Knight", "黑魔术骑士"),
            _card(98502113, "Dark Paladin", "超魔导剑士-黑魔导剑士"),
        ]
    )


def test_old_chinese_name_of_dark_magician_is_not_dark_paladin() -> None:
    # 黑魔导 used to find Dark Paladin by substring, silently
    found = _chinese_pool().lookup("黑魔导")
    assert found.card is not None and found.card.code == 46986414
    assert found.kind is MatchKind.VARIANT and not found.exact
    message = found.message()
    assert message.startswith(
        "no exact match for '黑魔导'; closest (older Chinese translation): "
        "Dark Magician (黑魔术师) [46986414]"
    )
    assert "Dark Paladin (超魔导剑士-黑魔导剑士) [98502113]" in message
    assert _chinese_pool().lookup("黑魔导骑士").card == _chinese_pool().get(50725996)
    assert _chinese_pool().lookup("黑魔導").card == _chinese_pool().get(46986414)


def test_old_name_and_a_dotted_name_are_equally_close() -> None:
    # 黑·魔·导 (Dark Magic Attack) without its dots is 黑魔导 too: neither is preferred
    db = _chinese_pool()
    db.add(_card(2314238, "Dark Magic Attack", "黑·魔·导", type=CardType.SPELL))
    found = db.lookup("黑魔导")
    assert found.card is None
    assert [c.code for c in found.candidates[:2]] == [2314238, 46986414]
    with pytest.raises(UnknownCardError, match="no single closest card"):
        db.find("黑魔导")


def test_real_chinese_cdb_finds_dark_magician_by_its_names(zh_db: CardDB) -> None:
    merged = embedded_pool().overlay(zh_db)
    assert merged.lookup("黑魔术师").card == merged.get(46986414)
    assert merged.lookup("Dark Magician").card == merged.get(46986414)
    # the real file has 黑·魔·导 (Dark Magic Attack): ambiguous, both listed
    found = merged.lookup("黑魔导")
    assert found.card is None
    assert {2314238, 46986414} <= {c.code for c in found.candidates}


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


def test_overlay_with_a_chinese_cdb_keeps_both_languages(zh_db: CardDB) -> None:
    # the zh-CN cdb used to replace "Dark Magician" and blank the Chinese name,
    # so "Dark Magician" found an alternate artwork
    merged = embedded_pool().overlay(zh_db)
    dm = merged.get(46986414)
    assert (dm.name, dm.name_zh) == ("Dark Magician", "黑魔术师")
    assert dm.summary == embedded_pool().get(46986414).summary
    assert merged.find("Dark Magician").code == 46986414
    assert merged.find("dark magician girl").code == 38033121
    # a card only the zh cdb has keeps its Chinese name in both fields
    only_zh = next(c for c in zh_db if c.code not in embedded_pool())
    assert merged.get(only_zh.code).name == only_zh.name_zh


def test_overlay_with_both_real_databases(en_db: CardDB, zh_db: CardDB) -> None:
    for merged in (
        embedded_pool().overlay(en_db).overlay(zh_db),
        embedded_pool().overlay(zh_db).overlay(en_db),
    ):
        attack = merged.get(2314238)  # not in the pool
        assert (attack.name, attack.name_zh) == ("Dark Magic Attack", "黑·魔·导")
        assert merged.find("Dark Magic Attack") == merged.find("黑·魔·导") == attack


def test_overlay_of_chinese_names_over_english_ones() -> None:
    base = CardDB([_card(1, "A", summary="about A"), _card(2, "B", atk=100)])
    zh = CardDB([_card(1, "甲", "甲"), _card(2, "乙", "乙", atk=999), _card(3, "丙", "丙")])
    merged = base.overlay(zh)
    assert (merged.get(1).name, merged.get(1).name_zh, merged.get(1).summary) == (
        "A",
        "甲",
        "about A",
    )
    # different facts and no shared language: another card, taken whole
    assert (merged.get(2).name, merged.get(2).name_zh) == ("乙", "乙")
    assert merged.get(3).name == "丙"
    # and English over Chinese fills the English name
    back = zh.overlay(CardDB([_card(1, "A")]))
    assert (back.get(1).name, back.get(1).name_zh) == ("A", "甲")


def test_same_card() -> None:
    assert same_card(_card(1, "A"), _card(1, "a"))
    assert same_card(_card(1, "A", "甲"), _card(1, "B", "甲", atk=5))  # renamed in English
    assert not same_card(_card(1, "A", "甲"), _card(1, "B", "乙"))
    assert same_card(_card(1, "A"), _card(1, "甲", "甲"))
    assert not same_card(_card(1, "A"), _card(1, "甲", "甲", atk=1))


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
