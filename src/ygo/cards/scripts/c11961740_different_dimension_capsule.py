"""Different Dimension Capsule (Normal Spell that stays on the field): banish a
card of your choice from your Deck face-down (hidden from your opponent). In your
second Standby Phase after the activation, this card is destroyed and the
banished card is added to your hand. If this card leaves the field first, the
card stays banished. The card and the Standby Phases counted are kept in this
card's ``State.cval`` (banished card + 1, times 4, plus the count)."""

from ygo.core.enums import Phase
from ygo.effects import (
    BANISHED,
    NONE,
    Category,
    Ctx,
    EventKind,
    activate,
    add_to_hand,
    banish_face_down_from_deck,
    card_value,
    destroy_cards,
    phase_start,
    rule,
    set_card_value,
    step,
)

CODE = 11961740


def _remember(ctx: Ctx) -> None:
    u = ctx.vars.get("banished", NONE)
    if u != NONE and ctx.on_field:
        set_card_value(ctx, (u + 1) * 4)


def _standby(ctx: Ctx) -> None:
    code = card_value(ctx)
    if code < 4:
        return
    code += 1
    set_card_value(ctx, code)
    if code % 4 < 2:
        return
    u = code // 4 - 1
    destroy_cards(ctx, [ctx.uid])
    if ctx.location(u) == BANISHED and ctx.face_down(u) and ctx.owner(u) == ctx.player:
        add_to_hand(ctx, [u])


EFFECTS = (
    activate(
        banish_face_down_from_deck(),
        step(_remember),
        text="banish a card from your Deck face-down; add it to your hand later",
        stays=True,
        category=Category.BANISH | Category.TO_HAND,
    ),
    rule(EventKind.PHASE, phase_start(Phase.STANDBY, "you"), step(_standby)),
)
