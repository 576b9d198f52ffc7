"""Card scripts of issue 8, group b: traps, equips, continuous and quick-play
spells (Chain Destruction, Lightforce Sword, Ceasefire, Two-Pronged Attack, Waboku,
Castle Walls, Reverse Trap, Just Desserts, Dragon Capture Jar, United We Stand,
Sword of Dark Destruction, Book of Secret Arts, Dark Energy, Invigoration, Limiter
Removal, Insect Barrier), with the rulings the guides give for them."""

from __future__ import annotations

import dataclasses

from tests.scenario import Scenario, _Placement, card, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine.actions import DecisionKind
from ygo.engine.duel import Duel
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window

FU_DEF = Position.FACEUP_DEFENSE
FD_DEF = Position.FACEDOWN_DEFENSE
CELTIC = "Celtic Guardian"  # 1400 / 1200 Warrior EARTH, Normal
ELF = "Mystical Elf"  # 800 / 2000 Spellcaster LIGHT, Normal
DM = "Dark Magician"  # 2500 / 2100 Spellcaster DARK, Normal
IMP = "Feral Imp"  # 1300 / 1400 Fiend DARK, Normal
OX = "Battle Ox"  # 1700 / 1000
SKULL = "Summoned Skull"  # 2500 / 1200
CHASER = "Mechanicalchaser"  # 1850 / 800 Machine DARK, Normal
LUSTER = "Luster Dragon"  # 1900 / 1600 Dragon, Normal
KOUMORI = "Koumori Dragon"  # 1500 / 1200 Dragon, Normal
MOTH = "Petit Moth"  # 300 / 200 Insect, Normal
BUG = "Man-Eater Bug"  # 450 / 600 Insect, Flip effect
KURIBOH = "Kuriboh"  # 300 / 200, Effect
MST = "Mystical Space Typhoon"


def stats(duel: Duel, uid: int) -> tuple[int | None, int | None]:
    """A monster's ATK and DEF as its controller sees them."""
    for side in duel.view(duel.controller(uid)).players:
        for c in side.monsters:
            if c is not None and c.uid == uid:
                return c.atk, c.defense
    raise AssertionError(f"card {uid} is not in a Monster Zone")


def events(duel: Duel, kind: EventKind) -> list[Event]:
    return [e for e in duel.events() if e.kind == kind]


