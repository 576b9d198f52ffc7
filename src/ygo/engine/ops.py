"""Operations: the primitive changes of a duel (move a card, draw, damage...).

Every change to where a card is goes through :func:`move`, which keeps the
zone lists and the per-card arrays in step and hands out a new field ID.
Operations raise events through :func:`raise_event`, the one way to do so;
they never ask a player anything (procedures and effect steps do).

Batches (R-CHAIN-13): :func:`new_batch` starts a new simultaneous batch;
every event raised until the next call belongs to it. The engine starts one
for each action (a summon, a cost, each step of an effect, damage
calculation...), so "When ...: you can" triggers can tell whether their event
was the last thing that happened.
"""

from __future__ import annotations

from typing import Any

from ygo.core.card import CardData
from ygo.core.enums import Location, Phase, Position
from ygo.core.ints import (
    MOD_SELF_DESTROY,
    POS_ATTACK,
    POS_FACEDOWN,
    POS_FACEDOWN_DEFENSE,
    POS_FACEUP,
    POS_FACEUP_ATTACK,
    POS_FACEUP_DEFENSE,
    REASON_BATTLE,
    REASON_DESTROY,
    REASON_EFFECT,
    TYPE_EFFECT,
    TYPE_EXTRA,
    TYPE_MONSTER,
    TYPE_PENDULUM,
    TYPE_SPELL,
    TYPE_TOKEN,
    TYPE_TRAP,
)
from ygo.core.state import NONE, ZONES, State, replace_at
from ygo.engine import query, rng
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.result import Result, WinReason
from ygo.errors import UnknownCardError

DECK = Location.DECK
HAND = Location.HAND
MZONE = Location.MZONE
SZONE = Location.SZONE
GRAVE = Location.GRAVE
BANISHED = Location.BANISHED
EXTRA = Location.EXTRA
FZONE = Location.FZONE
PZONE = Location.PZONE
OVERLAY = Location.OVERLAY


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
    if loc == OVERLAY:
        return st.overlay[player]
    raise ValueError(f"not a pile location: {loc}")


def emit(st: State, event: Event) -> None:
    """Record an event made elsewhere (prefer :func:`raise_event`)."""
    st.events.append(event)
    if st.watchers or st.active:
        st.raised.append(event)


def raise_event(
    st: State,
    kind: EventKind,
    player: int,
    card: int = -1,
    value: int = 0,
    src: int = 0,
    dst: int = 0,
    reason: int = 0,
    secret: bool = False,
    rp: int = -1,
    rc: int = -1,
    prev_pos: int = 0,
    prev_ctrl: int = -1,
) -> None:
    """Raise an event: log it, and keep it for trigger collection when the duel
    has cards that may react. Fills in the card's passcode, field ID and the
    current batch."""
    if card >= 0:
        code = st.data[card].code
        fid = st.fid[card]
    else:
        code = fid = 0
    ev = _new_event(Event, (
        kind, player, card, code, value, src, dst, reason, secret, rp, rc, st.batch, fid,
        prev_pos, prev_ctrl,
    ))  # fmt: skip
    st.events.append(ev)
    if (st.watchers or st.active) and (kind in st.watch_index or kind in _WINDOW_KINDS):
        st.raised.append(ev)


#: Events kept for "when ..." activation conditions (Trap Hole reads the summon
#: that opened its window) besides those some trigger effect of the duel watches.
_WINDOW_KINDS = frozenset(
    {EventKind.SUMMON, EventKind.FLIP_SUMMON, EventKind.SPECIAL_SUMMON, EventKind.FLIP,
     EventKind.ATTACK}
)  # fmt: skip
_new_event = tuple.__new__  # an Event without NamedTuple's argument handling (hot path)


def new_batch(st: State, last: bool = True) -> None:
    """Start a new batch of simultaneous events. ``last=False`` for rule
    bookkeeping that does not count as "the last thing that happened"."""
    st.batch += 1
    if last:
        st.last_batch = st.batch


# -- moving cards ---------------------------------------------------------------


