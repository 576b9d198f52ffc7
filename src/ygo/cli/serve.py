"""``ygo serve``: the web table (rooms, two players or one against an agent, spectators)."""

from __future__ import annotations

import click

from ygo.cli.common import handle_errors
from ygo.cli.scripts import choice_options, choose


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--grace",
    default=180.0,
    show_default=True,
    type=click.FloatRange(1, 86400),
    help="Seconds a player's seat is kept after their connection drops.",
)
@click.option(
    "--rooms-per-minute",
    default=20.0,
    show_default=True,
    type=click.FloatRange(0),
    help="Rooms one client address may create a minute (0: no limit).",
)
@click.option(
    "--rooms-per-address",
    default=20,
    show_default=True,
    type=click.IntRange(0),
    help="Rooms one client address may have on the server at once (0: no limit).",
)
@choice_options
@handle_errors
def serve_cmd(
    host: str,
    port: int,
    grace: float,
    rooms_per_minute: float,
    rooms_per_address: int,
    scripts_dir: str | None = None,
    prefer: str = "native",
) -> None:
    """Serve the duel table in the browser: create a room, join one, or watch one.

    Every duel plays with the native scripts and, with --scripts DIR (or
    $YGO_SCRIPTS), the Lua scripts of DIR. A person whose deck has cards with
    an effect and no behaviour (neither native nor Lua) is told so at the
    table, in one line that names them.
    """
    try:
        from ygo.web.server import run
    except ImportError as exc:  # the web extra is not installed
        raise click.ClickException(
            f"the web table needs its extra: pip install 'ygo[web]' ({exc.name} is missing)"
        ) from None
    choice = choose(scripts_dir, prefer)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"ygo table: open http://{shown}:{port}/ in a browser (Ctrl-C stops)")
    if choice.uses_lua:
        click.echo(choice.describe())
    run(
        host,
        port,
        grace=grace,
        rooms_per_minute=rooms_per_minute,
        rooms_per_address=rooms_per_address,
        scripts=choice.source(),
    )
