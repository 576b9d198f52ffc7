"""Effects in play: activation, the chain, triggers and the rules check.

- :func:`blocker` says whether one effect can be activated now, and if not
  why, in words: the activation query (:func:`activations`) and ``explain``
  both use it, so they cannot disagree.
- ``[ACTIVATE, step, uid, effect, player, waiting]`` activates an effect:
  the card is placed or turned face-up, the count limit is used, the cost is
  paid (R-CHAIN-7), targets are chosen (R-CHAIN-10); then it is a chain link.
- ``[RESOLVE, step, waiting]`` resolves the chain last-in first-out
  (R-CHAIN-4), checks negation (R-CHAIN-15), cards that left (R-CHAIN-5) and
  targets (R-CHAIN-10), runs each link's operation, checks the duel's end
  after every step (R-DUEL-7), and finally sends the resolved Spells and Traps
  to the GY together (R-CHAIN-12).
- :func:`collect_triggers` matches the events raised since the last look
  against the trigger effects of the duel (R-CHAIN-13 missing the timing), and
  ``[TRIGGERS, step, group, waiting]`` puts them on a chain in R-CHAIN-6 order.
- ``[SOLVE, step, uid, effect, player, waiting]`` carries out a rule effect
  (no chain: maintenance costs and the like).
- :func:`adjust`, the rules check, runs after every step that changed the
  field: Equip Cards whose monster is gone (R-SPELL-2), cards bound to a
  monster, control that ends, special wins (R-DUEL-6), the duel's end
  (R-DUEL-7).
"""

from __future__ import annotations

from ygo.core.enums import Location, Position
from ygo.core.ints import (
    ACTIVATE_STEP_COST,
    ACTIVATE_STEP_START,
    ACTIVATE_STEP_TARGETS,
    BIND_EQUIP,
    LOCATION_BANISHED,
    LOCATION_FZONE,
    LOCATION_GRAVE,
    LOCATION_HAND,
    LOCATION_MZONE,
    LOCATION_ONFIELD,
    LOCATION_OVERLAY,
    LOCATION_PZONE,
    LOCATION_SZONE,
    MOD_CANNOT_BE_TARGETED,
    MOD_SELF_DESTROY,
    MOD_WIN,
    PHASE_BATTLE_STEP,
    POS_FACEDOWN,
    POS_FACEUP,
    POS_FACEUP_ATTACK,
    PROC_ACTIVATE,
    PROC_SOLVE,
    SOLVE_STEP_RUN,
    SOLVE_STEP_START,
    TYPE_CONTINUOUS,
    TYPE_COUNTER,
    TYPE_EQUIP,
    TYPE_FIELD,
    TYPE_MONSTER,
    TYPE_QUICKPLAY,
    TYPE_SPELL,
    TYPE_TRAP,
)
from ygo.core.state import LINK_ON_CHAIN, LINK_RESOLVING, NONE, Link, State
from ygo.engine import ops, query
from ygo.engine.actions import Action, ActionKind, DecisionKind, new_action, place_of
from ygo.engine.actions import place_code as _place_code
from ygo.engine.effect import Bind, Ctx, Effect, EffectKind, Question, ScriptFailure
from ygo.engine.events import EventKind, Reason, loc_name
from ygo.engine.frames import (
    AT_ACTIVATE_CARD,
    AT_ACTIVATE_EFFECT,
    AT_ACTIVATE_PLAYER,
    AT_ACTIVATE_WAITING,
    AT_RESOLVE_WAITING,
    AT_SOLVE_CARD,
    AT_SOLVE_EFFECT,
    AT_SOLVE_PLAYER,
    AT_SOLVE_WAITING,
    AT_STEP,
    AT_TRIGGERS_GROUP,
    AT_TRIGGERS_WAITING,
)
from ygo.engine.proc import Frame, pop, push
from ygo.engine.result import WinReason
from ygo.engine.windows import DAMAGE_WINDOWS, Window

_ACTIVATE_KIND = ActionKind.ACTIVATE

ACTIVATE = EffectKind.ACTIVATE
IGNITION = EffectKind.IGNITION
TRIGGER = EffectKind.TRIGGER
QUICK = EffectKind.QUICK
RULE = EffectKind.RULE

#: Flags of ``State.resolved`` entries.
RES_CARD = 1
RES_NEGATED = 2
RES_STAYS = 4

#: The value of a "done" answer.
DONE = NONE


# -- speed and legality ------------------------------------------------------------


def speed_of(st: State, uid: int, eff: Effect) -> int:
    """Spell speed (R-CHAIN-1)."""
    if eff.speed:
        return eff.speed
    kind = eff.kind
    if kind == ACTIVATE:
        t = st.ctype[uid]
        if t & TYPE_TRAP:
            return 3 if t & TYPE_COUNTER else 2
        return 2 if t & TYPE_QUICKPLAY else 1
    return 2 if kind == QUICK else 1


COPY_LIMITS = 1 << 44
"""``State.limits`` keys of the count limits without a code start here (above every
code and ``query``'s turn flags): ``COPY_LIMITS + uid * 64 + effect index``."""


CARD_LIMIT = 63
"""The effect index in the count-limit key that a card's ``limit_card`` effects share."""


def limit_key(st: State, uid: int, eff: Effect, index: int) -> int:
    """The ``State.limits`` key of an effect's count limit (R-CHAIN-3: limits come from
    the card's text). With a code (``Effect.limit_code``: "you can only use this
    effect of 'X' once per turn") every card with that code shares it, per player.
    Without one ("once per turn") it is the card's own: each copy counts for itself,
    whoever controls it, and a card that moved is a new card with a new count (the
    use is stamped with its field ID): :func:`limit_count`, :func:`spend_limit`.
    The effects of one card with ``Effect.limit_card`` share one such count."""
    if eff.limit_card:
        return COPY_LIMITS + uid * 64 + CARD_LIMIT
    if eff.limit_code:
        return eff.limit_code
    return COPY_LIMITS + uid * 64 + index


def _limit_turn(st: State, eff: Effect) -> int:
    """The turn a use of ``eff``'s limit is stamped with (0: a limit per Duel; a
    limit per chain: the turn and the chain, named by the links activated before
    it began)."""
    if eff.limit_chain:
        return st.turn << 20 | (st.nlinks - len(st.chain)) & 0xFFFFF
    return 0 if eff.limit_duel else st.turn


