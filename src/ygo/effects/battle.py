"""Battle effects: damage taken or not, ATK during a damage calculation, an
attack's cost, the monsters that recruit when destroyed by battle."""

from __future__ import annotations

from typing import Any

from ygo.core.enums import Attribute, Position
from ygo.core.state import NONE
from ygo.effects.conditions import attacked_in_opponents_turn, exists
from ygo.effects.constructors import modifier, quick, trigger
from ygo.effects.costs import once_while_face_up
from ygo.effects.events import destroyed_by_battle
from ygo.effects.filters import all_of, atk_at_most, attribute, can_special_summon
from ygo.effects.steps import special_summon_from
from ygo.effects.targets import targets, the_attacker
from ygo.effects.zones import DECK, FU_ATK, MZONE
from ygo.engine.chain import RESET_END_TURN
from ygo.engine.effect import Category, Ctx, Effect, Mod, Step
from ygo.engine.events import EventKind


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


def attack_cost(*steps: Step, text: str = "", **kw: Any) -> Effect:
    """This monster declares an attack only by paying ``steps`` (``Mod.ATTACK_COST``:
    paid without a chain when it is chosen to attack; it cannot attack while a
    step's ``can`` fails)."""
    return modifier(
        Mod.ATTACK_COST, lambda ctx, uid: uid == ctx.uid, text=text, operation=steps, **kw
    )


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
