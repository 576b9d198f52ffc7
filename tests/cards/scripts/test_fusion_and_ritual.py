"""Fusion and Ritual Summons and their monsters (R-SUM-5..9): Polymerization, Fusion
Gate, fusion substitutes, Cyber-Stein, Dark Paladin, Dragon Master Knight,
Thousand-Eyes Restrict, Ryu Senshi, Relinquished and Black Illusion Ritual, Magician
of Black Chaos, Gale Dogra."""

from __future__ import annotations

import pytest

from tests.cards.scripts.support import act, atk, defense, sel
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import ops, query

FD_DEF = Position.FACEDOWN_DEFENSE
POLY = "Polymerization"
REBORN = "Monster Reborn"
BEWD = "Blue-Eyes White Dragon"
BEUD = "Blue-Eyes Ultimate Dragon"
SKULL = "Summoned Skull"
REDEYES = "Red-Eyes B. Dragon"
BSKULL = "B. Skull Dragon"
PALADIN = "Dark Paladin"
SUBSTITUTES = (
    "Goddess with the Third Eye",
    "Mystical Sheep #1",
    "Versago the Destroyer",
    "Beastking of the Swamps",
)


CELTIC = "Celtic Guardian"
RELINQUISHED = "Relinquished"
TER = "Thousand-Eyes Restrict"
RYU = "Ryu Senshi"
GREPHER = "Warrior Dai Grepher"
SPIRIT_RYU = "Spirit Ryu"


def test_thousand_eyes_restrict_stops_flip_summons() -> None:
    # Its "no other monster can change its battle position" covers a Flip Summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(1, "Thousand-Eyes Restrict")
    fd = s.monster(0, "Celtic Guardian", position=FD_DEF)
    s.filler(0, 6)
    s.filler(1, 6)
    duel = s.build()
    assert duel.position(fd) == FD_DEF
    assert not [t for t in texts(duel.decision) if t.startswith("flip-summon")]


def test_destroying_the_absorbed_monster_gives_relinquished_back_its_own_atk() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    rel = s.monster(0, "Relinquished")
    skull = s.monster(1, "Summoned Skull", position=FD_DEF)
    mst = s.hand(0, "Mystical Space Typhoon")[0]
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Relinquished", rel))
    duel = s.run()
    assert duel.location(skull) == Location.SZONE and query.atk(duel._st, rel) == 2500
    s.choose(0, act("Mystical Space Typhoon", mst))
    duel = s.run(duel)
    assert duel.location(skull) == Location.GRAVE and duel.grave(1) == [skull]
    assert query.atk(duel._st, rel) == 0


def test_polymerization_fuses_materials_from_hand_and_field() -> None:
    # R-SUM-6: materials from the hand and the field go to the GY at resolution; the
    # Fusion monster comes from the Extra Deck, face-up in the position chosen.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, redeyes = s.hand(0, POLY, REDEYES)
    skull = s.monster(0, SKULL)
    bskull = s.extra(0, BSKULL)[0]
    # B. Skull Dragon is the only Fusion monster possible: not asked; the materials
    # are chosen one at a time (the last one left is not asked).
    s.choose(0, act(POLY, poly), sel(SKULL, skull), "choose face-up Defense")
    duel = s.run()
    assert duel.location(bskull) == Location.MZONE
    assert duel.position(bskull) == Position.FACEUP_DEFENSE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(redeyes) == Location.GRAVE
    assert duel.location(poly) == Location.GRAVE
    assert duel.extra(0) == []


@pytest.mark.parametrize(
    ("fusion", "materials"),
    [
        (BEUD, (BEWD, BEWD, BEWD)),
        ("Meteor B. Dragon", (REDEYES, "Meteor Dragon")),
        ("Gaia the Dragon Champion", ("Gaia The Fierce Knight", "Curse of Dragon")),
        (PALADIN, ("Dark Magician", "Buster Blader")),
    ],
)
def test_each_fusion_monster_is_made_from_its_named_materials(
    fusion: str, materials: tuple[str, ...]
) -> None:
    # R-SUM-6: the materials each Fusion monster names, all from the hand here.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly = s.hand(0, POLY)[0]
    mats = s.hand(0, *materials)
    monster = s.extra(0, fusion)[0]
    s.choose(0, act(POLY, poly))
    s.choose(0, *[sel(n, u) for n, u in zip(materials[:-1], mats, strict=False)])
    s.choose(0, "choose face-up Attack")
    duel = s.run()
    assert duel.location(monster) == Location.MZONE
    assert all(duel.location(m) == Location.GRAVE for m in mats)


