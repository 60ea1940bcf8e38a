"""The trick slot: which card wins a finished trick."""

from __future__ import annotations

import attrs

from ..registry import component, slot
from .trump import TrumpTables

slot("trick", "Which card wins a trick.", "highest-trump")


@component("trick", "highest-trump")
@attrs.frozen
class HighestTrump:
    """The highest trump wins; with no trump in the trick, the highest card of the suit led."""

    def winner(self, cards: tuple[int, ...], trump: int, tables: TrumpTables) -> int:
        """Position (0 = the lead) of the winning card in ``cards``."""
        suit = tables.suit[trump]
        order = tables.order[trump]
        led = suit[cards[0]]
        best, best_power = 0, -1
        for position, card in enumerate(cards):
            card_suit = suit[card]
            if card_suit == trump:
                power = 100 + order[card]
            elif card_suit == led:
                power = order[card]
            else:
                continue
            if power > best_power:
                best, best_power = position, power
        return best
