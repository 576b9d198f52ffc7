"""The template card ``initial_effect`` runs on: a card with its printed data.

ygopro-core creates a card from the card database's record and runs its
script's ``initial_effect`` at once, before the card is in any location: what
``c:GetLevel()``, ``c:IsType(TYPE_PENDULUM)``, ``c:GetOriginalCode()`` answer
there is the card's printed data. ygo runs ``initial_effect`` once per
passcode; the template card is card 0 of a duel state of its own, made of that
card alone (in no location, turn 0), so that every ``Card`` function reads it
as it reads a card of a duel. Registering effects is what ``initial_effect``
does (the harness of :class:`~ygo.lua.source.LuaScripts` collects them); any
change to that state is refused (:class:`TemplateCall`).
"""

from __future__ import annotations

from ygo.core.card import CardData, CardSource
from ygo.core.state import State
from ygo.engine.effect import Ctx, Effect, EffectKind
from ygo.engine.setup import blank_state
from ygo.errors import UnknownCardError
from ygo.lua.call import Call, ScriptError
from ygo.rules import Ruleset

_PLACEHOLDER = Effect(EffectKind.RULE, text="initial_effect")
"""The effect the template call runs as (the card has no effects yet)."""


class TemplateCall(Call):
    """The call ``initial_effect`` runs in: a probe of the template card's state
    (reading it is fine; changing it is an error naming the function)."""

    __slots__ = ()

    def touch(self) -> None:
        raise ScriptError("initial_effect changed the duel (it may only register effects)")

    def ask(self, question: object) -> None:
        raise ScriptError("initial_effect asked a player a question")


def template_state(data: CardData) -> State:
    """A state with card ``data`` alone, as uid 0, in no location."""
    st = blank_state([(data, 0)], Ruleset.mr3(), 0)
    st.fx = ((_PLACEHOLDER,),)
    return st


def template_call(data: CardData) -> TemplateCall:
    """The call ``initial_effect`` of card ``data`` runs in."""
    return TemplateCall(Ctx(template_state(data), 0, 0, 0), True)


def printed(cards: CardSource | None, code: int) -> CardData | None:
    """Card ``code``'s printed data from ``cards`` (None if it is not there)."""
    if cards is None:
        return None
    try:
        return cards.get(code)
    except (UnknownCardError, KeyError):
        return None


NO_DATA = "the card database has no record of this card (its initial_effect reads its printed data)"
"""The error of an ``initial_effect`` that read the card's data when the card
database given to :class:`~ygo.lua.source.LuaScripts` has no record of it."""
