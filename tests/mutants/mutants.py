"""Hand-made engine mutants: each breaks one rule on purpose, and names the rule
tests that must fail when it is applied (tests/README.md, "Mutation check").

A mutant is a list of patches. A patch names a target by its dotted path (a
module attribute, or an attribute of a class in a module) and a function that
takes the original and returns the replacement. :func:`apply` installs the
replacement at the target and wherever a ``ygo`` module bound the original by
name (``from ygo.engine.query import tributes_needed``). A target that no longer
exists is a :class:`MutantError`: the engine changed, so update the mutant.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ygo.core.enums import Position
from ygo.engine.events import Reason

Make = Callable[[Any], Any]


class MutantError(Exception):
    """A mutant cannot be applied (its target moved or was renamed)."""


@dataclass(frozen=True)
class Mutant:
    name: str
    rules: str
    what: str
    patches: tuple[tuple[str, Make], ...]
    tests: tuple[str, ...]


def resolve(target: str) -> tuple[Any, str, Any]:
    """``(owner, attribute, original)`` for a dotted target."""
    parts = target.split(".")
    owner: Any = None
    for i in range(len(parts) - 1, 0, -1):
        try:
            owner = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        rest = parts[i:]
        break
    else:
        raise MutantError(f"{target}: no such module")
    for name in rest[:-1]:
        if not hasattr(owner, name):
            raise MutantError(f"{target}: {name} not found")
        owner = getattr(owner, name)
    attr = rest[-1]
    # A class attribute as stored (a property stays a property).
    if isinstance(owner, type):
        for klass in owner.__mro__:
            if attr in vars(klass):
                return owner, attr, vars(klass)[attr]
    elif hasattr(owner, attr):
        return owner, attr, getattr(owner, attr)
    raise MutantError(f"{target}: {attr} not found (the engine changed; update the mutant)")


def apply(mutant: Mutant) -> None:
    """Install every patch of ``mutant``."""
    for target, make in mutant.patches:
        owner, attr, original = resolve(target)
        new = make(original)
        setattr(owner, attr, new)
        if isinstance(owner, ModuleType):
            for mod in list(sys.modules.values()):
                if mod is None or not mod.__name__.startswith("ygo"):
                    continue
                for name, value in list(vars(mod).items()):
                    if value is original:
                        setattr(mod, name, new)


# -- the mutants ---------------------------------------------------------------------------

DUEL = "tests/rules/test_duel.py::"
TURN = "tests/rules/test_turn.py::"
POS = "tests/rules/test_positions.py::"
BAT = "tests/rules/test_battle.py::"
SUM = "tests/rules/test_summon.py::"
CHAIN = "tests/rules/test_chain.py::"
CARDS = "tests/cards/scripts/"
GODS = CARDS + "test_gods.py::"
MON = CARDS + "test_monsters_effect.py::"
TOKENS = CARDS + "test_tokens.py::"
TOONS = CARDS + "test_toons.py::"
FAMILIES = CARDS + "test_spirits_unions_geminis.py::"
TRAP_MONSTERS = CARDS + "test_trap_monsters.py::"
EQUIPS = CARDS + "test_equips.py::"
SPELLS = CARDS + "test_spells_normal.py::"
QUICK = CARDS + "test_spells_quick_play.py::"
TRAPS = CARDS + "test_traps_normal.py::"


def _order_by_uid(original: Any) -> Any:
    def by_uid(st: Any, uids: list[int]) -> list[int]:
        return sorted(uids)

    return by_uid


def _question_def_5000(original: Any) -> Any:
    return property(lambda self: self.defense if self.defense is not None else 5000)


def _opponent_discards(original: Any) -> Any:
    def who(st: Any) -> int:
        opp = 1 - int(original(st))
        return opp if len(st.hand[opp]) > st.hand_limit else int(original(st))

    return who


def _discard_destroys(original: Any) -> Any:
    def move(st: Any, uid: int, loc: int, reason: int, **kw: Any) -> None:
        if reason & Reason.DISCARD:
            reason |= Reason.DESTROY
        original(st, uid, loc, reason, **kw)

    return move


def _attack_face_down(original: Any) -> Any:
    def change(st: Any, uid: int, position: int, *, manual: bool, **kw: Any) -> None:
        if manual and position == Position.FACEUP_ATTACK:
            position = Position.FACEDOWN_ATTACK
        original(st, uid, position, manual=manual, **kw)

    return change


def _battle_damage_to_the_other(original: Any) -> Any:
    def damage(st: Any, player: int, amount: int, reason: int, *args: Any, **kw: Any) -> None:
        if reason & Reason.BATTLE:
            player = 1 - player
        original(st, player, amount, reason, *args, **kw)

    return damage


def _piercing(original: Any) -> Any:
    from ygo.engine import ops, query

    def calculate(st: Any) -> None:
        target = st.target
        pierce = 0
        if target >= 0 and not st.pos[target] & Position.ATTACK:
            pierce = query.atk(st, st.attacker) - query.defense(st, target)
        original(st)
        if pierce > 0:
            ops.damage(st, 1 - st.tp, pierce, Reason.BATTLE)

    return calculate


def _never(original: Any) -> Any:
    def no(*args: Any) -> bool:
        return False

    return no


def _printed_tributes_only(original: Any) -> Any:
    def tributes(st: Any, uid: int) -> int:
        return int(original.__globals__["tributes_for_level"](st.data[uid].level))

    return tributes


def _every_tribute_counts_one(original: Any) -> Any:
    def counted(st: Any, chosen: list[int], summoned: int) -> int:
        return len(chosen)

    return counted


def _level7_one_tribute(original: Any) -> Any:
    def tributes(st: Any, uid: int) -> int:
        return min(int(original(st, uid)), 1)

    return tributes


def _tribute_shares_the_next_batch(original: Any) -> Any:
    def tribute(st: Any, uids: list[int], *args: Any, **kw: Any) -> None:
        original(st, uids, *args, **kw)
        st.batch -= 1  # the next action's events join the Tributes' batch

    return tribute


def _negated_summon_was_on_the_field(original: Any) -> Any:
    from ygo.engine import ops, summon

    def negate(st: Any, rp: int, rc: int) -> bool:
        group = summon.summoning_group(st)
        done = bool(original(st, rp, rc))
        for u in group:
            ops.clear_status(st, u, ops.STATUS_NEVER_ON_FIELD)
        return done

    return negate


def _negated_summon_still_triggers(original: Any) -> Any:
    def negate(st: Any, rp: int, rc: int) -> bool:
        held = list(st.held)
        done = bool(original(st, rp, rc))
        st.held = held  # the summon's own events trigger as if it had happened
        return done

    return negate


def _attack_checked_only_after_the_chain(original: Any) -> Any:
    def goes_on(st: Any) -> bool:
        return True if st.chain else bool(original(st))

    return goes_on


def _attack_goes_on_while_attack_position(original: Any) -> Any:
    from ygo.core.enums import Location
    from ygo.engine import query

    def goes_on(st: Any) -> bool:  # the old check: only where and how it stands
        a = st.attacker
        return bool(
            st.loc[a] == Location.MZONE and st.ctrl[a] == st.tp and query.attack_position_ok(st, a)
        )

    return goes_on


def _attack_goes_on_wherever_it_was(original: Any) -> Any:
    from ygo.engine import query

    def goes_on(st: Any) -> bool:  # neither where it is nor whether it moved
        a = st.attacker
        return bool(st.ctrl[a] == st.tp and query.attack_position_ok(st, a))

    return goes_on


def _attacker_ok_wherever_it_was(original: Any) -> Any:
    from ygo.core.enums import Location
    from ygo.engine import query

    def ok(st: Any) -> bool:  # in a Monster Zone, whether it moved since or not
        a = st.attacker
        return bool(
            st.loc[a] == Location.MZONE and st.ctrl[a] == st.tp and query.attack_position_ok(st, a)
        )

    return ok


def _attacker_kept_when_it_leaves(original: Any) -> Any:
    def leave(st: Any, uid: int) -> None:  # the target still leaves the battle
        if uid != st.attacker:
            original(st, uid)

    return leave


def _declared_attack_stops_when_it_cannot_be_declared(original: Any) -> Any:
    from ygo.engine import query

    def goes_on(st: Any) -> bool:
        return bool(original(st)) and not query.attack_forbidden(st, st.attacker)

    return goes_on


def _limits_by_passcode(original: Any) -> Any:
    """Count limits keyed by passcode and effect index, per player (the old keys)."""
    from ygo.engine import chain

    def count(st: Any, uid: int, eff: Any, index: int, player: int) -> int:
        key = eff.limit_code or (st.data[uid].code << 4) | index
        return int(chain.limit_used(st, key, player))

    return count


def _spend_by_passcode(original: Any) -> Any:
    from ygo.engine import chain

    def spend(st: Any, uid: int, eff: Any, index: int, player: int) -> None:
        chain.use_limit(st, eff.limit_code or (st.data[uid].code << 4) | index, player)

    return spend


def _limits_per_uid(original: Any) -> Any:
    """Count limits per card ID: a card that moved keeps its count."""
    from ygo.engine import chain

    def count(st: Any, uid: int, eff: Any, index: int, player: int) -> int:
        return int(chain.limit_used(st, chain.limit_key(st, uid, eff, index), player))

    return count


def _spend_per_uid(original: Any) -> Any:
    from ygo.engine import chain

    def spend(st: Any, uid: int, eff: Any, index: int, player: int) -> None:
        chain.use_limit(st, chain.limit_key(st, uid, eff, index), player)

    return spend


def _limit_code_ignored(original: Any) -> Any:
    from ygo.engine import chain

    def key(st: Any, uid: int, eff: Any, index: int) -> int:
        return int(chain.COPY_LIMITS + uid * 64 + index)

    return key


# -- specials-a: tokens, Toons, trap monsters, Unions ------------------------------------


# -- the effect layer (ygo.effects and the context's reads), killed by the card tests --


def _inverted(original: Any) -> Any:
    def inverted(ctx: Any, uid: int) -> bool:
        return not original(ctx, uid)

    return inverted


def _draw_one_fewer(original: Any) -> Any:
    def draw(n: int, *args: Any, **kw: Any) -> Any:
        return original(n - 1, *args, **kw)

    return draw


def _property_inverted(original: Any) -> Any:
    return property(lambda self: not original.fget(self))


def _const(value: Any) -> Make:
    return lambda original: lambda *args, **kw: value


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "term3-order-by-uid",
        "R-TERM-3",
        "simultaneous actions in uid order, ignoring the turn player",
        (("ygo.engine.ops.by_turn_player_first", _order_by_uid),),
        (DUEL + "test_simultaneous_destruction_turn_player_first",),
    ),
    Mutant(
        "mon3-def-question-5000",
        "R-MON-3",
        'an original DEF of "?" counts as 5000',
        (("ygo.core.card.CardData.def_value", _question_def_5000),),
        (DUEL + "test_question_mark_def_counts_as_zero",),
    ),
    Mutant(
        "turn5-opponent-discards",
        "R-TURN-5",
        "the non-turn player discards down to the hand limit when over it",
        (("ygo.engine.turn.hand_limit_player", _opponent_discards),),
        (TURN + "test_only_the_turn_player_discards",),
    ),
    Mutant(
        "term1-discard-destroys",
        "R-TERM-1",
        "a discard counts as destruction",
        (("ygo.engine.ops.move", _discard_destroys),),
        (DUEL + "test_a_discard_is_not_destruction",),
    ),
    Mutant(
        "pos1-face-down-attack",
        "R-POS-1",
        "changing a monster to Attack Position turns it face-down Attack",
        (("ygo.engine.ops.change_position", _attack_face_down),),
        (POS + "test_no_action_makes_a_face_down_attack_monster",),
    ),
    Mutant(
        "bat-damage-wrong-player",
        "R-BAT-3, R-BAT-4, R-BAT-5",
        "battle damage goes to the other player",
        (("ygo.engine.ops.damage", _battle_damage_to_the_other),),
        (
            BAT + "test_attack_vs_attack_higher_wins",
            BAT + "test_attack_vs_attack_lower_loses",
            BAT + "test_attack_vs_defense_lower_atk_hurts_the_attacker",
            BAT + "test_direct_attack_when_the_opponent_has_no_monsters",
        ),
    ),
    Mutant(
        "bat4-piercing",
        "R-BAT-4",
        "an attack on a weaker Defense monster deals the difference as damage",
        (("ygo.engine.battle._calculate", _piercing),),
        (BAT + "test_attack_vs_defense_higher_atk_destroys_without_damage",),
    ),
    Mutant(
        "sum2-level7-one-tribute",
        "R-SUM-2",
        "a Level 7 or higher monster needs 1 tribute",
        (("ygo.engine.query.tributes_needed", _level7_one_tribute),),
        (
            SUM + "test_tributes_by_level[Dark Magician-7-2]",
            SUM + "test_tributes_by_level[Blue-Eyes White Dragon-8-2]",
            SUM + "test_not_enough_tributes_means_no_summon",
        ),
    ),
    Mutant(
        "chain13-tribute-is-last",
        "R-CHAIN-13",
        "a Tribute Summon's Tributes share the summon's batch (a cost counts as last)",
        (("ygo.engine.ops.tribute", _tribute_shares_the_next_batch),),
        (CHAIN + "test_a_tribute_for_a_tribute_summon_is_not_the_last_thing_that_happened",),
    ),
    Mutant(
        "sum10-negated-summon-on-the-field",
        "R-SUM-10",
        "a monster whose Normal Summon was negated leaves the field as if it had been there",
        (("ygo.engine.summon.negate_summon", _negated_summon_was_on_the_field),),
        (SUM + "test_a_monster_whose_summon_was_negated_was_never_on_the_field",),
    ),
    Mutant(
        "sum10-negated-summon-triggers",
        "R-SUM-10",
        "a negated summon's own events still trigger effects that wait for a summon",
        (("ygo.engine.summon.negate_summon", _negated_summon_still_triggers),),
        (SUM + "test_a_negated_summon_triggers_nothing_that_waits_for_a_summon",),
    ),
    Mutant(
        "bat2-attack-goes-on-while-it-stands",
        "R-BAT-2",
        "a declared attack goes on while the attacker stands in Attack Position",
        (("ygo.engine.query.attack_goes_on", _attack_goes_on_while_attack_position),),
        (
            BAT + "test_an_attacker_bound_at_its_declaration_stops_its_attack",
            BAT + "test_thousand_eyes_restrict_revived_at_the_declaration_stops_the_attack",
        ),
    ),
    Mutant(
        "bat2-revived-attacker-goes-on",
        "R-BAT-2",
        "an attacker that left the field and came back is still the attacker",
        (
            # Since issue 22 a monster that leaves the Monster Zone stops being the
            # attacker (ops._leave_battle) before anything asks where it is: the
            # mutant must keep it there too, or the rule still holds.
            ("ygo.engine.ops._leave_battle", _attacker_kept_when_it_leaves),
            ("ygo.engine.query.attack_goes_on", _attack_goes_on_wherever_it_was),
            ("ygo.engine.battle._attacker_ok", _attacker_ok_wherever_it_was),
        ),
        (BAT + "test_an_attacker_that_left_the_field_and_came_back_does_not_go_on",),
    ),
    Mutant(
        "bat2-attack-checked-after-the-chain",
        "R-BAT-2",
        "whether the attack goes on is checked only once the chain has resolved",
        (("ygo.engine.query.attack_goes_on", _attack_checked_only_after_the_chain),),
        (BAT + "test_an_attacker_bound_during_the_chain_stays_stopped",),
    ),
    Mutant(
        "bat2-cannot-declare-stops-the-attack",
        "R-BAT-2",
        '"cannot declare an attack" stops an attack declared before it applied',
        (("ygo.engine.query.attack_goes_on", _declared_attack_stops_when_it_cannot_be_declared),),
        (BAT + "test_cannot_declare_an_attack_does_not_stop_a_declared_attack",),
    ),
    Mutant(
        "chain3-once-per-turn-by-passcode",
        "R-CHAIN-3",
        '"once per turn" shared by every copy of the card (passcode and effect index)',
        (
            ("ygo.engine.chain.limit_count", _limits_by_passcode),
            ("ygo.engine.chain.spend_limit", _spend_by_passcode),
        ),
        (
            CHAIN + "test_once_per_turn_is_each_copys_own",
            CHAIN + "test_once_per_turn_starts_again_for_a_card_that_moved",
        ),
    ),
    Mutant(
        "chain3-once-per-turn-survives-a-move",
        "R-CHAIN-3",
        '"once per turn" stays used by a card that left the field and came back',
        (
            ("ygo.engine.chain.limit_count", _limits_per_uid),
            ("ygo.engine.chain.spend_limit", _spend_per_uid),
        ),
        (CHAIN + "test_once_per_turn_starts_again_for_a_card_that_moved",),
    ),
    Mutant(
        "chain3-limit-by-name-per-copy",
        "R-CHAIN-3",
        '"you can only use this effect of X once per turn" counted per copy',
        (("ygo.engine.chain.limit_key", _limit_code_ignored),),
        (CHAIN + "test_a_limit_by_name_is_shared_by_every_copy",),
    ),
    # gods (helper C): the Egyptian Gods' summoning rules.
    Mutant(
        "sum2-gods-two-tributes",
        "R-SUM-2",
        "a monster whose text requires 3 tributes takes its Level's 2",
        (("ygo.engine.query.tributes_needed", _printed_tributes_only),),
        (GODS + "test_a_god_needs_three_tributes_and_cannot_be_normal_set",),
    ),
    Mutant(
        "sum10-god-summon-negatable",
        "R-SUM-10",
        "a summon whose text says it cannot be negated can be",
        (("ygo.engine.query.summon_unnegatable", _never),),
        (
            GODS + "test_a_gods_normal_summon_cannot_be_negated",
            GODS + "test_holactie_tributing_the_three_gods_wins_the_duel",
        ),
    ),
    Mutant(
        "sum10-god-summon-answerable",
        "R-SUM-10",
        "cards can be activated in response to a God's Normal Summon",
        (("ygo.engine.query.summon_lock_blocks", _never),),
        (
            GODS + "test_nothing_can_be_activated_in_response_to_a_gods_normal_summon",
            GODS + "test_the_summon_lock_stops_the_opponents_triggers_too",
            GODS + "test_ra_pays_lp_down_to_100_and_gains_the_amount_while_others_cannot_respond",
        ),
    ),
    Mutant(
        "sum2-no-double-tribute",
        "R-SUM-2",
        "a tribute always counts as one (Kaiser Sea Horse is never two)",
        (("ygo.engine.query.tributes_counted", _every_tribute_counts_one),),
        (
            MON + "test_kaiser_sea_horse_alone_is_two_tributes_for_a_light_monster",
            MON + "test_kaiser_sea_horse_chosen_first_ends_the_tributes",
            MON + "test_kaiser_sea_horse_counts_two_of_gilfords_three_tributes",
        ),
    ),
    Mutant(
        "sum11-sheep-tributable",
        "R-SUM-11",
        "Scapegoat's Sheep Tokens may be Tributed for a Tribute Summon",
        (("ygo.engine.query.tributable_for_summon", _const(True)),),
        (
            TOKENS + "test_sheep_cannot_be_tributed_for_a_tribute_summon",
            TOKENS + "test_only_other_monsters_are_offered_as_tributes_beside_sheep",
        ),
    ),
    Mutant(
        "mon4-no-direct-attack",
        "R-MON-4",
        "Toons and Spirits never attack directly past monsters",
        (("ygo.engine.query.direct_attack_mode", _const(0)),),
        (
            TOONS + "test_a_toon_pays_500_lp_to_attack_and_attacks_directly_past_non_toons",
            FAMILIES + "test_inaba_attacks_directly_past_monsters",
        ),
    ),
    Mutant(
        "mon4-trap-monster-frees-its-zone",
        "R-MON-4",
        "a trap monster does not keep a Spell & Trap Zone taken",
        (("ygo.engine.ops.trap_monsters", _const(0)),),
        (TRAP_MONSTERS + "test_zoma_becomes_a_monster_and_keeps_a_spell_trap_zone",),
    ),
    Mutant(
        "mon4-no-union-substitute",
        "R-MON-4",
        "a Union does not take its monster's place when that monster is destroyed",
        (("ygo.engine.ops.union_equipped", _const(-1)),),
        (
            FAMILIES + "test_a_union_is_destroyed_instead_of_its_monster",
            FAMILIES + "test_a_union_is_destroyed_instead_in_battle",
        ),
    ),
    # the effect layer: a part scripts are assembled from, broken on purpose.
    Mutant(
        "fx-face-up-inverted",
        "R-POS-3, R-SPELL-2",
        "the face_up filter takes face-down cards and leaves face-up ones",
        (("ygo.effects.filters.face_up", _inverted),),
        (
            EQUIPS + "test_a_face_down_monster_cannot_be_equipped",
            SPELLS + "test_fissure_destroys_the_opponents_lowest_atk_face_up_monster",
        ),
    ),
    Mutant(
        "fx-draw-one-fewer",
        "R-TERM-8",
        "the draw step draws one card fewer than its text says",
        (("ygo.effects.steps.draw", _draw_one_fewer),),
        (
            SPELLS + "test_upstart_goblin_draws_1_and_the_opponent_gains_1000",
            SPELLS + "test_graceful_charity_draws_three_as_one_event_then_discards_two",
        ),
    ),
    Mutant(
        "fx-activating-inverted",
        "R-CHAIN-10",
        "a script reads a link at resolution as one still being activated",
        (("ygo.engine.effect.Ctx.activating", _property_inverted),),
        (TRAPS + "test_two_pronged_attack_destroys_two_of_yours_and_one_of_theirs",),
    ),
    Mutant(
        "fx-marks-forgotten",
        "R-CHAIN-10",
        "a card forgets the cards it marked for a delayed effect",
        (("ygo.effects.marks.marks", _const([])),),
        (QUICK + "test_limiter_removal_doubles_machines_then_destroys_them_in_the_end_phase",),
    ),
)

BY_NAME = {m.name: m for m in MUTANTS}
