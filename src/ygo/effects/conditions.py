"""Conditions ``(ctx) -> bool``: whether an effect can be activated or applies
now (an activation condition, a continuous effect's ``when``...)."""

from __future__ import annotations

from collections.abc import Callable

from ygo.core.enums import Phase
from ygo.core.state import NONE
from ygo.effects.filters import Filter, spell
from ygo.effects.zones import MZONE, ONFIELD, cards, free_zones
from ygo.engine import ops, query
from ygo.engine.effect import Ctx


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


def being_summoned(ctx: Ctx) -> bool:
    """A condition: a monster is being summoned now (R-SUM-10)."""
    return ctx.st.summoning != NONE and not ctx.st.summon_negated


def attacker(ctx: Ctx) -> int:
    return ctx.st.attacker


def opponent_attacks(ctx: Ctx) -> bool:
    """A condition: an opponent's monster has declared an attack (this window)."""
    st = ctx.st
    a = st.attacker
    return a != NONE and st.ctrl[a] != ctx.player and st.loc[a] == MZONE


def is_equipped(ctx: Ctx) -> bool:
    """A condition: this card is equipped (bound) to a monster now."""
    return query.equipped_to(ctx.st, ctx.uid) != NONE


def exists(where: int, ok: Filter, zone: bool = False) -> Callable[[Ctx], bool]:
    """A condition: you have a card in ``where`` that passes ``ok`` (and, with
    ``zone``, a free Monster Zone to summon it to). For a trigger whose operation
    would find nothing: an optional one is then not offered at all."""

    def cond(ctx: Ctx) -> bool:
        if zone and free_zones(ctx, ctx.player) == 0:
            return False
        return any(ok(ctx, u) for u in cards(ctx, ctx.player, where))

    return cond


def active_card(ctx: Ctx) -> bool:
    """A condition: this card is face-up on the field, its activation resolved, and
    its effects not negated (a Continuous card's rule effects)."""
    st = ctx.st
    return (
        query.face_up_on_field(st, ctx.uid)
        and bool(st.status[ctx.uid] & ops.STATUS_ENABLED)
        and not query.is_disabled(st, ctx.uid)
    )


def opponent_has_hand(ctx: Ctx) -> bool:
    """A condition: your opponent has a card in their hand."""
    return bool(ctx.st.hand[ctx.opponent])


def card_face_up_on_field(code: int) -> Callable[[Ctx], bool]:
    """A condition: a face-up card with passcode ``code`` is on the field (either
    side), as a card's text that names another card asks."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        return any(
            st.data[u].code == code and query.face_up_on_field(st, u)
            for p in (0, 1)
            for u in cards(ctx, p, ONFIELD)
        )

    return cond


_BATTLE_PHASE = (
    int(Phase.BATTLE_START) | int(Phase.BATTLE_STEP) | int(Phase.DAMAGE)
    | int(Phase.DAMAGE_CALC) | int(Phase.BATTLE_END)
)  # fmt: skip


def not_in_battle_phase(ctx: Ctx) -> bool:
    """A condition: the duel is not in the Battle Phase (an effect whose text
    says it cannot be activated then: a Flip effect flipped by an attack does not
    activate at all)."""
    return not ctx.st.phase & _BATTLE_PHASE


def controls_another_monster(ctx: Ctx) -> bool:
    """A condition: this card's controller controls a monster other than it."""
    st = ctx.st
    return any(u != NONE and u != ctx.uid for u in st.mzone[ctx.player])


def opponent_activates_spell_card(ctx: Ctx) -> bool:
    """A condition: in the opponent's turn, the chain's last link is the
    opponent's activation of a Spell Card (Maryokutai)."""
    st = ctx.st
    if not st.chain or st.tp == ctx.player:
        return False
    last = st.chain[-1]
    return last.card_activation and last.player != ctx.player and spell(ctx, last.uid)


def in_damage_step_against_you(ctx: Ctx) -> bool:
    """A condition: an opponent's monster is attacking and the battle is on."""
    st = ctx.st
    a = st.attacker
    return a != NONE and st.ctrl[a] != ctx.player and st.loc[a] == MZONE and not st.attack_negated


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


def has_not_attacked(ctx: Ctx) -> bool:
    """A condition: this card has not declared an attack this turn."""
    return ctx.st.atk_turn[ctx.uid] != ctx.st.turn


def summoned_by_own_procedure(ctx: Ctx) -> bool:
    """A condition: this card is face-up on the field, Special Summoned by its own
    procedure (the summon succeeded: R-SUM-10)."""
    st = ctx.st
    return (
        query.face_up_on_field(st, ctx.uid)
        and st.summoning != ctx.uid
        and bool(st.sumtype[ctx.uid] & ops.SUMTYPE_PROC)
    )


def face_up_on_field_named(*codes: int) -> Callable[[Ctx], bool]:
    """A condition: a face-up card with one of these passcodes (alternate names
    that count as it included: ``base_code``) is on either player's field."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        return any(
            st.data[u].base_code in codes and query.face_up_on_field(st, u)
            for p in (0, 1)
            for u in cards(ctx, p, ONFIELD)
        )

    return cond


def not_summoned_this_turn(ctx: Ctx) -> bool:
    """A condition: you have not Normal, Flip or Special Summoned this turn."""
    return not query.turn_flag(ctx.st, query.FLAG_SUMMONED, ctx.player)


def zones_free(n: int) -> Callable[[Ctx], bool]:
    """A condition: you have at least ``n`` free Monster Zones."""
    return lambda ctx: free_zones(ctx, ctx.player) >= n


def controls_face_up(code: int) -> Callable[[Ctx], bool]:
    """A condition: you control a face-up, active card with passcode ``code``
    (alternate artworks included)."""

    def cond(ctx: Ctx) -> bool:
        st = ctx.st
        return any(
            st.data[u].base_code == code and query.face_up_on_field(st, u)
            for u in cards(ctx, ctx.player, ONFIELD)
        )

    return cond
