"""The library card scripts are assembled from.

Three kinds of part:

- **filters** ``(ctx, uid) -> bool``: which cards a target, a search or a
  mass operation takes (:func:`monster`, :func:`face_up`, :func:`all_of`...);
- **steps** (:class:`~ygo.engine.effect.Step`): one action of a cost or an
  operation, possibly asking a question first (:func:`destroy_targets`,
  :func:`draw`, :func:`discard`, :func:`search`, :func:`special_summon_from`...);
- **effect constructors** (:func:`activate`, :func:`trigger`, :func:`flip`,
  :func:`modifier`...), which fill in the effect's kind and defaults.

"You" in a part is the player who activated the effect (``ctx.player``).
Every part goes through the engine's operations, so events, batches and the
rules check come for free.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ygo.core.enums import Attribute, CardType, Location, Phase, Position, Race
from ygo.core.state import NONE, State
from ygo.engine import ops, query, rng
from ygo.engine import summon as _summon
from ygo.engine.chain import GRANT_CONTROL, RESET_END_TURN, RESET_SOURCE_LEAVES
from ygo.engine.effect import (
    Bind,
    Category,
    Ctx,
    Effect,
    EffectKind,
    Mod,
    Question,
    Step,
    TargetSpec,
)
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.result import WinReason

Filter = Callable[[Ctx, int], bool]
Amount = int | Callable[[Ctx], int]

MZONE = int(Location.MZONE)
SZONE = int(Location.SZONE)
FZONE = int(Location.FZONE)
GRAVE = int(Location.GRAVE)
HAND = int(Location.HAND)
DECK = int(Location.DECK)
BANISHED = int(Location.BANISHED)
EXTRA = int(Location.EXTRA)
PZONE = int(Location.PZONE)
ONFIELD = MZONE | SZONE | FZONE | PZONE
FU_ATK = int(Position.FACEUP_ATTACK)
FU_DEF = int(Position.FACEUP_DEFENSE)
FD_DEF = int(Position.FACEDOWN_DEFENSE)
_MONSTER = int(CardType.MONSTER)
_SPELL = int(CardType.SPELL)
_TRAP = int(CardType.TRAP)
_TOKEN = int(CardType.TOKEN)
_FACEUP = int(Position.FACEUP)
_FACEDOWN = int(Position.FACEDOWN)
_ATTACK = int(Position.ATTACK)

__all__ = [
    "BANISHED",
    "DECK",
    "EXTRA",
    "FZONE",
    "GRAVE",
    "HAND",
    "MZONE",
    "ONFIELD",
    "PZONE",
    "SZONE",
    "Bind",
    "Category",
    "Ctx",
    "Effect",
    "EffectKind",
    "EventKind",
    "Mod",
    "Reason",
    "Step",
]


# -- filters -----------------------------------------------------------------------


def any_card(ctx: Ctx, uid: int) -> bool:
    return True


def monster(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & _MONSTER)


def spell(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & _SPELL)


def trap(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & _TRAP)


def spell_or_trap(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.ctype[uid] & (_SPELL | _TRAP))


def face_up(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.pos[uid] & _FACEUP)


def face_down(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.pos[uid] & _FACEDOWN)


def attack_position(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.pos[uid] & _ATTACK)


def not_self(ctx: Ctx, uid: int) -> bool:
    return uid != ctx.uid


def yours(ctx: Ctx, uid: int) -> bool:
    return ctx.st.ctrl[uid] == ctx.player


def theirs(ctx: Ctx, uid: int) -> bool:
    return ctx.st.ctrl[uid] != ctx.player


def on_field(ctx: Ctx, uid: int) -> bool:
    return bool(ctx.st.loc[uid] & ONFIELD)


def is_type(bits: int) -> Filter:
    return lambda ctx, uid: bool(ctx.st.ctype[uid] & bits)


def attribute(attr: Attribute) -> Filter:
    bits = int(attr)  # (int operations: an IntFlag's ``&`` builds a new flag)
    return lambda ctx, uid: bool(int(ctx.st.data[uid].attribute) & bits)


def race(races: Race) -> Filter:
    bits = int(races)
    return lambda ctx, uid: bool(int(ctx.st.data[uid].race) & bits)


def atk_at_most(n: int) -> Filter:
    """Current ATK on the field, printed ATK elsewhere ("?" is 0)."""
    return lambda ctx, uid: query.atk(ctx.st, uid) <= n


def atk_at_least(n: int) -> Filter:
    return lambda ctx, uid: query.atk(ctx.st, uid) >= n


def can_special_summon(ctx: Ctx, uid: int) -> bool:
    """A monster this card's effect could Special Summon from where it is: its
    summoning conditions allow it and, from the GY or banished, it is not under
    the revival limit or was properly summoned (R-SUM-8, R-SUM-9)."""
    t = ctx.st.ctype[uid]
    if not t & _MONSTER or t & _TOKEN:
        return False
    return not _summon.special_blocker(ctx.st, uid, 0, ctx.uid)


def all_of(*filters: Filter) -> Filter:
    if len(filters) == 2:  # the common case, without a generator (hot in target searches)
        a, b = filters
        return lambda ctx, uid: a(ctx, uid) and b(ctx, uid)
    return lambda ctx, uid: all(f(ctx, uid) for f in filters)


def any_of(*filters: Filter) -> Filter:
    return lambda ctx, uid: any(f(ctx, uid) for f in filters)


# -- finding cards -------------------------------------------------------------------


def cards(st: State, player: int, where: int) -> list[int]:
    """The cards in ``player``'s locations (Location bits), zones in order."""
    out: list[int] = []
    if where & MZONE:
        out += [u for u in st.mzone[player] if u != NONE]
    if where & SZONE:
        out += [u for u in st.szone[player] if u != NONE]
    if where & FZONE and st.fzone[player] != NONE:
        out.append(st.fzone[player])
    if where & PZONE:
        out += [u for u in st.pzone[player] if u != NONE]
    if where & HAND:
        out += st.hand[player]
    if where & GRAVE:
        out += st.grave[player]
    if where & BANISHED:
        out += st.banished[player]
    if where & DECK:  # by card ID, never in Deck order (R-DUEL-8: the order is hidden)
        out += sorted(st.deck[player])
    if where & EXTRA:
        out += st.extra[player]
    return out


def matching(
    ctx: Ctx, where: int, ok: Filter = any_card, mine: bool = True, opp: bool = True
) -> list[int]:
    """Cards in ``where`` of you and/or your opponent that pass ``ok``."""
    out: list[int] = []
    if mine:
        out += [u for u in cards(ctx.st, ctx.player, where) if ok(ctx, u)]
    if opp:
        out += [u for u in cards(ctx.st, 1 - ctx.player, where) if ok(ctx, u)]
    return out


def free_zones(st: State, player: int) -> int:
    return st.mzone[player].count(NONE)


# -- effect constructors --------------------------------------------------------------


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


def targets(
    ok: Filter = any_card,
    where: int = MZONE,
    count: int = 1,
    mine: bool = True,
    opp: bool = True,
) -> TargetSpec:
    """A target spec: ``count`` cards in ``where`` (yours and/or the opponent's)."""
    return TargetSpec(ok=ok, count=count, locations=where, mine=mine, theirs=opp)


# -- event filters for triggers ----------------------------------------------------------


def self_event(ctx: Ctx, ev: Event) -> bool:
    """The event is about this card."""
    return ev.card == ctx.uid


def sent_to_grave_from_field(ctx: Ctx, ev: Event) -> bool:
    """This card went from the field to the GY."""
    return ev.card == ctx.uid and ev.dst == GRAVE and bool(ev.src & ONFIELD)


def destroyed_by_battle(ctx: Ctx, ev: Event) -> bool:
    """This card was destroyed by battle and sent to the GY."""
    return (
        ev.card == ctx.uid
        and ev.dst == GRAVE
        and bool(ev.reason & Reason.BATTLE)
        and bool(ev.reason & Reason.DESTROY)
    )


_On = TypeVar("_On", bound=Callable[[Ctx, Event], bool])


def only_in(locations: int, on: _On) -> _On:
    """Mark a trigger condition as true only while its card is in ``locations``
    (``Location`` bits): ``trigger`` and ``rule`` copy the mark to ``Effect.live``
    so that events are not matched against the card anywhere else."""
    on.live = locations  # type: ignore[attr-defined]
    return on


def phase_start(phase: int, whose: str = "any") -> Callable[[Ctx, Event], bool]:
    """The start of ``phase`` in a turn of: "you", "opp" or "any" player, while
    this card is face-up on the field."""

    def on(ctx: Ctx, ev: Event) -> bool:
        if ev.value != phase or not query.face_up_on_field(ctx.st, ctx.uid):
            return False
        tp = ctx.st.tp
        return whose == "any" or (tp == ctx.player) == (whose == "you")

    return only_in(MZONE | SZONE | FZONE, on)


# -- questions --------------------------------------------------------------------------------


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


def _amount(n: Amount, ctx: Ctx) -> int:
    return n(ctx) if callable(n) else n


# -- steps: the usual operations ------------------------------------------------------------


def step(do: Callable[[Ctx], None], ask: Any = None, can: Any = None) -> Step:
    """A script's own step."""
    return Step(do=do, ask=ask, can=can)


