"""Equip Spells, a Field Spell and the cards that stay with a monster (issue 6,
group b): Axe of Despair, Black Pendant, Megamorph, Mage Power, Umi, Snatch Steal,
Premature Burial, Reinforcements, Spellbinding Circle."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo import effects
from ygo.cards.scripts import default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.engine.actions import DecisionKind
from ygo.engine.duel import Duel
from ygo.engine.effect import Effect, Mod
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window
from ygo.rules import Ruleset

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


def stats(duel: Duel, uid: int) -> tuple[int | None, int | None]:
    """A monster's ATK and DEF as its controller sees them."""
    for side in duel.view(duel.controller(uid)).players:
        for c in side.monsters:
            if c is not None and c.uid == uid:
                return c.atk, c.defense
    raise AssertionError(f"card {uid} is not in a Monster Zone")


def moves(duel: Duel, uid: int) -> list[Event]:
    return [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == uid]


def activate(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def select(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


# -- Axe of Despair ---------------------------------------------------------------------


def test_axe_of_despair_adds_1000_atk_and_wins_the_battle() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe = s.hand(0, AXE)[0]
    guardian = s.monster(0, "Celtic Guardian")  # 1400
    ox = s.monster(1, "Battle Ox")  # 1700
    s.choose(0, activate(AXE, axe), select("Celtic Guardian", guardian))
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
    assert not [t for t in texts(duel.decision) if t.startswith(activate(AXE, axe))]
    assert f"set {AXE} [{axe}]" in texts(duel.decision)  # it is in the hand, and settable
    # With a face-up monster too, only that one can be chosen.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe = s.hand(0, AXE)[0]
    s.monster(0, "Celtic Guardian", FD_DEF)
    ox = s.monster(1, "Battle Ox")
    s.monster(1, "Mystical Elf", FD_DEF)
    s.choose(0, activate(AXE, axe))  # the only legal target is taken without asking
    duel = s.run()
    targeted = [e.card for e in duel.events() if e.kind == EventKind.TARGET]
    assert targeted == [ox]
    assert stats(duel, ox) == (2700, 1000)


def test_axe_of_despair_goes_back_on_top_of_the_deck_for_a_tribute() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    axe, mst = s.hand(0, AXE, MST)
    guardian = s.monster(0, "Celtic Guardian")
    elf = s.monster(0, "Mystical Elf")
    s.choose(0, activate(AXE, axe), select("Celtic Guardian", guardian), "pass")
    s.choose(0, activate(MST, mst))  # its only target: Axe of Despair
    duel = s.run()
    # Sent from the field to the GY by MST: its owner may use it (an optional trigger).
    assert duel.location(axe) == Location.GRAVE
    assert duel.decision is not None and duel.decision.kind == DecisionKind.TRIGGER
    assert "pass" in texts(duel.decision)
    s.choose(0, f"activate {AXE} [{axe}]", select("Mystical Elf", elf))  # the Tribute (cost)
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
    s.choose(0, activate(AXE, axe), select("Celtic Guardian", guardian))
    s.choose(1, "pass")  # MST could answer Axe of Despair itself
    s.choose(0, activate(POT, pot))
    s.choose(1, activate(MST, mst), select(AXE, axe))
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
    s.choose(0, activate(AXE, axe))  # the only face-up monster: either side (R-SPELL-2)
    duel = s.run()
    assert stats(duel, theirs) == (2700, 1000)
    s.choose(0, activate(DARK_HOLE, hole))
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
    s.choose(0, activate(AXE, axe), select("Celtic Guardian", guardian))
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


# -- Black Pendant ----------------------------------------------------------------------


def test_black_pendant_adds_500_and_burns_500_when_it_goes_to_the_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    pendant, mst = s.hand(0, PENDANT, MST)
    guardian = s.monster(0, "Celtic Guardian")
    s.choose(0, activate(PENDANT, pendant), "pass")  # one face-up monster: chosen at once
    duel = s.run()
    assert stats(duel, guardian) == (1900, 1200)
    s.choose(0, activate(MST, mst))
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
    s.choose(0, activate(PENDANT, pendant))
    s.choose(1, "pass")
    s.choose(0, activate(POT, pot))
    s.choose(1, activate(MST, mst), select(PENDANT, pendant))
    duel = s.run()
    assert len(duel.hand(0)) == 2
    assert duel.location(pendant) == Location.GRAVE
    assert duel.lp(1) == 8000 - 500


# -- Megamorph ------------------------------------------------------------------------------


def test_megamorph_doubles_with_fewer_lp_halves_with_more_and_follows_the_lp() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).lp(0, 8000).lp(1, 7500)
    morph, burial = s.hand(0, MEGAMORPH, BURIAL)
    s.grave(0, "Celtic Guardian")
    mine = s.monster(0, "Dark Magician")  # 2500
    s.monster(1, "Battle Ox")
    s.choose(0, activate(MEGAMORPH, morph), select("Dark Magician", mine))
    duel = s.run()
    assert stats(duel, mine) == (1250, 2100)  # more LP than the opponent: half
    s.choose(0, activate(BURIAL, burial))  # pays 800: 7200 < 7500
    duel = s.run(duel)
    assert duel.lp(0) == 7200
    assert stats(duel, mine) == (5000, 2100)  # fewer LP: double the original ATK


def test_megamorph_with_equal_lp_changes_nothing_and_sets_before_additions() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph, axe = s.hand(0, MEGAMORPH, AXE)
    mine = s.monster(0, "Celtic Guardian")  # 1400
    s.choose(0, activate(MEGAMORPH, morph), activate(AXE, axe))
    duel = s.run()
    assert stats(duel, mine) == (2400, 1200)  # equal LP: only Axe of Despair's +1000
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).lp(0, 3000)
    morph, axe = s2.hand(0, MEGAMORPH, AXE)
    mine = s2.monster(0, "Celtic Guardian")
    s2.choose(0, activate(MEGAMORPH, morph), activate(AXE, axe))
    duel = s2.run()
    assert stats(duel, mine) == (2 * 1400 + 1000, 1200)  # double the original, then +1000


