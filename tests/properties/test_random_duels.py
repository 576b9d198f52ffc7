"""Property tests: seeded random duels, with the engine's invariants checked
after every action (OpenSpiel's random_sim_test, for this engine).

After every action:
- every card is in exactly one place, and the per-card arrays agree with the
  zone lists (location, controller, zone index);
- zone limits hold (5 Monster Zones, 5 Spell & Trap Zones, 1 Field Zone);
- LP changed only through DAMAGE events, by exactly their amounts;
- the decision's options are distinct, and explain() agrees with them.
Per duel:
- every duel ends;
- a replay of the recorded choices reproduces the final digest;
- clone-then-continue equals continue; save-load-continue equals continue.

500 duels run in ``make test``; 10,000 under the ``slow`` mark.
"""

from __future__ import annotations

import pytest

from ygo.cards.pool import embedded_pool
from ygo.core.enums import Location
from ygo.core.state import NONE, ZONES
from ygo.data import starter_deck
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.duel import Duel
from ygo.engine.events import EventKind
from ygo.engine.explain import reposition_blockers, set_spell_blockers, summon_blockers
from ygo.engine.rng import Rng
from ygo.formats.replay import Recorder, replay_duel
from ygo.rules import Ruleset
from ygo.sim import bench_deck

MAX_DECISIONS = 5000

_DECKS = {
    "starter": (starter_deck("yugi"), starter_deck("kaiba")),
    "V": (bench_deck("V"), bench_deck("V")),
    "S": (bench_deck("S"), bench_deck("S")),
}
_RULESETS = (Ruleset.mr3(), Ruleset.classic())


def check_invariants(duel: Duel, lp_before: list[int], events_before: int) -> None:
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
    assert len(seen) == st.ncards, "a card is nowhere"
    for uid, (loc, player, zone) in seen.items():
        assert st.loc[uid] == loc, f"card {uid}: loc {st.loc[uid]} but found in {loc}"
        assert st.ctrl[uid] == player
        if loc in (Location.MZONE, Location.SZONE):
            assert st.seq[uid] == zone
        if loc not in (Location.MZONE, Location.SZONE, Location.FZONE):
            # R-TERM-2: off the field, cards are with their owner.
            assert player == st.owner[uid]
    # LP changes only through damage events.
    lp = list(lp_before)
    for e in st.events[events_before:]:
        assert e.kind not in (EventKind.LP_GAIN, EventKind.LP_PAY)
        if e.kind == EventKind.DAMAGE:
            assert e.value > 0
            lp[e.player] = max(0, lp[e.player] - e.value)
    assert lp == st.lp, f"LP {st.lp} but the damage events give {lp}"
    d = duel.decision
    if d is not None:
        assert len(d.options) >= 2 or d.kind == DecisionKind.PRIORITY
        assert len(set(d.options)) == len(d.options), "duplicate options"
        assert len({str(o) for o in d.options}) == len(d.options), "duplicate option texts"
        if d.kind == DecisionKind.MAIN:
            check_explain_agrees(duel)


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
    repositions = {ActionKind.FLIP_SUMMON, ActionKind.TO_ATTACK, ActionKind.TO_DEFENSE}
    for uid in st.mzone[p]:
        if uid != NONE:
            kinds = by_card.get(uid, set())
            assert bool(kinds & repositions) == (not reposition_blockers(st, uid))


def play_checked(seed: int, deck_key: str, ruleset: Ruleset) -> None:
    decks = _DECKS[deck_key]
    db = embedded_pool()
    duel = Duel(decks, ruleset, seed, db=db)
    recorder = Recorder(duel)
    pick = Rng(seed * 7 + 1).below
    check_invariants(duel, [ruleset.start_lp] * 2, 0)
    rng = Rng(seed)
    fork_at = {rng.below(300), rng.below(300)}
    forks: list[tuple[Duel, Duel, int]] = []
    n = 0
    while not duel.is_over:
        assert n < MAX_DECISIONS, "the duel does not end"
        d = duel.decision
        assert d is not None
        if n in fork_at:
            forks.append((duel.clone(), Duel.load(duel.save()), n))
        lp_before = [duel.lp(0), duel.lp(1)]
        events_before = duel.event_count
        recorder.apply(pick(len(d.options)))
        check_invariants(duel, lp_before, events_before)
        n += 1
    final = duel.digest()
    choices = duel.choices
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
        play_checked(10_000 + seed, deck_key, ruleset)
