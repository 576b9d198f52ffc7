"""Pendulum monsters, Pendulum Zones and the Pendulum Summon (R-PEND-1..5)."""

from __future__ import annotations

import pytest

from tests.cards.scripts.support import act, sel
from tests.scenario import Scenario, texts
from ygo.cards.pool import embedded_pool
from ygo.core.deck import Deck
from ygo.core.enums import CardType, Location, Phase, Position
from ygo.deckcheck import check_deck
from ygo.defaults import Duel
from ygo.engine import ops, pendulum, query
from ygo.engine.events import EventKind, Reason
from ygo.rules import Ruleset

OPAL = "Fire Opalhead"  # Level 6, Scale 0
MANDRA = "Mandragon"  # Level 5, Scale 2
KNIGHT = "Flash Knight"  # Level 4, Scale 7
DRAGONG = "Dragong"  # Level 4, Scale 7
CELTIC = "Celtic Guardian"  # Level 4
SKULL = "Summoned Skull"  # Level 6
BEWD = "Blue-Eyes White Dragon"  # Level 8
GAIA = "Gaia The Fierce Knight"  # Level 7


def scales_set(s: Scenario, low: str = OPAL, high: str = KNIGHT) -> tuple[int, int]:
    return s.pendulum(0, low, zone=0), s.pendulum(0, high, zone=1)


HUNTER = "Dragon Horn Hunter"  # Normal Pendulum, Level 6, Scale 3, 2300/1000
SANGAN = "Sangan"  # Effect monster, 1000 ATK


def _attack_into_skull(with_hunter: bool) -> int:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, CELTIC)
    s.monster(1, SKULL)
    if with_hunter:
        s.pendulum(0, HUNTER)
    s.choose(0, f"attack-with {CELTIC}", "main2")
    duel = s.run(until=(3, Phase.MAIN2))
    return duel.lp(0)


@pytest.mark.parametrize(
    ("name", "scale", "level"), [(OPAL, 0, 6), (MANDRA, 2, 5), (KNIGHT, 7, 4), (DRAGONG, 7, 4)]
)
def test_each_card_is_activated_into_a_pendulum_zone_with_its_scale(
    name: str, scale: int, level: int
) -> None:
    # R-PEND-1: from the hand into an empty Pendulum Zone, a Spell Card there with
    # its Scale; the board shows the zone and the Scale to both players.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (u,) = s.hand(0, name)
    s.choose(0, act(name, u))
    duel = s.run()
    assert duel.location(u) == Location.PZONE
    st = duel._st
    assert st.pzone[0] == [u, -1]
    assert st.ctype[u] & CardType.SPELL and not st.ctype[u] & CardType.MONSTER
    for viewer in (0, 1):
        pz = duel.view(viewer).players[0].pendulum
        assert pz[0] is not None and pz[0].name == name and pz[0].scale == scale
        assert pz[0].level == level


def test_activation_is_a_chain_link_and_pendulum_zones_are_not_spell_zones() -> None:
    # R-FIELD-1 (mr3): the Pendulum Zones are separate from the 5 Spell & Trap Zones:
    # with all 5 taken a Pendulum monster can still be activated; with both Pendulum
    # Zones taken it cannot. R-PEND-1: the activation is a chain link (ACTIVATE event).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    opal, knight, dragong = s.hand(0, OPAL, KNIGHT, DRAGONG)
    for _ in range(5):
        s.spell(0, "Trap Hole")
    s.choose(0, act(OPAL, opal), act(KNIGHT, knight))
    duel = s.run()
    assert duel._st.pzone[0] == [opal, knight]
    assert [e.card for e in duel.events() if e.kind == EventKind.ACTIVATE] == [opal, knight]
    assert act(DRAGONG, dragong) not in texts(duel.decision)
    why = str(duel.explain(dragong, 0))
    assert "no free Pendulum Zone" in why


