"""Dark Necrofear (Effect monster, Special Summon only): it cannot be Normal
Summoned or Set; it comes out of the hand only by banishing 3 Fiend monsters from
its controller's GY (then it can be revived, R-SUM-8). If, face-up on its owner's
field, it is destroyed by an opponent's card (battle or effect) and sent to the
GY, then in that turn's End Phase its owner must target a face-up monster the
opponent controls: this card becomes an Equip Card on that monster, and its owner
controls the monster for as long as it stays equipped."""

from ygo.core.enums import Phase, Race
from ygo.effects import (
    GRAVE,
    MZONE,
    NONE,
    Bind,
    Category,
    Ctx,
    Event,
    EventKind,
    Reason,
    banish_cost,
    equip_as_card,
    face_up_monster,
    mark,
    marks,
    monster,
    procedure,
    race,
    rule,
    set_control,
    step,
    targets,
    trigger,
    unmark,
)

CODE = 31829185


_is_fiend = race(Race.FIEND)


def _fiend(ctx: Ctx, uid: int) -> bool:
    return monster(ctx, uid) and _is_fiend(ctx, uid)


def _destroyed_by_opponent(ctx: Ctx, ev: Event) -> bool:
    owner = ctx.owner(ctx.uid)
    if ev.card != ctx.uid or ev.src != MZONE or ev.dst != GRAVE:
        return False
    if not ev.reason & Reason.DESTROY or ev.prev_ctrl != owner:
        return False
    return bool(ev.reason & Reason.BATTLE) or ev.rp == 1 - owner


def _end_phase(ctx: Ctx, ev: Event) -> bool:
    if ev.value != Phase.END or ctx.location(ctx.uid) != GRAVE:
        return False
    return any(g.card == ctx.uid and g.turn == ctx.turn for g in marks(ctx))


def _possess(ctx: Ctx) -> None:
    for g in marks(ctx):
        unmark(ctx, g)
    t = ctx.target()
    if t == NONE or not ctx.same_card:
        return
    if equip_as_card(ctx, ctx.uid, t):
        set_control(ctx, t)


EFFECTS = (
    procedure(
        banish_cost(3, _fiend),
        text="banish 3 Fiend monsters from your GY",
    ),
    rule(EventKind.MOVE, _destroyed_by_opponent, step(lambda ctx: mark(ctx, ctx.uid))),
    trigger(
        EventKind.PHASE,
        _end_phase,
        step(_possess),
        text="equip it to an opponent's monster and take control of it",
        mandatory=True,
        target=targets(face_up_monster, mine=False),
        bind=Bind.CONTROL,
        category=Category.EQUIP | Category.CONTROL,
    ),
)
