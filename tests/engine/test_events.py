"""Events: the stream of what happened, filtered per player (R-DUEL-8), and
its readable description."""

from __future__ import annotations

import pytest

from tests.engine.helpers import (
    BEAVER_WARRIOR,
    CELTIC_GUARDIAN,
    DARK_HOLE,
    DARK_MAGICIAN,
    FERAL_IMP,
    GIANT_SOLDIER,
    MYSTICAL_ELF,
    SUMMONED_SKULL,
    TRAP_HOLE,
    new_duel,
    play_out,
    random_policy,
)
from tests.scenario import Scenario
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.events import Event, EventKind, Reason, describe, for_player
from ygo.engine.result import WinReason


def _a_full_turn() -> tuple[Duel, dict[str, int]]:
    """Player 0's turn 3 from its Draw Phase: draw, Flip Summon, change a
    position, set a Spell, Normal Summon, attack a monster, attack directly and win."""
    s = Scenario().at(turn=3, player=0, phase=Phase.DRAW).lp(1, 1500)
    uids = {"imp": s.deck(0, FERAL_IMP)[0]}
    s.filler(0, 5)
    uids["hole"] = s.hand(0, DARK_HOLE)[0]
    uids["elf"] = s.monster(0, MYSTICAL_ELF, Position.FACEDOWN_DEFENSE)
    uids["giant"] = s.monster(0, GIANT_SOLDIER)
    uids["guardian"] = s.monster(0, CELTIC_GUARDIAN)
    uids["beaver"] = s.monster(1, BEAVER_WARRIOR)
    s.choose(
        0,
        "flip-summon Mystical Elf",
        "to-defense Giant Soldier of Stone",
        "set Dark Hole",
        "summon Feral Imp",
        "battle",
        "attack-with Celtic Guardian",  # the only target: Beaver Warrior
        "attack-with Feral Imp",  # no monster left: a direct attack
    )
    duel = s.run()
    assert duel.result is not None and duel.result.winner == 0
    return duel, uids


def _one(duel: Duel, kind: EventKind, player: int | None = None) -> list[Event]:
    return [e for e in duel.events(player) if e.kind == kind]


def test_the_stream_records_a_whole_turn() -> None:
    duel, u = _a_full_turn()
    events = duel.events()
    (turn,) = _one(duel, EventKind.TURN)
    assert (turn.player, turn.value) == (0, 3)
    phases = [Phase(e.value) for e in _one(duel, EventKind.PHASE)]
    # R-TURN-1: Draw, Standby, Main 1, then the Battle Phase steps.
    assert phases[:5] == [
        Phase.DRAW,
        Phase.STANDBY,
        Phase.MAIN1,
        Phase.BATTLE_START,
        Phase.BATTLE_STEP,
    ]
    assert Phase.DAMAGE in phases and Phase.DAMAGE_CALC in phases
    (draw,) = _one(duel, EventKind.DRAW)
    assert (draw.player, draw.card, draw.code, draw.secret) == (0, u["imp"], FERAL_IMP, True)
    (flip,) = _one(duel, EventKind.FLIP_SUMMON)
    assert (flip.player, flip.card, flip.dst) == (0, u["elf"], 0)
    (position,) = _one(duel, EventKind.POSITION)
    assert position.card == u["giant"] and position.value == Position.FACEUP_DEFENSE
    (set_,) = _one(duel, EventKind.SET)
    assert (set_.card, set_.code, set_.value, set_.src, set_.dst) == (
        u["hole"],
        DARK_HOLE,
        Location.SZONE,
        Location.HAND,
        0,
    )
    assert set_.secret
    (summon,) = _one(duel, EventKind.SUMMON)
    assert (summon.player, summon.card, summon.value, summon.dst) == (0, u["imp"], 0, 3)
    attacks = _one(duel, EventKind.ATTACK)
    assert [(e.card, e.value) for e in attacks] == [(u["guardian"], u["beaver"]), (u["imp"], -1)]
    damage = _one(duel, EventKind.DAMAGE)
    # R-BAT-3: 1400 vs 1200 deals 200; R-BAT-5: a direct attack deals 1300.
    assert [(e.player, e.value) for e in damage] == [(1, 200), (1, 1300)]
    assert all(e.reason & Reason.BATTLE for e in damage)
    (destroyed,) = _one(duel, EventKind.MOVE)
    assert (destroyed.card, destroyed.src, destroyed.dst) == (
        u["beaver"],
        Location.MZONE,
        Location.GRAVE,
    )
    assert destroyed.reason & Reason.DESTROY and destroyed.reason & Reason.BATTLE
    (end,) = _one(duel, EventKind.DUEL_END)
    assert (end.player, end.value) == (0, WinReason.LP)
    assert events[-1] == end
    # The stream is in the order things happened.
    order = [events.index(e) for e in (draw, flip, position, set_, summon, *attacks, end)]
    assert order == sorted(order)


