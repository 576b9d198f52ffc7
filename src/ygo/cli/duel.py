"""Engine commands: duel, sim, bench, play, replay."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []
