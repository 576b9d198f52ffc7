"""Deck construction rules R-DECK-1 to R-DECK-6 (ygo.deckcheck)."""

from __future__ import annotations

import json
import re

import pytest

from tests.formats.fixtures import (
    BLUE_EYES,
    BLUE_EYES_ULTIMATE,
    DARK_MAGICIAN,
    DARK_MAGICIAN_ALT,
    DUSTER,
    DUSTER_ALT,
    MIRROR_FORCE,
    POT_OF_GREED,
    SHEEP_TOKEN,
    UNKNOWN,
    fillers,
    fixture_db,
    legal_deck,
)
from ygo.core.deck import Deck
from ygo.deckcheck import UNKNOWN_CARD, Violation, check_deck, is_legal
from ygo.errors import YgoError
from ygo.formats.lflist import Banlist
from ygo.rules import Ruleset

DB = fixture_db()
MR3 = Ruleset.mr3()


def rules_of(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


def test_a_legal_deck_has_no_violations() -> None:
    deck = legal_deck(extra=(BLUE_EYES_ULTIMATE,), side=(MIRROR_FORCE,))
    assert check_deck(deck, DB, MR3) == []
    assert is_legal(deck, DB)


CLASSIC = Ruleset.classic()


# R-DECK-1
@pytest.mark.parametrize(("n", "ok"), [(39, False), (40, True), (60, True), (61, False)])
def test_mr3_main_deck_size_40_to_60(n: int, ok: bool) -> None:
    v = check_deck(legal_deck(main=fillers(n)), DB, MR3)
    assert (v == []) == ok
    if not ok:
        assert rules_of(v) == ["R-DECK-1"]
        assert v[0].section == "main" and v[0].count == n
        assert v[0].limit == (40 if n < 40 else 60)


# R-DECK-1
@pytest.mark.parametrize(("n", "ok"), [(39, False), (40, True), (61, True), (80, True)])
def test_classic_main_deck_at_least_40_no_maximum(n: int, ok: bool) -> None:
    v = check_deck(legal_deck(main=fillers(n)), DB, CLASSIC)
    assert rules_of(v) == ([] if ok else ["R-DECK-1"])
    if not ok:
        assert v[0].limit == 40 and "at least 40" in v[0].message


# R-DECK-1
def test_main_deck_size_follows_the_ruleset() -> None:
    small = MR3.with_(main_min=20, main_max=30)
    assert check_deck(legal_deck(main=fillers(20)), DB, small) == []
    assert rules_of(check_deck(legal_deck(main=fillers(40)), DB, small)) == ["R-DECK-1"]


# R-DECK-2
def test_mr3_extra_deck_at_most_15() -> None:
    ok = legal_deck(extra=(BLUE_EYES_ULTIMATE,) * 3)
    assert check_deck(ok, DB, MR3) == []
    # 16 cards in the Extra Deck (copies of one card also break R-DECK-4; both are reported)
    big = legal_deck(extra=(BLUE_EYES_ULTIMATE,) * 16)
    v = check_deck(big, DB, MR3)
    assert rules_of(v) == ["R-DECK-2", "R-DECK-4"]
    assert v[0].section == "extra" and v[0].count == 16 and v[0].limit == 15


# R-DECK-2
@pytest.mark.parametrize("n", [15, 16, 40])
def test_classic_extra_deck_has_no_limit(n: int) -> None:
    # The guides' Fusion Deck has no size limit; only the copy cap (R-DECK-4) applies.
    lots = legal_deck(extra=(BLUE_EYES_ULTIMATE,) * n)
    assert rules_of(check_deck(lots, DB, CLASSIC)) == ["R-DECK-4"]
    assert check_deck(lots, DB, CLASSIC.with_(max_copies=n)) == []
    assert rules_of(check_deck(lots, DB, MR3.with_(max_copies=n))) == (
        ["R-DECK-2"] if n > 15 else []
    )


# R-DECK-2
def test_extra_deck_does_not_count_toward_the_main_deck() -> None:
    deck = legal_deck(main=fillers(39), extra=(BLUE_EYES_ULTIMATE,))
    assert rules_of(check_deck(deck, DB, MR3)) == ["R-DECK-1"]


# R-DECK-2
def test_extra_deck_monster_in_the_main_deck_is_reported() -> None:
    deck = legal_deck(main=(*fillers(40), BLUE_EYES_ULTIMATE))
    v = check_deck(deck, DB, MR3)
    assert rules_of(v) == ["R-DECK-2"]
    assert v[0].code == BLUE_EYES_ULTIMATE and v[0].section == "main"
    assert v[0].name == "Blue-Eyes Ultimate Dragon"
    assert "Extra Deck monster" in v[0].message


# R-DECK-2
def test_main_deck_card_in_the_extra_deck_is_reported() -> None:
    v = check_deck(legal_deck(extra=(POT_OF_GREED, POT_OF_GREED)), DB, MR3)
    assert rules_of(v) == ["R-DECK-2"]
    assert v[0].section == "extra" and v[0].count == 2
    assert "Main Deck card" in v[0].message


# R-DECK-3
@pytest.mark.parametrize(("n", "ok"), [(0, True), (1, True), (14, True), (15, True), (16, False)])
def test_mr3_side_deck_0_to_15(n: int, ok: bool) -> None:
    v = check_deck(legal_deck(side=fillers(n, start=40)), DB, MR3)
    assert rules_of(v) == ([] if ok else ["R-DECK-3"])
    if not ok:
        assert v[0].section == "side" and v[0].count == 16 and v[0].limit == 15
        assert "at most 15" in v[0].message


# R-DECK-3
@pytest.mark.parametrize(("n", "ok"), [(0, True), (1, False), (14, False), (15, True), (16, False)])
def test_classic_side_deck_exactly_15_or_none(n: int, ok: bool) -> None:
    v = check_deck(legal_deck(side=fillers(n, start=40)), DB, CLASSIC)
    assert rules_of(v) == ([] if ok else ["R-DECK-3"])
    if not ok:
        assert v[0].section == "side" and v[0].count == n and v[0].limit == 15
        assert "exactly 15 or none" in v[0].message


# R-DECK-1, R-DECK-2, R-DECK-3
def test_deck_size_rules_survive_a_save_of_the_ruleset() -> None:
    # Saves and replays store the ruleset as a mapping: "no limit" is null.
    data = CLASSIC.to_dict()
    assert data["main_max"] is None and data["extra_max"] is None
    assert data["side_all_or_none"] is True
    again = Ruleset.from_dict(json.loads(json.dumps(data)))
    assert again == CLASSIC
    big = legal_deck(main=fillers(61), side=fillers(3, start=61))
    assert rules_of(check_deck(big, DB, again)) == ["R-DECK-3"]
    assert Ruleset.from_dict(MR3.to_dict()) == MR3


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"main_max": "60"}, "ruleset main_max must be an integer from 0 to 1000000 (or null"),
        ({"extra_max": -1}, "ruleset extra_max must be an integer"),
        ({"side_max": None}, "ruleset side_max must be an integer from 0 to 1000000"),
        ({"main_min": None}, "ruleset main_min must be an integer"),
        ({"side_all_or_none": 1}, "ruleset side_all_or_none must be true or false"),
        ({"main_min": 61}, "ruleset main_min is larger than main_max"),
    ],
)
def test_bad_deck_size_values_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(YgoError, match=re.escape(message)):
        Ruleset.from_dict({**MR3.to_dict(), **changes})
    # No maximum: any minimum is fine.
    assert Ruleset.from_dict({**MR3.to_dict(), "main_max": None, "main_min": 61}).main_max is None


