"""Two-Pronged Attack (Normal Trap): target 2 monsters you control and 1 monster your
opponent controls; destroy them (those still on the field)."""

from ygo.effects import MZONE, Category, Ctx, activate, destroy_targets, targets
from ygo.engine import query

CODE = 83887306


def _ok(ctx: Ctx, uid: int) -> bool:
    st = ctx.st
    link = ctx.link
    if link is None or link.phase >= 2:  # the activation check, or at resolution
        return True
    mine = sum(1 for u in link.targets[::2] if st.ctrl[u] == ctx.player)
    theirs = len(link.targets) // 2 - mine
    return mine < 2 if st.ctrl[uid] == ctx.player else theirs < 1


def _enough(ctx: Ctx) -> bool:
    st = ctx.st

    def count(p: int) -> int:
        return sum(1 for u in st.mzone[p] if u != -1 and query.can_be_targeted(st, u))

    return count(ctx.player) >= 2 and count(ctx.opponent) >= 1


EFFECTS = (
    activate(
        destroy_targets(),
        text="destroy 2 of your monsters and 1 of your opponent's",
        target=targets(_ok, where=MZONE, count=3),
        condition=_enough,
        category=Category.DESTROY,
    ),
)
