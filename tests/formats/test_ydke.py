"""ydke:// URLs: round trips and every kind of bad input."""

from __future__ import annotations

import base64
import struct

import pytest

from tests.formats.fixtures import BLUE_EYES, BLUE_EYES_ULTIMATE, DARK_MAGICIAN, fixture_db
from ygo.core.deck import Deck
from ygo.errors import DeckFormatError
from ygo.formats.ydk import MAX_CARDS
from ygo.formats.ydke import is_ydke, parse_ydke, write_ydke


def b64(*codes: int) -> str:
    return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()


DECK = Deck((DARK_MAGICIAN, DARK_MAGICIAN, BLUE_EYES), (BLUE_EYES_ULTIMATE,), (BLUE_EYES,))
MAIN = b64(DARK_MAGICIAN, DARK_MAGICIAN, BLUE_EYES)
URL = f"ydke://{MAIN}!{b64(BLUE_EYES_ULTIMATE)}!{b64(BLUE_EYES)}!"


def test_reads_a_url() -> None:
    assert parse_ydke(URL) == DECK


def test_writes_little_endian_base64_sections() -> None:
    assert write_ydke(DECK) == URL
    assert write_ydke(Deck()) == "ydke://!!!"


def test_round_trips_exactly() -> None:
    assert parse_ydke(write_ydke(DECK)) == DECK
    assert write_ydke(parse_ydke(URL)) == URL
    assert parse_ydke("ydke://!!!") == Deck()


def test_accepts_spaces_any_case_prefix_and_missing_padding() -> None:
    unpadded = URL.replace("=", "")
    assert parse_ydke(f"  {unpadded.replace('ydke', 'YDKE')}\n") == DECK


def test_is_ydke() -> None:
    assert is_ydke(" ydke://!!!") and not is_ydke("deck.ydk")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("", "empty ydke:// URL"),
        ("ydk://AAAA!!!", "not a ydke:// URL"),
        ("ydke://", "0 '!' terminator"),
        (f"ydke://{b64(1)}!{b64(2)}", "1 '!' terminator"),
        (f"ydke://{b64(1)}!!", "2 '!' terminator"),
        ("ydke://!!!AAAA", "data after its third '!'"),
        ("ydke://!!!!", "data after its third '!'"),
        ("ydke://AA$A!!!", r"main section: not valid base64 \(character '\$' at position 3\)"),
        ("ydke://!A=AA!!", "extra section: not valid base64 .misplaced '='"),
        ("ydke://!!AAAAA!", "side section: not valid base64 .length 5"),
        ("ydke://AAAAAA==!!!", "main section, card 1: passcode 0 is out of range"),
        ("ydke://AAAAAAA=!!!", "main section: 5 bytes is not a whole number"),
        ("ydke://!AQ==!!", "extra section: 1 byte is not a whole number"),
        (f"ydke://!!{b64(5, 0)}!", "side section, card 2: passcode 0 is out of range"),
        ("ydke://\x00!!!", "NUL character"),
    ],
)
def test_bad_urls_name_the_section_and_problem(url: str, message: str) -> None:
    with pytest.raises(DeckFormatError, match=message):
        parse_ydke(url)


def test_binary_junk_is_rejected() -> None:
    with pytest.raises(DeckFormatError, match="not UTF-8"):
        parse_ydke(b"ydke://\xc3\x28!!!")


def test_too_many_cards() -> None:
    url = f"ydke://{b64(*([DARK_MAGICIAN] * (MAX_CARDS + 1)))}!!!"
    with pytest.raises(DeckFormatError, match="main section: too many cards"):
        parse_ydke(url)


def test_unknown_passcodes_are_all_listed_with_their_section() -> None:
    url = f"ydke://{b64(DARK_MAGICIAN, 111, 222)}!{b64(111)}!!"
    with pytest.raises(DeckFormatError) as info:
        parse_ydke(url, db=fixture_db())
    message = str(info.value)
    assert "2 unknown passcodes" in message
    assert "111 (main section, card 2, extra section, card 1)" in message
    assert "222 (main section, card 3)" in message


def test_writing_an_out_of_range_code_is_an_error() -> None:
    with pytest.raises(DeckFormatError, match="extra section, card 1: passcode 4294967296"):
        write_ydke(Deck((), (2**32,)))
