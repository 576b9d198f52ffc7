"""Normal Spells: Raigeki, Heavy Storm, Harpie's Feather Duster, Monster Reborn, Dian
Keto, Upstart Goblin, Fissure, Tribute to the Doomed, Delinquent Duo, Confiscation,
The Forceful Sentry, Painful Choice, Riryoku, De-Spell, The Flute of Summoning Dragon,
Last Will, Change of Heart, Graceful Charity, Card Destruction, Nobleman of Crossout,
Knight's Title and the others."""

from __future__ import annotations

import pytest

from tests.cards.scripts.support import (
    act,
    events,
    main,
    moves,
    options,
    sel,
    zoma_then_their_turn,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window
from ygo.engine.result import WinReason

RAIGEKI = "Raigeki"
HEAVY_STORM = "Heavy Storm"
HARPIE = "Harpie's Feather Duster"
REBORN = "Monster Reborn"
SWORDS = "Swords of Revealing Light"
MIRROR = "Mirror Force"
SAKURETSU = "Sakuretsu Armor"
RING = "Ring of Destruction"
MST = "Mystical Space Typhoon"
DM = "Dark Magician"  # 2500 / 2100, Level 7
SKULL = "Summoned Skull"  # 2500 / 1200, Level 6
CELTIC = "Celtic Guardian"  # 1400 / 1200, Level 4
KURIBOH = "Kuriboh"  # 300 / 200, Level 1


def _end_turns(s: Scenario, duel: Duel, *players: int) -> Duel:
    for p in players:
        s.choose(p, "end-turn")
    return s.run(duel)


FD_DEF = Position.FACEDOWN_DEFENSE


FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
GRAVE = Location.GRAVE
HAND = Location.HAND
DECK = Location.DECK
MZONE = Location.MZONE
SZONE = Location.SZONE
BANISHED = Location.BANISHED


def _end_turn(s: Scenario, duel: Duel, player: int) -> Duel:
    s.choose(player, "end-turn")
    return s.run(duel)


POLY = "Polymerization"
BEWD = "Blue-Eyes White Dragon"
BEUD = "Blue-Eyes Ultimate Dragon"
BUG = "Man-Eater Bug"
SANGAN = "Sangan"
TOMATO = "Mystic Tomato"
JINZO = "Jinzo"
HEART = "Change of Heart"
CHARITY = "Graceful Charity"
DESTRUCTION = "Card Destruction"
NOBLEMAN = "Nobleman of Crossout"
DARK_HOLE = "Dark Hole"
GUARDIAN = "Celtic Guardian"  # 1400 ATK, EARTH Normal (the deck filler)
FD = Position.FACEDOWN_DEFENSE


def _activations(duel: Duel) -> list[tuple[int, int, int]]:
    """(card, chain link, player) of every activation, in order."""
    return [(e.card, e.value, e.player) for e in events(duel, EventKind.ACTIVATE)]


def _moved(duel: Duel, uid: int) -> list[Event]:
    return [e for e in events(duel, EventKind.MOVE) if e.card == uid]


EGOTIST = "Elegant Egotist"
HARPIE_LADY = "Harpie Lady"
SISTERS = "Harpie Lady Sisters"


def test_raigeki_destroys_only_the_opponents_monsters_and_goes_to_the_gy() -> None:
    # R-SPELL-1: a Normal Spell Set this turn can be activated at once; after
    # resolving it goes to the GY. R-TERM-1: its victims are destroyed by an effect.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    raigeki = s.spell(0, RAIGEKI, this_turn=True)
    mine = s.monster(0, DM)
    skull = s.monster(1, SKULL)
    hidden = s.monster(1, CELTIC, Position.FACEDOWN_DEFENSE)
    s.choose(0, f"activate Raigeki [{raigeki}]")
    duel = s.run()
    assert duel.location(mine) == Location.MZONE
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(hidden) == Location.GRAVE
    assert duel.location(raigeki) == Location.GRAVE
    for uid in (skull, hidden):
        (move,) = moves(duel, uid)
        assert move.reason & Reason.DESTROY and move.reason & Reason.EFFECT
        assert not move.reason & Reason.BATTLE
        assert move.rc == raigeki
    (to_gy,) = moves(duel, raigeki)
    assert not to_gy.reason & Reason.DESTROY  # sent by rule (R-CHAIN-12), not destroyed
    assert duel.decision is not None and duel.decision.player == 0


def test_a_normal_spell_waits_for_its_own_main_phase() -> None:
    # R-TURN-7: a Normal Spell (speed 1) is not offered in the Battle Phase, nor in
    # the opponent's turn, while a Set Trap (speed 2) is.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hand_raigeki = s.hand(0, RAIGEKI)[0]
    s.spell(0, RAIGEKI)
    s.spell(1, RAIGEKI)
    s.spell(1, RING)
    s.monster(0, DM)
    s.monster(1, SKULL)
    s.stop(0, Window.BATTLE_START)
    duel = s.run()
    main = texts(duel.decision)
    assert f"activate Raigeki [{hand_raigeki}]" in main  # its own open Main Phase: yes
    s.choose(0, "battle")
    duel = s.run(duel)
    # P1 answers the end of P0's Main Phase 1: Ring of Destruction, not Raigeki.
    assert duel.decision is not None and duel.decision.player == 1
    opts = texts(duel.decision)
    assert any(t.startswith("activate Ring of Destruction") for t in opts)
    assert not [t for t in opts if "Raigeki" in t]
    s.choose(1, "pass")
    duel = s.run(duel)
    # P0's own Battle Phase: neither Raigeki (hand or Set) is offered.
    assert duel.decision is not None and duel.decision.player == 0
    assert duel.phase == Phase.BATTLE_START
    assert texts(duel.decision) == ["pass"]


def test_heavy_storm_destroys_every_other_spell_and_trap() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    storm = s.hand(0, HEAVY_STORM)[0]
    my_trap = s.spell(0, MIRROR)
    their_set = s.spell(1, SAKURETSU)
    their_swords = s.spell(1, SWORDS, face_down=False)
    monster = s.monster(1, SKULL)
    s.choose(0, f"activate Heavy Storm [{storm}]")
    duel = s.run()
    for uid in (my_trap, their_set, their_swords):
        assert duel.location(uid) == Location.GRAVE
        (move,) = moves(duel, uid)
        assert move.reason & Reason.DESTROY and move.rc == storm
    assert duel.location(monster) == Location.MZONE
    (to_gy,) = moves(duel, storm)
    assert not to_gy.reason & Reason.DESTROY  # itself: sent after resolving, not destroyed


def test_heavy_storm_needs_another_spell_or_trap() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    storm = s.hand(0, HEAVY_STORM)[0]
    s.monster(1, SKULL)
    duel = s.build()
    assert f"activate Heavy Storm [{storm}]" not in texts(duel.decision)


def test_harpies_feather_duster_destroys_only_the_opponents_spells_and_traps() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    duster = s.hand(0, HARPIE)[0]
    mine = s.spell(0, MIRROR)
    theirs = [s.spell(1, SAKURETSU), s.spell(1, SWORDS, face_down=False)]
    s.choose(0, f"activate Harpie's Feather Duster [{duster}]")
    duel = s.run()
    assert duel.location(mine) == Location.SZONE
    assert [duel.location(u) for u in theirs] == [Location.GRAVE, Location.GRAVE]
    assert duel.location(duster) == Location.GRAVE


def test_monster_reborn_revives_a_monster_from_the_opponents_gy_under_your_control() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    s.grave(0, CELTIC)
    skull = s.grave(1, SKULL)[0]
    s.choose(0, f"activate Monster Reborn [{reborn}]")
    s.choose(0, f"select Summoned Skull [{skull}]")
    s.choose(0, "choose face-up Defense")
    duel = s.run()
    assert duel.location(skull) == Location.MZONE
    assert duel.controller(skull) == 0
    assert duel.position(skull) == Position.FACEUP_DEFENSE
    assert duel.location(reborn) == Location.GRAVE  # R-SPELL-1
    (ss,) = events(duel, EventKind.SPECIAL_SUMMON)
    assert ss.card == skull and ss.src == Location.GRAVE and ss.rc == reborn


def test_monster_reborn_needs_a_monster_in_a_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    s.grave(1, MST)  # a Spell is no target
    duel = s.build()
    assert f"activate Monster Reborn [{reborn}]" not in texts(duel.decision)


def test_swords_flips_stops_attacks_and_leaves_after_three_opponent_turns() -> None:
    # R-SPELL-7: a Normal Spell that stays on the field for a stated time, counted
    # on the card (State.cval) by a rule effect at the End Phase.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    swords = s.hand(0, SWORDS)[0]
    hidden = s.monster(1, CELTIC, Position.FACEDOWN_DEFENSE)
    skull = s.monster(1, SKULL)
    mine = s.monster(0, KURIBOH, Position.FACEUP_DEFENSE)
    s.choose(0, f"activate Swords of Revealing Light [{swords}]")
    duel = s.run()
    assert duel.position(hidden) == Position.FACEUP_DEFENSE
    assert duel.location(swords) == Location.SZONE
    assert duel.position(swords) & Position.FACEUP
    # Turn 4, the opponent's 1st turn: they can enter battle but not attack.
    duel = _end_turns(s, duel, 0)
    assert duel.turn == 4 and duel.decision is not None and duel.decision.player == 1
    s.choose(1, "battle")
    duel = s.run(duel)
    assert duel.phase == Phase.BATTLE_STEP
    assert not [t for t in texts(duel.decision) if t.startswith("attack-with")]
    s.choose(1, "end-turn")
    duel = s.run(duel)
    duel = _end_turns(s, duel, 0, 1, 0)  # turns 5, 6 (the 2nd), 7
    assert duel.turn == 8 and duel.decision is not None and duel.decision.player == 1
    assert duel.location(swords) == Location.SZONE  # the 3rd turn's End Phase has not come
    assert duel.location(skull) == Location.MZONE and duel.location(mine) == Location.MZONE
    duel = _end_turns(s, duel, 1)  # the End Phase of turn 8: it is destroyed
    assert duel.turn == 9
    assert duel.location(swords) == Location.GRAVE
    (move,) = moves(duel, swords)[-1:]
    assert move.reason & Reason.DESTROY
    gone = next(e for e in duel.events() if e.kind == EventKind.MOVE and e.card == swords)
    turn_of = [e.value for e in duel.events()[: duel.events().index(gone)]
               if e.kind == EventKind.TURN]  # fmt: skip
    assert turn_of[-1] == 8


def test_swords_does_not_stop_your_own_attacks() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.spell(0, SWORDS, face_down=False)
    s.monster(0, DM)
    s.choose(0, "battle")
    duel = s.run()
    assert "attack-with Dark Magician [1]" in texts(duel.decision)


def test_heavy_storm_and_harpies_feather_duster_destroy_a_trap_monster() -> None:
    # R-MON-4
    for spell in ("Heavy Storm", "Harpie's Feather Duster"):
        s, duel, zoma, (card,) = zoma_then_their_turn(spell)
        s.choose(1, act(spell, card))
        duel = s.run(duel)
        assert duel.location(zoma) == Location.GRAVE, spell


def test_heavy_storm_leaves_the_monsters_that_are_not_traps() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hs = s.hand(0, "Heavy Storm")[0]
    cg = s.monster(1, "Celtic Guardian")
    fd = s.monster(1, "Feral Imp", position=FD_DEF)
    trap = s.spell(1, "Mirror Force")
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Heavy Storm", hs))
    duel = s.run()
    assert duel.location(cg) == duel.location(fd) == Location.MZONE
    assert duel.location(trap) == Location.GRAVE


def test_dian_keto_gains_1000_lp() -> None:
    s = main(Scenario())
    dk = s.hand(0, "Dian Keto the Cure Master")[0]
    s.choose(0, act("Dian Keto the Cure Master", dk))
    duel = s.run()
    assert duel.lp(0) == 9000 and duel.lp(1) == 8000
    assert duel.location(dk) == GRAVE


def test_upstart_goblin_draws_1_and_the_opponent_gains_1000() -> None:
    s = main(Scenario())
    ug = s.hand(0, "Upstart Goblin")[0]
    top = s.deck(0, "Dark Magician")[0]
    s.choose(0, act("Upstart Goblin", ug))
    duel = s.run()
    assert duel.hand(0) == [top]
    assert duel.lp(1) == 9000 and duel.lp(0) == 8000


def test_upstart_goblin_needs_a_card_in_the_deck() -> None:
    s = main(Scenario())
    ug = s.hand(0, "Upstart Goblin")[0]
    s.deck(0)  # an empty Deck
    duel = s.build()
    assert act("Upstart Goblin", ug) not in options(duel)


def test_fissure_destroys_the_opponents_lowest_atk_face_up_monster() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    low = s.monster(1, "Celtic Guardian")  # 1400
    high = s.monster(1, "Summoned Skull")  # 2500
    hidden = s.monster(1, "Man-Eater Bug", FD_DEF)  # face-down: not counted
    mine = s.monster(0, "Man-Eater Bug")  # 450, but mine
    s.choose(0, act("Fissure", f))
    duel = s.run()
    assert duel.location(low) == GRAVE
    assert {duel.location(u) for u in (high, hidden, mine)} == {MZONE}


def test_fissure_lets_you_choose_among_tied_monsters() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    a = s.monster(1, "Celtic Guardian")
    b = s.monster(1, "Celtic Guardian")
    s.choose(0, act("Fissure", f))
    s.choose(0, f"select Celtic Guardian [{b}]")
    duel = s.run()
    assert duel.location(b) == GRAVE and duel.location(a) == MZONE


def test_fissure_needs_a_face_up_opponent_monster() -> None:
    s = main(Scenario())
    f = s.hand(0, "Fissure")[0]
    s.monster(1, "Celtic Guardian", FD_DEF)
    duel = s.build()
    assert act("Fissure", f) not in options(duel)


def test_tribute_to_the_doomed_discards_then_destroys_a_face_down_flip_monster() -> None:
    # The guides: a face-down Flip monster removed by it never flips (R-MON-5).
    s = main(Scenario())
    td, fodder = s.hand(0, "Tribute to The Doomed", "Celtic Guardian")
    bug = s.monster(1, "Man-Eater Bug", FD_DEF)
    mine = s.monster(0, "Dark Magician")
    s.choose(0, act("Tribute to The Doomed", td))
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
    assert act("Tribute to The Doomed", td) not in options(duel)


def test_delinquent_duo_discards_one_at_random_and_one_of_their_choice() -> None:
    s = main(Scenario())
    dd = s.hand(0, "Delinquent Duo")[0]
    theirs = s.hand(1, "Dark Magician", "Celtic Guardian", "Summoned Skull")
    s.choose(0, act("Delinquent Duo", dd))
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
    s.choose(0, act("Delinquent Duo", dd))
    duel = s.run()
    assert duel.location(only) == GRAVE and duel.hand(1) == []
    assert duel.lp(0) == 7000


def test_delinquent_duo_needs_a_card_in_the_opponents_hand_and_1000_lp() -> None:
    s = main(Scenario())
    dd = s.hand(0, "Delinquent Duo")[0]
    assert act("Delinquent Duo", dd) not in options(s.build())
    s2 = main(Scenario()).lp(0, 999)
    dd2 = s2.hand(0, "Delinquent Duo")[0]
    s2.hand(1, "Dark Magician")
    assert act("Delinquent Duo", dd2) not in options(s2.build())


def test_confiscation_pays_1000_looks_at_the_hand_and_discards_a_chosen_card() -> None:
    s = main(Scenario())
    c = s.hand(0, "Confiscation")[0]
    dm, cg = s.hand(1, "Dark Magician", "Celtic Guardian")
    s.choose(0, act("Confiscation", c))
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
    s.choose(0, act("The Forceful Sentry", fs))
    s.choose(0, f"select Dark Magician [{dm}]")
    duel = s.run()
    assert duel.location(dm) == DECK and duel.hand(1) == [cg]
    assert any(e.kind == EventKind.SHUFFLE and e.player == 1 for e in duel.events())


def test_the_forceful_sentry_needs_a_card_in_the_opponents_hand() -> None:
    s = main(Scenario())
    fs = s.hand(0, "The Forceful Sentry")[0]
    assert act("The Forceful Sentry", fs) not in options(s.build())


def test_painful_choice_the_opponent_picks_one_of_five_the_rest_go_to_the_gy() -> None:
    s = main(Scenario())
    pc = s.hand(0, "Painful Choice")[0]
    names = ["Dark Magician", "Summoned Skull", "Celtic Guardian", "Man-Eater Bug", "Lord of D."]
    five = s.deck(0, *names)
    s.filler(0, 3)
    s.choose(0, act("Painful Choice", pc))
    for name, u in zip(names, five, strict=True):
        s.choose(0, sel(name, u))
    s.choose(1, sel("Man-Eater Bug", five[3]))
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
    assert act("Painful Choice", pc) not in options(s.build())


def test_curse_of_fiend_is_activated_in_your_standby_phase_and_swaps_positions() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.DRAW)
    curse = s.spell(0, "Curse of Fiend")
    dm = s.monster(0, "Dark Magician")
    skull = s.monster(1, "Summoned Skull", FU_DEF)
    s.choose(0, act("Curse of Fiend", curse))
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
    assert act("Curse of Fiend", curse) not in options(duel)
    assert act("Curse of Fiend", in_hand) not in options(duel)


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


