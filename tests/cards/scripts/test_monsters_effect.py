"""Card scripts, group i8c: effect monsters the guides name (Tribe-Infecting Virus,
Command Knight, Dark Magician Girl, Witch of the Black Forest, Kuriboh, Maryokutai,
Catapult Turtle, Cannon Soldier, Exiled Force, Total Defense Shogun, Shining Angel,
Sinister Serpent, Mysterious Puppeteer) and Spell Counters (Breaker the Magical
Warrior, Royal Magical Library), with the rulings the guides give for them."""

from __future__ import annotations

from tests.scenario import Scenario, card, texts
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import query
from ygo.engine.actions import DecisionKind
from ygo.engine.duel import Duel
from ygo.engine.effect import Effect
from ygo.engine.events import Event, EventKind
from ygo.engine.priority import Window

FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
FD = Position.FACEDOWN_DEFENSE

KNIGHT = "Command Knight"  # 1200 ATK Warrior
DMG = "Dark Magician Girl"  # 2000 ATK
DM = "Dark Magician"  # 2500 ATK, DARK Spellcaster Normal
MOBC = "Magician of Black Chaos"
WITCH = "Witch of the Black Forest"
KURIBOH = "Kuriboh"
MARYO = "Maryokutai"
TURTLE = "Catapult Turtle"
CANNON = "Cannon Soldier"
EXILED = "Exiled Force"
TIV = "Tribe-Infecting Virus"
SHOGUN = "Total Defense Shogun"  # 1550 / 2500
ANGEL = "Shining Angel"  # 1400 LIGHT
SERPENT = "Sinister Serpent"
PUPPETEER = "Mysterious Puppeteer"
BREAKER = "Breaker the Magical Warrior"  # 1600 ATK
LIBRARY = "Royal Magical Library"
GUARDIAN = "Celtic Guardian"  # 1400 / 1200 Warrior Normal (the deck filler)
ELF = "Mystical Elf"  # 800 / 2000 LIGHT Spellcaster Normal
SKULL = "Summoned Skull"  # 2500 / 1200 DARK Fiend Normal
POT = "Pot of Greed"


def _atk(duel: Duel, uid: int) -> int:
    return query.atk(duel._st, uid)


def _events(duel: Duel, kind: EventKind) -> list[Event]:
    return [e for e in duel.events() if e.kind == kind]


def _activated(duel: Duel) -> list[int]:
    return [e.card for e in _events(duel, EventKind.ACTIVATE)]


# -- Command Knight (the guides' continuous-effect example) ----------------------------


def test_command_knight_gives_your_warriors_400_atk() -> None:
    # A continuous effect: no activation, applies while it is face-up.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    knight = s.monster(0, KNIGHT)
    guardian = s.monster(0, GUARDIAN)
    elf = s.monster(0, ELF)
    theirs = s.monster(1, GUARDIAN)
    face_down = s.monster(0, GUARDIAN, FD)
    duel = s.build()
    assert _atk(duel, knight) == 1600
    assert _atk(duel, guardian) == 1800
    assert _atk(duel, elf) == 800  # not a Warrior
    assert _atk(duel, theirs) == 1400  # not yours
    assert _atk(duel, face_down) == 1400  # printed value while face-down
    assert not _activated(duel)


def test_command_knight_cannot_be_attacked_while_you_control_another_monster() -> None:
    # R-BAT-2: the attacker chooses among the monsters that may be attacked.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    knight = s.monster(0, KNIGHT)
    s.monster(0, ELF)
    s.monster(0, GUARDIAN)
    s.monster(1, SKULL)
    s.choose(1, f"attack-with {SKULL}")
    duel = s.run()
    assert duel.decision is not None and duel.decision.kind == DecisionKind.ATTACK_TARGET
    assert texts(duel.decision) == [f"target {ELF} (zone 2)", f"target {GUARDIAN} (zone 3)"]
    assert duel.location(knight) == Location.MZONE


def test_command_knight_alone_can_be_attacked() -> None:
    # R-BAT-2: with no other monster its protection does not apply.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    knight = s.monster(0, KNIGHT)
    s.monster(1, SKULL)
    s.choose(1, f"attack-with {SKULL}")  # the only target: taken without asking
    duel = s.run()
    assert duel.location(knight) == Location.GRAVE
    assert duel.lp(0) == 8000 - (2500 - 1600)