def test_polymerization_needs_every_material() -> None:
    # R-SUM-6: two Blue-Eyes are not enough for the Ultimate Dragon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly = s.hand(0, POLY, BEWD, BEWD)[0]
    s.extra(0, BEUD)
    duel = s.build()
    assert act(POLY, poly) not in texts(duel.decision)
    assert any("nothing to do" in r for r in duel.explain(poly, 0).reasons)


def test_a_negated_polymerization_costs_only_itself() -> None:
    # R-CHAIN-7, R-SUM-6: the materials are chosen and sent at resolution, so when
    # Magic Jammer negates Polymerization nothing else leaves.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, redeyes = s.hand(0, POLY, REDEYES)
    skull = s.monster(0, SKULL)
    bskull = s.extra(0, BSKULL)[0]
    jammer = s.spell(1, "Magic Jammer")
    s.hand(1, "Dark Hole")
    s.choose(0, act(POLY, poly))
    s.choose(1, act("Magic Jammer", jammer))
    duel = s.run()
    assert duel.location(poly) == Location.GRAVE
    assert duel.location(bskull) == Location.EXTRA
    assert duel.location(skull) == Location.MZONE
    assert duel.location(redeyes) == Location.HAND


@pytest.mark.parametrize("substitute", SUBSTITUTES)
def test_a_fusion_substitute_stands_in_for_one_material(substitute: str) -> None:
    # R-SUM-7: the substitute replaces Red-Eyes B. Dragon; Summoned Skull is real.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, skull, sub = s.hand(0, POLY, SKULL, substitute)
    bskull = s.extra(0, BSKULL)[0]
    s.choose(0, act(POLY, poly), sel(substitute, sub), "choose face-up Attack")
    duel = s.run()
    assert duel.location(bskull) == Location.MZONE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(sub) == Location.GRAVE


def test_at_most_one_fusion_substitute_per_fusion() -> None:
    # R-SUM-7: one Blue-Eyes and two substitutes do not make the Ultimate Dragon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly = s.hand(0, POLY, BEWD, SUBSTITUTES[0], SUBSTITUTES[1])[0]
    s.extra(0, BEUD)
    duel = s.build()
    assert act(POLY, poly) not in texts(duel.decision)


