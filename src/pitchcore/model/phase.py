"""What the game is waiting for: the phase of a state, which moves and views name."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """What the game is waiting for."""

    DEALING = "dealing"
    """The deal is being settled: the dealer chooses how many cards to deal (``deal N``),
    or, where a worthless hand may be thrown in, each seat from the eldest says ``pass``
    or, holding no card above a 9, ``redeal``."""
    BIDDING = "bidding"
    NAMING_TRUMP = "naming trump"
    DISCARDING = "discarding"
    """Discarding (and drawing, where the variant refills hands): ``discard ...`` moves."""
    CALLING = "calling"
    """The trick's leader declares before leading (``call high`` / ``call low``)."""
    PLAYING = "playing"
    GAME_OVER = "game over"
    # Aliases: the same members under the other names in use (PLAY for PLAYING, DRAWING).
    PLAY = "playing"
    DRAWING = "discarding"
