"""``Duel.determinize(player, rng)``: the hidden cards replaced by believable ones
(R-DUEL-8: only what ``view(player)`` shows, plus the deck lists, is read)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.scenario import Scenario, swap_identities
from ygo.core.enums import CardType, Location, Phase, Position
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.determinize import hidden_uids
from ygo.engine.rng import Rng
from ygo.engine.view import identifies
from ygo.invariants import check_invariants, scripted_decks

STARTERS = (starter_deck("yugi"), starter_deck("kaiba"))


def _advance(duel: Duel, steps: int, seed: int) -> Duel:
    rng = Rng(seed)
    for _ in range(steps):
        if duel.is_over:
            break
        d = duel.decision
        assert d is not None
        duel.apply(rng.below(len(d.options)))
    return duel


@pytest.mark.parametrize("seed", range(4))
def test_the_player_sees_the_same_duel(seed: int) -> None:
    # R-DUEL-8: what the player may know is the same; only hidden cards change.
    duel = _advance(Duel(STARTERS, seed=seed), 40, seed)
    if duel.is_over:
        pytest.skip("the duel ended early")
    p = duel.decision.player if duel.decision else 0
    before = duel.digest()
    world = duel.determinize(p, Rng(seed))
    assert world.view(p) == duel.view(p)
    assert duel.digest() == before  # the real duel is untouched
    for uid in range(duel.card_count):
        if identifies(duel._st, uid, p):
            assert world.card(uid) == duel.card(uid)
            assert world.location(uid) == duel.location(uid)


def test_hidden_cards_are_the_deck_list_less_what_is_seen() -> None:
    duel = _advance(Duel(STARTERS, seed=7), 60, 7)
    p = 0
    opp = 1
    world = duel.determinize(p, Rng(3))
    listed = Counter((*duel.decks[opp].main, *duel.decks[opp].extra))
    seen = Counter(
        duel.card(u).code
        for u in range(duel.card_count)
        if duel._st.owner[u] == opp and identifies(duel._st, u, p)
    )
    hidden = [u for u in hidden_uids(duel._st, p) if duel._st.owner[u] == opp]
    assert hidden, "the opponent has hidden cards"
    assert Counter(world.card(u).code for u in hidden) == listed - seen


def test_the_deck_order_and_the_opponents_hand_are_resampled() -> None:
    duel = _advance(Duel(STARTERS, seed=11), 30, 11)
    worlds = [duel.determinize(0, Rng(s)) for s in range(6)]
    hands = {tuple(w.card(u).code for u in w.hand(1)) for w in worlds}
    decks = {tuple(w.card(u).code for u in w.deck(0)) for w in worlds}
    assert len(hands) > 1 and len(decks) > 1
    # the player's own hand is never changed
    assert all([w.card(u) for u in w.hand(0)] == [duel.card(u) for u in duel.hand(0)]
               for w in worlds)  # fmt: skip


def test_swapping_the_real_hidden_cards_changes_nothing() -> None:
    # The determinization never reads the real identities: swap two hidden cards
    # of the opponent (one in hand, one in the Deck) and get the same duel.
    duel = _advance(Duel(STARTERS, seed=5), 50, 5)
    other = duel.clone()
    hand, deck = duel.hand(1), duel.deck(1)
    pair = next(
        ((h, d) for h in hand for d in deck if duel.card(h).code != duel.card(d).code), None
    )
    assert pair is not None
    swap_identities(other, *pair)
    assert other.digest() != duel.digest()
    assert duel.determinize(0, Rng(9)).digest() == other.determinize(0, Rng(9)).digest()


def test_set_cards_get_cards_that_fit_their_zone() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.spell(1, "Mirror Force")
    s.monster(1, "Man-Eater Bug", Position.FACEDOWN_DEFENSE)
    s.hand(1, "Dark Hole", "Summoned Skull", "Umi")
    s.deck(1, "Raigeki", "Celtic Guardian", "Trap Hole")
    duel = s.build()
    for seed in range(20):
        world = duel.determinize(0, Rng(seed))
        st = world._st
        (trap,) = [u for u in world.spells(1) if u is not None]
        (mon,) = [u for u in world.monsters(1) if u is not None]
        assert not st.data[trap].type & CardType.MONSTER
        assert not st.data[trap].type & CardType.FIELD
        assert st.data[mon].type & CardType.MONSTER
        assert world.position(mon) == Position.FACEDOWN_DEFENSE


def test_seen_cards_and_pool_as_the_source() -> None:
    duel = _advance(Duel(STARTERS, seed=2), 30, 2)
    pool = [89631139, 46986414]  # Blue-Eyes, Dark Magician
    world = duel.determinize(0, Rng(1), source="seen", seen=(), pool=pool)
    visible = {
        duel.card(u).code
        for u in range(duel.card_count)
        if duel._st.owner[u] == 1 and identifies(duel._st, u, 0)
    }
    for u in world.hand(1) + world.deck(1):
        assert world.card(u).code in set(pool) | visible
    with pytest.raises(ValueError):
        duel.determinize(0, Rng(1), source="oracle")


@pytest.mark.parametrize("seed", range(5))
def test_a_determinized_duel_plays_on_to_a_legal_end(seed: int) -> None:
    duel = Duel(scripted_decks(seed), seed=seed)
    rng = Rng(seed)
    steps = 0
    while not duel.is_over and steps < 3000:
        d = duel.decision
        assert d is not None
        if steps % 53 == 7:
            world = duel.determinize(d.player, Rng(seed * 7919 + steps))
            walk = Rng(steps)
            n = 0
            while not world.is_over and n < 3000:
                lp, ev = [world.lp(0), world.lp(1)], world.event_count
                wd = world.decision
                assert wd is not None
                world.apply(walk.below(len(wd.options)))
                check_invariants(world, lp, ev)
                n += 1
            assert world.is_over, "a determinized duel got stuck"
        duel.apply(rng.below(len(d.options)))
        steps += 1


def test_hidden_uids_are_exactly_what_the_view_hides() -> None:
    duel = _advance(Duel(STARTERS, seed=4), 45, 4)
    for p in (0, 1):
        hidden = set(hidden_uids(duel._st, p))
        for uid in range(duel.card_count):
            if duel.location(uid) == Location.DECK:
                assert uid in hidden
            else:
                assert (uid in hidden) == (not identifies(duel._st, uid, p))
