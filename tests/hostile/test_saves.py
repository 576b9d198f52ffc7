"""Hostile saves: a loaded save is a state the engine could have reached, in
shape, or a :class:`SaveError` (issue 7, "Trust boundary").

Real saves from several seeded random duels are decoded, one field at a time
is tampered with in many ways (wrong type, out of range, wrong length,
duplicate or missing card IDs...), and each result must either raise
``SaveError`` or load and then play on (views from both seats, events,
explain, random options until the end or 50 decisions) without any error
that is not a ``YgoError``.
"""

from __future__ import annotations

import contextlib
import copy
import json
import time
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.engine.helpers import new_duel, random_policy
from ygo.core.state import State
from ygo.defaults import Duel
from ygo.engine import serialize
from ygo.engine.frames import AT_PROC
from ygo.engine.proc import Proc
from ygo.engine.rng import Rng
from ygo.errors import SaveError, YgoError

# (seed, decisions answered before the save): early, mid-game, late, and over.
POINTS = [(1, 0), (2, 7), (3, 40), (4, 150), (5, 10_000)]
#: The points every run tampers with; ``make test-slow`` tampers with all of them.
QUICK = [(2, 7), (4, 150)]


def _saved_at(seed: int, k: int) -> bytes:
    duel = new_duel(seed, toss=None)
    policy = random_policy(seed)
    for _ in range(k):
        d = duel.decision
        if d is None:
            break
        duel.apply(policy(duel, d))
    return duel.save()


SAVES = {point: _saved_at(*point) for point in POINTS}


def _payload(data: bytes) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(zlib.decompress(data[len(serialize.MAGIC) :]))
    return out


def play_on(duel: Duel, seed: int) -> None:
    """What a front end does with a loaded duel: nothing here may raise anything
    but a YgoError."""
    rng = Rng(seed)
    seen = 0
    for i in range(50):
        for viewer in (0, 1):
            if i < 3 or i % 10 == 0:  # views are the costly part: the first few, then some
                duel.view(viewer)
            duel.events(viewer, seen)
        seen = duel.event_count
        if i == 0:
            for uid in range(duel.card_count):
                for viewer in (0, 1):
                    with contextlib.suppress(YgoError):
                        duel.explain(uid, viewer)
        d = duel.decision
        if d is None:
            return
        duel.apply(rng.below(len(d.options)))
    duel.digest()
    duel.clone()
    Duel.load(duel.save())


# -- the mutations --------------------------------------------------------------------

_ODD: list[Any] = ["abc", None, 1.5, True, {}, [], -1, 99_999, 2**70, -(2**70), [99_999]]


