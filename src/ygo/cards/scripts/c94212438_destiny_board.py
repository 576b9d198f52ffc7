"""Destiny Board (Continuous Trap): a special win (R-DUEL-6).

- Once per turn, in your opponent's End Phase, it places the next Spirit Message
  ("I", then "N", "A", "L") from your hand or Deck face-up in your Spell & Trap
  Zone (a mandatory trigger; the Deck is shuffled after it was searched).
- While it is face-up and active with all four different Spirit Messages face-up
  on your field, you win (a rule the rules check applies; not negated).
- When it or a Spirit Message you control leaves the field, every Spirit
  Message and Destiny Board you control is sent to the GY (no chain).

The Spirit Messages have no effect of their own: they are placed only by this
card (their text), so they need no script.
"""

from ygo.core.enums import Phase, Position
from ygo.effects import (
    DECK,
    HAND,
    NONE,
    ONFIELD,
    Category,
    Ctx,
    Event,
    EventKind,
    activate,
    cards,
    enabled,
    face_up_on_field,
    phase_start,
    place_face_up,
    rule,
    send_to_grave,
    shuffle_deck,
    spell_trap_zone_free,
    step,
    trigger,
    win_condition,
)

CODE = 94212438
SPIRIT_MESSAGES = (31893528, 67287533, 94772232, 30170981)
"""Spirit Message "I", "N", "A", "L", in the order the board places them."""


def _active(ctx: Ctx) -> bool:
    return face_up_on_field(ctx, ctx.uid) and enabled(ctx, ctx.uid)


def _messages_on_field(ctx: Ctx) -> list[int]:
    return [u for u in cards(ctx, ctx.player, ONFIELD) if ctx.code(u) in SPIRIT_MESSAGES
            and ctx.face_up(u)]  # fmt: skip


def _next_message(ctx: Ctx) -> int:
    """The next Spirit Message to place, from your hand or Deck (NONE: none)."""
    placed = {ctx.code(u) for u in _messages_on_field(ctx)}
    for code in SPIRIT_MESSAGES:
        if code not in placed:
            found = [u for u in cards(ctx, ctx.player, HAND | DECK) if ctx.code(u) == code]
            return found[0] if found else NONE
    return NONE


def _can_place(ctx: Ctx) -> bool:
    return _active(ctx) and spell_trap_zone_free(ctx, ctx.player) and _next_message(ctx) != NONE


def _place(ctx: Ctx) -> None:
    if not ctx.same_card or not _active(ctx):
        return
    uid = _next_message(ctx)
    if uid == NONE:
        return
    searched = ctx.location(uid) == DECK
    if place_face_up(ctx, uid) and searched:
        shuffle_deck(ctx, ctx.player)


def _left_field(ctx: Ctx, ev: Event) -> bool:
    """This card, or a Spirit Message of its controller while it is active, left
    the field face-up."""
    if not ev.src & ONFIELD or ev.dst & ONFIELD or not ev.prev_pos & Position.FACEUP:
        return False
    if ev.card == ctx.uid:
        return True
    return ev.code in SPIRIT_MESSAGES and ev.prev_ctrl == ctx.player and _active(ctx)


def _send_all(ctx: Ctx) -> None:
    group = _messages_on_field(ctx)
    if face_up_on_field(ctx, ctx.uid):
        group.append(ctx.uid)
    send_to_grave(ctx, group)


def _all_four(ctx: Ctx) -> bool:
    if not _active(ctx):
        return False
    placed = {ctx.code(u) for u in _messages_on_field(ctx)}
    return all(code in placed for code in SPIRIT_MESSAGES)


EFFECTS = (
    activate(text="activate Destiny Board", category=Category.WIN),
    trigger(
        EventKind.PHASE,
        phase_start(Phase.END, "opp"),
        step(_place),
        text="place the next Spirit Message",
        mandatory=True,
        limit=1,
        condition=_can_place,
        category=Category.WIN,
    ),
    rule(EventKind.MOVE, _left_field, step(_send_all)),
    win_condition(_all_four, text="Destiny Board and four Spirit Messages on the field"),
)
