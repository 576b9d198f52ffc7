"""Actions and decisions: what a player may choose, and the choice itself.

An :class:`Action` is a small immutable value with a stable text form
(``str(action)``), used by logs, the terminal, replays and tests. A
:class:`Decision` says who decides, what kind of choice it is, and lists the
options; its options are the only actions :meth:`Duel.apply` accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from ygo.core.enums import Location


class ActionKind(IntEnum):
    """The kinds of action."""

    PASS = 0
    """Pass priority: do nothing in this window."""
    SUMMON = 1
    """Normal Summon a monster from the hand (face-up Attack)."""
    SET_MONSTER = 2
    """Set a monster from the hand (face-down Defense)."""
    SET_SPELL = 3
    """Set a Spell or Trap from the hand."""
    FLIP_SUMMON = 4
    """Flip Summon a face-down Defense monster (to face-up Attack)."""
    TO_ATTACK = 5
    """Change a face-up Defense monster to Attack Position."""
    TO_DEFENSE = 6
    """Change a face-up Attack monster to face-up Defense Position (a face-down
    Attack one, made by an effect, to face-down Defense: R-POS-1)."""
    BATTLE = 7
    """End Main Phase 1 and enter the Battle Phase."""
    END_TURN = 8
    """Go to the End Phase."""
    ATTACK = 9
    """Declare an attack with a monster (the target is chosen next)."""
    MAIN2 = 10
    """End the Battle Phase and go to Main Phase 2."""
    TARGET = 11
    """Attack this opponent's monster (``zone`` is its Monster Zone)."""
    DIRECT = 12
    """Attack directly."""
    SELECT = 13
    """Select a card (a tribute, a discard...)."""
    CANCEL = 14
    """Cancel (an attack, at a replay)."""
    ACTIVATE = 15
    """Activate a card or effect (``effect``: which of the card's effects)."""
    CHOOSE = 16
    """Choose one of an effect's named options (``zone`` is its number)."""
    DONE = 17
    """Stop choosing: enough cards were selected."""
    GO_FIRST = 18
    """Won the coin toss: take the first turn (R-DUEL-2)."""
    GO_SECOND = 19
    """Won the coin toss: let the opponent take the first turn (R-DUEL-2)."""
    SPSUMMON = 20
    """Special Summon a monster from the hand by its own procedure (its summoning
    condition, R-SUM-8): not an activation (R-SUM-10); ``effect`` is the
    condition's index among the card's effects."""
    GEMINI_SUMMON = 21
    """Normal Summon a face-up Gemini monster on the field a second time (R-MON-4):
    it uses the turn's Normal Summon and gives the monster its effects."""
    PENDULUM_SUMMON = 29
    """pendulum: Pendulum Summon (R-PEND-2): the monsters are chosen next, one by one."""
    SYNCHRO_SUMMON = 27
    """Synchro Summon a monster from the Extra Deck (R-SYN-1): a summon by its
    procedure; ``effect`` is its materials condition's index; the materials are
    chosen next, as one decision."""
    XYZ_SUMMON = 28
    """Xyz Summon a monster from the Extra Deck (R-XYZ-1), like ``SYNCHRO_SUMMON``."""


_VERBS = {
    ActionKind.PASS: "pass",
    ActionKind.SUMMON: "summon",
    ActionKind.SET_MONSTER: "set",
    ActionKind.SET_SPELL: "set",
    ActionKind.FLIP_SUMMON: "flip-summon",
    ActionKind.TO_ATTACK: "to-attack",
    ActionKind.TO_DEFENSE: "to-defense",
    ActionKind.BATTLE: "battle",
    ActionKind.END_TURN: "end-turn",
    ActionKind.ATTACK: "attack-with",
    ActionKind.MAIN2: "main2",
    ActionKind.TARGET: "target",
    ActionKind.DIRECT: "direct-attack",
    ActionKind.SELECT: "select",
    ActionKind.CANCEL: "cancel",
    ActionKind.ACTIVATE: "activate",
    ActionKind.CHOOSE: "choose",
    ActionKind.DONE: "done",
    ActionKind.GO_FIRST: "go-first",
    ActionKind.GO_SECOND: "go-second",
    ActionKind.SPSUMMON: "special-summon",
    ActionKind.GEMINI_SUMMON: "gemini-summon",
    ActionKind.PENDULUM_SUMMON: "pendulum-summon",
    ActionKind.SYNCHRO_SUMMON: "synchro-summon",
    ActionKind.XYZ_SUMMON: "xyz-summon",
}


