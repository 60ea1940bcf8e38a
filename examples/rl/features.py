"""What the baseline policy sees of each legal action: a few numbers per action, read
from the seat's observation tensor alone (``pitchcore.interop.tensors``, auction-pitch's
layout for four seats).

A network over the whole tensor has to learn from scratch that a card's worth depends on
the trick and on trump; with the data a 30-minute budget buys, it does not (it agreed with
its teacher on under half of the card plays and won 12% of games against three
HeuristicBots). So the baseline scores each legal action by a weighted sum of features
that say it in the game's words (would this card take the trick, is it trump, how many
game points does it carry, ...), and learns the weights. The features carry no rule of
play: which of them matter, and how much, is what training finds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pitchcore.interop.tensors import TensorLayout

Array = npt.NDArray[np.float64]

RANKS = np.arange(52) % 13
"""Each card's rank: 0 for a two up to 12 for an ace (cards are suit * 13 + rank)."""
SUITS = np.arange(52) // 13
GAME_POINTS = np.array([{8: 10, 9: 1, 10: 2, 11: 3, 12: 4}.get(int(rank), 0) for rank in RANKS], dtype=float)
"""Each card's points toward game: ten 10, ace 4, king 3, queen 2, jack 1."""
JACK, TWO, ACE, TEN, KING = 9, 0, 12, 8, 11

PLAY_FEATURES = (
    "trump", "trump rank", "off-suit rank", "game points", "trump jack", "trump ace", "trump two", "trump ten",
    "leads", "leads trump", "leads rank", "leads a sure winner", "names trump: cards of its suit",
    "names trump: high of its suit", "names trump: jack of its suit", "names trump: two of its suit",
    "follows suit", "takes the trick", "takes the trick's game points", "takes the trick's jack",
    "takes the trick last to play", "sure winner", "loses with game points", "lowest of its suit",
    "highest of its suit", "trumps in", "bidder plays trump",
)
BID_SUMMARY = (
    "bias", "best suit's cards", "best suit's ace", "best suit's king", "best suit's jack", "best suit's two",
    "best suit's ten", "best suit's high rank", "second suit's cards", "aces", "high bid so far",
    "seats bid before", "dealer", "own score", "best other score",
)


