"""Effect Monsters of the pool (not Flip, Fusion, Ritual, Synchro, Xyz, Pendulum, God):
one card's tests together, in the pool's order of the card files they came from
(Command Knight, Kuriboh, Witch of the Black Forest, Sangan, Jinzo, Buster Blader,
Kaiser Sea Horse, Valkyrion, Dark Necrofear, Sword Hunter, Magical Scientist...)."""

from __future__ import annotations

import pytest

from tests.cards.scripts.support import act, activated, atk, defense, events, main, options, sel
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops, query
from ygo.engine.actions import DecisionKind
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.windows import Window

FD_DEF = Position.FACEDOWN_DEFENSE
GRAVE = Location.GRAVE
MZONE = Location.MZONE
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
GUARDIAN = "Celtic Guardian"  # 1400 / 1200 Warrior Normal (the deck filler)
ELF = "Mystical Elf"  # 800 / 2000 LIGHT Spellcaster Normal
SKULL = "Summoned Skull"  # 2500 / 1200 DARK Fiend Normal
POT = "Pot of Greed"


def _kuriboh_attack(target: Position | None) -> tuple[Scenario, int, int]:
    """Player 1's Dark Magician attacks player 0, who holds Kuriboh (and, with
    ``target``, a Celtic Guardian in that position)."""
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    kuriboh = s.hand(0, KURIBOH)[0]
    guardian = s.monster(0, GUARDIAN, target) if target is not None else -1
    s.monster(1, DM)
    s.choose(1, f"attack-with {DM}")
    return s, kuriboh, guardian


REBORN = "Monster Reborn"
BEWD = "Blue-Eyes White Dragon"
SOUL = "Soul of Purity and Light"
ONLY_BY = (("Dark Magician Knight", "only by Knight's Title"),)


# "Must first be Special Summoned by ...": revived only once properly summoned
# (guide 001: such a monster sent to the GY before its proper summon cannot be
# revived; after it, it can; tests/cards/scripts/test_specials_b_cards.py).
FIRST_BY = (
    ("Harpie Lady Sisters", "first by Elegant Egotist"),
    ("Wall Shadow", "first by Magical Labyrinth"),
    ("Metalzoa", "first by Tributing a Zoa equipped with Metalmorph"),
    ("Red-Eyes Black Metal Dragon", "first by Tributing a Red-Eyes B. Dragon"),
    ("Larvae Moth", "first by Tributing a Petit Moth"),
    ("Great Moth", "first by Tributing a Petit Moth"),
    ("Perfectly Ultimate Great Moth", "first by Tributing a Petit Moth"),
)


GILFORD = "Gilford the Lightning"


def named(duel: Duel, player: int, name: str) -> list[int]:
    return [c for c in duel.monsters(player) if c is not None and duel.name(c) == name]


BLADER = "Buster Blader"
SANGA = "Sanga of the Thunder"
KAZEJIN = "Kazejin"
SUIJIN = "Suijin"


def _attack_part(part: str, position: Position = FU_DEF) -> tuple[Scenario, int, int, int]:
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    guard = s.monster(0, part, position)
    bewd = s.monster(1, BEWD)
    skull = s.monster(1, SKULL)
    return s, guard, bewd, skull


VALK = "Valkyrion the Magna Warrior"
ALPHA, BETA, GAMMA = (f"{n} The Magnet Warrior" for n in ("Alpha", "Beta", "Gamma"))
GILFER = "Archfiend of Gilfer"
NECRO = "Dark Necrofear"
HUNTER = "Sword Hunter"
SCIENTIST = "Magical Scientist"
SWORDSMAN = "Flame Swordsman"
BUG = "Man-Eater Bug"
SANGAN = "Sangan"
TOMATO = "Mystic Tomato"
JINZO = "Jinzo"
COTH = "Call of the Haunted"
DARK_HOLE = "Dark Hole"


def _activations(duel: Duel) -> list[tuple[int, int, int]]:
    """(card, chain link, player) of every activation, in order."""
    return [(e.card, e.value, e.player) for e in events(duel, EventKind.ACTIVATE)]


def _moved(duel: Duel, uid: int) -> list[Event]:
    return [e for e in events(duel, EventKind.MOVE) if e.card == uid]


def _tomato_attacked() -> tuple[Scenario, Duel, int, list[int]]:
    """P0's Dark Magician attacks P1's Mystic Tomato; P1 looks at the field after
    damage calculation."""
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, DM)
    tomato = s.monster(1, TOMATO)
    deck = s.deck(1, JINZO, SANGAN, BUG, TOMATO, GUARDIAN)
    s.stop(1, Window.DAMAGE_AFTER_CALC)
    s.choose(0, f"attack-with {DM}")
    duel = s.run()
    return s, duel, tomato, deck


KAISER = "Kaiser Sea Horse"
CELTIC = "Celtic Guardian"
SISTERS = "Harpie Lady Sisters"
LABYRINTH = "Magical Labyrinth"
WALL = "Labyrinth Wall"
SHADOW = "Wall Shadow"
COCOON = "Cocoon of Evolution"
PETIT = "Petit Moth"
LARVAE = "Larvae Moth"
GREAT = "Great Moth"
PUGM = "Perfectly Ultimate Great Moth"


def _cocooned(turn: int, equipped_in: int, *hand: str) -> tuple[Scenario, Duel, list[int], int]:
    """Player 0's Petit Moth wearing a Cocoon of Evolution since turn
    ``equipped_in`` (one of player 0's turns); now turn ``turn``, player 0."""
    s = Scenario().at(turn=turn, player=0, phase=Phase.MAIN1)
    uids = s.hand(0, *hand)
    moth = s.monster(0, PETIT)
    s.equip(s.spell(0, COCOON, face_down=False), moth, turn=equipped_in)
    duel = s.build()
    return s, duel, uids, moth


def test_kaiser_sea_horse_is_one_tribute_for_a_dark_monster() -> None:
    # Two tributes only for a LIGHT monster (the guide: a rule effect).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Kaiser Sea Horse")
    s.hand(0, "Dark Magician")
    s.filler(0, 6)
    s.filler(1, 6)
    assert not [t for t in texts(s.build().decision) if "Dark Magician" in t]


