"""``duel.explain(uid, 0)``: what a card can do now, and why it cannot do the rest."""

from __future__ import annotations

import dataclasses

import pytest

from tests.engine.helpers import (
    B_SKULL_DRAGON,
    BEAVER_WARRIOR,
    BLACK_LUSTER_SOLDIER,
    BLUE_EYES,
    CELTIC_GUARDIAN,
    DARK_HOLE,
    DARK_MAGICIAN,
    DARK_MAGICIAN_KNIGHT,
    FERAL_IMP,
    MYSTICAL_ELF,
    SUMMONED_SKULL,
    TRAP_HOLE,
    new_duel,
    play_out,
    random_policy,
)
from tests.scenario import Scenario
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import Action, ActionKind, DecisionKind
from ygo.engine.explain import Explanation
from ygo.errors import HiddenCardError, InvalidArgumentError

ALREADY_SUMMONED = "you have already Normal Summoned or Set a monster this turn"
NO_MONSTER_ZONE = "no free Monster Zone"
NO_SPELL_ZONE = "no free Spell & Trap Zone"
CAME_THIS_TURN = "position: it came to the field this turn"
CHANGED_ALREADY = "position: its position was already changed this turn (once per turn)"
ATTACKED_ALREADY = "attack: it has already attacked this turn"
DECLARED_AN_ATTACK = "position: it declared an attack this turn"
FIRST_TURN = "attack: the player who goes first cannot conduct a Battle Phase on the first turn"
NOTHING_TO_DO = "activate: it would have nothing to do"
TRAP_HOLE_TIMING = "activate: its activation timing has not come"
TRAP_SET_THIS_TURN = "activate: a Trap cannot be activated the turn it was Set (R-TRAP-1)"
IN_GY = "a card in the GY does nothing by itself; only card effects use it"


def _main(turn: int = 3) -> Scenario:
    return Scenario().at(turn=turn, player=0, phase=Phase.MAIN1)


def _reasons(duel: Duel, uid: int, viewer: int = 0) -> tuple[str, ...]:
    return duel.explain(uid, viewer).reasons


