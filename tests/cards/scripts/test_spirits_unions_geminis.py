"""Spirit, Union and Gemini monsters (R-MON-4)."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    atk,
    main,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import query

RABBIT = "Inaba White Rabbit"
PLATFORM = "Heavy Mech Support Platform"
GOLEM = "Goggle Golem"
MACHINE = "Mechanicalchaser"


def test_a_spirit_returns_to_the_hand_in_the_end_phase_of_its_summon() -> None:
    # R-MON-4: a Spirit Normal Summoned this turn goes back to its owner's hand in
    # the End Phase (a mandatory trigger); one that stayed from before does not.
    s = main(Scenario())
    rabbit = s.hand(0, RABBIT)[0]
    old = s.monster(0, RABBIT)
    s.choose(0, f"summon Inaba White Rabbit [{rabbit}]", "end-turn")
    duel = s.run(until=(4, Phase.DRAW))
    assert duel.location(rabbit) == Location.HAND
    assert duel.location(old) == Location.MZONE


def test_a_spirit_flipped_face_up_returns_too() -> None:
    # R-MON-4: "Normal Summoned or flipped face-up": a Flip Summon counts.
    s = main(Scenario())
    rabbit = s.monster(0, RABBIT, Position.FACEDOWN_DEFENSE)
    s.choose(0, f"flip-summon Inaba White Rabbit [{rabbit}]", "end-turn")
    duel = s.run(until=(4, Phase.DRAW))
    assert duel.location(rabbit) == Location.HAND


def test_a_spirit_cannot_be_special_summoned() -> None:
    # R-MON-4 / R-SUM-8: its text forbids any Special Summon, so Monster Reborn
    # cannot take it from the GY although it is not under the revival limit.
    s = main(Scenario())
    reborn = s.hand(0, "Monster Reborn")[0]
    rabbit = s.grave(0, RABBIT)[0]
    duel = s.run()
    assert act("Monster Reborn", reborn) not in texts(duel.decision)
    assert (
        "it cannot be Special Summoned from here: summoning condition: cannot be "
        "Special Summoned" in duel.explain(rabbit, 0).reasons
    )


def test_inaba_attacks_directly_past_monsters() -> None:
    # R-MON-4 (Inaba's text): it may attack the opponent's Life Points directly.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, RABBIT)
    s.monster(1, "Celtic Guardian")
    s.choose(0, "attack-with Inaba White Rabbit")
    duel = s.run()
    assert texts(duel.decision) == ["direct-attack", "target Celtic Guardian (zone 1)"]
    s.choose(0, "direct-attack")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - 700


def test_a_union_equips_gives_its_bonus_and_unequips_once_per_turn() -> None:
    # R-MON-4: equip to a Machine you control (+500 ATK/DEF); only one of the two
    # effects once per turn.
    s = main(Scenario())
    platform = s.monster(0, PLATFORM)
    chaser = s.monster(0, MACHINE)
    s.choose(0, act(PLATFORM, platform))  # the only Machine target is not asked
    duel = s.run()
    assert duel.location(platform) == Location.SZONE
    assert atk(duel, chaser) == 1850 + 500
    assert query.defense(duel._st, chaser) == 800 + 500
    assert act(PLATFORM, platform) not in texts(duel.decision)  # once per turn
    assert (
        "activate (unequip this card and Special Summon it): its once-per-turn "
        "activation was already used" in duel.explain(platform, 0).reasons
    )


def test_a_union_is_destroyed_instead_of_its_monster() -> None:
    # R-MON-4: if the equipped monster would be destroyed (here by Dark Hole's
    # effect), the Union is destroyed instead.
    s = main(Scenario())
    platform = s.monster(0, PLATFORM)
    chaser = s.monster(0, MACHINE)
    hole = s.hand(0, "Dark Hole")[0]
    other = s.monster(1, "Celtic Guardian")
    s.choose(0, act(PLATFORM, platform), act("Dark Hole", hole))
    duel = s.run()
    assert duel.location(chaser) == Location.MZONE
    assert duel.location(platform) == Location.GRAVE
    assert duel.location(other) == Location.GRAVE
    assert atk(duel, chaser) == 1850


def test_a_union_is_destroyed_instead_in_battle() -> None:
    # R-MON-4: by battle too; the battle damage is still dealt.
    s = main(Scenario())
    platform = s.monster(0, PLATFORM)
    chaser = s.monster(0, MACHINE)
    s.monster(1, "Summoned Skull")
    s.choose(0, act(PLATFORM, platform), "end-turn")
    duel = s.run(until=(4, Phase.MAIN1))
    s = Scenario()
    s.choose(1, "battle", "attack-with Summoned Skull")
    duel = s.run(duel)
    assert duel.location(chaser) == Location.MZONE
    assert duel.location(platform) == Location.GRAVE
    assert duel.lp(0) == 8000 - (2500 - 2350)


def test_a_union_unequips_and_special_summons_itself_next_turn() -> None:
    s = main(Scenario())
    platform = s.monster(0, PLATFORM)
    s.monster(0, MACHINE)
    s.choose(0, act(PLATFORM, platform), "end-turn")
    s.choose(1, "end-turn")
    duel = s.run(until=(5, Phase.MAIN1))
    s = Scenario()
    s.choose(0, act(PLATFORM, platform))
    duel = s.run(duel)
    assert duel.location(platform) == Location.MZONE
    assert duel.position(platform) == Position.FACEUP_ATTACK


def test_a_gemini_gains_its_effect_when_summoned_again() -> None:
    # R-MON-4: a Gemini is a Normal Monster until Normal Summoned again while
    # face-up; that uses the turn's Normal Summon; then its original ATK is 2100.
    s = main(Scenario())
    golem = s.monster(0, GOLEM)
    celtic = s.hand(0, "Celtic Guardian")[0]
    duel = s.run()
    assert atk(duel, golem) == 1500
    assert f"gemini-summon Goggle Golem [{golem}]" in texts(duel.decision)
    s.choose(0, f"gemini-summon Goggle Golem [{golem}]")
    duel = s.run()
    assert atk(duel, golem) == 2100
    options = texts(duel.decision)
    assert f"summon Celtic Guardian [{celtic}]" not in options  # the Normal Summon is used
    assert f"gemini-summon Goggle Golem [{golem}]" not in options


def test_a_gemini_summon_needs_the_turns_normal_summon() -> None:
    s = main(Scenario())
    golem = s.monster(0, GOLEM)
    s.normal_summon_used()
    duel = s.run()
    assert f"gemini-summon Goggle Golem [{golem}]" not in texts(duel.decision)
    assert (
        "gemini-summon: you have already Normal Summoned or Set a monster this turn"
        in duel.explain(golem, 0).reasons
    )