def test_two_command_knights_leave_nothing_to_attack() -> None:
    # R-BAT-2: each protects the other; the opponent has monsters, so no direct
    # attack either, and no monster can declare an attack.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    s.monster(0, KNIGHT)
    s.monster(0, KNIGHT)
    skull = s.monster(1, SKULL)
    duel = s.build()
    assert duel.decision is not None and duel.decision.kind == DecisionKind.BATTLE
    assert texts(duel.decision) == ["main2", "end-turn"]
    assert "attack: no opponent's monster can be chosen as an attack target" in (
        duel.explain(skull, 1).reasons
    )


# -- Dark Magician Girl -------------------------------------------------------------------


def test_dark_magician_girl_counts_magicians_in_both_graveyards() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    girl = s.monster(0, DMG)
    s.monster(0, DM)  # on the field: does not count
    s.grave(0, DM)
    s.grave(1, DM, MOBC)
    s.grave(1, SKULL)
    duel = s.build()
    assert _atk(duel, girl) == 2000 + 3 * 300


def test_dark_magician_girl_grows_when_a_dark_magician_is_destroyed() -> None:
    # Her ATK follows the GYs at once: a Dark Magician destroyed in battle counts.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, POT)
    girl = s.monster(0, DMG)
    skull = s.monster(0, SKULL)
    dm = s.monster(1, DM)
    s.choose(0, f"attack-with {SKULL}")  # 2500 against 2500: both destroyed
    duel = s.build()
    assert _atk(duel, girl) == 2000
    s.run(duel)
    assert duel.location(dm) == Location.GRAVE and duel.location(skull) == Location.GRAVE
    assert _atk(duel, girl) == 2300


# -- Cannon Soldier, Catapult Turtle, Exiled Force (the guides' Ignition examples) ------


def test_cannon_soldier_tributes_for_500_damage_as_often_as_you_like() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cannon = s.monster(0, CANNON)
    a = s.monster(0, GUARDIAN)
    b = s.monster(0, ELF)
    s.choose(0, f"activate {CANNON} [{cannon}]", f"select {GUARDIAN} [{a}]")
    s.choose(0, f"activate {CANNON} [{cannon}]", f"select {ELF} [{b}]")
    duel = s.run()
    assert duel.lp(1) == 8000 - 1000
    assert duel.location(a) == Location.GRAVE and duel.location(b) == Location.GRAVE
    # Only itself is left to Tribute: still activatable.
    assert f"activate {CANNON} [{cannon}]" in texts(duel.decision)


def test_cannon_soldier_is_ignition_only_in_your_main_phase() -> None:
    # Ignition: speed 1, your own Main Phase with no chain (R-TURN-7).
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    cannon = s.monster(0, CANNON)
    s.stop(0, Window.MAIN_END)
    s.choose(1, "battle")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]
    assert any("R-TURN-7" in r for r in duel.explain(cannon, 0).reasons)


def test_catapult_turtle_deals_half_the_tributed_monsters_atk_on_the_field() -> None:
    # The ATK it had on the field counts: Command Knight's 1600, not its printed 1200.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    turtle = s.monster(0, TURTLE)
    knight = s.monster(0, KNIGHT)
    s.monster(0, ELF)
    s.choose(0, f"activate {TURTLE} [{turtle}]", f"select {KNIGHT} [{knight}]")
    duel = s.run()
    assert duel.lp(1) == 8000 - 800
    assert duel.location(knight) == Location.GRAVE
    # Once per turn.
    assert not any(t.startswith(f"activate {TURTLE}") for t in texts(duel.decision))
    reasons = duel.explain(turtle, 0).reasons
    assert "activate: its once-per-turn activation was already used" in reasons


def test_exiled_force_tributes_itself_to_destroy_a_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    force = s.monster(0, EXILED)
    mine = s.monster(0, GUARDIAN)
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {EXILED} [{force}]")
    duel = s.build()
    s.run(duel)
    # It cannot target itself (it is the cost).
    assert duel.decision is not None
    assert texts(duel.decision) == [
        f"select {GUARDIAN} [{mine}] (your Monster Zone 2)",
        f"select {SKULL} [{skull}] (opponent's Monster Zone 1)",
    ]
    s.choose(0, f"select {SKULL}")
    s.run(duel)
    assert duel.location(force) == Location.GRAVE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(mine) == Location.MZONE


