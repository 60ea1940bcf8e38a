"""The going-out slot: the target, and who wins when a hand's points reach it."""

from __future__ import annotations

from typing import Any

import attrs

from ..registry import MOST_SCORE, component, field, slot
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


Settled = tuple[tuple[int, ...], int | None, bool]
"""What going out decides for a hand: score changes, the winning side (or None), and
whether the game is over."""

LOSE_AT_DOC = (
    "null (no such rule), or a negative score: a side at or below it after a hand loses the "
    "game. With two sides the other wins; with more the game ends and the highest other side "
    "wins (a tie: the first clockwise from the loser; several sides that low: the lowest "
    "loses). A hand that ends the game otherwise (a side reaching the target, a shoot) ends "
    "it as before")


def lose_at_field() -> Any:
    """The loss threshold: null, or a negative score no lower than the lowest target's negative."""
    return field(None, LOSE_AT_DOC, minimum=-MOST_SCORE, maximum=-1)


def lose_at_text(lose_at: int | None) -> str:
    return "" if lose_at is None else f", lose at {lose_at}"


def apply_lose_at(lose_at: int | None, scores: tuple[int, ...], ledger: Ledger,
                  settled: Settled) -> Settled:
    """``settled`` with the loss threshold applied: a game not yet over ends when a side is
    at or below ``lose_at``, and the highest of the others wins (see ``LOSE_AT_DOC``)."""
    delta, _, over = settled
    if lose_at is None or over:
        return settled
    totals = [score + change for score, change in zip(scores, delta, strict=True)]
    sides = len(totals)
    start = ledger.bidder_side or 0
    clockwise = [(start + offset) % sides for offset in range(sides)]
    loser = min(clockwise, key=totals.__getitem__)  # the first lowest, from the bidder on
    if totals[loser] > lose_at:
        return settled
    others = [(loser + offset) % sides for offset in range(1, sides)]
    others = [side for side in others if totals[side] > lose_at]
    if not others:
        return delta, None, True
    best = max(totals[side] for side in others)
    return delta, next(side for side in others if totals[side] == best), True


@attrs.frozen
class GoingOut:
    target: int = field(11, "the score that wins", minimum=1, maximum=MOST_SCORE)
    lose_at: int | None = lose_at_field()

    def needs_bidder(self) -> bool:
        """True when only a bidder can win, so a game without an auction would never end."""
        return False

    def goal(self, players: int) -> str:
        """What ends the game, for a person at the table."""
        return f"target {self.target}{lose_at_text(self.lose_at)}"

    def settle(self, scores: tuple[int, ...], ledger: Ledger, bidder: int | None) -> Settled:
        """Score changes, the winning side (or None), and whether the game is over."""
        return apply_lose_at(self.lose_at, scores, ledger, self.reach(scores, ledger))

    def reach(self, scores: tuple[int, ...], ledger: Ledger) -> Settled:
        """``settle`` before the loss threshold: who reaches the target, in this kind's order."""
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
    """A made shoot's bonus at once, then each category in award order, then the set-back.

    A set bidder's side never goes out during the walk, even where it keeps the points it
    took (``set_bidder_points: kept``): its set-back, applied after, takes them back and more.
    """

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
            if reached and (side != bidder or ledger.made is not False) and self.may_win(side, ledger, earned):
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


@component("going_out", "highest-total")
@attrs.frozen
class HighestTotal(GoingOut):
    """The whole hand is scored; if sides reach the target, the highest total wins, a tie to the bidder's side (Smear).

    A tie for the highest total without the bidder's side in it goes to the first of the
    tied sides clockwise from the bidder (from side 0 in a hand without a bidder).
    """

    def order(self, walk: Walk, ledger: Ledger) -> None:
        bidder = ledger.bidder_side
        for side, amount in ledger.credits:
            walk.add(side, amount)
        if bidder is not None:
            walk.add(bidder, ledger.bonus - ledger.penalty)
        totals = walk.scores
        best = max(totals)
        if best < self.target:
            return
        sides = len(totals)
        start = bidder or 0
        walk.winner = next(side for side in ((start + offset) % sides for offset in range(sides))
                           if totals[side] == best)