def test_negated_activation_goes_to_the_gy_not_the_extra_deck() -> None:
    # R-PEND-1: the activation can be negated (Magic Jammer); R-PEND-4: a Pendulum
    # whose activation was negated goes to the GY.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (opal,) = s.hand(0, OPAL)
    jammer = s.spell(1, "Magic Jammer")
    s.hand(1, CELTIC)
    s.choose(0, act(OPAL, opal))
    s.choose(1, act("Magic Jammer", jammer))
    duel = s.run()
    assert duel.location(opal) == Location.GRAVE
    assert duel._st.pzone[0] == [-1, -1]
    assert duel.extra(0) == []


def test_classic_has_no_pendulum_zones() -> None:
    # classic: no Pendulum Zones, no Pendulum Summon: a Pendulum monster is only a
    # monster (Normal Summoned; destroyed, it goes to the GY).
    s = Scenario(ruleset=Ruleset.classic()).at(turn=3, player=0, phase=Phase.MAIN1)
    knight, dragong = s.hand(0, KNIGHT, DRAGONG)
    opp = s.monster(1, SKULL)
    s.choose(0, f"summon {KNIGHT} [{knight}]", "battle", f"attack-with {KNIGHT}")
    duel = s.run()
    assert duel._st.pzone == [[], []]
    assert duel.location(knight) == Location.GRAVE  # R-PEND-4 is mr3 only
    assert duel.location(opp) == Location.MZONE
    assert duel.view(0).players[0].pendulum == ()
    assert all("pendulum" not in t for t in texts(duel.decision))
    del dragong


def test_pendulum_summon_from_hand_and_face_up_extra_deck() -> None:
    # R-PEND-2: with Scales 0 and 7, any number of Level 1-6 monsters from the hand
    # and face-up from the Extra Deck, chosen one by one; a Level 8 is not offered.
    # It is a procedure (no chain link) and does not use the Normal Summon.
    # R-PEND-3 / R-SUM-9: they are properly summoned.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    scales_set(s)
    mandra, skull, bewd, celtic = s.hand(0, MANDRA, SKULL, BEWD, CELTIC)
    (dragong,) = s.extra_face_up(0, DRAGONG)
    s.choose(0, "pendulum-summon")
    duel = s.run()
    offered = texts(duel.decision)
    assert f"select {MANDRA} [{mandra}] (hand)" in offered
    assert f"select {DRAGONG} [{dragong}] (face-up in the Extra Deck)" in offered
    assert not any(BEWD in t for t in offered)  # Level 8: not between 0 and 7
    assert "done" not in offered  # nothing chosen yet
    s.choose(0, sel(MANDRA, mandra), sel(SKULL, skull), sel(DRAGONG, dragong), "done")
    s.choose(0, "choose face-up Attack", "choose face-up Defense", "choose face-up Attack")
    duel = s.run(duel)
    st = duel._st
    assert [duel.location(u) for u in (mandra, skull, dragong)] == [Location.MZONE] * 3
    assert duel.position(skull) == Position.FACEUP_DEFENSE
    assert all(st.sumtype[u] & ops.SUMTYPE_PROPER for u in (mandra, skull, dragong))
    assert duel.extra(0) == []
    summons = [e for e in duel.events() if e.kind == EventKind.SPECIAL_SUMMON]
    assert [(e.card, e.src) for e in summons] == [
        (mandra, Location.HAND),
        (skull, Location.HAND),
        (dragong, Location.EXTRA),
    ]
    assert len({e.batch for e in summons}) == 1  # summoned together
    assert not any(e.kind == EventKind.ACTIVATE for e in duel.events())
    options = texts(duel.decision)
    assert f"summon {CELTIC} [{celtic}]" in options  # the Normal Summon is still there
    # Once per turn.
    assert "pendulum-summon" not in options
    assert "already Pendulum Summoned this turn" in str(duel.explain(bewd, 0))