# -- Mage Power -----------------------------------------------------------------------------


def test_mage_power_counts_its_controllers_spells_and_traps() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    power, umi, mst = s.hand(0, MAGE_POWER, UMI, MST)
    s.spell(0, REINFORCEMENTS, this_turn=True)  # Set: counts too
    s.spell(1, CIRCLE, this_turn=True)  # the opponent's: do not count
    s.spell(1, REINFORCEMENTS, this_turn=True)
    mine = s.monster(0, "Celtic Guardian")  # 1400/1200
    s.choose(0, activate(UMI, umi), "pass")
    s.choose(0, activate(MAGE_POWER, power), "pass")
    duel = s.run()
    # Mage Power, the Set Trap and Umi in the Field Zone: 3 x 500.
    assert stats(duel, mine) == (1400 + 1500, 1200 + 1500)
    s.choose(0, activate(MST, mst), select(UMI, umi))
    duel = s.run(duel)
    assert duel.location(umi) == Location.GRAVE
    assert stats(duel, mine) == (1400 + 1000, 1200 + 1000)


# -- Umi --------------------------------------------------------------------------------------


def test_umi_powers_up_sea_monsters_and_weakens_machines_on_both_sides() -> None:
    # R-SPELL-3: a Field Spell affects both players' face-up monsters.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    umi = s.hand(0, UMI)[0]
    fish = s.monster(0, "Great White")  # Fish 1600/800
    serpent = s.monster(1, "Kaiser Sea Horse")  # Sea Serpent 1700/1650
    machine = s.monster(1, "Mechanicalchaser")  # Machine 1850/800
    thunder = s.monster(0, "Sanga of the Thunder")  # Thunder 2600/2200
    aqua = s.monster(1, "Maryokutai")  # Aqua 900/900
    pyro = s.monster(0, "Benchmark Normal Lv2 1000/1000")  # Pyro
    warrior = s.monster(0, "Celtic Guardian")  # unaffected
    s.choose(0, activate(UMI, umi))
    s.choose(1, "pass")  # Maryokutai could negate Umi (a Spell in its opponent's turn)
    duel = s.run()
    assert duel.field_spell(0) == umi
    assert stats(duel, fish) == (1800, 1000)
    assert stats(duel, serpent) == (1900, 1850)
    assert stats(duel, thunder) == (2800, 2400)
    assert stats(duel, aqua) == (1100, 1100)
    assert stats(duel, machine) == (1650, 600)
    assert stats(duel, pyro) == (800, 800)
    assert stats(duel, warrior) == (1400, 1200)


