"""Queries: a card's current values in play, with continuous effects applied.

Every rule that needs a card's ATK, DEF or Level, whether it can attack, be
targeted or activated, or whether its effects are negated, asks this module.
The order (ygopro-core's): the printed value ("?" counts as 0, R-MON-3), then
effects that set it (the last one applied wins), then additions and
subtractions, from the continuous effects of face-up cards (``State.modders``)
and the effects granted for a time (``State.granted``).

Fast path: a duel with no card that modifies others and nothing granted (every
Normal-monster deck) reads the printed values directly.
"""

from __future__ import annotations

from typing import Any

from ygo.core.enums import Position
from ygo.core.ints import (
    EFFECT_KIND_CONDITION,
    EFFECT_KIND_CONTINUOUS,
    LOCATION_BANISHED,
    LOCATION_GRAVE,
    LOCATION_HAND,
    LOCATION_MZONE,
    LOCATION_ONFIELD,
    LOCATION_PZONE,
    LOCATION_SZONE,
    MOD_ATK_ADD,
    MOD_ATK_SET,
    MOD_ATTACK_COST,
    MOD_ATTACK_IN_DEFENSE,
    MOD_BATTLE_SUBSTITUTE,
    MOD_CANNOT_ACTIVATE,
    MOD_CANNOT_ATTACK,
    MOD_CANNOT_BE_ATTACKED,
    MOD_CANNOT_BE_TARGETED,
    MOD_CANNOT_CHANGE_POS,
    MOD_CANNOT_DECLARE_ATTACK,
    MOD_CANNOT_DIRECT_ATTACK,
    MOD_DEF_ADD,
    MOD_DEF_SET,
    MOD_DIRECT_ATTACK,
    MOD_DISABLE,
    MOD_EXTRA_ATTACK,
    MOD_INDESTRUCTIBLE_BATTLE,
    MOD_INDESTRUCTIBLE_COUNT,
    MOD_INDESTRUCTIBLE_EFFECT,
    MOD_LEVEL_ADD,
    MOD_LEVEL_SET,
    MOD_MATCH_WIN,
    MOD_NO_BATTLE_DAMAGE,
    MOD_NO_SPECIAL_SUMMON,
    MOD_NO_TRIBUTE_SUMMON,
    MOD_PIERCE,
    MOD_SELF_DESTROY,
    MOD_SHIELDS_CONTROLLER,
    MOD_SPELL_TARGET_NEGATE,
    MOD_TRIBUTE_WORTH,
    POS_FACEUP,
    POS_FACEUP_DEFENSE,
    PROC_SUMMON,
    PROC_WINDOW,
    TYPE_EXTRA,
    TYPE_MONSTER,
    TYPE_QUICKPLAY,
    TYPE_RITUAL,
    TYPE_SPECIAL_SUMMON,
    TYPE_TOKEN,
    TYPE_TRAP,
    TYPE_TUNER,
    TYPE_XYZ,
)
from ygo.core.state import NONE, State
from ygo.engine.effect import Ctx, Effect
from ygo.engine.effect import face_up_on_field as face_up_on_field  # (re-exported)
from ygo.engine.frames import AT_PROC, AT_SUMMON_CARD, AT_SUMMON_MODE, AT_WINDOW_WINDOW
from ygo.engine.windows import Window

_STATUS_ENABLED = 1
_STATUS_SUMMONING = 0x40  # ops.STATUS_SUMMONING (a Pendulum Summon's other monsters)
_SET_WAITS = TYPE_TRAP | TYPE_QUICKPLAY
_AWAY = LOCATION_GRAVE | LOCATION_BANISHED


def _source_active(st: State, src: int, depth: int) -> bool:
    """Whether a card's continuous effects apply now: face-up on the field, its
    activation resolved (Spells and Traps), and not negated."""
    summoning = src == st.summoning or st.status[src] & _STATUS_SUMMONING
    if not face_up_on_field(st, src) or summoning:
        return False  # R-SUM-10: a monster being summoned is not summoned yet
    if not st.ctype[src] & TYPE_MONSTER and not st.status[src] & _STATUS_ENABLED:
        return False
    if st.loc[src] == LOCATION_SZONE and st.ctype[src] & TYPE_MONSTER:  # a monster as an Equip Card
        return any(e.extra.get("as_equip") for e in st.fx[src])
    return depth > 3 or not _disabled(st, src, depth + 1)


