"""`ygo deck` commands: check a deck's legality, show it, convert it."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import click
from rich.table import Table
from rich.text import Text

from ygo.cards.db import CardDB
from ygo.cli.banlist import resolve_banlist
from ygo.cli.common import EXIT_INVALID, app_state, console, handle_errors, print_json
from ygo.cli.scripts import choose, script_options
from ygo.core.deck import Deck
from ygo.deckcheck import check_deck
from ygo.errors import DeckFormatError
from ygo.formats.decks import DECK_FORMATS, dump_deck, load_deck, normalize_deck
from ygo.formats.files import check_writable
from ygo.rules import PRESETS, Ruleset
from ygo.textsafe import plain

_SECTIONS = (("main", "Main Deck"), ("extra", "Extra Deck"), ("side", "Side Deck"))
_KINDS = ("monsters", "spells", "traps", "unknown")


@click.group(name="deck")
def group() -> None:
    """Check, show and convert decks (.ydk files, ydke:// URLs, starter decks)."""


# -- check -----------------------------------------------------------------------
@group.command(name="check")
@click.argument("deck")
@click.option(
    "--banlist",
    "banlist_spec",
    metavar="NAME|FILE:NAME",
    help="Apply a banlist: a shipped list (DM5, DM6, DMI) or a list of an lflist.conf. "
    "Default: none (sizes and the 3-copy cap only).",
)
@click.option(
    "--ruleset",
    type=click.Choice(sorted(PRESETS), case_sensitive=False),
    default="mr3",
    show_default=True,
    help="The ruleset whose deck sizes and copy cap apply (classic: no Main Deck maximum, "
    "no Extra Deck limit, a Side Deck of 15 or none).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@script_options
@handle_errors
def check_cmd(
    deck: str,
    banlist_spec: str | None,
    ruleset: str,
    as_json: bool,
    scripts_dir: str | None = None,
    prefer: str = "native",
    list_missing: bool = False,
) -> None:
    """Check that DECK is legal: list every violation, exit 1 if there is any.

    Checks the chosen ruleset's deck sizes (R-DECK-1 to R-DECK-3), at most 3
    copies of a card across Main + Extra + Side (R-DECK-4), the banlist if one
    is given (R-DECK-5), unknown passcodes and cards in the wrong section. The deck is
    checked as written: an Extra Deck monster listed in the Main Deck is
    reported, although loading a deck to play moves it.

    The last line says how many of the deck's cards have an effect and no
    behaviour (neither a native script nor, with --scripts or $YGO_SCRIPTS, a
    Lua script that runs: they would play as printed stats); --list-missing
    lists them, with the reason each Lua script gave. They do not make a deck
    illegal.

    DECK is a .ydk file, a ydke:// URL (quote it), or a shipped starter deck
    as starter:NAME (starter:yugi, starter:kaiba).
    """
    from ygo.playable import deck_label, deck_report

    rules = Ruleset.by_name(ruleset)
    banlist = resolve_banlist(banlist_spec) if banlist_spec else None
    scripts = choose(scripts_dir, prefer).source()
    loaded = load_deck(deck)
    db = app_state().db()
    violations = check_deck(loaded, db, rules, banlist)
    report = deck_report(loaded, db, scripts, deck_label(loaded, deck))
    if as_json:
        print_json(
            {
                "deck": loaded.name or deck,
                "ruleset": rules.name,
                "banlist": banlist.name if banlist else None,
                "legal": not violations,
                "violations": [v.to_dict() for v in violations],
                "behaviour": report.to_dict(),
            }
        )
    else:
        under = f"{rules.name} ruleset" + (f", banlist {banlist.name}" if banlist else "")
        title = plain(loaded.name or deck)
        out = console()
        if not violations:
            out.print(Text(f"{title}: legal ({under})", style="green"))
        else:
            n = len(violations)
            out.print(
                Text(f"{title}: {n} violation{'s' if n > 1 else ''} ({under})", style="red bold")
            )
            for v in violations:
                line = Text("  ")
                line.append(f"{v.rule:<12} ", style="bold")
                line.append(plain(v.message))
                out.print(line)
        for text in report.lines(list_missing):
            click.echo(plain(text))
    if violations:
        sys.exit(EXIT_INVALID)


# -- show ------------------------------------------------------------------------
@group.command(name="show")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@handle_errors
def show_cmd(deck: str, as_json: bool) -> None:
    """Show DECK grouped by kind: monsters, spells, traps; Extra and Side Deck.

    Each line gives the copies, the card's name, passcode and stats. Extra
    Deck monsters listed in the Main Deck are shown in the Extra Deck, where
    a duel puts them.

    DECK is a .ydk file, a ydke:// URL (quote it), or a shipped starter deck
    as starter:NAME (starter:yugi, starter:kaiba).
    """
    db = app_state().db()
    loaded = normalize_deck(load_deck(deck), db)
    data = deck_summary(loaded, db)
    if as_json:
        print_json({"name": loaded.name or deck, **data})
        return
    out = console()
    counts = ", ".join(f"{label} {data[key]['count']}" for key, label in _SECTIONS)
    out.print(Text(plain(f"{loaded.name or deck}: {counts}"), style="bold"))
    for key, label in _SECTIONS:
        section = data[key]
        if not section["count"]:
            continue
        for kind in _KINDS:
            rows = section[kind]
            if not rows:
                continue
            n = sum(r["count"] for r in rows)
            table = Table(title=f"{label}: {kind} ({n})", title_justify="left")
            table.add_column("#", justify="right")
            table.add_column("Card")
            table.add_column("Passcode", justify="right")
            table.add_column("Kind")
            table.add_column("Stats")
            for r in rows:
                table.add_row(
                    str(r["count"]),
                    Text(plain(r["name"] or "(unknown card)")),
                    str(r["code"]),
                    Text(plain(r["kind"] or "")),
                    Text(plain(r["stats"] or "")),
                )
            out.print(table)


def deck_summary(deck: Deck, db: CardDB) -> dict[str, Any]:
    """Each section's card count and its cards grouped by kind, with copies and stats."""
    out: dict[str, Any] = {}
    for key, _label in _SECTIONS:
        codes: tuple[int, ...] = getattr(deck, key)
        groups: dict[str, list[dict[str, Any]]] = {k: [] for k in _KINDS}
        for code, n in Counter(codes).items():
            card = db.maybe(code)
            if card is None:
                kind = "unknown"
            elif card.is_monster:
                kind = "monsters"
            elif card.is_spell:
                kind = "spells"
            elif card.is_trap:
                kind = "traps"
            else:
                kind = "unknown"
            groups[kind].append(
                {
                    "code": code,
                    "count": n,
                    "name": card.name if card else None,
                    "kind": card.kind_label if card else None,
                    "stats": card.stat_line() if card and card.is_monster else None,
                }
            )
        out[key] = {"count": len(codes), **groups}
    return out


# -- convert ---------------------------------------------------------------------
@group.command(name="convert")
@click.argument("deck")
@click.option(
    "--to",
    "to",
    type=click.Choice(DECK_FORMATS),
    required=True,
    help="Output format: ydk (a deck file) or ydke (a ydke:// URL).",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    help="Write to this file instead of standard output.",
)
@click.option(
    "--names",
    is_flag=True,
    help="ydk only: name each card in a comment after its passcode (EDOPro-style).",
)
@handle_errors
def convert_cmd(deck: str, to: str, output: str | None, names: bool) -> None:
    """Convert DECK to a .ydk file or a ydke:// URL.

    The cards are kept exactly as listed, in order.

    DECK is a .ydk file, a ydke:// URL (quote it), or a shipped starter deck
    as starter:NAME (starter:yugi, starter:kaiba).
    """
    if output is not None:
        check_writable(output, "deck", DeckFormatError)
    loaded = load_deck(deck)
    db = app_state().db() if names else None
    text = dump_deck(loaded, "ydke" if to == "ydke" else "ydk", db)
    if to == "ydke":
        text += "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise DeckFormatError(f"{output}: cannot write: {exc.strerror or exc}") from None
    click.echo(plain(f"wrote {output}"), err=True)
