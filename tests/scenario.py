"""A scenario builder for rule tests, in the style of XMage's test DSL.

Place cards, set LP, turn, turn player and phase; script every choice; run;
then assert LP, zones, positions and options. Strict: a decision the script
does not answer before the stop point fails the test, and so does a scripted
choice that is never used.

    s = Scenario()
    s.at(turn=3, player=0, phase=Phase.MAIN1)
    bm = s.monster(0, "Dark Magician")
    target = s.monster(1, "Summoned Skull")
    s.choose(0, "battle")
    s.choose(0, "attack-with Dark Magician")
    s.choose(0, "target Summoned Skull")
    duel = s.run()
    assert duel.location(target) == Location.GRAVE

A choice is matched against the text form of the options: exactly, or as the
only option that starts with the given text. ``s.choose(0, 2)`` picks by index.
"""

from __future__ import annotations

from dataclasses import dataclass

from ygo.cards.pool import embedded_pool
from ygo.cards.scripts import default_scripts
from ygo.core.card import CardData, CardSource
from ygo.core.deck import Deck
from ygo.core.enums import Location, Phase, Position
from ygo.core.log import Log
from ygo.core.state import NONE, replace_at
from ygo.defaults import Duel
from ygo.engine import chain, ops, processor
from ygo.engine.actions import Action, Decision
from ygo.engine.events import Reason
from ygo.engine.priority import Window
from ygo.engine.setup import ScriptSource, blank_state, index_effects, start_at
from ygo.rules import Ruleset

_POOL = embedded_pool()

#: A plain Level 4 Normal monster used to fill decks (Celtic Guardian 1400/1200).
FILLER = 91152256


def card(name_or_code: str | int | CardData) -> CardData:
    """A card of the embedded pool by name or passcode (or any ``CardData`` as is:
    a card of a full database)."""
    if isinstance(name_or_code, CardData):
        return name_or_code
    if isinstance(name_or_code, int):
        return _POOL.get(name_or_code)
    return _POOL.find(name_or_code)


@dataclass
class _Placement:
    data: CardData
    owner: int
    loc: Location
    zone: int = NONE
    position: Position = Position.FACEUP_ATTACK
    placed_turn: int = 0
    face_up_extra: bool = False


class ScriptError(AssertionError):
    pass


