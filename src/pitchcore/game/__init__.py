"""The game: a table's rules in order, the transition loop, new games, views and events.

A ``GameState`` asks its ``Table`` (``table.py``) for its legal moves and the next state;
the table runs the transition loop (``loop.py``) over the variant's components, on the
compiled kernel (``kernel.py``) where it can.
"""
