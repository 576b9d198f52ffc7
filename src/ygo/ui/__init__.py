"""What every front end shows the same way, below the terminal (:mod:`ygo.cli`) and
the web table (:mod:`ygo.web`): the board's card handles and option texts
(:mod:`ygo.ui.handles`) and the line that asks a player for a decision
(:mod:`ygo.ui.prompt`). Plain text, no rendering library."""
