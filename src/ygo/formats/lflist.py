"""Banlists: the ``lflist.conf`` format of YGOPro and EDOPro, and the :class:`Banlist` model.

A file holds any number of named lists::

    #[DM5][DM6]              <- a comment (YGOPro's header names the lists)
    !DM5                     <- a list begins
    #forbidden               <- comments anywhere
    12580477 1 --Raigeki     <- passcode, allowed copies, optional comment
    $whitelist               <- EDOPro: every card not listed is forbidden

Reading accepts UTF-8 with or without a BOM, LF or CRLF, blank lines, passcodes
with leading zeros (``08903700``) and counts 0 to 3 (3 lists a card explicitly,
which matters in a whitelist). A passcode listed twice in one list with the same
count is accepted (real files have such lines); with different counts it is an
error. Every error names the line and the problem (:class:`BanlistFormatError`).

Limits count by card: alternate artworks count as their base card, so a list is
resolved through a card database (:meth:`Banlist.resolved`) before a deck check.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from ygo.cards.db import CardDB
from ygo.errors import BanlistFormatError
from ygo.formats.ydk import MAX_CODE, decode_text, parse_code, read_capped, split_lines
from ygo.textsafe import plain

MAX_BYTES = 2 << 20
"""Largest banlist file read (2 MiB; YGOPro's file of 102 lists is 661 KB)."""
MAX_LINES = 100_000
"""Most lines a banlist file may have (YGOPro's has 18,285). Each line costs the
parser a few microseconds, so with :data:`MAX_BYTES` this bounds the time and
memory of any read (issue 22: 1.2 million lines took 43 s and 920 MB)."""
MAX_LISTS = 1_000
"""Most lists one file may hold (YGOPro's holds 102; EDOPro's files one each)."""
MAX_ENTRIES = 30_000
"""Most cards one list may name (a whitelist of every card printed names about 13,000)."""
DEFAULT_COPIES = 3
"""Copies allowed of a card a (non-whitelist) list does not name (R-DECK-4)."""

STATUS_NAMES = {0: "forbidden", 1: "limited", 2: "semi-limited", 3: "unlimited"}
"""The usual name of each count."""

_ENTRY = re.compile(r"([0-9]+)[ \t]+(-?[0-9]+)(.*)", re.DOTALL)


@dataclass(frozen=True)
class Banlist:
    """One named list: passcode -> copies allowed (0 forbidden, 1 limited, 2 semi-limited)."""

    name: str
    """The list's name (the ``!name`` line)."""
    entries: Mapping[int, int] = field(default_factory=dict)
    """Copies allowed by passcode, in file order (read-only)."""
    whitelist: bool = False
    """EDOPro's ``$whitelist``: every card the list does not name is forbidden."""
    comments: Mapping[int, str] = field(default_factory=dict, compare=False)
    """The comment after each entry in the file (usually the card's name)."""

    def __post_init__(self) -> None:
        for code, count in self.entries.items():
            if not 0 < code < 2**32 or count not in STATUS_NAMES:
                raise BanlistFormatError(
                    f"list {self.name!r}: bad entry {code} {count} (passcode 1 to "
                    f"{2**32 - 1}, count 0 to 3)"
                )
        object.__setattr__(self, "entries", MappingProxyType(dict(self.entries)))
        object.__setattr__(self, "comments", MappingProxyType(dict(self.comments)))

    def __hash__(self) -> int:
        return hash((self.name, frozenset(self.entries.items()), self.whitelist))

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, code: object) -> bool:
        return code in self.entries

    def limit(self, code: int, default: int = DEFAULT_COPIES) -> int:
        """Copies allowed of a passcode: its entry, else 0 in a whitelist, else ``default``.

        Pass a base passcode (see :meth:`resolved`) so that alternate artworks
        count as their card.
        """
        found = self.entries.get(code)
        if found is not None:
            return found
        return 0 if self.whitelist else default

    def with_count(self, count: int) -> tuple[int, ...]:
        """The passcodes listed with exactly ``count`` copies, in file order."""
        return tuple(c for c, n in self.entries.items() if n == count)

    @property
    def forbidden(self) -> tuple[int, ...]:
        return self.with_count(0)

    @property
    def limited(self) -> tuple[int, ...]:
        return self.with_count(1)

    @property
    def semi_limited(self) -> tuple[int, ...]:
        return self.with_count(2)

    def resolved(self, db: CardDB) -> Banlist:
        """The same list keyed by base passcode (an alternate artwork's alias).

        When a card and its alternate artwork are both listed, the stricter
        count wins.
        """
        entries: dict[int, int] = {}
        comments: dict[int, str] = {}
        for code, count in self.entries.items():
            base = db.base_code(code)
            entries[base] = min(count, entries.get(base, count))
            if code in self.comments:
                comments.setdefault(base, self.comments[code])
        return Banlist(self.name, entries, self.whitelist, comments)

    def counts(self) -> dict[str, int]:
        """How many entries of each status: ``{"forbidden": 3, "limited": 25, ...}``."""
        out = {STATUS_NAMES[n]: 0 for n in sorted(STATUS_NAMES)}
        for n in self.entries.values():
            out[STATUS_NAMES[n]] += 1
        return out