def _leaves(v: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Paths to every element of a JSON value (lists and dicts), the value included."""
    yield path
    if isinstance(v, list):
        for i, x in enumerate(v):
            yield from _leaves(x, (*path, i))
    elif isinstance(v, dict):
        for k, x in v.items():
            yield from _leaves(x, (*path, k))


def _get(v: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        v = v[p]
    return v


def _set(root: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    _get(root, path[:-1])[path[-1]] = value


def _copy(state: dict[str, Any], name: str) -> dict[str, Any]:
    """A copy of ``state`` whose field ``name`` may be changed (the rest shared)."""
    out = dict(state)
    out[name] = copy.deepcopy(state[name])
    return out


def mutations(state: dict[str, Any], name: str, seed: int, places: int) -> Iterator[dict[str, Any]]:
    """Tampered copies of ``state``, each with one change inside field ``name``."""
    rng = Rng(seed)
    paths = list(_leaves(state[name], (name,)))
    # Every odd value at the field itself, then at random places inside it.
    picks = [(name,)] + [paths[rng.below(len(paths))] for _ in range(places)]
    for path in picks:
        for odd in _ODD:
            out = _copy(state, name)
            _set(out, path, copy.deepcopy(odd))
            yield out
        old = _get(state, path)
        if isinstance(old, int) and not isinstance(old, bool):
            for delta in (-1, 1, 5, -100, 1000):
                out = _copy(state, name)
                _set(out, path, old + delta)
                yield out
        if isinstance(old, list):
            variants: list[list[Any]] = [old[:-1], old[1:], [*old, old[-1] if old else 0]]
            if len(old) > 1:
                variants.append([old[1], old[0], *old[2:]])
            for v in variants:
                out = _copy(state, name)
                _set(out, path, copy.deepcopy(v))
                yield out
    # Duplicates and losses of a card ID between the zone lists.
    if name in ("deck", "hand", "grave", "banished", "extra", "overlay", "mzone", "szone"):
        for p in (0, 1):
            if state[name][p]:
                out = _copy(state, name)
                out[name][p].append(state[name][p][0])
                yield out
                out = _copy(state, name)
                out[name][p] = [x for x in state[name][p] if x != state[name][p][0]]
                yield out
    out = _copy(state, name)
    del out[name]
    yield out


def _check(payload: dict[str, Any], seed: int) -> str:
    try:
        duel = Duel.load(serialize.dumps(payload))
    except SaveError:
        return "refused"
    with contextlib.suppress(YgoError):
        play_on(duel, seed)
    return "loaded"


FIELD_NAMES = [*sorted(serialize.FIELDS), "cards", "owner", "ruleset_name"]


def _tamper_all(name: str, points: list[tuple[int, int]], places: int) -> None:
    outcomes = {"refused": 0, "loaded": 0}
    for seed, k in points:
        payload = _payload(SAVES[(seed, k)])
        for i, state in enumerate(
            mutations(payload["state"], name, seed * 1000 + len(name), places)
        ):
            tampered = dict(payload, state=state)
            outcomes[_check(tampered, seed + i)] += 1
    # Every field has mutations that are refused (the checks are not vacuous).
    assert outcomes["refused"] > 0, outcomes


@pytest.mark.parametrize("name", FIELD_NAMES)
def test_a_tampered_field_is_refused_or_plays_on(name: str) -> None:
    _tamper_all(name, QUICK, 4)


@pytest.mark.slow
@pytest.mark.parametrize("name", FIELD_NAMES)
def test_a_tampered_field_is_refused_or_plays_on_at_every_point(name: str) -> None:
    _tamper_all(name, POINTS, 12)


@pytest.mark.parametrize("key", ["decks", "ruleset", "seed", "first", "format", "engine"])
def test_tampered_set_up_fields_are_refused_or_play_on(key: str) -> None:
    payload = _payload(SAVES[(2, 7)])
    refused = 0
    for odd in [*_ODD, [[], [], []], [[1, 2], [], [], []], "mr3", 7, 0, 1]:
        tampered = dict(payload)
        tampered[key] = copy.deepcopy(odd)
        refused += _check(tampered, 3) == "refused"
    assert refused > 0


def test_the_untampered_saves_load_and_play_on() -> None:
    for (seed, _), data in SAVES.items():
        assert _check(_payload(data), seed) == "loaded"


def test_the_field_table_covers_every_state_field() -> None:
    # A new State field needs a check in serialize.FIELDS, or saves would carry it
    # unchecked (the lead adds fields for effects and chains).
    every = State.SCALARS + State.FLAT + State.NESTED + State.LOGS + State.OBJECTS
    not_saved = set(serialize._DERIVED) | set(serialize._CARD_KEYS)
    assert set(serialize.FIELDS) == set(every) - not_saved


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.pop("lp"), "field 'lp' is missing"),
        (lambda s: s.__setitem__("mana", 3), "unknown field 'mana'"),
        (lambda s: s.__setitem__("tp", 5), "'tp' must be 0 or 1"),
        (lambda s: s.__setitem__("phase", 999), "'phase' must be a Phase value"),
        (lambda s: s.__setitem__("lp", ["abc", 8000]), "'lp' must be 2 ints"),
        (lambda s: s["hand"][0].append(99_999), "'hand' must be 2 lists of card IDs"),
        (lambda s: s["pending"].__setitem__("options", []), "'pending' must be null or a"),
        (lambda s: s["mzone"][0].pop(), "'mzone' must be 2 lists of 5"),
        (lambda s: s["hand"][0].append(s["deck"][0][0]), "is in two places"),
        (lambda s: s["hand"][0].pop(), "is nowhere"),
        (lambda s: s.__setitem__("stack", [[99, 0]]), "'stack' must be a list of processor"),
    ],
)
def test_the_error_names_the_problem(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    # The examples of issue 7: a uid of 99999 in the hand, tp 5, phase 999, lp
    # 'abc', a pending decision with no options, a short zone list.
    payload = _payload(SAVES[(2, 7)])
    change(payload["state"])
    with pytest.raises(SaveError, match=message.replace("(", r"\(")):
        Duel.load(serialize.dumps(payload))


def test_a_zip_bomb_is_refused_quickly() -> None:
    # A small save that decompresses to 200 MB: refused at the cap, not inflated.
    pack = zlib.compressobj(9)
    chunks = [serialize.MAGIC, pack.compress(b'{"format":1,"pad":"')]
    block = b"a" * (1024 * 1024)
    chunks += [pack.compress(block) for _ in range(200)]
    chunks.append(pack.compress(b'"}') + pack.flush())
    bomb = b"".join(chunks)
    assert len(bomb) < 1024 * 1024
    start = time.perf_counter()
    with pytest.raises(SaveError, match="too large"):
        Duel.load(bomb)
    assert time.perf_counter() - start < 5


def test_a_truncated_save_is_corrupt() -> None:
    data = SAVES[(2, 7)]
    with pytest.raises(SaveError, match="corrupt"):
        Duel.load(data[: len(data) // 2])


def _inside_an_effect() -> Duel:
    """A duel stopped at a decision inside an activation (a cost or a target)."""
    from ygo.cards.scripts import default_scripts
    from ygo.core.deck import Deck
    from ygo.engine.actions import DecisionKind as DK
    from ygo.engine.rng import Rng
    from ygo.sim import bench_deck

    codes = default_scripts().codes()
    deck = Deck(main=tuple((codes * 2)[:40] + list(bench_deck("S").main[:20])))
    for seed in range(60):
        duel = Duel((deck, deck), seed=seed)
        pick = Rng(seed).below
        while not duel.is_over:
            d = duel.decision
            assert d is not None
            top = duel._st.stack[-1]
            if d.kind == DK.EFFECT and top[AT_PROC] == Proc.ACTIVATE and duel._st.chain:
                return duel
            duel.apply(pick(len(d.options)))
    raise AssertionError("no activation asked a question")


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.__setitem__("chain", []),
        lambda s: s["stack"][-1].__setitem__(3, 63),
        lambda s: s.__setitem__("stack", s["stack"][1:]),
        lambda s: s["pending"]["options"][0].__setitem__(1, 0),
    ],
)
def test_a_tampered_save_inside_an_effect_is_refused(change: Any) -> None:
    # Found by a hostile tester: each of these loaded, then crashed apply().
    import json
    import zlib

    duel = _inside_an_effect()
    payload = json.loads(zlib.decompress(duel.save()[len(serialize.MAGIC) :]))
    change(payload["state"])
    data = serialize.MAGIC + zlib.compress(json.dumps(payload).encode())
    try:
        loaded = Duel.load(data)
    except SaveError:
        return
    for _ in range(20):  # if it loads, it plays on without a non-ygo error
        if loaded.is_over:
            break
        assert loaded.decision is not None
        loaded.apply(0)
