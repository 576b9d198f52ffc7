"""Fusion Summons (R-SUM-6, R-SUM-7): a Fusion monster's materials, fusion
substitutes, and the Fusion Summon step (Polymerization)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from ygo.core.ints import POS_FACEUP, TYPE_MONSTER
from ygo.core.state import NONE, State
from ygo.effects.summoning import SpecialOk
from ygo.effects.zones import (
    BANISHED,
    FU_ATK,
    FU_DEF,
    GRAVE,
    HAND,
    MZONE,
    cards,
    free_zones,
)
from ygo.engine import ops, specials
from ygo.engine.effect import Ctx, Effect, EffectKind, Question, Step
from ygo.engine.events import Reason


def fusion_materials(
    *codes: int, text: str = "", special_ok: SpecialOk | None = None, exact: bool = False
) -> Effect:
    """A Fusion monster's materials (R-SUM-6): one passcode per material (a code
    listed twice needs two copies). Also its summoning condition: the revival
    limit (R-SUM-8) and, with ``special_ok``, which Special Summons are allowed
    (:func:`only_fusion_summon`); ``exact``: only the named materials, no fusion
    substitute (Ryu Senshi)."""
    extra: dict[str, Any] = {"materials": tuple(codes), "revive_limit": True}
    if exact:
        extra["no_substitute"] = True
    if special_ok is not None:
        extra["special_ok"] = special_ok
    return Effect(EffectKind.CONDITION, text=text or "Fusion Summon", extra=extra)


def fusion_substitute() -> Effect:
    """A fusion substitute (R-SUM-7, a rule, R-MON-2): it may stand in for any
    one named Fusion Material; at most one substitute per Fusion Summon."""
    return Effect(EffectKind.CONDITION, text="fusion substitute", extra={"fusion_substitute": True})


def _condition_extra(st: State, uid: int, key: str) -> Any:
    for e in st.fx[uid]:
        if e.kind == EffectKind.CONDITION and key in e.extra:
            return e.extra[key]
    return None


def fusion_material_codes(st: State, uid: int) -> tuple[int, ...]:
    """The materials a Fusion monster's script lists (() when it lists none)."""
    codes = _condition_extra(st, uid, "materials")
    return tuple(codes) if codes else ()


def is_fusion_substitute(st: State, uid: int) -> bool:
    return bool(_condition_extra(st, uid, "fusion_substitute"))


def _fills(st: State, uid: int, code: int) -> int:
    """2: ``uid`` is that material by name; 1: it can substitute for it; 0: neither."""
    d = st.data[uid]
    if d.code == code or d.alias == code:
        return 2
    return 1 if is_fusion_substitute(st, uid) else 0


def fusion_substitutes_allowed(st: State, monster: int) -> int:
    """How many fusion substitutes a Fusion Summon of ``monster`` may use: 1
    (R-SUM-7), or 0 when its text allows only the named materials."""
    return 0 if _condition_extra(st, monster, "no_substitute") else 1


def fusion_assignable(
    st: State, slots: tuple[int, ...], uids: list[int], subs_allowed: int = 1
) -> bool:
    """Whether ``uids`` (one per slot) can fill the material slots ``slots``, with
    at most one fusion substitute standing in for a name (R-SUM-7)."""
    if len(uids) != len(slots):
        return False

    def go(i: int, used: frozenset[int], subs: int) -> bool:
        if i == len(slots):
            return True
        for u in uids:
            if u in used:
                continue
            f = _fills(st, u, slots[i])
            sub_ok = f == 1 and subs < subs_allowed
            if (f == 2 or sub_ok) and go(i + 1, used | {u}, subs + (f == 1)):
                return True
        return False

    return go(0, frozenset(), 0)


def fusion_completable(
    st: State, slots: tuple[int, ...], picked: list[int], pool: list[int], subs_allowed: int = 1
) -> bool:
    """Whether the materials ``picked`` so far can be completed from ``pool``."""
    need = len(slots) - len(picked)
    if need < 0:
        return False
    rest = [u for u in pool if u not in picked and any(_fills(st, u, c) for c in slots)]
    if len(rest) < need:
        return False
    return any(
        fusion_assignable(st, slots, picked + list(c), subs_allowed)
        for c in itertools.combinations(rest, need)
    )


FusionCheck = Callable[[Ctx, int, list[int], list[int], bool], bool]
"""``extra["fusion_check"]`` of a Fusion monster whose materials are not a list
of passcodes (a Lua script's): ``check(ctx, monster, pool, picked, exact)``; with
``exact``, whether ``picked`` are its materials; else whether some materials for
it from ``pool`` include every card of ``picked``."""


def fusion_check(st: State, uid: int) -> FusionCheck | None:
    """The materials check of a Fusion monster that lists no passcodes."""
    check = _condition_extra(st, uid, "fusion_check")
    return check if callable(check) else None


def _fusion_pool(ctx: Ctx) -> list[int]:
    """Your monsters in the hand and on the field (not this card): the materials."""
    st = ctx.st
    return [
        u
        for u in cards(ctx, ctx.player, HAND | MZONE)
        if u != ctx.uid and st.ctype[u] & TYPE_MONSTER
    ]


