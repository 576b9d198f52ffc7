"""The duel state's own contract: every field has a copy category."""

from __future__ import annotations

from ygo.core.state import State
from ygo.data import starter_deck
from ygo.defaults import Duel


def test_every_slot_has_one_category() -> None:
    categories = (
        State.STATIC
        + State.CARDS
        + State.SCALARS
        + State.FLAT
        + State.NESTED
        + State.LOGS
        + State.OBJECTS
    )
    assert len(categories) == len(set(categories)), "a field is in two categories"
    assert set(State.TUPLES) <= set(State.FLAT), "TUPLES is a part of FLAT"
    assert set(categories) == set(State.__slots__)
    assert set(State.__annotations__) == set(State.__slots__), "a field lacks a declaration"


def test_clone_copies_every_container() -> None:
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=4)
    st = duel._st
    copy = st.clone()
    for name in State.FLAT + State.NESTED:
        assert getattr(copy, name) == getattr(st, name), name
        if name in State.TUPLES:  # replaced whole on a write, never mutated: shared
            assert type(getattr(st, name)) is tuple, name
            assert getattr(copy, name) is getattr(st, name), name
        else:
            assert getattr(copy, name) is not getattr(st, name), name
    for name in State.NESTED:
        for a, b in zip(getattr(copy, name), getattr(st, name), strict=True):
            assert a is not b, name
    for name in State.STATIC + State.CARDS:
        assert getattr(copy, name) is getattr(st, name), name
    for name in State.CARDS:  # replaced whole, never mutated: shared safely
        assert type(getattr(st, name)) is tuple, name


def test_derived_fields_are_slots_and_never_saved() -> None:
    # One list of the fields rebuilt on load (State.DERIVED): each is a field, and a
    # save holds none of them.
    from ygo.engine import serialize

    assert set(State.DERIVED) <= set(State.__slots__)
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=4)
    saved = serialize.state_to_dict(duel._st)
    assert not set(State.DERIVED) & set(saved)
