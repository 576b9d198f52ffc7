"""Duel set-up and winning (RULES.md, DUEL), the field (FIELD), monsters (MON)
and general terms (TERM)."""

from __future__ import annotations

import math
from collections import Counter

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import EventKind, Reason
from ygo.engine.result import WinReason
from ygo.rules import Ruleset

YUGI = starter_deck("yugi")
KAIBA = starter_deck("kaiba")


# -- DUEL ----------------------------------------------------------------------------


def test_players_start_with_8000_lp() -> None:
    # R-DUEL-1: 8000 LP each, a ruleset value.
    duel = Duel((YUGI, KAIBA), seed=0)
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)
    short = Duel((YUGI, KAIBA), Ruleset.mr3().with_(start_lp=4000), seed=0)
    assert (short.lp(0), short.lp(1)) == (4000, 4000)


def test_turn_order_by_coin_toss() -> None:
    # R-DUEL-2: a coin toss (from the seed) picks a player, who chooses to go
    # first or second: a decision like any other, before the opening hands.
    winners: Counter[int] = Counter()
    for s in range(200):
        duel = Duel((YUGI, KAIBA), seed=s)
        d = duel.decision
        assert d is not None and d.kind == DecisionKind.TURN_ORDER
        assert texts(d) == ["go-first", "go-second"]
        assert duel.turn == 0 and duel.hand(0) == duel.hand(1) == []
        assert duel.view(d.player).decision == d and duel.view(1 - d.player).decision is None
        winners[d.player] += 1
    assert winners[0] > 60 and winners[1] > 60
    for choice, goes_first in (("go-first", True), ("go-second", False)):
        duel = Duel((YUGI, KAIBA), seed=5)
        d = duel.decision
        assert d is not None
        duel.apply(choice)
        first = d.player if goes_first else 1 - d.player
        assert duel.first_player == duel.turn_player == first and duel.turn == 1
        assert len(duel.hand(0)) + len(duel.hand(1)) == 10
        assert duel.choices == [texts(d).index(choice)]
    # In a match the previous loser decides: the caller passes the choice, and
    # nobody is asked.
    for first in (0, 1):
        duel = Duel((YUGI, KAIBA), seed=5, first=first)
        assert duel.turn_player == first and duel.turn == 1 and duel.decisions_made == 0
        assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_decks_are_shuffled_and_five_cards_drawn() -> None:
    # R-DUEL-3: each deck is shuffled; each player draws 5 from the top.
    duel = Duel((YUGI, KAIBA), seed=1, first=0)
    assert len(duel.hand(0)) == 5 and len(duel.hand(1)) == 5
    assert len(duel.deck(0)) == 35 and len(duel.deck(1)) == 35
    orders = {
        tuple(duel.card(c).code for c in Duel((YUGI, KAIBA), seed=s, first=0).deck(0))
        for s in range(20)
    }
    assert len(orders) == 20  # different seeds, different orders
    drawn = [e for e in duel.events() if e.kind == EventKind.DRAW and e.player == 0]
    assert [e.card for e in drawn] == duel.hand(0)
    # The hand and the deck together are the deck list.
    codes = sorted(duel.card(c).code for c in duel.hand(0) + duel.deck(0))
    assert codes == sorted(YUGI.main)


def test_lp_zero_loses() -> None:
    # R-DUEL-4: a player whose LP reaches 0 loses.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.lp(1, 100)
    s.monster(0, "Kuriboh")
    s.choose(0, "attack-with Kuriboh")
    duel = s.run()
    assert duel.result is not None
    assert (duel.result.winner, duel.result.reason) == (0, WinReason.LP)


def test_drawing_from_an_empty_deck_loses() -> None:
    # R-DUEL-5: a player who must draw and cannot loses.
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW)
    s.deck(1)  # an empty deck for player 1
    duel = s.run()
    assert duel.result is not None
    assert (duel.result.winner, duel.result.reason) == (0, WinReason.DECK_OUT)
    assert duel.decision is None


