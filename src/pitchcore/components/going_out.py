"""The going-out slot: the target, and who wins when a hand's points reach it."""

from __future__ import annotations

import attrs

from ..registry import component, field, slot
from .settlement import Ledger

slot("going_out", "The target score and the order in which a hand's points can reach it.",
     "bidder-first")


class Walk:
    """Adds a hand's points one at a time and remembers who reached the target first."""

    def __init__(self, scores: tuple[int, ...], target: int) -> None:
        self.scores = list(scores)
        self.delta = [0] * len(scores)
        self.target = target
        self.winner: int | None = None

    def add(self, side: int, amount: int) -> bool:
        """Add points; True when this addition takes ``side`` to the target."""
        self.scores[side] += amount
        self.delta[side] += amount
        return self.scores[side] >= self.target

    def result(self) -> tuple[tuple[int, ...], int | None, bool]:
        return tuple(self.delta), self.winner, self.winner is not None


@attrs.frozen
class GoingOut:
    target: int = field(11, "the score that wins", minimum=1)

    def needs_bidder(self) -> bool:
        """True when only a bidder can win, so a game without an auction would never end."""
        return False

    def goal(self, players: int) -> str:
        """What ends the game, for a person at the table."""
        return f"target {self.target}"

    def settle(self, scores: tuple[int, ...], ledger: Ledger,
               bidder: int | None) -> tuple[tuple[int, ...], int | None, bool]:
        """Score changes, the winning side (or None), and whether the game is over."""
        walk = Walk(scores, self.target)
        for side, amount in ledger.paid:  # a sold pitch is paid before the hand is played
            if walk.add(side, amount):
                walk.winner = side
                return walk.result()
        if ledger.outcome == "win-game":
            for side, amount in ledger.credits:
                walk.add(side, amount)
            walk.add(ledger.bidder_side or 0, ledger.bonus)
            walk.winner = ledger.bidder_side
            return walk.result()
        if ledger.outcome == "lose-game":
            return tuple(walk.delta), best_other(scores, ledger), True
        self.order(walk, ledger)
        return walk.result()

    def order(self, walk: Walk, ledger: Ledger) -> None:
        raise NotImplementedError


def best_other(scores: tuple[int, ...], ledger: Ledger) -> int | None:
    """The side that wins when the bidder's side loses the game outright."""
    sides = len(scores)
    start = ledger.bidder_side or 0
    others = [(start + offset) % sides for offset in range(1, sides)]
    if not others:
        return None
    best = max(scores[side] for side in others)
    return next(side for side in others if scores[side] == best)


@component("going_out", "bidder-first")
@attrs.frozen
class BidderFirst(GoingOut):
    """The bidder's side is settled first; then the others' points in award order; first to the target wins."""

    def order(self, walk: Walk, ledger: Ledger) -> None:
        bidder = ledger.bidder_side
        if bidder is not None:
            own = sum(amount for side, amount in ledger.credits if side == bidder)
            if walk.add(bidder, own + ledger.bonus - ledger.penalty):
                walk.winner = bidder
                return
        for side, amount in ledger.credits:
            if side != bidder and walk.add(side, amount):
                walk.winner = side
                return


@attrs.frozen
class AwardWalk(GoingOut):
    """A made shoot's bonus at once, then each category in award order, then the set-back."""

    def may_win(self, side: int, ledger: Ledger, earned: int) -> bool:
        """Whether reaching the target now wins for ``side`` (``earned``: the bidder's so far)."""
        raise NotImplementedError

    def order(self, walk: Walk, ledger: Ledger) -> None:
        bidder = ledger.bidder_side
        earned = 0
        steps = ([(bidder, ledger.bonus)] if bidder is not None and ledger.bonus else []) + list(ledger.credits)
        for side, amount in steps:
            reached = walk.add(side, amount)
            if side == bidder:
                earned += amount
            if reached and self.may_win(side, ledger, earned):
                walk.winner = side
                return
        if bidder is not None:
            walk.add(bidder, -ledger.penalty)


@component("going_out", "bidder-only")
@attrs.frozen
class BidderOnly(AwardWalk):
    """Points go in award order and only the bidder's side can win, once it has made its bid; scoring stops there."""

    def may_win(self, side: int, ledger: Ledger, earned: int) -> bool:
        return side == ledger.bidder_side and bool(ledger.made) and earned >= ledger.bid_value

    def needs_bidder(self) -> bool:
        return True


@component("going_out", "award-order")
@attrs.frozen
class AwardOrder(AwardWalk):
    """Points go in award order and the first side to reach the target wins at once, bidder or not."""

    def may_win(self, side: int, ledger: Ledger, earned: int) -> bool:
        return True


@component("going_out", "win-on-bid")
@attrs.frozen
class WinOnBid(GoingOut):
    """The whole hand is scored; a side wins only by reaching the target on a hand it bid and made."""

    def needs_bidder(self) -> bool:
        return True

    def order(self, walk: Walk, ledger: Ledger) -> None:
        bidder = ledger.bidder_side
        for side, amount in ledger.credits:
            walk.add(side, amount)
        if bidder is not None:
            reached = walk.add(bidder, ledger.bonus - ledger.penalty)
            if ledger.made and reached:
                walk.winner = bidder
