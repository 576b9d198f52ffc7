"""Card filters ``(ctx, uid) -> bool``: which cards a target, a search or a
mass operation takes, and :func:`matching`, the cards in some locations that
pass one. Filters are called in legality probes, so they read the state's
arrays directly and stay small."""

from __future__ import annotations

from collections.abc import Callable

from ygo.core.enums import Attribute, Race
from ygo.core.ints import (
    POS_ATTACK,
    POS_FACEDOWN,
    POS_FACEUP,
    TYPE_MONSTER,
    TYPE_SPELL,
    TYPE_TOKEN,
    TYPE_TRAP,
)
from ygo.effects.zones import (
    MZONE,
    ONFIELD,
    cards,
)
from ygo.engine import query, specials
from ygo.engine.effect import Ctx

Filter = Callable[[Ctx, int], bool]


def any_card(ctx: Ctx, uid: int) -> bool:
    return True


def monster(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & TYPE_MONSTER)


def spell(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & TYPE_SPELL)


def trap(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & TYPE_TRAP)


def spell_or_trap(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & (TYPE_SPELL | TYPE_TRAP))


def face_up(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.pos[uid] & POS_FACEUP)


def face_down(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.pos[uid] & POS_FACEDOWN)


def attack_position(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.pos[uid] & POS_ATTACK)


def not_self(ctx: Ctx, uid: int) -> bool:
    return uid != ctx.uid


def yours(ctx: Ctx, uid: int) -> bool:
    return ctx.st.ctrl[uid] == ctx.player


def theirs(ctx: Ctx, uid: int) -> bool:
    return ctx.st.ctrl[uid] != ctx.player


def on_field(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.loc[uid] & ONFIELD)


def is_type(bits: int) -> Filter:
    return lambda ctx, uid: bool(ctx.st.ctype[uid] & bits)


def attribute(attr: Attribute) -> Filter:
    bits = int(attr)  # (int operations: an IntFlag's ``&`` builds a new flag)
    return lambda ctx, uid: bool(int(ctx.st.data[uid].attribute) & bits)


def race(races: Race) -> Filter:
    bits = int(races)
    return lambda ctx, uid: bool(int(ctx.st.data[uid].race) & bits)


def atk_at_most(n: int) -> Filter:
    """Current ATK on the field, printed ATK elsewhere ("?" is 0)."""
    return lambda ctx, uid: query.atk(ctx.st, uid) <= n


def atk_at_least(n: int) -> Filter:
    return lambda ctx, uid: query.atk(ctx.st, uid) >= n


def can_special_summon(ctx: Ctx, uid: int) -> bool:
    """A monster this card's effect could Special Summon from where it is: its
    summoning conditions allow it and, from the GY or banished, it is not under
    the revival limit or was properly summoned (R-SUM-8, R-SUM-9)."""
    t = ctx.st.ctype[uid]
    if not t & TYPE_MONSTER or t & TYPE_TOKEN:
        return False
    return not specials.special_blocker(ctx.st, uid, 0, ctx.uid)


def all_of(*filters: Filter) -> Filter:
    if len(filters) == 2:  # the common case, without a generator (hot in target searches)
        a, b = filters
        return lambda ctx, uid: a(ctx, uid) and b(ctx, uid)
    return lambda ctx, uid: all(f(ctx, uid) for f in filters)


def any_of(*filters: Filter) -> Filter:
    return lambda ctx, uid: any(f(ctx, uid) for f in filters)


def matching(
    ctx: Ctx, where: int, ok: Filter = any_card, mine: bool = True, opp: bool = True
) -> list[int]:
    """Cards in ``where`` of you and/or your opponent that pass ``ok``."""
    out: list[int] = []
    if mine:
        out += [u for u in cards(ctx, ctx.player, where) if ok(ctx, u)]
    if opp:
        out += [u for u in cards(ctx, 1 - ctx.player, where) if ok(ctx, u)]
    return out


def face_up_monster(ctx: Ctx, uid: int) -> bool:
    """A face-up monster (what an Equip Spell may target: never a face-down one, R-POS-3)."""
    return monster(ctx, uid) and face_up(ctx, uid)


def named(*codes: int) -> Filter:
    """A filter: a card with one of these passcodes (alternate artworks included)."""
    wanted = set(codes)
    return lambda ctx, uid: (ctx.st.data[uid].code in wanted
                             or ctx.st.data[uid].alias in wanted)  # fmt: skip


def this_card(ctx: Ctx, uid: int) -> bool:
    """A filter: this card itself."""
    return uid == ctx.uid


def can_turn_face_down(ctx: Ctx, uid: int) -> bool:
    """A face-up monster that could be turned face-down: not a Token (R-SUM-11)."""
    return face_up_monster(ctx, uid) and not ctx.st.ctype[uid] & TYPE_TOKEN


def spell_trap_card(ctx: Ctx, uid: int) -> bool:
    """A "Spell/Trap Card on the field" (with ``where=ONFIELD``): anything in a Spell &
    Trap Zone or the Field Zone (an Equip Card that was a monster included), and a
    trap monster in a Monster Zone, which is still a Trap Card (R-MON-4)."""
    st = ctx.st
    return st.loc[uid] != MZONE or bool(st.ctype[uid] & (TYPE_SPELL | TYPE_TRAP))
