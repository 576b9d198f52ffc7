"""Helper B's cards of issue 9: Kaiser Sea Horse, Relinquished, Thousand-Eyes
Restrict, Ryu Senshi, Metalmorph (with Metalzoa), Elegant Egotist, Magical
Labyrinth (with Wall Shadow), Cocoon of Evolution and the Moths."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops, query

REBORN = "Monster Reborn"
KAISER = "Kaiser Sea Horse"
BEWD = "Blue-Eyes White Dragon"  # LIGHT, Level 8
DM = "Dark Magician"  # DARK, Level 7
CELTIC = "Celtic Guardian"


def act(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def sel(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


def _atk(duel: Duel, uid: int) -> int:
    return query.atk(duel._st, uid)


def _def(duel: Duel, uid: int) -> int:
    return query.defense(duel._st, uid)


# -- Kaiser Sea Horse ----------------------------------------------------------------------


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


def test_kaiser_sea_horse_is_one_tribute_for_a_dark_monster() -> None:
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


# -- Elegant Egotist and Harpie Lady Sisters -------------------------------------------------

EGOTIST = "Elegant Egotist"
HARPIE = "Harpie Lady"
SISTERS = "Harpie Lady Sisters"


def test_elegant_egotist_summons_the_sisters_from_the_deck_properly() -> None:
    # R-SUM-8, R-SUM-9: with a Harpie Lady face-up, Elegant Egotist brings out
    # Harpie Lady Sisters from the Deck (its own way: properly summoned), so once
    # destroyed the Sisters can be revived (guide 001's ruling on such monsters).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ego, hole, reborn = s.hand(0, EGOTIST, "Dark Hole", REBORN)
    harpie = s.monster(0, HARPIE)
    sisters = s.deck(0, SISTERS)[0]
    s.filler(0, 3)
    s.choose(0, act(EGOTIST, ego), "choose face-up Attack")  # the one candidate
    s.choose(0, act("Dark Hole", hole))
    s.choose(0, act(REBORN, reborn), sel(SISTERS, sisters), "choose face-up Defense")
    duel = s.run()
    assert duel.location(harpie) == Location.GRAVE
    assert duel.location(sisters) == Location.MZONE
    assert duel.position(sisters) == Position.FACEUP_DEFENSE


def test_elegant_egotist_needs_a_harpie_lady_on_the_field() -> None:
    # Without a face-up Harpie Lady it cannot be activated; the opponent's counts.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ego = s.hand(0, EGOTIST)[0]
    s.deck(0, SISTERS)
    s.filler(0, 3)
    s.monster(0, CELTIC)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(act(EGOTIST, ego))]

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ego = s.hand(0, EGOTIST)[0]
    harpie = s.hand(0, HARPIE)[0]
    s.filler(0, 3)
    s.monster(1, HARPIE)
    s.choose(0, act(EGOTIST, ego), "choose face-up Attack")  # only the hand's Harpie Lady
    duel = s.run()
    assert duel.location(harpie) == Location.MZONE


def test_harpie_lady_sisters_from_the_hand_only_by_elegant_egotist() -> None:
    # R-SUM-8: Monster Reborn's kind of effect cannot summon it from the hand or
    # Deck; no Normal Summon either; explain gives the summoning condition.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sisters = s.hand(0, SISTERS)[0]
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.endswith(f"[{sisters}]")]
    reasons = duel.explain(sisters, 0).reasons
    assert any("summoning condition: first by Elegant Egotist" in r for r in reasons)


# -- Magical Labyrinth and Wall Shadow -------------------------------------------------------

LABYRINTH = "Magical Labyrinth"
WALL = "Labyrinth Wall"
SHADOW = "Wall Shadow"


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


# -- Metalmorph, Metalzoa, Red-Eyes Black Metal Dragon -------------------------------------------

METALMORPH = "Metalmorph"
ZOA = "Zoa"
METALZOA = "Metalzoa"


def test_metalmorph_equips_for_300_and_turns_zoa_into_metalzoa() -> None:
    # The Trap stays as an Equip Card (+300 ATK/DEF); its Ignition effect Tributes
    # the equipped Zoa and summons Metalzoa from the Deck, properly (R-SUM-9).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph = s.spell(0, METALMORPH)
    zoa = s.monster(0, ZOA)
    metalzoa = s.deck(0, METALZOA)[0]
    s.filler(0, 3)
    s.choose(0, act(METALMORPH, morph), act(METALMORPH, morph), "choose face-up Attack")
    duel = s.run()
    assert duel.location(zoa) == Location.GRAVE
    assert duel.location(morph) == Location.GRAVE
    assert duel.location(metalzoa) == Location.MZONE
    assert duel._st.sumtype[metalzoa] & ops.SUMTYPE_PROPER


def test_metalmorph_turns_red_eyes_into_the_black_metal_dragon() -> None:
    # The same Ignition effect for Red-Eyes B. Dragon: Red-Eyes Black Metal Dragon
    # from the Deck, properly summoned (R-SUM-9); Metalzoa in the Deck is no choice.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph = s.spell(0, METALMORPH)
    red_eyes = s.monster(0, "Red-Eyes B. Dragon")
    metal, metalzoa = s.deck(0, "Red-Eyes Black Metal Dragon", METALZOA)
    s.filler(0, 3)
    s.choose(0, act(METALMORPH, morph), act(METALMORPH, morph), "choose face-up Defense")
    duel = s.run()
    assert duel.location(red_eyes) == Location.GRAVE
    assert duel.location(metal) == Location.MZONE
    assert duel.location(metalzoa) == Location.DECK
    assert duel._st.sumtype[metal] & ops.SUMTYPE_PROPER


def test_metalmorph_gives_300_atk_and_def_and_stays_on_the_field() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    morph = s.spell(0, METALMORPH)
    celtic = s.monster(0, CELTIC)  # 1400/1200
    s.choose(0, act(METALMORPH, morph))
    duel = s.run()
    assert duel.location(morph) == Location.SZONE
    assert (_atk(duel, celtic), _def(duel, celtic)) == (1700, 1500)
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
    assert _atk(duel, celtic) == 1700  # only during damage calculation


# -- Cocoon of Evolution and the Moths --------------------------------------------------------

COCOON = "Cocoon of Evolution"
PETIT = "Petit Moth"
LARVAE = "Larvae Moth"
GREAT = "Great Moth"
PUGM = "Perfectly Ultimate Great Moth"


def test_cocoon_of_evolution_equips_from_the_hand_to_petit_moth() -> None:
    # A monster as an Equip Card (guide 001: it sits in the Spell & Trap Zone);
    # Petit Moth takes the Cocoon's 0 ATK / 2000 DEF.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cocoon = s.hand(0, COCOON)[0]
    moth = s.monster(0, PETIT)
    s.choose(0, act(COCOON, cocoon))
    duel = s.run()
    assert duel.location(cocoon) == Location.SZONE
    assert (_atk(duel, moth), _def(duel, moth)) == (0, 2000)
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


def _cocooned(turn: int, equipped_in: int, *hand: str) -> tuple[Scenario, Duel, list[int], int]:
    """Player 0's Petit Moth wearing a Cocoon of Evolution since turn
    ``equipped_in`` (one of player 0's turns); now turn ``turn``, player 0."""
    s = Scenario().at(turn=turn, player=0, phase=Phase.MAIN1)
    uids = s.hand(0, *hand)
    moth = s.monster(0, PETIT)
    s.equip(s.spell(0, COCOON, face_down=False), moth, turn=equipped_in)
    duel = s.build()
    return s, duel, uids, moth


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
    assert _atk(duel, great) == 2600
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


# -- Relinquished and Thousand-Eyes Restrict -------------------------------------------------

RELINQUISHED = "Relinquished"
TER = "Thousand-Eyes Restrict"
SKULL = "Summoned Skull"  # 2500/1200


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
    assert (_atk(duel, rel), _def(duel, rel)) == (2500, 1200)
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
    assert _atk(duel, rel) == 0  # back to its own 0 ATK


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
    assert _atk(duel, ter) == 2500

    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.monster(0, TER)
    opp = s.monster(1, CELTIC)
    duel = s.build()
    options = texts(duel.decision)
    assert f"to-defense {CELTIC} [{opp}]" not in options
    assert "battle" in options


# -- Ryu Senshi --------------------------------------------------------------------------------

RYU = "Ryu Senshi"
GREPHER = "Warrior Dai Grepher"
SPIRIT_RYU = "Spirit Ryu"


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
