"""Entry point of the ``ygo`` command."""

from __future__ import annotations

import click

from ygo import __version__
from ygo.cli.common import AppState


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ygo")
@click.option(
    "--cards",
    "cdb_files",
    multiple=True,
    metavar="FILE.cdb",
    help="Load a YGOPro card database over the embedded pool (repeatable).",
)
@click.pass_context
def cli(ctx: click.Context, cdb_files: tuple[str, ...]) -> None:
    """ygo: a Yu-Gi-Oh! OCG duel engine.

    Look up cards, check decks against banlists, play and simulate duels.
    """
    ctx.obj = AppState(cdb_files=cdb_files)


def _register() -> None:
    from ygo.cli import banlist, cards, deck

    cli.add_command(cards.group)
    cli.add_command(deck.group)
    cli.add_command(banlist.group)
    from ygo.cli import duel

    for cmd in duel.COMMANDS:
        cli.add_command(cmd)
    from ygo.cli import match

    cli.add_command(match.match_cmd)
    from ygo.cli import serve

    cli.add_command(serve.serve_cmd)
    from ygo.cli.arena import arena_cmd  # ai: ygo arena

    cli.add_command(arena_cmd)
    from ygo.cli import tournament

    cli.add_command(tournament.tournament_cmd)
    from ygo.cli import lua

    cli.add_command(lua.group)


_register()


def main() -> None:
    cli(prog_name="ygo")


if __name__ == "__main__":
    main()
