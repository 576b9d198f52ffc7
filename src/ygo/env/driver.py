"""One duel as an environment sees it: decks, seeds, pages, encoded observations.

Shared by the PettingZoo env (:mod:`ygo.env.aec`) and the Gymnasium wrapper
(:mod:`ygo.env.gym`): both are thin layers over :class:`DuelDriver`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ygo.core.deck import Deck
from ygo.defaults import Duel
from ygo.engine.duel import SEED_LIMIT
from ygo.engine.setup import ScriptSource
from ygo.env.encoding import DEFAULT_PAGE_SIZE, F32, I8, Encoder, page_count, page_slots
from ygo.errors import IllegalActionError, InvalidArgumentError
from ygo.rules import Ruleset

#: What ``decks`` may be: ``"pool"`` (two random legal decks of the whole scripted
#: pool, drawn from the duel's seed, as ``tools/pool_run.py`` plays), ``"starter"``
#: (Yugi's starter deck against Kaiba's), or two decks.
DeckSpec = str | Sequence[Deck]

#: A duel that has not ended after this many decisions is truncated.
MAX_DECISIONS = 5000


def decks_for(spec: DeckSpec, seed: int) -> tuple[Deck, Deck]:
    """The two decks of the duel with this seed."""
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key == "pool":
            from ygo.invariants import scripted_decks

            return scripted_decks(seed)
        if key == "starter":
            from ygo.data import starter_deck

            return starter_deck("yugi"), starter_deck("kaiba")
        raise InvalidArgumentError(f"unknown deck spec {spec!r} (pool, starter, or two decks)")
    if len(spec) != 2:
        raise InvalidArgumentError("decks: give exactly two decks")
    return spec[0], spec[1]


class DuelDriver:
    """A duel, the page each player is looking at, and their encodings."""

    def __init__(
        self,
        decks: DeckSpec = "pool",
        ruleset: Ruleset | None = None,
        page_size: int = DEFAULT_PAGE_SIZE,
        max_decisions: int = MAX_DECISIONS,
        strict: bool = False,
        scripts: ScriptSource | None = None,
    ) -> None:
        self.spec = decks
        self.scripts = scripts
        """The card scripts (None: the project's own; ``ygo.scripting.script_source``
        adds a folder of YGOPro Lua scripts)."""
        self.ruleset = ruleset or Ruleset.mr3()
        self.encoder = Encoder(page_size)
        self.page_size = page_size
        self.max_decisions = max_decisions
        self.strict = strict
        self.duel: Duel | None = None
        self.page = 0
        self.decisions = 0
        self.steps = 0
        self.seed = 0
        self._cache: dict[int, tuple[int, F32, I8]] = {}

    def start(self, seed: int) -> Duel:
        """A new duel from ``seed`` (the decks too, for ``"pool"``)."""
        if not 0 <= seed < SEED_LIMIT:
            raise InvalidArgumentError(f"seed must be from 0 to 2**64 - 1, not {seed}")
        self.seed = seed
        self.duel = Duel(decks_for(self.spec, seed), self.ruleset, seed, scripts=self.scripts)
        self.page = 0
        self.decisions = 0
        self.steps = 0
        self._cache.clear()
        return self.duel

    @property
    def to_act(self) -> int | None:
        """Who decides now (None when the duel is over)."""
        assert self.duel is not None
        d = self.duel.decision
        return None if d is None else d.player

    @property
    def over(self) -> bool:
        assert self.duel is not None
        return self.duel.is_over

    @property
    def truncated(self) -> bool:
        """Not over after ``max_decisions`` decisions, or after four times as many
        steps (an agent that only ever turns pages)."""
        if self.over:
            return False
        return self.decisions >= self.max_decisions or self.steps >= 4 * self.max_decisions

    def observe(self, player: int) -> tuple[F32, I8]:
        """``player``'s observation and action mask (built from their view only)."""
        cached = self._cache.get(player)
        if cached is not None and cached[0] == self.steps:
            return cached[1], cached[2]
        assert self.duel is not None
        view = self.duel.view(player)
        page = self.page if view.decision is not None else 0
        obs, mask = self.encoder.encode(view, view.decision, page)
        self._cache[player] = (self.steps, obs, mask)
        return obs, mask

    def slots(self) -> list[int]:
        """The current page's actions: option indices, -1 for "next page"."""
        assert self.duel is not None
        d = self.duel.decision
        if d is None:
            return []
        return page_slots(len(d.options), self.page_size, self.page)

    def act(self, action: int) -> bool:
        """Take action ``action`` of the current page for the deciding player.

        Returns True if the duel moved on, False if the action turned the page.
        An action outside the mask raises :class:`IllegalActionError` when
        ``strict``; otherwise it is taken modulo the page's action count.
        """
        assert self.duel is not None
        d = self.duel.decision
        if d is None:
            raise IllegalActionError("the duel is over")
        slots = page_slots(len(d.options), self.page_size, self.page)
        a = int(action)
        if not 0 <= a < len(slots):
            if self.strict:
                raise IllegalActionError(
                    f"action {a} is not legal: this page has {len(slots)} actions"
                )
            a %= len(slots)
        self.steps += 1
        index = slots[a]
        if index < 0:
            self.page = (self.page + 1) % page_count(len(d.options), self.page_size)
            return False
        self.page = 0
        self.decisions += 1
        self.duel.apply(index)
        return True