def zones(st: State) -> tuple[int, int, int, int, int]:
    """``State.reach``, computed and kept: per player, the windows in which a card
    of theirs in the hand, on the field, in the GY or banished could activate
    something this turn (an
    upper bound from ``State.masks``: a Spell from the hand only in its
    owner's turn, a Trap or Quick-Play Spell not the turn it was Set; position
    and the effects' own conditions are left to ``chain.blocker``); then the
    ``Mod`` codes of the continuous effects of the cards on the field (any
    position: an upper bound too); then the turn it was computed in; then bit
    ``p`` when a card of player ``p`` in the GY or banished has an effect
    activated from there (the activation query looks there only then)."""
    loc = st.loc
    ctrl = st.ctrl
    masks = st.masks
    turn = st.turn
    tp = st.tp
    placed = st.placed
    ctype = st.ctype
    out = [0, 0]
    away = 0
    for u in st.active:
        where = loc[u]
        if where == LOCATION_HAND:
            p = ctrl[u]
            out[p] |= masks[u][5] if p == tp else masks[u][3]
        elif where & LOCATION_ONFIELD:
            m = masks[u]
            if placed[u] == turn and ctype[u] & _SET_WAITS:
                out[ctrl[u]] |= m[4] & ~m[0] | m[1]  # R-TRAP-1, R-SPELL-6
            else:
                out[ctrl[u]] |= m[4]
        elif where & _AWAY and masks[u][7]:  # an effect activated from the GY
            p = ctrl[u]
            out[p] |= masks[u][7]
            away |= 1 << p
    mods = 0
    modbits = st.modbits
    for u in st.modders:
        if loc[u] & LOCATION_ONFIELD:
            mods |= modbits[u]
    st.reach = reach = (out[0], out[1], mods, turn, away)
    return reach


def field_mods(st: State) -> int:
    """The ``Mod`` codes of the continuous effects of the cards on the field
    (``State.reach``, an upper bound): 0 when no modifier there could apply. With
    ``State.granted`` it is the guard before per-card queries, so a deck whose
    modifiers are still in the Deck or hand pays nothing for them."""
    reach = st.reach
    if reach is None or reach[3] != st.turn:
        reach = zones(st)
    return reach[2]


def _applies_where(st: State, src: int, eff: Effect) -> bool:
    """R-PEND-1: in a Pendulum Zone only a card's Pendulum Effects apply; anywhere
    else only its other effects."""
    return eff.pendulum_effect == (st.loc[src] == LOCATION_PZONE)


def _mods(st: State, uid: int, code: int, depth: int = 0) -> list[int]:
    """Values of the active continuous effects with ``code`` that affect ``uid``,
    in application order (by source card), then the granted ones."""
    if not st.granted:
        reach = st.reach
        if reach is None or reach[3] != st.turn:
            reach = zones(st)
        if not reach[2] >> code & 1:
            return []  # no card on the field has such an effect
    entries = st.mod_index.get(code)
    if entries is None and not st.granted:
        return []
    out: list[int] = []
    for src, i in entries or ():
        if not face_up_on_field(st, src) or not _source_active(st, src, depth):
            continue
        eff = st.fx[src][i]
        if eff.pendulum_effect != (st.loc[src] == LOCATION_PZONE):
            continue  # R-PEND-1 (``_applies_where``, inlined)
        ctx = Ctx(st, src, i, st.ctrl[src])
        if eff.affects is None or eff.affects(ctx, uid):
            out.append(eff.value(ctx, uid) if eff.value is not None else 1)
    if st.granted:
        fid = st.fid[uid]
        for g in st.granted:
            if g[0] == code and g[1] == uid and g[2] == fid:
                out.append(g[3])
    return out


