"""Replays recorded before issue 23's restructuring verify on today's engine: every
checkpoint digest, the final digest and the result (``replay --verify``). Issue 23
moved the effect layer, the processor's names and the duel's defaults around;
behaviour was not to change, and these duels show it did not.

The files in ``tests/formats/replays/`` were recorded by :func:`record` (this
module run as a script, ``python tests/formats/test_replays_before_23.py OUT``,
with the old tree on ``PYTHONPATH``) from main before issue 23's work, ``e44139a``,
with the three issue-22 branches that forked from it merged in: fix-rulings
(``8b78deb``), public-api (``5b230cd``) and fix-state (``1c1b1ec``). Recorded with
``e44139a`` alone they no longer verify, for issue 22's reasons, not issue 23's (each
found by re-running them commit by commit): a Tribute Summon's Tributes became a
batch of their own (``09339aa``, R-CHAIN-13: ``State.batch`` counts one more), the
digest took in every option's sixth field, ``Action.cards`` (``d5e5bcf``) and the
state's ``target_left`` (``014826c``), and "once per turn" became each card copy's
own (``8b78deb``), which changes the course of the Synchro/Xyz duel. The choices
and results of the other seven are the same with both recordings.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from ygo.cards.pool import embedded_pool
from ygo.core.deck import Deck
from ygo.core.enums import CardType
from ygo.engine.events import EventKind
from ygo.formats.replay import Replay, replay_duel, unchecked

HERE = Path(__file__).parent / "replays"

#: (file stem, decks, agents, seed, ruleset); :func:`decks` builds the decks.
PLAN: list[tuple[str, str, tuple[str, str], int, str]] = [
    ("bench_v", "V", ("random", "random"), 11, "mr3"),
    ("bench_s", "S", ("random", "random"), 12, "mr3"),
    ("bench_s_greedy", "S", ("greedy", "random"), 13, "mr3"),
    ("starters", "starter", ("greedy", "random"), 14, "mr3"),
    ("starters_classic", "starter", ("random", "greedy"), 15, "classic"),
    ("synchro_xyz", "synchro", ("greedy", "random"), 28, "mr3"),
    ("pendulum", "pendulum", ("greedy", "greedy"), 17, "mr3"),
    ("fusion_ritual", "fusion", ("greedy", "random"), 30, "mr3"),
]

#: The summons each duel was chosen for (Special Summons of monsters of these kinds).
SUMMONS = {
    "synchro_xyz": ("SYNCHRO", "XYZ"),
    "pendulum": ("PENDULUM",),
    "fusion_ritual": ("FUSION", "RITUAL"),
}


def _fusion_ritual_deck() -> Deck:
    """Polymerization, two Ritual Spells, their monsters and the materials."""
    main = (
        ["Polymerization"] * 3
        + ["Black Luster Ritual"] * 2 + ["Black Luster Soldier"] * 2
        + ["Black Magic Ritual"] * 2 + ["Magician of Black Chaos"] * 2
        + ["Blue-Eyes White Dragon"] * 3 + ["Red-Eyes B. Dragon"] * 2
        + ["Summoned Skull"] * 2 + ["Dark Magician"] * 2 + ["Buster Blader"]
        + ["Flame Manipulator"] * 3 + ["Masaki the Legendary Swordsman"] * 3
        + ["Gaia The Fierce Knight"] * 2 + ["Curse of Dragon"] * 2
        + ["Mystical Elf"] * 3 + ["Celtic Guardian"] * 3 + ["Feral Imp"] * 3
    )  # fmt: skip
    extra = ["B. Skull Dragon"] * 2 + ["Blue-Eyes Ultimate Dragon"] + ["Flame Swordsman"] * 2
    extra += ["Gaia the Dragon Champion"] * 2 + ["Dark Paladin"]
    pool = embedded_pool()
    return Deck(
        main=tuple(pool.find(n).code for n in main),
        extra=tuple(pool.find(n).code for n in extra),
        name="fusion and ritual",
    )


def decks(name: str) -> tuple[Deck, Deck]:
    from ygo.data import sample_deck, starter_deck
    from ygo.sim import bench_deck

    if name == "starter":
        return starter_deck("yugi"), starter_deck("kaiba")
    one = {
        "V": lambda: bench_deck("V"),
        "S": lambda: bench_deck("S"),
        "synchro": lambda: sample_deck("synchro"),
        "pendulum": lambda: sample_deck("pendulum"),
        "fusion": _fusion_ritual_deck,
    }[name]()
    return one, one


def record(out: Path) -> None:
    """Record every duel of :data:`PLAN` into ``out`` with the ygo on the path."""
    from ygo import Duel
    from ygo.agents import make_agent, play
    from ygo.formats.replay import Recorder
    from ygo.rules import Ruleset

    for stem, deck, agents, seed, rules in PLAN:
        ruleset = Ruleset.classic() if rules == "classic" else Ruleset.mr3()
        duel = Duel(decks(deck), ruleset, seed)
        recorder = Recorder(duel, players=agents)
        pair = (make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2))
        play(duel, pair, apply=recorder.apply)
        recorder.replay.save(out / f"{stem}.ygoreplay.json")


def test_every_planned_replay_is_kept() -> None:
    assert sorted(p.name for p in HERE.glob("*.ygoreplay.json")) == sorted(
        f"{stem}.ygoreplay.json" for stem, *_ in PLAN
    )


@pytest.mark.parametrize(("stem", "deck", "agents", "seed", "rules"), PLAN, ids=lambda v: str(v))
def test_a_replay_recorded_before_issue_23_verifies(
    stem: str, deck: str, agents: tuple[str, str], seed: int, rules: str
) -> None:
    replay = Replay.load(HERE / f"{stem}.ygoreplay.json")
    assert (replay.seed, replay.players, replay.ruleset.name) == (seed, agents, rules)
    assert unchecked(replay) == []  # every turn, the final state and the result are checked
    duel = replay_duel(replay, verify=True)
    assert duel.is_over
    assert len(replay.checkpoints) >= 8  # (verifying checks they are every turn's)
    if stem in SUMMONS:
        pool = embedded_pool()
        kinds: Counter[str] = Counter()
        for e in duel.events():
            if e.kind == EventKind.SPECIAL_SUMMON:
                kinds.update(k for k in SUMMONS[stem] if pool.get(e.code).type & CardType[k])
        assert all(kinds[k] for k in SUMMONS[stem]), kinds


if __name__ == "__main__":
    record(Path(sys.argv[1]))
