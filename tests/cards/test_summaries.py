"""The pool's summaries are in the project's own words, not the official card text.

Each summary is compared with the card's ``desc`` in cards-en.cdb after taking
out the quoted card names (facts that a summary may name): no run of more than
five words in common, and low word- and character-level similarity.
"""

from __future__ import annotations

import difflib
import re
import sqlite3
from collections.abc import Iterator

import pytest

from ygo.cards.pool import embedded_pool
from ygo.core.card import CardData

from .conftest import EN_CDB, need

MAX_RUN = 5  # words in a row shared with the official text
MAX_WORD_RATIO = 0.7
MAX_CHAR_RATIO = 0.75


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _without_names(desc: str, summary: str, name: str) -> tuple[str, str]:
    names = [*re.findall(r'"([^"]+)"', desc), name]
    desc = re.sub(r'"[^"]+"', " ", desc)
    for n in sorted(names, key=len, reverse=True):
        summary = re.sub(re.escape(n), " ", summary, flags=re.IGNORECASE)
    return desc, summary


def _longest_common_run(a: list[str], b: list[str]) -> int:
    blocks = difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    return max((m.size for m in blocks), default=0)


def _pairs() -> Iterator[tuple[CardData, str]]:
    conn = sqlite3.connect(need(EN_CDB).as_uri() + "?mode=ro", uri=True)
    try:
        for card in embedded_pool():
            if card.benchmark or card.alias:
                continue
            row = conn.execute("SELECT desc FROM texts WHERE id = ?", (card.code,)).fetchone()
            assert row is not None, card.code
            yield card, row[0]
    finally:
        conn.close()


def test_helpers() -> None:
    assert _longest_common_run(_words("a b c d"), _words("x b c d y")) == 3
    d, s = _without_names('Tribute "Zoa"; summon it.', "Tribute Zoa to summon it.", "Metalzoa")
    assert "zoa" not in _words(d) and "zoa" not in _words(s)


def _problems(card_name: str, desc: str, summary: str) -> list[str]:
    d_text, s_text = _without_names(desc, summary, card_name)
    d, s = _words(d_text), _words(s_text)
    out = []
    if d and " ".join(d) in " ".join(s):
        out.append(f"{card_name}: contains the official text")
    run = _longest_common_run(d, s)
    if run > MAX_RUN:
        out.append(f"{card_name}: {run} words in a row from the official text")
    word_ratio = difflib.SequenceMatcher(None, d, s, autojunk=False).ratio()
    char_ratio = difflib.SequenceMatcher(None, d_text.lower(), s_text.lower(), autojunk=False)
    if word_ratio > MAX_WORD_RATIO or char_ratio.ratio() > MAX_CHAR_RATIO:
        out.append(f"{card_name}: too similar ({word_ratio:.2f}, {char_ratio.ratio():.2f})")
    return out


def test_no_summary_copies_the_official_text() -> None:
    problems = [p for card, desc in _pairs() for p in _problems(card.name, desc, card.summary)]
    assert not problems, "\n".join(problems)


MIRROR = (
    "When an opponent's monster declares an attack: "
    "Destroy all your opponent's Attack Position monsters."
)


@pytest.mark.parametrize(
    ("desc", "bad"),
    [
        ("Destroy all monsters on the field.", "Destroy all monsters on the field."),
        ("Destroy all monsters on the field.", "Spell: destroy ALL monsters on the field!"),
        ("Destroy all monsters on the field.", "Destroy all monsters on field"),
        (MIRROR, "When an opponent's monster attacks, destroy all the opponent's Attack monsters."),
        (MIRROR, "When an enemy monster declares an attack: destroy all enemy Attack Position"),
    ],
)
def test_the_check_catches_copies(desc: str, bad: str) -> None:
    assert _problems("X", desc, bad)


def test_the_check_passes_own_words() -> None:
    assert not _problems("X", MIRROR, "Answer an attack by wiping out the attacker's side.")