def _detach(st: State, uid: int) -> None:
    """Take a card out of wherever it is."""
    if uid in st.masks or uid in st.modbits:
        # What its player could activate, or the field's Mod codes, may change
        # (``query.zones``); a card with neither counts in neither.
        st.reach = None
    loc = st.loc[uid]
    p = st.ctrl[uid]
    if loc == MZONE:
        st.mzone[p][st.seq[uid]] = NONE
    elif loc == SZONE:
        st.szone[p][st.seq[uid]] = NONE
    elif loc == FZONE:
        st.fzone = replace_at(st.fzone, p, NONE)
    elif loc == PZONE:
        st.pzone[p][st.seq[uid]] = NONE
    elif loc:  # 0: a card that is nowhere (a new Token)
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
    rp: int = -1,
    rc: int = -1,
) -> None:
    """Move a card to a location.

    Piles belong to the card's owner (R-TERM-2: a card leaving the field goes to
    its owner's hand, Deck, GY or banished zone). Zones belong to ``player``
    (default: the owner); ``zone`` must be a free index there. ``top`` puts a
    card on top of the Deck (else the bottom). The card becomes a new card
    (a new field ID; per-turn facts, counters and its summon kind are cleared,
    but not the "properly summoned" mark while it goes from the field to the GY
    or banished, R-SUM-9). A Token that would leave the field ceases to exist
    (R-SUM-11). An Extra Deck monster that would go to the hand or the Deck
    goes to its owner's Extra Deck instead (R-SUM-12). A monster that leaves
    the Monster Zone stops being the attacker or the attack target
    (:func:`_leave_battle`). ``rp`` and ``rc`` are the player and card that
    caused the move (-1: a rule).
    """
    if st.loc[uid] == MZONE and loc != MZONE and (uid == st.attacker or uid == st.target):
        _move(st, uid, loc, reason, player, zone, position, top, log, rp, rc)
        _leave_battle(st, uid)
    else:
        _move(st, uid, loc, reason, player, zone, position, top, log, rp, rc)


