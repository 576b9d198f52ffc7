"""Deck and banlist file formats.

- :mod:`ygo.formats.ydk`: ``.ydk`` deck files (YGOPro and EDOPro dialects).
- :mod:`ygo.formats.ydke`: ``ydke://`` deck URLs.
- :mod:`ygo.formats.decks`: :func:`load_deck` / :func:`dump_deck` for any of them.
- :mod:`ygo.formats.lflist`: ``lflist.conf`` banlists and the :class:`Banlist` model.

Parsers need no card database; given one they also report unknown passcodes.
Bad input raises :class:`ygo.errors.DeckFormatError` or
:class:`ygo.errors.BanlistFormatError` with a message naming the line (or
section) and the problem. See ``docs/formats.md``.
"""

from ygo.formats.decks import DeckFormat, dump_deck, load_deck, normalize_deck
from ygo.formats.lflist import Banlist, parse_lflist, pick_banlist, read_lflist, write_lflist
from ygo.formats.ydk import parse_ydk, read_ydk, write_ydk
from ygo.formats.ydke import is_ydke, parse_ydke, write_ydke

__all__ = [
    "Banlist",
    "DeckFormat",
    "dump_deck",
    "is_ydke",
    "load_deck",
    "normalize_deck",
    "parse_lflist",
    "parse_ydk",
    "parse_ydke",
    "pick_banlist",
    "read_lflist",
    "read_ydk",
    "write_lflist",
    "write_ydk",
    "write_ydke",
]
