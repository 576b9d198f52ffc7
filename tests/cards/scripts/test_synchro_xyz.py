"""Synchro and Xyz monsters (R-SYN-1, R-XYZ-1..3): materials, summons, detaching."""

from __future__ import annotations

from tests.cards.scripts.support import (
    atk,
)
from tests.scenario import Scenario, texts
from ygo import effects
from ygo.core.enums import Location, Phase, Position
from ygo.core.state import replace_at
from ygo.defaults import Duel
from ygo.engine import query
from ygo.engine.effect import Ctx
from ygo.engine.events import EventKind, Reason, describe

FLAMVELL = "Flamvell Guard"
GENEX = "Genex Controller"
FALCON = "T.G. Jet Falcon"
GAIA = "Gaia Knight, the Force of Earth"
SCRAP = "Scrap Archfiend"
WAYNE = "X-Saber Wayne"
LEVIATHAN = "Number 17: Leviathan Dragon"
TORNADO = "Tornado Dragon"
ILLUMI = "Number 10: Illumiknight"
CELTIC = "Celtic Guardian"  # Level 4 Warrior
ELF = "Mystical Elf"  # Level 4
STONE = "Giant Soldier of Stone"  # Level 3
FANG = "Silver Fang"  # Level 3
SHEEP = "Sheep Token"


def _main(duel: Duel) -> list[str]:
    return texts(duel.decision)


def _log(duel: Duel) -> list[str]:
    return [describe(e, duel.name) for e in duel.events()]


def _leviathan(turn: int = 3) -> tuple[Scenario, int, int, int]:
    s = Scenario().at(turn=turn, player=0, phase=Phase.MAIN1)
    stone = s.monster(0, STONE)
    fang = s.monster(0, FANG)
    lev = s.extra(0, LEVIATHAN)[0]
    s.choose(0, f"xyz-summon {LEVIATHAN} [{lev}]", "choose face-up Attack")
    return s, stone, fang, lev


def _sample_decks() -> tuple[object, object]:
    from pathlib import Path

    import ygo
    from ygo.cards.pool import embedded_pool
    from ygo.formats.decks import load_deck

    path = Path(ygo.__file__).parent / "data" / "decks" / "synchro_xyz.ydk"
    deck = load_deck(str(path), embedded_pool())
    return deck, deck


def test_gaia_knight_synchro_summoned_with_a_normal_tuner() -> None:
    # R-SYN-1: 1 face-up Tuner (Genex Controller, 3) + 1 non-Tuner (3) = Level 6; the
    # materials go to the GY as Synchro Material, neither destroyed nor Tributed; the
    # monster comes from the Extra Deck; R-SYN-2: properly summoned.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    genex = s.monster(0, GENEX)
    stone = s.monster(0, STONE)
    gaia = s.extra(0, GAIA)[0]
    s.choose(0, f"synchro-summon {GAIA} [{gaia}]", "choose face-up Defense")
    duel = s.run()
    assert duel.location(gaia) == Location.MZONE
    assert duel.position(gaia).name == "FACEUP_DEFENSE"
    assert [duel.location(u) for u in (genex, stone)] == [Location.GRAVE] * 2
    st = duel._st
    for u in (genex, stone):
        assert st.reason[u] & Reason.SYNCHRO and st.reason[u] & Reason.MATERIAL
        assert not st.reason[u] & (Reason.DESTROY | Reason.RELEASE)
    assert st.sumtype[gaia] & 128  # ops.SUMTYPE_PROPER (R-SUM-9)
    log = _log(duel)
    assert "P0 Synchro Summons Gaia Knight, the Force of Earth." in log
    assert any("Genex Controller used as Synchro Material" in line for line in log)
    assert duel.extra(0) == []


