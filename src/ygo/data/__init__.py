"""Data shipped inside the package: the guides' banlists and two starter decks.

- ``banlists/dm.lflist.conf``: the DM5, DM6 and DMI lists the guides quote
  (built by ``tools/build_banlists.py``).
- ``decks/starter_yugi.ydk``, ``decks/starter_kaiba.ydk``: two classic 40-card
  starter decks (built by ``tools/build_starter_decks.py``).

``ygo deck check`` applies no banlist unless one is given
(:data:`DEFAULT_BANLIST` is ``None``): the sizes and the 3-copy cap
(R-DECK-1 to R-DECK-4) always apply, a banlist (R-DECK-5) only on request,
because which list a table plays under is the players' choice.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from ygo.core.deck import Deck
from ygo.errors import DeckFormatError
from ygo.formats.lflist import Banlist, parse_lflist, pick_banlist
from ygo.formats.ydk import parse_ydk

DEFAULT_BANLIST: str | None = None
"""The list ``ygo deck check`` applies when none is given: none."""

BANLIST_FILES = ("dm.lflist.conf",)
"""The shipped ``lflist.conf`` files, under ``banlists/``."""

_STARTERS = {
    "yugi": ("starter_yugi.ydk", "Starter Deck Yugi"),
    "kaiba": ("starter_kaiba.ydk", "Starter Deck Kaiba"),
}
#: Sample decks for the mr3 Extra Deck summons (issue 10).
_SAMPLES = {
    "synchro": ("synchro_xyz.ydk", "Synchro and Xyz sample"),
    "pendulum": ("pendulum_scales.ydk", "Pendulum sample"),
    # ai helper (issue 14): two decks of the guides' cards, for the arena
    "guide-beat": ("guide_beat.ydk", "Guide beatdown"),
    "guide-control": ("guide_control.ydk", "Guide control"),
}


def _read(*parts: str) -> bytes:
    return files(__name__).joinpath(*parts).read_bytes()


@cache
def _banlists() -> dict[str, Banlist]:
    out: dict[str, Banlist] = {}
    for filename in BANLIST_FILES:
        out.update(parse_lflist(_read("banlists", filename)))
    return out


def shipped_banlists() -> dict[str, Banlist]:
    """Every shipped banlist, by name (``DM5``, ``DM6``, ``DMI``), in file order."""
    return dict(_banlists())


def shipped_banlist(name: str) -> Banlist:
    """One shipped banlist by name (any case); the error lists the available names."""
    return pick_banlist(_banlists(), name, source="the shipped banlists")


def starter_deck_names() -> tuple[str, ...]:
    """The keys of the shipped starter decks: ``("yugi", "kaiba")``."""
    return tuple(_STARTERS)


@cache
def _starter(key: str) -> Deck:
    filename, title = _STARTERS[key]
    return parse_ydk(_read("decks", filename), name=title)


@cache
def sample_deck(name: str) -> Deck:
    """A shipped mr3 sample deck by key: ``"synchro"`` (Synchro and Xyz monsters in
    its Extra Deck) or ``"pendulum"`` (Pendulum monsters)."""
    key = name.strip().casefold()
    if key not in _SAMPLES:
        known = ", ".join(_SAMPLES)
        raise DeckFormatError(f"no sample deck named {name!r} (known: {known})")
    filename, title = _SAMPLES[key]
    return parse_ydk(_read("decks", filename), name=title)


def starter_deck(name: str) -> Deck:
    """A shipped starter deck by key (``"yugi"`` or ``"kaiba"``, any case)."""
    key = name.strip().casefold()
    if key not in _STARTERS:
        known = ", ".join(_STARTERS)
        raise DeckFormatError(f"no starter deck named {name!r} (known: {known})")
    return _starter(key)
