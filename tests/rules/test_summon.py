"""Summoning (RULES.md, SUM) and tribute counts."""

from __future__ import annotations

import pytest

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine.actions import DecisionKind
from ygo.engine.events import EventKind, Reason


def test_one_normal_summon_or_set_per_turn() -> None:
    # R-SUM-1: one Normal Summon or Set per turn.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian", "Battle Ox")
    s.choose(0, "summon Celtic Guardian")
    duel = s.run()
    options = " | ".join(texts(duel.decision))
    assert "Battle Ox" not in options
    assert duel.explain(duel.hand(0)[0], 0).reasons == (
        "you have already Normal Summoned or Set a monster this turn",
    )


def test_a_set_uses_the_normal_summon_too() -> None:
    # R-SUM-1: a Set counts as the turn's Normal Summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian", "Battle Ox")
    s.choose(0, "set Celtic Guardian")
    duel = s.run()
    assert not [t for t in texts(duel.decision) if "Battle Ox" in t]


def test_normal_summon_is_face_up_attack_and_set_is_face_down_defense() -> None:
    # R-SUM-1, R-POS-1: Normal Summon face-up Attack; Set face-down Defense.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian, ox = s.hand(0, "Celtic Guardian", "Battle Ox")
    s.choose(0, "summon Celtic Guardian")
    duel = s.run()
    assert duel.location(guardian) == Location.MZONE
    assert duel.position(guardian) == Position.FACEUP_ATTACK
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    guardian, ox = s2.hand(0, "Celtic Guardian", "Battle Ox")
    s2.choose(0, "set Battle Ox")
    duel = s2.run()
    assert duel.position(ox) == Position.FACEDOWN_DEFENSE


def test_normal_summon_in_main_two_not_in_battle() -> None:
    # R-SUM-1: Main Phase 1 or 2, not the Battle Phase.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian")
    s.monster(0, "Dark Magician")
    s.choose(0, "battle")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.BATTLE
    assert not [t for t in texts(d) if "Celtic Guardian" in t]
    s.choose(0, "main2", "summon Celtic Guardian")
    duel = s.run(duel)
    assert duel.phase == Phase.MAIN2
    assert [duel.name(c) for c in duel.monsters(0) if c is not None] == [
        "Dark Magician",
        "Celtic Guardian",
    ]


@pytest.mark.parametrize(
    ("name", "level", "tributes"),
    [
        ("Celtic Guardian", 4, 0),
        ("Doma The Angel of Silence", 5, 1),
        ("Summoned Skull", 6, 1),
        ("Dark Magician", 7, 2),
        ("Blue-Eyes White Dragon", 8, 2),
    ],
)
def test_tributes_by_level(name: str, level: int, tributes: int) -> None:
    # R-SUM-2: Level 4 or lower none; 5-6 one; 7+ two. R-TERM-7: "or lower" and
    # "or more" include the number (4 needs none, 5 needs one, 7 needs two).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    new = s.hand(0, name)[0]
    fodder = [s.monster(0, n) for n in ("Kuriboh", "Petit Moth", "Feral Imp")]
    s.choose(0, f"summon {name}")
    for i in range(tributes):
        s.choose(0, f"select {('Kuriboh', 'Petit Moth')[i]}")
    duel = s.run()
    assert duel.card(new).level == level
    assert duel.location(new) == Location.MZONE
    tributed = [c for c in fodder if duel.location(c) == Location.GRAVE]
    assert len(tributed) == tributes
    for c in fodder[tributes:]:
        assert duel.location(c) == Location.MZONE


def test_tribute_is_chosen_by_the_player() -> None:
    # R-SUM-2: the summoner chooses which monsters to tribute.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Summoned Skull")
    kuriboh, imp = s.monster(0, "Kuriboh"), s.monster(0, "Feral Imp")
    s.choose(0, "summon Summoned Skull")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.TRIBUTE
    assert {o.card for o in d.options} == {kuriboh, imp}
    s.choose(0, "select Feral Imp")
    duel = s.run(duel)
    assert duel.location(imp) == Location.GRAVE
    assert duel.location(kuriboh) == Location.MZONE


def test_tributing_is_not_destruction() -> None:
    # R-SUM-2, R-TERM-1: tributed monsters go to the GY, and are not destroyed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Summoned Skull")
    kuriboh = s.monster(0, "Kuriboh")
    s.choose(0, "summon Summoned Skull")
    duel = s.run()
    moves = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == kuriboh]
    assert len(moves) == 1
    assert moves[0].dst == Location.GRAVE
    assert moves[0].reason & Reason.RELEASE
    assert not moves[0].reason & Reason.DESTROY


def test_not_enough_tributes_means_no_summon() -> None:
    # R-SUM-2: a Level 7 needs two tributes.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dm = s.hand(0, "Dark Magician")[0]
    s.monster(0, "Kuriboh")
    duel = s.build()
    assert not [t for t in texts(duel.decision) if "Dark Magician" in t]
    assert duel.explain(dm, 0).reasons == (
        "a Level 7 monster needs 2 tributes and you control 1 monster",
    )