def test_scrap_archfiend_material_choice_is_one_decision_of_working_sets() -> None:
    # R-SYN-1: only sets that add up exactly are offered (3 + 4 = 7, never 3 + 4 + 4),
    # as one decision naming the whole set (after the position).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    genex = s.monster(0, GENEX)
    celtic = s.monster(0, CELTIC)
    elf = s.monster(0, ELF)
    scrap = s.extra(0, SCRAP)[0]
    s.choose(0, f"synchro-summon {SCRAP} [{scrap}]", "choose face-up Attack")
    duel = s.run()
    assert _main(duel) == [
        f"choose {GENEX} [{genex}] + {CELTIC} [{celtic}]",
        f"choose {GENEX} [{genex}] + {ELF} [{elf}]",
    ]
    s.choose(0, f"choose {GENEX} [{genex}] + {ELF} [{elf}]")
    duel = s.run(duel)
    assert duel.location(scrap) == Location.MZONE
    assert duel.location(elf) == Location.GRAVE
    assert duel.location(celtic) == Location.MZONE


def test_a_synchro_summon_needs_a_tuner_and_exact_levels() -> None:
    # R-SYN-1: no Tuner, no Synchro Summon; Levels must add up exactly; explain says why.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, CELTIC)
    s.monster(0, ELF)
    gaia, _scrap = s.extra(0, GAIA, SCRAP)
    duel = s.build()
    assert not [o for o in _main(duel) if o.startswith("synchro-summon")]
    assert any("no face-up Tuner" in r for r in duel.explain(gaia, 0).reasons)
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, FLAMVELL)
    s.monster(0, CELTIC)
    gaia = s.extra(0, GAIA)[0]
    duel = s.build()  # 1 + 4 = 5, not 6
    assert not [o for o in _main(duel) if o.startswith("synchro-summon")]
    assert any("do not add up to 6" in r for r in duel.explain(gaia, 0).reasons)


def test_a_face_down_monster_is_not_synchro_material() -> None:
    # R-SYN-1: face-up monsters only.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, GENEX, position=Position.FACEDOWN_DEFENSE)
    s.monster(0, STONE)
    s.extra(0, GAIA)
    duel = s.build()
    assert not [o for o in _main(duel) if o.startswith("synchro-summon")]


def test_x_saber_wayne_tokens_are_synchro_material_and_its_trigger() -> None:
    # R-SUM-11: Tokens can be Synchro material (Flamvell Guard 1 + Sheep 1 + Stone 3
    # = 5). X-Saber Wayne: when Synchro Summoned, Special Summon a Level 4 or lower
    # Warrior from the hand.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    flamvell = s.monster(0, FLAMVELL)
    stone = s.monster(0, STONE)
    s.token(0, SHEEP)
    celtic = s.hand(0, CELTIC)[0]
    wayne = s.extra(0, WAYNE)[0]
    duel = s.build()
    sheep = next(u for u in duel.monsters(0) if u is not None and duel.name(u) == SHEEP)
    # The only working set (1 + 1 + 3) is not asked about.
    s.choose(0, f"synchro-summon {WAYNE} [{wayne}]", "choose face-up Attack")
    s.choose(0, f"activate {WAYNE} [{wayne}]", "choose face-up Defense")
    duel = s.run(duel)
    assert [duel.location(u) for u in (flamvell, stone)] == [Location.GRAVE] * 2
    assert duel.location(wayne) == Location.MZONE
    assert duel.location(celtic) == Location.MZONE
    assert duel._st.loc[sheep] == 0  # a Token that left the field ceased to exist


def test_tg_jet_falcon_burns_when_used_as_synchro_material() -> None:
    # T.G. Jet Falcon: sent to the GY as Synchro Material -> 500 damage (3 + 3 = 6).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    falcon = s.monster(0, FALCON)
    s.monster(0, FANG)
    gaia = s.extra(0, GAIA)[0]
    s.choose(0, f"synchro-summon {GAIA} [{gaia}]", "choose face-up Attack")
    duel = s.run()
    assert duel.location(falcon) == Location.GRAVE
    assert duel.lp(1) == 7500


