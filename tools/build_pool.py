"""Regenerate the embedded card pool, ``src/ygo/cards/data/pool.json``.

Usage (from the repository root)::

    .venv/bin/python tools/build_pool.py            # rewrite pool.json
    .venv/bin/python tools/build_pool.py --check    # exit 1 if pool.json is stale

Facts (names, kinds, stats, setcodes) come from the shared YGOPro databases
(``../shared/data/cards-en.cdb`` for English, ``cards-zh-CN.cdb`` for Chinese
names), read with the project's own cdb reader. Summaries come from
``tools/pool_summaries.tsv``, written in the project's own words; the official
card text is never read. The pool holds:

- every card of ``seed_cards.tsv`` and ``starter_pool.tsv``;
- for each row of benchmark deck V's table (``../shared/bench/anchor-decks.md``)
  a real Normal monster with the same Level/ATK/DEF (one already in the pool
  first, then the lowest passcode), else a benchmark-only card with passcode
  990000000 + row number;
- every card listed in ``pool_summaries.tsv`` (Ritual Spells, Fusion materials...);
- the alternate artworks (same name, ``alias`` = a pool card) of all of those.

To add a card: add a line to ``pool_summaries.tsv`` and rerun this script.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from ygo.cards.cdb import read_cdb
from ygo.cards.db import CardDB
from ygo.cards.pool import BENCHMARK_CODES
from ygo.core.card import CardData
from ygo.core.enums import Attribute, CardType, Race
from ygo.core.records import card_to_record

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SHARED = ROOT.parent / "shared"
DEFAULT_SUMMARIES = ROOT / "tools" / "pool_summaries.tsv"
DEFAULT_OUT = ROOT / "src" / "ygo" / "cards" / "data" / "pool.json"

NORMAL_MONSTER = CardType.MONSTER | CardType.NORMAL
BENCH_SUMMARY = "Benchmark-only Normal monster (not a real card)."
BENCH_BASE = BENCHMARK_CODES.start - 1  # row n (1-based) -> 990000000 + n

_BENCH_ROW = re.compile(
    r"^\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*([A-Z]+)\s*\|\s*([A-Za-z -]+?)\s*\|\s*$"
)


class BuildError(Exception):
    """The sources do not make a valid pool."""


# -- sources -----------------------------------------------------------------------
def read_summaries(path: Path) -> dict[int, tuple[str, str]]:
    """``passcode -> (English name, summary)`` from the summaries TSV, in file order."""
    out: dict[int, tuple[str, str]] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or not parts[0].isdigit() or not parts[2].strip():
            raise BuildError(f"{path}:{n}: expected 'passcode<TAB>name<TAB>summary'")
        code = int(parts[0])
        if code in out:
            raise BuildError(f"{path}:{n}: passcode {code} listed twice")
        out[code] = (parts[1], parts[2].strip())
    return out


def read_tsv_codes(path: Path) -> list[int]:
    """The ``passcode`` column of a shared TSV, first occurrences in order."""
    with path.open(encoding="utf-8", newline="") as f:
        codes = [int(r["passcode"]) for r in csv.DictReader(f, delimiter="\t")]
    return list(dict.fromkeys(codes))


def read_bench_rows(path: Path) -> list[tuple[int, int, int, Attribute, Race]]:
    """Deck V's table: (level, atk, def, attribute, race) per row, in order."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _BENCH_ROW.match(line.strip())
        if m:
            lv, atk, df, attr, rc = m.groups()
            race_name = rc.upper().replace(" ", "_").replace("-", "_")
            rows.append((int(lv), int(atk), int(df), Attribute[attr], Race[race_name]))
    if len(rows) != 20:
        raise BuildError(f"{path}: expected 20 rows in deck V's table, found {len(rows)}")
    return rows


def read_deck_s_extras(path: Path) -> list[str]:
    """Names of deck S's spells and traps (the list after 'plus:')."""
    text = path.read_text(encoding="utf-8")
    m = re.search(r"plus:\s*\n(.+?)\n\s*\n", text, re.S)
    if not m:
        raise BuildError(f"{path}: cannot find deck S's list of spells and traps")
    names = []
    for item in m.group(1).replace("\n", " ").rstrip(". ").split(","):
        names.append(re.sub(r"\s+x\d+$", "", item.strip()))
    return names


