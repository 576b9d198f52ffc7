"""The project's exception classes.

Every error a user can cause (a bad file, an unknown card, an illegal action)
is a :class:`YgoError` with a message that names the problem; front ends print
that message instead of a traceback.
"""

from __future__ import annotations


class YgoError(Exception):
    """Base class of every error caused by bad input or an illegal request."""


class CardDatabaseError(YgoError):
    """A card database file is missing, not SQLite, lacks tables or is corrupt."""


class UnknownCardError(YgoError, KeyError):
    """A passcode or name that the card database does not know."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown card"


class DeckFormatError(YgoError):
    """A deck file or ``ydke://`` URL that cannot be read."""


class BanlistFormatError(YgoError):
    """A banlist (``lflist.conf``) that cannot be read, or a list that is not in it."""


class IllegalActionError(YgoError, ValueError):
    """An action that was not among the options of the current decision."""


class ReplayError(YgoError):
    """A replay that does not parse, or whose choices are not legal at their point."""


class SaveError(YgoError):
    """Saved duel bytes that cannot be loaded."""


class InvalidArgumentError(YgoError, ValueError):
    """A bad argument to the engine's API: a player number other than 0 or 1, a
    seed that is not an int in range, a card ID that is not an int..."""


class HiddenCardError(YgoError):
    """A request about a card that the asking player may not identify (R-DUEL-8).

    Its message is the same wherever the hidden card is, so the error itself
    tells nothing about the card."""
