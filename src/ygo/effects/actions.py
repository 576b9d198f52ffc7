"""Actions a script's own step takes at once (inside its ``do``), each through
the engine's operations and attributed to this effect: its player (``rp``) and
its card (``rc``), unless ``by`` names another player. The parts in
:mod:`ygo.effects.steps` are built from the same operations; an action is for
what no ready-made step does (Card Destruction's "discard, then draw as many").
"""

from __future__ import annotations

from collections.abc import Iterable

from ygo.core.enums import Position
from ygo.core.state import NONE
from ygo.effects.zones import FD_DEF, FU_DEF, SZONE
from ygo.engine import ops
from ygo.engine.effect import Ctx
from ygo.engine.events import EventKind, Reason


def _rp(ctx: Ctx, by: int | None) -> int:
    return ctx.player if by is None else by


def destroy_cards(ctx: Ctx, uids: list[int]) -> None:
    """Destroy these cards, all at once (R-TERM-8)."""
    if uids:
        ops.destroy(ctx.st, uids, Reason.EFFECT, ctx.player, ctx.uid)


def banish_cards(
    ctx: Ctx, uids: list[int], reason: int = Reason.EFFECT, by: int | None = None
) -> None:
    """Banish these cards face-up (``reason``: add ``Reason.DESTROY`` for "destroy
    and banish")."""
    if uids:
        ops.banish(ctx.st, uids, reason, _rp(ctx, by), ctx.uid)


def send_to_grave(ctx: Ctx, uids: list[int]) -> None:
    if uids:
        ops.send_to_grave(ctx.st, uids, Reason.EFFECT, ctx.player, ctx.uid)


def discard_cards(ctx: Ctx, uids: list[int]) -> None:
    """Discard these cards from the hand (to the GY: R-TERM-6)."""
    if uids:
        ops.send_to_grave(ctx.st, uids, Reason.EFFECT | Reason.DISCARD, ctx.player, ctx.uid)


def add_to_hand(
    ctx: Ctx, uids: list[int], reason: int = Reason.EFFECT, by: int | None = None
) -> None:
    """Add these cards to their owners' hands (``Reason.RETURN`` too for "return")."""
    if uids:
        ops.to_hand(ctx.st, uids, reason, _rp(ctx, by), ctx.uid)


def move_card(
    ctx: Ctx, uid: int, where: int, reason: int = Reason.EFFECT, by: int | None = None
) -> None:
    """Move a card to its owner's Deck (on top), Extra Deck, GY... (a pile: the
    owner's, R-TERM-2)."""
    ops.move(ctx.st, uid, where, reason, rp=_rp(ctx, by), rc=ctx.uid)


def draw_cards(ctx: Ctx, player: int, n: int) -> None:
    """``player`` draws ``n`` cards by this effect (one event, R-TERM-8)."""
    ops.draw(ctx.st, player, n, Reason.EFFECT | Reason.DRAW, ctx.player, ctx.uid)


def shuffle_deck(ctx: Ctx, player: int) -> None:
    ops.shuffle_deck(ctx.st, player)


def special_summon(
    ctx: Ctx, uid: int, position: int, player: int | None = None, kind: int = 0
) -> bool:
    """Special Summon a monster to ``player``'s field (default: yours) in
    ``position``; False when no Monster Zone is free. ``kind``: ``SUMTYPE_PROC``
    when this is the card its text names (R-SUM-9)."""
    p = ctx.player if player is None else player
    return ops.special_summon(ctx.st, uid, p, position, ctx.player, ctx.uid, kind=kind)


def set_position(ctx: Ctx, uid: int, position: int) -> None:
    """Change a monster's battle position by this effect (not a manual change)."""
    ops.change_position(ctx.st, uid, position, manual=False, rp=ctx.player, rc=ctx.uid)


def face_up_quietly(ctx: Ctx, uid: int) -> None:
    """Turn a face-down Defense monster face-up Defense without flipping it: a
    POSITION event only, no FLIP (its Flip effect does not activate)."""
    st = ctx.st
    st.pos[uid] = FU_DEF
    st.dirty = True
    ops.raise_event(st, EventKind.POSITION, st.ctrl[uid], uid, FU_DEF, reason=Reason.EFFECT,
                    rp=ctx.player, rc=ctx.uid, prev_pos=FD_DEF)  # fmt: skip


def set_control(ctx: Ctx, uid: int) -> bool:
    """Take control of a monster (R-TERM-2); False if nothing changed."""
    return ops.set_control(ctx.st, uid, ctx.player, ctx.player, ctx.uid)


def inflict_damage(ctx: Ctx, player: int, amount: int) -> None:
    """Effect damage to ``player`` (the win check runs after the action)."""
    ops.damage(ctx.st, player, amount, Reason.EFFECT, ctx.player, ctx.uid)


def pay_lp_now(ctx: Ctx, amount: int) -> None:
    """You pay LP now (a maintenance cost: not an activation's cost step)."""
    ops.pay_lp(ctx.st, ctx.player, amount)


def random_hand_card(ctx: Ctx, player: int) -> int:
    """A card of ``player``'s hand picked at random (R-TERM-6); NONE if empty."""
    return ops.random_hand_card(ctx.st, player)


def show_to(ctx: Ctx, player: int, uids: Iterable[int]) -> None:
    """Show cards to ``player`` (a REVEAL event each, ``player`` the one who sees);
    :func:`~ygo.effects.steps.reveal` shows them to both."""
    st = ctx.st
    for u in uids:
        ops.raise_event(st, EventKind.REVEAL, player, u, rp=ctx.player, rc=ctx.uid)


def place_face_up(ctx: Ctx, uid: int) -> bool:
    """Place a card from your hand or Deck face-up in your Spell & Trap Zone with
    its effects on, as if activated (Destiny Board's Spirit Messages); False
    when no zone is free."""
    st = ctx.st
    zone = ops.free_zone(st, ctx.player, SZONE)
    if zone == NONE:
        return False
    ops.move(st, uid, SZONE, Reason.EFFECT, player=ctx.player, zone=zone,
             position=Position.FACEUP_ATTACK, rp=ctx.player, rc=ctx.uid)  # fmt: skip
    ops.add_status(st, uid, ops.STATUS_ENABLED)
    return True


def set_card_value(ctx: Ctx, value: int) -> None:
    """Keep a number on this card while it stays where it is (a turn count, a
    remembered card; read with :func:`~ygo.effects.reads.card_value`)."""
    ops.set_cval(ctx.st, ctx.uid, value)


def set_duel_value(ctx: Ctx, key: int, value: int) -> None:
    """Keep a number for the whole duel (read with :func:`~ygo.effects.reads.duel_value`)."""
    ctx.st.limits[key] = value
