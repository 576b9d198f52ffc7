"""`ygo banlist` commands."""

from __future__ import annotations

import click


@click.group(name="banlist")
def group() -> None:
    """(being built)"""
