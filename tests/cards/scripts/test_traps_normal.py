"""Normal Traps: Mirror Force, Sakuretsu Armor, Magic Cylinder, Trap Hole, Ring of
Destruction, Waboku, Castle Walls, Reverse Trap, Chain Destruction, Two-Pronged
Attack, Ceasefire, Limiter Removal, Backup Soldier, Just Desserts..."""

from __future__ import annotations

import dataclasses

import pytest

from tests.cards.scripts.support import act, atk, defense, events, moves, sel, stats
from tests.scenario import Scenario, _Placement, card, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.actions import DecisionKind
from ygo.engine.events import EventKind, Reason
from ygo.engine.priority import Window

MIRROR = "Mirror Force"
SAKURETSU = "Sakuretsu Armor"
TRAP_HOLE = "Trap Hole"
CYLINDER = "Magic Cylinder"
RING = "Ring of Destruction"
DM = "Dark Magician"  # 2500 / 2100, Level 7
SKULL = "Summoned Skull"  # 2500 / 1200, Level 6
CELTIC = "Celtic Guardian"  # 1400 / 1200, Level 4
KURIBOH = "Kuriboh"  # 300 / 200, Level 1


def _attack(s: Scenario, duel: Duel | None, attacker: str) -> Duel:
    """The turn player (0) goes to battle and declares an attack with ``attacker``."""
    s.choose(0, "battle", f"attack-with {attacker}")
    return s.run(duel)


REINFORCEMENTS = "Reinforcements"


def _reinforcements_battle(window: Window) -> tuple[Scenario, int, int, int]:
    """Battle Ox (1700) attacks Gemini Elf (1900); Reinforcements is Set on the
    attacker's side. Stops the attacker at ``window``."""
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    trap = s.spell(0, REINFORCEMENTS)
    ox = s.monster(0, "Battle Ox")
    elf = s.monster(1, "Gemini Elf")
    s.stop(0, window)
    s.choose(0, "attack-with Battle Ox")
    s.choose(0, "pass")  # the attack declaration window
    return s, trap, ox, elf


FU_DEF = Position.FACEUP_DEFENSE
FD_DEF = Position.FACEDOWN_DEFENSE
ELF = "Mystical Elf"  # 800 / 2000 Spellcaster LIGHT, Normal
IMP = "Feral Imp"  # 1300 / 1400 Fiend DARK, Normal
OX = "Battle Ox"  # 1700 / 1000
BUG = "Man-Eater Bug"  # 450 / 600 Insect, Flip effect


def can_activate(duel: Duel, uid: int) -> bool:
    return any((t.startswith("activate ") and t.endswith(f"[{uid}]")) or f"[{uid}]:" in t
               for t in texts(duel.decision))  # fmt: skip


METALMORPH = "Metalmorph"
ZOA = "Zoa"
METALZOA = "Metalzoa"


def test_mirror_force_destroys_the_attackers_attack_position_monsters() -> None:
    # R-TURN-7: a Set Trap (speed 2) is activated in the opponent's Battle Phase.
    # R-TRAP-2: a Normal Trap goes to the GY after resolving.
    # R-TERM-1: the monsters are destroyed by an effect, not by battle.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    celtic = s.monster(0, CELTIC)
    kuriboh = s.monster(0, KURIBOH, Position.FACEUP_DEFENSE)
    theirs = s.monster(1, SKULL)
    mirror = s.spell(1, MIRROR)
    duel = _attack(s, None, "Dark Magician")
    assert duel.decision is not None and duel.decision.player == 1
    assert duel.phase == Phase.BATTLE_STEP
    s.choose(1, f"activate Mirror Force [{mirror}]")
    duel = s.run(duel)
    assert duel.location(dm) == Location.GRAVE
    assert duel.location(celtic) == Location.GRAVE
    assert duel.location(kuriboh) == Location.MZONE  # Defense Position
    assert duel.location(theirs) == Location.MZONE
    assert duel.location(mirror) == Location.GRAVE
    for uid in (dm, celtic):
        (move,) = moves(duel, uid)
        assert move.reason == Reason.DESTROY | Reason.EFFECT
        assert move.rc == mirror
    (to_gy,) = moves(duel, mirror)
    assert not to_gy.reason & Reason.DESTROY
    # The attack stopped: no replay (the attacker is gone), no battle damage.
    assert [e.card for e in events(duel, EventKind.ATTACK_STOPPED)] == [dm]
    assert duel.lp(0) == duel.lp(1) == 8000
    assert duel.decision is not None and duel.decision.player == 0
    assert not [t for t in texts(duel.decision) if t.startswith("attack-with")]