def limit_count(st: State, uid: int, eff: Effect, index: int, player: int) -> int:
    """How often effect ``index`` of ``uid``'s count limit was used this turn (by
    ``player``, for a limit with a code; by this card, for one without), or this
    Duel (``Effect.limit_duel``)."""
    key = limit_key(st, uid, eff, index)
    turn = _limit_turn(st, eff)
    if eff.limit_code and not eff.limit_card:
        return limit_used(st, key, player, turn)
    v = st.limits.get(key * 2, 0)
    return v & 0xFF if v >> 8 == (st.fid[uid] << 32 | turn) else 0


def spend_limit(st: State, uid: int, eff: Effect, index: int, player: int, n: int = 1) -> None:
    """Count one use of the count limit of effect ``index`` of ``uid`` (an
    activation); ``n = -1`` gives one back (:func:`refund_limit`)."""
    key = limit_key(st, uid, eff, index)
    turn = _limit_turn(st, eff)
    used = limit_count(st, uid, eff, index, player)
    if n < 0 and not used:
        return
    if eff.limit_code and not eff.limit_card:
        st.limits[key * 2 + player] = (turn << 8) | (used + n)
        return
    st.limits[key * 2] = ((st.fid[uid] << 32 | turn) << 8) | (used + n)


def refund_limit(st: State, link: Link) -> None:
    """A negated activation of an effect with ``Effect.limit_refund`` gives its
    count-limit use back (called where an activation is negated)."""
    eff: Effect = st.fx[link.uid][link.eff]
    if eff.limit and eff.limit_refund:
        spend_limit(st, link.uid, eff, link.eff, link.player, -1)


def limit_used(st: State, key: int, player: int, turn: int | None = None) -> int:
    """Uses this turn (or stamped with ``turn``) of the limit or turn flag ``key``
    for ``player``."""
    v = st.limits.get(key * 2 + player, 0)
    return v & 0xFF if v >> 8 == (st.turn if turn is None else turn) else 0


def use_limit(st: State, key: int, player: int) -> None:
    used = limit_used(st, key, player)
    st.limits[key * 2 + player] = (st.turn << 8) | (used + 1)


def blocker(st: State, p: int, uid: int, index: int, window: int) -> str:
    """Why player ``p`` cannot activate effect ``index`` of ``uid`` in ``window``
    now ("" when they can). One reason, the first that applies."""
    eff: Effect = st.fx[uid][index]
    kind = eff.kind
    if kind != ACTIVATE and kind != IGNITION and kind != QUICK:
        return "it is not an effect you activate"
    if st.result is not None:
        return "the duel is over"
    if st.ctrl[uid] != p:
        return "it is not your card"
    t = st.ctype[uid]
    loc = st.loc[uid]
    if kind == ACTIVATE:
        if eff.extra.get("pendulum"):  # R-PEND-1: a Pendulum monster as a Spell
            if not st.pzone[p]:
                return "this ruleset has no Pendulum Zones (R-FIELD-1)"
            if loc == LOCATION_PZONE:
                return "it is already activated in a Pendulum Zone"
            if loc != LOCATION_HAND:
                return "a Pendulum monster is activated from the hand (R-PEND-1)"
            if NONE not in st.pzone[p]:
                return "no free Pendulum Zone (R-PEND-1)"
        elif t & TYPE_SPELL:
            if loc == LOCATION_HAND:
                if not t & TYPE_FIELD and not ops.szone_free(st, p):
                    return "no free Spell & Trap Zone (R-FIELD-4)"
                if t & TYPE_QUICKPLAY and st.tp != p:
                    return "a Quick-Play Spell is activated from the hand only in your own turn"
            elif loc in (LOCATION_SZONE, LOCATION_FZONE):
                if st.pos[uid] & POS_FACEUP:
                    return "it is already face-up"
                if t & TYPE_QUICKPLAY and st.placed[uid] == st.turn:
                    return "a Quick-Play Spell cannot be activated the turn it was Set (R-SPELL-6)"
            else:
                return "a Spell is activated from the hand or from the field"
        elif t & TYPE_TRAP:
            if loc == LOCATION_HAND:
                return "a Trap must be Set before it can be activated (R-TRAP-1)"
            if loc != LOCATION_SZONE:
                return "a Trap is activated from the field"
            if st.pos[uid] & POS_FACEUP:
                return "it is already face-up"
            if st.placed[uid] == st.turn:
                return "a Trap cannot be activated the turn it was Set (R-TRAP-1)"
        else:
            return "it is not a Spell or Trap"
    else:
        # (``activations`` looks for candidates only where this allows activation.)
        where = eff.activate_from
        if where and not loc & where:
            return _range_words(where)
        if where and not loc & LOCATION_ONFIELD:
            if loc == LOCATION_BANISHED and st.pos[uid] & POS_FACEDOWN:
                return "a face-down banished card activates nothing"
        elif not st.pos[uid] & POS_FACEUP or not (
            loc == LOCATION_MZONE
            # A face-up Spell or Trap whose activation resolved (Fusion Gate), or a
            # Pendulum Scale's Pendulum Effect (an effect activated from there).
            or (loc in (LOCATION_SZONE, LOCATION_FZONE) and st.status[uid] & ops.STATUS_ENABLED)
            or (loc == LOCATION_PZONE and where and st.status[uid] & ops.STATUS_ENABLED)
        ):
            return "its effect works only while it is face-up on the field"
    chain = st.chain
    speed = speed_of(st, uid, eff)
    if speed == 1:
        open_main = window == Window.MAIN_OPEN or (window == Window.SUMMONED and st.summon_ignition)
        # A speed-1 card that names its own timing (Curse of Fiend: your Standby
        # Phase) is activated then instead, still with no chain open.
        open_main = open_main or bool(eff.windows & (1 << window))
        if not open_main or st.tp != p or chain:
            return (
                "spell speed 1: only in your own Main Phase with no chain open (R-TURN-7)"
                if not chain
                else "spell speed 1 cannot respond to a chain (R-CHAIN-2)"
            )
    elif chain and speed < chain[-1].speed:
        return f"spell speed {speed} cannot respond to a speed {chain[-1].speed} link (R-CHAIN-2)"
    if window == Window.SUMMONING:
        if not eff.negates_summon:
            return (
                "while a monster is being summoned only summon negation can be activated (R-SUM-10)"
            )
        if query.summon_unnegatable(st):
            return f"this summon cannot be negated ({st.data[st.summoning].name}'s text)"
    elif window == Window.SUMMONED and query.summon_lock_blocks(st, uid, window):
        return "no cards or effects can be activated in response to this summon (by its text)"
    if window in DAMAGE_WINDOWS:
        ds = eff.damage_step
        if ds == 0 or (ds == 1 and window not in (Window.DAMAGE_START, Window.DAMAGE_BEFORE_CALC)):
            return "it cannot be activated at this timing of the Damage Step (R-BAT-7)"
    if eff.windows and not eff.windows & (1 << window):
        return "its activation timing has not come"
    if query.cannot_activate(st, uid):
        names = ", ".join(st.data[s].name for s in query.disablers(st, uid))
        return f"{names or 'an effect'} prevents its activation"
    if eff.limit and limit_count(st, uid, eff, index, p) >= eff.limit:
        return "its once-per-turn activation was already used"
    ctx = Ctx(st, uid, index, p)
    if eff.condition is not None and not eff.condition(ctx):
        return "its activation condition is not met"
    for step in eff.cost:
        if step.can is not None and not step.can(ctx):
            return "its cost cannot be paid"
    spec = eff.target
    if spec is not None:
        needed = spec.needed
        if len(target_candidates(ctx, needed)) < needed:
            return "there is no valid target"
    for step in eff.operation:
        if step.can is not None and not step.can(ctx):
            return "it would have nothing to do"
    return ""