def test_exiled_force_alone_has_no_target() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    force = s.monster(0, EXILED)
    duel = s.build()
    assert not any(t.startswith("activate") for t in texts(duel.decision))
    assert "activate: there is no valid target" in duel.explain(force, 0).reasons


# -- Tribe-Infecting Virus --------------------------------------------------------------


def test_tribe_infecting_virus_destroys_the_declared_type_face_up() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    tiv = s.monster(0, TIV)
    fodder = s.hand(0, POT)[0]
    knight = s.monster(0, KNIGHT)
    theirs = s.monster(1, GUARDIAN)
    hidden = s.monster(1, GUARDIAN, FD)
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {TIV} [{tiv}]")  # the only card in hand: discarded unasked
    s.choose(0, "choose Warrior")
    duel = s.run()
    assert duel.location(fodder) == Location.GRAVE
    assert duel.location(knight) == Location.GRAVE
    assert duel.location(theirs) == Location.GRAVE
    assert duel.location(hidden) == Location.MZONE  # face-down: not seen as a Warrior
    assert duel.location(skull) == Location.MZONE
    assert duel.location(tiv) == Location.MZONE


def test_tribe_infecting_virus_needs_a_card_to_discard() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    tiv = s.monster(0, TIV)
    duel = s.build()
    assert "activate: its cost cannot be paid" in duel.explain(tiv, 0).reasons


# -- Kuriboh (a Quick effect from the hand in the Damage Step) ----------------------------


def _kuriboh_attack(target: Position | None) -> tuple[Scenario, int, int]:
    """Player 1's Dark Magician attacks player 0, who holds Kuriboh (and, with
    ``target``, a Celtic Guardian in that position)."""
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    kuriboh = s.hand(0, KURIBOH)[0]
    guardian = s.monster(0, GUARDIAN, target) if target is not None else -1
    s.monster(1, DM)
    s.choose(1, f"attack-with {DM}")
    return s, kuriboh, guardian


def test_kuriboh_discarded_in_the_damage_step_prevents_the_battle_damage() -> None:
    # R-BAT-7: activated before damage calculation; the direct attack deals nothing.
    s, kuriboh, _ = _kuriboh_attack(None)
    duel = s.build()
    s.run(duel)
    assert duel.phase == Phase.DAMAGE
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == [f"activate {KURIBOH} [{kuriboh}]", "pass"]
    s.choose(0, f"activate {KURIBOH} [{kuriboh}]")  # player 1 has no response
    s.run(duel)
    assert duel.location(kuriboh) == Location.GRAVE
    assert duel.lp(0) == 8000
    assert not _events(duel, EventKind.DAMAGE)
    assert duel.decision is not None and duel.decision.kind == DecisionKind.BATTLE


def test_kuriboh_protects_only_from_that_battle() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    kuriboh = s.hand(0, KURIBOH)[0]
    s.monster(1, DM)
    s.monster(1, GUARDIAN)
    s.choose(1, f"attack-with {DM}")
    s.choose(0, f"activate {KURIBOH} [{kuriboh}]")
    s.choose(1, f"attack-with {GUARDIAN}")
    duel = s.run()
    assert duel.lp(0) == 8000 - 1400


def test_kuriboh_is_only_offered_before_damage_calculation() -> None:
    # R-BAT-7 with R-BAT-6: at the start of the Damage Step the face-down target is
    # still face-down and Kuriboh cannot be activated; before damage calculation the
    # target is face-up and it can. Not at the attack declaration either.
    s, kuriboh, guardian = _kuriboh_attack(FD)
    s.stop(0, Window.ATTACK_DECLARED, Window.DAMAGE_START)
    duel = s.build()
    s.run(duel)
    assert duel.phase == Phase.BATTLE_STEP
    assert texts(duel.decision) == ["pass"]
    s.choose(0, "pass")
    s.run(duel)
    assert duel.phase == Phase.DAMAGE
    assert duel.position(guardian) == FD
    assert texts(duel.decision) == ["pass"]
    reasons = duel.explain(kuriboh, 0).reasons
    assert "activate: its activation timing has not come" in reasons
    s.choose(0, "pass")
    s.run(duel)
    assert duel.position(guardian) == FU_DEF
    assert texts(duel.decision) == [f"activate {KURIBOH} [{kuriboh}]", "pass"]
    s.choose(0, "pass")
    s.run(duel)
    assert duel.location(kuriboh) == Location.HAND


