"""Gale Dogra (Effect monster): in its controller's Main Phase, pay 3000 LP to
send one monster from the Extra Deck to the GY. A Fusion monster sent this way
was never properly summoned, so it cannot be revived (R-SUM-9)."""

from ygo.effects import (
    EXTRA,
    Ctx,
    Reason,
    choose,
    chosen,
    exists,
    ignition,
    monster,
    pay_lp,
    step,
    you,
)
from ygo.engine import ops

CODE = 16229315


def _send(ctx: Ctx) -> None:
    picked = [u for u in chosen(ctx) if ctx.st.loc[u] == EXTRA]
    if picked:
        ops.send_to_grave(ctx.st, picked, Reason.EFFECT, ctx.player, ctx.uid)


EFFECTS = (
    ignition(
        step(
            _send,
            ask=choose(
                you,
                lambda ctx: list(ctx.st.extra[ctx.player]),
                1,
                "Choose a monster in your Extra Deck to send to the GY",
            ),
        ),
        text="pay 3000 LP: send a monster from your Extra Deck to the GY",
        cost=(pay_lp(3000),),
        condition=exists(EXTRA, monster),
    ),
)