@dataclass(frozen=True, slots=True)
class Place:
    """A place on the field: a zone of one player's side.

    ``player`` is the zone's player (the controller of a card there),
    ``location`` one of :attr:`~Location.MZONE`, :attr:`~Location.SZONE`,
    :attr:`~Location.FZONE` and :attr:`~Location.PZONE`, ``index`` the zone's
    number from 0 (as :attr:`CardView.index <ygo.engine.view.CardView.index>`:
    the three together find the card in a view).
    """

    player: int
    location: Location
    index: int
    """The zone's number from 0 (0 for the Field Zone)."""

    @property
    def code(self) -> int:
        """The place as an option's ``zone`` holds it (:data:`PLACE_BASE` and up)."""
        return place_code(self.player, self.location, self.index)


#: Place codes (an option's ``zone`` naming a card by its place) start here:
#: ``PLACE_BASE + 20 * player`` + Monster Zone 0-4, Spell & Trap Zone 5-9, Field
#: Zone 10, Pendulum Zone 11-12. Smaller zones are zone or option numbers.
PLACE_BASE = 100
_MZONE, _SZONE, _FZONE, _PZONE = Location.MZONE, Location.SZONE, Location.FZONE, Location.PZONE


def place_code(player: int, location: int, index: int) -> int:
    """The code of a place (see :data:`PLACE_BASE`); the inverse of :func:`place_of`."""
    base = PLACE_BASE + player * 20
    if location == _MZONE:
        return base + index
    if location == _SZONE:
        return base + 5 + index
    if location == _PZONE:
        return base + 11 + index
    return base + 10


def place_of(code: int) -> Place | None:
    """The place a place code names, or None if ``code`` is not one."""
    p, rest = divmod(code - PLACE_BASE, 20)
    if code < PLACE_BASE or p > 1:
        return None
    if rest < 5:
        return Place(p, _MZONE, rest)
    if rest < 10:
        return Place(p, _SZONE, rest - 5)
    if rest == 10:
        return Place(p, _FZONE, 0)
    if rest < 13:
        return Place(p, _PZONE, rest - 11)
    return None


class Action(NamedTuple):
    """One option of a decision.

    ``card`` is the uid of the card the action is about, when the deciding
    player may know it (or -1); ``zone`` is an opponent's Monster Zone for an
    attack target (``TARGET``), the place code of a card the chooser may not
    identify (a face-down card: read it as :attr:`place`), or an option's number
    (``CHOOSE``; or -1). ``effect`` is which of the card's effects an activation
    is. ``label`` describes the option for people; it is not part of equality.
    ``cards``: the cards of a set the option chooses as a whole (a Synchro or Xyz
    material set), in the order the label names them; else ``()``.

    An action is an immutable value (an agent holds the engine's own options, so
    it must not be able to change one). It is a named tuple rather than a frozen
    dataclass because every decision builds its options anew and a frozen
    dataclass's ``__init__`` (one ``object.__setattr__`` per field) cost over
    twice as much: about a tenth of a random duel. Equality and hashing leave
    the label and ``cards`` out (within one decision, ``kind``, ``card``,
    ``zone`` and ``effect`` already tell the options apart).
    """

    kind: ActionKind
    card: int = -1
    zone: int = -1
    label: str = ""
    effect: int = -1
    cards: tuple[int, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return False  # not even a plain tuple with the same fields
        return (
            self[0] == other[0]
            and self[1] == other[1]
            and self[2] == other[2]
            and self[4] == other[4]
        )

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self[0], self[1], self[2], self[4]))

    def __str__(self) -> str:
        verb = _VERBS[self.kind]
        return f"{verb} {self.label}" if self.label else verb

    @property
    def text(self) -> str:
        """The stable text form (what replays store)."""
        return str(self)

    @property
    def place(self) -> Place | None:
        """Where the card is that this option names by its place (a ``SELECT``
        of a face-down card the chooser may not identify: ``card`` is -1); None
        for every other option. An attack target's place is its ``zone`` in the
        opponent's Monster Zones (:meth:`View.card_of
        <ygo.engine.view.View.card_of>` finds either in a view)."""
        if self[0] != ActionKind.SELECT or self[1] >= 0:
            return None
        return place_of(self[2])