AWAY = LOCATION_GRAVE | LOCATION_BANISHED
"""The places off the field and out of the hand an effect may be activated from
(``Effect.activate_from``)."""
_PLACE_WORDS = ((LOCATION_HAND, "the hand"), (LOCATION_GRAVE, "the GY"),
                (LOCATION_BANISHED, "the banished zone"))  # fmt: skip


def _range_words(where: int) -> str:
    """Where an effect with ``Effect.activate_from`` ``where`` is activated, in words."""
    places = [w for bit, w in _PLACE_WORDS if where & bit]
    text = "its effect is activated from " + " or ".join(places) if places else "its effect works"
    field = where & LOCATION_ONFIELD
    if field == LOCATION_PZONE:
        return text + (" or" if places else "") + " only while it is in a Pendulum Zone"
    if field:
        return text + (" or" if places else "") + " only while it is face-up on the field"
    return text


def activations(st: State, p: int, window: int, first: bool = False) -> list[Action]:
    """What player ``p`` can activate now in ``window`` (``first``: stop at the
    first one found, for "can anybody respond?")."""
    out: list[Action] = []
    if not st.active:
        return out
    bit = 1 << window
    reach = st.reach
    if reach is None or reach[3] != st.turn:
        reach = query.zones(st)
    if not reach[p] & bit:
        return out
    fx = st.fx
    masks = st.masks  # per active card, the window bits of its effects (``Effect.gate``)
    # Speed 1 only in the turn player's open Main Phase (R-TURN-7): a cheap filter
    # before the full check.
    if (
        (window == Window.MAIN_OPEN or (window == Window.SUMMONED and st.summon_ignition))
        and st.tp == p
        and not st.chain
    ):
        # Where ``blocker`` allows activation at all (keep the two in step): a
        # Spell from the hand, a Set card from its zone, a face-up card's Ignition
        # or Quick effect; in card order (``active`` is sorted), as everywhere.
        loc = st.loc
        ctrl = st.ctrl
        pos = st.pos
        cands = []
        for u in st.active:
            if ctrl[u] != p:
                continue
            where = loc[u]
            if where == LOCATION_HAND:
                if masks[u][5] & bit:
                    cands.append(u)
            elif where & LOCATION_ONFIELD:
                if masks[u][4 if pos[u] & POS_FACEDOWN else 6] & bit:
                    cands.append(u)
            elif where & AWAY and masks[u][7] & bit:  # an effect activated from the GY
                cands.append(u)
    else:
        # Outside the open Main Phase only speed 2+ can be activated: Set Traps and
        # Quick-Play Spells (not the turn they were Set), Quick-Play Spells in the
        # hand in your own turn, face-up cards' Quick effects, Quick effects from
        # the hand, and Set cards with a timing of their own (``Effect.windows``).
        turn = st.turn
        pos = st.pos
        ctype = st.ctype
        placed = st.placed
        own = st.tp == p
        cands = []
        for u in st.szone[p]:
            m = masks.get(u)
            if m is None:
                continue
            if pos[u] & POS_FACEDOWN:
                if m[1] & bit or (
                    m[0] & bit and placed[u] != turn and ctype[u] & (TYPE_TRAP | TYPE_QUICKPLAY)
                ):
                    cands.append(u)
            elif m[2] & bit:
                cands.append(u)
        for u in st.hand[p]:
            m = masks.get(u)
            if m is not None and (m[3] & bit or (own and m[0] & bit and ctype[u] & TYPE_QUICKPLAY)):
                cands.append(u)
        for u in st.mzone[p]:
            m = masks.get(u)
            if m is not None and m[2] & bit and pos[u] & POS_FACEUP:
                cands.append(u)
        for u in (st.fzone[p], *st.pzone[p]):  # a Field Spell's or a Scale's Quick effect
            m = masks.get(u)
            if m is not None and m[2] & bit and pos[u] & POS_FACEUP:
                cands.append(u)
        if reach[4] >> p & 1:  # a card of theirs in the GY or banished has a Quick effect
            for pile in (st.grave[p], st.banished[p]):
                for u in pile:
                    m = masks.get(u)
                    if m is not None and m[7] & bit:
                        cands.append(u)
        if not cands:
            return out
    for uid in cands:
        for i, eff in enumerate(fx[uid]):
            if eff.gate & bit and not blocker(st, p, uid, i, window):
                out.append(activate_action(st, uid, i))
                if first:
                    return out
    return out


