"""Operations: the primitive changes of a duel (move a card, draw, damage...).

Every change to where a card is goes through :func:`move`, which keeps the
zone lists and the per-card arrays in step and hands out a new field ID.
Operations emit events; they never ask a player anything (procedures do).
"""

from __future__ import annotations

from ygo.core.enums import Location, Phase, Position
from ygo.core.state import NONE, ZONES, State
from ygo.engine import rng
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.result import Result, WinReason

DECK = Location.DECK
HAND = Location.HAND
MZONE = Location.MZONE
SZONE = Location.SZONE
GRAVE = Location.GRAVE
BANISHED = Location.BANISHED
EXTRA = Location.EXTRA
FZONE = Location.FZONE


def pile(st: State, loc: int, player: int) -> list[int]:
    """The list behind a pile location (Deck, hand, GY, banished, Extra Deck)."""
    if loc == HAND:
        return st.hand[player]
    if loc == GRAVE:
        return st.grave[player]
    if loc == DECK:
        return st.deck[player]
    if loc == BANISHED:
        return st.banished[player]
    if loc == EXTRA:
        return st.extra[player]
    raise ValueError(f"not a pile location: {loc}")


def emit(st: State, event: Event) -> None:
    st.events.append(event)


# -- moving cards ---------------------------------------------------------------


def _detach(st: State, uid: int) -> None:
    """Take a card out of wherever it is."""
    loc = st.loc[uid]
    p = st.ctrl[uid]
    if loc == MZONE:
        st.mzone[p][st.seq[uid]] = NONE
    elif loc == SZONE:
        st.szone[p][st.seq[uid]] = NONE
    elif loc == FZONE:
        st.fzone[p] = NONE
    else:
        pile(st, loc, p).remove(uid)
    st.seq[uid] = NONE


def move(
    st: State,
    uid: int,
    loc: int,
    reason: int,
    *,
    player: int | None = None,
    zone: int = NONE,
    position: int = Position.FACEUP_ATTACK,
    top: bool = True,
    log: bool = True,
) -> None:
    """Move a card to a location.

    Piles belong to the card's owner (R-TERM-2: a card leaving the field goes to
    its owner's hand, Deck, GY or banished zone). Zones belong to ``player``
    (default: the owner); ``zone`` must be a free index there. ``top`` puts a
    card on top of the Deck (else the bottom).
    """
    src = st.loc[uid]
    _detach(st, uid)
    if loc in (MZONE, SZONE, FZONE):
        p = st.owner[uid] if player is None else player
        if loc == MZONE:
            st.mzone[p][zone] = uid
        elif loc == SZONE:
            st.szone[p][zone] = uid
        else:
            st.fzone[p] = uid
            zone = 0
        st.seq[uid] = zone
        st.pos[uid] = position
    else:
        p = st.owner[uid]
        target = pile(st, loc, p)
        if loc == DECK and not top:
            target.insert(0, uid)
        else:
            target.append(uid)
        # Piles: face-up except the Deck, the hand and the Extra Deck.
        st.pos[uid] = (
            Position.FACEUP_ATTACK if loc in (GRAVE, BANISHED) else Position.FACEDOWN_DEFENSE
        )
    st.ctrl[uid] = p
    st.loc[uid] = loc
    st.reason[uid] = reason
    st.placed[uid] = st.turn
    st.fid[uid] = st.nfid
    st.nfid += 1
    if log:
        emit(st, Event(EventKind.MOVE, p, uid, st.data[uid].code, src=src, dst=loc, reason=reason))


def free_zone(st: State, player: int, loc: int = MZONE) -> int:
    """The lowest free zone index of ``player`` (NONE if all are taken)."""
    zones = st.mzone[player] if loc == MZONE else st.szone[player]
    for i in range(ZONES):
        if zones[i] == NONE:
            return i
    return NONE


def count_monsters(st: State, player: int) -> int:
    return ZONES - st.mzone[player].count(NONE)


def by_turn_player_first(st: State, uids: list[int]) -> list[int]:
    """Order simultaneous actions: the turn player's cards first (R-TERM-3)."""
    tp = st.tp
    return sorted(uids, key=lambda c: (st.ctrl[c] != tp, st.seq[c]))


def send_to_grave(st: State, uids: list[int], reason: int) -> None:
    """Send cards to their owners' GYs, the turn player's first (R-TERM-3)."""
    for uid in by_turn_player_first(st, uids):
        move(st, uid, GRAVE, reason)


