"""Number 10: Illumiknight (Xyz monster, Rank 4, 2400/2400): 3 Level 4
monsters. Once per turn its controller may detach 1 material to send a card
from their hand to the GY and, if they did, draw 1 card."""

from ygo.effects import (
    Category,
    Ctx,
    Step,
    choose,
    chosen,
    detach_cost,
    draw_cards,
    ignition,
    send_to_grave,
    xyz_materials,
    you,
)

CODE = 11411223


def _hand(ctx: Ctx) -> list[int]:
    return ctx.hand(ctx.player)


def _send_then_draw(ctx: Ctx) -> None:
    picked = chosen(ctx)
    if picked:
        send_to_grave(ctx, picked)
        draw_cards(ctx, ctx.player, 1)


EFFECTS = (
    xyz_materials(3, text="3 Level 4 monsters"),
    ignition(
        Step(do=_send_then_draw, ask=choose(you, _hand, 1, "Choose a card to send to the GY")),
        cost=(detach_cost(1),),
        condition=lambda ctx: bool(ctx.hand(ctx.player)),
        text="detach 1 material: send 1 card from your hand to the GY, then draw 1",
        limit=1,
        category=Category.DRAW,
    ),
)