def activate_action(st: State, uid: int, index: int) -> Action:
    effs = st.fx[uid]
    name = f"{st.data[uid].name} [{uid}]"
    if (
        len(effs) > 1
        and effs[index].text
        and sum(1 for e in effs if e.kind in (ACTIVATE, IGNITION, QUICK, TRIGGER)) > 1
    ):
        name = f"{name}: {effs[index].text}"
    return new_action(Action, (_ACTIVATE_KIND, uid, -1, name, index, ()))


# -- targets and questions -----------------------------------------------------------


def target_candidates(ctx: Ctx, enough: int = 0) -> list[int]:
    """Cards the effect's target spec allows now (R-CHAIN-10); ``enough``: stop
    once that many are found (for "is there a target?")."""
    spec = ctx.eff.target
    assert spec is not None
    st = ctx.st
    out: list[int] = []
    players = []
    if spec.mine:
        players.append(ctx.player)
    if spec.theirs:
        players.append(1 - ctx.player)
    locs = spec.locations
    taken = ctx.link.targets[::2] if ctx.link is not None else ()
    # "Cannot be targeted" (R-BAT-9, effects) asked per card only when something
    # could forbid it (hot: every "is there a target?" of the activation query).
    guarded = bool(st.battle_destroyed or st.granted or MOD_CANNOT_BE_TARGETED in st.mod_index)
    ok = spec.ok
    for p in players:
        for pile in _piles(st, p, locs):
            for u in pile:
                if u == NONE or (taken and u in taken):
                    continue
                if guarded and not query.can_be_targeted(st, u, ctx.player):
                    continue
                if ok(ctx, u):
                    out.append(u)
                    if len(out) == enough:
                        return out
    return out


def _piles(st: State, p: int, locs: int) -> list[list[int]]:
    """Player ``p``'s zones and piles among ``locs``, in target-search order
    (Monster Zones, Spell & Trap Zones, Field Zone, Pendulum Zones, GY,
    banished, hand; zone lists hold NONE for an empty zone)."""
    out = []
    if locs & LOCATION_MZONE:
        out.append(st.mzone[p])
    if locs & LOCATION_SZONE:
        out.append(st.szone[p])
    if locs & LOCATION_FZONE:
        out.append([st.fzone[p]])
    if locs & LOCATION_PZONE:
        out.append(st.pzone[p])
    if locs & LOCATION_GRAVE:
        out.append(st.grave[p])
    if locs & LOCATION_BANISHED:
        out.append(st.banished[p])
    if locs & LOCATION_HAND:
        out.append(st.hand[p])
    return out


def still_legal_target(ctx: Ctx, uid: int, fid: int) -> bool:
    """R-CHAIN-10: the target is the same card, in a place the spec allows, and
    still meets it."""
    st = ctx.st
    spec = ctx.eff.target
    if spec is None or st.fid[uid] != fid:
        return False
    if not st.loc[uid] & spec.locations:
        return False
    return spec.ok(ctx, uid)


def place_code(st: State, uid: int) -> int:
    """How an option names a card the chooser may not identify: by its place
    (:func:`ygo.engine.actions.place_code`; :attr:`Action.place` decodes it)."""
    return _place_code(st.ctrl[uid], st.loc[uid], st.seq[uid])


def from_place_code(st: State, code: int) -> int:
    place = place_of(code)
    assert place is not None  # (an option's own code)
    p, loc, i = place.player, place.location, place.index
    if loc == LOCATION_MZONE:
        return st.mzone[p][i]
    if loc == LOCATION_SZONE:
        return st.szone[p][i]
    if loc == LOCATION_PZONE:
        return st.pzone[p][i]
    return st.fzone[p]


def card_label(st: State, uid: int, viewer: int, known: bool = False) -> str:
    """A card as ``viewer`` may name it in an option (``known``: an effect has
    shown it to them)."""
    loc = st.loc[uid]
    hidden = (
        not known
        and st.ctrl[uid] != viewer
        and (
            (
                (loc in (LOCATION_MZONE, LOCATION_SZONE, LOCATION_FZONE))
                and st.pos[uid] & POS_FACEDOWN
            )
            or loc == LOCATION_HAND
        )
    )
    mine = st.ctrl[uid] == viewer
    whose = "your" if mine else "opponent's"
    if loc == LOCATION_MZONE:
        where = f"{whose} Monster Zone {st.seq[uid] + 1}"
    elif loc == LOCATION_SZONE:
        where = f"{whose} Spell & Trap Zone {st.seq[uid] + 1}"
    elif loc == LOCATION_FZONE:
        where = f"{whose} Field Zone"
    elif loc == LOCATION_PZONE:
        where = f"{whose} Pendulum Zone {st.seq[uid] + 1}"
    elif loc == LOCATION_GRAVE:
        where = f"{whose} GY"
    elif loc == LOCATION_HAND:
        where = f"{whose} hand"
    elif loc == Location.DECK:
        where = f"{whose} Deck"
    else:
        where = f"{whose} {loc_name(loc)}"
    if hidden:
        return f"face-down card ({where})"
    return f"{st.data[uid].name} [{uid}] ({where})"


def _question_options(st: State, q: Question) -> list[Action]:
    opts: list[Action] = []
    if q.cards:
        for uid in q.options:
            loc = st.loc[uid]
            hidden = (
                not q.shown
                and st.ctrl[uid] != q.player
                and (
                    loc == LOCATION_HAND
                    or (
                        (loc in (LOCATION_MZONE, LOCATION_SZONE, LOCATION_FZONE))
                        and st.pos[uid] & POS_FACEDOWN
                    )
                )
            )
            label = card_label(st, uid, q.player, q.shown)
            if hidden and loc != LOCATION_HAND:
                opts.append(Action(ActionKind.SELECT, zone=place_code(st, uid), label=label))
            else:
                opts.append(Action(ActionKind.SELECT, uid, label=label))
    elif q.sets:  # a choice among sets of cards (Synchro or Xyz materials)
        for n, text, cards in zip(q.options, q.labels, q.sets, strict=True):
            opts.append(Action(ActionKind.CHOOSE, zone=n, label=text, cards=cards))
    else:
        for n, text in zip(q.options, q.labels, strict=True):
            opts.append(Action(ActionKind.CHOOSE, zone=n, label=text))
    if q.can_stop:
        opts.append(Action(ActionKind.DONE))
    return opts