def test_pendulum_summon_needs_both_zones_and_a_level_strictly_between() -> None:
    # R-PEND-2: both Pendulum Zones filled; Levels strictly between the Scales
    # (2 and 7: Level 3-6; a Level 7 and a Level 2 Scale-equal monster are not).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.pendulum(0, MANDRA, zone=0)
    gaia, dragong = s.hand(0, GAIA, DRAGONG)
    duel = s.run()
    assert "pendulum-summon" not in texts(duel.decision)
    assert "needs two Pendulum Zones filled" in str(duel.explain(dragong, 0))
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s2.pendulum(0, MANDRA, zone=0)
    s2.pendulum(0, KNIGHT, zone=1)
    (gaia,) = s2.hand(0, GAIA)
    duel = s2.run()
    assert "pendulum-summon" not in texts(duel.decision)
    why = str(duel.explain(gaia, 0))
    assert "no monster with a Level between 2 and 7" in why
    assert "its Level 7 is not between the Scales 2 and 7" in why
    assert pendulum.candidates(duel._st, 0) == []


def test_pendulum_summon_at_most_the_free_monster_zones() -> None:
    # R-PEND-2: at most as many monsters as free Monster Zones: with one left, the
    # first choice ends the selection (no "done" needed).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    scales_set(s)
    for _ in range(4):
        s.monster(0, CELTIC)
    mandra, dragong = s.hand(0, MANDRA, DRAGONG)
    s.choose(0, "pendulum-summon", sel(DRAGONG, dragong), "choose face-up Attack")
    duel = s.run()
    assert duel.location(dragong) == Location.MZONE
    assert duel.location(mandra) == Location.HAND
    assert duel.decision is not None and duel.decision.kind.name == "MAIN"


def test_solemn_judgment_negates_the_whole_pendulum_summon() -> None:
    # R-SUM-10: the "being summoned" moment; Solemn Judgment negates the summon of
    # every monster of it; they were never summoned and go to the GY (R-PEND-4:
    # not the Extra Deck); the turn's Pendulum Summon stays used.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    scales_set(s)
    mandra, dragong, celtic = s.hand(0, MANDRA, DRAGONG, CELTIC)
    solemn = s.spell(1, "Solemn Judgment")
    s.choose(0, "pendulum-summon", sel(MANDRA, mandra), sel(DRAGONG, dragong), "done")
    s.choose(0, "choose face-up Attack", "choose face-up Attack")
    s.choose(1, act("Solemn Judgment", solemn))
    duel = s.run()
    assert duel.location(mandra) == Location.GRAVE
    assert duel.location(dragong) == Location.GRAVE
    assert duel.extra(0) == []
    assert duel.lp(1) == 4000
    st = duel._st
    assert not any(st.sumtype[u] & ops.SUMTYPE_PROPER for u in (mandra, dragong))
    assert [e.card for e in duel.events() if e.kind == EventKind.SUMMON_NEGATED] == [
        mandra,
        dragong,
    ]
    assert "pendulum-summon" not in texts(duel.decision)
    assert f"summon {CELTIC} [{celtic}]" in texts(duel.decision)


def test_revival_limited_face_up_extra_monster_needs_a_proper_summon() -> None:
    # R-PEND-3: a monster under the revival limit face-up in the Extra Deck that was
    # never properly summoned cannot be Pendulum Summoned; once properly summoned
    # (the mark survives the trip to the Extra Deck) it can. (No such Pendulum card
    # is in the pool: the "Special Summon only" bit is given to Dragong here.)
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    scales_set(s)
    (dragong,) = s.extra_face_up(0, DRAGONG)
    duel = s.run()
    st = duel._st
    assert pendulum.candidates(st, 0) == [dragong]
    ops.set_ctype(st, dragong, st.ctype[dragong] | int(CardType.SPECIAL_SUMMON))
    assert pendulum.candidates(st, 0) == []
    assert "not properly summoned" in pendulum.eligible(st, dragong, 0, 7)
    st.sumtype[dragong] = ops.SUMTYPE_PROPER
    assert pendulum.candidates(st, 0) == [dragong]