def test_different_dimension_capsule_banishes_face_down_and_returns_it_later() -> None:
    s = main(Scenario())
    ddc = s.hand(0, "Different Dimension Capsule")[0]
    dm = s.deck(0, "Dark Magician")[0]
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Different Dimension Capsule", ddc), sel("Dark Magician", dm))
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
    s.choose(0, act("Different Dimension Capsule", ddc), sel("Dark Magician", dm))
    s.choose(0, "end-turn")
    s.choose(1, act("Mystical Space Typhoon", mst))
    duel = s.run()
    assert duel.location(ddc) == GRAVE
    for p in (1, 0, 1):
        duel = _end_turn(s, duel, p)
    assert duel.turn == 7 and duel.phase == Phase.MAIN1
    assert duel.location(dm) == BANISHED and duel.position(dm) & Position.FACEDOWN


def test_riryoku_halves_one_monster_and_gives_the_loss_to_the_other() -> None:
    s = main(Scenario())
    r = s.hand(0, "Riryoku")[0]
    skull = s.monster(1, "Summoned Skull")  # 2500
    cg = s.monster(0, "Celtic Guardian")  # 1400
    s.choose(0, act("Riryoku", r))
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
    assert act("Riryoku", r) not in options(s.build())


@pytest.mark.parametrize(
    ("target", "ends_in"), [("Pot of Greed", GRAVE), ("Trap Hole", SZONE)], ids=["spell", "trap"]
)
def test_de_spell_reveals_a_set_card_and_destroys_it_if_it_is_a_spell(
    target: str, ends_in: Location
) -> None:
    s = main(Scenario())
    ds = s.hand(0, "De-Spell")[0]
    card = s.spell(1, target, this_turn=True)
    s.choose(0, act("De-Spell", ds))
    duel = s.run()
    assert duel.location(card) == ends_in
    assert any(e.kind == EventKind.REVEAL and e.card == card for e in duel.events(0))


