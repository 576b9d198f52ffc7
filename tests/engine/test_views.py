"""Views: everything one player may know, and nothing more (R-DUEL-8)."""

from __future__ import annotations

import dataclasses

import pytest

from tests.engine.helpers import (
    B_SKULL_DRAGON,
    BEAVER_WARRIOR,
    BLUE_EYES,
    CELTIC_GUARDIAN,
    DARK_HOLE,
    DARK_MAGICIAN,
    FERAL_IMP,
    KAIBA,
    MYSTICAL_ELF,
    SUMMONED_SKULL,
    TRAP_HOLE,
    YUGI,
    card_views,
    decisions,
    new_duel,
    play_out,
    random_policy,
)
from tests.scenario import Scenario
from ygo.core.deck import Deck
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.view import CardView, View

BLUE_EYES_ULTIMATE = 23995346  # a Fusion monster


def test_a_player_sees_their_hand_lp_and_the_counts() -> None:
    # R-DUEL-8: LP and hand sizes are public; a player knows their own hand.
    duel = new_duel(seed=3)
    for p in (0, 1):
        view = duel.view(p)
        assert view.viewer == p and view.me.player == p and view.opponent.player == 1 - p
        assert [c.uid for c in view.me.hand] == duel.hand(p)
        assert [c.code for c in view.me.hand] == [duel.card(u).code for u in duel.hand(p)]
        assert [c.name for c in view.me.hand] == [duel.name(u) for u in duel.hand(p)]
        assert all(c.known and c.location == Location.HAND for c in view.me.hand)
        for side in view.players:
            q = side.player
            assert side.lp == duel.lp(q) == 8000
            assert side.hand_count == len(duel.hand(q))
            assert side.deck_count == len(duel.deck(q)) == 35
            assert side.extra_count == 0
            assert side.grave == () and side.banished == ()
            assert side.monsters == (None,) * 5 and side.spells == (None,) * 5
            assert side.field is None
        assert (view.turn, view.turn_player, view.phase) == (1, duel.turn_player, Phase.MAIN1)


def test_a_monster_in_hand_shows_its_printed_stats_to_its_owner() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    skull = s.hand(0, SUMMONED_SKULL)[0]
    view = s.run().view(0)
    (card,) = (c for c in view.me.hand if c.uid == skull)
    assert (card.name, card.atk, card.defense, card.level) == ("Summoned Skull", 2500, 1200, 6)
    assert not card.face_up


def test_the_opponents_hand_is_hidden() -> None:
    duel = new_duel(seed=3)
    for p in (0, 1):
        hand = duel.view(p).opponent.hand
        assert len(hand) == len(duel.hand(1 - p)) == 5
        for i, c in enumerate(hand):
            assert c.uid is None and c.code is None and c.name is None
            assert c.atk is None and c.defense is None and c.level is None
            assert not c.known and not c.face_up
            assert c.location == Location.HAND and c.index == i and c.controller == 1 - p


def _board() -> tuple[Duel, dict[str, int]]:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    uids = {
        "my set monster": s.monster(0, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE),
        "my attacker": s.monster(0, CELTIC_GUARDIAN),
        "my set trap": s.spell(0, TRAP_HOLE),
        "their set monster": s.monster(1, SUMMONED_SKULL, Position.FACEDOWN_DEFENSE),
        "their defender": s.monster(1, BEAVER_WARRIOR, Position.FACEUP_DEFENSE),
        "their set spell": s.spell(1, DARK_HOLE),
        "their face-up spell": s.spell(1, DARK_HOLE, face_down=False),
    }
    s.hand(0, FERAL_IMP)
    return s.run(), uids


def test_face_down_cards_are_hidden_from_the_opponent_only() -> None:
    duel, uids = _board()
    mine, theirs = duel.view(0), duel.view(1)
    # Player 0's own face-down cards stay known to player 0...
    monster = mine.me.monsters[0]
    assert monster is not None and monster.uid == uids["my set monster"]
    assert (monster.name, monster.atk, monster.defense) == ("Mystical Elf", 800, 2000)
    assert not monster.face_up and monster.position == Position.FACEDOWN_DEFENSE
    trap = mine.me.spells[0]
    assert trap is not None and trap.name == "Trap Hole" and not trap.face_up
    # ...and are hidden from player 1, who sees only where they are.
    for hidden, loc in (
        (theirs.opponent.monsters[0], Location.MZONE),
        (theirs.opponent.spells[0], Location.SZONE),
    ):
        assert hidden is not None
        assert (hidden.uid, hidden.code, hidden.name, hidden.atk) == (None, None, None, None)
        assert hidden.location == loc and hidden.index == 0 and hidden.controller == 0
        assert hidden.position == Position.FACEDOWN_DEFENSE and not hidden.face_up
    # The same holds the other way round.
    their_set = mine.opponent.monsters[0]
    assert their_set is not None and their_set.uid is None and their_set.code is None
    known = theirs.me.monsters[0]
    assert known is not None and known.name == "Summoned Skull"
    set_spell = mine.opponent.spells[0]
    assert set_spell is not None and set_spell.uid is None and set_spell.name is None


