"""The rule agent: WindBot's idea (an ordered list of rules, first match wins),
written generally: no deck scripts, no card names. What a card does comes from
its script's effect categories (public card knowledge) and the board from the
player's view.

Each decision kind has its ordered rules (``MAIN_RULES``, ``BATTLE_RULES``,
``RESPONSE_RULES``); a rule returns an action or None (does not apply). The
rules, in order:

Main Phase
  1. ``lethal``: when the monsters that can attack deal at least the opponent's
     LP this turn (direct or through what they beat), go to battle.
  2. ``card_advantage``: draw, search, add to hand, special win (Pot of Greed).
  3. ``removal_when_behind``: a destroy / control / banish effect when the
     opponent's board is stronger (its best monster beats ours, or it has more
     ATK on the field), or a Spell & Trap removal when it has Set cards and we
     are about to attack.
  4. ``revive``: a special summon when a monster of 1500+ ATK is in a GY.
  5. ``boost``: an equip or ATK change when one of our monsters then beats the
     opponent's best (or the opponent has no monster); never a Trap on our own
     turn (kept for ``battle_trick``).
  6. ``extra_summon``: a Synchro / Xyz / Pendulum / other special summon
     procedure that brings a stronger monster than any we have.
  7. ``summon``: the strongest Normal or Tribute Summon (tributes only when they
     gain ATK); in Attack Position, unless the opponent's strongest attacker
     beats it and it beats none of the opponent's monsters (no trade): then Set
     a monster instead (Defense: no battle damage), one whose DEF holds if any;
     a Flip effect monster is always Set.
  8. ``fodder``: holding a monster that needs more tributes than we have,
     Set the weakest Level 1-4 monster (a wall now, a tribute later).
  9. ``wall``: with nothing on the field and an attacker facing us, Set the
     monster of highest DEF.
  9. ``positions``: flip or turn to Attack what wins a battle; to Defense what
     would lose one.
  10. ``set_traps``: Set Traps and Quick-Play Spells (kept for the opponent's
      turn), then any other Spell that cannot be used now, when zones are free.
  11. ``battle``: go to battle when an attack pays.
  12. ``end``: end the turn.

Battle Phase
  1. direct attacks when the opponent has no monster, strongest first;
  2. the attack that destroys the opponent's strongest monster it can, with
     the weakest of our monsters that does it (the strong ones stay for the
     next targets); when the opponent has Set Spells/Traps, the weakest winner
     goes first (a trap hits the least);
  3. never attack a face-down monster with 1500 ATK or less (its DEF is
     unknown), nor a monster it does not beat;
  4. else Main Phase 2.

Responses (the opponent's moves)
  1. ``negate``: chain a negation to the opponent's last link when that link
     destroys, banishes, takes control, damages, special summons or discards
     (not a draw: a negation's cost, half the LP for some, is worth more);
  2. ``punish_attack``: a harmful Trap (Mirror Force, Sakuretsu Armor) when an
     opponent's attack would hurt, or when Mirror Force-like cards hit two or
     more attackers;
  3. ``protect``: Waboku / Kuriboh-like cards when the attack would destroy
     our monster or deal 1000+ damage;
  4. ``battle_trick``: an ATK boost on the monster attacked when it then wins,
     or a position change, when the attack would hurt;
  5. ``trap_the_summon``: a destroy effect on the opponent's freshly summoned
     monster of 1500+ ATK;
  6. ``end_phase_removal``: a destroy Trap in the opponent's End Phase when it
     has a monster;
  7. pass.

Coin toss won (R-DUEL-2): go second. Under mr3 the first player skips its
first draw and cannot attack on its first turn; the second player draws and
attacks first. Measured against greedy over 180 games on three decks (10 seeds,
every deck pairing, both seats): 56% going second against 50% going first.

Other decisions (tributes, discards, effect targets, triggers) follow the greedy
agent's choices (weakest cards, best targets).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ygo.agents.greedy import (
    _HARMFUL,
    GreedyAgent,
    _atk,
    _card_type,
    _category,
    _def,
    _find,
    _tributes,
    pick_target,
)
from ygo.core.enums import CardType, Phase, Position
from ygo.engine.actions import Action, ActionKind, Decision, DecisionKind
from ygo.engine.effect import Category, EffectKind
from ygo.engine.events import EventKind
from ygo.engine.view import CardView, View

_UNKNOWN_DEF = 1500
_EXTRA_SUMMONS = (
    ActionKind.SPSUMMON,
    ActionKind.SYNCHRO_SUMMON,
    ActionKind.XYZ_SUMMON,
    ActionKind.PENDULUM_SUMMON,
    ActionKind.GEMINI_SUMMON,
)
_GAIN = Category.DRAW | Category.SEARCH | Category.TO_HAND | Category.WIN
_REMOVAL = Category.DESTROY | Category.CONTROL | Category.BANISH
_HURTS_ME = _REMOVAL | Category.DAMAGE | Category.SPECIAL_SUMMON | Category.HANDES

Rule = Callable[["RuleAgent", View, Decision], Action | None]


def _is_flip(view: View, code: int | None) -> bool:
    """A Flip effect monster (its effect happens when it is turned face-up: Set it),
    by the scripts of the duel the view is of."""
    if code is None or view.scripts is None:
        return False
    return any(
        e.kind == EffectKind.TRIGGER and e.event == EventKind.FLIP
        for e in view.scripts.effects(code)
    )


def _is_trap(view: View, code: int | None) -> bool:
    return code is not None and bool(_card_type(view, code) & CardType.TRAP)


def _mine(view: View) -> list[CardView]:
    return [c for c in view.me.monsters if c is not None]


def _theirs(view: View) -> list[CardView]:
    return [c for c in view.opponent.monsters if c is not None]


def _attack_pos(c: CardView) -> bool:
    return c.face_up and bool(c.position & Position.ATTACK)


def _beats(atk: int, t: CardView) -> bool:
    """An attack with ``atk`` destroys ``t`` and our attacker survives."""
    if not t.face_up:
        return atk > (t.defense if t.defense is not None else _UNKNOWN_DEF)
    if t.position & Position.ATTACK:
        return atk > _atk(t)
    return atk > _def(t)


def _threat(view: View) -> int:
    return max((_atk(c) for c in _theirs(view) if _attack_pos(c)), default=0)


def _cards(view: View) -> dict[int, CardView]:
    out: dict[int, CardView] = {}
    for c in (*view.me.hand, *view.me.monsters, *view.me.spells, *view.me.grave, view.me.field):
        if c is not None and c.uid is not None:
            out[c.uid] = c
    for c in (*view.me.extra, *view.me.pendulum):
        if c is not None and c.uid is not None:
            out[c.uid] = c
    return out


def _cat(view: View, a: Action) -> int:
    c = _cards(view).get(a.card)
    return _category(view, c.code if c else None, a.effect)


def _activations(view: View, d: Decision) -> list[tuple[Action, int]]:
    cards = _cards(view)
    out = []
    for a in d.options:
        if a.kind == ActionKind.ACTIVATE:
            c = cards.get(a.card)
            out.append((a, _category(view, c.code if c else None, a.effect)))
    return out


def _potential_damage(view: View) -> int:
    """The battle damage our face-up Attack Position monsters can deal this turn,
    by a simple plan: each beats the weakest monster it can, then goes direct once
    the opponent's monsters are gone (an upper bound of what greedy attacks give)."""
    attackers = sorted((_atk(c) for c in _mine(view) if _attack_pos(c)), reverse=True)
    blockers = _theirs(view)
    if not attackers:
        return 0
    if not blockers:
        return sum(attackers)
    # Clear every blocker first, with the weakest attacker that beats it.
    left = list(attackers)
    damage = 0
    for t in sorted(blockers, key=lambda c: -_atk(c)):
        fit = [a for a in left if _beats(a, t)]
        if not fit:
            return 0  # a blocker stays: no direct attacks
        a = min(fit)
        left.remove(a)
        if t.face_up and t.position & Position.ATTACK:
            damage += a - _atk(t)
    return damage + sum(left)


