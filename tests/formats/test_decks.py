"""load_deck / dump_deck / normalize_deck across .ydk, ydke:// and starter decks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.formats.fixtures import (
    BLUE_EYES,
    BLUE_EYES_ULTIMATE,
    DARK_MAGICIAN,
    UNKNOWN,
    fixture_db,
)
from ygo.core.deck import Deck
from ygo.data import starter_deck
from ygo.errors import DeckFormatError
from ygo.formats import dump_deck, load_deck, normalize_deck
from ygo.formats.ydke import write_ydke

DECK = Deck((DARK_MAGICIAN, BLUE_EYES_ULTIMATE, BLUE_EYES), (), (BLUE_EYES,))
"""A Fusion monster listed in the Main Deck, as YGOPro's files sometimes have."""
NORMALIZED = Deck((DARK_MAGICIAN, BLUE_EYES), (BLUE_EYES_ULTIMATE,), (BLUE_EYES,))


def write(tmp_path: Path, deck: Deck) -> str:
    path = tmp_path / "deck.ydk"
    path.write_text(dump_deck(deck, "ydk"))
    return str(path)


def test_normalize_moves_extra_deck_monsters_out_of_the_main_deck() -> None:
    db = fixture_db()
    assert normalize_deck(DECK, db) == NORMALIZED
    moved_first = normalize_deck(Deck((BLUE_EYES_ULTIMATE,), (DARK_MAGICIAN,)), db)
    assert moved_first.extra == (BLUE_EYES_ULTIMATE, DARK_MAGICIAN)


def test_normalize_keeps_unknown_codes_and_the_name() -> None:
    deck = Deck((UNKNOWN, BLUE_EYES_ULTIMATE), name="x")
    out = normalize_deck(deck, fixture_db())
    assert out.main == (UNKNOWN,) and out.name == "x"


def test_load_from_path_as_written_without_db(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, DECK))
    assert deck == DECK and deck.name == "deck"


def test_load_from_path_normalizes_with_db(tmp_path: Path) -> None:
    assert load_deck(write(tmp_path, DECK), fixture_db()) == NORMALIZED
    assert load_deck(write(tmp_path, DECK), fixture_db(), normalize=False) == DECK


def test_load_from_ydke_url() -> None:
    url = write_ydke(DECK)
    assert load_deck(url) == DECK
    assert load_deck(f"  {url}  ", fixture_db()) == NORMALIZED


def test_load_starter_deck() -> None:
    assert load_deck("starter:yugi") == starter_deck("yugi")
    assert load_deck("starter:Kaiba").name == "Starter Deck Kaiba"
    with pytest.raises(DeckFormatError, match="no starter deck named 'joey'"):
        load_deck("starter:joey")


def test_unknown_passcodes_reported_with_locations(tmp_path: Path) -> None:
    path = write(tmp_path, Deck((DARK_MAGICIAN, UNKNOWN, 12345)))
    with pytest.raises(DeckFormatError) as info:
        load_deck(path, fixture_db())
    assert str(info.value).startswith(f"{path} has 2 unknown passcodes: 99999999 (line 4)")
    with pytest.raises(DeckFormatError, match=r"ydke:// URL has 1 unknown passcode: 12345 \(side"):
        load_deck(write_ydke(Deck((), (), (12345,))), fixture_db())


def test_load_errors_name_the_path(tmp_path: Path) -> None:
    with pytest.raises(DeckFormatError, match="no such deck file"):
        load_deck(str(tmp_path / "missing.ydk"))
    with pytest.raises(DeckFormatError, match="is a directory"):
        load_deck(str(tmp_path))
    bad = tmp_path / "bad.ydk"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(DeckFormatError, match=r"bad\.ydk: not a deck file: byte 0x89"):
        load_deck(str(bad))


def test_huge_file_is_rejected_before_reading_it_all(tmp_path: Path) -> None:
    big = tmp_path / "big.ydk"
    big.write_bytes(b"#main\n" + b"46986414\n" * 200_000)
    with pytest.raises(DeckFormatError, match="too large"):
        load_deck(str(big))


def test_dump_deck_formats() -> None:
    db = fixture_db()
    assert dump_deck(DECK, "ydke") == write_ydke(DECK)
    assert "# Dark Magician" in dump_deck(DECK, "ydk", db)
    assert "#" not in dump_deck(DECK, "ydke", db)
    with pytest.raises(DeckFormatError, match="unknown deck format"):
        dump_deck(DECK, "json")  # type: ignore[arg-type]
