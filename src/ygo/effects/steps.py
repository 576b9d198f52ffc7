"""Steps (:class:`~ygo.engine.effect.Step`): one action of an operation,
possibly asking a question first: destroy, draw, discard, search, Special
Summon, change positions, give an effect for a time..."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ygo.core.enums import Position
from ygo.core.ints import POS_ATTACK, POS_FACEUP
from ygo.core.state import NONE, State
from ygo.effects.amounts import Amount, _amount
from ygo.effects.choices import choose, chosen, opponent, you
from ygo.effects.conditions import opponent_has_hand
from ygo.effects.events import summoned_to_opponent_in_attack
from ygo.effects.filters import Filter, any_card, can_special_summon, face_down, matching
from ygo.effects.zones import (
    BANISHED,
    DECK,
    FD_DEF,
    FU_ATK,
    FU_DEF,
    HAND,
    MZONE,
    ONFIELD,
    cards,
    free_zones,
)
from ygo.engine import ops, query, rng
from ygo.engine.chain import RESET_END_TURN
from ygo.engine.effect import Ctx, Mod, Question, Step
from ygo.engine.events import EventKind, Reason


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
        if mine and any(u != me and ok(ctx, u) for u in cards(ctx, ctx.player, where)):
            return True
        return opp and any(u != me and ok(ctx, u) for u in cards(ctx, 1 - ctx.player, where))

    return Step(do=do, can=can)


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
        return [u for u in cards(ctx, ctx.player, DECK) if ok(ctx, u)]

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
        if free_zones(ctx, ctx.player) == 0:
            return []
        return [u for u in cards(ctx, ctx.player, where) if can_special_summon(ctx, u)
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
        if t == NONE or free_zones(ctx, ctx.player) == 0:
            return
        pos = ctx.answers[0] if ctx.answers else positions[0]
        if ops.special_summon(st, t, ctx.player, pos, ctx.player, ctx.uid) and bind:
            bind_to(st, ctx.uid, t)

    return Step(do=do, ask=ask, can=lambda ctx: free_zones(ctx, ctx.player) > 0)


def bind_to(st: State, uid: int, target: int) -> None:
    """Attach ``uid`` to ``target`` (an Equip Card to its monster, R-SPELL-2)."""
    ops.bind(st, uid, target)
    st.dirty = True


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


def change_position(uids: Callable[[Ctx], list[int]], position: int) -> Step:
    def do(ctx: Ctx) -> None:
        st = ctx.st
        for u in uids(ctx):
            if st.loc[u] == MZONE and st.pos[u] != position:
                ops.change_position(st, u, position, manual=False, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


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


def self_to_deck_top() -> Step:
    """Put this card (still where the effect found it) on top of its owner's Deck."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        link = ctx.link
        if link is not None and st.fid[ctx.uid] != link.fid:
            return
        ops.move(st, ctx.uid, DECK, Reason.EFFECT, top=True, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def set_turn_flag(key: int, who: Callable[[Ctx], int] = you) -> Step:
    """Set a player's flag for the rest of this turn (``query.FLAG_*``: no battle
    damage, monsters safe from battle destruction, ATK/DEF changes reversed)."""
    from ygo.engine.chain import use_limit

    def do(ctx: Ctx) -> None:
        use_limit(ctx.st, key, who(ctx))

    return Step(do=do)


def banish_face_down(ctx: Ctx, uids: list[int]) -> None:
    """Banish cards face-down by this effect: in the banished zone, hidden from the
    opponent (the move itself is logged as a secret one)."""
    st = ctx.st
    reason, rp, rc = Reason.EFFECT, ctx.player, ctx.uid
    for uid in ops.by_turn_player_first(st, uids):
        src, prev_pos, prev_ctrl = st.loc[uid], st.pos[uid], st.ctrl[uid]
        ops.move(st, uid, BANISHED, reason, log=False, rp=rp, rc=rc)
        st.pos[uid] = FD_DEF
        ops.raise_event(st, EventKind.MOVE, st.owner[uid], uid, 0, src, BANISHED, reason, True,
                        rp=rp, rc=rc, prev_pos=prev_pos, prev_ctrl=prev_ctrl)  # fmt: skip


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
        if free_zones(ctx, ctx.player) == 0:
            return []
        return [u for u in cards(ctx, ctx.player, where)
                if can_special_summon(ctx, u) and ok(ctx, u)]  # fmt: skip

    def most(ctx: Ctx) -> int:
        return min(n, free_zones(ctx, ctx.player))

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
            if st.loc[u] & where and free_zones(ctx, ctx.player):
                ops.special_summon(st, u, ctx.player, pos, ctx.player, ctx.uid)
        if where & DECK:
            ops.shuffle_deck(st, ctx.player)

    return Step(do=do, ask=ask, can=lambda ctx: bool(found(ctx)))


def turn_face_down_target() -> Step:
    """Turn the link's target face-down in the position it is in: face-up Attack
    becomes face-down Attack (R-POS-1: the only way to it), face-up Defense
    face-down Defense. Its Equip Cards are then destroyed (R-SPELL-2)."""

    def do(ctx: Ctx) -> None:
        st = ctx.st
        t = ctx.target()
        if t == NONE or st.loc[t] != MZONE or not st.pos[t] & POS_FACEUP:
            return
        pos = Position.FACEDOWN_ATTACK if st.pos[t] & POS_ATTACK else Position.FACEDOWN_DEFENSE
        ops.change_position(st, t, int(pos), manual=False, rp=ctx.player, rc=ctx.uid)

    return Step(do=do)


def banish_face_down_from_deck(prompt: str = "Choose a card to banish face-down") -> Step:
    """Banish a card of your choice from your Deck face-down (hidden from your
    opponent, R-DUEL-8), then shuffle (R-TERM-4); the card is kept in
    ``ctx.vars["banished"]``. Needs a card in your Deck."""

    def found(ctx: Ctx) -> list[int]:
        return cards(ctx, ctx.player, DECK)

    def do(ctx: Ctx) -> None:
        st = ctx.st
        picked = chosen(ctx)
        if picked:
            ops.banish(st, picked, Reason.EFFECT, ctx.player, ctx.uid, face_down=True)
            ctx.vars["banished"] = picked[0]
        ops.shuffle_deck(st, ctx.player)

    return Step(do=do, ask=choose(you, found, 1, prompt), can=lambda ctx: bool(found(ctx)))


def reveal(ctx: Ctx, uids: Iterable[int]) -> None:
    """Show cards to both players (a REVEAL event each; they stay where they are)."""
    st = ctx.st
    for u in uids:
        ops.raise_event(st, EventKind.REVEAL, st.ctrl[u], u, rp=ctx.player, rc=ctx.uid)


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


def destroy_every(where: int, ok: Filter, mine: bool = True, opp: bool = True) -> Step:
    """Destroy every card in ``where`` that passes ``ok`` at resolution, this card
    included (unlike :func:`destroy_all`, activatable when none does yet)."""

    def do(ctx: Ctx) -> None:
        t = matching(ctx, where, ok, mine, opp)
        if t:
            ops.destroy(ctx.st, t, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def send_self_to_grave() -> Step:
    """Send this card to the GY if it is still on the field as the same card."""

    def do(ctx: Ctx) -> None:
        if ctx.on_field:
            ops.send_to_grave(ctx.st, [ctx.uid], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


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
            if st.loc[u] != MZONE or not st.pos[u] & POS_FACEUP:
                continue
            before = query.atk(st, u)
            grant_one(ctx, u, Mod.ATK_ADD, -n, until_end_of_turn=False)
            if before > 0 and query.atk(st, u) == 0:
                dead.append(u)
        if dead:
            ops.destroy(st, dead, Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)


def gain_paid_lp() -> Step:
    """This card (still on the field) gains ATK and DEF equal to the LP paid as
    the cost (:func:`pay_lp_down_to`), for as long as it stays face-up."""

    def do(ctx: Ctx) -> None:
        paid = ctx.vars.get("paid", 0)
        if paid and ctx.on_field:
            grant_one(ctx, ctx.uid, Mod.ATK_ADD, paid, until_end_of_turn=False)
            grant_one(ctx, ctx.uid, Mod.DEF_ADD, paid, until_end_of_turn=False)

    return Step(do=do)


def forbid_summons_this_turn() -> Step:
    """You cannot summon monsters for the rest of this turn (Sets are allowed)."""

    def do(ctx: Ctx) -> None:
        query.set_flag(ctx.st, query.FLAG_NO_SUMMON, ctx.player)

    return Step(do=do)


def destroy_self() -> Step:
    """Destroy this card if it is still on the field."""

    def do(ctx: Ctx) -> None:
        if ctx.st.loc[ctx.uid] & ONFIELD:
            ops.destroy(ctx.st, [ctx.uid], Reason.EFFECT, ctx.player, ctx.uid)

    return Step(do=do)