def test_lord_of_d_stops_effects_targeting_dragons() -> None:
    s = main(Scenario())
    ds = s.hand(0, "Tribute to The Doomed")[0]
    s.hand(0, "Celtic Guardian")
    bewd = s.monster(1, "Blue-Eyes White Dragon")
    lord = s.monster(1, "Lord of D.")
    s.choose(0, act("Tribute to The Doomed", ds))
    duel = s.run()
    # Only Lord of D. itself (a Spellcaster) could be targeted: it was, with no choice.
    assert duel.location(lord) == GRAVE and duel.location(bewd) == MZONE
    targeted = [e.card for e in duel.events() if e.kind == EventKind.TARGET]
    assert targeted == [lord]


def test_lord_of_d_alone_with_dragons_leaves_nothing_to_target() -> None:
    s = main(Scenario())
    ds = s.hand(0, "Tribute to The Doomed")[0]
    s.hand(0, "Celtic Guardian")
    s.monster(1, "Blue-Eyes White Dragon")
    s.monster(0, "Koumori Dragon")
    s.monster(0, "Lord of D.", zone=4)
    s.monster(1, "Lord of D.")
    duel = s.build()
    assert act("Tribute to The Doomed", ds) in options(duel)  # the Lords themselves
    s2 = main(Scenario())
    r = s2.hand(0, "Riryoku")[0]
    s2.monster(1, "Blue-Eyes White Dragon")
    s2.monster(0, "Koumori Dragon")
    s2.monster(0, "Lord of D.")
    # Riryoku needs 2 targets: only Lord of D. is not a Dragon.
    assert act("Riryoku", r) not in options(s2.build())


def test_lord_of_d_does_not_stop_a_non_targeting_effect_or_an_attack() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    koumori = s.monster(1, "Koumori Dragon")  # 1500, below Lord's 1200? no: Lord is lower
    s.monster(1, "Lord of D.", FD_DEF)  # face-down: its effect does not apply
    s.choose(0, act("Fissure", f))
    duel = s.run()
    assert duel.location(koumori) == GRAVE


def test_command_knight_gives_your_warriors_400_atk() -> None:
    # A continuous effect: no activation, applies while it is face-up.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    knight = s.monster(0, KNIGHT)
    guardian = s.monster(0, GUARDIAN)
    elf = s.monster(0, ELF)
    theirs = s.monster(1, GUARDIAN)
    face_down = s.monster(0, GUARDIAN, FD)
    duel = s.build()
    assert atk(duel, knight) == 1600
    assert atk(duel, guardian) == 1800
    assert atk(duel, elf) == 800  # not a Warrior
    assert atk(duel, theirs) == 1400  # not yours
    assert atk(duel, face_down) == 1400  # printed value while face-down
    assert not activated(duel)


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


def test_dark_magician_girl_counts_magicians_in_both_graveyards() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    girl = s.monster(0, DMG)
    s.monster(0, DM)  # on the field: does not count
    s.grave(0, DM)
    s.grave(1, DM, MOBC)
    s.grave(1, SKULL)
    duel = s.build()
    assert atk(duel, girl) == 2000 + 3 * 300


def test_dark_magician_girl_grows_when_a_dark_magician_is_destroyed() -> None:
    # Her ATK follows the GYs at once: a Dark Magician destroyed in battle counts.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, POT)
    girl = s.monster(0, DMG)
    skull = s.monster(0, SKULL)
    dm = s.monster(1, DM)
    s.choose(0, f"attack-with {SKULL}")  # 2500 against 2500: both destroyed
    duel = s.build()
    assert atk(duel, girl) == 2000
    s.run(duel)
    assert duel.location(dm) == Location.GRAVE and duel.location(skull) == Location.GRAVE
    assert atk(duel, girl) == 2300


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
    assert not events(duel, EventKind.DAMAGE)
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
    negated = events(duel, EventKind.CHAIN_NEGATED)
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
    assert atk(duel, dm) == 3000


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
    assert [e.card for e in events(duel, EventKind.REVEAL)] == [kuriboh]


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
    assert activated(duel) == [witch]
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
    assert activated(duel) == [hole, a]
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
    assert activated(duel) == [tiv]


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
    assert activated(duel) == [hole]


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


def test_total_defense_shogun_normal_summoned_goes_to_defense() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, GUARDIAN)
    shogun = s.hand(0, SHOGUN)[0]
    s.choose(0, f"summon {SHOGUN} [{shogun}]")  # the only Tribute: taken unasked
    duel = s.run()
    assert duel.position(shogun) == FU_DEF
    assert activated(duel) == []  # no chain: it simply happens


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
    assert [e.card for e in events(duel, EventKind.FLIP_SUMMON)] == [shogun, plain]


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


def test_soul_of_purity_and_light_banishes_two_light_monsters_from_the_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soul = s.hand(0, SOUL)[0]
    a, b = s.grave(0, BEWD, BEWD)  # LIGHT
    s.grave(0, SKULL)  # DARK: not a choice
    s.choose(0, f"special-summon {SOUL} [{soul}]", sel(BEWD, a), "choose face-up Attack")
    duel = s.run()
    assert duel.location(soul) == Location.MZONE
    assert duel.location(a) == Location.BANISHED and duel.location(b) == Location.BANISHED


def test_soul_of_purity_and_light_needs_two_light_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soul = s.hand(0, SOUL)[0]
    s.grave(0, BEWD, SKULL)
    duel = s.build()
    assert f"special-summon {SOUL} [{soul}]" not in texts(duel.decision)


def test_soul_of_purity_and_light_weakens_the_opponents_monsters_in_their_battle_phase() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.monster(0, SOUL)
    skull = s.monster(1, SKULL)
    mine = s.monster(0, "Celtic Guardian")
    duel = s.build()
    assert atk(duel, skull) == 2500  # Main Phase: no change
    s.choose(1, "battle")
    duel = s.run(duel)
    assert duel.phase == Phase.BATTLE_STEP
    assert atk(duel, skull) == 2200
    assert atk(duel, mine) == 1400  # its own side is not affected


def test_gate_guardian_card_scenario_from_the_three_parts() -> None:
    # The three parts on the field become Gate Guardian (3750 ATK).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate = s.hand(0, "Gate Guardian")[0]
    for n in ("Sanga of the Thunder", "Kazejin", "Suijin"):
        s.monster(0, n)
    s.choose(0, f"special-summon Gate Guardian [{gate}]", "choose face-up Attack")
    duel = s.run()
    assert atk(duel, gate) == 3750
    assert duel.monsters(0).count(None) == 4


