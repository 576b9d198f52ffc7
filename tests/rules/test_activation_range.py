"""The activation range of an effect (``Effect.activate_from``), in the engine
alone: stand-in effects on plain monsters, activated from the GY or from the
banished zone (the Lua bridge's tests play real scripts: tests/lua)."""

from __future__ import annotations

from tests.cards.scripts.support import act, main, options
from tests.scenario import Scenario, card
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location
from ygo.engine import ops
from ygo.engine.effect import Ctx, Effect, Step
from ygo.engine.events import Reason
from ygo.engine.explain import explain

BANISHED, GRAVE, HAND = Location.BANISHED, Location.GRAVE, Location.HAND
FROM_GY = "Mystical Elf"
"""Stand-in: "(Ignition) You can banish this card from your GY; gain 500 LP. Once per turn."."""
QUICK_GY = "Feral Imp"
"""Stand-in: "(Quick) You can banish this card from your GY; gain 300 LP"."""
BANISHED_QUICK = "Giant Soldier of Stone"
"""Stand-in: "(Quick) While this card is banished: you can gain 100 LP. Once per turn."."""


def _banish_self(ctx: Ctx) -> None:
    ops.banish(ctx.st, [ctx.uid], Reason.COST, ctx.player, ctx.uid)


def _scripts() -> Scripts:
    base = default_scripts()
    table: dict[int, tuple[Effect, ...]] = {c: base.effects(c) for c in base.codes()}
    banish_self = Step(do=_banish_self, can=lambda ctx: ctx.location(ctx.uid) == GRAVE)
    table[card(FROM_GY).code] = (
        effects.ignition(effects.gain_lp(500), cost=(banish_self,), limit=1,
                         activate_from=int(GRAVE), text="gain 500"),
    )  # fmt: skip
    table[card(QUICK_GY).code] = (
        effects.quick(effects.gain_lp(300), cost=(banish_self,), activate_from=int(GRAVE),
                      text="gain 300"),
    )  # fmt: skip
    table[card(BANISHED_QUICK).code] = (
        effects.quick(effects.gain_lp(100), limit=1, activate_from=int(BANISHED), text="gain 100"),
    )
    return Scripts(table)


SCRIPTS = _scripts()


def test_an_ignition_effect_from_the_gy_banishes_its_card_and_is_offered_only_there() -> None:
    s = main(Scenario(scripts=SCRIPTS))
    elf = s.grave(0, FROM_GY)[0]
    in_hand = s.hand(0, FROM_GY)[0]
    on_field = s.monster(0, FROM_GY)
    duel = s.build()
    assert act(FROM_GY, elf) in options(duel)
    assert act(FROM_GY, in_hand) not in options(duel)  # R-MON-2: where its text says
    assert act(FROM_GY, on_field) not in options(duel)
    s.choose(0, act(FROM_GY, elf))
    duel = s.run(duel)
    assert duel.location(elf) == BANISHED  # the cost (R-CHAIN-7); it was activated in the GY
    assert duel.lp(0) == 8500
    assert act(FROM_GY, elf) not in options(duel)  # banished now: out of its range


def test_a_quick_effect_from_the_gy_answers_the_opponents_summon() -> None:
    s = main(Scenario(scripts=SCRIPTS), player=1, turn=4)
    imp = s.grave(0, QUICK_GY)[0]
    guardian = s.hand(1, "Celtic Guardian")[0]
    s.choose(1, f"summon Celtic Guardian [{guardian}]")
    duel = s.run()
    # R-TURN-7: speed 2, in the opponent's turn; the card is in the GY, not the hand.
    assert duel.decision is not None and duel.decision.player == 0
    assert options(duel) == [act(QUICK_GY, imp), "pass"]
    s.choose(0, act(QUICK_GY, imp))
    duel = s.run(duel)
    assert duel.location(imp) == BANISHED and duel.lp(0) == 8300


def test_an_effect_from_the_banished_zone_is_offered_there_once_per_turn() -> None:
    s = main(Scenario(scripts=SCRIPTS), player=1, turn=4)
    soldier = s.grave(0, BANISHED_QUICK)[0]
    guardian = s.hand(1, "Celtic Guardian")[0]
    s.choose(1, f"summon Celtic Guardian [{guardian}]")
    duel = s.run()
    assert duel.decision is not None and duel.decision.player == 1  # in the GY: nothing to offer
    # Banished face-up (an effect banished it): offered; once per turn (R-CHAIN-3).
    s = main(Scenario(scripts=SCRIPTS), player=1, turn=4)
    soldier = s.grave(0, BANISHED_QUICK)[0]
    guardian = s.hand(1, "Celtic Guardian")[0]
    duel = s.build()
    ops.banish(duel._st, [soldier], Reason.EFFECT)
    s.choose(1, f"summon Celtic Guardian [{guardian}]")
    duel = s.run(duel)
    assert duel.decision is not None and duel.decision.player == 0
    s.choose(0, act(BANISHED_QUICK, soldier))
    duel = s.run(duel)
    assert duel.location(soldier) == BANISHED and duel.lp(0) == 8100  # it stays where it is
    why = explain(duel._st, soldier, 0).reasons
    assert "activate: its once-per-turn activation was already used" in why
