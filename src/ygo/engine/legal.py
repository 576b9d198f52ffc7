"""What a player may do now: the options of each decision.

These are the hot paths of the engine (every decision calls one), so they read
the state's arrays directly. Each rule that keeps one card from one action is
stated once, here: :func:`main_options` records the :class:`Block` of each card
it leaves out when asked (``why``), :func:`attack_block` and
:func:`special_block` return one, and :mod:`ygo.engine.explain` words them ("why
can't this card do anything?"), as :func:`ygo.engine.chain.blocker` does for
activations. A property test checks that the two agree.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from ygo.core.ints import (
    BLOCK_ALREADY_ATTACKED,
    BLOCK_ATTACK_COST,
    BLOCK_ATTACK_FORBIDDEN,
    BLOCK_CAME_THIS_TURN,
    BLOCK_CHANGED_THIS_TURN,
    BLOCK_DECLARED_ATTACK,
    BLOCK_EXTRA_DECK,
    BLOCK_FLIP_IS_A_SUMMON,
    BLOCK_NO_MONSTER_ZONE,
    BLOCK_NO_SPELL_ZONE,
    BLOCK_NORMAL_USED,
    BLOCK_NOT_ATTACK_POSITION,
    BLOCK_POSITION_LOCKED,
    BLOCK_RITUAL,
    BLOCK_SPECIAL_ONLY,
    BLOCK_TRIBUTES,
    EFFECT_KIND_CONDITION,
    LOCATION_BANISHED,
    LOCATION_DECK,
    LOCATION_EXTRA,
    LOCATION_GRAVE,
    LOCATION_MZONE,
    MOD_CANNOT_BE_ATTACKED,
    PHASE_MAIN1,
    POS_FACEDOWN,
    POS_FACEDOWN_ATTACK,
    POS_FACEUP,
    POS_FACEUP_ATTACK,
    TYPE_FIELD,
    TYPE_GEMINI,
    TYPE_MONSTER,
    TYPE_RITUAL,
    TYPE_SPECIAL_SUMMON,
    TYPE_SYNCHRO,
    TYPE_SYNCHRO_XYZ,
    TYPE_TOON,
)
from ygo.core.state import NONE, ZONES, State
from ygo.engine import ops, pendulum, query, specials
from ygo.engine.actions import Action, ActionKind, new_action
from ygo.engine.effect import Ctx
from ygo.engine.query import NOT_NORMAL_SUMMONABLE, tributes_needed

SUMMON = ActionKind.SUMMON
SPSUMMON = ActionKind.SPSUMMON
SET_MONSTER = ActionKind.SET_MONSTER
SET_SPELL = ActionKind.SET_SPELL
FLIP_SUMMON = ActionKind.FLIP_SUMMON
GEMINI_SUMMON = ActionKind.GEMINI_SUMMON
TO_ATTACK = ActionKind.TO_ATTACK
TO_DEFENSE = ActionKind.TO_DEFENSE
_ATTACK = ActionKind.ATTACK
_TARGET = ActionKind.TARGET
_SELECT = ActionKind.SELECT


class Block(IntEnum):
    """Why one card cannot take one Main or Battle Phase action now (0: it can).
    Whose turn and which phase it is are not here: the options are asked only at
    the turn player's Main Phase or Battle Step menu."""

    NO = 0
    RITUAL = 1
    """A Ritual Monster: Special Summoned with its Ritual Spell only."""
    SPECIAL_ONLY = 2
    """It must be Special Summoned (its type, or its summoning condition)."""
    EXTRA_DECK = 3
    """An Extra Deck monster (or a Token): never Normal Summoned."""
    NORMAL_USED = 4
    """The turn's Normal Summon or Set is used (R-SUM-1)."""
    TRIBUTES = 5
    """Not enough monsters that can be Tributed (R-SUM-2)."""
    NO_MONSTER_ZONE = 6
    CANNOT_SUMMON = 7
    """An effect forbids its controller to summon this turn (a Set is still allowed)."""
    NO_NORMAL_SET = 8
    """Its text forbids a Normal Set."""
    NO_SPELL_ZONE = 9
    CAME_THIS_TURN = 10
    """It came to the field this turn (R-POS-1)."""
    CHANGED_THIS_TURN = 11
    """Its position was changed this turn already (R-POS-1)."""
    DECLARED_ATTACK = 12
    """It declared an attack this turn (R-POS-1)."""
    POSITION_LOCKED = 13
    """An effect forbids its position changes."""
    FLIP_IS_A_SUMMON = 14
    """A Flip Summon under an effect that forbids summoning."""
    NOT_ATTACK_POSITION = 15
    """Only a face-up Attack Position monster attacks (R-POS-2)."""
    ALREADY_ATTACKED = 16
    """It attacked this turn (R-BAT-2)."""
    ATTACK_FORBIDDEN = 17
    """An effect forbids it to attack."""
    ATTACK_COST = 18
    """The cost of declaring its attack cannot be paid."""
    NO_DIRECT = 19
    """It cannot attack directly and the opponent has no monster."""
    NO_TARGET = 20
    """No opponent's monster may be chosen as its attack target."""


