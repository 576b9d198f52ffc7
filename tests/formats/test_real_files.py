"""Readers on the real files of ../shared/data (skipped when absent)."""

from __future__ import annotations

from tests.formats.fixtures import shared_file
from ygo.formats.lflist import parse_lflist, pick_banlist, read_lflist, write_lflist


def test_ygopro_lflist_conf_has_102_lists() -> None:
    lists = read_lflist(shared_file("lflist.conf"))
    assert len(lists) == 102
    assert next(iter(lists)) == "2026.7"
    assert "2026.5 TCG" in lists
    assert not any(b.whitelist for b in lists.values())
    for b in lists.values():
        assert len(b) > 0
        assert set(b.entries.values()) <= {0, 1, 2}


def test_ygopro_lflist_round_trips_through_the_writer() -> None:
    lists = read_lflist(shared_file("lflist.conf"))
    assert parse_lflist(write_lflist(lists.values())) == lists


def test_ygopro_lflist_leading_zero_codes() -> None:
    text = shared_file("lflist.conf").read_text(encoding="utf-8")
    zero_lines = [ln for ln in text.splitlines() if ln.startswith("0")]
    assert zero_lines, "the file should have codes with leading zeros"
    lists = parse_lflist(text)
    code = int(zero_lines[0].split()[0])
    assert any(code in b for b in lists.values())


def test_edopro_goat_whitelist() -> None:
    lists = read_lflist(shared_file("GOAT.lflist.conf"))
    goat = pick_banlist(lists, "2005.4 GOAT")
    assert goat.whitelist
    counts = goat.counts()
    assert counts["forbidden"] > 0 and counts["limited"] > 0 and counts["unlimited"] > 1000
    assert goat.limit(4031928) == 0  # Change of Heart: forbidden
    assert goat.limit(12345678) == 0  # unlisted in a whitelist
    assert goat.comments[4031928] == "Change of Heart"


def test_edopro_ocg_list_with_crlf() -> None:
    lists = read_lflist(shared_file("OCG.lflist.conf"))
    assert list(lists) == ["2026.07 OCG"]
    ocg = lists["2026.07 OCG"]
    assert not ocg.whitelist
    assert ocg.counts()["forbidden"] > 50
