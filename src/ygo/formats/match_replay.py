"""Match replays: every duel of a match, each a duel replay.

A match replay is JSON::

    {"format": "ygo-match-replay", "version": 1, "engine": "0.1.0",
     "ruleset": {...}, "decks": [<registered deck>, <registered deck>],
     "seed": 7, "toss_after_draw": false, "players": ["greedy", "random"],
     "duels": [<duel replay>, ...],
     "result": {"winner": 0, "wins": [2, 1], "draws": 0, "by_effect": false}}

Each entry of ``duels`` is a duel replay (:mod:`ygo.formats.replay`) with the
decks as side decked for that duel and ``first`` set by the chooser (``null``
for duel 1: its coin toss is in its choices). Verifying re-runs and checks each
duel like a duel replay, and checks the match around them: each duel's seed
and ruleset are the match's, duel 1's decks are the registered ones and each
later duel's are the registered ones after one-for-one swaps (R-DECK-3), no
duel follows a decided match (R-MATCH-1), and the recorded result is the one
the duels give.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ygo.core.card import CardSource
from ygo.core.deck import Deck
from ygo.core.version import VERSION as __version__
from ygo.engine.result import Result
from ygo.engine.setup import ScriptSource
from ygo.errors import ReplayError, YgoError
from ygo.formats.files import read_capped
from ygo.formats.replay import MAX_BYTES, Replay, player_names, replay_duel
from ygo.match import Match, MatchScore, duel_seed, is_side_of, tally
from ygo.rules import Ruleset

FORMAT = "ygo-match-replay"
VERSION = 1


@dataclass
class MatchReplay:
    """Everything needed to re-run a match exactly."""

    ruleset: Ruleset
    decks: tuple[Deck, Deck]
    seed: int
    toss_after_draw: bool = False
    players: tuple[str, str] = ("", "")
    duels: list[Replay] = field(default_factory=list)
    result: MatchScore | None = None
    engine: str = __version__

    @classmethod
    def of(cls, match: Match) -> MatchReplay:
        """The replay of a match played with ``record=True``."""
        return cls(
            ruleset=match.ruleset,
            decks=match.registered,
            seed=match.seed,
            toss_after_draw=match.toss_after_draw,
            players=match.players,
            duels=list(match.replays()),
            result=match.result,
        )

    def to_dict(self) -> dict[str, Any]:
        r = self.result
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
            "toss_after_draw": self.toss_after_draw,
            "players": list(self.players),
            "duels": [d.to_dict() for d in self.duels],
            "result": None
            if r is None
            else {
                "winner": r.winner,
                "wins": list(r.wins),
                "draws": r.draws,
                "by_effect": r.by_effect,
            },
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: Path) -> None:
        try:
            path.write_text(self.dumps() + "\n", encoding="utf-8")
        except OSError as exc:
            raise ReplayError(f"{path}: cannot write the replay ({exc.strerror})") from None

    @classmethod
    def from_dict(cls, d: Any, where: str = "match replay") -> MatchReplay:
        def bad(what: str) -> ReplayError:
            return ReplayError(f"{where}: {what}")

        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise bad(f"not a match replay (expected format {FORMAT!r})")
        if d.get("version") != VERSION:
            raise bad(f"unsupported match replay version {d.get('version')!r}")
        duels_raw = d.get("duels")
        if not isinstance(duels_raw, list) or not 1 <= len(duels_raw) <= 3:
            raise bad("'duels' must list one to three duel replays")
        # The match's own fields are read with the duel replay reader (same shapes).
        head = Replay.from_dict(
            {
                "format": "ygo-replay",
                "version": 1,
                "ruleset": d.get("ruleset"),
                "decks": d.get("decks"),
                "seed": d.get("seed"),
                "choices": [],
            },
            where,
        )
        duels = [Replay.from_dict(x, f"{where}, duel {i + 1}") for i, x in enumerate(duels_raw)]
        toss = d.get("toss_after_draw", False)
        if type(toss) is not bool:
            raise bad("'toss_after_draw' must be true or false")
        players = player_names(d.get("players", ["", ""]), bad)
        engine = d.get("engine", "")
        if type(engine) is not str or len(engine) > 64:
            raise bad("'engine' must be a version string (at most 64 characters)")
        return cls(
            ruleset=head.ruleset,
            decks=head.decks,
            seed=head.seed,
            toss_after_draw=toss,
            players=players,
            duels=duels,
            result=_score(d.get("result"), bad),
            engine=engine,
        )

    @classmethod
    def loads(cls, text: str, where: str = "match replay") -> MatchReplay:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise ReplayError(f"{where}: not a match replay ({type(exc).__name__})") from None
        return cls.from_dict(data, where)

    @classmethod
    def load(cls, path: str | Path) -> MatchReplay:
        raw = read_capped(path, MAX_BYTES, "replay file", error=ReplayError)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ReplayError(f"{path}: not a replay (not UTF-8 text)") from None
        return cls.loads(text, str(path))


def is_match_replay(path: str | Path) -> bool:
    """Whether a file is a match replay: JSON whose ``format`` is a match
    replay's, wherever the key is (a tool that sorts keys moves it from the
    start). Anything unreadable is not (the duel replay reader then says why)."""
    try:  # only a regular file: a FIFO or a device must not block here
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return False
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except (OSError, ValueError):
        return False
    if FORMAT.encode() not in raw:
        return False
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def _score(raw: Any, bad: Any) -> MatchScore | None:
    if raw is None:
        return None
    try:
        winner, wins, draws, by_effect = raw["winner"], raw["wins"], raw["draws"], raw["by_effect"]
        ok = (
            (winner is None or (type(winner) is int and winner in (0, 1)))
            and type(wins) is list
            and len(wins) == 2
            and all(type(w) is int and 0 <= w <= 3 for w in wins)
            and type(draws) is int
            and 0 <= draws <= 3
            and type(by_effect) is bool
        )
    except (KeyError, TypeError):
        ok = False
    if not ok:
        raise bad("'result' must be null or {winner, wins, draws, by_effect}")
    return MatchScore(winner, (wins[0], wins[1]), draws, by_effect)


def _same_deck(a: Deck, b: Deck) -> bool:
    """The same cards in each of the Main, Extra and Side Decks (in any order)."""
    return all(sorted(x) == sorted(y) for x, y in zip(_parts(a), _parts(b), strict=True))


def _parts(d: Deck) -> tuple[tuple[int, ...], ...]:
    return (d.main, d.extra, d.side)


def verify_match(
    replay: MatchReplay, db: CardSource | None = None, scripts: ScriptSource | None = None
) -> list[Result]:
    """Re-run every duel (with the card scripts ``scripts``, default the project's
    own) and check the match around them; the duel results, or a
    :class:`ReplayError` naming the first problem."""
    if db is None:
        from ygo.cards.pool import embedded_pool

        db = embedded_pool()
    results: list[Result] = []
    for i, duel in enumerate(replay.duels):
        where = f"duel {i + 1}"
        if tally(results) is not None:
            raise ReplayError(f"{where} follows a decided match (R-MATCH-1)")
        if duel.ruleset != replay.ruleset:
            raise ReplayError(f"{where}: its ruleset is not the match's")
        if duel.seed != duel_seed(replay.seed, i):
            raise ReplayError(f"{where}: its seed is not the match's duel seed")
        if (duel.first is None) != (i == 0):
            raise ReplayError(f"{where}: 'first' must be null for duel 1 only")
        for p in (0, 1):
            try:
                if i == 0:  # side decking is between duels: duel 1 is the registered deck
                    ok = _same_deck(duel.decks[p], replay.decks[p])
                else:
                    ok = is_side_of(duel.decks[p], replay.decks[p], db)
            except YgoError:
                ok = False
            if not ok:
                swaps = "" if i == 0 else " after one-for-one side-deck swaps"
                raise ReplayError(
                    f"{where}: player {p}'s deck is not the registered deck{swaps} (R-DECK-3)"
                )
        try:
            played = replay_duel(duel, db, verify=True, scripts=scripts)
        except ReplayError as exc:
            raise ReplayError(f"{where}: {exc}") from None
        if played.result is None:
            raise ReplayError(f"{where} is unfinished")
        results.append(played.result)
    score = tally(results)
    if replay.result is not None and score != replay.result:
        raise ReplayError(
            f"the duels give {score or 'an undecided match'}, the replay says {replay.result}"
        )
    return results


__all__ = ["FORMAT", "MatchReplay", "is_match_replay", "verify_match"]
