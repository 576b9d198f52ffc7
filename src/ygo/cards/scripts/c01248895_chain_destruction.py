"""Chain Destruction (Normal Trap): when a monster with 2000 or less ATK is Summoned
(Normal, Flip or Special), target it; every card with its name in its controller's
hand and Deck is destroyed (the Deck is then shuffled). The monster itself stays. The
ATK that counts is its current ATK, with Field Spells and other changes (guides 000,
002). A Token has no copies: nothing happens."""

from ygo.core.enums import CardType
from ygo.effects import (
    DECK,
    HAND,
    MZONE,
    NONE,
    Category,
    Ctx,
    EventKind,
    Window,
    activate,
    all_of,
    atk_at_most,
    cards,
    destroy_cards,
    matching,
    shuffle_deck,
    step,
    summoned_now,
    targets,
)

CODE = 1248895
_OK = all_of(
    summoned_now(EventKind.SUMMON, EventKind.FLIP_SUMMON, EventKind.SPECIAL_SUMMON),
    atk_at_most(2000),
)


def _ok(ctx: Ctx, uid: int) -> bool:
    if ctx.activated:  # on the chain or resolving: still the same monster
        return True
    return _OK(ctx, uid)


def _destroy_copies(ctx: Ctx) -> None:
    t = ctx.target()
    if t == NONE or ctx.types(t) & CardType.TOKEN:
        return
    p = ctx.controller(t)
    code = ctx.code(t)
    destroy_cards(ctx, [u for u in cards(ctx, p, HAND | DECK) if ctx.code(u) == code])
    shuffle_deck(ctx, p)


EFFECTS = (
    activate(
        step(_destroy_copies),
        text="destroy the copies of a summoned monster in hand and Deck",
        target=targets(_ok, where=MZONE),
        condition=lambda ctx: bool(matching(ctx, MZONE, _OK)),
        windows=1 << Window.SUMMONED,
        category=Category.DESTROY,
    ),
)