def act(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def sel(name: str, uid: int) -> str:
    return f"select {name} [{uid}]"


def can_activate(duel: Duel, uid: int) -> bool:
    return any((t.startswith("activate ") and t.endswith(f"[{uid}]")) or f"[{uid}]:" in t
               for t in texts(duel.decision))  # fmt: skip


# -- Equip Spells: Sword of Dark Destruction, Book of Secret Arts, Dark Energy,
# Invigoration, United We Stand ------------------------------------------------------


def test_sword_of_dark_destruction_only_on_a_dark_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.hand(0, "Sword of Dark Destruction")[0]
    celtic = s.monster(0, CELTIC)  # EARTH: not a legal target
    imp = s.monster(0, IMP)  # DARK
    s.choose(0, act("Sword of Dark Destruction", sword))  # the only target: no question
    duel = s.run()
    assert [e.card for e in events(duel, EventKind.TARGET)] == [imp]
    assert stats(duel, imp) == (1700, 1200)
    assert stats(duel, celtic) == (1400, 1200)
    assert duel.location(sword) == Location.SZONE


def test_sword_of_dark_destruction_cannot_be_activated_without_a_dark_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.hand(0, "Sword of Dark Destruction")[0]
    s.monster(0, CELTIC)
    s.monster(1, IMP, FD_DEF)  # face-down: cannot be equipped (R-POS-3)
    duel = s.run()
    assert not can_activate(duel, sword)


def test_book_of_secret_arts_on_a_spellcaster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    book = s.hand(0, "Book of Secret Arts")[0]
    s.monster(0, CELTIC)
    elf = s.monster(0, ELF)
    dm = s.monster(1, DM)
    s.choose(0, act("Book of Secret Arts", book), sel(DM, dm))
    duel = s.run()
    assert stats(duel, dm) == (2800, 2400)  # the opponent's Spellcaster may be equipped
    assert stats(duel, elf) == (800, 2000)


def test_dark_energy_on_a_fiend_and_destroyed_with_it() -> None:
    # R-SPELL-2: an Equip Card whose monster leaves the field is destroyed.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    energy, hole = s.hand(0, "Dark Energy", "Dark Hole")
    s.monster(0, CELTIC)
    imp = s.monster(0, IMP)
    s.choose(0, act("Dark Energy", energy))
    duel = s.run()
    assert stats(duel, imp) == (1600, 1700)
    s.choose(0, act("Dark Hole", hole))
    duel = s.run(duel)
    assert duel.location(energy) == Location.GRAVE
    assert duel.location(imp) == Location.GRAVE


def test_invigoration_on_an_earth_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    inv = s.hand(0, "Invigoration")[0]
    celtic = s.monster(0, CELTIC)
    s.monster(0, IMP)  # DARK: not a target
    s.choose(0, act("Invigoration", inv))
    duel = s.run()
    assert stats(duel, celtic) == (1800, 1000)


def test_invigoration_wins_a_battle_it_would_lose() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    inv = s.hand(0, "Invigoration")[0]
    celtic = s.monster(0, CELTIC)
    ox = s.monster(1, OX)  # 1700, EARTH too
    s.choose(0, act("Invigoration", inv), sel(CELTIC, celtic))
    s.choose(0, "battle", f"attack-with {CELTIC}")
    duel = s.run()
    assert duel.location(ox) == Location.GRAVE
    assert duel.lp(1) == 8000 - 100


def test_united_we_stand_counts_your_face_up_monsters() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    uws = s.hand(0, "United We Stand")[0]
    celtic = s.monster(0, CELTIC)
    s.monster(0, ELF)
    s.monster(0, IMP, FD_DEF)  # face-down: not counted
    s.monster(1, OX)  # the opponent's: not counted
    s.choose(0, act("United We Stand", uws), sel(CELTIC, celtic))
    duel = s.run()
    assert stats(duel, celtic) == (1400 + 1600, 1200 + 1600)


def test_united_we_stand_changes_as_the_field_changes() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    uws, bug = s.hand(0, "United We Stand", KURIBOH)
    celtic = s.monster(0, CELTIC)
    s.choose(0, act("United We Stand", uws))
    duel = s.run()
    assert stats(duel, celtic) == (2200, 2000)
    s.choose(0, f"summon Kuriboh [{bug}]")
    duel = s.run(duel)
    assert stats(duel, celtic) == (3000, 2800)


# -- Insect Barrier ---------------------------------------------------------------------


def test_insect_barrier_stops_the_opponents_insects_from_attacking() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.spell(0, "Insect Barrier", face_down=False)
    s.monster(1, MOTH)
    s.monster(1, CELTIC)
    s.choose(1, "battle")
    duel = s.run()
    options = texts(duel.decision)
    assert f"attack-with {CELTIC}" in " | ".join(options)
    assert not [t for t in options if MOTH in t]


def test_insect_barrier_is_spell_speed_1() -> None:
    # Guides 000/001/002 give Insect Barrier as a spell speed 1 card: a Continuous
    # Spell, only in your own open Main Phase (R-CHAIN-1, R-TURN-7), never in
    # answer to a chain (R-CHAIN-2).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    barrier, pot = s.hand(0, "Insect Barrier", "Pot of Greed")
    s.stop(0, Window.MAIN_OPEN)
    duel = s.run()
    assert can_activate(duel, barrier)
    s.choose(0, act("Pot of Greed", pot))
    duel = s.run(duel)
    # P0 may add a link to its own Pot of Greed, but not with Insect Barrier.
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]
    why = str(duel.explain(barrier, 0))
    assert "R-CHAIN-2" in why or "spell speed 1" in why
    # In the opponent's turn, even set: no.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    barrier = s.spell(0, "Insect Barrier")
    s.monster(1, MOTH)
    s.stop(0, Window.BATTLE_START)
    s.choose(1, "battle")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]


# -- Just Desserts ------------------------------------------------------------------------


