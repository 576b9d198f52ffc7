"""Duel invariants shared by the property tests (``tests/properties``) and the
whole-pool runner (``tools/pool_run.py``), and the random legal decks both play.

``check_invariants`` is the full check after one action: every card in exactly
one place and the per-card arrays agree with the zone lists; zone limits; LP
changed only through DAMAGE / LP_PAY / LP_GAIN events, by their amounts; the
decision's options distinct, explain() agreeing with a Main Phase menu; no chain
open at a menu; count limits; the attack (``check_battle``); the Extra Deck and
Tokens (``check_extra_and_tokens``). ``check_cheap`` is the part cheap enough for every
decision of a long run. ``check_views`` builds both players' views and the
spectator's (what every table does at every decision) and checks what they say
against the duel; ``check_round_trip`` saves a duel, loads it and checks that the
loaded duel is the same.
"""

from __future__ import annotations

from ygo.cards.pool import embedded_pool
from ygo.core.deck import Deck
from ygo.core.enums import CardType, Location
from ygo.core.ints import (
    POS_FACEUP,
    TYPE_EXTRA,
    TYPE_MONSTER,
    TYPE_PENDULUM,
    TYPE_SYNCHRO_XYZ,
    TYPE_TOKEN,
    TYPE_XYZ,
)
from ygo.core.state import NONE, ZONES
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine import pendulum
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import EventKind
from ygo.engine.explain import (
    extra_blockers,
    reposition_blockers,
    set_spell_blockers,
    summon_blockers,
)
from ygo.engine.rng import Rng
from ygo.engine.view import SPECTATOR, View

#: The longest chain a duel may build before the run calls it runaway.
MAX_CHAIN = 64


def scripted_decks(seed: int) -> tuple[Deck, Deck]:
    """Two random legal decks: 20 cards drawn from every scripted Main Deck card (at
    most 3 copies each), 20 Normal monsters of the starter decks, and an Extra Deck
    of 0 to 8 scripted Extra Deck monsters."""
    from ygo.cards.scripts import default_scripts

    db = embedded_pool()
    scripted = [c for c in default_scripts().codes() if c in db]
    codes = [c for c in scripted if not db.get(c).is_extra_deck]
    extra_codes = [c for c in scripted if db.get(c).is_extra_deck]
    starters = (starter_deck("yugi"), starter_deck("kaiba"))
    normals = sorted({c for d in starters for c in d.main if db.get(c).type & CardType.NORMAL})
    rng = Rng(seed ^ 0xDEC4)
    out = []
    for _ in range(2):
        pool = [c for c in codes for _ in range(3)]
        main = [pool.pop(rng.below(len(pool))) for _ in range(min(20, len(pool)))]
        while len(main) < 40:
            c = normals[rng.below(len(normals))]
            if main.count(c) < 3:
                main.append(c)
        xpool = [c for c in extra_codes for _ in range(3)]
        extra = [xpool.pop(rng.below(len(xpool))) for _ in range(min(rng.below(9), len(xpool)))]
        out.append(Deck(main=tuple(main), extra=tuple(extra)))
    return out[0], out[1]


def check_invariants(
    duel: Duel,
    lp_before: list[int],
    events_before: int,
    extra_before: list[set[int]] | None = None,
) -> None:
    st = duel._st
    seen: dict[int, tuple[int, int, int]] = {}

    def place(uid: int, loc: int, player: int, zone: int) -> None:
        assert uid not in seen, (
            f"card {uid} is in two places: {seen[uid]} and {(loc, player, zone)}"
        )
        seen[uid] = (loc, player, zone)

    for p in (0, 1):
        assert len(st.mzone[p]) == ZONES and len(st.szone[p]) == ZONES  # R-FIELD-1
        for loc, pile in (
            (Location.DECK, st.deck[p]),
            (Location.HAND, st.hand[p]),
            (Location.GRAVE, st.grave[p]),
            (Location.BANISHED, st.banished[p]),
            (Location.EXTRA, st.extra[p]),
            (Location.OVERLAY, st.overlay[p]),
        ):
            for uid in pile:
                place(uid, loc, p, NONE)
        for i, uid in enumerate(st.mzone[p]):
            if uid != NONE:
                place(uid, Location.MZONE, p, i)
        for i, uid in enumerate(st.szone[p]):
            if uid != NONE:
                place(uid, Location.SZONE, p, i)
        if st.fzone[p] != NONE:
            place(st.fzone[p], Location.FZONE, p, 0)
        assert len(st.pzone[p]) in (0, 2)  # R-FIELD-1 (mr3: 2 Pendulum Zones)
        for i, uid in enumerate(st.pzone[p]):
            if uid != NONE:
                place(uid, Location.PZONE, p, i)
    gone = [u for u in range(st.ncards) if st.loc[u] == 0]
    assert all(st.ctype[u] & CardType.TOKEN for u in gone), "a card is nowhere"
    assert len(seen) + len(gone) == st.ncards, "a card is nowhere"
    for uid, (where, player, zone) in seen.items():
        assert st.loc[uid] == where, f"card {uid}: loc {st.loc[uid]} but found in {where}"
        assert st.ctrl[uid] == player
        if where in (Location.MZONE, Location.SZONE, Location.PZONE):
            assert st.seq[uid] == zone
        if where not in (Location.MZONE, Location.SZONE, Location.FZONE, Location.PZONE):
            # R-TERM-2: off the field, cards are with their owner.
            assert player == st.owner[uid]
    # LP changes only through damage, payment and gain events.
    lp = list(lp_before)
    for e in st.events[events_before:]:
        if e.kind in (EventKind.DAMAGE, EventKind.LP_PAY):
            assert e.value > 0
            lp[e.player] = max(0, lp[e.player] - e.value)
        elif e.kind == EventKind.LP_GAIN:
            assert e.value > 0
            lp[e.player] += e.value
    assert tuple(lp) == st.lp, f"LP {st.lp} but the damage events give {lp}"
    check_battle(duel)
    check_extra_and_tokens(duel, events_before, extra_before)
    d = duel.decision
    if d is not None:
        assert len(d.options) >= 2 or d.kind == DecisionKind.PRIORITY
        assert len(set(d.options)) == len(d.options), "duplicate options"
        assert len({str(o) for o in d.options}) == len(d.options), "duplicate option texts"
        if d.kind in (DecisionKind.MAIN, DecisionKind.BATTLE):
            assert not st.chain, "a chain is still open at a menu"
            assert not st.triggers and not st.solving
        if d.kind == DecisionKind.MAIN:
            check_explain_agrees(duel)
    # Count limits hold: no effect used more often than its limit this turn.
    check_count_limits(duel)