def _disabled(st: State, uid: int, depth: int) -> bool:
    return bool(_mods(st, uid, MOD_DISABLE, depth))


def is_disabled(st: State, uid: int) -> bool:
    """Whether this card's effects are negated now (Imperial Order on a Spell,
    Jinzo on a Trap...)."""
    if not (st.granted or (st.modders and field_mods(st))):
        return False
    return _disabled(st, uid, 0)


def disablers(st: State, uid: int) -> list[int]:
    """The face-up cards whose effects negate this card's effects (for explain)."""
    out = []
    for src in st.modders:
        if not _source_active(st, src, 0):
            continue
        for i, eff in enumerate(st.fx[src]):
            if (
                eff.kind == EFFECT_KIND_CONTINUOUS
                and eff.mod in (MOD_DISABLE, MOD_CANNOT_ACTIVATE)
                and _applies_where(st, src, eff)
                and (eff.affects is None or eff.affects(Ctx(st, src, i, st.ctrl[src]), uid))
            ):
                out.append(src)
                break
    return out


def _stat(st: State, uid: int, printed: int, set_code: int, add_code: int) -> int:
    if (
        not (st.granted or (st.modders and field_mods(st)))
        or st.loc[uid] != LOCATION_MZONE
        or not st.pos[uid] & POS_FACEUP
    ):
        return printed
    sets = _mods(st, uid, set_code)
    value = sets[-1] if sets else printed
    change = sum(_mods(st, uid, add_code))
    if change and (
        turn_flag(st, FLAG_REVERSE_CHANGES, 0) or turn_flag(st, FLAG_REVERSE_CHANGES, 1)
    ):
        change = -change  # Reverse Trap: increases and decreases are reversed this turn
    return max(0, value + change)


#: Per-player flags that last for the current turn, kept in ``State.limits`` under
#: keys no card's count limit uses (an effect sets one with ``chain.use_limit``).
FLAG_NO_BATTLE_DAMAGE = 1 << 40
"""The player takes no battle damage this turn."""
FLAG_BATTLE_SAFE = (1 << 40) + 1
"""The player's monsters cannot be destroyed by battle this turn."""
FLAG_REVERSE_CHANGES = (1 << 40) + 2
"""ATK/DEF increases and decreases apply reversed this turn (either player's flag)."""


FLAG_NO_SUMMON = (1 << 40) + 16
"""The player cannot Normal, Flip or Special Summon this turn (Sets are allowed:
Scapegoat)."""
FLAG_SUMMONED = (1 << 40) + 17
"""The player has summoned a monster this turn (Normal, Flip or Special Summon;
a Set does not count)."""


def set_flag(st: State, key: int, player: int) -> None:
    """Set ``player``'s this-turn flag ``key`` (see :func:`turn_flag`)."""
    st.limits[key * 2 + player] = (st.turn << 8) | 1


def cannot_summon(st: State, player: int) -> bool:
    """Whether ``player`` may not summon monsters this turn (``FLAG_NO_SUMMON``)."""
    v = st.limits.get(FLAG_NO_SUMMON * 2 + player) if st.limits else None
    return v is not None and v >> 8 == st.turn and bool(v & 0xFF)  # (``turn_flag``, inlined)


def turn_flag(st: State, key: int, player: int) -> bool:
    """Whether ``player``'s this-turn flag ``key`` is set."""
    v = st.limits.get(key * 2 + player, 0)
    return v >> 8 == st.turn and bool(v & 0xFF)


def atk(st: State, uid: int) -> int:
    """Current ATK: printed ("?" is 0), then set, then changes; never below 0."""
    return _stat(st, uid, st.data[uid].atk_value, MOD_ATK_SET, MOD_ATK_ADD)


def defense(st: State, uid: int) -> int:
    """Current DEF, like :func:`atk`."""
    return _stat(st, uid, st.data[uid].def_value, MOD_DEF_SET, MOD_DEF_ADD)


def base_atk(st: State, uid: int) -> int:
    """Original ATK (the printed value; "?" is 0)."""
    return st.data[uid].atk_value


