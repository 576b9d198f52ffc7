"""Replay files: a duel as the tuple that determines it.

A replay is JSON::

    {"format": "ygo-replay", "version": 1, "engine": "0.1.0",
     "ruleset": {...}, "decks": [{"main": [...], "extra": [...], "side": [...]}, ...],
     "seed": 7, "first": null, "players": ["greedy", "random"],
     "choices": ["summon Dark Magician [12]", ...],
     "checkpoints": [{"turn": 1, "choice": 3, "digest": "..."}, ...],
     "final_digest": "...", "result": {"winner": 0, "reason": "LP"}}

``choices`` holds the text form of the option chosen at each decision that had
two or more options (one-option decisions are taken by the engine). A
checkpoint is the state digest at the first decision after a turn ended, once
``choice`` choices had been applied. Re-running the choices must meet every
checkpoint and the final digest, and end as ``result`` says (``null`` for a duel
that was left unfinished; else ``winner`` 0, 1 or ``null`` for a draw, and
``reason`` one of ``LP``, ``DECK_OUT``, ``EFFECT``, ``MATCH``). A duel played
with a user's YGOPro Lua card scripts adds ``"scripts": "lua"`` (native scripts
first) or ``"lua-first"`` (``--prefer lua``): re-running it needs that folder
again (the replay names no path); without the field the duel played the
native scripts alone.

Loading refuses, with a one-line :class:`ReplayError`, anything that is not a
regular file or is over :data:`MAX_BYTES`, a malformed field (``result``
included; ``players`` are two strings of at most :data:`MAX_NAME` characters,
``engine`` and ``final_digest`` strings), and a deck of more than
:data:`MAX_DECK_CARDS` cards. Verifying accepts a replay only if every field
the recorder writes is what re-running it produces: each checkpoint's turn,
choice and digest, every checkpoint the recorder would write (or none at all:
a replay without checkpoints says its turns were not checked), the final
digest and the result.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ygo.core.card import CardSource
from ygo.core.deck import Deck
from ygo.core.version import VERSION as __version__
from ygo.defaults import Duel
from ygo.engine.actions import Action
from ygo.engine.result import Result, WinReason
from ygo.engine.setup import ScriptSource
from ygo.errors import IllegalActionError, ReplayError, YgoError
from ygo.formats.files import read_capped
from ygo.rules import Ruleset

FORMAT = "ygo-replay"
VERSION = 1
#: Replays larger than this are refused rather than read into memory (16 MiB; a
#: long duel's replay is a few hundred KB).
MAX_BYTES = 16 * 1024 * 1024
#: Most cards one deck of a replay may hold (Main + Extra + Side). The rules allow
#: about 90 (mr3: 60 + 15 + 15); classic has no Main Deck maximum, so the cap is generous.
MAX_DECK_CARDS = 500
#: Longest player name a replay may record (``ygo play --name`` takes 40; agents'
#: names are a word).
MAX_NAME = 64
#: Longest ``engine`` version and ``final_digest`` string (a digest is 32 hex digits).
_MAX_TAG = 64


@dataclass(frozen=True, slots=True)
class Checkpoint:
    turn: int
    """The turn that had just ended."""
    choice: int
    """How many choices had been applied."""
    digest: str


@dataclass
class Replay:
    """Everything needed to re-run a duel exactly."""

    ruleset: Ruleset
    decks: tuple[Deck, Deck]
    seed: int
    first: int | None = None
    players: tuple[str, str] = ("", "")
    choices: list[str] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    final_digest: str = ""
    winner: int | None = None
    reason: str = ""
    engine: str = __version__
    scripts: str = ""
    """"" (the native scripts), "lua" or "lua-first" (:data:`SCRIPTS`)."""

    # -- JSON -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "engine": self.engine,
            "ruleset": self.ruleset.to_dict(),
            "decks": [
                {"main": list(d.main), "extra": list(d.extra), "side": list(d.side)}
                for d in self.decks
            ],
            "seed": self.seed,
            "first": self.first,
            "players": list(self.players),
            "choices": self.choices,
            "checkpoints": [
                {"turn": c.turn, "choice": c.choice, "digest": c.digest} for c in self.checkpoints
            ],
            "final_digest": self.final_digest,
            "result": {"winner": self.winner, "reason": self.reason} if self.reason else None,
            **({"scripts": self.scripts} if self.scripts else {}),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: Path) -> None:
        try:
            path.write_text(self.dumps() + "\n", encoding="utf-8")
        except OSError as exc:
            raise ReplayError(f"{path}: cannot write the replay ({exc.strerror})") from None

    @classmethod
    def from_dict(cls, d: Any, where: str = "replay") -> Replay:
        def bad(what: str) -> ReplayError:
            return ReplayError(f"{where}: {what}")

        if not isinstance(d, dict):
            raise bad("not a replay (expected a JSON object)")
        if d.get("format") != FORMAT:
            raise bad(f"not a replay (format is {d.get('format')!r}, expected {FORMAT!r})")
        if d.get("version") != VERSION:
            raise bad(
                f"unsupported replay version {d.get('version')!r} (this engine reads {VERSION})"
            )
        raw_rules = d.get("ruleset")
        if not isinstance(raw_rules, dict):
            what = "missing" if raw_rules is None else "not a JSON object"
            raise bad(f"bad ruleset: {what} (expected an object of ruleset fields)")
        try:
            ruleset = Ruleset.from_dict(raw_rules)
        except YgoError as exc:
            raise bad(f"bad ruleset: {exc}") from None
        except (TypeError, ValueError):
            raise bad("bad ruleset: malformed fields") from None
        decks_raw = d.get("decks")
        if not isinstance(decks_raw, list) or len(decks_raw) != 2:
            raise bad("'decks' must list two decks")
        decks: list[Deck] = []
        for i, dk in enumerate(decks_raw):
            if isinstance(dk, dict):
                size = sum(len(v) for v in dk.values() if isinstance(v, list))
                if size > MAX_DECK_CARDS:
                    raise bad(
                        f"deck {i} holds {size:,} cards (a replay's deck may hold at most "
                        f"{MAX_DECK_CARDS})"
                    )
            try:
                parts = [tuple(_codes(dk.get(k, []))) for k in ("main", "extra", "side")]
            except (AttributeError, TypeError, ValueError):
                raise bad(f"deck {i} is malformed (expected lists of passcodes)") from None
            decks.append(Deck(main=parts[0], extra=parts[1], side=parts[2]))
        seed = d.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise bad("'seed' must be an integer")
        first = d.get("first")
        if first is not None and (type(first) is not int or first not in (0, 1)):
            raise bad("'first' must be 0, 1 or null")
        choices = d.get("choices")
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise bad("'choices' must be a list of strings")
        checkpoints: list[Checkpoint] = []
        raw_checkpoints = d.get("checkpoints", [])
        if not isinstance(raw_checkpoints, list):
            raise bad("'checkpoints' must be a list")
        for c in raw_checkpoints:
            try:
                turn, choice, digest = c["turn"], c["choice"], c["digest"]
            except (KeyError, TypeError):
                raise bad(f"malformed checkpoint {c!r}") from None
            if type(turn) is not int or type(choice) is not int or not isinstance(digest, str):
                raise bad(f"malformed checkpoint {c!r}")
            checkpoints.append(Checkpoint(turn, choice, digest))
        players = player_names(d.get("players", ["", ""]), bad)
        final_digest = d.get("final_digest", "")
        if type(final_digest) is not str or len(final_digest) > _MAX_TAG:
            raise bad(f"'final_digest' must be a string (at most {_MAX_TAG} characters)")
        engine = d.get("engine", "")
        if type(engine) is not str or len(engine) > _MAX_TAG:
            raise bad(f"'engine' must be a version string (at most {_MAX_TAG} characters)")
        winner, reason = _result(d.get("result"), bad)
        scripts = d.get("scripts", "")
        if scripts not in SCRIPTS:
            raise bad("'scripts' must be " + " or ".join(repr(s) for s in SCRIPTS if s))
        return cls(
            ruleset=ruleset,
            decks=(decks[0], decks[1]),
            seed=seed,
            first=first,
            players=players,
            choices=list(choices),
            checkpoints=checkpoints,
            final_digest=final_digest,
            winner=winner,
            reason=reason,
            engine=engine,
            scripts=scripts,
        )

    @classmethod
    def loads(cls, text: str, where: str = "replay") -> Replay:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        except (ValueError, RecursionError) as exc:  # absurd numbers, absurd nesting
            raise ReplayError(f"{where}: not a replay ({type(exc).__name__})") from None
        return cls.from_dict(data, where)

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """A replay from a file (a regular file of at most :data:`MAX_BYTES`)."""
        raw = read_capped(path, MAX_BYTES, "replay file", error=ReplayError)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ReplayError(f"{path}: not a replay (not UTF-8 text)") from None
        return cls.loads(text, str(path))


SCRIPTS = ("", "lua", "lua-first")
"""What a replay's ``scripts`` may say: the native scripts alone, native then Lua
(``--scripts DIR``), Lua then native (``--prefer lua``)."""


def scripts_tag(scripts: Any) -> str:
    """What a replay records of a duel's script source (:data:`SCRIPTS`): a source
    with a Lua folder (``ygo.scripting.Combined``) says which scripts come first."""
    if getattr(scripts, "lua", None) is None:
        return ""
    return "lua-first" if getattr(scripts, "prefer", "native") == "lua" else "lua"


def player_names(raw: Any, bad: Callable[[str], ReplayError]) -> tuple[str, str]:
    """The two names a replay records: strings of at most :data:`MAX_NAME` characters."""
    if (
        type(raw) is not list
        or len(raw) != 2
        or not all(type(n) is str and len(n) <= MAX_NAME for n in raw)
    ):
        raise bad(f"'players' must list two names (strings of at most {MAX_NAME} characters)")
    return raw[0], raw[1]


def _result(raw: Any, bad: Callable[[str], ReplayError]) -> tuple[int | None, str]:
    """``(winner, reason)`` from a replay's ``result`` (``(None, "")`` for ``null``)."""
    if raw is None:
        return None, ""
    reasons = ", ".join(r.name for r in WinReason)
    if not isinstance(raw, dict):
        raise bad(
            "'result' must be null or an object with 'winner' (0, 1 or null) and "
            f"'reason' ({reasons})"
        )
    winner = raw.get("winner")
    if winner is not None and (type(winner) is not int or winner not in (0, 1)):
        raise bad("the result's 'winner' must be 0, 1 or null (a draw)")
    reason = raw.get("reason")
    if not isinstance(reason, str) or reason not in WinReason.__members__:
        raise bad(f"the result's 'reason' must be one of {reasons}")
    return winner, reason


