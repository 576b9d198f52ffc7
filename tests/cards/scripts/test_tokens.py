"""Tokens (R-SUM-11): Scapegoat's Sheep Tokens."""

from __future__ import annotations

from tests.cards.scripts.support import (
    act,
    main,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import query

GOAT = "Scapegoat"
SHEEP = "Sheep Token"
FU_DEF = Position.FACEUP_DEFENSE


def sheep(duel: Duel, player: int = 0) -> list[int]:
    return [u for u in duel.monsters(player) if u is not None and duel.name(u) == SHEEP]


def test_scapegoat_makes_four_sheep_in_defense_that_are_monsters() -> None:
    # R-SUM-11: Tokens occupy Monster Zones and are monsters for every rule.
    s = main(Scenario())
    goat = s.hand(0, GOAT)[0]
    s.choose(0, act(GOAT, goat))
    duel = s.run()
    flock = sheep(duel)
    assert len(flock) == 4
    assert all(duel.position(u) == FU_DEF for u in flock)
    assert all(query.atk(duel._st, u) == 0 and duel.card(u).level == 1 for u in flock)
    assert duel.location(goat) == Location.GRAVE
    assert duel.monsters(0)[4] is None


def test_scapegoat_needs_four_free_zones_and_no_summon_this_turn() -> None:
    s = main(Scenario())
    goat = s.hand(0, GOAT)[0]
    s.monster(0, "Celtic Guardian")
    s.monster(0, "Celtic Guardian")
    duel = s.run()
    assert act(GOAT, goat) not in texts(duel.decision)
    assert "activate: its activation condition is not met" in duel.explain(goat, 0).reasons
    # After a Normal Summon this turn it cannot be activated either.
    s = main(Scenario())
    goat = s.hand(0, GOAT)[0]
    celtic = s.hand(0, "Celtic Guardian")[0]
    s.choose(0, f"summon Celtic Guardian [{celtic}]")
    duel = s.run()
    assert act(GOAT, goat) not in texts(duel.decision)


def test_after_scapegoat_its_user_may_set_but_not_summon() -> None:
    # "You cannot Summon other monsters the turn you activate this card (but you can
    # Normal Set)": the Level 4 may be Set, not Normal Summoned; no Flip Summon.
    s = main(Scenario())
    goat = s.hand(0, GOAT)[0]
    celtic = s.hand(0, "Celtic Guardian")[0]
    s.choose(0, act(GOAT, goat))
    duel = s.run()
    options = texts(duel.decision)
    assert f"set Celtic Guardian [{celtic}]" in options
    assert f"summon Celtic Guardian [{celtic}]" not in options
    assert "you cannot summon monsters this turn (you may still Set one)" in (
        duel.explain(celtic, 0).reasons
    )


def test_sheep_cannot_be_tributed_for_a_tribute_summon() -> None:
    # Scapegoat's text: the Sheep cannot be Tributed for a Tribute Summon (nor a
    # Tribute Set). Activated in the opponent's turn, the Sheep are still there in
    # its user's next turn, where nothing else stops a summon.
    s = main(Scenario(), player=1)
    goat = s.spell(0, GOAT)
    skull = s.hand(0, "Summoned Skull")[0]
    celtic = s.hand(0, "Celtic Guardian")[0]
    s.choose(1, "end-turn")
    s.choose(0, act(GOAT, goat))
    s.choose(1, "end-turn")  # the chain resolved: the turn player has priority again
    duel = s.run(until=(4, Phase.MAIN1))
    assert duel.turn == 4 and len(sheep(duel)) == 4
    options = texts(duel.decision)
    assert not [t for t in options if f"[{skull}]" in t]
    assert f"summon Celtic Guardian [{celtic}]" in options
    assert duel.explain(skull, 0).reasons == (
        "a Level 6 monster needs 1 tribute and you control 4 monsters "
        "(4 of them cannot be Tributed for a Tribute Summon)",
    )


def test_destroyed_sheep_cease_to_exist_and_are_never_sent_to_the_gy() -> None:
    # R-SUM-11: a Token that would leave the field ceases to exist: it never reaches
    # the GY, so Last Will ("a monster you controlled was sent to your GY this
    # turn") finds nothing to count after Dark Hole.
    s = main(Scenario())
    hole, will = s.hand(0, "Dark Hole", "Last Will")
    s.deck(0, "Celtic Guardian", "Celtic Guardian")
    s.token(0, SHEEP).token(0, SHEEP)
    s.choose(0, act("Dark Hole", hole))
    duel = s.run()
    assert duel.monsters(0) == [None] * 5
    assert duel.grave(0) == [hole]
    gone = [u for u in range(duel._st.ncards) if duel._st.ctype[u] & 0x4000]
    assert len(gone) == 2 and all(duel._st.loc[u] == 0 for u in gone)
    assert act("Last Will", will) not in texts(duel.decision)
    assert not [e for e in duel.events() if e.card in gone and e.kind.name == "MOVE" and e.dst != 0]


def test_a_sheep_can_never_be_turned_face_down() -> None:
    # R-SUM-11: a Token can never be face-down. Darkness Approaches (turn a face-up
    # monster face-down) cannot choose a Sheep; with only Sheep there is no target.
    s = main(Scenario())
    da = s.hand(0, "Darkness Approaches")[0]
    s.hand(0, "Celtic Guardian", "Celtic Guardian")
    s.token(1, SHEEP)
    duel = s.run()
    assert act("Darkness Approaches", da) not in texts(duel.decision)
    assert "activate: there is no valid target" in duel.explain(da, 0).reasons
    s = main(Scenario())
    da = s.hand(0, "Darkness Approaches")[0]
    c1, _c2 = s.hand(0, "Celtic Guardian", "Celtic Guardian")
    s.token(1, SHEEP)
    ogre = s.monster(1, "Celtic Guardian")
    s.choose(0, act("Darkness Approaches", da))
    s.choose(0, f"select Celtic Guardian [{c1}]")  # the discards (the last is not asked)
    d = s.run()  # the only target is not asked either
    assert d.position(ogre) == Position.FACEDOWN_ATTACK
    flock = sheep(d, 1)
    assert d.position(flock[0]) == FU_DEF


def test_only_other_monsters_are_offered_as_tributes_beside_sheep() -> None:
    # Scapegoat's text: with one ordinary monster beside the Sheep, a Level 6 can
    # be Tribute Summoned, and only that monster is a tribute (no question asked).
    s = main(Scenario(), player=1)
    goat = s.spell(0, GOAT)
    celtic = s.monster(0, "Celtic Guardian")
    skull = s.hand(0, "Summoned Skull")[0]
    s.choose(1, "end-turn")
    s.choose(0, act(GOAT, goat))
    s.choose(1, "end-turn")
    duel = s.run(until=(4, Phase.MAIN1))
    s = Scenario()
    s.choose(0, f"summon Summoned Skull [{skull}]")
    duel = s.run(duel)
    assert duel.location(skull) == Location.MZONE
    assert duel.location(celtic) == Location.GRAVE
    assert len(sheep(duel)) == 4


def test_after_scapegoat_no_special_summon_by_an_effect_either() -> None:
    # Scapegoat's text: no other summon that turn, Special Summons by card effects
    # included (Monster Reborn has a free zone and a target, but no legal summon).
    s = main(Scenario())
    goat, reborn = s.hand(0, GOAT, "Monster Reborn")
    s.grave(0, "Celtic Guardian")
    s.choose(0, act(GOAT, goat))
    duel = s.run()
    assert act("Monster Reborn", reborn) not in texts(duel.decision)
    assert "activate: there is no valid target" in duel.explain(reborn, 0).reasons
