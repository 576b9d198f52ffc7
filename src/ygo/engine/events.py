"""Events: what happened in a duel, as a stream of small immutable records.

A front end shows them as a log; replays and tests read them; the per-player
filter (:func:`for_player`) hides what that player may not know (R-DUEL-8): the
identity of a card drawn or set by the opponent.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum, IntFlag
from typing import NamedTuple

from ygo.core.enums import Location, Phase, Position


class EventKind(IntEnum):
    """What an event records. Field use per kind is listed on :class:`Event`."""

    DUEL_START = 0
    TURN = 1
    PHASE = 2
    DRAW = 3
    SHUFFLE = 4
    SUMMON = 5
    SET = 6
    FLIP_SUMMON = 7
    FLIP = 8
    POSITION = 9
    ATTACK = 10
    ATTACK_STOPPED = 11
    DAMAGE = 12
    MOVE = 13
    DUEL_END = 14
    LP_GAIN = 15
    LP_PAY = 16
    ACTIVATE = 17
    """A card or effect was activated: a new chain link."""
    CHAIN_SOLVING = 18
    """A chain link starts to resolve."""
    CHAIN_NEGATED = 19
    """A chain link's activation was negated (R-CHAIN-15)."""
    CHAIN_DISABLED = 20
    """A chain link's effect was negated (R-CHAIN-15)."""
    CHAIN_END = 21
    """The whole chain has resolved."""
    SPECIAL_SUMMON = 22
    BATTLE_DESTROYED = 23
    """A monster was destroyed by battle at damage calculation; it stays on the
    field, marked, until the end of the Damage Step (R-BAT-9)."""
    CONTROL = 24
    EQUIP = 25
    SUMMON_NEGATED = 26
    REVEAL = 27
    """A card was shown to the opponent (a search, a Flip monster banished...)."""
    TARGET = 28
    """A chain link targets a card (R-CHAIN-10)."""
    COUNTER = 29
    ATK_CHANGE = 30
    """An effect changed a monster's ATK/DEF for a time (``value`` = the change)."""
    SCRIPT_ERROR = 31
    """A card's script failed while it worked (a Lua error): that part of its
    effect did nothing and the duel went on."""


class Reason(IntFlag):
    """Why a card moved or LP changed (ygopro-core's REASON_* bit values)."""

    DESTROY = 0x1
    RELEASE = 0x2
    """Tributed (R-SUM-2: tributing is not destruction)."""
    MATERIAL = 0x8
    SUMMON = 0x10
    BATTLE = 0x20
    EFFECT = 0x40
    COST = 0x80
    LOST_TARGET = 0x200
    """An Equip Card whose monster is gone (R-SPELL-2)."""
    RULE = 0x400
    SPSUMMON = 0x800
    FLIP = 0x2000
    DISCARD = 0x4000
    SYNCHRO = 0x80000
    """Sent to the GY as Synchro Material (R-SYN-1; with MATERIAL)."""
    XYZ = 0x200000
    """Attached as Xyz Material (R-XYZ-1; with MATERIAL)."""
    RETURN = 0x20000
    DRAW = 0x2000000