# R-DECK-4
def test_at_most_three_copies_across_main_extra_and_side() -> None:
    three = legal_deck(main=(*fillers(38), BLUE_EYES, BLUE_EYES), side=(BLUE_EYES,))
    assert check_deck(three, DB, MR3) == []
    four = legal_deck(main=(*fillers(38), BLUE_EYES, BLUE_EYES), side=(BLUE_EYES, BLUE_EYES))
    v = check_deck(four, DB, MR3)
    assert rules_of(v) == ["R-DECK-4"]
    assert (v[0].code, v[0].name, v[0].count, v[0].limit) == (
        BLUE_EYES,
        "Blue-Eyes White Dragon",
        4,
        3,
    )


# R-DECK-4
def test_extra_deck_copies_count_too() -> None:
    deck = legal_deck(extra=(BLUE_EYES_ULTIMATE,) * 3, side=(BLUE_EYES_ULTIMATE,))
    assert rules_of(check_deck(deck, DB, MR3)) == ["R-DECK-4"]


# R-DECK-4
def test_alternate_artworks_count_as_their_card() -> None:
    deck = legal_deck(
        main=(*fillers(38), DARK_MAGICIAN, DARK_MAGICIAN_ALT),
        side=(DARK_MAGICIAN_ALT, DARK_MAGICIAN),
    )
    v = check_deck(deck, DB, MR3)
    assert rules_of(v) == ["R-DECK-4"]
    assert v[0].code == DARK_MAGICIAN and v[0].count == 4


# R-DECK-4
def test_copy_cap_follows_the_ruleset() -> None:
    deck = legal_deck(main=(*fillers(38), BLUE_EYES, BLUE_EYES))
    assert rules_of(check_deck(deck, DB, MR3.with_(max_copies=1))) == ["R-DECK-4"]


# R-DECK-5
def test_banlist_caps_copies_forbidden_limited_semi_limited() -> None:
    banlist = Banlist("T", {POT_OF_GREED: 0, BLUE_EYES: 1, DARK_MAGICIAN: 2})
    deck = legal_deck(
        main=(*fillers(35), POT_OF_GREED, BLUE_EYES, BLUE_EYES, DARK_MAGICIAN, DARK_MAGICIAN),
        side=(DARK_MAGICIAN,),
    )
    v = check_deck(deck, DB, MR3, banlist)
    assert rules_of(v) == ["R-DECK-5"] * 3
    by_code = {x.code: x for x in v}
    assert by_code[POT_OF_GREED].limit == 0 and "forbidden in T" in by_code[POT_OF_GREED].message
    assert by_code[BLUE_EYES].limit == 1 and "limited to 1 in T" in by_code[BLUE_EYES].message
    assert by_code[DARK_MAGICIAN].limit == 2 and by_code[DARK_MAGICIAN].count == 3
    assert "semi-limited to 2" in by_code[DARK_MAGICIAN].message


