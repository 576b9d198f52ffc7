"""The project's version, in a module that imports nothing (every layer may read it)."""

VERSION = "0.1.0"