def test_de_spell_cannot_target_a_face_up_trap() -> None:
    s = main(Scenario())
    ds = s.hand(0, "De-Spell")[0]
    s.spell(1, "Imperial Order", face_down=False)
    assert act("De-Spell", ds) not in options(s.build())


def test_flute_special_summons_up_to_two_dragons_with_lord_of_d() -> None:
    s = main(Scenario())
    flute = s.hand(0, "The Flute of Summoning Dragon")[0]
    bewd, koumori = s.hand(0, "Blue-Eyes White Dragon", "Koumori Dragon")
    s.hand(0, "Celtic Guardian")  # not a Dragon
    s.monster(0, "Lord of D.")
    s.choose(0, act("The Flute of Summoning Dragon", flute))
    s.choose(0, sel("Blue-Eyes White Dragon", bewd), sel("Koumori Dragon", koumori))
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
    s.choose(0, act("The Flute of Summoning Dragon", flute))
    s.choose(0, sel("Koumori Dragon", koumori), "done", "choose face-up Attack")
    duel = s.run()
    assert duel.location(koumori) == MZONE and duel.location(bewd) == HAND


def test_flute_needs_lord_of_d_at_activation_and_at_resolution() -> None:
    s = main(Scenario())
    flute = s.hand(0, "The Flute of Summoning Dragon")[0]
    s.hand(0, "Blue-Eyes White Dragon")
    assert act("The Flute of Summoning Dragon", flute) not in options(s.build())
    # Lord of D. destroyed in response: the Flute resolves with no effect.
    s = main(Scenario())
    flute = s.hand(0, "The Flute of Summoning Dragon")[0]
    bewd = s.hand(0, "Blue-Eyes White Dragon")[0]
    lord = s.monster(0, "Lord of D.")
    ring = s.spell(1, "Ring of Destruction")
    s.choose(0, act("The Flute of Summoning Dragon", flute))
    s.choose(1, act("Ring of Destruction", ring))  # its only target: Lord of D.
    duel = s.run()
    assert duel.location(lord) == GRAVE
    assert duel.location(bewd) == HAND and duel.location(flute) == GRAVE


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
    s.choose(0, act("Last Will", lw))
    s.choose(0, sel("Man-Eater Bug", bug), "choose face-up Defense")
    duel = s.run(duel)
    assert duel.location(bug) == MZONE and duel.position(bug) == FU_DEF