def test_face_up_extra_deck_pendulum_cannot_be_fusion_summoned() -> None:
    # R-PEND-5: the Fusion code takes only face-down Extra Deck cards. (A face-up
    # Fusion monster cannot arise in play; it is forced here to show the filter.)
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, gaia = s.hand(0, "Polymerization", GAIA)
    s.monster(0, "Curse of Dragon")
    (champion,) = s.extra(0, "Gaia the Dragon Champion")
    duel = s.run()
    assert act("Polymerization", poly) in texts(duel.decision)
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    poly, gaia = s2.hand(0, "Polymerization", GAIA)
    s2.monster(0, "Curse of Dragon")
    (champion,) = s2.extra_face_up(0, "Gaia the Dragon Champion")
    duel = s2.run()
    assert act("Polymerization", poly) not in texts(duel.decision)
    del gaia, champion


def test_destroyed_by_battle_goes_face_up_to_the_extra_deck() -> None:
    # R-PEND-4 / R-BAT-9: destroyed by battle at the end of the Damage Step, it goes
    # face-up to its owner's Extra Deck (still "destroyed by battle").
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, SKULL)
    knight = s.monster(1, KNIGHT)
    s.choose(0, "battle", f"attack-with {SKULL}")
    duel = s.run()
    assert duel.location(knight) == Location.EXTRA
    assert duel.position(knight) == Position.FACEUP_ATTACK
    assert duel.extra(1) == [knight]
    st = duel._st
    assert st.reason[knight] & Reason.DESTROY and st.reason[knight] & Reason.BATTLE
    assert duel.lp(1) == 8000 - 700
    moved = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == knight]
    assert moved[-1].dst == Location.EXTRA and not moved[-1].secret


def test_tributed_pendulum_goes_face_up_to_the_extra_deck() -> None:
    # R-PEND-4: Tributed, it goes face-up to the Extra Deck (still Tributed).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    mandra = s.monster(0, MANDRA)
    (skull,) = s.hand(0, SKULL)
    s.choose(0, f"summon {SKULL} [{skull}]")
    duel = s.run()
    assert duel.location(skull) == Location.MZONE
    assert duel.extra(0) == [mandra]
    assert duel.position(mandra) == Position.FACEUP_ATTACK
    assert duel._st.reason[mandra] & Reason.RELEASE


def test_pendulum_zone_is_on_the_field() -> None:
    # R-TERM-10 (mr3): the Pendulum Zones are on the field: Mystical Space Typhoon
    # (a Spell/Trap on the field) can target a card there; destroyed from the
    # Pendulum Zone it goes face-up to the Extra Deck (R-PEND-4).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (mst,) = s.hand(0, "Mystical Space Typhoon")
    opal = s.pendulum(1, OPAL)
    s.choose(0, act("Mystical Space Typhoon", mst))
    duel = s.run()
    assert duel.location(opal) == Location.EXTRA
    assert duel.position(opal) == Position.FACEUP_ATTACK
    assert duel._st.pzone[1] == [-1, -1]


def test_heavy_storm_destroys_pendulum_zone_cards() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (storm,) = s.hand(0, "Heavy Storm")
    opal = s.pendulum(1, OPAL)
    knight = s.pendulum(0, KNIGHT)
    s.choose(0, act("Heavy Storm", storm))
    duel = s.run()
    assert duel.extra(1) == [opal] and duel.extra(0) == [knight]
    assert duel.location(storm) == Location.GRAVE