def level(st: State, uid: int) -> int:
    """The card's Level; 0 for a card without one. An Xyz monster has a Rank,
    not a Level (R-XYZ-2): it is 0 here, so every Level-based check (Synchro and
    Xyz material, "Level 4 or lower", Ritual tributes) passes it by."""
    if st.ctype[uid] & TYPE_XYZ:
        return 0
    lv = st.data[uid].level
    if not lv or not (st.granted or (st.modders and field_mods(st))):
        return lv
    sets = _mods(st, uid, MOD_LEVEL_SET)
    change = sum(_mods(st, uid, MOD_LEVEL_ADD))
    if not sets and not change:
        return lv
    return max(1, (sets[-1] if sets else lv) + change)  # (a Level never goes below 1)


def rank(st: State, uid: int) -> int:
    """An Xyz monster's Rank (the card data's level field holds it); 0 otherwise."""
    return st.data[uid].level if st.ctype[uid] & TYPE_XYZ else 0


def is_tuner(st: State, uid: int) -> bool:
    return bool(st.ctype[uid] & TYPE_TUNER)


def materials(st: State, uid: int) -> list[int]:
    """The Xyz materials under ``uid``, oldest first (R-XYZ-1); they are public."""
    if not (st.overlay[0] or st.overlay[1]):
        return []
    bound = st.bound
    return [m for p in (0, 1) for m in st.overlay[p] if bound[m] == uid]


def attack_goes_on(st: State) -> bool:
    """Whether the attack declared now may go on (R-BAT-2, R-POS-2): its attacker is
    still the monster that declared it (in a Monster Zone, not moved since: a card
    that left and came back is a new card, its ``atk_turn`` cleared), under the turn
    player's control, in a position that attacks, and no effect says it cannot
    attack (``Mod.CANNOT_ATTACK``; "cannot declare an attack" does not stop an
    attack already declared). Read after each link of a chain at the declaration
    and when its window closes; in the Damage Step only the first three count."""
    a = st.attacker
    if a == NONE or st.loc[a] != LOCATION_MZONE or st.ctrl[a] != st.tp or st.atk_turn[a] != st.turn:
        return False
    if not attack_position_ok(st, a):
        return False
    return not (st.granted or (st.modders and field_mods(st))) or not _mods(
        st, a, MOD_CANNOT_ATTACK
    )


def attack_costs(st: State, uid: int) -> list[tuple[int, int]]:
    """The active ``Mod.ATTACK_COST`` effects on ``uid``, as (card, effect index):
    costs it pays to declare an attack (Insect Queen's Tribute)."""
    out = []
    for src, i in st.mod_index.get(MOD_ATTACK_COST, ()):
        if not _source_active(st, src, 0):
            continue
        eff = st.fx[src][i]
        if not _applies_where(st, src, eff):
            continue
        if eff.affects is None or eff.affects(Ctx(st, src, i, st.ctrl[src]), uid):
            out.append((src, i))
    return out


def attack_cost_payable(st: State, uid: int) -> bool:
    """Whether every attack cost on ``uid`` can be paid now (each step's ``can``)."""
    for src, i in attack_costs(st, uid):
        ctx = Ctx(st, src, i, st.ctrl[src])
        if not all(s.can is None or s.can(ctx) for s in st.fx[src][i].operation):
            return False
    return True


def attack_position_ok(st: State, uid: int) -> bool:
    """R-POS-2: face-up Attack Position, or face-up Defense with an effect that
    lets it attack so (Total Defense Shogun)."""
    pos = st.pos[uid]
    if pos == Position.FACEUP_ATTACK:
        return True
    return (
        pos == POS_FACEUP_DEFENSE
        and bool(st.modders)
        and bool(_mods(st, uid, MOD_ATTACK_IN_DEFENSE))
    )


def battle_damage_prevented(st: State, player: int) -> bool:
    """Whether ``player`` takes no battle damage from the current battle (an
    effect granted on the attacker for this battle: Kuriboh)."""
    a = st.attacker
    if not st.granted or a == NONE:
        return False
    fid = st.fid[a]
    return any(
        g[0] == MOD_NO_BATTLE_DAMAGE and g[1] == a and g[2] == fid and g[3] == player
        for g in st.granted
    )