def test_last_will_needs_a_monster_of_yours_sent_to_the_gy_this_turn() -> None:
    s = main(Scenario())
    lw = s.hand(0, "Last Will")[0]
    s.grave(0, "Celtic Guardian")  # from an earlier turn
    s.monster(1, "Summoned Skull")
    s.filler(0, 3)
    assert act("Last Will", lw) not in options(s.build())


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


def test_change_of_heart_takes_control_until_the_end_phase() -> None:
    # R-TERM-2: control changes for the turn; the monster attacks for its new
    # controller, and goes back to its owner at the End Phase.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    heart = s.hand(0, HEART)[0]
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {HEART} [{heart}]")  # its only target
    duel = s.run()
    assert duel.controller(skull) == 0
    assert duel.monsters(0)[0] == skull and duel.monsters(1) == [None] * 5
    s.choose(0, "battle", f"attack-with {SKULL}")
    s.run(duel)
    assert duel.lp(1) == 8000 - 2500  # a direct attack: P1 has no monster now
    s.choose(0, "end-turn")
    s.run(duel)
    assert duel.turn == 4
    assert duel.controller(skull) == 1
    assert duel.location(skull) == Location.MZONE


def test_a_stolen_monster_destroyed_goes_to_its_owners_gy() -> None:
    # R-TERM-2: a card leaving the field goes to its owner's GY.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    heart, hole = s.hand(0, HEART, DARK_HOLE)
    skull = s.monster(1, SKULL)
    s.choose(0, f"activate {HEART} [{heart}]", f"activate {DARK_HOLE} [{hole}]")
    duel = s.run()
    assert skull in duel.grave(1)
    assert skull not in duel.grave(0)


