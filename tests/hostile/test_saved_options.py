"""Hostile saves of an option's material set (``Action.cards``, issue 22 item 6):
a save whose open decision names cards its chooser may not see, or malformed
ones, is refused with SaveError; the real one loads and plays on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.engine.helpers import STARTERS
from tests.engine.test_public_api import _three_level_3s, pick
from ygo.defaults import Duel
from ygo.engine import serialize
from ygo.errors import SaveError


def _at_the_material_choice() -> tuple[Duel, dict[str, Any]]:
    duel, _ = _three_level_3s()
    pick(duel, "synchro-summon Gaia Knight")
    pick(duel, "choose face-up Attack")
    payload = serialize.loads(duel.save())
    return duel, payload


@pytest.mark.parametrize(
    "change",
    [
        lambda o, duel: o[0].__setitem__(5, [duel.hand(1)[0]]),  # hidden from 0
        lambda o, duel: o[0].__setitem__(5, [duel.deck(0)[0]]),  # a Deck card
        lambda o, duel: o[0].__setitem__(5, []),  # an empty set is no set
        lambda o, duel: o[0].__setitem__(5, [10**6]),  # no such card
        lambda o, duel: o[0].__setitem__(5, "3"),  # not a list
        lambda o, duel: o[0].__setitem__(5, list(range(6))),  # more than the zones
        lambda o, duel: o[0].append([1]),  # a seventh field
    ],
)
def test_a_tampered_material_set_is_refused(change: Callable[[Any, Duel], None]) -> None:
    duel, payload = _at_the_material_choice()
    options = payload["state"]["pending"]["options"]
    assert all(len(o) == 6 for o in options)  # the real save carries the sets
    change(options, duel)
    with pytest.raises(SaveError):
        Duel.load(serialize.dumps(payload))


def test_the_real_save_loads_and_a_save_without_sets_still_does() -> None:
    duel, payload = _at_the_material_choice()
    loaded = Duel.load(serialize.dumps(payload))
    assert loaded.decision == duel.decision and loaded.digest() == duel.digest()
    for o in payload["state"]["pending"]["options"]:  # a save from before the field
        del o[5]
    older = Duel.load(serialize.dumps(payload))
    assert older.decision is not None and all(o.cards == () for o in older.decision.options)
    older.apply(0)  # the answer is the option's number, as before


def test_the_save_bytes_are_what_they_were_without_material_sets() -> None:
    # Options without a set save as five fields, as before the field existed.
    payload = serialize.loads(Duel(STARTERS, seed=1, first=0).save())
    assert all(len(o) == 5 for o in payload["state"]["pending"]["options"])