def _umi_twice_in_a_row(ruleset: Ruleset) -> tuple[Duel, int, int]:
    s = Scenario(ruleset).at(turn=3, player=0, phase=Phase.MAIN1)
    old, new = s.hand(0, UMI, UMI)
    s.choose(0, activate(UMI, old), activate(UMI, new))
    return s.run(), old, new


def test_a_new_field_spell_replaces_your_own_classic_destroys_it() -> None:
    # R-FIELD-2 [classic]: your old Field Spell is destroyed.
    duel, old, new = _umi_twice_in_a_row(Ruleset.classic())
    assert duel.field_spell(0) == new
    assert duel.location(old) == Location.GRAVE
    assert moves(duel, old)[-1].reason & Reason.DESTROY


def test_a_new_field_spell_replaces_your_own_mr3_sends_it_to_the_gy() -> None:
    # R-FIELD-2 [mr3]: your old Field Spell is sent to the GY, not destroyed.
    duel, old, new = _umi_twice_in_a_row(Ruleset.mr3())
    assert duel.field_spell(0) == new
    assert duel.location(old) == Location.GRAVE
    assert not moves(duel, old)[-1].reason & Reason.DESTROY


def _umi_on_both_sides(ruleset: Ruleset) -> tuple[Duel, int, int, int]:
    s = Scenario(ruleset).at(turn=3, player=0, phase=Phase.MAIN1)
    mine = s.hand(0, UMI)[0]
    theirs = s.hand(1, UMI)[0]
    fish = s.monster(1, "Great White")  # 1600/800
    s.choose(0, activate(UMI, mine), "end-turn")
    s.choose(1, activate(UMI, theirs))
    duel = s.run()
    assert duel.turn == 4 and duel.turn_player == 1
    return duel, mine, theirs, fish


def test_classic_a_field_spell_destroys_the_opponents_face_up_one() -> None:
    # R-FIELD-2 [classic]: one face-up Field Spell on the whole field.
    duel, mine, theirs, fish = _umi_on_both_sides(Ruleset.classic())
    assert duel.field_spell(1) == theirs
    assert duel.field_spell(0) is None
    assert duel.location(mine) == Location.GRAVE
    assert moves(duel, mine)[-1].reason & Reason.DESTROY
    assert stats(duel, fish) == (1800, 1000)


def test_mr3_each_player_keeps_a_field_spell() -> None:
    # R-FIELD-2 [mr3]: one per player; the opponent's is untouched.
    duel, mine, theirs, fish = _umi_on_both_sides(Ruleset.mr3())
    assert duel.field_spell(1) == theirs
    assert duel.field_spell(0) == mine
    assert stats(duel, fish) == (2000, 1200)  # both apply


def test_with_five_spell_trap_zones_full_only_a_field_spell_can_be_activated() -> None:
    # R-FIELD-4: the Field Zone is not one of the five Spell & Trap Zones.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    umi, axe, pot = s.hand(0, UMI, AXE, POT)
    for _ in range(5):
        s.spell(0, "Trap Hole", this_turn=True)
    s.monster(0, "Celtic Guardian")
    duel = s.run()
    options = texts(duel.decision)
    assert activate(UMI, umi) in options
    assert not [t for t in options if t.startswith((activate(AXE, axe), activate(POT, pot)))]
    s.choose(0, activate(UMI, umi))
    duel = s.run(duel)
    assert duel.field_spell(0) == umi


# -- Snatch Steal ---------------------------------------------------------------------------


def test_snatch_steal_takes_control_and_the_stolen_monster_can_attack() -> None:
    # R-CHAIN-8: the card lets you attack with a monster you do not own.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch = s.hand(0, SNATCH)[0]
    s.monster(0, "Celtic Guardian")  # yours: not a legal target
    skull = s.monster(1, "Summoned Skull")  # 2500
    s.choose(0, activate(SNATCH, snatch))  # the only opponent's face-up monster
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
    s.choose(0, activate(SNATCH, snatch))
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
    s.choose(0, activate(SNATCH, snatch), f"summon Dark Magician Girl [{girl}]")
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
    s.choose(0, activate(SNATCH, snatch), activate(DARK_HOLE, hole))
    duel = s.run()
    assert skull in duel.grave(1) and skull not in duel.grave(0)
    assert snatch in duel.grave(0)


