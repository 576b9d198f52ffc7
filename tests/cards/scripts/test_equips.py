"""Equip Spells and the rules of Equip Cards (R-SPELL-2): Axe of Despair, Black Pendant,
Megamorph, Mage Power, Snatch Steal, Premature Burial, Sword of Dark Destruction,
Book of Secret Arts, Dark Energy, Invigoration, United We Stand and the other Equip
Spells; control changes that go with them."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    events,
    moves,
    sel,
    stats,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.actions import DecisionKind
from ygo.engine.events import EventKind, Reason

AXE = "Axe of Despair"
PENDANT = "Black Pendant"
MEGAMORPH = "Megamorph"
MAGE_POWER = "Mage Power"
UMI = "Umi"
SNATCH = "Snatch Steal"
BURIAL = "Premature Burial"
REINFORCEMENTS = "Reinforcements"
CIRCLE = "Spellbinding Circle"
MST = "Mystical Space Typhoon"
DARK_HOLE = "Dark Hole"
POT = "Pot of Greed"
FU_DEF = Position.FACEUP_DEFENSE
FD_DEF = Position.FACEDOWN_DEFENSE


CELTIC = "Celtic Guardian"  # 1400 / 1200 Warrior EARTH, Normal
ELF = "Mystical Elf"  # 800 / 2000 Spellcaster LIGHT, Normal
DM = "Dark Magician"  # 2500 / 2100 Spellcaster DARK, Normal
IMP = "Feral Imp"  # 1300 / 1400 Fiend DARK, Normal
OX = "Battle Ox"  # 1700 / 1000
KURIBOH = "Kuriboh"  # 300 / 200, Effect


def can_activate(duel: Duel, uid: int) -> bool:
    return any((t.startswith("activate ") and t.endswith(f"[{uid}]")) or f"[{uid}]:" in t
               for t in texts(duel.decision))  # fmt: skip


LABYRINTH = "Magical Labyrinth"
WALL = "Labyrinth Wall"
SHADOW = "Wall Shadow"


def test_axe_of_despair_adds_1000_atk_and_wins_the_battle() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe = s.hand(0, AXE)[0]
    guardian = s.monster(0, "Celtic Guardian")  # 1400
    ox = s.monster(1, "Battle Ox")  # 1700
    s.choose(0, act(AXE, axe), sel("Celtic Guardian", guardian))
    duel = s.run()
    # R-SPELL-2: it stays on the field, attached to the monster, and applies.
    assert duel.location(axe) == Location.SZONE
    assert stats(duel, guardian) == (2400, 1200)
    assert stats(duel, ox) == (1700, 1000)
    s.choose(0, "battle", "attack-with Celtic Guardian")
    duel = s.run(duel)
    assert duel.location(ox) == Location.GRAVE
    assert duel.lp(1) == 8000 - 700


def test_a_face_down_monster_cannot_be_equipped() -> None:
    # R-POS-3: only face-up monsters are legal targets; with none, no activation.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe = s.hand(0, AXE)[0]
    s.monster(0, "Celtic Guardian", FD_DEF)
    s.monster(1, "Battle Ox", FD_DEF)
    duel = s.run()
    assert not [t for t in texts(duel.decision) if t.startswith(act(AXE, axe))]
    assert f"set {AXE} [{axe}]" in texts(duel.decision)  # it is in the hand, and settable
    # With a face-up monster too, only that one can be chosen.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe = s.hand(0, AXE)[0]
    s.monster(0, "Celtic Guardian", FD_DEF)
    ox = s.monster(1, "Battle Ox")
    s.monster(1, "Mystical Elf", FD_DEF)
    s.choose(0, act(AXE, axe))  # the only legal target is taken without asking
    duel = s.run()
    targeted = [e.card for e in duel.events() if e.kind == EventKind.TARGET]
    assert targeted == [ox]
    assert stats(duel, ox) == (2700, 1000)


def test_axe_of_despair_goes_back_on_top_of_the_deck_for_a_tribute() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe, mst = s.hand(0, AXE, MST)
    guardian = s.monster(0, "Celtic Guardian")
    elf = s.monster(0, "Mystical Elf")
    s.choose(0, act(AXE, axe), sel("Celtic Guardian", guardian), "pass")
    s.choose(0, act(MST, mst))  # its only target: Axe of Despair
    duel = s.run()
    # Sent from the field to the GY by MST: its owner may use it (an optional trigger).
    assert duel.location(axe) == Location.GRAVE
    assert duel.decision is not None and duel.decision.kind == DecisionKind.TRIGGER
    assert "pass" in texts(duel.decision)
    s.choose(0, f"activate {AXE} [{axe}]", sel("Mystical Elf", elf))  # the Tribute (cost)
    duel = s.run(duel)
    assert duel.deck(0)[-1] == axe  # on top of the Deck
    assert duel.location(elf) == Location.GRAVE
    tribute = moves(duel, elf)[-1]
    assert tribute.reason & Reason.RELEASE and tribute.reason & Reason.COST
    assert duel.location(guardian) == Location.MZONE
    assert stats(duel, guardian) == (1400, 1200)


def test_axe_of_despair_misses_its_timing_in_a_link_that_is_not_the_last() -> None:
    # R-CHAIN-13: MST (Chain Link 2) sends Axe to the GY; Pot of Greed (Chain Link 1)
    # resolves after it, so the "when" trigger has missed its timing.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe, pot = s.hand(0, AXE, POT)
    mst = s.spell(1, MST)
    guardian = s.monster(0, "Celtic Guardian")
    s.monster(0, "Mystical Elf")  # a Tribute would be there to pay with
    s.choose(0, act(AXE, axe), sel("Celtic Guardian", guardian))
    s.choose(1, "pass")  # MST could answer Axe of Despair itself
    s.choose(0, act(POT, pot))
    s.choose(1, act(MST, mst), sel(AXE, axe))
    duel = s.run()
    assert duel.location(axe) == Location.GRAVE
    assert len(duel.hand(0)) == 2  # Pot of Greed resolved last
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN
    assert not [e for e in duel.events() if e.kind == EventKind.ACTIVATE and e.card == axe
                and e.dst == 2]  # fmt: skip


def test_axe_of_despair_destroyed_with_its_monster_needs_a_monster_to_tribute() -> None:
    # R-SPELL-2: the equip is destroyed when its monster leaves the field.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe, hole = s.hand(0, AXE, DARK_HOLE)
    theirs = s.monster(1, "Battle Ox")
    s.choose(0, act(AXE, axe))  # the only face-up monster: either side (R-SPELL-2)
    duel = s.run()
    assert stats(duel, theirs) == (2700, 1000)
    s.choose(0, act(DARK_HOLE, hole))
    duel = s.run(duel)
    assert duel.location(theirs) == Location.GRAVE
    axe_move = moves(duel, axe)[-1]
    assert axe_move.reason & Reason.DESTROY and axe_move.reason & Reason.LOST_TARGET
    # No monster to Tribute: the trigger cannot be activated, nobody is asked.
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_axe_of_despair_destroyed_after_its_monster_lost_a_battle_can_be_used() -> None:
    # R-SPELL-2: the monster destroyed by battle leaves at the end of the Damage Step
    # and the equip is destroyed by rule right after: the last thing that happened,
    # so the "when" trigger is offered (R-CHAIN-13), in the Damage Step (R-BAT-7).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe = s.hand(0, AXE)[0]
    guardian = s.monster(0, "Celtic Guardian")
    elf = s.monster(0, "Mystical Elf", FU_DEF)
    skull = s.monster(1, "Summoned Skull")  # 2500
    s.choose(0, act(AXE, axe), sel("Celtic Guardian", guardian))
    s.choose(0, "battle", "attack-with Celtic Guardian")  # 2400 against 2500
    duel = s.run()
    assert duel.location(guardian) == Location.GRAVE
    assert duel.location(axe) == Location.GRAVE
    assert duel.location(skull) == Location.MZONE
    assert duel.decision is not None and duel.decision.kind == DecisionKind.TRIGGER
    s.choose(0, f"activate {AXE} [{axe}]")  # Mystical Elf, the only Tribute
    duel = s.run(duel)
    assert duel.deck(0)[-1] == axe
    assert duel.location(elf) == Location.GRAVE


def test_black_pendant_adds_500_and_burns_500_when_it_goes_to_the_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    pendant, mst = s.hand(0, PENDANT, MST)
    guardian = s.monster(0, "Celtic Guardian")
    s.choose(0, act(PENDANT, pendant), "pass")  # one face-up monster: chosen at once
    duel = s.run()
    assert stats(duel, guardian) == (1900, 1200)
    s.choose(0, act(MST, mst))
    duel = s.run(duel)
    assert duel.location(pendant) == Location.GRAVE
    assert duel.lp(1) == 8000 - 500
    assert duel.lp(0) == 8000
    assert stats(duel, guardian) == (1400, 1200)


def test_black_pendant_is_mandatory_so_it_does_not_miss_its_timing() -> None:
    # R-CHAIN-13: the same chain as Axe of Despair's missed timing; a mandatory
    # trigger still happens after the chain.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    pendant, pot = s.hand(0, PENDANT, POT)
    mst = s.spell(1, MST)
    s.monster(0, "Celtic Guardian")
    s.choose(0, act(PENDANT, pendant))
    s.choose(1, "pass")
    s.choose(0, act(POT, pot))
    s.choose(1, act(MST, mst), sel(PENDANT, pendant))
    duel = s.run()
    assert len(duel.hand(0)) == 2
    assert duel.location(pendant) == Location.GRAVE
    assert duel.lp(1) == 8000 - 500


def test_megamorph_doubles_with_fewer_lp_halves_with_more_and_follows_the_lp() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).lp(0, 8000).lp(1, 7500)
    morph, burial = s.hand(0, MEGAMORPH, BURIAL)
    s.grave(0, "Celtic Guardian")
    mine = s.monster(0, "Dark Magician")  # 2500
    s.monster(1, "Battle Ox")
    s.choose(0, act(MEGAMORPH, morph), sel("Dark Magician", mine))
    duel = s.run()
    assert stats(duel, mine) == (1250, 2100)  # more LP than the opponent: half
    s.choose(0, act(BURIAL, burial))  # pays 800: 7200 < 7500
    duel = s.run(duel)
    assert duel.lp(0) == 7200
    assert stats(duel, mine) == (5000, 2100)  # fewer LP: double the original ATK


def test_megamorph_with_equal_lp_changes_nothing_and_sets_before_additions() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph, axe = s.hand(0, MEGAMORPH, AXE)
    mine = s.monster(0, "Celtic Guardian")  # 1400
    s.choose(0, act(MEGAMORPH, morph), act(AXE, axe))
    duel = s.run()
    assert stats(duel, mine) == (2400, 1200)  # equal LP: only Axe of Despair's +1000
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).lp(0, 3000)
    morph, axe = s2.hand(0, MEGAMORPH, AXE)
    mine = s2.monster(0, "Celtic Guardian")
    s2.choose(0, act(MEGAMORPH, morph), act(AXE, axe))
    duel = s2.run()
    assert stats(duel, mine) == (2 * 1400 + 1000, 1200)  # double the original, then +1000


def test_mage_power_counts_its_controllers_spells_and_traps() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    power, umi, mst = s.hand(0, MAGE_POWER, UMI, MST)
    s.spell(0, REINFORCEMENTS, this_turn=True)  # Set: counts too
    s.spell(1, CIRCLE, this_turn=True)  # the opponent's: do not count
    s.spell(1, REINFORCEMENTS, this_turn=True)
    mine = s.monster(0, "Celtic Guardian")  # 1400/1200
    s.choose(0, act(UMI, umi), "pass")
    s.choose(0, act(MAGE_POWER, power), "pass")
    duel = s.run()
    # Mage Power, the Set Trap and Umi in the Field Zone: 3 x 500.
    assert stats(duel, mine) == (1400 + 1500, 1200 + 1500)
    s.choose(0, act(MST, mst), sel(UMI, umi))
    duel = s.run(duel)
    assert duel.location(umi) == Location.GRAVE
    assert stats(duel, mine) == (1400 + 1000, 1200 + 1000)


def test_snatch_steal_takes_control_and_the_stolen_monster_can_attack() -> None:
    # R-CHAIN-8: the card lets you attack with a monster you do not own.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch = s.hand(0, SNATCH)[0]
    s.monster(0, "Celtic Guardian")  # yours: not a legal target
    skull = s.monster(1, "Summoned Skull")  # 2500
    s.choose(0, act(SNATCH, snatch))  # the only opponent's face-up monster
    duel = s.run()
    assert duel.controller(skull) == 0 and duel.location(skull) == Location.MZONE
    assert skull in duel.monsters(0)
    assert duel.location(snatch) == Location.SZONE and duel.controller(snatch) == 0
    s.choose(0, "battle", "attack-with Summoned Skull")  # no monsters left: a direct attack
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - 2500


def test_the_controller_not_the_owner_changes_a_stolen_monsters_position() -> None:
    # R-POS-4 (owner or not), R-CHAIN-8.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch = s.hand(0, SNATCH)[0]
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, act(SNATCH, snatch))
    duel = s.run()
    assert f"to-defense Summoned Skull [{skull}]" in texts(duel.decision)
    s.choose(0, f"to-defense Summoned Skull [{skull}]")
    duel = s.run(duel)
    assert duel.position(skull) == FU_DEF


def test_a_stolen_monster_tributed_or_destroyed_goes_to_its_owners_gy() -> None:
    # R-TERM-2, R-CHAIN-8 (Tribute a monster you do not own), R-SPELL-2.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch, girl = s.hand(0, SNATCH, "Dark Magician Girl")
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, act(SNATCH, snatch), f"summon Dark Magician Girl [{girl}]")
    duel = s.run()  # the stolen Skull is the only Tribute: taken without asking
    assert duel.location(girl) == Location.MZONE
    assert skull in duel.grave(1)
    assert snatch in duel.grave(0)  # its monster left: the equip is destroyed
    assert moves(duel, snatch)[-1].reason & Reason.DESTROY


def test_a_destroyed_stolen_monster_goes_to_its_owners_gy() -> None:
    # R-TERM-2: it leaves the field to its owner's GY, not its controller's.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch, hole = s.hand(0, SNATCH, DARK_HOLE)
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, act(SNATCH, snatch), act(DARK_HOLE, hole))
    duel = s.run()
    assert skull in duel.grave(1) and skull not in duel.grave(0)
    assert snatch in duel.grave(0)


def test_control_returns_when_snatch_steal_leaves_the_field() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch, mst = s.hand(0, SNATCH, MST)
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, act(SNATCH, snatch), "pass", act(MST, mst))
    duel = s.run()
    assert duel.location(snatch) == Location.GRAVE
    assert duel.controller(skull) == 1 and skull in duel.monsters(1)


def test_snatch_steal_gives_the_opponent_1000_lp_in_each_of_their_standby_phases() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch = s.hand(0, SNATCH)[0]
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, act(SNATCH, snatch), "end-turn")
    duel = s.run(until=(4, Phase.MAIN1))
    assert duel.turn == 4 and duel.turn_player == 1
    assert duel.lp(1) == 9000 and duel.lp(0) == 8000
    assert duel.controller(skull) == 0  # still stolen in the opponent's turn
    s.choose(1, "end-turn")
    duel = s.run(duel, until=(5, Phase.MAIN1))
    assert duel.lp(1) == 9000  # not in its controller's own Standby Phase


def test_an_equip_card_stays_with_its_controller_when_its_monster_changes_control() -> None:
    # R-SPELL-2: Axe of Despair stays in its controller's zone and keeps applying.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe = s.hand(0, AXE)[0]
    snatch = s.hand(1, SNATCH)[0]
    guardian = s.monster(0, "Celtic Guardian")
    s.choose(0, act(AXE, axe), "end-turn")
    s.choose(1, act(SNATCH, snatch))
    duel = s.run()
    assert duel.controller(guardian) == 1
    assert duel.controller(axe) == 0 and axe in duel.spells(0)
    assert stats(duel, guardian) == (2400, 1200)


def test_premature_burial_revives_in_attack_position_and_takes_it_along() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    burial, mst = s.hand(0, BURIAL, MST)
    magician, _elf = s.grave(0, "Dark Magician", "Mystical Elf")
    s.grave(1, "Summoned Skull")  # the opponent's GY: not a legal target
    s.choose(0, act(BURIAL, burial), sel("Dark Magician", magician), "pass")
    duel = s.run()
    assert duel.lp(0) == 8000 - 800  # the cost
    assert duel.location(magician) == Location.MZONE
    assert duel.position(magician) == Position.FACEUP_ATTACK
    assert duel.location(burial) == Location.SZONE
    # When Premature Burial is destroyed, so is the monster.
    s.choose(0, act(MST, mst))
    duel = s.run(duel)
    assert duel.location(burial) == Location.GRAVE
    assert duel.location(magician) == Location.GRAVE
    assert moves(duel, magician)[-1].reason & Reason.DESTROY


def test_premature_burial_is_destroyed_when_its_monster_is() -> None:
    # R-SPELL-2: an Equip Card whose monster leaves the field is destroyed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    burial, hole = s.hand(0, BURIAL, DARK_HOLE)
    magician = s.grave(0, "Dark Magician")[0]
    s.choose(0, act(BURIAL, burial), act(DARK_HOLE, hole))
    duel = s.run()
    assert duel.location(magician) == Location.GRAVE
    assert duel.location(burial) == Location.GRAVE
    assert moves(duel, burial)[-1].reason & Reason.DESTROY


def test_premature_burial_destroyed_in_response_summons_nothing_and_keeps_the_cost() -> None:
    # R-CHAIN-5 (an Equip Spell that left does nothing), R-CHAIN-7 (the cost stays paid).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    burial = s.hand(0, BURIAL)[0]
    mst = s.spell(1, MST)
    magician = s.grave(0, "Dark Magician")[0]
    s.choose(0, act(BURIAL, burial))
    s.choose(1, act(MST, mst))
    duel = s.run()
    assert duel.lp(0) == 8000 - 800
    assert duel.location(magician) == Location.GRAVE
    assert duel.location(burial) == Location.GRAVE


def test_an_equip_spell_whose_target_is_gone_goes_to_the_gy_after_the_chain() -> None:
    # R-SPELL-2, R-CHAIN-12: Axe of Despair targets the revived Dark Magician; in
    # response MST destroys Premature Burial, which takes Dark Magician along.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    burial, axe = s.hand(0, BURIAL, AXE)
    mst = s.spell(1, MST)
    magician = s.grave(0, "Dark Magician")[0]
    s.choose(0, act(BURIAL, burial))
    s.choose(1, "pass")
    s.choose(0, act(AXE, axe))
    s.choose(1, act(MST, mst), sel(BURIAL, burial))
    duel = s.run()
    assert duel.location(magician) == Location.GRAVE
    assert duel.location(axe) == Location.GRAVE
    axe_move = moves(duel, axe)[-1]
    assert axe_move.reason & Reason.RULE and not axe_move.reason & Reason.DESTROY
    assert not [e for e in duel.events() if e.kind == EventKind.EQUIP and e.card == axe]


def test_sword_of_dark_destruction_only_on_a_dark_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.hand(0, "Sword of Dark Destruction")[0]
    celtic = s.monster(0, CELTIC)  # EARTH: not a legal target
    imp = s.monster(0, IMP)  # DARK
    s.choose(0, act("Sword of Dark Destruction", sword))  # the only target: no question
    duel = s.run()
    assert [e.card for e in events(duel, EventKind.TARGET)] == [imp]
    assert stats(duel, imp) == (1700, 1200)
    assert stats(duel, celtic) == (1400, 1200)
    assert duel.location(sword) == Location.SZONE


def test_sword_of_dark_destruction_cannot_be_activated_without_a_dark_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.hand(0, "Sword of Dark Destruction")[0]
    s.monster(0, CELTIC)
    s.monster(1, IMP, FD_DEF)  # face-down: cannot be equipped (R-POS-3)
    duel = s.run()
    assert not can_activate(duel, sword)


def test_book_of_secret_arts_on_a_spellcaster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    book = s.hand(0, "Book of Secret Arts")[0]
    s.monster(0, CELTIC)
    elf = s.monster(0, ELF)
    dm = s.monster(1, DM)
    s.choose(0, act("Book of Secret Arts", book), sel(DM, dm))
    duel = s.run()
    assert stats(duel, dm) == (2800, 2400)  # the opponent's Spellcaster may be equipped
    assert stats(duel, elf) == (800, 2000)


def test_dark_energy_on_a_fiend_and_destroyed_with_it() -> None:
    # R-SPELL-2: an Equip Card whose monster leaves the field is destroyed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    energy, hole = s.hand(0, "Dark Energy", "Dark Hole")
    s.monster(0, CELTIC)
    imp = s.monster(0, IMP)
    s.choose(0, act("Dark Energy", energy))
    duel = s.run()
    assert stats(duel, imp) == (1600, 1700)
    s.choose(0, act("Dark Hole", hole))
    duel = s.run(duel)
    assert duel.location(energy) == Location.GRAVE
    assert duel.location(imp) == Location.GRAVE


def test_invigoration_on_an_earth_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    inv = s.hand(0, "Invigoration")[0]
    celtic = s.monster(0, CELTIC)
    s.monster(0, IMP)  # DARK: not a target
    s.choose(0, act("Invigoration", inv))
    duel = s.run()
    assert stats(duel, celtic) == (1800, 1000)


def test_invigoration_wins_a_battle_it_would_lose() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    inv = s.hand(0, "Invigoration")[0]
    celtic = s.monster(0, CELTIC)
    ox = s.monster(1, OX)  # 1700, EARTH too
    s.choose(0, act("Invigoration", inv), sel(CELTIC, celtic))
    s.choose(0, "battle", f"attack-with {CELTIC}")
    duel = s.run()
    assert duel.location(ox) == Location.GRAVE
    assert duel.lp(1) == 8000 - 100


def test_united_we_stand_counts_your_face_up_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    uws = s.hand(0, "United We Stand")[0]
    celtic = s.monster(0, CELTIC)
    s.monster(0, ELF)
    s.monster(0, IMP, FD_DEF)  # face-down: not counted
    s.monster(1, OX)  # the opponent's: not counted
    s.choose(0, act("United We Stand", uws), sel(CELTIC, celtic))
    duel = s.run()
    assert stats(duel, celtic) == (1400 + 1600, 1200 + 1600)


def test_united_we_stand_changes_as_the_field_changes() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    uws, bug = s.hand(0, "United We Stand", KURIBOH)
    celtic = s.monster(0, CELTIC)
    s.choose(0, act("United We Stand", uws))
    duel = s.run()
    assert stats(duel, celtic) == (2200, 2000)
    s.choose(0, f"summon Kuriboh [{bug}]")
    duel = s.run(duel)
    assert stats(duel, celtic) == (3000, 2800)


def test_magical_labyrinth_turns_labyrinth_wall_into_wall_shadow() -> None:
    # Equip it to Labyrinth Wall, then Tribute the Wall (a cost) to Special Summon
    # Wall Shadow from the Deck, properly (R-SUM-9); the Labyrinth, left without a
    # monster, goes to the GY (R-SPELL-2).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    lab = s.hand(0, LABYRINTH)[0]
    wall = s.monster(0, WALL)
    shadow = s.deck(0, SHADOW)[0]
    s.filler(0, 3)
    s.choose(0, act(LABYRINTH, lab), act(LABYRINTH, lab), "choose face-up Defense")
    duel = s.run()
    assert duel.location(wall) == Location.GRAVE
    assert duel.location(lab) == Location.GRAVE
    assert duel.location(shadow) == Location.MZONE
    assert duel.position(shadow) == Position.FACEUP_DEFENSE
    assert duel._st.sumtype[shadow] & ops.SUMTYPE_PROPER


def test_magical_labyrinth_equips_only_to_labyrinth_wall() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    lab = s.hand(0, LABYRINTH)[0]
    s.monster(0, CELTIC)
    s.monster(1, WALL, Position.FACEDOWN_DEFENSE)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(act(LABYRINTH, lab))]
