"""Final Countdown (Normal Spell): pay 2000 LP as a cost. When it resolves, a
countdown starts for you that no longer depends on this card: in the End Phase
of the 20th turn (the turn of the activation counts as the first) you win the
duel (R-DUEL-6). One countdown per player: a second copy resolving while yours
runs does nothing more.

The start turn is kept for the player in ``State.limits`` under a key no count
limit uses (this card's passcode with effect slot 15), so it lives as long as
the duel and is saved and cloned with it.
"""

from ygo.core.enums import Phase
from ygo.effects import (
    Category,
    Ctx,
    Event,
    EventKind,
    activate,
    duel_value,
    pay_lp,
    rule,
    set_duel_value,
    step,
    win_now,
)

CODE = 95308449
TURNS = 20
_KEY = (CODE << 4) | 15


def _slot(player: int) -> int:
    return _KEY * 2 + player


def _start(ctx: Ctx) -> None:
    if duel_value(ctx, _slot(ctx.player)) is None:
        set_duel_value(ctx, _slot(ctx.player), ctx.turn)


def _last_end_phase(ctx: Ctx, ev: Event) -> bool:
    start = duel_value(ctx, _slot(ctx.player))
    return start is not None and ev.value == Phase.END and ctx.turn - start + 1 >= TURNS


EFFECTS = (
    activate(
        step(_start),
        text="start a 20-turn countdown to a win",
        cost=(pay_lp(2000),),
        category=Category.WIN,
    ),
    rule(EventKind.PHASE, _last_end_phase, win_now()),
)