def test_kuriboh_has_nothing_to_do_when_you_attack() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    kuriboh = s.hand(0, KURIBOH)[0]
    s.monster(0, DM)
    s.monster(1, SKULL)
    s.stop(0, Window.DAMAGE_BEFORE_CALC)
    s.choose(0, f"attack-with {DM}")
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    assert texts(duel.decision) == ["pass"]
    assert "activate: its activation condition is not met" in duel.explain(kuriboh, 0).reasons


# -- Maryokutai (a Quick effect that negates) ---------------------------------------------


def test_maryokutai_negates_a_spell_in_the_opponents_turn() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    maryo = s.monster(0, MARYO)
    pot = s.hand(1, POT)[0]
    s.choose(1, f"activate {POT} [{pot}]")
    s.choose(0, f"activate {MARYO} [{maryo}]")
    duel = s.run()
    assert duel.location(maryo) == Location.GRAVE  # its cost
    assert duel.location(pot) == Location.GRAVE
    assert duel.hand(1) == []  # nothing drawn
    negated = _events(duel, EventKind.CHAIN_NEGATED)
    assert [e.card for e in negated] == [pot]


def test_maryokutai_cannot_negate_in_your_own_turn() -> None:
    # "In the opponent's turn": a Quick-Play Spell the opponent activates in your
    # turn cannot be negated with it.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    maryo = s.monster(0, MARYO)
    mine = s.spell(0, "Dark Hole")
    mst = s.spell(1, "Mystical Space Typhoon")
    s.stop(0, Window.MAIN_END)
    s.choose(0, "battle")
    s.choose(1, f"activate Mystical Space Typhoon [{mst}]")  # its only target: unasked
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]
    assert "activate: its activation condition is not met" in duel.explain(maryo, 0).reasons
    s.choose(0, "pass")
    s.run(duel)
    assert duel.location(mine) == Location.GRAVE


def test_maryokutai_ignores_traps() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    maryo = s.monster(0, MARYO)
    dm = s.monster(1, DM)
    trap = s.spell(1, "Reinforcements")
    s.stop(0, Window.MAIN_OPEN)
    s.choose(1, f"activate Reinforcements [{trap}]", f"select {DM}")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]
    assert "activate: its activation condition is not met" in duel.explain(maryo, 0).reasons
    s.choose(0, "pass")
    s.run(duel)
    assert _atk(duel, dm) == 3000


# -- Witch of the Black Forest (the guides' Trigger effect example) -----------------------


def test_witch_destroyed_by_battle_searches_a_monster_with_1500_or_less_def() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, POT)
    witch = s.monster(0, WITCH)
    s.monster(1, SKULL)
    elf, guardian, kuriboh = s.deck(0, ELF, GUARDIAN, KURIBOH)  # DEF 2000, 1200, 200
    s.choose(0, f"attack-with {WITCH}")
    duel = s.build()
    s.run(duel)
    # Mandatory: no pass; only the monsters with DEF 1500 or less.
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == [
        f"select {GUARDIAN} [{guardian}] (your Deck)",
        f"select {KURIBOH} [{kuriboh}] (your Deck)",
    ]
    s.choose(0, f"select {KURIBOH}")
    s.run(duel)
    assert duel.location(witch) == Location.GRAVE
    assert duel.location(kuriboh) == Location.HAND
    assert duel.location(elf) == Location.DECK
    assert [e.card for e in _events(duel, EventKind.REVEAL)] == [kuriboh]


def test_witch_tributed_for_a_tribute_summon_triggers_after_the_summon() -> None:
    # The guides: a Trigger effect (speed 1) activates when its event happens; sent
    # to the GY as a Tribute, its search starts a chain once the summon is done.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    witch = s.monster(0, WITCH)
    skull = s.hand(0, SKULL)[0]
    guardian = s.deck(0, GUARDIAN)[0]
    s.choose(0, f"summon {SKULL} [{skull}]")  # the only Tribute: taken unasked
    duel = s.run()
    kinds = [e.kind for e in duel.events() if e.kind in (EventKind.SUMMON, EventKind.ACTIVATE)]
    assert kinds == [EventKind.SUMMON, EventKind.ACTIVATE]
    assert _activated(duel) == [witch]
    assert duel.location(guardian) == Location.HAND  # the only candidate: unasked


