"""Synchro and Xyz Summons (R-SYN-1, R-XYZ-1..3): the materials condition of
an Extra Deck monster is a summoning condition whose one step is the material
choice, run by the engine's procedure summon."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ygo.core.ints import POS_FACEUP, TYPE_TOKEN
from ygo.core.state import NONE, State
from ygo.effects.choices import choose, chosen, you
from ygo.effects.filters import Filter, any_card
from ygo.effects.zones import GRAVE
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, Effect, EffectKind, Question, Step
from ygo.engine.events import Event, Reason

# Synchro and Xyz Summons (R-SYN-1, R-XYZ-1..3): the materials condition of an Extra
# Deck monster is a summoning condition whose one step is the material choice, run
# by the engine's procedure summon (summon mode PROCEDURE, from the Extra Deck).


def _face_up_leveled(st: State, player: int) -> list[int]:
    """``player``'s face-up monsters with a Level (an Xyz monster has none: R-XYZ-2)."""
    return [
        u
        for u in st.mzone[player]
        if u != NONE and st.pos[u] & POS_FACEUP and query.level(st, u) > 0
    ]


def synchro_sets(
    ctx: Ctx, tuner_ok: Filter = any_card, non_tuner_ok: Filter = any_card
) -> list[tuple[int, ...]]:
    """Every set of Synchro Materials the monster ``ctx.uid`` could use now
    (R-SYN-1): exactly 1 face-up Tuner and 1 or more face-up non-Tuners that
    ``ctx.player`` controls, whose Levels total exactly its Level; the Tuner
    first, then the others in zone order."""
    st = ctx.st
    need = st.data[ctx.uid].level
    mons = _face_up_leveled(st, ctx.player)
    tuners = [u for u in mons if query.is_tuner(st, u) and tuner_ok(ctx, u)]
    others = [u for u in mons if not query.is_tuner(st, u) and non_tuner_ok(ctx, u)]
    out: list[tuple[int, ...]] = []
    for t in tuners:
        rest = need - query.level(st, t)
        for k in range(1, len(others) + 1):
            for combo in itertools.combinations(others, k):
                if sum(query.level(st, u) for u in combo) == rest:
                    out.append((t, *combo))
    return out


def xyz_sets(ctx: Ctx, count: int, level: int, ok: Filter = any_card) -> list[tuple[int, ...]]:
    """Every set of ``count`` face-up monsters ``ctx.player`` controls with Level
    ``level`` (R-XYZ-1); not Tokens (R-SUM-11), not Xyz monsters (no Level, R-XYZ-2)."""
    st = ctx.st
    mons = [
        u
        for u in _face_up_leveled(ctx.st, ctx.player)
        if query.level(st, u) == level and not st.ctype[u] & TYPE_TOKEN and ok(ctx, u)
    ]
    return list(itertools.combinations(mons, count))


def _material_step(
    sets: Callable[[Ctx], list[tuple[int, ...]]],
    prompt: str,
    put: Callable[[Ctx, list[int]], None],
) -> Step:
    """Choose one whole set of materials (one decision; only sets that work are
    offered), then ``put`` them where they go."""

    def ask(ctx: Ctx) -> Question | None:
        if ctx.answers:
            return None
        found = sets(ctx)
        labels = tuple(" + ".join(f"{ctx.st.data[u].name} [{u}]" for u in s) for s in found)
        return Question(
            ctx.player, prompt, tuple(range(len(found))), False, labels, sets=tuple(found)
        )

    def do(ctx: Ctx) -> None:
        found = sets(ctx)
        i = ctx.answers[0] if ctx.answers else -1
        if 0 <= i < len(found):
            put(ctx, list(found[i]))

    return Step(do=do, ask=ask, can=lambda ctx: bool(sets(ctx)))


