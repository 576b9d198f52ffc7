"""Toon monsters (R-MON-4): Toon World and the Toons."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    main,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import ops

WORLD = "Toon World"
MERMAID = "Toon Mermaid"
TSKULL = "Toon Summoned Skull"
REBORN = "Monster Reborn"
FU_ATK = Position.FACEUP_ATTACK


def test_toon_world_costs_1000_lp_and_toons_need_it() -> None:
    # R-MON-4: a Toon is Special Summoned from the hand only while its controller
    # has a face-up Toon World; explain says so.
    s = main(Scenario())
    world = s.hand(0, WORLD)[0]
    mermaid = s.hand(0, MERMAID)[0]
    duel = s.run()
    assert not [t for t in texts(duel.decision) if f"[{mermaid}]" in t]
    assert "special-summon: needs Toon World" in duel.explain(mermaid, 0).reasons
    s = main(Scenario())
    world = s.hand(0, WORLD)[0]
    mermaid = s.hand(0, MERMAID)[0]
    s.choose(0, act(WORLD, world), f"special-summon Toon Mermaid [{mermaid}]")
    s.choose(0, "choose face-up Attack")
    duel = s.run()
    assert duel.lp(0) == 8000 - 1000
    assert duel.location(world) == Location.SZONE
    assert duel.location(mermaid) == Location.MZONE and duel.position(mermaid) == FU_ATK
    assert duel._st.sumtype[mermaid] & ops.SUMTYPE_PROPER  # R-SUM-9: its own procedure
    # R-MON-4: it cannot attack the turn it is Special Summoned.
    assert "attack: a card's effect forbids it to attack" in duel.explain(mermaid, 0).reasons


def test_toon_summoned_skull_tributes_one_monster_even_a_token() -> None:
    # R-MON-4: Tributes as a Level 6 Tribute Summon would (1); Tokens are monsters
    # for every rule (R-SUM-11) and this is not a Tribute Summon.
    s = main(Scenario())
    s.spell(0, WORLD, face_down=False)
    tskull = s.hand(0, TSKULL)[0]
    s.token(0, "Sheep Token")
    duel = s.build()
    sheep = next(u for u in duel.monsters(0) if u is not None)
    s.choose(0, f"special-summon Toon Summoned Skull [{tskull}]", "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(tskull) == Location.MZONE
    assert duel._st.loc[sheep] == 0  # the Token ceased to exist
    assert duel.grave(0) == []


def test_a_toon_pays_500_lp_to_attack_and_attacks_directly_past_non_toons() -> None:
    # R-MON-4: 500 LP to declare an attack; with no Toon on the opponent's side it
    # may attack directly even though they control a monster.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.spell(0, WORLD, face_down=False)
    tskull = s.monster(0, TSKULL)
    guard = s.monster(1, "Celtic Guardian")
    s.choose(0, "attack-with Toon Summoned Skull")
    duel = s.run()
    assert duel.lp(0) == 8000 - 500
    assert texts(duel.decision) == ["direct-attack", "target Celtic Guardian (zone 1)"]
    s.choose(0, "direct-attack")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - 2500
    assert duel.location(guard) == Location.MZONE and duel.location(tskull) == Location.MZONE


def test_a_toon_must_attack_the_opponents_toon() -> None:
    # R-MON-4: when the opponent controls a face-up Toon, a Toon must attack a Toon.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.spell(0, WORLD, face_down=False)
    s.spell(1, WORLD, face_down=False)
    s.monster(0, TSKULL)
    guard = s.monster(1, "Celtic Guardian")
    mermaid = s.monster(1, MERMAID)
    s.choose(0, "attack-with Toon Summoned Skull")  # the only target is not asked
    duel = s.run()
    assert duel.location(mermaid) == Location.GRAVE
    assert duel.location(guard) == Location.MZONE
    assert duel.lp(1) == 8000 - (2500 - 1400)


def test_toons_are_destroyed_when_toon_world_is_destroyed() -> None:
    # R-MON-4: "If Toon World on the field is destroyed, destroy this card" (either
    # player's Toons; no chain, it is not an activation).
    s = main(Scenario(), player=1)
    world = s.spell(0, WORLD, face_down=False)
    mermaid = s.monster(0, MERMAID)
    tskull = s.monster(0, TSKULL)
    mst = s.hand(1, "Mystical Space Typhoon")[0]
    s.choose(1, act("Mystical Space Typhoon", mst))
    duel = s.run()
    assert duel.location(world) == Location.GRAVE
    assert duel.location(mermaid) == Location.GRAVE
    assert duel.location(tskull) == Location.GRAVE


def test_a_properly_summoned_toon_is_revived_only_with_toon_world() -> None:
    # Guide ruling (R-SUM-8): without Toon World on the field, a Toon in the GY
    # cannot be revived even if it was properly summoned; with it, it can.
    s = main(Scenario())
    reborn = s.hand(0, REBORN)[0]
    world = s.hand(0, WORLD)[0]
    mermaid = s.hand(0, MERMAID)[0]
    mst = s.hand(0, "Mystical Space Typhoon")[0]
    s.choose(0, act(WORLD, world), "pass", f"special-summon Toon Mermaid [{mermaid}]")
    s.choose(0, "choose face-up Attack", act("Mystical Space Typhoon", mst))
    duel = s.run()
    assert duel.location(mermaid) == Location.GRAVE
    assert act(REBORN, reborn) not in texts(duel.decision)
    assert (
        "it cannot be Special Summoned from here: summoning condition: needs Toon World; "
        "Tribute as for a Tribute Summon" in duel.explain(mermaid, 0).reasons
    )
    # With Toon World still face-up (Dark Hole destroys only monsters), Monster
    # Reborn brings it back.
    s = main(Scenario())
    reborn, world, mermaid, hole = s.hand(0, REBORN, WORLD, MERMAID, "Dark Hole")
    s.choose(0, act(WORLD, world), f"special-summon Toon Mermaid [{mermaid}]")
    s.choose(0, "choose face-up Attack", act("Dark Hole", hole))
    duel = s.run()
    assert duel.location(mermaid) == Location.GRAVE
    s.choose(0, act(REBORN, reborn), "choose face-up Defense")
    duel = s.run(duel)
    assert duel.location(mermaid) == Location.MZONE


def test_a_discarded_toon_is_never_revived() -> None:
    # Guide ruling (R-SUM-8, R-SUM-9): a Toon that went to the GY without being
    # properly summoned cannot be revived, Toon World or not.
    s = main(Scenario())
    reborn = s.hand(0, REBORN)[0]
    s.spell(0, WORLD, face_down=False)
    mermaid = s.grave(0, MERMAID)[0]
    duel = s.run()
    assert act(REBORN, reborn) not in texts(duel.decision)
    assert any("not properly summoned" in r for r in duel.explain(mermaid, 0).reasons)