def test_witch_searches_once_per_turn() -> None:
    # Two Witches destroyed together: only one search.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    a = s.monster(0, WITCH)
    b = s.monster(0, WITCH)
    hole = s.hand(0, "Dark Hole")[0]
    g1, g2 = s.deck(0, GUARDIAN, GUARDIAN)
    s.choose(0, f"activate Dark Hole [{hole}]")
    s.choose(0, f"activate {WITCH} [{a}]")  # which of the two triggers goes first
    s.choose(0, f"select {GUARDIAN} [{g2}]")
    duel = s.run()
    assert duel.location(a) == Location.GRAVE and duel.location(b) == Location.GRAVE
    assert _activated(duel) == [hole, a]
    assert duel.location(g1) == Location.DECK and duel.location(g2) == Location.HAND
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_witch_discarded_from_the_hand_does_not_search() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    tiv = s.monster(0, TIV)
    witch = s.hand(0, WITCH)[0]
    s.deck(0, GUARDIAN)
    s.choose(0, f"activate {TIV} [{tiv}]", "choose Dragon")
    duel = s.run()
    assert duel.location(witch) == Location.GRAVE
    assert _activated(duel) == [tiv]


# -- Shining Angel (the guides' battle-destroyed trigger and effect summon) ---------------


def test_shining_angel_destroyed_by_battle_summons_a_light_monster() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    angel = s.monster(0, ANGEL)
    s.monster(1, DM)
    skull, elf, angel2 = s.deck(0, SKULL, ELF, ANGEL)
    s.choose(1, f"attack-with {DM}")
    duel = s.build()
    s.run(duel)
    assert duel.location(angel) == Location.GRAVE
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == [f"activate {ANGEL} [{angel}]", "pass"]  # optional
    s.choose(0, f"activate {ANGEL} [{angel}]")
    s.run(duel)
    assert texts(duel.decision) == [
        f"select {ELF} [{elf}] (your Deck)",
        f"select {ANGEL} [{angel2}] (your Deck)",
    ]
    s.choose(0, f"select {ELF}")
    s.run(duel)
    assert duel.location(elf) == Location.MZONE and duel.position(elf) == FU_ATK
    assert duel.location(skull) == Location.DECK
    assert duel.lp(0) == 8000 - (2500 - 1400)


def test_shining_angel_destroyed_by_a_card_effect_does_nothing() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    angel = s.monster(0, ANGEL)
    hole = s.hand(0, "Dark Hole")[0]
    s.deck(0, ELF)
    s.choose(0, f"activate Dark Hole [{hole}]")
    duel = s.run()
    assert duel.location(angel) == Location.GRAVE
    assert _activated(duel) == [hole]


# -- Mysterious Puppeteer ------------------------------------------------------------------


def test_mysterious_puppeteer_gains_500_per_normal_or_flip_summon() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, PUPPETEER)
    hidden = s.monster(0, GUARDIAN, FD)
    elf = s.hand(0, ELF)[0]
    s.choose(0, f"summon {ELF} [{elf}]")
    s.choose(0, f"flip-summon {GUARDIAN} [{hidden}]")
    duel = s.run()
    assert duel.lp(0) == 8000 + 1000


def test_mysterious_puppeteer_ignores_sets_special_summons_and_its_own_summon() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    pup = s.hand(0, PUPPETEER)[0]
    reborn = s.hand(0, "Monster Reborn")[0]
    s.grave(1, SKULL)
    s.choose(0, f"summon {PUPPETEER} [{pup}]")
    s.choose(0, f"activate Monster Reborn [{reborn}]", "choose face-up Attack")
    duel = s.run()
    assert duel.lp(0) == 8000
    s2 = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s2.monster(0, PUPPETEER)
    elf = s2.hand(1, ELF)[0]
    s2.choose(1, f"set {ELF} [{elf}]")  # the opponent's Set is not a Summon (R-SUM-1)
    duel2 = s2.run()
    assert duel2.lp(0) == 8000 and duel2.lp(1) == 8000


