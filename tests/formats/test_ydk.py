""".ydk files: both dialects, round trips, and every kind of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.formats.fixtures import (
    BLUE_EYES,
    BLUE_EYES_ULTIMATE,
    DARK_MAGICIAN,
    MIRROR_FORCE,
    POT_OF_GREED,
    UNKNOWN,
    fixture_db,
)
from ygo.core.deck import Deck
from ygo.errors import DeckFormatError
from ygo.formats.ydk import MAX_BYTES, MAX_CARDS, parse_ydk, read_ydk, write_ydk

YGOPRO_FILE = """#created by ...
#main
46986414
46986414
89631139
55144522
#extra
23995346
!side
44095762
"""

EDOPRO_FILE = (
    "\ufeff#created by Player\r\n"
    "#main\r\n"
    "# Dark Magician\r\n"
    "46986414\r\n"
    "46986414 # Dark Magician\r\n"
    "\r\n"
    "89631139 Blue-Eyes White Dragon\r\n"
    "55144522--Pot of Greed\r\n"
    "#extra\r\n"
    "23995346\r\n"
    "!side\r\n"
    "44095762\r\n"
)

EXPECTED = Deck(
    (DARK_MAGICIAN, DARK_MAGICIAN, BLUE_EYES, POT_OF_GREED), (BLUE_EYES_ULTIMATE,), (MIRROR_FORCE,)
)


def test_reads_ygopro_file() -> None:
    assert parse_ydk(YGOPRO_FILE) == EXPECTED


def test_reads_edopro_file_with_bom_crlf_names_and_comments() -> None:
    assert parse_ydk(EDOPRO_FILE) == EXPECTED
    assert parse_ydk(EDOPRO_FILE.encode("utf-8")) == EXPECTED


def test_reads_leading_zeros_tabs_and_cr_only_line_ends() -> None:
    text = "#main\r0046986414\r\t89631139\t\r#extra\r!side\r"
    assert parse_ydk(text) == Deck((DARK_MAGICIAN, BLUE_EYES))


def test_cards_before_any_marker_go_to_the_main_deck() -> None:
    assert parse_ydk("46986414\n!side\n89631139\n") == Deck((DARK_MAGICIAN,), (), (BLUE_EYES,))


def test_hash_side_is_a_synonym_and_markers_ignore_case() -> None:
    assert parse_ydk("#MAIN\n46986414\n#Side\n89631139\n") == Deck(
        (DARK_MAGICIAN,), (), (BLUE_EYES,)
    )


def test_writes_ygopro_form() -> None:
    assert write_ydk(EXPECTED) == (
        "#created by ygo\n#main\n46986414\n46986414\n89631139\n55144522\n"
        "#extra\n23995346\n!side\n44095762\n"
    )


def test_writes_markers_of_empty_sections() -> None:
    assert write_ydk(Deck()) == "#created by ygo\n#main\n#extra\n!side\n"
    assert parse_ydk(write_ydk(Deck())) == Deck()


def test_round_trips_exactly() -> None:
    text = write_ydk(EXPECTED)
    assert parse_ydk(text) == EXPECTED
    assert write_ydk(parse_ydk(text)) == text


def test_writes_names_as_comments_edopro_style() -> None:
    db = fixture_db()
    deck = Deck((DARK_MAGICIAN, UNKNOWN), (BLUE_EYES_ULTIMATE,))
    text = write_ydk(deck, names=db)
    assert "46986414 # Dark Magician\n" in text
    assert "\n99999999\n" in text  # unknown: no comment
    assert "23995346 # Blue-Eyes Ultimate Dragon\n" in text
    assert parse_ydk(text) == deck
    assert write_ydk(parse_ydk(text), names=db) == text


def test_read_ydk_names_the_deck_after_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my deck.ydk"
    path.write_text(YGOPRO_FILE)
    deck = read_ydk(path)
    assert deck == EXPECTED and deck.name == "my deck"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#main\n46986414\nDark Magician\n", "line 3: expected a passcode"),
        ("#main\n12ab\n", "line 2: expected a passcode"),
        ("#main\n-5\n", "line 2: expected a passcode"),
        ("#main\n0\n", "line 2: passcode '0' is out of range"),
        ("#main\n4294967296\n", "line 2: passcode '4294967296' is out of range"),
        ("#main\n" + "9" * 5000 + "\n", "line 2: passcode '9999"),
        ("#main\n!extra\n", "line 2: unknown section marker '!extra'"),
        ("", "empty deck file"),
        ("\n  \r\n", "empty deck file"),
        ("#main\n\x00\x01\x02", "line 2: NUL character"),
        ("#main\n\u0663\n", "line 2: expected a passcode"),  # a non-ASCII digit
    ],
)
def test_bad_text_names_the_line_and_problem(text: str, message: str) -> None:
    with pytest.raises(DeckFormatError, match="^" + message.replace("(", r"\(")):
        parse_ydk(text)


def test_binary_junk_is_rejected() -> None:
    with pytest.raises(DeckFormatError, match="offset 1 is not UTF-8"):
        parse_ydk(b"#\xff\xfe\x00junk")


def test_huge_input_is_rejected() -> None:
    with pytest.raises(DeckFormatError, match="too large"):
        parse_ydk(b"#" * (MAX_BYTES + 1))


def test_too_many_cards_is_rejected() -> None:
    text = "#main\n" + "46986414\n" * (MAX_CARDS + 1)
    with pytest.raises(DeckFormatError, match=f"line {MAX_CARDS + 2}: too many cards"):
        parse_ydk(text)


def test_unknown_passcodes_are_all_listed_at_once() -> None:
    text = "#main\n46986414\n11111111\n22222222\n#extra\n!side\n11111111\n"
    with pytest.raises(DeckFormatError) as info:
        parse_ydk(text, db=fixture_db())
    message = str(info.value)
    assert "2 unknown passcodes" in message
    assert "11111111 (line 3, line 7)" in message
    assert "22222222 (line 4)" in message


def test_known_passcodes_pass_the_db_check() -> None:
    assert parse_ydk(YGOPRO_FILE, db=fixture_db()) == EXPECTED


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(DeckFormatError, match="no such deck file"):
        read_ydk(tmp_path / "nope.ydk")
    with pytest.raises(DeckFormatError, match="is a directory"):
        read_ydk(tmp_path)


def test_file_errors_name_the_path(tmp_path: Path) -> None:
    path = tmp_path / "bad.ydk"
    path.write_bytes(b"#main\nxyz\n")
    with pytest.raises(DeckFormatError, match=r"bad\.ydk: line 2: expected a passcode"):
        read_ydk(path)


def test_writing_an_out_of_range_code_is_an_error() -> None:
    with pytest.raises(DeckFormatError, match="out of range"):
        write_ydk(Deck((0,)))