def battle_shielded(st: State, player: int) -> bool:
    """Whether ``player`` takes no battle damage from the current battle because a
    monster of theirs in it is shielded (``Mod.SHIELDS_CONTROLLER``)."""
    if MOD_SHIELDS_CONTROLLER not in st.mod_index:
        return False
    return any(
        u != NONE
        and st.loc[u] == LOCATION_MZONE
        and st.ctrl[u] == player
        and bool(_mods(st, u, MOD_SHIELDS_CONTROLLER))
        for u in (st.attacker, st.target)
    )


def no_direct_attack(st: State, uid: int) -> bool:
    """Whether an effect forbids this monster to attack directly."""
    return bool(
        (st.granted or (st.modders and field_mods(st))) and _mods(st, uid, MOD_CANNOT_DIRECT_ATTACK)
    )


def attack_forbidden(st: State, uid: int) -> bool:
    """Whether an effect forbids this monster to attack or to declare an attack
    (Spellbinding Circle, Swords of Revealing Light...)."""
    return bool(
        (st.granted or (st.modders and field_mods(st)))
        and (_mods(st, uid, MOD_CANNOT_ATTACK) or _mods(st, uid, MOD_CANNOT_DECLARE_ATTACK))
    )


def battle_indestructible(st: State, uid: int) -> bool:
    """Whether an effect keeps this monster from being destroyed by the current
    battle (``Mod.INDESTRUCTIBLE_BATTLE``)."""
    if not st.granted and MOD_INDESTRUCTIBLE_BATTLE not in st.mod_index:
        return False
    return any(_mods(st, uid, MOD_INDESTRUCTIBLE_BATTLE))


def effect_indestructible(st: State, uid: int, player: int) -> bool:
    """Whether an effect keeps this card from being destroyed by ``player``'s card
    effects (``Mod.INDESTRUCTIBLE_EFFECT``); never for a rule's destruction (-1)."""
    if player < 0 or (not st.granted and MOD_INDESTRUCTIBLE_EFFECT not in st.mod_index):
        return False
    return any(v >> player & 1 for v in _mods(st, uid, MOD_INDESTRUCTIBLE_EFFECT))


def special_way(kind: int) -> int:
    """The way (``Mod.NO_SPECIAL_SUMMON``'s) of a Special Summon of ``kind``
    (``ops.SUMTYPE_*``: 0 by an effect, FUSION, SPECIAL a Pendulum Summon,
    RITUAL, PROC and the others)."""
    if not kind:
        return 0
    if kind & 32:  # SUMTYPE_FUSION
        return 1
    if kind & 16:  # SUMTYPE_RITUAL
        return 3
    if kind == 8:  # SUMTYPE_SPECIAL: a Pendulum Summon (pendulum.py)
        return 2
    return 4


def special_summon_forbidden(st: State, uid: int, player: int, kind: int = 0) -> bool:
    """Whether an effect forbids ``player`` to Special Summon monster ``uid`` by
    a summon of ``kind`` (``Mod.NO_SPECIAL_SUMMON``; ``kind`` as ``special_way``)."""
    if not st.granted and MOD_NO_SPECIAL_SUMMON not in st.mod_index:
        return False
    bit = 5 * player + special_way(kind)
    return any(v >> bit & 1 for v in _mods(st, uid, MOD_NO_SPECIAL_SUMMON))