# -- Total Defense Shogun (the guides' face-down to face-up Defense example) -------------


def test_total_defense_shogun_normal_summoned_goes_to_defense() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, GUARDIAN)
    shogun = s.hand(0, SHOGUN)[0]
    s.choose(0, f"summon {SHOGUN} [{shogun}]")  # the only Tribute: taken unasked
    duel = s.run()
    assert duel.position(shogun) == FU_DEF
    assert _activated(duel) == []  # no chain: it simply happens


def test_total_defense_shogun_flip_summoned_ends_face_up_defense() -> None:
    # The guides: a face-down Defense monster flipped by its controller becomes
    # face-up Attack (a Flip Summon), except Total Defense Shogun, which goes from
    # face-down Defense straight to face-up Defense (R-POS-5 with its effect).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    shogun = s.monster(0, SHOGUN, FD)
    plain = s.monster(0, GUARDIAN, FD)
    s.choose(0, f"flip-summon {SHOGUN} [{shogun}]", f"flip-summon {GUARDIAN} [{plain}]")
    duel = s.run()
    assert duel.position(shogun) == FU_DEF
    assert duel.position(plain) == FU_ATK
    assert [e.card for e in _events(duel, EventKind.FLIP_SUMMON)] == [shogun, plain]


def test_total_defense_shogun_attacks_from_defense_with_its_atk() -> None:
    # R-POS-2: only face-up Attack monsters attack, unless an effect says otherwise.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    shogun = s.monster(0, SHOGUN, FU_DEF)
    elf = s.monster(0, ELF, FU_DEF)
    target = s.monster(1, GUARDIAN)
    duel = s.build()
    assert texts(duel.decision) == [f"attack-with {SHOGUN} [{shogun}]", "main2", "end-turn"]
    reasons = duel.explain(elf, 0).reasons
    assert "attack: only face-up Attack Position monsters can attack" in reasons
    s.choose(0, f"attack-with {SHOGUN} [{shogun}]")
    s.run(duel)
    assert duel.location(target) == Location.GRAVE
    assert duel.lp(1) == 8000 - (1550 - 1400)
    assert duel.position(shogun) == FU_DEF


# -- Sinister Serpent ----------------------------------------------------------------------


def test_sinister_serpent_returns_in_your_standby_phase_and_one_is_banished_later() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.DRAW)
    a, b = s.grave(0, SERPENT, SERPENT)
    duel = s.build()
    s.run(duel)
    assert duel.phase == Phase.STANDBY
    # Optional ("you can"), and once per turn: the two copies, one at most.
    assert texts(duel.decision) == [
        f"activate {SERPENT} [{a}]",
        f"activate {SERPENT} [{b}]",
        "pass",
    ]
    s.choose(0, f"activate {SERPENT} [{a}]")
    s.run(duel)
    assert duel.phase == Phase.MAIN1
    assert duel.location(a) == Location.HAND and duel.location(b) == Location.GRAVE
    s.choose(0, "end-turn")
    s.run(duel)
    assert duel.turn == 4 and duel.location(b) == Location.GRAVE
    s.choose(1, "end-turn")  # the opponent's next End Phase: one Serpent is banished
    s.run(duel)
    assert duel.turn == 5
    assert duel.location(b) == Location.BANISHED
    assert duel.location(a) == Location.HAND


def test_sinister_serpent_may_stay_in_the_graveyard() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.DRAW)
    a = s.grave(0, SERPENT)[0]
    s.choose(0, "pass", "end-turn")
    s.choose(1, "end-turn")
    duel = s.run()
    assert duel.turn == 5 and duel.location(a) == Location.GRAVE


# -- Spell Counters (R-TERM-5): Breaker the Magical Warrior, Royal Magical Library -------


def _counters(duel: Duel, uid: int) -> int:
    return duel._st.counters[uid]


