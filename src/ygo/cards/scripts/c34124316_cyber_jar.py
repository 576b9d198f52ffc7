"""Cyber Jar (Flip Effect monster): when it is flipped face-up, every monster on
the field is destroyed (itself too). Then both players reveal the top 5 cards of
their Decks (fewer if the Deck is smaller), the turn player first. Each player
Special Summons the revealed Level 4 or lower monsters, choosing face-up Attack
or face-down Defense for each (the turn player chooses first, the guides'
simultaneous-action rule), all at once; the other revealed cards go to their
hands."""

from ygo.effects import (
    FD_DEF,
    FU_ATK,
    MZONE,
    NONE,
    Category,
    Ctx,
    Question,
    Reason,
    flip,
    free_zones,
    matching,
    monster,
    reveal,
    step,
    top_cards,
)
from ygo.engine import ops, query

CODE = 34124316
REVEALED = 5


def _order(ctx: Ctx) -> tuple[int, int]:
    return ctx.st.tp, 1 - ctx.st.tp


def _destroy_all_monsters(ctx: Ctx) -> None:
    mons = matching(ctx, MZONE, monster)
    if mons:
        ops.destroy(ctx.st, mons, Reason.EFFECT, ctx.player, ctx.uid)


def _reveal_top(ctx: Ctx) -> None:
    for p in _order(ctx):
        reveal(ctx, top_cards(ctx.st, p, REVEALED))


def _summonable(ctx: Ctx, p: int) -> list[int]:
    st = ctx.st
    found = [u for u in top_cards(st, p, REVEALED) if monster(ctx, u)
             and 0 < query.level(st, u) <= 4]  # fmt: skip
    return found[: free_zones(st, p)]


def _all_summonable(ctx: Ctx) -> list[int]:
    return [u for p in _order(ctx) for u in _summonable(ctx, p)]


def _ask_position(ctx: Ctx) -> Question | None:
    todo = _all_summonable(ctx)
    n = len(ctx.answers)
    if n >= len(todo):
        return None
    uid = todo[n]
    name = ctx.st.data[uid].name
    return Question(
        ctx.st.owner[uid],
        f"Choose the position of {name} [{uid}]",
        (0, 1),
        False,
        ("face-up Attack", "face-down Defense"),
    )


def _summon_and_add(ctx: Ctx) -> None:
    st = ctx.st
    todo = _all_summonable(ctx)
    rest = [u for p in _order(ctx) for u in top_cards(st, p, REVEALED) if u not in todo]
    for uid, a in zip(todo, ctx.answers, strict=False):
        if a != NONE:
            pos = FD_DEF if a else FU_ATK
            ops.special_summon(st, uid, st.owner[uid], pos, ctx.player, ctx.uid)
    if rest:
        ops.to_hand(st, rest, Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    flip(
        step(_destroy_all_monsters),
        step(_reveal_top),
        step(_summon_and_add, ask=_ask_position),
        text="destroy every monster; both players reveal 5 and summon",
        category=Category.DESTROY | Category.SPECIAL_SUMMON | Category.TO_HAND,
    ),
)
