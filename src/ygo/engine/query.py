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

from ygo.core.enums import CardType, Location, Position
from ygo.core.state import NONE, State
from ygo.engine.effect import Ctx

_MZONE = int(Location.MZONE)
_SZONE = int(Location.SZONE)
_FZONE = int(Location.FZONE)
_MONSTER = int(CardType.MONSTER)
_FACEUP = int(Position.FACEUP)

# Mod codes (``ygo.engine.effect.Mod``), as ints for speed.
ATK_ADD, DEF_ADD, ATK_SET, DEF_SET = 1, 2, 3, 4
CANNOT_ATTACK, CANNOT_CHANGE_POS, DISABLE, CANNOT_ACTIVATE, CANNOT_BE_TARGETED = 5, 6, 7, 8, 9
MATCH_WIN = 10
CANNOT_BE_ATTACKED, NO_BATTLE_DAMAGE, ATTACK_IN_DEFENSE, ATTACK_COST = 12, 13, 14, 15
CANNOT_DIRECT_ATTACK = 16
NO_TRIBUTE_SUMMON, DIRECT_ATTACK = 17, 18
_FU_DEF = int(Position.FACEUP_DEFENSE)
_CONTINUOUS = 5  # EffectKind.CONTINUOUS
_STATUS_ENABLED = 1


def face_up_on_field(st: State, uid: int) -> bool:
    loc = st.loc[uid]
    return (loc in (_MZONE, _SZONE, _FZONE)) and bool(st.pos[uid] & _FACEUP)


def _source_active(st: State, src: int, depth: int) -> bool:
    """Whether a card's continuous effects apply now: face-up on the field, its
    activation resolved (Spells and Traps), and not negated."""
    if not face_up_on_field(st, src) or src == st.summoning:
        return False  # R-SUM-10: a monster being summoned is not summoned yet
    if not st.ctype[src] & _MONSTER and not st.status[src] & _STATUS_ENABLED:
        return False
    if st.loc[src] == _SZONE and st.ctype[src] & _MONSTER:  # a monster as an Equip Card
        return any(e.extra.get("as_equip") for e in st.fx[src])
    return depth > 3 or not _disabled(st, src, depth + 1)


def _mods(st: State, uid: int, code: int, depth: int = 0) -> list[int]:
    """Values of the active continuous effects with ``code`` that affect ``uid``,
    in application order (by source card), then the granted ones."""
    entries = st.mod_index.get(code)
    if entries is None and not st.granted:
        return []
    out: list[int] = []
    for src, i in entries or ():
        if not face_up_on_field(st, src) or not _source_active(st, src, depth):
            continue
        eff = st.fx[src][i]
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
    return bool(_mods(st, uid, DISABLE, depth))


def is_disabled(st: State, uid: int) -> bool:
    """Whether this card's effects are negated now (Imperial Order on a Spell,
    Jinzo on a Trap...)."""
    if not st.modders and not st.granted:
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
                eff.kind == _CONTINUOUS
                and eff.mod in (DISABLE, CANNOT_ACTIVATE)
                and (eff.affects is None or eff.affects(Ctx(st, src, i, st.ctrl[src]), uid))
            ):
                out.append(src)
                break
    return out


def _stat(st: State, uid: int, printed: int, set_code: int, add_code: int) -> int:
    if not (st.modders or st.granted) or st.loc[uid] != _MZONE or not st.pos[uid] & _FACEUP:
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
    return bool(st.limits) and turn_flag(st, FLAG_NO_SUMMON, player)


def turn_flag(st: State, key: int, player: int) -> bool:
    """Whether ``player``'s this-turn flag ``key`` is set."""
    v = st.limits.get(key * 2 + player, 0)
    return v >> 8 == st.turn and bool(v & 0xFF)


def atk(st: State, uid: int) -> int:
    """Current ATK: printed ("?" is 0), then set, then changes; never below 0."""
    return _stat(st, uid, st.data[uid].atk_value, ATK_SET, ATK_ADD)


def defense(st: State, uid: int) -> int:
    """Current DEF, like :func:`atk`."""
    return _stat(st, uid, st.data[uid].def_value, DEF_SET, DEF_ADD)


def base_atk(st: State, uid: int) -> int:
    """Original ATK (the printed value; "?" is 0)."""
    return st.data[uid].atk_value


def level(st: State, uid: int) -> int:
    return st.data[uid].level


def can_attack(st: State, uid: int) -> bool:
    """R-POS-2, R-BAT-2 and effects: face-up Attack Position, not attacked yet
    this turn, and no effect that forbids it."""
    if st.atk_turn[uid] == st.turn or not attack_position_ok(st, uid):
        return False
    if not (st.modders or st.granted):
        return True
    return not _mods(st, uid, CANNOT_ATTACK) and attack_cost_payable(st, uid)


