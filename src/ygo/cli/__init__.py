"""The ``ygo`` command line."""