def _neither_summoned_nor_revived(name: str) -> tuple[list[str], list[str]]:
    """A copy of ``name`` in the hand and one in the GY, with Monster Reborn in the
    hand: no Normal Summon or Set of the one, no Monster Reborn for the other (R-SUM-8);
    what ``explain`` says of each."""
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    in_hand = s.hand(0, name)[0]
    in_gy = s.grave(0, name)[0]
    duel = s.build()
    options = texts(duel.decision)
    assert act(REBORN, reborn) not in options
    assert not [o for o in options if o.endswith(f"[{in_hand}]")]
    return duel.explain(in_hand, 0).reasons, duel.explain(in_gy, 0).reasons


@pytest.mark.parametrize(("name", "condition"), FIRST_BY)
def test_a_monster_first_summoned_one_way_is_not_revived_unless_properly_summoned(
    name: str, condition: str
) -> None:
    # R-SUM-8, R-SUM-9: Monster Reborn cannot take it from the GY when it was never
    # properly summoned; explain says why.
    hand, gy = _neither_summoned_nor_revived(name)
    assert any(condition in r and "summoning condition" in r for r in hand)
    assert any("not properly summoned" in r for r in gy)


@pytest.mark.parametrize(("name", "condition"), ONLY_BY)
def test_a_monster_only_one_way_summons_is_never_revived_nor_normal_summoned(
    name: str, condition: str
) -> None:
    # R-SUM-8: explain names the summoning condition in both places.
    hand, gy = _neither_summoned_nor_revived(name)
    assert any(condition in r for r in hand)
    assert any(f"summoning condition: {condition}" in r for r in gy)


def test_gilford_tribute_summoned_with_three_destroys_the_opponents_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gilford = s.hand(0, GILFORD)[0]
    a = s.monster(0, "Celtic Guardian")
    b = s.monster(0, "Feral Imp")
    c = s.monster(0, "Beaver Warrior")
    theirs = [s.monster(1, SKULL), s.monster(1, BEWD)]
    s.choose(0, f"summon {GILFORD} [{gilford}] with 3 tributes")
    s.choose(0, f"select Celtic Guardian [{a}]", f"select Feral Imp [{b}]")
    duel = s.run()
    assert duel.location(gilford) == Location.MZONE
    assert [duel.location(u) for u in (a, b, c)] == [Location.GRAVE] * 3
    assert [duel.location(u) for u in theirs] == [Location.GRAVE] * 2


def test_gilford_with_the_usual_two_tributes_destroys_nothing() -> None:
    # R-SUM-8: the 3-tribute way is optional, so Gilford is not under the revival
    # limit either.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gilford = s.hand(0, GILFORD)[0]
    a = s.monster(0, "Celtic Guardian")
    s.monster(0, "Feral Imp")
    skull = s.monster(1, SKULL)
    s.choose(0, f"summon {GILFORD} [{gilford}]", f"select Celtic Guardian [{a}]")
    duel = s.run()
    assert duel.location(gilford) == Location.MZONE
    assert duel.location(skull) == Location.MZONE
    assert f"summon {GILFORD} [{gilford}] with 3 tributes" not in texts(duel.decision)
    from ygo.engine.specials import revive_limited

    assert not revive_limited(duel._st, gilford)


def test_insect_queen_gains_200_atk_per_face_up_insect() -> None:
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    moth = s.monster(1, "Petit Moth")  # a face-up Insect on the other side counts too
    s.monster(1, "Man-Eater Bug", FD_DEF)  # face-down: not counted
    s.monster(0, "Celtic Guardian")  # not an Insect
    duel = s.build()
    assert atk(duel, queen) == 2200 + 2 * 200
    assert atk(duel, moth) == 300


def test_insect_queen_cannot_attack_without_a_monster_to_tribute() -> None:
    # R-CHAIN-7: a cost is paid in full or not at all: with no other monster to
    # Tribute it cannot declare an attack.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    queen = s.monster(0, "Insect Queen")
    duel = s.build()
    assert not [t for t in options(duel) if t.startswith("attack-with")]
    assert "attack: the cost it must pay to declare an attack cannot be paid now" in (
        duel.explain(queen, 0).reasons
    )


def test_insect_queen_tributes_to_attack_then_lays_a_token_in_the_end_phase() -> None:
    # R-CHAIN-7, R-SUM-10: the Tribute is a cost, not an activation (no chain) and
    # not destruction (R-TERM-1); R-SUM-11: the Token is a new monster on the field.
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    guardian = s.monster(0, "Celtic Guardian")
    imp = s.monster(0, "Feral Imp")
    moth = s.monster(1, "Petit Moth")
    s.choose(0, "battle", f"attack-with Insect Queen [{queen}]")
    duel = s.run()
    # The Tribute is asked at once, before the target: one of the other monsters.
    labels = [t.split(" (")[0] for t in options(duel)]
    assert labels == [sel("Celtic Guardian", guardian), sel("Feral Imp", imp)]
    s.choose(0, sel("Celtic Guardian", guardian))  # the only target is then attacked
    duel = s.run(duel)
    assert duel.location(guardian) == GRAVE
    assert duel.location(imp) == MZONE
    (moved,) = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == guardian]
    assert moved.reason & Reason.RELEASE and not moved.reason & Reason.DESTROY
    assert duel.location(moth) == GRAVE
    assert duel.lp(1) == 8000 - (2200 + 2 * 200 - 300)  # 2 Insects face-up at calculation
    assert not named(duel, 0, "Insect Monster Token")  # not before the End Phase
    s.choose(0, "main2", "end-turn")
    duel = s.run(duel)
    assert duel.turn == 4  # the Token came in turn 3's End Phase
    (token,) = named(duel, 0, "Insect Monster Token")
    assert duel.position(token) == FU_ATK
    assert atk(duel, queen) == 2200 + 2 * 200  # itself and the Token


def test_insect_queen_makes_no_token_without_destroying_a_monster() -> None:
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    s.monster(0, "Celtic Guardian")  # the only Tribute: taken at once
    s.choose(0, "battle", f"attack-with Insect Queen [{queen}]", "main2")  # then nothing to do
    duel = s.run()
    assert duel.lp(1) == 8000 - 2400  # itself is an Insect
    assert duel.turn == 4
    assert not named(duel, 0, "Insect Monster Token")


