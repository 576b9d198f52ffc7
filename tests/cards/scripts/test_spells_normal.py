"""Normal Spells of issue 8, helper i8a: Last Will, Tribute to the Doomed,
Darkness Approaches (face-down Attack Position, R-POS-1), Curse of Fiend (a
Normal Spell activated in the Standby Phase), Different Dimension Capsule
(face-down banishment, R-DUEL-8), The Forceful Sentry, Confiscation, Painful
Choice, Delinquent Duo, Riryoku, Upstart Goblin, Dian Keto the Cure Master,
Fissure, De-Spell, The Flute of Summoning Dragon and Lord of D."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine.duel import Duel
from ygo.engine.events import EventKind
from ygo.engine.priority import Window

FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
FD_ATK = Position.FACEDOWN_ATTACK
FD_DEF = Position.FACEDOWN_DEFENSE
GRAVE = Location.GRAVE
HAND = Location.HAND
DECK = Location.DECK
MZONE = Location.MZONE
SZONE = Location.SZONE
BANISHED = Location.BANISHED


def activate(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def select(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


def main(s: Scenario, player: int = 0) -> Scenario:
    return s.at(turn=3, player=player, phase=Phase.MAIN1)


def options(duel: Duel) -> list[str]:
    return texts(duel.decision)


# -- Dian Keto, Upstart Goblin -----------------------------------------------------------


def test_dian_keto_gains_1000_lp() -> None:
    s = main(Scenario())
    dk = s.hand(0, "Dian Keto the Cure Master")[0]
    s.choose(0, activate("Dian Keto the Cure Master", dk))
    duel = s.run()
    assert duel.lp(0) == 9000 and duel.lp(1) == 8000
    assert duel.location(dk) == GRAVE


def test_upstart_goblin_draws_1_and_the_opponent_gains_1000() -> None:
    s = main(Scenario())
    ug = s.hand(0, "Upstart Goblin")[0]
    top = s.deck(0, "Dark Magician")[0]
    s.choose(0, activate("Upstart Goblin", ug))
    duel = s.run()
    assert duel.hand(0) == [top]
    assert duel.lp(1) == 9000 and duel.lp(0) == 8000


def test_upstart_goblin_needs_a_card_in_the_deck() -> None:
    s = main(Scenario())
    ug = s.hand(0, "Upstart Goblin")[0]
    s.deck(0)  # an empty Deck
    duel = s.build()
    assert activate("Upstart Goblin", ug) not in options(duel)


# -- Fissure -------------------------------------------------------------------------------


def test_fissure_destroys_the_opponents_lowest_atk_face_up_monster() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    low = s.monster(1, "Celtic Guardian")  # 1400
    high = s.monster(1, "Summoned Skull")  # 2500
    hidden = s.monster(1, "Man-Eater Bug", FD_DEF)  # face-down: not counted
    mine = s.monster(0, "Man-Eater Bug")  # 450, but mine
    s.choose(0, activate("Fissure", f))
    duel = s.run()
    assert duel.location(low) == GRAVE
    assert {duel.location(u) for u in (high, hidden, mine)} == {MZONE}


def test_fissure_lets_you_choose_among_tied_monsters() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    a = s.monster(1, "Celtic Guardian")
    b = s.monster(1, "Celtic Guardian")
    s.choose(0, activate("Fissure", f))
    s.choose(0, f"select Celtic Guardian [{b}]")
    duel = s.run()
    assert duel.location(b) == GRAVE and duel.location(a) == MZONE


def test_fissure_needs_a_face_up_opponent_monster() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    s.monster(1, "Celtic Guardian", FD_DEF)
    duel = s.build()
    assert activate("Fissure", f) not in options(duel)


# -- Tribute to the Doomed ------------------------------------------------------------------


def test_tribute_to_the_doomed_discards_then_destroys_a_face_down_flip_monster() -> None:
    # The guides: a face-down Flip monster removed by it never flips (R-MON-5).
    s = main(Scenario())
    td, fodder = s.hand(0, "Tribute to The Doomed", "Celtic Guardian")
    bug = s.monster(1, "Man-Eater Bug", FD_DEF)
    mine = s.monster(0, "Dark Magician")
    s.choose(0, activate("Tribute to The Doomed", td))
    s.choose(0, "select face-down card")
    duel = s.run()
    assert duel.location(fodder) == GRAVE  # the cost
    assert duel.location(bug) == GRAVE
    assert duel.location(mine) == MZONE  # Man-Eater Bug's Flip effect never happened
    assert not [e for e in duel.events() if e.kind == EventKind.FLIP]


def test_tribute_to_the_doomed_needs_a_card_to_discard() -> None:
    s = main(Scenario())
    td = s.hand(0, "Tribute to The Doomed")[0]
    s.monster(1, "Summoned Skull")
    duel = s.build()
    assert activate("Tribute to The Doomed", td) not in options(duel)


# -- Dian Keto ... Delinquent Duo, Confiscation, The Forceful Sentry ---------------------------


def test_delinquent_duo_discards_one_at_random_and_one_of_their_choice() -> None:
    s = main(Scenario())
    dd = s.hand(0, "Delinquent Duo")[0]
    theirs = s.hand(1, "Dark Magician", "Celtic Guardian", "Summoned Skull")
    s.choose(0, activate("Delinquent Duo", dd))
    duel = s.build()
    duel = s.run(duel)
    # The random card is gone from the choice; the opponent picks one of the others.
    assert duel.decision is not None and duel.decision.player == 1
    picks = [o.card for o in duel.decision.options]
    assert len(picks) == 2 and set(picks) < set(theirs)
    duel.apply(duel.decision.options[0])
    assert duel.lp(0) == 7000
    assert len(duel.hand(1)) == 1 and duel.hand(1)[0] not in picks[:1]
    discards = [e for e in duel.events() if e.kind == EventKind.MOVE and e.dst == GRAVE
                and e.card in theirs]  # fmt: skip
    assert len(discards) == 2 and len({e.batch for e in discards}) == 1  # R-TERM-8: one discard


def test_delinquent_duo_with_one_card_in_hand_discards_only_that() -> None:
    s = main(Scenario())
    dd = s.hand(0, "Delinquent Duo")[0]
    only = s.hand(1, "Dark Magician")[0]
    s.choose(0, activate("Delinquent Duo", dd))
    duel = s.run()
    assert duel.location(only) == GRAVE and duel.hand(1) == []
    assert duel.lp(0) == 7000


def test_delinquent_duo_needs_a_card_in_the_opponents_hand_and_1000_lp() -> None:
    s = main(Scenario())
    dd = s.hand(0, "Delinquent Duo")[0]
    assert activate("Delinquent Duo", dd) not in options(s.build())
    s2 = main(Scenario()).lp(0, 999)
    dd2 = s2.hand(0, "Delinquent Duo")[0]
    s2.hand(1, "Dark Magician")
    assert activate("Delinquent Duo", dd2) not in options(s2.build())


def test_confiscation_pays_1000_looks_at_the_hand_and_discards_a_chosen_card() -> None:
    s = main(Scenario())
    c = s.hand(0, "Confiscation")[0]
    dm, cg = s.hand(1, "Dark Magician", "Celtic Guardian")
    s.choose(0, activate("Confiscation", c))
    duel = s.build()
    duel = s.run(duel)
    # You see the cards of their hand by name (you looked at it).
    assert sorted(options(duel)) == sorted(
        [f"select Dark Magician [{dm}] (opponent's hand)",
         f"select Celtic Guardian [{cg}] (opponent's hand)"]
    )  # fmt: skip
    s.choose(0, f"select Dark Magician [{dm}]")
    duel = s.run(duel)
    assert duel.lp(0) == 7000
    assert duel.location(dm) == GRAVE and duel.hand(1) == [cg]
    # The look is private: the opponent's log does not name their cards to them as
    # revealed by you, and yours does.
    reveals = [e for e in duel.events(0) if e.kind == EventKind.REVEAL]
    assert {e.card for e in reveals} == {dm, cg}


def test_the_forceful_sentry_shuffles_a_chosen_card_into_the_deck() -> None:
    s = main(Scenario())
    fs = s.hand(0, "The Forceful Sentry")[0]
    dm, cg = s.hand(1, "Dark Magician", "Celtic Guardian")
    s.choose(0, activate("The Forceful Sentry", fs))
    s.choose(0, f"select Dark Magician [{dm}]")
    duel = s.run()
    assert duel.location(dm) == DECK and duel.hand(1) == [cg]
    assert any(e.kind == EventKind.SHUFFLE and e.player == 1 for e in duel.events())


def test_the_forceful_sentry_needs_a_card_in_the_opponents_hand() -> None:
    s = main(Scenario())
    fs = s.hand(0, "The Forceful Sentry")[0]
    assert activate("The Forceful Sentry", fs) not in options(s.build())


# -- Painful Choice ----------------------------------------------------------------------------


def test_painful_choice_the_opponent_picks_one_of_five_the_rest_go_to_the_gy() -> None:
    s = main(Scenario())
    pc = s.hand(0, "Painful Choice")[0]
    names = ["Dark Magician", "Summoned Skull", "Celtic Guardian", "Man-Eater Bug", "Lord of D."]
    five = s.deck(0, *names)
    s.filler(0, 3)
    s.choose(0, activate("Painful Choice", pc))
    for name, u in zip(names, five, strict=True):
        s.choose(0, select(name, u))
    s.choose(1, select("Man-Eater Bug", five[3]))
    duel = s.run()
    bug = five[3]
    assert duel.location(bug) == HAND
    assert [duel.location(u) for u in five if u != bug] == [GRAVE] * 4
    assert len(duel.deck(0)) == 3
    # They were shown to the opponent (public reveals) before the opponent picked.
    shown = {e.card for e in duel.events(1) if e.kind == EventKind.REVEAL}
    assert set(five) <= shown


def test_painful_choice_needs_five_cards_in_the_deck() -> None:
    s = main(Scenario())
    pc = s.hand(0, "Painful Choice")[0]
    s.filler(0, 4)
    assert activate("Painful Choice", pc) not in options(s.build())


# -- Darkness Approaches: face-down Attack Position (R-POS-1) -----------------------------------


def _darkness(s: Scenario, target_name: str, target: int) -> None:
    da, a, _ = s.hand(0, "Darkness Approaches", "Celtic Guardian", "Celtic Guardian")
    s.choose(0, activate("Darkness Approaches", da))
    s.choose(0, select("Celtic Guardian", a))  # the second discard is then forced
    if target_name:
        s.choose(0, select(target_name, target))


def test_darkness_approaches_turns_an_attack_position_monster_face_down_attack() -> None:
    # R-POS-1: face-down Attack Position exists only through Darkness Approaches.
    s = main(Scenario())
    skull = s.monster(1, "Summoned Skull")
    _darkness(s, "", skull)  # the only target
    duel = s.run()
    assert duel.position(skull) == FD_ATK
    assert len(duel.grave(0)) == 3  # 2 discarded as the cost, and the card itself
    # The opponent sees a face-down card in Attack Position.
    (c,) = [m for m in duel.view(0).opponent.monsters if m is not None]
    assert c.uid is None and c.position == FD_ATK


def test_darkness_approaches_keeps_a_defense_position_monster_in_defense() -> None:
    s = main(Scenario())
    skull = s.monster(1, "Summoned Skull", FU_DEF)
    _darkness(s, "", skull)  # the only target
    duel = s.run()
    assert duel.position(skull) == FD_DEF


def test_no_summon_or_set_gives_face_down_attack() -> None:
    # R-POS-1: without Darkness Approaches a monster is face-up Attack, face-up
    # Defense or face-down Defense; a Set monster is face-down Defense.
    s = main(Scenario())
    cg = s.hand(0, "Celtic Guardian")[0]
    s.choose(0, f"set Celtic Guardian [{cg}]")
    duel = s.run()
    assert duel.position(cg) == FD_DEF
    assert not any("Attack" in t and "face-down" in t for t in options(duel))


def test_a_face_down_attack_monster_cannot_attack_nor_be_equipped() -> None:
    # R-POS-1, R-POS-2, R-POS-3.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.monster(1, "Summoned Skull", FD_ATK)
    axe = s.hand(1, "Axe of Despair")[0]
    duel = s.build()
    assert activate("Axe of Despair", axe) not in options(duel)
    s.choose(1, "battle")
    duel = s.run(duel)
    assert not [t for t in options(duel) if t.startswith("attack-with")]


def test_a_face_down_attack_monster_attacked_is_flipped_and_battles_in_attack() -> None:
    # R-POS-1, R-BAT-6: turned face-up Attack before damage calculation; its ATK
    # battles, and the difference is battle damage to its controller (R-BAT-3).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    dm = s.monster(0, "Dark Magician")  # 2500
    cg = s.monster(1, "Celtic Guardian", FD_ATK)  # 1400 ATK, 1200 DEF
    s.choose(0, f"attack-with Dark Magician [{dm}]")
    duel = s.run()
    assert duel.location(cg) == GRAVE
    assert duel.lp(1) == 8000 - (2500 - 1400)
    flip = [e for e in duel.events() if e.kind == EventKind.FLIP and e.card == cg]
    assert flip and flip[0].prev_pos == FD_ATK


def test_a_face_down_attack_monster_attacked_by_a_weaker_one_destroys_it() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    cg = s.monster(0, "Celtic Guardian")  # 1400
    skull = s.monster(1, "Summoned Skull", FD_ATK)  # 2500 ATK
    s.choose(0, f"attack-with Celtic Guardian [{cg}]")
    duel = s.run()
    assert duel.location(cg) == GRAVE and duel.position(skull) == FU_ATK
    assert duel.lp(0) == 8000 - (2500 - 1400)


def test_a_face_down_attack_monster_may_be_flip_summoned() -> None:
    # R-POS-1, R-POS-5.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    skull = s.monster(1, "Summoned Skull", FD_ATK)
    s.choose(1, f"flip-summon Summoned Skull [{skull}]")
    duel = s.run()
    assert duel.position(skull) == FU_ATK
    assert any(e.kind == EventKind.FLIP_SUMMON and e.card == skull for e in duel.events())


# -- Curse of Fiend: a Normal Spell activated in the Standby Phase ----------------------------


def test_curse_of_fiend_is_activated_in_your_standby_phase_and_swaps_positions() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.DRAW)
    curse = s.spell(0, "Curse of Fiend")
    dm = s.monster(0, "Dark Magician")
    skull = s.monster(1, "Summoned Skull", FU_DEF)
    s.choose(0, activate("Curse of Fiend", curse))
    duel = s.run()
    assert duel.phase == Phase.STANDBY or duel.phase == Phase.MAIN1
    assert duel.position(dm) == FU_DEF and duel.position(skull) == FU_ATK
    assert duel.location(curse) == GRAVE
    # In the Main Phase, their positions cannot be changed by hand this turn.
    s.stop(0)  # nothing
    duel2 = s.run(duel)
    assert duel2.phase == Phase.MAIN1
    assert not [t for t in options(duel2) if t.startswith(("to-attack", "to-defense"))]


def test_curse_of_fiend_cannot_be_activated_in_the_main_phase_nor_from_the_hand() -> None:
    s = main(Scenario())
    curse = s.spell(0, "Curse of Fiend")
    in_hand = s.hand(0, "Curse of Fiend")[0]
    s.monster(0, "Dark Magician")
    duel = s.build()
    assert activate("Curse of Fiend", curse) not in options(duel)
    assert activate("Curse of Fiend", in_hand) not in options(duel)


def test_curse_of_fiend_cannot_be_activated_in_the_opponents_standby_phase() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW)
    s.spell(0, "Curse of Fiend")
    s.monster(0, "Dark Magician")
    s.stop(0, Window.STANDBY)
    duel = s.build()
    asked = 0
    while duel.decision is not None and duel.phase in (Phase.DRAW, Phase.STANDBY):
        asked += duel.decision.player == 0 and duel.phase == Phase.STANDBY
        assert not [t for t in options(duel) if t.startswith("activate Curse")]
        duel.apply(duel.decision.options[-1])
    assert asked


# -- Different Dimension Capsule: face-down banishment (R-DUEL-8) ------------------------------


def _end_turn(s: Scenario, duel: Duel, player: int) -> Duel:
    s.choose(player, "end-turn")
    return s.run(duel)


def test_different_dimension_capsule_banishes_face_down_and_returns_it_later() -> None:
    s = main(Scenario())
    ddc = s.hand(0, "Different Dimension Capsule")[0]
    dm = s.deck(0, "Dark Magician")[0]
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, activate("Different Dimension Capsule", ddc), select("Dark Magician", dm))
    duel = s.run()
    assert duel.location(dm) == BANISHED and duel.position(dm) & Position.FACEDOWN
    assert duel.location(ddc) == SZONE  # it stays
    # R-DUEL-8: hidden from the opponent, known to its owner.
    (theirs,) = duel.view(1).opponent.banished
    assert theirs.uid is None and theirs.code is None
    (mine,) = duel.view(0).me.banished
    assert mine.uid == dm
    assert all(e.card != dm for e in duel.events(1) if e.kind == EventKind.MOVE)
    # Your next Standby Phase (turn 5) is the first; the second (turn 7) brings it back.
    for p in (0, 1):
        duel = _end_turn(s, duel, p)
    assert duel.turn == 5 and duel.location(dm) == BANISHED and duel.location(ddc) == SZONE
    for p in (0, 1):
        duel = _end_turn(s, duel, p)
    assert duel.turn == 7
    assert duel.location(dm) == HAND and duel.location(ddc) == GRAVE


def test_different_dimension_capsule_destroyed_early_leaves_the_card_banished() -> None:
    s = main(Scenario())
    ddc = s.hand(0, "Different Dimension Capsule")[0]
    dm = s.deck(0, "Dark Magician")[0]
    s.filler(0, 6)
    s.filler(1, 6)
    mst = s.spell(1, "Mystical Space Typhoon", this_turn=True)
    s.choose(0, activate("Different Dimension Capsule", ddc), select("Dark Magician", dm))
    s.choose(0, "end-turn")
    s.choose(1, activate("Mystical Space Typhoon", mst))
    duel = s.run()
    assert duel.location(ddc) == GRAVE
    for p in (1, 0, 1):
        duel = _end_turn(s, duel, p)
    assert duel.turn == 7 and duel.phase == Phase.MAIN1
    assert duel.location(dm) == BANISHED and duel.position(dm) & Position.FACEDOWN


# -- Riryoku ------------------------------------------------------------------------------------


def test_riryoku_halves_one_monster_and_gives_the_loss_to_the_other() -> None:
    s = main(Scenario())
    r = s.hand(0, "Riryoku")[0]
    skull = s.monster(1, "Summoned Skull")  # 2500
    cg = s.monster(0, "Celtic Guardian")  # 1400
    s.choose(0, activate("Riryoku", r))
    s.choose(0, "select Summoned Skull")  # the first target loses; the other is forced
    duel = s.run()
    view = duel.view(0)
    atk = {c.uid: c.atk for side in view.players for c in side.monsters if c is not None}
    assert atk[skull] == 1250 and atk[cg] == 1400 + 1250
    # Until the End Phase only.
    s.choose(0, "end-turn")
    duel = s.run(duel)
    view = duel.view(0)
    atk = {c.uid: c.atk for side in view.players for c in side.monsters if c is not None}
    assert atk[skull] == 2500 and atk[cg] == 1400


def test_riryoku_needs_two_face_up_monsters() -> None:
    s = main(Scenario())
    r = s.hand(0, "Riryoku")[0]
    s.monster(1, "Summoned Skull")
    s.monster(0, "Celtic Guardian", FD_DEF)
    assert activate("Riryoku", r) not in options(s.build())


# -- De-Spell ----------------------------------------------------------------------------------


def test_de_spell_destroys_a_set_spell_after_revealing_it() -> None:
    s = main(Scenario())
    ds = s.hand(0, "De-Spell")[0]
    pot = s.spell(1, "Pot of Greed")
    s.choose(0, activate("De-Spell", ds))
    duel = s.run()
    assert duel.location(pot) == GRAVE
    assert any(e.kind == EventKind.REVEAL and e.card == pot for e in duel.events(0))


def test_de_spell_on_a_set_trap_reveals_it_and_leaves_it() -> None:
    s = main(Scenario())
    ds = s.hand(0, "De-Spell")[0]
    hole = s.spell(1, "Trap Hole", this_turn=True)
    s.choose(0, activate("De-Spell", ds))
    duel = s.run()
    assert duel.location(hole) == SZONE
    assert any(e.kind == EventKind.REVEAL and e.card == hole for e in duel.events(0))


def test_de_spell_cannot_target_a_face_up_trap() -> None:
    s = main(Scenario())
    ds = s.hand(0, "De-Spell")[0]
    s.spell(1, "Imperial Order", face_down=False)
    assert activate("De-Spell", ds) not in options(s.build())


# -- The Flute of Summoning Dragon and Lord of D. -----------------------------------------------


def test_flute_special_summons_up_to_two_dragons_with_lord_of_d() -> None:
    s = main(Scenario())
    flute = s.hand(0, "The Flute of Summoning Dragon")[0]
    bewd, koumori = s.hand(0, "Blue-Eyes White Dragon", "Koumori Dragon")
    s.hand(0, "Celtic Guardian")  # not a Dragon
    s.monster(0, "Lord of D.")
    s.choose(0, activate("The Flute of Summoning Dragon", flute))
    s.choose(0, select("Blue-Eyes White Dragon", bewd), select("Koumori Dragon", koumori))
    s.choose(0, "choose face-up Attack", "choose face-up Defense")
    duel = s.run()
    assert duel.position(bewd) == FU_ATK and duel.position(koumori) == FU_DEF
    summons = [e for e in duel.events() if e.kind == EventKind.SPECIAL_SUMMON]
    assert len({e.batch for e in summons}) == 1  # together


def test_flute_may_summon_just_one() -> None:
    s = main(Scenario())
    flute = s.hand(0, "The Flute of Summoning Dragon")[0]
    bewd, koumori = s.hand(0, "Blue-Eyes White Dragon", "Koumori Dragon")
    s.monster(1, "Lord of D.")  # the opponent's Lord counts: "on the field"
    s.choose(0, activate("The Flute of Summoning Dragon", flute))
    s.choose(0, select("Koumori Dragon", koumori), "done", "choose face-up Attack")
    duel = s.run()
    assert duel.location(koumori) == MZONE and duel.location(bewd) == HAND


def test_flute_needs_lord_of_d_at_activation_and_at_resolution() -> None:
    s = main(Scenario())
    flute = s.hand(0, "The Flute of Summoning Dragon")[0]
    s.hand(0, "Blue-Eyes White Dragon")
    assert activate("The Flute of Summoning Dragon", flute) not in options(s.build())
    # Lord of D. destroyed in response: the Flute resolves with no effect.
    s = main(Scenario())
    flute = s.hand(0, "The Flute of Summoning Dragon")[0]
    bewd = s.hand(0, "Blue-Eyes White Dragon")[0]
    lord = s.monster(0, "Lord of D.")
    ring = s.spell(1, "Ring of Destruction")
    s.choose(0, activate("The Flute of Summoning Dragon", flute))
    s.choose(1, activate("Ring of Destruction", ring))  # its only target: Lord of D.
    duel = s.run()
    assert duel.location(lord) == GRAVE
    assert duel.location(bewd) == HAND and duel.location(flute) == GRAVE


def test_lord_of_d_stops_effects_targeting_dragons() -> None:
    s = main(Scenario())
    ds = s.hand(0, "Tribute to The Doomed")[0]
    s.hand(0, "Celtic Guardian")
    bewd = s.monster(1, "Blue-Eyes White Dragon")
    lord = s.monster(1, "Lord of D.")
    s.choose(0, activate("Tribute to The Doomed", ds))
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
    assert activate("Tribute to The Doomed", ds) in options(duel)  # the Lords themselves
    s2 = main(Scenario())
    r = s2.hand(0, "Riryoku")[0]
    s2.monster(1, "Blue-Eyes White Dragon")
    s2.monster(0, "Koumori Dragon")
    s2.monster(0, "Lord of D.")
    # Riryoku needs 2 targets: only Lord of D. is not a Dragon.
    assert activate("Riryoku", r) not in options(s2.build())


def test_lord_of_d_does_not_stop_a_non_targeting_effect_or_an_attack() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    koumori = s.monster(1, "Koumori Dragon")  # 1500, below Lord's 1200? no: Lord is lower
    s.monster(1, "Lord of D.", FD_DEF)  # face-down: its effect does not apply
    s.choose(0, activate("Fissure", f))
    duel = s.run()
    assert duel.location(koumori) == GRAVE


# -- Last Will ----------------------------------------------------------------------------------


def test_last_will_after_losing_a_monster_summons_one_from_the_deck() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    lw = s.hand(0, "Last Will")[0]
    cg = s.monster(0, "Celtic Guardian")
    s.monster(1, "Summoned Skull")
    bug = s.deck(0, "Man-Eater Bug")[0]
    s.deck(0, "Dark Magician")  # 2500: not allowed
    s.filler(0, 3)
    s.choose(0, f"attack-with Celtic Guardian [{cg}]")
    s.choose(0, "main2")
    duel = s.run()
    assert duel.location(cg) == GRAVE
    s.choose(0, activate("Last Will", lw))
    s.choose(0, select("Man-Eater Bug", bug), "choose face-up Defense")
    duel = s.run(duel)
    assert duel.location(bug) == MZONE and duel.position(bug) == FU_DEF


def test_last_will_needs_a_monster_of_yours_sent_to_the_gy_this_turn() -> None:
    s = main(Scenario())
    lw = s.hand(0, "Last Will")[0]
    s.grave(0, "Celtic Guardian")  # from an earlier turn
    s.monster(1, "Summoned Skull")
    s.filler(0, 3)
    assert activate("Last Will", lw) not in options(s.build())