def test_face_up_extra_deck_is_public_face_down_part_hidden() -> None:
    # R-DUEL-8: the opponent sees the face-up Pendulum monsters of an Extra Deck, not
    # its face-down cards; the Extra Deck may then hold more than 15 (R-DECK-2).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (champion,) = s.extra(0, "Gaia the Dragon Champion")
    up = s.extra_face_up(0, *([DRAGONG] * 3 + [KNIGHT] * 3 + [OPAL] * 3 + [MANDRA] * 3))
    more = s.extra(0, *(["Gaia the Dragon Champion"] * 3))
    duel = s.run()
    assert len(duel.extra(0)) == 15 + 1
    theirs = duel.view(1).players[0].extra
    known = {c.uid for c in theirs if c.known}
    assert known == set(up)
    hidden = [c for c in theirs if not c.known]
    assert len(hidden) == 4 and all(c.position == Position.FACEDOWN_DEFENSE for c in hidden)
    mine = duel.view(0).players[0].extra
    assert {c.uid for c in mine} == {champion, *up, *more}
    from ygo.cli.board import handles

    assert {h for h in handles(duel.view(1)) if h.startswith("ox")} == {
        f"ox{i + 2}" for i in range(12)
    }


def test_save_and_load_keep_pendulum_zones_and_face_up_extra() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    opal, knight = scales_set(s)
    (dragong,) = s.extra_face_up(0, DRAGONG)
    duel = s.run()
    back = Duel.load(duel.save())
    assert back._st.pzone == [[opal, knight], [-1, -1]]
    assert back.position(dragong) == Position.FACEUP_ATTACK
    assert back.digest() == duel.digest()
    assert "pendulum-summon" in texts(back.decision)
    assert duel.clone()._st.pzone == duel._st.pzone


def test_deck_check_counts_only_the_extra_deck_list() -> None:
    # R-DECK-2: at most 15 in the Extra Deck at deck check (mr3); Pendulum monsters
    # are Main Deck cards (12 of them here do not count against the 15).
    main = [28363749, 19474136, 17390179, 83980492] * 3 + [91152256] * 3
    main += [32452818] * 3 + [13039848] * 3 + [15025844] * 3 + [70781052] * 3
    main += [6368038] * 3 + [28279543] * 3 + [90357090] * 3 + [41392891] * 3
    main += [87796900]
    assert len(main) == 40
    ok = Deck(main=tuple(main), extra=tuple([66889139] * 3))
    assert check_deck(ok, embedded_pool(), Ruleset.mr3()) == []
    too_many = Deck(main=tuple(main), extra=tuple([66889139] * 16))
    rules = {v.rule for v in check_deck(too_many, embedded_pool(), Ruleset.mr3())}
    assert "R-DECK-2" in rules
    in_extra = Deck(main=tuple(main[1:]), extra=(28363749,))
    found = check_deck(in_extra, embedded_pool(), Ruleset.mr3())
    msgs = [v.message for v in found if v.rule == "R-DECK-2"]
    assert msgs and "Pendulum" in msgs[0]


def test_save_in_the_middle_of_choosing_positions() -> None:
    # The Pendulum Summon's frame (chosen monsters, marker, positions) is saved and
    # loaded like any other decision point.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    scales_set(s)
    mandra, dragong = s.hand(0, MANDRA, DRAGONG)
    s.choose(0, "pendulum-summon", sel(MANDRA, mandra), sel(DRAGONG, dragong))
    s.choose(0, "choose face-up Defense")
    duel = s.run()
    back = Duel.load(duel.save())
    s2 = Scenario()
    s2.choose(0, "choose face-up Attack")
    back = s2.run(back)
    assert back.position(mandra) == Position.FACEUP_DEFENSE
    assert back.position(dragong) == Position.FACEUP_ATTACK


def test_on_the_field_effects_reach_the_pendulum_zones() -> None:
    # R-TERM-10 (mr3): "a Spell or Trap on the field" includes a card in a Pendulum
    # Zone (there it is a Spell Card, R-PEND-1): Breaker the Magical Warrior destroys
    # it, and it goes face-up to its owner's Extra Deck (R-PEND-4).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (breaker,) = s.hand(0, "Breaker the Magical Warrior")
    opal = s.pendulum(1, OPAL)
    s.choose(0, f"summon Breaker the Magical Warrior [{breaker}]")
    duel = s.run()
    acts = [t for t in texts(duel.decision) if t.startswith("activate Breaker")]
    assert acts
    s.choose(0, acts[0])
    duel = s.run(duel)
    assert duel.location(opal) == Location.EXTRA
    assert duel.position(opal) == Position.FACEUP_ATTACK


