"""lflist.conf banlists: both dialects, the model, writing, picking a list, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.formats.fixtures import (
    DARK_MAGICIAN,
    DARK_MAGICIAN_ALT,
    DUSTER,
    DUSTER_ALT,
    POT_OF_GREED,
    fixture_db,
)
from ygo.errors import BanlistFormatError
from ygo.formats.lflist import Banlist, parse_lflist, pick_banlist, read_lflist, write_lflist

YGOPRO = """#[2005.4][2004.10]
!2005.4
#forbidden
55144522 0 --Pot of Greed
#limit
46986414 1 --Dark Magician
#semi limit
08903700 2 --Leading zero

!2004.10
18144506 1
"""

EDOPRO = (
    "\ufeff#[2005.4 GOAT]\r\n"
    "!2005.4 GOAT\r\n"
    "$whitelist\r\n"
    "#forbidden Goat\r\n"
    "55144522 0 --Pot of Greed\t\t\tSPELL CARDS\r\n"
    "46986414 3 --Dark Magician\r\n"
    "46986414 3 --Dark Magician\r\n"  # listed twice, same count: accepted
)


def test_reads_ygopro_lists_in_order() -> None:
    lists = parse_lflist(YGOPRO)
    assert list(lists) == ["2005.4", "2004.10"]
    first = lists["2005.4"]
    assert dict(first.entries) == {POT_OF_GREED: 0, DARK_MAGICIAN: 1, 8903700: 2}
    assert first.comments[POT_OF_GREED] == "Pot of Greed"
    assert not first.whitelist
    assert lists["2004.10"].entries == {DUSTER: 1}


def test_reads_edopro_whitelist_with_bom_crlf_and_tab_labels() -> None:
    goat = parse_lflist(EDOPRO.encode())["2005.4 GOAT"]
    assert goat.whitelist
    assert dict(goat.entries) == {POT_OF_GREED: 0, DARK_MAGICIAN: 3}
    assert goat.comments[POT_OF_GREED] == "Pot of Greed"  # the tab-separated label is dropped


def test_limit_defaults() -> None:
    lists = parse_lflist(YGOPRO + EDOPRO.removeprefix("\ufeff"))
    ocg = lists["2005.4"]
    assert ocg.limit(POT_OF_GREED) == 0
    assert ocg.limit(DARK_MAGICIAN) == 1
    assert ocg.limit(8903700) == 2
    assert ocg.limit(12345678) == 3  # absent: keeps the 3 cap
    assert ocg.limit(12345678, default=2) == 2
    goat = lists["2005.4 GOAT"]
    assert goat.limit(DARK_MAGICIAN) == 3  # listed explicitly in a whitelist
    assert goat.limit(12345678) == 0  # unlisted in a whitelist: forbidden


def test_status_groups_and_counts() -> None:
    b = Banlist("x", {1: 0, 2: 1, 3: 1, 4: 2, 5: 3})
    assert (b.forbidden, b.limited, b.semi_limited) == ((1,), (2, 3), (4,))
    assert b.counts() == {"forbidden": 1, "limited": 2, "semi-limited": 1, "unlimited": 1}
    assert len(b) == 5 and 2 in b


def test_banlist_is_immutable_and_hashable() -> None:
    b = Banlist("x", {1: 0})
    with pytest.raises(TypeError):
        b.entries[2] = 1  # type: ignore[index]
    assert hash(b) == hash(Banlist("x", {1: 0}, comments={1: "other"}))
    assert b == Banlist("x", {1: 0}, comments={1: "other"})


def test_resolved_keys_alternate_artworks_by_base_code() -> None:
    b = Banlist("x", {DUSTER_ALT: 0, DARK_MAGICIAN_ALT: 2, DARK_MAGICIAN: 1, 42: 1})
    r = b.resolved(fixture_db())
    assert dict(r.entries) == {DUSTER: 0, DARK_MAGICIAN: 1, 42: 1}  # the stricter count wins


def test_write_then_read_round_trips() -> None:
    lists = parse_lflist(YGOPRO + EDOPRO.removeprefix("\ufeff"))
    text = write_lflist(lists.values())
    assert parse_lflist(text) == lists
    assert write_lflist(parse_lflist(text).values()) == text


def test_write_groups_by_status_with_names() -> None:
    b = Banlist("DM", {DARK_MAGICIAN: 1, POT_OF_GREED: 0, 77: 2}, comments={77: "seventy-seven"})
    text = write_lflist([b], names=fixture_db())
    assert text == (
        "#[DM]\n!DM\n#forbidden\n55144522 0 --Pot of Greed\n"
        "#limited\n46986414 1 --Dark Magician\n#semi-limited\n77 2 --seventy-seven\n"
    )
    w = write_lflist([Banlist("W", {1: 3}, whitelist=True)])
    assert w == "#[W]\n!W\n$whitelist\n#unlimited\n1 3\n"


@pytest.mark.parametrize(
    "lists",
    [
        [Banlist(""), Banlist("a")],
        [Banlist(" a")],
        [Banlist("a"), Banlist("a")],
        [Banlist("a\nb")],
    ],
)
def test_write_rejects_what_cannot_be_read_back(lists: list[Banlist]) -> None:
    with pytest.raises(BanlistFormatError):
        write_lflist(lists)


@pytest.mark.parametrize("entries", [{0: 1}, {2**32: 1}, {1: 4}, {1: -1}])
def test_banlist_rejects_bad_entries(entries: dict[int, int]) -> None:
    with pytest.raises(BanlistFormatError, match="bad entry"):
        Banlist("a", entries)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty banlist file"),
        ("# only comments\n", "banlist file has no lists"),
        ("12345 1\n", "line 1: entry before any '!name' list header"),
        ("$whitelist\n!a\n", "line 1: \\$whitelist before any"),
        ("!a\n$blacklist\n", "line 2: unknown directive '\\$blacklist'"),
        ("!\n", "line 1: a '!' list header needs a name"),
        ("!a\n!b\n!a\n", "line 3: list 'a' is already defined at line 1"),
        ("!a\n12345\n", "line 2: expected 'PASSCODE COUNT"),
        ("!a\nabc 1\n", "line 2: expected 'PASSCODE COUNT"),
        ("!a\n12345 x\n", "line 2: expected 'PASSCODE COUNT"),
        ("!a\n12345 1x\n", "line 2: expected 'PASSCODE COUNT"),
        ("!a\n12345 4\n", "line 2: count '4' must be 0, 1, 2 or 3"),
        ("!a\n12345 -1\n", "line 2: count '-1' must be"),
        ("!a\n0 1\n", "line 2: passcode '0' is out of range"),
        ("!a\n4294967296 1\n", "line 2: passcode '4294967296' is out of range"),
        ("!a\n12345 1\n12345 2\n", "line 3: 12345 is already in list 'a' at line 2 with count 1"),
        ("!a\n\x00", "line 2: NUL character"),
    ],
)
def test_bad_files_name_the_line_and_problem(text: str, message: str) -> None:
    with pytest.raises(BanlistFormatError, match=message):
        parse_lflist(text)


def test_binary_junk(tmp_path: Path) -> None:
    with pytest.raises(BanlistFormatError, match="not UTF-8"):
        parse_lflist(b"!a\n\xff\xff")
    path = tmp_path / "junk.conf"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00")
    with pytest.raises(BanlistFormatError, match=r"junk\.conf: line 1: NUL"):
        read_lflist(path)


def test_missing_and_directory(tmp_path: Path) -> None:
    with pytest.raises(BanlistFormatError, match="no such banlist file"):
        read_lflist(tmp_path / "none.conf")
    with pytest.raises(BanlistFormatError, match="is a directory"):
        read_lflist(tmp_path)


def test_pick_by_name() -> None:
    lists = parse_lflist(YGOPRO)
    assert pick_banlist(lists, "2005.4").name == "2005.4"
    assert pick_banlist({"DM5": Banlist("DM5")}, "dm5").name == "DM5"
    with pytest.raises(
        BanlistFormatError, match=r"no banlist named '2006' in f; available: 2005.4, 2004.10"
    ):
        pick_banlist(lists, "2006", source="f")


def test_pick_suggests_the_closest_when_there_are_many() -> None:
    lists = {f"20{y:02}.{m}": Banlist(f"20{y:02}.{m}") for y in range(10) for m in (1, 4, 7, 10)}
    with pytest.raises(BanlistFormatError) as info:
        pick_banlist(lists, "2005")
    message = str(info.value)
    assert "closest: 2005.1, 2005.4" in message
    assert "40 lists in all" in message
