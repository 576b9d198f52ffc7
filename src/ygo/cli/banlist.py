"""`ygo banlist` commands: list and show banlists (shipped, or from an ``lflist.conf``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from ygo.cards.db import CardDB
from ygo.cli.common import app_state, console, handle_errors, print_json
from ygo.errors import BanlistFormatError
from ygo.formats.lflist import STATUS_NAMES, Banlist, pick_banlist, read_lflist
from ygo.textsafe import markup, plain

SHIPPED = "the shipped banlists"
RICH_ROWS = 200
"""A table of more rows than this is printed as plain aligned lines: rich lays a
table out at about 0.3 ms a row, and a file may hold 1,000 lists, a list 30,000
cards (issue 22: 200,000 lists took over a minute)."""


def load_lists(file: str | Path | None) -> tuple[dict[str, Banlist], str]:
    """The lists of an ``lflist.conf`` (or the shipped ones when ``file`` is None), and a label."""
    if file is None:
        from ygo.data import shipped_banlists

        return shipped_banlists(), SHIPPED
    return read_lflist(file), str(file)


def resolve_banlist(spec: str) -> Banlist:
    """A banlist from what a user types after ``--banlist``.

    - ``NAME``: a shipped list (``DM5``, ``DM6``, ``DMI``; any case);
    - ``FILE:NAME``: the list ``NAME`` of an ``lflist.conf`` file;
    - ``FILE``: a file holding exactly one list.
    """
    spec = spec.strip()
    for i, ch in enumerate(spec):
        if ch == ":" and i > 0 and Path(spec[:i]).is_file():
            lists, label = load_lists(spec[:i])
            return pick_banlist(lists, spec[i + 1 :].strip(), source=label)
    path = Path(spec)
    head = spec.split(":", 1)[0]
    looks_like_file = head.endswith(".conf") or "/" in head or "\\" in head
    if path.is_file() or (looks_like_file and ":" not in spec):
        lists, label = load_lists(path)
        if len(lists) == 1:
            return next(iter(lists.values()))
        raise BanlistFormatError(
            f"{label} holds {len(lists)} lists; pick one as FILE:NAME "
            f"('ygo banlist list {label}' shows them)"
        )
    if looks_like_file:
        read_lflist(head)  # not a file (the loop above found none): raises, naming the path
    lists, label = load_lists(None)
    return pick_banlist(lists, spec, source=label)


@click.group(name="banlist")
def group() -> None:
    """List and show banlists (forbidden / limited / semi-limited cards).

    Without a file, the shipped lists (DM5, DM6, DMI, from the guides) are
    used. Any YGOPro or EDOPro lflist.conf can be read instead.
    """


@group.command(name="list")
@click.argument("file", required=False, metavar="[FILE]")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@handle_errors
def list_cmd(file: str | None, as_json: bool) -> None:
    """List the banlists of FILE (an lflist.conf), or the shipped ones.

    Shows each list's name and how many cards it forbids, limits and
    semi-limits.
    """
    lists, label = load_lists(file)
    if as_json:
        print_json(
            {
                "source": label,
                "lists": [
                    {"name": b.name, "whitelist": b.whitelist, "entries": len(b), **b.counts()}
                    for b in lists.values()
                ],
            }
        )
        return
    rows = []
    for b in lists.values():
        c = b.counts()
        rows.append(
            [
                b.name,
                str(len(b)),
                str(c["forbidden"]),
                str(c["limited"]),
                str(c["semi-limited"]),
                "yes" if b.whitelist else "",
            ]
        )
    columns = [("Name", False), ("Entries", True), ("Forbidden", True), ("Limited", True)]
    columns += [("Semi-limited", True), ("Whitelist", False)]
    _print_table(f"{len(lists)} banlist(s) in {label}", columns, rows)


@group.command(name="show")
@click.argument("name")
@click.option(
    "--file",
    "file",
    metavar="FILE",
    help="Read the list from this lflist.conf instead of the shipped lists.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@handle_errors
def show_cmd(name: str, file: str | None, as_json: bool) -> None:
    """Show one banlist's cards, grouped forbidden / limited / semi-limited.

    NAME is a shipped list (DM5, DM6, DMI), a list of --file FILE, or
    FILE:NAME. Cards are named from the card database when it knows them,
    else from the file's comments.
    """
    if file is not None:
        lists, label = load_lists(file)
        banlist = pick_banlist(lists, name, source=label)
    else:
        banlist = resolve_banlist(name)
    db = app_state().db()
    groups = _groups(banlist, db)
    if as_json:
        print_json(
            {
                "name": banlist.name,
                "whitelist": banlist.whitelist,
                **{status.replace("-", "_"): cards for status, cards in groups.items()},
            }
        )
        return
    out = console()
    out.print(Text(plain(f"{banlist.name}: {len(banlist)} entries"), style="bold"))
    if banlist.whitelist:
        out.print("A whitelist: every card it does not list is forbidden.")
    for status, cards in groups.items():
        if not cards:
            continue
        rows = [[str(card["code"]), str(card["name"] or "?")] for card in cards]
        _print_table(
            f"{status.capitalize()} ({len(cards)})", [("Passcode", True), ("Card", False)], rows
        )


def _print_table(title: str, columns: list[tuple[str, bool]], rows: list[list[str]]) -> None:
    """A table (columns: heading, right-aligned) of untrusted text: rich's up to
    RICH_ROWS rows, plain aligned lines beyond (the same cells, far faster)."""
    if len(rows) <= RICH_ROWS:
        table = Table(title=markup(title), title_justify="left")
        for heading, right in columns:
            table.add_column(heading, justify="right" if right else "left")
        for row in rows:
            table.add_row(*(Text(plain(cell)) for cell in row))
        console().print(table)
        return
    lines = [[plain(cell) for cell in row] for row in [[h for h, _ in columns], *rows]]
    sizes = [[_width(cell) for cell in line] for line in lines]
    widths = [max(col) for col in zip(*sizes, strict=True)]
    out = [plain(title)]
    for line, size in zip(lines, sizes, strict=True):
        cells = [
            " " * (w - n) + cell if right else cell + " " * (w - n)
            for cell, n, w, (_, right) in zip(line, size, widths, columns, strict=True)
        ]
        out.append("  ".join(cells).rstrip())
    click.echo("\n".join(out))


def _width(text: str) -> int:
    return len(text) if text.isascii() else cell_len(text)


def _groups(banlist: Banlist, db: CardDB) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {STATUS_NAMES[n]: [] for n in sorted(STATUS_NAMES)}
    for code, count in banlist.entries.items():
        card = db.maybe(code)
        name = card.name if card is not None else banlist.comments.get(code)
        groups[STATUS_NAMES[count]].append({"code": code, "name": name, "known": card is not None})
    return groups