class _ListBuilder:
    """A list being read: its entries, and the line each came from."""

    def __init__(self, name: str, line: int) -> None:
        self.name = name
        self.line = line
        self.whitelist = False
        self.entries: dict[int, int] = {}
        self.comments: dict[int, str] = {}
        self.lines: dict[int, int] = {}

    def build(self) -> Banlist:
        return Banlist(self.name, self.entries, self.whitelist, self.comments)


def parse_lflist(text: str | bytes) -> dict[str, Banlist]:
    """Every list in the text (or raw bytes) of an ``lflist.conf``, by name, in file order.

    Raises :class:`BanlistFormatError` naming the line and the problem. A file
    over :data:`MAX_BYTES`, :data:`MAX_LINES` or :data:`MAX_LISTS` is refused.
    """
    src = decode_text(text, what="banlist file", error=BanlistFormatError, max_bytes=MAX_BYTES)
    lines = split_lines(src)
    if len(lines) > MAX_LINES:
        raise BanlistFormatError(
            f"too many lines for a banlist file ({len(lines):,}; at most {MAX_LINES:,})"
        )
    lists: dict[str, _ListBuilder] = {}
    current: _ListBuilder | None = None
    for lineno, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        first = line[0]
        if first == "#":
            continue
        if first == "!":
            name = " ".join(line[1:].split())
            if not name:
                raise BanlistFormatError(f"line {lineno}: a '!' list header needs a name")
            if not name.isprintable():
                raise BanlistFormatError(
                    f"line {lineno}: list name {name!r} has a control character"
                )
            if name in lists:
                raise BanlistFormatError(
                    f"line {lineno}: list {name!r} is already defined at line {lists[name].line}"
                )
            if len(lists) >= MAX_LISTS:
                raise BanlistFormatError(
                    f"line {lineno}: too many lists (a banlist file may hold at most {MAX_LISTS:,})"
                )
            current = lists[name] = _ListBuilder(name, lineno)
            continue
        if first == "$":
            if line.split()[0] != "$whitelist":
                raise BanlistFormatError(
                    f"line {lineno}: unknown directive {_show(line)} (known: $whitelist)"
                )
            if current is None:
                raise BanlistFormatError(
                    f"line {lineno}: $whitelist before any '!name' list header"
                )
            current.whitelist = True
            continue
        _read_entry(line, lineno, current)
    if not lists:
        what = "empty banlist file" if not src.strip() else "banlist file has no lists"
        raise BanlistFormatError(f"{what} (a list begins with a '!name' line)")
    return {name: b.build() for name, b in lists.items()}


def _read_entry(line: str, lineno: int, current: _ListBuilder | None) -> None:
    m = _ENTRY.fullmatch(line)
    if m is None:
        raise BanlistFormatError(
            f"line {lineno}: expected 'PASSCODE COUNT [--comment]', got {_show(line)}"
        )
    digits, count_text, rest = m.groups()
    if current is None:
        raise BanlistFormatError(f"line {lineno}: entry before any '!name' list header")
    # ASCII digits (the pattern's [0-9]): ten or fewer convert directly, more may be
    # leading zeros (parse_code).
    code: int | None = int(digits) if len(digits) <= 10 else parse_code(digits)
    if code is None or not 0 < code <= MAX_CODE:
        raise BanlistFormatError(
            f"line {lineno}: passcode {_show(digits)} is out of range (1 to {2**32 - 1})"
        )
    count = int(count_text) if len(count_text) <= 3 else -1
    if not 0 <= count <= 3:
        raise BanlistFormatError(
            f"line {lineno}: count {_show(count_text)} must be 0, 1, 2 or 3 "
            "(forbidden, limited, semi-limited, unlimited)"
        )
    if rest and not rest[0].isspace() and not rest.startswith(("--", "#")):
        raise BanlistFormatError(
            f"line {lineno}: expected 'PASSCODE COUNT [--comment]', got {_show(line)}"
        )
    before = current.entries.get(code)
    if before is not None and before != count:
        raise BanlistFormatError(
            f"line {lineno}: {code} is already in list {current.name!r} at line "
            f"{current.lines[code]} with count {before}"
        )
    if before is None:
        entries = current.entries
        if len(entries) >= MAX_ENTRIES:
            raise BanlistFormatError(
                f"line {lineno}: too many entries in list {current.name!r} "
                f"(a list may name at most {MAX_ENTRIES:,} cards)"
            )
        entries[code] = count
        current.lines[code] = lineno
        if not rest:
            return
        # The comment is the text up to any tab: EDOPro files put section labels after tabs.
        # One marker is taken off ("--" or "#"), so a comment "#" written as "--#" reads back.
        text = rest.strip()
        text = (text[2:] if text.startswith("--") else text.removeprefix("#")).split("\t")[0]
        comment = " ".join(text.split())
        if comment:
            current.comments[code] = comment