def test_battle_destruction_has_the_battle_reason() -> None:
    # R-TERM-1: the other side of the coin: a monster destroyed by battle.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, DM)
    celtic = s.monster(1, CELTIC)
    s.spell(1, MIRROR, this_turn=True)  # set this turn: cannot be activated (R-TRAP-1)
    duel = _attack(s, None, "Dark Magician")
    assert duel.location(celtic) == Location.GRAVE
    (move,) = moves(duel, celtic)
    assert move.reason & Reason.BATTLE and move.reason & Reason.DESTROY
    assert not move.reason & Reason.EFFECT
    assert duel.lp(1) == 8000 - 1100


def test_mirror_force_only_answers_an_attack() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, DM)
    s.spell(1, MIRROR)
    s.spell(1, SAKURETSU)
    s.spell(1, CYLINDER)
    s.stop(1, Window.MAIN_END, Window.BATTLE_START)
    s.choose(0, "battle")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]  # the end of Main Phase 1
    s.choose(1, "pass")
    duel = s.run(duel)
    assert duel.phase == Phase.BATTLE_START
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]


def test_sakuretsu_armor_destroys_the_attacker() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    celtic = s.monster(0, CELTIC)
    s.monster(1, KURIBOH)
    armor = s.spell(1, SAKURETSU)
    duel = _attack(s, None, "Dark Magician")
    s.choose(1, f"activate Sakuretsu Armor [{armor}]")
    duel = s.run(duel)
    assert duel.location(dm) == Location.GRAVE
    assert duel.location(celtic) == Location.MZONE
    assert duel.location(armor) == Location.GRAVE
    (target,) = events(duel, EventKind.TARGET)
    assert target.card == dm and target.rc == armor
    assert duel.lp(1) == 8000


def test_sakuretsu_armor_does_nothing_when_its_target_left_first() -> None:
    # R-CHAIN-10: Chain Link 1 Sakuretsu Armor targets the attacker; Chain Link 2
    # Mirror Force destroys it first; Sakuretsu Armor then resolves with no effect.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    s.monster(1, KURIBOH)
    armor = s.spell(1, SAKURETSU)
    mirror = s.spell(1, MIRROR)
    duel = _attack(s, None, "Dark Magician")
    s.choose(1, f"activate Sakuretsu Armor [{armor}]")
    # P0 has nothing to respond with; P1 may add a link (R-CHAIN-3)
    s.choose(1, f"activate Mirror Force [{mirror}]")
    duel = s.run(duel)
    assert [e.value for e in events(duel, EventKind.CHAIN_SOLVING)] == [2, 1]
    assert duel.location(dm) == Location.GRAVE
    assert [e.rc for e in moves(duel, dm)] == [mirror]  # destroyed once, by Mirror Force
    assert not [e for e in events(duel, EventKind.MOVE) if e.rc == armor]
    assert {duel.location(armor), duel.location(mirror)} == {Location.GRAVE}


def test_magic_cylinder_negates_the_attack_and_burns_the_attacker() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    kuriboh = s.monster(1, KURIBOH)
    cylinder = s.spell(1, CYLINDER)
    duel = _attack(s, None, "Dark Magician")
    s.choose(1, f"activate Magic Cylinder [{cylinder}]")
    duel = s.run(duel)
    assert duel.lp(0) == 8000 - 2500
    assert duel.lp(1) == 8000
    assert duel.location(dm) == Location.MZONE
    assert duel.location(kuriboh) == Location.MZONE  # no battle happened
    assert duel.location(cylinder) == Location.GRAVE
    assert [e.card for e in events(duel, EventKind.ATTACK_STOPPED)] == [dm]
    (dmg,) = events(duel, EventKind.DAMAGE)
    assert dmg.reason == Reason.EFFECT and dmg.rc == cylinder
    # It has attacked this turn (R-BAT-2): no second attack.
    assert not [t for t in texts(duel.decision) if t.startswith("attack-with")]