class Event(NamedTuple):
    """One thing that happened.

    Fields by kind (``player`` is the acting or affected player):

    - DUEL_START: ``value`` = the player who goes first.
    - TURN: ``value`` = turn number; ``player`` = turn player.
    - PHASE: ``value`` = the Phase entered.
    - DRAW: ``card``/``code`` = the card drawn (secret).
    - SHUFFLE: ``value`` = Location shuffled (the deck).
    - SUMMON / FLIP_SUMMON: ``card``, ``code``, ``dst`` = zone; ``value`` = tributes used.
    - SET: ``card``, ``code`` (secret), ``src`` = Location it came from, ``dst`` = zone,
      ``value`` = Location it went to (Monster or Spell & Trap Zone).
    - FLIP: a face-down card turned face-up (not a Flip Summon): ``card``, ``code``.
    - POSITION: ``card``, ``code``, ``value`` = new Position.
    - ATTACK: ``card`` = attacker, ``value`` = target uid, -1 for a direct attack, or -2
      for a face-down target (named only by its zone, ``dst``).
    - ATTACK_STOPPED: ``card`` = attacker (cancelled by replay, or it left).
    - DAMAGE: ``player`` = who lost LP, ``value`` = amount, ``reason`` = Reason.
    - MOVE: ``card``, ``code``, ``src`` -> ``dst`` Locations, ``reason``; ``src`` is 0
      for a monster whose summon was negated (R-SUM-10: it was never on the field).
    - DUEL_END: ``player`` = winner (-1 for a draw), ``value`` = WinReason.
    - LP_GAIN / LP_PAY: ``player``, ``value`` = amount.
    - ACTIVATE: ``card``, ``code``, ``player`` = who activated, ``value`` = chain link
      number, ``dst`` = the effect's index on the card, ``src`` = the card's Location.
    - CHAIN_SOLVING / CHAIN_NEGATED / CHAIN_DISABLED: ``card``, ``code``, ``value`` =
      chain link number; ``rc`` = the card that negated.
    - CHAIN_END: nothing.
    - SPECIAL_SUMMON: ``card``, ``code``, ``dst`` = zone, ``src`` = Location it came from.
    - BATTLE_DESTROYED: ``card``, ``code``.
    - CONTROL: ``card``, ``code``, ``player`` = new controller.
    - EQUIP: ``card`` = the Equip Card, ``value`` = the monster.
    - SUMMON_NEGATED: ``card``, ``code``; ``rc`` = the card that negated.
    - REVEAL: ``card``, ``code``, ``player`` = whose card; a ``secret`` REVEAL shows a card
      to ``player`` only ("You look at ...": the opponent's hand, The Forceful Sentry).
    - TARGET: ``card``, ``code``, ``value`` = chain link, ``rc`` = the targeting card;
      ``player`` = the target's controller (a face-down target is ``secret``).
    - COUNTER: ``card``, ``value`` = counters now.
    - ATK_CHANGE: ``card``, ``value`` = the change, ``dst`` = 1 for DEF.
    - SCRIPT_ERROR: ``card``, ``code``, ``dst`` = the effect's index on the card (the
      message is the script source's: ``ygo.lua.LuaScripts.failures``).

    Every event also carries what triggers need: ``rp``/``rc``, the player and card
    that caused it (-1 for none: a rule); ``batch``, the simultaneous batch it
    belongs to (R-CHAIN-13); ``fid``, the card's field ID after the event; and
    ``prev_pos``/``prev_ctrl``, its position and controller before a move.
    """

    kind: EventKind
    player: int
    card: int = -1
    code: int = 0
    value: int = 0
    src: int = 0
    dst: int = 0
    reason: int = 0
    secret: bool = False
    """True when the card's identity is known only to ``player``."""
    rp: int = -1
    rc: int = -1
    batch: int = 0
    fid: int = 0
    prev_pos: int = 0
    prev_ctrl: int = -1


def for_player(event: Event, viewer: int) -> Event:
    """The event as ``viewer`` may see it: hidden identities blanked."""
    if event.secret and viewer != event.player:
        return event._replace(card=-1, code=0)
    return event


_LOC_NAMES = {
    Location.DECK: "Deck",
    Location.HAND: "hand",
    Location.MZONE: "Monster Zone",
    Location.SZONE: "Spell & Trap Zone",
    Location.GRAVE: "GY",
    Location.BANISHED: "banished",
    Location.EXTRA: "Extra Deck",
    Location.FZONE: "Field Zone",
    Location.PZONE: "Pendulum Zone",
    Location.OVERLAY: "Xyz material",
}


def loc_name(loc: int) -> str:
    try:
        return _LOC_NAMES[Location(loc)]
    except (KeyError, ValueError):
        return f"location {loc}"


def describe(
    event: Event,
    name: Callable[[int], str],
    me: int | None = None,
    players: tuple[str, str] | None = None,
) -> str:
    """A one-line English description. ``name(uid)`` gives a card's name; with
    ``me``, the sentence speaks to that player ("You draw..."); ``players``
    names the two players instead (a name "You" is spoken to)."""
    text = _describe(event, name, me, players)
    return text.replace("..", ".") if text.endswith("..") else text