def test_a_negated_synchro_summon_keeps_materials_spent_and_is_not_proper() -> None:
    # R-SUM-10: Solemn Judgment negates the Synchro Summon at the "being summoned"
    # moment; the materials stay in the GY. R-SYN-2 / R-SUM-9: not properly summoned,
    # so Monster Reborn cannot bring it back.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    genex = s.monster(0, GENEX)
    stone = s.monster(0, STONE)
    gaia = s.extra(0, GAIA)[0]
    solemn = s.spell(1, "Solemn Judgment")
    s.choose(0, f"synchro-summon {GAIA} [{gaia}]", "choose face-up Attack")
    s.choose(1, f"activate Solemn Judgment [{solemn}]")
    duel = s.run()
    assert duel.lp(1) == 4000
    assert duel.location(gaia) == Location.GRAVE
    assert [duel.location(u) for u in (genex, stone)] == [Location.GRAVE] * 2
    reasons = duel.explain(gaia, 0).reasons
    assert any("not properly summoned: it must first be Synchro Summoned" in r for r in reasons)


def test_a_synchro_summoned_monster_can_be_revived() -> None:
    # R-SYN-2 / R-SUM-9: properly Synchro Summoned, destroyed, revived by Monster Reborn.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, GENEX)
    s.monster(0, STONE)
    gaia = s.extra(0, GAIA)[0]
    hole, reborn = s.hand(0, "Dark Hole", "Monster Reborn")
    s.choose(0, f"synchro-summon {GAIA} [{gaia}]", "choose face-up Attack")
    s.choose(0, f"activate Dark Hole [{hole}]")
    s.choose(0, f"activate Monster Reborn [{reborn}]", f"select {GAIA} [{gaia}]")
    s.choose(0, "choose face-up Attack")
    duel = s.run()
    assert duel.location(gaia) == Location.MZONE


def test_an_xyz_monster_has_no_level_for_synchro_material() -> None:
    # R-XYZ-2 / R-SYN-1: Tornado Dragon (Rank 4) + a Level 3 Tuner is not 7.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, GENEX)
    s.monster(0, TORNADO)
    s.extra(0, SCRAP)
    duel = s.build()
    assert not [o for o in _main(duel) if o.startswith("synchro-summon")]


def test_leviathan_xyz_summon_puts_materials_under_it() -> None:
    # R-XYZ-1: the two Level 3 monsters become its materials (Location.OVERLAY), not on
    # the field (R-TERM-10), public to the opponent (R-DUEL-8).
    s, stone, fang, lev = _leviathan()
    duel = s.run()
    assert duel.location(lev) == Location.MZONE
    assert [duel.location(u) for u in (stone, fang)] == [Location.OVERLAY] * 2
    assert query.materials(duel._st, lev) == [stone, fang]
    assert [u for u in duel.monsters(0) if u is not None] == [lev]
    seen = next(m for m in duel.view(1).opponent.monsters if m is not None)
    assert [(m.name, m.uid) for m in seen.materials] == [(STONE, stone), (FANG, fang)]
    assert duel._st.sumtype[lev] & 128  # properly summoned (R-XYZ-3, R-SUM-9)
    assert "P0 Xyz Summons Number 17: Leviathan Dragon." in _log(duel)


def test_leviathan_detaches_for_attack_and_loses_direct_attacks_without_material() -> None:
    # Leviathan Dragon: detach 1 (a cost, R-XYZ-3: to the GY) for +500 ATK, once per
    # turn; with no material it cannot attack directly.
    s, stone, fang, lev = _leviathan()
    s.choose(0, f"activate {LEVIATHAN} [{lev}]", f"select {STONE} [{stone}]")
    duel = s.run()
    assert atk(duel, lev) == 2500
    assert duel.location(stone) == Location.GRAVE
    assert duel._st.reason[stone] & Reason.COST
    assert f"activate {LEVIATHAN} [{lev}]" not in _main(duel)  # once per turn
    assert not query.no_direct_attack(duel._st, lev)
    # Strip the last material: now no direct attack, so nothing to attack at all.
    from ygo.engine import ops

    ops.detach(duel._st, [fang], Reason.COST)
    assert query.no_direct_attack(duel._st, lev)
    s.choose(0, "battle")
    duel = s.run(duel)
    assert _main(duel) == ["main2", "end-turn"]