def test_trap_hole_destroys_a_normal_summoned_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic = s.hand(0, CELTIC)[0]
    hole = s.spell(1, TRAP_HOLE)
    s.choose(0, f"summon Celtic Guardian [{celtic}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    s.choose(1, f"activate Trap Hole [{hole}]")
    duel = s.run(duel)
    assert duel.location(celtic) == Location.GRAVE
    assert duel.location(hole) == Location.GRAVE
    (move,) = moves(duel, celtic)[-1:]
    assert move.reason & Reason.DESTROY and move.rc == hole


def test_trap_hole_answers_a_flip_summon() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic = s.monster(0, CELTIC, Position.FACEDOWN_DEFENSE)
    hole = s.spell(1, TRAP_HOLE)
    s.choose(0, f"flip-summon Celtic Guardian [{celtic}]")
    s.choose(1, f"activate Trap Hole [{hole}]")
    duel = s.run()
    assert duel.location(celtic) == Location.GRAVE


def test_trap_hole_ignores_a_weak_monster_and_a_set() -> None:
    # R-SUM-1: a Set is not a Summon, so Trap Hole cannot answer it; nor a
    # monster with less than 1000 ATK. P1 is asked at every window where it could.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic, kuriboh = s.hand(0, CELTIC, KURIBOH)
    s.spell(1, TRAP_HOLE)
    s.stop(1, Window.SUMMONED)
    s.choose(0, f"summon Kuriboh [{kuriboh}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]  # a summon, but only 300 ATK
    s.choose(1, "pass")
    duel = s.run(duel)
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic = s2.hand(0, CELTIC)[0]
    s2.spell(1, TRAP_HOLE)
    s2.stop(1, Window.SUMMONED, Window.MAIN_END)
    s2.choose(0, f"set Celtic Guardian [{celtic}]")
    s2.choose(0, "end-turn")
    duel = s2.run()
    assert duel.location(celtic) == Location.MZONE
    # The first time P1 is asked is when P0 leaves the Main Phase, and not for Trap Hole.
    assert duel.decision is not None and duel.decision.player == 1
    assert duel.phase == Phase.MAIN1
    assert texts(duel.decision) == ["pass"]


def test_ring_of_destruction_destroys_and_both_players_take_its_atk() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    skull = s.monster(0, SKULL)
    ring = s.spell(1, RING)
    s.stop(1, Window.MAIN_END)
    s.choose(0, "end-turn")
    s.choose(1, f"activate Ring of Destruction [{ring}]")  # in the opponent's turn
    s.choose(1, "pass")  # its own stop asks again once P0 passed
    duel = s.run()
    assert duel.location(skull) == Location.GRAVE
    assert duel.lp(0) == duel.lp(1) == 8000 - 2500
    assert duel.location(ring) == Location.GRAVE


def test_ring_of_destruction_at_low_life_points_is_a_draw() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).lp(0, 2000).lp(1, 1000)
    s.monster(0, SKULL)
    ring = s.spell(0, RING)
    s.choose(0, f"activate Ring of Destruction [{ring}]")
    duel = s.run()
    assert duel.is_over and duel.result is not None and duel.result.winner is None


def test_ring_of_destruction_does_nothing_if_its_target_is_gone() -> None:
    # R-CHAIN-10: no destruction and no damage once the target left the field.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    s.monster(1, KURIBOH)
    ring = s.spell(1, RING)
    mirror = s.spell(1, MIRROR)
    s.choose(0, "battle")
    s.choose(1, "pass")  # Ring of Destruction could answer the end of Main Phase 1
    s.choose(1, "pass")  # ... and the Battle Start Step
    s.choose(0, "attack-with Dark Magician")
    s.choose(1, f"activate Ring of Destruction [{ring}]")
    s.choose(1, f"select Dark Magician [{dm}]")
    s.choose(1, f"activate Mirror Force [{mirror}]")
    duel = s.run()
    assert duel.location(dm) == Location.GRAVE
    assert [e.rc for e in moves(duel, dm)] == [mirror]
    assert duel.lp(0) == duel.lp(1) == 8000
    assert not events(duel, EventKind.DAMAGE)


def test_removing_the_attack_target_gives_a_replay() -> None:
    # R-BAT-8: the attacker's own Ring of Destruction removes the attack target in
    # the attack declaration window; the attacker may pick a new target or attack
    # directly (here: directly).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.monster(0, DM)
    celtic = s.monster(1, CELTIC)
    ring = s.spell(0, RING)
    s.choose(0, "battle", "pass", "attack-with Dark Magician")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0  # priority first
    s.choose(0, f"activate Ring of Destruction [{ring}]")
    s.choose(0, f"select Celtic Guardian [{celtic}]")
    duel = s.run(duel)
    assert duel.location(celtic) == Location.GRAVE
    assert duel.lp(0) == duel.lp(1) == 8000 - 1400
    assert duel.decision is not None and duel.decision.player == 0
    opts = texts(duel.decision)
    assert "cancel" in opts and any(t.startswith("direct") for t in opts)
    s.choose(0, "direct")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - 1400 - 2500
    assert duel.location(dm) == Location.MZONE


def test_reinforcements_at_the_start_of_the_damage_step() -> None:
    # R-BAT-7: an ATK changer may be activated at the start of the Damage Step.
    s, trap, ox, elf = _reinforcements_battle(Window.DAMAGE_START)
    s.choose(0, act(REINFORCEMENTS, trap), sel("Battle Ox", ox))
    s.choose(0, "pass", "pass")  # the stop asks again: to respond, and after the chain
    duel = s.run()
    assert duel.location(elf) == Location.GRAVE
    assert duel.location(ox) == Location.MZONE
    assert duel.lp(1) == 8000 - 300
    assert duel.location(trap) == Location.GRAVE  # a Normal Trap


def test_reinforcements_before_damage_calculation_and_only_until_the_end_of_turn() -> None:
    # R-BAT-7: ... and before damage calculation.
    s, trap, ox, elf = _reinforcements_battle(Window.DAMAGE_BEFORE_CALC)
    s.choose(0, "pass")  # the start of the Damage Step
    s.choose(0, act(REINFORCEMENTS, trap), sel("Battle Ox", ox))
    s.choose(0, "pass", "pass")  # the stop asks again: to respond, and after the chain
    duel = s.run()
    assert duel.location(elf) == Location.GRAVE
    assert duel.lp(1) == 8000 - 300
    assert stats(duel, ox) == (2200, 1000)
    s.choose(0, "end-turn")
    duel = s.run(duel, until=(4, Phase.MAIN1))
    assert stats(duel, ox) == (1700, 1000)


def test_reinforcements_cannot_be_activated_after_damage_calculation() -> None:
    # R-BAT-7: ATK changers only at the first two timings of the Damage Step.
    s, trap, ox, elf = _reinforcements_battle(Window.DAMAGE_AFTER_CALC)
    s.choose(0, "pass", "pass")  # start of the Damage Step, before damage calculation
    duel = s.run()
    assert stats(duel, ox) == (1700, 1000)  # lost the battle; still on the field (R-BAT-9)
    assert stats(duel, elf) == (1900, 900)
    assert duel.decision is not None and duel.decision.kind == DecisionKind.PRIORITY
    assert texts(duel.decision) == ["pass"]
    assert duel.lp(0) == 8000 - 200  # the damage is already done
    assert duel.location(trap) == Location.SZONE


def test_just_desserts_500_per_opponent_monster() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    desserts = s.spell(0, "Just Desserts")
    s.monster(1, CELTIC)
    s.monster(1, OX, FD_DEF)
    s.monster(0, ELF)  # yours do not count
    s.stop(0, Window.BATTLE_START)
    s.choose(1, "battle")
    s.choose(0, act("Just Desserts", desserts))
    duel = s.run()
    assert duel.lp(1) == 8000 - 1000
    assert duel.lp(0) == 8000
    assert duel.location(desserts) == Location.GRAVE


def test_just_desserts_needs_an_opponent_monster() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    desserts = s.spell(0, "Just Desserts")
    s.monster(0, ELF)
    s.stop(0, Window.BATTLE_START)
    s.choose(1, "battle")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert not can_activate(duel, desserts)


def test_castle_walls_500_def_until_the_end_of_the_turn() -> None:
    # R-BAT-4: ATK 2500 against DEF 2000 + 500: nothing is destroyed, no damage.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    walls = s.spell(0, "Castle Walls")
    elf = s.monster(0, ELF, FU_DEF)  # 2000 DEF
    s.monster(1, SKULL)  # 2500
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # it could be activated as P1 leaves Main Phase 1, and
    # at the start of the Battle Phase
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, act("Castle Walls", walls), sel(ELF, elf))  # either side's monster
    duel = s.run()
    assert duel.location(elf) == Location.MZONE
    assert stats(duel, elf) == (800, 2500)
    assert duel.lp(1) == 8000 and duel.lp(0) == 8000  # ATK = DEF: nothing happens
    s.choose(1, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 5
    assert stats(duel, elf) == (800, 2000)


def test_castle_walls_in_the_damage_step_before_calculation() -> None:
    # R-BAT-7: an ATK/DEF change may be activated in the Damage Step until damage
    # calculation; it is offered at its start.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    walls = s.spell(0, "Castle Walls")
    elf = s.monster(0, ELF, FU_DEF)
    s.monster(1, SKULL)
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # leaving Main Phase 1, the start of the Battle Phase
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, "pass")  # at the attack declaration
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    assert can_activate(duel, walls)
    s.choose(0, act("Castle Walls", walls), sel(ELF, elf))
    duel = s.run(duel)
    assert duel.location(elf) == Location.MZONE
    assert stats(duel, elf) == (800, 2500)


