"""Toon monsters (R-MON-4)."""

from __future__ import annotations

from collections.abc import Callable

from ygo.core.ints import POS_FACEUP
from ygo.core.state import NONE, State
from ygo.effects.battle import attack_cost
from ygo.effects.conditions import controls_face_up
from ygo.effects.constructors import modifier, rule
from ygo.effects.costs import pay_lp
from ygo.effects.steps import destroy_self
from ygo.effects.summoning import tribute_as_for_tribute_summon
from ygo.effects.zones import FZONE, MZONE, SZONE
from ygo.engine import query
from ygo.engine.effect import Ctx, Effect, EffectKind, Mod
from ygo.engine.events import Event, EventKind, Reason


def _destroyed_face_up_from_field(code: int) -> Callable[[Ctx, Event], bool]:
    def on(ctx: Ctx, ev: Event) -> bool:
        st = ctx.st
        return (
            ev.src in (MZONE, SZONE, FZONE)
            and bool(ev.reason & Reason.DESTROY)
            and bool(ev.prev_pos & POS_FACEUP)
            and ev.card >= 0
            and st.data[ev.card].base_code == code
            and query.face_up_on_field(st, ctx.uid)
        )

    return on


def toon(world: int, text: str = "") -> tuple[Effect, ...]:
    """A Toon monster (R-MON-4) of the guides' period, with ``world`` the
    passcode of Toon World: Special Summoned from the hand only while you control
    a face-up Toon World, Tributing as a Tribute Summon would (its procedure; it
    cannot be Special Summoned at all without Toon World, R-SUM-8); it cannot
    attack the turn it comes out; each attack costs 500 LP; it attacks directly
    unless the opponent controls a face-up Toon (then it must attack a Toon);
    it is destroyed when a Toon World on the field is destroyed."""
    need = controls_face_up(world)

    def special_ok(st: State, uid: int, kind: int, rc: int) -> bool:
        p = st.ctrl[rc] if rc != NONE else st.ctrl[uid]
        return need(Ctx(st, uid, 0, p))

    def arrived_this_turn(ctx: Ctx, uid: int) -> bool:
        return uid == ctx.uid and ctx.st.placed[uid] == ctx.st.turn

    return (
        Effect(
            EffectKind.CONDITION,
            text=text or "needs Toon World; Tribute as for a Tribute Summon",
            condition=need,
            operation=(tribute_as_for_tribute_summon(),),
            extra={"revive_limit": True, "special_ok": special_ok, "needs": "needs Toon World"},
        ),
        modifier(Mod.CANNOT_ATTACK, arrived_this_turn, text="cannot attack the turn it arrives"),
        attack_cost(pay_lp(500), text="pay 500 LP to attack"),
        modifier(
            Mod.DIRECT_ATTACK,
            lambda ctx, uid: uid == ctx.uid,
            lambda ctx, uid: 2,
            text="attacks directly unless the opponent controls a Toon",
        ),
        rule(
            EventKind.MOVE,
            _destroyed_face_up_from_field(world),
            destroy_self(),
            text="destroyed when Toon World is destroyed",
        ),
    )
