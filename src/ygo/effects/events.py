"""Event filters ``(ctx, event) -> bool``: which events trigger an effect
(a Trigger's ``on``, a rule's ``on``), and the events that led to the current
window."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ygo.core.enums import Phase
from ygo.core.ints import TYPE_SPELL
from ygo.core.state import State
from ygo.effects.marks import marked_this_turn
from ygo.effects.zones import FU_ATK, FZONE, GRAVE, MZONE, ONFIELD, SZONE
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, EffectKind
from ygo.engine.events import Event, EventKind, Reason


def self_event(ctx: Ctx, ev: Event) -> bool:
    """The event is about this card."""
    return ev.card == ctx.uid


def sent_to_grave_from_field(ctx: Ctx, ev: Event) -> bool:
    """This card went from the field to the GY."""
    return ev.card == ctx.uid and ev.dst == GRAVE and bool(ev.src & ONFIELD)


def destroyed_by_battle(ctx: Ctx, ev: Event) -> bool:
    """This card was destroyed by battle and sent to the GY."""
    return (
        ev.card == ctx.uid
        and ev.dst == GRAVE
        and bool(ev.reason & Reason.BATTLE)
        and bool(ev.reason & Reason.DESTROY)
    )


_On = TypeVar("_On", bound=Callable[[Ctx, Event], bool])


def only_in(locations: int, on: _On) -> _On:
    """Mark a trigger condition as true only while its card is in ``locations``
    (``Location`` bits): ``trigger`` and ``rule`` copy the mark to ``Effect.live``
    so that events are not matched against the card anywhere else."""
    on.live = locations  # type: ignore[attr-defined]
    return on


def phase_start(phase: int, whose: str = "any") -> Callable[[Ctx, Event], bool]:
    """The start of ``phase`` in a turn of: "you", "opp" or "any" player, while
    this card is face-up on the field."""

    def on(ctx: Ctx, ev: Event) -> bool:
        if ev.value != phase or not query.face_up_on_field(ctx.st, ctx.uid):
            return False
        tp = ctx.st.tp
        return whose == "any" or (tp == ctx.player) == (whose == "you")

    return only_in(MZONE | SZONE | FZONE, on)


def window_event(ctx: Ctx, kind: EventKind) -> list[Event]:
    """The events of ``kind`` that led to the current window (what "When ..."
    activations such as Trap Hole read)."""
    return [e for e in ctx.st.window_events if e.kind == kind]


def summoned_with(n: int) -> Callable[[Ctx, Event], bool]:
    """A trigger's event filter: this card was Tribute Summoned with ``n`` tributes."""
    return lambda ctx, ev: ev.card == ctx.uid and ev.value == n


def phase_of(phase: int, whose: Callable[[Ctx], int] | None = None) -> Callable[[Ctx, Event], bool]:
    """An event filter: the start of ``phase`` (in a turn of ``whose(ctx)``), wherever
    this card is (a delayed effect of a card already in the GY)."""

    def on(ctx: Ctx, ev: Event) -> bool:
        return ev.value == phase and (whose is None or ctx.st.tp == whose(ctx))

    return on


def phase_start_in_grave(phase: int, whose: str = "you") -> Callable[[Ctx, Event], bool]:
    """Like :func:`phase_start`, for a card in its owner's GY (Sinister Serpent)."""

    def on(ctx: Ctx, ev: Event) -> bool:
        st = ctx.st
        if ev.value != phase or st.loc[ctx.uid] != GRAVE:
            return False
        return whose == "any" or (st.tp == st.owner[ctx.uid]) == (whose == "you")

    return only_in(GRAVE, on)


def spell_card_resolved(ctx: Ctx, ev: Event) -> bool:
    """An event filter (CHAIN_SOLVING): a Spell Card's activation starts to
    resolve, not negated (R-CHAIN-15), while this card is face-up on the field."""
    st = ctx.st
    if not query.face_up_on_field(st, ctx.uid) or not st.ctype[ev.card] & TYPE_SPELL:
        return False
    if st.fx[ev.card] and st.fx[ev.card][0].kind != EffectKind.ACTIVATE:
        return False
    return not _activation_negated(st, ev)


def _activation_negated(st: State, ev: Event) -> bool:
    """Whether the chain link of this CHAIN_SOLVING event had its activation
    negated: the duel's log between its activation and its resolution says so."""
    log = st.events
    seen = False
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if not seen:
            seen = e.kind == EventKind.CHAIN_SOLVING and e.card == ev.card and e.batch == ev.batch
        elif e.card == ev.card and e.value == ev.value:
            if e.kind == EventKind.CHAIN_NEGATED:
                return True
            if e.kind == EventKind.ACTIVATE:
                return False
    return False


def destroyed_by_battle_with_self(ctx: Ctx, ev: Event) -> bool:
    """A BATTLE_DESTROYED filter: an opponent's monster was destroyed in a battle
    this card (face-up on the field) was in."""
    st = ctx.st
    return (
        ev.card != ctx.uid
        and st.ctrl[ev.card] != ctx.player
        and ctx.uid in (st.attacker, st.target)
        and query.face_up_on_field(st, ctx.uid)
    )


def end_phase_if_marked(ctx: Ctx, ev: Event) -> bool:
    """A PHASE filter: the End Phase starts, this card is face-up on the field and
    was marked this turn (:func:`mark_self_this_turn`)."""
    return (
        ev.value == Phase.END and query.face_up_on_field(ctx.st, ctx.uid) and marked_this_turn(ctx)
    )


def special_summoned_end_phase(ctx: Ctx, ev: Event) -> bool:
    """A PHASE filter: the End Phase starts and this card is face-up on the field,
    having been Special Summoned."""
    st = ctx.st
    return (
        ev.value == Phase.END
        and query.face_up_on_field(st, ctx.uid)
        and bool(st.sumtype[ctx.uid] & ops.SUMTYPE_SPECIAL)
    )


def summoned_to_opponent_in_attack(ctx: Ctx, ev: Event) -> bool:
    """A summon-event filter (this card face-up on the field): the monster went to
    the opponent's field and is still there, face-up in Attack Position."""
    st = ctx.st
    u = ev.card
    return (
        query.face_up_on_field(st, ctx.uid)
        and st.loc[u] == MZONE
        and st.fid[u] == ev.fid
        and st.ctrl[u] != ctx.player
        and st.pos[u] == FU_ATK
    )
