"""The marks ``initial_effect`` puts on the card itself (``c:EnableReviveLimit()``,
``c:SetSPSummonOnce(code)``...): ygopro-core keeps them as the card's fields
or as effects it creates; ygo collects them, with their arguments, while
``initial_effect`` runs (:class:`Mark`) and makes each one it has the idea of
into an ygo effect (:meth:`ygo.lua.translate.Translator.card`)."""

from __future__ import annotations

from typing import Any

from ygo.core.enums import Location
from ygo.core.state import NONE, State
from ygo.effects import summon_condition
from ygo.engine.effect import Ctx, Effect
from ygo.engine.events import Event, EventKind

SPSUMMON_ONCE = "spsummon_once"
"""``Effect.extra`` key of a card's "Special Summon once per turn" code."""


class Mark(str):
    """A ``Card`` function ``initial_effect`` called to mark the card: its name
    (a ``str``, so ``mark == "EnableReviveLimit"`` reads as before) and the
    arguments after the card."""

    args: tuple[Any, ...]

    def __new__(cls, name: str, args: tuple[Any, ...] = ()) -> Mark:
        self = super().__new__(cls, name)
        self.args = args
        return self


def spsummon_once(code: int) -> Effect:
    """``c:SetSPSummonOnce(code)``: "you can only Special Summon 'X' once per
    turn" (ygopro-core: each player, each turn, at most one Special Summon of
    the cards marked with ``code``, by whatever means). A summoning condition
    that looks back over this turn's Special Summons by the summoning player."""

    def ok(st: State, uid: int, kind: int, rc: int) -> bool:
        p = st.ctrl[rc] if rc != NONE else st.ctrl[uid]
        return not summoned_this_turn(st, p, code)

    eff = summon_condition(
        f"you can only Special Summon this card ({code}) once per turn", ok, revive_limit=False
    )
    eff.extra[SPSUMMON_ONCE] = code
    return eff


def summoned_this_turn(st: State, player: int, code: int) -> bool:
    """Whether ``player`` Special Summoned a card marked with ``code``
    (:func:`spsummon_once`) this turn."""
    events = st.events
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev.kind == EventKind.TURN:
            return False
        if ev.kind != EventKind.SPECIAL_SUMMON or ev.card < 0:
            continue
        summoner = ev.rp if ev.rp >= 0 else ev.player
        if summoner == player and any(e.extra.get(SPSUMMON_ONCE) == code for e in st.fx[ev.card]):
            return True
    return False


class OwnRules:
    """The Lua effects that register what the engine already plays by its own
    rules from the card's type, left out of the translation: a Gemini monster's
    (``aux.EnableDualAttribute``: EFFECT_DUAL_SUMMONABLE, and its being a Normal
    Monster until Gemini Summoned, EFFECT_ADD_TYPE / EFFECT_REMOVE_TYPE under
    ``aux.DualNormalCondition``: the engine's Gemini Summon and
    ``ops.STATUS_GEMINI``, R-MON-4; ``Card.IsDualState`` reads it); and those
    made into the engine's own: a Spirit monster's return to the hand
    (``aux.EnableSpiritReturn``, :meth:`spirit`)."""

    def __init__(self, rt: Any) -> None:
        c = rt.constant
        self.dual_summonable = c("EFFECT_DUAL_SUMMONABLE")
        self.single_continuous = c("EFFECT_TYPE_SINGLE") | c("EFFECT_TYPE_CONTINUOUS")
        self.spirit_events = {
            c("EVENT_SUMMON_SUCCESS"): EventKind.SUMMON,
            c("EVENT_FLIP"): EventKind.FLIP,
            c("EVENT_SPSUMMON_SUCCESS"): EventKind.SPECIAL_SUMMON,
        }
        self._spirit_reg = rt.lua.eval(
            "function(f) return f ~= nil and f == Auxiliary.SpiritReturnReg end"
        )
        self.type_changes = {c("EFFECT_ADD_TYPE"), c("EFFECT_REMOVE_TYPE")}
        self.single = c("EFFECT_TYPE_SINGLE")
        self._gemini_normal = rt.lua.eval(
            "function(f) return f ~= nil and f == Auxiliary.DualNormalCondition end"
        )

    def covers(self, e: Any) -> bool:
        code, t = int(e.code or 0), int(e.type or 0)
        if t != self.single:
            return False
        if code == self.dual_summonable:
            return True
        return code in self.type_changes and bool(self._gemini_normal(e.condition))

    def spirit_event(self, e: Any) -> EventKind | None:
        """The event at which ``aux.EnableSpiritReturn``'s effect ``e`` marks the
        card to return in the End Phase (None: ``e`` is not one of those)."""
        if int(e.type or 0) != self.single_continuous or not self._spirit_reg(e.operation):
            return None
        kind = self.spirit_events.get(int(e.code or 0))
        if kind is None:
            from ygo.lua.translate import Unsupported

            raise Unsupported(f"aux.EnableSpiritReturn at event {int(e.code or 0)}")
        return kind

    @staticmethod
    def spirit(kinds: list[EventKind]) -> list[Effect]:
        """A Spirit monster's return (R-MON-4), as the native Spirits': in the End
        Phase of a turn in which it was summoned (``kinds``: the events
        ``aux.EnableSpiritReturn`` names) it returns to its owner's hand, a
        mandatory trigger. (Its "cannot be Special Summoned" is a summoning
        condition of its own script.)"""
        from ygo.effects import (
            Category,
            end_phase_if_marked,
            mark_self_this_turn,
            return_self_to_hand,
            rule,
            trigger,
        )

        def arrived(ctx: Ctx, ev: Event) -> bool:
            return ev.card == ctx.uid and ctx.st.loc[ctx.uid] == Location.MZONE

        out = [rule(kind, arrived, mark_self_this_turn()) for kind in dict.fromkeys(kinds)]
        out.append(
            trigger(
                EventKind.PHASE,
                end_phase_if_marked,
                return_self_to_hand(),
                text="return to the hand in the End Phase",
                mandatory=True,
                category=Category.TO_HAND,
            )
        )
        return out