def _codes(values: Any) -> list[int]:
    out = []
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 < v < 2**32:
            raise ValueError(v)
        out.append(v)
    return out


class Recorder:
    """Records a duel as it is played: call :meth:`apply` instead of ``duel.apply``."""

    def __init__(self, duel: Duel, players: tuple[str, str] = ("", "")) -> None:
        if duel.decisions_made:
            raise ReplayError("a recorder must be attached before the duel's first choice")
        players = player_names(list(players), ReplayError)  # what a replay may hold
        self.duel = duel
        self.replay = Replay(
            ruleset=duel.ruleset,
            decks=duel.decks,
            seed=duel.seed,
            first=duel.first,
            players=players,
            scripts=scripts_tag(duel.scripts),
        )
        self._turn = duel.turn
        if duel.is_over:
            self._finish()

    def apply(self, choice: Action | int | str) -> None:
        """Apply a choice to the duel and record it (an illegal one records nothing)."""
        duel = self.duel
        decision = duel.decision
        duel.apply(choice)
        assert decision is not None
        self.replay.choices.append(str(decision.options[duel.choices[-1]]))
        if duel.turn != self._turn and not duel.is_over:
            self.replay.checkpoints.append(
                Checkpoint(duel.turn - 1, len(self.replay.choices), duel.digest())
            )
            self._turn = duel.turn
        if duel.is_over:
            self._finish()

    def _finish(self) -> None:
        duel = self.duel
        self.replay.final_digest = duel.digest()
        result = duel.result
        if result is not None:
            self.replay.winner = result.winner
            self.replay.reason = result.reason.name