def synchro_materials(
    tuner_ok: Filter = any_card,
    non_tuner_ok: Filter = any_card,
    text: str = "1 Tuner + 1 or more non-Tuner monsters",
) -> Effect:
    """A Synchro monster's materials (R-SYN-1) and summoning condition: offered
    in its controller's Main Phase as "synchro-summon"; the chosen materials are
    sent to the GY (Reason SYNCHRO | MATERIAL: not destroyed, not Tributed) as
    the procedure's cost, then the "being summoned" moment (R-SUM-10). Only a
    Synchro Summon that succeeds makes it properly summoned (R-SYN-2, R-SUM-9).
    ``tuner_ok`` / ``non_tuner_ok``: the material condition its text adds."""

    def sets(ctx: Ctx) -> list[tuple[int, ...]]:
        return synchro_sets(ctx, tuner_ok, non_tuner_ok)

    def put(ctx: Ctx, picked: list[int]) -> None:
        reason = Reason.SYNCHRO | Reason.MATERIAL
        for u in picked:
            ops.move(ctx.st, u, GRAVE, reason, rp=ctx.player, rc=ctx.uid)

    return Effect(
        EffectKind.CONDITION,
        text=f"Synchro Summon: {text}",
        operation=(_material_step(sets, "Choose the Synchro Materials", put),),
        extra={"revive_limit": True, "special_only": True, "synchro": (tuner_ok, non_tuner_ok)},
    )


def xyz_materials(count: int = 2, ok: Filter = any_card, text: str = "") -> Effect:
    """An Xyz monster's materials (R-XYZ-1): ``count`` face-up monsters of the
    Level equal to its Rank (what the cards of this pool ask); they are put
    under it (``Location.OVERLAY``) as the procedure's cost, then the "being
    summoned" moment (R-SUM-10). Properly summoned only this way (R-XYZ-3)."""

    def sets(ctx: Ctx) -> list[tuple[int, ...]]:
        return xyz_sets(ctx, count, query.rank(ctx.st, ctx.uid), ok)

    def put(ctx: Ctx, picked: list[int]) -> None:
        ops.attach(ctx.st, picked, ctx.uid, Reason.XYZ | Reason.MATERIAL, ctx.player, ctx.uid)

    return Effect(
        EffectKind.CONDITION,
        text=f"Xyz Summon: {text or f'{count} monsters of its Rank as Level'}",
        operation=(_material_step(sets, "Choose the Xyz Materials", put),),
        extra={"revive_limit": True, "special_only": True, "xyz": count},
    )


def detach_cost(n: int = 1) -> Step:
    """A cost: detach ``n`` materials from this Xyz monster (R-XYZ-3); they go to
    the GY. The player picks which when there is a choice."""

    def found(ctx: Ctx) -> list[int]:
        return query.materials(ctx.st, ctx.uid)

    def ask(ctx: Ctx) -> Question | None:
        if len(found(ctx)) <= n:
            return None
        return choose(you, found, n, "Choose a material to detach (cost)")(ctx)

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx) or found(ctx)[:n]
        ops.detach(ctx.st, picked, Reason.COST, ctx.player, ctx.uid)

    return Step(do=do, ask=ask, can=lambda ctx: len(found(ctx)) >= n)


def synchro_summoned(ctx: Ctx, ev: Event) -> bool:
    """A SPECIAL_SUMMON filter: this card was Synchro Summoned (R-SYN-1)."""
    return ev.card == ctx.uid and bool(ev.reason & Reason.SYNCHRO)


def sent_as_synchro_material(ctx: Ctx, ev: Event) -> bool:
    """A MOVE filter: this card went to the GY as Synchro Material (R-SYN-1)."""
    return ev.card == ctx.uid and ev.dst == GRAVE and bool(ev.reason & Reason.SYNCHRO)


def self_without_material(ctx: Ctx, uid: int) -> bool:
    """A filter: this card itself, while it has no Xyz material."""
    return uid == ctx.uid and not query.materials(ctx.st, uid)