def test_events_hide_the_opponents_draws_and_sets() -> None:
    # R-DUEL-8: the identity of a card drawn or set stays with its player.
    duel, u = _a_full_turn()
    mine, theirs, everything = duel.events(0), duel.events(1), duel.events()
    assert len(mine) == len(theirs) == len(everything) == duel.event_count
    for full, seen_by_0, seen_by_1 in zip(everything, mine, theirs, strict=True):
        assert seen_by_0 == full  # player 0 drew and set everything secret here
        if full.secret:
            assert full.kind in (EventKind.DRAW, EventKind.SET)
            assert (seen_by_1.card, seen_by_1.code) == (-1, 0)
            assert seen_by_1._replace(card=full.card, code=full.code) == full
        else:
            assert seen_by_1 == full
    (draw,) = _one(duel, EventKind.DRAW, player=1)
    (set_,) = _one(duel, EventKind.SET, player=1)
    assert draw.player == 0 and draw.card == -1
    assert set_.value == Location.SZONE and set_.dst == 0 and set_.card == -1
    # Summons are public.
    (summon,) = _one(duel, EventKind.SUMMON, player=1)
    assert summon.card == u["imp"] and summon.code == FERAL_IMP


def test_a_set_monster_stays_secret_until_it_is_flipped() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    elf = s.hand(0, MYSTICAL_ELF)[0]
    s.hand(0, CELTIC_GUARDIAN)
    s.choose(0, "set Mystical Elf", "end-turn")
    s.monster(1, DARK_MAGICIAN)
    s.choose(1, "battle", "attack-with Dark Magician")
    duel = s.run()
    seen = [e for e in duel.events(1) if e.kind in (EventKind.SET, EventKind.FLIP)]
    assert [e.kind for e in seen] == [EventKind.SET, EventKind.FLIP]
    set_, flip = seen
    assert (set_.card, set_.code, set_.value) == (-1, 0, Location.MZONE)
    # R-BAT-6: attacked, it is flipped face-up, and then everyone knows it.
    assert (flip.card, flip.code) == (elf, MYSTICAL_ELF)
    assert describe(set_, duel.name, me=1) == "Opponent sets a monster."
    assert describe(flip, duel.name, me=1) == "Mystical Elf is flipped face-up."
    own = [e for e in duel.events(0) if e.kind == EventKind.SET]
    assert describe(own[0], duel.name, me=0) == "You set Mystical Elf."


def test_for_player_blanks_only_secret_events_of_the_other_player() -> None:
    secret = Event(EventKind.DRAW, 0, card=7, code=FERAL_IMP, secret=True)
    assert for_player(secret, 0) == secret
    assert for_player(secret, 1) == secret._replace(card=-1, code=0)
    public = Event(EventKind.SUMMON, 0, card=7, code=FERAL_IMP)
    assert for_player(public, 1) == public
    with pytest.raises(AttributeError):
        secret.card = 3  # type: ignore[misc]


def test_events_since_an_index() -> None:
    duel, _ = _a_full_turn()
    everything = duel.events()
    assert duel.events(since=5) == everything[5:]
    assert duel.events(1, since=5) == duel.events(1)[5:]
    assert duel.events(since=duel.event_count) == []


def test_a_new_duel_opens_with_the_coin_toss_shuffles_and_draws() -> None:
    # R-DUEL-2, R-DUEL-3
    duel = new_duel(seed=3)
    first = duel.first_player
    kinds = [e.kind for e in duel.events()]
    assert kinds[:14] == [
        EventKind.DUEL_START,
        EventKind.SHUFFLE,
        EventKind.SHUFFLE,
        *[EventKind.DRAW] * 10,
        EventKind.TURN,
    ]
    start = duel.events()[0]
    assert start.value == first
    draws = _one(duel, EventKind.DRAW)
    assert [e.player for e in draws] == [first] * 5 + [1 - first] * 5
    # Each player sees their own opening hand and only the count of the other's.
    for p in (0, 1):
        seen = [e for e in duel.events(p) if e.kind == EventKind.DRAW]
        assert [e.card for e in seen if e.player == p] == duel.hand(p)
        assert all(e.card == -1 and e.code == 0 for e in seen if e.player != p)
    assert describe(start, duel.name) == f"Duel starts; P{first} goes first."
    assert describe(start, duel.name, me=1 - first) == "Duel starts; Opponent goes first."