def test_waboku_no_battle_damage_and_no_battle_destruction_this_turn() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    waboku = s.spell(0, "Waboku")
    celtic = s.monster(0, CELTIC)  # 1400
    skull = s.monster(1, SKULL)  # 2500
    imp = s.monster(1, IMP)  # 1300
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # leaving Main Phase 1, the start of the Battle Phase
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, act("Waboku", waboku))
    duel = s.run()
    assert duel.location(celtic) == Location.MZONE
    assert duel.lp(0) == 8000
    assert duel.location(waboku) == Location.GRAVE
    # A second attack, this turn: still protected; the opponent's monster is not.
    s.choose(1, f"attack-with {IMP}")
    duel = s.run(duel)
    assert duel.location(imp) == Location.GRAVE
    assert duel.lp(1) == 8000 - 100
    assert duel.location(celtic) == Location.MZONE
    assert duel.location(skull) == Location.MZONE


def test_waboku_lasts_only_this_turn() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    waboku = s.spell(0, "Waboku")
    celtic = s.monster(0, CELTIC)
    s.monster(1, SKULL)
    s.choose(1, "battle")
    s.choose(0, "pass", act("Waboku", waboku))  # at the start of the Battle Phase
    s.choose(1, "end-turn")
    s.choose(0, "end-turn")  # turn 5: P0 does nothing
    s.choose(1, "battle", f"attack-with {SKULL}")
    duel = s.run()
    assert duel.turn == 6
    assert duel.location(celtic) == Location.GRAVE
    assert duel.lp(0) == 8000 - 1100


