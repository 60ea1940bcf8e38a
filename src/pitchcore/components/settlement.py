"""The settlement slot: what each side is credited with once the hand's points are known."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..registry import component, slot

slot("settlement", "How the hand's points turn into score changes (set-back, no junk).",
     "set-back")


@attrs.frozen
class Ledger:
    """A hand's score changes before the going-out rule orders them."""

    credits: tuple[tuple[int, int], ...]
    """(side, points) credited by the categories, in award order."""
    bidder_side: int | None
    bid_value: int
    made: bool | None
    bonus: int = 0
    """Points the bidder's side scores at once, before any category (a made moon)."""
    penalty: int = 0
    """Points the bidder's side loses after the categories (set back)."""
    outcome: str | None = None
    """``win-game`` or ``lose-game`` when a shoot bid decides the game outright."""
    hand: int = 1
    """The hand's number in the game, from 1 (a game of so many rounds ends on it)."""
    players: int = 0
    """Seats at the table (a game of one round per player)."""
    paid: tuple[tuple[int, int], ...] = ()
    """(side, points) paid in the auction (a sold pitch), settled before anything else."""


@component("settlement", "set-back")
@attrs.frozen
class SetBack:
    """A bidder who made the bid scores what it earned, else loses the bid; the others score what they earned."""

    def defenders_score(self) -> bool:
        return True

    def credits(self, awards: Sequence[tuple[int | None, int]], bidder_side: int | None,
                made: bool | None) -> tuple[tuple[int, int], ...]:
        found = []
        for side, value in awards:
            if side is None:
                continue
            if side == bidder_side and made is False:
                continue
            if side != bidder_side and bidder_side is not None and not self.defenders_score():
                continue
            found.append((side, value))
        return tuple(found)


@component("settlement", "no-junk")
@attrs.frozen
class NoJunk(SetBack):
    """As set-back, but only the bidder's side can score: defenders' points count for nothing."""

    def defenders_score(self) -> bool:
        return False
