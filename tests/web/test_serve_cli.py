"""``ygo serve``: its options, and the address it prints."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from ygo.cli.main import cli


def test_serve_prints_the_address_and_runs_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    import ygo.web.server

    monkeypatch.setattr(ygo.web.server, "run", lambda *a, **k: calls.append((a, k)))
    out = CliRunner().invoke(cli, ["serve", "--port", "8123", "--grace", "30"])
    assert out.exit_code == 0, out.output
    assert "http://127.0.0.1:8123/" in out.output
    limits = {"rooms_per_minute": 20.0, "rooms_per_address": 20}
    assert len(calls) == 1 and calls[0][0] == ("127.0.0.1", 8123)
    scripts = calls[0][1].pop("scripts")
    assert calls == [(("127.0.0.1", 8123), {"grace": 30.0, **limits})]
    assert scripts.lua is None  # no --scripts, no $YGO_SCRIPTS: the native scripts alone
    calls.clear()
    out = CliRunner().invoke(cli, ["serve", "--rooms-per-minute", "3", "--rooms-per-address", "0"])
    assert out.exit_code == 0, out.output
    assert calls[0][1]["rooms_per_minute"] == 3.0 and calls[0][1]["rooms_per_address"] == 0


def test_serve_help_and_bad_port() -> None:
    out = CliRunner().invoke(cli, ["serve", "--help"])
    assert out.exit_code == 0 and "--host" in out.output and "--port" in out.output
    assert CliRunner().invoke(cli, ["serve", "--port", "70000"]).exit_code == 2
