"""What the point components look at when a hand ends."""

from __future__ import annotations

import attrs

from ..cards import PIPS, cards_in, make_card
from .trump import TrumpTables

PIP_MASKS = tuple((pips, sum(1 << make_card(rank, suit) for suit in range(4))) for rank, pips in PIPS.items())
"""(pips, mask of every card of that rank): a pile's pips are a few popcounts."""


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
    piles: tuple[int, ...] = attrs.field(init=False)
    """Mask of the cards each side captured."""
    pips: tuple[int, ...] = attrs.field(init=False)
    """Game pips each side captured (T=10, A=4, K=3, Q=2, J=1)."""

    def __attrs_post_init__(self) -> None:
        piles = [0] * self.sides
        for card, seat in self.capturer.items():
            piles[self.side_of[seat]] |= 1 << card
        object.__setattr__(self, "piles", tuple(piles))
        object.__setattr__(self, "pips", tuple(
            sum(value * (pile & cards).bit_count() for value, cards in PIP_MASKS) for pile in piles))

    def receiver_side(self, card: int, receiver: str) -> int:
        seat = self.holder[card] if receiver == "holder" else self.capturer[card]
        return self.side_of[seat]

    def captured_by_side(self) -> list[list[int]]:
        return [list(cards_in(pile)) for pile in self.piles]