def _move(
    st: State,
    uid: int,
    loc: int,
    reason: int,
    player: int | None,
    zone: int,
    position: int,
    top: bool,
    log: bool,
    rp: int,
    rc: int,
) -> None:
    src = st.loc[uid]
    if src == MZONE and loc != MZONE and (st.overlay[0] or st.overlay[1]):
        under = query.materials(st, uid)
        if under:  # R-XYZ-3: its materials go to the GY when it leaves the field
            for m in under:
                bind(st, m, NONE)
            _move(st, uid, loc, reason, player, zone, position, top, log, rp, rc)
            for m in under:
                move(st, m, GRAVE, Reason.RULE | Reason.MATERIAL, rp=rp, rc=rc)
            return
    position = int(position)  # (ints: an IntFlag's ``&`` builds a new flag)
    face_up_extra = False
    if src == MZONE and loc != MZONE and not int(st.data[uid].type) & TYPE_MONSTER:
        set_ctype(st, uid, int(st.data[uid].type))  # a trap monster is a Trap Card again (R-MON-4)
    elif src == PZONE:
        set_ctype(st, uid, int(st.data[uid].type))  # a Pendulum Spell is a monster again (R-PEND-1)
    if (
        loc == GRAVE
        and src in (MZONE, PZONE)
        and st.pzone[0]
        and int(st.data[uid].type) & TYPE_PENDULUM
        and not st.status[uid] & STATUS_NEGATED
    ):
        # R-PEND-4: face-up to its owner's Extra Deck instead (still destroyed or
        # Tributed: ``reason`` is kept); not after its summon or activation was negated.
        loc = EXTRA
        face_up_extra = True
    if loc in _PRIVATE_PILES and not face_up_extra:
        # R-SUM-9: the mark is lost in the hand, Deck and Extra Deck (not by a
        # Pendulum monster placed face-up in the Extra Deck: R-PEND-3 reads it there)
        st.sumtype[uid] = 0
        t = st.ctype[uid]
        if loc != EXTRA and t & TYPE_EXTRA and t & TYPE_MONSTER:
            loc = EXTRA
    prev_pos = st.pos[uid]
    prev_ctrl = st.ctrl[uid]
    _detach(st, uid)
    st.dirty = True
    if src == OVERLAY:
        bind(st, uid, NONE)
    came = src  # where its MOVE event says it came from
    if src in _FIELD_LOCS:
        if st.status[uid] & STATUS_NEVER_ON_FIELD:
            came = 0  # R-SUM-10: its summon was negated, it was never on the field
        st.atk_turn[uid] = 0
        st.atk_count[uid] = 0
        st.pos_turn[uid] = 0
        if st.counters[uid]:
            set_counters(st, uid, 0)
        if st.cval[uid]:
            set_cval(st, uid, 0)
        st.sumtype[uid] &= SUMTYPE_PROPER
        if st.status[uid]:
            st.status = replace_at(st.status, uid, 0)
        if st.ctype[uid] & TYPE_TOKEN and loc not in _FIELD_LOCS:
            st.loc[uid] = 0
            st.ctrl[uid] = st.owner[uid]
            st.reason[uid] = reason
            st.fid[uid] = st.nfid
            st.nfid += 1
            if log:
                raise_event(
                    st, EventKind.MOVE, st.owner[uid], uid, 0, came, 0, reason,
                    rp=rp, rc=rc, prev_pos=prev_pos, prev_ctrl=prev_ctrl,
                )  # fmt: skip
            return
    if loc in (MZONE, SZONE, FZONE, PZONE):
        p = st.owner[uid] if player is None else player
        if loc == MZONE:
            st.mzone[p][zone] = uid
        elif loc == SZONE:
            st.szone[p][zone] = uid
        elif loc == PZONE:
            st.pzone[p][zone] = uid
            set_ctype(st, uid, _PEND_SPELL)  # R-PEND-1: a Spell Card there
        else:
            st.fzone = replace_at(st.fzone, p, uid)
            zone = 0
        st.seq[uid] = zone
        st.pos[uid] = int(position)
    else:
        p = st.owner[uid]
        target = pile(st, loc, p)
        if loc == DECK and not top:
            target.insert(0, uid)
        else:
            target.append(uid)
        # Piles: face-up except the Deck, the hand and the Extra Deck; a card may be
        # banished face-down (``position`` face-down), hidden then (R-DUEL-8); a
        # Pendulum monster from the field is face-up in the Extra Deck (R-PEND-4).
        if loc == BANISHED and position & POS_FACEDOWN:
            st.pos[uid] = POS_FACEDOWN_DEFENSE
        elif face_up_extra:
            st.pos[uid] = POS_FACEUP_ATTACK
        else:
            st.pos[uid] = POS_FACEUP_ATTACK if loc in (GRAVE, BANISHED) else POS_FACEDOWN_DEFENSE
    st.ctrl[uid] = p
    st.loc[uid] = loc
    st.reason[uid] = reason
    st.placed[uid] = st.turn
    st.fid[uid] = st.nfid
    st.nfid += 1
    if log:
        # A card that goes from one hidden place to another is not shown (a face-down
        # card returned to the hand, a card shuffled into the Deck): only its owner
        # knows it (R-DUEL-8).
        # (A face-down banished card is hidden too: added to the hand it stays unknown;
        # a face-up Pendulum monster in the Extra Deck is public, R-PEND-4.)
        was_hidden = src in _HIDDEN_LOCS or (src in _FACEDOWN_PLACES and prev_pos & POS_FACEDOWN)
        now_hidden = (loc in _HIDDEN_LOCS and not (loc == EXTRA and st.pos[uid] & POS_FACEUP)) or (
            loc in _FACEDOWN_PLACES and st.pos[uid] & POS_FACEDOWN
        )
        raise_event(
            st, EventKind.MOVE, p, uid, 0, came, loc, reason, bool(was_hidden and now_hidden),
            rp=rp, rc=rc, prev_pos=prev_pos, prev_ctrl=prev_ctrl,
        )  # fmt: skip


def _leave_battle(st: State, uid: int) -> None:
    """A monster that leaves the Monster Zone stops being the attacker or the
    attack target (a Token too, which then ceases to exist): the attack goes on
    without it, to be stopped (R-BAT-2 has it declared all the same) or
    replayed (R-BAT-8) by the Battle Phase. An attack whose attacker leaves in
    the Battle Step stops now, and says so (after the move that made it stop)."""
    if uid == st.attacker:
        st.attacker = NONE
        if st.phase == Phase.BATTLE_STEP:
            raise_event(st, EventKind.ATTACK_STOPPED, st.tp, uid)
    if uid == st.target:
        st.target = NONE
        st.target_left = True