def test_reverse_trap_turns_increases_into_decreases() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    reverse = s.spell(0, "Reverse Trap")
    ox = s.monster(1, OX)  # 1700
    axe = s.spell(1, "Axe of Despair", face_down=False)
    s.monster(0, CELTIC)  # 1400
    duel = s.build()
    # Axe of Despair is attached to Battle Ox (placed by hand: bind it).
    from ygo.effects import bind_to

    bind_to(duel._st, axe, ox)
    assert stats(duel, ox) == (2700, 1000)
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # leaving Main Phase 1, the start of the Battle Phase
    s.choose(1, f"attack-with {OX}")
    s.choose(0, act("Reverse Trap", reverse))
    duel = s.run(duel)
    # +1000 became -1000: 700 ATK against 1400.
    assert duel.location(ox) == Location.GRAVE
    assert duel.lp(1) == 8000 - 700
    assert duel.lp(0) == 8000


def test_reverse_trap_leaves_set_values_and_ends_with_the_turn() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.lp(0, 4000)  # lower than the opponent's: Megamorph doubles the original ATK
    walls, reverse = s.spell(0, "Castle Walls"), s.spell(0, "Reverse Trap")
    megamorph = s.hand(0, "Megamorph")[0]
    celtic = s.monster(0, CELTIC)  # 1400 / 1200
    s.choose(0, act("Megamorph", megamorph))
    s.choose(0, act("Castle Walls", walls))
    s.choose(0, act("Reverse Trap", reverse))
    duel = s.run()
    # ATK "becomes" twice the original: not an increase, not reversed; +500 DEF is.
    assert stats(duel, celtic) == (2800, 700)
    s.choose(0, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 4
    assert stats(duel, celtic) == (2800, 1200)


def test_chain_destruction_destroys_the_copies_in_hand_and_deck() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ox, ox_hand, elf = s.hand(0, OX, OX, ELF)
    deck = s.deck(0, CELTIC, OX, CELTIC, OX, CELTIC)
    chain = s.spell(1, "Chain Destruction")
    s.choose(0, f"summon Battle Ox [{ox}]")
    s.choose(1, act("Chain Destruction", chain))  # the only summoned monster: its target
    duel = s.run()
    assert duel.location(ox) == Location.MZONE  # the monster itself stays
    assert duel.location(ox_hand) == Location.GRAVE
    assert duel.location(elf) == Location.HAND
    for u in deck:
        expected = Location.GRAVE if duel.card(u).name == OX else Location.DECK
        assert duel.location(u) == expected
    moved = [e for e in events(duel, EventKind.MOVE) if e.rc == chain and e.dst == Location.GRAVE]
    assert len(moved) == 3 and all(e.reason & Reason.DESTROY for e in moved)
    assert [e.player for e in events(duel, EventKind.SHUFFLE)][-1:] == [0]  # R-TERM-4


def test_chain_destruction_needs_a_summon_of_2000_atk_or_less() -> None:
    # R-TERM-7: "2000 or less" includes 2000 (Alexandrite Dragon). A Set is not a
    # Summon either (and leaves the monster face-down).
    for name, ok in (("Alexandrite Dragon", True), (SKULL, False)):
        s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
        uid = s.monster(0, name, FD_DEF)
        chain = s.spell(1, "Chain Destruction")
        s.stop(1, Window.SUMMONED)
        s.choose(0, f"flip-summon {name} [{uid}]")
        duel = s.run()
        assert duel.decision is not None and duel.decision.player == 1
        assert can_activate(duel, chain) == ok
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ox = s.hand(0, OX)[0]
    s.spell(1, "Chain Destruction")
    s.stop(1, Window.MAIN_END)
    s.choose(0, f"set Battle Ox [{ox}]", "end-turn")
    duel = s.run()
    # The first time P1 is asked is when P0 leaves the Main Phase: no activation.
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]


