"""The parts of ``ygo play``: board handles, the layout, the end screen."""
