"""What the point components look at when a hand ends."""

from __future__ import annotations

import attrs

from .trump import TrumpTables


@attrs.frozen
class HandContext:
    """The finished hand, in the terms point categories are judged by (RULES.md P3)."""

    trump: int
    tables: TrumpTables
    side_of: tuple[int, ...]
    sides: int
    in_play: int
    """Mask of the cards in play: held when play began."""
    holder: dict[int, int]
    """Card -> the seat that held it when play began."""
    capturer: dict[int, int]
    """Card -> the seat that won the trick it fell in."""
    tricks_won: tuple[int, ...]
    """Tricks won per side."""
    bidder_side: int | None

    def receiver_side(self, card: int, receiver: str) -> int:
        seat = self.holder[card] if receiver == "holder" else self.capturer[card]
        return self.side_of[seat]

    def captured_by_side(self) -> list[list[int]]:
        piles: list[list[int]] = [[] for _ in range(self.sides)]
        for card, seat in self.capturer.items():
            piles[self.side_of[seat]].append(card)
        return piles
