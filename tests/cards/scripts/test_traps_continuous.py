"""Issue 8 leftovers, helper j8: a face-down Attack Position monster changed by
hand to face-down Defense (R-POS-1), Insect Queen (an attack cost, R-BAT-2) and
Ultimate Offering (a Normal Summon made by an effect, R-SUM-1)."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import query
from ygo.engine.duel import Duel
from ygo.engine.events import EventKind, Reason
from ygo.engine.priority import Window

FU_ATK = Position.FACEUP_ATTACK
FU_DEF = Position.FACEUP_DEFENSE
FD_ATK = Position.FACEDOWN_ATTACK
FD_DEF = Position.FACEDOWN_DEFENSE
GRAVE = Location.GRAVE
MZONE = Location.MZONE


def activate(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def select(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


def main(s: Scenario, player: int = 0, turn: int = 3) -> Scenario:
    return s.at(turn=turn, player=player, phase=Phase.MAIN1)


def options(duel: Duel) -> list[str]:
    return texts(duel.decision)


def atk(duel: Duel, uid: int) -> int:
    return query.atk(duel._st, uid)


def named(duel: Duel, player: int, name: str) -> list[int]:
    return [c for c in duel.monsters(player) if c is not None and duel.name(c) == name]


# -- R-POS-1: face-down Attack -> face-down Defense by hand ------------------------------------


def test_a_face_down_attack_monster_may_be_changed_to_face_down_defense() -> None:
    # R-POS-1: its controller may change it to face-down Defense as the turn's
    # position change (R-POS-4: once per turn).
    s = main(Scenario())
    skull = s.monster(0, "Summoned Skull", FD_ATK)
    s.choose(0, f"to-defense Summoned Skull [{skull}]")
    duel = s.run()
    assert duel.position(skull) == FD_DEF
    # The turn's change is used: neither a Flip Summon nor another change now.
    assert not [t for t in options(duel) if f"[{skull}]" in t]
    assert "position: its position was already changed this turn (once per turn)" in (
        duel.explain(skull, 0).reasons
    )


def test_a_face_down_attack_monster_may_be_flip_summoned() -> None:
    # R-POS-1: or Flip Summoned, to face-up Attack (R-POS-5).
    s = main(Scenario())
    skull = s.monster(0, "Summoned Skull", FD_ATK)
    duel = s.build()
    mine = [t for t in options(duel) if f"[{skull}]" in t]
    assert mine == [
        f"to-defense Summoned Skull [{skull}]",
        f"flip-summon Summoned Skull [{skull}]",
    ]
    s.choose(0, f"flip-summon Summoned Skull [{skull}]")
    duel = s.run(duel)
    assert duel.position(skull) == FU_ATK


def test_darkness_approaches_then_next_turn_to_face_down_defense() -> None:
    # R-POS-1: the face-down Attack monster Darkness Approaches made, on a later
    # turn, goes to face-down Defense by hand; never to face-up Defense.
    s = main(Scenario())
    cg = s.monster(0, "Celtic Guardian", this_turn=False)
    da, a, _ = s.hand(0, "Darkness Approaches", "Feral Imp", "Feral Imp")
    s.choose(0, activate("Darkness Approaches", da), select("Feral Imp", a))
    duel = s.run()
    assert duel.position(cg) == FD_ATK
    # Turned face-down by an effect this turn: it may still change position now.
    s.choose(0, f"to-defense Celtic Guardian [{cg}]")
    duel = s.run(duel)
    assert duel.position(cg) == FD_DEF
    assert duel.explain(cg, 0).card == cg


def test_a_face_down_attack_monster_not_changed_on_the_turn_it_was_placed() -> None:
    # R-POS-4 applies to it too: not on the turn it came to the field.
    s = main(Scenario())
    skull = s.monster(0, "Summoned Skull", FD_ATK, this_turn=True)
    duel = s.build()
    assert not [t for t in options(duel) if f"[{skull}]" in t]


# -- Insect Queen ---------------------------------------------------------------------------


def test_insect_queen_gains_200_atk_per_face_up_insect() -> None:
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    moth = s.monster(1, "Petit Moth")  # a face-up Insect on the other side counts too
    s.monster(1, "Man-Eater Bug", FD_DEF)  # face-down: not counted
    s.monster(0, "Celtic Guardian")  # not an Insect
    duel = s.build()
    assert atk(duel, queen) == 2200 + 2 * 200
    assert atk(duel, moth) == 300


def test_insect_queen_cannot_attack_without_a_monster_to_tribute() -> None:
    # R-CHAIN-7: a cost is paid in full or not at all: with no other monster to
    # Tribute it cannot declare an attack.
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    queen = s.monster(0, "Insect Queen")
    duel = s.build()
    assert not [t for t in options(duel) if t.startswith("attack-with")]
    assert "attack: the cost it must pay to declare an attack cannot be paid now" in (
        duel.explain(queen, 0).reasons
    )


def test_insect_queen_tributes_to_attack_then_lays_a_token_in_the_end_phase() -> None:
    # R-CHAIN-7, R-SUM-10: the Tribute is a cost, not an activation (no chain) and
    # not destruction (R-TERM-1); R-SUM-11: the Token is a new monster on the field.
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    guardian = s.monster(0, "Celtic Guardian")
    imp = s.monster(0, "Feral Imp")
    moth = s.monster(1, "Petit Moth")
    s.choose(0, "battle", f"attack-with Insect Queen [{queen}]")
    duel = s.run()
    # The Tribute is asked at once, before the target: one of the other monsters.
    labels = [t.split(" (")[0] for t in options(duel)]
    assert labels == [select("Celtic Guardian", guardian), select("Feral Imp", imp)]
    s.choose(0, select("Celtic Guardian", guardian))  # the only target is then attacked
    duel = s.run(duel)
    assert duel.location(guardian) == GRAVE
    assert duel.location(imp) == MZONE
    (moved,) = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == guardian]
    assert moved.reason & Reason.RELEASE and not moved.reason & Reason.DESTROY
    assert duel.location(moth) == GRAVE
    assert duel.lp(1) == 8000 - (2200 + 2 * 200 - 300)  # 2 Insects face-up at calculation
    assert not named(duel, 0, "Insect Monster Token")  # not before the End Phase
    s.choose(0, "main2", "end-turn")
    duel = s.run(duel)
    assert duel.turn == 4  # the Token came in turn 3's End Phase
    (token,) = named(duel, 0, "Insect Monster Token")
    assert duel.position(token) == FU_ATK
    assert atk(duel, queen) == 2200 + 2 * 200  # itself and the Token


def test_insect_queen_makes_no_token_without_destroying_a_monster() -> None:
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    s.monster(0, "Celtic Guardian")  # the only Tribute: taken at once
    s.choose(0, "battle", f"attack-with Insect Queen [{queen}]", "main2")  # then nothing to do
    duel = s.run()
    assert duel.lp(1) == 8000 - 2400  # itself is an Insect
    assert duel.turn == 4
    assert not named(duel, 0, "Insect Monster Token")


def test_a_tributed_insect_monster_token_ceases_to_exist() -> None:
    # R-SUM-11: a Token Tributed (for the next attack) goes nowhere.
    s = main(Scenario())
    queen = s.monster(0, "Insect Queen")
    s.token(0, "Insect Monster Token", FU_ATK)
    s.monster(0, "Feral Imp")
    duel = s.build()
    (token,) = named(duel, 0, "Insect Monster Token")
    s.choose(0, "battle", f"attack-with Insect Queen [{queen}]")
    s.choose(0, select("Insect Monster Token", token))
    duel = s.run(duel)
    assert not named(duel, 0, "Insect Monster Token")
    assert token not in duel.grave(0)
    assert duel.lp(1) == 8000 - 2400  # the Token left before damage calculation


# -- Ultimate Offering ------------------------------------------------------------------------

OFFER = "activate Ultimate Offering"


def test_ultimate_offering_summons_beyond_the_turns_normal_summon() -> None:
    # R-SUM-1: one Normal Summon or Set per turn, but Ultimate Offering's summon
    # does not use it; R-SUM-2: a Tribute Summon, the tribute chosen at resolution.
    s = main(Scenario())
    uo = s.spell(0, "Ultimate Offering", face_down=False)
    guardian = s.monster(0, "Celtic Guardian")
    imp, skull = s.hand(0, "Feral Imp", "Summoned Skull")
    s.choose(0, OFFER, "pass")  # no response: it resolves
    s.choose(0, select("Summoned Skull", skull), "choose Summon")  # Celtic Guardian is tributed
    duel = s.run()
    assert duel.lp(0) == 7500
    assert duel.location(skull) == MZONE and duel.position(skull) == FU_ATK
    assert duel.location(guardian) == GRAVE
    assert duel.location(uo) == Location.SZONE  # a Continuous Trap stays
    # The turn's own Normal Summon is still there.
    assert f"summon Feral Imp [{imp}]" in options(duel)
    s.choose(0, f"summon Feral Imp [{imp}]")
    duel = s.run(duel)
    assert duel.location(imp) == MZONE
    assert [e.card for e in duel.events() if e.kind == EventKind.SUMMON] == [skull, imp]


def test_ultimate_offering_can_set_a_monster() -> None:
    # R-SUM-1: a Set is face-down Defense and not a Summon.
    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    imp, _ = s.hand(0, "Feral Imp", "Mystical Elf")
    s.choose(0, OFFER, "pass", select("Feral Imp", imp), "choose Set")
    duel = s.run()
    assert duel.position(imp) == FD_DEF
    assert not [e for e in duel.events() if e.kind == EventKind.SUMMON]


def test_ultimate_offering_summon_cannot_be_negated_but_is_a_normal_summon() -> None:
    # R-SUM-10: the summon happens inside the chain link: no "being summoned"
    # moment, so Solemn Judgment cannot negate it; it is still a Normal Summon:
    # Total Defense Shogun's "when Normal Summoned" rule turns it to Defense.
    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    s.spell(1, "Solemn Judgment")
    s.hand(0, "Mystical Elf")
    shogun = s.hand(0, "Total Defense Shogun")[0]
    s.monster(0, "Celtic Guardian")
    s.choose(0, OFFER, "pass", select("Total Defense Shogun", shogun), "choose Summon")
    duel = s.run()
    assert duel.location(shogun) == MZONE
    assert duel.position(shogun) == FU_DEF
    # Back to the turn player's Main Phase: the opponent was never asked.
    assert duel.decision is not None and duel.decision.player == 0
    assert not [e for e in duel.events() if e.kind == EventKind.SUMMON_NEGATED]


def test_ultimate_offering_in_the_opponents_battle_phase() -> None:
    # The guides: a monster summoned by Ultimate Offering in the Battle Phase is
    # Normal Summoned (R-SUM-1 forbids only the turn's own Normal Summon there); the
    # non-turn player summons it to their own field.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Celtic Guardian")
    s.spell(1, "Ultimate Offering", face_down=False)
    imp, _ = s.hand(1, "Feral Imp", "Mystical Elf")
    s.choose(0, "battle")
    s.choose(1, OFFER, "pass", select("Feral Imp", imp), "choose Summon")
    duel = s.run()
    assert duel.lp(1) == 7500
    assert duel.controller(imp) == 1
    assert duel.location(imp) == MZONE and duel.position(imp) == FU_ATK
    (ev,) = [e for e in duel.events() if e.kind == EventKind.SUMMON]
    assert ev.card == imp and ev.player == 1


def test_ultimate_offering_only_in_your_main_phase_or_the_opponents_battle_phase() -> None:
    s = main(Scenario())
    mine = s.spell(0, "Ultimate Offering", face_down=False)
    theirs = s.spell(1, "Ultimate Offering", face_down=False)
    s.hand(0, "Feral Imp")
    s.hand(1, "Feral Imp")
    s.stop(0, Window.BATTLE_START)
    duel = s.build()
    assert any(t.startswith(OFFER) for t in options(duel))  # your Main Phase
    # Not in the opponent's Main Phase...
    assert any("activation condition is not met" in r for r in duel.explain(theirs, 1).reasons)
    s.choose(0, "battle")
    duel = s.run(duel)
    # ...nor in your own Battle Phase.
    assert duel.decision is not None and duel.decision.player == 0
    assert not [t for t in options(duel) if t.startswith(OFFER)]
    assert any("activation condition is not met" in r for r in duel.explain(mine, 0).reasons)


def test_a_duel_saved_inside_ultimate_offerings_summon_loads_and_continues() -> None:
    # The summon procedure runs on top of the resolving chain link: a save at its
    # tribute choice loads and plays on the same.
    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    guardian = s.monster(0, "Celtic Guardian")
    s.monster(0, "Feral Imp")
    skull = s.hand(0, "Summoned Skull")[0]
    s.choose(0, OFFER, "pass", "choose Summon")  # the only monster in hand is taken
    duel = s.run()
    assert duel.decision is not None and duel.decision.prompt.startswith("Choose a monster to")
    loaded = Duel.load(duel.save())
    for d in (duel, loaded):
        d.apply(next(t for t in options(d) if t.startswith(select("Celtic Guardian", guardian))))
    assert loaded.digest() == duel.digest()
    assert loaded.location(skull) == MZONE and loaded.location(guardian) == GRAVE


def test_greedy_pays_for_one_more_summon_once_its_own_is_used() -> None:
    # greedy reads Category.SUMMON (not the card's name).
    from ygo.agents import GreedyAgent

    s = main(Scenario())
    s.spell(0, "Ultimate Offering", face_down=False)
    imp = s.hand(0, "Feral Imp")[0]
    duel = s.build()
    assert duel.decision is not None
    first = GreedyAgent(0).choose(duel.view(0), duel.decision)
    assert str(first) == f"summon Feral Imp [{imp}]"  # the turn's own Normal Summon first
    s = main(Scenario())
    uo = s.spell(0, "Ultimate Offering", face_down=False)
    s.hand(0, "Feral Imp")
    s.normal_summon_used()
    duel = s.build()
    assert duel.decision is not None
    action = GreedyAgent(0).choose(duel.view(0), duel.decision)
    assert str(action).startswith(activate("Ultimate Offering", uo))
    s = main(Scenario()).lp(0, 2000)
    s.spell(0, "Ultimate Offering", face_down=False)
    s.hand(0, "Feral Imp")
    s.normal_summon_used()
    duel = s.build()
    assert duel.decision is not None
    action = GreedyAgent(0).choose(duel.view(0), duel.decision)
    assert not str(action).startswith("activate")  # not with 2000 LP or less
