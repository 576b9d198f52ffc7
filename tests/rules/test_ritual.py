"""Ritual Spells (R-SPELL-5, R-SUM-5)."""

from __future__ import annotations

from tests.scenario import Scenario
from ygo.core.enums import Location, Phase, Position
from ygo.engine.actions import ActionKind

RITUAL = "Black Luster Ritual"
SOLDIER = "Black Luster Soldier"


def test_a_ritual_spell_tributes_levels_and_summons_its_monster() -> None:
    # R-SPELL-5, R-SUM-5: own Main Phase; tributes from the hand and the field whose
    # Levels add up to 8 or more, chosen at resolution; the Ritual Monster comes
    # from the hand, face-up in the position chosen.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ritual, soldier, from_hand = s.hand(0, RITUAL, SOLDIER, "Dark Magician")
    on_field = s.monster(0, "Celtic Guardian")
    s.choose(0, f"activate {RITUAL} [{ritual}]")
    s.choose(0, f"select Dark Magician [{from_hand}]")  # Level 7: not enough yet
    # Celtic Guardian (7 + 4 >= 8) is then the only choice left: not asked.
    s.choose(0, "choose face-up Attack")
    duel = s.run()
    assert duel.location(soldier) == Location.MZONE
    assert duel.position(soldier) == Position.FACEUP_ATTACK
    assert duel.location(from_hand) == Location.GRAVE
    assert duel.location(on_field) == Location.GRAVE
    assert duel.location(ritual) == Location.GRAVE


def test_a_ritual_spell_needs_its_monster_and_enough_levels_and_the_main_phase() -> None:
    # R-SPELL-5: speed 1, own Main Phase; nothing to summon means no activation.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ritual = s.hand(0, RITUAL)[0]
    s.hand(0, SOLDIER, "Celtic Guardian")  # Level 4: not enough
    duel = s.run()
    assert not [o for o in duel.decision.options if o.kind == ActionKind.ACTIVATE]
    assert any("nothing to do" in r for r in duel.explain(ritual, 0).reasons)


def test_a_negated_ritual_spell_tributes_nothing() -> None:
    # R-SUM-5: tributes are chosen and sent at resolution, so when Magic Jammer
    # negates the Ritual Spell they stay where they were.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ritual, soldier = s.hand(0, RITUAL, SOLDIER)
    a = s.monster(0, "Celtic Guardian")
    b = s.monster(0, "Feral Imp")
    jammer = s.spell(1, "Magic Jammer")
    s.hand(1, "Dark Hole")  # Magic Jammer's discard
    s.choose(0, f"activate {RITUAL} [{ritual}]")
    s.choose(1, f"activate Magic Jammer [{jammer}]")
    duel = s.run()
    assert duel.location(ritual) == Location.GRAVE
    assert duel.location(soldier) == Location.HAND
    assert duel.location(a) == Location.MZONE and duel.location(b) == Location.MZONE