def test_a_tributed_insect_monster_token_ceases_to_exist() -> None:
    # R-SUM-11: a Token Tributed (for the next attack) goes nowhere.
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    s.token(0, "Insect Monster Token", FU_ATK)
    s.monster(0, "Feral Imp")
    duel = s.build()
    (token,) = named(duel, 0, "Insect Monster Token")
    s.choose(0, "battle", f"attack-with Insect Queen [{queen}]")
    s.choose(0, sel("Insect Monster Token", token))
    duel = s.run(duel)
    assert not named(duel, 0, "Insect Monster Token")
    assert token not in duel.grave(0)
    assert duel.lp(1) == 8000 - 2400  # the Token left before damage calculation


def test_buster_blader_counts_the_opponents_dragons_on_field_and_in_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    blader = s.monster(0, BLADER)
    s.monster(1, BEWD)  # face-up Dragon: counts
    s.monster(1, "Red-Eyes B. Dragon", Position.FACEDOWN_DEFENSE)  # face-down: does not
    s.grave(1, "Curse of Dragon", SKULL)  # one Dragon (Summoned Skull is a Fiend)
    s.grave(0, BEWD)  # its own controller's Dragons do not count
    s.monster(0, "Curse of Dragon")
    duel = s.build()
    assert atk(duel, blader) == 2600 + 2 * 500


def test_buster_blader_changes_as_dragons_leave() -> None:
    # Dark Hole sends the opponent's face-up Dragon to the GY: still one Dragon; the
    # Blader is destroyed too, and in the GY it has its printed ATK.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, "Dark Hole")[0]
    blader = s.monster(1, BLADER)
    s.monster(0, BEWD)
    duel = s.build()
    assert atk(duel, blader) == 3100
    s.choose(0, act("Dark Hole", hole))
    s.run(duel)
    assert duel.location(blader) == Location.GRAVE


def test_gate_guardian_part_zeroes_the_attackers_atk_for_that_calculation_only() -> None:
    # R-BAT-4: 0 ATK against 2200 DEF: the attacker's controller takes 2200; nothing
    # is destroyed; after the calculation the attacker has its 3000 ATK again.
    s, sanga, bewd, _ = _attack_part(SANGA)
    s.choose(1, f"attack-with {BEWD}")
    s.choose(0, act(SANGA, sanga))
    duel = s.run()
    assert duel.lp(1) == 8000 - 2200
    assert duel.lp(0) == 8000
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(sanga) == Location.MZONE
    assert atk(duel, bewd) == 3000


def test_gate_guardian_part_works_once_while_face_up() -> None:
    s, kazejin, bewd, skull = _attack_part(KAZEJIN)
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, act(KAZEJIN, kazejin))
    s.choose(1, f"attack-with {BEWD}")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1  # back to the Battle Step
    # The second attack: the effect was used while it is face-up, so it is not
    # offered and Blue-Eyes keeps its 3000 ATK against 2200 DEF.
    assert duel.lp(1) == 8000 - 2200
    assert duel.location(kazejin) == Location.GRAVE
    assert duel.location(skull) == Location.MZONE
    assert duel.location(bewd) == Location.MZONE


def test_gate_guardian_part_only_when_attacked_in_the_opponents_turn() -> None:
    # Attacking with Suijin in its own turn: nothing to activate.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    suijin = s.monster(0, SUIJIN, FU_ATK)
    s.monster(1, BEWD)
    s.stop(0, Window.DAMAGE_BEFORE_CALC)
    s.choose(0, f"attack-with {SUIJIN}")
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    assert texts(duel.decision) == ["pass"]
    assert "activate: its activation condition is not met" in duel.explain(suijin, 0).reasons


def test_spirit_ryu_discards_dragons_to_grow_in_its_battle_step() -> None:
    # Twice: 1000 + 2000 ATK beats Summoned Skull's 2500.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    ryu = s.monster(0, "Spirit Ryu")
    d1, d2, dm = s.hand(0, BEWD, "Curse of Dragon", DM)
    skull = s.monster(1, SKULL)
    s.choose(0, "attack-with Spirit Ryu")
    s.choose(0, act("Spirit Ryu", ryu))
    # Dark Magician is no Dragon: only the two Dragons may be discarded.
    s.choose(0, f"select {BEWD} [{d1}]")
    s.choose(0, "pass")  # no second link on top of the first
    duel = s.run()
    assert duel.location(d1) == Location.GRAVE
    assert atk(duel, ryu) == 2000 and defense(duel, ryu) == 2000
    # The last Dragon is discarded without a question; with no Dragon left, the
    # effect is not offered again and the attack goes on.
    s.choose(0, act("Spirit Ryu", ryu))
    s.run(duel)
    assert duel.location(d2) == Location.GRAVE
    assert duel.location(dm) == Location.HAND
    assert duel.location(skull) == Location.GRAVE
    assert duel.lp(1) == 8000 - 500
    assert atk(duel, ryu) == 3000


def test_spirit_ryu_only_in_its_own_battle_step_and_battle() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ryu = s.monster(0, "Spirit Ryu")
    s.hand(0, BEWD)
    duel = s.build()
    assert act("Spirit Ryu", ryu) not in texts(duel.decision)
    # Attacked in the opponent's turn: not its controller's Battle Step.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    ryu = s.monster(0, "Spirit Ryu")
    s.hand(0, BEWD)
    s.monster(1, SKULL)
    s.stop(0, Window.ATTACK_DECLARED)
    s.choose(1, f"attack-with {SKULL}")
    duel = s.run()
    assert texts(duel.decision) == ["pass"]


def test_valkyrion_is_summoned_by_tributing_the_three_magnet_warriors() -> None:
    # R-SUM-8: its own procedure; a Normal Summon or Set is not offered.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.hand(0, VALK)[0]
    alpha, beta = s.monster(0, ALPHA), s.monster(0, BETA)
    duel = s.build()
    assert not [t for t in texts(duel.decision) if VALK in t]  # Gamma is missing
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.hand(0, VALK)[0]
    alpha, beta, gamma = s.monster(0, ALPHA), s.monster(0, BETA), s.monster(0, GAMMA)
    duel = s.build()
    options = [t for t in texts(duel.decision) if VALK in t]
    assert options == [f"special-summon {VALK} [{valk}]"]
    s.choose(0, options[0], "choose face-up Defense")
    s.run(duel)
    assert duel.location(valk) == Location.MZONE
    assert duel.position(valk) == FU_DEF
    assert all(duel.location(u) == Location.GRAVE for u in (alpha, beta, gamma))