def test_just_desserts_500_per_opponent_monster() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    desserts = s.spell(0, "Just Desserts")
    s.monster(1, CELTIC)
    s.monster(1, OX, FD_DEF)
    s.monster(0, ELF)  # yours do not count
    s.stop(0, Window.BATTLE_START)
    s.choose(1, "battle")
    s.choose(0, act("Just Desserts", desserts))
    duel = s.run()
    assert duel.lp(1) == 8000 - 1000
    assert duel.lp(0) == 8000
    assert duel.location(desserts) == Location.GRAVE


def test_just_desserts_needs_an_opponent_monster() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    desserts = s.spell(0, "Just Desserts")
    s.monster(0, ELF)
    s.stop(0, Window.BATTLE_START)
    s.choose(1, "battle")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert not can_activate(duel, desserts)


# -- Castle Walls, Waboku, Reverse Trap ---------------------------------------------------


def test_castle_walls_500_def_until_the_end_of_the_turn() -> None:
    # R-BAT-4: ATK 2500 against DEF 2000 + 500: nothing is destroyed, no damage.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    walls = s.spell(0, "Castle Walls")
    elf = s.monster(0, ELF, FU_DEF)  # 2000 DEF
    s.monster(1, SKULL)  # 2500
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # it could be activated as P1 leaves Main Phase 1, and
    # at the start of the Battle Phase
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, act("Castle Walls", walls), sel(ELF, elf))  # either side's monster
    duel = s.run()
    assert duel.location(elf) == Location.MZONE
    assert stats(duel, elf) == (800, 2500)
    assert duel.lp(1) == 8000 and duel.lp(0) == 8000  # ATK = DEF: nothing happens
    s.choose(1, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 5
    assert stats(duel, elf) == (800, 2000)


def test_castle_walls_in_the_damage_step_before_calculation() -> None:
    # R-BAT-7: an ATK/DEF change may be activated in the Damage Step until damage
    # calculation; it is offered at its start.
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    walls = s.spell(0, "Castle Walls")
    elf = s.monster(0, ELF, FU_DEF)
    s.monster(1, SKULL)
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # leaving Main Phase 1, the start of the Battle Phase
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, "pass")  # at the attack declaration
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    assert can_activate(duel, walls)
    s.choose(0, act("Castle Walls", walls), sel(ELF, elf))
    duel = s.run(duel)
    assert duel.location(elf) == Location.MZONE
    assert stats(duel, elf) == (800, 2500)


def test_waboku_no_battle_damage_and_no_battle_destruction_this_turn() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    waboku = s.spell(0, "Waboku")
    celtic = s.monster(0, CELTIC)  # 1400
    skull = s.monster(1, SKULL)  # 2500
    imp = s.monster(1, IMP)  # 1300
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # leaving Main Phase 1, the start of the Battle Phase
    s.choose(1, f"attack-with {SKULL}")
    s.choose(0, act("Waboku", waboku))
    duel = s.run()
    assert duel.location(celtic) == Location.MZONE
    assert duel.lp(0) == 8000
    assert duel.location(waboku) == Location.GRAVE
    # A second attack, this turn: still protected; the opponent's monster is not.
    s.choose(1, f"attack-with {IMP}")
    duel = s.run(duel)
    assert duel.location(imp) == Location.GRAVE
    assert duel.lp(1) == 8000 - 100
    assert duel.location(celtic) == Location.MZONE
    assert duel.location(skull) == Location.MZONE


def test_waboku_lasts_only_this_turn() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    waboku = s.spell(0, "Waboku")
    celtic = s.monster(0, CELTIC)
    s.monster(1, SKULL)
    s.choose(1, "battle")
    s.choose(0, "pass", act("Waboku", waboku))  # at the start of the Battle Phase
    s.choose(1, "end-turn")
    s.choose(0, "end-turn")  # turn 5: P0 does nothing
    s.choose(1, "battle", f"attack-with {SKULL}")
    duel = s.run()
    assert duel.turn == 6
    assert duel.location(celtic) == Location.GRAVE
    assert duel.lp(0) == 8000 - 1100


