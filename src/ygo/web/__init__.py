"""The web table (``ygo serve``): rooms, a websocket protocol and a page with no build step.

Import rule: the engine never imports this package; it reads duels only through
``Duel.view`` / ``Duel.events`` / ``Duel.spectator_view`` / ``explain``.
"""