_HIDDEN_LOCS = (HAND, DECK, EXTRA)
_PRIVATE_PILES = (HAND, DECK, EXTRA)
_FIELD_LOCS = (MZONE, SZONE, FZONE, PZONE)
_FACEDOWN_PLACES = (*_FIELD_LOCS, BANISHED)
_PEND_SPELL = TYPE_SPELL | TYPE_PENDULUM


def attach(st: State, uids: list[int], xyz: int, reason: int, rp: int = -1, rc: int = -1) -> None:
    """Put cards under the Xyz monster ``xyz`` as its materials (R-XYZ-1): they
    leave wherever they were for ``Location.OVERLAY`` (not on the field,
    R-TERM-10), in this order."""
    for uid in uids:
        move(st, uid, OVERLAY, reason, rp=rp, rc=rc)
        bind(st, uid, xyz)


def detach(st: State, uids: list[int], reason: int, rp: int = -1, rc: int = -1) -> None:
    """Detach Xyz materials: they go to their owners' GYs (R-XYZ-3)."""
    for uid in uids:
        move(st, uid, GRAVE, reason, rp=rp, rc=rc)


def free_zone(st: State, player: int, loc: int = MZONE) -> int:
    """The lowest free zone index of ``player`` (NONE if all are taken). A trap
    monster ``player`` controls keeps one Spell & Trap Zone taken (R-MON-4)."""
    zones = st.mzone[player] if loc == MZONE else st.szone[player]
    if loc != MZONE and not szone_free(st, player):
        return NONE
    for i in range(ZONES):
        if zones[i] == NONE:
            return i
    return NONE


def trap_monsters(st: State, player: int) -> int:
    """How many trap monsters ``player`` controls: Traps that became monsters
    (R-MON-4); each also takes up one of the player's Spell & Trap Zones."""
    if not (st.active or st.modders or st.watchers):
        return 0  # a card becomes a monster only by its own effect: none in this duel
    ctype = st.ctype  # a trap monster keeps its Trap bit (``become_monster``)
    n = 0
    for u in st.mzone[player]:
        if u != NONE and ctype[u] & TYPE_TRAP:
            n += 1
    return n


def szone_free(st: State, player: int) -> bool:
    """Whether ``player`` has a Spell & Trap Zone free for a new card: an empty
    one that no trap monster of theirs takes up (R-MON-4)."""
    free = st.szone[player].count(NONE)
    if not free:
        return False
    # A trap monster is a monster: with more free zones than monsters, no count needed.
    return free > ZONES - st.mzone[player].count(NONE) or free > trap_monsters(st, player)


def become_monster(st: State, uid: int) -> None:
    """A Trap that is about to be Special Summoned as a monster (R-MON-4: "this
    card is also still a Trap"): while it is in the Monster Zone it is an Effect
    Monster with the Level, ATK, DEF, Type and Attribute its data gives, and a
    Trap Card too; ``move`` gives it back its printed kind when it leaves."""
    set_ctype(st, uid, int(st.data[uid].type) | TYPE_MONSTER | TYPE_EFFECT)


def count_monsters(st: State, player: int) -> int:
    return ZONES - st.mzone[player].count(NONE)


def by_turn_player_first(st: State, uids: list[int]) -> list[int]:
    """Order simultaneous actions: the turn player's cards first (R-TERM-3), then
    by zone: the Monster Zone's before the Spell & Trap Zone's, each by sequence
    (ygopro-core moves cards destroyed together in its own order, so a Set card in
    zone 1 no longer lands in the GY before a monster in zone 2)."""
    tp = st.tp
    return sorted(uids, key=lambda c: (st.ctrl[c] != tp, int(st.loc[c]), st.seq[c]))


_BATTLE_OR_EFFECT = REASON_BATTLE | REASON_EFFECT


def send_to_grave(st: State, uids: list[int], reason: int, rp: int = -1, rc: int = -1) -> None:
    """Send cards to their owners' GYs, the turn player's first (R-TERM-3)."""
    for uid in by_turn_player_first(st, uids):
        move(st, uid, GRAVE, reason, rp=rp, rc=rc)