# -- build -------------------------------------------------------------------------
def choose_bench_cards(
    rows: list[tuple[int, int, int, Attribute, Race]], en: CardDB, listed: set[int]
) -> tuple[list[int], list[CardData]]:
    """Deck V's passcodes per row, and the benchmark-only cards needed."""
    by_stats: dict[tuple[int, int | None, int | None], list[int]] = {}
    for card in en:
        if card.type == NORMAL_MONSTER and card.alias == 0:
            by_stats.setdefault((card.level, card.atk, card.defense), []).append(card.code)
    codes: list[int] = []
    fakes: list[CardData] = []
    for n, (lv, atk, df, attr, rc) in enumerate(rows, 1):
        found = sorted(by_stats.get((lv, atk, df), []))
        in_pool = [c for c in found if c in listed]
        if in_pool or found:
            codes.append((in_pool or found)[0])
            continue
        fake = CardData(
            code=BENCH_BASE + n,
            name=f"Benchmark Normal Lv{lv} {atk}/{df}",
            type=NORMAL_MONSTER,
            attribute=attr,
            race=rc,
            level=lv,
            atk=atk,
            defense=df,
            summary=BENCH_SUMMARY,
            benchmark=True,
        )
        codes.append(fake.code)
        fakes.append(fake)
    return codes, fakes


def build(shared: Path, summaries_path: Path) -> dict[str, object]:
    """The pool document built from the shared data and the summaries file."""
    data = shared / "data"
    anchor = shared / "bench" / "anchor-decks.md"
    summaries = read_summaries(summaries_path)
    en = read_cdb(data / "cards-en.cdb", strict=True)
    zh = read_cdb(data / "cards-zh-CN.cdb", strict=True)
    with (data / "seed_cards.tsv").open(encoding="utf-8", newline="") as f:
        seed_rows = list(csv.DictReader(f, delimiter="\t"))
    seed_zh = {int(r["passcode"]): r["name_zh_db"] for r in seed_rows}

    required = read_tsv_codes(data / "seed_cards.tsv") + read_tsv_codes(data / "starter_pool.tsv")
    listed = set(required) | set(summaries)
    bench_v, fakes = choose_bench_cards(read_bench_rows(anchor), en, listed)
    wanted = list(dict.fromkeys([*required, *(c for c in bench_v if c < BENCH_BASE), *summaries]))

    missing = [c for c in wanted if c not in summaries]
    if missing:
        lines = [f"{c}\t{en.get(c).name if c in en else '?'}\t<summary>" for c in missing]
        raise BuildError(
            f"{len(missing)} pool card(s) lack a summary in {summaries_path}:\n" + "\n".join(lines)
        )

    cards: dict[int, CardData] = {}
    for code in wanted:
        if code not in en:
            raise BuildError(f"passcode {code} is not in {data / 'cards-en.cdb'}")
        card = en.get(code)
        name, summary = summaries[code]
        if card.name != name:
            raise BuildError(f"passcode {code} is {card.name!r} in the cdb, not {name!r}")
        if card.alias:
            raise BuildError(f"passcode {code} is an alternate artwork of {card.alias}")
        zh_card = zh.maybe(code)
        name_zh = zh_card.name if zh_card is not None else seed_zh.get(code, "")
        cards[code] = replace(card, name_zh=name_zh, summary=summary)

    for card in en:  # alternate artworks of pool cards
        base = cards.get(card.alias)
        if card.alias and base is not None and card.name == base.name and card.code not in cards:
            zh_card = zh.maybe(card.code)
            name_zh = zh_card.name if zh_card is not None else base.name_zh
            cards[card.code] = replace(card, name_zh=name_zh, summary=base.summary)

    for fake in fakes:
        cards[fake.code] = fake

    names = {c.name for c in cards.values()}
    lacking = [n for n in read_deck_s_extras(anchor) if n not in names]
    if lacking:
        raise BuildError(f"deck S names cards missing from the pool: {', '.join(lacking)}")

    return {
        "format": 1,
        "bench_v": bench_v,
        "cards": [card_to_record(c) for c in sorted(cards.values(), key=lambda c: c.code)],
    }


def render(doc: dict[str, object]) -> str:
    """The pool file's text: one card per line, so that diffs stay readable."""
    cards = doc["cards"]
    assert isinstance(cards, list)
    head = {k: v for k, v in doc.items() if k != "cards"}
    out = ["{"]
    out += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    out.append('  "cards": [')
    lines = [f"    {json.dumps(c, ensure_ascii=False)}" for c in cards]
    out.append(",\n".join(lines))
    out += ["  ]", "}", ""]
    return "\n".join(out)


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the shared/ directory")
    ap.add_argument("--summaries", type=Path, default=DEFAULT_SUMMARIES)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="only check that --out is up to date")
    args = ap.parse_args(list(argv) if argv is not None else None)
    try:
        text = render(build(args.shared, args.summaries))
    except BuildError as exc:
        print(f"build_pool: {exc}", file=sys.stderr)
        return 1
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(
                f"build_pool: {args.out} is out of date; rerun tools/build_pool.py", file=sys.stderr
            )
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    count = text.count('"code"')
    print(f"wrote {args.out} ({count} cards)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
