"""Quick-Play Spells: Mystical Space Typhoon and the others."""

from __future__ import annotations

from tests.cards.scripts.support import act, events, stats, zoma_then_their_turn
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine.events import EventKind, Reason

FD_DEF = Position.FACEDOWN_DEFENSE


CELTIC = "Celtic Guardian"  # 1400 / 1200 Warrior EARTH, Normal
SKULL = "Summoned Skull"  # 2500 / 1200
CHASER = "Mechanicalchaser"  # 1850 / 800 Machine DARK, Normal


def test_mystical_space_typhoon_can_target_a_trap_monster() -> None:
    # R-MON-4: on the field Zoma is a monster and still a Trap Card.
    s, duel, zoma, (mst,) = zoma_then_their_turn("Mystical Space Typhoon")
    assert act("Mystical Space Typhoon", mst) in texts(duel.decision)
    s.choose(1, act("Mystical Space Typhoon", mst))
    duel = s.run(duel)
    assert duel.location(zoma) == Location.GRAVE
    assert duel.lp(1) == 8000  # destroyed by an effect, not by battle: no damage


def test_scapegoat_user_cannot_flip_summon_afterwards() -> None:
    # "You cannot Summon other monsters the turn you activate this card": a Flip
    # Summon is a Summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    goat = s.hand(0, "Scapegoat")[0]
    s.monster(0, "Celtic Guardian", position=FD_DEF)
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Scapegoat", goat))
    duel = s.run()
    assert not [t for t in texts(duel.decision) if t.startswith("flip-summon")]


def test_limiter_removal_doubles_machines_then_destroys_them_in_the_end_phase() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    limiter = s.hand(0, "Limiter Removal")[0]
    chaser = s.monster(0, CHASER)  # 1850 Machine
    celtic = s.monster(0, CELTIC)  # not a Machine
    s.monster(1, CHASER)  # the opponent's Machine: not affected
    s.choose(0, act("Limiter Removal", limiter))
    duel = s.run()
    assert stats(duel, chaser) == (3700, 800)
    assert stats(duel, celtic) == (1400, 1200)
    assert duel.location(limiter) == Location.GRAVE
    s.choose(0, "battle", f"attack-with {CHASER}")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - (3700 - 1850)
    s.choose(0, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 4
    assert duel.location(chaser) == Location.GRAVE
    assert duel.location(celtic) == Location.MZONE
    (move,) = [e for e in events(duel, EventKind.MOVE) if e.card == chaser]
    assert move.reason & Reason.DESTROY and move.rc == limiter


def test_limiter_removal_in_the_damage_step() -> None:
    # R-BAT-7: a Quick-Play Spell that changes ATK, from the hand in your own turn,
    # until damage calculation.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    limiter = s.hand(0, "Limiter Removal")[0]
    chaser = s.monster(0, CHASER)
    skull = s.monster(1, SKULL)  # 2500
    s.choose(0, "battle")
    s.choose(0, "pass")  # at the start of the Battle Phase
    s.choose(0, f"attack-with {CHASER}")
    s.choose(0, "pass")  # at the attack declaration
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    s.choose(0, act("Limiter Removal", limiter))
    duel = s.run(duel)
    assert duel.location(skull) == Location.GRAVE
    assert duel.lp(1) == 8000 - 1200
    assert duel.location(chaser) == Location.MZONE
