"""Helper H (hostile9): rulings of issue 8-9 cards checked against the card texts,
the guides and ygopro's scripts.

Found broken (fixed): a trap monster (Zoma the Spirit) in a Monster Zone is still a
Trap Card (R-MON-4), so an effect on "Spell/Trap Cards on the field" reaches it
(Mystical Space Typhoon, Harpie's Feather Duster, Heavy Storm; ygopro's scripts take
every Spell/Trap card on the field; the guide: a trap monster is destroyed by an
effect that destroys a card). The other rulings checked here held.
"""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.engine import query
from ygo.engine.duel import Duel

ZOMA = "Zoma the Spirit"
FD_DEF = Position.FACEDOWN_DEFENSE


def act(name: str, uid: int) -> str:
    return f"activate {name} [{uid}]"


def _zoma_then_their_turn(*their_hand: str) -> tuple[Scenario, Duel, int, list[int]]:
    """Player 0 turns Zoma into a monster and ends the turn; player 1 is in Main Phase 1."""
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    zoma = s.spell(0, ZOMA)
    hand = s.hand(1, *their_hand)
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act(ZOMA, zoma))
    duel = s.run()
    assert duel.location(zoma) == Location.MZONE
    s.choose(0, "end-turn")
    return s, s.run(duel), zoma, hand


def test_mystical_space_typhoon_can_target_a_trap_monster() -> None:
    # R-MON-4: on the field Zoma is a monster and still a Trap Card.
    s, duel, zoma, (mst,) = _zoma_then_their_turn("Mystical Space Typhoon")
    assert act("Mystical Space Typhoon", mst) in texts(duel.decision)
    s.choose(1, act("Mystical Space Typhoon", mst))
    duel = s.run(duel)
    assert duel.location(zoma) == Location.GRAVE
    assert duel.lp(1) == 8000  # destroyed by an effect, not by battle: no damage


def test_heavy_storm_and_harpies_feather_duster_destroy_a_trap_monster() -> None:
    # R-MON-4
    for spell in ("Heavy Storm", "Harpie's Feather Duster"):
        s, duel, zoma, (card,) = _zoma_then_their_turn(spell)
        s.choose(1, act(spell, card))
        duel = s.run(duel)
        assert duel.location(zoma) == Location.GRAVE, spell


def test_heavy_storm_leaves_the_monsters_that_are_not_traps() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    hs = s.hand(0, "Heavy Storm")[0]
    cg = s.monster(1, "Celtic Guardian")
    fd = s.monster(1, "Feral Imp", position=FD_DEF)
    trap = s.spell(1, "Mirror Force")
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Heavy Storm", hs))
    duel = s.run()
    assert duel.location(cg) == duel.location(fd) == Location.MZONE
    assert duel.location(trap) == Location.GRAVE


def test_thousand_eyes_restrict_stops_flip_summons() -> None:
    # Its "no other monster can change its battle position" covers a Flip Summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(1, "Thousand-Eyes Restrict")
    fd = s.monster(0, "Celtic Guardian", position=FD_DEF)
    s.filler(0, 6)
    s.filler(1, 6)
    duel = s.build()
    assert duel.position(fd) == FD_DEF
    assert not [t for t in texts(duel.decision) if t.startswith("flip-summon")]


def test_scapegoat_user_cannot_flip_summon_afterwards() -> None:
    # "You cannot Summon other monsters the turn you activate this card": a Flip
    # Summon is a Summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    goat = s.hand(0, "Scapegoat")[0]
    s.monster(0, "Celtic Guardian", position=FD_DEF)
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Scapegoat", goat))
    duel = s.run()
    assert not [t for t in texts(duel.decision) if t.startswith("flip-summon")]


def test_kaiser_sea_horse_is_one_tribute_for_a_dark_monster() -> None:
    # Two tributes only for a LIGHT monster (the guide: a rule effect).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Kaiser Sea Horse")
    s.hand(0, "Dark Magician")
    s.filler(0, 6)
    s.filler(1, 6)
    assert not [t for t in texts(s.build().decision) if "Dark Magician" in t]


def test_destroying_the_absorbed_monster_gives_relinquished_back_its_own_atk() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    rel = s.monster(0, "Relinquished")
    skull = s.monster(1, "Summoned Skull", position=FD_DEF)
    mst = s.hand(0, "Mystical Space Typhoon")[0]
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Relinquished", rel))
    duel = s.run()
    assert duel.location(skull) == Location.SZONE and query.atk(duel._st, rel) == 2500
    s.choose(0, act("Mystical Space Typhoon", mst))
    duel = s.run(duel)
    assert duel.location(skull) == Location.GRAVE and duel.grave(1) == [skull]
    assert query.atk(duel._st, rel) == 0