def spend_indestructible(st: State, uid: int, way: int) -> bool:
    """Whether an effect that keeps ``uid`` from destruction a number of times
    each turn (``Mod.INDESTRUCTIBLE_COUNT``) saves it now from a destruction
    ``way`` (0 by battle, ``1 + player`` by that player's card effect); if so its
    count limit is spent. The first such effect that has a use left."""
    entries = st.mod_index.get(MOD_INDESTRUCTIBLE_COUNT)
    if not entries:
        return False
    from ygo.engine.chain import limit_count, spend_limit

    for src, i in entries:
        if not _source_active(st, src, 0):
            continue
        eff = st.fx[src][i]
        if not _applies_where(st, src, eff):
            continue
        ctx = Ctx(st, src, i, st.ctrl[src])
        if eff.affects is not None and not eff.affects(ctx, uid):
            continue
        bits = eff.value(ctx, uid) if eff.value is not None else 7
        if not bits >> way & 1:
            continue
        if eff.limit and limit_count(st, src, eff, i, st.ctrl[src]) >= eff.limit:
            continue
        if eff.limit:
            spend_limit(st, src, eff, i, st.ctrl[src])
        return True
    return False


def self_destroyed(st: State) -> list[int]:
    """The face-up cards on the field that an effect destroys now by the rules
    (``Mod.SELF_DESTROY``), the turn player's first."""
    if MOD_SELF_DESTROY not in st.mod_index and not st.granted:
        return []
    out = []
    for p in (st.tp, 1 - st.tp):
        for u in (*st.mzone[p], *st.szone[p], st.fzone[p], *st.pzone[p]):
            if u != NONE and face_up_on_field(st, u) and _mods(st, u, MOD_SELF_DESTROY):
                out.append(u)
    return out


def pierces(st: State, uid: int) -> bool:
    """Whether this attacking monster inflicts piercing battle damage (``Mod.PIERCE``)."""
    if not st.granted and MOD_PIERCE not in st.mod_index:
        return False
    return any(_mods(st, uid, MOD_PIERCE))


def extra_attacks(st: State, uid: int) -> int:
    """How many attacks more than one this monster may declare this turn
    (``Mod.EXTRA_ATTACK``: the largest value)."""
    if not st.granted and MOD_EXTRA_ATTACK not in st.mod_index:
        return 0
    return max(_mods(st, uid, MOD_EXTRA_ATTACK), default=0)


def can_change_position(st: State, uid: int) -> bool:
    """Whether no effect forbids this monster's position changes."""
    if MOD_CANNOT_CHANGE_POS not in st.mod_index and not st.granted:
        return True
    return not _mods(st, uid, MOD_CANNOT_CHANGE_POS)


def cannot_activate(st: State, uid: int) -> bool:
    """Whether an effect forbids this card's activation (Jinzo and Traps...)."""
    if MOD_CANNOT_ACTIVATE not in st.mod_index and not st.granted:
        return False  # no card of this duel has such an effect (hot: every activation query)
    return bool(_mods(st, uid, MOD_CANNOT_ACTIVATE))


def can_be_targeted(st: State, uid: int, by: int = -1) -> bool:
    """A monster destroyed by battle and still on the field cannot be targeted
    (R-BAT-9); effects may forbid it too (``Mod.CANNOT_BE_TARGETED``), for the
    effects of player ``by`` (-1: of anyone, as far as is known)."""
    if uid in st.battle_destroyed:
        return False
    if MOD_CANNOT_BE_TARGETED not in st.mod_index and not st.granted:
        return True
    bits = 3 if by < 0 else 1 << by
    return not any(v & bits for v in _mods(st, uid, MOD_CANNOT_BE_TARGETED))


def wins_match(st: State, uid: int) -> bool:
    """Whether this monster's winning direct attack wins the match (R-MATCH-1)."""
    return bool(st.modders and _mods(st, uid, MOD_MATCH_WIN))


def can_be_attacked(st: State, uid: int) -> bool:
    """Whether no effect forbids choosing this monster as an attack target."""
    return not (st.granted or (st.modders and field_mods(st))) or not _mods(
        st, uid, MOD_CANNOT_BE_ATTACKED
    )


def tributable_for_summon(st: State, uid: int) -> bool:
    """Whether this monster may be Tributed for a Tribute Summon (Scapegoat's
    Sheep Tokens may not: ``Mod.NO_TRIBUTE_SUMMON``)."""
    if not st.granted and MOD_NO_TRIBUTE_SUMMON not in st.mod_index:
        return True
    return not _mods(st, uid, MOD_NO_TRIBUTE_SUMMON)