def special_block(st: State, uid: int, only: bool) -> int:
    """Why monster ``uid`` can never be Normal Summoned or Set, whatever the turn
    (0 if it can be; ``only``: its script says Special Summon only)."""
    t = st.ctype[uid]
    if t & TYPE_SPECIAL_SUMMON or only:
        return BLOCK_SPECIAL_ONLY
    if t & NOT_NORMAL_SUMMONABLE:
        return BLOCK_RITUAL if t & TYPE_RITUAL else BLOCK_EXTRA_DECK
    return 0


def attack_block(st: State, uid: int) -> int:
    """Why monster ``uid`` cannot declare an attack (R-POS-2, R-BAT-2, effects),
    before any target is looked at."""
    if st.atk_turn[uid] == st.turn and st.atk_count[uid] > query.extra_attacks(st, uid):
        return BLOCK_ALREADY_ATTACKED
    if st.pos[uid] != POS_FACEUP_ATTACK and not query.attack_position_ok(st, uid):
        return BLOCK_NOT_ATTACK_POSITION
    if not (st.granted or (st.modders and query.field_mods(st))):
        return 0
    if query.attack_forbidden(st, uid):
        return BLOCK_ATTACK_FORBIDDEN
    if not query.attack_cost_payable(st, uid):
        return BLOCK_ATTACK_COST
    return 0


def label(st: State, uid: int) -> str:
    """How an option names one of the deciding player's own cards."""
    return f"{st.data[uid].name} [{uid}]"


def target_label(st: State, uid: int) -> str:
    """How an attack option names an opponent's monster: by name when face-up."""
    where = f"(zone {st.seq[uid] + 1})"
    if st.pos[uid] & POS_FACEDOWN:
        return f"face-down monster {where}"
    return f"{st.data[uid].name} {where}"