def test_reverse_trap_turns_increases_into_decreases() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    reverse = s.spell(0, "Reverse Trap")
    ox = s.monster(1, OX)  # 1700
    axe = s.spell(1, "Axe of Despair", face_down=False)
    s.monster(0, CELTIC)  # 1400
    duel = s.build()
    # Axe of Despair is attached to Battle Ox (placed by hand: bind it).
    from ygo.effects import bind_to

    bind_to(duel._st, axe, ox)
    assert stats(duel, ox) == (2700, 1000)
    s.choose(1, "battle")
    s.choose(0, "pass", "pass")  # leaving Main Phase 1, the start of the Battle Phase
    s.choose(1, f"attack-with {OX}")
    s.choose(0, act("Reverse Trap", reverse))
    duel = s.run(duel)
    # +1000 became -1000: 700 ATK against 1400.
    assert duel.location(ox) == Location.GRAVE
    assert duel.lp(1) == 8000 - 700
    assert duel.lp(0) == 8000


def test_reverse_trap_leaves_set_values_and_ends_with_the_turn() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.lp(0, 4000)  # lower than the opponent's: Megamorph doubles the original ATK
    walls, reverse = s.spell(0, "Castle Walls"), s.spell(0, "Reverse Trap")
    megamorph = s.hand(0, "Megamorph")[0]
    celtic = s.monster(0, CELTIC)  # 1400 / 1200
    s.choose(0, act("Megamorph", megamorph))
    s.choose(0, act("Castle Walls", walls))
    s.choose(0, act("Reverse Trap", reverse))
    duel = s.run()
    # ATK "becomes" twice the original: not an increase, not reversed; +500 DEF is.
    assert stats(duel, celtic) == (2800, 700)
    s.choose(0, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 4
    assert stats(duel, celtic) == (2800, 1200)


# -- Chain Destruction ---------------------------------------------------------------------


def test_chain_destruction_destroys_the_copies_in_hand_and_deck() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ox, ox_hand, elf = s.hand(0, OX, OX, ELF)
    deck = s.deck(0, CELTIC, OX, CELTIC, OX, CELTIC)
    chain = s.spell(1, "Chain Destruction")
    s.choose(0, f"summon Battle Ox [{ox}]")
    s.choose(1, act("Chain Destruction", chain))  # the only summoned monster: its target
    duel = s.run()
    assert duel.location(ox) == Location.MZONE  # the monster itself stays
    assert duel.location(ox_hand) == Location.GRAVE
    assert duel.location(elf) == Location.HAND
    for u in deck:
        expected = Location.GRAVE if duel.card(u).name == OX else Location.DECK
        assert duel.location(u) == expected
    moved = [e for e in events(duel, EventKind.MOVE) if e.rc == chain and e.dst == Location.GRAVE]
    assert len(moved) == 3 and all(e.reason & Reason.DESTROY for e in moved)
    assert [e.player for e in events(duel, EventKind.SHUFFLE)][-1:] == [0]  # R-TERM-4


def test_chain_destruction_needs_a_summon_of_2000_atk_or_less() -> None:
    # R-TERM-7: "2000 or less" includes 2000 (Alexandrite Dragon). A Set is not a
    # Summon either (and leaves the monster face-down).
    for name, ok in (("Alexandrite Dragon", True), (SKULL, False)):
        s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
        uid = s.monster(0, name, FD_DEF)
        chain = s.spell(1, "Chain Destruction")
        s.stop(1, Window.SUMMONED)
        s.choose(0, f"flip-summon {name} [{uid}]")
        duel = s.run()
        assert duel.decision is not None and duel.decision.player == 1
        assert can_activate(duel, chain) == ok
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ox = s.hand(0, OX)[0]
    s.spell(1, "Chain Destruction")
    s.stop(1, Window.MAIN_END)
    s.choose(0, f"set Battle Ox [{ox}]", "end-turn")
    duel = s.run()
    # The first time P1 is asked is when P0 leaves the Main Phase: no activation.
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == ["pass"]


def test_chain_destruction_answers_a_special_summon_by_an_effect() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, "Monster Reborn")[0]
    ox = s.grave(0, OX)[0]
    s.deck(0, OX, CELTIC)
    chain = s.spell(1, "Chain Destruction")
    s.choose(0, act("Monster Reborn", reborn), "choose face-up Attack")
    duel = s.run()
    assert duel.location(ox) == Location.MZONE
    assert duel.decision is not None and duel.decision.player == 1
    assert can_activate(duel, chain)


