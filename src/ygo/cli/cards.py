"""`ygo cards` commands: look up, search and count cards; check a YGOPro cards.cdb.

Every command reads the embedded pool with each global ``--cards FILE.cdb``
loaded over it. ``--json`` prints machine-readable output: a card is an object
with ``code``, ``name``, ``name_zh``, ``alias``, ``kind``, ``type`` (YGOPro's
bits), ``monster``/``spell``/``trap`` flags, ``attribute``, ``race``, ``level``,
``lscale``, ``rscale``, ``link_markers`` (names), ``atk``/``def`` (int, ``"?"``
or ``null``), ``setcodes``, ``summary`` and ``benchmark``.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import click
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ygo.cards.db import CardDB, KindFilter
from ygo.cli.common import EXIT_INVALID, app_state, console, handle_errors, print_json
from ygo.cli.scripts import choice_options, choose
from ygo.core.card import CardData
from ygo.core.enums import ATTRIBUTE_NAMES, RACE_NAMES, Attribute, CardType, LinkMarker, Race
from ygo.errors import UnknownCardError
from ygo.textsafe import plain


@click.group(name="cards")
def group() -> None:
    """Look up and search cards (the embedded pool plus any --cards FILE.cdb)."""


# -- JSON and text forms ---------------------------------------------------------
def _attribute_name(a: Attribute) -> str | None:
    if not a:
        return None
    return ATTRIBUTE_NAMES.get(a) or a.name or f"{int(a):#x}"


def _race_name(r: Race) -> str | None:
    if not r:
        return None
    return RACE_NAMES.get(r) or r.name or f"{int(r):#x}"


def _markers(m: LinkMarker) -> list[str]:
    return [bit.name or "" for bit in LinkMarker if bit in m]


def _stat(v: int | None) -> int | str:
    return "?" if v is None else v


def card_to_json(card: CardData, scripts: Any = None) -> dict[str, Any]:
    """A card as a JSON-ready mapping (the shape ``--json`` prints); ``behaviour``
    under ``scripts`` (default: the native scripts)."""
    monster = card.is_monster
    return {
        "code": card.code,
        "name": card.name,
        "name_zh": card.name_zh,
        "alias": card.alias,
        "kind": card.kind_label,
        "type": int(card.type),
        "monster": monster,
        "spell": card.is_spell,
        "trap": card.is_trap,
        "attribute": _attribute_name(card.attribute),
        "race": _race_name(card.race),
        "level": card.level if monster else None,
        "lscale": card.lscale,
        "rscale": card.rscale,
        "link_markers": _markers(card.link_markers),
        "atk": _stat(card.atk) if monster else None,
        "def": _stat(card.defense) if monster and not card.is_link else None,
        "setcodes": list(card.setcodes),
        "summary": card.summary,
        "benchmark": card.benchmark,
        "behaviour": behaviour(card, scripts),
    }


def behaviour(card: CardData, scripts: Any = None) -> str:
    """Whether the engine plays this card's effect: "scripted" (a native script
    or, in ``scripts`` with a Lua folder, a Lua script), "none" (a card with no
    effect to script, ``ygo.engine.explain.effect_free``: Normal monsters,
    Tokens, a Spirit Message) or "not scripted" (its effect is ignored; it plays
    as its printed stats or, for a Spell/Trap, can only be Set)."""
    from ygo.engine.explain import effect_free
    from ygo.playable import behaviour_of
    from ygo.scripting import Behaviour

    if scripts is None:
        from ygo.cards import scripts as native  # looked up here: tests swap the scripts

        scripts = native.default_scripts()
    if behaviour_of(scripts, card) != Behaviour.NONE:
        return "scripted"
    if effect_free(card):
        return "none"
    return "not scripted"


def _stats(card: CardData) -> str:
    return card.stat_line() if card.is_monster else ""


def _alias_text(card: CardData, db: CardDB) -> str:
    if not card.alias:
        return ""
    base = db.maybe(card.alias)
    if base is None:
        return f"{card.alias}"
    if base.name == card.name:
        return f"{card.alias} (alternate artwork of {base.name})"
    return f"{card.alias} (counts as {base.name})"


# -- show ------------------------------------------------------------------------
@group.command(name="show")
@click.argument("card")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a panel.")
@click.option("--exact", is_flag=True, help="Fail unless CARD is a passcode or an exact name.")
@choice_options
@handle_errors
def show_cmd(
    card: str, as_json: bool, exact: bool, scripts_dir: str | None = None, prefer: str = "native"
) -> None:
    """Show one CARD: a passcode, or an English or Chinese name (any case).

    "Behaviour" says what plays the card's effect: native (the project's own
    script), Lua (the user's YGOPro script, from --scripts DIR or $YGO_SCRIPTS)
    or none, with the reason when its Lua script failed to register. JSON:
    "script" is native, lua or none, "script_error" the Lua reason.

    When no name is exactly CARD, the closest card is shown if there is one
    (the same name but for spaces, punctuation or width; an older Chinese
    translation such as 黑魔导; the one name containing CARD; a clearly closest
    spelling), after a note on stderr: "no exact match for CARD; closest: ...",
    with the other candidates. When several cards are equally close, the
    command lists them and exits 1; so does --exact for any inexact match.
    """
    from ygo.playable import behaviour_of, behaviour_text, lua_reason
    from ygo.scripting import Behaviour

    scripts = choose(scripts_dir, prefer).source()
    db = app_state().db()
    match = db.lookup(card)
    if match.card is None or (exact and not match.exact):
        raise UnknownCardError(match.message())
    found = match.card
    if not match.exact:
        click.echo(f"note: {match.message()}", err=True)
    kind = behaviour_of(scripts, found)
    if as_json:
        data = card_to_json(found, scripts)
        data["script"] = str(kind)
        reason = lua_reason(scripts, found) if kind == Behaviour.NONE else None
        if reason is not None:
            data["script_error"] = reason
        print_json(data)
        return
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    rows: list[tuple[str, str]] = [
        ("Chinese name", found.name_zh or "-"),
        ("Passcode", str(found.code)),
        ("Kind", found.kind_label),
    ]
    if found.is_monster:
        rows.append(("Attribute", _attribute_name(found.attribute) or "-"))
        rows.append(("Type", _race_name(found.race) or "-"))
        if found.is_link:
            rows.append(("Link", str(found.level)))
            rows.append(("Arrows", ", ".join(_markers(found.link_markers)) or "-"))
            rows.append(("ATK", str(_stat(found.atk))))
        else:
            rows.append(("Rank" if found.type & CardType.XYZ else "Level", str(found.level)))
            rows.append(("ATK / DEF", f"{_stat(found.atk)} / {_stat(found.defense)}"))
        if found.is_pendulum:
            rows.append(("Scales", f"{found.lscale} / {found.rscale}"))
    if found.setcodes:
        rows.append(("Setcodes", ", ".join(f"{c:#06x}" for c in found.setcodes)))
    if found.alias:
        rows.append(("Alias", _alias_text(found, db)))
    rows.append(("Summary", found.summary or "-"))
    rows.append(("Behaviour", behaviour_text(scripts, found)))
    if found.benchmark:
        rows.append(("Note", "benchmark-only card, not a real card"))
    for label, value in rows:
        grid.add_row(label, Text(plain(value)))
    title = Text(plain(found.name), style="bold")
    console().print(Panel(grid, title=title, title_align="left", expand=False))


# -- list ------------------------------------------------------------------------
POOLS = ("all", "seeds", "starter")


def seed_codes() -> list[int]:
    """The passcodes of the cards the rule guides name (shipped list, table order)."""
    from importlib.resources import files

    text = files("ygo.cards").joinpath("data", "seed_codes.txt").read_text(encoding="utf-8")
    return [int(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]


def starter_codes() -> list[int]:
    """The distinct passcodes of the two shipped starter decks, in deck order."""
    from ygo.data import starter_deck, starter_deck_names

    codes: list[int] = []
    for key in starter_deck_names():
        codes += starter_deck(key).all_cards()
    return list(dict.fromkeys(codes))


def pool_cards(db: CardDB, pool: str) -> list[CardData]:
    """The cards of a pool: "seeds", "starter", or "all" (every loaded card but
    alternate artworks and benchmark-only cards), each once, by its base card."""
    if pool == "all":
        return sorted((c for c in db if not c.alias and not c.benchmark), key=lambda c: c.name)
    codes = seed_codes() if pool == "seeds" else starter_codes()
    out: dict[int, CardData] = {}
    for code in codes:
        c = db.maybe(code)
        if c is None:
            continue
        base = db.maybe(c.alias) if c.alias else None
        c = base if base is not None and base.name == c.name else c
        out.setdefault(c.code, c)
    return list(out.values())


_BEHAVIOUR_TEXT = {
    "scripted": "implemented",
    "none": "implemented (no effect)",
    "not scripted": "not implemented",
}


@group.command(name="list")
@click.option(
    "--pool",
    type=click.Choice(POOLS, case_sensitive=False),
    default="all",
    show_default=True,
    help="seeds: the cards the rule guides name; starter: the two starter decks.",
)
@click.option("--unimplemented", is_flag=True, help="Only cards whose effect is not implemented.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@choice_options
@handle_errors
def list_cmd(
    pool: str,
    unimplemented: bool,
    as_json: bool,
    scripts_dir: str | None = None,
    prefer: str = "native",
) -> None:
    """List the cards of a pool and whether the engine implements their behaviour.

    A card is implemented when it has a script (native, or with --scripts DIR
    or $YGO_SCRIPTS a Lua script that registers), or when it has no effect to
    script (a Normal monster, a Token, a Ritual monster without effect, a card
    whose summary says it has no effect of its own: docs/cards.md).
    """
    pool = pool.lower()
    chosen = choose(scripts_dir, prefer)
    scripts = chosen.source()
    cards = pool_cards(app_state().db(), pool)
    rows = [(c, behaviour(c, scripts)) for c in cards]
    missing = sum(1 for _, b in rows if b == "not scripted")
    if unimplemented:
        rows = [(c, b) for c, b in rows if b == "not scripted"]
    if as_json:
        print_json(
            {
                "pool": pool,
                "total": len(cards),
                "unimplemented": missing,
                "cards": [
                    {"code": c.code, "name": c.name, "kind": c.kind_label, "behaviour": b}
                    for c, b in rows
                ],
            }
        )
        return
    out = console()
    if rows:
        table = Table(show_lines=False)
        table.add_column("Passcode", justify="right")
        table.add_column("Name")
        table.add_column("Kind")
        table.add_column("Behaviour")
        for c, b in rows:
            table.add_row(str(c.code), Text(plain(c.name)), c.kind_label, _BEHAVIOUR_TEXT[b])
        out.print(table)
    out.print(
        Text(f"{pool} pool: {len(cards)} cards, {len(cards) - missing} implemented, "
             f"{missing} not implemented")
    )  # fmt: skip


# -- search ----------------------------------------------------------------------
@group.command(name="search")
@click.argument("text", required=False, default="")
@click.option(
    "--kind",
    type=click.Choice([k.value for k in KindFilter], case_sensitive=False),
    help="Only monsters, spells or traps.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=50,
    show_default=True,
    help="Show at most N cards (0: all).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@handle_errors
def search_cmd(text: str, kind: str | None, limit: int, as_json: bool) -> None:
    """Find cards whose English or Chinese name contains TEXT (any case).

    Exact matches come first, then names starting with TEXT, then the rest by
    name. Without TEXT, lists every card (of --kind). Alternate artworks are
    left out.
    """
    db = app_state().db()
    kind_filter = KindFilter(kind.lower()) if kind else None
    hits = db.search(text, kind=kind_filter)
    shown = hits if limit == 0 else hits[:limit]
    if as_json:
        print_json(
            {
                "query": text,
                "kind": kind_filter.value if kind_filter else None,
                "total": len(hits),
                "cards": [card_to_json(c) for c in shown],
            }
        )
        return
    out = console()
    if not hits:
        out.print(Text(f"No card matches {plain(text)!r}."))
        return
    table = Table(show_lines=False)
    table.add_column("Passcode", justify="right")
    table.add_column("Name")
    table.add_column("Chinese name")
    table.add_column("Kind")
    table.add_column("Stats")
    for c in shown:
        table.add_row(
            str(c.code), Text(plain(c.name)), Text(plain(c.name_zh)), c.kind_label, _stats(c)
        )
    out.print(table)
    if len(shown) < len(hits):
        out.print(Text(f"{len(shown)} of {len(hits)} matches shown; use --limit 0 for all."))


# -- stats -----------------------------------------------------------------------
def _counts(db: CardDB) -> dict[str, Any]:
    kinds: Counter[str] = Counter()
    for c in db:
        if c.alias:
            kinds["alternate artworks and aliases"] += 1
        elif c.type & CardType.TOKEN:
            kinds["tokens"] += 1
        elif c.is_monster:
            kinds["extra deck monsters" if c.is_extra_deck else "main deck monsters"] += 1
        elif c.is_spell:
            kinds["spells"] += 1
        elif c.is_trap:
            kinds["traps"] += 1
    benchmark = sum(1 for c in db if c.benchmark)
    order = (
        "main deck monsters",
        "extra deck monsters",
        "spells",
        "traps",
        "tokens",
        "alternate artworks and aliases",
    )
    return {
        "source": db.source,
        "total": len(db),
        "by_kind": {k: kinds[k] for k in order},
        "benchmark_only": benchmark,
    }


@group.command(name="stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@handle_errors
def stats_cmd(as_json: bool) -> None:
    """Count the cards available: the embedded pool plus any --cards FILE.cdb."""
    data = _counts(app_state().db())
    if as_json:
        print_json(data)
        return
    table = Table(title=Text(plain(f"Cards: {data['source']}")))
    table.add_column("Kind")
    table.add_column("Cards", justify="right")
    for k, n in data["by_kind"].items():
        table.add_row(k, str(n))
    table.add_row("benchmark-only (not real cards)", str(data["benchmark_only"]))
    table.add_row(Text("total", style="bold"), Text(str(data["total"]), style="bold"))
    console().print(table)


# -- check-cdb -------------------------------------------------------------------
@group.command(name="check-cdb")
@click.argument("path", metavar="FILE.cdb", type=click.Path(path_type=Path))
@click.option("--strict", is_flag=True, help="Exit 1 if any row had to be skipped.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@handle_errors
def check_cdb_cmd(path: Path, strict: bool, as_json: bool) -> None:
    """Read a YGOPro card database and report what loads and which rows are skipped.

    Exits 1 when the file is not a readable card database (or, with --strict,
    when any row has bad values).
    """
    from ygo.cards.cdb import load_cdb

    result = load_cdb(path)
    data = _counts(result.db)
    data["skipped"] = [{"code": s.code, "reason": s.reason} for s in result.skipped]
    if as_json:
        print_json(data)
    else:
        n = data["by_kind"]
        skipped = len(result.skipped)
        click.echo(
            f"{plain(str(path))}: {data['total']} cards "
            f"({n['main deck monsters']} main deck monsters, "
            f"{n['extra deck monsters']} extra deck monsters, {n['spells']} spells, "
            f"{n['traps']} traps, {n['tokens']} tokens, "
            f"{n['alternate artworks and aliases']} with an alias); "
            f"{skipped} {'row' if skipped == 1 else 'rows'} skipped"
        )
        for s in result.skipped[:50]:
            click.echo(f"  skipped {s.code!r}: {s.reason}")
        if skipped > 50:
            click.echo(f"  ... and {skipped - 50} more")
    if strict and result.skipped:
        sys.exit(EXIT_INVALID)
