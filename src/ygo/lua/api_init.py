"""What ``initial_effect`` calls besides registering effects: the card's printed
data (the template card, :mod:`ygo.lua.template`), and the registrations that
are data rather than effects (``Duel.AddCustomActivityCounter``,
``Duel.EnableGlobalFlag``), recorded as ygopro-core keeps them."""

from __future__ import annotations

from typing import Any

from ygo.core.enums import CardType
from ygo.engine import ops
from ygo.lua.base import BridgeBase


class InitAPI(BridgeBase):
    """``Card``/``Duel`` functions the scripts call from ``initial_effect``."""

    activity_counters: dict[tuple[int, int], Any]
    """``Duel.AddCustomActivityCounter(id, activity, filter)`` registrations: the
    filter (a Lua function of a card, or of a chain link's effect for
    ACTIVITY_CHAIN) of each (counter id, activity), as ygopro-core keeps them
    for ``Duel.GetCustomActivityCount``."""
    global_flags: int
    """The ``GLOBALFLAG_*`` bits scripts enabled (``Duel.EnableGlobalFlag``): in
    ygopro-core they switch on checks of the whole duel, once any script asks."""

    def card_GetLink(self, u: int) -> int:
        """A Link Monster's Link Rating (its printed one: ygo has no effects that
        change it), 0 for any other card."""
        uid = self.uid(u)
        st = self.cur.st
        return st.data[uid].level if st.ctype[uid] & int(CardType.LINK) else 0

    def card_IsLink(self, u: int, *links: int | None) -> bool:
        return self.card_GetLink(u) in [int(x) for x in links if x is not None]

    def card_IsLinkAbove(self, u: int, v: int) -> bool:
        link = self.card_GetLink(u)
        return link > 0 and link >= int(v)

    def card_IsLinkBelow(self, u: int, v: int) -> bool:
        link = self.card_GetLink(u)
        return 0 < link <= int(v)

    def card_IsDualState(self, u: int) -> bool:
        """A Gemini monster Gemini Summoned while face-up: it has its effects
        (the engine's ``ops.STATUS_GEMINI``, R-MON-4)."""
        return bool(self.cur.st.status[self.uid(u)] & ops.STATUS_GEMINI)

    def duel_AddCustomActivityCounter(self, counter: int, activity: int, f: Any) -> None:
        self.activity_counters[int(counter), int(activity)] = f

    def duel_EnableGlobalFlag(self, flag: int) -> None:
        self.global_flags |= int(flag)