def test_face_up_cards_are_public() -> None:
    # R-DUEL-8: face-up cards, with their current ATK/DEF and position.
    duel, uids = _board()
    for viewer in (0, 1):
        view = duel.view(viewer)
        attacker = view.players[0].monsters[1]
        assert attacker is not None and attacker.uid == uids["my attacker"]
        assert (attacker.name, attacker.atk, attacker.defense) == ("Celtic Guardian", 1400, 1200)
        assert attacker.position == Position.FACEUP_ATTACK and attacker.face_up
        defender = view.players[1].monsters[1]
        assert defender is not None and defender.name == "Beaver Warrior"
        assert defender.position == Position.FACEUP_DEFENSE and defender.face_up
        assert (defender.atk, defender.defense, defender.level) == (1200, 1500, 4)
        spell = view.players[1].spells[1]
        assert spell is not None and spell.name == "Dark Hole" and spell.face_up


def test_graveyards_are_public_and_in_order() -> None:
    # R-DUEL-8, R-FIELD-3: both Graveyards, oldest first, to both players.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    mine = s.grave(0, DARK_MAGICIAN, TRAP_HOLE, CELTIC_GUARDIAN)
    theirs = s.grave(1, BLUE_EYES)
    s.hand(0, FERAL_IMP)
    duel = s.run()
    for viewer in (0, 1):
        view = duel.view(viewer)
        grave0 = view.players[0].grave
        assert [c.name for c in grave0] == ["Dark Magician", "Trap Hole", "Celtic Guardian"]
        assert [c.uid for c in grave0] == mine
        assert [c.index for c in grave0] == [0, 1, 2]
        assert all(c.face_up and c.location == Location.GRAVE for c in grave0)
        assert [c.uid for c in view.players[1].grave] == theirs
        assert view.players[1].grave[0].atk == 3000


def test_the_extra_deck_is_hidden_from_the_opponent() -> None:
    # R-DUEL-8: the Extra Deck contents are hidden from the opponent, its size is not.
    deck = Deck(main=YUGI.main, extra=(B_SKULL_DRAGON, BLUE_EYES_ULTIMATE))
    duel = Duel((deck, KAIBA), seed=2)
    own = duel.view(0).me.extra
    assert [c.name for c in own] == ["B. Skull Dragon", "Blue-Eyes Ultimate Dragon"]
    assert [c.uid for c in own] == duel.extra(0)
    assert all(c.location == Location.EXTRA for c in own)
    other = duel.view(1).opponent
    assert other.extra_count == 2
    assert all(c.uid is None and c.code is None and c.name is None for c in other.extra)
    assert duel.view(1).me.extra == ()


def _hidden_variant(
    their_hand: tuple[int, ...],
    their_set_monster: int,
    their_set_spell: int,
    my_deck: tuple[int, ...],
    their_deck: tuple[int, ...],
    their_extra: int,
) -> Duel:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, FERAL_IMP, DARK_HOLE)
    s.monster(0, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE)
    s.monster(1, their_set_monster, Position.FACEDOWN_DEFENSE)
    s.monster(1, CELTIC_GUARDIAN)
    s.spell(1, their_set_spell)
    s.hand(1, *their_hand)
    s.deck(0, *my_deck)
    s.deck(1, *their_deck)
    s.extra(1, their_extra)
    s.grave(1, TRAP_HOLE)
    return s.run()


def test_a_view_depends_only_on_what_its_player_may_know() -> None:
    # Two duels that differ only in player 1's secrets (hand, set cards, Extra
    # Deck) and in the order of both decks look the same to player 0; player 1
    # sees the differences in their own cards.
    a = _hidden_variant(
        (BLUE_EYES, DARK_HOLE),
        SUMMONED_SKULL,
        DARK_HOLE,
        (CELTIC_GUARDIAN, BEAVER_WARRIOR, DARK_MAGICIAN),
        (FERAL_IMP, BLUE_EYES),
        B_SKULL_DRAGON,
    )
    b = _hidden_variant(
        (CELTIC_GUARDIAN, TRAP_HOLE),
        MYSTICAL_ELF,
        TRAP_HOLE,
        (DARK_MAGICIAN, BEAVER_WARRIOR, CELTIC_GUARDIAN),
        (BLUE_EYES, FERAL_IMP),
        BLUE_EYES_ULTIMATE,
    )
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert a.view(1).me.hand != b.view(1).me.hand