def tribute_summon_fodder(st: State, player: int) -> int:
    """How many of ``player``'s monsters could be Tributed for a Tribute Summon."""
    zones = st.mzone[player]
    if not st.granted and MOD_NO_TRIBUTE_SUMMON not in st.mod_index:
        return len(zones) - zones.count(NONE)
    return sum(1 for u in zones if u != NONE and tributable_for_summon(st, u))


def direct_attack_mode(st: State, uid: int) -> int:
    """``Mod.DIRECT_ATTACK`` on this monster: 0 none, 1 it may attack directly
    even while the opponent controls monsters, 2 so unless they control a
    face-up Toon (then it must attack a Toon)."""
    if not (st.granted or (st.modders and field_mods(st))):
        return 0
    return max(_mods(st, uid, MOD_DIRECT_ATTACK), default=0)


def tributes_needed(st: State, uid: int) -> int:
    """Tributes a Normal Summon or Set of this monster needs (R-SUM-2):
    Level 4 or lower none, 5 or 6 one, 7 or more two (R-TERM-7: "or lower" and
    "or more" include the number), unless its text requires another number (a
    summoning rule with ``tributes_required``: the Egyptian Gods' 3). The one
    place this is computed."""
    if st.fx[uid]:
        n = summon_rule(st, uid, "tributes_required")
        if n is not None:
            return int(n)
    return tributes_for_level(st.data[uid].level)


def tribute_worth(st: State, tribute: int, summoned: int) -> int:
    """How many tributes ``tribute`` counts as for the Tribute Summon or Set of
    ``summoned``: 1, or the value of its own active ``Mod.TRIBUTE_WORTH`` effect
    that accepts ``summoned`` (Kaiser Sea Horse)."""
    for src, i in st.mod_index.get(MOD_TRIBUTE_WORTH, ()):
        if src != tribute or not _source_active(st, src, 0):
            continue
        eff = st.fx[src][i]
        if not _applies_where(st, src, eff):
            continue
        ctx = Ctx(st, src, i, st.ctrl[src])
        if eff.affects is None or eff.affects(ctx, summoned):
            return eff.value(ctx, summoned) if eff.value is not None else 2
    return 1


def tributes_counted(st: State, chosen: list[int], summoned: int) -> int:
    """The tributes ``chosen`` count as for ``summoned`` (R-SUM-2 with
    :func:`tribute_worth`)."""
    if MOD_TRIBUTE_WORTH not in st.mod_index:
        return len(chosen)
    return sum(tribute_worth(st, u, summoned) for u in chosen)


def tribute_capacity(st: State, player: int, summoned: int) -> int:
    """The most tributes ``player``'s monsters could count as for ``summoned``."""
    fodder = [u for u in st.mzone[player] if u != NONE and tributable_for_summon(st, u)]
    return tributes_counted(st, fodder, summoned)


def battle_substitute(st: State, uid: int) -> int:
    """The card destroyed instead when ``uid`` would be destroyed by battle
    (``Mod.BATTLE_SUBSTITUTE``: Relinquished's equipped monster), or NONE."""
    if MOD_BATTLE_SUBSTITUTE not in st.mod_index:
        return NONE
    for v in _mods(st, uid, MOD_BATTLE_SUBSTITUTE):
        if v != NONE and face_up_on_field(st, v):
            return v
    return NONE


def spell_target_negated(st: State, targets: list[int]) -> bool:
    """Whether a Spell's effect that targets these cards is negated and the Spell
    destroyed (``Mod.SPELL_TARGET_NEGATE``: Ryu Senshi)."""
    if MOD_SPELL_TARGET_NEGATE not in st.mod_index:
        return False
    return any(
        st.loc[t] == LOCATION_MZONE and _mods(st, t, MOD_SPELL_TARGET_NEGATE) for t in targets
    )


def tributes_for_level(lv: int) -> int:
    """R-SUM-2 by Level (used by :func:`tributes_needed` and by agents, which see
    only a view)."""
    if lv <= 4:
        return 0
    if lv <= 6:
        return 1
    return 2