def test_tornado_dragon_destroys_a_set_spell() -> None:
    # Tornado Dragon: detach 1 (the player picks which), target a Spell/Trap on the
    # field, destroy it.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    celtic = s.monster(0, CELTIC)
    elf = s.monster(0, ELF)
    tornado = s.extra(0, TORNADO)[0]
    trap = s.spell(1, "Trap Hole")
    s.choose(0, f"xyz-summon {TORNADO} [{tornado}]", "choose face-up Attack")
    s.choose(0, f"activate {TORNADO} [{tornado}]", f"select {CELTIC} [{celtic}]")
    duel = s.run()
    assert duel.location(trap) == Location.GRAVE
    assert duel.location(celtic) == Location.GRAVE
    assert query.materials(duel._st, tornado) == [elf]


def test_illumiknight_needs_three_and_trades_a_card() -> None:
    # Number 10: Illumiknight: 3 Level 4 monsters; detach 1: send a card from the hand
    # to the GY, then draw 1.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    a = s.monster(0, CELTIC)
    b = s.monster(0, ELF)
    illumi = s.extra(0, ILLUMI)[0]
    duel = s.build()
    assert f"xyz-summon {ILLUMI} [{illumi}]" not in _main(duel)
    assert any("needs 3 face-up Level 4" in r for r in duel.explain(illumi, 0).reasons)
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    a = s.monster(0, CELTIC)
    b = s.monster(0, ELF)
    c = s.monster(0, "Kojikocy")
    illumi = s.extra(0, ILLUMI)[0]
    junk = s.hand(0, "Dark Hole")[0]
    top = s.deck(0, FANG)[0]
    s.choose(0, f"xyz-summon {ILLUMI} [{illumi}]", "choose face-up Attack")
    s.choose(0, f"activate {ILLUMI} [{illumi}]", f"select {CELTIC} [{a}]")
    duel = s.run()
    assert query.materials(duel._st, illumi) == [b, c]
    assert duel.location(a) == Location.GRAVE
    assert duel.location(junk) == Location.GRAVE
    assert duel.location(top) == Location.HAND


def test_an_xyz_monster_is_not_xyz_material_and_tokens_are_not_either() -> None:
    # R-XYZ-2: Tornado Dragon (Rank 4) is not a Level 4 monster; R-SUM-11: Tokens
    # cannot be Xyz material.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, TORNADO)
    s.monster(0, CELTIC)
    tornado2 = s.extra(0, TORNADO)[0]
    s.token(0, SHEEP).token(0, SHEEP)
    duel = s.build()
    assert f"xyz-summon {TORNADO} [{tornado2}]" not in _main(duel)
    assert any("needs 2 face-up Level 4" in r for r in duel.explain(tornado2, 0).reasons)
    ctx = Ctx(duel._st, tornado2, 0, 0)
    assert effects.xyz_sets(ctx, 2, 1) == []  # two Level 1 Sheep Tokens: no set
    assert query.level(duel._st, duel.monsters(0)[0] or 0) == 0


def test_xyz_materials_go_to_the_gy_with_it_and_are_not_destroyed() -> None:
    # R-XYZ-3: when the Xyz monster leaves the field its materials go to the GY;
    # R-TERM-10: they were not on the field, so Dark Hole does not destroy them.
    s, stone, fang, lev = _leviathan()
    hole = s.hand(0, "Dark Hole")[0]
    s.choose(0, f"activate Dark Hole [{hole}]")
    duel = s.run()
    st = duel._st
    assert duel.location(lev) == Location.GRAVE
    assert st.reason[lev] & Reason.DESTROY
    assert [duel.location(u) for u in (stone, fang)] == [Location.GRAVE] * 2
    for u in (stone, fang):
        assert not st.reason[u] & Reason.DESTROY
    assert st.overlay == [[], []]