def destroy_targets() -> Step:
    """Destroy the link's targets that are still legal (R-CHAIN-10)."""

    def do(ctx: Ctx) -> None:
        t = ctx.targets()
        if t:
            ops.destroy(ctx.st, t, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def destroy_all(where: int, ok: Filter = any_card, mine: bool = True, opp: bool = True) -> Step:
    """Destroy every card in ``where`` that passes ``ok`` (not this card)."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in matching(ctx, where, ok, mine, opp) if u != ctx.uid]

    def do(ctx: Ctx) -> None:
        t = found(ctx)
        if t:
            ops.destroy(ctx.st, t, Reason.EFFECT, ctx.player, ctx.uid)

    def can(ctx: Ctx) -> bool:  # hot: asked at every menu while the card is in hand
        me = ctx.uid
        st = ctx.st
        if mine and any(u != me and ok(ctx, u) for u in cards(st, ctx.player, where)):
            return True
        return opp and any(u != me and ok(ctx, u) for u in cards(st, 1 - ctx.player, where))

    return Step(do=do, can=can)


def banish_targets() -> Step:
    def do(ctx: Ctx) -> None:
        t = ctx.targets()
        if t:
            ops.banish(ctx.st, t, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def return_targets_to_hand() -> Step:
    def do(ctx: Ctx) -> None:
        t = ctx.targets()
        if t:
            ops.to_hand(ctx.st, t, Reason.EFFECT | Reason.RETURN, ctx.player, ctx.uid)

    return Step(do=do)


def draw(n: int, who: Callable[[Ctx], int] = you) -> Step:
    """Draw ``n`` (one event, R-TERM-8). Needs ``n`` cards in the Deck to activate."""

    def do(ctx: Ctx) -> None:
        ops.draw(ctx.st, who(ctx), n, Reason.EFFECT | Reason.DRAW, ctx.player, ctx.uid)

    return Step(do=do, can=lambda ctx: len(ctx.st.deck[who(ctx)]) >= n)


def discard(n: Amount, who: Callable[[Ctx], int] = you, random: bool = False) -> Step:
    """``who`` discards ``n`` cards of their choice (or at random, R-TERM-6);
    all of them at once (one event, R-TERM-8)."""

    def ask(ctx: Ctx) -> Question | None:
        if random:
            return None
        p = who(ctx)
        return choose(lambda c: p, lambda c: list(c.st.hand[p]), n, "Choose a card to discard")(ctx)

    def do(ctx: Ctx) -> None:
        st = ctx.st
        p = who(ctx)
        k = _amount(n, ctx)
        if random:
            picked: list[int] = []
            for _ in range(min(k, len(st.hand[p]))):
                hand = [u for u in st.hand[p] if u not in picked]
                picked.append(hand[rng.below(st, len(hand))])
        else:
            picked = chosen(ctx)
        if picked:
            ops.send_to_grave(st, picked, Reason.EFFECT | Reason.DISCARD, ctx.player, ctx.uid)

    return Step(do=do, ask=ask, can=lambda ctx: len(ctx.st.hand[who(ctx)]) >= _amount(n, ctx))


def damage(n: Amount, who: Callable[[Ctx], int] = opponent) -> Step:
    def do(ctx: Ctx) -> None:
        ops.damage(ctx.st, who(ctx), _amount(n, ctx), Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def gain_lp(n: Amount, who: Callable[[Ctx], int] = you) -> Step:
    def do(ctx: Ctx) -> None:
        ops.gain_lp(ctx.st, who(ctx), _amount(n, ctx), ctx.player, ctx.uid)

    return Step(do=do)


def search(ok: Filter, prompt: str = "Choose a card to add to your hand") -> Step:
    """Add a card from your Deck to your hand, show it, then shuffle (R-TERM-4)."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in cards(ctx.st, ctx.player, DECK) if ok(ctx, u)]

    def do(ctx: Ctx) -> None:
        st = ctx.st
        picked = chosen(ctx)
        if picked:
            ops.to_hand(st, picked, Reason.EFFECT, ctx.player, ctx.uid)
            for u in picked:
                ops.raise_event(st, EventKind.REVEAL, ctx.player, u, rp=ctx.player, rc=ctx.uid)
        ops.shuffle_deck(st, ctx.player)

    return Step(do=do, ask=choose(you, found, 1, prompt))


def special_summon_from(
    where: int,
    ok: Filter,
    positions: tuple[int, ...] = (FU_ATK, FU_DEF),
    prompt: str = "Choose a monster to Special Summon",
    kind: int = 0,
) -> Step:
    """Special Summon one of your monsters from ``where`` that passes ``ok``
    (shuffling the Deck afterwards if it was searched, R-TERM-4). ``kind``:
    ``ops.SUMTYPE_PROC`` when this is the one card a monster's text names (the
    monster is then properly summoned, R-SUM-9)."""

    def found(ctx: Ctx) -> list[int]:
        if free_zones(ctx.st, ctx.player) == 0:
            return []
        return [u for u in cards(ctx.st, ctx.player, where) if can_special_summon(ctx, u)
                and ok(ctx, u)]  # fmt: skip

    pick = choose(you, found, 1, prompt)

    def ask(ctx: Ctx) -> Question | None:
        q = pick(ctx)
        if q is not None or not chosen(ctx) or len(positions) == 1 or len(ctx.answers) > 1:
            return q
        labels = tuple("face-up Attack" if p == FU_ATK else "face-up Defense" for p in positions)
        return Question(ctx.player, "Choose its battle position", positions, False, labels)

    def do(ctx: Ctx) -> None:
        st = ctx.st
        picked = chosen(ctx)
        if picked:
            uid = picked[0]
            pos = ctx.answers[1] if len(ctx.answers) > 1 else positions[0]
            ops.special_summon(st, uid, ctx.player, pos, ctx.player, ctx.uid, kind=kind)
        if where & DECK:
            ops.shuffle_deck(st, ctx.player)

    return Step(do=do, ask=ask)


def special_summon_target(
    positions: tuple[int, ...] = (FU_ATK, FU_DEF), bind: bool = False
) -> Step:
    """Special Summon the link's target to your field (``bind``: this card is
    bound to it, as Call of the Haunted)."""

    def ask(ctx: Ctx) -> Question | None:
        if len(positions) == 1 or ctx.answers or ctx.target() == NONE:
            return None
        labels = tuple("face-up Attack" if p == FU_ATK else "face-up Defense" for p in positions)
        return Question(ctx.player, "Choose its battle position", positions, False, labels)

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or free_zones(st, ctx.player) == 0:
            return
        pos = ctx.answers[0] if ctx.answers else positions[0]
        if ops.special_summon(st, t, ctx.player, pos, ctx.player, ctx.uid) and bind:
            bind_to(st, ctx.uid, t)

    return Step(do=do, ask=ask, can=lambda ctx: free_zones(ctx.st, ctx.player) > 0)


def bind_to(st: State, uid: int, target: int) -> None:
    """Attach ``uid`` to ``target`` (an Equip Card to its monster, R-SPELL-2)."""
    ops.bind(st, uid, target)
    st.dirty = True


def equip_target() -> Step:
    """Equip this card to the link's target if it is still a face-up monster;
    else the card goes to the GY after the chain (R-SPELL-2, R-CHAIN-12)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or not ctx.on_field or not st.pos[t] & Position.FACEUP:
            return
        bind_to(st, ctx.uid, t)
        ops.raise_event(st, EventKind.EQUIP, ctx.player, ctx.uid, t, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def take_control(until_end_of_turn: bool = True) -> Step:
    """Take control of the link's target (R-TERM-2): until the End Phase, or while
    this card is face-up and bound to it (``until_end_of_turn=False``)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE:
            return
        if ops.set_control(st, t, ctx.player, ctx.player, ctx.uid):
            reset = RESET_END_TURN if until_end_of_turn else RESET_SOURCE_LEAVES
            st.granted.append((GRANT_CONTROL, t, st.fid[t], ctx.player, ctx.uid, reset, st.turn))

    return Step(do=do, can=lambda ctx: free_zones(ctx.st, ctx.player) > 0)


def grant(mod: Mod, value: Amount, until_end_of_turn: bool = True, who: str = "targets") -> Step:
    """Give the link's targets (or this card: ``who="self"``) an effect for a time
    (an ATK change until the end of the turn...)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        uids = [ctx.uid] if who == "self" else ctx.targets()
        v = _amount(value, ctx)
        for t in uids:
            if st.loc[t] != MZONE or not st.pos[t] & Position.FACEUP:
                continue
            reset = RESET_END_TURN if until_end_of_turn else 0
            st.granted.append((int(mod), t, st.fid[t], v, ctx.uid, reset, st.turn))
            if mod in (Mod.ATK_ADD, Mod.DEF_ADD):
                ops.raise_event(st, EventKind.ATK_CHANGE, st.ctrl[t], t, v,
                                dst=int(mod == Mod.DEF_ADD), rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do)


def negate_previous(destroy: bool = True, of: Filter | None = None) -> Step:
    """Negate the activation of the link this one responds to (R-CHAIN-15) and,
    with ``destroy``, destroy that card."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if link is None:
            return
        i = st.chain.index(link) - 1 if link in st.chain else len(st.chain) - 1
        if i < 0:
            return
        other = st.chain[i]
        other.negated = True
        ops.raise_event(st, EventKind.CHAIN_NEGATED, other.player, other.uid, i + 1,
                        rp=ctx.player, rc=ctx.uid)  # fmt: skip
        u = other.uid
        if other.card_activation and st.fid[u] == other.fid:
            ops.add_status(st, u, ops.STATUS_NEGATED)  # R-PEND-4: a negated Pendulum goes to the GY
        if destroy and st.fid[u] == other.fid and st.loc[u] & ONFIELD:
            ops.destroy(st, [u], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def previous_link_is(ok: Callable[[Ctx, int, bool], bool]) -> Callable[[Ctx], bool]:
    """A condition: the chain's last link (the one this responds to) is a
    ``ok(ctx, uid, card_activation)``."""

    def cond(ctx: Ctx) -> bool:
        chain = ctx.st.chain
        if not chain:
            return False
        last = chain[-1]
        return ok(ctx, last.uid, last.card_activation)

    return cond


def negate_summon(destroy: bool = True) -> Step:
    """Negate the summon being made (R-SUM-10) and, with ``destroy``, destroy it."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        group = _summon.summoning_group(st)  # a Pendulum Summon: all its monsters
        if _summon.negate_summon(st, ctx.player, ctx.uid) and destroy:
            hit = [u for u in group if st.loc[u] == MZONE]
            if hit:
                ops.destroy(st, hit, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def being_summoned(ctx: Ctx) -> bool:
    """A condition: a monster is being summoned now (R-SUM-10)."""
    return ctx.st.summoning != NONE and not ctx.st.summon_negated


def negate_attack() -> Step:
    def do(ctx: Ctx) -> None:
        st = ctx.st
        if st.attacker != NONE:
            st.attack_negated = True

    return Step(do=do)


def attacker(ctx: Ctx) -> int:
    return ctx.st.attacker


def opponent_attacks(ctx: Ctx) -> bool:
    """A condition: an opponent's monster has declared an attack (this window)."""
    st = ctx.st
    a = st.attacker
    return a != NONE and st.ctrl[a] != ctx.player and st.loc[a] == MZONE


def change_position(uids: Callable[[Ctx], list[int]], position: int) -> Step:
    def do(ctx: Ctx) -> None:
        st = ctx.st
        for u in uids(ctx):
            if st.loc[u] == MZONE and st.pos[u] != position:
                ops.change_position(st, u, position, manual=False, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def pay_lp(n: Amount) -> Step:
    """A cost: pay LP (R-CHAIN-7). Cannot be paid with less LP than that."""

    def do(ctx: Ctx) -> None:
        ops.pay_lp(ctx.st, ctx.player, _amount(n, ctx))

    return Step(do=do, can=lambda ctx: ctx.st.lp[ctx.player] >= _amount(n, ctx))


def half_lp(ctx: Ctx) -> int:
    return ctx.st.lp[ctx.player] // 2


def discard_cost(n: int = 1, ok: Filter = any_card) -> Step:
    """A cost: discard ``n`` cards (R-CHAIN-7: paid at activation, not refunded)."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in ctx.st.hand[ctx.player] if u != ctx.uid and ok(ctx, u)]

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ops.send_to_grave(ctx.st, picked, Reason.COST | Reason.DISCARD, ctx.player, ctx.uid)

    return Step(
        do=do,
        ask=choose(you, found, n, "Choose a card to discard (cost)"),
        can=lambda ctx: len(found(ctx)) >= n,
    )


def tribute_cost(n: int = 1, ok: Filter = any_card) -> Step:
    """A cost: Tribute ``n`` monsters you control (not destruction, R-TERM-1)."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in cards(ctx.st, ctx.player, MZONE) if ok(ctx, u)]

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ops.tribute(ctx.st, picked, Reason.COST)

    return Step(
        do=do,
        ask=choose(you, found, n, "Choose a monster to Tribute (cost)"),
        can=lambda ctx: len(found(ctx)) >= n,
    )


def window_event(ctx: Ctx, kind: EventKind) -> list[Event]:
    """The events of ``kind`` that led to the current window (what "When ..."
    activations such as Trap Hole read)."""
    return [e for e in ctx.st.window_events if e.kind == kind]


def equipped(ctx: Ctx, uid: int) -> bool:
    """A modifier's ``affects``: the monster this Equip Card is attached to."""
    return query.equipped_to(ctx.st, ctx.uid) == uid


def controller_of_equipped(ctx: Ctx) -> int:
    t = query.equipped_to(ctx.st, ctx.uid)
    return ctx.st.ctrl[t] if t != NONE else ctx.player


# -- wt-cards-a: attacks, summons, flips and counted turns ----------------------------------


def the_attacker(ctx: Ctx, uid: int) -> bool:
    """A filter: the opponent's monster that is attacking now (Sakuretsu Armor's
    and Magic Cylinder's target)."""
    st = ctx.st
    return uid == st.attacker and st.ctrl[uid] != ctx.player and st.loc[uid] == MZONE


def summoned_now(*kinds: EventKind) -> Filter:
    """A filter: a monster that the events leading to this window summoned in one
    of ``kinds`` (SUMMON, FLIP_SUMMON, SPECIAL_SUMMON), still face-up on the field
    as that same card. A Set is not a Summon (R-SUM-1): its event is SET."""

    def ok(ctx: Ctx, uid: int) -> bool:
        st = ctx.st
        if st.loc[uid] != MZONE or not st.pos[uid] & _FACEUP:
            return False
        return any(
            e.card == uid and e.fid == st.fid[uid] for e in st.window_events if e.kind in kinds
        )

    return ok


def flip_face_up_all(where: int = MZONE, mine: bool = False, opp: bool = True) -> Step:
    """Turn every face-down monster in ``where`` face-up, keeping Attack/Defense
    (Flip effects trigger, R-MON-5). Does nothing when there is none."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        for u in matching(ctx, where, face_down, mine, opp):
            ops.flip_face_up(st, u, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def destroy_self_after_turns(n: int) -> Step:
    """A rule step: count one more turn in this card's ``State.cval`` and destroy
    the card when the count reaches ``n`` (R-SPELL-7: Swords of Revealing Light).
    The count lives on the card, so it restarts if the card leaves the field."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        ops.set_cval(st, ctx.uid, st.cval[ctx.uid] + 1)
        if st.cval[ctx.uid] >= n:
            ops.destroy(st, [ctx.uid], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def target_atk(ctx: Ctx) -> int:
    """An amount: the current ATK of the link's (still legal) target, 0 without one."""
    t = ctx.target()
    return query.atk(ctx.st, t) if t != NONE else 0


# -- wt-cards-b: Equip Spells, binding, control -------------------------------------------


def face_up_monster(ctx: Ctx, uid: int) -> bool:
    """A face-up monster (what an Equip Spell may target: never a face-down one, R-POS-3)."""
    return monster(ctx, uid) and face_up(ctx, uid)


def equip_spell(
    *operation: Step,
    text: str = "",
    ok: Filter = any_card,
    mine: bool = True,
    opp: bool = True,
    **kw: Any,
) -> Effect:
    """An Equip Spell's activation: target a face-up monster that passes ``ok``
    (yours and/or the opponent's) and equip this card to it when it resolves
    (R-SPELL-2). ``operation`` defaults to :func:`equip_target`."""
    return activate(
        *(operation or (equip_target(),)),
        text=text,
        target=targets(all_of(face_up_monster, ok), MZONE, mine=mine, opp=opp),
        category=kw.pop("category", Category.EQUIP),
        **kw,
    )


def equip_modifier(
    mod: Mod, value: int | Callable[[Ctx, int], int], when: Callable[[Ctx], bool] | None = None
) -> Effect:
    """A continuous effect on the monster this card is bound to (an Equip Card's
    monster, Spellbinding Circle's target), while ``when`` holds."""
    val: Callable[[Ctx, int], int] = value if callable(value) else (lambda ctx, uid: value)

    def affects(ctx: Ctx, uid: int) -> bool:
        return equipped(ctx, uid) and (when is None or when(ctx))

    return modifier(mod, affects, val)


def bind_target() -> Step:
    """Bind this card to the link's target monster if both are still there (a
    Continuous Trap that stays with its target: Spellbinding Circle). Unlike an
    Equip Card, the target may be face-down."""

    def do(ctx: Ctx) -> None:
        t = ctx.target()
        if t != NONE and ctx.on_field and ctx.st.loc[t] == MZONE:
            bind_to(ctx.st, ctx.uid, t)

    return Step(do=do)


def equip_and_take_control() -> Step:
    """Equip this card to the link's target (as :func:`equip_target`) and take
    control of it; the card's ``Bind.CONTROL`` gives it back when the card leaves
    or the monster turns face-down (the rules check, ``chain.adjust``)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or not ctx.on_field or not st.pos[t] & Position.FACEUP:
            return
        bind_to(st, ctx.uid, t)
        ops.raise_event(st, EventKind.EQUIP, ctx.player, ctx.uid, t, rp=ctx.player, rc=ctx.uid)
        ops.set_control(st, t, ctx.player, ctx.player, ctx.uid)

    return Step(do=do, can=lambda ctx: free_zones(ctx.st, ctx.player) > 0)


def special_summon_target_and_equip(position: int = FU_ATK) -> Step:
    """Special Summon the link's target to your field and equip this card to it
    (Premature Burial). Nothing happens without a free Monster Zone; this card
    then goes to the GY after the chain (R-SPELL-2)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or not ctx.on_field or free_zones(st, ctx.player) == 0:
            return
        if ops.special_summon(st, t, ctx.player, position, ctx.player, ctx.uid):
            bind_to(st, ctx.uid, t)
            ops.raise_event(st, EventKind.EQUIP, ctx.player, ctx.uid, t,
                            rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do, can=lambda ctx: free_zones(ctx.st, ctx.player) > 0)


def self_to_deck_top() -> Step:
    """Put this card (still where the effect found it) on top of its owner's Deck."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if link is not None and st.fid[ctx.uid] != link.fid:
            return
        ops.move(st, ctx.uid, DECK, Reason.EFFECT, top=True, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def is_equipped(ctx: Ctx) -> bool:
    """A condition: this card is equipped (bound) to a monster now."""
    return query.equipped_to(ctx.st, ctx.uid) != NONE


# -- wt-cards-c (Man-Eater Bug, Sangan, Mystic Tomato, Jinzo, Call of the Haunted,
# Solemn Judgment, Change of Heart, Graceful Charity, Card Destruction, Nobleman) ----


def exists(where: int, ok: Filter, zone: bool = False) -> Callable[[Ctx], bool]:
    """A condition: you have a card in ``where`` that passes ``ok`` (and, with
    ``zone``, a free Monster Zone to summon it to). For a trigger whose operation
    would find nothing: an optional one is then not offered at all."""

    def cond(ctx: Ctx) -> bool:
        if zone and free_zones(ctx.st, ctx.player) == 0:
            return False
        return any(ok(ctx, u) for u in cards(ctx.st, ctx.player, where))

    return cond


# -- lead: Ritual Summons (R-SPELL-5, R-SUM-5) ----------------------------------------------


def _ritual_materials(ctx: Ctx, monster: int) -> list[int]:
    """Your monsters in the hand and on the field that can be Tributed for it."""
    st = ctx.st
    out = [u for u in cards(st, ctx.player, MZONE | HAND) if st.ctype[u] & _MONSTER]
    return [u for u in out if u != monster and u != ctx.uid and query.level(st, u) > 0]


def _ritual_targets(ctx: Ctx, code: int, level: int) -> list[int]:
    st = ctx.st
    if free_zones(st, ctx.player) == 0 and not any(
        st.loc[u] == MZONE for u in _ritual_materials(ctx, NONE)
    ):
        return []
    found = []
    for u in st.hand[ctx.player]:
        if st.data[u].code != code and st.data[u].alias != code:
            continue
        total = sum(query.level(st, m) for m in _ritual_materials(ctx, u))
        if total >= level:
            found.append(u)
    return found


def ritual_summon(code: int, level: int) -> Step:
    """A Ritual Spell's operation (R-SUM-5): Tribute monsters from your hand and/or
    field whose Levels add up to ``level`` or more (chosen now, at resolution, so a
    negated Ritual Spell tributes nothing), then Special Summon the Ritual Monster
    with passcode ``code`` from your hand, face-up in the position you choose."""

    def ritual_monster(ctx: Ctx) -> int:
        found = _ritual_targets(ctx, code, level)
        return found[0] if found else NONE

    def split(ctx: Ctx) -> tuple[list[int], list[int]]:
        """The answers so far: the tributes (until the Levels are reached), then
        the position."""
        picked: list[int] = []
        total = 0
        for i, a in enumerate(ctx.answers):
            if total >= level:
                return picked, ctx.answers[i:]
            picked.append(a)
            total += query.level(ctx.st, a) if a != NONE else 0
        return picked, []

    def ask(ctx: Ctx) -> Question | None:
        st = ctx.st
        monster = ctx.vars.get("monster", NONE)
        if monster == NONE:
            monster = ritual_monster(ctx)
            if monster == NONE:
                return None
            ctx.vars["monster"] = monster
        picked, rest_answers = split(ctx)
        total = sum(query.level(st, u) for u in picked if u != NONE)
        if total < level:
            left = [u for u in _ritual_materials(ctx, monster) if u not in picked]
            # Only materials that still allow the total to be reached.
            rest = sum(query.level(st, u) for u in left)
            options = tuple(u for u in left if total + rest >= level)
            return Question(
                ctx.player, f"Choose a monster to Tribute (Levels {total} of {level})", options
            )
        if not rest_answers:
            return Question(
                ctx.player,
                "Choose its battle position",
                (FU_ATK, FU_DEF),
                False,
                ("face-up Attack", "face-up Defense"),
            )
        return None

    def do(ctx: Ctx) -> None:
        st = ctx.st
        monster = ctx.vars.get("monster", NONE)
        if monster == NONE or st.loc[monster] != HAND:
            return
        picked, rest_answers = split(ctx)
        picked = [u for u in picked if u != NONE]
        if sum(query.level(st, u) for u in picked) < level:
            return
        ops.tribute(st, picked, Reason.EFFECT | Reason.MATERIAL)
        position = rest_answers[0] if rest_answers else FU_ATK
        ops.special_summon(st, monster, ctx.player, position, ctx.player, ctx.uid,
                           kind=ops.SUMTYPE_RITUAL)  # fmt: skip

    return Step(do=do, ask=ask, can=lambda ctx: bool(_ritual_targets(ctx, code, level)))


def negate_previous_effect() -> Step:
    """Negate the effect of the link this one responds to (R-CHAIN-15): its
    activation stands (a Spell or Trap still goes to the GY after the chain, a
    Continuous card stays) but it resolves with no effect."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if link is None or link not in st.chain:
            return
        i = st.chain.index(link) - 1
        if i < 0:
            return
        other = st.chain[i]
        other.disabled = True
        ops.raise_event(st, EventKind.CHAIN_DISABLED, other.player, other.uid, i + 1,
                        rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do)


def add_counters(n: int, can_hold: Filter = any_card) -> Step:
    """Put ``n`` counters on the link's targets that can hold them (R-TERM-5)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        for t in ctx.targets():
            if can_hold(ctx, t) and st.loc[t] & ONFIELD:
                ops.set_counters(st, t, st.counters[t] + n)
                ops.raise_event(st, EventKind.COUNTER, st.ctrl[t], t, st.counters[t],
                                rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do)


# --- i9 ---------------------------------------------------------------------------------
# Summoning conditions, revival limits (R-SUM-8, R-SUM-9), Fusion Summons (R-SUM-6, R-SUM-7).

SpecialOk = Callable[[State, int, int, int], bool]
"""``(state, monster, summon kind, summoning card) -> bool`` (``ops.SUMTYPE_*`` kinds)."""


def summon_condition(
    text: str, special_ok: SpecialOk | None = None, revive_limit: bool = True
) -> Effect:
    """A monster's summoning condition (R-MON-2: a rule, never activated).

    ``special_ok`` says which Special Summons are allowed at all (checked every
    time, from anywhere: "must be Fusion Summoned", "only by this card");
    ``revive_limit``: the monster must be properly summoned before it can be
    Special Summoned from the GY or banished (R-SUM-8; cards whose data already
    say "Special Summon only", Ritual and Fusion monsters have it anyway)."""
    extra: dict[str, Any] = {"revive_limit": revive_limit}
    if special_ok is not None:
        extra["special_ok"] = special_ok
    return Effect(EffectKind.CONDITION, text=text, extra=extra)


def only_fusion_summon(st: State, uid: int, kind: int, rc: int) -> bool:
    """A ``special_ok``: only a Fusion Summon (Dark Paladin, Dragon Master Knight)."""
    return bool(kind & ops.SUMTYPE_FUSION)


def only_by(*codes: int) -> SpecialOk:
    """A ``special_ok``: only by its own procedure, or by an effect of a card
    with one of these passcodes (Red-Eyes Black Metal Dragon with Metalmorph)."""

    def ok(st: State, uid: int, kind: int, rc: int) -> bool:
        if kind & ops.SUMTYPE_PROC:
            return True
        return rc != NONE and st.data[rc].base_code in codes

    return ok


def fusion_materials(
    *codes: int, text: str = "", special_ok: SpecialOk | None = None, exact: bool = False
) -> Effect:
    """A Fusion monster's materials (R-SUM-6): one passcode per material (a code
    listed twice needs two copies). Also its summoning condition: the revival
    limit (R-SUM-8) and, with ``special_ok``, which Special Summons are allowed
    (:func:`only_fusion_summon`); ``exact``: only the named materials, no fusion
    substitute (Ryu Senshi)."""
    extra: dict[str, Any] = {"materials": tuple(codes), "revive_limit": True}
    if exact:
        extra["no_substitute"] = True
    if special_ok is not None:
        extra["special_ok"] = special_ok
    return Effect(EffectKind.CONDITION, text=text or "Fusion Summon", extra=extra)


def fusion_substitute() -> Effect:
    """A fusion substitute (R-SUM-7, a rule, R-MON-2): it may stand in for any
    one named Fusion Material; at most one substitute per Fusion Summon."""
    return Effect(EffectKind.CONDITION, text="fusion substitute", extra={"fusion_substitute": True})


def _condition_extra(st: State, uid: int, key: str) -> Any:
    for e in st.fx[uid]:
        if e.kind == EffectKind.CONDITION and key in e.extra:
            return e.extra[key]
    return None


def fusion_material_codes(st: State, uid: int) -> tuple[int, ...]:
    """The materials a Fusion monster's script lists (() when it lists none)."""
    codes = _condition_extra(st, uid, "materials")
    return tuple(codes) if codes else ()


def is_fusion_substitute(st: State, uid: int) -> bool:
    return bool(_condition_extra(st, uid, "fusion_substitute"))


def _fills(st: State, uid: int, code: int) -> int:
    """2: ``uid`` is that material by name; 1: it can substitute for it; 0: neither."""
    d = st.data[uid]
    if d.code == code or d.alias == code:
        return 2
    return 1 if is_fusion_substitute(st, uid) else 0


def fusion_substitutes_allowed(st: State, monster: int) -> int:
    """How many fusion substitutes a Fusion Summon of ``monster`` may use: 1
    (R-SUM-7), or 0 when its text allows only the named materials."""
    return 0 if _condition_extra(st, monster, "no_substitute") else 1


def fusion_assignable(
    st: State, slots: tuple[int, ...], uids: list[int], subs_allowed: int = 1
) -> bool:
    """Whether ``uids`` (one per slot) can fill the material slots ``slots``, with
    at most one fusion substitute standing in for a name (R-SUM-7)."""
    if len(uids) != len(slots):
        return False

    def go(i: int, used: frozenset[int], subs: int) -> bool:
        if i == len(slots):
            return True
        for u in uids:
            if u in used:
                continue
            f = _fills(st, u, slots[i])
            sub_ok = f == 1 and subs < subs_allowed
            if (f == 2 or sub_ok) and go(i + 1, used | {u}, subs + (f == 1)):
                return True
        return False

    return go(0, frozenset(), 0)


def fusion_completable(
    st: State, slots: tuple[int, ...], picked: list[int], pool: list[int], subs_allowed: int = 1
) -> bool:
    """Whether the materials ``picked`` so far can be completed from ``pool``."""
    need = len(slots) - len(picked)
    if need < 0:
        return False
    rest = [u for u in pool if u not in picked and any(_fills(st, u, c) for c in slots)]
    if len(rest) < need:
        return False
    return any(
        fusion_assignable(st, slots, picked + list(c), subs_allowed)
        for c in itertools.combinations(rest, need)
    )


def _fusion_pool(ctx: Ctx) -> list[int]:
    """Your monsters in the hand and on the field (not this card): the materials."""
    st = ctx.st
    return [
        u for u in cards(st, ctx.player, HAND | MZONE) if u != ctx.uid and st.ctype[u] & _MONSTER
    ]


def _fusion_choices(ctx: Ctx) -> list[int]:
    """Fusion monsters in your Extra Deck you could Fusion Summon now."""
    st = ctx.st
    pool = _fusion_pool(ctx)
    field = any(st.loc[u] == MZONE for u in pool)
    if free_zones(st, ctx.player) == 0 and not field:
        return []
    out = []
    for u in st.extra[ctx.player]:
        if st.pos[u] & _FACEUP:  # R-PEND-5: face-up (Pendulum) cards are not Fusion Summoned
            continue
        slots = fusion_material_codes(st, u)
        if not slots or _summon.special_blocker(st, u, ops.SUMTYPE_FUSION, ctx.uid):
            continue
        if fusion_completable(st, slots, [], pool, fusion_substitutes_allowed(st, u)):
            out.append(u)
    return out


def fusion_summon(to: int = GRAVE) -> Step:
    """Fusion Summon (R-SUM-6): choose a Fusion monster in your Extra Deck, then
    its materials from your hand and field (at most one fusion substitute,
    R-SUM-7), all at resolution (so a negated Polymerization costs nothing but
    itself, R-CHAIN-7); the materials go to the GY (``to=BANISHED``: banished,
    Fusion Gate) and the monster is Special Summoned face-up, properly summoned
    (R-SUM-9). Answers: the monster, each material, the position."""

    def parts(ctx: Ctx) -> tuple[int, tuple[int, ...], list[int], list[int]]:
        ans = ctx.answers
        monster = ans[0] if ans else NONE
        slots = fusion_material_codes(ctx.st, monster) if monster != NONE else ()
        return monster, slots, ans[1 : 1 + len(slots)], ans[1 + len(slots) :]

    def ask(ctx: Ctx) -> Question | None:
        st = ctx.st
        if not ctx.answers:
            found = _fusion_choices(ctx)
            if not found:
                return None
            return Question(ctx.player, "Choose a Fusion Monster to Fusion Summon", tuple(found))
        monster, slots, picked, rest = parts(ctx)
        if len(picked) < len(slots):
            pool = _fusion_pool(ctx)
            options = tuple(
                u
                for u in pool
                if u not in picked
                and fusion_completable(
                    st, slots, [*picked, u], pool, fusion_substitutes_allowed(st, monster)
                )
            )
            if not options:
                return None
            name = st.data[monster].name
            return Question(
                ctx.player,
                f"Choose a Fusion Material for {name} ({len(picked) + 1} of {len(slots)})",
                options,
            )
        if not rest:
            return Question(
                ctx.player,
                "Choose its battle position",
                (FU_ATK, FU_DEF),
                False,
                ("face-up Attack", "face-up Defense"),
            )
        return None

    def do(ctx: Ctx) -> None:
        st = ctx.st
        monster, slots, picked, rest = parts(ctx)
        if monster == NONE or st.loc[monster] != ops.EXTRA or not slots:
            return
        if not fusion_assignable(st, slots, picked, fusion_substitutes_allowed(st, monster)):
            return
        if any(st.loc[u] not in (HAND, MZONE) or st.ctrl[u] != ctx.player for u in picked):
            return
        reason = Reason.EFFECT | Reason.MATERIAL
        if to == BANISHED:
            ops.banish(st, picked, reason, ctx.player, ctx.uid)
        else:
            ops.send_to_grave(st, picked, reason, ctx.player, ctx.uid)
        position = rest[0] if rest else FU_ATK
        ops.special_summon(st, monster, ctx.player, position, ctx.player, ctx.uid,
                           kind=ops.SUMTYPE_FUSION)  # fmt: skip

    return Step(do=do, ask=ask, can=lambda ctx: bool(_fusion_choices(ctx)))


def procedure(
    *costs: Step,
    text: str,
    zone: bool = True,
    condition: Callable[[Ctx], bool] | None = None,
    special_ok: SpecialOk | None = None,
) -> Effect:
    """A monster's own Special Summon procedure from the hand (a summoning
    condition, R-SUM-8): offered in its controller's Main Phase as
    "special-summon", it pays ``costs`` (tributes, banishing...) and summons the
    monster with a "being summoned" moment (R-SUM-10); a summon that succeeds is
    proper (R-SUM-9). It puts the monster under the revival limit. ``zone``: a
    free Monster Zone is needed beforehand (not when the costs tribute).
    ``special_ok``: which other Special Summons are allowed (:func:`first_by`).
    The monster cannot be Normal Summoned or Set, even when its card data lacks
    the "Special Summon only" bit (``extra["special_only"]``, read by
    ``query.special_only``)."""
    extra: dict[str, Any] = {"revive_limit": True, "special_only": True}
    if special_ok is not None:
        extra["special_ok"] = special_ok

    def cond(ctx: Ctx) -> bool:
        if zone and free_zones(ctx.st, ctx.player) == 0:
            return False
        return condition is None or condition(ctx)

    return Effect(
        EffectKind.CONDITION,
        text=text,
        condition=cond,
        operation=costs,
        extra=extra,
    )


def tribute_named(*codes: int) -> Step:
    """A procedure's cost: Tribute one monster you control of each passcode
    (Gate Guardian's three), chosen one at a time when there is a choice."""

    def remaining(ctx: Ctx, picked: list[int]) -> list[int]:
        left = list(codes)
        for u in picked:
            c = ctx.st.data[u].base_code
            if c in left:
                left.remove(c)
        return left

    def candidates(ctx: Ctx) -> list[int]:
        picked = chosen(ctx)
        left = remaining(ctx, picked)
        if not left:
            return []
        mine = cards(ctx.st, ctx.player, MZONE)
        return [u for u in mine if u not in picked and ctx.st.data[u].base_code == left[0]]

    def can(ctx: Ctx) -> bool:
        mine = cards(ctx.st, ctx.player, MZONE)
        used: set[int] = set()
        for c in codes:
            u = next((u for u in mine if u not in used and ctx.st.data[u].base_code == c), NONE)
            if u == NONE:
                return False
            used.add(u)
        return True

    def do(ctx: Ctx) -> None:
        picked = [u for u in chosen(ctx) if ctx.st.loc[u] == MZONE]
        if picked:
            ops.tribute(ctx.st, picked, Reason.SUMMON)

    return Step(
        do=do, ask=choose(you, candidates, len(codes), "Choose a monster to Tribute"), can=can
    )


def banish_cost(n: int, ok: Filter = any_card, where: int = GRAVE) -> Step:
    """A cost: banish ``n`` of your cards in ``where`` that pass ``ok``."""

    def found(ctx: Ctx) -> list[int]:
        return [u for u in cards(ctx.st, ctx.player, where) if u != ctx.uid and ok(ctx, u)]

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ops.banish(ctx.st, picked, Reason.COST, ctx.player, ctx.uid)

    return Step(
        do=do,
        ask=choose(you, found, n, "Choose a card to banish (cost)"),
        can=lambda ctx: len(found(ctx)) >= n,
    )


def alternative_tribute_summon(n: int, text: str) -> Effect:
    """A monster that may also be Tribute Summoned with ``n`` tributes (R-MON-2:
    a rule, not an effect; Gilford the Lightning's 3). It is offered as its own
    "summon ... with n tributes" action; the SUMMON event's ``value`` is the
    number of tributes, which a trigger can read (:func:`summoned_with`). It
    does not put the monster under the revival limit (R-SUM-8)."""
    return Effect(EffectKind.CONDITION, text=text, extra={"tributes": n})


def summoned_with(n: int) -> Callable[[Ctx, Event], bool]:
    """A trigger's event filter: this card was Tribute Summoned with ``n`` tributes."""
    return lambda ctx, ev: ev.card == ctx.uid and ev.value == n


# -- i8b: traps, equips, continuous and quick-play spells ------------------------------------


def equip_stats(atk: int = 0, defense: int = 0) -> tuple[Effect, ...]:
    """The modifiers of an Equip Card that changes its monster's ATK and/or DEF by
    fixed amounts (a negative amount lowers it)."""
    out: list[Effect] = []
    if atk:
        out.append(equip_modifier(Mod.ATK_ADD, atk))
    if defense:
        out.append(equip_modifier(Mod.DEF_ADD, defense))
    return tuple(out)


def set_turn_flag(key: int, who: Callable[[Ctx], int] = you) -> Step:
    """Set a player's flag for the rest of this turn (``query.FLAG_*``: no battle
    damage, monsters safe from battle destruction, ATK/DEF changes reversed)."""
    from ygo.engine.chain import use_limit

    def do(ctx: Ctx) -> None:
        use_limit(ctx.st, key, who(ctx))

    return Step(do=do)


#: ``State.granted`` code of a mark: ``(GRANT_MARK, card, fid, count, source, 0,
#: turn)``. No query reads it; it lasts while the marked card stays where it is
#: (the same incarnation) and lets a card find "the cards it affected" later (a
#: delayed effect: destroyed in the End Phase, returned after some turns).
GRANT_MARK = 1000


def mark(st: State, uid: int, source: int, count: int = 0) -> None:
    """Mark ``uid`` (as it is now) for ``source``'s later use."""
    st.granted.append((GRANT_MARK, uid, st.fid[uid], count, source, 0, st.turn))
    st.dirty = True


def marks(ctx: Ctx) -> list[tuple[int, ...]]:
    """This card's marks whose cards are still the incarnations it marked."""
    fid = ctx.st.fid
    return [g for g in ctx.st.granted
            if g[0] == GRANT_MARK and g[4] == ctx.uid and fid[g[1]] == g[2]]  # fmt: skip


def unmark(st: State, entry: tuple[int, ...]) -> None:
    if entry in st.granted:
        st.granted.remove(entry)


def banish_face_down(st: State, uids: list[int], reason: int, rp: int = -1, rc: int = -1) -> None:
    """Banish cards face-down: in the banished zone, hidden from the opponent (the
    move itself is logged as a secret one)."""
    for uid in ops.by_turn_player_first(st, uids):
        src, prev_pos, prev_ctrl = st.loc[uid], st.pos[uid], st.ctrl[uid]
        ops.move(st, uid, BANISHED, reason, log=False, rp=rp, rc=rc)
        st.pos[uid] = FD_DEF
        ops.raise_event(st, EventKind.MOVE, st.owner[uid], uid, 0, src, BANISHED, reason, True,
                        rp=rp, rc=rc, prev_pos=prev_pos, prev_ctrl=prev_ctrl)  # fmt: skip


def phase_of(phase: int, whose: Callable[[Ctx], int] | None = None) -> Callable[[Ctx, Event], bool]:
    """An event filter: the start of ``phase`` (in a turn of ``whose(ctx)``), wherever
    this card is (a delayed effect of a card already in the GY)."""

    def on(ctx: Ctx, ev: Event) -> bool:
        return ev.value == phase and (whose is None or ctx.st.tp == whose(ctx))

    return on


def active_card(ctx: Ctx) -> bool:
    """A condition: this card is face-up on the field, its activation resolved, and
    its effects not negated (a Continuous card's rule effects)."""
    st = ctx.st
    return (
        query.face_up_on_field(st, ctx.uid)
        and bool(st.status[ctx.uid] & ops.STATUS_ENABLED)
        and not query.is_disabled(st, ctx.uid)
    )


# --- i8a: normal spells (hands looked at, face-down banish, face-down Attack) -------------


def without_check(s: Step) -> Step:
    """The same step without its activation check: it does what it can when it
    resolves (a second discard that happens only if a card is left)."""
    return Step(do=s.do, ask=s.ask)


def grant_one(ctx: Ctx, uid: int, mod: Mod, value: int, until_end_of_turn: bool = True) -> None:
    """Give one face-up monster an effect for a time (:func:`grant` for the link's
    targets, one value for each); raises the ATK/DEF change event."""
    st = ctx.st
    if st.loc[uid] != MZONE or not st.pos[uid] & Position.FACEUP:
        return
    reset = RESET_END_TURN if until_end_of_turn else 0
    st.granted.append((int(mod), uid, st.fid[uid], value, ctx.uid, reset, st.turn))
    if mod in (Mod.ATK_ADD, Mod.DEF_ADD):
        ops.raise_event(st, EventKind.ATK_CHANGE, st.ctrl[uid], uid, value,
                        dst=int(mod == Mod.DEF_ADD), rp=ctx.player, rc=ctx.uid)  # fmt: skip


def opponent_has_hand(ctx: Ctx) -> bool:
    """A condition: your opponent has a card in their hand."""
    return bool(ctx.st.hand[ctx.opponent])


def look_at_opponent_hand(
    then: Callable[[Ctx, int], None], prompt: str = "Choose a card from your opponent's hand"
) -> tuple[Step, Step]:
    """Two steps: you look at your opponent's hand (each card is shown to you
    only: a secret REVEAL whose ``player`` is you), then pick one of its cards,
    named in the options; ``then(ctx, uid)`` does the rest (return it to the Deck,
    discard it...). Needs a card in that hand to activate."""

    def look(ctx: Ctx) -> None:
        st = ctx.st
        for u in st.hand[ctx.opponent]:
            ops.raise_event(st, EventKind.REVEAL, ctx.player, u, secret=True,
                            rp=ctx.player, rc=ctx.uid)  # fmt: skip

    def ask(ctx: Ctx) -> Question | None:
        if ctx.answers or not ctx.st.hand[ctx.opponent]:
            return None
        return Question(ctx.player, prompt, tuple(ctx.st.hand[ctx.opponent]), shown=True)

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked and ctx.st.loc[picked[0]] == HAND:
            then(ctx, picked[0])

    return Step(do=look, can=opponent_has_hand), Step(do=do, ask=ask)


def special_summon_up_to(
    where: int, ok: Filter, n: int, prompt: str = "Choose a monster to Special Summon"
) -> Step:
    """Special Summon up to ``n`` of your monsters in ``where`` that pass ``ok``
    (at least 1; no more than your free Monster Zones), each face-up in the
    position you choose, all at once. Needs one such monster and a free zone."""

    def found(ctx: Ctx) -> list[int]:
        if free_zones(ctx.st, ctx.player) == 0:
            return []
        return [u for u in cards(ctx.st, ctx.player, where)
                if can_special_summon(ctx, u) and ok(ctx, u)]  # fmt: skip

    def most(ctx: Ctx) -> int:
        return min(n, free_zones(ctx.st, ctx.player))

    def split(ctx: Ctx) -> tuple[list[int], list[int]]:
        """The monsters chosen, then the positions answered."""
        k = ctx.vars.get("picks", len(ctx.answers))
        return [a for a in ctx.answers[:k] if a != NONE], ctx.answers[k:]

    pick = choose(you, found, most, prompt, up_to=True)

    def ask(ctx: Ctx) -> Question | None:
        if "picks" not in ctx.vars:
            q = pick(ctx)
            if q is not None:
                return q
            ctx.vars["picks"] = len(ctx.answers)
        picked, positions = split(ctx)
        if len(positions) < len(picked):
            labels = ("face-up Attack", "face-up Defense")
            return Question(ctx.player, "Choose its battle position", (FU_ATK, FU_DEF), False,
                            labels)  # fmt: skip
        return None

    def do(ctx: Ctx) -> None:
        st = ctx.st
        picked, positions = split(ctx)
        for u, pos in zip(picked, positions, strict=False):
            if st.loc[u] & where and free_zones(st, ctx.player):
                ops.special_summon(st, u, ctx.player, pos, ctx.player, ctx.uid)
        if where & DECK:
            ops.shuffle_deck(st, ctx.player)

    return Step(do=do, ask=ask, can=lambda ctx: bool(found(ctx)))


def card_face_up_on_field(code: int) -> Callable[[Ctx], bool]:
    """A condition: a face-up card with passcode ``code`` is on the field (either
    side), as a card's text that names another card asks."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        return any(
            st.data[u].code == code and query.face_up_on_field(st, u)
            for p in (0, 1)
            for u in cards(st, p, ONFIELD)
        )

    return cond


def turn_face_down_target() -> Step:
    """Turn the link's target face-down in the position it is in: face-up Attack
    becomes face-down Attack (R-POS-1: the only way to it), face-up Defense
    face-down Defense. Its Equip Cards are then destroyed (R-SPELL-2)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or st.loc[t] != MZONE or not st.pos[t] & _FACEUP:
            return
        pos = Position.FACEDOWN_ATTACK if st.pos[t] & _ATTACK else Position.FACEDOWN_DEFENSE
        ops.change_position(st, t, int(pos), manual=False, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def banish_face_down_from_deck(prompt: str = "Choose a card to banish face-down") -> Step:
    """Banish a card of your choice from your Deck face-down (hidden from your
    opponent, R-DUEL-8), then shuffle (R-TERM-4); the card is kept in
    ``ctx.vars["banished"]``. Needs a card in your Deck."""

    def found(ctx: Ctx) -> list[int]:
        return cards(ctx.st, ctx.player, DECK)

    def do(ctx: Ctx) -> None:
        st = ctx.st
        picked = chosen(ctx)
        if picked:
            ops.banish(st, picked, Reason.EFFECT, ctx.player, ctx.uid, face_down=True)
            ctx.vars["banished"] = picked[0]
        ops.shuffle_deck(st, ctx.player)

    return Step(do=do, ask=choose(you, found, 1, prompt), can=lambda ctx: bool(found(ctx)))


# --- i8d: flip effects and special wins -----------------------------------------------------


def optional_flip(
    *operation: Step, text: str = "", target: TargetSpec | None = None, **kw: Any
) -> Effect:
    """A "FLIP: you can ..." effect: an optional trigger when this card is turned
    face-up (R-MON-5); its controller may decline it."""
    return trigger(EventKind.FLIP, self_event, *operation, text=text, target=target, **kw)


_BATTLE_PHASE = (
    int(Phase.BATTLE_START) | int(Phase.BATTLE_STEP) | int(Phase.DAMAGE)
    | int(Phase.DAMAGE_CALC) | int(Phase.BATTLE_END)
)  # fmt: skip


def not_in_battle_phase(ctx: Ctx) -> bool:
    """A condition: the duel is not in the Battle Phase (an effect whose text
    says it cannot be activated then: a Flip effect flipped by an attack does not
    activate at all)."""
    return not ctx.st.phase & _BATTLE_PHASE


def top_cards(st: State, player: int, n: int) -> list[int]:
    """The top ``n`` cards of a Deck (fewer if it is smaller), the top one first."""
    deck = st.deck[player]
    return deck[::-1][:n]


def reveal(ctx: Ctx, uids: Iterable[int]) -> None:
    """Show cards to both players (a REVEAL event each; they stay where they are)."""
    st = ctx.st
    for u in uids:
        ops.raise_event(st, EventKind.REVEAL, st.ctrl[u], u, rp=ctx.player, rc=ctx.uid)


def switch_control_with_target() -> Step:
    """Swap control of this monster and the link's target (the opponent's): each
    takes the Monster Zone the other leaves (R-TERM-2). Nothing happens unless
    both are still face-up/face-down on the field, controlled by different
    players (this card must still be the same card)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        me = ctx.uid
        link = ctx.link
        if t == NONE or (link is not None and st.fid[me] != link.fid):
            return
        if st.loc[me] != MZONE or st.loc[t] != MZONE or st.ctrl[me] == st.ctrl[t]:
            return
        a, b = st.ctrl[me], st.ctrl[t]
        za, zb = st.seq[me], st.seq[t]
        st.mzone[a][za], st.mzone[b][zb] = t, me
        st.ctrl[me], st.seq[me] = b, zb
        st.ctrl[t], st.seq[t] = a, za
        st.dirty = True
        st.reach = None
        for u, p, z in ((t, a, za), (me, b, zb)):
            ops.raise_event(st, EventKind.CONTROL, p, u, 0, MZONE, z, Reason.EFFECT,
                            rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do)


def win_condition(cond: Callable[[Ctx], bool], text: str = "", **kw: Any) -> Effect:
    """A special win (R-DUEL-6): the rules check tests ``cond`` after every action,
    wherever this card is, and its controller wins when it holds. A rule effect:
    not activated, not chained to, not negated (``Mod.WIN``)."""
    return Effect(
        EffectKind.CONTINUOUS,
        text=text,
        mod=Mod.WIN,
        condition=cond,
        category=kw.pop("category", Category.WIN),
        **kw,
    )


def in_hand_with(*codes: int) -> Callable[[Ctx], bool]:
    """A condition: this card is in its owner's hand together with a card of each
    passcode in ``codes`` (Exodia's five pieces)."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        if st.loc[ctx.uid] != HAND:
            return False
        hand = st.hand[st.owner[ctx.uid]]
        held = {st.data[u].code for u in hand} | {st.data[u].alias for u in hand}
        return all(c in held for c in codes)

    return cond


def win_now() -> Step:
    """You win the duel (R-DUEL-6): your opponent is marked as losing, so a win
    and a loss at the same moment are judged together (R-DUEL-7)."""

    def do(ctx: Ctx) -> None:
        ops.lose(ctx.st, 1 - ctx.player, WinReason.EFFECT)

    return Step(do=do)


# --- i8c: effect monsters and Spell Counters ------------------------------------------------


def tribute_self() -> Step:
    """A cost: Tribute this card (from the field, R-TERM-1: not destruction)."""

    def do(ctx: Ctx) -> None:
        ops.tribute(ctx.st, [ctx.uid], Reason.COST)

    return Step(do=do, can=lambda ctx: ctx.st.loc[ctx.uid] == MZONE)


def discard_self() -> Step:
    """A cost: discard this card from the hand (Kuriboh)."""

    def do(ctx: Ctx) -> None:
        ops.send_to_grave(ctx.st, [ctx.uid], Reason.COST | Reason.DISCARD, ctx.player, ctx.uid)

    return Step(do=do, can=lambda ctx: ctx.st.loc[ctx.uid] == HAND)


def tribute_cost_noting_atk(ok: Filter = any_card) -> Step:
    """A cost: Tribute 1 monster you control, noting its ATK on the field in
    ``ctx.vars["atk"]`` (for "damage equal to the Tributed monster's ATK")."""
    pick = tribute_cost(1, ok)

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx)
        if picked:
            ctx.vars["atk"] = query.atk(ctx.st, picked[0])
        pick.do(ctx)

    return Step(do=do, ask=pick.ask, can=pick.can)


def noted_atk_half(ctx: Ctx) -> int:
    """An amount: half the ATK noted by :func:`tribute_cost_noting_atk` (rounded down)."""
    return ctx.vars.get("atk", 0) // 2


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


def count_in_graves(ok: Filter) -> Callable[[Ctx], int]:
    """An amount: the cards in both players' GYs that pass ``ok``."""
    return lambda ctx: len(matching(ctx, GRAVE, ok))


def named(*codes: int) -> Filter:
    """A filter: a card with one of these passcodes (alternate artworks included)."""
    wanted = set(codes)
    return lambda ctx, uid: (ctx.st.data[uid].code in wanted
                             or ctx.st.data[uid].alias in wanted)  # fmt: skip


def controls_another_monster(ctx: Ctx) -> bool:
    """A condition: this card's controller controls a monster other than it."""
    st = ctx.st
    return any(u != NONE and u != ctx.uid for u in st.mzone[ctx.player])


def phase_start_in_grave(phase: int, whose: str = "you") -> Callable[[Ctx, Event], bool]:
    """Like :func:`phase_start`, for a card in its owner's GY (Sinister Serpent)."""

    def on(ctx: Ctx, ev: Event) -> bool:
        st = ctx.st
        if ev.value != phase or st.loc[ctx.uid] != GRAVE:
            return False
        return whose == "any" or (st.tp == st.owner[ctx.uid]) == (whose == "you")

    return only_in(GRAVE, on)


def return_self_to_hand() -> Step:
    """Add this card to its owner's hand from where it is (the GY...), if it is
    still the same card."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if link is not None and st.fid[ctx.uid] != link.fid:
            return
        ops.to_hand(st, [ctx.uid], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def opponent_activates_spell_card(ctx: Ctx) -> bool:
    """A condition: in the opponent's turn, the chain's last link is the
    opponent's activation of a Spell Card (Maryokutai)."""
    st = ctx.st
    if not st.chain or st.tp == ctx.player:
        return False
    last = st.chain[-1]
    return last.card_activation and last.player != ctx.player and spell(ctx, last.uid)


def no_battle_damage_this_battle() -> Step:
    """You take no battle damage from the current battle (Kuriboh): an effect
    granted on the attacking monster until the end of the Damage Step."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        a = st.attacker
        if a != NONE and st.loc[a] == MZONE:
            st.granted.append((int(Mod.NO_BATTLE_DAMAGE), a, st.fid[a], ctx.player, ctx.uid,
                               RESET_END_TURN, st.turn))  # fmt: skip

    return Step(do=do)


def in_damage_step_against_you(ctx: Ctx) -> bool:
    """A condition: an opponent's monster is attacking and the battle is on."""
    st = ctx.st
    a = st.attacker
    return a != NONE and st.ctrl[a] != ctx.player and st.loc[a] == MZONE and not st.attack_negated


# Spell Counters (R-TERM-5). A card can hold counters only if one of its effects
# declares how many (``extra={"counter_max": n}``, 0: no limit is not allowed).


def counter_max(st: State, uid: int) -> int:
    """How many counters this card can hold (0: it cannot hold any)."""
    return max((e.extra.get("counter_max", 0) for e in st.fx[uid]), default=0)


def can_hold_counter(ctx: Ctx, uid: int) -> bool:
    """A filter: a face-up card on the field that can hold one more counter."""
    st = ctx.st
    return query.face_up_on_field(st, uid) and st.counters[uid] < counter_max(st, uid)


def _put_counter(ctx: Ctx, uid: int, n: int) -> None:
    st = ctx.st
    room = counter_max(st, uid) - st.counters[uid]
    if room <= 0 or not query.face_up_on_field(st, uid):
        return
    ops.set_counters(st, uid, st.counters[uid] + min(n, room))
    st.dirty = True
    ops.raise_event(st, EventKind.COUNTER, st.ctrl[uid], uid, st.counters[uid],
                    rp=ctx.player, rc=ctx.uid)  # fmt: skip


def place_counter_on_self(n: int = 1) -> Step:
    """Put ``n`` counters on this card, as many as it can still hold (R-TERM-5)."""
    return Step(do=lambda ctx: _put_counter(ctx, ctx.uid, n))


def remove_counters_cost(n: int) -> Step:
    """A cost: remove ``n`` counters from this card."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        ops.set_counters(st, ctx.uid, st.counters[ctx.uid] - n)
        st.dirty = True
        ops.raise_event(st, EventKind.COUNTER, st.ctrl[ctx.uid], ctx.uid, st.counters[ctx.uid],
                        rp=ctx.player, rc=ctx.uid)  # fmt: skip

    return Step(do=do, can=lambda ctx: ctx.st.counters[ctx.uid] >= n)


def counters_on_self(per: int) -> Callable[[Ctx, int], int]:
    """A modifier value: ``per`` for each counter on this card."""
    return lambda ctx, uid: per * ctx.st.counters[ctx.uid]


def spell_card_resolved(ctx: Ctx, ev: Event) -> bool:
    """An event filter (CHAIN_SOLVING): a Spell Card's activation starts to
    resolve, not negated (R-CHAIN-15), while this card is face-up on the field."""
    st = ctx.st
    if not query.face_up_on_field(st, ctx.uid) or not st.ctype[ev.card] & _SPELL:
        return False
    if st.fx[ev.card] and st.fx[ev.card][0].kind != EffectKind.ACTIVATE:
        return False
    return not _activation_negated(st, ev)


def _activation_negated(st: State, ev: Event) -> bool:
    """Whether the chain link of this CHAIN_SOLVING event had its activation
    negated: the duel's log between its activation and its resolution says so."""
    log = st.events
    seen = False
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if not seen:
            seen = e.kind == EventKind.CHAIN_SOLVING and e.card == ev.card and e.batch == ev.batch
        elif e.card == ev.card and e.value == ev.value:
            if e.kind == EventKind.CHAIN_NEGATED:
                return True
            if e.kind == EventKind.ACTIVATE:
                return False
    return False


def destroy_every(where: int, ok: Filter, mine: bool = True, opp: bool = True) -> Step:
    """Destroy every card in ``where`` that passes ``ok`` at resolution, this card
    included (unlike :func:`destroy_all`, activatable when none does yet)."""

    def do(ctx: Ctx) -> None:
        t = matching(ctx, where, ok, mine, opp)
        if t:
            ops.destroy(ctx.st, t, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


# --- j8 ---------------------------------------------------------------------------------------


def summon_token(code: int, position: int = FU_ATK) -> Step:
    """Special Summon a new Token (the pool card ``code``) to your field, if a
    Monster Zone is free (R-SUM-11: it exists only while on the field)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        if free_zones(st, ctx.player) == 0:
            return
        from ygo.cards.pool import embedded_pool  # a Token's data: not a deck card

        uid = ops.create_token(st, embedded_pool().get(code), ctx.player)
        ops.special_summon(st, uid, ctx.player, position, ctx.player, ctx.uid)

    return Step(do=do)


def attack_cost(*steps: Step, text: str = "", **kw: Any) -> Effect:
    """This monster declares an attack only by paying ``steps`` (``Mod.ATTACK_COST``:
    paid without a chain when it is chosen to attack; it cannot attack while a
    step's ``can`` fails)."""
    return modifier(
        Mod.ATTACK_COST, lambda ctx, uid: uid == ctx.uid, text=text, operation=steps, **kw
    )


def destroyed_by_battle_with_self(ctx: Ctx, ev: Event) -> bool:
    """A BATTLE_DESTROYED filter: an opponent's monster was destroyed in a battle
    this card (face-up on the field) was in."""
    st = ctx.st
    return (
        ev.card != ctx.uid
        and st.ctrl[ev.card] != ctx.player
        and ctx.uid in (st.attacker, st.target)
        and query.face_up_on_field(st, ctx.uid)
    )


def mark_self_this_turn() -> Step:
    """Mark this card (as it is now) for this turn: "if this card did X this turn"
    (read with :func:`marked_this_turn`)."""

    def do(ctx: Ctx) -> None:
        if marked_this_turn(ctx):
            return
        for g in marks(ctx):  # an older turn's mark of itself: replaced
            if g[1] == ctx.uid:
                unmark(ctx.st, g)
        mark(ctx.st, ctx.uid, ctx.uid)

    return Step(do=do)


def marked_this_turn(ctx: Ctx) -> bool:
    """This card, still the same incarnation, was marked by itself this turn."""
    turn = ctx.st.turn
    return any(g[1] == ctx.uid and g[6] == turn for g in marks(ctx))


def end_phase_if_marked(ctx: Ctx, ev: Event) -> bool:
    """A PHASE filter: the End Phase starts, this card is face-up on the field and
    was marked this turn (:func:`mark_self_this_turn`)."""
    return (
        ev.value == Phase.END and query.face_up_on_field(ctx.st, ctx.uid) and marked_this_turn(ctx)
    )


def _summonable_from_hand(ctx: Ctx) -> list[int]:
    """Monsters in your hand you could Normal Summon or Set now, zones and
    tributes allowing (the turn's Normal Summon aside)."""
    st = ctx.st
    p = ctx.player
    have = query.tribute_summon_fodder(st, p)
    out = []
    for u in st.hand[p]:
        if not st.ctype[u] & _MONSTER or st.ctype[u] & query.NOT_NORMAL_SUMMONABLE:
            continue
        if st.fx[u] and query.special_only(st, u):
            continue
        need = query.tributes_needed(st, u)
        # a tribute may count as two (Kaiser Sea Horse)
        have_for_u = query.tribute_capacity(st, p, u) if need > have else have
        if (have_for_u >= need) if need else free_zones(st, p) > 0:
            out.append(u)
    return out


def normal_summon_or_set() -> Step:
    """Normal Summon or Set one monster from your hand now, during this effect's
    resolution (tributes chosen then), not using the turn's Normal Summon: the
    summon procedure runs inside the chain link (``summon.BY_EFFECT``), so it is
    a Normal Summon (R-SUM-1) with no "being summoned" moment of its own (R-SUM-10)."""
    pick = choose(you, _summonable_from_hand, 1, "Choose a monster to Normal Summon or Set")

    def ask(ctx: Ctx) -> Question | None:
        q = pick(ctx)
        if q is not None or not chosen(ctx) or len(ctx.answers) > 1:
            return q
        if query.no_normal_set(ctx.st, chosen(ctx)[0]):
            return None  # "cannot be Normal Set": it is Summoned
        return Question(ctx.player, "Normal Summon or Set it?", (0, 1), False, ("Summon", "Set"))

    def do(ctx: Ctx) -> None:
        from ygo.engine.proc import Proc, push

        picked = chosen(ctx)
        if not picked:
            return
        uid = picked[0]
        mode = ctx.answers[1] if len(ctx.answers) > 1 else 0
        need = query.tributes_needed(ctx.st, uid)
        push(ctx.st, Proc.SUMMON, 0, uid, need, _summon.BY_EFFECT + mode)

    return Step(do=do, ask=ask, can=lambda ctx: bool(_summonable_from_hand(ctx)))


# --- j9a: Extra Deck effect monsters and cards that become equips ---------------------------


def once_while_face_up() -> Step:
    """A cost: use this card's "once while face-up on the field" effect (noted in
    ``State.cval``, which starts again when the card leaves the field)."""

    def do(ctx: Ctx) -> None:
        ops.set_cval(ctx.st, ctx.uid, 1)

    return Step(do=do, can=lambda ctx: ctx.st.cval[ctx.uid] == 0)


def attacked_in_opponents_turn(ctx: Ctx) -> bool:
    """A condition: this card is the target of an opponent's attack that is still on."""
    st = ctx.st
    a = st.attacker
    return (
        st.tp != ctx.player
        and st.target == ctx.uid
        and a != NONE
        and st.loc[a] == MZONE
        and not st.attack_negated
    )


def battling(ctx: Ctx) -> bool:
    """A condition: this card is the attacker or the attack target of the current attack."""
    st = ctx.st
    return st.attacker != NONE and not st.attack_negated and ctx.uid in (st.attacker, st.target)


def atk_zero_during_damage_calc() -> Step:
    """The link's target has 0 ATK during this damage calculation only (an
    ``ATK_SET`` granted until right after the calculation, ``RESET_DAMAGE_CALC``)."""
    from ygo.engine.chain import RESET_DAMAGE_CALC

    def do(ctx: Ctx) -> None:
        st = ctx.st
        for t in ctx.targets():
            if st.loc[t] == MZONE and st.pos[t] & Position.FACEUP:
                st.granted.append((int(Mod.ATK_SET), t, st.fid[t], 0, ctx.uid,
                                   RESET_DAMAGE_CALC, st.turn))  # fmt: skip

    return Step(do=do)


def zero_attacker_atk_once() -> Effect:
    """A Quick effect, once while this card is face-up on the field: when an
    opponent's monster attacks it in the opponent's turn, target the attacker at
    damage calculation; it has 0 ATK for that calculation only (Gate Guardian's
    three parts: Sanga of the Thunder, Kazejin, Suijin)."""
    from ygo.engine.windows import Window

    return quick(
        atk_zero_during_damage_calc(),
        text="the attacker has 0 ATK for this damage calculation",
        cost=(once_while_face_up(),),
        target=targets(the_attacker),
        condition=attacked_in_opponents_turn,
        damage_step=1,
        windows=Window.DAMAGE_BEFORE_CALC.bit,
        category=Category.ATK,
    )


def equip_as_card(st: State, card: int, target: int, player: int, rp: int, rc: int) -> bool:
    """Equip the monster ``card`` (from wherever it is) to the face-up monster
    ``target`` as an Equip Card: it goes face-up to ``player``'s Spell & Trap Zone
    and is bound to ``target`` (R-SPELL-2: it is destroyed when ``target`` leaves
    or turns face-down). Only the effects of ``card`` marked ``as_equip`` (see
    :func:`as_equip`) apply there. False when there is no free zone or ``target``
    is no longer a face-up monster on the field."""
    if st.loc[target] != MZONE or not st.pos[target] & Position.FACEUP or card == target:
        return False
    zone = ops.free_zone(st, player, ops.SZONE)
    if zone == NONE:
        return False
    ops.move(st, card, SZONE, Reason.EFFECT, player=player, zone=zone, position=FU_ATK,
             rp=rp, rc=rc)  # fmt: skip
    bind_to(st, card, target)
    ops.raise_event(st, EventKind.EQUIP, player, card, target, rp=rp, rc=rc)
    return True


def as_equip(eff: Effect) -> Effect:
    """Mark a monster's continuous effect as one that applies while the monster
    is an Equip Card (:func:`equip_as_card`): Archfiend of Gilfer's ATK loss."""
    from dataclasses import replace

    return replace(eff, extra={**eff.extra, "as_equip": True})


def equip_self_to_target() -> Step:
    """Equip this monster (from the GY, its zone...) to the link's target as an
    Equip Card (:func:`equip_as_card`). Nothing happens if this card moved since
    the effect was activated (another incarnation) or the target is gone."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        t = ctx.target()
        if t == NONE or (link is not None and st.fid[ctx.uid] != link.fid):
            return
        equip_as_card(st, ctx.uid, t, ctx.player, ctx.player, ctx.uid)

    return Step(do=do, can=lambda ctx: NONE in ctx.st.szone[ctx.player])


# --- recruiters ----------------------------------------------------------------------------


def battle_recruiter(attr: Attribute, max_atk: int) -> Effect:
    """ "When this card is destroyed by battle and sent to the GY: you can Special
    Summon 1 ``attr`` monster with ``max_atk`` or less ATK from your Deck in
    face-up Attack Position" (Mystic Tomato, Shining Angel; it can miss its timing)."""
    ok = all_of(can_special_summon, attribute(attr), atk_at_most(max_atk))
    return trigger(
        EventKind.MOVE,
        destroyed_by_battle,
        special_summon_from(DECK, ok, positions=(FU_ATK,)),
        text=f"Special Summon a {attr.name} monster with {max_atk} or less ATK from the Deck",
        when=True,
        condition=exists(DECK, ok, zone=True),
        category=Category.SPECIAL_SUMMON,
    )


# --- gods: the Egyptian God cards and Holactie (summoning rules, R-SUM-10) ------------------
# Summoning rules printed on a monster are effects of kind CONDITION (R-MON-2: rules,
# never activated); the engine reads their ``extra`` keys through ``query.summon_rule``.

_NORMAL_BIT = 1 << _summon.NORMAL
_PROCEDURE_BIT = 1 << _summon.PROCEDURE


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


def never_special_summoned(st: State, uid: int, kind: int, rc: int) -> bool:
    """A ``special_ok``: "cannot be Special Summoned" (by anything)."""
    return False


def this_card(ctx: Ctx, uid: int) -> bool:
    """A filter: this card itself."""
    return uid == ctx.uid


def cannot_be_targeted() -> Effect:
    """ "Cannot be targeted by Spells, Traps, or card effects" (while face-up on the field)."""
    return modifier(Mod.CANNOT_BE_TARGETED, this_card, text="cannot be targeted by card effects")


def special_summoned_end_phase(ctx: Ctx, ev: Event) -> bool:
    """A PHASE filter: the End Phase starts and this card is face-up on the field,
    having been Special Summoned."""
    st = ctx.st
    return (
        ev.value == Phase.END
        and query.face_up_on_field(st, ctx.uid)
        and bool(st.sumtype[ctx.uid] & ops.SUMTYPE_SPECIAL)
    )


def send_self_to_grave() -> Step:
    """Send this card to the GY if it is still on the field as the same card."""

    def do(ctx: Ctx) -> None:
        if ctx.on_field:
            ops.send_to_grave(ctx.st, [ctx.uid], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


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


def per_card_in_hand(per: int) -> Callable[[Ctx, int], int]:
    """A modifier's value: ``per`` for each card in its controller's hand."""
    return lambda ctx, uid: per * len(ctx.st.hand[ctx.st.ctrl[ctx.uid]])


def summoned_to_opponent_in_attack(ctx: Ctx, ev: Event) -> bool:
    """A summon-event filter (this card face-up on the field): the monster went to
    the opponent's field and is still there, face-up in Attack Position."""
    st = ctx.st
    u = ev.card
    return (
        query.face_up_on_field(st, ctx.uid)
        and st.loc[u] == MZONE
        and st.fid[u] == ev.fid
        and st.ctrl[u] != ctx.player
        and st.pos[u] == FU_ATK
    )


def note_summoned(*kinds: EventKind) -> Step:
    """At activation (a trigger's first step, no cost paid): remember, with the
    link, the monsters of the summon events of ``kinds`` that led here and pass
    :func:`summoned_to_opponent_in_attack` ("that monster(s)": not targeted, but
    the same cards at resolution, R-CHAIN-10)."""

    def do(ctx: Ctx) -> None:
        link = ctx.link
        if link is None:
            return
        for ev in ctx.st.window_events:
            fresh = ev.card not in link.targets[::2]
            if ev.kind in kinds and fresh and summoned_to_opponent_in_attack(ctx, ev):
                link.targets += [ev.card, ev.fid]

    return Step(do=do)


def weaken_noted(n: int) -> Step:
    """Each monster noted by :func:`note_summoned` still face-up on the field loses
    ``n`` ATK (for as long as it stays); those whose ATK this took to 0 are destroyed."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        dead = []
        for u in ctx.targets():
            if st.loc[u] != MZONE or not st.pos[u] & _FACEUP:
                continue
            before = query.atk(st, u)
            grant_one(ctx, u, Mod.ATK_ADD, -n, until_end_of_turn=False)
            if before > 0 and query.atk(st, u) == 0:
                dead.append(u)
        if dead:
            ops.destroy(st, dead, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def pay_lp_down_to(left: int) -> Step:
    """A cost: pay LP so that you have only ``left``; the amount paid is kept in
    the link's ``vars["paid"]``. Needs more than ``left`` LP."""

    def do(ctx: Ctx) -> None:
        paid = ctx.st.lp[ctx.player] - left
        ctx.vars["paid"] = paid
        ops.pay_lp(ctx.st, ctx.player, paid)

    return Step(do=do, can=lambda ctx: ctx.st.lp[ctx.player] > left)


def gain_paid_lp() -> Step:
    """This card (still on the field) gains ATK and DEF equal to the LP paid as
    the cost (:func:`pay_lp_down_to`), for as long as it stays face-up."""

    def do(ctx: Ctx) -> None:
        paid = ctx.vars.get("paid", 0)
        if paid and ctx.on_field:
            grant_one(ctx, ctx.uid, Mod.ATK_ADD, paid, until_end_of_turn=False)
            grant_one(ctx, ctx.uid, Mod.DEF_ADD, paid, until_end_of_turn=False)

    return Step(do=do)


def has_not_attacked(ctx: Ctx) -> bool:
    """A condition: this card has not declared an attack this turn."""
    return ctx.st.atk_turn[ctx.uid] != ctx.st.turn


def no_attack_this_turn() -> Step:
    """A cost's part: "this card cannot declare an attack the turn this effect is
    activated" (given at activation, so it holds even if the effect is negated)."""

    def do(ctx: Ctx) -> None:
        grant_one(ctx, ctx.uid, Mod.CANNOT_ATTACK, 1)

    return Step(do=do)


def summoned_by_own_procedure(ctx: Ctx) -> bool:
    """A condition: this card is face-up on the field, Special Summoned by its own
    procedure (the summon succeeded: R-SUM-10)."""
    st = ctx.st
    return (
        query.face_up_on_field(st, ctx.uid)
        and st.summoning != ctx.uid
        and bool(st.sumtype[ctx.uid] & ops.SUMTYPE_PROC)
    )


# -- specials-b: Kaiser Sea Horse, Relinquished, Thousand-Eyes Restrict, Ryu Senshi,
# Metalmorph, Elegant Egotist, Magical Labyrinth, Cocoon of Evolution and the Moths -------


def tribute_worth(n: int, ok: Filter) -> Effect:
    """This card counts as ``n`` tributes when Tributed for the Tribute Summon (or
    Set) of a monster that passes ``ok`` (Kaiser Sea Horse: 2 for a LIGHT one).
    R-MON-2: a rule of the card, not a summoning condition (its own revival is
    not limited). Counted by ``query.tribute_worth``."""
    return modifier(Mod.TRIBUTE_WORTH, ok, lambda ctx, uid: n)


def first_by(*codes: int) -> SpecialOk:
    """A ``special_ok`` for "must first be Special Summoned by/with X": from the
    hand or Deck only its own way (``SUMTYPE_PROC``) or by an effect of a card
    with one of these passcodes; from the GY or banished anything may summon it,
    once it was properly summoned (the revival limit decides, R-SUM-8/9)."""

    def ok(st: State, uid: int, kind: int, rc: int) -> bool:
        if kind & ops.SUMTYPE_PROC or st.loc[uid] & (GRAVE | BANISHED):
            return True
        return rc != NONE and st.data[rc].base_code in codes

    return ok


def _summon_ok_by(ctx: Ctx, uid: int) -> bool:
    """``uid`` may be Special Summoned by this card as the one its text names."""
    st = ctx.st
    if not st.ctype[uid] & _MONSTER or st.ctype[uid] & _TOKEN:
        return False
    return not _summon.special_blocker(st, uid, ops.SUMTYPE_PROC, ctx.uid)


def tribute_equipped_to_summon(
    pairs: tuple[tuple[int, int], ...], where: int = DECK, text: str = ""
) -> Effect:
    """An Equip Card's Ignition effect: Tribute the monster it is equipped to (a
    cost, R-CHAIN-7) and Special Summon the monster paired with that one's
    passcode from ``where`` (``pairs``: (equipped, summoned)), as the card its
    text names (``SUMTYPE_PROC``: properly summoned, R-SUM-9). Magical
    Labyrinth (Labyrinth Wall -> Wall Shadow), Metalmorph (Zoa -> Metalzoa)."""

    def wanted(ctx: Ctx) -> int:
        st = ctx.st
        t = query.equipped_to(st, ctx.uid)
        if t == NONE or st.ctrl[t] != ctx.player or st.loc[t] != MZONE:
            return 0
        return next((out for worn, out in pairs if st.data[t].base_code == worn), 0)

    def condition(ctx: Ctx) -> bool:
        code = wanted(ctx)
        return bool(code) and any(
            ctx.st.data[u].base_code == code and _summon_ok_by(ctx, u)
            for u in cards(ctx.st, ctx.player, where)
        )

    def pay(ctx: Ctx) -> None:
        st = ctx.st
        ctx.vars["code"] = wanted(ctx)
        t = query.equipped_to(st, ctx.uid)
        ops.tribute(st, [t], Reason.COST)

    def ok(ctx: Ctx, uid: int) -> bool:
        return ctx.st.data[uid].base_code == ctx.vars.get("code", 0) and _summon_ok_by(ctx, uid)

    return ignition(
        special_summon_from(where, ok, kind=ops.SUMTYPE_PROC),
        text=text,
        cost=(step(pay, can=lambda ctx: bool(wanted(ctx))),),
        condition=condition,
        category=Category.SPECIAL_SUMMON,
    )


def face_up_on_field_named(*codes: int) -> Callable[[Ctx], bool]:
    """A condition: a face-up card with one of these passcodes (alternate names
    that count as it included: ``base_code``) is on either player's field."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        return any(
            st.data[u].base_code in codes and query.face_up_on_field(st, u)
            for p in (0, 1)
            for u in cards(st, p, ONFIELD)
        )

    return cond


# Monsters as Equip Cards that a monster takes from the opponent (Relinquished,
# Thousand-Eyes Restrict): "absorbed" monsters, marked by the absorbing card.


def absorbed(ctx: Ctx) -> int:
    """The monster this card absorbed and still has equipped, or NONE."""
    st = ctx.st
    for g in marks(ctx):
        u = g[1]
        if g[3] == 2 and st.loc[u] == SZONE and query.equipped_to(st, u) == ctx.uid:
            return u
    return NONE


def _absorb(ctx: Ctx) -> None:
    st = ctx.st
    t = ctx.target()
    if t == NONE or not ctx.on_field or absorbed(ctx) != NONE:
        return
    if equip_as_card(st, t, ctx.uid, ctx.player, ctx.player, ctx.uid):
        mark(st, t, ctx.uid, count=2)  # absorbed by this card


def absorb_monster() -> tuple[Effect, ...]:
    """Relinquished's and Thousand-Eyes Restrict's effects: once per turn, target
    a monster the opponent controls and equip it to this card as an Equip Card
    (at most one at a time); this card's ATK and DEF become that monster's
    printed ones; if this card would be destroyed by battle, the equipped monster
    is destroyed instead (``Mod.BATTLE_SUBSTITUTE``)."""

    def has_one(ctx: Ctx, uid: int) -> bool:
        return uid == ctx.uid and absorbed(ctx) != NONE

    def atk_of(ctx: Ctx, uid: int) -> int:
        return ctx.st.data[absorbed(ctx)].atk_value

    def def_of(ctx: Ctx, uid: int) -> int:
        return ctx.st.data[absorbed(ctx)].def_value

    def substitute(ctx: Ctx, uid: int) -> int:
        return absorbed(ctx)

    return (
        ignition(
            step(_absorb),
            text="equip an opponent's monster to it; it takes that monster's ATK/DEF",
            limit=1,
            condition=lambda ctx: absorbed(ctx) == NONE and NONE in ctx.st.szone[ctx.player],
            target=targets(
                all_of(monster, lambda c, u: not c.st.ctype[u] & _TOKEN), MZONE, mine=False
            ),
            category=Category.EQUIP,
        ),
        modifier(Mod.ATK_SET, has_one, atk_of, category=Category.ATK),
        modifier(Mod.DEF_SET, has_one, def_of),
        modifier(Mod.BATTLE_SUBSTITUTE, has_one, substitute),
    )


def reflect_battle_damage_while_absorbed() -> Effect:
    """Relinquished: while it has an absorbed monster, battle damage its
    controller takes from a battle involving it is dealt to the opponent too, as
    effect damage (a rule of the card, no chain)."""

    def on(ctx: Ctx, ev: Event) -> bool:
        st = ctx.st
        return (
            bool(ev.reason & Reason.BATTLE)
            and ev.player == ctx.player
            and ctx.uid in (st.attacker, st.target)
            and query.face_up_on_field(st, ctx.uid)
            and absorbed(ctx) != NONE
        )

    def do(ctx: Ctx) -> None:
        st = ctx.st
        total = sum(ev.value for ev in window_event(ctx, EventKind.DAMAGE) if on(ctx, ev))
        ops.damage(st, 1 - ctx.player, total, Reason.EFFECT, ctx.player, ctx.uid)

    return rule(EventKind.DAMAGE, on, step(do))


def negate_spells_targeting_self() -> Effect:
    """A Spell Card's effect that targets this face-up monster is negated when it
    resolves, and the Spell is destroyed (Ryu Senshi; ``Mod.SPELL_TARGET_NEGATE``,
    applied by the chain)."""
    return modifier(Mod.SPELL_TARGET_NEGATE, lambda ctx, uid: uid == ctx.uid)


def cocooned_turns(st: State, moth: int, cocoon_code: int) -> int:
    """How many of ``moth``'s controller's turns have begun since a card with
    ``cocoon_code`` was equipped to it (the current turn included when it is
    theirs; turns alternate), or -1 when none is equipped to it."""
    p = st.ctrl[moth]
    best = -1
    for u in st.szone[0] + st.szone[1]:
        if u == NONE or st.data[u].base_code != cocoon_code:
            continue
        if query.equipped_to(st, u) != moth:
            continue
        mine = sum(
            1
            for t in range(st.placed[u] + 1, st.turn + 1)
            if (st.tp == p) == ((st.turn - t) % 2 == 0)
        )
        best = max(best, mine)
    return best


def tribute_cocooned(moth_code: int, cocoon_code: int, turns: int) -> Step:
    """A procedure's cost: Tribute a ``moth_code`` monster you control that has had
    a ``cocoon_code`` card equipped for at least ``turns`` of your turns (Petit
    Moth in Cocoon of Evolution, for Larvae Moth, Great Moth and Perfectly
    Ultimate Great Moth)."""

    def found(ctx: Ctx) -> list[int]:
        st = ctx.st
        return [
            u
            for u in cards(st, ctx.player, MZONE)
            if st.data[u].base_code == moth_code
            and query.face_up_on_field(st, u)
            and cocooned_turns(st, u, cocoon_code) >= turns
        ]

    def do(ctx: Ctx) -> None:
        picked = [u for u in chosen(ctx) if ctx.st.loc[u] == MZONE]
        if picked:
            ops.tribute(ctx.st, picked, Reason.SUMMON)

    return Step(
        do=do,
        ask=choose(you, found, 1, "Choose a monster to Tribute"),
        can=lambda ctx: bool(found(ctx)),
    )


# --- specials-a: tokens, Toons, trap monsters, Spirits, Unions, Geminis (R-MON-4, R-SUM-11) ---


def summon_tokens(
    code: int, n: int, position: int = FU_ATK, no_tribute_summon: bool = False
) -> Step:
    """Special Summon ``n`` new Tokens (the pool card ``code``) to your field, all
    or none (R-SUM-11: they exist only while on the field). ``no_tribute_summon``:
    they cannot be Tributed for a Tribute Summon (``Mod.NO_TRIBUTE_SUMMON``)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        if free_zones(st, ctx.player) < n:
            return
        from ygo.cards.pool import embedded_pool  # a Token's data: not a deck card

        data = embedded_pool().get(code)
        ops.new_batch(st)
        for _ in range(n):
            uid = ops.create_token(st, data, ctx.player)
            if not ops.special_summon(st, uid, ctx.player, position, ctx.player, ctx.uid):
                return
            if no_tribute_summon:
                st.granted.append(
                    (int(Mod.NO_TRIBUTE_SUMMON), uid, st.fid[uid], 1, ctx.uid, 0, st.turn)
                )

    return Step(do=do)


def not_summoned_this_turn(ctx: Ctx) -> bool:
    """A condition: you have not Normal, Flip or Special Summoned this turn."""
    return not query.turn_flag(ctx.st, query.FLAG_SUMMONED, ctx.player)


def forbid_summons_this_turn() -> Step:
    """You cannot summon monsters for the rest of this turn (Sets are allowed)."""

    def do(ctx: Ctx) -> None:
        query.set_flag(ctx.st, query.FLAG_NO_SUMMON, ctx.player)

    return Step(do=do)


def zones_free(n: int) -> Callable[[Ctx], bool]:
    """A condition: you have at least ``n`` free Monster Zones."""
    return lambda ctx: free_zones(ctx.st, ctx.player) >= n


def controls_face_up(code: int) -> Callable[[Ctx], bool]:
    """A condition: you control a face-up, active card with passcode ``code``
    (alternate artworks included)."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        return any(
            st.data[u].base_code == code and query.face_up_on_field(st, u)
            for u in cards(st, ctx.player, ONFIELD)
        )

    return cond


def tribute_as_for_tribute_summon() -> Step:
    """A procedure's cost: Tribute as many monsters you control as a Tribute
    Summon of this monster would need (R-SUM-2: none at Level 4 or lower)."""

    def need(ctx: Ctx) -> int:
        return query.tributes_needed(ctx.st, ctx.uid)

    def found(ctx: Ctx) -> list[int]:
        return cards(ctx.st, ctx.player, MZONE) if need(ctx) else []

    pick = choose(you, found, 1, "Choose a monster to Tribute")

    def ask(ctx: Ctx) -> Question | None:
        return pick(ctx) if len(chosen(ctx)) < need(ctx) else None

    def do(ctx: Ctx) -> None:
        picked = [u for u in chosen(ctx) if ctx.st.loc[u] == MZONE]
        if picked:
            ops.tribute(ctx.st, picked, Reason.SUMMON)

    def can(ctx: Ctx) -> bool:
        n = need(ctx)
        mine = len(cards(ctx.st, ctx.player, MZONE))
        return mine >= n if n else free_zones(ctx.st, ctx.player) > 0

    return Step(do=do, ask=ask, can=can)


def _destroyed_face_up_from_field(code: int) -> Callable[[Ctx, Event], bool]:
    def on(ctx: Ctx, ev: Event) -> bool:
        st = ctx.st
        return (
            ev.src in (MZONE, SZONE, FZONE)
            and bool(ev.reason & Reason.DESTROY)
            and bool(ev.prev_pos & _FACEUP)
            and ev.card >= 0
            and st.data[ev.card].base_code == code
            and query.face_up_on_field(st, ctx.uid)
        )

    return on


def destroy_self() -> Step:
    """Destroy this card if it is still on the field."""

    def do(ctx: Ctx) -> None:
        if ctx.st.loc[ctx.uid] & ONFIELD:
            ops.destroy(ctx.st, [ctx.uid], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def toon(world: int, text: str = "") -> tuple[Effect, ...]:
    """A Toon monster (R-MON-4) of the guides' period, with ``world`` the
    passcode of Toon World: Special Summoned from the hand only while you control
    a face-up Toon World, Tributing as a Tribute Summon would (its procedure; it
    cannot be Special Summoned at all without Toon World, R-SUM-8); it cannot
    attack the turn it comes out; each attack costs 500 LP; it attacks directly
    unless the opponent controls a face-up Toon (then it must attack a Toon);
    it is destroyed when a Toon World on the field is destroyed."""
    need = controls_face_up(world)

    def special_ok(st: State, uid: int, kind: int, rc: int) -> bool:
        p = st.ctrl[rc] if rc != NONE else st.ctrl[uid]
        return need(Ctx(st, uid, 0, p))

    def arrived_this_turn(ctx: Ctx, uid: int) -> bool:
        return uid == ctx.uid and ctx.st.placed[uid] == ctx.st.turn

    return (
        Effect(
            EffectKind.CONDITION,
            text=text or "needs Toon World; Tribute as for a Tribute Summon",
            condition=need,
            operation=(tribute_as_for_tribute_summon(),),
            extra={"revive_limit": True, "special_ok": special_ok, "needs": "needs Toon World"},
        ),
        modifier(Mod.CANNOT_ATTACK, arrived_this_turn, text="cannot attack the turn it arrives"),
        attack_cost(pay_lp(500), text="pay 500 LP to attack"),
        modifier(
            Mod.DIRECT_ATTACK,
            lambda ctx, uid: uid == ctx.uid,
            lambda ctx, uid: 2,
            text="attacks directly unless the opponent controls a Toon",
        ),
        rule(
            EventKind.MOVE,
            _destroyed_face_up_from_field(world),
            destroy_self(),
            text="destroyed when Toon World is destroyed",
        ),
    )


def summon_self_as_monster(position: int = FU_DEF) -> Step:
    """A Trap that Special Summons itself as an Effect Monster (R-MON-4, a trap
    monster): from its Spell & Trap Zone to a free Monster Zone; its Level, ATK,
    DEF, Type and Attribute are in its card data. It is still a Trap Card too,
    and keeps one of its controller's Spell & Trap Zones taken while there."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        if st.loc[ctx.uid] != SZONE or free_zones(st, ctx.player) == 0:
            return
        ops.become_monster(st, ctx.uid)
        if not ops.special_summon(
            st, ctx.uid, ctx.player, position, ctx.player, ctx.uid, kind=ops.SUMTYPE_PROC
        ):
            ops.set_ctype(st, ctx.uid, int(st.data[ctx.uid].type))

    return Step(do=do, can=lambda ctx: free_zones(ctx.st, ctx.player) > 0)


def summoned_by_itself(ctx: Ctx) -> bool:
    """A condition: this card came to the Monster Zone by its own effect."""
    return bool(ctx.st.sumtype[ctx.uid] & ops.SUMTYPE_PROC)


def battler_atk(ctx: Ctx) -> int:
    """An amount: the current ATK of the monster this card battled (the one that
    destroyed it by battle), 0 if there is none. This card, destroyed, is no
    longer named in the battle (it left the Monster Zone); nor is the other one
    if that battle destroyed both: it is then the other monster the battle sent
    away in the events that led here."""
    st = ctx.st
    a = st.attacker
    other = st.target if a == ctx.uid or a == NONE else a
    if other == NONE:
        gone = [
            e.card
            for e in st.window_events
            if e.kind == EventKind.MOVE and e.reason & Reason.BATTLE and e.card != ctx.uid
        ]
        other = gone[0] if gone else NONE
    return 0 if other == NONE else query.atk(st, other)


def spirit(direct: bool = False) -> tuple[Effect, ...]:
    """A Spirit monster (R-MON-4): it cannot be Special Summoned, and in the End
    Phase of a turn in which it was Normal Summoned or flipped face-up it returns
    to its owner's hand (a mandatory trigger). ``direct``: it may attack the
    opponent directly even while they control monsters."""

    def arrived(ctx: Ctx, ev: Event) -> bool:
        return ev.card == ctx.uid and ctx.st.loc[ctx.uid] == MZONE

    out = [
        summon_condition("cannot be Special Summoned", never_special_summoned, revive_limit=False),
        rule(EventKind.SUMMON, arrived, mark_self_this_turn()),
        rule(EventKind.FLIP, arrived, mark_self_this_turn()),
        trigger(
            EventKind.PHASE,
            end_phase_if_marked,
            return_self_to_hand(),
            text="return to the hand in the End Phase",
            mandatory=True,
            category=Category.TO_HAND,
        ),
    ]
    if direct:
        out.append(
            modifier(
                Mod.DIRECT_ATTACK,
                lambda ctx, uid: uid == ctx.uid,
                lambda ctx, uid: 1,
                text="may attack directly",
            )
        )
    return tuple(out)


def gemini_active(ctx: Ctx) -> bool:
    """A Gemini monster (R-MON-4) has its effects only once Normal Summoned a
    second time while face-up on the field (``ops.STATUS_GEMINI``); until then it
    is a Normal Monster on the field and in the GY."""
    return bool(ctx.st.status[ctx.uid] & ops.STATUS_GEMINI) and query.face_up_on_field(
        ctx.st, ctx.uid
    )


def gemini_original_atk(value: int) -> Effect:
    """A Gemini's effect: its original ATK becomes ``value`` (set before changes)."""
    return modifier(
        Mod.ATK_SET,
        lambda ctx, uid: uid == ctx.uid and gemini_active(ctx),
        lambda ctx, uid: value,
        text=f"original ATK becomes {value} (once Gemini Summoned)",
        category=Category.ATK,
    )


def union(code: int, race_ok: Race, atk: int = 0, defense: int = 0) -> tuple[Effect, ...]:
    """A Union monster (R-MON-4) of the period. Once per turn (one count for both)
    its controller may, in their Main Phase, equip it from the Monster Zone to a
    face-up ``race_ok`` monster they control that has no Union yet, or unequip it
    from there and Special Summon it in Attack Position. While equipped, the
    monster gains ``atk``/``defense``, and if that monster would be destroyed by
    battle or by a card effect, this card is destroyed instead
    (``ops.destroy``); ``code`` is its passcode."""

    def target_ok(ctx: Ctx, uid: int) -> bool:
        st = ctx.st
        return (
            uid != ctx.uid
            and st.ctrl[uid] == ctx.player
            and st.pos[uid] & _FACEUP != 0
            and bool(st.data[uid].race & race_ok)
            and ops.union_equipped(st, uid) == NONE
        )

    def in_monster_zone(ctx: Ctx) -> bool:
        return ctx.st.loc[ctx.uid] == MZONE

    def equip_do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        link = ctx.link
        if t == NONE or (link is not None and st.fid[ctx.uid] != link.fid):
            return
        if ops.union_equipped(st, t) != NONE:
            return
        if equip_as_card(st, ctx.uid, t, ctx.player, ctx.player, ctx.uid):
            ops.add_status(st, ctx.uid, ops.STATUS_ENABLED)

    def equipped_now(ctx: Ctx) -> bool:
        st = ctx.st
        return st.loc[ctx.uid] == SZONE and query.equipped_to(st, ctx.uid) != NONE

    def unequip_do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if st.loc[ctx.uid] != SZONE or (link is not None and st.fid[ctx.uid] != link.fid):
            return
        if ops.special_summon(st, ctx.uid, ctx.player, FU_ATK, ctx.player, ctx.uid):
            ops.bind(st, ctx.uid, NONE)

    shared = {"limit": 1, "limit_code": (code << 4) | 15}  # one count for both effects
    return (
        ignition(
            Step(do=equip_do, can=lambda ctx: ops.szone_free(ctx.st, ctx.player)),
            text="equip this card to a monster you control",
            condition=in_monster_zone,
            target=targets(target_ok, MZONE),
            category=Category.EQUIP,
            extra={"union": True},
            **shared,
        ),
        as_equip(
            ignition(
                Step(do=unequip_do, can=lambda ctx: free_zones(ctx.st, ctx.player) > 0),
                text="unequip this card and Special Summon it",
                condition=equipped_now,
                category=Category.SPECIAL_SUMMON,
                extra={"union": True},
                **shared,
            )
        ),
        as_equip(modifier(Mod.ATK_ADD, equipped, lambda ctx, uid: atk, text=f"+{atk} ATK")),
        as_equip(modifier(Mod.DEF_ADD, equipped, lambda ctx, uid: defense, text=f"+{defense} DEF")),
    )


def can_turn_face_down(ctx: Ctx, uid: int) -> bool:
    """A face-up monster that could be turned face-down: not a Token (R-SUM-11)."""
    return face_up_monster(ctx, uid) and not ctx.st.ctype[uid] & _TOKEN


# --- pendulum: Pendulum Zones and Pendulum Summon (R-PEND-1..5) ----------------------------


def pendulum_card(text: str = "activate this card in a Pendulum Zone") -> Effect:
    """A Pendulum monster's activation as a Spell Card from the hand into an empty
    Pendulum Zone of its controller (R-PEND-1: own Main Phase, speed 1, a chain
    link that can be negated). It does nothing when it resolves; the card stays
    there as a Spell with its Pendulum Scale (``CardData.lscale``/``rscale``),
    which the Pendulum Summon reads (``engine/pendulum.py``). Every Pendulum
    monster's script lists it; under a ruleset without Pendulum Zones (classic)
    it can never be activated and the card is only a monster."""
    return activate(text=text, stays=True, extra={"pendulum": True})


def in_pendulum_zone(ctx: Ctx) -> bool:
    """A condition: this card is in a Pendulum Zone (where its Pendulum Effect
    applies and its monster effects do not, R-PEND-1)."""
    return ctx.st.loc[ctx.uid] == PZONE


# --- synchro-xyz (helper E) ---------------------------------------------------------------
# Synchro and Xyz Summons (R-SYN-1, R-XYZ-1..3): the materials condition of an Extra
# Deck monster is a summoning condition whose one step is the material choice, run
# by the engine's procedure summon (summon mode 3, from the Extra Deck).

_SYNCHRO_T = int(CardType.SYNCHRO)
_XYZ_T = int(CardType.XYZ)
OVERLAY = int(Location.OVERLAY)


def _face_up_leveled(st: State, player: int) -> list[int]:
    """``player``'s face-up monsters with a Level (an Xyz monster has none: R-XYZ-2)."""
    return [
        u for u in st.mzone[player] if u != NONE and st.pos[u] & _FACEUP and query.level(st, u) > 0
    ]


def synchro_sets(
    ctx: Ctx, tuner_ok: Filter = any_card, non_tuner_ok: Filter = any_card
) -> list[tuple[int, ...]]:
    """Every set of Synchro Materials the monster ``ctx.uid`` could use now
    (R-SYN-1): exactly 1 face-up Tuner and 1 or more face-up non-Tuners that
    ``ctx.player`` controls, whose Levels total exactly its Level; the Tuner
    first, then the others in zone order."""
    st = ctx.st
    need = st.data[ctx.uid].level
    mons = _face_up_leveled(st, ctx.player)
    tuners = [u for u in mons if query.is_tuner(st, u) and tuner_ok(ctx, u)]
    others = [u for u in mons if not query.is_tuner(st, u) and non_tuner_ok(ctx, u)]
    out: list[tuple[int, ...]] = []
    for t in tuners:
        rest = need - query.level(st, t)
        for k in range(1, len(others) + 1):
            for combo in itertools.combinations(others, k):
                if sum(query.level(st, u) for u in combo) == rest:
                    out.append((t, *combo))
    return out


def xyz_sets(ctx: Ctx, count: int, level: int, ok: Filter = any_card) -> list[tuple[int, ...]]:
    """Every set of ``count`` face-up monsters ``ctx.player`` controls with Level
    ``level`` (R-XYZ-1); not Tokens (R-SUM-11), not Xyz monsters (no Level, R-XYZ-2)."""
    st = ctx.st
    mons = [
        u
        for u in _face_up_leveled(ctx.st, ctx.player)
        if query.level(st, u) == level and not st.ctype[u] & _TOKEN and ok(ctx, u)
    ]
    return list(itertools.combinations(mons, count))


def _material_step(
    sets: Callable[[Ctx], list[tuple[int, ...]]],
    prompt: str,
    put: Callable[[Ctx, list[int]], None],
) -> Step:
    """Choose one whole set of materials (one decision; only sets that work are
    offered), then ``put`` them where they go."""

    def ask(ctx: Ctx) -> Question | None:
        if ctx.answers:
            return None
        found = sets(ctx)
        labels = tuple(" + ".join(f"{ctx.st.data[u].name} [{u}]" for u in s) for s in found)
        return Question(ctx.player, prompt, tuple(range(len(found))), False, labels)

    def do(ctx: Ctx) -> None:
        found = sets(ctx)
        i = ctx.answers[0] if ctx.answers else -1
        if 0 <= i < len(found):
            put(ctx, list(found[i]))

    return Step(do=do, ask=ask, can=lambda ctx: bool(sets(ctx)))


def synchro_materials(
    tuner_ok: Filter = any_card,
    non_tuner_ok: Filter = any_card,
    text: str = "1 Tuner + 1 or more non-Tuner monsters",
) -> Effect:
    """A Synchro monster's materials (R-SYN-1) and summoning condition: offered
    in its controller's Main Phase as "synchro-summon"; the chosen materials are
    sent to the GY (Reason SYNCHRO | MATERIAL: not destroyed, not Tributed) as
    the procedure's cost, then the "being summoned" moment (R-SUM-10). Only a
    Synchro Summon that succeeds makes it properly summoned (R-SYN-2, R-SUM-9).
    ``tuner_ok`` / ``non_tuner_ok``: the material condition its text adds."""

    def sets(ctx: Ctx) -> list[tuple[int, ...]]:
        return synchro_sets(ctx, tuner_ok, non_tuner_ok)

    def put(ctx: Ctx, picked: list[int]) -> None:
        reason = Reason.SYNCHRO | Reason.MATERIAL
        for u in picked:
            ops.move(ctx.st, u, GRAVE, reason, rp=ctx.player, rc=ctx.uid)

    return Effect(
        EffectKind.CONDITION,
        text=f"Synchro Summon: {text}",
        operation=(_material_step(sets, "Choose the Synchro Materials", put),),
        extra={"revive_limit": True, "special_only": True, "synchro": (tuner_ok, non_tuner_ok)},
    )


def xyz_materials(count: int = 2, ok: Filter = any_card, text: str = "") -> Effect:
    """An Xyz monster's materials (R-XYZ-1): ``count`` face-up monsters of the
    Level equal to its Rank (what the cards of this pool ask); they are put
    under it (``Location.OVERLAY``) as the procedure's cost, then the "being
    summoned" moment (R-SUM-10). Properly summoned only this way (R-XYZ-3)."""

    def sets(ctx: Ctx) -> list[tuple[int, ...]]:
        return xyz_sets(ctx, count, query.rank(ctx.st, ctx.uid), ok)

    def put(ctx: Ctx, picked: list[int]) -> None:
        ops.attach(ctx.st, picked, ctx.uid, Reason.XYZ | Reason.MATERIAL, ctx.player, ctx.uid)

    return Effect(
        EffectKind.CONDITION,
        text=f"Xyz Summon: {text or f'{count} monsters of its Rank as Level'}",
        operation=(_material_step(sets, "Choose the Xyz Materials", put),),
        extra={"revive_limit": True, "special_only": True, "xyz": count},
    )


def has_material(n: int = 1) -> Callable[[Ctx], bool]:
    return lambda ctx: len(query.materials(ctx.st, ctx.uid)) >= n


def detach_cost(n: int = 1) -> Step:
    """A cost: detach ``n`` materials from this Xyz monster (R-XYZ-3); they go to
    the GY. The player picks which when there is a choice."""

    def found(ctx: Ctx) -> list[int]:
        return query.materials(ctx.st, ctx.uid)

    def ask(ctx: Ctx) -> Question | None:
        if len(found(ctx)) <= n:
            return None
        return choose(you, found, n, "Choose a material to detach (cost)")(ctx)

    def do(ctx: Ctx) -> None:
        picked = chosen(ctx) or found(ctx)[:n]
        ops.detach(ctx.st, picked, Reason.COST, ctx.player, ctx.uid)

    return Step(do=do, ask=ask, can=lambda ctx: len(found(ctx)) >= n)


def synchro_summoned(ctx: Ctx, ev: Event) -> bool:
    """A SPECIAL_SUMMON filter: this card was Synchro Summoned (R-SYN-1)."""
    return ev.card == ctx.uid and bool(ev.reason & Reason.SYNCHRO)


def sent_as_synchro_material(ctx: Ctx, ev: Event) -> bool:
    """A MOVE filter: this card went to the GY as Synchro Material (R-SYN-1)."""
    return ev.card == ctx.uid and ev.dst == GRAVE and bool(ev.reason & Reason.SYNCHRO)


def self_without_material(ctx: Ctx, uid: int) -> bool:
    """A filter: this card itself, while it has no Xyz material."""
    return uid == ctx.uid and not query.materials(ctx.st, uid)


# -- hostile9 ----------------------------------------------------------------------------


def spell_trap_card(ctx: Ctx, uid: int) -> bool:
    """A "Spell/Trap Card on the field" (with ``where=ONFIELD``): anything in a Spell &
    Trap Zone or the Field Zone (an Equip Card that was a monster included), and a
    trap monster in a Monster Zone, which is still a Trap Card (R-MON-4)."""
    st = ctx.st
    return st.loc[uid] != MZONE or bool(st.ctype[uid] & (_SPELL | _TRAP))