class Scenario:
    """Builds a duel in a chosen position and plays a script of choices."""

    def __init__(
        self,
        ruleset: Ruleset | None = None,
        seed: int = 0,
        scripts: ScriptSource | None = None,
        db: CardSource | None = None,
    ) -> None:
        self.ruleset = ruleset or Ruleset.mr3()
        self.scripts: ScriptSource = scripts or default_scripts()
        self.db: CardSource = _POOL if db is None else db
        """The duel's card source (its Tokens come from it)."""
        self.seed = seed
        self._cards: list[_Placement] = []
        self._lp: dict[int, int] = {}
        self._turn = 3
        self._tp = 0
        self._phase = Phase.MAIN1
        self._script: list[tuple[int, str | int]] = []
        self._deck_filled: set[int] = set()
        self._ns_used = False
        self._stops: list[tuple[int, Window]] = []
        self._tokens: list[tuple[int, str | int, Position]] = []
        self._equips: list[tuple[int, int, int]] = []

    # -- placing cards ---------------------------------------------------------------
    def _add(self, p: _Placement) -> int:
        self._cards.append(p)
        return len(self._cards) - 1

    def hand(self, player: int, *cards: str | int | CardData) -> list[int]:
        """Put cards in a player's hand; returns their uids."""
        return [self._add(_Placement(card(c), player, Location.HAND)) for c in cards]

    def deck(self, player: int, *cards: str | int) -> list[int]:
        """Put cards in a player's Deck, the first one listed on top."""
        self._deck_filled.add(player)
        return [self._add(_Placement(card(c), player, Location.DECK)) for c in cards]

    def filler(self, player: int, count: int) -> list[int]:
        """Plain Normal monsters for a player's Deck (below anything listed)."""
        return self.deck(player, *([FILLER] * count))

    def grave(self, player: int, *cards: str | int) -> list[int]:
        return [self._add(_Placement(card(c), player, Location.GRAVE)) for c in cards]

    def extra(self, player: int, *cards: str | int) -> list[int]:
        return [self._add(_Placement(card(c), player, Location.EXTRA)) for c in cards]

    def extra_face_up(self, player: int, *cards: str | int) -> list[int]:
        """pendulum: face-up Pendulum monsters in a player's Extra Deck (R-PEND-4),
        not properly summoned (``Duel._st.sumtype`` can add the mark)."""
        return [
            self._add(_Placement(card(c), player, Location.EXTRA, face_up_extra=True))
            for c in cards
        ]

    def pendulum(self, player: int, name: str | int, zone: int | None = None) -> int:
        """pendulum: a Pendulum monster activated earlier in a Pendulum Zone (R-PEND-1)."""
        used = {p.zone for p in self._cards if p.owner == player and p.loc == Location.PZONE}
        z = zone if zone is not None else min({0, 1} - used)
        return self._add(_Placement(card(name), player, Location.PZONE, z))

    def monster(
        self,
        player: int,
        name: str | int,
        position: Position = Position.FACEUP_ATTACK,
        zone: int | None = None,
        this_turn: bool = False,
    ) -> int:
        """A monster on the field (placed on an earlier turn unless ``this_turn``)."""
        used = {p.zone for p in self._cards if p.owner == player and p.loc == Location.MZONE}
        z = zone if zone is not None else min(set(range(5)) - used)
        return self._add(
            _Placement(
                card(name), player, Location.MZONE, z, position, self._turn if this_turn else 0
            )
        )

    def spell(
        self,
        player: int,
        name: str | int,
        face_down: bool = True,
        zone: int | None = None,
        this_turn: bool = False,
    ) -> int:
        """A Spell or Trap in a Spell & Trap Zone (set, by default)."""
        used = {p.zone for p in self._cards if p.owner == player and p.loc == Location.SZONE}
        z = zone if zone is not None else min(set(range(5)) - used)
        pos = Position.FACEDOWN_DEFENSE if face_down else Position.FACEUP_ATTACK
        return self._add(
            _Placement(card(name), player, Location.SZONE, z, pos, self._turn if this_turn else 0)
        )

    def equip(self, card: int, monster: int, turn: int = 0) -> Scenario:
        """Equip the placed face-up card ``card`` (an Equip Spell, or a monster as an
        Equip Card in a Spell & Trap Zone) to the placed monster ``monster``; it
        came to its zone in ``turn`` (what turn counters read)."""
        self._equips.append((card, monster, turn))
        return self

    def token(
        self, player: int, name: str | int, position: Position = Position.FACEUP_DEFENSE
    ) -> Scenario:
        """A Token on ``player``'s field (made on an earlier turn, R-SUM-11). Tokens
        get card IDs after every placed card: find them with ``Duel.monsters``."""
        self._tokens.append((player, name, position))
        return self

    # -- the position ---------------------------------------------------------------------
    def lp(self, player: int, value: int) -> Scenario:
        self._lp[player] = value
        return self

    def at(self, turn: int = 3, player: int = 0, phase: Phase = Phase.MAIN1) -> Scenario:
        """Start in this turn and phase (DRAW, MAIN1, BATTLE_STEP, MAIN2 or END)."""
        self._turn, self._tp, self._phase = turn, player, phase
        return self

    def stop(self, player: int, *windows: Window) -> Scenario:
        """Ask ``player`` at these priority windows even with nothing to activate."""
        self._stops.extend((player, w) for w in windows)
        return self

    def normal_summon_used(self) -> Scenario:
        """The turn player has already Normal Summoned or Set this turn."""
        self._ns_used = True
        return self

    # -- the script ---------------------------------------------------------------------
    def choose(self, player: int, *choices: str | int) -> Scenario:
        """Script ``player``'s next choices, in order."""
        for c in choices:
            self._script.append((player, c))
        return self

    # -- running ------------------------------------------------------------------------
    def build(self) -> Duel:
        """The duel in the scenario's position, advanced to its first decision."""
        for p in (0, 1):
            if p not in self._deck_filled:
                self.filler(p, 10)
        st = blank_state(
            [(c.data, c.owner) for c in self._cards],
            self.ruleset,
            self.seed,
            self.scripts,
            self.db,
        )
        for uid, c in enumerate(self._cards):
            if c.loc == Location.DECK:
                st.loc[uid] = Location.DECK
                st.deck[c.owner].insert(0, uid)  # first listed ends on top
                continue
            if c.loc == Location.EXTRA:
                st.loc[uid] = Location.EXTRA
                st.extra[c.owner].append(uid)
                if c.face_up_extra:
                    st.pos[uid] = int(Position.FACEUP_ATTACK)  # ``extra_face_up``
                continue
            st.loc[uid] = Location.DECK
            st.deck[c.owner].append(uid)
            ops.move(
                st,
                uid,
                c.loc,
                Reason.RULE,
                player=c.owner,
                zone=c.zone,
                position=c.position,
                log=False,
            )
            st.placed[uid] = c.placed_turn
            if (
                c.loc in (Location.SZONE, Location.FZONE, Location.PZONE)
                and c.position & Position.FACEUP
            ):
                ops.add_status(st, uid, ops.STATUS_ENABLED)  # an active Spell/Trap already
        for eq, target, turn in self._equips:
            ops.bind(st, eq, target)
            st.placed[eq] = turn
        for player, name, position in self._tokens:
            uid = ops.create_token(st, card(name), player)
            ops.special_summon(st, uid, player, int(position))
            st.placed[uid] = 0
        st.events = Log()
        st.raised = []
        st.dirty = False
        for p, v in self._lp.items():
            st.lp = replace_at(st.lp, p, v)
        st.tp = self._tp
        st.first = self._tp if self._turn % 2 == 1 else 1 - self._tp
        st.turn = self._turn
        st.ns_count = 1 if self._ns_used else 0
        start_at(st, self._turn, self._phase)
        # The rules check of the placed position, as ygopro-core's duel setup runs
        # it before the first decision: a card whose "if ..., destroy this card"
        # already holds is gone at the start. Its events, like the placement's, are
        # no part of the scenario (no trigger), unless the duel ended (LP placed at 0).
        chain.adjust(st)
        if st.result is None:
            st.events = Log()
            st.raised = []
        st.dirty = False
        for player, window in self._stops:
            st.stops = replace_at(st.stops, player, st.stops[player] | window.bit)
        processor.run(st)
        return Duel._from_state(
            st, (_empty(), _empty()), self.ruleset, self.seed, None, self.scripts
        )

    def run(self, duel: Duel | None = None, until: tuple[int, Phase] | None = None) -> Duel:
        """Build (unless given a duel) and play the script; stop when it runs out.

        Fails if a scripted choice is not an option, is scripted for the wrong
        player, or is left unused because the duel ended. With ``until=(turn,
        phase)``, the duel must reach that point (or end) once the script is
        used up: a decision asked before it is an unscripted decision and fails.
        """
        if duel is None:
            duel = self.build()
        script = list(self._script)
        self._script.clear()
        while script:
            d = duel.decision
            player, choice = script.pop(0)
            if d is None:
                raise ScriptError(
                    f"unused scripted choice {choice!r} (and {len(script)} more): the duel is over"
                    f" ({duel.result})"
                )
            if d.player != player:
                raise ScriptError(
                    f"scripted P{player} {choice!r}, but P{d.player} decides: {describe(d)}"
                )
            duel.apply(match(d, choice))
        if until is not None and not duel.is_over:
            turn, phase = until
            reached = duel.turn > turn or (
                duel.turn == turn and _order(duel.phase) >= _order(phase)
            )
            if not reached:
                assert duel.decision is not None
                raise ScriptError(
                    f"unscripted decision before turn {turn} {phase.label}: "
                    f"P{duel.decision.player} {describe(duel.decision)}"
                )
        return duel