def _describe(
    event: Event,
    name: Callable[[int], str],
    me: int | None,
    players: tuple[str, str] | None = None,
) -> str:

    def who(p: int) -> str:
        if players is not None and p in (0, 1):
            return players[p]
        if me is None:
            return f"P{p}"
        return "You" if p == me else "Opponent"

    def verb(word: str) -> str:
        """Agreement: "You draw" but "Opponent draws" / "P1 draws"."""
        return word if event.player >= 0 and who(event.player) == "You" else word + "s"

    def card() -> str:
        return name(event.card) if event.card >= 0 else "a card"

    k = event.kind
    p = who(event.player) if event.player >= 0 else ""
    if k == EventKind.DUEL_START:
        go = "go" if who(event.value) == "You" else "goes"
        return f"Duel starts; {who(event.value)} {go} first."
    if k == EventKind.TURN:
        return f"--- Turn {event.value} ({p}) ---"
    if k == EventKind.PHASE:
        return f"{Phase(event.value).label}."
    if k == EventKind.DRAW:
        return f"{p} {verb('draw')} {card()}."
    if k == EventKind.SHUFFLE:
        return f"{p} {verb('shuffle')} the Deck."
    if k == EventKind.SUMMON:
        how = f" by tributing {event.value}" if event.value else ""
        return f"{p} {verb('Normal Summon')} {card()}{how}."
    if k == EventKind.SET:
        where = "a monster" if event.value == Location.MZONE else "a Spell/Trap"
        what = card() if event.card >= 0 else where
        return f"{p} {verb('set')} {what}."
    if k == EventKind.FLIP_SUMMON:
        return f"{p} {verb('Flip Summon')} {card()}."
    if k == EventKind.FLIP:
        if event.reason & Reason.SUMMON:
            return f"{card()} is Flip Summoned successfully."
        return f"{card()} is flipped face-up."
    if k == EventKind.POSITION:
        pos = "Attack" if event.value & Position.ATTACK else "Defense"
        return f"{card()} changes to {pos} Position."
    if k == EventKind.ATTACK:
        if event.value == -1:
            tgt = "directly"
        elif event.value == -2:
            tgt = f"targeting the face-down monster in zone {event.dst + 1}"
        else:
            tgt = f"targeting {name(event.value)}"
        return f"{card()} attacks {tgt}."
    if k == EventKind.ATTACK_STOPPED:
        return f"{card()}'s attack is stopped."
    if k == EventKind.DAMAGE:
        kind = "battle damage" if event.reason & Reason.BATTLE else "damage"
        return f"{p} {verb('take')} {event.value} {kind}."
    if k == EventKind.MOVE:
        why = ""
        if event.reason & Reason.DESTROY:
            why = " destroyed" + (" by battle" if event.reason & Reason.BATTLE else "") + ";"
        elif event.reason & Reason.RELEASE:
            why = " tributed;"
        elif event.reason & Reason.DISCARD:
            why = " discarded;"
        elif event.reason & Reason.SYNCHRO:
            why = " used as Synchro Material;"
        elif event.reason & Reason.XYZ:
            why = " used as Xyz Material;"
        elif event.src == Location.OVERLAY:
            why = " detached;"
        if not event.src:  # its summon was negated: it was never on the field (R-SUM-10)
            return f"{card()}{why} -> {loc_name(event.dst)} (never summoned)."
        return f"{card()}{why} {loc_name(event.src)} -> {loc_name(event.dst)}."
    if k == EventKind.DUEL_END:
        from ygo.engine.result import WinReason

        why = WinReason(event.value).label
        if event.player < 0:
            return f"The duel is a draw ({why})."
        return f"{who(event.player)} {verb('win')} ({why})."
    if k == EventKind.LP_GAIN:
        return f"{p} {verb('gain')} {event.value} LP."
    if k == EventKind.LP_PAY:
        return f"{p} {verb('pay')} {event.value} LP."
    return _describe_effect(event, name, who, card)


def _describe_effect(
    event: Event, name: Callable[[int], str], who: Callable[[int], str], card: Callable[[], str]
) -> str:
    """Effects and the chain."""

    def verb(word: str) -> str:  # as _describe's: "You reveal", "Opponent reveals"
        return word if event.player >= 0 and who(event.player) == "You" else word + "s"

    k = event.kind
    other = name(event.rc) if event.rc >= 0 else ""
    if k == EventKind.ACTIVATE:
        text = f"Chain Link {event.value}: {card()} ({who(event.player)})"
        return text + (f", responding to {other}." if other else ".")
    if k == EventKind.CHAIN_SOLVING:
        return f"Chain Link {event.value} resolves: {card()}."
    if k == EventKind.CHAIN_NEGATED:
        by = f" by {other}" if other else ""
        return f"Chain Link {event.value} ({card()}): its activation is negated{by}."
    if k == EventKind.CHAIN_DISABLED:
        return f"Chain Link {event.value} ({card()}): its effect is negated."
    if k == EventKind.CHAIN_END:
        return "The chain has resolved."
    if k == EventKind.SPECIAL_SUMMON:
        how = "Special Summon"
        if event.reason & Reason.SYNCHRO:
            how = "Synchro Summon"
        elif event.reason & Reason.XYZ:
            how = "Xyz Summon"
        return f"{who(event.player)} {verb(how)} {card()}."
    if k == EventKind.BATTLE_DESTROYED:
        return f"{card()} is destroyed by battle (it leaves at the end of the Damage Step)."
    if k == EventKind.CONTROL:
        return f"{who(event.player)} {verb('take')} control of {card()}."
    if k == EventKind.EQUIP:
        return f"{card()} is equipped to {name(event.value)}."
    if k == EventKind.SUMMON_NEGATED:
        by = f" by {other}" if other else ""
        return f"The summon of {card()} is negated{by}."
    if k == EventKind.REVEAL:
        if event.secret:  # shown to ``player`` only: the cards of the opponent's hand
            return f"{who(event.player)} {verb('look')} at {card()}."
        return f"{who(event.player)} {verb('reveal')} {card()}."
    if k == EventKind.TARGET:
        what = card() if event.card >= 0 else "a face-down card"
        return f"{other or 'An effect'} targets {what}."
    if k == EventKind.COUNTER:
        return f"{card()} now has {event.value} counter(s)."
    if k == EventKind.SCRIPT_ERROR:
        return f"{card()}'s script failed: that part of its effect did nothing."
    if k == EventKind.ATK_CHANGE:
        stat = "DEF" if event.dst else "ATK"
        change = f"gains {event.value}" if event.value >= 0 else f"loses {-event.value}"
        return f"{card()} {change} {stat}."
    return f"{k.name.replace('_', ' ').lower()}."
