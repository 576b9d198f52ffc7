"""Property tests: seeded random duels, with the engine's invariants checked
after every action (OpenSpiel's random_sim_test, for this engine).

After every action:
- every card is in exactly one place, and the per-card arrays agree with the
  zone lists (location, controller, zone index);
- zone limits hold (5 Monster Zones, 5 Spell & Trap Zones, 1 Field Zone);
- LP changed only through DAMAGE events, by exactly their amounts;
- the decision's options are distinct, and explain() agrees with them;
- no chain is open at a Main Phase or Battle Step menu (every chain ends), and no
  count limit is exceeded;
- the Extra Deck holds only Extra Deck monsters, and no Extra Deck monster is in a
  hand or Main Deck (R-SUM-12); a card leaves the Extra Deck only by a Special
  Summon or an effect's move (events say so) and enters it only by a move;
- Tokens never reach a GY, hand, Deck or banished (R-SUM-11);
- the current attack names only monsters in a Monster Zone (a Token that left
  is gone, issue 22);
- both players' views and the spectator's can be built and agree with the duel
  (``check_views``; at every decision in ``make test``, every 8th under ``slow``).
Per duel:
- every duel ends;
- the finished duel saves and loads as the same duel (``check_round_trip``:
  digest, result, views, events; issue 22: a card-effect win did not load);
- a replay of the recorded choices reproduces the final digest;
- clone-then-continue equals continue; save-load-continue equals continue, also
  from a decision inside an effect's resolution (the first one met).

Decks: the starter decks, benchmark decks V and S, and random legal decks drawn
from the whole scripted card pool (with an Extra Deck of scripted Fusion
monsters). 500 duels run in ``make test``; 10,000 under the ``slow`` mark.
"""

from __future__ import annotations

import pytest

from ygo.cards.pool import embedded_pool
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.actions import DecisionKind
from ygo.engine.rng import Rng
from ygo.formats.replay import Recorder, replay_duel
from ygo.invariants import check_invariants, check_round_trip, check_views, scripted_decks
from ygo.rules import Ruleset
from ygo.sim import bench_deck

MAX_DECISIONS = 5000

_DECKS = {
    "starter": (starter_deck("yugi"), starter_deck("kaiba")),
    "V": (bench_deck("V"), bench_deck("V")),
    "S": (bench_deck("S"), bench_deck("S")),
    "scripted": None,
}


_RULESETS = (Ruleset.mr3(), Ruleset.classic())


def play_checked(seed: int, deck_key: str, ruleset: Ruleset, views_every: int = 1) -> None:
    decks = _DECKS[deck_key] or scripted_decks(seed)
    db = embedded_pool()
    duel = Duel(decks, ruleset, seed, db=db)
    recorder = Recorder(duel)
    pick = Rng(seed * 7 + 1).below
    check_invariants(duel, [ruleset.start_lp] * 2, 0)
    rng = Rng(seed)
    fork_at = {rng.below(300), rng.below(300)}
    forks: list[tuple[Duel, Duel, int]] = []
    inside_seen = False
    n = 0
    while not duel.is_over:
        assert n < MAX_DECISIONS, "the duel does not end"
        d = duel.decision
        assert d is not None
        if (n + seed) % views_every == 0:
            check_views(duel)
        inside = d.kind == DecisionKind.EFFECT  # a decision inside an effect
        if n in fork_at or (inside and not inside_seen):
            inside_seen = inside_seen or inside
            forks.append((duel.clone(), Duel.load(duel.save()), n))
        lp_before = [duel.lp(0), duel.lp(1)]
        events_before = duel.event_count
        extra_before = [set(duel.extra(0)), set(duel.extra(1))]
        recorder.apply(pick(len(d.options)))
        check_invariants(duel, lp_before, events_before, extra_before)
        n += 1
    check_views(duel)
    final = duel.digest()
    choices = duel.choices
    check_round_trip(duel)
    # The replay reproduces the final digest.
    again = replay_duel(recorder.replay, db, verify=True)
    assert again.digest() == final
    # clone-then-continue and save-load-continue equal continue.
    for clone, loaded, at in forks:
        assert clone.digest() == loaded.digest()
        for other in (clone, loaded):
            for index in choices[at:]:
                other.apply(index)
            assert other.is_over
            assert other.digest() == final


def test_random_scripted_decks_are_legal() -> None:
    from ygo.deckcheck import is_legal

    for seed in range(5):
        for deck in scripted_decks(seed):
            assert is_legal(deck, embedded_pool())


def _cases(n: int) -> list[tuple[int, str, Ruleset]]:
    keys = list(_DECKS)
    return [(seed, keys[seed % len(keys)], _RULESETS[(seed // 3) % 2]) for seed in range(n)]


@pytest.mark.parametrize("chunk", range(10))
def test_random_duels_hold_invariants(chunk: int) -> None:
    # 500 duels in 10 chunks (so pytest-xdist can spread them over cores).
    for seed, deck_key, ruleset in _cases(500)[chunk::10]:
        play_checked(seed, deck_key, ruleset)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(100))
def test_random_duels_hold_invariants_10k(chunk: int) -> None:
    for seed, deck_key, ruleset in _cases(10_000)[chunk::100]:
        play_checked(10_000 + seed, deck_key, ruleset, views_every=8)
