"""The hidden-information guard (R-DUEL-8): nothing a player may not know comes
out of anything that faces that player.

Many seeded random duels are walked; at many decision points, for both viewers
and every card ID:

- ``explain(uid, viewer)`` raises ``HiddenCardError`` exactly when
  ``view(viewer)`` hides that card (the Decks included), with the same message
  wherever the card is; otherwise its text names no card hidden from the viewer;
- ``events(viewer)`` names no card the viewer has never been able to see (by
  uid or passcode: a card seen once, face-up or revealed, may be named later,
  as a player remembers it), and the viewer's decision and view name no hidden
  card either.

"Hidden names" are the names of cards hidden from the viewer that no visible
card shares (two copies of a card: one seen, one not). Keep this test as the
guard for everything that comes later (effects, chains, reveals).
"""

from __future__ import annotations

import re

import pytest

from tests.engine.helpers import STARTERS, random_policy
from ygo.core.enums import Location
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind
from ygo.engine.events import EventKind
from ygo.engine.view import CardView, View
from ygo.errors import HiddenCardError

SEEDS = range(12)


def _cards(view: View) -> list[CardView]:
    out: list[CardView] = []
    for side in view.players:
        out += [*side.hand, *side.extra, *side.grave, *side.banished]
        out += [
            c for c in (*side.monsters, *side.spells, side.field, *side.pendulum) if c is not None
        ]
        out += [m for c in side.monsters if c is not None for m in c.materials]  # public
    return out


def remember(duel: Duel, seen: dict[int, set[int]]) -> None:
    """What each viewer has been able to see so far (views and public reveals)."""
    for viewer in (0, 1):
        seen[viewer] |= {c.uid for c in _cards(duel.view(viewer)) if c.uid is not None}
        seen[viewer] |= {e.card for e in duel.events(viewer) if e.kind in _SHOWN and e.card >= 0}


# Events that by rule show a card face-up to everyone it is not secret from: it may be
# named later even if it left the field before the next look (Morphing Jar #2 flipped
# and shuffled back in one go). Not a Special Summon: it may be face-down.
_SHOWN = frozenset(
    {EventKind.REVEAL, EventKind.SUMMON, EventKind.FLIP_SUMMON, EventKind.FLIP, EventKind.ACTIVATE}
)


def check_point(duel: Duel, seen: dict[int, set[int]] | None = None) -> int:
    """Check one decision point from both seats; returns the checks made."""
    checks = 0
    seen = seen if seen is not None else {0: set(), 1: set()}
    for viewer in (0, 1):
        view = duel.view(viewer)
        visible = {c.uid for c in _cards(view) if c.uid is not None}
        hidden = set(range(duel.card_count)) - visible
        seen_names = {duel.name(u) for u in visible}
        hidden_names = {duel.name(u) for u in hidden} - seen_names
        hidden_codes = {duel.card(u).code for u in hidden} - {duel.card(u).code for u in visible}
        # Cards revealed to the viewer (Painful Choice, The Forceful Sentry) may be offered.
        known = visible | seen[viewer]
        # The view itself: a hidden card has no uid, code or name.
        for c in _cards(view):
            assert (c.uid is None) == (c.code is None) == (c.name is None)
            if c.uid is None:  # nothing but its place: no stats, no counters
                assert (c.atk, c.defense, c.level, c.counters, c.materials) == ((None,) * 4 + ((),))
        if view.decision is not None:
            for option in view.decision.options:
                # An effect that searches your Deck shows you its cards (Last Will).
                searched = option.card >= 0 and duel.location(option.card) == Location.DECK
                searched = searched and duel.controller(option.card) == viewer
                assert option.card < 0 or option.card in known or searched, option
                assert set(option.cards) <= known, option  # a material set: seen cards
                if option.place is not None:  # named by its place: hidden, and there
                    there = view.at(option.place)
                    assert there is not None and there.uid is None, option
                    assert view.card_of(option) is there
                label = option.label
                if option.card >= 0:  # its own card, visible: set its name aside
                    label = label.replace(duel.name(option.card), "")
                if option.kind == ActionKind.TARGET:  # an attack target: named when face-up
                    target = view.opponent.monsters[option.zone]
                    if target is not None and target.name is not None:
                        label = label.replace(target.name, "")
                assert not any(name in label for name in hidden_names), option
        # explain: refused exactly for hidden cards, with one message for all.
        for uid in range(duel.card_count):
            if uid in hidden:
                with pytest.raises(HiddenCardError) as info:
                    duel.explain(uid, viewer)
                assert str(info.value) == f"card #{uid} is not visible to player {viewer}"
            else:
                why = duel.explain(uid, viewer)
                assert why.name == duel.name(uid)  # a visible card: its own name
                # Everything else it says (its own name aside, which may contain
                # another card's, "Ryu-Kishin" in "Ryu-Kishin Powered").
                text = " ".join((*why.reasons, *(str(a) for a in why.actions)))
                text = text.replace(why.name, "")
                # A summoning condition quotes the card's own text ("first by Elegant
                # Egotist"): a card name there is public knowledge, not a hidden card.
                text = re.sub(r"\(summoning condition:[^)]*\)", "", text)
                # A card named by the explained card's own text ("needs Toon World")
                # is rules knowledge, not a hidden card.
                own = duel.card(uid).summary
                leaked = [n for n in hidden_names if n in text and n not in own]
                assert not leaked, (uid, viewer, leaked, str(why))
            checks += 1
        # events: no card the viewer could never see, by uid or passcode.
        never_codes = hidden_codes - {duel.card(u).code for u in known}
        for e in duel.events(viewer):
            if e.card >= 0:
                assert e.card in known, (viewer, e)
            if e.kind == EventKind.ATTACK and e.value >= 0:
                assert e.value in known, (viewer, e)
            assert e.code == 0 or e.code not in never_codes, (viewer, e)
            checks += 1
    return checks


@pytest.mark.parametrize("seed", SEEDS)
def test_nothing_hidden_comes_out(seed: int) -> None:
    # R-DUEL-8
    duel = Duel(STARTERS, seed=seed)  # the coin toss decision included
    policy = random_policy(seed + 100)
    checks = n = 0
    seen: dict[int, set[int]] = {0: set(), 1: set()}
    while not duel.is_over and n < 400:
        remember(duel, seen)
        if n % 7 == 0 or n < 3:
            checks += check_point(duel, seen)
        d = duel.decision
        assert d is not None
        duel.apply(policy(duel, d))
        n += 1
    remember(duel, seen)
    checks += check_point(duel, seen)  # the end, too
    assert checks > 1000


def test_the_walk_sees_hidden_cards_of_every_kind() -> None:
    # The guard is not vacuous: in these duels there are hand, Deck, Extra Deck
    # and face-down field cards hidden from the opponent at some point.
    duel = Duel(STARTERS, seed=3, first=0)
    policy = random_policy(3)
    kinds: set[str] = set()
    for _ in range(300):
        if duel.is_over:
            break
        view = duel.view(1)
        opp = view.players[0]
        if any(not c.known for c in opp.hand):
            kinds.add("hand")
        if any(c is not None and not c.known for c in (*opp.monsters, *opp.spells)):
            kinds.add("face-down")
        if opp.deck_count:
            kinds.add("deck")
        d = duel.decision
        assert d is not None
        duel.apply(policy(duel, d))
    assert {"hand", "face-down", "deck"} <= kinds