def test_last_card_can_be_drawn() -> None:
    # R-DUEL-5, R-TERM-7: drawing the last card is fine; only an empty deck loses.
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW)
    last = s.deck(1, "Celtic Guardian")[0]
    duel = s.run()
    assert not duel.is_over
    assert duel.location(last) == Location.HAND


def test_both_losing_at_once_is_a_draw() -> None:
    # R-DUEL-7: if both players meet a loss condition at the same time, it is a draw.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.lp(0, 500).lp(1, 500)
    s.hand(0, "Celtic Guardian", "Battle Ox")
    duel = s.run()
    st = duel._st
    # What a "both players take damage" effect does: damage both, then check.
    ops.damage(st, 0, 1000, Reason.EFFECT)
    ops.damage(st, 1, 1000, Reason.EFFECT)
    assert ops.check_win(st)
    assert duel.result is not None and duel.result.winner is None
    assert duel.decision is None
    end = duel.events()[-1]
    assert end.kind == EventKind.DUEL_END and end.player == -1


def test_one_losing_is_not_a_draw() -> None:
    # R-DUEL-7 (the other side): one player at 0 loses alone.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian", "Battle Ox")
    duel = s.run()
    st = duel._st
    ops.damage(st, 1, 9000, Reason.EFFECT)
    assert ops.check_win(st)
    assert duel.result is not None and duel.result.winner == 0


def test_views_hide_what_a_player_may_not_know() -> None:
    # R-DUEL-8: public: LP, hand size, GYs in order, face-up cards; hidden: the hand,
    # the deck order, face-down cards, the Extra Deck (to the opponent).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian", "Battle Ox")
    s.hand(1, "Dark Magician")
    up = s.monster(1, "Summoned Skull")
    down = s.monster(1, "Mystical Elf", Position.FACEDOWN_DEFENSE)
    set_trap = s.spell(1, "Trap Hole")
    s.grave(1, "Kuriboh", "Feral Imp")
    s.extra(1, "Blue-Eyes Ultimate Dragon")
    duel = s.build()
    view = duel.view(0)
    opp = view.opponent
    assert opp.lp == 8000 and opp.hand_count == 1
    assert all(c.code is None and c.uid is None for c in opp.hand)
    assert opp.monsters[0] is not None and opp.monsters[0].name == "Summoned Skull"
    assert opp.monsters[0].uid == up
    hidden = opp.monsters[1]
    assert hidden is not None and hidden.code is None and hidden.uid is None and not hidden.face_up
    assert opp.spells[0] is not None and opp.spells[0].code is None
    assert [c.name for c in opp.grave] == ["Kuriboh", "Feral Imp"]
    assert opp.extra_count == 1 and opp.extra[0].code is None
    assert opp.deck_count == 10
    # The owner sees their own face-down cards and Extra Deck.
    mine = duel.view(1).me
    assert mine.monsters[1] is not None and mine.monsters[1].uid == down
    assert mine.spells[0] is not None and mine.spells[0].uid == set_trap
    assert mine.extra[0].name == "Blue-Eyes Ultimate Dragon"
    # Nobody sees the deck order: views carry only the count.
    assert not hasattr(mine, "deck")


def test_deck_and_extra_deck_counts_are_public() -> None:
    # R-DUEL-8: the number of cards in each Deck and Extra Deck is public: each
    # player sees both counts for both players (different here, so a swap shows),
    # and they follow the duel (a draw).
    s = Scenario().at(turn=4, player=1, phase=Phase.DRAW)
    s.filler(0, 7)
    s.filler(1, 12)
    s.extra(0, "Blue-Eyes Ultimate Dragon", "B. Skull Dragon")
    s.extra(1, "Blue-Eyes Ultimate Dragon", "B. Skull Dragon", "Gaia the Dragon Champion")
    duel = s.run()
    assert duel.turn == 4 and len(duel.hand(1)) == 1  # player 1 drew
    for viewer in (0, 1):
        view = duel.view(viewer)
        assert [view.players[p].deck_count for p in (0, 1)] == [7, 11]
        assert [view.players[p].extra_count for p in (0, 1)] == [2, 3]
    assert (duel.view(0).opponent.deck_count, duel.view(0).opponent.extra_count) == (11, 3)
    assert (duel.view(1).opponent.deck_count, duel.view(1).opponent.extra_count) == (7, 2)


