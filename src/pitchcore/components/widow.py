"""The widow slot: cards the bidder receives before naming trump."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..registry import MOST_CARDS, component, field, slot
from .step import Step

if TYPE_CHECKING:
    from ..state import GameState

slot("widow", "Cards the bidder receives from the stock before trump is named.", "none")


@component("widow", "none")
@attrs.frozen
class NoWidow(Step):
    """The bidder receives nothing."""

    def extra_cards(self) -> int:
        return 0


@component("widow", "gift")
@attrs.frozen
class Gift(Step):
    """The bidder is given cards from the top of the stock (Haus Pitch's gift of three, Smear's kitty of four).

    The bidder then holds ``count`` cards more than the others; the exchange takes them
    away: ``draw`` (the extra cards must go), or ``discard-refill`` (every non-trump goes and
    the hand is refilled to ``keep``; with ``discard: to-keep`` every player discards down to
    ``keep`` and nobody draws, as in Smear).
    """

    count: int = field(3, "cards given to the bidder", minimum=1, maximum=MOST_CARDS)

    def extra_cards(self) -> int:
        return self.count

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        info = state.info
        bidder = info.bidder
        assert bidder is not None
        gift = 0
        for card in info.stock[: self.count]:
            gift |= 1 << card
        masks = list(state.masks)
        masks[bidder] |= gift
        info = info._replace(stock=info.stock[self.count:], gift=gift)
        return state.evolve(masks=tuple(masks), info=info), False
