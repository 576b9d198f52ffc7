"""What an effect is: the static spec a card script declares (ygopro-core's model).

An :class:`Effect` is immutable and shared by every duel that uses the card:
it holds only functions and constants. Everything that changes while a duel
runs (the chain, answers to questions, granted effects, count-limit use) lives
in the duel's :class:`~ygo.core.state.State` as plain data, so a duel clones,
saves and replays at any decision, inside an effect's resolution too.

The parts of an effect (``docs/engine.md`` has the full story):

- ``kind``: a card activation (a Spell or Trap), an Ignition, Trigger or Quick
  effect, a continuous modifier (no activation, applies while its card is
  face-up), a rule effect (happens at an event without a chain: maintenance
  costs, a Continuous card's bookkeeping), or a summoning condition;
- ``event``: for triggers and rule effects, the :class:`EventKind` that wakes it,
  with ``trigger_on`` deciding whether one event of that kind does;
- ``mod``: for modifiers, what it changes (:class:`Mod`), ``affects`` which
  cards, ``value`` by how much;
- ``condition``, ``cost``, ``target``, ``operation``: the activation's parts.
  ``cost``, ``target`` and ``operation`` are tuples of :class:`Step`. A step may
  first ask questions (its ``ask`` is called again after each answer until it
  returns None), then does its work at once (``do``). Questions are only asked
  between steps, so the duel at a question is plain data: the step index and the
  answers so far are in the chain link.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum, IntFlag
from typing import TYPE_CHECKING, Any

from ygo.core.enums import Location
from ygo.core.ints import POS_FACEDOWN, POS_FACEUP
from ygo.core.state import LINK_ON_CHAIN, NONE, Link, State
from ygo.engine.windows import DAMAGE_WINDOWS, Window

_ON_FIELD = (int(Location.MZONE), int(Location.SZONE), int(Location.FZONE), int(Location.PZONE))


class ScriptFailure(Exception):
    """Raised by a step of a card script whose work failed (a Lua error): the
    step has left the duel as it was before it began. The chain records a
    ``SCRIPT_ERROR`` event and goes on as if the step did nothing."""


def face_up_on_field(st: State, uid: int) -> bool:
    """Whether card ``uid`` is face-up in a zone of the field."""
    return st.loc[uid] in _ON_FIELD and bool(st.pos[uid] & POS_FACEUP)


if TYPE_CHECKING:
    from ygo.core.card import CardData
    from ygo.engine.events import Event


class EffectKind(IntEnum):
    ACTIVATE = 1
    """A Spell or Trap Card's activation (R-SPELL, R-TRAP)."""
    IGNITION = 2
    """Speed 1, own Main Phase, empty chain (R-MON-2)."""
    TRIGGER = 3
    """Speed 1, activates when its event happens (Flip effects too: event FLIP)."""
    QUICK = 4
    """Speed 2 (or 3), any time its condition holds."""
    CONTINUOUS = 5
    """A modifier: no activation, applies while its card is face-up on the field."""
    RULE = 6
    """Happens at its event without starting a chain (maintenance costs...)."""
    CONDITION = 7
    """A summoning condition printed on a monster (R-MON-2, R-SUM-8): never
    activated nor indexed; the summon rules read its ``extra`` (``special_ok``,
    ``revive_limit``)."""


