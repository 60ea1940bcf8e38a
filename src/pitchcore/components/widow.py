"""The widow slot: cards the bidder receives before naming trump."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..model.cards import mask_of
from .registry import MOST_CARDS, component, field, slot
from .step import Step
from .wording import plural

if TYPE_CHECKING:
    from ..model.state import GameState

slot("widow", "Cards the bidder (or every player) receives from the stock before trump is named.", "none")


@component("widow", "none")
@attrs.frozen
class NoWidow(Step):
    """The bidder receives nothing."""

    def explain(self) -> str:
        """The widow in plain words (``pitchcore explain``): none."""
        return "There is no widow: nobody receives cards beyond the deal."

    def extra_cards(self) -> int:
        """Cards the bidder holds beyond the others once the widow step is over."""
        return 0

    def each_cards(self) -> int:
        """Cards every seat holds beyond those dealt once the widow step is over."""
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

    def explain(self) -> str:
        """The gift in plain words (``pitchcore explain``)."""
        return (f"Once the auction is over the bidder is given the top {plural(self.count, 'card')} of the "
                f"stock, and holds {self.count} more than the others until the exchange.")

    def extra_cards(self) -> int:
        return self.count

    def each_cards(self) -> int:
        return 0

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


@component("widow", "own")
@attrs.frozen
class OwnWidow(Step):
    """Every player has a face-down widow of its own, picked up once the auction is over (Cinch with a widow).

    The widows lie face down through the auction, seen by nobody, so they are the top of
    the stock until then: ``count`` cards to each seat from the eldest, in turn, as the
    auction ends. Each player then holds ``count`` cards more than it was dealt, which
    only it sees. The exchange takes them away (Cinch with a widow, as Parlett gives it:
    nine dealt, a widow of four, everyone discards seven to keep six: ``discard-refill``
    with ``discard: to-keep``), or they are played. A family Pedro of the Finger Lakes
    deals the same "book" of four to each player, not to be looked at until the bid is won.
    """

    count: int = field(4, "cards in each player's widow", minimum=1, maximum=MOST_CARDS)

    def explain(self) -> str:
        """The players' widows in plain words (``pitchcore explain``)."""
        return (f"Each player has a face-down widow of {plural(self.count, 'card')} of its own, seen by "
                "nobody during the auction; once the auction is over each player picks up its widow.")

    def extra_cards(self) -> int:
        return 0

    def each_cards(self) -> int:
        return self.count

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        info = state.info
        players = state.table.players
        masks = list(state.masks)
        for offset in range(players):
            seat = (state.dealer + 1 + offset) % players
            masks[seat] |= mask_of(info.stock[offset * self.count:(offset + 1) * self.count])
        info = info._replace(stock=info.stock[players * self.count:])
        return state.evolve(masks=tuple(masks), info=info), False