def test_a_monster_that_can_be_summoned_lists_its_actions() -> None:
    s = _main()
    guardian = s.hand(0, CELTIC_GUARDIAN)[0]
    duel = s.run()
    why = duel.explain(guardian, 0)
    assert isinstance(why, Explanation)
    assert why.card == guardian and why.name == "Celtic Guardian"
    assert why.actions == (
        Action(ActionKind.SUMMON, guardian),
        Action(ActionKind.SET_MONSTER, guardian),
    )
    assert why.reasons == ()
    d = duel.decision
    assert d is not None and all(a in d.options for a in why.actions)
    assert str(why) == (
        f"Celtic Guardian:\n  can: summon Celtic Guardian [{guardian}]; "
        f"set Celtic Guardian [{guardian}]"
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        why.reasons = ()  # type: ignore[misc]


def test_a_monster_on_the_field_lists_its_position_change() -> None:
    s = _main()
    guardian = s.monster(0, CELTIC_GUARDIAN)
    why = s.run().explain(guardian, 0)
    assert why.actions == (Action(ActionKind.TO_DEFENSE, guardian),)
    assert why.reasons == ("attack: attacks are declared in the Battle Phase",)


def test_already_normal_summoned() -> None:
    # R-SUM-1: one Normal Summon or Set per turn.
    s = _main()
    guardian, beaver = s.hand(0, CELTIC_GUARDIAN, BEAVER_WARRIOR)
    duel = s.run()
    duel.apply(f"summon Celtic Guardian [{guardian}]")
    why = duel.explain(beaver, 0)
    assert why.actions == () and why.reasons == (ALREADY_SUMMONED,)
    assert ALREADY_SUMMONED in str(why)


def test_already_set_counts_as_the_normal_summon() -> None:
    s = _main().normal_summon_used()
    beaver = s.hand(0, BEAVER_WARRIOR)[0]
    assert _reasons(s.run(), beaver) == (ALREADY_SUMMONED,)


def test_not_enough_tributes() -> None:
    # R-SUM-2: Level 7+ needs 2 tributes, Level 5-6 needs 1.
    s = _main()
    s.monster(0, CELTIC_GUARDIAN)
    magician, skull = s.hand(0, DARK_MAGICIAN, SUMMONED_SKULL)
    duel = s.run()
    assert _reasons(duel, magician) == (
        "a Level 7 monster needs 2 tributes and you control 1 monster",
    )
    assert duel.explain(skull, 0).reasons == ()  # 1 tribute, 1 monster: fine

    s = _main()
    skull = s.hand(0, SUMMONED_SKULL)[0]
    blue_eyes = s.hand(0, BLUE_EYES)[0]
    duel = s.run()
    assert _reasons(duel, skull) == (
        "a Level 6 monster needs 1 tribute and you control 0 monsters",
    )
    assert _reasons(duel, blue_eyes) == (
        "a Level 8 monster needs 2 tributes and you control 0 monsters",
    )


def test_no_free_zone() -> None:
    # R-FIELD-1: 5 Monster Zones and 5 Spell & Trap Zones.
    s = _main()
    for _ in range(5):
        s.monster(0, BEAVER_WARRIOR)
        s.spell(0, TRAP_HOLE)
    guardian, hole, magician = s.hand(0, CELTIC_GUARDIAN, DARK_HOLE, DARK_MAGICIAN)
    duel = s.run()
    assert _reasons(duel, guardian) == (NO_MONSTER_ZONE,)
    assert _reasons(duel, hole) == (
        NO_SPELL_ZONE,
        "activate: no free Spell & Trap Zone (R-FIELD-4)",
    )
    # A Tribute Summon frees its own zone.
    assert duel.explain(magician, 0).actions[0] == Action(ActionKind.SUMMON, magician)


def test_summoned_this_turn_cannot_change_position() -> None:
    # R-POS-4: not on the turn it was summoned.
    s = _main()
    guardian = s.hand(0, CELTIC_GUARDIAN)[0]
    duel = s.run()
    duel.apply(f"summon Celtic Guardian [{guardian}]")
    why = duel.explain(guardian, 0)
    assert why.actions == ()
    assert CAME_THIS_TURN in why.reasons


def test_set_this_turn_cannot_be_flip_summoned() -> None:
    # R-POS-5
    s = _main()
    elf = s.monster(0, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE, this_turn=True)
    s.hand(0, CELTIC_GUARDIAN)
    why = s.run().explain(elf, 0)
    assert why.actions == ()
    assert why.reasons[0] == CAME_THIS_TURN
    assert "attack: only face-up Attack Position monsters can attack" in why.reasons


def test_position_already_changed_this_turn() -> None:
    # R-POS-4: once per turn.
    s = _main()
    guardian = s.monster(0, CELTIC_GUARDIAN)
    s.hand(0, BEAVER_WARRIOR)
    duel = s.run()
    duel.apply(f"to-defense Celtic Guardian [{guardian}]")
    why = duel.explain(guardian, 0)
    assert why.actions == ()
    assert why.reasons[0] == CHANGED_ALREADY
    assert "attack: only face-up Attack Position monsters can attack" in why.reasons


def test_already_attacked() -> None:
    # R-BAT-2: once per turn; R-POS-4: no position change after attacking.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    guardian = s.monster(0, CELTIC_GUARDIAN)
    beaver = s.monster(0, BEAVER_WARRIOR)
    s.monster(1, MYSTICAL_ELF, Position.FACEUP_DEFENSE)
    duel = s.run()
    duel.apply(f"attack-with Celtic Guardian [{guardian}]")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.BATTLE
    assert ATTACKED_ALREADY in _reasons(duel, guardian)
    duel.apply("main2")
    why = duel.explain(guardian, 0)
    assert why.actions == ()
    assert why.reasons == (DECLARED_AN_ATTACK, ATTACKED_ALREADY)
    # The monster that did not attack may change position, but not attack any more.
    other = duel.explain(beaver, 0)
    assert other.actions == (Action(ActionKind.TO_DEFENSE, beaver),)
    assert other.reasons == ("attack: this turn's Battle Phase is over",)


def test_no_battle_phase_on_the_first_turn() -> None:
    # R-TURN-3
    duel = new_duel(seed=3, first=0)
    d = duel.decision
    assert d is not None and duel.turn == 1
    summon = next(o for o in d.options if o.kind == ActionKind.SUMMON)
    duel.apply(summon)
    assert FIRST_TURN in _reasons(duel, summon.card)


def test_not_your_turn() -> None:
    s = _main()
    s.hand(0, CELTIC_GUARDIAN)
    their_hand = s.hand(1, BEAVER_WARRIOR)[0]
    their_monster = s.monster(1, FERAL_IMP)
    duel = s.run()
    assert _reasons(duel, their_hand, 1) == (
        "you can Normal Summon or Set only in your own turn; it is your opponent's turn",
    )
    assert _reasons(duel, their_monster, 1) == (
        "position: you can change battle positions only in your own turn; "
        "it is your opponent's turn",
        "attack: monsters attack only in their controller's turn",
    )
    assert duel.explain(their_hand, 1).actions == ()
    # The opponent's face-up monster is public: player 0 may ask about it too.
    assert _reasons(duel, their_monster, 0) == _reasons(duel, their_monster, 1)


def test_not_in_the_battle_phase() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, CELTIC_GUARDIAN)
    beaver = s.hand(0, BEAVER_WARRIOR)[0]
    duel = s.run()
    assert _reasons(duel, beaver) == (
        "you can Normal Summon or Set only in your Main Phase; "
        "it is the Battle Phase (Battle Step)",
    )


