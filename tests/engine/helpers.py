"""Shared helpers for the engine, agent, replay and CLI tests.

Decks, a seeded way to play a duel to its end, and a snapshot of everything
an illegal action must leave untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ygo.core.deck import Deck
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.actions import Action, Decision
from ygo.engine.rng import Rng
from ygo.engine.view import CardView, View
from ygo.rules import Ruleset

YUGI = starter_deck("yugi")
KAIBA = starter_deck("kaiba")
STARTERS: tuple[Deck, Deck] = (YUGI, KAIBA)

# Cards of the embedded pool the tests name (passcode, what a player knows of them).
CELTIC_GUARDIAN = 91152256  # Level 4, 1400/1200, Normal
BEAVER_WARRIOR = 32452818  # Level 4, 1200/1500, Normal
FERAL_IMP = 41392891  # Level 4, 1300/1400, Normal
MYSTICAL_ELF = 15025844  # Level 4, 800/2000, Normal
GIANT_SOLDIER = 13039848  # Level 3, 1300/2000, Normal
SUMMONED_SKULL = 70781052  # Level 6, 2500/1200, Normal
DARK_MAGICIAN = 46986414  # Level 7, 2500/2100, Normal
BLUE_EYES = 89631139  # Level 8, 3000/2500, Normal
BLACK_LUSTER_SOLDIER = 5405694  # Ritual monster
DARK_MAGICIAN_KNIGHT = 50725996  # cannot be Normal Summoned
B_SKULL_DRAGON = 11901678  # Fusion monster (Extra Deck)
DARK_HOLE = 53129443  # Normal Spell
TRAP_HOLE = 4206964  # Normal Trap

Policy = Callable[[Duel, Decision], Action | int]


def new_duel(
    seed: int = 0,
    ruleset: Ruleset | None = None,
    first: int | None = None,
    toss: str | None = "go-first",
) -> Duel:
    """A duel between the two starter decks (Yugi is player 0).

    Without ``first``, the coin toss winner's decision (R-DUEL-2) is answered
    with ``toss`` ("go-first": the toss winner goes first, as every test written
    before the decision existed assumed); ``toss=None`` leaves it open."""
    duel = Duel(STARTERS, ruleset, seed, first=first)
    if first is None and toss is not None:
        duel.apply(toss)
    return duel


def random_policy(seed: int) -> Policy:
    """Uniform over the options, from its own generator."""
    rng = Rng(seed)

    def choose(duel: Duel, d: Decision) -> int:
        return rng.below(len(d.options))

    return choose


def last_option(duel: Duel, d: Decision) -> int:
    """Always the last option: ends every turn without doing anything."""
    return len(d.options) - 1


def decisions(duel: Duel, policy: Policy, limit: int = 5000) -> Iterator[Decision]:
    """Play ``duel`` to its end with ``policy``, yielding each decision before it is
    answered (the caller may inspect the duel at that point)."""
    n = 0
    while not duel.is_over:
        assert n < limit, "the duel does not end"
        d = duel.decision
        assert d is not None
        yield d
        duel.apply(policy(duel, d))
        n += 1


def play_out(duel: Duel, policy: Policy) -> Duel:
    """Play ``duel`` to its end with ``policy``; returns it."""
    for _ in decisions(duel, policy):
        pass
    return duel


def advance(duel: Duel, policy: Policy, count: int) -> Duel:
    """Answer ``count`` decisions (fewer if the duel ends first)."""
    for _ in range(count):
        d = duel.decision
        if d is None:
            break
        duel.apply(policy(duel, d))
    return duel


@dataclass(frozen=True)
class Snapshot:
    """Everything an illegal action must leave exactly as it was."""

    digest: str
    decision: Decision | None
    events: int
    choices: tuple[int, ...]
    save: bytes


def snapshot(duel: Duel) -> Snapshot:
    return Snapshot(
        duel.digest(), duel.decision, duel.event_count, tuple(duel.choices), duel.save()
    )


def card_views(view: View) -> list[CardView]:
    """Every card the view shows, on both sides."""
    out: list[CardView] = []
    if view.attacker is not None:
        out.append(view.attacker)
    for side in view.players:
        out += [*side.hand, *side.extra, *side.grave, *side.banished]
        out += [c for c in (*side.monsters, *side.spells, side.field) if c is not None]
    return out