# R-DECK-5
def test_cards_absent_from_the_banlist_keep_the_three_cap() -> None:
    banlist = Banlist("T", {POT_OF_GREED: 0})
    three = legal_deck(main=(*fillers(37), BLUE_EYES, BLUE_EYES, BLUE_EYES))
    assert check_deck(three, DB, MR3, banlist) == []
    four = legal_deck(main=(*fillers(36), BLUE_EYES, BLUE_EYES, BLUE_EYES, BLUE_EYES))
    assert rules_of(check_deck(four, DB, MR3, banlist)) == ["R-DECK-4"]


# R-DECK-5
def test_within_the_banlist_limit_is_fine() -> None:
    banlist = Banlist("T", {BLUE_EYES: 1, DARK_MAGICIAN: 2})
    deck = legal_deck(main=(*fillers(37), BLUE_EYES, DARK_MAGICIAN, DARK_MAGICIAN))
    assert check_deck(deck, DB, MR3, banlist) == []


# R-DECK-5
def test_banlist_counts_alternate_artworks_as_their_card() -> None:
    listed_base = Banlist("T", {DUSTER: 1})
    listed_alt = Banlist("T", {DUSTER_ALT: 1})
    deck = legal_deck(main=(*fillers(38), DUSTER, DUSTER_ALT))
    for banlist in (listed_base, listed_alt):
        v = check_deck(deck, DB, MR3, banlist)
        assert rules_of(v) == ["R-DECK-5"]
        assert v[0].code == DUSTER and v[0].count == 2


# R-DECK-5
def test_whitelist_forbids_every_unlisted_card() -> None:
    allowed = {code: 3 for code in fillers(40)}
    whitelist = Banlist("W", {**allowed, DARK_MAGICIAN: 1}, whitelist=True)
    assert check_deck(legal_deck(), DB, MR3, whitelist) == []
    deck = legal_deck(main=(*fillers(38), BLUE_EYES, DARK_MAGICIAN))
    v = check_deck(deck, DB, MR3, whitelist)
    assert rules_of(v) == ["R-DECK-5"]
    assert v[0].code == BLUE_EYES and v[0].limit == 0 and "not on the W list" in v[0].message


# R-DECK-4, R-DECK-5
def test_a_card_over_both_caps_reports_both_rules() -> None:
    banlist = Banlist("T", {BLUE_EYES: 1})
    deck = legal_deck(main=(*fillers(36), *(BLUE_EYES,) * 4))
    assert rules_of(check_deck(deck, DB, MR3, banlist)) == ["R-DECK-4", "R-DECK-5"]


def test_unknown_passcodes_are_reported() -> None:
    deck = legal_deck(main=(*fillers(38), UNKNOWN, UNKNOWN), side=(12345,))
    v = check_deck(deck, DB, MR3)
    assert rules_of(v) == [UNKNOWN_CARD, UNKNOWN_CARD]
    assert (v[0].code, v[0].section, v[0].count, v[0].name) == (UNKNOWN, "main", 2, None)
    assert v[1].code == 12345 and v[1].section == "side"


def test_tokens_cannot_be_in_a_deck() -> None:
    v = check_deck(legal_deck(side=(SHEEP_TOKEN,)), DB, MR3)
    assert rules_of(v) == ["R-SUM-11"]


# R-DECK-6
def test_every_violation_is_reported_at_once_each_naming_card_and_rule() -> None:
    banlist = Banlist("T", {POT_OF_GREED: 0})
    deck = Deck(
        main=(*fillers(30), POT_OF_GREED, BLUE_EYES_ULTIMATE, *(BLUE_EYES,) * 4, UNKNOWN),
        extra=(MIRROR_FORCE,),
        side=fillers(16, start=40),
    )
    v = check_deck(deck, DB, MR3, banlist)
    assert rules_of(v) == [
        "R-DECK-1",  # 37 cards
        "R-DECK-3",  # 16 in the side deck
        UNKNOWN_CARD,
        "R-DECK-2",  # fusion in main
        "R-DECK-2",  # trap in extra
        "R-DECK-5",  # Pot of Greed forbidden
        "R-DECK-4",  # 4 Blue-Eyes
    ]
    for x in v:
        assert x.message and str(x).startswith(x.rule)
    named = [x for x in v if x.code is not None and x.rule != UNKNOWN_CARD]
    assert all(x.name for x in named)
    assert v[0].to_dict()["rule"] == "R-DECK-1"


def test_default_ruleset_is_mr3() -> None:
    assert check_deck(legal_deck(main=fillers(39)), DB)[0].limit == 40
