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
    Category,
    Ctx,
    EventKind,
    Reason,
    Window,
    activate,
    all_of,
    atk_at_most,
    cards,
    matching,
    step,
    summoned_now,
    targets,
)
from ygo.engine import ops

CODE = 1248895
_OK = all_of(
    summoned_now(EventKind.SUMMON, EventKind.FLIP_SUMMON, EventKind.SPECIAL_SUMMON),
    atk_at_most(2000),
)


def _ok(ctx: Ctx, uid: int) -> bool:
    link = ctx.link
    if link is not None and link.phase >= 2:  # at resolution: still the same monster
        return True
    return _OK(ctx, uid)


def _destroy_copies(ctx: Ctx) -> None:
    st = ctx.st
    t = ctx.target()
    if t == -1 or st.ctype[t] & CardType.TOKEN:
        return
    p = st.ctrl[t]
    code = st.data[t].code
    copies = [u for u in cards(st, p, HAND | DECK) if st.data[u].code == code]
    if copies:
        ops.destroy(st, copies, Reason.EFFECT, ctx.player, ctx.uid)
    ops.shuffle_deck(st, p)


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