#: ``new_action(Action, (kind, card, zone, label, effect, cards))``: an action built
#: from all six fields in order, without the named tuple's argument handling (a
#: third of the cost of an action; every decision builds its options anew).
new_action = tuple.__new__
#: ``new_decision(Decision, (player, kind, options, count, text))``, likewise.
new_decision = tuple.__new__


class DecisionKind(IntEnum):
    """What a decision is about."""

    MAIN = 0
    """The turn player's Main Phase: summon, set, change positions, move on."""
    BATTLE = 1
    """The turn player's Battle Step: declare an attack or end the Battle Phase."""
    ATTACK_TARGET = 2
    """Choose what the declared attacker attacks."""
    TRIBUTE = 3
    """Choose a monster to tribute."""
    DISCARD = 4
    """Choose a card to discard (End Phase hand limit)."""
    REPLAY = 5
    """The opponent's monsters changed after an attack was declared (R-BAT-8)."""
    PRIORITY = 6
    """A priority window: activate something, or pass."""
    EFFECT = 7
    """A choice asked by an effect (a target, a card to discard, an option)."""
    TRIGGER = 8
    """Trigger effects are waiting: which goes on the chain next (R-CHAIN-6)."""
    TURN_ORDER = 9
    """The coin toss winner chooses to go first or second (R-DUEL-2)."""


_PROMPTS = {
    DecisionKind.MAIN: "Main Phase: choose an action",
    DecisionKind.BATTLE: "Battle Phase: declare an attack or move on",
    DecisionKind.ATTACK_TARGET: "Choose the attack target",
    DecisionKind.TRIBUTE: "Choose a monster to tribute",
    DecisionKind.DISCARD: "Hand limit: choose a card to discard",
    DecisionKind.REPLAY: "Replay: the opponent's monsters changed; choose a new target or cancel",
    DecisionKind.PRIORITY: "Activate a card or effect, or pass",
    DecisionKind.EFFECT: "Choose for the effect",
    DecisionKind.TRIGGER: "Choose the next trigger effect to chain",
    DecisionKind.TURN_ORDER: "You won the coin toss: go first or second?",
}


class Decision(NamedTuple):
    """A choice a player must make now.

    An immutable value, a named tuple for the reason :class:`Action` is one
    (every decision is built anew; a frozen dataclass's ``__init__`` was about
    3% of a random duel). It equals only decisions.
    """

    player: int
    """Who decides."""
    kind: DecisionKind
    options: tuple[Action, ...]
    """The legal actions, in a stable order; an action's index is its position."""
    count: int = 0  # type: ignore[assignment]  # (a field: tuple.count is shadowed)
    """For repeated selections (tributes, discards): how many remain including this one."""
    text: str = ""
    """The question in words, when an effect asks (else the kind's prompt)."""

    @property
    def prompt(self) -> str:
        base = self.text or _PROMPTS[self.kind]
        return f"{base} ({self.count} left)" if self.count > 1 else base

    def index(self, action: Action) -> int:  # type: ignore[override]
        """The index of an option (ValueError if it is not one)."""
        return self.options.index(action)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    def find(self, text: str) -> Action | None:
        """The option whose text form is ``text`` (None if there is none)."""
        for option in self.options:
            if str(option) == text:
                return option
        return None