def test_chain_destruction_answers_a_special_summon_by_an_effect() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, "Monster Reborn")[0]
    ox = s.grave(0, OX)[0]
    s.deck(0, OX, CELTIC)
    chain = s.spell(1, "Chain Destruction")
    s.choose(0, act("Monster Reborn", reborn), "choose face-up Attack")
    duel = s.run()
    assert duel.location(ox) == Location.MZONE
    assert duel.decision is not None and duel.decision.player == 1
    assert can_activate(duel, chain)


def test_chain_destruction_counts_the_atk_a_field_spell_gives() -> None:
    # Guides 000 and 002: Field Spells change what Trap Hole and Chain Destruction see.
    # A 1900 ATK Aqua monster under Umi has 2100 ATK when it is summoned.
    aqua = dataclasses.replace(card("Benchmark Normal Lv3 1100/1300"), atk=1900)
    for umi, ok in ((True, False), (False, True)):
        s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
        uid = s._add(_Placement(aqua, 0, Location.HAND))
        if umi:
            s._add(_Placement(card("Umi"), 1, Location.FZONE, 0))
        chain = s.spell(1, "Chain Destruction")
        s.stop(1, Window.SUMMONED)
        s.choose(0, f"summon {aqua.name} [{uid}]")
        duel = s.run()
        assert duel.decision is not None and duel.decision.player == 1
        assert stats(duel, uid)[0] == (2100 if umi else 1900)
        assert can_activate(duel, chain) == ok


def test_two_pronged_attack_destroys_two_of_yours_and_one_of_theirs() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    tpa = s.spell(0, "Two-Pronged Attack")
    celtic, elf, imp = s.monster(0, CELTIC), s.monster(0, ELF), s.monster(0, IMP)
    skull, ox = s.monster(1, SKULL), s.monster(1, OX)
    s.choose(0, act("Two-Pronged Attack", tpa), sel(CELTIC, celtic))
    duel = s.run()
    assert texts(duel.decision) == [
        f"select {ELF} [{elf}] (your Monster Zone 2)",
        f"select {IMP} [{imp}] (your Monster Zone 3)",
        f"select {SKULL} [{skull}] (opponent's Monster Zone 1)",
        f"select {OX} [{ox}] (opponent's Monster Zone 2)",
    ]
    s.choose(0, sel(SKULL, skull))
    duel = s.run(duel)
    # One of the opponent's chosen: only your monsters are left to choose.
    assert texts(duel.decision) == [
        f"select {ELF} [{elf}] (your Monster Zone 2)",
        f"select {IMP} [{imp}] (your Monster Zone 3)",
    ]
    s.choose(0, sel(ELF, elf))
    duel = s.run(duel)
    assert {duel.location(u) for u in (celtic, elf, skull)} == {Location.GRAVE}
    assert duel.location(imp) == duel.location(ox) == Location.MZONE


def test_two_pronged_attack_needs_two_of_yours_and_one_of_theirs() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    tpa = s.spell(0, "Two-Pronged Attack")
    s.monster(0, CELTIC)
    s.monster(1, SKULL)
    s.monster(1, OX)
    duel = s.run()
    assert not can_activate(duel, tpa)