def main_options(st: State, why: dict[int, int] | None = None) -> list[Action]:
    """The turn player's Main Phase options. With ``why``, each card of the hand
    that cannot be Normal Summoned or Set (a monster) or Set (a Spell or Trap),
    and each monster that cannot change its position, gets its :class:`Block`
    there (:mod:`ygo.engine.explain` words them: the rule is stated only here)."""
    p = st.tp
    ctype = st.ctype
    opts: list[Action] = []
    mzone = st.mzone[p]
    n_monsters = ZONES - mzone.count(NONE)
    can_normal = st.ns_count < st.ns_limit
    free_s = ops.szone_free(st, p)
    no_summon = query.cannot_summon(st, p)  # Sets are still allowed
    fodder = (
        query.tribute_summon_fodder(st, p)
        if st.granted or (st.modders and query.field_mods(st))
        else n_monsters
    )
    for uid in st.hand[p]:
        t = ctype[uid]
        if t & TYPE_MONSTER:
            only = bool(st.fx[uid]) and query.special_only(st, uid)
            # R-SUM-8: a monster's own Special Summon from the hand, offered also
            # when it may be Normal Summoned (Cyber Dragon's).
            if st.fx[uid] and not no_summon:
                i = procedure_index(st, p, uid)
                if i >= 0:
                    opts.append(new_action(Action, (SPSUMMON, uid, -1, label(st, uid), i, ())))
            if not can_normal or t & NOT_NORMAL_SUMMONABLE or only:
                if why is not None:
                    why[uid] = special_block(st, uid, only) or BLOCK_NORMAL_USED
                continue
            need = tributes_needed(st, uid)
            have = fodder
            if need > fodder and st.modders:  # a tribute may count as two (Kaiser)
                have = query.tribute_capacity(st, p, uid)
            if (n_monsters < ZONES) if need == 0 else (have >= need):
                lab = label(st, uid)
                if not no_summon:
                    opts.append(new_action(Action, (SUMMON, uid, -1, lab, -1, ())))
                if not st.fx[uid] or not query.no_normal_set(st, uid):
                    opts.append(new_action(Action, (SET_MONSTER, uid, -1, lab, -1, ())))
                if st.fx[uid] and not no_summon:
                    opts += alternative_summons(st, uid, fodder)
            elif why is not None:
                why[uid] = BLOCK_NO_MONSTER_ZONE if need == 0 else BLOCK_TRIBUTES
        elif free_s or t & TYPE_FIELD:
            opts.append(new_action(Action, (SET_SPELL, uid, -1, label(st, uid), -1, ())))
        elif why is not None:
            why[uid] = BLOCK_NO_SPELL_ZONE
    if st.extra[p] and not no_summon:
        opts += extra_summons(st, p)
    if not no_summon:
        opts += roaming_summons(st, p)
    turn = st.turn
    placed = st.placed
    pos_turn = st.pos_turn
    atk_turn = st.atk_turn
    modded = bool(st.granted or (st.modders and query.field_mods(st)))
    for uid in mzone:
        if uid != NONE and ctype[uid] & TYPE_GEMINI and gemini_summonable(st, uid):
            opts.append(new_action(Action, (GEMINI_SUMMON, uid, -1, label(st, uid), -1, ())))
        if uid == NONE:
            continue
        if placed[uid] == turn or pos_turn[uid] == turn or atk_turn[uid] == turn:
            if why is not None:
                why[uid] = (
                    BLOCK_CAME_THIS_TURN if placed[uid] == turn
                    else BLOCK_CHANGED_THIS_TURN if pos_turn[uid] == turn
                    else BLOCK_DECLARED_ATTACK
                )  # fmt: skip
            continue
        if modded and not query.can_change_position(st, uid):
            if why is not None:
                why[uid] = BLOCK_POSITION_LOCKED
            continue
        pos = st.pos[uid]
        if pos & POS_FACEDOWN:
            kind = FLIP_SUMMON
            if pos == POS_FACEDOWN_ATTACK:  # R-POS-1: or to face-down Defense, as the turn's change
                opts.append(new_action(Action, (TO_DEFENSE, uid, -1, label(st, uid), -1, ())))
            if no_summon:  # a Flip Summon is a Summon
                if why is not None and pos != POS_FACEDOWN_ATTACK:  # (it may still go to Defense)
                    why[uid] = BLOCK_FLIP_IS_A_SUMMON
                continue
        elif pos == POS_FACEUP_ATTACK:
            kind = TO_DEFENSE
        else:
            kind = TO_ATTACK
        opts.append(new_action(Action, (kind, uid, -1, label(st, uid), -1, ())))
    pz = st.pzone[p]  # (both zones filled first: a cheap test at every menu)
    if pz and pz[0] != NONE and pz[1] != NONE and not pendulum.blocker(st, p):  # R-PEND-2
        opts.append(PENDULUM_SUMMON)
    if st.phase == PHASE_MAIN1 and st.turn > 1:
        opts.append(BATTLE)
    opts.append(END_TURN)
    return opts


BATTLE = Action(ActionKind.BATTLE)
PENDULUM_SUMMON = Action(ActionKind.PENDULUM_SUMMON)
END_TURN = Action(ActionKind.END_TURN)
MAIN2 = Action(ActionKind.MAIN2)
DIRECT = Action(ActionKind.DIRECT)
CANCEL = Action(ActionKind.CANCEL)


def can_attack(st: State, uid: int) -> bool:
    """R-POS-2, R-BAT-2: face-up Attack Position, not attacked yet this turn, and
    no effect forbids it (:func:`attack_block`)."""
    return not attack_block(st, uid)