def equipped_to(st: State, uid: int) -> int:
    """The monster an Equip Card is attached to, if it is still that incarnation."""
    t = st.bound[uid]
    if t == NONE or st.fid[t] != st.bound_fid[uid]:
        return NONE
    return t


def special_only(st: State, uid: int) -> bool:
    """Whether the card's type or its script says it cannot be Normal Summoned or
    Set: a "Special Summon only" monster whose card data lacks that bit has a
    summoning condition with ``extra["special_only"]`` (Perfectly Ultimate Great
    Moth's own procedure)."""
    if st.ctype[uid] & TYPE_SPECIAL_SUMMON:
        return True
    return any(e.kind == EFFECT_KIND_CONDITION and e.extra.get("special_only") for e in st.fx[uid])


#: Monsters that cannot be Normal Summoned or Set: Extra Deck monsters, Ritual
#: monsters and monsters that must be Special Summoned (R-MON-1, R-SUM-5/6/8).
NOT_NORMAL_SUMMONABLE = TYPE_EXTRA | TYPE_RITUAL | TYPE_SPECIAL_SUMMON | TYPE_TOKEN


# -- gods: summoning rules printed on a monster (R-MON-2, R-SUM-10) ------------------------


FLAG_SUMMON_LOCK = (1 << 40) + 24
"""``State.limits[FLAG_SUMMON_LOCK * 2]``: the last summon that succeeded forbids
activations in response (``turn << 16 | exempt card + 1``); read by
:func:`summon_lock_blocks`, written by ``summon.py`` at every summon's success."""


def summon_rule(st: State, uid: int, key: str) -> Any:
    """The value of ``key`` in this monster's summoning rules (``extra`` of its
    effects of kind CONDITION), or None."""
    for e in st.fx[uid]:
        if e.kind == EFFECT_KIND_CONDITION and key in e.extra:
            return e.extra[key]
    return None


def no_normal_set(st: State, uid: int) -> bool:
    """Whether this monster's text forbids its Normal Set ("cannot be Normal Set")."""
    return bool(st.fx[uid]) and bool(summon_rule(st, uid, "no_set"))


def summon_mode(st: State) -> int:
    """The mode (a ``frames.SummonMode``: NORMAL, FLIP, PROCEDURE...) of the summon being
    made now (``State.summoning``), read from its frame; -1 if none."""
    uid = st.summoning
    if uid == NONE:
        return -1
    for f in reversed(st.stack):
        if f[AT_PROC] == PROC_SUMMON and f[AT_SUMMON_CARD] == uid:
            return f[AT_SUMMON_MODE]
    return -1


def summon_unnegatable(st: State) -> bool:
    """Whether the summon being made cannot be negated: the monster's rule
    ``unnegatable`` holds the bit of this summon's mode ("this card's Normal
    Summon cannot be negated", "its Special Summon cannot be negated")."""
    uid = st.summoning
    if uid == NONE or not st.fx[uid]:
        return False
    bits = summon_rule(st, uid, "unnegatable")
    mode = summon_mode(st)
    return isinstance(bits, int) and mode >= 0 and bool(bits >> mode & 1)


def current_window(st: State) -> int:
    """The priority window the processor is in (that of the topmost window frame),
    or -1 outside any."""
    for f in reversed(st.stack):
        if f[AT_PROC] == PROC_WINDOW:
            return f[AT_WINDOW_WINDOW]
    return -1


def summon_lock_blocks(st: State, uid: int, window: int) -> bool:
    """R-SUM-10 with a "when summoned, cards and effects cannot be activated"
    monster: in the window right after its summon succeeded (``Window.SUMMONED``,
    until that window's chain ends) nothing may be activated, triggers included,
    except the effects of the card its rule exempts ("other cards": itself)."""
    if window != Window.SUMMONED:
        return False
    v = st.limits.get(FLAG_SUMMON_LOCK * 2, 0)
    if v >> 16 != st.turn:
        return False
    exempt = (v & 0xFFFF) - 1
    return uid != exempt
