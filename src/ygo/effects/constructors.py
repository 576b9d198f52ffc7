"""Effect constructors: each fills in an effect's kind and defaults
(:func:`activate` for a Spell or Trap, :func:`trigger`, :func:`flip`,
:func:`quick`, :func:`ignition`, :func:`modifier` for a continuous effect,
:func:`rule` for an action without a chain)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ygo.effects.events import self_event, special_summoned_end_phase
from ygo.effects.filters import Filter, this_card
from ygo.effects.steps import send_self_to_grave
from ygo.engine.effect import Ctx, Effect, EffectKind, Mod, Step, TargetSpec
from ygo.engine.events import Event, EventKind


def activate(
    *operation: Step,
    text: str = "",
    target: TargetSpec | None = None,
    cost: Iterable[Step] = (),
    condition: Callable[[Ctx], bool] | None = None,
    **kw: Any,
) -> Effect:
    """A Spell or Trap Card's activation."""
    return Effect(
        EffectKind.ACTIVATE,
        text=text,
        operation=tuple(operation),
        target=target,
        cost=tuple(cost),
        condition=condition,
        **kw,
    )


def trigger(
    event: EventKind,
    on: Callable[[Ctx, Event], bool],
    *operation: Step,
    text: str = "",
    mandatory: bool = False,
    when: bool = False,
    target: TargetSpec | None = None,
    cost: Iterable[Step] = (),
    **kw: Any,
) -> Effect:
    """A Trigger effect (speed 1): ``on`` says whether an event of ``event``'s
    kind triggers it. ``when=True`` for "When ...: you can" wording (R-CHAIN-13)."""
    kw.setdefault("live", getattr(on, "live", 0))
    return Effect(
        EffectKind.TRIGGER,
        text=text,
        event=event,
        trigger_on=on,
        operation=tuple(operation),
        mandatory=mandatory,
        when=when,
        target=target,
        cost=tuple(cost),
        **kw,
    )


def flip(*operation: Step, text: str = "", target: TargetSpec | None = None, **kw: Any) -> Effect:
    """A Flip effect: a mandatory trigger when this card is turned face-up (R-MON-5)."""
    return trigger(
        EventKind.FLIP, self_event, *operation, text=text, mandatory=True, target=target, **kw
    )


def quick(*operation: Step, text: str = "", **kw: Any) -> Effect:
    return Effect(EffectKind.QUICK, text=text, operation=tuple(operation), **kw)


def ignition(*operation: Step, text: str = "", **kw: Any) -> Effect:
    return Effect(EffectKind.IGNITION, text=text, operation=tuple(operation), **kw)


def modifier(
    mod: Mod, affects: Filter, value: Callable[[Ctx, int], int] | None = None, **kw: Any
) -> Effect:
    """A continuous effect: applies while its card is face-up on the field (and,
    for a Spell or Trap, once its activation has resolved)."""
    return Effect(EffectKind.CONTINUOUS, mod=mod, affects=affects, value=value, **kw)


def rule(event: EventKind, on: Callable[[Ctx, Event], bool], *operation: Step, **kw: Any) -> Effect:
    """Something a card does at an event without a chain (a maintenance cost...)."""
    kw.setdefault("live", getattr(on, "live", 0))
    return Effect(EffectKind.RULE, event=event, trigger_on=on, operation=tuple(operation), **kw)


def optional_flip(
    *operation: Step, text: str = "", target: TargetSpec | None = None, **kw: Any
) -> Effect:
    """A "FLIP: you can ..." effect: an optional trigger when this card is turned
    face-up (R-MON-5); its controller may decline it."""
    return trigger(EventKind.FLIP, self_event, *operation, text=text, target=target, **kw)


def by_anyone(ctx: Ctx, uid: int) -> int:
    """The value of a ``Mod.CANNOT_BE_TARGETED``: by the card effects of either
    player (the bits of both)."""
    return 3


def cannot_be_targeted() -> Effect:
    """ "Cannot be targeted by Spells, Traps, or card effects" (while face-up on the field)."""
    return modifier(
        Mod.CANNOT_BE_TARGETED, this_card, by_anyone, text="cannot be targeted by card effects"
    )


def to_grave_at_end_phase_if_special() -> Effect:
    """ "Once per turn, during the End Phase, if this card was Special Summoned: send
    it to the GY" (a mandatory trigger)."""
    return trigger(
        EventKind.PHASE,
        special_summoned_end_phase,
        send_self_to_grave(),
        text="sent to the GY in the End Phase (Special Summoned)",
        mandatory=True,
        limit=1,
    )
