"""A play slot kind: hands are refilled from the stock after every trick (California Jack).

Play is ``follow-or-trump``'s (the ``follow`` rule, the leader); after each trick, while the
stock holds a card for every seat, the trick's winner draws its top card, then each other
seat in turn clockwise. When the stock is out the hands are played out. Every card drawn
joins its drawer's cards in play (``info.start``): High, Low, Jack and Game are judged over
every card that was played, and the seat that played a card is the one that drew it.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..model.fields import INFO, MASKS, TABLE, TO_MOVE, TRICK_CARDS
from .play import _RULES, FollowOrTrump
from .registry import choice, component
from .step import Fields, Next
from .wording import sentences

_WAIT, _DONE = Next.WAIT, Next.DONE


@component("play", "draw-after-trick")
@attrs.frozen
class DrawAfterTrick(FollowOrTrump):
    """After each trick the winner, then the others, draw a card from the stock (California Jack).

    Which cards may be played is follow-or-trump's (its ``follow`` rule, but trump-only)."""

    stock: str = choice(
        ("face-up", "face-down"), "face-up",
        "face-up: the stock lies face up, so its top card is seen by everyone (California "
        "Jack); face-down: only the card turned for trump is seen (Shasta Sam)")

    kernel_form = None  # type: ignore[assignment]  # (no kernel form: the draws run in Python)

    def __new__(cls, *args: Any, **kwargs: Any) -> DrawAfterTrick:
        """This class plays every ``follow`` rule itself (``playable`` asks the rule's class)."""
        return object.__new__(cls)

    def explain(self) -> str:
        """Play with draws from the stock, in plain words (``pitchcore explain``)."""
        stock = ("the stock lies face up, so everyone sees its top card" if self.stock == "face-up"
                 else "the stock lies face down: only the card turned for trump is seen")
        return sentences(FollowOrTrump.explain(self),
                         "after each trick, while the stock holds a card for every player, the trick's "
                         "winner draws its top card, then each other player in turn; once it is out the hands "
                         "are played out", stock)

    def problems(self) -> list[tuple[str, str]]:
        if self.follow == "trump-only":
            return [("follow", "trump-only folds seats out of trumps, which a refill from the stock "
                               "would bring back; use trump-anytime or strict")]
        return []

    def playable(self, state: Any) -> int:
        return _RULES[self.follow].playable(self, state)

    def broken_rule(self, state: Any, card: int) -> str:
        return _RULES[self.follow].broken_rule(self, state, card)

    def draw_rounds(self, players: int, deck: int, hand_size: int) -> int:
        """How many tricks are followed by a draw: the stock's rounds of one card a seat."""
        return max(deck - players * hand_size, 0) // players

    def apply_in_place(self, fields: Fields, move: Any) -> Next:
        trick_over = len(fields[TRICK_CARDS]) + 1 == fields[TABLE].players
        next_ = FollowOrTrump.apply_in_place(self, fields, move)
        if not trick_over:
            return next_
        info = fields[INFO]
        stock = info.stock
        players: int = fields[TABLE].players
        if len(stock) < players:
            return next_
        taker: int = fields[TO_MOVE]
        hands = list(fields[MASKS])
        start = list(info.start)
        for offset in range(players):
            seat = (taker + offset) % players
            bit = 1 << stock[offset]
            hands[seat] |= bit
            start[seat] |= bit  # the card is in play, held by its drawer
        fields[MASKS] = tuple(hands)
        fields[INFO] = info._replace(stock=stock[players:], start=tuple(start))
        return _WAIT