def destroy(st: State, uids: list[int], reason: int, rp: int = -1, rc: int = -1) -> None:
    """Destroy cards: send them to the GY as destroyed (R-TERM-1). A monster
    with a Union monster equipped that would be destroyed by battle or by an
    effect is not: the Union is destroyed instead (R-MON-4). A card that cannot be
    destroyed by the effects of player ``rp`` stays (``Mod.INDESTRUCTIBLE_EFFECT``)."""
    if int(reason) & REASON_EFFECT and (st.modders or st.granted) and rp >= 0:
        uids = [
            u
            for u in uids
            if not query.effect_indestructible(st, u, rp)
            and not query.spend_indestructible(st, u, 1 + rp)
        ]
    if (
        int(reason) & _BATTLE_OR_EFFECT
        and st.szone[0].count(NONE) + st.szone[1].count(NONE) < 2 * ZONES
    ):
        swapped = []
        for uid in uids:
            sub = union_equipped(st, uid) if st.loc[uid] == MZONE else NONE
            swapped.append(uid if sub == NONE else sub)
        uids = list(dict.fromkeys(swapped))
    send_to_grave(st, uids, reason | REASON_DESTROY, rp, rc)


def union_equipped(st: State, monster: int) -> int:
    """The Union monster equipped to ``monster`` as an Equip Card (NONE if none):
    a monster in a Spell & Trap Zone bound to it whose script marks it a Union."""
    for p in (0, 1):
        for u in st.szone[p]:
            if (
                u != NONE
                and st.ctype[u] & TYPE_MONSTER
                and st.bound[u] == monster
                and st.fid[monster] == st.bound_fid[u]
                and any(e.extra.get("union") for e in st.fx[u])
            ):
                return u
    return NONE


def tribute(st: State, uids: list[int], reason: int = Reason.SUMMON) -> None:
    """Tribute monsters: to the GY, and not destroyed (R-SUM-2, R-TERM-1)."""
    send_to_grave(st, uids, reason | Reason.RELEASE)


def banish(
    st: State, uids: list[int], reason: int, rp: int = -1, rc: int = -1, face_down: bool = False
) -> None:
    """Banish cards face-up (or ``face_down``: hidden from the opponent, R-DUEL-8),
    the turn player's first (R-TERM-3)."""
    pos = POS_FACEDOWN_DEFENSE if face_down else POS_FACEUP_ATTACK
    for uid in by_turn_player_first(st, uids):
        move(st, uid, BANISHED, reason, position=pos, rp=rp, rc=rc)


def to_hand(st: State, uids: list[int], reason: int, rp: int = -1, rc: int = -1) -> None:
    """Return or add cards to their owners' hands."""
    for uid in by_turn_player_first(st, uids):
        move(st, uid, HAND, reason, rp=rp, rc=rc)


def special_summon(
    st: State,
    uid: int,
    player: int,
    position: int,
    rp: int = -1,
    rc: int = -1,
    zone: int = NONE,
    kind: int = 0,
) -> bool:
    """Special Summon a monster to ``player``'s field (R-SUM-4). False when no
    Monster Zone is free. ``kind``: SUMTYPE_RITUAL, SUMTYPE_FUSION or
    SUMTYPE_PROC for the monster's own way of being summoned, which marks it as
    properly summoned (R-SUM-9); a mark it already had stays."""
    if zone == NONE:
        zone = free_zone(st, player)
        if zone == NONE:
            return False
    query.set_flag(st, query.FLAG_SUMMONED, player)
    src = st.loc[uid]
    move(st, uid, MZONE, Reason.SPSUMMON | Reason.EFFECT, player=player, zone=zone,
         position=position, log=False, rp=rp, rc=rc)  # fmt: skip
    proper = SUMTYPE_PROPER if kind & _PROPER_KINDS else st.sumtype[uid] & SUMTYPE_PROPER
    st.sumtype[uid] = SUMTYPE_SPECIAL | kind | proper
    raise_event(st, EventKind.SPECIAL_SUMMON, player, uid, 0, src, zone, Reason.SPSUMMON,
                rp=rp, rc=rc)  # fmt: skip
    return True


