"""Summoning conditions and procedures (R-SUM-1..11): who may Special Summon a
monster (``special_ok``), its own procedure and its costs, Tribute rules,
Normal Summons during an effect, Tokens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ygo.core.ints import (
    PROC_SUMMON,
    SUMMON_MODE_BY_EFFECT,
    SUMMON_STEP_TRIBUTES,
    TYPE_MONSTER,
)
from ygo.core.state import NONE, State
from ygo.effects.choices import choose, chosen, you
from ygo.effects.constructors import modifier
from ygo.effects.filters import Filter
from ygo.effects.zones import BANISHED, FU_ATK, GRAVE, MZONE, cards, free_zones
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, Effect, EffectKind, Mod, Question, Step
from ygo.engine.events import Reason
from ygo.engine.proc import push

# Summoning conditions, revival limits (R-SUM-8, R-SUM-9), Fusion Summons (R-SUM-6, R-SUM-7).

SpecialOk = Callable[[State, int, int, int], bool]


"""``(state, monster, summon kind, summoning card) -> bool`` (``ops.SUMTYPE_*`` kinds)."""


def summon_condition(
    text: str, special_ok: SpecialOk | None = None, revive_limit: bool = True
) -> Effect:
    """A monster's summoning condition (R-MON-2: a rule, never activated).

    ``special_ok`` says which Special Summons are allowed at all (checked every
    time, from anywhere: "must be Fusion Summoned", "only by this card");
    ``revive_limit``: the monster must be properly summoned before it can be
    Special Summoned from the GY or banished (R-SUM-8; cards whose data already
    say "Special Summon only", Ritual and Fusion monsters have it anyway)."""
    extra: dict[str, Any] = {"revive_limit": revive_limit}
    if special_ok is not None:
        extra["special_ok"] = special_ok
    return Effect(EffectKind.CONDITION, text=text, extra=extra)


def only_fusion_summon(st: State, uid: int, kind: int, rc: int) -> bool:
    """A ``special_ok``: only a Fusion Summon (Dark Paladin, Dragon Master Knight)."""
    return bool(kind & ops.SUMTYPE_FUSION)


def only_by(*codes: int) -> SpecialOk:
    """A ``special_ok``: only by its own procedure, or by an effect of a card
    with one of these passcodes (Red-Eyes Black Metal Dragon with Metalmorph)."""

    def ok(st: State, uid: int, kind: int, rc: int) -> bool:
        if kind & ops.SUMTYPE_PROC:
            return True
        return rc != NONE and st.data[rc].base_code in codes

    return ok


def procedure(
    *costs: Step,
    text: str,
    zone: bool = True,
    condition: Callable[[Ctx], bool] | None = None,
    special_ok: SpecialOk | None = None,
) -> Effect:
    """A monster's own Special Summon procedure from the hand (a summoning
    condition, R-SUM-8): offered in its controller's Main Phase as
    "special-summon", it pays ``costs`` (tributes, banishing...) and summons the
    monster with a "being summoned" moment (R-SUM-10); a summon that succeeds is
    proper (R-SUM-9). It puts the monster under the revival limit. ``zone``: a
    free Monster Zone is needed beforehand (not when the costs tribute).
    ``special_ok``: which other Special Summons are allowed (:func:`first_by`).
    The monster cannot be Normal Summoned or Set, even when its card data lacks
    the "Special Summon only" bit (``extra["special_only"]``, read by
    ``query.special_only``)."""
    extra: dict[str, Any] = {"revive_limit": True, "special_only": True}
    if special_ok is not None:
        extra["special_ok"] = special_ok

    def cond(ctx: Ctx) -> bool:
        if zone and free_zones(ctx, ctx.player) == 0:
            return False
        return condition is None or condition(ctx)

    return Effect(
        EffectKind.CONDITION,
        text=text,
        condition=cond,
        operation=costs,
        extra=extra,
    )


def tribute_named(*codes: int) -> Step:
    """A procedure's cost: Tribute one monster you control of each passcode
    (Gate Guardian's three), chosen one at a time when there is a choice."""

    def remaining(ctx: Ctx, picked: list[int]) -> list[int]:
        left = list(codes)
        for u in picked:
            c = ctx.st.data[u].base_code
            if c in left:
                left.remove(c)
        return left

    def candidates(ctx: Ctx) -> list[int]:
        picked = chosen(ctx)
        left = remaining(ctx, picked)
        if not left:
            return []
        mine = cards(ctx, ctx.player, MZONE)
        return [u for u in mine if u not in picked and ctx.st.data[u].base_code == left[0]]

    def can(ctx: Ctx) -> bool:
        mine = cards(ctx, ctx.player, MZONE)
        used: set[int] = set()
        for c in codes:
            u = next((u for u in mine if u not in used and ctx.st.data[u].base_code == c), NONE)
            if u == NONE:
                return False
            used.add(u)
        return True

    def do(ctx: Ctx) -> None:
        picked = [u for u in chosen(ctx) if ctx.st.loc[u] == MZONE]
        if picked:
            ops.tribute(ctx.st, picked, Reason.SUMMON)

    return Step(
        do=do, ask=choose(you, candidates, len(codes), "Choose a monster to Tribute"), can=can
    )


def alternative_tribute_summon(n: int, text: str) -> Effect:
    """A monster that may also be Tribute Summoned with ``n`` tributes (R-MON-2:
    a rule, not an effect; Gilford the Lightning's 3). It is offered as its own
    "summon ... with n tributes" action; the SUMMON event's ``value`` is the
    number of tributes, which a trigger can read (:func:`summoned_with`). It
    does not put the monster under the revival limit (R-SUM-8)."""
    return Effect(EffectKind.CONDITION, text=text, extra={"tributes": n})


def summon_token(code: int, position: int = FU_ATK) -> Step:
    """Special Summon a new Token (card ``code`` of the duel's card source) to your field, if a
    Monster Zone is free (R-SUM-11: it exists only while on the field)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        if free_zones(ctx, ctx.player) == 0:
            return
        uid = ops.create_token(st, ops.token_data(st, code), ctx.player)
        ops.special_summon(st, uid, ctx.player, position, ctx.player, ctx.uid)

    return Step(do=do)


def summonable_from_hand(ctx: Ctx) -> list[int]:
    """Monsters in your hand you could Normal Summon or Set now, zones and
    tributes allowing (the turn's Normal Summon aside)."""
    st = ctx.st
    p = ctx.player
    have = query.tribute_summon_fodder(st, p)
    out = []
    for u in st.hand[p]:
        if not st.ctype[u] & TYPE_MONSTER or st.ctype[u] & query.NOT_NORMAL_SUMMONABLE:
            continue
        if st.fx[u] and query.special_only(st, u):
            continue
        need = query.tributes_needed(st, u)
        # a tribute may count as two (Kaiser Sea Horse)
        have_for_u = query.tribute_capacity(st, p, u) if need > have else have
        if (have_for_u >= need) if need else free_zones(ctx, p) > 0:
            out.append(u)
    return out


def normal_summon_or_set() -> Step:
    """Normal Summon or Set one monster from your hand now, during this effect's
    resolution (tributes chosen then), not using the turn's Normal Summon: the
    summon procedure runs inside the chain link (``SummonMode.BY_EFFECT``), so it is
    a Normal Summon (R-SUM-1) with no "being summoned" moment of its own (R-SUM-10)."""
    pick = choose(you, summonable_from_hand, 1, "Choose a monster to Normal Summon or Set")

    def ask(ctx: Ctx) -> Question | None:
        q = pick(ctx)
        if q is not None or not chosen(ctx) or len(ctx.answers) > 1:
            return q
        if query.no_normal_set(ctx.st, chosen(ctx)[0]):
            return None  # "cannot be Normal Set": it is Summoned
        return Question(ctx.player, "Normal Summon or Set it?", (0, 1), False, ("Summon", "Set"))

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if not picked:
            return
        uid = picked[0]
        set_it = ctx.answers[1] if len(ctx.answers) > 1 else 0  # 1: Set (BY_EFFECT_SET)
        need = query.tributes_needed(ctx.st, uid)
        push(ctx.st, PROC_SUMMON, SUMMON_STEP_TRIBUTES, uid, need, SUMMON_MODE_BY_EFFECT + set_it)

    return Step(do=do, ask=ask, can=lambda ctx: bool(summonable_from_hand(ctx)))


def never_special_summoned(st: State, uid: int, kind: int, rc: int) -> bool:
    """A ``special_ok``: "cannot be Special Summoned" (by anything)."""
    return False


def tribute_worth(n: int, ok: Filter) -> Effect:
    """This card counts as ``n`` tributes when Tributed for the Tribute Summon (or
    Set) of a monster that passes ``ok`` (Kaiser Sea Horse: 2 for a LIGHT one).
    R-MON-2: a rule of the card, not a summoning condition (its own revival is
    not limited). Counted by ``query.tribute_worth``."""
    return modifier(Mod.TRIBUTE_WORTH, ok, lambda ctx, uid: n)


def first_by(*codes: int) -> SpecialOk:
    """A ``special_ok`` for "must first be Special Summoned by/with X": from the
    hand or Deck only its own way (``SUMTYPE_PROC``) or by an effect of a card
    with one of these passcodes; from the GY or banished anything may summon it,
    once it was properly summoned (the revival limit decides, R-SUM-8/9)."""

    def ok(st: State, uid: int, kind: int, rc: int) -> bool:
        if kind & ops.SUMTYPE_PROC or st.loc[uid] & (GRAVE | BANISHED):
            return True
        return rc != NONE and st.data[rc].base_code in codes

    return ok


def cocooned_turns(st: State, moth: int, cocoon_code: int) -> int:
    """How many of ``moth``'s controller's turns have begun since a card with
    ``cocoon_code`` was equipped to it (the current turn included when it is
    theirs; turns alternate), or -1 when none is equipped to it."""
    p = st.ctrl[moth]
    best = -1
    for u in st.szone[0] + st.szone[1]:
        if u == NONE or st.data[u].base_code != cocoon_code:
            continue
        if query.equipped_to(st, u) != moth:
            continue
        mine = sum(
            1
            for t in range(st.placed[u] + 1, st.turn + 1)
            if (st.tp == p) == ((st.turn - t) % 2 == 0)
        )
        best = max(best, mine)
    return best


def tribute_cocooned(moth_code: int, cocoon_code: int, turns: int) -> Step:
    """A procedure's cost: Tribute a ``moth_code`` monster you control that has had
    a ``cocoon_code`` card equipped for at least ``turns`` of your turns (Petit
    Moth in Cocoon of Evolution, for Larvae Moth, Great Moth and Perfectly
    Ultimate Great Moth)."""

    def found(ctx: Ctx) -> list[int]:
        st = ctx.st
        return [
            u
            for u in cards(ctx, ctx.player, MZONE)
            if st.data[u].base_code == moth_code
            and query.face_up_on_field(st, u)
            and cocooned_turns(st, u, cocoon_code) >= turns
        ]

    def do(ctx: Ctx) -> None:
        picked = [u for u in chosen(ctx) if ctx.st.loc[u] == MZONE]
        if picked:
            ops.tribute(ctx.st, picked, Reason.SUMMON)

    return Step(
        do=do,
        ask=choose(you, found, 1, "Choose a monster to Tribute"),
        can=lambda ctx: bool(found(ctx)),
    )


def summon_tokens(
    code: int, n: int, position: int = FU_ATK, no_tribute_summon: bool = False
) -> Step:
    """Special Summon ``n`` new Tokens (the pool card ``code``) to your field, all
    or none (R-SUM-11: they exist only while on the field). ``no_tribute_summon``:
    they cannot be Tributed for a Tribute Summon (``Mod.NO_TRIBUTE_SUMMON``)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        if free_zones(ctx, ctx.player) < n:
            return
        data = ops.token_data(st, code)
        ops.new_batch(st)
        for _ in range(n):
            uid = ops.create_token(st, data, ctx.player)
            if not ops.special_summon(st, uid, ctx.player, position, ctx.player, ctx.uid):
                return
            if no_tribute_summon:
                st.granted.append(
                    (int(Mod.NO_TRIBUTE_SUMMON), uid, st.fid[uid], 1, ctx.uid, 0, st.turn)
                )

    return Step(do=do)


def tribute_as_for_tribute_summon() -> Step:
    """A procedure's cost: Tribute as many monsters you control as a Tribute
    Summon of this monster would need (R-SUM-2: none at Level 4 or lower)."""

    def need(ctx: Ctx) -> int:
        return query.tributes_needed(ctx.st, ctx.uid)

    def found(ctx: Ctx) -> list[int]:
        return cards(ctx, ctx.player, MZONE) if need(ctx) else []

    pick = choose(you, found, 1, "Choose a monster to Tribute")

    def ask(ctx: Ctx) -> Question | None:
        return pick(ctx) if len(chosen(ctx)) < need(ctx) else None

    def do(ctx: Ctx) -> None:
        picked = [u for u in chosen(ctx) if ctx.st.loc[u] == MZONE]
        if picked:
            ops.tribute(ctx.st, picked, Reason.SUMMON)

    def can(ctx: Ctx) -> bool:
        n = need(ctx)
        mine = len(cards(ctx, ctx.player, MZONE))
        return mine >= n if n else free_zones(ctx, ctx.player) > 0

    return Step(do=do, ask=ask, can=can)
