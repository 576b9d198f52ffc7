"""Pendulum monsters (R-PEND-1..5): the activation as a Spell Card into a
Pendulum Zone (the Pendulum Summon itself is the engine's, ``engine/pendulum.py``)."""

from __future__ import annotations

from ygo.effects.constructors import activate
from ygo.engine.effect import Effect


def pendulum_card(text: str = "activate this card in a Pendulum Zone") -> Effect:
    """A Pendulum monster's activation as a Spell Card from the hand into an empty
    Pendulum Zone of its controller (R-PEND-1: own Main Phase, speed 1, a chain
    link that can be negated). It does nothing when it resolves; the card stays
    there as a Spell with its Pendulum Scale (``CardData.lscale``/``rscale``),
    which the Pendulum Summon reads (``engine/pendulum.py``). Every Pendulum
    monster's script lists it; under a ruleset without Pendulum Zones (classic)
    it can never be activated and the card is only a monster."""
    return activate(text=text, stays=True, extra={"pendulum": True})
