"""Clones, saves and digests: a duel is plain data (DESIGN.md, principle 3)."""

from __future__ import annotations

import contextlib
import json
import zlib
from typing import Any

import pytest

from tests.engine.helpers import (
    CELTIC_GUARDIAN,
    MYSTICAL_ELF,
    TRAP_HOLE,
    advance,
    new_duel,
    play_out,
    random_policy,
    snapshot,
)
from tests.scenario import Scenario
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import serialize
from ygo.engine.actions import DecisionKind
from ygo.engine.priority import Window
from ygo.engine.result import WinReason
from ygo.errors import HiddenCardError, SaveError, YgoError
from ygo.rules import Ruleset

# -- clone -------------------------------------------------------------------------------


def test_a_clone_is_independent_of_its_original() -> None:
    duel = advance(new_duel(seed=5), random_policy(1), 30)
    before = snapshot(duel)
    view_before = duel.view(0), duel.view(1)
    clone = duel.clone()
    assert clone.digest() == duel.digest() and clone.decision == duel.decision
    # Playing the clone to its end leaves the original where it was...
    play_out(clone, random_policy(2))
    assert clone.is_over
    assert snapshot(duel) == before
    assert (duel.view(0), duel.view(1)) == view_before
    # ...and playing the original does not touch a second clone.
    other = duel.clone()
    frozen = snapshot(other)
    play_out(duel, random_policy(3))
    assert snapshot(other) == frozen and not other.is_over


def test_a_clone_continues_exactly_like_its_original() -> None:
    duel = advance(new_duel(seed=8), random_policy(4), 25)
    clone = duel.clone()
    policy_a, policy_b = random_policy(6), random_policy(6)
    while not duel.is_over:
        assert duel.decision is not None and clone.decision is not None
        duel.apply(policy_a(duel, duel.decision))
        clone.apply(policy_b(clone, clone.decision))
        assert clone.digest() == duel.digest()
    assert clone.is_over and clone.result == duel.result
    assert clone.events() == duel.events() and clone.choices == duel.choices


def test_a_clone_keeps_the_set_up_and_the_history() -> None:
    duel = advance(new_duel(seed=8, first=1), random_policy(4), 10)
    clone = duel.clone()
    assert (clone.decks, clone.ruleset, clone.seed, clone.first) == (
        duel.decks,
        duel.ruleset,
        duel.seed,
        duel.first,
    )
    assert clone.events() == duel.events() and clone.choices == duel.choices
    assert clone.first_player == 1


def test_a_finished_duel_can_be_cloned() -> None:
    duel = play_out(new_duel(seed=9), random_policy(9))
    clone = duel.clone()
    assert clone.is_over and clone.result == duel.result and clone.digest() == duel.digest()


def test_clone_keeps_face_down_cards_and_stops() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    elf = s.monster(0, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE)
    s.spell(1, TRAP_HOLE)
    s.hand(0, CELTIC_GUARDIAN)
    duel = s.run()
    duel.stop_at(1, Window.END_PHASE)
    clone = duel.clone()
    assert clone.position(elf) == Position.FACEDOWN_DEFENSE
    assert clone.view(1) == duel.view(1)
    clone.apply("end-turn")
    d = clone.decision
    assert d is not None and d.kind == DecisionKind.PRIORITY and d.player == 1
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


# -- save and load -----------------------------------------------------------------------


@pytest.mark.parametrize("at", [0, 1, 17, 60, 150])
def test_save_and_load_mid_game_then_continue_identically(at: int) -> None:
    duel = advance(new_duel(seed=12, ruleset=Ruleset.classic()), random_policy(12), at)
    assert duel.decision is not None  # not over yet
    raw = duel.save()
    assert isinstance(raw, bytes)
    loaded = Duel.load(raw)
    assert loaded.digest() == duel.digest()
    assert loaded.decision == duel.decision
    assert loaded.events() == duel.events() and loaded.choices == duel.choices
    assert (loaded.decks, loaded.ruleset, loaded.seed, loaded.first) == (
        duel.decks,
        duel.ruleset,
        duel.seed,
        duel.first,
    )
    assert loaded.view(0) == duel.view(0) and loaded.view(1) == duel.view(1)
    assert loaded.save() == raw  # the saved form is canonical
    policy_a, policy_b = random_policy(13), random_policy(13)
    while not duel.is_over:
        assert duel.decision is not None and loaded.decision is not None
        duel.apply(policy_a(duel, duel.decision))
        loaded.apply(policy_b(loaded, loaded.decision))
    assert loaded.is_over and loaded.digest() == duel.digest()
    assert loaded.result == duel.result


