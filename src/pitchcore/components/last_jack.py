"""A trick rule without suits: the last jack played wins, else the latest card of equal or better rank."""

from __future__ import annotations

import attrs

from ..model.cards import JACK
from .registry import component
from .trump import NO_TRUMP, TrumpTables


@component("trick", "last-jack")
@attrs.frozen
class LastJack:
    """The last jack played wins; else a later card of equal or better rank takes the trick (suits do not matter)."""

    def explain(self) -> str:
        """The trick's winner in plain words (``pitchcore explain``)."""
        return ("The last jack played wins the trick; with no jack in it, each card of equal or higher rank "
                "than the best so far takes the lead, so the last of the highest rank wins (suits do not "
                "matter).")

    def winner(self, cards: tuple[int, ...], trump: int, tables: TrumpTables) -> int:
        """Position of the winning card. Ranks compare as ``tables`` order them with no trump
        (suits, trump included, do not matter), reversed after a LOW call (``calling.py``)."""
        order = tables.order[NO_TRUMP]
        best = 0
        jack = cards[0] % 13 == JACK
        for position in range(1, len(cards)):
            card = cards[position]
            if card % 13 == JACK:  # a jack beats every earlier card, jacks included
                best, jack = position, True
            elif not jack and order[card] >= order[cards[best]]:
                best = position
        return best
