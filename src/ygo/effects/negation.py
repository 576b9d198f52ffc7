"""Negation (R-CHAIN-15, R-SUM-10): negate the activation or the effect a
link responds to, a summon being made, an attack."""

from __future__ import annotations

from ygo.core.state import NONE
from ygo.effects.constructors import modifier
from ygo.effects.filters import Filter
from ygo.effects.zones import MZONE, ONFIELD
from ygo.engine import ops
from ygo.engine import summon as _summon
from ygo.engine.chain import refund_limit
from ygo.engine.effect import Ctx, Effect, Mod, Step
from ygo.engine.events import EventKind, Reason


def negate_previous(destroy: bool = True, of: Filter | None = None) -> Step:
    """Negate the activation of the link this one responds to (R-CHAIN-15) and,
    with ``destroy``, destroy that card."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if link is None:
            return
        i = st.chain.index(link) - 1 if link in st.chain else len(st.chain) - 1
        if i < 0:
            return
        other = st.chain[i]
        other.negated = True
        refund_limit(st, other)
        ops.raise_event(st, EventKind.CHAIN_NEGATED, other.player, other.uid, i + 1,
                        rp=ctx.player, rc=ctx.uid)  # fmt: skip
        u = other.uid
        if other.card_activation and st.fid[u] == other.fid:
            ops.add_status(st, u, ops.STATUS_NEGATED)  # R-PEND-4: a negated Pendulum goes to the GY
        if destroy and st.fid[u] == other.fid and st.loc[u] & ONFIELD:
            ops.destroy(st, [u], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def negate_summon(destroy: bool = True) -> Step:
    """Negate the summon being made (R-SUM-10) and, with ``destroy``, destroy it."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        group = _summon.summoning_group(st)  # a Pendulum Summon: all its monsters
        if _summon.negate_summon(st, ctx.player, ctx.uid) and destroy:
            hit = [u for u in group if st.loc[u] == MZONE]
            if hit:
                ops.destroy(st, hit, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def negate_attack() -> Step:
    def do(ctx: Ctx) -> None:
        st = ctx.st
        if st.attacker != NONE:
            st.attack_negated = True

    return Step(do=do)


def negate_previous_effect() -> Step:
    """Negate the effect of the link this one responds to (R-CHAIN-15): its
    activation stands (a Spell or Trap still goes to the GY after the chain, a
    Continuous card stays) but it resolves with no effect."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if link is None or link not in st.chain:
            return
        i = st.chain.index(link) - 1
        if i < 0:
            return
        other = st.chain[i]
        other.disabled = True
        ops.raise_event(st, EventKind.CHAIN_DISABLED, other.player, other.uid, i + 1,
                        rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do)


def negate_spells_targeting_self() -> Effect:
    """A Spell Card's effect that targets this face-up monster is negated when it
    resolves, and the Spell is destroyed (Ryu Senshi; ``Mod.SPELL_TARGET_NEGATE``,
    applied by the chain)."""
    return modifier(Mod.SPELL_TARGET_NEGATE, lambda ctx, uid: uid == ctx.uid)