def read_lflist(path: str | Path) -> dict[str, Banlist]:
    """Every list in an ``lflist.conf`` file, by name."""
    p = Path(path)
    data = read_capped(path, what="banlist file", error=BanlistFormatError, max_bytes=MAX_BYTES)
    try:
        return parse_lflist(data)
    except BanlistFormatError as exc:
        raise BanlistFormatError(f"{p}: {exc}") from None


def write_lflist(lists: Iterable[Banlist], names: CardDB | None = None) -> str:
    """The ``lflist.conf`` text of some lists (LF line ends).

    Each list's entries are grouped forbidden / limited / semi-limited /
    unlimited under a ``#`` heading, in their order within the list. The
    comment after each entry is the card's name from ``names`` when known,
    else the comment read from the file.
    """
    lists = list(lists)
    seen: set[str] = set()
    for banlist in lists:
        _check_name(banlist.name)
        if banlist.name in seen:
            raise BanlistFormatError(f"two lists are named {banlist.name!r}")
        seen.add(banlist.name)
    out = ["#" + "".join(f"[{b.name}]" for b in lists)] if lists else []
    for banlist in lists:
        out.append(f"!{banlist.name}")
        if banlist.whitelist:
            out.append("$whitelist")
        for count in sorted(STATUS_NAMES):
            codes = banlist.with_count(count)
            if codes:
                out.append(f"#{STATUS_NAMES[count]}")
                out.extend(_entry_line(banlist, code, count, names) for code in codes)
    return "\n".join(out) + "\n"


def _check_name(name: str) -> None:
    if not name or name != " ".join(name.split()) or not name.isprintable():
        raise BanlistFormatError(
            f"list name {name!r} cannot be written (empty, control characters, or spaces "
            "at the ends or in a row)"
        )


def _entry_line(banlist: Banlist, code: int, count: int, names: CardDB | None) -> str:
    card = names.maybe(code) if names is not None else None
    comment = card.name if card is not None and card.name else banlist.comments.get(code, "")
    comment = plain(" ".join(comment.split()))
    return f"{code} {count} --{comment}" if comment else f"{code} {count}"


def pick_banlist(lists: Mapping[str, Banlist], name: str, *, source: str = "") -> Banlist:
    """The list called ``name`` (exact, else the only case-insensitive match).

    Otherwise a :class:`BanlistFormatError` lists the available names, or the
    closest ones when there are many.
    """
    found = lists.get(name)
    if found is not None:
        return found
    folded = [n for n in lists if n.casefold() == name.strip().casefold()]
    if len(folded) == 1:
        return lists[folded[0]]
    where = f" in {source}" if source else ""
    names = list(lists)
    if len(names) <= 12:
        hint = f"available: {', '.join(names)}" if names else "the file has no lists"
    else:
        close = _closest(name, names)
        hint = (
            f"closest: {', '.join(close)}; " if close else ""
        ) + f"{len(names)} lists in all ('ygo banlist list' shows them)"
    raise BanlistFormatError(f"no banlist named {name!r}{where}; {hint}")


def _closest(name: str, names: list[str]) -> list[str]:
    needle = name.strip().casefold()
    contains = [n for n in names if needle and needle in n.casefold()]
    by_folded = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(needle, list(by_folded), n=5, cutoff=0.5)
    out: list[str] = []
    for n in [*contains[:5], *(by_folded[c] for c in close)]:
        if n not in out:
            out.append(n)
    return out[:6]


def iter_entries(banlist: Banlist) -> Iterator[tuple[int, int]]:
    """``(passcode, count)`` pairs, forbidden first, then limited, semi-limited, unlimited."""
    for count in sorted(STATUS_NAMES):
        for code in banlist.with_count(count):
            yield code, count


def _show(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")
