"""The current attack in the state (issue 22, item 1): a monster that leaves the
Monster Zone stops being the attacker or the attack target, a Token (which then
ceases to exist, R-SUM-11) as much as any card. The attack goes on without it,
and both players' views and the spectator's can be built at every decision."""

from __future__ import annotations

import json
import zlib

import pytest

from tests.scenario import Scenario, card, texts
from ygo import effects
from ygo.cards.scripts import Scripts, default_scripts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops, serialize
from ygo.engine.actions import DecisionKind
from ygo.engine.effect import Ctx, Effect
from ygo.engine.events import EventKind, Reason
from ygo.engine.priority import Window
from ygo.engine.view import View
from ygo.errors import SaveError

SHEEP = "Sheep Token"
MIRROR = "Mirror Force"
GOAT = "Scapegoat"
RING = "Ring of Destruction"
CELTIC = "Celtic Guardian"  # 1400/1200
SKULL = "Summoned Skull"  # 2500/1200
FU_ATK = Position.FACEUP_ATTACK


def views(duel: Duel) -> tuple[View, View, View]:
    """Both players' views and the spectator's: what every table builds."""
    return duel.view(0), duel.view(1), duel.spectator_view()


def _events(duel: Duel, kind: EventKind) -> list[int]:
    return [e.card for e in duel.events() if e.kind == kind]


def _sheep_attacks_into_mirror_force() -> tuple[Scenario, Duel, int, int, int]:
    """P0's Sheep Token attacks; P1 answers with Mirror Force and keeps a Set
    Scapegoat. Returns the duel after the chain, asking P1 again."""
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.token(0, SHEEP, FU_ATK)
    s.monster(1, CELTIC)
    mirror = s.spell(1, MIRROR)
    goat = s.spell(1, GOAT)
    s.choose(0, f"attack-with {SHEEP}")
    s.choose(1, f"activate {MIRROR} [{mirror}]", "pass")
    duel = s.run()
    (token,) = _events(duel, EventKind.ATTACK)
    return s, duel, token, mirror, goat


def test_a_token_attacker_destroyed_by_mirror_force_is_no_longer_the_attacker() -> None:
    # R-SUM-11: the Sheep Token that attacked is destroyed and ceases to exist. In
    # the attack declaration window its opponent, holding a Set Scapegoat, is asked
    # again: every view is built (they raised KeyError) and none names an attacker.
    s, duel, token, mirror, goat = _sheep_attacks_into_mirror_force()
    assert duel.decision is not None and duel.decision.player == 1
    assert texts(duel.decision) == [f"activate {GOAT} [{goat}]", "pass"]
    assert duel.location(mirror) == Location.GRAVE
    for v in views(duel):
        assert v.attacker is None and v.attack_target is None
        assert v.players[0].monsters == (None,) * 5
        assert v.players[1].monsters[0] is not None  # Celtic Guardian, untouched
    # The attack stopped as the Token left, after its move (R-BAT-2: it attacked).
    battle = [EventKind.ATTACK, EventKind.ATTACK_STOPPED, EventKind.MOVE]
    assert [(e.kind, e.card) for e in duel.events() if e.kind in battle][-3:] == [
        (EventKind.MOVE, token),
        (EventKind.ATTACK_STOPPED, token),
        (EventKind.MOVE, mirror),
    ]
    s.choose(1, "pass")
    duel = s.run(duel)
    d = duel.decision
    assert d is not None and d.player == 0 and d.kind == DecisionKind.BATTLE
    assert texts(d) == ["main2", "end-turn"]
    assert duel.lp(0) == duel.lp(1) == 8000
    assert _events(duel, EventKind.ATTACK_STOPPED) == [token]
    assert views(duel)[0].attacker is None


def test_a_token_attack_target_that_leaves_brings_a_replay() -> None:
    # R-BAT-8: Celtic Guardian attacks the Sheep Token; Ring of Destruction
    # destroys the Token (0 ATK: nobody takes damage) in the declaration window.
    # The replay is asked with every view naming the attacker and no target; the
    # direct attack it offers now deals 1400 (R-BAT-5).
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    celtic = s.monster(0, CELTIC)
    s.token(1, SHEEP, FU_ATK)
    ring = s.spell(1, RING)
    s.choose(0, f"attack-with {CELTIC}")
    s.choose(1, f"activate {RING} [{ring}]", f"select {SHEEP}")
    duel = s.run()
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.REPLAY and d.player == 0
    assert texts(d) == ["direct-attack", "cancel"]
    assert duel.monsters(1) == [None] * 5
    for v in views(duel):
        assert v.attacker is not None and v.attacker.uid == celtic
        assert v.attack_target is None
    s.choose(0, "direct-attack")
    duel = s.run(duel)
    assert duel.lp(1) == 8000 - 1400 and duel.lp(0) == 8000
    assert duel.decision is not None and texts(duel.decision) == ["main2", "end-turn"]
    views(duel)


def _banish_the_attack_target(ctx: Ctx) -> None:
    st = ctx.st
    if st.target != -1:
        ops.banish(st, [st.target], Reason.EFFECT, ctx.player, ctx.uid)


def _banish_the_attacker(ctx: Ctx) -> None:
    st = ctx.st
    if st.attacker != -1:
        ops.banish(st, [st.attacker], Reason.EFFECT, ctx.player, ctx.uid)


