"""The reference engine (ygopro-core) as the differential harness runs it.

``../shared/tools/oracle/`` builds ygopro-core and a scenario oracle over it
(``build.sh``; its README describes the scenario format, which is also this
harness's). :func:`locate` finds the built oracle, builds it when it can (a
C++ compiler and the headers build.sh needs), and builds beside it
``oracle_batch`` (``oracle_batch.cpp`` here: the same oracle source, run over
many scenarios in one process, which saves a process start and a card database
read per scenario: about 16 ms a scenario instead of 40-90 ms). Without a
compiler or build.sh, :func:`locate` returns the reason, and the tests skip
with it.

:meth:`Reference.run` runs one scenario (a dict in the oracle's JSON format)
and returns the oracle's output, trimmed to what the harness reads. Outputs are
cached on disk (``~/.cache/ygo-oracle/runs``, ``YGO_ORACLE_CACHE=0`` turns it
off), keyed by the scenario, the oracle binary, the script folder's files
(names, sizes, times) and the card database: a second run of the differential
tests asks the reference engine nothing.
"""

from __future__ import annotations

import fcntl
import glob
import hashlib
import json
import os
import selectors
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BATCH_SOURCE = HERE / "oracle_batch.cpp"
TIMEOUT = 60.0
"""Seconds one scenario may take in the reference engine."""
FORMAT = "2"
"""The cached outputs' format (:func:`trim`); a new one invalidates the cache."""


