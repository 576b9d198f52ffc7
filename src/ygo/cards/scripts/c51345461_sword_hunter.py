"""Sword Hunter (Effect monster): at the end of the Battle Phase, its controller
can take the monsters it destroyed by battle this turn from the GYs and equip
them to it as Equip Cards; it is 200 ATK stronger for each monster equipped to it
that way."""

from ygo.core.enums import Phase
from ygo.effects.lib import (
    GRAVE,
    MZONE,
    SZONE,
    Category,
    Ctx,
    EventKind,
    Mod,
    Reason,
    equip_as_card,
    mark,
    marks,
    modifier,
    rule,
    step,
    trigger,
    unmark,
    window_event,
)
from ygo.engine import query
from ygo.engine.events import Event

CODE = 51345461


def _destroyed_it(ctx: Ctx, ev: Event) -> bool:
    """A monster this card fought just went to the GY, destroyed by that battle:
    only the two monsters of the current battle are destroyed by battle, and
    the one that left is no longer named in it (it left the Monster Zone), so
    this card, still in the battle, fought ``ev.card``."""
    st = ctx.st
    if ev.dst != GRAVE or ev.src != MZONE or ev.card == ctx.uid:
        return False
    if not ev.reason & Reason.BATTLE or not ev.reason & Reason.DESTROY:
        return False
    return ctx.uid in (st.attacker, st.target) and query.face_up_on_field(st, ctx.uid)


def _note(ctx: Ctx) -> None:
    """Remember the monsters it destroyed by battle (the events of this window)."""
    st = ctx.st
    noted = {(g[1], g[2]) for g in marks(ctx)}
    for ev in window_event(ctx, EventKind.MOVE):
        if _destroyed_it(ctx, ev) and (ev.card, st.fid[ev.card]) not in noted:
            mark(st, ev.card, ctx.uid)


def _victims(ctx: Ctx) -> list[int]:
    st = ctx.st
    return [g[1] for g in marks(ctx) if g[6] == st.turn and st.loc[g[1]] == GRAVE]


def _battle_end(ctx: Ctx, ev: Event) -> bool:
    return ev.value == Phase.BATTLE_END and bool(_victims(ctx))


def _equip_them(ctx: Ctx) -> None:
    st = ctx.st
    victims = _victims(ctx)
    for g in marks(ctx):
        unmark(st, g)
    if not ctx.on_field:
        return
    for u in victims:
        if equip_as_card(st, u, ctx.uid, ctx.player, ctx.player, ctx.uid):
            mark(st, u, ctx.uid, count=1)  # equipped by this effect


def _bonus(ctx: Ctx, uid: int) -> int:
    st = ctx.st
    n = sum(
        1
        for g in marks(ctx)
        if g[3] == 1 and st.loc[g[1]] == SZONE and query.equipped_to(st, g[1]) == ctx.uid
    )
    return 200 * n


EFFECTS = (
    rule(EventKind.MOVE, _destroyed_it, step(_note)),
    trigger(
        EventKind.PHASE,
        _battle_end,
        step(_equip_them),
        text="equip the monsters it destroyed by battle: +200 ATK each",
        category=Category.EQUIP | Category.ATK,
    ),
    modifier(Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, _bonus, category=Category.ATK),
)
