"""Counter Traps: Solemn Judgment, Magic Jammer... and what may answer what."""

from __future__ import annotations

from tests.cards.scripts.support import (
    events,
)
from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.events import Event, EventKind, Reason
from ygo.engine.priority import Window

BUG = "Man-Eater Bug"
SANGAN = "Sangan"
TOMATO = "Mystic Tomato"
JINZO = "Jinzo"
COTH = "Call of the Haunted"
SOLEMN = "Solemn Judgment"
SKULL = "Summoned Skull"  # 2500 ATK, DARK Normal
GUARDIAN = "Celtic Guardian"  # 1400 ATK, EARTH Normal (the deck filler)
FD = Position.FACEDOWN_DEFENSE
FU_ATK = Position.FACEUP_ATTACK


def _activations(duel: Duel) -> list[tuple[int, int, int]]:
    """(card, chain link, player) of every activation, in order."""
    return [(e.card, e.value, e.player) for e in events(duel, EventKind.ACTIVATE)]


def _moved(duel: Duel, uid: int) -> list[Event]:
    return [e for e in events(duel, EventKind.MOVE) if e.card == uid]


def test_solemn_judgment_negates_a_tribute_summon_that_never_happened() -> None:
    # R-SUM-10: negated while being summoned: Jinzo is destroyed, the Tribute stays
    # paid (and Sangan, sent from the field to the GY, still triggers), the turn's
    # Normal Summon stays used. R-TRAP-4: a Counter Trap. Jinzo's own effect does not
    # apply while it is being summoned, so the Trap can be activated.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    jinzo, spare = s.hand(0, JINZO, GUARDIAN)
    sangan = s.monster(0, SANGAN)
    solemn = s.spell(1, SOLEMN)
    found = s.deck(0, TOMATO, SKULL)[0]
    s.choose(0, f"summon {JINZO}")  # its one Tribute: Sangan, the only monster
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [f"activate {SOLEMN} [{solemn}]: negate a summon", "pass"]
    s.choose(1, f"activate {SOLEMN} [{solemn}]")
    s.run(duel)
    assert duel.lp(1) == 4000  # half of 8000
    assert [e.card for e in events(duel, EventKind.SUMMON_NEGATED)] == [jinzo]
    assert duel.location(jinzo) == Location.GRAVE
    assert _moved(duel, jinzo)[-1].reason & Reason.DESTROY
    assert duel.location(solemn) == Location.GRAVE
    assert duel.location(sangan) == Location.GRAVE
    assert _activations(duel) == [(solemn, 1, 1), (sangan, 1, 0)]
    assert duel.location(found) == Location.HAND
    assert duel.decision is not None and duel.decision.player == 0
    options = texts(duel.decision)
    assert not [o for o in options if o.startswith(("summon", "set "))]
    assert duel.location(spare) == Location.HAND


def test_solemn_judgment_on_a_flip_summon_leaves_no_flip_effect() -> None:
    # R-SUM-10: a negated Flip Summon never happened, so no "when summoned" response
    # follows: Man-Eater Bug's Flip effect does not activate (R-MON-5).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    bug = s.monster(0, BUG, FD)
    skull = s.monster(1, SKULL)
    solemn = s.spell(1, SOLEMN)
    s.choose(0, f"flip-summon {BUG}")
    s.choose(1, f"activate {SOLEMN} [{solemn}]")
    duel = s.run()
    assert _activations(duel) == [(solemn, 1, 1)]
    assert duel.location(bug) == Location.GRAVE
    assert duel.location(skull) == Location.MZONE
    assert not events(duel, EventKind.FLIP)
    assert duel.decision is not None and duel.decision.player == 0


def test_a_special_summon_by_call_of_the_haunted_has_no_summon_to_negate() -> None:
    # R-SUM-10: an effect's Special Summon has no "being summoned" moment: Solemn
    # Judgment can only negate Call of the Haunted's activation, not the summon.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    coth = s.spell(0, COTH)
    skull = s.grave(0, SKULL)[0]
    solemn = s.spell(1, SOLEMN)
    s.choose(0, f"activate {COTH} [{coth}]")
    duel = s.run()
    # Responding to the activation: only the "negate an activation" half is offered.
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [
        f"activate {SOLEMN} [{solemn}]: negate a Spell/Trap activation",
        "pass",
    ]
    s.choose(1, "pass")
    s.run(duel)
    # The monster came back in Attack Position, and P1 was never asked again.
    assert duel.location(skull) == Location.MZONE and duel.position(skull) == FU_ATK
    assert not events(duel, EventKind.SUMMON_NEGATED)
    assert duel.location(coth) == Location.SZONE
    assert duel.decision is not None and duel.decision.player == 0


def test_a_counter_trap_answers_a_trap_but_not_the_other_way_round() -> None:
    # R-CHAIN-1, R-TRAP-4: Solemn Judgment (speed 3) negates Call of the Haunted
    # (speed 2) and destroys it; a second Call of the Haunted (speed 2) cannot respond
    # to the Counter Trap (R-CHAIN-2).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    coth, coth2 = s.spell(0, COTH), s.spell(0, COTH)
    skull = s.grave(0, SKULL)[0]
    solemn = s.spell(1, SOLEMN)
    s.stop(0, Window.MAIN_OPEN)
    s.choose(0, f"activate {COTH} [{coth}]")
    s.choose(1, f"activate {SOLEMN} [{solemn}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 0
    assert texts(duel.decision) == ["pass"]  # Call of the Haunted #2 is not offered
    s.choose(0, "pass")
    s.run(duel)
    assert _activations(duel) == [(coth, 1, 0), (solemn, 2, 1)]
    assert [e.card for e in events(duel, EventKind.CHAIN_NEGATED)] == [coth]
    assert duel.location(coth) == Location.GRAVE
    assert _moved(duel, coth)[-1].reason & Reason.DESTROY
    assert duel.location(skull) == Location.GRAVE
    assert duel.location(coth2) == Location.SZONE
    assert duel.lp(1) == 4000
