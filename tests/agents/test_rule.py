"""The rule agent: each rule on a board built for it (the agent sees only its view)."""

from __future__ import annotations

import pytest

from tests.scenario import Scenario
from ygo.agents import make_agent, play
from ygo.agents.rule import MAIN_RULES, RESPONSE_RULES, RuleAgent
from ygo.core.enums import Location, Phase, Position
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.invariants import scripted_decks

CELTIC = "Celtic Guardian"  # 1400/1200
BEAVER = "Beaver Warrior"  # 1200/1500
ELF = "Mystical Elf"  # 800/2000
SKULL = "Summoned Skull"  # 2500/1200, Level 6


def _turn(s: Scenario, player: int = 0) -> list[str]:
    """What the rule agent (``player``) does until the scenario's turn ends."""
    duel = s.run()
    agent = RuleAgent(0)
    done: list[str] = []
    while duel.decision is not None and duel.turn == 3:
        d = duel.decision
        if d.player != player:
            duel.apply(next((a for a in d.options if a.kind == ActionKind.PASS), d.options[0]))
            continue
        a = agent.choose(duel.view(player), d)
        done.append(f"{a} <{agent.last_rule}>")
        duel.apply(a)
        if a.kind == ActionKind.END_TURN:
            break
    return done


def test_attacks_when_the_attack_wins_the_battle() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
    celtic = s.monster(0, CELTIC)
    beaver = s.monster(1, BEAVER)
    done = _turn(s)
    assert done[0] == "battle <battle>"
    assert done[1] == f"attack-with Celtic Guardian [{celtic}] <attack>"
    duel = s.build()
    assert duel.location(beaver) == Location.MZONE  # (the scenario itself is unchanged)


def test_does_not_attack_a_set_monster_with_a_weak_one() -> None:
    # Beaver Warrior (1200) against a face-down monster of unknown DEF: no battle.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
    s.monster(0, BEAVER)
    s.monster(1, ELF, Position.FACEDOWN_DEFENSE)
    assert _turn(s) == ["end-turn <end>"]


def test_sets_a_weak_monster_whose_def_holds() -> None:
    # The opponent's Celtic Guardian (1400) would destroy Beaver Warrior in Attack
    # Position; Set, its DEF 1500 holds.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (beaver,) = s.hand(0, BEAVER)
    s.monster(1, CELTIC)
    done = _turn(s)
    assert done[0] == f"set Beaver Warrior [{beaver}] <summon>"


def test_summons_in_attack_when_it_wins() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (celtic,) = s.hand(0, CELTIC)
    s.monster(1, BEAVER)
    done = _turn(s)
    assert done[0] == f"summon Celtic Guardian [{celtic}] <summon>"


def test_uses_removal_when_behind() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    (raigeki,) = s.hand(0, "Raigeki")
    skull = s.monster(1, SKULL)
    done = _turn(s)
    assert done[0].startswith(f"activate Raigeki [{raigeki}]")
    assert done[0].endswith("<removal_when_behind>")
    duel = s.build()
    assert duel.location(skull) == Location.MZONE


def test_keeps_removal_when_ahead() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
    s.hand(0, "Raigeki")
    s.monster(0, SKULL)
    s.monster(1, BEAVER, Position.FACEUP_DEFENSE)
    done = _turn(s)
    assert not any("Raigeki" in a for a in done)


def test_sets_traps_for_the_opponents_turn() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).normal_summon_used()
    (mf,) = s.hand(0, "Mirror Force")
    done = _turn(s)
    assert done[0] == f"set Mirror Force [{mf}] <set_traps>"


def test_springs_a_harmful_trap_on_an_attack_that_hurts() -> None:
    s = Scenario().at(turn=3, player=1, phase=Phase.MAIN1).normal_summon_used()
    mf = s.spell(0, "Mirror Force")
    attacker = s.monster(1, SKULL)
    s.choose(1, "battle", f"attack-with Summoned Skull [{attacker}]")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind == DecisionKind.PRIORITY
    agent = RuleAgent(0)
    a = agent.choose(duel.view(0), d)
    assert a.kind == ActionKind.ACTIVATE and a.card == mf
    assert agent.last_rule == "punish_attack"


def test_chains_a_negation_to_what_hurts() -> None:
    s = Scenario().at(turn=3, player=1, phase=Phase.MAIN1)
    s.spell(0, "Solemn Judgment")
    s.monster(0, SKULL)
    (raigeki,) = s.hand(1, "Raigeki")
    s.choose(1, f"activate Raigeki [{raigeki}]")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind == DecisionKind.PRIORITY
    agent = RuleAgent(0)
    a = agent.choose(duel.view(0), d)
    assert a.kind == ActionKind.ACTIVATE and agent.last_rule == "negate"


def test_goes_second_when_it_wins_the_coin_toss() -> None:
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=1)
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.TURN_ORDER
    assert RuleAgent(0).choose(duel.view(d.player), d).kind == ActionKind.GO_SECOND


def test_the_rules_are_ordered_lists() -> None:
    names = [r.__name__ for r in MAIN_RULES]
    assert names.index("lethal") < names.index("summon") < names.index("battle")
    assert names[-1] == "end"
    assert RESPONSE_RULES[0].__name__ == "negate"


@pytest.mark.parametrize("seed", range(4))
def test_never_chooses_an_illegal_option(seed: int) -> None:
    duel = Duel(scripted_decks(seed), seed=seed)
    agents = (make_agent("rule", seed), make_agent("random", seed))
    while not duel.is_over:
        d = duel.decision
        assert d is not None
        view = duel.view(d.player) if agents[d.player].needs_view else None
        a = agents[d.player].choose(view, d)
        assert a in d.options
        duel.apply(a)


def test_beats_random() -> None:
    wins = 0
    for seed in range(6):
        duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=seed)
        seat = seed % 2
        agents = [make_agent("random", seed), make_agent("random", seed)]
        agents[seat] = make_agent("rule", seed)
        result = play(duel, (agents[0], agents[1]))
        wins += result is not None and result.winner == seat
    assert wins >= 5