class Features:
    """Feature rows for the legal actions of one observation (auction-pitch, 4 seats)."""

    def __init__(self, layout: TensorLayout, space: Any) -> None:
        pieces = {piece.name: piece for piece in layout.observation}
        self.slices = {name: piece.slice for name, piece in pieces.items()}
        self.play = space.play
        self.deck = space.deck_size
        self.pass_ = space.pass_
        self.bid = space.bid
        self.bids = len(space.bids)

    def part(self, tensor: Array, name: str, rows: int = 0) -> Array:
        values = tensor[self.slices[name]]
        return values.reshape(rows, -1) if rows else values

    def kind(self, mask: npt.NDArray[Any]) -> str:
        """``play`` or ``bid`` (the auction's pass and bids), else ``other``."""
        legal = np.flatnonzero(mask)
        if legal[0] >= self.play and legal[-1] < self.play + self.deck:
            return "play"
        if all(action == self.pass_ or self.bid <= action < self.bid + self.bids for action in legal):
            return "bid"
        return "other"

    def plays(self, tensor: Array, legal: npt.NDArray[np.intp]) -> Array:
        """One row of ``PLAY_FEATURES`` per legal card."""
        hand = self.part(tensor, "hand") > 0
        trick = self.part(tensor, "trick", 4) > 0
        seen = hand | trick.any(0) | (self.part(tensor, "played", 4) > 0).any(0) | \
            (self.part(tensor, "taken", 4) > 0).any(0)
        out = ~seen
        trump_row = self.part(tensor, "trump")
        trump = int(trump_row[:4].argmax()) if trump_row[:4].any() else -1
        leader = int(self.part(tensor, "leader").argmax())
        in_trick = trick.any(1)
        count = int(in_trick.sum())
        led_suit = int(SUITS[trick[leader].argmax()]) if in_trick[leader] else -1
        trick_cards = np.flatnonzero(trick.any(0))
        trick_points = GAME_POINTS[trick_cards].sum() / 10
        trick_jack = float(trump >= 0 and trump * 13 + JACK in trick_cards)
        bidder = self.part(tensor, "bidder")
        is_bidder = float(bidder[0] > 0)
        rows = np.zeros((len(legal), len(PLAY_FEATURES)))
        for row, action in zip(rows, legal, strict=True):
            card = int(action - self.play)
            suit, rank = int(SUITS[card]), int(RANKS[card])
            is_trump = float(suit == trump)
            own_suit = np.flatnonzero(hand & (suit == SUITS))
            higher_out = out & (suit == SUITS) & (rank < RANKS)
            sure = float(not higher_out.any() and (is_trump or trump < 0 or not (out & (trump == SUITS)).any()))
            row[0:8] = (is_trump, is_trump * rank / 12, (1 - is_trump) * rank / 12, GAME_POINTS[card] / 10,
                        is_trump * (rank == JACK), is_trump * (rank == ACE), is_trump * (rank == TWO),
                        is_trump * (rank == TEN))
            if count == 0:
                row[8:12] = (1, is_trump, rank / 12, sure)
                if trump < 0:
                    row[12:16] = (len(own_suit) / 6, RANKS[own_suit].max() / 12, float(suit * 13 + JACK in own_suit),
                                  float(suit * 13 + TWO in own_suit))
            else:
                takes = float(_winner(np.append(trick_cards, card), led_suit, trump) == card)
                row[16:22] = (float(suit == led_suit), takes, takes * trick_points, takes * trick_jack,
                              takes * (count == 3), sure * (count < 3))
                row[22] = (1 - takes) * GAME_POINTS[card] / 10
                row[25] = float(is_trump and suit != led_suit)
            row[23] = float(card == own_suit.min())
            row[24] = float(card == own_suit.max())
            row[26] = is_bidder * is_trump
        return rows

    def summary(self, tensor: Array) -> Array:
        """``BID_SUMMARY``: the hand's strength and the auction so far."""
        hand = self.part(tensor, "hand") > 0
        strength = [_suit_strength(hand, suit) for suit in range(4)]
        order = np.argsort(strength)[::-1]
        best, second = int(order[0]), int(order[1])
        cards = np.flatnonzero(hand & (best == SUITS))
        auction = self.part(tensor, "auction", 4)
        bid = self.part(tensor, "bid")
        high = (int(bid.argmax()) + 1) / 4 if bid.any() else 0.0
        scores = self.part(tensor, "scores")
        return np.array([
            1.0, len(cards) / 6, float(best * 13 + ACE in cards), float(best * 13 + KING in cards),
            float(best * 13 + JACK in cards), float(best * 13 + TWO in cards), float(best * 13 + TEN in cards),
            RANKS[cards].max() / 12 if len(cards) else 0.0, (hand & (second == SUITS)).sum() / 6,
            (hand & (RANKS == ACE)).sum() / 4, high, auction.any(1).sum() / 3,
            float(self.part(tensor, "dealer")[0] > 0), scores[0], scores[1:].max(),
        ])

    def auction(self, tensor: Array, legal: npt.NDArray[np.intp]) -> Array:
        """One row per legal auction action: the summary in the block of its level (pass,
        bid 1, 2, ...), so each level weighs the hand in its own way."""
        summary = self.summary(tensor)
        width = len(summary)
        rows = np.zeros((len(legal), width * (self.bids + 1)))
        for row, action in zip(rows, legal, strict=True):
            level = 0 if action == self.pass_ else int(action - self.bid) + 1
            row[level * width:(level + 1) * width] = summary
        return rows

    def rows(self, tensor: Array, mask: npt.NDArray[Any]) -> tuple[str, npt.NDArray[np.intp], Array | None]:
        """The decision's kind, its legal actions and their feature rows (None: other)."""
        legal = np.flatnonzero(mask)
        kind = self.kind(mask)
        if kind == "play":
            return kind, legal, self.plays(tensor, legal)
        if kind == "bid":
            return kind, legal, self.auction(tensor, legal)
        return kind, legal, None


def _suit_strength(hand: npt.NDArray[np.bool_], suit: int) -> float:
    cards = np.flatnonzero(hand & (suit == SUITS))
    return len(cards) + sum(rank in (ACE, JACK, TWO) for rank in RANKS[cards]) + RANKS[cards].sum() / 100


def _winner(cards: npt.NDArray[np.intp], led_suit: int, trump: int) -> int:
    """The card that takes a trick of ``cards`` (-1: none yet)."""
    if not len(cards):
        return -1
    trumps = cards[SUITS[cards] == trump]
    if len(trumps):
        return int(trumps[RANKS[trumps].argmax()])
    led = cards[SUITS[cards] == led_suit] if led_suit >= 0 else cards[:1]
    return int(led[RANKS[led].argmax()]) if len(led) else -1