def test_finish_the_current_choice_first() -> None:
    s = _main()
    s.monster(0, CELTIC_GUARDIAN)
    s.monster(0, FERAL_IMP)
    magician, beaver = s.hand(0, DARK_MAGICIAN, BEAVER_WARRIOR)
    duel = s.run()
    duel.apply(f"summon Dark Magician [{magician}]")
    assert duel.decision is not None and duel.decision.kind == DecisionKind.TRIBUTE
    assert _reasons(duel, beaver) == ("finish the current choice first",)


def test_ritual_and_special_summon_only_monsters() -> None:
    # R-SUM-5, R-SUM-8: these monsters are never Normal Summoned.
    s = _main()
    ritual, knight = s.hand(0, BLACK_LUSTER_SOLDIER, DARK_MAGICIAN_KNIGHT)
    s.monster(0, CELTIC_GUARDIAN)
    s.monster(0, FERAL_IMP)
    duel = s.run()
    assert _reasons(duel, ritual) == (
        "a Ritual Monster is Special Summoned with its Ritual Spell, never Normal Summoned",
    )
    why = duel.explain(knight, 0)
    assert why.actions == ()
    assert why.reasons[0] == (
        "it cannot be Normal Summoned or Set: it must be Special Summoned"
        " (summoning condition: only by Knight's Title)"
    )


def test_spells_and_traps_in_hand() -> None:
    s = _main()
    hole, trap = s.hand(0, DARK_HOLE, TRAP_HOLE)
    duel = s.run()
    spell_why = duel.explain(hole, 0)
    assert spell_why.actions == (Action(ActionKind.SET_SPELL, hole),)
    assert spell_why.reasons == (NOTHING_TO_DO,)  # no monster on the field
    trap_why = duel.explain(trap, 0)
    assert trap_why.actions == (Action(ActionKind.SET_SPELL, trap),)
    # R-TRAP-1
    assert trap_why.reasons == (
        "activate: a Trap must be Set before it can be activated (R-TRAP-1)",
    )


def test_a_trap_set_this_turn() -> None:
    # R-TRAP-1: not the turn it was Set.
    s = _main()
    trap = s.hand(0, TRAP_HOLE)[0]
    s.hand(0, CELTIC_GUARDIAN)
    old_trap = s.spell(0, TRAP_HOLE)
    duel = s.run()
    duel.apply(f"set Trap Hole [{trap}]")
    assert _reasons(duel, trap) == (TRAP_SET_THIS_TURN,)
    assert _reasons(duel, old_trap) == (TRAP_HOLE_TIMING,)


def test_cards_in_the_gy_the_deck_and_the_extra_deck() -> None:
    s = _main()
    s.hand(0, CELTIC_GUARDIAN)
    (dead,) = s.grave(0, DARK_MAGICIAN)
    (top,) = s.deck(0, FERAL_IMP)
    (fusion,) = s.extra(0, B_SKULL_DRAGON)
    duel = s.run()
    assert _reasons(duel, dead) == (IN_GY,)
    assert duel.explain(dead, 0).actions == ()
    # R-DUEL-8: the deck order is hidden from both players, so a Deck card is too.
    with pytest.raises(HiddenCardError, match=f"card #{top} is not visible to player 0"):
        duel.explain(top, 0)
    assert "Extra Deck monsters are Special Summoned" in _reasons(duel, fusion)[0]


def test_after_the_duel() -> None:
    duel = play_out(new_duel(seed=4, first=0), random_policy(4))
    for uid in duel.hand(0) + duel.hand(1):
        why = duel.explain(uid, duel.controller(uid))
        assert why.actions == ()
        assert why.reasons[0] == "the duel is over"


def test_every_card_can_be_explained() -> None:
    duel = new_duel(seed=5, first=0)
    d = duel.decision
    assert d is not None
    for uid in range(duel.card_count):
        if duel.location(uid) == Location.DECK:
            continue  # hidden from both players
        why = duel.explain(uid, duel.controller(uid))
        assert why.name == duel.name(uid)
        assert why.actions or why.reasons, f"nothing said about {why.name}"
        assert all(a in d.options and a.card == uid for a in why.actions)
    # Every option about a card appears in that card's explanation.
    for option in d.options:
        if option.card >= 0:
            assert option in duel.explain(option.card, d.player).actions


@pytest.mark.parametrize("uid", [-1, -100, 80, 10_000])
def test_an_unknown_card_is_a_bad_argument(uid: int) -> None:
    duel = new_duel(seed=5, first=0)
    assert duel.card_count == 80
    with pytest.raises(InvalidArgumentError, match=f"no card #{uid}"):
        duel.explain(uid, 0)
