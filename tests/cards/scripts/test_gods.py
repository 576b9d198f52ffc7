"""The Egyptian God cards and Holactie (R-SUM-2, R-SUM-10): Obelisk, Slifer, Ra."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    atk,
    defense,
    sel,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.data import shipped_banlist
from ygo.engine.events import EventKind
from ygo.engine.priority import Window
from ygo.engine.result import WinReason

OBELISK = "Obelisk the Tormentor"
SLIFER = "Slifer the Sky Dragon"
RA = "The Winged Dragon of Ra"
HOLACTIE = "Holactie the Creator of Light"
CELTIC = "Celtic Guardian"  # 1400 / 1200
SKULL = "Summoned Skull"  # 2500 / 1200
REBORN = "Monster Reborn"
SOLEMN = "Solemn Judgment"
MZONE, GRAVE, HAND = Location.MZONE, Location.GRAVE, Location.HAND


def summon(name: str, uid: int) -> str:
    return f"summon {name} [{uid}]"


def main1(turn: int = 3, player: int = 0) -> Scenario:
    return Scenario().at(turn=turn, player=player, phase=Phase.MAIN1)


def god_summoned(s: Scenario, god: str) -> tuple[int, list[int]]:
    """``god`` in player 0's hand and three Celtic Guardians to tribute; the
    summon and the first two tributes scripted (the third is the only one left)."""
    uid = s.hand(0, god)[0]
    fodder = [s.monster(0, CELTIC) for _ in range(3)]
    s.choose(0, summon(god, uid), sel(CELTIC, fodder[0]), sel(CELTIC, fodder[1]))
    return uid, fodder


def _three_gods(s: Scenario) -> tuple[int, int, int]:
    return s.monster(0, OBELISK), s.monster(0, SLIFER), s.monster(0, RA)


def test_a_god_needs_three_tributes_and_cannot_be_normal_set() -> None:
    # R-SUM-2 and the Gods' text: Level 10 would need 2 tributes; a God needs 3, and
    # it is never Set (explain says both).
    for god in (OBELISK, SLIFER, RA):
        s = main1()
        uid = s.hand(0, god)[0]
        s.monster(0, CELTIC)
        s.monster(0, CELTIC)
        duel = s.build()
        options = texts(duel.decision)
        assert not [o for o in options if o.endswith(f"[{uid}]")]
        reasons = duel.explain(uid, 0).reasons
        assert "its text requires 3 tributes and you control 2 monsters" in reasons
        assert "it cannot be Normal Set (its text)" in reasons
    s = main1()
    uid, fodder = god_summoned(s, OBELISK)
    duel = s.build()
    options = texts(duel.decision)
    assert summon(OBELISK, uid) in options
    assert f"set {OBELISK} [{uid}]" not in options
    duel = s.run()
    assert duel.location(uid) == MZONE and duel.position(uid) == Position.FACEUP_ATTACK
    assert [duel.location(u) for u in fodder] == [GRAVE] * 3
    (ev,) = [e for e in duel.events() if e.kind == EventKind.SUMMON]
    assert ev.card == uid and ev.value == 3


def test_a_gods_normal_summon_cannot_be_negated() -> None:
    # R-SUM-10: the "being summoned" moment happens, but Solemn Judgment cannot
    # negate this summon; explain says why; the God arrives, nobody pays LP.
    s = main1()
    uid, _ = god_summoned(s, SLIFER)
    solemn = s.spell(1, SOLEMN)
    s.stop(1, Window.SUMMONING)
    duel = s.run()
    d = duel.decision
    assert d is not None and d.player == 1 and texts(d) == ["pass"]
    reasons = duel.explain(solemn, 1).reasons
    assert any("this summon cannot be negated (Slifer the Sky Dragon's text)" in r for r in reasons)
    s.choose(1, "pass")
    duel = s.run(duel)
    assert duel.location(uid) == MZONE
    assert duel.lp(1) == 8000 and duel.location(solemn) == Location.SZONE
    assert not [e for e in duel.events() if e.kind == EventKind.SUMMON_NEGATED]


def test_solemn_judgment_still_negates_an_ordinary_tribute_summon() -> None:
    # R-SUM-10, the control case: the same set-up with Summoned Skull is negated.
    s = main1()
    skull = s.hand(0, SKULL)[0]
    tribute = s.monster(0, CELTIC)
    solemn = s.spell(1, SOLEMN)
    s.choose(0, summon(SKULL, skull))
    s.choose(1, act(SOLEMN, solemn))
    duel = s.run()
    assert duel.location(skull) == GRAVE and duel.location(tribute) == GRAVE
    assert duel.lp(1) == 4000


def test_nothing_can_be_activated_in_response_to_a_gods_normal_summon() -> None:
    # R-SUM-10 and the Gods' text: after Obelisk is Normal Summoned, Trap Hole
    # (4000 ATK qualifies) cannot be activated; explain says why.
    s = main1()
    uid, _ = god_summoned(s, OBELISK)
    hole = s.spell(1, "Trap Hole")
    s.stop(1, Window.SUMMONED)
    duel = s.run()
    d = duel.decision
    assert d is not None and d.player == 1 and texts(d) == ["pass"]
    reasons = duel.explain(hole, 1).reasons
    why = "no cards or effects can be activated in response to this summon"
    assert any(why in r for r in reasons)
    s.choose(1, "pass")
    duel = s.run(duel)
    assert duel.location(uid) == MZONE and duel.location(hole) == Location.SZONE


def test_trap_hole_still_answers_an_ordinary_tribute_summon() -> None:
    # The control case: Summoned Skull's summon can be answered by Trap Hole.
    s = main1()
    skull = s.hand(0, SKULL)[0]
    s.monster(0, CELTIC)
    hole = s.spell(1, "Trap Hole")
    s.choose(0, summon(SKULL, skull))
    s.choose(1, act("Trap Hole", hole))
    duel = s.run()
    assert duel.location(skull) == GRAVE


def test_the_summon_lock_stops_the_opponents_triggers_too() -> None:
    # "Cards and effects cannot be activated": the opponent's Slifer would make a
    # monster Normal Summoned in Attack Position lose 2000 ATK; Obelisk's summon
    # lets no trigger activate, so Obelisk keeps its 4000 ATK.
    s = main1()
    uid, _ = god_summoned(s, OBELISK)
    s.monster(1, SLIFER)
    duel = s.run()
    assert duel.location(uid) == MZONE
    assert atk(duel, uid) == 4000
    assert not [e for e in duel.events() if e.kind == EventKind.ACTIVATE]


def test_a_god_special_summoned_goes_to_the_gy_in_the_end_phase() -> None:
    # Obelisk and Slifer: Special Summoned (Monster Reborn), sent to the GY at the
    # End Phase; a Normal Summoned one stays.
    for god in (OBELISK, SLIFER):
        s = main1()
        reborn = s.hand(0, REBORN)[0]
        revived = s.grave(0, god)[0]
        kept = s.monster(0, god)
        s.choose(0, act(REBORN, reborn), "choose face-up Attack", "end-turn")
        duel = s.run(until=(4, Phase.DRAW))
        assert duel.location(revived) == GRAVE
        assert duel.location(kept) == MZONE
        moves = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == revived]
        assert moves[-1].dst == GRAVE


def test_obelisk_tributes_two_to_destroy_all_the_opponents_monsters_then_cannot_attack() -> None:
    s = main1()
    obelisk = s.monster(0, OBELISK)
    a, b = s.monster(0, CELTIC), s.monster(0, CELTIC)
    theirs = [s.monster(1, SKULL), s.monster(1, CELTIC, Position.FACEDOWN_DEFENSE)]
    mine_too = s.monster(0, "Mystical Elf")
    s.choose(0, act(OBELISK, obelisk), sel(CELTIC, a), sel(CELTIC, b), "battle")
    duel = s.run()
    assert [duel.location(u) for u in theirs] == [GRAVE, GRAVE]
    assert [duel.location(u) for u in (a, b)] == [GRAVE, GRAVE]
    assert duel.location(mine_too) == MZONE
    # Battle Step: Obelisk cannot declare an attack this turn (Mystical Elf can).
    options = texts(duel.decision)
    assert f"attack-with {OBELISK} [{obelisk}]" not in options
    assert "attack-with Mystical Elf" in " ".join(options)
    assert "attack: a card's effect forbids it to attack" in duel.explain(obelisk, 0).reasons


def test_obelisk_cannot_use_its_effect_after_it_attacked() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    obelisk = s.monster(0, OBELISK)
    s.monster(0, CELTIC)
    s.monster(0, CELTIC)
    s.monster(1, CELTIC)
    s.choose(0, f"attack-with {OBELISK} [{obelisk}]", "main2")
    duel = s.run()
    assert not [o for o in texts(duel.decision) if o.startswith("activate")]
    reasons = duel.explain(obelisk, 0).reasons
    assert "activate: its activation condition is not met" in reasons


def test_obelisk_cannot_be_targeted_by_card_effects() -> None:
    # Snatch Steal can take the opponent's other monster, never Obelisk.
    s = main1()
    steal = s.hand(0, "Snatch Steal")[0]
    obelisk = s.monster(1, OBELISK)
    duel = s.build()
    assert act("Snatch Steal", steal) not in texts(duel.decision)
    assert "it cannot be targeted by card effects" in duel.explain(obelisk, 0).reasons
    s2 = main1()
    steal = s2.hand(0, "Snatch Steal")[0]
    obelisk = s2.monster(1, OBELISK)
    skull = s2.monster(1, SKULL)
    s2.choose(0, act("Snatch Steal", steal))  # the only target is not asked
    duel = s2.run()
    assert duel.controller(skull) == 0 and duel.controller(obelisk) == 1


def test_slifer_has_1000_atk_and_def_per_card_in_its_controllers_hand() -> None:
    s = main1()
    slifer = s.monster(0, SLIFER)
    s.hand(0, CELTIC, CELTIC, SKULL)
    s.hand(1, CELTIC)
    duel = s.build()
    assert atk(duel, slifer) == 3000 and defense(duel, slifer) == 3000


def test_slifer_weakens_monsters_summoned_to_the_opponents_field_in_attack() -> None:
    # Turn player 1 summons Summoned Skull (2500 -> 500) and Special Summons a
    # Celtic Guardian in Attack (1400 -> 0: destroyed); a Set monster and a
    # Defense Position summon are untouched.
    s = main1(player=1)
    slifer = s.monster(0, SLIFER)
    skull = s.hand(1, SKULL)[0]
    s.monster(1, "Mystical Elf")
    reborn = s.hand(1, REBORN)[0]
    celtic = s.grave(1, CELTIC)[0]
    s.choose(1, summon(SKULL, skull))
    s.choose(1, act(REBORN, reborn), sel(CELTIC, celtic), "choose face-up Attack")
    duel = s.run()
    assert duel.location(slifer) == MZONE
    assert atk(duel, skull) == 500
    assert duel.location(celtic) == GRAVE
    destroyed = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == celtic]
    assert destroyed[-1].dst == GRAVE


def test_slifer_ignores_sets_and_defense_position_summons() -> None:
    s = main1(player=1)
    s.monster(0, SLIFER)
    elf = s.hand(1, "Mystical Elf")[0]
    reborn = s.hand(1, REBORN)[0]
    celtic = s.grave(1, CELTIC)[0]
    s.choose(1, f"set Mystical Elf [{elf}]")
    s.choose(1, act(REBORN, reborn), "choose face-up Defense")  # the only target
    duel = s.run()
    assert duel.location(elf) == MZONE and duel.location(celtic) == MZONE
    assert atk(duel, celtic) == 1400
    assert not [e for e in duel.events() if e.kind == EventKind.ACTIVATE and e.code == 10000020]


def test_ra_can_never_be_special_summoned() -> None:
    s = main1()
    reborn = s.hand(0, REBORN)[0]
    ra = s.grave(0, RA)[0]
    duel = s.build()
    assert act(REBORN, reborn) not in texts(duel.decision)
    reasons = duel.explain(ra, 0).reasons
    assert any("summoning condition: cannot be Special Summoned" in r for r in reasons)


def test_ra_pays_lp_down_to_100_and_gains_the_amount_while_others_cannot_respond() -> None:
    # R-SUM-10 and Ra's text, "other cards and effects cannot be activated": Ra's
    # own trigger is, the opponent's Set Mystical Space Typhoon cannot answer it
    # (it could, with a target, after an ordinary summon). 8000 LP -> 100; Ra ("?"
    # counts as 0, R-MON-3) gains 7900 ATK and DEF.
    s = main1()
    uid, _ = god_summoned(s, RA)
    s.spell(0, "Trap Hole")  # a target for the Typhoon
    mst = s.spell(1, "Mystical Space Typhoon")
    s.stop(1, Window.SUMMONED)
    s.choose(0, act(RA, uid))
    duel = s.run()
    d = duel.decision
    assert d is not None and d.player == 1 and texts(d) == ["pass"]
    why = "no cards or effects can be activated in response to this summon"
    assert any(why in r for r in duel.explain(mst, 1).reasons)
    s.choose(1, "pass")
    duel = s.run(duel)
    assert duel.lp(0) == 100
    assert atk(duel, uid) == 7900 and defense(duel, uid) == 7900
    assert duel.location(mst) == Location.SZONE and duel.location(uid) == MZONE
    d = duel.decision
    assert (
        d is not None
        and d.player == 0
        and f"activate Mystical Space Typhoon [{mst}]" not in texts(d)
    )


def test_mystical_space_typhoon_answers_an_ordinary_summon() -> None:
    # The control case for the test above.
    s = main1()
    skull = s.hand(0, SKULL)[0]
    s.monster(0, CELTIC)
    hole = s.spell(0, "Trap Hole")
    mst = s.spell(1, "Mystical Space Typhoon")
    s.choose(0, summon(SKULL, skull))
    s.choose(1, act("Mystical Space Typhoon", mst))
    duel = s.run()
    assert duel.location(hole) == GRAVE


def test_ra_may_decline_its_summon_trigger() -> None:
    s = main1()
    uid, _ = god_summoned(s, RA)
    s.choose(0, "pass")
    duel = s.run()
    assert duel.lp(0) == 8000 and atk(duel, uid) == 0


def test_ra_pays_1000_lp_to_destroy_a_targeted_monster_but_not_obelisk() -> None:
    s = main1()
    ra = s.monster(0, RA)
    s.monster(1, OBELISK)
    skull = s.monster(1, SKULL)
    s.choose(0, act(RA, ra))
    duel = s.run()
    # Ra may target itself or Summoned Skull; Obelisk cannot be targeted.
    assert texts(duel.decision) == [
        f"select {RA} [{ra}] (your Monster Zone 1)",
        f"select {SKULL} [{skull}] (opponent's Monster Zone 2)",
    ]
    s.choose(0, sel(SKULL, skull))
    duel = s.run(duel)
    assert duel.lp(0) == 7000
    assert duel.location(skull) == GRAVE


def test_holactie_tributing_the_three_gods_wins_the_duel() -> None:
    # R-DUEL-6, R-SUM-10. The guides: Holactie is a special way to win; its Special Summon
    # cannot be negated (Solemn Judgment cannot answer it).
    s = main1()
    holactie = s.hand(0, HOLACTIE)[0]
    gods = _three_gods(s)
    solemn = s.spell(1, SOLEMN)
    s.stop(1, Window.SUMMONING)
    s.choose(0, f"special-summon {HOLACTIE} [{holactie}]", "choose face-up Attack")
    duel = s.run()
    assert any("this summon cannot be negated" in r for r in duel.explain(solemn, 1).reasons)
    s.choose(1, "pass")
    duel = s.run(duel)
    assert [duel.location(u) for u in gods] == [GRAVE] * 3
    assert duel.location(holactie) == MZONE
    r = duel.result
    assert r is not None and r.winner == 0 and r.reason == WinReason.EFFECT
    assert duel.lp(1) == 8000


def test_holactie_needs_the_three_gods_and_is_never_normal_summoned_nor_revived() -> None:
    s = main1()
    holactie = s.hand(0, HOLACTIE)[0]
    s.monster(0, OBELISK)
    s.monster(0, SLIFER)
    s.monster(0, CELTIC)
    reborn = s.hand(0, REBORN)[0]
    in_gy = s.grave(0, HOLACTIE)[0]
    duel = s.build()
    options = texts(duel.decision)
    assert not [o for o in options if o.endswith(f"[{holactie}]")]
    assert act(REBORN, reborn) not in options
    assert any("must be Special Summoned" in r for r in duel.explain(holactie, 0).reasons)
    assert any("cannot be Special Summoned from here" in r for r in duel.explain(in_gy, 0).reasons)
    assert duel.result is None


def test_dm5_and_dm6_forbid_the_three_gods() -> None:
    for name in ("DM5", "DM6"):
        banlist = shipped_banlist(name)
        for code in (10000000, 10000020, 10000010):
            assert banlist.limit(code) == 0


def test_a_god_summoned_by_ultimate_offering_takes_three_tributes_and_is_never_set() -> None:
    # An effect's Normal Summon (R-SUM-1) follows the same rules: 3 tributes, and
    # "Summon or Set?" is not asked.
    s = main1()
    s.spell(0, "Ultimate Offering", face_down=False)
    uid = s.hand(0, OBELISK)[0]
    fodder = [s.monster(0, CELTIC) for _ in range(3)]
    s.choose(0, "activate Ultimate Offering", "pass")  # Obelisk, the only one, is not asked
    s.choose(0, sel(CELTIC, fodder[0]), sel(CELTIC, fodder[1]))
    duel = s.run()
    assert duel.lp(0) == 7500
    assert duel.location(uid) == MZONE and duel.position(uid) == Position.FACEUP_ATTACK
    assert [duel.location(u) for u in fodder] == [GRAVE] * 3