def test_a_duel_with_xyz_materials_saves_loads_and_clones() -> None:
    s, stone, fang, lev = _leviathan()
    duel = s.run()
    loaded = Duel.load(duel.save())
    assert loaded.digest() == duel.digest()
    assert query.materials(loaded._st, lev) == [stone, fang]
    clone = duel.clone()
    from ygo.engine import ops

    ops.detach(clone._st, [stone], Reason.COST)
    assert query.materials(duel._st, lev) == [stone, fang]
    assert clone.digest() != duel.digest()


def test_detached_material_is_a_cost_paid_at_activation() -> None:
    # R-XYZ-3: the detach happens before the effect resolves (a cost, R-CHAIN-7).
    s, _stone, fang, lev = _leviathan()
    s.choose(0, f"activate {LEVIATHAN} [{lev}]", f"select {FANG} [{fang}]")
    duel = s.run()
    ev = duel.events()
    moved = [i for i, e in enumerate(ev) if e.kind == EventKind.MOVE and e.card == fang]
    solving = [i for i, e in enumerate(ev) if e.kind == EventKind.CHAIN_SOLVING]
    assert moved and solving and moved[-1] < solving[-1]


def test_the_synchro_xyz_sample_deck_is_legal_under_mr3_only() -> None:
    # R-DECK-2: an Extra Deck of 12 (at most 15); classic has no Synchro/Xyz monsters.
    from pathlib import Path

    import ygo
    from ygo.cards.pool import embedded_pool
    from ygo.deckcheck import check_deck
    from ygo.formats.decks import load_deck
    from ygo.rules import Ruleset

    path = Path(ygo.__file__).parent / "data" / "decks" / "synchro_xyz.ydk"
    db = embedded_pool()
    deck = load_deck(str(path), db)
    assert len(deck.main) == 40 and len(deck.extra) == 12
    assert check_deck(deck, db, Ruleset.mr3()) == []
    bad = check_deck(deck, db, Ruleset.classic())
    assert {v.rule for v in bad} == {"R-SYN-1", "R-XYZ-1"}
    assert "has no Synchro Summons" in str(bad[0])


def test_a_save_with_a_material_under_a_non_xyz_monster_is_refused() -> None:
    import pytest

    from ygo.errors import SaveError

    s, stone, fang, _lev = _leviathan()
    duel = s.run()
    other = duel.hand(0)[0] if duel.hand(0) else None
    st = duel._st
    st.bound = replace_at(st.bound, stone, other if other is not None else fang)
    with pytest.raises(SaveError, match="not under an Xyz monster"):
        Duel.load(duel.save())


def test_nothing_hidden_comes_out_in_synchro_and_xyz_duels() -> None:
    # R-DUEL-8: the hidden-information walk with the sample deck on both sides (Xyz
    # materials are public; the Extra Deck stays hidden from the opponent). The
    # policy prefers Synchro and Xyz Summons so that there are materials to see.
    from tests.engine.test_hidden_walk import check_point, remember
    from ygo.engine.actions import ActionKind
    from ygo.engine.rng import Rng

    summons = {ActionKind.SYNCHRO_SUMMON, ActionKind.XYZ_SUMMON}
    saw_materials = False
    for seed in (1, 2):
        duel = Duel(_sample_decks(), seed=seed)  # type: ignore[arg-type]
        rng = Rng(seed)
        seen: dict[int, set[int]] = {0: set(), 1: set()}
        n = 0
        while not duel.is_over and n < 300:
            remember(duel, seen)
            if n % 5 == 0:
                check_point(duel, seen)
            saw_materials = saw_materials or bool(duel._st.overlay[0] or duel._st.overlay[1])
            d = duel.decision
            assert d is not None
            pref = [i for i, o in enumerate(d.options) if o.kind in summons]
            i = pref[rng.below(len(pref))] if pref else rng.below(len(d.options))
            duel.apply(d.options[i])
            n += 1
    assert saw_materials
