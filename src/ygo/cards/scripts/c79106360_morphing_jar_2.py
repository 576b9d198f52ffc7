"""Morphing Jar #2 (Flip Effect monster): when it is flipped face-up, every
monster on the field is shuffled into its owner's Deck. Then each player (the
turn player first) turns over cards from the top of their Deck until they have
turned over as many monsters as they had shuffled in (or the Deck runs out),
Special Summons the Level 4 or lower monsters among them face-down in Defense
Position (as many as their Monster Zones hold), and sends the other cards
turned over to the GY."""

from ygo.core.enums import CardType
from ygo.effects import (
    DECK,
    EXTRA,
    FD_DEF,
    MZONE,
    Category,
    Ctx,
    current_level,
    flip,
    free_zones,
    matching,
    monster,
    move_card,
    reveal,
    send_to_grave,
    shuffle_deck,
    special_summon,
    step,
    top_cards,
    turn_player_first,
)

CODE = 79106360


def _to_main_deck(ctx: Ctx, uid: int) -> bool:
    return not ctx.types(uid) & CardType.TOKEN and not ctx.card(uid).is_extra_deck


def _shuffle_in(ctx: Ctx) -> None:
    mons = matching(ctx, MZONE, monster)
    for p in (0, 1):
        ctx.vars[f"n{p}"] = sum(1 for u in mons if ctx.owner(u) == p and _to_main_deck(ctx, u))
    for u in turn_player_first(ctx, mons):
        move_card(ctx, u, DECK if _to_main_deck(ctx, u) else EXTRA)
    tp = ctx.turn_player
    for p in (tp, 1 - tp):
        shuffle_deck(ctx, p)


def _excavate(ctx: Ctx) -> None:
    tp = ctx.turn_player
    for p in (tp, 1 - tp):
        need = ctx.vars.get(f"n{p}", 0)
        turned: list[int] = []
        found = 0
        for u in top_cards(ctx, p, ctx.deck_size(p)):
            if found >= need:
                break
            turned.append(u)
            if monster(ctx, u):
                found += 1
        reveal(ctx, turned)
        summon = [u for u in turned if monster(ctx, u) and 0 < current_level(ctx, u) <= 4]
        summon = summon[: free_zones(ctx, p)]
        for u in summon:
            special_summon(ctx, u, FD_DEF, player=p)
        send_to_grave(ctx, [u for u in turned if u not in summon])


EFFECTS = (
    flip(
        step(_shuffle_in),
        step(_excavate),
        text="shuffle every monster into the Deck; summon anew",
        category=Category.SPECIAL_SUMMON,
    ),
)