def test_valkyrion_tributes_itself_to_bring_back_the_three() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.monster(0, VALK)
    alpha, beta, gamma = s.grave(0, ALPHA, BETA, GAMMA)
    s.grave(0, ALPHA)  # a second Alpha: it may be chosen instead, never both
    s.monster(0, DM)
    s.monster(0, SKULL)
    s.monster(0, BEWD)  # 4 monsters: after the Tribute, 2 zones for 3 warriors
    duel = s.build()
    assert act(VALK, valk) not in texts(duel.decision)
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.monster(0, VALK)
    alpha, beta, gamma, alpha2 = s.grave(0, ALPHA, BETA, GAMMA, ALPHA)
    s.monster(0, DM)
    duel = s.build()
    s.choose(0, act(VALK, valk), f"select {ALPHA} [{alpha}]")
    duel = s.run(duel)
    # With Alpha chosen, the other Alpha is not a target any more.
    assert not [t for t in texts(duel.decision) if f"[{alpha2}]" in t]
    s.choose(0, f"select {BETA} [{beta}]")
    s.run(duel)
    assert duel.location(valk) == Location.GRAVE
    assert [duel.location(u) for u in (alpha, beta, gamma)] == [Location.MZONE] * 3
    assert duel.location(alpha2) == Location.GRAVE


def test_gilfer_sent_to_the_gy_equips_itself_and_lowers_atk() -> None:
    # Destroyed by battle, it goes to the GY and equips itself to Blue-Eyes (-500).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    gilfer = s.monster(0, GILFER)
    tribute, dm = s.hand(0, "Tribute to The Doomed", DM)
    bewd = s.monster(1, BEWD)
    skull = s.monster(1, SKULL)
    s.choose(0, f"attack-with {GILFER}", "target Blue-Eyes White Dragon (zone 1)")
    s.choose(0, act(GILFER, gilfer), f"select {BEWD} [{bewd}] (opponent's Monster Zone 1)")
    duel = s.run()
    assert duel.lp(0) == 8000 - 800
    assert duel.location(gilfer) == Location.SZONE
    assert duel.position(gilfer) == FU_ATK
    assert atk(duel, bewd) == 2500
    assert atk(duel, skull) == 2500
    # R-SPELL-2: Blue-Eyes leaves, so the Equip Card is destroyed; sent to the GY
    # again, Gilfer equips itself to Summoned Skull.
    s.choose(0, "main2", act("Tribute to The Doomed", tribute))
    s.choose(0, f"select {BEWD} [{bewd}] (opponent's Monster Zone 1)")
    s.choose(0, act(GILFER, gilfer))
    duel = s.run(duel)
    assert duel.location(bewd) == Location.GRAVE
    assert duel.location(dm) == Location.GRAVE
    assert duel.location(gilfer) == Location.SZONE
    assert atk(duel, skull) == 2000


def test_gilfer_effect_is_optional() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    gilfer = s.monster(0, GILFER)
    bewd = s.monster(1, BEWD)
    s.choose(0, f"attack-with {GILFER}", "pass")
    duel = s.run()
    assert duel.location(gilfer) == Location.GRAVE
    assert atk(duel, bewd) == 3000


def test_dark_necrofear_is_summoned_by_banishing_three_fiends() -> None:
    # R-SUM-8: its own procedure; two Fiends are not enough, Dragons do not count.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    necro = s.hand(0, NECRO)[0]
    s.grave(0, SKULL, "Archfiend of Gilfer", BEWD)
    duel = s.build()
    assert not [t for t in texts(duel.decision) if f"[{necro}]" in t and "special" in t]
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    necro = s.hand(0, NECRO)[0]
    fiends = s.grave(0, SKULL, "Archfiend of Gilfer", SKULL)
    bewd = s.grave(0, BEWD)[0]
    s.choose(0, f"special-summon {NECRO} [{necro}]")
    duel = s.run()
    while duel.location(necro) != Location.MZONE:  # the banished Fiends, then a position
        options = texts(duel.decision)
        assert not [t for t in options if f"[{bewd}]" in t]
        s.choose(0, options[0])
        s.run(duel)
    assert [duel.location(u) for u in fiends] == [Location.BANISHED] * 3
    assert duel.location(bewd) == Location.GRAVE


def test_dark_necrofear_destroyed_by_the_opponent_possesses_a_monster_at_end_phase() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    necro = s.monster(0, NECRO)
    bewd = s.monster(1, BEWD)
    s.choose(1, f"attack-with {BEWD}", "end-turn")
    duel = s.run()
    # End Phase of turn 4: Necrofear equips itself to Blue-Eyes and P0 controls it.
    assert duel.location(necro) == Location.SZONE
    assert duel._st.ctrl[necro] == 0
    assert duel._st.ctrl[bewd] == 0
    assert duel.location(bewd) == Location.MZONE
    # Its equip leaves: Blue-Eyes goes back to its owner.
    assert duel.decision is not None


def test_dark_necrofear_destroyed_by_its_owners_card_does_nothing() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    necro = s.monster(0, NECRO)
    tribute, _ = s.hand(0, "Tribute to The Doomed", DM)
    bewd = s.monster(1, BEWD)
    s.choose(0, act("Tribute to The Doomed", tribute))
    s.choose(0, f"select {NECRO} [{necro}]", "end-turn")
    duel = s.run()
    assert duel.turn == 4
    assert duel.location(necro) == Location.GRAVE
    assert duel._st.ctrl[bewd] == 1


