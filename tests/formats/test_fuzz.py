"""Fuzzing the parsers: arbitrary input never escapes as anything but the project's error,
and arbitrary decks and banlists round-trip exactly."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.formats.fixtures import fixture_db
from ygo.core.deck import Deck
from ygo.errors import BanlistFormatError, DeckFormatError
from ygo.formats.lflist import Banlist, parse_lflist, write_lflist
from ygo.formats.ydk import parse_ydk, write_ydk
from ygo.formats.ydke import parse_ydke, write_ydke

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

codes = st.integers(min_value=1, max_value=2**32 - 1)
small_codes = st.sampled_from([46986414, 89631139, 23995346, 55144522, 8903700, 1, 2**32 - 1])
card_lists = st.lists(st.one_of(codes, small_codes), max_size=30).map(tuple)
decks = st.builds(Deck, card_lists, card_lists, card_lists)

# Text built from the pieces the parsers look for, so the fuzzer reaches deep paths.
ydk_pieces = st.sampled_from(
    ["#main", "#extra", "!side", "#side", "!x", "#created by", "# name", "46986414", "0",
     "00012", "4294967296", "12 Dark", "12--x", "12#x", "abc", " ", "\t", "\r", "\n", "\ufeff",
     "\x00", "-", "\u0663"]
)  # fmt: skip
ydk_texts = st.lists(st.one_of(ydk_pieces, st.text(max_size=5)), max_size=30).map("".join)
lflist_pieces = st.sampled_from(
    ["!a", "!b", "!", "$whitelist", "$x", "#[a]", "#c", "12 0", "12 1", "12 3", "12 4", "0 1",
     "13 -1", "08903700 2 --name", "x 1", "12", " ", "\t", "\r\n", "\n", "\x00", "--"]
)  # fmt: skip
lflist_texts = st.lists(st.one_of(lflist_pieces, st.text(max_size=5)), max_size=30).map("".join)
b64_chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=!"
ydke_texts = st.one_of(
    st.text(alphabet=b64_chars, max_size=60).map(lambda s: "ydke://" + s),
    st.text(max_size=40),
)


@FUZZ
@given(st.binary(max_size=300))
def test_ydk_arbitrary_bytes(data: bytes) -> None:
    with contextlib.suppress(DeckFormatError):
        parse_ydk(data)


@FUZZ
@given(ydk_texts)
def test_ydk_arbitrary_text(text: str) -> None:
    try:
        deck = parse_ydk(text, db=fixture_db())
    except DeckFormatError:
        return
    assert parse_ydk(write_ydk(deck)) == deck


@FUZZ
@given(decks)
def test_ydk_round_trip(deck: Deck) -> None:
    text = write_ydk(deck)
    assert parse_ydk(text) == deck
    assert write_ydk(parse_ydk(text)) == text
    assert parse_ydk(write_ydk(deck, names=fixture_db())) == deck


@FUZZ
@given(st.one_of(ydke_texts, st.binary(max_size=100)))
def test_ydke_arbitrary_input(url: str | bytes) -> None:
    try:
        deck = parse_ydke(url)
    except DeckFormatError:
        return
    assert parse_ydke(write_ydke(deck)) == deck


@FUZZ
@given(decks)
def test_ydke_round_trip(deck: Deck) -> None:
    url = write_ydke(deck)
    assert parse_ydke(url) == deck
    assert write_ydke(parse_ydke(url)) == url


@FUZZ
@given(st.one_of(lflist_texts, st.binary(max_size=300)))
def test_lflist_arbitrary_input(text: str | bytes) -> None:
    try:
        lists = parse_lflist(text)
    except BanlistFormatError:
        return
    assert parse_lflist(write_lflist(lists.values())) == lists


list_names = st.text(
    alphabet=st.characters(categories=["L", "N", "P", "Zs"]), min_size=1,
    max_size=12,
).map(lambda s: " ".join(s.split())).filter(bool)  # fmt: skip
banlists = st.builds(
    Banlist,
    list_names,
    st.dictionaries(codes, st.integers(min_value=0, max_value=3), max_size=20),
    st.booleans(),
    st.dictionaries(codes, st.text(max_size=10), max_size=5),
)


@FUZZ
@given(st.lists(banlists, max_size=4, unique_by=lambda b: b.name))
def test_lflist_round_trip(lists: list[Banlist]) -> None:
    if not lists:
        return
    text = write_lflist(lists)
    parsed = parse_lflist(text)
    assert list(parsed.values()) == lists
    assert write_lflist(parsed.values()) == text


def test_lflist_comment_that_is_a_hash_reads_back() -> None:
    # Found by Hypothesis: a comment "#" is written "--#" and must not be lost.
    text = "#[A]\n!A\n#forbidden\n1 0 --#\n"
    parsed = parse_lflist(text)
    assert parsed["A"].comments[1] == "#"
    assert write_lflist(parsed.values()) == text