def test_once_a_substitute_is_chosen_no_second_one_is_offered() -> None:
    # R-SUM-7: two Blue-Eyes and two substitutes: after one substitute, only a
    # Blue-Eyes may complete the three.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, a, b, goddess, sheep = s.hand(0, POLY, BEWD, BEWD, *SUBSTITUTES[:2])
    beud = s.extra(0, BEUD)[0]
    s.choose(0, act(POLY, poly), sel(SUBSTITUTES[0], goddess))
    duel = s.run()
    options = [o.split(" (")[0] for o in texts(duel.decision)]
    assert sel(SUBSTITUTES[1], sheep) not in options
    assert options == [sel(BEWD, a), sel(BEWD, b)]
    s.choose(0, sel(BEWD, a), "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(beud) == Location.MZONE
    assert duel.location(sheep) == Location.HAND
    assert [duel.location(u) for u in (a, b, goddess)] == [Location.GRAVE] * 3


def test_a_fusion_monster_that_reached_the_gy_unfused_is_no_reborn_target() -> None:
    # R-SUM-8/R-SUM-9 in play: same duel, but the Ultimate Dragon was never fused.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    beud = s.grave(0, BEUD)[0]
    skull = s.grave(0, SKULL)[0]
    s.choose(0, act(REBORN, reborn), "choose face-up Attack")
    duel = s.run()
    assert duel.location(skull) == Location.MZONE
    assert duel.location(beud) == Location.GRAVE


def test_dark_paladin_can_never_be_revived_even_after_a_fusion_summon() -> None:
    # R-SUM-8: "must be Fusion Summoned": no other Special Summon, ever.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, hole, reborn = s.hand(0, POLY, "Dark Hole", REBORN)
    dm = s.hand(0, "Dark Magician", "Buster Blader")[0]
    paladin = s.extra(0, PALADIN)[0]
    s.choose(0, act(POLY, poly), sel("Dark Magician", dm), "choose face-up Attack")
    s.choose(0, act("Dark Hole", hole))
    s.choose(0, "pass")  # Dark Paladin could negate its own Dark Hole
    s.choose(0, act(REBORN, reborn))
    duel = s.run()
    assert sel(PALADIN, paladin) not in texts(duel.decision)
    reasons = duel.explain(paladin, 0).reasons
    assert any("summoning condition: must be Fusion Summoned" in r for r in reasons)


def test_dark_paladin_gains_500_per_dragon_on_the_field_and_in_the_gys() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    paladin = s.monster(0, PALADIN)
    s.monster(1, BEWD)
    s.monster(1, REDEYES, Position.FACEDOWN_DEFENSE)  # face-down: not counted
    s.grave(0, "Meteor Dragon")
    s.grave(1, SKULL)  # a Fiend
    duel = s.build()
    assert atk(duel, paladin) == 2900 + 2 * 500


def test_dark_paladin_discards_to_negate_a_spell() -> None:
    # R-CHAIN-15: its Quick Effect negates a Spell Card's activation and destroys it.
    s = Scenario().at(turn=3, player=1, phase=Phase.MAIN1)
    paladin = s.monster(0, PALADIN)
    fodder = s.hand(0, "Celtic Guardian")[0]
    hole = s.hand(1, "Dark Hole")[0]
    s.choose(1, act("Dark Hole", hole))
    s.choose(0, act(PALADIN, paladin))
    duel = s.run()
    assert duel.location(paladin) == Location.MZONE
    assert duel.location(hole) == Location.GRAVE
    assert duel.location(fodder) == Location.GRAVE


def test_dragon_master_knight_fused_from_the_field_gains_500_per_other_dragon() -> None:
    # R-SUM-6: materials on the field; +500 for each other Dragon you control.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly = s.hand(0, POLY)[0]
    beud = s.monster(0, BEUD)
    s.monster(0, "Black Luster Soldier")
    s.monster(0, BEWD)
    s.monster(1, REDEYES)  # the opponent's: not counted
    knight = s.extra(0, "Dragon Master Knight")[0]
    s.choose(0, act(POLY, poly), sel(BEUD, beud), "choose face-up Attack")
    duel = s.run()
    assert duel.location(knight) == Location.MZONE
    assert atk(duel, knight) == 5000 + 500


def test_fusion_gate_fusion_summons_by_banishing_the_materials() -> None:
    # R-SUM-6, R-SUM-9: a Fusion Summon without Polymerization; the materials are
    # banished, and the monster is properly summoned (it may be revived later).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate, redeyes = s.hand(0, "Fusion Gate", REDEYES)
    skull = s.monster(0, SKULL)
    bskull = s.extra(0, BSKULL)[0]
    s.choose(0, act("Fusion Gate", gate))
    duel = s.run()
    assert duel.location(gate) == Location.FZONE
    s.choose(0, act("Fusion Gate", gate), sel(SKULL, skull), "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(bskull) == Location.MZONE
    assert duel.location(skull) == Location.BANISHED
    assert duel.location(redeyes) == Location.BANISHED
    assert duel.location(gate) == Location.FZONE  # it stays
    assert duel._st.sumtype[bskull] & ops.SUMTYPE_PROPER


def test_cyber_stein_summons_a_fusion_monster_that_is_not_properly_summoned() -> None:
    # R-SUM-9: Cyber-Stein's summon is not a Fusion Summon; R-SUM-8: Dark Paladin,
    # which must be Fusion Summoned, is not offered.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    stein = s.monster(0, "Cyber-Stein")
    hole = s.hand(0, "Dark Hole")[0]
    beud = s.extra(0, BEUD)[0]
    paladin = s.extra(0, PALADIN)[0]
    s.choose(0, act("Cyber-Stein", stein))
    duel = s.run()
    # Only the Ultimate Dragon is a choice: taken without asking.
    assert duel.lp(0) == 8000 - 5000
    assert duel.location(beud) == Location.MZONE
    assert duel.position(beud) == Position.FACEUP_ATTACK
    assert duel.location(paladin) == Location.EXTRA
    s.choose(0, act("Dark Hole", hole))
    duel = s.run(duel)
    assert duel.location(beud) == Location.GRAVE
    reasons = duel.explain(beud, 0).reasons
    assert any("not properly summoned" in r for r in reasons)


def test_cyber_stein_needs_5000_lp_and_a_fusion_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    stein = s.monster(0, "Cyber-Stein")
    s.extra(0, PALADIN)  # cannot be summoned by Cyber-Stein
    duel = s.build()
    assert act("Cyber-Stein", stein) not in texts(duel.decision)
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).lp(0, 4000)
    stein = s.monster(0, "Cyber-Stein")
    s.extra(0, BEUD)
    duel = s.build()
    assert act("Cyber-Stein", stein) not in texts(duel.decision)


def test_gale_dogra_sends_a_fusion_monster_that_can_never_be_revived() -> None:
    # R-SUM-9: sent from the Extra Deck straight to the GY, never properly summoned.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dogra = s.monster(0, "Gale Dogra")
    reborn = s.hand(0, REBORN)[0]
    beud, bskull = s.extra(0, BEUD, BSKULL)
    s.choose(0, act("Gale Dogra", dogra), sel(BEUD, beud))
    duel = s.run()
    assert duel.lp(0) == 8000 - 3000
    assert duel.location(beud) == Location.GRAVE
    assert duel.location(bskull) == Location.EXTRA
    assert act(REBORN, reborn) not in texts(duel.decision)


def test_magician_of_black_chaos_one_tribute_from_the_hand_and_one_from_the_field() -> None:
    # R-SUM-5: Black Magic Ritual with a Level 4 from the hand and a Level 4 on the
    # field (4 + 4 = 8); both go to the GY, the Magician comes from the hand.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ritual, magician, from_hand = s.hand(
        0, "Black Magic Ritual", "Magician of Black Chaos", "Celtic Guardian"
    )
    on_field = s.monster(0, "Beaver Warrior")
    s.choose(0, act("Black Magic Ritual", ritual), sel("Celtic Guardian", from_hand))
    s.choose(0, "choose face-up Defense")
    duel = s.run()
    assert duel.location(magician) == Location.MZONE
    assert duel.position(magician) == Position.FACEUP_DEFENSE
    assert duel.location(from_hand) == Location.GRAVE
    assert duel.location(on_field) == Location.GRAVE
    assert duel._st.sumtype[magician] & ops.SUMTYPE_PROPER


