"""What a script reads about cards beyond the context's own reads (``ctx.face_up``,
``ctx.controller``, ``ctx.code``...): the values the rules compute, with every
modifier applied (current ATK, DEF and Level), and facts kept elsewhere than
the card's own arrays (the monster an Equip Card is on, this turn's events).
"""

from __future__ import annotations

from collections.abc import Iterator

from ygo.core.state import NONE
from ygo.engine import ops, query
from ygo.engine.effect import Ctx
from ygo.engine.events import Event, EventKind


def current_atk(ctx: Ctx, uid: int) -> int:
    """Current ATK on the field (modifiers applied), printed ATK elsewhere ("?" is 0)."""
    return query.atk(ctx.st, uid)


def current_defense(ctx: Ctx, uid: int) -> int:
    return query.defense(ctx.st, uid)


def original_atk(ctx: Ctx, uid: int) -> int:
    """Its original ATK (the printed value; "?" is 0)."""
    return query.base_atk(ctx.st, uid)


def current_level(ctx: Ctx, uid: int) -> int:
    """Its Level now; 0 for a card without one (an Xyz monster, R-XYZ-2)."""
    return query.level(ctx.st, uid)


def equipped_to(ctx: Ctx, uid: int) -> int:
    """The monster the Equip Card ``uid`` is attached to, or NONE."""
    return query.equipped_to(ctx.st, uid)


def can_be_targeted(ctx: Ctx, uid: int) -> bool:
    return query.can_be_targeted(ctx.st, uid, ctx.player)


def face_up_on_field(ctx: Ctx, uid: int) -> bool:
    return query.face_up_on_field(ctx.st, uid)


def enabled(ctx: Ctx, uid: int) -> bool:
    """A Spell or Trap on the field whose activation has resolved (its
    continuous effects apply), or a card placed as if activated."""
    return bool(ctx.st.status[uid] & ops.STATUS_ENABLED)


def card_value(ctx: Ctx) -> int:
    """The number this card keeps (``actions.set_card_value``; 0 when unset)."""
    return ctx.st.cval[ctx.uid]


def events_this_turn(ctx: Ctx) -> Iterator[Event]:
    """The duel's events since this turn began, the latest first (read lazily:
    ``any(...)`` stops at the first that matches)."""
    log = ctx.st.events
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if e.kind == EventKind.TURN:
            return
        yield e


def duel_value(ctx: Ctx, key: int) -> int | None:
    """A number a card keeps for the whole duel under a key of its own (in the
    duel's count-limit table, under a key no count limit uses); None when unset."""
    return ctx.st.limits.get(key)


def spell_trap_zone_free(ctx: Ctx, player: int) -> bool:
    """``player`` has an empty Spell & Trap Zone."""
    return NONE in ctx.st.szone[player]


def turn_player_first(ctx: Ctx, uids: list[int]) -> list[int]:
    """Cards in the order simultaneous actions take them: the turn player's first,
    then by zone (R-TERM-3)."""
    return ops.by_turn_player_first(ctx.st, uids)
