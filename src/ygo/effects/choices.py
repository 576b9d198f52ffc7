"""Questions a step asks a player: pick cards (:func:`choose`), declare a
Type; and who "you" and "your opponent" are for a step."""

from __future__ import annotations

from collections.abc import Callable

from ygo.core.enums import Race
from ygo.core.state import NONE
from ygo.effects.amounts import Amount
from ygo.effects.filters import Filter
from ygo.engine.effect import Ctx, Question, Step


def choose(
    who: Callable[[Ctx], int],
    candidates: Callable[[Ctx], list[int]],
    count: Amount = 1,
    prompt: str = "Choose a card",
    up_to: bool = False,
) -> Callable[[Ctx], Question | None]:
    """An ``ask`` that has a player pick ``count`` distinct cards, one at a time
    (``up_to``: they may stop early). The answers land in ``ctx.answers``."""

    def ask(ctx: Ctx) -> Question | None:
        n = count(ctx) if callable(count) else count
        chosen = [a for a in ctx.answers if a != NONE]
        if len(chosen) >= n or (ctx.answers and ctx.answers[-1] == NONE):
            return None
        left = [u for u in candidates(ctx) if u not in chosen]
        if not left:
            return None
        stop = up_to and bool(chosen)
        return Question(who(ctx), prompt, tuple(left), can_stop=stop)

    return ask


def chosen(ctx: Ctx) -> list[int]:
    return [a for a in ctx.answers if a != NONE]


def you(ctx: Ctx) -> int:
    return ctx.player


def opponent(ctx: Ctx) -> int:
    return 1 - ctx.player


#: The monster Types a player may declare (``declare_race``), in printed order.
RACES: tuple[Race, ...] = tuple(r for r in Race if r not in (Race.CREATOR_GOD,))


def declare_race(key: str = "race") -> Step:
    """The activating player declares a monster Type; it is kept in
    ``ctx.vars[key]`` (declared at activation, read at resolution)."""

    def ask(ctx: Ctx) -> Question | None:
        if ctx.answers:
            return None
        labels = tuple(str(r.name).replace("_", " ").title() for r in RACES)
        # Options are small numbers (indexes into RACES), as answers must be.
        return Question(ctx.player, "Declare a monster Type", tuple(range(len(RACES))),
                        False, labels)  # fmt: skip

    def do(ctx: Ctx) -> None:
        ctx.vars[key] = int(RACES[ctx.answers[0]]) if ctx.answers else 0

    return Step(do=do, ask=ask)


def of_declared_race(key: str = "race") -> Filter:
    """A filter: a monster of the Type declared by :func:`declare_race`."""
    return lambda ctx, uid: bool(ctx.st.data[uid].race & ctx.vars.get(key, 0))