def begin_summoning(st: State, uid: int) -> None:
    """R-SUM-10: a summon enters its "being summoned" moment: its events wait in
    ``State.held`` (a negated summon never happened) and ``uid`` is the monster
    being summoned. The caller opens the ``SUMMONING`` window."""
    st.held = st.raised
    st.raised = []
    st.summoning = uid
    st.summon_negated = False


def end_summoning(st: State) -> bool:
    """The "being summoned" moment is over: its held events are released and
    whether the summon was negated is returned (then it never happened)."""
    negated = st.summon_negated
    st.summoning = NONE
    if MOD_SELF_DESTROY in st.mod_index:
        st.dirty = True  # (the monster's effects apply now: the rules check looks again)
    st.summon_negated = False
    st.raised = st.held + st.raised
    st.held = []
    return negated


def set_control(st: State, uid: int, player: int, rp: int = -1, rc: int = -1) -> bool:
    """Give control of a monster on the field to ``player`` (R-TERM-2). It keeps
    its field ID (the same card, still on the field). False if no zone is free."""
    if st.ctrl[uid] == player or st.loc[uid] != MZONE:
        return st.ctrl[uid] == player
    zone = free_zone(st, player)
    if zone == NONE:
        return False
    st.mzone[st.ctrl[uid]][st.seq[uid]] = NONE
    st.mzone[player][zone] = uid
    st.seq[uid] = zone
    st.ctrl[uid] = player
    st.dirty = True
    st.reach = None
    raise_event(st, EventKind.CONTROL, player, uid, 0, MZONE, zone, Reason.EFFECT, rp=rp, rc=rc)
    return True


def token_data(st: State, code: int) -> CardData:
    """The printed facts of Token ``code``, from the duel's own card source
    (:attr:`State.catalogue`): a duel built with a user's database makes that
    database's Tokens. A duel without one, or a Token its source lacks, is an
    :class:`~ygo.errors.UnknownCardError` naming the passcode."""
    if st.catalogue is None:
        raise UnknownCardError(f"this duel has no card source to make Token {code} from")
    data = st.catalogue.get(code)
    if data is None:  # (a source may answer None instead of raising)
        raise UnknownCardError(f"Token {code} is not in this duel's card source")
    return data


def create_token(st: State, data: object, player: int) -> int:
    """A new card that did not exist (a Token, R-SUM-11): every per-card array
    grows by one; the card is nowhere until it is Special Summoned. Returns its uid."""
    uid = st.ncards
    defaults = {
        "data": data,
        "ctype": int(data.type),  # type: ignore[attr-defined]
        "owner": player,
        "fx": (),
        "loc": 0,
        "seq": NONE,
        "ctrl": player,
        "pos": POS_FACEDOWN_DEFENSE,
        "bound": NONE,
    }
    for name in State.PER_CARD:
        if name in State.CARDS or name in State.TUPLES:  # shared: replaced, never mutated
            setattr(st, name, (*getattr(st, name), defaults.get(name, 0)))
        else:
            getattr(st, name).append(defaults.get(name, 0))
    st.ncards += 1
    return uid


def bind(st: State, uid: int, to: int) -> None:
    """Card ``uid`` is bound to card ``to`` (an Equip Card to its monster, an Xyz
    Material to its monster: ``State.bound``), as the incarnation ``to`` is now;
    ``NONE`` unbinds it."""
    st.bound = replace_at(st.bound, uid, to)
    if to != NONE:
        st.bound_fid = replace_at(st.bound_fid, uid, st.fid[to])


def set_ctype(st: State, uid: int, bits: int) -> None:
    """Card ``uid``'s type bits are now ``bits`` (a trap monster, a Pendulum
    Spell: ``State.ctype``)."""
    st.ctype = replace_at(st.ctype, uid, int(bits))


def add_status(st: State, uid: int, bits: int) -> None:
    """Set ``bits`` in card ``uid``'s status (``STATUS_*``)."""
    st.status = replace_at(st.status, uid, st.status[uid] | bits)


def clear_status(st: State, uid: int, bits: int) -> None:
    """Clear ``bits`` in card ``uid``'s status (``STATUS_*``)."""
    st.status = replace_at(st.status, uid, st.status[uid] & ~bits)


def set_counters(st: State, uid: int, n: int) -> None:
    """Card ``uid`` now has ``n`` counters (``State.counters``)."""
    st.counters = replace_at(st.counters, uid, n)