def test_sword_hunter_equips_what_it_destroyed_by_battle_at_battle_end() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    hunter = s.monster(0, HUNTER)
    dm = s.monster(0, DM)
    gaia = s.monster(1, "Gaia The Fierce Knight")  # 2300: destroyed by the Hunter
    celtic = s.monster(1, "Celtic Guardian")  # 1400: destroyed by Dark Magician
    tribute = s.hand(1, "Tribute to The Doomed", BEWD)[0]
    s.choose(0, f"attack-with {HUNTER}", "target Gaia")
    s.choose(0, f"attack-with {DM}")
    s.choose(0, "main2", act(HUNTER, hunter))
    duel = s.run()
    assert duel.lp(1) == 8000 - 150 - 1100
    assert duel.location(gaia) == Location.SZONE
    assert duel._st.ctrl[gaia] == 0
    assert duel.location(celtic) == Location.GRAVE  # not destroyed by the Hunter
    assert atk(duel, hunter) == 2450 + 200
    assert atk(duel, dm) == 2500
    # R-SPELL-2: the Hunter leaves, so its Equip Card is destroyed and goes to its
    # owner's GY.
    s.choose(
        1, act("Tribute to The Doomed", tribute), f"select {BEWD}", f"select {HUNTER} [{hunter}]"
    )
    s.run(duel)
    assert duel.location(hunter) == Location.GRAVE
    assert duel.location(gaia) == Location.GRAVE
    assert gaia in duel._st.grave[1]


def test_magical_scientist_borrows_a_small_fusion_monster_until_the_end_phase() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sci = s.monster(0, SCIENTIST)
    swordsman, paladin = s.extra(0, SWORDSMAN, "Dark Paladin")
    s.choose(0, act(SCIENTIST, sci), "choose face-up Attack")
    duel = s.run()
    # Only the Level 5 Swordsman was offered (Dark Paladin is Level 8).
    assert duel.lp(0) == 7000
    assert duel.location(swordsman) == Location.MZONE
    assert duel.location(paladin) == Location.EXTRA
    # The opponent has no monster: only the Scientist may attack (directly).
    s.choose(0, "battle")
    s.run(duel)
    options = texts(duel.decision)
    assert f"attack-with {SCIENTIST} [{sci}]" in options
    assert not [t for t in options if SWORDSMAN in t]
    reasons = duel.explain(swordsman, 0).reasons
    assert any("cannot attack directly" in r for r in reasons)
    s.choose(0, f"attack-with {SCIENTIST}", "end-turn")
    s.run(duel)
    assert duel.lp(1) == 8000 - 300
    assert duel.turn == 4
    assert duel.location(swordsman) == Location.EXTRA


def test_magical_scientists_fusion_may_attack_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sci = s.monster(0, SCIENTIST)
    s.extra(0, SWORDSMAN)
    celtic = s.monster(1, "Celtic Guardian")
    s.choose(0, act(SCIENTIST, sci), "choose face-up Attack", "battle")
    s.choose(0, f"attack-with {SWORDSMAN}")
    duel = s.run()
    assert duel.location(celtic) == Location.GRAVE
    assert duel.lp(1) == 8000 - 400


def test_sangan_searches_a_monster_with_1500_or_less_atk_and_shuffles() -> None:
    # R-CHAIN-9: a mandatory trigger: it activates without a "pass" choice.
    # R-TERM-4: the search shuffles the Deck. R-TERM-7: 1500 itself is allowed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    sangan = s.monster(0, SANGAN)
    deck = s.deck(0, DM, "Kojikocy", TOMATO, SKULL, GUARDIAN)
    kojikocy, tomato = deck[1], deck[2]
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert duel.location(sangan) == Location.GRAVE
    assert duel.decision is not None
    assert sorted(texts(duel.decision)) == sorted(
        f"select {n} [{u}] (your Deck)"
        for n, u in ((GUARDIAN, deck[4]), ("Kojikocy", kojikocy), (TOMATO, tomato))
    )
    s.choose(0, f"select {TOMATO}")
    s.run(duel)
    assert _activations(duel) == [(hole, 1, 0), (sangan, 1, 0)]
    assert duel.location(tomato) == Location.HAND
    log = duel.events()
    added = next(i for i, e in enumerate(log) if e.kind == EventKind.MOVE and e.card == tomato)
    shuffled = [i for i, e in enumerate(log) if e.kind == EventKind.SHUFFLE and e.player == 0]
    assert shuffled and shuffled[-1] > added
    revealed = [e.card for e in events(duel, EventKind.REVEAL)]
    assert revealed == [tomato]


def test_sangan_destroyed_by_chain_link_1_waits_for_a_new_chain() -> None:
    # R-CHAIN-14: Dark Hole (Link 1) <- Call of the Haunted (Link 2) reviving Sangan;
    # Dark Hole destroys the revived Sangan, and its trigger is not added to that chain:
    # it starts a new chain after the first one has ended. The Call of the Haunted goes
    # with its monster (its Bind).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    coth = s.spell(1, COTH)
    sangan = s.grave(1, SANGAN)[0]
    tomato = s.deck(1, TOMATO, SKULL, DM)[0]  # the only monster it can search
    s.monster(0, SKULL)
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    s.choose(1, f"activate {COTH} [{coth}]")
    duel = s.run()
    assert _activations(duel) == [(hole, 1, 0), (coth, 2, 1), (sangan, 1, 1)]
    log = duel.events()
    first_end = next(i for i, e in enumerate(log) if e.kind == EventKind.CHAIN_END)
    sangan_on = next(
        i for i, e in enumerate(log) if e.kind == EventKind.ACTIVATE and e.card == sangan
    )
    assert first_end < sangan_on
    assert duel.location(sangan) == Location.GRAVE
    assert duel.location(coth) == Location.GRAVE
    assert _moved(duel, coth)[-1].reason & Reason.DESTROY
    assert duel.location(tomato) == Location.HAND


def test_mystic_tomato_stays_marked_until_the_end_of_the_damage_step_then_summons() -> None:
    # R-BAT-9: destroyed at damage calculation, still on the field after it; sent to
    # the GY at the end of the Damage Step, where its trigger activates.
    s, duel, tomato, deck = _tomato_attacked()
    _jinzo, sangan, _bug, tomato2, _guardian = deck
    assert duel.lp(1) == 8000 - 1100
    assert duel.location(tomato) == Location.MZONE
    assert [e.card for e in events(duel, EventKind.BATTLE_DESTROYED)] == [tomato]
    s.choose(1, "pass")
    s.run(duel)
    assert duel.location(tomato) == Location.GRAVE
    # R-CHAIN-9: optional ("you can"): P1 may activate it or pass.
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [f"activate {TOMATO} [{tomato}]", "pass"]
    s.choose(1, f"activate {TOMATO} [{tomato}]")
    s.run(duel)
    # Only DARK monsters with 1500 or less ATK: not Jinzo (2400), not the Bug (EARTH).
    assert duel.decision is not None
    assert sorted(texts(duel.decision)) == sorted(
        [f"select {SANGAN} [{sangan}] (your Deck)", f"select {TOMATO} [{tomato2}] (your Deck)"]
    )
    s.choose(1, f"select {SANGAN}")
    s.run(duel)
    assert duel.location(sangan) == Location.MZONE
    assert duel.position(sangan) == FU_ATK  # Attack Position only: no question asked
    assert duel.controller(sangan) == 1
    assert events(duel, EventKind.SHUFFLE)[-1].player == 1  # R-TERM-4
    # All of it inside the Damage Step: no new phase or step began before it.
    log = duel.events()
    calc = next(i for i, e in enumerate(log) if e.kind == EventKind.BATTLE_DESTROYED)
    on = next(i for i, e in enumerate(log) if e.kind == EventKind.ACTIVATE)
    assert not [e for e in log[calc:on] if e.kind == EventKind.PHASE]
    assert duel.decision is not None and duel.decision.player == 0