def test_the_opening_line_speaks_to_the_first_player_correctly() -> None:
    duel = new_duel(seed=3)
    start = duel.events()[0]
    text = describe(start, duel.name, me=duel.first_player)
    assert "you go first" in text.lower(), text


def test_describe_reads_like_a_duel_log() -> None:
    duel, _ = _a_full_turn()
    log0 = [describe(e, duel.name, me=0) for e in duel.events(0)]
    log1 = [describe(e, duel.name, me=1) for e in duel.events(1)]
    neutral = [describe(e, duel.name) for e in duel.events()]
    assert log0 == [
        "--- Turn 3 (You) ---",
        "Draw Phase.",
        "You draw Feral Imp.",
        "Standby Phase.",
        "Main Phase 1.",
        "You Flip Summon Mystical Elf.",
        "Mystical Elf is Flip Summoned successfully.",
        "Giant Soldier of Stone changes to Defense Position.",
        "You set Dark Hole.",
        "You Normal Summon Feral Imp.",
        "Battle Phase (Start Step).",
        "Battle Phase (Battle Step).",
        "Celtic Guardian attacks targeting Beaver Warrior.",
        "Battle Phase (Damage Step).",
        "Battle Phase (damage calculation).",
        "Opponent takes 200 battle damage.",
        "Beaver Warrior is destroyed by battle (it leaves at the end of the Damage Step).",
        "Beaver Warrior destroyed by battle; Monster Zone -> GY.",
        "Battle Phase (Battle Step).",
        "Feral Imp attacks directly.",
        "Battle Phase (Damage Step).",
        "Battle Phase (damage calculation).",
        "Opponent takes 1300 battle damage.",
        "You win (LP reached 0).",
    ]
    assert log1[:10] == [
        "--- Turn 3 (Opponent) ---",
        "Draw Phase.",
        "Opponent draws a card.",
        "Standby Phase.",
        "Main Phase 1.",
        "Opponent Flip Summons Mystical Elf.",
        "Mystical Elf is Flip Summoned successfully.",
        "Giant Soldier of Stone changes to Defense Position.",
        "Opponent sets a Spell/Trap.",
        "Opponent Normal Summons Feral Imp.",
    ]
    assert "You take 1300 battle damage." in log1
    assert log1[-1] == "Opponent wins (LP reached 0)."
    assert neutral[2] == "P0 draws Feral Imp."
    assert neutral[-1] == "P0 wins (LP reached 0)."
    assert "P1 takes 200 battle damage." in neutral


def test_tributes_and_discards_are_logged_as_such() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    fodder = s.monster(0, CELTIC_GUARDIAN)
    s.hand(0, SUMMONED_SKULL, TRAP_HOLE, TRAP_HOLE, TRAP_HOLE, TRAP_HOLE, TRAP_HOLE)
    extra = s.hand(0, DARK_HOLE, DARK_HOLE)
    s.choose(0, "summon Summoned Skull", "end-turn")
    # R-TURN-5: 8 cards, 1 summoned: 7 in hand, discard down to 6.
    s.choose(0, f"select Dark Hole [{extra[0]}]")
    duel = s.run()
    (summon,) = _one(duel, EventKind.SUMMON)
    assert summon.value == 1
    moves = _one(duel, EventKind.MOVE)
    tributed = next(e for e in moves if e.card == fodder)
    assert tributed.reason & Reason.RELEASE and not tributed.reason & Reason.DESTROY
    discarded = next(e for e in moves if e.card == extra[0])
    assert discarded.reason & Reason.DISCARD
    assert (discarded.src, discarded.dst) == (Location.HAND, Location.GRAVE)
    assert describe(summon, duel.name) == "P0 Normal Summons Summoned Skull by tributing 1."
    assert describe(tributed, duel.name) == "Celtic Guardian tributed; Monster Zone -> GY."
    assert describe(discarded, duel.name) == "Dark Hole discarded; hand -> GY."
    assert len(duel.hand(0)) == 6


def test_every_duel_ends_with_one_duel_end_event() -> None:
    for seed in range(5):
        duel = play_out(new_duel(seed), random_policy(seed))
        ends = _one(duel, EventKind.DUEL_END)
        assert len(ends) == 1 and duel.events()[-1] == ends[0]
        result = duel.result
        assert result is not None
        assert ends[0].player == result.winner and ends[0].value == result.reason
        # LP changes only through damage, LP payments and LP gains (Dian Keto).
        lp = [8000, 8000]
        for e in duel.events():
            if e.kind in (EventKind.DAMAGE, EventKind.LP_PAY):
                lp[e.player] = max(0, lp[e.player] - e.value)
            elif e.kind == EventKind.LP_GAIN:
                lp[e.player] += e.value
        assert lp == [duel.lp(0), duel.lp(1)]
