"""The processor's frames are declared once (engine/frames.py) and checked from there."""

from __future__ import annotations

import pytest

from ygo.core.enums import Phase
from ygo.engine import frames, serialize
from ygo.engine.frames import LAYOUTS, SUMMON, WINDOW, SummonMode, TurnStep, WindowStep
from ygo.engine.proc import Proc
from ygo.engine.windows import Window


def test_every_procedure_has_a_layout_with_steps_from_zero() -> None:
    assert set(LAYOUTS) == set(Proc)
    for proc, layout in LAYOUTS.items():
        assert layout.proc is proc
        assert [int(m) for m in layout.steps] == list(range(len(layout.steps)))
        names = [s.name for s in layout.slots]
        assert len(set(names)) == len(names)


def test_slot_indices_come_from_the_layout() -> None:
    assert WINDOW.index("window") == 2
    assert WINDOW.index("ret") == 6
    with pytest.raises(KeyError):
        WINDOW.index("nothing")


def test_every_slot_has_its_index_by_name_for_hot_code() -> None:
    """``AT_<PROC>_<SLOT>`` is each slot's index, ``AT_<PROC>_TAIL`` where a tail
    starts, ``AT_PROC`` and ``AT_STEP`` every frame's first two ints; nothing else
    is named ``AT_``."""
    want = {"AT_PROC": 0, "AT_STEP": 1}
    for proc, layout in LAYOUTS.items():
        for i, slot in enumerate(layout.slots):
            want[f"AT_{proc.name}_{slot.name.upper()}"] = 2 + i
        if layout.tail:
            want[f"AT_{proc.name}_TAIL"] = layout.size
    have = {n: v for n, v in vars(frames).items() if n.startswith("AT_")}
    assert have == want


def test_a_summon_frame_takes_every_summon_mode() -> None:
    mode = SUMMON.slots[SUMMON.index("mode") - 2]
    assert [m for m in range(-1, 9) if mode.ok(m, 80)] == [int(m) for m in SummonMode]
    # A summon made by an effect is a Normal Summon or Set: its low bits say which.
    assert SummonMode.BY_EFFECT & 3 == SummonMode.NORMAL
    assert SummonMode.BY_EFFECT_SET & 3 == SummonMode.SET


def test_a_frame_is_built_from_its_layout() -> None:
    f = WINDOW.frame(WindowStep.ASK, Window.DRAW, 0, 0, 0, 0)
    assert f == [int(Proc.WINDOW), 1, 0, 0, 0, 0, 0]
    with pytest.raises(TypeError):
        WINDOW.frame(TurnStep.DRAW, Window.DRAW, 0, 0, 0, 0)
    with pytest.raises(ValueError):
        WINDOW.frame(WindowStep.ASK, Window.DRAW)


def test_save_validation_reads_the_layouts() -> None:
    ok = serialize._frame_ok
    assert ok([int(Proc.TURN), int(TurnStep.NEXT_TURN)], 80)
    assert not ok([int(Proc.TURN), len(TurnStep)], 80)  # a step outside the enum
    assert not ok([int(Proc.TURN), 0, 0], 80)  # too long
    assert ok([int(Proc.MAIN), 0, int(Phase.MAIN2)], 80)
    assert not ok([int(Proc.MAIN), 0, int(Phase.BATTLE_STEP)], 80)
    assert not ok([int(Proc.MAIN), 0], 80)  # too short
    assert ok([int(Proc.SUMMON), 0, 5, 2, 0, 7, 9], 80)  # chosen Tributes follow
    assert not ok([int(Proc.SUMMON), 0, 80, 2, 0], 80)  # no such card
    assert not ok([int(Proc.WINDOW), 0, max(Window) + 1, 0, 0, 0, 0], 80)
    assert ok([int(Proc.PENDULUM), 2, 0, 4, 5, -1, 1], 80)
    assert not ok([int(Proc.PENDULUM), 2, 0, 4, -1, 1, 1], 80)  # more positions than monsters
    assert not ok([99, 0], 80)


@pytest.mark.parametrize(
    "phase", [Phase.DRAW, Phase.MAIN1, Phase.BATTLE_STEP, Phase.MAIN2, Phase.END]
)
def test_the_frames_to_start_at_a_phase_are_valid_frames(phase: Phase) -> None:
    from ygo.engine.setup import frames_at

    stack = frames_at(phase)
    assert stack[0][frames.AT_PROC] == Proc.TURN
    assert all(serialize._frame_ok(f, 80) for f in stack)


def test_no_duel_starts_in_the_damage_step() -> None:
    from ygo.engine.setup import frames_at

    with pytest.raises(ValueError):
        frames_at(Phase.DAMAGE)


def test_the_handler_table_names_a_handler_for_every_procedure() -> None:
    from ygo.engine import processor

    assert set(processor.HANDLERS) == set(Proc)
    for proc, handler in processor.HANDLERS.items():
        assert processor._TABLE[proc] is handler
