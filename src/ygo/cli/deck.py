"""`ygo deck` commands."""

from __future__ import annotations

import click


@click.group(name="deck")
def group() -> None:
    """(being built)"""