def test_save_and_load_a_finished_duel() -> None:
    duel = play_out(new_duel(seed=14), random_policy(14))
    loaded = Duel.load(duel.save())
    assert loaded.is_over and loaded.decision is None
    assert loaded.result == duel.result and loaded.digest() == duel.digest()
    assert loaded.turn == duel.turn and (loaded.lp(0), loaded.lp(1)) == (duel.lp(0), duel.lp(1))


def _won_by_final_countdown() -> Duel:
    """Final Countdown activated in turn 3 wins in the End Phase of turn 22: its
    rule effect, carried out outside the chain, ends the duel (R-DUEL-6)."""
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (spell,) = s.hand(0, "Final Countdown")
    s.filler(0, 15)
    s.filler(1, 15)
    s.choose(0, f"activate Final Countdown [{spell}]")
    duel = s.run()
    while not duel.is_over:
        assert duel.decision is not None
        texts = [str(o) for o in duel.decision.options]
        passive = [t for t in ("end-turn", "pass") if t in texts]
        duel.apply(passive[0] if passive else 0)
    return duel


def test_a_duel_won_by_a_card_effect_saves_loads_and_verifies() -> None:
    # R-DUEL-6: a special win by a card's effect ends the duel like any other end:
    # the finished duel saves, loads (issue 22, item 2: a stale rule-effect link
    # made the load fail) and is the same duel after loading.
    duel = _won_by_final_countdown()
    assert duel.result is not None and duel.result.winner == 0
    assert duel.result.reason == WinReason.EFFECT
    assert (duel.turn, duel.phase) == (22, Phase.END)
    raw = duel.save()
    loaded = Duel.load(raw)
    assert loaded.is_over and loaded.decision is None
    assert loaded.result == duel.result and loaded.digest() == duel.digest()
    assert loaded.save() == raw
    assert (loaded.lp(0), loaded.lp(1)) == (duel.lp(0), duel.lp(1)) == (6000, 8000)
    for viewer in (0, 1):
        assert loaded.view(viewer) == duel.view(viewer)
        assert loaded.view(viewer).result == duel.result
    assert loaded.spectator_view() == duel.spectator_view()
    assert loaded.events() == duel.events() and loaded.choices == duel.choices


def test_a_save_of_a_card_effect_win_from_before_the_fix_loads() -> None:
    # Saves written before issue 22 (item 2) kept the winning rule effect's link
    # in the resolving slot: such a finished duel loads, as the same finished duel.
    duel = _won_by_final_countdown()
    payload = json.loads(zlib.decompress(duel.save()[len(serialize.MAGIC) :]))
    state = payload["state"]
    assert state["solving"] == [] and state["stack"] == []
    countdown = next(u for u in range(duel.card_count) if duel.name(u) == "Final Countdown")
    state["solving"] = [[countdown, 3, 1, 0, 0, False, False, False, 0, 1, [], [], {}]]
    old = serialize.dumps(payload)
    loaded = Duel.load(old)
    assert loaded.is_over and loaded.result == duel.result
    assert loaded.digest() == duel.digest() and loaded.save() == duel.save()
    assert loaded.view(0) == duel.view(0)


def test_save_keeps_a_scenario_position() -> None:
    s = Scenario().at(turn=5, player=1, phase=Phase.MAIN1).lp(0, 1234)
    elf = s.monster(1, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE)
    s.hand(1, CELTIC_GUARDIAN)
    duel = s.run()
    loaded = Duel.load(duel.save())
    assert (loaded.turn, loaded.turn_player, loaded.phase) == (5, 1, Phase.MAIN1)
    assert loaded.lp(0) == 1234
    assert loaded.location(elf) == Location.MZONE
    assert loaded.position(elf) == Position.FACEDOWN_DEFENSE
    assert loaded.view(0) == duel.view(0)


def _payload(duel: Duel) -> dict[str, Any]:
    return serialize.loads(duel.save())


def _pack(payload: object) -> bytes:
    return serialize.MAGIC + zlib.compress(json.dumps(payload).encode())