def test_flip_summons_are_unlimited() -> None:
    # R-SUM-3: any number of Flip Summons per turn, besides the Normal Summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, "Celtic Guardian")
    a = s.monster(0, "Feral Imp", Position.FACEDOWN_DEFENSE)
    b = s.monster(0, "Mystical Elf", Position.FACEDOWN_DEFENSE)
    s.choose(0, "summon Celtic Guardian", "flip-summon Feral Imp", "flip-summon Mystical Elf")
    duel = s.run()
    assert duel.position(a) == Position.FACEUP_ATTACK
    assert duel.position(b) == Position.FACEUP_ATTACK
    flips = [e for e in duel.events() if e.kind == EventKind.FLIP_SUMMON]
    assert [e.card for e in flips] == [a, b]


def test_ritual_and_special_summon_monsters_cannot_be_normal_summoned() -> None:
    # R-SUM-1 with R-MON-1: Ritual and Special-Summon-only monsters are not Normal Summoned.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bls, gate = s.hand(0, "Black Luster Soldier", "Gate Guardian")
    duel = s.build()
    assert not [t for t in texts(duel.decision) if "Black Luster" in t or "Gate Guardian" in t]
    assert "Ritual Spell" in duel.explain(bls, 0).reasons[0]
    assert "Special Summoned" in duel.explain(gate, 0).reasons[0]


def test_fusion_monsters_start_in_the_extra_deck() -> None:
    # R-DECK-2 / R-SUM-6: Fusion monsters live in the Extra Deck, wherever the list put them.
    from ygo.core.deck import Deck
    from ygo.defaults import Duel

    main = (*[91152256] * 40, 23995346)  # Blue-Eyes Ultimate Dragon listed in main
    duel = Duel((Deck(main=main), Deck(main=main)), seed=0)
    ultimate = [c for c in range(duel.card_count) if duel.card(c).code == 23995346]
    assert all(duel.location(c) == Location.EXTRA for c in ultimate)
    assert len(duel.extra(0)) == 1 and len(duel.extra(1)) == 1


# -- a negated summon never put the monster on the field (R-SUM-10) -----------------------


def _negated_sangan(flip: bool) -> tuple[Scenario, int, int]:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    face_down = Position.FACEDOWN_DEFENSE
    sangan = s.monster(0, "Sangan", face_down) if flip else s.hand(0, "Sangan")[0]
    elf = s.deck(0, "Mystical Elf", "Pot of Greed")[0]
    solemn = s.spell(1, "Solemn Judgment")
    s.choose(0, "flip-summon Sangan" if flip else "summon Sangan")
    s.choose(1, f"activate Solemn Judgment [{solemn}]")
    return s, sangan, elf


def test_a_monster_whose_summon_was_negated_was_never_on_the_field() -> None:
    # R-SUM-10: Solemn Judgment negates Sangan's Normal Summon and destroys it. The
    # summon never happened, so Sangan was never on the field: its "sent from the
    # field to the GY" trigger does not activate, and its move to the GY is from
    # nowhere. The reference engine agrees (no trigger; P0 is back at the Main Phase).
    s, sangan, elf = _negated_sangan(flip=False)
    duel = s.run()
    assert duel.lp(1) == 4000
    assert duel.location(sangan) == Location.GRAVE
    moved = [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == sangan]
    assert moved[-1].dst == Location.GRAVE and moved[-1].reason & Reason.DESTROY
    assert moved[-1].src == 0  # not from the Monster Zone
    assert not [e for e in duel.events() if e.kind == EventKind.ACTIVATE and e.card == sangan]
    assert duel.location(elf) == Location.DECK
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind == DecisionKind.MAIN


def test_a_monster_whose_flip_summon_was_negated_was_on_the_field() -> None:
    # R-SUM-10, the other side: a face-down Sangan whose Flip Summon is negated was on
    # the field before its summon, so destroyed from there it is sent from the field
    # to the GY and its trigger searches Mystical Elf (the reference engine too).
    s, sangan, elf = _negated_sangan(flip=True)
    duel = s.run()
    assert duel.location(sangan) == Location.GRAVE
    assert [e.card for e in duel.events() if e.kind == EventKind.ACTIVATE][-1] == sangan
    assert duel.location(elf) == Location.HAND


def test_a_negated_summon_triggers_nothing_that_waits_for_a_summon() -> None:
    # R-SUM-10: "no 'when summoned' triggers", for anybody's effect: Mysterious
    # Puppeteer ("whenever a monster is Normal or Flip Summoned, gain 500 LP") does not
    # see Celtic Guardian's negated summon (the reference engine gains no LP either),
    # and sees the Flip Summon that succeeds afterwards.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Mysterious Puppeteer")
    guardian = s.hand(0, "Celtic Guardian")[0]
    s.monster(0, "Mystical Elf", Position.FACEDOWN_DEFENSE)
    solemn = s.spell(1, "Solemn Judgment")
    s.choose(0, "summon Celtic Guardian")
    s.choose(1, f"activate Solemn Judgment [{solemn}]")
    duel = s.run()
    assert duel.location(guardian) == Location.GRAVE
    assert duel.lp(1) == 4000
    assert duel.lp(0) == 8000
    s.choose(0, "flip-summon Mystical Elf")
    duel = s.run(duel)
    assert duel.lp(0) == 8500