def _answer_value(st: State, a: Action) -> int:
    if a.kind == ActionKind.SELECT:
        return a.card if a.card >= 0 else from_place_code(st, a.zone)
    if a.kind == ActionKind.CHOOSE:
        return a.zone
    return DONE


def _run_steps(st: State, ctx: Ctx, steps: tuple[object, ...], f: Frame, wait: int) -> bool:
    """Run ``steps`` from ``ctx.link.step``; True when all are done, False when a
    player must answer (``f[wait]`` marks that the answer is awaited) or the duel
    ended."""
    link = ctx.link
    assert link is not None
    if f[wait]:
        f[wait] = 0
        link.answers.append(_answer_value(st, st.answer))
    while link.step < len(steps):
        step = steps[link.step]
        ask = step.ask  # type: ignore[attr-defined]
        if ask is not None:
            q = ask(ctx)
            if q is not None:
                opts = _question_options(st, q)
                if not opts:
                    link.answers.append(DONE)
                    continue
                if len(opts) == 1:
                    link.answers.append(_answer_value(st, opts[0]))
                    continue
                f[wait] = 1
                st.pending = _decision(q, opts)
                return False
        ops.new_batch(st)
        depth = len(st.stack)
        try:
            q = step.do(ctx)  # type: ignore[attr-defined]
        except ScriptFailure:
            ops.raise_event(st, EventKind.SCRIPT_ERROR, ctx.player, ctx.uid, 0, dst=ctx.index)
            q = None
        if q is not None:
            # A step that asks from inside its work (a Lua card function): it left
            # the duel as it was before it began, and runs again with the answer.
            opts = _question_options(st, q)
            if len(opts) > 1:
                f[wait] = 1
                st.pending = _decision(q, opts)
                return False
            link.answers.append(_answer_value(st, opts[0]) if opts else DONE)
            continue
        link.answers = []
        link.step += 1
        if st.dirty:
            adjust(st)
        if st.result is not None:
            return False
        if len(st.stack) > depth:  # the step started a procedure (a summon): it runs first
            return False
    return True


def _decision(q: Question, opts: list[Action]) -> object:
    from ygo.engine.actions import Decision

    return Decision(q.player, DecisionKind.EFFECT, tuple(opts), 0, q.prompt)


# -- activation ----------------------------------------------------------------------


def start_activation(st: State, uid: int, index: int, player: int) -> None:
    """Push the frame that activates an effect (the caller has checked it may)."""
    push(st, PROC_ACTIVATE, ACTIVATE_STEP_START, uid, index, player, 0)


def handle_activate(st: State, f: Frame) -> None:
    # Frame: [ACTIVATE, step, uid, effect index, player, waiting]
    uid, index, p = f[AT_ACTIVATE_CARD], f[AT_ACTIVATE_EFFECT], f[AT_ACTIVATE_PLAYER]
    eff: Effect = st.fx[uid][index]
    if f[AT_STEP] == ACTIVATE_STEP_START:
        card_activation = eff.kind == ACTIVATE
        if card_activation:
            _place_for_activation(st, uid, p)
        if eff.limit:
            spend_limit(st, uid, eff, index, p)  # (on the card as placed to activate)
        link = Link(uid, st.fid[uid], index, p, speed_of(st, uid, eff), card_activation)
        previous = st.chain[-1].uid if st.chain else -1
        st.chain.append(link)
        st.nlinks += 1
        ops.raise_event(
            st, EventKind.ACTIVATE, p, uid, len(st.chain), st.loc[uid], index, rc=previous
        )
        f[AT_STEP] = ACTIVATE_STEP_COST
    link = st.chain[-1]
    ctx = Ctx(st, uid, index, p, link)
    if f[AT_STEP] == ACTIVATE_STEP_COST:  # the cost (R-CHAIN-7)
        if not _run_steps(st, ctx, eff.cost, f, AT_ACTIVATE_WAITING):
            return
        link.step = 0
        link.answers = []
        f[AT_STEP] = ACTIVATE_STEP_TARGETS
    if f[AT_STEP] == ACTIVATE_STEP_TARGETS:  # the targets (R-CHAIN-10)
        spec = eff.target
        if spec is not None:
            if f[AT_ACTIVATE_WAITING]:
                f[AT_ACTIVATE_WAITING] = 0
                chosen = _answer_value(st, st.answer)
                if chosen == DONE:  # enough targets (``up_to``): the answers remember it
                    link.answers.append(DONE)
                else:
                    link.targets += [chosen, st.fid[chosen]]
                    _target_event(st, chosen, uid)
            while len(link.targets) // 2 < spec.count and DONE not in link.answers:
                cands = target_candidates(ctx)
                if not cands:
                    break
                q = Question(p, f"Choose a target for {st.data[uid].name}", tuple(cands),
                             can_stop=spec.up_to and bool(link.targets))  # fmt: skip
                opts = _question_options(st, q)
                if len(opts) == 1:
                    chosen = cands[0]
                    link.targets += [chosen, st.fid[chosen]]
                    _target_event(st, chosen, uid)
                    continue
                f[AT_ACTIVATE_WAITING] = 1
                st.pending = _decision(q, opts)
                return
        link.phase = LINK_ON_CHAIN
        link.step = 0
        link.answers = []
        pop(st)


def _target_event(st: State, chosen: int, uid: int) -> None:
    loc = st.loc[chosen]
    hidden = bool(st.pos[chosen] & POS_FACEDOWN) and (
        loc in (LOCATION_MZONE, LOCATION_SZONE, LOCATION_FZONE)
    )
    ops.raise_event(
        st, EventKind.TARGET, st.ctrl[chosen], chosen, len(st.chain), secret=hidden,
        rp=st.chain[-1].player, rc=uid,
    )  # fmt: skip