def check_extra_and_tokens(
    duel: Duel, events_before: int, extra_before: list[set[int]] | None
) -> None:
    st = duel._st
    ctype = st.ctype  # (plain ints: this runs at every decision of long runs)
    for p in (0, 1):
        for uid in st.extra[p]:  # R-DECK-2: only Extra Deck monsters (and R-PEND-4's)
            t = ctype[uid]
            assert (t & TYPE_MONSTER and t & TYPE_EXTRA) or (
                t & TYPE_PENDULUM and st.pos[uid] & POS_FACEUP
            ), f"{duel.name(uid)} in the Extra Deck"
        for uid in st.hand[p] + st.deck[p]:  # R-SUM-12
            t = ctype[uid]
            assert not (t & TYPE_MONSTER and t & TYPE_EXTRA), f"{duel.name(uid)} in a hand or Deck"
        for uid in st.grave[p] + st.hand[p] + st.deck[p] + st.banished[p]:  # R-SUM-11
            assert not ctype[uid] & TYPE_TOKEN, "a Token left the field"
        for uid in st.overlay[p]:  # R-XYZ-1..3, R-SUM-11
            assert not ctype[uid] & TYPE_TOKEN, "a Token is Xyz material"
            xyz = st.bound[uid]
            assert xyz != NONE and ctype[xyz] & TYPE_XYZ, "material under no Xyz monster"
            assert st.loc[xyz] in (Location.MZONE, Location.EXTRA), "material left behind"
    if extra_before is None:
        return
    events = st.events[events_before:]
    left = {
        e.card
        for e in events
        if e.src == Location.EXTRA and e.kind in (EventKind.SPECIAL_SUMMON, EventKind.MOVE)
    }
    came = {e.card for e in events if e.kind == EventKind.MOVE and e.dst == Location.EXTRA}
    for p in (0, 1):
        now = set(st.extra[p])
        assert extra_before[p] - now <= left, "a card left the Extra Deck unannounced"
        assert now - extra_before[p] <= came, "a card came to the Extra Deck unannounced"


def check_count_limits(duel: Duel) -> None:
    from ygo.engine.chain import limit_count

    st = duel._st
    for uid in range(st.ncards):
        for i, eff in enumerate(st.fx[uid]):
            if eff.limit:
                for p in (0, 1):
                    used = limit_count(st, uid, eff, i, p)
                    assert used <= eff.limit, f"{duel.name(uid)} used past its limit"