def set_cval(st: State, uid: int, value: int) -> None:
    """A script's own number kept on card ``uid`` while it stays where it is
    (``State.cval``: a turn count, a remembered card)."""
    st.cval = replace_at(st.cval, uid, value)


def change_card(st: State, uid: int, data: CardData, effects: tuple[Any, ...]) -> None:
    """Card ``uid`` becomes another card (``data``, with ``effects``): the
    per-card tuples of :attr:`State.CARDS` are replaced, never mutated, since
    clones share them. Its type bits follow its new data; where it is does not
    change. Derived indexes are the caller's (``setup.index_effects``)."""
    st.data = (*st.data[:uid], data, *st.data[uid + 1 :])
    st.fx = (*st.fx[:uid], effects, *st.fx[uid + 1 :])
    set_ctype(st, uid, int(data.type))


def pay_lp(st: State, player: int, amount: int) -> None:
    """Pay LP as a cost (R-CHAIN-7)."""
    if amount <= 0:
        return
    st.lp = replace_at(st.lp, player, max(0, st.lp[player] - amount))
    st.dirty = True
    raise_event(st, EventKind.LP_PAY, player, value=amount, reason=Reason.COST)


def gain_lp(st: State, player: int, amount: int, rp: int = -1, rc: int = -1) -> None:
    if amount <= 0:
        return
    st.lp = replace_at(st.lp, player, st.lp[player] + amount)
    raise_event(st, EventKind.LP_GAIN, player, value=amount, reason=Reason.EFFECT, rp=rp, rc=rc)


#: ``State.sumtype`` values: how a monster came to the Monster Zone.
SUMTYPE_NORMAL = 1
SUMTYPE_SET = 2
SUMTYPE_FLIP = 4
SUMTYPE_SPECIAL = 8
SUMTYPE_RITUAL = 16
"""Ritual Summoned by its Ritual Spell (R-SUM-5)."""
SUMTYPE_FUSION = 32
"""Fusion Summoned (R-SUM-6)."""
SUMTYPE_PROC = 64
"""Special Summoned by the way its own text describes (a summoning condition's
procedure, or the one card it names)."""
SUMTYPE_PROPER = 128
"""Properly summoned (R-SUM-9): set by a Ritual, Fusion or own-procedure Special
Summon; kept while the card goes from the field to the GY or banished (and is
revived), lost when it goes to the hand, Deck or Extra Deck (``move``)."""
_PROPER_KINDS = SUMTYPE_RITUAL | SUMTYPE_FUSION | SUMTYPE_PROC

#: ``State.status`` bits.
STATUS_ENABLED = 1
STATUS_GEMINI = 2
STATUS_SUMMONING = 0x40
"""pendulum: one of several monsters being summoned together (a Pendulum Summon)
at the "being summoned" moment (R-SUM-10); ``State.summoning`` names the first."""
STATUS_NEGATED = 0x80
"""pendulum: this card's summon or activation was negated: a Pendulum monster
goes to the GY, not to the Extra Deck (R-PEND-4); cleared when it moves."""
STATUS_NEVER_ON_FIELD = 0x20
"""Its summon to the field (Normal, Tribute, by procedure, Pendulum) was negated
(R-SUM-10): the monster was never summoned, so it was never on the field. When
it leaves, its MOVE event comes from nowhere (``src`` 0, as ygopro-core's
previous location): "sent from the field" and "leaves the field" do not see it.
Not after a negated Flip or Gemini Summon (it was on the field before)."""
"""A Gemini monster Normal Summoned again while face-up on the field (R-MON-4):
it has its effects until it leaves the field or is turned face-down."""
"""A Spell or Trap whose activation resolved: its continuous effects apply."""


# -- deck and hand ----------------------------------------------------------------


def shuffle_deck(st: State, player: int) -> None:
    rng.shuffle(st, st.deck[player])
    raise_event(st, EventKind.SHUFFLE, player, value=DECK)


