"""Sword Hunter (Effect monster): at the end of the Battle Phase, its controller
can take the monsters it destroyed by battle this turn from the GYs and equip
them to it as Equip Cards; it is 200 ATK stronger for each monster equipped to it
that way."""

from ygo.core.enums import Phase
from ygo.effects import (
    GRAVE,
    MZONE,
    SZONE,
    Category,
    Ctx,
    Event,
    EventKind,
    Mod,
    Reason,
    equip_as_card,
    equipped_to,
    face_up_on_field,
    mark,
    marks,
    modifier,
    rule,
    step,
    trigger,
    unmark,
    window_event,
)

CODE = 51345461


def _destroyed_it(ctx: Ctx, ev: Event) -> bool:
    """A monster this card fought just went to the GY, destroyed by that battle:
    only the two monsters of the current battle are destroyed by battle, and
    the one that left is no longer named in it (it left the Monster Zone), so
    this card, still in the battle, fought ``ev.card``."""
    if ev.dst != GRAVE or ev.src != MZONE or ev.card == ctx.uid:
        return False
    if not ev.reason & Reason.BATTLE or not ev.reason & Reason.DESTROY:
        return False
    return ctx.uid in (ctx.attacker, ctx.attack_target) and face_up_on_field(ctx, ctx.uid)


def _note(ctx: Ctx) -> None:
    """Remember the monsters it destroyed by battle (the events of this window)."""
    noted = {(g.card, g.fid) for g in marks(ctx)}
    for ev in window_event(ctx, EventKind.MOVE):
        if _destroyed_it(ctx, ev) and (ev.card, ctx.incarnation(ev.card)) not in noted:
            mark(ctx, ev.card)


def _victims(ctx: Ctx) -> list[int]:
    return [g.card for g in marks(ctx) if g.turn == ctx.turn and ctx.location(g.card) == GRAVE]


def _battle_end(ctx: Ctx, ev: Event) -> bool:
    return ev.value == Phase.BATTLE_END and bool(_victims(ctx))


def _equip_them(ctx: Ctx) -> None:
    victims = _victims(ctx)
    for g in marks(ctx):
        unmark(ctx, g)
    if not ctx.on_field:
        return
    for u in victims:
        if equip_as_card(ctx, u, ctx.uid):
            mark(ctx, u, count=1)  # equipped by this effect


def _bonus(ctx: Ctx, uid: int) -> int:
    n = sum(
        1
        for g in marks(ctx)
        if g.number == 1 and ctx.location(g.card) == SZONE and equipped_to(ctx, g.card) == ctx.uid
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
