"""What the effect system's core guarantees (issue: card effects and the chain, section 1)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.scenario import Scenario
from ygo import effects
from ygo.cards.pool import embedded_pool
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import EventKind, Reason
from ygo.engine.setup import NoScripts

POT = embedded_pool().find("Pot of Greed").code


def _pot_deck() -> list[int]:
    celtic = embedded_pool().find("Celtic Guardian").code
    return [POT] * 20 + [celtic] * 20


def _draw_then_discard() -> Scripts:
    """A test-only card: draw 2, then discard 1 of your choice (asks mid-resolution)."""
    eff = effects.activate(effects.draw(2), effects.discard(1), text="draw 2, discard 1")
    return Scripts({POT: (eff,)})


def test_effects_belong_to_the_duel_not_the_process() -> None:
    # Two duels in one process, each with its own card effects.
    deck = _pot_deck()
    scripted = Duel((deck, deck), seed=3, first=0)
    plain = Duel((deck, deck), seed=3, first=0, scripts=NoScripts())
    for duel in (scripted, plain):
        while duel.turn_player != 0 or duel.phase != Phase.MAIN1:
            duel.apply(duel.decision.options[-1])
    pot = [u for u in scripted.hand(0) if scripted.card(u).code == POT]
    acts = [o for o in scripted.decision.options if o.kind == ActionKind.ACTIVATE]
    assert pot and {a.card for a in acts} == set(pot)
    assert not [o for o in plain.decision.options if o.kind == ActionKind.ACTIVATE]
    # A clone and a loaded save keep their duel's effects.
    assert not [o for o in plain.clone().decision.options if o.kind == ActionKind.ACTIVATE]
    loaded = Duel.load(plain.save(), scripts=NoScripts())
    assert not [o for o in loaded.decision.options if o.kind == ActionKind.ACTIVATE]
    again = Duel.load(scripted.save())
    assert [str(o) for o in again.decision.options] == [str(o) for o in scripted.decision.options]


def test_an_effect_can_stop_for_a_choice_and_the_duel_still_clones_saves_and_digests() -> None:
    s = Scenario(scripts=_draw_then_discard()).at(turn=3, player=0, phase=Phase.MAIN1)
    pot = s.hand(0, POT)[0]
    s.deck(0, "Dark Magician", "Celtic Guardian")
    s.choose(0, f"activate Pot of Greed [{pot}]")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.EFFECT and d.player == 0
    assert len(d.options) == 2  # the two cards just drawn
    copy = duel.clone()
    loaded = Duel.load(duel.save(), scripts=_draw_then_discard())
    assert copy.digest() == duel.digest() == loaded.digest()
    for other in (copy, loaded):
        assert [str(o) for o in other.decision.options] == [str(o) for o in d.options]
    choice = d.options[1]
    for other in (duel, copy, loaded):
        other.apply(str(choice))
    assert duel.digest() == copy.digest() == loaded.digest()
    assert duel.location(choice.card) == Location.GRAVE
    assert len(duel.hand(0)) == 1


def test_the_opponent_acting_at_the_end_of_a_main_phase_gives_it_back() -> None:
    # Windows nest and keep their own "acted" flag: the Main Phase does not end
    # although the opponent acted when the turn player moved on (R-TURN-6).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    target = s.spell(0, "Dark Hole")
    mst = s.spell(1, "Mystical Space Typhoon")
    s.choose(0, "battle")
    s.choose(1, f"activate Mystical Space Typhoon [{mst}]")
    duel = s.run()
    assert duel.location(target) == Location.GRAVE
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.MAIN and duel.phase == Phase.MAIN1


def test_the_engine_raises_events_one_way_only() -> None:
    engine = Path(__file__).resolve().parents[2] / "src" / "ygo" / "engine"
    offenders = []
    for path in engine.glob("*.py"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"\.events\.append\(|raised\.append\(", line) and path.name != "ops.py":
                offenders.append(f"{path.name}:{n}")
    assert offenders == []


def test_a_flip_summon_raises_a_flip_event() -> None:
    # R-MON-5
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    elf = s.monster(0, "Mystical Elf", Position.FACEDOWN_DEFENSE)
    s.choose(0, "flip-summon Mystical Elf")
    duel = s.run()
    flips = [e for e in duel.events() if e.kind == EventKind.FLIP and e.card == elf]
    assert len(flips) == 1 and flips[0].reason & Reason.SUMMON


def test_a_duel_ends_between_chain_links_when_lp_reach_zero() -> None:
    # R-DUEL-7: the duel ends after the link that took the LP to 0; the rest of
    # the chain (Pot of Greed, Chain Link 1) never resolves.
    mst = embedded_pool().find("Mystical Space Typhoon").code
    burn = effects.activate(effects.damage(8000), text="burn 8000")
    table = {c: default_scripts().effects(c) for c in default_scripts().codes()}
    table[mst] = (burn,)  # a test-only Quick-Play Spell
    s = Scenario(scripts=Scripts(table)).at(turn=3, player=0, phase=Phase.MAIN1)
    pot = s.hand(0, "Pot of Greed")[0]
    burner = s.spell(1, "Mystical Space Typhoon")
    s.choose(0, f"activate Pot of Greed [{pot}]")
    s.choose(1, f"activate Mystical Space Typhoon [{burner}]")
    duel = s.run()
    assert duel.result is not None and duel.result.winner == 1
    assert duel.lp(0) == 0
    assert not [e for e in duel.events() if e.kind == EventKind.DRAW and e.player == 0]
    solving = [e.value for e in duel.events() if e.kind == EventKind.CHAIN_SOLVING]
    assert solving == [2]


def test_a_token_that_leaves_the_field_ceases_to_exist() -> None:
    # R-SUM-11 and the rules check.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    duel = s.build()
    st = duel._st
    data = embedded_pool().find("Celtic Guardian")
    from dataclasses import replace

    from ygo.core.enums import CardType

    token_data = replace(data, type=CardType.MONSTER | CardType.TOKEN | CardType.NORMAL)
    uid = ops.create_token(st, token_data, 0)
    assert ops.special_summon(st, uid, 0, Position.FACEUP_DEFENSE)
    assert duel.location(uid) == Location.MZONE
    ops.destroy(st, [uid], Reason.EFFECT)
    assert st.loc[uid] == 0 and uid not in st.grave[0]
    copy = duel.clone()
    assert copy._st.ncards == st.ncards


def test_per_turn_facts_follow_the_cards_time_on_the_field() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    guardian = s.monster(0, "Celtic Guardian")
    s.choose(0, "attack-with Celtic Guardian")
    duel = s.run()
    st = duel._st
    assert st.atk_turn[guardian] == 3
    ops.to_hand(st, [guardian], Reason.EFFECT)
    ops.special_summon(st, guardian, 0, Position.FACEUP_ATTACK)
    assert st.atk_turn[guardian] == 0 and st.pos_turn[guardian] == 0  # a new card


def test_clone_shares_the_history_it_cannot_change() -> None:
    deck = _pot_deck()
    duel = Duel((deck, deck), seed=9, first=0)
    n = 0
    while not duel.is_over and n < 300:
        duel.apply(duel.decision.options[n % len(duel.decision.options)])
        n += 1
    copy = duel.clone()
    assert len(duel._st.events) > 64
    assert copy._st.events._chunks is duel._st.events._chunks  # shared, not copied
    assert list(copy._st.events) == list(duel._st.events)


def test_a_card_can_change_what_it_is() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    uid = s.monster(0, "Celtic Guardian")
    duel = s.build()
    copy = duel.clone()
    st = copy._st
    from dataclasses import replace

    from ygo.engine import ops

    ops.change_card(st, uid, replace(st.data[uid], atk=3000), st.fx[uid])
    assert copy.view(0).me.monsters[0].atk == 3000
    assert duel.view(0).me.monsters[0].atk == 1400  # the original is untouched


def test_an_activation_is_an_action_with_a_stable_text_that_replays_store() -> None:
    from ygo.formats.replay import Recorder, replay_duel

    deck = _pot_deck()
    duel = Duel((deck, deck), seed=4, first=0)
    rec = Recorder(duel)
    activated = False
    while not duel.is_over and duel.turn < 8:
        d = duel.decision
        acts = [o for o in d.options if o.kind == ActionKind.ACTIVATE]
        choice = acts[0] if acts else d.options[-1]
        activated |= bool(acts)
        rec.apply(choice)
    assert activated
    again = replay_duel(rec.replay)
    assert again.digest() == duel.digest()
    assert any(t.startswith("activate Pot of Greed") for t in rec.replay.choices)


def test_importing_the_engine_loads_nothing_above_it() -> None:
    import subprocess
    import sys

    code = (
        "import sys, ygo.engine.duel; "
        "print(sorted(m for m in sys.modules if m.startswith(('ygo.cards', 'ygo.formats', "
        "'ygo.effects', 'ygo.agents', 'ygo.cli'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_negating_an_effect_is_not_negating_the_activation() -> None:
    # R-CHAIN-15 with the library's two parts: a test-only Quick-Play that negates
    # the effect of the link it responds to. Pot of Greed stays activated (it goes
    # to the GY after the chain), draws nothing, and no CHAIN_NEGATED is raised.
    mst = embedded_pool().find("Mystical Space Typhoon").code
    table = {c: default_scripts().effects(c) for c in default_scripts().codes()}
    table[mst] = (effects.activate(effects.negate_previous_effect(), text="negate an effect"),)
    s = Scenario(scripts=Scripts(table)).at(turn=3, player=0, phase=Phase.MAIN1)
    pot = s.hand(0, "Pot of Greed")[0]
    negator = s.spell(1, "Mystical Space Typhoon")
    s.choose(0, f"activate Pot of Greed [{pot}]")
    s.choose(1, f"activate Mystical Space Typhoon [{negator}]")
    duel = s.run()
    kinds = [e.kind for e in duel.events()]
    assert EventKind.CHAIN_DISABLED in kinds and EventKind.CHAIN_NEGATED not in kinds
    assert duel.hand(0) == [] and duel.location(pot) == Location.GRAVE


def test_counters_go_only_on_cards_that_can_hold_them() -> None:
    # R-TERM-5: a test-only effect puts 2 counters on a target that can hold them.
    mst = embedded_pool().find("Mystical Space Typhoon").code
    holds = effects.is_type(0x20)  # "effect monsters hold counters", for this test
    eff = effects.activate(
        effects.add_counters(2, holds), text="counters", target=effects.targets(effects.monster)
    )
    table = {c: default_scripts().effects(c) for c in default_scripts().codes()}
    table[mst] = (eff,)
    for name, expected in (("Sangan", 2), ("Celtic Guardian", 0)):
        s = Scenario(scripts=Scripts(table)).at(turn=3, player=0, phase=Phase.MAIN1)
        m = s.monster(1, name)
        card = s.spell(0, "Mystical Space Typhoon")
        s.choose(0, f"activate Mystical Space Typhoon [{card}]")
        duel = s.run()
        assert duel._st.counters[m] == expected, name
