"""Load test of the web table: many concurrent duels on loopback, bots in every seat.

    python -m benchmarks.web_load [--duels 200] [--seconds 120] [--json]

Starts ``ygo serve`` in its own process on 127.0.0.1 (a free port), creates
``--duels`` person-vs-person rooms with the starter decks, and connects two bot
clients per room (one asyncio process, websockets): each answers its decisions
with a random option as soon as it is asked. It stops at the end of every duel
or after ``--seconds`` (whichever comes first), then reads the server's own
timing of each decision (``/api/stats``: from the ``decide`` message parsed to
every connection's next state queued) and prints it with the round trip the
bots saw and the number of errors. The states of the seats that did not
decide are built a moment later, once for all the decisions taken meanwhile
(``Room.publish``); their server time is reported apart (``update_*``). Only
loopback addresses are used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx
import websockets


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        # all the bots come from one address: no room limit
        [
            sys.executable,
            "-m",
            "ygo",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--rooms-per-minute",
            "0",
            "--rooms-per-address",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/info", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


class Tally:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.round_trips: list[float] = []
        self.decisions = 0
        self.finished = 0


async def _bot(url: str, room: str, token: str, seed: int, stop: float, tally: Tally) -> None:
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "join", "room": room, "token": token}))
        answered = -1
        sent_at = 0.0
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            m = json.loads(raw)
            if m["type"] == "error":
                tally.errors.append(m["error"])
                continue
            if m["type"] != "state":
                continue
            if m["status"]["result"] is not None:
                if m["seat"] == 0:
                    tally.finished += 1
                return
            d = m.get("decision")
            if d is not None and d["id"] != answered:
                if sent_at:
                    tally.round_trips.append(time.monotonic() - sent_at)
                answered = d["id"]
                sent_at = time.monotonic()
                tally.decisions += 1
                await ws.send(
                    json.dumps(
                        {
                            "type": "decide",
                            "room": room,
                            "decision": d["id"],
                            "option": rng.randrange(len(d["options"])),
                        }
                    )
                )
            else:
                sent_at = 0.0  # this state was not an answer to our move


async def _run(base: str, duels: int, seconds: float) -> Tally:
    tally = Tally()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        seats: list[tuple[str, str, int]] = []
        for n in range(duels):
            a = await http.post("/api/rooms", json={"deck": "starter:yugi", "opponent": "person"})
            a.raise_for_status()
            room = a.json()["room"]
            b = await http.post(f"/api/rooms/{room}/join", json={"deck": "starter:kaiba"})
            b.raise_for_status()
            seats += [(room, a.json()["token"], 2 * n), (room, b.json()["token"], 2 * n + 1)]
    stop = time.monotonic() + seconds
    url = base.replace("http://", "ws://") + "/ws"
    results = await asyncio.gather(
        *(_bot(url, room, token, seed, stop, tally) for room, token, seed in seats),
        return_exceptions=True,
    )
    tally.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    return tally


def run(duels: int = 200, seconds: float = 120.0) -> dict[str, Any]:
    """Run the load test; the figures as a dict."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(port)
    try:
        started = time.monotonic()
        tally = asyncio.run(_run(base, duels, seconds))
        wall = time.monotonic() - started
        stats = httpx.get(base + "/api/stats", timeout=10).json()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    rt = sorted(tally.round_trips)
    return {
        "duels": duels,
        "seconds": round(wall, 1),
        "duels_finished": tally.finished,
        "decisions": stats.get("decisions", 0),
        "decisions_per_s": round(stats.get("decisions", 0) / wall, 1),
        "server_p50_ms": round(stats.get("p50_ms", 0.0), 2),
        "server_p95_ms": round(stats.get("p95_ms", 0.0), 2),
        "server_max_ms": round(stats.get("max_ms", 0.0), 2),
        "updates": stats.get("updates", 0),
        "update_p50_ms": round(stats.get("update_p50_ms", 0.0), 2),
        "update_p95_ms": round(stats.get("update_p95_ms", 0.0), 2),
        "round_trip_p50_ms": round(1000 * statistics.median(rt), 1) if rt else None,
        "round_trip_p95_ms": round(1000 * rt[int(0.95 * (len(rt) - 1))], 1) if rt else None,
        "errors": len(tally.errors),
        "error_samples": tally.errors[:5],
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.web_load")
    parser.add_argument("--duels", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = run(args.duels, args.seconds)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for k, v in out.items():
        print(f"{k:>20}: {v}")
    ok = out["errors"] == 0 and out["server_p95_ms"] < 50 and out["update_p95_ms"] < 50
    print("PASS" if ok else "FAIL", "(p95 server time < 50 ms and no error)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