def test_a_discarded_ritual_monster_cannot_be_revived() -> None:
    # R-SUM-8/9, the guides' example: Magician of Black Chaos discarded (a cost of
    # Magic Jammer here) was never Ritual Summoned: Monster Reborn cannot take it.
    s = Scenario().at(turn=3, player=1, phase=Phase.MAIN1)
    hole = s.hand(1, "Dark Hole")[0]
    s.monster(1, "Celtic Guardian")
    jammer = s.spell(0, "Magic Jammer")
    magician = s.hand(0, "Magician of Black Chaos")[0]
    s.choose(1, act("Dark Hole", hole))
    s.choose(0, act("Magic Jammer", jammer))  # the only card to discard: not asked
    s.choose(1, "end-turn")
    duel = s.run()
    assert duel.location(magician) == Location.GRAVE
    reasons = duel.explain(magician, 0).reasons
    assert any("not properly summoned: it must first be Ritual Summoned" in r for r in reasons)


def test_black_illusion_ritual_summons_relinquished_with_a_level_1_tribute() -> None:
    # R-SUM-5: Levels of 1 or more; Relinquished is then properly summoned.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ritual, relinquished, idol = s.hand(
        0, "Black Illusion Ritual", "Relinquished", "Thousand-Eyes Idol"
    )
    s.choose(0, act("Black Illusion Ritual", ritual), "choose face-up Attack")
    duel = s.run()
    assert duel.location(relinquished) == Location.MZONE
    assert duel.location(idol) == Location.GRAVE
    assert duel._st.sumtype[relinquished] & ops.SUMTYPE_PROPER


