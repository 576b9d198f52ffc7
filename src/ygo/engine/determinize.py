"""Determinization: a copy of a duel in which everything one player cannot see is
replaced by cards that player could believe are there (for search agents).

``determinize(st, player, rng, ...)`` returns a new state in which

- every card hidden from ``player`` (R-DUEL-8: the opponent's hand, face-down
  cards and hidden Extra Deck, face-down banished cards, and both Decks) gets
  a new identity, drawn from what ``player`` may believe is there;
- the duel's own random generator is reseeded (future shuffles and coin tosses
  are not knowable either);
- its history names its own cards: every event (the log, and the events
  waiting for triggers or a window) names the card its uid is in the new
  state, and its choices log is empty (with the real seed, the real choices
  would replay the real duel; ``Duel.determinize`` gives the new duel the seed
  of its new generator);
- an open decision of the *other* player is asked again in the new state (its
  options were built from the real hidden cards): the step that asked runs
  again (a Main Phase menu, a priority window, the hand limit) or the options
  are built again (the Battle Step's), and the new state runs on to its next
  decision. A decision that names no card (the turn order, a battle position)
  is kept; one that cannot be rebuilt (inside an effect's steps, a trigger
  choice, or a procedure working on a card hidden from ``player``: a Tribute
  Summon from the hand) raises :class:`~ygo.errors.InvalidArgumentError`.
  ``player``'s own open decision is kept as it is (it is theirs: a search
  agent's root options).

Cards keep their uids and their places (zone, position, turn counters, field
ID): only *which card* a hidden uid is changes (``data``, ``ctype``, ``fx``),
after which the effect indexes and zone caches are rebuilt
(:func:`~ygo.engine.setup.index_effects` resets ``State.reach`` too). Any
procedure frame, chain link or open decision that names a hidden uid (an
attack on a face-down monster) therefore still names the same place.

The identities come from two sources (``source``):

- ``"decklist"`` (the default, open decklists): each player's deck list as
  registered (``decks``; for a duel built without lists, the cards that
  player owns in the duel), less the cards of that owner the player can
  identify now. That remainder is exactly the multiset of hidden cards, so a
  determinization only chooses which hidden place holds which of them;
- ``"seen"``: the opponent's cards seen so far (the codes in ``seen``, plus
  any visible now) and the card ``pool`` (a list of codes), for a player who
  does not know the opponent's list. The player's own hidden cards (their
  Deck) always come from their own list.

It never reads a hidden card's real identity: the hidden places are listed in
an order that does not depend on who is where (by location, then uid), the
identities are sorted by passcode before they are shuffled, and only
``identifies(st, uid, player)`` decides what is visible. Swapping two hidden
cards of the real duel therefore gives the same determinization for the same
random generator state.

Place constraints: a face-down card in a Monster Zone gets a monster, in a
Spell & Trap Zone a Spell or Trap that is not a Field Spell, in the Field
Zone a Field Spell; the Extra Deck gets Extra Deck monsters; the hand, the
Deck and face-down banished cards get Main Deck cards. Cards whose type was
changed on the field (a Trap monster) and Tokens are never reassigned.
A place that neither source fits (with ``"seen"``, the Extra Deck when the
pool has no Extra Deck monster) gets a fitting card of ``catalogue``
(``Duel.determinize`` passes the embedded pool): a hidden card never keeps
its real identity.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.core.enums import Location
from ygo.core.ints import TYPE_EXTRA, TYPE_FIELD, TYPE_MONSTER, TYPE_TOKEN
from ygo.core.log import Log
from ygo.core.state import State
from ygo.engine import rng as rng_mod
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import Event
from ygo.engine.frames import (
    AT_PENDULUM_TAIL,
    AT_PROC,
    AT_STEP,
    LAYOUTS,
    DiscardStep,
    MainStep,
    WindowStep,
)
from ygo.engine.proc import Proc
from ygo.engine.setup import ScriptSource, card_effects, index_effects
from ygo.engine.view import identifies
from ygo.errors import InvalidArgumentError


class RandomSource(Protocol):
    """What determinize draws from: ``below(n)`` gives a uniform int in [0, n)."""

    def below(self, n: int) -> int: ...


# The kinds of hidden place, most constrained first (they are filled first).
_FZONE, _SZONE, _MZONE, _XDECK, _MAIN = range(5)


def _kind(st: State, uid: int) -> int:
    loc = st.loc[uid]
    if loc == Location.FZONE:
        return _FZONE
    if loc == Location.SZONE:
        return _SZONE
    if loc == Location.MZONE:
        return _MZONE
    if loc == Location.EXTRA:
        return _XDECK
    return _MAIN  # hand, Deck, face-down banished


def _fits(kind: int, card: CardData) -> bool:
    t = int(card.type)
    is_monster = bool(t & TYPE_MONSTER)
    is_extra = is_monster and bool(t & TYPE_EXTRA)
    if kind == _XDECK:
        return is_extra
    if is_extra:
        return False
    if kind == _MZONE:
        return is_monster
    if kind == _SZONE:
        return not is_monster and not t & TYPE_FIELD
    if kind == _FZONE:
        return not is_monster and bool(t & TYPE_FIELD)
    return True


def hidden_uids(st: State, player: int) -> list[int]:
    """The cards ``player`` cannot identify now that determinize may reassign,
    by location then place in it (an order that does not depend on who is where)."""
    out = []
    for uid in range(st.ncards):
        if st.loc[uid] == 0 or st.ctype[uid] & TYPE_TOKEN:
            continue
        if st.ctype[uid] != int(st.data[uid].type):
            continue  # a card whose type changed on the field (a Trap monster): keep it
        if identifies(st, uid, player):
            continue
        out.append(uid)
    out.sort(key=lambda u: (_kind(st, u), st.owner[u], st.loc[u], _place(st, u)))
    return out


def _place(st: State, uid: int) -> int:
    """Where in its location a card is (zone, or index in its pile): public."""
    loc = st.loc[uid]
    if loc in (Location.MZONE, Location.SZONE, Location.FZONE, Location.PZONE):
        return int(st.seq[uid])
    p = st.owner[uid]
    pile = {
        Location.HAND: st.hand,
        Location.DECK: st.deck,
        Location.EXTRA: st.extra,
        Location.BANISHED: st.banished,
        Location.GRAVE: st.grave,
        Location.OVERLAY: st.overlay,
    }.get(Location(loc))
    if pile is None or uid not in pile[p]:
        return 0
    return pile[p].index(uid)


def _visible_codes(st: State, player: int, owner: int) -> Counter[int]:
    return Counter(
        st.data[u].code
        for u in range(st.ncards)
        if st.owner[u] == owner
        and st.loc[u] != 0
        and not st.ctype[u] & TYPE_TOKEN
        and identifies(st, u, player)
    )


def _pick(
    kind: int, pool: list[CardData], fallback: Sequence[CardData], rng: RandomSource
) -> CardData | None:
    """Take one card fitting ``kind`` out of ``pool`` at random (else one of
    ``fallback`` fitting it, not taken; else None)."""
    fit = [i for i, c in enumerate(pool) if _fits(kind, c)]
    if fit:
        return pool.pop(fit[rng.below(len(fit))])
    spare = [c for c in fallback if _fits(kind, c)]
    if spare:
        return spare[rng.below(len(spare))]
    return None


class _Catalogue:
    """The cards of ``catalogue`` by kind of place, sorted by passcode, built on
    first need: the last resort of a place nothing else fits."""

    def __init__(self, catalogue: Iterable[CardData]) -> None:
        self._source = catalogue
        self._by_kind: dict[int, list[CardData]] | None = None

    def pick(self, kind: int, rng: RandomSource) -> CardData | None:
        if self._by_kind is None:
            cards = sorted(
                {c.code: c for c in self._source if not int(c.type) & TYPE_TOKEN}.values(),
                key=lambda c: c.code,
            )
            self._by_kind = {k: [c for c in cards if _fits(k, c)] for k in range(5)}
        fit = self._by_kind[kind]
        return fit[rng.below(len(fit))] if fit else None


def determinize(
    st: State,
    player: int,
    rng: RandomSource,
    decks: tuple[Deck, Deck],
    db: CardSource,
    scripts: ScriptSource,
    *,
    source: str = "decklist",
    seen: Iterable[int] = (),
    pool: Sequence[int] = (),
    catalogue: Iterable[CardData] = (),
) -> State:
    """A new state: ``st`` as ``player`` could believe it is (see the module doc).

    ``catalogue``: the cards a hidden place gets when neither its source nor
    its fallback has a card that fits it (with ``source="seen"``, the opponent's
    Extra Deck when the pool has no Extra Deck monster). A place that nothing
    fits raises :class:`~ygo.errors.InvalidArgumentError`: a hidden card never
    keeps its real identity."""
    if source not in ("decklist", "seen"):
        raise ValueError(f"unknown determinization source {source!r}")
    d = st.pending
    if d is not None and d.player != player:
        _check_rebuildable(st, player)
    new = st.clone()
    last_resort = _Catalogue(catalogue)
    hidden = hidden_uids(st, player)
    data = list(new.data)  # (``State.CARDS`` are tuples: rebuilt once below)
    fx = list(new.fx)
    ctype = list(new.ctype)
    by_owner: dict[int, list[int]] = {0: [], 1: []}
    for u in hidden:
        by_owner[st.owner[u]].append(u)
    cache: dict[int, CardData] = {}

    def card(code: int) -> CardData:
        if code not in cache:
            cache[code] = db.get(code)
        return cache[code]

    for owner in (0, 1):
        places = by_owner[owner]
        if not places:
            continue
        listed = Counter((*decks[owner].main, *decks[owner].extra))
        if not listed:  # a duel built without deck lists (a test scenario): its cards
            listed = Counter(
                st.data[u].code
                for u in range(st.ncards)
                if st.owner[u] == owner and not int(st.data[u].type) & TYPE_TOKEN
            )
        visible = _visible_codes(st, player, owner)
        if source == "decklist" or owner == player:
            remain = listed - visible
            codes = sorted(remain.elements())
            fallback_codes = sorted(listed)
        else:
            seen_codes = sorted(set(seen) | set(visible))
            fallback_codes = sorted(set(pool) | set(seen_codes))
            # As many candidates as places: seen cards first, then pool cards at random.
            codes = []
            cand = seen_codes + [c for c in pool if c not in seen_codes]
            while cand and len(codes) < 3 * len(places):
                codes.append(cand[rng.below(len(cand))])
            codes.sort()
        bag = [card(c) for c in codes]
        fallback = [card(c) for c in fallback_codes]
        rng_shuffle(rng, bag)
        for u in places:
            kind = _kind(st, u)
            chosen = _pick(kind, bag, fallback, rng) or last_resort.pick(kind, rng)
            if chosen is None:  # keeping the real card would show it: refuse
                raise InvalidArgumentError(
                    f"determinize: no card of the source or the catalogue fits card #{u}'s "
                    f"place ({Location(st.loc[u]).name})"
                )
            data[u] = chosen
            ctype[u] = int(chosen.type)
            fx[u] = card_effects(scripts, chosen)
    new.data = tuple(data)
    new.fx = tuple(fx)
    new.ctype = tuple(ctype)
    index_effects(new)  # resets State.reach too
    new.rng = rng_mod.seed_state((rng.below(1 << 32) << 32) | rng.below(1 << 32))
    _rewrite_history(new)
    if d is not None and d.player != player:
        _rebuild_decision(new, player)
    return new


# -- the world's history and open decision ---------------------------------------------


def _rewrite_history(new: State) -> None:
    """The world's past as the world's own cards: every event names the card its
    uid is in the world (the real log names the real hidden cards: the opponent's
    draws and Sets), and no choices log (with the real seed it would replay the
    real duel). Uids, kinds and every other field stay: what reads the log (a
    "this turn" condition, a negated activation) reads the same sequence."""
    data = new.data

    def fix(e: Event) -> Event:
        if e.card < 0:
            return e
        code = data[e.card].code
        return e if code == e.code else e._replace(code=code)

    new.events = Log(fix(e) for e in new.events)
    new.raised = [fix(e) for e in new.raised]
    new.window_events = tuple([fix(e) for e in new.window_events])
    new.held = [fix(e) for e in new.held]
    new.choices = Log()


def frame_cards(st: State) -> list[int]:
    """The cards the processor's frames work on: a monster being summoned (and a
    Pendulum Summon's monsters), a card being activated, a rule effect's card."""
    out: list[int] = []
    for f in st.stack:
        proc = f[AT_PROC]
        if proc in (Proc.SUMMON, Proc.ACTIVATE, Proc.SOLVE):
            out.append(f[LAYOUTS[Proc(proc)].index("card")])
        elif proc == Proc.PENDULUM:
            rest = f[AT_PENDULUM_TAIL:]
            out += rest[: rest.index(-1)] if -1 in rest else rest
    return out


#: The step that asks the decisions :func:`_rebuild_decision` runs again.
_ASKING_STEP: dict[int, int] = {
    Proc.MAIN: int(MainStep.OPEN),
    Proc.WINDOW: int(WindowStep.ASK),
    Proc.DISCARD: int(DiscardStep.ASK),
}


def _rebuilt_by(st: State, player: int) -> int:
    """How the other player's open decision is rebuilt in a world for ``player``
    (see :func:`_rebuild_decision`): 1 re-run its step, 2 rebuild its options, 0
    keep it (it names no card), -1 cannot (a decision inside an effect, built
    from the real hidden cards, or inside a procedure working on a card hidden
    from ``player``: a world would summon another card than the one it began
    to summon)."""
    if any(not identifies(st, u, player) for u in frame_cards(st)):
        return -1
    d = st.pending
    top = st.stack[-1][AT_PROC] if st.stack else -1
    kind = d.kind
    if (kind, top) in (
        (DecisionKind.MAIN, Proc.MAIN),
        (DecisionKind.PRIORITY, Proc.WINDOW),
        (DecisionKind.DISCARD, Proc.DISCARD),
    ):
        return 1
    if top == Proc.BATTLE and kind in (
        DecisionKind.BATTLE,
        DecisionKind.ATTACK_TARGET,
        DecisionKind.REPLAY,
    ):
        return 2
    if all(o.card < 0 and o.kind != ActionKind.SELECT for o in d.options):
        return 0  # the turn order, a battle position, a number: nothing hidden in it
    return -1


def _check_rebuildable(st: State, player: int) -> None:
    if _rebuilt_by(st, player) < 0:
        d = st.pending
        raise InvalidArgumentError(
            f"determinize: player {d.player}'s open {d.kind.name} decision was built from "
            "cards hidden from the other player and cannot be rebuilt in a world; "
            "determinize at that player's own decisions"
        )


def _rebuild_decision(new: State, player: int) -> None:
    """Ask the open decision of the other player again, in the world: its
    options were built from the real hidden cards (a hand's Normal Summons, its
    labels naming the real cards). The step that asked runs again from the
    world's state (it had done nothing else yet), or the options are built again
    as that step builds them; the world then runs on to its next decision (the
    world's player may have nothing to do there: a priority window passes)."""
    from ygo.engine import legal, proc, processor

    how = _rebuilt_by(new, player)
    if how == 0:
        return
    d = new.pending
    f = new.stack[-1]
    new.pending = None
    new.answer = None
    if how == 1:
        # MAIN asks at OPEN (its answer is read at CHOSEN), a window at ASK (its
        # answer at ANSWER), the hand limit at ASK (the discard is made at CHOSEN).
        f[AT_STEP] = _ASKING_STEP[f[AT_PROC]]
    elif d.kind == DecisionKind.BATTLE:
        proc.ask(new, d.player, d.kind, legal.battle_options(new))
    elif d.kind == DecisionKind.ATTACK_TARGET:
        proc.ask(new, d.player, d.kind, legal.target_options(new))
    else:  # REPLAY (R-BAT-8)
        proc.ask(new, d.player, d.kind, [*legal.target_options(new), legal.CANCEL])
    processor.run(new)


def rng_shuffle(rng: RandomSource, items: list[CardData]) -> None:
    """Fisher-Yates with ``rng``."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