def test_chain_destruction_counts_the_atk_a_field_spell_gives() -> None:
    # Guides 000 and 002: Field Spells change what Trap Hole and Chain Destruction see.
    # A 1900 ATK Aqua monster under Umi has 2100 ATK when it is summoned.
    aqua = dataclasses.replace(card("Benchmark Normal Lv3 1100/1300"), atk=1900)
    for umi, ok in ((True, False), (False, True)):
        s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
        uid = s._add(_Placement(aqua, 0, Location.HAND))
        if umi:
            s._add(_Placement(card("Umi"), 1, Location.FZONE, 0))
        chain = s.spell(1, "Chain Destruction")
        s.stop(1, Window.SUMMONED)
        s.choose(0, f"summon {aqua.name} [{uid}]")
        duel = s.run()
        assert duel.decision is not None and duel.decision.player == 1
        assert stats(duel, uid)[0] == (2100 if umi else 1900)
        assert can_activate(duel, chain) == ok


# -- Two-Pronged Attack ------------------------------------------------------------------


def test_two_pronged_attack_destroys_two_of_yours_and_one_of_theirs() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    tpa = s.spell(0, "Two-Pronged Attack")
    celtic, elf, imp = s.monster(0, CELTIC), s.monster(0, ELF), s.monster(0, IMP)
    skull, ox = s.monster(1, SKULL), s.monster(1, OX)
    s.choose(0, act("Two-Pronged Attack", tpa), sel(CELTIC, celtic))
    duel = s.run()
    assert texts(duel.decision) == [
        f"select {ELF} [{elf}] (your Monster Zone 2)",
        f"select {IMP} [{imp}] (your Monster Zone 3)",
        f"select {SKULL} [{skull}] (opponent's Monster Zone 1)",
        f"select {OX} [{ox}] (opponent's Monster Zone 2)",
    ]
    s.choose(0, sel(SKULL, skull))
    duel = s.run(duel)
    # One of the opponent's chosen: only your monsters are left to choose.
    assert texts(duel.decision) == [
        f"select {ELF} [{elf}] (your Monster Zone 2)",
        f"select {IMP} [{imp}] (your Monster Zone 3)",
    ]
    s.choose(0, sel(ELF, elf))
    duel = s.run(duel)
    assert {duel.location(u) for u in (celtic, elf, skull)} == {Location.GRAVE}
    assert duel.location(imp) == duel.location(ox) == Location.MZONE


def test_two_pronged_attack_needs_two_of_yours_and_one_of_theirs() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    tpa = s.spell(0, "Two-Pronged Attack")
    s.monster(0, CELTIC)
    s.monster(1, SKULL)
    s.monster(1, OX)
    duel = s.run()
    assert not can_activate(duel, tpa)


# -- Ceasefire ---------------------------------------------------------------------------


def test_ceasefire_flips_without_flip_effects_and_burns_per_effect_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cease = s.spell(0, "Ceasefire")
    kuriboh = s.monster(0, KURIBOH)  # a face-up Effect Monster
    celtic = s.monster(0, CELTIC, FD_DEF)  # a face-down Normal Monster
    bug = s.monster(1, BUG, FD_DEF)  # a face-down Flip monster
    ox = s.monster(1, OX)
    s.choose(0, act("Ceasefire", cease))
    duel = s.run()
    assert duel.position(celtic) == FU_DEF
    assert duel.position(bug) == FU_DEF
    assert duel.lp(1) == 8000 - 1000  # Kuriboh and Man-Eater Bug
    assert duel.lp(0) == 8000
    # Man-Eater Bug's Flip effect did not activate.
    assert not [e for e in events(duel, EventKind.FLIP) if e.card == bug]
    assert duel.location(kuriboh) == duel.location(ox) == Location.MZONE
    assert duel.decision is not None and duel.decision.kind == DecisionKind.MAIN


def test_ceasefire_needs_a_face_down_defense_or_an_effect_monster() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    cease = s.spell(0, "Ceasefire")
    s.monster(0, CELTIC)
    s.monster(1, OX)
    duel = s.run()
    assert not can_activate(duel, cease)


