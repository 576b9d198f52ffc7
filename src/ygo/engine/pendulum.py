"""Pendulum Summon (R-PEND-2, R-PEND-3, R-PEND-5, R-SUM-10), mr3 only.

A player's procedure, not an activation and not a summon mode of ``summon.py``:
once per turn, in the turn player's open Main Phase, with a card in both of
their Pendulum Zones (``State.pzone``), they Special Summon any number of
monsters (at most their free Monster Zones) from the hand and face-up from the
Extra Deck, each with a Level strictly between the two Scales.

Frame: ``[PENDULUM, step, player, chosen..., -1, positions...]``
(``frames.PENDULUM``; steps ``frames.PendulumStep``).

- OFFER: offer the monsters still allowed (``candidates``), one at a time,
  with "done" once one is chosen (the set is built card by card; the Scales and
  free zones bound it); OFFERED reads the answer.
- POSITIONS: a position (face-up Attack or Defense, R-SUM-4) for each chosen
  monster in turn (POSITION_CHOSEN reads it); then they are placed together
  (one batch: one "Special Summoned" event per monster), the turn's Pendulum
  Summon is used, and the "being summoned" moment opens (``Window.SUMMONING``):
  ``State.summoning`` names the first, and all of them carry
  ``ops.STATUS_SUMMONING``; a summon negation negates them all.
- SUMMONING: negated: never summoned (they were destroyed by the negating card and
  went to the GY, not the Extra Deck, R-PEND-4); else properly summoned
  (R-PEND-3) and the turn player gets priority (``Window.SUMMONED``).

The Scales are the printed ``lscale`` of each card (left and right are equal
for the cards this engine has; a card in the left zone would use its left
Scale, ``lscale``; in the right zone its right one, ``rscale``).
"""

from __future__ import annotations

from ygo.core.enums import Location, Position
from ygo.core.ints import (
    LOCATION_EXTRA,
    PENDULUM_STEP_OFFER,
    PENDULUM_STEP_OFFERED,
    PENDULUM_STEP_POSITION_CHOSEN,
    PENDULUM_STEP_POSITIONS,
    PENDULUM_STEP_SUMMONING,
    POS_FACEUP,
    TYPE_MONSTER,
    TYPE_PENDULUM,
)
from ygo.core.state import NONE, State
from ygo.engine import ops, query, specials
from ygo.engine.actions import Action, ActionKind, DecisionKind
from ygo.engine.events import EventKind, Reason
from ygo.engine.frames import AT_PENDULUM_PLAYER, AT_PENDULUM_TAIL, AT_STEP
from ygo.engine.priority import Window, open_window
from ygo.engine.proc import Frame, ask, pop

FLAG_PENDULUM = (1 << 40) + 32
"""pendulum: the player has Pendulum Summoned this turn (R-PEND-2; kept even if
the summon was negated, R-SUM-10)."""


_POSITIONS = (
    Action(ActionKind.CHOOSE, zone=int(Position.FACEUP_ATTACK), label="face-up Attack"),
    Action(ActionKind.CHOOSE, zone=int(Position.FACEUP_DEFENSE), label="face-up Defense"),
)


def scales(st: State, player: int) -> tuple[int, int] | None:
    """The (low, high) Pendulum Scales of ``player``'s two Pendulum Zones, or None
    unless both hold a card (R-PEND-2)."""
    zones = st.pzone[player]
    if len(zones) < 2 or NONE in zones:
        return None
    left = st.data[zones[0]].lscale
    right = st.data[zones[1]].rscale
    return (min(left, right), max(left, right))


def eligible(st: State, uid: int, low: int, high: int) -> str:
    """Why ``uid`` cannot be Pendulum Summoned between Scales ``low`` and ``high``
    ("" if it can): a monster in the hand, or a face-up Pendulum monster in the
    Extra Deck (R-PEND-5: never a face-down one), Level strictly between the
    Scales, its summoning conditions met, and from the Extra Deck properly
    summoned first if it is under the revival limit (R-PEND-3)."""
    t = st.ctype[uid]
    if not t & TYPE_MONSTER:
        return "it is not a monster"
    loc = st.loc[uid]
    if loc == LOCATION_EXTRA:
        if not st.pos[uid] & POS_FACEUP or not t & TYPE_PENDULUM:
            return "only face-up Pendulum monsters come from the Extra Deck (R-PEND-5)"
        if specials.revive_limited(st, uid) and not st.sumtype[uid] & ops.SUMTYPE_PROPER:
            return "not properly summoned before it went to the Extra Deck (R-PEND-3)"
    elif loc != Location.HAND:
        return "it is not in the hand or face-up in the Extra Deck"
    lv = query.level(st, uid)
    if not low < lv < high:
        return f"its Level {lv} is not between the Scales {low} and {high}"
    why = specials.special_blocker(st, uid, ops.SUMTYPE_SPECIAL)
    return why


def candidates(st: State, player: int, chosen: list[int] | tuple[int, ...] = ()) -> list[int]:
    """The monsters ``player`` may still add to a Pendulum Summon, hand first."""
    sc = scales(st, player)
    if sc is None:
        return []
    low, high = sc
    pool = st.hand[player] + [u for u in st.extra[player] if st.pos[u] & POS_FACEUP]
    return [u for u in pool if u not in chosen and not eligible(st, u, low, high)]


