"""Helpers the card tests share: decision texts, stats as a player sees them, the
duel's events, and stand-in scripts for the trigger rules (``TEST_SCRIPTS``)."""

from __future__ import annotations

from tests.scenario import Scenario, card, texts
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase
from ygo.defaults import Duel
from ygo.engine import query
from ygo.engine.effect import Ctx, Effect
from ygo.engine.events import Event, EventKind


def act(name: str, uid: int) -> str:
    """The text of the decision that activates card ``uid``."""
    return f"activate {name} [{uid}]"


def sel(name: str, uid: int) -> str:
    """The text of the decision that selects card ``uid``."""
    return f"select {name} [{uid}]"


def main(s: Scenario, player: int = 0, turn: int = 3) -> Scenario:
    """The scenario in ``player``'s Main Phase 1 of ``turn``."""
    return s.at(turn=turn, player=player, phase=Phase.MAIN1)


def options(duel: Duel) -> list[str]:
    return texts(duel.decision)


def stats(duel: Duel, uid: int) -> tuple[int | None, int | None]:
    """A monster's ATK and DEF as its controller sees them."""
    for side in duel.view(duel.controller(uid)).players:
        for c in side.monsters:
            if c is not None and c.uid == uid:
                return c.atk, c.defense
    raise AssertionError(f"card {uid} is not in a Monster Zone")


def atk(duel: Duel, uid: int) -> int:
    return query.atk(duel._st, uid)


def defense(duel: Duel, uid: int) -> int:
    return query.defense(duel._st, uid)


def events(duel: Duel, kind: EventKind) -> list[Event]:
    return [e for e in duel.events() if e.kind == kind]


def moves(duel: Duel, uid: int) -> list[Event]:
    """The MOVE events of card ``uid``, in order."""
    return [e for e in duel.events() if e.kind == EventKind.MOVE and e.card == uid]


def zoma_then_their_turn(*their_hand: str) -> tuple[Scenario, Duel, int, list[int]]:
    """Player 0 turns Zoma the Spirit into a monster and ends the turn; player 1 is
    in Main Phase 1 with ``their_hand``."""
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    zoma = s.spell(0, "Zoma the Spirit")
    hand = s.hand(1, *their_hand)
    s.filler(0, 6)
    s.filler(1, 6)
    s.choose(0, act("Zoma the Spirit", zoma))
    duel = s.run()
    assert duel.location(zoma) == Location.MZONE
    s.choose(0, "end-turn")
    return s, s.run(duel), zoma, hand


def activated(duel: Duel) -> list[int]:
    """The cards activated so far, in order."""
    return [e.card for e in events(duel, EventKind.ACTIVATE)]


# Stand-in scripts for the trigger rules: "When" and "If" sent-to-the-GY triggers
# and a Spell that flips every face-down monster (cards of the pool given them).
WHEN_GY = "Mystical Elf"
IF_GY = "Feral Imp"
OPT_A = "Ryu-Kishin"
OPT_B = "Beaver Warrior"
FLIPPER = "Darkness Approaches"


def _to_grave(ctx: Ctx, ev: Event) -> bool:
    return ev.card == ctx.uid and ev.dst == effects.GRAVE


def _gain(ctx: Ctx) -> None:
    effects.gain_lp(500).do(ctx)


def _test_scripts() -> Scripts:
    base = default_scripts()
    table: dict[int, tuple[Effect, ...]] = {c: base.effects(c) for c in base.codes()}
    gain = effects.step(_gain)
    # "When this card is sent to the GY: you can gain 500 LP" (misses its timing).
    table[card(WHEN_GY).code] = (
        effects.trigger(EventKind.MOVE, _to_grave, gain, text="gain 500", when=True),
    )
    # "If this card is sent to the GY: you can gain 500 LP" (never misses it).
    for name in (IF_GY, OPT_A, OPT_B):
        table[card(name).code] = (
            effects.trigger(EventKind.MOVE, _to_grave, gain, text="gain 500"),
        )
    # A Normal Spell: turn every face-down monster on the field face-up Attack.
    table[card(FLIPPER).code] = (
        effects.activate(
            effects.change_position(
                lambda ctx: effects.matching(ctx, effects.MZONE, effects.face_down), effects.FU_ATK
            ),
            text="flip every monster face-up",
        ),
    )
    return Scripts(table)


TEST_SCRIPTS = _test_scripts()