def test_change_of_heart_needs_an_opponents_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    heart = s.hand(0, HEART)[0]
    s.monster(0, SKULL)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(f"activate {HEART} [{heart}]")]


def test_graceful_charity_draws_three_as_one_event_then_discards_two() -> None:
    # R-TERM-8: the 3 cards drawn by one action are one event (one batch); so are the
    # 2 discarded. R-TERM-9: a discard sends the cards to the GY.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gc = s.hand(0, CHARITY)[0]
    a, b, c = s.deck(0, SANGAN, TOMATO, BUG)
    s.filler(0, 2)
    s.choose(0, f"activate {CHARITY} [{gc}]", f"select {SANGAN}", f"select {BUG}")
    duel = s.run()
    assert duel.hand(0) == [b]
    assert duel.location(a) == Location.GRAVE and duel.location(c) == Location.GRAVE
    draws = [e for e in events(duel, EventKind.DRAW) if e.rc == gc]
    assert [e.card for e in draws] == [a, b, c]
    assert len({e.batch for e in draws}) == 1
    discards = [e for e in events(duel, EventKind.MOVE) if e.card in (a, c)]
    assert all(e.reason & Reason.DISCARD and e.dst == Location.GRAVE for e in discards)
    assert len({e.batch for e in discards}) == 1
    assert discards[0].batch != draws[0].batch
    # Sangan went from the hand, not the field: no trigger.
    assert _activations(duel) == [(gc, 1, 0)]
    assert duel.location(gc) == Location.GRAVE


