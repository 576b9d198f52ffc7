"""A duel is given its cards and its scripts (issue 23, point 3): the engine has no
defaults of its own, ``ygo.Duel`` fills them in, a duel's Tokens come from its own
card source and its agents judge cards by its own scripts."""

from __future__ import annotations

import dataclasses

import pytest

from tests.scenario import Scenario, texts
from ygo.agents.rule import RuleAgent
from ygo.cards.db import CardDB
from ygo.cards.pool import embedded_pool
from ygo.cards.scripts import default_scripts
from ygo.core.enums import Phase
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.effects import Effect, draw, flip
from ygo.engine import duel as engine_duel
from ygo.engine.actions import ActionKind
from ygo.errors import InvalidArgumentError

SHEEP = 73915052  # Scapegoat's Sheep Token (cards-en.cdb: a Level 1 EARTH Beast, 0/0)


class _Scripts:
    """A script source: the project's scripts, with ``extra`` added or replacing."""

    def __init__(self, extra: dict[int, tuple[Effect, ...]]) -> None:
        self._extra = extra

    def effects(self, code: int) -> tuple[Effect, ...]:
        return self._extra.get(code) or default_scripts().effects(code)


def _cards_with_big_sheep() -> CardDB:
    """A user's card database: the pool, but its Sheep Token is a 1234/5678."""
    pool = embedded_pool()
    big = dataclasses.replace(pool.get(SHEEP), atk=1234, defense=5678)
    return CardDB([big if c.code == SHEEP else c for c in pool])


def test_the_engine_has_no_defaults_of_its_own() -> None:
    decks = (starter_deck("yugi"), starter_deck("kaiba"))
    with pytest.raises(InvalidArgumentError, match="needs its cards"):
        engine_duel.Duel(decks, seed=1)
    with pytest.raises(InvalidArgumentError, match="needs its cards"):
        engine_duel.Duel(decks, seed=1, db=embedded_pool())
    # The front door fills both in, and says the same duel as the engine given them.
    front = Duel(decks, seed=1)
    given = engine_duel.Duel(decks, seed=1, db=embedded_pool(), scripts=default_scripts())
    assert front.digest() == given.digest()
    with pytest.raises(InvalidArgumentError, match="needs its scripts"):
        engine_duel.Duel.load(front.save())
    assert Duel.load(front.save()).digest() == front.digest()


def test_tokens_come_from_the_duels_own_card_source() -> None:
    s = Scenario(db=_cards_with_big_sheep()).at(turn=3, player=0, phase=Phase.MAIN1)
    (goat,) = s.hand(0, "Scapegoat")
    s.choose(0, f"activate Scapegoat [{goat}]")
    duel = s.run()
    sheep = [u for u in duel.monsters(0) if u is not None and duel.card(u).code == SHEEP]
    assert len(sheep) == 4
    assert all((duel.card(u).atk, duel.card(u).defense) == (1234, 5678) for u in sheep)
    # A clone and a loaded duel make theirs from the same source.
    again = Duel.load(duel.save(), db=_cards_with_big_sheep())
    assert again.digest() == duel.digest()
    # With the project's pool the same play makes the printed 0/0 Sheep.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (goat,) = s.hand(0, "Scapegoat")
    s.choose(0, f"activate Scapegoat [{goat}]")
    duel = s.run()
    assert {duel.card(u).atk for u in duel.monsters(0) if u is not None} == {0}


def test_agents_judge_cards_by_the_duels_own_scripts() -> None:
    # Beaver Warrior is a Normal monster; a script source that gives it a Flip effect
    # (draw 1) makes the rule agent Set it (a Flip effect works when it is flipped),
    # where with the project's scripts it Normal Summons it face-up.
    def first_move(scripts: _Scripts | None) -> str:
        s = Scenario(scripts=scripts).at(turn=3, player=0, phase=Phase.MAIN1)
        (beaver,) = s.hand(0, "Beaver Warrior")
        duel = s.run()
        assert f"summon Beaver Warrior [{beaver}]" in texts(duel.decision)
        view = duel.view(0)
        assert view.scripts is duel.scripts
        action = RuleAgent(0).choose(view, duel.decision)
        assert action.card == beaver
        return "set" if action.kind == ActionKind.SET_MONSTER else "summon"

    beaver = embedded_pool().find("Beaver Warrior").code
    assert first_move(None) == "summon"
    assert first_move(_Scripts({beaver: (flip(draw(1), text="draw 1"),)})) == "set"
