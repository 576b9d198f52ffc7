"""The random agent: uniform over the options of each decision (the coin toss
winner's choice to go first or second included)."""

from __future__ import annotations

from typing import ClassVar

from ygo.engine.actions import Action, Decision
from ygo.engine.rng import Rng
from ygo.engine.view import View


class RandomAgent:
    """Picks an option uniformly at random, from its own seeded generator."""

    name: ClassVar[str] = "random"
    needs_view: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View | None, decision: Decision) -> Action:
        options = decision.options
        return options[self.rng.below(len(options))]