def test_graceful_charity_needs_three_cards_in_the_deck() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gc = s.hand(0, CHARITY)[0]
    s.deck(0, GUARDIAN, GUARDIAN)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(f"activate {CHARITY} [{gc}]")]
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gc2 = s2.hand(0, CHARITY)[0]
    s2.deck(0, GUARDIAN, GUARDIAN, GUARDIAN)
    assert f"activate {CHARITY} [{gc2}]" in texts(s2.build().decision)


def test_card_destruction_discards_both_hands_and_draws_as_many() -> None:
    # R-TERM-9: the discarded cards are sent to the GY (a discard by a card effect).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cd = s.hand(0, DESTRUCTION)[0]
    mine = s.hand(0, SANGAN, GUARDIAN)
    theirs = s.hand(1, GUARDIAN, GUARDIAN, GUARDIAN)
    top0 = s.deck(0, TOMATO, BUG, GUARDIAN)
    top1 = s.deck(1, SKULL, DM, JINZO, GUARDIAN)
    s.choose(0, f"activate {DESTRUCTION} [{cd}]")
    duel = s.run()
    assert all(duel.location(u) == Location.GRAVE for u in mine + theirs)
    moves = [e for e in events(duel, EventKind.MOVE) if e.card in mine + theirs]
    assert all(e.reason & Reason.DISCARD and e.reason & Reason.EFFECT for e in moves)
    assert sorted(duel.hand(0)) == sorted(top0[:2])
    assert sorted(duel.hand(1)) == sorted(top1[:3])
    # A Sangan discarded from the hand did not go from the field: no trigger.
    assert _activations(duel) == [(cd, 1, 0)]
    assert duel.location(cd) == Location.GRAVE


