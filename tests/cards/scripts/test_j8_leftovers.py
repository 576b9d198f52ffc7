"""Issue 8 leftovers, helper j8: a face-down Attack Position monster changed by
hand to face-down Defense (R-POS-1), Insect Queen (an attack cost, R-BAT-2) and
Ultimate Offering (a Normal Summon made by an effect, R-SUM-1)."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine.duel import Duel

FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
FD_ATK = Position.FACEDOWN_ATTACK
FD_DEF = Position.FACEDOWN_DEFENSE
GRAVE = Location.GRAVE
MZONE = Location.MZONE


def activate(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def select(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


def main(s: Scenario, player: int = 0, turn: int = 3) -> Scenario:
    return s.at(turn=turn, player=player, phase=Phase.MAIN1)


def options(duel: Duel) -> list[str]:
    return texts(duel.decision)


# -- R-POS-1: face-down Attack -> face-down Defense by hand ------------------------------------


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


def test_a_face_down_attack_monster_may_be_flip_summoned() -> None:
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
    s.choose(0, activate("Darkness Approaches", da), select("Feral Imp", a))
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