def _place_for_activation(st: State, uid: int, p: int) -> None:
    """A Spell or Trap Card is activated face-up in its zone (R-FIELD-4); a Field
    Spell takes the Field Zone, replacing the player's own (R-FIELD-2)."""
    t = st.ctype[uid]
    if (
        st.loc[uid] == LOCATION_HAND
        and st.pzone[p]
        and any(e.extra.get("pendulum") for e in st.fx[uid])
    ):
        # R-PEND-1: activated in an empty Pendulum Zone, a Spell Card there.
        ops.move(st, uid, LOCATION_PZONE, Reason.RULE, player=p, zone=st.pzone[p].index(NONE),
                 position=Position.FACEUP_ATTACK, log=False)  # fmt: skip
    elif st.loc[uid] == LOCATION_HAND:
        if t & TYPE_FIELD:
            old = st.fzone[p]
            if old != NONE:
                ops.new_batch(st)
                if st.field_per_player:  # mr3: sent to the GY, not destroyed
                    ops.send_to_grave(st, [old], Reason.RULE)
                else:  # classic: destroyed
                    ops.destroy(st, [old], Reason.RULE)
            ops.move(st, uid, LOCATION_FZONE, Reason.RULE, player=p,
                     position=Position.FACEUP_ATTACK, log=False)  # fmt: skip
        else:
            zone = ops.free_zone(st, p, LOCATION_SZONE)
            ops.move(st, uid, LOCATION_SZONE, Reason.RULE, player=p, zone=zone,
                     position=Position.FACEUP_ATTACK, log=False)  # fmt: skip
    else:  # a Set card is turned face-up
        st.pos[uid] = POS_FACEUP_ATTACK
        st.dirty = True


# -- resolution ----------------------------------------------------------------------


def handle_resolve(st: State, f: Frame) -> None:
    # Frame: [RESOLVE, step, waiting]
    chain = st.chain
    while chain:
        link = chain[-1]
        uid = link.uid
        eff: Effect = st.fx[uid][link.eff]
        ctx = Ctx(st, uid, link.eff, link.player, link)
        n = len(chain)
        if link.phase == LINK_ON_CHAIN:
            link.phase = LINK_RESOLVING
            link.step = 0
            link.answers = []
            ops.new_batch(st)
            ops.raise_event(st, EventKind.CHAIN_SOLVING, link.player, uid, n)
            if not _will_apply(st, ctx, link, eff):
                link.step = len(eff.operation)
            elif link.card_activation and st.ctype[uid] & TYPE_FIELD and not st.field_per_player:
                _classic_field(st, uid, link.player)
        if not _run_steps(st, ctx, eff.operation, f, AT_RESOLVE_WAITING):
            return
        chain.pop()
        flags = (RES_CARD if link.card_activation else 0) | (RES_NEGATED if link.negated else 0)
        if eff.stays:
            flags |= RES_STAYS
        if link.card_activation and not link.negated and st.fid[uid] == link.fid:
            ops.add_status(st, uid, ops.STATUS_ENABLED)
            st.dirty = True  # its effects apply now: the rules check sees them
        st.resolved.append((uid, link.fid, flags))
        if st.dirty:
            adjust(st)
        if st.result is not None:
            return
        if st.attacker != NONE and st.phase == PHASE_BATTLE_STEP and not st.attack_negated:
            # R-BAT-2: an attacker that can no longer attack after this link (bound by
            # Spellbinding Circle, moved, changed control or position) has stopped its
            # attack, even if the reason goes away later in the chain.
            st.attack_negated = not query.attack_goes_on(st)
    # R-CHAIN-12: resolved Spells and Traps go to the GY together, by rule.
    last = st.last_batch
    ops.new_batch(st, last=False)
    done = []
    for uid, fid, flags in st.resolved:
        if not flags & RES_CARD or st.fid[uid] != fid or not query.face_up_on_field(st, uid):
            continue
        t = st.ctype[uid]
        if flags & RES_NEGATED:
            ops.add_status(
                st, uid, ops.STATUS_NEGATED
            )  # a Pendulum Spell goes to the GY (R-PEND-4)
            done.append(uid)
        elif t & TYPE_EQUIP or int(_bind_flags(st, uid)) & BIND_EQUIP:  # or a Trap that equips
            if query.equipped_to(st, uid) == NONE:
                done.append(uid)
        elif t & (TYPE_CONTINUOUS | TYPE_FIELD) or flags & RES_STAYS:
            continue
        else:
            done.append(uid)
    st.resolved.clear()
    if done:
        ops.send_to_grave(st, done, Reason.RULE)
    st.last_batch = last
    ops.raise_event(st, EventKind.CHAIN_END, st.tp)
    pop(st)


def _will_apply(st: State, ctx: Ctx, link: Link, eff: Effect) -> bool:
    """Whether a link's operation runs: not negated (R-CHAIN-15), its card still
    there if it must be (R-CHAIN-5), its targets still legal (R-CHAIN-10)."""
    uid = link.uid
    if link.negated:
        return False
    if link.disabled or (
        st.fid[uid] == link.fid and query.face_up_on_field(st, uid) and query.is_disabled(st, uid)
    ):
        link.disabled = True
        ops.raise_event(st, EventKind.CHAIN_DISABLED, link.player, uid, len(st.chain))
        return False
    t = st.ctype[uid]
    if (
        t & TYPE_SPELL
        and link.targets
        and st.modders
        and query.spell_target_negated(st, ctx.targets())
    ):  # a monster that negates Spells targeting it (Ryu Senshi): negated, destroyed
        link.disabled = True
        ops.raise_event(st, EventKind.CHAIN_DISABLED, link.player, uid, len(st.chain))
        if st.fid[uid] == link.fid and st.loc[uid] in (LOCATION_SZONE, LOCATION_FZONE):
            ops.destroy(st, [uid], Reason.EFFECT)
        return False
    # R-CHAIN-5: a Continuous, Equip or Field card that left does nothing.
    if (
        link.card_activation
        and t & (TYPE_CONTINUOUS | TYPE_EQUIP | TYPE_FIELD)
        and (st.fid[uid] != link.fid or not query.face_up_on_field(st, uid))
    ):
        return False
    if eff.target is not None and link.targets:
        pairs = link.target_pairs()
        keep = [(u, fi) for u, fi in pairs if still_legal_target(ctx, u, fi)]
        if not keep or (eff.all_targets and len(keep) < len(pairs)):
            link.targets = [x for u, fi in keep for x in (u, fi)]
            return False
        link.targets = [x for u, fi in keep for x in (u, fi)]
    return True


