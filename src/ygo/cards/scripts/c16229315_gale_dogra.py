"""Gale Dogra (Effect monster): in its controller's Main Phase, pay 3000 LP to
send one monster from the Extra Deck to the GY. A Fusion monster sent this way
was never properly summoned, so it cannot be revived (R-SUM-9)."""

from ygo.effects import (
    EXTRA,
    Ctx,
    cards,
    choose,
    chosen,
    exists,
    ignition,
    monster,
    pay_lp,
    send_to_grave,
    step,
    you,
)

CODE = 16229315


def _send(ctx: Ctx) -> None:
    send_to_grave(ctx, [u for u in chosen(ctx) if ctx.location(u) == EXTRA])


EFFECTS = (
    ignition(
        step(
            _send,
            ask=choose(
                you,
                lambda ctx: cards(ctx, ctx.player, EXTRA),
                1,
                "Choose a monster in your Extra Deck to send to the GY",
            ),
        ),
        text="pay 3000 LP: send a monster from your Extra Deck to the GY",
        cost=(pay_lp(3000),),
        condition=exists(EXTRA, monster),
    ),
)
