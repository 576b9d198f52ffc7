"""The greedy agent with protection cards: when it plays Waboku or discards Kuriboh."""

from __future__ import annotations

from tests.scenario import Scenario
from ygo.agents import GreedyAgent
from ygo.cards.scripts import default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind
from ygo.engine.effect import Category


def greedy_answer(duel: Duel) -> str:
    d = duel.decision
    assert d is not None and d.player == 1
    return str(GreedyAgent(0).choose(duel.view(1), d))


def attack(attacker: str, lp: int = 8000, defender: str | None = None) -> tuple[Scenario, int]:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, attacker)
    if defender is not None:
        s.monster(1, defender, Position.FACEUP_DEFENSE)
    waboku = s.spell(1, "Waboku")
    s.lp(1, lp)
    s.choose(0, "battle")
    s.choose(1, "pass")  # the end of the Main Phase
    s.choose(1, "pass")  # the start of the Battle Phase
    s.choose(0, "attack-with")  # the only target is chosen at once
    return s, waboku


def test_waboku_and_kuriboh_are_protect_cards() -> None:
    scripts = default_scripts()
    for code in (12607053, 40640057):  # Waboku, Kuriboh
        assert any(e.category & Category.PROTECT for e in scripts.effects(code))


def test_greedy_plays_waboku_against_a_strong_direct_attack() -> None:
    s, waboku = attack("Battle Ox")  # 1700 damage
    duel = s.run()
    assert greedy_answer(duel).startswith(f"activate Waboku [{waboku}]")


def test_greedy_keeps_waboku_against_a_weak_direct_attack() -> None:
    s, _ = attack("Petit Moth")  # 300 damage of 8000 LP
    duel = s.run()
    assert greedy_answer(duel) == "pass"


def test_greedy_plays_waboku_when_a_weak_attack_is_lethal() -> None:
    s, waboku = attack("Petit Moth", lp=300)
    duel = s.run()
    assert greedy_answer(duel).startswith(f"activate Waboku [{waboku}]")


def test_greedy_plays_waboku_to_save_a_defender_it_would_lose() -> None:
    s, waboku = attack("Battle Ox", defender="Celtic Guardian")  # 1700 > 1200 DEF
    duel = s.run()
    assert duel.view(1).attack_target is not None
    assert greedy_answer(duel).startswith(f"activate Waboku [{waboku}]")


def test_greedy_keeps_waboku_when_its_defender_holds() -> None:
    s, _ = attack("Battle Ox", defender="Mystical Elf")  # 1700 < 2000 DEF
    duel = s.run()
    assert greedy_answer(duel) == "pass"


def test_greedy_discards_kuriboh_against_a_strong_direct_attack() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.monster(0, "Battle Ox")
    kuriboh = s.hand(1, "Kuriboh")[0]
    s.choose(0, "battle", "attack-with")
    duel = s.run()
    agent = GreedyAgent(0)
    for _ in range(10):
        d = duel.decision
        assert d is not None
        a = agent.choose(duel.view(d.player), d)
        if d.player == 1 and a.kind == ActionKind.ACTIVATE:
            break
        duel.apply(a)
    assert a.card == kuriboh
    duel.apply(a)
    while duel.decision is not None and duel.turn == 3 and duel.phase != Phase.MAIN2:
        d = duel.decision
        duel.apply(agent.choose(duel.view(d.player), d))
    assert duel.lp(1) == 8000
    assert duel.location(kuriboh) == Location.GRAVE
