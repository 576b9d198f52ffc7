"""The API of effects activated away from the field (issue 24: the hand, the GY,
the banished zone): what their conditions ask of the card itself."""

from __future__ import annotations

from ygo.lua.base import BridgeBase


class RangeAPI(BridgeBase):
    """``Card`` functions of the effects activated from the hand, GY or banished."""

    def card_GetTurnID(self, u: int) -> int:
        """The turn the card came to where it is (``aux.exccon``: "except the turn
        this card was sent to the GY")."""
        return self.cur.st.placed[self.uid(u)]