# -- Main Phase rules ---------------------------------------------------------------------


def lethal(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    battle = _find(d, ActionKind.BATTLE)
    if battle is not None and _potential_damage(view) >= view.opponent.lp:
        return battle
    return None


def card_advantage(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    for a, cat in _activations(view, d):
        if cat & _GAIN and not cat & Category.HANDES:
            return a
        if cat & Category.HANDES and cat & Category.DRAW and len(view.me.hand) <= 3:
            return a
    return None


def removal_when_behind(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    mine, theirs = _mine(view), _theirs(view)
    my_best = max((_atk(c) for c in mine), default=0)
    their_best = max((max(_atk(c), _def(c)) for c in theirs), default=0)
    behind = bool(theirs) and (
        their_best >= my_best or sum(_atk(c) for c in theirs) > sum(_atk(c) for c in mine)
    )
    their_sets = sum(1 for c in view.opponent.spells if c is not None and not c.face_up)
    for a, cat in _activations(view, d):
        if not cat & _REMOVAL or cat & Category.SPECIAL_SUMMON:
            continue
        if behind:
            return a
        if not theirs and their_sets and mine and cat & Category.DESTROY:
            return a  # clear the way (a Set card) before attacking
    return None


def revive(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    if None not in view.me.monsters:
        return None
    best = max((_atk(c) for p in view.players for c in p.grave if c.atk is not None), default=0)
    for a, cat in _activations(view, d):
        if cat & Category.SPECIAL_SUMMON and not cat & _REMOVAL and best >= 1500:
            return a
    return None


def boost(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    mine = _mine(view)
    if not mine:
        return None
    theirs = _theirs(view)
    their_best = max((_atk(c) for c in theirs if _attack_pos(c)), default=0)
    cards = _cards(view)
    for a, cat in _activations(view, d):
        if _is_trap(view, cards[a.card].code if a.card in cards else None):
            continue  # a Trap is kept for the opponent's turn (battle_trick)
        pays = not theirs or any(_atk(c) + 500 > their_best for c in mine)
        if cat & (Category.ATK | Category.EQUIP) and not cat & Category.CONTROL and pays:
            return a
        if cat & Category.CONTROL and theirs:
            return a
        if cat & Category.DAMAGE and not cat & _REMOVAL:
            return a  # burn: always worth it on our turn
        if cat & Category.SUMMON and GreedyAgent._extra_summon_pays(view, d):
            return a
    return None


def extra_summon(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    pend = _find(d, ActionKind.PENDULUM_SUMMON)
    if pend is not None:
        return pend
    cards = _cards(view)
    my_best = max((_atk(c) for c in _mine(view)), default=0)
    best: tuple[int, Action] | None = None
    for a in d.options:
        if a.kind not in _EXTRA_SUMMONS:
            continue
        c = cards.get(a.card)
        atk = _atk(c)
        if atk > my_best and (best is None or atk > best[0]):
            best = (atk, a)
    if best is not None:
        return best[1]
    return GreedyAgent._pendulum(view, d)


def summon(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    cards = _cards(view)
    threat = _threat(view)
    weakest = sorted(_atk(c) for c in _mine(view))
    best: tuple[int, Action] | None = None
    for a in d.options:
        if a.kind != ActionKind.SUMMON:
            continue
        c = cards[a.card]
        need = _tributes(c.level or 0)
        if need > len(weakest):
            continue
        gain = _atk(c) - sum(weakest[:need])
        if need and gain <= 0:
            continue
        value = gain * 2 + _def(c) // 4
        if best is None or value > best[0]:
            best = (value, a)
    if best is None:
        return None
    c = cards[best[1].card]
    if _is_flip(view, c.code):  # a Flip effect works when it is flipped: Set it
        set_it = _find(d, ActionKind.SET_MONSTER, best[1].card)
        if set_it is not None:
            return set_it
    trades = any(_beats(_atk(c), t) for t in _theirs(view))
    if threat > _atk(c) and not trades:  # it would lose, and win no battle first
        # Set instead (Defense Position: no battle damage), the monster whose DEF
        # holds best (a Flip effect monster first: its effect pays for it).
        walls = [
            a
            for a in d.options
            if a.kind == ActionKind.SET_MONSTER
            and (a.card == best[1].card or _tributes(cards[a.card].level or 0) == 0)
        ]
        if walls:
            return max(
                walls,
                key=lambda a: (
                    _def(cards[a.card]) >= threat,
                    _is_flip(view, cards[a.card].code),
                    _def(cards[a.card]),
                ),
            )
    return best[1]


def fodder(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    """Holding a monster that needs more tributes than we have: Set the weakest
    Level 1-4 monster now (a wall today, a tribute tomorrow)."""
    cards = _cards(view)
    big = [c for c in view.me.hand if c.level is not None and _tributes(c.level) > len(_mine(view))]
    if not big:
        return None
    sets = [
        a
        for a in d.options
        if a.kind == ActionKind.SET_MONSTER and _tributes(cards[a.card].level or 0) == 0
    ]
    if not sets:
        return None
    return min(sets, key=lambda a: (_atk(cards[a.card]), -_def(cards[a.card])))


def wall(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    if _mine(view):
        return None
    cards = _cards(view)
    sets = [
        a
        for a in d.options
        if a.kind == ActionKind.SET_MONSTER and _tributes(cards[a.card].level or 0) == 0
    ]
    if not sets:
        return None
    return max(sets, key=lambda a: (_def(cards[a.card]), _atk(cards[a.card])))


def positions(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    cards = _cards(view)
    threat = _threat(view)
    theirs = _theirs(view)
    for a in d.options:
        c = cards.get(a.card)
        if c is None:
            continue
        if a.kind in (ActionKind.FLIP_SUMMON, ActionKind.TO_ATTACK):
            wins = not theirs or any(_beats(_atk(c), t) for t in theirs)
            if _atk(c) > threat and wins:
                return a
            if a.kind == ActionKind.FLIP_SUMMON and _atk(c) >= threat and _atk(c) >= _def(c):
                return a
        elif a.kind == ActionKind.TO_DEFENSE and _atk(c) < threat and _def(c) >= _atk(c):
            return a
    return None


def set_traps(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    cards = _cards(view)
    for a in d.options:
        if a.kind != ActionKind.SET_SPELL:
            continue
        sc = cards.get(a.card)
        if sc is None or sc.code is None:
            continue
        t = _card_type(view, sc.code)
        if t & CardType.TRAP or t & CardType.QUICKPLAY:
            return a
    return None


def battle(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    b = _find(d, ActionKind.BATTLE)
    if b is None:
        return None
    theirs = _theirs(view)
    for c in _mine(view):
        if not _attack_pos(c):
            continue
        if not theirs or any(_beats(_atk(c), t) for t in theirs):
            return b
    return None


def end(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    return _find(d, ActionKind.END_TURN) or _find(d, ActionKind.MAIN2) or d.options[-1]


MAIN_RULES: tuple[Rule, ...] = (
    lethal,
    card_advantage,
    removal_when_behind,
    revive,
    boost,
    extra_summon,
    summon,
    fodder,
    wall,
    positions,
    set_traps,
    battle,
    end,
)


# -- Battle Phase ---------------------------------------------------------------------------


def _plan_attack(view: View, d: Decision) -> Action | None:
    cards = _cards(view)
    attacks = [(a, cards[a.card]) for a in d.options if a.kind == ActionKind.ATTACK]
    if not attacks:
        return None
    theirs = _theirs(view)
    if not theirs:
        return max(attacks, key=lambda x: _atk(x[1]))[0]
    their_sets = any(c is not None and not c.face_up for c in view.opponent.spells)
    best: tuple[tuple[int, int], Action] | None = None
    for t in theirs:
        fit = [(a, c) for a, c in attacks if _beats(_atk(c), t)]
        if not fit:
            continue
        a, c = min(fit, key=lambda x: _atk(x[1]))
        value = _atk(t) if t.face_up else 1000
        key = (value, -_atk(c)) if not their_sets else (-_atk(c), value)
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best is not None else None


def attack(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    return _plan_attack(view, d)


def main2(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    return _find(d, ActionKind.MAIN2) or d.options[-1]


BATTLE_RULES: tuple[Rule, ...] = (attack, main2)


def _choose_target(view: View, d: Decision) -> Action:
    return pick_target(
        view,
        d,
        lambda atk, t: (_atk(t) + 1 if t.face_up else 1000) if _beats(atk, t) else None,
        lambda t: _atk(t) if t.position & Position.ATTACK else _def(t),
    )


# -- Responses --------------------------------------------------------------------------------


def _attack_hurts(view: View) -> bool:
    return GreedyAgent._attack_hurts(view)


def negate(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    last = view.chain[-1] if view.chain else None
    if last is None or last.player == view.viewer or last.negated:
        return None
    hurts = last.card.code is None or bool(_category(view, last.card.code, last.effect) & _HURTS_ME)
    if not hurts:
        return None
    for a, cat in _activations(view, d):
        if cat & Category.NEGATE:
            return a
    return None


def punish_attack(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    attacker = view.attacker
    if attacker is None or attacker.controller == view.viewer or view.chain:
        return None
    attackers = sum(1 for c in _theirs(view) if _attack_pos(c))
    if not (_attack_hurts(view) or attackers >= 2 or _atk(attacker) >= 1500):
        return None
    for a, cat in _activations(view, d):
        if cat & _HARMFUL and not cat & Category.NEGATE:
            return a
    return None


def protect(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    attacker = view.attacker
    if attacker is None or attacker.controller == view.viewer or view.chain:
        return None
    if not _attack_hurts(view):
        return None
    for a, cat in _activations(view, d):
        if cat & Category.PROTECT:
            return a
    return None


def battle_trick(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    """An ATK change or a position change when the opponent attacks and it
    hurts (Reinforcements on the monster attacked, Dragon Capture Jar)."""
    attacker = view.attacker
    if attacker is None or attacker.controller == view.viewer or view.chain:
        return None
    if not _attack_hurts(view):
        return None
    t = view.attack_target
    for a, cat in _activations(view, d):
        if cat & Category.POSITION:
            return a
        attacked = t is not None and bool(t.position & Position.ATTACK)
        if cat & Category.ATK and attacked and _atk(t) + 500 > _atk(attacker):
            return a
    return None


def trap_the_summon(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    if view.chain or view.turn_player == view.viewer or view.attacker is not None:
        return None
    if view.phase == Phase.END:
        return None
    best = max((_atk(c) for c in _theirs(view) if c.face_up), default=0)
    if best < 1500:
        return None
    for a, cat in _activations(view, d):
        if cat & Category.DESTROY and not cat & Category.NEGATE:
            return a
    return None


def end_phase_removal(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    if view.chain or view.turn_player == view.viewer or view.phase != Phase.END:
        return None
    if not _theirs(view):
        return None
    for a, cat in _activations(view, d):
        if cat & _REMOVAL and not cat & (Category.NEGATE | Category.SPECIAL_SUMMON):
            return a
    return None


def own_turn_response(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    """On our own turn, the greedy agent's choice (its Quick-Plays and the like)."""
    if view.turn_player != view.viewer:
        return None
    return agent._respond(view, d)


def pass_(agent: RuleAgent, view: View, d: Decision) -> Action | None:
    return _find(d, ActionKind.PASS) or d.options[0]


RESPONSE_RULES: tuple[Rule, ...] = (
    negate,
    punish_attack,
    protect,
    battle_trick,
    trap_the_summon,
    end_phase_removal,
    own_turn_response,
    pass_,
)


class RuleAgent(GreedyAgent):
    """An ordered list of general rules, first match wins (see the module doc)."""

    name: ClassVar[str] = "rule"
    needs_view: ClassVar[bool] = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.last_rule = ""
        """The name of the rule that made the last choice (for insight and tests)."""

    def _first(self, rules: tuple[Rule, ...], view: View, d: Decision) -> Action:
        for rule in rules:
            a = rule(self, view, d)
            if a is not None and a in d.options:
                self.last_rule = getattr(rule, "__name__", "rule")
                return a
        self.last_rule = "fallback"
        return d.options[-1]

    def choose(self, view: View | None, decision: Decision) -> Action:
        assert view is not None, "the rule agent needs a view"
        kind = decision.kind
        if kind == DecisionKind.MAIN:
            return self._first(MAIN_RULES, view, decision)
        if kind == DecisionKind.BATTLE:
            return self._first(BATTLE_RULES, view, decision)
        if kind == DecisionKind.ATTACK_TARGET:
            self.last_rule = "target"
            return _choose_target(view, decision)
        if kind == DecisionKind.PRIORITY:
            return self._first(RESPONSE_RULES, view, decision)
        if kind == DecisionKind.TURN_ORDER:
            self.last_rule = "go_second"
            return _find(decision, ActionKind.GO_SECOND) or decision.options[0]
        self.last_rule = "greedy"
        return super().choose(view, decision)
