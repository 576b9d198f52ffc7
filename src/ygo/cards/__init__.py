"""Card data: the embedded pool, the YGOPro ``cards.cdb`` reader, look-up and search."""

from ygo.cards.db import CardDB, KindFilter

__all__ = ["CardDB", "KindFilter"]
