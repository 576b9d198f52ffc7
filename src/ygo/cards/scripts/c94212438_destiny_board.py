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
    SZONE,
    Category,
    Ctx,
    Event,
    EventKind,
    Reason,
    activate,
    cards,
    phase_start,
    rule,
    step,
    trigger,
    win_condition,
)
from ygo.engine import ops, query

CODE = 94212438
SPIRIT_MESSAGES = (31893528, 67287533, 94772232, 30170981)
"""Spirit Message "I", "N", "A", "L", in the order the board places them."""


def _active(ctx: Ctx) -> bool:
    st = ctx.st
    return query.face_up_on_field(st, ctx.uid) and bool(st.status[ctx.uid] & ops.STATUS_ENABLED)


def _messages_on_field(ctx: Ctx) -> list[int]:
    st = ctx.st
    return [u for u in cards(st, ctx.player, ONFIELD) if st.data[u].code in SPIRIT_MESSAGES
            and st.pos[u] & Position.FACEUP]  # fmt: skip


def _next_message(ctx: Ctx) -> int:
    """The next Spirit Message to place, from your hand or Deck (NONE: none)."""
    st = ctx.st
    placed = {st.data[u].code for u in _messages_on_field(ctx)}
    for code in SPIRIT_MESSAGES:
        if code not in placed:
            found = [u for u in cards(st, ctx.player, HAND | DECK) if st.data[u].code == code]
            return found[0] if found else NONE
    return NONE


def _can_place(ctx: Ctx) -> bool:
    return _active(ctx) and NONE in ctx.st.szone[ctx.player] and _next_message(ctx) != NONE


def _place(ctx: Ctx) -> None:
    st = ctx.st
    link = ctx.link
    if (link is not None and st.fid[ctx.uid] != link.fid) or not _active(ctx):
        return
    uid = _next_message(ctx)
    zone = ops.free_zone(st, ctx.player, SZONE)
    if uid == NONE or zone == NONE:
        return
    searched = st.loc[uid] == DECK
    ops.move(st, uid, SZONE, Reason.EFFECT, player=ctx.player, zone=zone,
             position=Position.FACEUP_ATTACK, rp=ctx.player, rc=ctx.uid)  # fmt: skip
    ops.add_status(st, uid, ops.STATUS_ENABLED)
    if searched:
        ops.shuffle_deck(st, ctx.player)


def _left_field(ctx: Ctx, ev: Event) -> bool:
    """This card, or a Spirit Message of its controller while it is active, left
    the field face-up."""
    if not ev.src & ONFIELD or ev.dst & ONFIELD or not ev.prev_pos & Position.FACEUP:
        return False
    if ev.card == ctx.uid:
        return True
    return ev.code in SPIRIT_MESSAGES and ev.prev_ctrl == ctx.player and _active(ctx)


def _send_all(ctx: Ctx) -> None:
    st = ctx.st
    group = _messages_on_field(ctx)
    if query.face_up_on_field(st, ctx.uid):
        group.append(ctx.uid)
    if group:
        ops.send_to_grave(st, group, Reason.EFFECT, ctx.player, ctx.uid)


def _all_four(ctx: Ctx) -> bool:
    if not _active(ctx):
        return False
    placed = {ctx.st.data[u].code for u in _messages_on_field(ctx)}
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