@pytest.mark.parametrize("seed", range(4))
def test_hidden_walk_with_pendulum_decks(seed: int) -> None:
    # R-DUEL-8 in the hidden-information walk: random duels of the shipped Pendulum
    # deck (Pendulum Zones, face-up Extra Deck cards beside face-down Fusion
    # monsters); nothing hidden comes out, and face-up Extra Deck cards are seen.
    from pathlib import Path

    import ygo
    from tests.engine.helpers import random_policy
    from tests.engine.test_hidden_walk import check_point, remember
    from ygo.formats.ydk import read_ydk

    deck = read_ydk(Path(ygo.__file__).parent / "data" / "decks" / "pendulum_scales.ydk")
    duel = Duel((deck, deck), seed=seed, first=0)
    policy = random_policy(seed + 7)
    seen: dict[int, set[int]] = {0: set(), 1: set()}
    face_up_seen = n = 0
    while not duel.is_over and n < 500:
        remember(duel, seen)
        if n % 5 == 0:
            check_point(duel, seen)
        opp_extra = duel.view(1).players[0].extra
        face_up_seen += sum(1 for c in opp_extra if c.known)
        assert all(c.known == c.face_up for c in opp_extra)
        d = duel.decision
        assert d is not None
        duel.apply(policy(duel, d))
        n += 1
    assert face_up_seen > 0


def test_play_in_the_terminal_draws_zones_and_pendulum_summons_by_handles() -> None:
    # What people see: the board draws both sides' Pendulum Zones with Scales and the
    # face-up Extra Deck; "pendulum-summon", then "select h1", "select x1", "done".
    import io

    from rich.console import Console

    from ygo.agents import make_agent
    from ygo.cli.play import TerminalGame

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    scales_set(s)
    s.pendulum(1, MANDRA)
    mandra, bewd = s.hand(0, MANDRA, BEWD)
    (dragong,) = s.extra_face_up(0, DRAGONG)
    duel = s.run()
    buffer = io.StringIO()
    out = Console(file=buffer, width=120, highlight=False, color_system=None)
    lines = ["why h2", "pendulum-summon", "select h1", "select x1", "done", "1", "2", "quit"]
    inp = io.StringIO("".join(f"{line}\n" for line in lines))
    TerminalGame(duel, make_agent("greedy", 0), out, inp).run()
    text = buffer.getvalue()
    assert "Pendulum Zones: p1 Fire Opalhead (Scale 0)  ·  p2 Flash Knight (Scale 7)" in text
    assert "Pendulum Zones: op1 Mandragon (Scale 2)" in text
    assert "x1 Dragong (Lv4 500/2100) (face-up)" in text
    assert "its Level 8 is not between the Scales 0 and 7" in text
    assert duel.location(mandra) == Location.MZONE
    assert duel.position(dragong) == Position.FACEUP_DEFENSE
    assert duel.location(bewd) == Location.HAND


def test_compact_board_shows_pendulum_zones_in_one_line() -> None:
    import io

    from rich.console import Console

    from ygo.cli.tui.layout import compact
    from ygo.ui.handles import Handles

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    scales_set(s)
    s.pendulum(1, MANDRA)
    duel = s.run()
    view = duel.view(0)
    h = Handles()
    h.update(view)
    buffer = io.StringIO()
    Console(file=buffer, width=90, color_system=None).print(compact(view, h))
    text = buffer.getvalue()
    assert "Pendulum p1 Fire Opalhead (0) · p2 Flash Knight (7) · op1 Mandragon (2)" in text
    assert {"p1", "p2", "op1"} <= set(h.by_handle)