# -- Limiter Removal -------------------------------------------------------------------------


def test_limiter_removal_doubles_machines_then_destroys_them_in_the_end_phase() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    limiter = s.hand(0, "Limiter Removal")[0]
    chaser = s.monster(0, CHASER)  # 1850 Machine
    celtic = s.monster(0, CELTIC)  # not a Machine
    s.monster(1, CHASER)  # the opponent's Machine: not affected
    s.choose(0, act("Limiter Removal", limiter))
    duel = s.run()
    assert stats(duel, chaser) == (3700, 800)
    assert stats(duel, celtic) == (1400, 1200)
    assert duel.location(limiter) == Location.GRAVE
    s.choose(0, "battle", f"attack-with {CHASER}")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - (3700 - 1850)
    s.choose(0, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 4
    assert duel.location(chaser) == Location.GRAVE
    assert duel.location(celtic) == Location.MZONE
    (move,) = [e for e in events(duel, EventKind.MOVE) if e.card == chaser]
    assert move.reason & Reason.DESTROY and move.rc == limiter


def test_limiter_removal_in_the_damage_step() -> None:
    # R-BAT-7: a Quick-Play Spell that changes ATK, from the hand in your own turn,
    # until damage calculation.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    limiter = s.hand(0, "Limiter Removal")[0]
    chaser = s.monster(0, CHASER)
    skull = s.monster(1, SKULL)  # 2500
    s.choose(0, "battle")
    s.choose(0, "pass")  # at the start of the Battle Phase
    s.choose(0, f"attack-with {CHASER}")
    s.choose(0, "pass")  # at the attack declaration
    duel = s.run()
    assert duel.phase == Phase.DAMAGE
    s.choose(0, act("Limiter Removal", limiter))
    duel = s.run(duel)
    assert duel.location(skull) == Location.GRAVE
    assert duel.lp(1) == 8000 - 1200
    assert duel.location(chaser) == Location.MZONE


# -- Lightforce Sword -------------------------------------------------------------------------


def test_lightforce_sword_banishes_face_down_and_returns_after_four_standby_phases() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.spell(0, "Lightforce Sword")
    hidden = s.hand(1, "Pot of Greed")[0]
    s.choose(0, act("Lightforce Sword", sword))
    duel = s.run()
    assert duel.location(hidden) == Location.BANISHED
    # Face-down: P1 sees its card, P0 does not (guide 001).
    (mine,) = duel.view(1).me.banished
    (theirs,) = duel.view(0).opponent.banished
    assert mine.name == "Pot of Greed" and not mine.face_up
    assert not theirs.known and theirs.uid is None and theirs.name is None
    move = [e for e in events(duel, EventKind.MOVE) if e.card == hidden][-1]
    assert move.secret
    # P1's Standby Phases of turns 4, 6 and 8: still banished; turn 10: back.
    for turn in range(3, 10):
        s.choose((turn - 3) % 2, "end-turn")
    duel = s.run(duel)
    assert duel.turn == 10 and duel.turn_player == 1
    assert duel.location(hidden) == Location.HAND
    s2 = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s2.spell(0, "Lightforce Sword")
    hidden = s2.hand(1, "Pot of Greed")[0]
    s2.choose(0, act("Lightforce Sword", sword))
    for turn in range(3, 9):
        s2.choose((turn - 3) % 2, "end-turn")
    duel = s2.run()
    assert duel.turn == 9
    assert duel.location(hidden) == Location.BANISHED


def test_lightforce_sword_needs_a_card_in_the_opponents_hand() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    sword = s.spell(0, "Lightforce Sword")
    duel = s.run()
    assert not can_activate(duel, sword)


# -- Dragon Capture Jar ------------------------------------------------------------------------


def test_dragon_capture_jar_keeps_dragons_in_defense_position() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    jar = s.spell(0, "Dragon Capture Jar")
    luster = s.monster(1, LUSTER)
    celtic = s.monster(1, CELTIC)
    koumori = s.hand(1, KOUMORI)[0]
    s.choose(0, act("Dragon Capture Jar", jar))
    duel = s.run()
    assert duel.position(luster) == FU_DEF
    assert duel.position(celtic) == Position.FACEUP_ATTACK
    assert duel.location(jar) == Location.SZONE
    s.choose(0, "end-turn")
    duel = s.run(duel)
    # P1's turn: Luster Dragon cannot change its position; a new Dragon is changed.
    assert f"to-attack {LUSTER} [{luster}]" not in texts(duel.decision)
    s.choose(1, f"summon {KOUMORI} [{koumori}]")
    duel = s.run(duel)
    assert duel.position(koumori) == FU_DEF
    s.choose(1, "battle")
    duel = s.run(duel)
    assert [t for t in texts(duel.decision) if t.startswith("attack-with")] == [
        f"attack-with {CELTIC} [{celtic}]"
    ]


def test_dragon_capture_jar_gone_lets_dragons_change_again() -> None:
    s = Scenario().at(turn=4, player=1, phase=Phase.MAIN1)
    s.spell(0, "Dragon Capture Jar", face_down=False)
    mst = s.hand(1, MST)[0]
    luster = s.monster(1, LUSTER, FU_DEF)
    duel = s.run()
    assert f"to-attack {LUSTER} [{luster}]" not in texts(duel.decision)
    s.choose(1, act(MST, mst))
    duel = s.run(duel)
    assert f"to-attack {LUSTER} [{luster}]" in texts(duel.decision)


# -- Backup Soldier -----------------------------------------------------------------------------


def test_backup_soldier_adds_up_to_three_normal_monsters_from_the_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soldier = s.spell(0, "Backup Soldier")
    celtic, imp, elf, ox, kuriboh = s.grave(0, CELTIC, IMP, ELF, OX, KURIBOH)
    s.grave(1, "Petit Moth")  # the opponent's GY: not a target
    s.choose(0, act("Backup Soldier", soldier), sel(CELTIC, celtic))
    duel = s.run()
    # Battle Ox (1700) and Kuriboh (an Effect Monster) are not legal targets; after
    # the first target the player may stop.
    assert texts(duel.decision) == [
        f"select {IMP} [{imp}] (your GY)",
        f"select {ELF} [{elf}] (your GY)",
        "done",
    ]
    s.choose(0, sel(IMP, imp), sel(ELF, elf))  # three: no more question
    duel = s.run(duel)
    assert set(duel.hand(0)) == {celtic, imp, elf}
    assert duel.location(ox) == duel.location(kuriboh) == Location.GRAVE
    assert duel.location(soldier) == Location.GRAVE


def test_backup_soldier_may_take_just_one() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soldier = s.spell(0, "Backup Soldier")
    celtic, imp = s.grave(0, CELTIC, IMP, ELF, OX, KURIBOH)[:2]
    s.choose(0, act("Backup Soldier", soldier), sel(CELTIC, celtic), "done")
    duel = s.run()
    assert duel.hand(0) == [celtic]
    assert duel.location(imp) == Location.GRAVE
    assert [e.card for e in events(duel, EventKind.TARGET)] == [celtic]


def test_backup_soldier_needs_five_monsters_in_your_gy() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    soldier = s.spell(0, "Backup Soldier")
    s.grave(0, CELTIC, IMP, ELF, OX, "Pot of Greed")  # four monsters and a Spell
    s.grave(1, CELTIC)
    duel = s.run()
    assert not can_activate(duel, soldier)


def test_greedy_takes_back_its_best_normal_monsters_with_backup_soldier() -> None:
    # The agent reads the card's categories (TO_HAND), never its name.
    from ygo.agents import GreedyAgent

    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
    soldier = s.spell(0, "Backup Soldier")
    celtic, imp, elf = s.grave(0, CELTIC, IMP, ELF, OX, KURIBOH)[:3]
    duel = s.run()
    agent = GreedyAgent(0)
    for _ in range(10):  # its first Main Phase choice, then the targets it picks
        d = duel.decision
        assert d is not None and d.player == 0 and duel.turn == 3
        if d.kind == DecisionKind.MAIN and duel.location(soldier) == Location.GRAVE:
            break
        duel.apply(agent.choose(duel.view(0), d))
    assert set(duel.hand(0)) == {celtic, imp, elf}
