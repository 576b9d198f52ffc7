"""The effect layer's former single module, kept for one commit: every part now
lives in a module of the package :mod:`ygo.effects`, which re-exports them all."""

from ygo.effects import *  # noqa: F403