def test_the_board_shows_your_extra_deck_and_only_a_count_of_theirs() -> None:
    from rich.console import Console

    from ygo.cli.board import handles, render

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.extra(0, BEUD, BSKULL)
    s.extra(1, PALADIN)
    duel = s.build()
    console = Console(width=160, record=True)
    console.print(render(duel.view(0)))
    out = console.export_text()
    assert "Extra Deck: x1 Blue-Eyes Ultimate Dragon" in out and BSKULL in out
    assert PALADIN not in out  # the opponent's is only counted
    assert out.count("extra 2") == 1 and out.count("extra 1") == 1
    assert handles(duel.view(0))["x2"].name == BSKULL


def test_relinquished_absorbs_an_opponents_monster_and_takes_its_stats() -> None:
    # Guide 001: the absorbed monster is an Equip Card in Relinquished's
    # controller's Spell & Trap Zone; Relinquished's ATK/DEF become its own.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    rel = s.monster(0, RELINQUISHED)
    skull = s.monster(1, SKULL)
    s.choose(0, act(RELINQUISHED, rel))  # the one target is not asked
    duel = s.run()
    assert duel.location(skull) == Location.SZONE
    assert duel.controller(skull) == 0
    assert (atk(duel, rel), defense(duel, rel)) == (2500, 1200)
    # Once per turn, and one at a time: no second activation.
    assert not [o for o in texts(duel.decision) if o.startswith(act(RELINQUISHED, rel))]


def test_relinquished_equipped_monster_is_destroyed_instead_and_damage_is_shared() -> None:
    # Blue-Eyes (3000) attacks Relinquished (2500 with Summoned Skull): the Skull is
    # destroyed instead of Relinquished, and the 500 battle damage Relinquished's
    # controller takes is dealt to the opponent as well.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    rel = s.monster(0, RELINQUISHED)
    skull = s.monster(1, SKULL)
    bewd = s.monster(1, BEWD)
    s.filler(0, 3)
    s.filler(1, 3)
    s.choose(0, act(RELINQUISHED, rel), sel(SKULL, skull), "end-turn")
    s.choose(1, "battle", f"attack-with {BEWD}", "main2")
    duel = s.run(until=(4, Phase.MAIN2))
    assert duel.location(rel) == Location.MZONE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(bewd) == Location.MZONE
    assert duel.lp(0) == 8000 - 500
    assert duel.lp(1) == 8000 - 500
    assert atk(duel, rel) == 0  # back to its own 0 ATK


def test_thousand_eyes_restrict_is_fused_from_relinquished_and_the_idol() -> None:
    # R-SUM-6: its two named materials, from the hand.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, rel, idol = s.hand(0, "Polymerization", RELINQUISHED, "Thousand-Eyes Idol")
    ter = s.extra(0, TER)[0]
    s.choose(0, act("Polymerization", poly), sel(RELINQUISHED, rel), "choose face-up Attack")
    duel = s.run()
    assert duel.location(ter) == Location.MZONE
    assert duel.location(rel) == Location.GRAVE
    assert duel.location(idol) == Location.GRAVE