def _fusion_choices(ctx: Ctx) -> list[int]:
    """Fusion monsters in your Extra Deck you could Fusion Summon now."""
    st = ctx.st
    pool = _fusion_pool(ctx)
    field = any(st.loc[u] == MZONE for u in pool)
    if free_zones(ctx, ctx.player) == 0 and not field:
        return []
    out = []
    for u in st.extra[ctx.player]:
        if st.pos[u] & POS_FACEUP:  # R-PEND-5: face-up (Pendulum) cards are not Fusion Summoned
            continue
        slots = fusion_material_codes(st, u)
        check = None if slots else fusion_check(st, u)
        if not slots and check is None:
            continue
        if specials.special_blocker(st, u, ops.SUMTYPE_FUSION, ctx.uid):
            continue
        if check is not None:
            if check(ctx, u, pool, [], False):
                out.append(u)
        elif fusion_completable(st, slots, [], pool, fusion_substitutes_allowed(st, u)):
            out.append(u)
    return out


def _checked_parts(
    ctx: Ctx, monster: int, check: FusionCheck, rest: list[int]
) -> tuple[list[int], list[int], tuple[int, ...], bool]:
    """The answers after the monster, for a monster with a materials check: the
    materials (until "done" or until none can be added), the answers after them,
    the materials that could be added now and whether they may stop here."""
    pool = _fusion_pool(ctx)
    picked: list[int] = []
    i = 0
    while True:
        options = tuple(
            u for u in pool if u not in picked and check(ctx, monster, pool, [*picked, u], False)
        )
        can_stop = bool(picked) and check(ctx, monster, pool, picked, True)
        if not options:
            return picked, rest[i:], (), can_stop
        if i == len(rest):
            return picked, [], options, can_stop
        if rest[i] == NONE and can_stop:
            return picked, rest[i + 1 :], (), True
        picked.append(rest[i])
        i += 1


def fusion_summon(to: int = GRAVE) -> Step:
    """Fusion Summon (R-SUM-6): choose a Fusion monster in your Extra Deck, then
    its materials from your hand and field (at most one fusion substitute,
    R-SUM-7), all at resolution (so a negated Polymerization costs nothing but
    itself, R-CHAIN-7); the materials go to the GY (``to=BANISHED``: banished,
    Fusion Gate) and the monster is Special Summoned face-up, properly summoned
    (R-SUM-9). Answers: the monster, each material, the position."""

    def parts(ctx: Ctx) -> tuple[int, tuple[int, ...], list[int], list[int]]:
        ans = ctx.answers
        monster = ans[0] if ans else NONE
        slots = fusion_material_codes(ctx.st, monster) if monster != NONE else ()
        return monster, slots, ans[1 : 1 + len(slots)], ans[1 + len(slots) :]

    def ask(ctx: Ctx) -> Question | None:
        st = ctx.st
        if not ctx.answers:
            found = _fusion_choices(ctx)
            if not found:
                return None
            return Question(ctx.player, "Choose a Fusion Monster to Fusion Summon", tuple(found))
        monster, slots, picked, rest = parts(ctx)
        check = None if slots else fusion_check(st, monster)
        if check is not None:  # (materials not listed by passcode: a Lua script's)
            picked, rest, options, can_stop = _checked_parts(ctx, monster, check, ctx.answers[1:])
            if options:
                name = st.data[monster].name
                return Question(ctx.player, f"Choose a Fusion Material for {name}", options,
                                can_stop=can_stop)  # fmt: skip
            if not picked or not can_stop:
                return None
            slots = tuple(picked)
        if len(picked) < len(slots):
            pool = _fusion_pool(ctx)
            options = tuple(
                u
                for u in pool
                if u not in picked
                and fusion_completable(
                    st, slots, [*picked, u], pool, fusion_substitutes_allowed(st, monster)
                )
            )
            if not options:
                return None
            name = st.data[monster].name
            return Question(
                ctx.player,
                f"Choose a Fusion Material for {name} ({len(picked) + 1} of {len(slots)})",
                options,
            )
        if not rest:
            return Question(
                ctx.player,
                "Choose its battle position",
                (FU_ATK, FU_DEF),
                False,
                ("face-up Attack", "face-up Defense"),
            )
        return None

    def do(ctx: Ctx) -> None:
        st = ctx.st
        monster, slots, picked, rest = parts(ctx)
        check = None if slots or monster == NONE else fusion_check(st, monster)
        if check is not None:
            picked, rest, _, done = _checked_parts(ctx, monster, check, ctx.answers[1:])
            if not done:
                return
        elif monster == NONE or not slots:
            return
        if st.loc[monster] != ops.EXTRA:
            return
        if slots and not fusion_assignable(
            st, slots, picked, fusion_substitutes_allowed(st, monster)
        ):
            return
        if any(st.loc[u] not in (HAND, MZONE) or st.ctrl[u] != ctx.player for u in picked):
            return
        reason = Reason.EFFECT | Reason.MATERIAL
        if to == BANISHED:
            ops.banish(st, picked, reason, ctx.player, ctx.uid)
        else:
            ops.send_to_grave(st, picked, reason, ctx.player, ctx.uid)
        position = rest[0] if rest else FU_ATK
        ops.special_summon(st, monster, ctx.player, position, ctx.player, ctx.uid,
                           kind=ops.SUMTYPE_FUSION)  # fmt: skip

    return Step(do=do, ask=ask, can=lambda ctx: bool(_fusion_choices(ctx)))