def test_opponent_draws_and_sets_are_hidden_in_events() -> None:
    # R-DUEL-8: events show a player only what they may know.
    duel = Duel((YUGI, KAIBA), seed=2, first=0)
    theirs = [e for e in duel.events(1) if e.kind == EventKind.DRAW and e.player == 0]
    assert len(theirs) == 5 and all(e.card == -1 and e.code == 0 for e in theirs)
    own = [e for e in duel.events(0) if e.kind == EventKind.DRAW and e.player == 0]
    assert all(e.code != 0 for e in own)


# -- FIELD ------------------------------------------------------------------------------


def test_five_monster_zones() -> None:
    # R-FIELD-1: 5 Monster Zones; nothing can be placed when they are full.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian, _skull = s.hand(0, "Celtic Guardian", "Summoned Skull")
    for name in ("Kuriboh", "Feral Imp", "Mystical Elf", "Battle Ox", "Petit Moth"):
        s.monster(0, name)
    duel = s.build()
    options = texts(duel.decision)
    assert not [t for t in options if "Celtic Guardian" in t]
    assert duel.explain(guardian, 0).reasons == ("no free Monster Zone",)
    # A tribute frees a zone, so a Tribute Summon still works.
    assert "summon Summoned Skull [1]" in options


def test_five_spell_trap_zones() -> None:
    # R-FIELD-1: 5 Spell & Trap Zones; a sixth card cannot be set.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    extra = s.hand(0, "Trap Hole")[0]
    for name in ("Dark Hole", "Fissure", "Waboku", "Reinforcements", "Castle Walls"):
        s.spell(0, name)
    s.hand(0, "Celtic Guardian")
    duel = s.build()
    assert not [t for t in texts(duel.decision) if "Trap Hole" in t]
    assert duel.explain(extra, 0).reasons[0] == "no free Spell & Trap Zone"


def test_piles_and_graveyard_order() -> None:
    # R-FIELD-3: Deck, Extra Deck, GY and banished zones per player; GY order is kept.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Dark Magician")
    a, b = s.monster(0, "Kuriboh"), s.monster(0, "Petit Moth")
    s.grave(0, "Fissure")
    s.choose(0, "summon Dark Magician", "select Petit Moth")
    duel = s.run()
    # Cards sent together arrive in zone order (Kuriboh was in zone 1, Petit Moth in 2).
    assert [duel.name(c) for c in duel.grave(0)] == ["Fissure", "Kuriboh", "Petit Moth"]
    assert duel.grave(1) == [] and duel.banished(0) == [] and duel.extra(0) == []
    assert duel.location(a) == duel.location(b) == Location.GRAVE


# -- MON ------------------------------------------------------------------------------------


def test_question_mark_atk_counts_as_zero() -> None:
    # R-MON-3: an original ATK of "?" counts as 0 (Slifer, without its effect yet).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, "Dark Hole")
    s.monster(0, "Kuriboh")
    slifer = s.monster(1, "Slifer the Sky Dragon")
    assert s.build().card(slifer).atk is None  # printed "?"
    s.choose(0, "attack-with Kuriboh")
    duel = s.run()
    assert duel.location(slifer) == Location.GRAVE
    assert duel.lp(1) == 8000 - 300
    assert duel.view(0).opponent.grave[0].atk == 0