def test_card_destruction_decks_out_the_opponent_at_once() -> None:
    # R-DUEL-7 (and R-DUEL-5): the opponent must draw 3 with 1 card in the Deck: they
    # lose at once; nothing after that happens (the chain never ends, the Spell never
    # reaches the GY).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cd = s.hand(0, DESTRUCTION)[0]
    s.hand(0, GUARDIAN)
    s.hand(1, GUARDIAN, GUARDIAN, GUARDIAN)
    s.deck(1, SKULL)
    s.choose(0, f"activate {DESTRUCTION} [{cd}]")
    duel = s.run()
    assert duel.is_over
    assert duel.result is not None
    assert duel.result.winner == 0 and duel.result.reason == WinReason.DECK_OUT
    assert not events(duel, EventKind.CHAIN_END)
    assert duel.location(cd) == Location.SZONE


def test_card_destruction_needs_your_deck_to_cover_your_hand() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cd = s.hand(0, DESTRUCTION)[0]
    s.hand(0, GUARDIAN, GUARDIAN)
    s.deck(0, GUARDIAN)
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith(f"activate {DESTRUCTION} [{cd}]")]


def test_nobleman_banishes_a_flip_monster_and_every_copy_in_both_decks() -> None:
    # Destroyed and banished (R-TERM-1: still destroyed); a Flip monster: both players
    # show and banish its copies from their Decks, then shuffle (R-TERM-4). It never
    # flipped, so no Flip effect (R-MON-5).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    nobleman = s.hand(0, NOBLEMAN)[0]
    bug = s.monster(1, BUG, FD)
    s.monster(1, SKULL)
    deck0 = s.deck(0, GUARDIAN, BUG, GUARDIAN)
    deck1 = s.deck(1, BUG, GUARDIAN, BUG)
    s.choose(0, f"activate {NOBLEMAN} [{nobleman}]")  # the only face-down monster
    duel = s.run()
    assert duel.location(bug) == Location.BANISHED
    (move,) = _moved(duel, bug)
    assert move.reason & Reason.DESTROY and move.dst == Location.BANISHED
    copies = [deck0[1], deck1[0], deck1[2]]
    assert all(duel.location(u) == Location.BANISHED for u in copies)
    assert sorted(e.card for e in events(duel, EventKind.REVEAL)) == sorted(copies)
    assert {e.player for e in events(duel, EventKind.SHUFFLE)} == {0, 1}
    assert len(duel.deck(0)) == 2 and len(duel.deck(1)) == 1
    assert _activations(duel) == [(nobleman, 1, 0)]


