"""Build the shipped starter decks (``src/ygo/data/decks/starter_*.ydk``).

Usage: ``python tools/build_starter_decks.py [STARTER_POOL_TSV]``

The table (``../shared/data/starter_pool.tsv``) gives each deck's cards and
counts; the decks are written as ``.ydk`` files with each card's name in a
comment. The table itself is read, never copied.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from ygo.cards.db import CardDB
from ygo.core.card import CardData
from ygo.core.deck import Deck
from ygo.core.enums import CardType
from ygo.formats.ydk import parse_ydk, write_ydk

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TSV = ROOT.parent / "shared" / "data" / "starter_pool.tsv"
OUT_DIR = ROOT / "src" / "ygo" / "data" / "decks"
DECKS = {"Starter Deck Yugi": "starter_yugi.ydk", "Starter Deck Kaiba": "starter_kaiba.ydk"}


def main(argv: list[str]) -> None:
    tsv = Path(argv[0]) if argv else DEFAULT_TSV
    cards: dict[str, list[int]] = {name: [] for name in DECKS}
    names: dict[int, str] = {}
    with tsv.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            code = int(row["passcode"])
            cards[row["deck"]].extend([code] * int(row["count"]))
            names[code] = row["name_en"]
    db = CardDB(CardData(code, name, CardType.MONSTER) for code, name in names.items())
    for title, filename in DECKS.items():
        deck = Deck(tuple(cards[title]), name=title)
        text = write_ydk(deck, names=db)
        assert parse_ydk(text) == deck
        path = OUT_DIR / filename
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"{title}: {len(deck.main)} cards -> {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
