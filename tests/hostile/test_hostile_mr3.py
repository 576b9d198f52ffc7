"""Helper I (hostile10): a hostile review of Synchro, Xyz and Pendulum (issue 10).

- Tampered saves: Pendulum Zones that do not fit the ruleset (zones under classic,
  none under mr3, the ruleset's flag turned off while cards sit in them); a card
  face-up in the Extra Deck that is not a Pendulum monster (it would be shown to
  the opponent, R-DUEL-8).
- Rules: classic (no Synchro or Xyz, R-SYN-1 / R-XYZ-1 are mr3 only) must not offer
  those summons even when a duel was started with such cards in an Extra Deck.
- Consistency at the new decisions: clone, save/load and illegal choices in the
  middle of a Pendulum Summon selection; a Pendulum monster used as Synchro
  material goes face-up to the Extra Deck, as Xyz material detached to the GY.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import serialize
from ygo.errors import IllegalActionError, SaveError
from ygo.rules import Ruleset

OPAL = "Fire Opalhead"  # Level 6, Scale 0
KNIGHT = "Flash Knight"  # Level 4, Scale 7
MANDRA = "Mandragon"  # Level 5, Scale 2
DRAGONG = "Dragong"  # Level 4, Scale 7
CELTIC = "Celtic Guardian"  # Level 4
ELF = "Mystical Elf"  # Level 4
GENEX = "Genex Controller"  # Level 3 Tuner
STONE = "Giant Soldier of Stone"  # Level 3
GAIA = "Gaia Knight, the Force of Earth"  # Synchro Level 6
SCRAP = "Scrap Archfiend"  # Synchro Level 7
TORNADO = "Tornado Dragon"  # Xyz Rank 4


def _payload(duel: Duel) -> dict[str, Any]:
    return serialize.loads(duel.save())


def _load(payload: dict[str, Any]) -> Duel:
    return Duel.load(serialize.dumps(payload))


# -- tampered saves ----------------------------------------------------------------------


def test_classic_save_with_pendulum_zones_is_refused() -> None:
    # R-FIELD-1: classic has no Pendulum Zones; a save that gives it some is tampered.
    s = Scenario(ruleset=Ruleset.classic()).at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, KNIGHT, OPAL)
    p = _payload(s.run())
    p["state"]["pzone"] = [[-1, -1], [-1, -1]]
    with pytest.raises(SaveError, match="Pendulum Zones"):
        _load(p)


def test_mr3_save_without_pendulum_zones_is_refused() -> None:
    # R-FIELD-1 (mr3): two Pendulum Zones each; without them the engine offered the
    # activation of a Pendulum monster and sent it to the GY.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, KNIGHT, OPAL)
    p = _payload(s.run())
    p["state"]["pzone"] = [[], []]
    with pytest.raises(SaveError, match="Pendulum Zones"):
        _load(p)


def test_save_with_filled_zones_under_a_ruleset_without_them_is_refused() -> None:
    # R-PEND-2: a ruleset without Pendulum Zones offered a Pendulum Summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.pendulum(0, OPAL, zone=0)
    s.pendulum(0, KNIGHT, zone=1)
    s.hand(0, MANDRA)
    p = _payload(s.run())
    p["ruleset"]["pendulum_zones"] = False
    with pytest.raises(SaveError, match="Pendulum Zones"):
        _load(p)


def test_face_up_non_pendulum_in_the_extra_deck_is_refused() -> None:
    # R-DUEL-8 / R-PEND-4: only a Pendulum monster is face-up in the Extra Deck; a save
    # with a face-up Synchro monster there would show it to the opponent.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (gaia,) = s.extra(0, GAIA)
    s.hand(0, MANDRA)
    p = _payload(s.run())
    p["state"]["pos"][gaia] = int(Position.FACEUP_ATTACK)
    with pytest.raises(SaveError, match="face-up in the Extra Deck"):
        _load(p)


def test_face_up_extra_deck_card_under_classic_is_refused() -> None:
    # R-PEND-4 is mr3 only: under classic nothing is face-up in the Extra Deck.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (dg,) = s.extra_face_up(0, DRAGONG)
    s.hand(0, CELTIC)
    p = _payload(s.run())
    p["ruleset"] = Ruleset.classic().to_dict()
    p["state"]["ruleset_name"] = "classic"
    p["state"]["pzone"] = [[], []]
    assert p["state"]["pos"][dg] & int(Position.FACEUP_ATTACK)
    with pytest.raises(SaveError):
        _load(p)


# -- rules -------------------------------------------------------------------------------


def test_classic_offers_no_synchro_or_xyz_summon() -> None:
    # R-SYN-1 / R-XYZ-1 are mr3 only: classic (synchro_xyz=False) has neither, even in a
    # duel started (without a deck check) with such monsters in an Extra Deck.
    s = Scenario(ruleset=Ruleset.classic()).at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, CELTIC)
    s.monster(0, ELF)
    s.monster(0, GENEX)
    s.monster(0, STONE)
    s.extra(0, TORNADO, GAIA)
    duel = s.build()
    offered = texts(duel.decision)
    assert not [o for o in offered if o.startswith(("xyz-summon", "synchro-summon"))]
    why = str(duel.explain(duel.extra(0)[0], 0))
    assert "no Synchro or Xyz Summons" in why


def test_save_whose_synchro_xyz_rule_does_not_fit_its_ruleset_is_refused() -> None:
    # R-SYN-1: a classic save claiming Synchro/Xyz Summons exist is tampered; a save
    # from before the field existed loads with the ruleset's value.
    s = Scenario(ruleset=Ruleset.classic()).at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, CELTIC)
    duel = s.run()
    p = _payload(duel)
    p["state"]["synchro_xyz"] = True
    with pytest.raises(SaveError, match="Synchro/Xyz"):
        _load(p)
    for name in ("classic", "mr3"):
        s = Scenario(ruleset=Ruleset.by_name(name)).at(turn=3, player=0, phase=Phase.MAIN1)
        s.hand(0, CELTIC)
        p = _payload(s.run())
        del p["state"]["synchro_xyz"]
        del p["ruleset"]["synchro_xyz"]
        assert _load(p)._st.synchro_xyz == (name == "mr3")


def test_pendulum_used_as_synchro_material_goes_face_up_to_the_extra_deck() -> None:
    # R-PEND-4: from the field to the GY as Synchro material -> face-up Extra Deck.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    genex = s.monster(0, GENEX)
    dragong = s.monster(0, DRAGONG)
    (scrap,) = s.extra(0, SCRAP)
    s.choose(0, f"synchro-summon {SCRAP} [{scrap}]", "choose face-up Attack")
    duel = s.run()
    assert duel.location(scrap) == Location.MZONE
    assert duel.location(genex) == Location.GRAVE
    assert duel.location(dragong) == Location.EXTRA
    assert duel.position(dragong) & Position.FACEUP_ATTACK
    assert duel.view(1).players[0].extra[0].name == DRAGONG  # public (R-DUEL-8)


def test_pendulum_detached_as_xyz_material_goes_to_the_gy() -> None:
    # R-PEND-4 / R-XYZ-3: Xyz material is not on the field: detached, it goes to the GY.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    knight = s.monster(0, KNIGHT)
    dragong = s.monster(0, DRAGONG)
    (tornado,) = s.extra(0, TORNADO)
    s.spell(1, "Trap Hole")
    s.choose(0, f"xyz-summon {TORNADO} [{tornado}]", "choose face-up Attack")
    s.choose(
        0, f"activate {TORNADO} [{tornado}]", f"select {KNIGHT} [{knight}] (your Xyz material)"
    )
    duel = s.run()
    assert duel.location(knight) == Location.GRAVE
    assert duel.location(dragong) == Location.OVERLAY
    assert duel.extra(0) == []


# -- consistency at the new decisions ---------------------------------------------------


def test_pendulum_selection_clones_saves_and_refuses_illegal_choices() -> None:
    # R-PEND-2: in the middle of the card-by-card selection, a clone and a loaded save
    # continue exactly alike; an illegal choice (a card already chosen, a made-up card,
    # a missing option) changes nothing.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.pendulum(0, OPAL, zone=0)
    s.pendulum(0, KNIGHT, zone=1)
    mandra, celtic = s.hand(0, MANDRA, CELTIC)
    (dragong,) = s.extra_face_up(0, DRAGONG)
    s.choose(0, "pendulum-summon", f"select {MANDRA} [{mandra}]")
    duel = s.run()
    clone, loaded = duel.clone(), Duel.load(duel.save())
    assert duel.digest() == clone.digest() == loaded.digest()
    before = duel.digest()
    for bad in (f"select {MANDRA} [{mandra}] (hand)", 99, f"select {CELTIC} [999] (hand)"):
        with pytest.raises(IllegalActionError):
            duel.apply(bad)
    assert duel.digest() == before
    assert duel.view(1).decision is None  # the opponent does not see the question
    for d in (duel, clone, loaded):
        d.apply(f"select {DRAGONG} [{dragong}] (face-up in the Extra Deck)")
        d.apply("done")
        d.apply("choose face-up Attack")
        d.apply("choose face-up Defense")
    assert duel.digest() == clone.digest() == loaded.digest()
    assert duel.location(dragong) == Location.MZONE
    assert duel.location(celtic) == Location.HAND


def test_material_under_an_xyz_monster_still_in_the_extra_deck_is_refused() -> None:
    # R-XYZ-1 / R-TERM-10: no decision comes while materials sit under a card in the
    # Extra Deck; a save that puts a GY card there loaded, and the Xyz Summon then left
    # Tornado Dragon with 3 materials.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (tornado,) = s.extra(0, TORNADO)
    (celtic,) = s.grave(0, CELTIC)
    s.monster(0, ELF)
    s.monster(0, CELTIC)
    p = _payload(s.run())
    st = p["state"]
    st["grave"][0].remove(celtic)
    st["overlay"][0].append(celtic)
    st["loc"][celtic] = int(Location.OVERLAY)
    st["bound"][celtic] = tornado
    with pytest.raises(SaveError, match="not under an Xyz monster"):
        _load(p)
