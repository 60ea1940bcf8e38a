"""The trump slot: how trump is chosen, and the one place that says what a card *is*.

Every question of effective suit and trick rank goes through the tables built here
(``TrumpTables``), so the jick and any later extra trump live in this module only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ..cards import JACK, SAME_COLOUR, make_card, rank_of, suit_of
from ..moves import TRUMP, Move
from ..registry import component, slot
from .step import Next, Step

if TYPE_CHECKING:
    from ..state import GameState

slot("trump", "How the trump suit is chosen, and which extra cards count as trumps.", "named")

NO_TRUMP = 4
"""Index of the tables used while no trump is known."""

ExtraTrump = Callable[[int], tuple[int, int]]

EXTRA_TRUMPS: dict[str, tuple[str, ExtraTrump]] = {
    # name -> (description, trump suit -> (card, order among trumps))
    "jick": (
        "the other jack of the trump's colour joins trumps between the T and the J",
        lambda trump: (make_card(JACK, SAME_COLOUR[trump]), 2 * JACK - 1),
    ),
}
"""Cards of another suit that join trumps; order is on the 2*rank scale (odd = between)."""


@attrs.frozen
class TrumpTables:
    """Per trump suit (0-3, and 4 for 'none yet'): effective suit, order and masks."""

    suit: tuple[tuple[int, ...], ...]
    """suit[t][card]: the suit the card belongs to while t is trump."""
    order: tuple[tuple[int, ...], ...]
    """order[t][card]: rank within its effective suit, higher beats lower."""
    trumps: tuple[int, ...]
    """trumps[t]: mask of every trump card while t is trump."""
    suit_masks: tuple[tuple[int, ...], ...]
    """suit_masks[t][s]: mask of the cards of effective suit s while t is trump."""
    extras: tuple[tuple[int, ...], ...]
    """extras[t]: the extra trump cards (jick, ...) while t is trump."""
    ranked: tuple[tuple[int, ...], ...]
    """ranked[t]: every trump card while t is trump, highest first."""


def build_tables(extras: tuple[str, ...], deck_size: int = 52) -> TrumpTables:
    suits, orders, trump_masks, suit_masks, extra_cards = [], [], [], [], []
    for trump in range(5):
        suit = [suit_of(card) for card in range(deck_size)]
        order = [2 * rank_of(card) for card in range(deck_size)]
        found = []
        if trump != NO_TRUMP:
            for name in extras:
                card, position = EXTRA_TRUMPS[name][1](trump)
                suit[card], order[card] = trump, position
                found.append(card)
        masks = [0, 0, 0, 0]
        for card in range(deck_size):
            masks[suit[card]] |= 1 << card
        suits.append(tuple(suit))
        orders.append(tuple(order))
        suit_masks.append(tuple(masks))
        trump_masks.append(masks[trump] if trump != NO_TRUMP else 0)
        extra_cards.append(tuple(found))
    ranked = tuple(tuple(sorted((card for card in range(deck_size) if mask >> card & 1),
                                key=order.__getitem__, reverse=True))
                   for mask, order in zip(trump_masks, orders, strict=True))
    return TrumpTables(tuple(suits), tuple(orders), tuple(trump_masks), tuple(suit_masks),
                       tuple(extra_cards), ranked)


def _extras_field(doc: str) -> tuple[str, ...]:
    return attrs.field(default=(), converter=tuple,
                       metadata={"choices": tuple(EXTRA_TRUMPS), "doc": doc, "list": True})


@attrs.frozen
class TrumpRule(Step):
    extras: tuple[str, ...] = _extras_field("extra trump cards: " + "; ".join(
        f"{name}: {text}" for name, (text, _) in EXTRA_TRUMPS.items()))

    def tables(self) -> TrumpTables:
        return build_tables(self.extras)

    def suit_from_lead(self, card: int) -> int | None:
        """The trump set by the first card led, for variants where the lead sets it."""
        return None


@component("trump", "first-lead")
@attrs.frozen
class FirstLead(TrumpRule):
    """The suit of the bidder's first lead is trump; there is no separate announcement."""

    def suit_from_lead(self, card: int) -> int | None:
        return suit_of(card)


@component("trump", "named")
@attrs.frozen
class Named(TrumpRule):
    """The bidder names trump before any card is played."""

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        from ..state import Phase

        return state.evolve(phase=Phase.NAMING_TRUMP, to_move=state.info.bidder), True

    def legal(self, state: GameState) -> tuple[Move, ...]:
        return TRUMP

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        assert isinstance(move.arg, int)
        return state.evolve(info=state.info._replace(trump=move.arg)), Next.DONE
