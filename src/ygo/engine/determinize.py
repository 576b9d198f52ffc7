"""Determinization: a copy of a duel in which everything one player cannot see is
replaced by cards that player could believe are there (for search agents).

``determinize(st, player, rng, ...)`` returns a new state in which

- every card hidden from ``player`` (R-DUEL-8: the opponent's hand, face-down
  cards and hidden Extra Deck, face-down banished cards, and both Decks) gets
  a new identity, drawn from what ``player`` may believe is there;
- the duel's own random generator is reseeded (future shuffles and coin tosses
  are not knowable either).

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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.core.enums import CardType, Location
from ygo.core.state import State
from ygo.engine import rng as rng_mod
from ygo.engine.setup import ScriptSource, card_effects, index_effects
from ygo.engine.view import identifies

_MONSTER = int(CardType.MONSTER)
_EXTRA = int(CardType.EXTRA)
_TOKEN = int(CardType.TOKEN)
_FIELD = int(CardType.FIELD)


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
    is_monster = bool(t & _MONSTER)
    is_extra = is_monster and bool(t & _EXTRA)
    if kind == _XDECK:
        return is_extra
    if is_extra:
        return False
    if kind == _MZONE:
        return is_monster
    if kind == _SZONE:
        return not is_monster and not t & _FIELD
    if kind == _FZONE:
        return not is_monster and bool(t & _FIELD)
    return True


def hidden_uids(st: State, player: int) -> list[int]:
    """The cards ``player`` cannot identify now that determinize may reassign,
    by location then place in it (an order that does not depend on who is where)."""
    out = []
    for uid in range(st.ncards):
        if st.loc[uid] == 0 or st.ctype[uid] & _TOKEN:
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
        and not st.ctype[u] & _TOKEN
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
) -> State:
    """A new state: ``st`` as ``player`` could believe it is (see the module doc)."""
    if source not in ("decklist", "seen"):
        raise ValueError(f"unknown determinization source {source!r}")
    new = st.clone()
    hidden = hidden_uids(st, player)
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
                if st.owner[u] == owner and not int(st.data[u].type) & _TOKEN
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
            chosen = _pick(kind, bag, fallback, rng)
            if chosen is None:
                continue  # nothing could be there: keep the card as it is
            new.data[u] = chosen
            new.ctype[u] = int(chosen.type)
            new.fx[u] = card_effects(scripts, chosen)
    index_effects(new)  # resets State.reach too
    new.rng = rng_mod.seed_state((rng.below(1 << 32) << 32) | rng.below(1 << 32))
    return new


def rng_shuffle(rng: RandomSource, items: list[CardData]) -> None:
    """Fisher-Yates with ``rng``."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
