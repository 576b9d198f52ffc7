"""Ritual Summons (R-SPELL-5, R-SUM-5): a Ritual Spell's operation."""

from __future__ import annotations

from ygo.core.ints import TYPE_MONSTER
from ygo.core.state import NONE
from ygo.effects.zones import FU_ATK, FU_DEF, HAND, MZONE, cards, free_zones
from ygo.engine import ops, query
from ygo.engine.effect import Ctx, Question, Step
from ygo.engine.events import Reason


def _ritual_materials(ctx: Ctx, monster: int) -> list[int]:
    """Your monsters in the hand and on the field that can be Tributed for it."""
    st = ctx.st
    out = [u for u in cards(ctx, ctx.player, MZONE | HAND) if st.ctype[u] & TYPE_MONSTER]
    return [u for u in out if u != monster and u != ctx.uid and query.level(st, u) > 0]


def _ritual_targets(ctx: Ctx, code: int, level: int) -> list[int]:
    st = ctx.st
    if free_zones(ctx, ctx.player) == 0 and not any(
        st.loc[u] == MZONE for u in _ritual_materials(ctx, NONE)
    ):
        return []
    found = []
    for u in st.hand[ctx.player]:
        if st.data[u].code != code and st.data[u].alias != code:
            continue
        total = sum(query.level(st, m) for m in _ritual_materials(ctx, u))
        if total >= level:
            found.append(u)
    return found


def ritual_summon(code: int, level: int) -> Step:
    """A Ritual Spell's operation (R-SUM-5): Tribute monsters from your hand and/or
    field whose Levels add up to ``level`` or more (chosen now, at resolution, so a
    negated Ritual Spell tributes nothing), then Special Summon the Ritual Monster
    with passcode ``code`` from your hand, face-up in the position you choose."""

    def ritual_monster(ctx: Ctx) -> int:
        found = _ritual_targets(ctx, code, level)
        return found[0] if found else NONE

    def split(ctx: Ctx) -> tuple[list[int], list[int]]:
        """The answers so far: the tributes (until the Levels are reached), then
        the position."""
        picked: list[int] = []
        total = 0
        for i, a in enumerate(ctx.answers):
            if total >= level:
                return picked, ctx.answers[i:]
            picked.append(a)
            total += query.level(ctx.st, a) if a != NONE else 0
        return picked, []

    def ask(ctx: Ctx) -> Question | None:
        st = ctx.st
        monster = ctx.vars.get("monster", NONE)
        if monster == NONE:
            monster = ritual_monster(ctx)
            if monster == NONE:
                return None
            ctx.vars["monster"] = monster
        picked, rest_answers = split(ctx)
        total = sum(query.level(st, u) for u in picked if u != NONE)
        if total < level:
            left = [u for u in _ritual_materials(ctx, monster) if u not in picked]
            # Only materials that still allow the total to be reached.
            rest = sum(query.level(st, u) for u in left)
            options = tuple(u for u in left if total + rest >= level)
            return Question(
                ctx.player, f"Choose a monster to Tribute (Levels {total} of {level})", options
            )
        if not rest_answers:
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
        monster = ctx.vars.get("monster", NONE)
        if monster == NONE or st.loc[monster] != HAND:
            return
        picked, rest_answers = split(ctx)
        picked = [u for u in picked if u != NONE]
        if sum(query.level(st, u) for u in picked) < level:
            return
        ops.tribute(st, picked, Reason.EFFECT | Reason.MATERIAL)
        position = rest_answers[0] if rest_answers else FU_ATK
        ops.special_summon(st, monster, ctx.player, position, ctx.player, ctx.uid,
                           kind=ops.SUMTYPE_RITUAL)  # fmt: skip

    return Step(do=do, ask=ask, can=lambda ctx: bool(_ritual_targets(ctx, code, level)))
