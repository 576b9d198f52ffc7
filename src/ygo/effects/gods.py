"""The Egyptian God cards' summoning rules (R-SUM-10): tributes required, a
summon that cannot be negated or responded to."""

from __future__ import annotations

from ygo.core.ints import SUMMON_MODE_NORMAL, SUMMON_MODE_PROCEDURE
from ygo.engine.effect import Effect, EffectKind

# Summoning rules printed on a monster are effects of kind CONDITION (R-MON-2: rules,
# never activated); the engine reads their ``extra`` keys through ``query.summon_rule``.

_NORMAL_BIT = 1 << SUMMON_MODE_NORMAL
_PROCEDURE_BIT = 1 << SUMMON_MODE_PROCEDURE


def requires_tributes(n: int, no_set: bool = True) -> Effect:
    """ "Requires ``n`` Tributes to Normal Summon (cannot be Normal Set)": the tribute
    count of its Normal Summon (``query.tributes_needed``) and, with ``no_set``, no
    Normal Set (offered nowhere; ``explain`` says why)."""
    text = f"requires {n} tributes to Normal Summon"
    if no_set:
        text += " and cannot be Normal Set"
    return Effect(EffectKind.CONDITION, text=text, extra={"tributes_required": n, "no_set": no_set})


def summon_cannot_be_negated(normal: bool = True, special: bool = False) -> Effect:
    """ "This card's Normal Summon (``normal``) / its Special Summon by its own
    procedure (``special``) cannot be negated": during its "being summoned" moment
    (R-SUM-10) no summon negation applies (``chain.blocker`` says why)."""
    bits = (_NORMAL_BIT if normal else 0) | (_PROCEDURE_BIT if special else 0)
    return Effect(
        EffectKind.CONDITION, text="its summon cannot be negated", extra={"unnegatable": bits}
    )


def no_response_to_summon(others_only: bool = False) -> Effect:
    """ "When Normal Summoned, cards and effects cannot be activated": in the window
    right after its Normal Summon succeeds, until that window's chain ends, nobody
    activates anything, triggers included (``query.summon_lock_blocks``); with
    ``others_only`` ("other cards and effects") its own effects still may."""
    return Effect(
        EffectKind.CONDITION,
        text="no activations in response to its Normal Summon",
        extra={"no_response": _NORMAL_BIT, "no_response_others": others_only},
    )
