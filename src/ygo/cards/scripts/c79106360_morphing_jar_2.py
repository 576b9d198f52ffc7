"""Morphing Jar #2 (Flip Effect monster): when it is flipped face-up, every
monster on the field is shuffled into its owner's Deck. Then each player (the
turn player first) turns over cards from the top of their Deck until they have
turned over as many monsters as they had shuffled in (or the Deck runs out),
Special Summons the Level 4 or lower monsters among them face-down in Defense
Position (as many as their Monster Zones hold), and sends the other cards
turned over to the GY."""

from ygo.core.enums import CardType, Location
from ygo.effects import (
    DECK,
    FD_DEF,
    MZONE,
    Category,
    Ctx,
    Reason,
    flip,
    free_zones,
    matching,
    monster,
    reveal,
    step,
)
from ygo.engine import ops, query

CODE = 79106360
_TOKEN = int(CardType.TOKEN)


def _to_main_deck(ctx: Ctx, uid: int) -> bool:
    st = ctx.st
    return not st.ctype[uid] & _TOKEN and not st.data[uid].is_extra_deck


def _shuffle_in(ctx: Ctx) -> None:
    st = ctx.st
    mons = matching(ctx, MZONE, monster)
    for p in (0, 1):
        ctx.vars[f"n{p}"] = sum(1 for u in mons if st.owner[u] == p and _to_main_deck(ctx, u))
    for u in ops.by_turn_player_first(st, mons):
        where = DECK if _to_main_deck(ctx, u) else int(Location.EXTRA)
        ops.move(st, u, where, Reason.EFFECT, rp=ctx.player, rc=ctx.uid)
    for p in (st.tp, 1 - st.tp):
        ops.shuffle_deck(st, p)


def _excavate(ctx: Ctx) -> None:
    st = ctx.st
    for p in (st.tp, 1 - st.tp):
        need = ctx.vars.get(f"n{p}", 0)
        turned: list[int] = []
        found = 0
        for u in reversed(st.deck[p]):
            if found >= need:
                break
            turned.append(u)
            if monster(ctx, u):
                found += 1
        reveal(ctx, turned)
        summon = [u for u in turned if monster(ctx, u) and 0 < query.level(st, u) <= 4]
        summon = summon[: free_zones(st, p)]
        for u in summon:
            ops.special_summon(st, u, p, FD_DEF, ctx.player, ctx.uid)
        rest = [u for u in turned if u not in summon]
        if rest:
            ops.send_to_grave(st, rest, Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    flip(
        step(_shuffle_in),
        step(_excavate),
        text="shuffle every monster into the Deck; summon anew",
        category=Category.SPECIAL_SUMMON,
    ),
)