_PHASE_ORDER = [
    Phase.DRAW,
    Phase.STANDBY,
    Phase.MAIN1,
    Phase.BATTLE_START,
    Phase.BATTLE_STEP,
    Phase.DAMAGE,
    Phase.DAMAGE_CALC,
    Phase.BATTLE_END,
    Phase.MAIN2,
    Phase.END,
]


def _order(phase: Phase) -> int:
    return _PHASE_ORDER.index(phase)


def _empty() -> Deck:
    return Deck()


def describe(d: Decision) -> str:
    return f"{d.prompt}: " + " | ".join(str(o) for o in d.options)


def match(d: Decision, choice: str | int) -> Action:
    """The option a scripted choice names (exact text, or unique prefix, or index)."""
    if isinstance(choice, int):
        return d.options[choice]
    exact = [o for o in d.options if str(o) == choice]
    if exact:
        return exact[0]
    prefixed = [o for o in d.options if str(o).startswith(choice)]
    if len(prefixed) == 1:
        return prefixed[0]
    if not prefixed:
        raise ScriptError(f"scripted {choice!r} is not an option: {describe(d)}")
    raise ScriptError(f"scripted {choice!r} is ambiguous: {describe(d)}")


def texts(d: Decision | None) -> list[str]:
    """The option texts of a decision (empty when there is none)."""
    return [] if d is None else [str(o) for o in d.options]


def swap_identities(duel: Duel, a: int, b: int) -> None:
    """Exchange which card two uids are (a hidden card's real identity, for
    tests that an agent or a view never reads it)."""
    st = duel._st
    data_a, fx_a, type_a, type_b = st.data[a], st.fx[a], st.ctype[a], st.ctype[b]
    ops.change_card(st, a, st.data[b], st.fx[b])
    ops.change_card(st, b, data_a, fx_a)
    ops.set_ctype(st, a, type_b)  # (as they were: a trap monster's too)
    ops.set_ctype(st, b, type_a)
    index_effects(st)