class Mod(IntEnum):
    """What a continuous effect changes (ygopro-core's EFFECT_* value codes, by idea)."""

    ATK_ADD = 1
    DEF_ADD = 2
    ATK_SET = 3
    """ATK becomes the value (applied before additions)."""
    DEF_SET = 4
    CANNOT_ATTACK = 5
    """The affected monsters cannot attack: they declare no attack, and one that
    has declared stops its attack once it is affected (Spellbinding Circle,
    Thousand-Eyes Restrict; ``query.attack_goes_on``)."""
    CANNOT_CHANGE_POS = 6
    DISABLE = 7
    """The affected cards' effects are negated."""
    CANNOT_ACTIVATE = 8
    """The affected cards cannot be activated (nor their effects)."""
    CANNOT_BE_TARGETED = 9
    """The affected cards cannot be targeted by card effects of the players whose
    bits ``value`` holds (``1 << player``; 3: anyone's)."""
    MATCH_WIN = 10
    """A direct attack by an affected monster that brings the opponent's LP to 0
    wins the match, not only the duel (R-MATCH-1)."""
    WIN = 11
    """A special win (R-DUEL-6): not a modifier of other cards. The rules check
    (``chain.adjust``) calls its ``condition`` wherever the card is (hand, field,
    GY...); when it holds, the card's controller wins (``WinReason.EFFECT``).
    Not activated and not negated: the condition decides everything."""
    CANNOT_BE_ATTACKED = 12
    """The affected monsters cannot be chosen as attack targets (Command Knight)."""
    NO_BATTLE_DAMAGE = 13
    """Granted on the attacking monster for one battle: the player ``value`` takes
    no battle damage from it (Kuriboh)."""
    ATTACK_IN_DEFENSE = 14
    """The affected monsters may attack from face-up Defense Position (Total
    Defense Shogun); damage is still calculated with their ATK."""
    ATTACK_COST = 15
    """The affected monsters declare an attack only by paying a cost: this
    effect's ``operation`` steps, run like a rule effect when the attacker is
    chosen (no chain); while any step's ``can`` fails they cannot attack
    (Insect Queen)."""
    CANNOT_DIRECT_ATTACK = 16
    """The affected monsters cannot attack directly (Magical Scientist's Fusion monsters)."""
    CANNOT_DECLARE_ATTACK = 19
    """The affected monsters cannot declare an attack; an attack declared before the
    effect applied goes on (Swords of Revealing Light, Insect Barrier: ygopro-core's
    EFFECT_CANNOT_ATTACK_ANNOUNCE beside ``CANNOT_ATTACK``)."""
    # specials-b: 22-26
    TRIBUTE_WORTH = 22
    """The card itself, Tributed for the Tribute Summon (or Set) of a monster its
    ``affects`` accepts, counts as ``value`` tributes (Kaiser Sea Horse: 2 for a
    LIGHT monster). Read by ``query.tribute_worth``, the one place tributes are
    counted."""
    BATTLE_SUBSTITUTE = 23
    """When an affected monster would be destroyed by battle, the card ``value``
    returns (a card uid, or -1 for none) is destroyed instead (Relinquished's
    equipped monster)."""
    SPELL_TARGET_NEGATE = 24
    """A Spell Card's effect that targets an affected monster is negated when it
    resolves and the Spell is destroyed (Ryu Senshi)."""
    SHIELDS_CONTROLLER = 37
    """Its controller takes no battle damage from battles involving an affected
    monster (Dragon Horn Hunter's Pendulum Effect, for your Normal monsters)."""
    NO_TRIBUTE_SUMMON = 17
    """The affected monsters cannot be Tributed for a Tribute Summon (Scapegoat's
    Sheep Tokens); other Tributes (costs, procedures) are still allowed."""
    DIRECT_ATTACK = 18
    """The affected monsters may attack the opponent directly even while the
    opponent controls monsters (``value`` 1); a ``value`` of 2 means "directly
    unless the opponent controls a Toon, then only a Toon" (Toon monsters)."""
    # lua-cont: 70-75
    INDESTRUCTIBLE_BATTLE = 70
    """The affected monsters cannot be destroyed by battle while ``value`` is
    nonzero (the value may read the battle: ``State.attacker``/``target``); read
    at damage calculation (R-BAT-9), so the monster is not marked destroyed."""
    INDESTRUCTIBLE_EFFECT = 71
    """The affected cards cannot be destroyed by card effects of the players whose
    bits ``value`` holds (``1 << player``; 3: anyone's). A destruction with no
    player (a rule) is not an effect's."""
    PIERCE = 72
    """An affected monster attacking a Defense Position monster whose DEF is lower
    than its ATK inflicts the difference as battle damage (piercing)."""
    LEVEL_ADD = 73
    """The affected monsters' Level changes by ``value`` (never below 1)."""
    LEVEL_SET = 74
    """The affected monsters' Level becomes ``value`` (applied before changes)."""
    EXTRA_ATTACK = 75
    """The affected monsters may declare ``value`` more attacks each Battle Phase
    (the largest value applies)."""
    INDESTRUCTIBLE_COUNT = 77
    """An affected card that would be destroyed, by battle or by a card effect of
    a player, the ways ``value`` names (bit 0 by battle, bit ``1 + player`` by that
    player's effects), is not: the effect's count limit (``limit`` a turn, 0 for
    no limit) is spent instead (``query.spend_indestructible``)."""
    SELF_DESTROY = 78
    """The affected face-up cards are destroyed by the rules check as soon as
    the effect applies (``chain.adjust``): "if ..., destroy this card", no chain."""
    NO_SPECIAL_SUMMON = 76
    """The affected monsters cannot be Special Summoned by the players, in the
    ways, that ``value`` names: bit ``5 * player + way``, way 0 by a card effect,
    1 a Fusion Summon, 2 a Pendulum Summon, 3 a Ritual Summon, 4 the monster's own
    procedure or another summon by the rules (``query.special_summon_forbidden``)."""