def _classic_field(st: State, uid: int, p: int) -> None:
    """R-FIELD-2, classic: a Field Spell's activation destroys the opponent's
    face-up Field Spell (one on the whole field)."""
    other = st.fzone[1 - p]
    if other != NONE and st.pos[other] & POS_FACEUP:
        ops.destroy(st, [other], Reason.RULE)


# -- triggers ----------------------------------------------------------------------------


def collect_triggers(st: State) -> None:
    """Match the events raised since the last look against the duel's trigger
    effects; what triggers waits in ``State.triggers``. The events become the
    current window's events (what "when ..." activations read)."""
    raised = st.raised
    if not raised:
        if st.window_events:
            st.window_events = ()
        return
    st.window_events = tuple(raised)
    st.raised = []
    if not st.watchers:
        return
    last = st.last_batch
    index = st.watch_index
    fx = st.fx
    ctrl = st.ctrl
    loc = st.loc
    seen: set[tuple[int, int, int]] | None = None
    for ev in raised:
        entries = index.get(ev.kind)
        if not entries:
            continue
        for uid, i in entries:
            eff = fx[uid][i]
            if eff.live and not eff.live & loc[uid]:
                continue
            if eff.when and not eff.mandatory and ev.batch != last:
                continue  # R-CHAIN-13: it missed the timing
            player = ctrl[uid]
            if eff.trigger_on is not None and not eff.trigger_on(Ctx(st, uid, i, player), ev):
                continue
            if seen is None:
                seen = {(t[0], t[2], t[4]) for t in st.triggers}
            key = (uid, i, ev.batch)
            if key in seen:
                continue  # R-TERM-8: one trigger per effect per action
            seen.add(key)
            st.triggers.append((uid, st.fid[uid], i, player, ev.batch))


def _trigger_ok(st: State, t: tuple[int, int, int, int, int]) -> bool:
    uid, _fid, i, p, batch = t
    eff: Effect = st.fx[uid][i]
    if st.result is not None:
        return False
    if eff.extra.get("keeps_event"):
        # Its checks read the event that triggered it (a Lua target's ``eg``), kept
        # as ``_take`` keeps it for the activation, only while they run.
        key = trigger_batch_key(uid, i)
        was = st.script_vals.get(key)
        st.script_vals[key] = (batch,)
        try:
            return _trigger_checks(st, uid, i, p, eff)
        finally:
            if was is None:
                del st.script_vals[key]
            else:
                st.script_vals[key] = was
    return _trigger_checks(st, uid, i, p, eff)


def _trigger_checks(st: State, uid: int, i: int, p: int, eff: Effect) -> bool:
    if eff.kind == TRIGGER and query.summon_lock_blocks(st, uid, query.current_window(st)):
        return False  # "when summoned, cards and effects cannot be activated"
    ctx = Ctx(st, uid, i, p)
    if eff.condition is not None and not eff.condition(ctx):
        return False
    if eff.kind == TRIGGER and query.face_up_on_field(st, uid) and query.is_disabled(st, uid):
        return False
    if eff.limit and limit_count(st, uid, eff, i, p) >= eff.limit:
        return False  # a once-per-turn trigger already used (this card's, or by name)
    for step in eff.cost:
        if step.can is not None and not step.can(ctx):
            return False
    return not (
        eff.target is not None
        and len(target_candidates(ctx, eff.target.needed)) < eff.target.needed
    )


def handle_triggers(st: State, f: Frame) -> None:
    # Frame: [TRIGGERS, step, group, waiting]. Groups (R-CHAIN-6): 0 turn player's
    # mandatory, 1 opponent's mandatory, 2 turn player's optional, 3 opponent's optional.
    if f[AT_TRIGGERS_WAITING]:
        f[AT_TRIGGERS_WAITING] = 0
        a = st.answer
        group = f[AT_TRIGGERS_GROUP]
        if a.kind == ActionKind.PASS:  # decline the rest of this optional group
            player = st.tp if group % 2 == 0 else 1 - st.tp
            st.triggers = [
                t for t in st.triggers if not (t[3] == player and _group(st, t) == group)
            ]
        else:
            _take(st, a.card, a.effect)
            return
    # Rule effects first: they happen without a chain.
    for t in st.triggers:
        if st.fx[t[0]][t[2]].kind == RULE:
            st.triggers.remove(t)
            push(st, PROC_SOLVE, SOLVE_STEP_START, t[0], t[2], t[3], 0)
            return
    while f[AT_TRIGGERS_GROUP] < 4:
        group = f[AT_TRIGGERS_GROUP]
        player = st.tp if group % 2 == 0 else 1 - st.tp
        cands = [t for t in st.triggers if t[3] == player and _group(st, t) == group]
        cands = [t for t in cands if _trigger_ok(st, t)]
        if not cands:
            st.triggers = [
                t for t in st.triggers if not (t[3] == player and _group(st, t) == group)
            ]
            f[AT_TRIGGERS_GROUP] += 1
            continue
        # One option per effect: the same effect triggered twice (two summons in
        # one chain) is chosen once at a time.
        opts = list(dict.fromkeys(activate_action(st, t[0], t[2]) for t in cands))
        if group < 2 and len(opts) == 1:
            t = cands[0]
            _take(st, t[0], t[2])
            return
        if group >= 2:
            opts.append(Action(ActionKind.PASS))
        f[AT_TRIGGERS_WAITING] = 1
        from ygo.engine.actions import Decision

        st.pending = Decision(
            player,
            DecisionKind.TRIGGER,
            tuple(opts),
            0,
            "Choose the next trigger effect to chain"
            + (" (or pass to decline the rest)" if group >= 2 else ""),
        )
        return
    st.triggers.clear()
    pop(st)


def _group(st: State, t: tuple[int, int, int, int, int]) -> int:
    eff: Effect = st.fx[t[0]][t[2]]
    opp = t[3] != st.tp
    return (0 if eff.mandatory else 2) + (1 if opp else 0)


def trigger_batch_key(uid: int, index: int) -> str:
    """The ``State.script_vals`` key where the batch of the event that triggered
    effect ``index`` of ``uid`` is kept, for an effect whose ``extra`` asks for it
    (``"keeps_event"``: a Lua script reads its triggering event's cards later)."""
    return f"T{uid}.{index}"


