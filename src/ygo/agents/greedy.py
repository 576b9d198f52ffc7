"""The greedy agent: a sensible one-move-ahead heuristic.

- Main Phase: summon the strongest monster it can (tributing its weakest
  monsters, and only when that gains ATK); when the opponent has a stronger
  attacker, set a monster whose DEF holds instead; flip or turn to Attack the
  monsters that win battles, turn to Defense those that would lose; then battle
  when an attack pays, else end the turn.
- Battle: attack with the strongest monster that wins its battle (or attacks
  directly); target the strongest monster it destroys without loss.
- Tributes and discards: its weakest cards (unplayable Spells and Traps first).
- Effects: draw Spells at once; Dark Hole or Raigeki when behind on the field;
  revival on the best monster in a GY; equips and field boosts on its monsters;
  Mirror Force, Sakuretsu Armor, Magic Cylinder and the like when an opponent's
  monster attacks; failing those, Waboku, Kuriboh and the like (Category.PROTECT)
  when the attack would destroy one of its monsters or deal it 1000 or more
  damage (or all its LP); Trap Hole on an opponent's summon; counter traps against the
  opponent's chain links; one more Normal Summon paid in LP (Ultimate Offering)
  once the turn's own is used; Traps and Quick-Play Spells are Set. Targets: the
  opponent's strongest card for harmful effects, its own strongest for helpful ones.
- Coin toss won (R-DUEL-2): go first. Going first puts its first monster on
  the field before the opponent can attack, and it is the usual choice of
  players under mr3 (no draw on the first turn, but the first move). With
  today's effectless starter decks it makes no measurable difference (greedy
  against greedy, 100 seeds each way: 55 and 44 wins going first), so it is a
  stated convention rather than a computed edge; effects will change that.

It sees only its own view, like any agent; what a card's effect does comes from
its script's categories (public card knowledge, like a player's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ygo.core.enums import CardType, Location, Position
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.effect import Category
from ygo.engine.rng import Rng
from ygo.engine.view import CardView, View

_HARMFUL = Category.DESTROY | Category.CONTROL | Category.BANISH | Category.NEGATE | Category.DAMAGE
_HELPFUL = Category.ATK | Category.EQUIP | Category.SPECIAL_SUMMON | Category.RECOVER


def _category(view: View, code: int | None, effect: int) -> int:
    """The category bits of a card's effect, from the scripts of the duel the view
    is of (0 when unknown)."""
    if code is None or view.scripts is None:
        return 0
    effs = view.scripts.effects(code)
    if not 0 <= effect < len(effs):
        return 0
    return int(effs[effect].category)


# A face-down monster of unknown DEF is assumed to have this much.
_UNKNOWN_DEF = 1500


def _atk(c: CardView | None) -> int:
    return c.atk if c is not None and c.atk is not None else 0


def _def(c: CardView | None) -> int:
    return c.defense if c is not None and c.defense is not None else 0


class GreedyAgent:
    """A heuristic player: strongest summon, profitable attacks, weakest tributes."""

    name: ClassVar[str] = "greedy"
    needs_view: ClassVar[bool] = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View | None, decision: Decision) -> Action:
        assert view is not None, "the greedy agent needs a view"
        kind = decision.kind
        if kind == DecisionKind.MAIN:
            return self._main(view, decision)
        if kind == DecisionKind.BATTLE:
            return self._battle(view, decision)
        if kind in (DecisionKind.ATTACK_TARGET, DecisionKind.REPLAY):
            return self._target(view, decision)
        if kind in (DecisionKind.TRIBUTE, DecisionKind.DISCARD):
            return self._weakest(view, decision)
        if kind == DecisionKind.PRIORITY:
            return self._respond(view, decision)
        if kind == DecisionKind.TRIGGER:
            return next(
                (a for a in decision.options if a.kind != ActionKind.PASS), decision.options[0]
            )
        if kind == DecisionKind.TURN_ORDER:
            return _find(decision, ActionKind.GO_FIRST) or decision.options[0]
        return self._effect_choice(view, decision)  # DecisionKind.EFFECT

    # -- helpers ----------------------------------------------------------------
    @staticmethod
    def _cards(view: View) -> dict[int, CardView]:
        me = view.me
        out: dict[int, CardView] = {}
        for c in (*me.hand, *me.monsters, *me.spells):
            if c is not None and c.uid is not None:
                out[c.uid] = c
        return out

    @staticmethod
    def _threat(view: View) -> int:
        """The opponent's strongest face-up Attack Position ATK."""
        return max(
            (
                _atk(c)
                for c in view.opponent.monsters
                if c is not None and c.position == Position.FACEUP_ATTACK
            ),
            default=0,
        )

    @staticmethod
    def _beats(atk: int, target: CardView) -> bool:
        """Whether an attack with ``atk`` destroys ``target`` without losing the attacker."""
        if not target.face_up:
            return atk > _UNKNOWN_DEF
        if target.position & Position.ATTACK:
            return atk > _atk(target)
        return atk > _def(target)

    def _best_attack_value(self, view: View, atk: int) -> int:
        """How good an attack with ``atk`` would be now (0: not worth it)."""
        opp = [c for c in view.opponent.monsters if c is not None]
        if not opp:
            return atk
        wins = [c for c in opp if self._beats(atk, c)]
        return max((_atk(c) + 1 for c in wins), default=0)

    # -- effects ----------------------------------------------------------------------
    @staticmethod
    def _field_value(view: View, player: int) -> int:
        return sum(_atk(c) + 1 for c in view.players[player].monsters if c is not None)

    def _activation(self, view: View, d: Decision) -> Action | None:
        """The Main Phase activation worth making now, if any."""
        cards = self._cards(view)
        mine = self._field_value(view, view.viewer)
        theirs = self._field_value(view, 1 - view.viewer)
        best_grave = max(
            (_atk(c) for p in view.players for c in p.grave if c.atk is not None), default=0
        )
        for a in d.options:
            if a.kind != ActionKind.ACTIVATE:
                continue
            c = cards.get(a.card)
            cat = _category(view, c.code if c else None, a.effect)
            if cat & (Category.DRAW | Category.SEARCH | Category.TO_HAND | Category.WIN):
                return a  # more cards in hand
            if cat & Category.DESTROY and theirs > mine and theirs > 0:
                return a
            if cat & Category.SPECIAL_SUMMON and best_grave >= 1500:
                return a
            if cat & (Category.ATK | Category.EQUIP) and mine > 0:
                return a
            if cat & Category.CONTROL and theirs > 0:
                return a
            if cat & Category.SUMMON and self._extra_summon_pays(view, d):
                return a
        return None

    @staticmethod
    def _pendulum(view: View, d: Decision) -> Action | None:
        """pendulum: Pendulum Summon whenever offered; activate a Pendulum monster
        into a Pendulum Zone when, with the Scale already there (or another one in
        hand), some other monster in hand would fall strictly between the Scales."""
        summon = _find(d, ActionKind.PENDULUM_SUMMON)
        if summon is not None:
            return summon
        placed = [c.scale for c in view.me.pendulum if c is not None and c.scale is not None]
        if len(view.me.pendulum) != 2 or len(placed) == 2:
            return None
        for a in d.options:
            if a.kind != ActionKind.ACTIVATE:
                continue
            effs = view.scripts.effects(next(
                (c.code for c in view.me.hand if c.uid == a.card and c.code is not None), 0
            )) if a.card >= 0 and view.scripts is not None else ()  # fmt: skip
            if not (0 <= a.effect < len(effs) and effs[a.effect].extra.get("pendulum")):
                continue
            mine = next(c for c in view.me.hand if c.uid == a.card)
            others = [c for c in view.me.hand if c.uid != a.card]
            partners = placed or [c.scale for c in others if c.scale is not None]
            for other in partners:
                low, high = sorted((mine.scale or 0, other))
                if any(
                    c.level is not None and low < c.level < high and c.scale != other
                    for c in others
                ):
                    return a
        return None

    @staticmethod
    def _extra_summon_pays(view: View, d: Decision) -> bool:
        """One more Normal Summon by an effect (Category.SUMMON, paid in LP): when
        the turn's own is used, a Monster Zone is free, a monster in hand needs no
        tribute, and LP stay above 2000."""
        if view.me.lp <= 2000 or None not in view.me.monsters:
            return False
        if any(o.kind in (ActionKind.SUMMON, ActionKind.SET_MONSTER) for o in d.options):
            return False  # the turn's own Normal Summon comes first
        return any(c.level is not None and 0 < c.level <= 4 for c in view.me.hand)

    def _respond(self, view: View, d: Decision) -> Action:
        cards = self._cards(view)
        me = view.viewer
        attacker = view.attacker
        opp_attacks = attacker is not None and attacker.controller != me
        last = view.chain[-1] if view.chain else None
        protect = None
        for a in d.options:
            if a.kind != ActionKind.ACTIVATE:
                continue
            c = cards.get(a.card)
            cat = _category(view, c.code if c else None, a.effect)
            if cat & Category.NEGATE and last is not None and last.player != me:
                return a
            if cat & _HARMFUL and opp_attacks and last is None:
                return a
            if cat & Category.DESTROY and last is None and view.turn_player != me:
                return a  # Trap Hole on a summon and the like
            if cat & Category.PROTECT and protect is None:
                protect = a
        if protect is not None and opp_attacks and last is None and self._attack_hurts(view):
            return protect
        return _find(d, ActionKind.PASS) or d.options[0]

    @staticmethod
    def _attack_hurts(view: View) -> bool:
        """Whether the opponent's current attack would destroy one of its monsters or
        deal it 1000 or more battle damage (or all its LP), by the ATK/DEF it sees."""
        atk = _atk(view.attacker)
        t = view.attack_target
        if t is None:
            damage, destroyed = atk, False
        elif t.position & Position.ATTACK:
            damage, destroyed = atk - _atk(t), atk >= _atk(t)
        else:
            known = t.face_up or t.defense is not None
            damage, destroyed = 0, atk > (_def(t) if known else _UNKNOWN_DEF)
        return destroyed or (damage > 0 and (damage >= 1000 or damage >= view.me.lp))

    def _effect_choice(self, view: View, d: Decision) -> Action:
        text = d.prompt.lower()
        if "discard" in text or "tribute" in text:
            return self._weakest(view, d)
        if "position" in text:
            return next((a for a in d.options if "Attack" in a.label), d.options[0])
        me = view.viewer
        last = view.chain[-1] if view.chain else None
        helpful = False
        if last is not None and last.card.code is not None:
            helpful = bool(_category(view, last.card.code, last.effect) & _HELPFUL)

        def value(a: Action) -> tuple[int, int]:
            if a.kind == ActionKind.DONE:
                return (-1, 0)
            c = self._known(view, a)
            ours = c is not None and c.controller == me and c.location != Location.GRAVE
            strength = _atk(c) if c is not None and c.atk is not None else 500
            side = 1 if ours == helpful else 0
            return (side, strength)

        return max(d.options, key=value)

    @staticmethod
    def _known(view: View, a: Action) -> CardView | None:
        if a.card < 0:
            return None
        for p in view.players:
            for c in (*p.hand, *p.monsters, *p.spells, *p.grave, *p.banished, p.field):
                if c is not None and c.uid == a.card:
                    return c
        return None

    # -- decisions ------------------------------------------------------------------
    def _main(self, view: View, d: Decision) -> Action:
        act = self._activation(view, d) or self._pendulum(view, d)
        if act is not None:
            return act
        cards = self._cards(view)
        threat = self._threat(view)
        my_monsters = [c for c in view.me.monsters if c is not None]
        weakest = sorted(_atk(c) for c in my_monsters)

        # 1. The best summon: highest ATK gained net of what it tributes.
        best: tuple[int, Action] | None = None
        for a in d.options:
            if a.kind != ActionKind.SUMMON:
                continue
            c = cards[a.card]
            need = _tributes(c.level or 0)
            gain = _atk(c) - sum(weakest[:need])
            if need and gain <= 0:
                continue
            if best is None or gain > best[0]:
                best = (gain, a)
        if best is not None:
            c = cards[best[1].card]
            if threat > _atk(c):  # behind: set it if it can hold
                set_action = _find(d, ActionKind.SET_MONSTER, best[1].card)
                if set_action is not None and _def(c) >= threat:
                    return set_action
            return best[1]

        # 2. Positions: attack with what wins, defend with what would lose.
        for a in d.options:
            if a.kind in (ActionKind.FLIP_SUMMON, ActionKind.TO_ATTACK):
                c = cards[a.card]
                if _atk(c) >= threat and self._best_attack_value(view, _atk(c)) > 0:
                    return a
            elif a.kind == ActionKind.TO_DEFENSE:
                c = cards[a.card]
                if _atk(c) < threat and _def(c) > _atk(c):
                    return a

        # 3. Set Traps and Quick-Play Spells for the opponent's turn.
        for a in d.options:
            if a.kind == ActionKind.SET_SPELL:
                sc = cards.get(a.card)
                if sc is not None and sc.code is not None:
                    t = _card_type(view, sc.code)
                    if t & CardType.TRAP or t & CardType.QUICKPLAY:
                        return a

        # 4. Battle if some attack pays, else end the turn.
        battle = _find(d, ActionKind.BATTLE)
        if battle is not None:
            for c in my_monsters:
                if (
                    c.position == Position.FACEUP_ATTACK
                    and self._best_attack_value(view, _atk(c)) > 0
                ):
                    return battle
        return _find(d, ActionKind.END_TURN) or d.options[-1]

    def _battle(self, view: View, d: Decision) -> Action:
        cards = self._cards(view)
        attacks = [
            (self._best_attack_value(view, _atk(cards[a.card])), _atk(cards[a.card]), a)
            for a in d.options
            if a.kind == ActionKind.ATTACK
        ]
        attacks = [x for x in attacks if x[0] > 0]
        if attacks:
            return max(attacks, key=lambda x: (x[0], x[1]))[2]
        return _find(d, ActionKind.MAIN2) or d.options[-1]

    def _target(self, view: View, d: Decision) -> Action:
        # Forced to pick: the target that hurts least.
        return pick_target(
            view,
            d,
            lambda atk, t: _atk(t) + 1 if self._beats(atk, t) else None,
            lambda t: _def(t),
        )

    def _weakest(self, view: View, d: Decision) -> Action:
        cards = self._cards(view)

        def worth(a: Action) -> tuple[int, int]:
            c = cards.get(a.card)
            if c is None or c.atk is None:  # spells and traps do nothing yet
                return (0, 0)
            return (1, _atk(c) + _def(c) // 2)

        return min(d.options, key=worth)


def _tributes(level: int) -> int:
    """R-SUM-2 from a view (the engine's own count is ``query.tributes_needed``)."""
    from ygo.engine.query import tributes_for_level

    return tributes_for_level(level)


def _card_type(view: View, code: int) -> int:
    """A card's printed type bits, from the card source of the duel the view is of
    (0 when unknown)."""
    if view.catalogue is None:
        return 0
    try:
        return int(view.catalogue.get(code).type)
    except Exception:
        return 0


def _find(d: Decision, kind: ActionKind, card: int | None = None) -> Action | None:
    for a in d.options:
        if a.kind == kind and (card is None or a.card == card):
            return a
    return None


def pick_target(
    view: View,
    d: Decision,
    value: Callable[[int, CardView], int | None],
    hurt: Callable[[CardView], int],
) -> Action:
    """An attack target: a direct attack if offered; else the opponent's monster
    of highest ``value(attacker's ATK, monster)`` (None: not worth attacking);
    else cancel if offered; else, forced, the monster of least ``hurt``."""
    direct = _find(d, ActionKind.DIRECT)
    if direct is not None:
        return direct
    atk = _atk(view.attacker)
    best: tuple[int, Action] | None = None
    for a in d.options:
        if a.kind != ActionKind.TARGET:
            continue
        t = view.opponent.monsters[a.zone]
        v = None if t is None else value(atk, t)
        if v is not None and (best is None or v > best[0]):
            best = (v, a)
    if best is not None:
        return best[1]
    cancel = _find(d, ActionKind.CANCEL)
    if cancel is not None:
        return cancel
    targets = [a for a in d.options if a.kind == ActionKind.TARGET]
    if not targets:
        return d.options[0]

    def loss(a: Action) -> int:
        t = view.opponent.monsters[a.zone]
        return 0 if t is None else hurt(t)

    return min(targets, key=loss)
