"""Why a card has no action now.

:func:`explain` lists what a card in hand or on the field can do now and, for
everything it cannot, the reason in plain words ("you already Normal Summoned
this turn", "it needs 2 tributes and you control 1 monster"...). The reasons
are the legality rules' own: the ``*_block`` functions of :mod:`ygo.engine.legal`
(a :class:`~ygo.engine.legal.Block`) and :func:`ygo.engine.chain.blocker`, read
by the options and worded here; a property test checks that the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from ygo.core.card import CardData
from ygo.core.enums import CardType, Location, Phase, Position
from ygo.core.ints import POS_FACEUP_ATTACK
from ygo.core.state import NONE, ZONES, State
from ygo.engine import legal, ops, pendulum, query
from ygo.engine.actions import Action, DecisionKind
from ygo.engine.chain import blocker
from ygo.engine.effect import Ctx, EffectKind
from ygo.engine.frames import AT_PROC, AT_WINDOW_WINDOW
from ygo.engine.legal import Block
from ygo.engine.proc import Proc
from ygo.engine.query import tributes_needed
from ygo.engine.specials import special_blocker
from ygo.engine.windows import Window

_MAIN = (Phase.MAIN1, Phase.MAIN2)

#: What a card's one-line summary says when the card has no effect of its own to
#: script (a Spirit Message: only Destiny Board places it).
NO_EFFECT_MARK = "no effect of its own"


def effect_free(data: CardData) -> bool:
    """Whether a card has no effect to implement, from its data alone (never its
    name): a Normal Monster or a Token; a Ritual Monster without the Effect bit
    (its only rule, Ritual Summon only, is the engine's); or a card whose summary
    says it has "no effect of its own". Fusion monsters are not: their Fusion
    Summon comes with card effects. ``docs/cards.md`` states the rule."""
    t = data.type
    if t & CardType.MONSTER:
        if t & (CardType.NORMAL | CardType.TOKEN):
            return True
        if t & CardType.RITUAL and not t & CardType.EFFECT:
            return True
    return NO_EFFECT_MARK in data.summary


def implemented(st: State, uid: int) -> bool:
    """Whether the engine plays this card of the duel as printed: it has effects
    from the duel's script source, or none to play (:func:`effect_free`)."""
    return bool(st.fx[uid]) or effect_free(st.data[uid])


@dataclass(frozen=True, slots=True)
class Explanation:
    """What a card can do now, and why it cannot do the rest."""

    card: int
    name: str
    actions: tuple[Action, ...]
    """Options of the open decision that act on this card."""
    reasons: tuple[str, ...]
    """Why each other thing it might do is not possible now."""

    def __str__(self) -> str:
        lines = [f"{self.name}:"]
        if self.actions:
            lines.append("  can: " + "; ".join(str(a) for a in self.actions))
        lines.extend(f"  - {r}" for r in self.reasons)
        if len(lines) == 1:
            lines.append("  nothing to report")
        return "\n".join(lines)


def _turn_blockers(st: State, player: int, what: str) -> list[str]:
    if st.result is not None:
        return ["the duel is over"]
    if st.tp != player:
        return [f"{what} only in your own turn; it is your opponent's turn"]
    if st.phase not in _MAIN:
        now = Phase(st.phase).label if st.phase else "start of the duel"
        return [f"{what} only in your Main Phase; it is the {now}"]
    pending = st.pending
    if pending is None or pending.kind != DecisionKind.MAIN or pending.player != player:
        return ["finish the current choice first"]
    return []


#: The words of each :class:`~ygo.engine.legal.Block` that needs no detail.
_WORDS = {
    Block.RITUAL: "a Ritual Monster is Special Summoned with its Ritual Spell, "
    "never Normal Summoned",
    Block.EXTRA_DECK: "Extra Deck monsters cannot be Normal Summoned",
    Block.NORMAL_USED: "you have already Normal Summoned or Set a monster this turn",
    Block.NO_MONSTER_ZONE: "no free Monster Zone",
    Block.CANNOT_SUMMON: "you cannot summon monsters this turn (you may still Set one)",
    Block.NO_NORMAL_SET: "it cannot be Normal Set (its text)",
    Block.NO_SPELL_ZONE: "no free Spell & Trap Zone",
    Block.CAME_THIS_TURN: "it came to the field this turn",
    Block.CHANGED_THIS_TURN: "its position was already changed this turn (once per turn)",
    Block.DECLARED_ATTACK: "it declared an attack this turn",
    Block.POSITION_LOCKED: "a card's effect forbids it to change its battle position",
    Block.FLIP_IS_A_SUMMON: "you cannot summon monsters this turn (a Flip Summon is a Summon)",
    Block.NOT_ATTACK_POSITION: "only face-up Attack Position monsters can attack",
    Block.ALREADY_ATTACKED: "it has already attacked this turn",
    Block.ATTACK_FORBIDDEN: "a card's effect forbids it to attack",
    Block.ATTACK_COST: "the cost it must pay to declare an attack cannot be paid now",
    Block.NO_DIRECT: "it cannot attack directly and the opponent has no monster",
    Block.NO_TARGET: "no opponent's monster can be chosen as an attack target",
}


def _tributes_words(st: State, uid: int) -> str:
    p = st.ctrl[uid]
    need = tributes_needed(st, uid)
    have = ZONES - st.mzone[p].count(NONE)
    fodder = query.tribute_summon_fodder(st, p)
    s = "s" if need > 1 else ""
    by_text = st.fx[uid] and query.summon_rule(st, uid, "tributes_required") is not None
    what = "its text requires" if by_text else f"a Level {st.data[uid].level} monster needs"
    many = "s" if have != 1 else ""
    why = f"{what} {need} tribute{s} and you control {have} monster{many}"
    if fodder < have:
        why += f" ({have - fodder} of them cannot be Tributed for a Tribute Summon)"
    return why


def _words(st: State, uid: int, block: int) -> str:
    """The plain words of why ``uid`` is blocked."""
    if block == Block.SPECIAL_ONLY:
        conds = [e.text for e in st.fx[uid] if e.kind == EffectKind.CONDITION and e.text]
        conds = list(dict.fromkeys(conds))
        how = f" (summoning condition: {'; '.join(conds)})" if conds else ""
        return f"it cannot be Normal Summoned or Set: it must be Special Summoned{how}"
    if block == Block.TRIBUTES:
        return _tributes_words(st, uid)
    return _WORDS[Block(block)]


def _menu_blocks(st: State) -> dict[int, int]:
    """The :class:`~ygo.engine.legal.Block` of each card the open Main Phase menu
    leaves out (the caller checked that the menu is open, :func:`_turn_blockers`)."""
    why: dict[int, int] = {}
    legal.main_options(st, why)
    return why


def summon_blockers(st: State, uid: int) -> list[str]:
    """Why this monster in hand cannot be Normal Summoned or Set now ([] if it
    can), from :func:`ygo.engine.legal.special_block` and
    :func:`ygo.engine.legal.main_options`."""
    p = st.ctrl[uid]
    only = bool(st.fx[uid]) and query.special_only(st, uid)
    block = legal.special_block(st, uid, only)
    if block:
        return [_words(st, uid, block)]  # true in any turn and phase
    reasons = _turn_blockers(st, p, "you can Normal Summon or Set")
    if reasons:
        return reasons
    block = _menu_blocks(st).get(uid, 0)
    if block:
        return [_words(st, uid, block)]
    if query.cannot_summon(st, p):
        return [_WORDS[Block.CANNOT_SUMMON]]
    return []


def procedure_blockers(st: State, uid: int) -> list[str]:
    """Why this monster in hand cannot be Special Summoned by its own procedure
    now (R-SUM-8: "needs Toon World"...); [] if it can or has none."""
    if not st.ctype[uid] & CardType.SPECIAL_SUMMON:
        return []
    procs = [
        (i, e) for i, e in enumerate(st.fx[uid]) if e.kind == EffectKind.CONDITION and e.operation
    ]
    p = st.ctrl[uid]
    if not procs or _turn_blockers(st, p, "you can Special Summon it"):
        return []
    if legal.procedure_index(st, p, uid) >= 0:
        if query.cannot_summon(st, p):
            return ["special-summon: you cannot summon monsters this turn"]
        return []
    out = []
    for i, e in procs:
        ctx = Ctx(st, uid, i, p)
        if e.condition is not None and not e.condition(ctx) and e.extra.get("needs"):
            out.append(f"special-summon: {e.extra['needs']}")
        else:
            out.append("special-summon: its summoning procedure cannot be done now")
    return out


def extra_blockers(st: State, uid: int) -> list[str]:
    """Why this Synchro or Xyz monster in the Extra Deck cannot be Synchro or Xyz
    Summoned now (R-SYN-1, R-XYZ-1: "no Tuner", "the Levels do not add up to 8",
    "needs 2 Level 4 monsters"); [] if it can."""
    t = st.ctype[uid]
    verb = "synchro-summon" if t & CardType.SYNCHRO else "xyz-summon"
    p = st.ctrl[uid]
    if not st.synchro_xyz:
        return [f"{verb}: this ruleset has no Synchro or Xyz Summons"]
    reasons = _turn_blockers(st, p, "you can summon it")
    if reasons:
        return [f"{verb}: {r}" for r in reasons]
    if st.pos[uid] & Position.FACEUP:
        return [f"{verb}: a face-up card in the Extra Deck cannot be summoned this way"]
    if query.cannot_summon(st, p):
        return [f"{verb}: you cannot summon monsters this turn"]
    procs = [
        (i, e) for i, e in enumerate(st.fx[uid]) if e.kind == EffectKind.CONDITION and e.operation
    ]
    if not procs:
        return [f"{verb}: this card has no materials condition in this duel (no script)"]
    if legal.procedure_index(st, p, uid) >= 0:
        return []
    extra = procs[0][1].extra
    lv = st.data[uid].level
    mons = [
        u
        for u in st.mzone[p]
        if u != NONE and st.pos[u] & Position.FACEUP and query.level(st, u) > 0
    ]
    if "xyz" in extra:
        n = int(extra["xyz"])
        have = [u for u in mons if query.level(st, u) == lv and not st.ctype[u] & CardType.TOKEN]
        return [
            f"{verb}: it needs {n} face-up Level {lv} monsters you control (not Tokens; "
            f"Xyz monsters have no Level) and you have {len(have)}"
        ]
    if "synchro" in extra:
        tuners = [u for u in mons if query.is_tuner(st, u)]
        if not tuners:
            return [f"{verb}: you control no face-up Tuner with a Level"]
        if len(mons) == len(tuners):
            return [f"{verb}: you control no face-up non-Tuner monster with a Level"]
        return [
            f"{verb}: the Levels of 1 Tuner and 1 or more non-Tuners you control do not add "
            f"up to {lv} (or they do not meet its material condition)"
        ]
    return [f"{verb}: its summoning procedure cannot be done now"]


def gemini_blockers(st: State, uid: int) -> list[str]:
    """Why this Gemini monster on the field cannot be Normal Summoned again now
    (R-MON-4); [] if it can, is not a Gemini or already has its effects."""
    if not st.ctype[uid] & CardType.GEMINI or st.status[uid] & ops.STATUS_GEMINI:
        return []
    p = st.ctrl[uid]
    reasons = _turn_blockers(st, p, "you can Gemini Summon")
    if reasons:
        return [f"gemini-summon: {r}" for r in reasons]
    if not st.pos[uid] & Position.FACEUP:
        return ["gemini-summon: only a face-up Gemini monster can be summoned again"]
    if st.ns_count >= st.ns_limit:
        return ["gemini-summon: you have already Normal Summoned or Set a monster this turn"]
    if query.cannot_summon(st, p):
        return ["gemini-summon: you cannot summon monsters this turn"]
    return []


def pendulum_blockers(st: State, uid: int) -> list[str]:
    """pendulum: why this monster (in the hand, or face-up in the Extra Deck) cannot
    be Pendulum Summoned now (R-PEND-2, R-PEND-3); [] if it can. A monster that
    is not a Pendulum monster gets reasons only once both Scales are set."""
    p = st.ctrl[uid]
    if not st.pzone[p] or not st.ctype[uid] & CardType.MONSTER:
        return []
    if not st.ctype[uid] & CardType.PENDULUM and pendulum.scales(st, p) is None:
        return []
    reasons = _turn_blockers(st, p, "you can Pendulum Summon")
    if not reasons:
        sc = pendulum.scales(st, p)
        own = pendulum.eligible(st, uid, sc[0], sc[1]) if sc is not None else ""
        reasons = [r for r in (pendulum.blocker(st, p), own) if r]
    return [f"pendulum-summon: {r}" for r in reasons]


def set_spell_blockers(st: State, uid: int) -> list[str]:
    """Why this Spell or Trap in hand cannot be Set now ([] if it can), from
    :func:`ygo.engine.legal.main_options`."""
    p = st.ctrl[uid]
    reasons = _turn_blockers(st, p, "you can Set Spells and Traps")
    if reasons:
        return reasons
    block = _menu_blocks(st).get(uid, 0)
    return [_words(st, uid, block)] if block else []


def reposition_blockers(st: State, uid: int) -> list[str]:
    """Why this monster cannot change position (or be Flip Summoned) now, from
    :func:`ygo.engine.legal.main_options`."""
    p = st.ctrl[uid]
    reasons = _turn_blockers(st, p, "you can change battle positions")
    if reasons:
        return reasons
    block = _menu_blocks(st).get(uid, 0)
    return [_words(st, uid, block)] if block else []


def attack_blockers(st: State, uid: int) -> list[str]:
    """Why this monster cannot declare an attack now, from
    :func:`ygo.engine.legal.attack_block` and the battle options' own target rules."""
    p = st.ctrl[uid]
    if st.result is not None:
        return ["the duel is over"]
    if st.tp != p:
        return ["monsters attack only in their controller's turn"]
    block = legal.attack_block(st, uid)
    if not block:
        opp_empty = all(u == NONE for u in st.mzone[1 - p])
        if opp_empty and query.no_direct_attack(st, uid):
            block = Block.NO_DIRECT
        elif (st.modders or st.granted) and not legal.target_options(st):
            block = Block.NO_TARGET
    if block:
        return [_words(st, uid, block)]
    if st.phase in (Phase.MAIN1, Phase.DRAW, Phase.STANDBY) and st.turn == 1:
        return ["the player who goes first cannot conduct a Battle Phase on the first turn"]
    if st.phase not in (Phase.BATTLE_START, Phase.BATTLE_STEP, Phase.DAMAGE, Phase.DAMAGE_CALC):
        if st.phase in (Phase.MAIN2, Phase.END) and st.battle_entered:
            return ["this turn's Battle Phase is over"]
        return ["attacks are declared in the Battle Phase"]
    return []


def _window(st: State) -> int:
    """The priority window the duel is in (the open Main Phase by default)."""
    for f in reversed(st.stack):
        if f[AT_PROC] == Proc.WINDOW:
            return f[AT_WINDOW_WINDOW]
    return Window.MAIN_OPEN


def activation_blockers(st: State, uid: int, p: int) -> list[str]:
    """Why each of this card's effects cannot be activated now (R-TURN-7,
    R-CHAIN-2, R-TRAP-1, R-SPELL-6, R-FIELD-4...), from the same rules as the
    activation query (:func:`ygo.engine.chain.blocker`)."""
    effs = st.fx[uid]
    t = st.ctype[uid]
    out: list[str] = []
    kinds = (EffectKind.ACTIVATE, EffectKind.IGNITION, EffectKind.QUICK)
    active = [i for i, e in enumerate(effs) if e.kind in kinds]
    if not effs:
        if not effect_free(st.data[uid]):
            out.append("its effect is not scripted yet (ygo cards show lists what is)")
        return out
    pending = st.pending
    window = _window(st)
    if pending is not None and pending.kind == DecisionKind.MAIN:
        window = Window.MAIN_OPEN
    waiting = pending is not None and pending.kind not in (DecisionKind.MAIN, DecisionKind.PRIORITY)
    for i in active:
        if st.loc[uid] == Location.MZONE and effs[i].kind == EffectKind.ACTIVATE:
            continue
        why = "finish the current choice first" if waiting else blocker(st, p, uid, i, window)
        if why:
            label = f" ({effs[i].text})" if len(active) > 1 and effs[i].text else ""
            out.append(f"activate{label}: {why}")
    # Effects that would negate it once it is on the field (Imperial Order, Jinzo...).
    if st.loc[uid] == Location.HAND and not t & CardType.MONSTER and (st.modders or st.granted):
        probe = st.clone()
        probe.loc[uid] = Location.SZONE
        probe.pos[uid] = POS_FACEUP_ATTACK
        names = [st.data[s].name for s in query.disablers(probe, uid)]
    elif st.loc[uid] in (Location.SZONE, Location.FZONE, Location.MZONE):
        names = [st.data[s].name for s in query.disablers(st, uid)]
    else:
        names = []
    if names:
        out.append(f"{', '.join(names)} negates its effect on the field")
    return out


def explain(st: State, uid: int, viewer: int) -> Explanation:
    """What ``uid`` can do now and why not more, from its controller's side, for
    a ``viewer`` who may identify it (the caller checks that: R-DUEL-8). The
    reasons speak only of this card and of public facts (turn, phase, counts of
    cards), never of another card; the actions are the viewer's own options."""
    data = st.data[uid]
    pending = st.pending
    p = st.ctrl[uid]
    actions: tuple[Action, ...] = ()
    if pending is not None and pending.player == p == viewer:
        actions = tuple(a for a in pending.options if a.card == uid)
    reasons: list[str] = []
    loc = st.loc[uid]
    t = st.ctype[uid]
    if loc == Location.HAND:
        if t & CardType.MONSTER:
            reasons += summon_blockers(st, uid)
            if query.no_normal_set(st, uid):
                reasons.append(_WORDS[Block.NO_NORMAL_SET])
            reasons += procedure_blockers(st, uid)
            reasons += pendulum_blockers(st, uid)
        else:
            reasons += set_spell_blockers(st, uid)
    elif loc == Location.MZONE:
        reasons += gemini_blockers(st, uid)
        reasons += [f"position: {r}" for r in reposition_blockers(st, uid)]
        reasons += [f"attack: {r}" for r in attack_blockers(st, uid)]
        if st.pos[uid] & Position.FACEUP and not query.can_be_targeted(st, uid):
            reasons.append("it cannot be targeted by card effects")
    elif loc == Location.PZONE:
        d = st.data[uid]
        reasons.append(
            f"in a Pendulum Zone it is a Spell Card with Scale {d.lscale}/{d.rscale}; "
            "its monster effects do not apply there (R-PEND-1)"
        )
    # (A card in the GY or banished with an effect activated from there: why not now.)
    away = loc in (Location.GRAVE, Location.BANISHED)
    if loc in (Location.HAND, Location.MZONE, Location.SZONE, Location.FZONE, Location.PZONE) or (
        away and any(e.activate_from & loc for e in st.fx[uid])
    ):
        reasons += activation_blockers(st, uid, p)
    elif loc == Location.GRAVE:
        reasons.append("a card in the GY does nothing by itself; only card effects use it")
    elif loc == Location.BANISHED:
        reasons.append("a banished card does nothing by itself; only card effects use it")
    if loc in (Location.GRAVE, Location.BANISHED) and t & CardType.MONSTER:
        why = special_blocker(st, uid)
        if why:  # R-SUM-8, R-SUM-9
            reasons.append(f"it cannot be Special Summoned from here: {why}")
    elif loc == Location.EXTRA and st.pos[uid] & Position.FACEUP:
        reasons.append(
            "a face-up Pendulum monster in the Extra Deck can only be Pendulum Summoned (R-PEND-5)"
        )
        reasons += pendulum_blockers(st, uid)
    elif loc == Location.EXTRA and t & (CardType.SYNCHRO | CardType.XYZ):
        reasons += extra_blockers(st, uid)
    elif loc == Location.EXTRA:
        reasons.append(
            "Extra Deck monsters are Special Summoned (Fusion Summons come with card effects)"
        )
    elif loc == Location.DECK:
        reasons.append("a card in the Deck cannot be used until it is drawn")
    return Explanation(uid, data.name, actions, tuple(dict.fromkeys(reasons)))