def test_breaker_normal_summoned_gets_a_counter_and_spends_it_on_a_spell() -> None:
    # R-TERM-5: a counter is placed on it and removed as the cost.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    breaker = s.hand(0, BREAKER)[0]
    theirs = s.spell(1, "Mirror Force")
    s.choose(0, f"summon {BREAKER} [{breaker}]")
    duel = s.build()
    s.run(duel)
    assert _counters(duel, breaker) == 1
    assert _atk(duel, breaker) == 1600 + 300
    s.choose(0, f"activate {BREAKER} [{breaker}]")  # one target: unasked
    s.run(duel)
    assert duel.location(theirs) == Location.GRAVE
    assert _counters(duel, breaker) == 0
    assert _atk(duel, breaker) == 1600
    reasons = duel.explain(breaker, 0).reasons
    assert "activate: its cost cannot be paid" in reasons


def test_breaker_special_summoned_gets_no_counter() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    breaker = s.grave(0, BREAKER)[0]
    reborn = s.hand(0, "Monster Reborn")[0]
    s.choose(0, f"activate Monster Reborn [{reborn}]", "choose face-up Attack")
    duel = s.run()
    assert duel.location(breaker) == Location.MZONE
    assert _counters(duel, breaker) == 0 and _atk(duel, breaker) == 1600


def test_royal_magical_library_counts_resolved_spells_up_to_three_and_draws() -> None:
    # R-TERM-5: one counter per Spell Card that resolves, at most 3; 3 removed to draw.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    library = s.monster(0, LIBRARY)
    pots = s.hand(0, POT, POT, POT, POT)
    s.filler(0, 12)
    for p in pots:
        s.choose(0, f"activate {POT} [{p}]")
    duel = s.build()
    s.run(duel)
    assert _counters(duel, library) == 3
    counted = [e.value for e in _events(duel, EventKind.COUNTER)]
    assert counted == [1, 2, 3]
    hand = len(duel.hand(0))
    s.choose(0, f"activate {LIBRARY} [{library}]")
    s.run(duel)
    assert _counters(duel, library) == 0
    assert len(duel.hand(0)) == hand + 1


def test_royal_magical_library_gets_no_counter_for_a_negated_spell() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    library = s.monster(0, LIBRARY)
    pot = s.hand(0, POT)[0]
    jammer = s.spell(1, "Magic Jammer")
    s.hand(1, GUARDIAN)
    s.choose(0, f"activate {POT} [{pot}]")
    s.choose(1, f"activate Magic Jammer [{jammer}]")  # discards its only card
    duel = s.run()
    assert duel.location(pot) == Location.GRAVE and duel.hand(0) == []
    assert _counters(duel, library) == 0


def _counter_spell() -> Scripts:
    """A test-only Normal Spell: put a Spell Counter on a target monster, as far as
    the monster can hold one (R-TERM-5)."""
    base = default_scripts()
    table: dict[int, tuple[Effect, ...]] = {c: base.effects(c) for c in base.codes()}
    table[card("Mystical Space Typhoon").code] = (
        effects.activate(
            effects.add_counters(1, effects.can_hold_counter),
            text="a Spell Counter",
            target=effects.targets(effects.monster),
        ),
    )
    return Scripts(table)


def test_a_card_that_cannot_hold_counters_never_gets_one() -> None:
    # R-TERM-5: Spell Counters only on cards that can hold them.
    results = {}
    for name in (GUARDIAN, LIBRARY, BREAKER):
        s = Scenario(scripts=_counter_spell()).at(turn=3, player=0, phase=Phase.MAIN1)
        m = s.monster(1, name)
        spell = s.hand(0, "Mystical Space Typhoon")[0]
        s.choose(0, f"activate Mystical Space Typhoon [{spell}]")
        duel = s.run()
        results[name] = _counters(duel, m)
    # The Library also counts the Spell's resolution itself (either player's Spell).
    assert results == {GUARDIAN: 0, LIBRARY: 2, BREAKER: 1}


def test_a_full_card_takes_no_more_counters() -> None:
    # R-TERM-5: Breaker holds one at most.
    s = Scenario(scripts=_counter_spell()).at(turn=3, player=0, phase=Phase.MAIN1)
    breaker = s.hand(0, BREAKER)[0]
    spell = s.hand(0, "Mystical Space Typhoon")[0]
    s.choose(0, f"summon {BREAKER} [{breaker}]")
    s.choose(0, f"activate Mystical Space Typhoon [{spell}]")
    duel = s.run()
    assert _counters(duel, breaker) == 1
    assert _atk(duel, breaker) == 1900