def test_control_returns_when_snatch_steal_leaves_the_field() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch, mst = s.hand(0, SNATCH, MST)
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, activate(SNATCH, snatch), "pass", activate(MST, mst))
    duel = s.run()
    assert duel.location(snatch) == Location.GRAVE
    assert duel.controller(skull) == 1 and skull in duel.monsters(1)


def test_snatch_steal_gives_the_opponent_1000_lp_in_each_of_their_standby_phases() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    snatch = s.hand(0, SNATCH)[0]
    skull = s.monster(1, "Summoned Skull")
    s.choose(0, activate(SNATCH, snatch), "end-turn")
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
    s.choose(0, activate(AXE, axe), "end-turn")
    s.choose(1, activate(SNATCH, snatch))
    duel = s.run()
    assert duel.controller(guardian) == 1
    assert duel.controller(axe) == 0 and axe in duel.spells(0)
    assert stats(duel, guardian) == (2400, 1200)


# -- Premature Burial -----------------------------------------------------------------------


def test_premature_burial_revives_in_attack_position_and_takes_it_along() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    burial, mst = s.hand(0, BURIAL, MST)
    magician, _elf = s.grave(0, "Dark Magician", "Mystical Elf")
    s.grave(1, "Summoned Skull")  # the opponent's GY: not a legal target
    s.choose(0, activate(BURIAL, burial), select("Dark Magician", magician), "pass")
    duel = s.run()
    assert duel.lp(0) == 8000 - 800  # the cost
    assert duel.location(magician) == Location.MZONE
    assert duel.position(magician) == Position.FACEUP_ATTACK
    assert duel.location(burial) == Location.SZONE
    # When Premature Burial is destroyed, so is the monster.
    s.choose(0, activate(MST, mst))
    duel = s.run(duel)
    assert duel.location(burial) == Location.GRAVE
    assert duel.location(magician) == Location.GRAVE
    assert moves(duel, magician)[-1].reason & Reason.DESTROY


def test_premature_burial_is_destroyed_when_its_monster_is() -> None:
    # R-SPELL-2: an Equip Card whose monster leaves the field is destroyed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    burial, hole = s.hand(0, BURIAL, DARK_HOLE)
    magician = s.grave(0, "Dark Magician")[0]
    s.choose(0, activate(BURIAL, burial), activate(DARK_HOLE, hole))
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
    s.choose(0, activate(BURIAL, burial))
    s.choose(1, activate(MST, mst))
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
    s.choose(0, activate(BURIAL, burial))
    s.choose(1, "pass")
    s.choose(0, activate(AXE, axe))
    s.choose(1, activate(MST, mst), select(BURIAL, burial))
    duel = s.run()
    assert duel.location(magician) == Location.GRAVE
    assert duel.location(axe) == Location.GRAVE
    axe_move = moves(duel, axe)[-1]
    assert axe_move.reason & Reason.RULE and not axe_move.reason & Reason.DESTROY
    assert not [e for e in duel.events() if e.kind == EventKind.EQUIP and e.card == axe]


# -- Reinforcements -------------------------------------------------------------------------


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


def test_reinforcements_at_the_start_of_the_damage_step() -> None:
    # R-BAT-7: an ATK changer may be activated at the start of the Damage Step.
    s, trap, ox, elf = _reinforcements_battle(Window.DAMAGE_START)
    s.choose(0, activate(REINFORCEMENTS, trap), select("Battle Ox", ox))
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
    s.choose(0, activate(REINFORCEMENTS, trap), select("Battle Ox", ox))
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


# -- Spellbinding Circle ---------------------------------------------------------------------