def blocker(st: State, player: int) -> str:
    """Why ``player`` cannot Pendulum Summon now ("" if they can); the open Main
    Phase itself is the caller's business (``legal.main_options``)."""
    if not st.pzone[player]:
        return "this ruleset has no Pendulum Zones (R-FIELD-1)"
    sc = scales(st, player)
    if sc is None:
        return "needs two Pendulum Zones filled (R-PEND-2)"
    if query.turn_flag(st, FLAG_PENDULUM, player):
        return "already Pendulum Summoned this turn (R-PEND-2)"
    if query.cannot_summon(st, player):
        return "you cannot summon monsters this turn"
    if NONE not in st.mzone[player]:
        return "no free Monster Zone"
    if not candidates(st, player):
        return f"no monster with a Level between {sc[0]} and {sc[1]} (R-PEND-2)"
    return ""


def handle_pendulum(st: State, f: Frame) -> None:
    step, p = f[AT_STEP], f[AT_PENDULUM_PLAYER]
    chosen = f[AT_PENDULUM_TAIL:]
    if step == PENDULUM_STEP_OFFERED:
        a = st.answer
        if a.kind == ActionKind.DONE:
            step = f[AT_STEP] = PENDULUM_STEP_POSITIONS
            f.append(NONE)  # position marker: positions start after it
        else:
            f.append(a.card)
            chosen = f[AT_PENDULUM_TAIL:]
            step = f[AT_STEP] = PENDULUM_STEP_OFFER
    if step == PENDULUM_STEP_OFFER:
        free = st.mzone[p].count(NONE)
        cands = candidates(st, p, chosen) if len(chosen) < free else []
        if not cands:
            f[AT_STEP] = PENDULUM_STEP_POSITIONS
            f.append(NONE)
        else:
            opts = [
                Action(ActionKind.SELECT, u, label=f"{st.data[u].name} [{u}] ({_where(st, u)})")
                for u in cands
            ]
            if chosen:
                opts.append(Action(ActionKind.DONE))
            f[AT_STEP] = PENDULUM_STEP_OFFERED
            ask(st, p, DecisionKind.EFFECT, opts,
                text="Pendulum Summon: choose a monster (or done)")  # fmt: skip
            return
    if f[AT_STEP] == PENDULUM_STEP_POSITION_CHOSEN:  # a position was chosen
        f.append(st.answer.zone)
        f[AT_STEP] = PENDULUM_STEP_POSITIONS
    if f[AT_STEP] == PENDULUM_STEP_POSITIONS:
        mark = f.index(NONE, AT_PENDULUM_TAIL)
        monsters = f[AT_PENDULUM_TAIL:mark]
        positions = f[mark + 1 :]
        if len(positions) < len(monsters):
            u = monsters[len(positions)]
            f[AT_STEP] = PENDULUM_STEP_POSITION_CHOSEN
            ask(st, p, DecisionKind.EFFECT, _POSITIONS,
                text=f"Pendulum Summon: battle position of {st.data[u].name} [{u}]")  # fmt: skip
            return
        _place(st, p, monsters, positions)
        f[AT_STEP] = PENDULUM_STEP_SUMMONING
        open_window(st, Window.SUMMONING)
        return
    # PENDULUM_STEP_SUMMONING: after the "being summoned" moment
    mark = f.index(NONE, AT_PENDULUM_TAIL)
    monsters = f[AT_PENDULUM_TAIL:mark]
    negated = ops.end_summoning(st)
    pop(st)
    for u in monsters:
        ops.clear_status(st, u, ops.STATUS_SUMMONING)
    if negated:  # never summoned (R-SUM-10); the turn's Pendulum Summon stays used
        return
    for u in monsters:
        if st.loc[u] == Location.MZONE:
            st.sumtype[u] = ops.SUMTYPE_SPECIAL | ops.SUMTYPE_PROPER  # R-PEND-3
    st.dirty = True
    open_window(st, Window.SUMMONED, ret=True)


def _where(st: State, uid: int) -> str:
    return "face-up in the Extra Deck" if st.loc[uid] == LOCATION_EXTRA else "hand"


def _place(st: State, p: int, monsters: list[int], positions: list[int]) -> None:
    """Put the chosen monsters on the field together (one batch) and open the
    "being summoned" moment's bookkeeping (R-SUM-10)."""
    ops.new_batch(st)
    query.set_flag(st, FLAG_PENDULUM, p)
    query.set_flag(st, query.FLAG_SUMMONED, p)
    placed = []
    for u, position in zip(monsters, positions, strict=True):
        zone = ops.free_zone(st, p)
        if zone == NONE or st.loc[u] not in (Location.HAND, LOCATION_EXTRA):
            continue
        src = st.loc[u]
        ops.move(st, u, Location.MZONE, Reason.SPSUMMON, player=p, zone=zone,
                 position=position, log=False, rp=p)  # fmt: skip
        ops.raise_event(st, EventKind.SPECIAL_SUMMON, p, u, 0, src, zone, Reason.SPSUMMON, rp=p)
        ops.add_status(st, u, ops.STATUS_SUMMONING)
        placed.append(u)
    ops.begin_summoning(st, placed[0] if placed else NONE)