def battle_options(st: State) -> list[Action]:
    """The turn player's Battle Step options."""
    opts = [
        new_action(Action, (_ATTACK, uid, -1, label(st, uid), -1, ()))
        for uid in st.mzone[st.tp]
        if uid != NONE and not attack_block(st, uid)
    ]
    if (
        opts
        and (st.granted or (st.modders and query.field_mods(st)))
        and all(u == NONE for u in st.mzone[1 - st.tp])
    ):
        opts = [a for a in opts if not query.no_direct_attack(st, a.card)]  # only direct
    if opts and (st.granted or (st.modders and query.field_mods(st))):
        if not target_options(st):
            opts = []  # every opponent's monster is protected from attacks: nothing to attack
        elif MOD_CANNOT_BE_ATTACKED in st.mod_index:
            opts = [a for a in opts if _has_target(st, a.card)]
    opts.append(MAIN2)
    opts.append(END_TURN)
    return opts


def _has_target(st: State, uid: int) -> bool:
    """Whether monster ``uid`` would have an attack target (a limit may depend on
    the attacker: "your opponent's monsters cannot target ... for attacks")."""
    was = st.attacker
    st.attacker = uid
    try:
        return bool(target_options(st))
    finally:
        st.attacker = was


def target_options(st: State) -> list[Action]:
    """Attack targets: each opponent's monster that may be attacked; a direct
    attack when they have no monster at all (none when all are protected)."""
    monsters = [uid for uid in st.mzone[1 - st.tp] if uid != NONE]
    if not monsters:
        a = st.attacker
        if (
            a != NONE
            and (st.granted or (st.modders and query.field_mods(st)))
            and query.no_direct_attack(st, a)
        ):
            return []
        return [DIRECT]
    direct: list[Action] = []
    if st.granted or (st.modders and query.field_mods(st)):
        monsters = [uid for uid in monsters if query.can_be_attacked(st, uid)]
        a = st.attacker
        mode = query.direct_attack_mode(st, a) if a != NONE else 0
        if mode:  # R-MON-4: Toons and Spirits that attack directly
            toons = [u for u in monsters if st.ctype[u] & TYPE_TOON and st.pos[u] & POS_FACEUP]
            if mode == 2 and toons:  # a Toon must attack the opponent's Toons
                monsters = toons
            else:
                direct = [DIRECT]
    return direct + [
        new_action(Action, (_TARGET, -1, st.seq[uid], target_label(st, uid), -1, ()))
        for uid in monsters
    ]


def select_options(st: State, uids: list[int]) -> list[Action]:
    return [new_action(Action, (_SELECT, uid, -1, label(st, uid), -1, ())) for uid in uids]


def alternative_summons(st: State, uid: int, n_monsters: int) -> list[Action]:
    """Tribute Summons of ``uid`` with another number of tributes its text allows
    (Gilford the Lightning's 3; R-MON-2: a rule, not an effect): a summoning
    condition with ``extra["tributes"]``; the action's ``effect`` is its index."""
    out = []
    for i, e in enumerate(st.fx[uid]):
        if e.kind == EFFECT_KIND_CONDITION and "tributes" in e.extra:
            k = int(e.extra["tributes"])
            if n_monsters >= k or (
                st.modders and query.tribute_capacity(st, st.ctrl[uid], uid) >= k
            ):
                out.append(
                    Action(SUMMON, uid, label=f"{label(st, uid)} with {k} tributes", effect=i)
                )
    return out


def extra_summons(st: State, p: int) -> list[Action]:
    """Synchro and Xyz Summons ``p`` can make now from the Extra Deck (R-SYN-1,
    R-XYZ-1): each monster whose materials condition (a summoning condition
    with steps) can be met; face-up Extra Deck cards cannot (R-PEND-5)."""
    out: list[Action] = []
    if not st.synchro_xyz:
        return out  # classic: no Synchro or Xyz Summons (R-SYN-1, R-XYZ-1 are mr3 only)
    for uid in st.extra[p]:
        t = st.ctype[uid]
        if not st.fx[uid] or st.pos[uid] & POS_FACEUP:
            continue
        if not t & TYPE_SYNCHRO_XYZ and not roams(st.fx[uid], LOCATION_EXTRA):
            continue
        i = procedure_index(st, p, uid)
        if i >= 0:
            kind = st.fx[uid][i].extra.get("action")
            if kind is None:
                kind = ActionKind.SYNCHRO_SUMMON if t & TYPE_SYNCHRO else ActionKind.XYZ_SUMMON
            out.append(Action(kind, uid, label=label(st, uid), effect=i))
    return out


