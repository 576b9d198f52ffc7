"""Face-down Attack Position (R-POS-1): Darkness Approaches, the only way to it, and
what such a monster can and cannot do."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    main,
    options,
    sel,
)
from tests.scenario import Scenario
from ygo.core.enums import Location, Phase, Position
from ygo.engine.events import EventKind

FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
FD_ATK = Position.FACEDOWN_ATTACK
FD_DEF = Position.FACEDOWN_DEFENSE
GRAVE = Location.GRAVE


def _darkness(s: Scenario, target_name: str, target: int) -> None:
    da, a, _ = s.hand(0, "Darkness Approaches", "Celtic Guardian", "Celtic Guardian")
    s.choose(0, act("Darkness Approaches", da))
    s.choose(0, sel("Celtic Guardian", a))  # the second discard is then forced
    if target_name:
        s.choose(0, sel(target_name, target))


def test_darkness_approaches_turns_an_attack_position_monster_face_down_attack() -> None:
    # R-POS-1: face-down Attack Position exists only through Darkness Approaches.
    s = main(Scenario())
    skull = s.monster(1, "Summoned Skull")
    _darkness(s, "", skull)  # the only target
    duel = s.run()
    assert duel.position(skull) == FD_ATK
    assert len(duel.grave(0)) == 3  # 2 discarded as the cost, and the card itself
    # The opponent sees a face-down card in Attack Position.
    (c,) = [m for m in duel.view(0).opponent.monsters if m is not None]
    assert c.uid is None and c.position == FD_ATK


def test_darkness_approaches_keeps_a_defense_position_monster_in_defense() -> None:
    s = main(Scenario())
    skull = s.monster(1, "Summoned Skull", FU_DEF)
    _darkness(s, "", skull)  # the only target
    duel = s.run()
    assert duel.position(skull) == FD_DEF


def test_no_summon_or_set_gives_face_down_attack() -> None:
    # R-POS-1: without Darkness Approaches a monster is face-up Attack, face-up
    # Defense or face-down Defense; a Set monster is face-down Defense.
    s = main(Scenario())
    cg = s.hand(0, "Celtic Guardian")[0]
    s.choose(0, f"set Celtic Guardian [{cg}]")
    duel = s.run()
    assert duel.position(cg) == FD_DEF
    assert not any("Attack" in t and "face-down" in t for t in options(duel))


def test_a_face_down_attack_monster_cannot_attack_nor_be_equipped() -> None:
    # R-POS-1, R-POS-2, R-POS-3.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.monster(1, "Summoned Skull", FD_ATK)
    axe = s.hand(1, "Axe of Despair")[0]
    duel = s.build()
    assert act("Axe of Despair", axe) not in options(duel)
    s.choose(1, "battle")
    duel = s.run(duel)
    assert not [t for t in options(duel) if t.startswith("attack-with")]


def test_a_face_down_attack_monster_attacked_is_flipped_and_battles_in_attack() -> None:
    # R-POS-1, R-BAT-6: turned face-up Attack before damage calculation; its ATK
    # battles, and the difference is battle damage to its controller (R-BAT-3).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    dm = s.monster(0, "Dark Magician")  # 2500
    cg = s.monster(1, "Celtic Guardian", FD_ATK)  # 1400 ATK, 1200 DEF
    s.choose(0, f"attack-with Dark Magician [{dm}]")
    duel = s.run()
    assert duel.location(cg) == GRAVE
    assert duel.lp(1) == 8000 - (2500 - 1400)
    flip = [e for e in duel.events() if e.kind == EventKind.FLIP and e.card == cg]
    assert flip and flip[0].prev_pos == FD_ATK


def test_a_face_down_attack_monster_attacked_by_a_weaker_one_destroys_it() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    cg = s.monster(0, "Celtic Guardian")  # 1400
    skull = s.monster(1, "Summoned Skull", FD_ATK)  # 2500 ATK
    s.choose(0, f"attack-with Celtic Guardian [{cg}]")
    duel = s.run()
    assert duel.location(cg) == GRAVE and duel.position(skull) == FU_ATK
    assert duel.lp(0) == 8000 - (2500 - 1400)


def test_a_face_down_attack_monster_may_be_flip_summoned() -> None:
    # R-POS-1, R-POS-5.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    skull = s.monster(1, "Summoned Skull", FD_ATK)
    s.choose(1, f"flip-summon Summoned Skull [{skull}]")
    duel = s.run()
    assert duel.position(skull) == FU_ATK
    assert any(e.kind == EventKind.FLIP_SUMMON and e.card == skull for e in duel.events())


def test_a_face_down_attack_monster_may_be_changed_to_face_down_defense() -> None:
    # R-POS-1: its controller may change it to face-down Defense as the turn's
    # position change (R-POS-4: once per turn).
    s = main(Scenario())
    skull = s.monster(0, "Summoned Skull", FD_ATK)
    s.choose(0, f"to-defense Summoned Skull [{skull}]")
    duel = s.run()
    assert duel.position(skull) == FD_DEF
    # The turn's change is used: neither a Flip Summon nor another change now.
    assert not [t for t in options(duel) if f"[{skull}]" in t]
    assert "position: its position was already changed this turn (once per turn)" in (
        duel.explain(skull, 0).reasons
    )


def test_a_face_down_attack_monster_may_be_flip_summoned_to_face_up_attack() -> None:
    # R-POS-1: or Flip Summoned, to face-up Attack (R-POS-5).
    s = main(Scenario())
    skull = s.monster(0, "Summoned Skull", FD_ATK)
    duel = s.build()
    mine = [t for t in options(duel) if f"[{skull}]" in t]
    assert mine == [
        f"to-defense Summoned Skull [{skull}]",
        f"flip-summon Summoned Skull [{skull}]",
    ]
    s.choose(0, f"flip-summon Summoned Skull [{skull}]")
    duel = s.run(duel)
    assert duel.position(skull) == FU_ATK


def test_darkness_approaches_then_next_turn_to_face_down_defense() -> None:
    # R-POS-1: the face-down Attack monster Darkness Approaches made, on a later
    # turn, goes to face-down Defense by hand; never to face-up Defense.
    s = main(Scenario())
    cg = s.monster(0, "Celtic Guardian", this_turn=False)
    da, a, _ = s.hand(0, "Darkness Approaches", "Feral Imp", "Feral Imp")
    s.choose(0, act("Darkness Approaches", da), sel("Feral Imp", a))
    duel = s.run()
    assert duel.position(cg) == FD_ATK
    # Turned face-down by an effect this turn: it may still change position now.
    s.choose(0, f"to-defense Celtic Guardian [{cg}]")
    duel = s.run(duel)
    assert duel.position(cg) == FD_DEF
    assert duel.explain(cg, 0).card == cg


def test_a_face_down_attack_monster_not_changed_on_the_turn_it_was_placed() -> None:
    # R-POS-4 applies to it too: not on the turn it came to the field.
    s = main(Scenario())
    skull = s.monster(0, "Summoned Skull", FD_ATK, this_turn=True)
    duel = s.build()
    assert not [t for t in options(duel) if f"[{skull}]" in t]