def test_nobleman_on_a_non_flip_monster_leaves_the_decks_alone() -> None:
    # A face-down Sangan is banished, not sent to the GY: no Sangan trigger; the
    # Decks are not touched.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    nobleman = s.hand(0, NOBLEMAN)[0]
    sangan = s.monster(1, SANGAN, FD)
    deck1 = s.deck(1, SANGAN, TOMATO)
    s.choose(0, f"activate {NOBLEMAN} [{nobleman}]")
    duel = s.run()
    assert duel.location(sangan) == Location.BANISHED
    assert [duel.location(u) for u in deck1] == [Location.DECK, Location.DECK]
    assert not events(duel, EventKind.SHUFFLE)
    assert _activations(duel) == [(nobleman, 1, 0)]


def test_nobleman_targets_only_face_down_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    nobleman = s.hand(0, NOBLEMAN)[0]
    s.monster(1, BUG)  # face-up
    duel = s.build()
    assert not [
        o for o in texts(duel.decision) if o.startswith(f"activate {NOBLEMAN} [{nobleman}]")
    ]


def test_elegant_egotist_summons_the_sisters_from_the_deck_properly() -> None:
    # R-SUM-8, R-SUM-9: with a Harpie Lady face-up, Elegant Egotist brings out
    # Harpie Lady Sisters from the Deck (its own way: properly summoned), so once
    # destroyed the Sisters can be revived (guide 001's ruling on such monsters).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ego, hole, reborn = s.hand(0, EGOTIST, "Dark Hole", REBORN)
    harpie = s.monster(0, HARPIE_LADY)
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
    harpie = s.hand(0, HARPIE_LADY)[0]
    s.filler(0, 3)
    s.monster(1, HARPIE_LADY)
    s.choose(0, act(EGOTIST, ego), "choose face-up Attack")  # only the hand's Harpie Lady
    duel = s.run()
    assert duel.location(harpie) == Location.MZONE