def test_question_mark_def_counts_as_zero() -> None:
    # R-MON-3: an original DEF of "?" counts as 0: a 300 ATK attacker destroys a
    # face-up Defense Slifer and nobody takes damage.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, "Dark Hole")
    s.monster(0, "Kuriboh")
    slifer = s.monster(1, "Slifer the Sky Dragon", Position.FACEUP_DEFENSE)
    built = s.build()
    assert built.card(slifer).defense is None  # printed "?"
    shown = built.view(0).opponent.monsters[0]
    assert shown is not None and shown.defense == 0
    s.choose(0, "attack-with Kuriboh")
    duel = s.run()
    assert duel.location(slifer) == Location.GRAVE
    assert (duel.lp(0), duel.lp(1)) == (8000, 8000)


# -- TERM ----------------------------------------------------------------------------------


def test_destroyed_means_by_battle_or_effect() -> None:
    # R-TERM-1: battle destruction is "destroyed"; a tribute or a discard is not.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.hand(0, "Dark Hole")
    s.monster(0, "Dark Magician")
    victim = s.monster(1, "Celtic Guardian")
    s.choose(0, "attack-with Dark Magician")
    duel = s.run()
    move = next(e for e in duel.events() if e.kind == EventKind.MOVE and e.card == victim)
    assert move.reason & Reason.DESTROY and move.reason & Reason.BATTLE


def test_a_discard_is_not_destruction() -> None:
    # R-TERM-1: a card discarded for the hand size limit goes to the GY, not destroyed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Dark Hole", "Fissure", "Trap Hole", "Monster Reborn", "Reinforcements")
    waboku = s.hand(0, "Waboku", "Castle Walls")[0]
    s.choose(0, "end-turn", "select Waboku")
    duel = s.run(until=(4, Phase.MAIN1))
    move = next(e for e in duel.events() if e.kind == EventKind.MOVE and e.card == waboku)
    assert move.dst == Location.GRAVE
    assert move.reason & Reason.DISCARD
    assert not move.reason & Reason.DESTROY


def test_simultaneous_destruction_turn_player_first() -> None:
    # R-TERM-3: simultaneous actions: the turn player's cards go first. The turn
    # player is player 1, and their monster has the higher uid and the higher zone,
    # so ordering by player, by uid or by zone instead gives the other order.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    s.hand(1, "Dark Hole")
    theirs = s.monster(0, "Dark Magician", zone=0)
    mine = s.monster(1, "Dark Magician", zone=2)
    assert mine > theirs
    s.choose(1, "attack-with Dark Magician")
    duel = s.run()
    moves = [e.card for e in duel.events() if e.kind == EventKind.MOVE]
    assert moves == [mine, theirs]


def test_random_hand_selection_is_uniform() -> None:
    # R-TERM-6: a random pick from the hand is uniform (chi-square test, 5 cards).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hand = s.hand(0, "Kuriboh", "Feral Imp", "Battle Ox", "Mystical Elf", "Petit Moth")
    duel = s.build()
    st = duel._st
    n = 10_000
    counts = Counter(ops.random_hand_card(st, 0) for _ in range(n))
    assert set(counts) == set(hand)
    expected = n / len(hand)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in hand)
    # 4 degrees of freedom: P(chi2 > 18.47) = 0.001.
    assert chi2 < 18.47, counts
    assert math.isclose(sum(counts.values()), n)


def test_or_more_and_or_less_include_the_number() -> None:
    # R-TERM-7: "Level 4 or lower" needs no tribute; "5 or more" needs one.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian", "Doma The Angel of Silence")
    duel = s.build()
    kinds = {(duel.name(o.card), o.kind) for o in duel.decision.options if o.card >= 0}
    assert ("Celtic Guardian", ActionKind.SUMMON) in kinds
    assert ("Doma The Angel of Silence", ActionKind.SUMMON) not in kinds  # needs a tribute
