"""Effects activated away from the field through YGOPro's own scripts: from the
hand (an Ignition effect whose cost discards the card), from the GY (an
Ignition effect that banishes the card as its cost, once per turn by name) and
a Quick effect from the GY in the opponent's turn (``Effect.activate_from``,
ygopro-core's ``SetRange``). The card stays where it is when it is activated;
what is offered where, and what it is not offered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.scripts.support import act, main, moves, options
from tests.scenario import Scenario
from ygo.cards.db import CardDB
from ygo.core.enums import Location, Position
from ygo.defaults import Duel
from ygo.engine.events import Reason
from ygo.engine.explain import explain
from ygo.scripting import Behaviour, Combined, script_source

BANISHED, DECK, GRAVE, HAND, MZONE = (
    Location.BANISHED, Location.DECK, Location.GRAVE, Location.HAND, Location.MZONE,
)  # fmt: skip

THUNDER_DRAGON = 31786629
"""You can discard this card; add up to 2 "Thunder Dragon" from your Deck to your hand."""
MEZUKI = 92826944
"""You can banish this card from your GY, then target 1 Zombie monster in your GY;
Special Summon that target."""
SILENT_BOOTS = 36426778
"""The Phantom Knights of Silent Boots: ... You can banish this card from your GY;
add 1 "Phantom Knights" Spell/Trap from your Deck to your hand. You can only use
this effect of "The Phantom Knights of Silent Boots" once per turn."""
FOG_BLADE = 25542642
SWORD = 61936647
"""Phantom Knights' Fog Blade and Phantom Knights' Sword: "Phantom Knights" Traps."""
REINCARNATION = 21076084
"""Trickstar Reincarnation (a Normal Trap): ... You can banish this card from your
GY, then target 1 "Trickstar" monster in your GY; Special Summon it."""
CANDINA = 61283655
"""Trickstar Candina, a "Trickstar" monster (Level 4, 1800 ATK)."""
GALAXY_CYCLONE = 5133471
"""Target 1 Set Spell/Trap on the field; destroy it. During your Main Phase, except
the turn this card was sent to the GY: You can banish this card from your GY, then
target 1 face-up Spell/Trap on the field; destroy it."""


@pytest.fixture(scope="module")
def lua(lua_folder: Path) -> Combined:
    return script_source(lua_folder, prefer="lua")


def _activations(duel: Duel, uid: int) -> list[int]:
    """The effect indexes of ``uid`` its controller is offered to activate now."""
    d = duel.decision
    assert d is not None
    return [a.effect for a in d.options if a.kind.name == "ACTIVATE" and a.card == uid]


def test_thunder_dragon_discards_itself_from_the_hand_to_add_two_copies(
    lua: Combined, en_db: CardDB
) -> None:
    assert lua.kind(THUNDER_DRAGON) == Behaviour.LUA
    s = main(Scenario(scripts=lua, db=en_db))
    dragon = s.hand(0, en_db.get(THUNDER_DRAGON))[0]
    copies = s.deck(0, en_db.get(THUNDER_DRAGON), en_db.get(THUNDER_DRAGON))
    s.filler(0, 5)
    # R-MON-2: an Ignition effect activated from the hand, in its own Main Phase.
    s.choose(0, act("Thunder Dragon", dragon))
    # R-CHAIN-7: the cost (discarding it) is paid at activation; the search resolves.
    s.choose(0, f"select Thunder Dragon [{copies[0]}]", f"select Thunder Dragon [{copies[1]}]")
    duel = s.run()
    assert duel.location(dragon) == GRAVE
    # R-TERM-9: a discard, as a cost (what "discarded" and "sent as a cost" triggers read).
    assert moves(duel, dragon)[-1].reason == Reason.COST | Reason.DISCARD
    assert [duel.location(u) for u in copies] == [HAND, HAND]
    assert "activate Thunder Dragon" not in " ".join(options(duel))  # (the copies: none left)


def test_thunder_dragon_is_not_offered_off_the_hand_or_without_a_copy_to_add(
    lua: Combined, en_db: CardDB
) -> None:
    s = main(Scenario(scripts=lua, db=en_db))
    on_field = s.monster(0, en_db.get(THUNDER_DRAGON))
    in_gy = s.grave(0, en_db.get(THUNDER_DRAGON))[0]
    in_hand = s.hand(0, en_db.get(THUNDER_DRAGON))[0]
    s.filler(0, 5)  # no Thunder Dragon left in the Deck
    duel = s.build()
    assert _activations(duel, on_field) == [] and _activations(duel, in_gy) == []
    assert _activations(duel, in_hand) == []
    why = explain(duel._st, in_hand, 0).reasons
    assert "activate: its cost cannot be paid" in why  # (the cost and target: one probe)
    why = explain(duel._st, on_field, 0).reasons
    assert "activate: its effect is activated from the hand" in why
    # With a copy in the Deck, the one in the hand is offered, not the others.
    s = main(Scenario(scripts=lua, db=en_db))
    on_field = s.monster(0, en_db.get(THUNDER_DRAGON))
    in_gy = s.grave(0, en_db.get(THUNDER_DRAGON))[0]
    in_hand = s.hand(0, en_db.get(THUNDER_DRAGON))[0]
    s.deck(0, en_db.get(THUNDER_DRAGON))
    duel = s.build()
    assert _activations(duel, in_hand) == [0]
    assert _activations(duel, on_field) == [] and _activations(duel, in_gy) == []


def test_mezuki_banishes_itself_from_the_gy_to_revive_a_zombie(
    lua: Combined, en_db: CardDB
) -> None:
    assert lua.kind(MEZUKI) == Behaviour.LUA
    s = main(Scenario(scripts=lua, db=en_db))
    mezuki = s.grave(0, en_db.get(MEZUKI))[0]
    zombie = s.grave(0, "Dragon Zombie")[0]
    s.grave(0, "Dark Magician")  # not a Zombie: not a target
    duel = s.build()
    assert _activations(duel, mezuki) == [0]
    # The card stays in the GY to activate; the cost banishes it (R-CHAIN-7), then
    # the only Zombie in the GY is its target (R-CHAIN-10), Special Summoned.
    s.choose(0, act("Mezuki", mezuki), "choose face-up Defense")
    duel = s.run(duel)
    assert duel.location(mezuki) == BANISHED
    assert duel.location(zombie) == MZONE and duel.position(zombie) == Position.FACEUP_DEFENSE


def test_mezuki_is_offered_only_from_the_gy_in_its_own_main_phase_with_a_target(
    lua: Combined, en_db: CardDB
) -> None:
    s = main(Scenario(scripts=lua, db=en_db))
    in_hand = s.hand(0, en_db.get(MEZUKI))[0]
    s.grave(0, "Dragon Zombie")
    duel = s.build()
    assert _activations(duel, in_hand) == []  # wrong location (it can be summoned, though)
    assert "activate: its effect is activated from the GY" in explain(duel._st, in_hand, 0).reasons
    # No Zombie in the GY but itself: no target.
    s = main(Scenario(scripts=lua, db=en_db))
    mezuki = s.grave(0, en_db.get(MEZUKI), "Dark Magician")[0]
    duel = s.build()
    assert _activations(duel, mezuki) == []
    assert "activate: its cost cannot be paid" in explain(duel._st, mezuki, 0).reasons
    # An Ignition effect is speed 1 (R-TURN-7): not in the opponent's turn, where
    # a summon of theirs leaves no window to P0 (nothing to answer it with).
    s = main(Scenario(scripts=lua, db=en_db), player=1, turn=4)
    mezuki = s.grave(0, en_db.get(MEZUKI), "Dragon Zombie")[0]
    guardian = s.hand(1, "Celtic Guardian")[0]
    duel = s.build()
    why = explain(duel._st, mezuki, 0).reasons
    assert (
        "activate: spell speed 1: only in your own Main Phase with no chain open (R-TURN-7)" in why
    )
    s.choose(1, f"summon Celtic Guardian [{guardian}]")
    duel = s.run(duel)
    assert duel.decision is not None and duel.decision.player == 1
    assert duel.location(mezuki) == GRAVE


def test_silent_boots_gy_effect_is_once_per_turn_by_name(lua: Combined, en_db: CardDB) -> None:
    assert lua.kind(SILENT_BOOTS) == Behaviour.LUA
    s = main(Scenario(scripts=lua, db=en_db))
    first, second = s.grave(0, en_db.get(SILENT_BOOTS), en_db.get(SILENT_BOOTS))
    fog, sword = s.deck(0, en_db.get(FOG_BLADE), en_db.get(SWORD))
    s.filler(0, 5)
    duel = s.build()
    assert _activations(duel, first) == [1] and _activations(duel, second) == [1]
    s.choose(0, act("The Phantom Knights of Silent Boots", first))
    s.choose(0, f"select Phantom Knights' Sword [{sword}]")
    duel = s.run(duel)
    assert duel.location(first) == BANISHED
    assert duel.location(sword) == HAND and duel.location(fog) == DECK
    # R-CHAIN-3: "once per turn" by name: the other copy is not offered this turn,
    # though the Deck still has a Phantom Knights Trap to add.
    assert duel.location(second) == GRAVE
    assert _activations(duel, second) == []
    assert "activate: its once-per-turn activation was already used" in (
        explain(duel._st, second, 0).reasons
    )


def test_silent_boots_gy_effect_needs_a_card_to_add(lua: Combined, en_db: CardDB) -> None:
    s = main(Scenario(scripts=lua, db=en_db))
    boots = s.grave(0, en_db.get(SILENT_BOOTS))[0]
    s.filler(0, 5)
    assert _activations(s.build(), boots) == []


def test_trickstar_reincarnation_quick_effect_from_the_gy_in_the_opponents_turn(
    lua: Combined, en_db: CardDB
) -> None:
    assert lua.kind(REINCARNATION) == Behaviour.LUA
    s = main(Scenario(scripts=lua, db=en_db), player=1, turn=4)
    trap = s.grave(0, en_db.get(REINCARNATION))[0]
    candina = s.grave(0, en_db.get(CANDINA))[0]
    guardian = s.hand(1, "Celtic Guardian")[0]
    s.monster(1, "Dark Magician")
    s.choose(1, f"summon Celtic Guardian [{guardian}]")
    duel = s.run()
    # R-TURN-7: a Quick effect (speed 2) answers the opponent's summon, from the GY.
    assert duel.decision is not None and duel.decision.player == 0
    assert _activations(duel, trap) == [1]
    s.choose(0, f"activate Trickstar Reincarnation [{trap}]: its effect", "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(trap) == BANISHED  # the cost: banished from the GY
    assert duel.location(candina) == MZONE and duel.controller(candina) == 0
    assert duel.position(candina) == Position.FACEUP_ATTACK


def test_trickstar_reincarnation_quick_effect_is_not_offered_while_set(
    lua: Combined, en_db: CardDB
) -> None:
    s = main(Scenario(scripts=lua, db=en_db))
    trap = s.spell(0, en_db.get(REINCARNATION))
    s.grave(0, en_db.get(CANDINA))
    s.hand(1, "Celtic Guardian")
    duel = s.build()
    # Only the Trap Card's own activation (effect 0), not its GY effect (1).
    assert _activations(duel, trap) == [0]


def test_galaxy_cyclone_gy_effect_waits_a_turn_after_it_was_sent_there(
    lua: Combined, en_db: CardDB
) -> None:
    # aux.exccon: "except the turn this card was sent to the GY" (Card.GetTurnID).
    s = main(Scenario(scripts=lua, db=en_db))
    cyclone = s.hand(0, en_db.get(GALAXY_CYCLONE))[0]
    hole = s.spell(1, "Trap Hole")
    swords = s.spell(1, "Swords of Revealing Light", face_down=False)
    s.choose(0, f"activate Galaxy Cyclone [{cyclone}]: its effect")  # (its one target: auto)
    duel = s.run()
    assert duel.location(hole) == GRAVE and duel.location(cyclone) == GRAVE
    assert _activations(duel, cyclone) == []  # a face-up Spell to destroy, but not this turn
    assert "activate (its effect): its activation condition is not met" in (
        explain(duel._st, cyclone, 0).reasons
    )
    # Sent to the GY on an earlier turn: offered; it destroys the face-up Spell.
    s = main(Scenario(scripts=lua, db=en_db))
    cyclone = s.grave(0, en_db.get(GALAXY_CYCLONE))[0]
    swords = s.spell(1, "Swords of Revealing Light", face_down=False)
    duel = s.build()
    assert _activations(duel, cyclone) == [1]
    s.choose(0, f"activate Galaxy Cyclone [{cyclone}]: its effect")
    duel = s.run(duel)
    assert duel.location(cyclone) == BANISHED and duel.location(swords) == GRAVE
