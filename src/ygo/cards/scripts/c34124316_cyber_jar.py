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
    add_to_hand,
    current_level,
    destroy_cards,
    flip,
    free_zones,
    matching,
    monster,
    reveal,
    special_summon,
    step,
    top_cards,
)

CODE = 34124316
REVEALED = 5


def _order(ctx: Ctx) -> tuple[int, int]:
    tp = ctx.turn_player
    return tp, 1 - tp


def _destroy_all_monsters(ctx: Ctx) -> None:
    destroy_cards(ctx, matching(ctx, MZONE, monster))


def _reveal_top(ctx: Ctx) -> None:
    for p in _order(ctx):
        reveal(ctx, top_cards(ctx, p, REVEALED))


def _summonable(ctx: Ctx, p: int) -> list[int]:
    found = [u for u in top_cards(ctx, p, REVEALED) if monster(ctx, u)
             and 0 < current_level(ctx, u) <= 4]  # fmt: skip
    return found[: free_zones(ctx, p)]


def _all_summonable(ctx: Ctx) -> list[int]:
    return [u for p in _order(ctx) for u in _summonable(ctx, p)]


def _ask_position(ctx: Ctx) -> Question | None:
    todo = _all_summonable(ctx)
    n = len(ctx.answers)
    if n >= len(todo):
        return None
    uid = todo[n]
    name = ctx.card(uid).name
    return Question(
        ctx.owner(uid),
        f"Choose the position of {name} [{uid}]",
        (0, 1),
        False,
        ("face-up Attack", "face-down Defense"),
    )


def _summon_and_add(ctx: Ctx) -> None:
    todo = _all_summonable(ctx)
    rest = [u for p in _order(ctx) for u in top_cards(ctx, p, REVEALED) if u not in todo]
    for uid, a in zip(todo, ctx.answers, strict=False):
        if a != NONE:
            pos = FD_DEF if a else FU_ATK
            special_summon(ctx, uid, pos, player=ctx.owner(uid))
    add_to_hand(ctx, rest)


EFFECTS = (
    flip(
        step(_destroy_all_monsters),
        step(_reveal_top),
        step(_summon_and_add, ask=_ask_position),
        text="destroy every monster; both players reveal 5 and summon",
        category=Category.DESTROY | Category.SPECIAL_SUMMON | Category.TO_HAND,
    ),
)
