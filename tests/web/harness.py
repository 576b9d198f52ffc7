"""A real server on loopback, in a thread, for the web tests."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import uvicorn

from ygo.web.rooms import Lobby
from ygo.web.server import WS_MAX_SIZE, create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """uvicorn serving ``create_app`` on 127.0.0.1 in a background thread."""

    def __init__(self, lobby: Lobby, **app_options: Any) -> None:
        self.lobby = lobby
        self.port = free_port()
        self.app = create_app(lobby, **app_options)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="error",
            ws_max_size=WS_MAX_SIZE,
            ws_per_message_deflate=False,
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        r = httpx.post(self.url + path, json=body, timeout=30)
        return r.status_code, r.json()

    def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("deck", "starter:yugi")
        status, data = self.post("/api/rooms", body)
        assert status == 200, data
        return data


@contextlib.contextmanager
def serving(lobby: Lobby | None = None, **options: Any) -> Iterator[Server]:
    with Server(lobby or Lobby(seed=1), **options) as s:
        yield s


async def recv_json(ws: Any, timeout: float = 20) -> dict[str, Any]:
    raw = await asyncio.wait_for(ws.recv(), timeout)
    data: dict[str, Any] = json.loads(raw)
    return data