def test_thousand_eyes_restrict_stops_other_monsters_attacking_and_changing() -> None:
    # Every other monster on the field, either side, cannot attack or change its
    # battle position; Thousand-Eyes Restrict itself can.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ter = s.monster(0, TER)
    celtic = s.monster(0, CELTIC)
    skull = s.monster(1, SKULL)
    s.choose(0, act(TER, ter), "battle")  # absorbs the Skull: 2500/1200
    duel = s.run(until=(3, Phase.BATTLE_STEP))
    options = texts(duel.decision)
    assert f"attack-with {TER} [{ter}]" in options
    assert f"attack-with {CELTIC} [{celtic}]" not in options
    assert duel.location(skull) == Location.SZONE
    assert atk(duel, ter) == 2500

    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.monster(0, TER)
    opp = s.monster(1, CELTIC)
    duel = s.build()
    options = texts(duel.decision)
    assert f"to-defense {CELTIC} [{opp}]" not in options
    assert "battle" in options


def test_ryu_senshi_is_fused_only_from_its_named_materials() -> None:
    # R-SUM-6, R-SUM-7: "only with the above materials": a fusion substitute cannot
    # stand in for Warrior Dai Grepher.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, grepher, spirit = s.hand(0, "Polymerization", GREPHER, SPIRIT_RYU)
    ryu = s.extra(0, RYU)[0]
    s.choose(0, act("Polymerization", poly), sel(GREPHER, grepher), "choose face-up Attack")
    duel = s.run()
    assert duel.location(ryu) == Location.MZONE
    assert duel.location(spirit) == Location.GRAVE

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly = s.hand(0, "Polymerization", "Goddess with the Third Eye", SPIRIT_RYU)[0]
    s.extra(0, RYU)
    duel = s.build()
    assert act("Polymerization", poly) not in texts(duel.decision)


def test_ryu_senshi_pays_1000_to_negate_a_normal_trap() -> None:
    # Guide: a Quick effect (spell speed 2) that responds to a Trap's activation.
    # Just Desserts would deal 500 per monster its opponent controls (1000); Ryu
    # Senshi's controller pays 1000 LP and the Trap does nothing.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    ryu = s.monster(0, RYU)
    s.monster(0, CELTIC)
    desserts = s.spell(1, "Just Desserts")
    s.choose(1, act("Just Desserts", desserts))
    s.choose(0, act(RYU, ryu))
    duel = s.run()
    assert duel.lp(0) == 8000 - 1000  # the cost, not the Trap's damage
    assert duel.location(desserts) == Location.GRAVE

    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    ryu = s.monster(0, RYU)
    s.monster(0, CELTIC)
    desserts = s.spell(1, "Just Desserts")
    s.choose(1, act("Just Desserts", desserts))
    s.choose(0, "pass")  # declining: the Trap deals its 1000
    duel = s.run()
    assert duel.lp(0) == 8000 - 1000
    assert duel.lp(1) == 8000


def test_ryu_senshi_cannot_answer_a_continuous_trap_or_a_spell() -> None:
    # Only a Normal Trap's activation: with Waboku Set, its controller gets to
    # respond to Dark Hole and to Call of the Haunted, but Ryu Senshi is no option.
    for card, target in (("Dark Hole", None), ("Call of the Haunted", SKULL)):
        s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
        ryu = s.monster(0, RYU)
        waboku = s.spell(0, "Waboku")
        if target is None:
            uid = s.hand(1, card)[0]
        else:
            uid = s.spell(1, card)
            s.grave(1, target)
        s.choose(1, act(card, uid))
        duel = s.run(until=(4, Phase.MAIN1))
        options = texts(duel.decision)
        assert duel.decision.player == 0
        assert act("Waboku", waboku) in options
        assert act(RYU, ryu) not in options


def test_a_spell_targeting_ryu_senshi_is_negated_and_destroyed() -> None:
    # Snatch Steal targets Ryu Senshi: its effect is negated at resolution and the
    # Spell is destroyed; Ryu Senshi stays with its controller.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    ryu = s.monster(0, RYU)
    steal = s.hand(1, "Snatch Steal")[0]
    s.choose(1, act("Snatch Steal", steal))
    duel = s.run()
    assert duel.controller(ryu) == 0
    assert duel.location(steal) == Location.GRAVE
    assert duel.location(ryu) == Location.MZONE
