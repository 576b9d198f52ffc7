"""`ygo cards` commands."""

from __future__ import annotations

import click


@click.group(name="cards")
def group() -> None:
    """(being built)"""
