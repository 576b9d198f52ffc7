"""Issue 9 cards: Polymerization, the Fusion monsters, the fusion substitutes,
revival limits in play (R-SUM-6..9, R-CHAIN-7)."""

from __future__ import annotations

import pytest

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import ops, query
from ygo.engine.duel import Duel

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


def act(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def sel(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


def _atk(duel: Duel, uid: int) -> int:
    return query.atk(duel._st, uid)


# -- Polymerization ---------------------------------------------------------------------


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


# -- fusion substitutes --------------------------------------------------------------------


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


# -- revival of Fusion monsters (R-SUM-8, R-SUM-9) ---------------------------------------


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


def test_monster_reborn_revives_a_fusion_summoned_dragon() -> None:
    # R-SUM-9: Polymerization, Dark Hole, then Monster Reborn on the Ultimate Dragon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, hole, reborn = s.hand(0, POLY, "Dark Hole", REBORN)
    w1, w2, _w3 = s.hand(0, BEWD, BEWD, BEWD)
    beud = s.extra(0, BEUD)[0]
    s.choose(0, act(POLY, poly), sel(BEWD, w1), sel(BEWD, w2), "choose face-up Attack")
    s.choose(0, act("Dark Hole", hole))
    s.choose(0, act(REBORN, reborn))
    # The Ultimate Dragon is the only monster in the GYs that may be revived (the
    # three Blue-Eyes may too): pick it.
    s.choose(0, sel(BEUD, beud), "choose face-up Attack")
    duel = s.run()
    assert duel.location(beud) == Location.MZONE


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


# -- Dark Paladin and Dragon Master Knight's effects ------------------------------------------


def test_dark_paladin_gains_500_per_dragon_on_the_field_and_in_the_gys() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    paladin = s.monster(0, PALADIN)
    s.monster(1, BEWD)
    s.monster(1, REDEYES, Position.FACEDOWN_DEFENSE)  # face-down: not counted
    s.grave(0, "Meteor Dragon")
    s.grave(1, SKULL)  # a Fiend
    duel = s.build()
    assert _atk(duel, paladin) == 2900 + 2 * 500


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
    assert _atk(duel, knight) == 5000 + 500


# -- Fusion Gate, Cyber-Stein, Gale Dogra -------------------------------------------------


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


# -- Ritual Summons: the guides' examples (R-SUM-5, R-SUM-8, R-SUM-9) ----------------------


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


# -- the board (R-DECK-2: the Extra Deck is hidden from the opponent) --------------------------


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


# -- summoning conditions: Gate Guardian, Soul of Purity and Light (R-SUM-8) ---------------

SOUL = "Soul of Purity and Light"


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
    assert _atk(duel, skull) == 2500  # Main Phase: no change
    s.choose(1, "battle")
    duel = s.run(duel)
    assert duel.phase == Phase.BATTLE_STEP
    assert _atk(duel, skull) == 2200
    assert _atk(duel, mine) == 1400  # its own side is not affected


def test_gate_guardian_card_scenario_from_the_three_parts() -> None:
    # The three parts on the field become Gate Guardian (3750 ATK).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate = s.hand(0, "Gate Guardian")[0]
    for n in ("Sanga of the Thunder", "Kazejin", "Suijin"):
        s.monster(0, n)
    s.choose(0, f"special-summon Gate Guardian [{gate}]", "choose face-up Attack")
    duel = s.run()
    assert _atk(duel, gate) == 3750
    assert duel.monsters(0).count(None) == 4


# -- monsters only one card can summon (R-SUM-8) ----------------------------------------------

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


@pytest.mark.parametrize(("name", "condition"), FIRST_BY)
def test_a_monster_first_summoned_one_way_is_not_revived_unless_properly_summoned(
    name: str, condition: str
) -> None:
    # R-SUM-8, R-SUM-9: no Normal Summon or Set from the hand; Monster Reborn cannot
    # take it from the GY when it was never properly summoned; explain says why.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    in_hand = s.hand(0, name)[0]
    in_gy = s.grave(0, name)[0]
    duel = s.build()
    options = texts(duel.decision)
    assert act(REBORN, reborn) not in options
    assert not [o for o in options if o.endswith(f"[{in_hand}]")]
    assert any(condition in r and "summoning condition" in r
               for r in duel.explain(in_hand, 0).reasons)  # fmt: skip
    assert any("not properly summoned" in r for r in duel.explain(in_gy, 0).reasons)


@pytest.mark.parametrize(("name", "condition"), ONLY_BY)
def test_a_monster_only_one_way_summons_is_never_revived_nor_normal_summoned(
    name: str, condition: str
) -> None:
    # R-SUM-8: no Normal Summon or Set from the hand; Monster Reborn cannot take it
    # from the GY; explain names the summoning condition in both places.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    in_hand = s.hand(0, name)[0]
    in_gy = s.grave(0, name)[0]
    duel = s.build()
    options = texts(duel.decision)
    assert act(REBORN, reborn) not in options
    assert not [o for o in options if o.endswith(f"[{in_hand}]")]
    assert any(condition in r for r in duel.explain(in_hand, 0).reasons)
    assert any(f"summoning condition: {condition}" in r for r in duel.explain(in_gy, 0).reasons)


def test_knights_title_turns_dark_magician_into_the_knight_which_destroys_a_card() -> None:
    # Knight's Title tributes a face-up Dark Magician (cost) and summons Dark
    # Magician Knight from the Deck; the Knight's trigger destroys a card.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    title = s.hand(0, "Knight's Title")[0]
    magician = s.monster(0, "Dark Magician")
    knight = s.deck(0, "Dark Magician Knight")[0]
    s.filler(0, 5)
    skull = s.monster(1, SKULL)
    s.choose(0, act("Knight's Title", title), "choose face-up Attack")
    s.choose(0, sel(SKULL, skull))
    duel = s.run()
    assert duel.location(magician) == Location.GRAVE
    assert duel.location(knight) == Location.MZONE
    assert duel.location(skull) == Location.GRAVE
    assert duel._st.sumtype[knight] & ops.SUMTYPE_PROPER


def test_knights_title_cannot_take_an_unsummoned_knight_from_the_gy() -> None:
    # R-SUM-8/9: the named card may summon it from the GY only once it was properly
    # summoned; a Knight discarded there is no choice.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    title = s.hand(0, "Knight's Title")[0]
    s.monster(0, "Dark Magician")
    s.grave(0, "Dark Magician Knight")
    duel = s.build()
    assert act("Knight's Title", title) not in texts(duel.decision)


# -- Gilford the Lightning (R-MON-2: an optional way to summon, not a condition) -----------

GILFORD = "Gilford the Lightning"


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
    from ygo.engine.summon import revive_limited

    assert not revive_limited(duel._st, gilford)
