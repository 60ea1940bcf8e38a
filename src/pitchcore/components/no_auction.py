"""An auction slot with no auction: nobody bids, so there is no bidder and no bid to make."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .registry import component
from .step import Step

if TYPE_CHECKING:
    from ..model.state import HandInfo


@component("auction", "none")
@attrs.frozen
class NoAuction(Step):
    """Nobody bids: the hand goes straight on with no bidder, and every side scores what it takes."""

    def explain(self) -> str:
        """No auction, in plain words (``pitchcore explain``)."""
        return "There is no bidding: nobody is the bidder, and every side scores what it takes."

    def rank(self, value: int | str | None) -> int:
        return 0

    def sale(self, info: HandInfo) -> tuple[int, int] | None:
        return None

    def all_values(self) -> list[int | str]:
        """The bids there are: none."""
        return []