def shared_dir() -> Path | None:
    """``../shared`` beside the repository (or beside the worktree's parent):
    the first ancestor's ``shared`` folder holding the oracle; ``YGO_SHARED``
    names another."""
    env = os.environ.get("YGO_SHARED")
    if env:
        return Path(env)
    for parent in HERE.parents:
        candidate = parent / "shared"
        if (candidate / "tools" / "oracle").is_dir():
            return candidate
    return None


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ygo-oracle"


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (pytest-xdist workers build once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _digest(*sources: Path) -> str:
    h = hashlib.sha256()
    for s in sources:
        h.update(s.read_bytes() if s.is_file() else b"-")
    return h.hexdigest()


def _fresh(target: Path, digest: str, trust_unstamped: bool = False) -> bool:
    """Whether ``target`` was built from sources with this digest (its stamp,
    ``TARGET.sha``, says so; without a stamp, ``trust_unstamped``)."""
    if not target.is_file():
        return False
    stamp = target.with_name(target.name + ".sha")
    if not stamp.is_file():
        return trust_unstamped
    return stamp.read_text().strip() == digest


def _stamp(target: Path, digest: str) -> None:
    target.with_name(target.name + ".sha").write_text(digest + "\n")


def _lua_archive() -> str | None:
    found = sorted(glob.glob("/usr/lib/*/liblua5.4-c++.a"))
    return found[0] if found else None


def _missing_build_parts() -> list[str]:
    need = []
    if shutil.which("g++") is None:
        need.append("g++")
    if not Path("/usr/include/lua5.4/lua.h").is_file() or _lua_archive() is None:
        need.append("liblua5.4-dev")
    if not Path("/usr/include/sqlite3.h").is_file():
        need.append("libsqlite3-dev")
    if not Path("/usr/include/nlohmann/json.hpp").is_file():
        need.append("nlohmann-json3-dev")
    return need


@dataclass
class Reference:
    """A built reference oracle, with the scripts and card database it runs."""

    oracle: Path
    scripts: Path
    cdb: Path
    batch: Path | None = None
    cache: Path | None = None
    note: str = ""
    """Why the batch oracle is not used, if it is not."""
    runs: int = 0
    """Scenarios run in the reference engine (cache misses)."""
    hits: int = 0
    """Scenarios answered from the cache."""
    seconds: float = 0.0
    """Time spent running the reference engine."""
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _tmp: Path | None = field(default=None, repr=False)
    _identity: str | None = field(default=None, repr=False)

    # -- running ------------------------------------------------------------------

    def run(self, scenario: dict[str, Any]) -> dict[str, Any]:
        """The oracle's output for ``scenario`` (trimmed: see :func:`trim`)."""
        text = json.dumps(scenario, sort_keys=True, separators=(",", ":"))
        path = None
        if self.cache is not None:
            key = hashlib.sha256((self.identity() + text).encode()).hexdigest()
            path = self.cache / key[:2] / f"{key}.json"
            try:
                out: dict[str, Any] = json.loads(path.read_text())
                self.hits += 1
                return out
            except (OSError, ValueError):
                pass
        start = time.perf_counter()
        out = trim(self._run_batch(text) if self.batch is not None else self._run_one(text))
        self.seconds += time.perf_counter() - start
        self.runs += 1
        if path is not None and out.get("stop_reason") not in ("crash", "timeout"):
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(out, separators=(",", ":")))
            os.replace(tmp, path)
        return out

    def _env(self) -> dict[str, str]:
        env = {"YGO_ORACLE_SCRIPTS": str(self.scripts), "YGO_ORACLE_CDB": str(self.cdb)}
        return {**os.environ, **env}

    def _scenario_file(self, text: str) -> Path:
        if self._tmp is None:
            self._tmp = Path(tempfile.mkdtemp(prefix="ygo-oracle-"))
        path = self._tmp / "scenario.json"
        path.write_text(text)
        return path

    def _run_one(self, text: str) -> dict[str, Any]:
        path = self._scenario_file(text)
        try:
            done = subprocess.run(
                [str(self.oracle), str(path)],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                env=self._env(),
            )
        except subprocess.TimeoutExpired:
            return {"stop_reason": "timeout"}
        if done.returncode != 0:
            return {"stop_reason": "crash", "error": done.stderr.strip()[-500:]}
        parsed: dict[str, Any] = json.loads(done.stdout)
        return parsed

    def _start(self) -> subprocess.Popen[bytes]:
        assert self.batch is not None
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                [str(self.batch), "--scripts", str(self.scripts), "--cdb", str(self.cdb)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                bufsize=0,
                env=self._env(),
            )
        return self._proc

    def _run_batch(self, text: str) -> dict[str, Any]:
        path = self._scenario_file(text)
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(f"{path}\n".encode())
        except BrokenPipeError:
            self.close()
            return {"stop_reason": "crash", "error": "the batch oracle exited"}
        fd = proc.stdout.fileno()
        data = bytearray()
        deadline = time.monotonic() + TIMEOUT
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                if not sel.select(max(0.0, deadline - time.monotonic())):
                    self.close()
                    return {"stop_reason": "timeout"}
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    self.close()
                    return {"stop_reason": "crash", "error": "the reference engine crashed"}
                data += chunk
                # the end: "\n\x04<exit code>\n" (JSON escapes control characters)
                end = data.rfind(b"\n\x04")
                if end >= 0 and data.endswith(b"\n") and len(data) > end + 3:
                    break
        rc = int(data[end + 2 :].strip() or 0)
        if rc != 0:
            return {"stop_reason": "crash", "error": f"oracle exit code {rc}"}
        parsed: dict[str, Any] = json.loads(bytes(data[:end]))
        return parsed

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.kill()
            self._proc.wait()
            for pipe in (self._proc.stdin, self._proc.stdout):
                if pipe is not None:
                    pipe.close()
            self._proc = None
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def identity(self) -> str:
        """What a cached output depends on besides the scenario."""
        if self._identity is None:
            h = hashlib.sha256(FORMAT.encode())
            h.update((self.batch or self.oracle).read_bytes())
            h.update(folder_identity(self.scripts).encode())
            st = self.cdb.stat()
            h.update(f"{self.cdb.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode())
            self._identity = h.hexdigest()
        return self._identity


@cache
def folder_identity(folder: Path) -> str:
    """A digest of a script folder's ``.lua`` files: names, sizes, times."""
    h = hashlib.sha256()
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name.endswith(".lua"):
            st = entry.stat()
            h.update(f"{entry.name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def trim(out: dict[str, Any]) -> dict[str, Any]:
    """The parts of an oracle output the harness reads: the stop reason, the
    winner, an error, the state, the pending prompt, the chain events, from the
    log only whose Deck was shuffled, and the errors the card scripts raised
    in the reference (``core_log``)."""
    wanted = ("stop_reason", "win", "error", "state", "pending_prompt")
    keep = {k: out[k] for k in wanted if k in out}
    keep["chain_events"] = [
        {k: e[k] for k in ("event", "link", "player", "code") if k in e}
        for e in out.get("chain_events", [])
    ]
    log = out.get("log", [])
    keep["shuffled"] = sorted({e["player"] for e in log if e.get("event") == "shuffle_deck"})
    for key in ("missing_scripts", "core_log"):
        if out.get(key):
            keep[key] = out[key][:5]
    return keep


def locate(build: bool = True) -> Reference | str:
    """The reference oracle, built if needed and possible; else why not (a
    one-line reason to skip with)."""
    shared = shared_dir()
    if shared is None:
        return "no ../shared folder with tools/oracle (YGO_SHARED names one)"
    tool = shared / "tools" / "oracle"
    build_sh = tool / "build.sh"
    if not build_sh.is_file():
        return f"no {build_sh}"
    scripts = Path(os.environ.get("YGO_ORACLE_SCRIPTS") or shared / "ygopro-scripts")
    cdb = Path(os.environ.get("YGO_ORACLE_CDB") or shared / "data" / "cards-en.cdb")
    if not (scripts / "constant.lua").is_file():
        return f"no YGOPro script folder at {scripts}"
    if not cdb.is_file():
        return f"no card database at {cdb}"
    out = cache_root()
    oracle = out / "oracle"
    core = out / "libocgcore.a"
    # An oracle built by hand with build.sh (no stamp) is trusted, as its README says.
    src = _digest(tool / "oracle.cpp", build_sh)
    if not (_fresh(oracle, src, trust_unstamped=True) and core.is_file()):
        need = _missing_build_parts()
        if need:
            missing = ", ".join(need)
            return f"cannot build the reference oracle: missing {missing} (build.sh installs them)"
        if not build:
            return "the reference oracle is not built (run ../shared/tools/oracle/build.sh)"
        with _locked(out / ".build.lock"):
            if not (_fresh(oracle, src, trust_unstamped=True) and core.is_file()):
                done = subprocess.run(
                    ["bash", str(build_sh), str(out)], capture_output=True, text=True, timeout=1800
                )
                if done.returncode != 0 or not oracle.is_file():
                    tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["?"]
                    return f"build.sh failed: {tail[0][:200]}"
                _stamp(oracle, src)
    ref = Reference(oracle, scripts, cdb)
    batch = out / "oracle_batch"
    bsrc = _digest(tool / "oracle.cpp", BATCH_SOURCE, core)
    if not _fresh(batch, bsrc):
        why = _build_batch(tool, core, batch, out, bsrc) if build else "not built"
        if why:
            ref.note = f"oracle_batch: {why}; running one oracle process per scenario"
    if _fresh(batch, bsrc):
        ref.batch = batch
    if os.environ.get("YGO_ORACLE_CACHE", "1") != "0":
        ref.cache = out / "runs"
    return ref


def _build_batch(tool: Path, core: Path, batch: Path, out: Path, digest: str) -> str:
    """Build ``oracle_batch``; the reason it could not be built, or ""."""
    lua = _lua_archive()
    if shutil.which("g++") is None or lua is None:
        return "no g++ or Lua 5.4 archive"
    ocgcore = tool.parent.parent / "ocgcore"
    with _locked(out / ".build.lock"):
        if _fresh(batch, digest):
            return ""
        tmp = batch.with_suffix(f".{os.getpid()}.tmp")
        cmd = [
            "g++", "-O1", "-std=c++17", f"-I{ocgcore}", "-I/usr/include/lua5.4", f"-I{tool}",
            str(BATCH_SOURCE), str(core), lua, "-lsqlite3", "-o", str(tmp),
        ]  # fmt: skip
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            tail = done.stderr.strip().splitlines()[-1:] or ["?"]
            return f"compile failed: {tail[0][:200]}"
        os.replace(tmp, batch)
        _stamp(batch, digest)
    return ""