class Bind(IntFlag):
    """What happens to a card bound to another (``State.bound``) when either leaves."""

    EQUIP = 0x1
    """An Equip Card: destroyed when its monster leaves or turns face-down (R-SPELL-2)."""
    DIES_WITH_TARGET = 0x2
    """Destroyed when the bound monster is destroyed (Call of the Haunted)."""
    TARGET_DIES_WITH_IT = 0x4
    """The bound monster is destroyed when this card leaves the field."""
    CONTROL = 0x8
    """Its controller controls the bound monster while bound (Snatch Steal)."""


class Category(IntFlag):
    """What an effect does, for agents and front ends (ygopro-core's CATEGORY_* idea)."""

    DESTROY = 0x1
    DRAW = 0x2
    DAMAGE = 0x4
    RECOVER = 0x8
    SPECIAL_SUMMON = 0x10
    CONTROL = 0x20
    NEGATE = 0x40
    SEARCH = 0x80
    ATK = 0x100
    TO_HAND = 0x200
    BANISH = 0x400
    HANDES = 0x800
    """Discards from a hand."""
    POSITION = 0x1000
    EQUIP = 0x2000
    WIN = 0x4000
    """Wins the duel (R-DUEL-6)."""
    SUMMON = 0x8000
    """Normal Summons or Sets a monster (Ultimate Offering)."""
    PROTECT = 0x80000
    """Keeps its player from battle damage or their monsters from destruction by
    battle (Waboku, Kuriboh): an agent plays it when an attack would hurt."""


@dataclass(frozen=True, slots=True)
class Question:
    """A choice an effect asks a player to make, in the middle of a step."""

    player: int
    prompt: str
    options: tuple[int, ...]
    """Card uids (``cards``) or small ints (with ``labels``)."""
    cards: bool = True
    labels: tuple[str, ...] = ()
    can_stop: bool = False
    """Offer "done" (answered as NONE): the chooser has picked enough."""
    shown: bool = False
    """The chooser has been shown these cards (an opponent's hand they looked at):
    the options name them."""
    sets: tuple[tuple[int, ...], ...] = ()
    """With ``labels``: the cards of each option, when each is a set of cards
    chosen as a whole (Synchro or Xyz materials, which the chooser may all
    identify); the options carry them as :attr:`Action.cards`."""


Check = Callable[["Ctx"], bool]
Do = Callable[["Ctx"], "Question | None"]
Ask = Callable[["Ctx"], Question | None]