def destroy(st: State, uids: list[int], reason: int) -> None:
    """Destroy cards: send them to the GY as destroyed (R-TERM-1)."""
    send_to_grave(st, uids, reason | Reason.DESTROY)


def tribute(st: State, uids: list[int], reason: int = Reason.SUMMON) -> None:
    """Tribute monsters: to the GY, and not destroyed (R-SUM-2, R-TERM-1)."""
    send_to_grave(st, uids, reason | Reason.RELEASE)


# -- deck and hand ----------------------------------------------------------------


def shuffle_deck(st: State, player: int) -> None:
    rng.shuffle(st, st.deck[player])
    emit(st, Event(EventKind.SHUFFLE, player, value=DECK))


def draw(st: State, player: int, count: int = 1) -> int:
    """Draw cards from the top of the Deck. Drawing from an empty Deck loses the
    duel (R-DUEL-5); returns the number of cards drawn."""
    deck = st.deck[player]
    hand = st.hand[player]
    turn = st.turn
    drawn = 0
    for _ in range(count):
        if not deck:
            lose(st, player, WinReason.DECK_OUT)
            break
        uid = deck.pop()
        hand.append(uid)
        st.loc[uid] = HAND
        st.reason[uid] = Reason.DRAW
        st.placed[uid] = turn
        st.fid[uid] = st.nfid
        st.nfid += 1
        st.events.append(Event(EventKind.DRAW, player, uid, st.data[uid].code, secret=True))
        drawn += 1
    return drawn


def random_hand_card(st: State, player: int) -> int:
    """A card of ``player``'s hand picked uniformly at random (R-TERM-6); NONE if empty."""
    hand = st.hand[player]
    if not hand:
        return NONE
    return hand[rng.below(st, len(hand))]


# -- life points and winning ------------------------------------------------------


def damage(st: State, player: int, amount: int, reason: int) -> None:
    """Deal damage; LP does not go below 0. A player at 0 loses (R-DUEL-4) once
    :func:`check_win` runs (the caller decides when: simultaneous damage to both
    players is a draw, R-DUEL-7)."""
    if amount <= 0:
        return
    st.lp[player] = max(0, st.lp[player] - amount)
    emit(st, Event(EventKind.DAMAGE, player, value=amount, reason=reason))


def lose(st: State, player: int, why: WinReason) -> None:
    """Mark that ``player`` meets a losing condition (checked by :func:`check_win`)."""
    if not st.lose[player]:
        st.lose[player] = int(why)


def check_win(st: State) -> bool:
    """End the duel if a player meets a losing condition; both at once is a draw
    (R-DUEL-7). Returns True when the duel is over."""
    if st.result is not None:
        return True
    why0 = st.lose[0] or (WinReason.LP if st.lp[0] <= 0 else 0)
    why1 = st.lose[1] or (WinReason.LP if st.lp[1] <= 0 else 0)
    if not why0 and not why1:
        return False
    if why0 and why1:
        end_duel(st, None, WinReason(min(why0, why1)))
    elif why0:
        end_duel(st, 1, WinReason(why0))
    else:
        end_duel(st, 0, WinReason(why1))
    return True


def end_duel(st: State, winner: int | None, why: WinReason) -> None:
    """Finish the duel now: nothing else happens after this."""
    st.result = Result(winner, why)
    st.pending = None
    st.stack.clear()
    emit(st, Event(EventKind.DUEL_END, -1 if winner is None else winner, value=int(why)))


# -- phases and positions ------------------------------------------------------------


def set_phase(st: State, phase: Phase) -> None:
    """Enter a phase or step, logging it once."""
    if st.phase != phase:
        st.phase = phase
        emit(st, Event(EventKind.PHASE, st.tp, value=int(phase)))


def change_position(st: State, uid: int, position: int, *, manual: bool) -> None:
    """Change a monster's battle position. ``manual``: the once-per-turn change
    of R-POS-4 (or a Flip Summon, R-POS-5)."""
    st.pos[uid] = position
    if manual:
        st.pos_turn[uid] = st.turn
    emit(st, Event(EventKind.POSITION, st.ctrl[uid], uid, st.data[uid].code, value=position))


def flip_face_up(st: State, uid: int) -> None:
    """Turn a face-down monster face-up, keeping Attack/Defense (R-BAT-6)."""
    pos = st.pos[uid]
    if pos & Position.FACEDOWN:
        st.pos[uid] = Position.FACEUP_ATTACK if pos & Position.ATTACK else Position.FACEUP_DEFENSE
        emit(st, Event(EventKind.FLIP, st.ctrl[uid], uid, st.data[uid].code))