_ROAMING: dict[int, tuple[tuple[Any, ...], int]] = {}
"""Per tuple of effects (shared by every copy of a card): the places other than
the hand its summoning procedures name (``extra["from"]``), 0 for none."""


def roams(fx: tuple[Any, ...], where: int) -> bool:
    """Whether a summoning procedure among the effects ``fx`` may be used from
    a place of ``where`` (``extra["from"]``, a Location mask)."""
    got = _ROAMING.get(id(fx))
    if got is None or got[0] is not fx:
        bits = 0
        for e in fx:
            if e.kind == EFFECT_KIND_CONDITION and e.operation:
                bits |= int(e.extra.get("from", 0))
        got = (fx, bits)
        if len(_ROAMING) > 65536:  # (a bound: script sources keep their tuples anyway)
            _ROAMING.clear()
        _ROAMING[id(fx)] = got
    return bool(got[1] & where)


_ROAMING_PLACES = (LOCATION_GRAVE, LOCATION_BANISHED, LOCATION_DECK)


def roaming_summons(st: State, p: int) -> list[Action]:
    """Special Summons ``p`` can make now by a monster's own procedure from the
    GY, banished or the Deck (R-SUM-8: a procedure that names where it is used
    from, ``extra["from"]``; the hand's are offered with the hand, the Extra
    Deck's with the Synchro and Xyz Summons)."""
    out: list[Action] = []
    for where, pile in zip(_ROAMING_PLACES, (st.grave[p], st.banished[p], st.deck[p]),
                           strict=True):  # fmt: skip
        for uid in pile:
            fx = st.fx[uid]
            if not fx or not st.ctype[uid] & TYPE_MONSTER or not roams(fx, where):
                continue
            i = procedure_index(st, p, uid)
            if i >= 0:
                kind = st.fx[uid][i].extra.get("action", SPSUMMON)
                out.append(new_action(Action, (kind, uid, -1, label(st, uid), i, ())))
    return out


def procedure_index(st: State, p: int, uid: int) -> int:
    """The index of a summoning condition of ``uid`` (in ``p``'s hand) whose own
    Special Summon procedure can be done now (its ``condition`` holds and every
    step's ``can``), or -1 (R-SUM-8: Gate Guardian's three tributes...; and its
    summoning conditions allow a summon by procedure)."""
    if specials.condition_blocker(st, uid, ops.SUMTYPE_SPECIAL | ops.SUMTYPE_PROC):
        return -1
    for i, e in enumerate(st.fx[uid]):
        if e.kind != EFFECT_KIND_CONDITION or not e.operation:
            continue
        home = e.extra.get("from")
        if home is not None and not st.loc[uid] & home:
            continue  # (a procedure used from elsewhere: R-SUM-8)
        ctx = Ctx(st, uid, i, p)
        if e.condition is not None and not e.condition(ctx):
            continue
        if all(s.can is None or s.can(ctx) for s in e.operation):
            return i
    return -1


def gemini_summonable(st: State, uid: int) -> bool:
    """Whether the turn player may Gemini Summon ``uid`` now (their face-up Gemini
    monster without its effects, the turn's Normal Summon unused, R-MON-4)."""
    return (
        bool(st.ctype[uid] & TYPE_GEMINI)
        and st.loc[uid] == LOCATION_MZONE
        and st.ctrl[uid] == st.tp
        and bool(st.pos[uid] & POS_FACEUP)
        and not st.status[uid] & ops.STATUS_GEMINI
        and st.ns_count < st.ns_limit
        and not query.cannot_summon(st, st.tp)
    )


def tribute_candidates(st: State, player: int, chosen: list[int]) -> list[int]:
    """The monsters that may still be Tributed for this Tribute Summon."""
    return [
        uid
        for uid in st.mzone[player]
        if uid != NONE and uid not in chosen and query.tributable_for_summon(st, uid)
    ]