def _bad_saves() -> dict[str, object]:
    duel = advance(new_duel(seed=15), random_policy(15), 20)
    raw = duel.save()
    payload = _payload(duel)

    def without(key: str) -> bytes:
        return _pack({k: v for k, v in payload.items() if k != key})

    def with_(key: str, value: object) -> bytes:
        return _pack({**payload, key: value})

    state = payload["state"]
    assert isinstance(state, dict)
    return {
        "empty": b"",
        "garbage": b"\x00\xff garbage \x13\x37" * 10,
        "text": "YGOSAVE1\n",
        "none": None,
        "header only": serialize.MAGIC,
        "wrong header": b"YGOSAVE9\n" + raw[len(serialize.MAGIC) :],
        "lower-case header": raw.replace(b"YGOSAVE1", b"ygosave1", 1),
        "truncated to half": raw[: len(raw) // 2],
        "truncated by one byte": raw[:-1],
        "truncated after the header": raw[: len(serialize.MAGIC) + 4],
        "not zlib": serialize.MAGIC + b'{"format": 1}',
        "zlib of not JSON": serialize.MAGIC + zlib.compress(b"not json at all"),
        "zlib of not UTF-8": serialize.MAGIC + zlib.compress(b"\xff\xfe\xfa"),
        "JSON list": _pack([1, 2, 3]),
        "format 999": with_("format", 999),
        "format missing": without("format"),
        "decks missing": without("decks"),
        "ruleset missing": without("ruleset"),
        "seed missing": without("seed"),
        "first missing": without("first"),
        "three decks": with_("decks", [*payload["decks"], payload["decks"][0]]),
        "decks not lists": with_("decks", "abc"),
        "unknown ruleset field": with_("ruleset", {"bogus": 1}),
        "state not an object": with_("state", "abc"),
        "state lacks cards": with_("state", {k: v for k, v in state.items() if k != "cards"}),
        "state arrays disagree": with_("state", {**state, "loc": [1, 2]}),
        "state with a bad action": with_(
            "state",
            {**state, "pending": {"player": 0, "kind": 0, "count": 0, "options": [[99, 0, 0, ""]]}},
        ),
        "state with a bad card record": with_("state", {**state, "cards": [[1, 2, 3]]}),
    }


_BAD = _bad_saves()


@pytest.mark.parametrize("name", list(_BAD))
def test_loading_anything_but_a_save_is_a_save_error(name: str) -> None:
    with pytest.raises(SaveError) as info:
        Duel.load(_BAD[name])  # type: ignore[arg-type]
    assert isinstance(info.value, YgoError)
    message = str(info.value)
    assert message.strip() and "\n" not in message


def test_a_save_without_its_state_is_a_save_error() -> None:
    payload = _payload(new_duel(seed=1))
    del payload["state"]
    with pytest.raises(SaveError):
        Duel.load(_pack(payload))


def test_a_deeply_nested_save_is_a_save_error() -> None:
    with pytest.raises(SaveError):
        Duel.load(serialize.MAGIC + zlib.compress(b"[" * 100_000))


# -- digests -----------------------------------------------------------------------------


def test_equal_states_have_equal_digests() -> None:
    a, b = new_duel(seed=16), new_duel(seed=16)
    assert a.digest() == b.digest()
    digest = a.digest()
    assert isinstance(digest, str) and len(digest) == 32
    int(digest, 16)  # hexadecimal
    advance(a, random_policy(1), 40)
    advance(b, random_policy(1), 40)
    assert a.digest() == b.digest() == a.clone().digest() == Duel.load(a.save()).digest()


def test_the_digest_changes_with_the_state() -> None:
    duel = new_duel(seed=16)
    seen = {duel.digest()}
    for _ in range(30):
        d = duel.decision
        assert d is not None
        duel.apply(random_policy(2)(duel, d))
        seen.add(duel.digest())
    # Every action changed something (a summon, a phase, a turn...).
    assert len(seen) == 31
    assert new_duel(seed=16).digest() != new_duel(seed=17).digest()
    assert new_duel(seed=16, first=0).digest() != new_duel(seed=16, first=1).digest()


def test_the_digest_does_not_depend_on_reading_the_duel() -> None:
    duel = advance(new_duel(seed=18), random_policy(3), 12)
    digest = duel.digest()
    duel.view(0), duel.view(1), duel.events(0), duel.save(), duel.clone()
    for uid in range(duel.card_count):
        for viewer in (0, 1):
            with contextlib.suppress(HiddenCardError):
                duel.explain(uid, viewer)
    assert duel.digest() == digest


def test_stop_at_is_part_of_the_state() -> None:
    duel = new_duel(seed=19)
    plain = duel.digest()
    duel.stop_at(0, Window.DRAW)
    assert duel.digest() != plain
    loaded = Duel.load(duel.save())
    assert loaded.digest() == duel.digest()