def test_the_deck_order_is_hidden_from_both_players() -> None:
    # R-DUEL-8: two duels that differ only in deck order look the same to both.
    def variant(order: tuple[int, ...]) -> Duel:
        s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
        s.hand(0, FERAL_IMP)
        s.deck(0, *order)
        s.deck(1, *order)
        return s.run()

    a = variant((CELTIC_GUARDIAN, BLUE_EYES, DARK_HOLE))
    b = variant((DARK_HOLE, CELTIC_GUARDIAN, BLUE_EYES))
    assert [a.name(u) for u in a.deck(0)] != [b.name(u) for u in b.deck(0)]
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1)
    assert a.view(0).me.deck_count == 3


def _check_view(duel: Duel, viewer: int) -> None:
    """R-DUEL-8 on any duel position, against the duel's own state."""
    view = duel.view(viewer)
    for c in card_views(view):
        assert c.location != Location.DECK, "a view lists a Deck card"
        if c.uid is None or c.code is None:
            # A hidden card carries nothing that identifies it.
            assert (c.uid, c.code, c.name, c.atk, c.defense, c.level) == (None,) * 6, c
        else:
            assert c.code == duel.card(c.uid).code and c.name == duel.name(c.uid)
            assert c.location == duel.location(c.uid)
    me, opp = view.me, view.opponent
    assert [c.uid for c in me.hand] == duel.hand(viewer)
    assert all(c.uid is None for c in opp.hand)
    assert [c.uid for c in me.grave] == duel.grave(viewer)
    assert [c.uid for c in opp.grave] == duel.grave(1 - viewer)
    assert me.deck_count == len(duel.deck(viewer))
    assert opp.deck_count == len(duel.deck(1 - viewer))
    for side, q in ((me, viewer), (opp, 1 - viewer)):
        for zones, actual in ((side.monsters, duel.monsters(q)), (side.spells, duel.spells(q))):
            for shown, uid in zip(zones, actual, strict=True):
                assert (shown is None) == (uid is None)
                if shown is None or uid is None:
                    continue
                face_up = bool(duel.position(uid) & Position.FACEUP)
                assert shown.face_up == face_up
                assert shown.known == (q == viewer or face_up)
    if view.decision is not None:
        assert view.decision == duel.decision and view.decision.player == viewer


def test_views_keep_secrets_throughout_random_duels() -> None:
    for seed in range(6):
        duel = new_duel(seed)
        for _ in decisions(duel, random_policy(seed)):
            _check_view(duel, 0)
            _check_view(duel, 1)
        _check_view(duel, 0)
        _check_view(duel, 1)


def test_the_decision_is_shown_only_to_the_player_who_decides() -> None:
    duel = new_duel(seed=3)
    p = duel.turn_player
    assert duel.view(p).decision == duel.decision
    assert duel.view(1 - p).decision is None
    assert duel.view(p).result is None


def test_the_view_names_the_attacker_while_a_target_is_chosen() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    guardian = s.monster(0, CELTIC_GUARDIAN)
    s.monster(1, BEAVER_WARRIOR)
    s.monster(1, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE)
    duel = s.run()
    duel.apply(f"attack-with Celtic Guardian [{guardian}]")
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.ATTACK_TARGET
    # The face-down target is named by its zone only.
    assert [str(o) for o in d.options] == [
        "target Beaver Warrior (zone 1)",
        "target face-down monster (zone 2)",
    ]
    for viewer in (0, 1):
        attacker = duel.view(viewer).attacker
        assert attacker is not None and attacker.uid == guardian
        assert attacker.name == "Celtic Guardian"


def test_views_are_immutable_snapshots() -> None:
    duel = new_duel(seed=3)
    p = duel.turn_player
    before = duel.view(p)
    hand_before = before.me.hand
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.turn = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.me.lp = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.me.hand[0].uid = 1  # type: ignore[misc]
    assert isinstance(before.me.hand, tuple) and isinstance(before.me.monsters, tuple)
    d = duel.decision
    assert d is not None
    summon = next(o for o in d.options if o.kind == ActionKind.SUMMON)
    duel.apply(summon)
    # The old view still shows the old moment.
    assert before.me.hand == hand_before and len(before.me.hand) == 5
    assert before.me.monsters == (None,) * 5
    assert before.decision == d
    after = duel.view(p)
    assert len(after.me.hand) == 4
    assert after.me.monsters[0] is not None and after.me.monsters[0].uid == summon.card
    # The opponent sees the summoned monster face-up.
    shown = duel.view(1 - p).opponent.monsters[0]
    assert shown is not None and shown.uid == summon.card and shown.face_up
    assert isinstance(after, View) and isinstance(shown, CardView)


def test_the_view_carries_the_result_at_the_end() -> None:
    duel = play_out(new_duel(seed=6), random_policy(6))
    for p in (0, 1):
        view = duel.view(p)
        assert view.result == duel.result and view.decision is None
        assert view.me.lp == duel.lp(p)