@dataclass(frozen=True, slots=True)
class Step:
    """One part of a cost, target or operation: ask (optionally), then do.

    ``do`` returns None when its work is done. It may instead return a
    :class:`Question` from the middle of its work (a Lua card function that
    asks), provided it left the duel exactly as it was before it began: the
    answer joins ``ctx.answers`` and ``do`` runs again from the start."""

    do: Do
    ask: Ask | None = None
    can: Check | None = None
    """For costs and targets: can this part be done now (activation legality)?"""


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What a targeting effect may target (R-CHAIN-10). ``ok`` is checked at
    activation and again at resolution."""

    ok: Callable[[Ctx, int], bool]
    count: int = 1
    locations: int = 0
    """Location bits to search (``ygo.core.enums.Location``)."""
    mine: bool = True
    theirs: bool = True
    up_to: bool = False
    """Choose from 1 to ``count`` targets: the chooser may stop after the first."""

    @property
    def needed(self) -> int:
        """How many candidates the activation needs at least."""
        return 1 if self.up_to else self.count


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card (see the module docstring)."""

    kind: EffectKind
    text: str = ""
    """A few words for option labels and logs ("destroy all monsters")."""
    event: int = -1
    trigger_on: Callable[[Ctx, Event], bool] | None = None
    mod: int = 0
    affects: Callable[[Ctx, int], bool] | None = None
    value: Callable[[Ctx, int], int] | None = None
    speed: int = 0
    """0: from the card and kind (R-CHAIN-1)."""
    mandatory: bool = False
    when: bool = False
    """A "When ...: you can" trigger: it misses its timing (R-CHAIN-13)."""
    limit: int = 0
    """Activations per turn (0: no limit)."""
    limit_code: int = 0
    """Cards sharing a non-zero code share the limit, per player ("you can only use
    this effect of 'X' once per turn": the card's passcode); with 0 the limit is the
    card's own, per copy ("once per turn": ``chain.limit_key``)."""
    limit_duel: bool = False
    """The limit's uses never come back: per Duel, not per turn ("once per Duel";
    for a limit without a code, once while the card stays the same card)."""
    limit_card: bool = False
    """The card's effects with ``limit_card`` share one count, per copy ("you can
    only use 1 of this card's effects per turn"); ``limit_code`` is not used."""
    limit_chain: bool = False
    """The limit counts per chain, not per turn ("once per Chain")."""
    limit_refund: bool = False
    """An activation that is negated gives its use back ("you can only activate
    1 per turn": a negated activation does not count; ``chain.refund_limit``)."""
    condition: Check | None = None
    cost: tuple[Step, ...] = ()
    target: TargetSpec | None = None
    operation: tuple[Step, ...] = ()
    windows: int = 0
    """Window bits where it may be activated (0: wherever its speed allows)."""
    damage_step: int = 0
    """R-BAT-7: 0 not in the Damage Step; 1 ATK/DEF changers (start, before
    calculation); 2 any timing (negation of activations)."""
    from_hand: bool = False
    """A Quick effect activated while its card is in the hand (Kuriboh), not on
    the field: a synonym of ``activate_from=Location.HAND``."""
    activate_from: int = 0
    """Ignition and Quick effects: the locations (``Location`` bits) its card must
    be in to activate it, ygopro-core's range (0: face-up on the field, the
    default). Any field bit means "face-up on the field" as the default does;
    ``HAND``, ``GRAVE`` and ``BANISHED`` (face-up there) add those places. The
    card stays where it is when the effect is activated (only a Spell or Trap
    Card's own activation places it, ``ACTIVATE``)."""
    negates_summon: bool = False
    """May be activated while a monster is being summoned (R-SUM-10)."""
    stays: bool = False
    """A Normal Spell or Trap that stays on the field after resolving (R-SPELL-7)."""
    bind: int = 0
    """``Bind`` flags for the card this effect binds it to."""
    all_targets: bool = False
    """The effect does nothing unless every target is still legal."""
    category: int = 0
    pendulum_effect: bool = False
    """A Pendulum Effect: it applies only while its card is a Spell in a Pendulum
    Zone, and a Pendulum monster's other effects never apply there (R-PEND-1)."""
    live: int = 0
    """Trigger and rule effects: the locations (``Location`` bits) its card must be
    in for an event to be matched against it at all (0: anywhere). A cheap first
    filter before ``trigger_on``, which still decides."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Constants a script's own functions read."""
    gate: int = field(init=False, repr=False, compare=False)
    """Derived: the window bits where it could ever be activated, from its kind,
    ``windows``, ``damage_step`` and ``negates_summon`` (a cheap first filter;
    ``chain.blocker`` has the full rules and the reasons)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "gate", _gate(self))
        if self.from_hand and not self.activate_from:
            object.__setattr__(self, "activate_from", int(Location.HAND))


_ALL_WINDOWS = (1 << (max(Window) + 1)) - 1
_DAMAGE_BITS = sum(1 << w for w in DAMAGE_WINDOWS)
_DAMAGE_LATE_BITS = (1 << Window.DAMAGE_AFTER_CALC) | (1 << Window.DAMAGE_END)


def _gate(eff: Effect) -> int:
    if eff.kind not in (EffectKind.ACTIVATE, EffectKind.IGNITION, EffectKind.QUICK):
        return 0
    bits = eff.windows or _ALL_WINDOWS
    if eff.kind == EffectKind.IGNITION and not eff.speed:  # speed 1 (R-TURN-7)
        bits &= (1 << Window.MAIN_OPEN) | (1 << Window.SUMMONED)
    if not eff.negates_summon:
        bits &= ~(1 << Window.SUMMONING)
    if eff.damage_step == 0:
        bits &= ~_DAMAGE_BITS
    elif eff.damage_step == 1:
        bits &= ~_DAMAGE_LATE_BITS
    return bits


class Ctx:
    """What a script function sees: the duel, its card, its effect and link.

    ``link`` is the chain link (or the temporary link of a rule effect), where
    answers, targets and a script's own values are kept. Scripts read the duel
    through the methods below (``ctx.face_up(uid)``, ``ctx.controller(uid)``,
    ``ctx.activating``...), never through ``st`` or ``link`` themselves.
    """

    __slots__ = ("eff", "index", "link", "player", "st", "uid")

    def __init__(
        self, st: State, uid: int, index: int, player: int, link: Link | None = None
    ) -> None:
        self.st = st
        self.uid = uid
        self.index = index
        self.eff: Effect = st.fx[uid][index]
        self.player = player
        self.link = link

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def answers(self) -> list[int]:
        assert self.link is not None
        return self.link.answers

    @property
    def vars(self) -> dict[str, int]:
        assert self.link is not None
        return self.link.vars

    def targets(self) -> list[int]:
        """The link's targets that are still the cards that were targeted."""
        if self.link is None:
            return []
        fid = self.st.fid
        return [u for u, f in self.link.target_pairs() if fid[u] == f]

    def target(self) -> int:
        """The first still-valid target, or NONE."""
        t = self.targets()
        return t[0] if t else NONE

    # -- reads for scripts: the state's arrays by name (a script never indexes
    # them). Plain attribute reads: no query, no lookups beyond one index.

    def face_up(self, uid: int) -> bool:
        return bool(self.st.pos[uid] & POS_FACEUP)

    def face_down(self, uid: int) -> bool:
        return bool(self.st.pos[uid] & POS_FACEDOWN)

    def location(self, uid: int) -> int:
        """Where ``uid`` is now (one ``Location`` bit)."""
        return self.st.loc[uid]

    def position(self, uid: int) -> int:
        """Its battle position now (``Position`` bits)."""
        return self.st.pos[uid]

    def controller(self, uid: int) -> int:
        return self.st.ctrl[uid]

    def owner(self, uid: int) -> int:
        return self.st.owner[uid]

    def card(self, uid: int) -> CardData:
        """The card's printed data (name, code, Type, Attribute, printed ATK/DEF...)."""
        return self.st.data[uid]

    def code(self, uid: int) -> int:
        """Its passcode (an alternate artwork has its own: see :meth:`base_code`)."""
        return self.st.data[uid].code

    def base_code(self, uid: int) -> int:
        """The passcode it counts as (an alternate artwork's original)."""
        return self.st.data[uid].base_code

    def types(self, uid: int) -> int:
        """Its card type bits now (``CardType``: a trap monster is a monster too)."""
        return self.st.ctype[uid]

    def incarnation(self, uid: int) -> int:
        """Its field ID: changes each time the card moves (the same card, R-CHAIN-10)."""
        return self.st.fid[uid]

    def hand(self, player: int) -> list[int]:
        """A copy of ``player``'s hand."""
        return list(self.st.hand[player])

    def deck_size(self, player: int) -> int:
        return len(self.st.deck[player])

    def lp(self, player: int) -> int:
        return self.st.lp[player]

    @property
    def turn_player(self) -> int:
        return self.st.tp

    @property
    def turn(self) -> int:
        """The turn number (1 for the first turn)."""
        return self.st.turn

    @property
    def phase(self) -> int:
        """The current ``Phase`` (or step) as an int."""
        return self.st.phase

    @property
    def attacker(self) -> int:
        """The attacking monster of the current attack, or NONE."""
        return self.st.attacker

    @property
    def attack_target(self) -> int:
        """The monster it attacks, or NONE (a direct attack, or no attack)."""
        return self.st.target

    @property
    def attack_negated(self) -> bool:
        return self.st.attack_negated

    @property
    def activating(self) -> bool:
        """The link is being activated now (costs and targets), not yet on the
        chain; False for a rule effect's temporary link and at resolution."""
        link = self.link
        return link is not None and link.phase < LINK_ON_CHAIN

    @property
    def activated(self) -> bool:
        """The link's activation is done: it is on the chain or resolving (False
        while it is being activated and without a link)."""
        link = self.link
        return link is not None and link.phase >= LINK_ON_CHAIN

    @property
    def same_card(self) -> bool:
        """This card is still the incarnation the link was activated as (it has not
        moved since: R-CHAIN-10); True without a link."""
        link = self.link
        return link is None or self.st.fid[self.uid] == link.fid

    def link_targets(self) -> list[int]:
        """The cards the link has targeted so far (during activation too), valid or not."""
        link = self.link
        return [] if link is None else link.targets[::2]

    @property
    def on_field(self) -> bool:
        """This card is still face-up on the field as the same incarnation."""
        link = self.link
        if link is not None and self.st.fid[self.uid] != link.fid:
            return False
        return face_up_on_field(self.st, self.uid)