def test_mystic_tomato_may_be_declined() -> None:
    # R-CHAIN-9: an optional trigger may be declined; nothing happens then.
    s, duel, tomato, deck = _tomato_attacked()
    s.choose(1, "pass", "pass")
    s.run(duel)
    assert not events(duel, EventKind.ACTIVATE)
    assert all(duel.location(u) == Location.DECK for u in deck)
    assert duel.location(tomato) == Location.GRAVE


def test_jinzo_stops_every_trap_activation() -> None:
    # Jinzo: no Trap can be activated, the opponent's nor its controller's own.
    # R-MON-2: a continuous effect: it applies without being activated (no chain link).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    jinzo = s.monster(0, JINZO)
    s.spell(0, COTH)
    theirs = s.spell(1, COTH)
    s.grave(0, SKULL)
    s.grave(1, SANGAN)
    s.stop(1, Window.MAIN_OPEN)
    duel = s.build()
    assert duel.decision is not None
    assert not [o for o in texts(duel.decision) if COTH in o]
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    s.run(duel)
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]  # the Call of the Haunted is not offered
    s.choose(1, "pass")
    s.run(duel)
    assert _activations(duel) == [(hole, 1, 0)]
    assert duel.location(jinzo) == Location.GRAVE
    assert duel.location(theirs) == Location.SZONE


def test_without_jinzo_the_trap_could_respond() -> None:
    # The control case of the test above: the same position without Jinzo.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    s.monster(0, SKULL)
    theirs = s.spell(1, COTH)
    s.grave(1, SANGAN)
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [f"activate {COTH} [{theirs}]", "pass"]


def test_jinzo_negates_a_face_up_trap_on_the_field() -> None:
    # Jinzo negates the effects of Traps on the field: Imperial Order no longer stops
    # Dark Hole (compare tests/rules/test_chain.py, where it does).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, DARK_HOLE)[0]
    jinzo = s.monster(0, JINZO)
    order = s.spell(1, "Imperial Order", face_down=False)
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert not events(duel, EventKind.CHAIN_DISABLED)
    assert duel.location(jinzo) == Location.GRAVE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(order) == Location.SZONE


def test_kaiser_sea_horse_alone_is_two_tributes_for_a_light_monster() -> None:
    # R-SUM-2: a Level 8 needs two tributes; Kaiser Sea Horse counts as both for
    # a LIGHT monster, so it is the only tribute (and the summon is offered).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bewd = s.hand(0, BEWD)[0]
    kaiser = s.monster(0, KAISER)
    s.choose(0, f"summon {BEWD} [{bewd}]")  # the one tribute is not asked
    duel = s.run()
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.monsters(0).count(None) == 4


def test_kaiser_sea_horse_is_one_tribute_for_a_dark_monster_and_explain_says_so() -> None:
    # R-SUM-2: for a DARK Level 7 it is one tribute like any other: no summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.hand(0, DM)[0]
    s.monster(0, KAISER)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.endswith(f"[{dm}]")]
    assert any("needs 2 tributes" in r for r in duel.explain(dm, 0).reasons)


def test_kaiser_sea_horse_chosen_first_ends_the_tributes() -> None:
    # R-SUM-2: with Kaiser Sea Horse and another monster, choosing Kaiser first is
    # enough; the other monster stays. Choosing the other first, Kaiser is then
    # the second tribute.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bewd = s.hand(0, BEWD)[0]
    kaiser = s.monster(0, KAISER)
    celtic = s.monster(0, CELTIC)
    s.choose(0, f"summon {BEWD} [{bewd}]", sel(KAISER, kaiser))
    duel = s.run()
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.location(celtic) == Location.MZONE

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bewd = s.hand(0, BEWD)[0]
    kaiser = s.monster(0, KAISER)
    celtic = s.monster(0, CELTIC)
    s.choose(0, f"summon {BEWD} [{bewd}]", sel(CELTIC, celtic))
    duel = s.run()
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.location(celtic) == Location.GRAVE


def test_kaiser_sea_horse_counts_two_of_gilfords_three_tributes() -> None:
    # R-SUM-2, R-MON-2: Gilford the Lightning (LIGHT) may be summoned with 3
    # tributes; Kaiser Sea Horse and one more monster make 3, and the summon counts
    # as one with 3 tributes (Gilford's effect destroys the opponent's monsters).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gilford = s.hand(0, "Gilford the Lightning")[0]
    kaiser = s.monster(0, KAISER)
    celtic = s.monster(0, CELTIC)
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, f"summon Gilford the Lightning [{gilford}] with 3 tributes", sel(KAISER, kaiser))
    duel = s.run()
    assert duel.location(gilford) == Location.MZONE
    assert duel.location(kaiser) == Location.GRAVE
    assert duel.location(celtic) == Location.GRAVE
    assert duel.location(skull) == Location.GRAVE


def test_kaiser_sea_horse_rule_is_no_summoning_condition() -> None:
    # Guide ruling (rule effects): Kaiser's double tribute is a rule of the card,
    # not a summoning condition, so a Kaiser sent to the GY from the hand can be
    # revived (R-SUM-8 does not apply to it).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    kaiser = s.grave(0, KAISER)[0]
    s.choose(0, act(REBORN, reborn), "choose face-up Attack")
    duel = s.run()
    assert duel.location(kaiser) == Location.MZONE


