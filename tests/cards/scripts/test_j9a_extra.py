"""Issue 9 part A: effect monsters around the Extra Deck (Buster Blader, Gate
Guardian's parts, Spirit Ryu, Valkyrion, Dark Necrofear...)."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import query
from ygo.engine.windows import Window

FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
BEWD = "Blue-Eyes White Dragon"
SKULL = "Summoned Skull"
BLADER = "Buster Blader"
SANGA = "Sanga of the Thunder"
KAZEJIN = "Kazejin"
SUIJIN = "Suijin"
DM = "Dark Magician"


def act(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def _atk(duel: Duel, uid: int) -> int:
    return query.atk(duel._st, uid)


def _def(duel: Duel, uid: int) -> int:
    return query.defense(duel._st, uid)


# -- Buster Blader ----------------------------------------------------------------------------


def test_buster_blader_counts_the_opponents_dragons_on_field_and_in_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    blader = s.monster(0, BLADER)
    s.monster(1, BEWD)  # face-up Dragon: counts
    s.monster(1, "Red-Eyes B. Dragon", Position.FACEDOWN_DEFENSE)  # face-down: does not
    s.grave(1, "Curse of Dragon", SKULL)  # one Dragon (Summoned Skull is a Fiend)
    s.grave(0, BEWD)  # its own controller's Dragons do not count
    s.monster(0, "Curse of Dragon")
    duel = s.build()
    assert _atk(duel, blader) == 2600 + 2 * 500


def test_buster_blader_changes_as_dragons_leave() -> None:
    # Dark Hole sends the opponent's face-up Dragon to the GY: still one Dragon; the
    # Blader is destroyed too, and in the GY it has its printed ATK.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hole = s.hand(0, "Dark Hole")[0]
    blader = s.monster(1, BLADER)
    s.monster(0, BEWD)
    duel = s.build()
    assert _atk(duel, blader) == 3100
    s.choose(0, act("Dark Hole", hole))
    s.run(duel)
    assert duel.location(blader) == Location.GRAVE


# -- Sanga of the Thunder, Kazejin, Suijin ------------------------------------------------------


def _attack_part(part: str, position: Position = FU_DEF) -> tuple[Scenario, int, int, int]:
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    guard = s.monster(0, part, position)
    bewd = s.monster(1, BEWD)
    skull = s.monster(1, SKULL)
    return s, guard, bewd, skull


def test_gate_guardian_part_zeroes_the_attackers_atk_for_that_calculation_only() -> None:
    # R-BAT-4: 0 ATK against 2200 DEF: the attacker's controller takes 2200; nothing
    # is destroyed; after the calculation the attacker has its 3000 ATK again.
    s, sanga, bewd, _ = _attack_part(SANGA)
    s.choose(1, f"attack-with {BEWD}")
    s.choose(0, act(SANGA, sanga))
    duel = s.run()
    assert duel.lp(1) == 8000 - 2200
    assert duel.lp(0) == 8000
    assert duel.location(bewd) == Location.MZONE
    assert duel.location(sanga) == Location.MZONE
    assert _atk(duel, bewd) == 3000


def test_gate_guardian_part_works_once_while_face_up() -> None:
    s, kazejin, bewd, skull = _attack_part(KAZEJIN)
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, act(KAZEJIN, kazejin))
    s.choose(1, f"attack-with {BEWD}")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1  # back to the Battle Step
    # The second attack: the effect was used while it is face-up, so it is not
    # offered and Blue-Eyes keeps its 3000 ATK against 2200 DEF.
    assert duel.lp(1) == 8000 - 2200
    assert duel.location(kazejin) == Location.GRAVE
    assert duel.location(skull) == Location.MZONE
    assert duel.location(bewd) == Location.MZONE


def test_gate_guardian_part_only_when_attacked_in_the_opponents_turn() -> None:
    # Attacking with Suijin in its own turn: nothing to activate.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    suijin = s.monster(0, SUIJIN, FU_ATK)
    s.monster(1, BEWD)
    s.stop(0, Window.DAMAGE_BEFORE_CALC)
    s.choose(0, f"attack-with {SUIJIN}")
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    assert texts(duel.decision) == ["pass"]
    assert "activate: its activation condition is not met" in duel.explain(suijin, 0).reasons


# -- Spirit Ryu -----------------------------------------------------------------------------


def test_spirit_ryu_discards_dragons_to_grow_in_its_battle_step() -> None:
    # Twice: 1000 + 2000 ATK beats Summoned Skull's 2500.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    ryu = s.monster(0, "Spirit Ryu")
    d1, d2, dm = s.hand(0, BEWD, "Curse of Dragon", DM)
    skull = s.monster(1, SKULL)
    s.choose(0, "attack-with Spirit Ryu")
    s.choose(0, act("Spirit Ryu", ryu))
    # Dark Magician is no Dragon: only the two Dragons may be discarded.
    s.choose(0, f"select {BEWD} [{d1}]")
    s.choose(0, "pass")  # no second link on top of the first
    duel = s.run()
    assert duel.location(d1) == Location.GRAVE
    assert _atk(duel, ryu) == 2000 and _def(duel, ryu) == 2000
    # The last Dragon is discarded without a question; with no Dragon left, the
    # effect is not offered again and the attack goes on.
    s.choose(0, act("Spirit Ryu", ryu))
    s.run(duel)
    assert duel.location(d2) == Location.GRAVE
    assert duel.location(dm) == Location.HAND
    assert duel.location(skull) == Location.GRAVE
    assert duel.lp(1) == 8000 - 500
    assert _atk(duel, ryu) == 3000


def test_spirit_ryu_only_in_its_own_battle_step_and_battle() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ryu = s.monster(0, "Spirit Ryu")
    s.hand(0, BEWD)
    duel = s.build()
    assert act("Spirit Ryu", ryu) not in texts(duel.decision)
    # Attacked in the opponent's turn: not its controller's Battle Step.
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    ryu = s.monster(0, "Spirit Ryu")
    s.hand(0, BEWD)
    s.monster(1, SKULL)
    s.stop(0, Window.ATTACK_DECLARED)
    s.choose(1, f"attack-with {SKULL}")
    duel = s.run()
    assert texts(duel.decision) == ["pass"]


# -- Valkyrion the Magna Warrior --------------------------------------------------------------

VALK = "Valkyrion the Magna Warrior"
ALPHA, BETA, GAMMA = (f"{n} The Magnet Warrior" for n in ("Alpha", "Beta", "Gamma"))


def test_valkyrion_is_summoned_by_tributing_the_three_magnet_warriors() -> None:
    # R-SUM-8: its own procedure; a Normal Summon or Set is not offered.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.hand(0, VALK)[0]
    alpha, beta = s.monster(0, ALPHA), s.monster(0, BETA)
    duel = s.build()
    assert not [t for t in texts(duel.decision) if VALK in t]  # Gamma is missing
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.hand(0, VALK)[0]
    alpha, beta, gamma = s.monster(0, ALPHA), s.monster(0, BETA), s.monster(0, GAMMA)
    duel = s.build()
    options = [t for t in texts(duel.decision) if VALK in t]
    assert options == [f"special-summon {VALK} [{valk}]"]
    s.choose(0, options[0], "choose face-up Defense")
    s.run(duel)
    assert duel.location(valk) == Location.MZONE
    assert duel.position(valk) == FU_DEF
    assert all(duel.location(u) == Location.GRAVE for u in (alpha, beta, gamma))


def test_valkyrion_tributes_itself_to_bring_back_the_three() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.monster(0, VALK)
    alpha, beta, gamma = s.grave(0, ALPHA, BETA, GAMMA)
    s.grave(0, ALPHA)  # a second Alpha: it may be chosen instead, never both
    s.monster(0, DM)
    s.monster(0, SKULL)
    s.monster(0, BEWD)  # 4 monsters: after the Tribute, 2 zones for 3 warriors
    duel = s.build()
    assert act(VALK, valk) not in texts(duel.decision)
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    valk = s.monster(0, VALK)
    alpha, beta, gamma, alpha2 = s.grave(0, ALPHA, BETA, GAMMA, ALPHA)
    s.monster(0, DM)
    duel = s.build()
    s.choose(0, act(VALK, valk), f"select {ALPHA} [{alpha}]")
    duel = s.run(duel)
    # With Alpha chosen, the other Alpha is not a target any more.
    assert not [t for t in texts(duel.decision) if f"[{alpha2}]" in t]
    s.choose(0, f"select {BETA} [{beta}]")
    s.run(duel)
    assert duel.location(valk) == Location.GRAVE
    assert [duel.location(u) for u in (alpha, beta, gamma)] == [Location.MZONE] * 3
    assert duel.location(alpha2) == Location.GRAVE


# -- Archfiend of Gilfer (a monster that becomes an Equip Card) -----------------------------

GILFER = "Archfiend of Gilfer"


def test_gilfer_sent_to_the_gy_equips_itself_and_lowers_atk() -> None:
    # Destroyed by battle, it goes to the GY and equips itself to Blue-Eyes (-500).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    gilfer = s.monster(0, GILFER)
    tribute, dm = s.hand(0, "Tribute to The Doomed", DM)
    bewd = s.monster(1, BEWD)
    skull = s.monster(1, SKULL)
    s.choose(0, f"attack-with {GILFER}", "target Blue-Eyes White Dragon (zone 1)")
    s.choose(0, act(GILFER, gilfer), f"select {BEWD} [{bewd}] (opponent's Monster Zone 1)")
    duel = s.run()
    assert duel.lp(0) == 8000 - 800
    assert duel.location(gilfer) == Location.SZONE
    assert duel.position(gilfer) == FU_ATK
    assert _atk(duel, bewd) == 2500
    assert _atk(duel, skull) == 2500
    # R-SPELL-2: Blue-Eyes leaves, so the Equip Card is destroyed; sent to the GY
    # again, Gilfer equips itself to Summoned Skull.
    s.choose(0, "main2", act("Tribute to The Doomed", tribute))
    s.choose(0, f"select {BEWD} [{bewd}] (opponent's Monster Zone 1)")
    s.choose(0, act(GILFER, gilfer))
    duel = s.run(duel)
    assert duel.location(bewd) == Location.GRAVE
    assert duel.location(dm) == Location.GRAVE
    assert duel.location(gilfer) == Location.SZONE
    assert _atk(duel, skull) == 2000


def test_gilfer_effect_is_optional() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    gilfer = s.monster(0, GILFER)
    bewd = s.monster(1, BEWD)
    s.choose(0, f"attack-with {GILFER}", "pass")
    duel = s.run()
    assert duel.location(gilfer) == Location.GRAVE
    assert _atk(duel, bewd) == 3000


# -- Dark Necrofear ------------------------------------------------------------------------

NECRO = "Dark Necrofear"


def test_dark_necrofear_is_summoned_by_banishing_three_fiends() -> None:
    # R-SUM-8: its own procedure; two Fiends are not enough, Dragons do not count.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    necro = s.hand(0, NECRO)[0]
    s.grave(0, SKULL, "Archfiend of Gilfer", BEWD)
    duel = s.build()
    assert not [t for t in texts(duel.decision) if f"[{necro}]" in t and "special" in t]
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    necro = s.hand(0, NECRO)[0]
    fiends = s.grave(0, SKULL, "Archfiend of Gilfer", SKULL)
    bewd = s.grave(0, BEWD)[0]
    s.choose(0, f"special-summon {NECRO} [{necro}]")
    duel = s.run()
    while duel.location(necro) != Location.MZONE:  # the banished Fiends, then a position
        options = texts(duel.decision)
        assert not [t for t in options if f"[{bewd}]" in t]
        s.choose(0, options[0])
        s.run(duel)
    assert [duel.location(u) for u in fiends] == [Location.BANISHED] * 3
    assert duel.location(bewd) == Location.GRAVE


def test_dark_necrofear_destroyed_by_the_opponent_possesses_a_monster_at_end_phase() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.BATTLE_STEP)
    necro = s.monster(0, NECRO)
    bewd = s.monster(1, BEWD)
    s.choose(1, f"attack-with {BEWD}", "end-turn")
    duel = s.run()
    # End Phase of turn 4: Necrofear equips itself to Blue-Eyes and P0 controls it.
    assert duel.location(necro) == Location.SZONE
    assert duel._st.ctrl[necro] == 0
    assert duel._st.ctrl[bewd] == 0
    assert duel.location(bewd) == Location.MZONE
    # Its equip leaves: Blue-Eyes goes back to its owner.
    assert duel.decision is not None


def test_dark_necrofear_destroyed_by_its_owners_card_does_nothing() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    necro = s.monster(0, NECRO)
    tribute, _ = s.hand(0, "Tribute to The Doomed", DM)
    bewd = s.monster(1, BEWD)
    s.choose(0, act("Tribute to The Doomed", tribute))
    s.choose(0, f"select {NECRO} [{necro}]", "end-turn")
    duel = s.run()
    assert duel.turn == 4
    assert duel.location(necro) == Location.GRAVE
    assert duel._st.ctrl[bewd] == 1


# -- Sword Hunter -----------------------------------------------------------------------------

HUNTER = "Sword Hunter"


def test_sword_hunter_equips_what_it_destroyed_by_battle_at_battle_end() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    hunter = s.monster(0, HUNTER)
    dm = s.monster(0, DM)
    gaia = s.monster(1, "Gaia The Fierce Knight")  # 2300: destroyed by the Hunter
    celtic = s.monster(1, "Celtic Guardian")  # 1400: destroyed by Dark Magician
    tribute = s.hand(1, "Tribute to The Doomed", BEWD)[0]
    s.choose(0, f"attack-with {HUNTER}", "target Gaia")
    s.choose(0, f"attack-with {DM}")
    s.choose(0, "main2", act(HUNTER, hunter))
    duel = s.run()
    assert duel.lp(1) == 8000 - 150 - 1100
    assert duel.location(gaia) == Location.SZONE
    assert duel._st.ctrl[gaia] == 0
    assert duel.location(celtic) == Location.GRAVE  # not destroyed by the Hunter
    assert _atk(duel, hunter) == 2450 + 200
    assert _atk(duel, dm) == 2500
    # R-SPELL-2: the Hunter leaves, so its Equip Card is destroyed and goes to its
    # owner's GY.
    s.choose(
        1, act("Tribute to The Doomed", tribute), f"select {BEWD}", f"select {HUNTER} [{hunter}]"
    )
    s.run(duel)
    assert duel.location(hunter) == Location.GRAVE
    assert duel.location(gaia) == Location.GRAVE
    assert gaia in duel._st.grave[1]


# -- Magical Scientist ----------------------------------------------------------------------

SCIENTIST = "Magical Scientist"
SWORDSMAN = "Flame Swordsman"


def test_magical_scientist_borrows_a_small_fusion_monster_until_the_end_phase() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sci = s.monster(0, SCIENTIST)
    swordsman, paladin = s.extra(0, SWORDSMAN, "Dark Paladin")
    s.choose(0, act(SCIENTIST, sci), "choose face-up Attack")
    duel = s.run()
    # Only the Level 5 Swordsman was offered (Dark Paladin is Level 8).
    assert duel.lp(0) == 7000
    assert duel.location(swordsman) == Location.MZONE
    assert duel.location(paladin) == Location.EXTRA
    # The opponent has no monster: only the Scientist may attack (directly).
    s.choose(0, "battle")
    s.run(duel)
    options = texts(duel.decision)
    assert f"attack-with {SCIENTIST} [{sci}]" in options
    assert not [t for t in options if SWORDSMAN in t]
    reasons = duel.explain(swordsman, 0).reasons
    assert any("cannot attack directly" in r for r in reasons)
    s.choose(0, f"attack-with {SCIENTIST}", "end-turn")
    s.run(duel)
    assert duel.lp(1) == 8000 - 300
    assert duel.turn == 4
    assert duel.location(swordsman) == Location.EXTRA


def test_magical_scientists_fusion_may_attack_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sci = s.monster(0, SCIENTIST)
    s.extra(0, SWORDSMAN)
    celtic = s.monster(1, "Celtic Guardian")
    s.choose(0, act(SCIENTIST, sci), "choose face-up Attack", "battle")
    s.choose(0, f"attack-with {SWORDSMAN}")
    duel = s.run()
    assert duel.location(celtic) == Location.GRAVE
    assert duel.lp(1) == 8000 - 400