def replay_duel(
    replay: Replay,
    db: CardSource | None = None,
    *,
    verify: bool = True,
    on_choice: Callable[[Duel, str], None] | None = None,
    on_turn: Callable[[Duel, int], None] | None = None,
    scripts: ScriptSource | None = None,
) -> Duel:
    """Re-run a replay and return the finished (or last reached) duel, with the
    card scripts ``scripts`` (default: the project's own; a duel played with a
    user's Lua scripts replays with them).

    Raises :class:`ReplayError` when a choice is not an option at its point and,
    with ``verify``, at the first checkpoint that is not the one the recorder
    writes there (its turn or its digest differs, naming the turn), a turn end
    with no checkpoint while others are recorded, a checkpoint where the
    recorder writes none, a final digest that differs, or an end other than the
    recorded result. What the replay does not record (no checkpoints at all, no
    final digest, no result) is not checked: :func:`unchecked` names it.
    """
    if replay.scripts and scripts_tag(scripts) != replay.scripts:
        first = "Lua first" if replay.scripts == "lua-first" else "native first"
        raise ReplayError(
            f"the replay was played with YGOPro Lua card scripts ({first}): re-run it with them"
        )
    try:
        duel = Duel(
            replay.decks, replay.ruleset, replay.seed, db=db, first=replay.first, scripts=scripts
        )
    except YgoError as exc:
        raise ReplayError(f"cannot set up the replay's duel: {exc}") from None
    checkpoints = {c.choice: c for c in replay.checkpoints}
    if len(checkpoints) != len(replay.checkpoints):
        raise ReplayError("two checkpoints name the same choice")
    if verify and [c.choice for c in replay.checkpoints] != sorted(checkpoints):
        raise ReplayError("the checkpoints are not in the order of their choices")
    written: set[int] = set()  # the choices after which the recorder writes a checkpoint
    turn = duel.turn
    for i, text in enumerate(replay.choices):
        if duel.is_over:
            raise ReplayError(f"choice {i + 1} ({text!r}): the duel was already over")
        d = duel.decision
        assert d is not None
        if on_choice is not None:
            on_choice(duel, text)
        try:
            duel.apply(text)
        except IllegalActionError:
            raise ReplayError(
                f"choice {i + 1} ({text!r}) is not legal at its point (turn {duel.turn}, "
                f"{d.prompt}; options: {', '.join(str(o) for o in d.options)})"
            ) from None
        if duel.turn != turn:
            if on_turn is not None:
                on_turn(duel, turn)
            cp = checkpoints.get(i + 1)
            if verify and not duel.is_over:  # as Recorder.apply: (turn ended, choices, digest)
                written.add(i + 1)
                if cp is None and checkpoints:
                    raise ReplayError(
                        f"no checkpoint after turn {turn} (choice {i + 1}), where the "
                        "recorder writes one: the replay's checkpoints were cut"
                    )
                if cp is not None and cp.turn != turn:
                    raise ReplayError(
                        f"the checkpoint after choice {i + 1} says turn {cp.turn} ended; "
                        f"the re-run ended turn {turn} there"
                    )
                if cp is not None and cp.digest != duel.digest():
                    raise ReplayError(f"digest mismatch after turn {turn}: the re-run diverged")
            turn = duel.turn
    if verify and replay.final_digest and replay.final_digest != duel.digest():
        raise ReplayError(f"final digest mismatch (turn {duel.turn}): the re-run diverged")
    if verify and replay.reason:
        claimed = Result(replay.winner, WinReason[replay.reason])
        if duel.result != claimed:
            got = duel.result or f"unfinished on turn {duel.turn}"
            raise ReplayError(f"the re-run ended differently: the replay says {claimed}, got {got}")
    stray = sorted(set(checkpoints) - written)
    if verify and stray:
        raise ReplayError(
            f"the checkpoint after choice {stray[0]} does not fall on a turn change "
            "the recorder checkpoints (a turn ended, the duel going on)"
        )
    return duel


def unchecked(replay: Replay) -> list[str]:
    """What verifying ``replay`` cannot check, because the replay does not record it."""
    out = []
    if not replay.checkpoints:
        out.append("no turn digests recorded (turns not checked)")
    if not replay.final_digest:
        out.append("no final digest recorded (final state not checked)")
    if not replay.reason:
        out.append("no result recorded (result not checked)")
    return out


__all__ = [
    "MAX_BYTES",
    "MAX_DECK_CARDS",
    "MAX_NAME",
    "Checkpoint",
    "Recorder",
    "Replay",
    "WinReason",
    "player_names",
    "replay_duel",
    "unchecked",
]
