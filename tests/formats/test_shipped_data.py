"""The banlists and starter decks shipped in ygo.data."""

from __future__ import annotations

import csv

import pytest

from tests.formats.fixtures import pool_db, shared_file
from ygo.data import (
    DEFAULT_BANLIST,
    shipped_banlist,
    shipped_banlists,
    starter_deck,
    starter_deck_names,
)
from ygo.deckcheck import check_deck
from ygo.errors import BanlistFormatError, DeckFormatError
from ygo.rules import Ruleset

RAIGEKI, DARK_HOLE, POT_OF_GREED, OBELISK = 12580477, 53129443, 55144522, 10000000


def test_shipped_banlists_by_name() -> None:
    lists = shipped_banlists()
    assert list(lists) == ["DM5", "DM6", "DMI"]
    assert shipped_banlist("dm6") is lists["DM6"]
    assert DEFAULT_BANLIST is None


def test_shipped_banlist_contents() -> None:
    dm5 = shipped_banlist("DM5")
    assert dm5.limit(RAIGEKI) == 1 and dm5.limit(DARK_HOLE) == 1
    assert dm5.limit(OBELISK) == 0
    assert dm5.counts() == {"forbidden": 3, "limited": 25, "semi-limited": 10, "unlimited": 0}
    assert shipped_banlist("DM6").counts()["semi-limited"] == 11
    assert shipped_banlist("DMI").counts() == {
        "forbidden": 0,
        "limited": 34,
        "semi-limited": 6,
        "unlimited": 0,
    }


def test_unknown_shipped_banlist_lists_the_names() -> None:
    with pytest.raises(BanlistFormatError, match="available: DM5, DM6, DMI"):
        shipped_banlist("DM7")


def test_shipped_banlists_match_the_guides_table() -> None:
    rows = list(
        csv.DictReader(
            shared_file("banlists.tsv").open(encoding="utf-8", newline=""), delimiter="\t"
        )
    )
    lists = shipped_banlists()
    counts = {"forbidden": 0, "limited": 1, "semi-limited": 2}
    for row in rows:
        if not row["passcode"]:
            continue  # the one unresolved name
        b = lists[row["list"]]
        assert b.entries[int(row["passcode"])] == counts[row["status"].split()[0]], row
    assert sum(len(b) for b in lists.values()) == sum(1 for r in rows if r["passcode"])


def test_starter_decks() -> None:
    assert starter_deck_names() == ("yugi", "kaiba")
    yugi = starter_deck("yugi")
    assert yugi.name == "Starter Deck Yugi"
    assert len(yugi.main) == 40 and not yugi.extra and not yugi.side
    assert starter_deck("KAIBA").main[0] == 89631139  # Blue-Eyes White Dragon
    with pytest.raises(DeckFormatError, match="known: yugi, kaiba"):
        starter_deck("joey")


def test_starter_decks_match_the_table() -> None:
    rows = list(
        csv.DictReader(
            shared_file("starter_pool.tsv").open(encoding="utf-8", newline=""), delimiter="\t"
        )
    )
    for key in starter_deck_names():
        deck = starter_deck(key)
        expected = [int(r["passcode"]) for r in rows if r["deck"] == deck.name]
        assert list(deck.main) == expected


@pytest.mark.parametrize("key", ["yugi", "kaiba"])
@pytest.mark.parametrize("banlist", [None, "DM5", "DM6", "DMI"])
@pytest.mark.parametrize("ruleset", ["classic", "mr3"])
def test_starter_decks_are_legal_under_every_shipped_list(
    key: str, banlist: str | None, ruleset: str
) -> None:
    # R-DECK-1, R-DECK-4, R-DECK-5: the result docs/formats.md reports.
    db = pool_db()
    b = shipped_banlist(banlist) if banlist else None
    assert check_deck(starter_deck(key), db, Ruleset.by_name(ruleset), b) == []


def test_every_shipped_card_is_in_the_pool() -> None:
    db = pool_db()
    for key in starter_deck_names():
        assert all(c in db for c in starter_deck(key).all_cards())
    for b in shipped_banlists().values():
        assert all(c in db for c in b.entries), b.name