def _circle(target: str) -> tuple[Scenario, dict[str, int]]:
    """The opponent's turn 4: in its Draw Phase, P0 activates Spellbinding Circle
    on ``target`` (an option text's start)."""
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW)
    uids = {
        "circle": s.spell(0, CIRCLE),
        "skull": s.monster(1, "Summoned Skull"),
        "elf": s.monster(1, "Mystical Elf", FD_DEF),
        "ox": s.monster(1, "Battle Ox"),
        "girl": s.hand(1, "Dark Magician Girl")[0],
        "hole": s.hand(1, DARK_HOLE)[0],
    }
    s.choose(0, activate(CIRCLE, uids["circle"]), target)
    return s, uids


def test_spellbinding_circle_stops_attacks_and_position_changes() -> None:
    # R-CHAIN-8: the card forbids a position change the rules would allow (R-POS-4).
    s, c = _circle("select Summoned Skull")
    duel = s.run()
    assert duel.turn == 4 and duel.decision is not None and duel.decision.player == 1
    assert duel.location(c["circle"]) == Location.SZONE  # a Continuous Trap stays
    options = texts(duel.decision)
    assert f"to-defense Summoned Skull [{c['skull']}]" not in options
    assert f"to-defense Battle Ox [{c['ox']}]" in options
    s.choose(1, "battle")
    duel = s.run(duel)
    options = texts(duel.decision)
    assert f"attack-with Summoned Skull [{c['skull']}]" not in options
    assert f"attack-with Battle Ox [{c['ox']}]" in options


def test_spellbinding_circle_on_a_face_down_monster_stops_its_flip_summon() -> None:
    s, c = _circle("select face-down card")
    duel = s.run()
    options = texts(duel.decision)
    assert f"flip-summon Mystical Elf [{c['elf']}]" not in options
    assert f"to-defense Summoned Skull [{c['skull']}]" in options


def test_spellbinding_circle_is_destroyed_when_its_monster_is_destroyed() -> None:
    s, c = _circle("select Summoned Skull")
    s.choose(1, activate(DARK_HOLE, c["hole"]))
    duel = s.run()
    assert duel.location(c["skull"]) == Location.GRAVE
    assert duel.location(c["circle"]) == Location.GRAVE
    assert moves(duel, c["circle"])[-1].reason & Reason.DESTROY


def test_spellbinding_circle_stays_when_its_monster_leaves_without_being_destroyed() -> None:
    # R-TERM-1: a Tribute is not destruction.
    s, c = _circle("select Summoned Skull")
    s.choose(1, f"summon Dark Magician Girl [{c['girl']}]", "select Summoned Skull")
    duel = s.run()
    assert duel.location(c["skull"]) == Location.GRAVE
    assert duel.location(c["circle"]) == Location.SZONE
    assert duel.position(c["circle"]) & Position.FACEUP


# -- a Continuous Spell and Mage Power (R-SPELL-4) -------------------------------------------


class _WithContinuousSpell:
    """The project's scripts, plus a test-only stand-in for a Continuous Spell
    (Insect Barrier's card, with a made-up effect: your monsters gain 300 ATK)."""

    CODE = 23615409

    def effects(self, code: int) -> tuple[Effect, ...]:
        if code == self.CODE:
            return (
                effects.activate(text="stand-in"),
                effects.modifier(
                    Mod.ATK_ADD, effects.all_of(effects.monster, effects.yours), lambda c, u: 300
                ),
            )
        return default_scripts().effects(code)


def test_a_continuous_spell_stays_and_its_effect_ends_when_it_leaves() -> None:
    # R-SPELL-4: it stays on the field after resolving (Mage Power counts it) and
    # its effect ends when it leaves.
    s = Scenario(scripts=_WithContinuousSpell()).at(turn=3, player=0, phase=Phase.MAIN1)
    barrier, power, mst = s.hand(0, _WithContinuousSpell.CODE, MAGE_POWER, MST)
    mine = s.monster(0, "Celtic Guardian")  # 1400/1200
    s.choose(0, activate("Insect Barrier", barrier), "pass")
    s.choose(0, activate(MAGE_POWER, power), "pass")
    duel = s.run()
    assert duel.location(barrier) == Location.SZONE
    assert stats(duel, mine) == (1400 + 300 + 2 * 500, 1200 + 2 * 500)
    s.choose(0, activate(MST, mst), select("Insect Barrier", barrier))
    duel = s.run(duel)
    assert duel.location(barrier) == Location.GRAVE
    assert stats(duel, mine) == (1400 + 500, 1200 + 500)