def _damage_step_scripts() -> Scripts:
    """Test-only: Ring of Destruction banishes the attack target, and Mirror Force
    the attacker, at the start of the Damage Step or before damage calculation
    (R-BAT-7 timings 1-2, like an ATK changer)."""
    base = default_scripts()
    table: dict[int, tuple[Effect, ...]] = {c: base.effects(c) for c in base.codes()}
    table[card(RING).code] = (
        effects.activate(effects.step(_banish_the_attack_target), text="test", damage_step=1),
    )
    table[card(MIRROR).code] = (
        effects.activate(effects.step(_banish_the_attacker), text="test", damage_step=1),
    )
    return Scripts(table)


_LATER_DAMAGE_WINDOWS = (Window.DAMAGE_BEFORE_CALC, Window.DAMAGE_AFTER_CALC, Window.DAMAGE_END)


def _to_the_damage_step(duel: Duel) -> Duel:
    """Both pass in the attack declaration window, up to P1's first decision in
    the Damage Step (its start)."""
    while duel.phase != Phase.DAMAGE:
        views(duel)
        duel.apply("pass")
    d = duel.decision
    assert d is not None and d.player == 1 and d.kind == DecisionKind.PRIORITY
    return duel


@pytest.mark.parametrize("token", [True, False])
def test_an_attack_target_gone_in_the_damage_step_is_no_direct_attack(token: bool) -> None:
    # R-BAT-7: the target (a Sheep Token, or Celtic Guardian) is banished at the
    # start of the Damage Step: there is no damage calculation; the attack does not
    # become a direct one (no 2500 damage), and there is no replay in the Damage
    # Step (R-BAT-8). Every view works at every decision and names no target.
    s = Scenario(scripts=_damage_step_scripts()).at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    skull = s.monster(0, SKULL)
    if token:
        s.token(1, SHEEP, FU_ATK)
    else:
        s.monster(1, CELTIC)
    ring = s.spell(1, RING)
    s.stop(0, *_LATER_DAMAGE_WINDOWS)  # P0 is asked after the target has gone
    s.choose(0, f"attack-with {SKULL}")
    duel = _to_the_damage_step(s.run())
    d = duel.decision
    assert d is not None and d.player == 1 and f"activate {RING} [{ring}]" in texts(d)
    assert views(duel)[1].attack_target is not None
    s.choose(1, f"activate {RING} [{ring}]")
    duel = s.run(duel)
    while duel.phase != Phase.BATTLE_STEP:
        for v in views(duel):
            assert v.attack_target is None
            assert v.attacker is not None and v.attacker.uid == skull
        d = duel.decision
        assert d is not None and d.kind == DecisionKind.PRIORITY, texts(d)
        duel.apply("pass")
    assert duel.monsters(1) == [None] * 5
    assert duel.lp(1) == duel.lp(0) == 8000
    assert not _events(duel, EventKind.DAMAGE)
    assert duel.location(skull) == Location.MZONE
    d = duel.decision
    assert d is not None and d.kind == DecisionKind.BATTLE and texts(d) == ["main2", "end-turn"]


def test_an_attacker_gone_in_the_damage_step_makes_no_battle() -> None:
    # R-BAT-7: the attacking Sheep Token is banished (it ceases to exist, R-SUM-11)
    # before damage calculation: no damage calculation, Celtic Guardian stays.
    s = Scenario(scripts=_damage_step_scripts()).at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.token(0, SHEEP, FU_ATK)
    celtic = s.monster(1, CELTIC)
    mirror = s.spell(1, MIRROR)
    s.stop(0, *_LATER_DAMAGE_WINDOWS)
    s.choose(0, f"attack-with {SHEEP}")
    duel = _to_the_damage_step(s.run())
    s.choose(1, f"activate {MIRROR} [{mirror}]")
    duel = s.run(duel)
    while duel.phase != Phase.BATTLE_STEP:
        for v in views(duel):
            assert v.attacker is None and v.attack_target is None
        d = duel.decision
        assert d is not None and d.kind == DecisionKind.PRIORITY, texts(d)
        duel.apply("pass")
    assert duel.monsters(0) == [None] * 5
    assert duel.location(celtic) == Location.MZONE
    assert duel.lp(0) == duel.lp(1) == 8000


# -- saves ------------------------------------------------------------------------------


def _payload(duel: Duel) -> dict[str, object]:
    raw = json.loads(zlib.decompress(duel.save()[len(serialize.MAGIC) :]))
    assert isinstance(raw, dict)
    return raw


def test_a_save_from_before_the_fix_naming_a_gone_token_loads_without_it() -> None:
    # A save written before issue 22 (item 1) named the Token that had left as the
    # attacker: it loads, and the loaded duel is the one the engine plays now.
    _, duel, token, _, _ = _sheep_attacks_into_mirror_force()
    payload = _payload(duel)
    state = payload["state"]
    assert isinstance(state, dict) and state["attacker"] == -1
    state["attacker"] = token
    del state["target_left"]
    loaded = Duel.load(serialize.dumps(payload))
    assert loaded.digest() == duel.digest()
    assert views(loaded) == views(duel)


def test_a_save_naming_an_attacker_off_the_field_is_refused() -> None:
    _, duel, token, mirror, _ = _sheep_attacks_into_mirror_force()
    for uid in (token, mirror):
        payload = _payload(duel)
        state = payload["state"]
        assert isinstance(state, dict)
        state["attacker"] = uid
        with pytest.raises(SaveError, match="not in a Monster Zone"):
            Duel.load(serialize.dumps(payload))