def draw(st: State, player: int, count: int = 1, reason: int = Reason.DRAW | Reason.RULE,
         rp: int = -1, rc: int = -1) -> int:  # fmt: skip
    """Draw cards from the top of the Deck. Drawing from an empty Deck loses the
    duel (R-DUEL-5); returns the number of cards drawn. The cards drawn by one
    call are one event for triggers (R-TERM-8): they share a batch."""
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
        st.reason[uid] = reason
        st.placed[uid] = turn
        st.fid[uid] = st.nfid
        st.nfid += 1
        raise_event(st, EventKind.DRAW, player, uid, 0, DECK, HAND, reason, True, rp, rc)
        drawn += 1
        if uid in st.masks:  # a card that can be activated came to the hand
            st.reach = None
    if drawn:
        st.dirty = True  # the rules check: a special win in the hand (R-DUEL-6)
    return drawn


def random_hand_card(st: State, player: int) -> int:
    """A card of ``player``'s hand picked uniformly at random (R-TERM-6); NONE if empty."""
    hand = st.hand[player]
    if not hand:
        return NONE
    return hand[rng.below(st, len(hand))]


# -- life points and winning ------------------------------------------------------


def damage(st: State, player: int, amount: int, reason: int, rp: int = -1, rc: int = -1) -> None:
    """Deal damage; LP does not go below 0. A player at 0 loses (R-DUEL-4) once
    :func:`check_win` runs (the caller decides when: simultaneous damage to both
    players is a draw, R-DUEL-7)."""
    if amount <= 0:
        return
    st.lp = replace_at(st.lp, player, max(0, st.lp[player] - amount))
    st.dirty = True
    raise_event(st, EventKind.DAMAGE, player, value=amount, reason=reason, rp=rp, rc=rc)


def lose(st: State, player: int, why: WinReason) -> None:
    """Mark that ``player`` meets a losing condition (checked by :func:`check_win`)."""
    if not st.lose[player]:
        st.lose = replace_at(st.lose, player, int(why))
        st.dirty = True


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
    """Finish the duel now: nothing else happens after this. The processor's
    frames go, and with them the rule effect being carried out, if one ended
    the duel (Final Countdown): its link leaves ``State.solving`` too."""
    st.result = Result(winner, why)
    st.pending = None
    st.stack.clear()
    st.solving.clear()
    raise_event(st, EventKind.DUEL_END, -1 if winner is None else winner, value=int(why))


# -- phases and positions ------------------------------------------------------------


def set_phase(st: State, phase: Phase) -> None:
    """Enter a phase or step, logging it once."""
    if st.phase != phase:
        st.phase = phase
        raise_event(st, EventKind.PHASE, st.tp, value=int(phase))


def change_position(
    st: State, uid: int, position: int, *, manual: bool, rp: int = -1, rc: int = -1
) -> None:
    """Change a monster's battle position. ``manual``: the once-per-turn change
    of R-POS-4 (or a Flip Summon, R-POS-5). A face-down monster turned face-up
    raises FLIP too (R-MON-5). A Token is never turned face-down (R-SUM-11)."""
    prev = st.pos[uid]
    position = int(position)  # (an IntFlag's ``&`` builds a new flag: ints are cheaper)
    if position & POS_FACEDOWN and st.ctype[uid] & TYPE_TOKEN:
        return
    st.pos[uid] = position
    st.dirty = True
    if position & POS_FACEDOWN:
        clear_status(st, uid, STATUS_GEMINI)
    if manual:
        st.pos_turn[uid] = st.turn
    raise_event(st, EventKind.POSITION, st.ctrl[uid], uid, position, reason=Reason.EFFECT,
                rp=rp, rc=rc, prev_pos=prev)  # fmt: skip
    if prev & POS_FACEDOWN and position & POS_FACEUP:
        raise_event(st, EventKind.FLIP, st.ctrl[uid], uid, rp=rp, rc=rc, prev_pos=prev)


def flip_face_up(st: State, uid: int, rp: int = -1, rc: int = -1) -> None:
    """Turn a face-down monster face-up, keeping Attack/Defense (R-BAT-6)."""
    pos = st.pos[uid]
    if pos & POS_FACEDOWN:
        st.pos[uid] = POS_FACEUP_ATTACK if pos & POS_ATTACK else POS_FACEUP_DEFENSE
        st.dirty = True
        raise_event(st, EventKind.FLIP, st.ctrl[uid], uid, rp=rp, rc=rc, prev_pos=pos)