def check_explain_agrees(duel: Duel) -> None:
    """explain()'s reasons and the MAIN decision's options tell the same story."""
    st = duel._st
    d = duel.decision
    assert d is not None
    p = d.player
    by_card: dict[int, set[ActionKind]] = {}
    for o in d.options:
        by_card.setdefault(o.card, set()).add(o.kind)
    for uid in st.hand[p]:
        kinds = by_card.get(uid, set())
        if st.data[uid].is_monster:
            assert (ActionKind.SUMMON in kinds) == (not summon_blockers(st, uid)), (
                duel.name(uid),
                summon_blockers(st, uid),
            )
        else:
            assert (ActionKind.SET_SPELL in kinds) == (not set_spell_blockers(st, uid))
    if st.pzone[p]:  # R-PEND-2: the menu offers a Pendulum Summon exactly when explain allows
        offered = any(o.kind == ActionKind.PENDULUM_SUMMON for o in d.options)
        assert offered == (not pendulum.blocker(st, p)), pendulum.blocker(st, p)
    for uid in st.extra[p]:  # R-SYN-1, R-XYZ-1
        if st.ctype[uid] & TYPE_SYNCHRO_XYZ:
            kinds = by_card.get(uid, set())
            offered = bool(kinds & {ActionKind.SYNCHRO_SUMMON, ActionKind.XYZ_SUMMON})
            assert offered == (not extra_blockers(st, uid)), (
                duel.name(uid),
                extra_blockers(st, uid),
            )
    repositions = {ActionKind.FLIP_SUMMON, ActionKind.TO_ATTACK, ActionKind.TO_DEFENSE}
    for uid in st.mzone[p]:
        if uid != NONE:
            kinds = by_card.get(uid, set())
            assert bool(kinds & repositions) == (not reposition_blockers(st, uid))


def check_cheap(duel: Duel, events_before: int, extra_before: list[set[int]]) -> None:
    """The per-decision checks of a long run: no card in two places (nor lost), no
    runaway chain and none open at a menu, the attack naming only monsters in a
    Monster Zone (``check_battle``), Tokens only on the field (R-SUM-11), the
    Extra Deck changed only by announced moves (R-SUM-12)."""
    st = duel._st
    placed: list[int] = []
    for p in (0, 1):
        placed += st.deck[p]
        placed += st.hand[p]
        placed += st.grave[p]
        placed += st.banished[p]
        placed += st.extra[p]
        placed += st.overlay[p]
        placed += [u for u in st.mzone[p] if u != NONE]
        placed += [u for u in st.szone[p] if u != NONE]
        if st.fzone[p] != NONE:
            placed.append(st.fzone[p])
        placed += [u for u in st.pzone[p] if u != NONE]
    assert len(set(placed)) == len(placed), "a card is in two places"
    if len(placed) != st.ncards:
        gone = [u for u in range(st.ncards) if st.loc[u] == 0]
        assert all(st.ctype[u] & CardType.TOKEN for u in gone), "a card is nowhere"
        assert len(placed) + len(gone) == st.ncards, "a card is nowhere"
    assert len(st.chain) <= MAX_CHAIN, "a runaway chain"
    check_battle(duel)
    d = duel.decision
    if d is not None and d.kind in (DecisionKind.MAIN, DecisionKind.BATTLE):
        assert not st.chain, "a chain is still open at a menu"
    check_extra_and_tokens(duel, events_before, extra_before)


def check_battle(duel: Duel) -> None:
    """The current attack names only monsters in a Monster Zone: one that left
    (a Token that ceased to exist, R-SUM-11) is no longer its attacker or target."""
    st = duel._st
    for uid in (st.attacker, st.target):
        assert uid == NONE or st.loc[uid] == Location.MZONE, (
            f"the attack names {duel.name(uid)}, which is not in a Monster Zone"
        )
    assert not (st.target_left and st.target != NONE), "a target that left is still named"


def check_views(duel: Duel) -> tuple[View, View, View]:
    """Build player 0's, player 1's and the spectator's views (R-DUEL-8) and check
    what they say against the duel: its LP, result and counts, the decision
    shown to its player only, the hands hidden from the other side, the attack.
    Returns the three views."""
    st = duel._st
    views = (duel.view(0), duel.view(1), duel.spectator_view())
    d = duel.decision
    for viewer, v in zip((0, 1, SPECTATOR), views, strict=True):
        assert v.viewer == viewer and v.result == duel.result
        assert v.decision == (d if d is not None and d.player == viewer else None)
        for p in (0, 1):
            side = v.players[p]
            assert side.lp == st.lp[p]
            assert side.hand_count == len(st.hand[p]) and side.deck_count == len(st.deck[p])
            assert side.extra_count == len(st.extra[p]) and len(side.grave) == len(st.grave[p])
            if p != viewer:  # R-DUEL-8: an opponent's hand is hidden (a spectator's both)
                assert all(c.uid is None for c in side.hand), "a hand card shown"
        if st.attacker == NONE:
            assert v.attacker is None and v.attack_target is None
        else:
            assert v.attacker is not None and v.attacker.uid == st.attacker
            assert v.attacker.location == Location.MZONE
            assert (v.attack_target is None) == (st.target == NONE)
    return views


def check_round_trip(duel: Duel) -> Duel:
    """Save the duel and load it: the loaded duel is the same duel (digest,
    decision, result, views, events and choices), and saves to the same bytes.
    Returns the loaded duel."""
    raw = duel.save()
    loaded = Duel.load(raw)
    assert loaded.digest() == duel.digest(), "the loaded duel has another digest"
    assert loaded.decision == duel.decision and loaded.result == duel.result
    assert loaded.save() == raw, "the loaded duel saves differently"
    assert loaded.events() == duel.events() and loaded.choices == duel.choices
    assert check_views(loaded) == check_views(duel), "the loaded duel shows differently"
    return loaded