def attack_costs(st: State, uid: int) -> list[tuple[int, int]]:
    """The active ``Mod.ATTACK_COST`` effects on ``uid``, as (card, effect index):
    costs it pays to declare an attack (Insect Queen's Tribute)."""
    out = []
    for src, i in st.mod_index.get(ATTACK_COST, ()):
        if not _source_active(st, src, 0):
            continue
        eff = st.fx[src][i]
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
    return pos == _FU_DEF and bool(st.modders) and bool(_mods(st, uid, ATTACK_IN_DEFENSE))


def battle_damage_prevented(st: State, player: int) -> bool:
    """Whether ``player`` takes no battle damage from the current battle (an
    effect granted on the attacker for this battle: Kuriboh)."""
    a = st.attacker
    if not st.granted or a == NONE:
        return False
    fid = st.fid[a]
    return any(
        g[0] == NO_BATTLE_DAMAGE and g[1] == a and g[2] == fid and g[3] == player
        for g in st.granted
    )


def no_direct_attack(st: State, uid: int) -> bool:
    """Whether an effect forbids this monster to attack directly."""
    return bool((st.modders or st.granted) and _mods(st, uid, CANNOT_DIRECT_ATTACK))


def attack_forbidden(st: State, uid: int) -> bool:
    """Whether an effect forbids this monster to attack (Swords of Revealing Light...)."""
    return bool((st.modders or st.granted) and _mods(st, uid, CANNOT_ATTACK))


def can_change_position(st: State, uid: int) -> bool:
    """Whether no effect forbids this monster's position changes."""
    if CANNOT_CHANGE_POS not in st.mod_index and not st.granted:
        return True
    return not _mods(st, uid, CANNOT_CHANGE_POS)


def cannot_activate(st: State, uid: int) -> bool:
    """Whether an effect forbids this card's activation (Jinzo and Traps...)."""
    return bool((st.modders or st.granted) and _mods(st, uid, CANNOT_ACTIVATE))


def can_be_targeted(st: State, uid: int) -> bool:
    """A monster destroyed by battle and still on the field cannot be targeted
    (R-BAT-9); effects may forbid it too."""
    if uid in st.battle_destroyed:
        return False
    if CANNOT_BE_TARGETED not in st.mod_index and not st.granted:
        return True
    return not _mods(st, uid, CANNOT_BE_TARGETED)


def wins_match(st: State, uid: int) -> bool:
    """Whether this monster's winning direct attack wins the match (R-MATCH-1)."""
    return bool(st.modders and _mods(st, uid, MATCH_WIN))


def can_be_attacked(st: State, uid: int) -> bool:
    """Whether no effect forbids choosing this monster as an attack target."""
    return not (st.modders or st.granted) or not _mods(st, uid, CANNOT_BE_ATTACKED)


def tributable_for_summon(st: State, uid: int) -> bool:
    """Whether this monster may be Tributed for a Tribute Summon (Scapegoat's
    Sheep Tokens may not: ``Mod.NO_TRIBUTE_SUMMON``)."""
    return not (st.modders or st.granted) or not _mods(st, uid, NO_TRIBUTE_SUMMON)


def tribute_summon_fodder(st: State, player: int) -> int:
    """How many of ``player``'s monsters could be Tributed for a Tribute Summon."""
    zones = st.mzone[player]
    if not (st.modders or st.granted):
        return len(zones) - zones.count(NONE)
    return sum(1 for u in zones if u != NONE and tributable_for_summon(st, u))


def direct_attack_mode(st: State, uid: int) -> int:
    """``Mod.DIRECT_ATTACK`` on this monster: 0 none, 1 it may attack directly
    even while the opponent controls monsters, 2 so unless they control a
    face-up Toon (then it must attack a Toon)."""
    if not (st.modders or st.granted):
        return 0
    return max(_mods(st, uid, DIRECT_ATTACK), default=0)


def tributes_needed(st: State, uid: int) -> int:
    """Tributes a Normal Summon or Set of this monster needs (R-SUM-2):
    Level 4 or lower none, 5 or 6 one, 7 or more two (R-TERM-7: "or lower" and
    "or more" include the number). The one place this is computed."""
    return tributes_for_level(st.data[uid].level)


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


#: Monsters that cannot be Normal Summoned or Set: Extra Deck monsters, Ritual
#: monsters and monsters that must be Special Summoned (R-MON-1, R-SUM-5/6/8).
NOT_NORMAL_SUMMONABLE = int(
    CardType.EXTRA | CardType.RITUAL | CardType.SPECIAL_SUMMON | CardType.TOKEN
)
