"""Fusion Summons (R-SUM-6, R-SUM-7): a Fusion monster's materials, fusion
substitutes, and the Fusion Summon step (Polymerization)."""

from __future__ import annotations

import itertools
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
        if not slots or specials.special_blocker(st, u, ops.SUMTYPE_FUSION, ctx.uid):
            continue
        if fusion_completable(st, slots, [], pool, fusion_substitutes_allowed(st, u)):
            out.append(u)
    return out


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
        if monster == NONE or st.loc[monster] != ops.EXTRA or not slots:
            return
        if not fusion_assignable(st, slots, picked, fusion_substitutes_allowed(st, monster)):
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