def test_ceasefire_flips_without_flip_effects_and_burns_per_effect_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cease = s.spell(0, "Ceasefire")
    kuriboh = s.monster(0, KURIBOH)  # a face-up Effect Monster
    celtic = s.monster(0, CELTIC, FD_DEF)  # a face-down Normal Monster
    bug = s.monster(1, BUG, FD_DEF)  # a face-down Flip monster
    ox = s.monster(1, OX)
    s.choose(0, act("Ceasefire", cease))
    duel = s.run()
    assert duel.position(celtic) == FU_DEF
    assert duel.position(bug) == FU_DEF
    assert duel.lp(1) == 8000 - 1000  # Kuriboh and Man-Eater Bug
    assert duel.lp(0) == 8000
    # Man-Eater Bug's Flip effect did not activate.
    assert not [e for e in events(duel, EventKind.FLIP) if e.card == bug]
    assert duel.location(kuriboh) == duel.location(ox) == Location.MZONE
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_ceasefire_needs_a_face_down_defense_or_an_effect_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cease = s.spell(0, "Ceasefire")
    s.monster(0, CELTIC)
    s.monster(1, OX)
    duel = s.run()
    assert not can_activate(duel, cease)


def test_lightforce_sword_banishes_face_down_and_returns_after_four_standby_phases() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.spell(0, "Lightforce Sword")
    hidden = s.hand(1, "Pot of Greed")[0]
    s.choose(0, act("Lightforce Sword", sword))
    duel = s.run()
    assert duel.location(hidden) == Location.BANISHED
    # Face-down: P1 sees its card, P0 does not (guide 001).
    (mine,) = duel.view(1).me.banished
    (theirs,) = duel.view(0).opponent.banished
    assert mine.name == "Pot of Greed" and not mine.face_up
    assert not theirs.known and theirs.uid is None and theirs.name is None
    move = [e for e in events(duel, EventKind.MOVE) if e.card == hidden][-1]
    assert move.secret
    # P1's Standby Phases of turns 4, 6 and 8: still banished; turn 10: back.
    for turn in range(3, 10):
        s.choose((turn - 3) % 2, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 10 and duel.turn_player == 1
    assert duel.location(hidden) == Location.HAND
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s2.spell(0, "Lightforce Sword")
    hidden = s2.hand(1, "Pot of Greed")[0]
    s2.choose(0, act("Lightforce Sword", sword))
    for turn in range(3, 9):
        s2.choose((turn - 3) % 2, "end-turn")
    duel = s2.run()
    assert duel.turn == 9
    assert duel.location(hidden) == Location.BANISHED


def test_lightforce_sword_needs_a_card_in_the_opponents_hand() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.spell(0, "Lightforce Sword")
    duel = s.run()
    assert not can_activate(duel, sword)


def test_backup_soldier_adds_up_to_three_normal_monsters_from_the_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soldier = s.spell(0, "Backup Soldier")
    celtic, imp, elf, ox, kuriboh = s.grave(0, CELTIC, IMP, ELF, OX, KURIBOH)
    s.grave(1, "Petit Moth")  # the opponent's GY: not a target
    s.choose(0, act("Backup Soldier", soldier), sel(CELTIC, celtic))
    duel = s.run()
    # Battle Ox (1700) and Kuriboh (an Effect Monster) are not legal targets; after
    # the first target the player may stop.
    assert texts(duel.decision) == [
        f"select {IMP} [{imp}] (your GY)",
        f"select {ELF} [{elf}] (your GY)",
        "done",
    ]
    s.choose(0, sel(IMP, imp), sel(ELF, elf))  # three: no more question
    duel = s.run(duel)
    assert set(duel.hand(0)) == {celtic, imp, elf}
    assert duel.location(ox) == duel.location(kuriboh) == Location.GRAVE
    assert duel.location(soldier) == Location.GRAVE


def test_backup_soldier_may_take_just_one() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soldier = s.spell(0, "Backup Soldier")
    celtic, imp = s.grave(0, CELTIC, IMP, ELF, OX, KURIBOH)[:2]
    s.choose(0, act("Backup Soldier", soldier), sel(CELTIC, celtic), "done")
    duel = s.run()
    assert duel.hand(0) == [celtic]
    assert duel.location(imp) == Location.GRAVE
    assert [e.card for e in events(duel, EventKind.TARGET)] == [celtic]


def test_backup_soldier_needs_five_monsters_in_your_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soldier = s.spell(0, "Backup Soldier")
    s.grave(0, CELTIC, IMP, ELF, OX, "Pot of Greed")  # four monsters and a Spell
    s.grave(1, CELTIC)
    duel = s.run()
    assert not can_activate(duel, soldier)


def test_greedy_takes_back_its_best_normal_monsters_with_backup_soldier() -> None:
    # The agent reads the card's categories (TO_HAND), never its name.
    from ygo.agents import GreedyAgent

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
    soldier = s.spell(0, "Backup Soldier")
    celtic, imp, elf = s.grave(0, CELTIC, IMP, ELF, OX, KURIBOH)[:3]
    duel = s.run()
    agent = GreedyAgent(0)
    for _ in range(10):  # its first Main Phase choice, then the targets it picks
        d = duel.decision
        assert d is not None and d.player == 0 and duel.turn == 3
        if d.kind == DecisionKind.MAIN and duel.location(soldier) == Location.GRAVE:
            break
        duel.apply(agent.choose(duel.view(0), d))
    assert set(duel.hand(0)) == {celtic, imp, elf}


@pytest.mark.parametrize(
    ("monster", "metal", "other", "position"),
    [
        (ZOA, METALZOA, "Red-Eyes Black Metal Dragon", "face-up Attack"),
        ("Red-Eyes B. Dragon", "Red-Eyes Black Metal Dragon", METALZOA, "face-up Defense"),
    ],
)
def test_metalmorph_tributes_its_monster_for_the_metal_one(
    monster: str, metal: str, other: str, position: str
) -> None:
    # The Trap stays as an Equip Card; its Ignition effect Tributes the equipped
    # monster (Zoa, Red-Eyes B. Dragon) and summons its metal form from the Deck
    # (Metalzoa, Red-Eyes Black Metal Dragon), properly (R-SUM-9); the other metal
    # form in the Deck is no choice.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph = s.spell(0, METALMORPH)
    equipped = s.monster(0, monster)
    summoned, left = s.deck(0, metal, other)
    s.filler(0, 3)
    s.choose(0, act(METALMORPH, morph), act(METALMORPH, morph), f"choose {position}")
    duel = s.run()
    assert duel.location(equipped) == Location.GRAVE
    assert duel.location(morph) == Location.GRAVE
    assert duel.location(summoned) == Location.MZONE
    assert duel.location(left) == Location.DECK
    assert duel._st.sumtype[summoned] & ops.SUMTYPE_PROPER


def test_metalmorph_gives_300_atk_and_def_and_stays_on_the_field() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph = s.spell(0, METALMORPH)
    celtic = s.monster(0, CELTIC)  # 1400/1200
    s.choose(0, act(METALMORPH, morph))
    duel = s.run()
    assert duel.location(morph) == Location.SZONE
    assert (atk(duel, celtic), defense(duel, celtic)) == (1700, 1500)
    assert not [o for o in texts(duel.decision) if o.startswith(act(METALMORPH, morph))]


def test_metalmorph_without_its_monster_goes_to_the_gy_after_the_chain() -> None:
    # R-SPELL-2, R-CHAIN-12: Ring of Destruction destroys the target in response;
    # Metalmorph cannot equip and goes to the GY like an Equip Spell would.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph = s.spell(0, METALMORPH)
    celtic = s.monster(0, CELTIC)
    ring = s.spell(1, "Ring of Destruction")
    s.choose(0, act(METALMORPH, morph))
    s.choose(1, act("Ring of Destruction", ring))
    duel = s.run()
    assert duel.location(celtic) == Location.GRAVE
    assert duel.location(morph) == Location.GRAVE


def test_metalmorph_attacker_gains_half_the_targets_atk_in_damage_calculation() -> None:
    # Celtic Guardian 1400 + 300 attacks Summoned Skull 2500: 1700 + 1250 = 2950
    # at damage calculation; Skull is destroyed and 450 damage is dealt.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph = s.spell(0, METALMORPH)
    celtic = s.monster(0, CELTIC)
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, act(METALMORPH, morph), sel(CELTIC, celtic), "battle", f"attack-with {CELTIC}")
    s.choose(0, "main2")
    duel = s.run(until=(3, Phase.MAIN2))
    assert duel.location(skull) == Location.GRAVE
    assert duel.lp(1) == 8000 - 450
    assert atk(duel, celtic) == 1700  # only during damage calculation