@pytest.mark.parametrize(("seed", "ruleset"), [(1, "mr3"), (2, "mr3"), (3, "classic")])
def test_random_pendulum_duels_hold_invariants(seed: int, ruleset: str) -> None:
    # Random duels of the shipped Pendulum deck, checked after every action (every
    # card in one place, zones, LP by events, Extra Deck changes announced, the menu
    # and explain agreeing, a Pendulum Summon offered exactly when allowed); under
    # mr3 Pendulum Summons happen, under classic nothing Pendulum does.
    from pathlib import Path

    import ygo
    from tests.engine.helpers import random_policy
    from ygo.formats.ydk import read_ydk
    from ygo.invariants import check_invariants

    deck = read_ydk(Path(ygo.__file__).parent / "data" / "decks" / "pendulum_scales.ydk")
    duel = Duel((deck, deck), Ruleset.by_name(ruleset), seed=seed, first=0)
    policy = random_policy(seed)
    n = 0
    while not duel.is_over and n < 600:
        st = duel._st
        lp, events = list(st.lp), len(st.events)
        extra = [set(st.extra[0]), set(st.extra[1])]
        d = duel.decision
        assert d is not None
        duel.apply(policy(duel, d))
        check_invariants(duel, lp, events, extra)
        n += 1
    placed = [
        e
        for e in duel.events()
        if e.kind == EventKind.SPECIAL_SUMMON
        and e.src in (Location.HAND, Location.EXTRA)
        and e.rc < 0  # by a procedure, not a card (Polymerization)
    ]
    data = duel._st.data
    activated_pend = any(
        e.kind == EventKind.ACTIVATE and data[e.card].is_pendulum for e in duel.events()
    )
    if ruleset == "mr3":
        assert placed and activated_pend
    else:
        assert not placed and not activated_pend


@pytest.mark.parametrize("ruleset", ["mr3", "classic"])
def test_a_save_from_before_pendulum_zones_still_loads(ruleset: str) -> None:
    # Saves stay loadable: one made before ``State.pzone`` and the ruleset's
    # ``pendulum_zones`` existed loads with empty Pendulum Zones (none under classic).
    from ygo.engine import serialize

    s = Scenario(ruleset=Ruleset.by_name(ruleset)).at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, CELTIC)
    duel = s.run()
    payload = serialize.loads(duel.save())
    del payload["state"]["pzone"]
    del payload["ruleset"]["pendulum_zones"]
    back = Duel.load(serialize.dumps(payload))
    assert back._st.pzone == ([[-1, -1], [-1, -1]] if ruleset == "mr3" else [[], []])
    assert texts(back.decision) == texts(duel.decision)


def test_activated_in_a_pendulum_zone_every_normal_monster_gains_200_atk() -> None:
    # R-PEND-1: its Pendulum Effect applies once it is a Spell in the zone, to both
    # players' Normal Monsters, not to an Effect Monster.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (hunter,) = s.hand(0, HUNTER)
    celtic = s.monster(0, CELTIC)
    skull = s.monster(1, SKULL)
    sangan = s.monster(1, SANGAN)
    s.choose(0, f"activate {HUNTER} [{hunter}]")
    duel = s.run()
    st = duel._st
    assert duel.location(hunter) == Location.PZONE
    assert query.atk(st, celtic) == 1600
    assert query.atk(st, skull) == 2700
    assert query.atk(st, sangan) == 1000


def test_as_a_monster_it_has_no_effect() -> None:
    # R-PEND-1: in a Monster Zone the Pendulum Effect does not apply.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hunter = s.monster(0, HUNTER)
    celtic = s.monster(0, CELTIC)
    duel = s.run()
    st = duel._st
    assert query.atk(st, celtic) == 1400
    assert query.atk(st, hunter) == 2300  # a Normal Monster itself, but it gains nothing


def test_no_battle_damage_from_battles_involving_your_normal_monsters() -> None:
    # R-PEND-1: P0's Celtic Guardian (1600 with the effect) attacks Summoned Skull
    # (2700): without the Pendulum Effect P0 takes 1100, with it none.
    assert _attack_into_skull(with_hunter=False) == 8000 - 1100
    assert _attack_into_skull(with_hunter=True) == 8000