def _take(st: State, uid: int, index: int) -> None:
    for t in st.triggers:
        if t[0] == uid and t[2] == index:
            st.triggers.remove(t)
            if st.fx[uid][index].extra.get("keeps_event"):
                st.script_vals[trigger_batch_key(uid, index)] = (t[4],)
            start_activation(st, uid, index, t[3])
            return


def handle_solve(st: State, f: Frame) -> None:
    # Frame: [SOLVE, step, uid, effect index, player, waiting]
    uid, index, p = f[AT_SOLVE_CARD], f[AT_SOLVE_EFFECT], f[AT_SOLVE_PLAYER]
    eff: Effect = st.fx[uid][index]
    if f[AT_STEP] == SOLVE_STEP_START:
        st.solving.append(Link(uid, st.fid[uid], index, p, 0, False))
        f[AT_STEP] = SOLVE_STEP_RUN
    link = st.solving[-1]
    if not _run_steps(st, Ctx(st, uid, index, p, link), eff.operation, f, AT_SOLVE_WAITING):
        return
    st.solving.pop()
    pop(st)


# -- the rules check ------------------------------------------------------------------------


def _bind_flags(st: State, uid: int) -> int:
    flags = 0
    for eff in st.fx[uid]:
        flags |= eff.bind
    if st.ctype[uid] & TYPE_EQUIP or (
        st.ctype[uid] & TYPE_MONSTER and st.loc[uid] == LOCATION_SZONE
    ):
        flags |= Bind.EQUIP  # an Equip Spell, or a monster equipped as an Equip Card
    return flags


def adjust(st: State) -> None:
    """The rules check after a change (see the module docstring)."""
    bound = st.bound
    wins = st.mod_index.get(MOD_WIN)
    if wins and st.result is None:
        _check_wins(st, wins)
    if MOD_SELF_DESTROY in st.mod_index and st.result is None:
        doomed = query.self_destroyed(st)
        if doomed:  # "if ..., destroy this card" (no chain)
            ops.new_batch(st)
            ops.destroy(st, doomed, Reason.EFFECT)
    if not st.granted and bound.count(NONE) == st.ncards:  # the fast path
        st.dirty = False
        if st.lose[0] or st.lose[1] or st.lp[0] <= 0 or st.lp[1] <= 0:
            ops.check_win(st)
        return
    for _ in range(8):
        st.dirty = False
        if st.result is not None:
            return
        changed = False
        for uid in range(st.ncards):
            target = st.bound[uid]  # (replaced, not mutated, by ``ops.bind``)
            if target == NONE or st.loc[uid] == LOCATION_OVERLAY:  # an Xyz material's monster
                continue
            flags = _bind_flags(st, uid)
            here = query.face_up_on_field(st, uid)
            same = st.fid[target] == st.bound_fid[uid]
            # An Equip Card needs a face-up monster (R-SPELL-2); another bound card
            # (Spellbinding Circle) stays bound to a face-down one.
            face_ok = bool(st.pos[target] & POS_FACEUP) or not flags & Bind.EQUIP
            target_ok = same and st.loc[target] == LOCATION_MZONE and face_ok
            if not here:
                # This card left: the bound monster may go with it.
                ops.bind(st, uid, NONE)
                if flags & Bind.CONTROL and same and st.loc[target] == LOCATION_MZONE:
                    _return_control(st, target)
                if flags & Bind.TARGET_DIES_WITH_IT and same and st.loc[target] == LOCATION_MZONE:
                    ops.new_batch(st)
                    ops.destroy(st, [target], Reason.EFFECT, st.ctrl[uid], uid)
                changed = True
            elif not target_ok:
                ops.bind(st, uid, NONE)
                changed = True
                if flags & Bind.CONTROL and same and st.loc[target] == LOCATION_MZONE:
                    _return_control(st, target)
                destroyed = not same and st.reason[target] & Reason.DESTROY
                if flags & Bind.EQUIP or (flags & Bind.DIES_WITH_TARGET and destroyed):
                    ops.new_batch(st)
                    ops.destroy(st, [uid], Reason.RULE | Reason.LOST_TARGET)
        if st.granted:
            _expire_granted(st)
        if not changed and not st.dirty:
            break
    st.dirty = False
    if st.lose[0] or st.lose[1] or st.lp[0] <= 0 or st.lp[1] <= 0:
        ops.check_win(st)


def _check_wins(st: State, wins: tuple[tuple[int, int], ...]) -> None:
    """R-DUEL-6: special wins (``Mod.WIN`` effects, wherever their card is). A
    win is the opponent's loss, so a win and a loss at the same moment, or two
    wins, are decided together by ``ops.check_win`` (R-DUEL-7)."""
    for uid, i in wins:
        p = st.ctrl[uid]
        cond = st.fx[uid][i].condition
        if cond is not None and cond(Ctx(st, uid, i, p)):
            ops.lose(st, 1 - p, WinReason.EFFECT)


def _return_control(st: State, uid: int) -> None:
    owner = st.owner[uid]
    if st.ctrl[uid] != owner and not ops.set_control(st, uid, owner):
        ops.send_to_grave(st, [uid], Reason.RULE)


#: ``State.granted`` entry fields: (code, uid, fid, value, source, reset, turn).
RESET_END_TURN = 1
RESET_SOURCE_LEAVES = 2
RESET_DAMAGE_CALC = 4
"""Ends right after damage calculation ("during damage calculation only")."""
GRANT_CONTROL = 100
"""A granted "control" entry: ``value`` is the player who controls it for a time."""


def _expire_granted(st: State) -> None:
    keep = []
    for g in st.granted:
        code, uid, fid = g[0], g[1], g[2]
        if st.fid[uid] != fid:
            continue
        if g[5] & RESET_SOURCE_LEAVES and not query.face_up_on_field(st, g[4]):
            if code == GRANT_CONTROL:
                _return_control(st, uid)
            continue
        keep.append(g)
    st.granted = keep


def end_of_turn_resets(st: State) -> None:
    """Effects that last "until the end of this turn" end; control taken "until
    the End Phase" returns (done at the start of the End Phase)."""
    if not st.granted:
        return
    keep = []
    for g in st.granted:
        if g[5] & RESET_END_TURN:
            if g[0] == GRANT_CONTROL and st.fid[g[1]] == g[2]:
                _return_control(st, g[1])
            continue
        keep.append(g)
    st.granted = keep