def test_harpie_lady_sisters_from_the_hand_only_by_elegant_egotist() -> None:
    # R-SUM-8: Monster Reborn's kind of effect cannot summon it from the hand or
    # Deck; no Normal Summon either; explain gives the summoning condition.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sisters = s.hand(0, SISTERS)[0]
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.endswith(f"[{sisters}]")]
    reasons = duel.explain(sisters, 0).reasons
    assert any("summoning condition: first by Elegant Egotist" in r for r in reasons)


def test_wall_shadow_summoned_by_the_labyrinth_can_be_revived() -> None:
    # Guide 001 (R-SUM-9): properly summoned first, then it may be revived; a Wall
    # Shadow that went to the GY from the Deck first may not.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    lab, hole, reborn = s.hand(0, LABYRINTH, "Dark Hole", REBORN)
    s.monster(0, WALL)
    shadow = s.deck(0, SHADOW)[0]
    other = s.grave(0, SHADOW)[0]
    s.filler(0, 3)
    s.choose(0, act(LABYRINTH, lab), act(LABYRINTH, lab), "choose face-up Attack")
    s.choose(0, act("Dark Hole", hole))
    # The Wall and the proper Wall Shadow are targets; the other Wall Shadow is not.
    s.choose(0, act(REBORN, reborn), sel(SHADOW, shadow), "choose face-up Defense")
    duel = s.run()
    assert duel.location(shadow) == Location.MZONE
    assert duel.location(other) == Location.GRAVE
    assert any("not properly summoned" in r for r in duel.explain(other, 0).reasons)


def test_cocoon_of_evolution_equips_from_the_hand_to_petit_moth() -> None:
    # A monster as an Equip Card (guide 001: it sits in the Spell & Trap Zone);
    # Petit Moth takes the Cocoon's 0 ATK / 2000 DEF.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cocoon = s.hand(0, COCOON)[0]
    moth = s.monster(0, PETIT)
    s.choose(0, act(COCOON, cocoon))
    duel = s.run()
    assert duel.location(cocoon) == Location.SZONE
    assert (atk(duel, moth), defense(duel, moth)) == (0, 2000)
    assert query.equipped_to(duel._st, cocoon) == moth


def test_cocoon_needs_a_face_up_petit_moth() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cocoon = s.hand(0, COCOON)[0]
    s.monster(0, CELTIC)
    s.monster(0, PETIT, Position.FACEDOWN_DEFENSE)
    duel = s.build()
    assert act(COCOON, cocoon) not in texts(duel.decision)


def test_larvae_moth_comes_on_the_second_of_your_turns_in_the_cocoon() -> None:
    # R-SUM-8: the Cocoon is equipped in turn 3; turn 5 is the first of your turns
    # after it (not yet), turn 7 the second: Tribute the Petit Moth, Larvae Moth
    # comes out of the hand, properly summoned (R-SUM-9); the Cocoon goes too.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cocoon, larvae = s.hand(0, COCOON, LARVAE)
    moth = s.monster(0, PETIT)
    s.filler(0, 5)
    s.filler(1, 5)
    s.choose(0, act(COCOON, cocoon), "end-turn")
    s.choose(1, "end-turn")
    duel = s.run(until=(5, Phase.MAIN1))
    assert f"special-summon {LARVAE} [{larvae}]" not in texts(duel.decision)
    assert any("summoning condition" in r for r in duel.explain(larvae, 0).reasons)
    s.choose(0, "end-turn")
    s.choose(1, "end-turn")
    s.choose(0, f"special-summon {LARVAE} [{larvae}]", "choose face-up Attack")
    duel = s.run(duel, until=(7, Phase.MAIN1))
    assert duel.location(larvae) == Location.MZONE
    assert duel.location(moth) == Location.GRAVE
    assert duel.location(cocoon) == Location.GRAVE
    assert duel._st.sumtype[larvae] & ops.SUMTYPE_PROPER


def test_great_moth_needs_four_of_your_turns_and_the_ultimate_one_six() -> None:
    # R-SUM-8: equipped in turn 3; turn 11 is the 4th of your turns after it:
    # Great Moth may come out, Perfectly Ultimate Great Moth (6 turns) not yet.
    s, duel, (great, pugm), moth = _cocooned(11, 3, GREAT, PUGM)
    options = texts(duel.decision)
    assert f"special-summon {GREAT} [{great}]" in options
    assert f"special-summon {PUGM} [{pugm}]" not in options
    s.choose(0, f"special-summon {GREAT} [{great}]", "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(great) == Location.MZONE
    assert duel.location(moth) == Location.GRAVE
    assert atk(duel, great) == 2600
    # Turn 9 is only the 3rd: no Great Moth.
    _s, duel, (great,), _m = _cocooned(9, 3, GREAT)
    assert f"special-summon {GREAT} [{great}]" not in texts(duel.decision)


def test_perfectly_ultimate_great_moth_on_the_sixth_turn_and_later() -> None:
    # R-SUM-8, R-SUM-9: the card data lacks the "Special Summon only" bit, yet it
    # cannot be Normal Summoned (explain names its summoning condition); on the 6th
    # of your turns (and later) it comes out by Tributing the Petit Moth.
    s, duel, (pugm,), moth = _cocooned(17, 3, PUGM)
    options = texts(duel.decision)
    assert f"summon {PUGM} [{pugm}]" not in options
    assert f"set {PUGM} [{pugm}]" not in options
    s.choose(0, f"special-summon {PUGM} [{pugm}]", "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(pugm) == Location.MZONE
    assert duel.location(moth) == Location.GRAVE
    assert duel._st.sumtype[pugm] & ops.SUMTYPE_PROPER

    _s, duel, (pugm,), _m = _cocooned(13, 3, PUGM)  # the 5th turn: not yet
    assert f"special-summon {PUGM} [{pugm}]" not in texts(duel.decision)
    reasons = duel.explain(pugm, 0).reasons
    assert any("summoning condition: first by Tributing a Petit Moth" in r for r in reasons)


def test_a_properly_summoned_great_moth_can_be_revived() -> None:
    # Guide 001 (R-SUM-9): summoned its own way first, it may then be revived.
    s, duel, (great, hole, reborn), _moth = _cocooned(11, 3, GREAT, "Dark Hole", REBORN)
    s.choose(0, f"special-summon {GREAT} [{great}]", "choose face-up Attack")
    s.choose(0, act("Dark Hole", hole))
    s.choose(0, act(REBORN, reborn), sel(GREAT, great), "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(great) == Location.MZONE
