"""The going-out slot: the target, and who wins when a hand's points reach it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .registry import MOST_ROUNDS, MOST_SCORE, choice, component, field, kind_of, slot
from .settlement import Ledger
from .wording import plural, sentences

slot("going_out", "The target score and the order in which a hand's points can reach it.",
     "bidder-first")


class Walk:
    """Adds a hand's points one at a time and remembers who reached the target first.

    With ``win_by`` (the game's ``going_out.win_by``), a side reaches the target only when
    it also leads every other side by at least that much as its points are added.
    """

    def __init__(self, scores: tuple[int, ...], target: int, win_by: int | None = None) -> None:
        self.scores = list(scores)
        self.delta = [0] * len(scores)
        self.target = target
        self.win_by = win_by
        self.winner: Won = None

    def add(self, side: int, amount: int) -> bool:
        """Add points; True when this addition takes ``side`` to the target."""
        scores = self.scores
        scores[side] += amount
        self.delta[side] += amount
        if scores[side] < self.target:  # (``out`` in line: a hand is scored on every playout)
            return False
        return self.win_by is None or leads_by(scores, side, self.win_by)

    def out(self, side: int) -> bool:
        """True when ``side`` is at the target now (and leads by ``win_by``, where set)."""
        scores = self.scores
        if scores[side] < self.target:
            return False
        return self.win_by is None or leads_by(scores, side, self.win_by)

    def result(self) -> Settled:
        return tuple(self.delta), self.winner, self.winner is not None


def leads_by(scores: Sequence[int], side: int, margin: int) -> bool:
    """True when ``side``'s score is at least ``margin`` above every other side's."""
    others = [score for other, score in enumerate(scores) if other != side]
    return not others or scores[side] - max(others) >= margin


def clockwise_from(start: int | None, sides: int) -> list[int]:
    """Every side, clockwise from ``start`` (from side 0 where there is none)."""
    first = start or 0
    return [(first + offset) % sides for offset in range(sides)]


Won = int | tuple[int, ...] | None
"""Who wins the game on a hand: a side, several sides together (a tuple), or None."""

Settled = tuple[tuple[int, ...], Won, bool]
"""What going out decides for a hand: score changes, the winning side (or sides, or None),
and whether the game is over."""


def winners_of(won: Won) -> tuple[int, ...]:
    """The winning sides ``settle`` names, as a tuple (empty: nobody wins)."""
    if won is None:
        return ()
    if isinstance(won, int):
        return (won,)
    return tuple(won)


LOSE_AT_DOC = (
    "null (no such rule), or a negative score: a side at or below it after a hand loses the "
    "game. With two sides the other wins; with more the game ends and the highest other side "
    "wins (a tie: the first clockwise from the loser; several sides that low: the lowest "
    "loses). A hand that ends the game otherwise (a side reaching the target, a shoot) ends "
    "it as before")

LOSE_AFTER_SETS_DOC = (
    "null (no such rule), or N: a side set back for the Nth time in a game loses it (three "
    "setbacks and you lose). With two sides the other wins; with more the game ends and the "
    "highest other side wins (a tie: the first clockwise from the loser). A hand that ends "
    "the game otherwise ends it as before; a dealer set back when all pass "
    "(auction.all_pass: dealer-set-back) counts as set back")

WIN_BY_DOC = (
    "null (reaching the target is enough), or N: a side at the target wins only when it "
    "leads every other side by at least N (win by two: 2); otherwise play goes on until a "
    "side at the target leads by N at the end of a hand or as its points are counted")


def lose_at_field() -> Any:
    """The loss threshold: null, or a negative score no lower than the lowest target's negative."""
    return field(None, LOSE_AT_DOC, minimum=-MOST_SCORE, maximum=-1)


def lose_after_sets_field() -> Any:
    """The set-backs that lose a game: null, or a number of them."""
    return field(None, LOSE_AFTER_SETS_DOC, minimum=1, maximum=MOST_ROUNDS)


def losing_words(lose_at: int | None, lose_after_sets: int | None) -> str:
    """The losing rules in sentences, for ``explain`` (nothing: none)."""
    below = "" if lose_at is None else f"a side at or below {lose_at} after a hand loses the game"
    sets = "" if lose_after_sets is None else (
        f"a side set back for the {_nth(lose_after_sets)} time in a game loses it")
    others = "the highest of the other sides then wins" if below or sets else ""
    return sentences(below, sets, others)


def _nth(count: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``."""
    suffix = "th" if 10 <= count % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(count % 10, "th")
    return f"{count}{suffix}"


def lose_at_text(lose_at: int | None, lose_after_sets: int | None = None) -> str:
    text = "" if lose_at is None else f", lose at {lose_at}"
    if lose_after_sets is not None:
        text += f", lose after {lose_after_sets} set-back{'s' if lose_after_sets > 1 else ''}"
    return text


def apply_lose_at(lose_at: int | None, scores: tuple[int, ...], ledger: Ledger,
                  settled: Settled, lose_after_sets: int | None = None) -> Settled:
    """``settled`` with the losing rules applied: a game not yet over ends when a side is
    at or below ``lose_at`` (see ``LOSE_AT_DOC``), or has been set back
    ``lose_after_sets`` times (see ``LOSE_AFTER_SETS_DOC``), and the highest of the others
    wins."""
    delta, _, over = settled
    if over or (lose_at is None and lose_after_sets is None):
        return settled
    totals = [score + change for score, change in zip(scores, delta, strict=True)]
    clockwise = clockwise_from(ledger.bidder_side, len(totals))
    if lose_at is not None:
        loser = min(clockwise, key=totals.__getitem__)  # the first lowest, from the bidder on
        if totals[loser] <= lose_at:
            survivors = [side for side in _after(loser, len(totals)) if totals[side] > lose_at]
            return delta, _highest(survivors, totals), True
    if lose_after_sets is not None:
        sets = ledger.sets
        lost = [side for side in clockwise if side < len(sets) and sets[side] >= lose_after_sets]
        if lost:
            loser = min(lost, key=totals.__getitem__)  # several at once: the lowest score loses
            return delta, _highest(_after(loser, len(totals)), totals), True
    return settled


def _after(loser: int, sides: int) -> list[int]:
    """The other sides, clockwise from the one after ``loser``."""
    return [(loser + offset) % sides for offset in range(1, sides)]


def _highest(sides: list[int], totals: list[int]) -> int | None:
    """The first of ``sides`` with the highest total (None: no side)."""
    if not sides:
        return None
    best = max(totals[side] for side in sides)
    return next(side for side in sides if totals[side] == best)


@attrs.frozen
class GoingOut:
    target: int = field(11, "the score that wins", minimum=1, maximum=MOST_SCORE)
    lose_at: int | None = lose_at_field()
    win_by: int | None = field(None, WIN_BY_DOC, minimum=1, maximum=MOST_SCORE)
    lose_after_sets: int | None = lose_after_sets_field()

    def explain(self) -> str:
        """Going out in plain words (``pitchcore explain``): the target, who reaches it first, ties."""
        win_by = "" if self.win_by is None else (
            f"a side at the target wins only while it leads every other side by at least {self.win_by}; "
            "otherwise play goes on")
        return sentences(f"the game is played to {plural(self.target, 'point')}", self.order_words(), win_by,
                         losing_words(self.lose_at, self.lose_after_sets))

    def order_words(self) -> str:
        """How a hand's points are counted towards the target, and who wins a tie, for ``explain``."""
        raise NotImplementedError

    def needs_bidder(self) -> bool:
        """True when only a bidder can win, so a game without an auction would never end."""
        return False

    def shares(self) -> bool:
        """True when several sides can win together (then ``win_by`` means nothing)."""
        return False

    def problems(self) -> list[tuple[str, str]]:
        if self.win_by is not None and self.shares():
            return [("win_by", f"{kind_of(self)} lets several sides win together, and no side "
                     "leads a side it ties with; use win_by: null, or one winner")]
        return []

    def goal(self, players: int) -> str:
        """What ends the game, for a person at the table."""
        by = "" if self.win_by is None else f", win by {self.win_by}"
        return f"target {self.target}{by}{lose_at_text(self.lose_at, self.lose_after_sets)}"

    def settle(self, scores: tuple[int, ...], ledger: Ledger, bidder: int | None) -> Settled:
        """Score changes, the winning side (or sides, or None), and whether the game is over."""
        settled = self.reach(scores, ledger)
        if not settled[2] and self.win_by is not None:
            settled = self.ahead(scores, ledger, settled)
        return apply_lose_at(self.lose_at, scores, ledger, settled, self.lose_after_sets)

    def ahead(self, scores: tuple[int, ...], ledger: Ledger, settled: Settled) -> Settled:
        """With ``win_by``: a side at the target that leads by ``win_by`` once the hand is
        counted wins, where this kind lets it win (a lead can come from a rival set back)."""
        delta = settled[0]
        totals = [score + change for score, change in zip(scores, delta, strict=True)]
        leader = max(range(len(totals)), key=totals.__getitem__)
        assert self.win_by is not None
        if (totals[leader] >= self.target and leads_by(totals, leader, self.win_by)
                and self.may_finish(leader, ledger)):
            return delta, leader, True
        return settled

    def may_finish(self, side: int, ledger: Ledger) -> bool:
        """Whether ``side``, at the target and far enough ahead after a hand, wins."""
        return True

    def reach(self, scores: tuple[int, ...], ledger: Ledger) -> Settled:
        """``settle`` before the losing rules: who reaches the target, in this kind's order."""
        walk = Walk(scores, self.target, self.win_by)
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

    def order_words(self) -> str:
        return ("after each hand the bidder's side is counted first (its points, or its set-back), then the "
                "others' points in award order; the first side to reach the target wins, and counting stops "
                "there. So a bidder's side that reaches the target wins even where others reach it too, and "
                "among the others the award order decides")

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

    def order_words(self) -> str:
        return ("points are counted in award order (a made shoot's bonus first, a set-back last), and only "
                "the bidder's side can win: once it has made its bid and reaches the target, counting stops "
                "there; no other side goes out, however many points it has")

    def may_win(self, side: int, ledger: Ledger, earned: int) -> bool:
        return side == ledger.bidder_side and bool(ledger.made) and earned >= ledger.bid_value

    def may_finish(self, side: int, ledger: Ledger) -> bool:
        return side == ledger.bidder_side and bool(ledger.made)

    def needs_bidder(self) -> bool:
        return True


@component("going_out", "award-order")
@attrs.frozen
class AwardOrder(AwardWalk):
    """Points go in award order and the first side to reach the target wins at once, bidder or not."""

    def order_words(self) -> str:
        return ("points are counted in award order (a made shoot's bonus first, a set-back last), and the "
                "first side to reach the target wins at once, bidder or not (a set bidder never goes out on "
                "that hand)")

    def may_win(self, side: int, ledger: Ledger, earned: int) -> bool:
        return True


@component("going_out", "win-on-bid")
@attrs.frozen
class WinOnBid(GoingOut):
    """The whole hand is scored; a side wins only by reaching the target on a hand it bid and made."""

    def order_words(self) -> str:
        return ("the whole hand is scored, and a side wins only by reaching the target on a hand it bid and "
                "made; other sides may pass the target and play on")

    def needs_bidder(self) -> bool:
        return True

    def may_finish(self, side: int, ledger: Ledger) -> bool:
        return side == ledger.bidder_side and bool(ledger.made)

    def order(self, walk: Walk, ledger: Ledger) -> None:
        score_all(walk, ledger)
        bidder = ledger.bidder_side
        if bidder is not None and ledger.made and walk.out(bidder):
            walk.winner = bidder


def score_all(walk: Walk, ledger: Ledger) -> None:
    """Add the whole hand: every credit in award order, then the bidder's bonus and set-back."""
    for side, amount in ledger.credits:
        walk.add(side, amount)
    if ledger.bidder_side is not None:
        walk.add(ledger.bidder_side, ledger.bonus - ledger.penalty)


def highest_at_target(walk: Walk, start: int | None) -> list[int]:
    """The sides at the target with the highest total, clockwise from ``start`` (empty: none
    is there, or, with ``win_by``, the highest does not lead the rest by that much)."""
    totals = walk.scores
    best = max(totals)
    if best < walk.target:
        return []
    tied = [side for side in clockwise_from(start, len(totals)) if totals[side] == best]
    if walk.win_by is not None and not leads_by(totals, tied[0], walk.win_by):
        return []
    return tied


@component("going_out", "highest-total")
@attrs.frozen
class HighestTotal(GoingOut):
    """The whole hand is scored; if sides reach the target, the highest total wins, a tie to the bidder's side (Smear).

    A tie for the highest total without the bidder's side in it goes to the first of the
    tied sides clockwise from the bidder (from side 0 in a hand without a bidder); with
    ``tie: shared`` every tied side wins.
    """

    tie: str = choice(
        ("bidder", "shared"), "bidder",
        "who wins when sides tie for the highest total at the target: bidder (the bidder's "
        "side, else the first tied side clockwise from the bidder); shared (every tied side "
        "wins: state.winners names them all, state.winner is null)")

    def order_words(self) -> str:
        return ("the whole hand is scored; if sides reach the target, the highest total wins, and a tie for it "
                + ("goes to the bidder's side, or else the first tied side clockwise from the bidder"
                   if self.tie == "bidder" else "is won by every tied side together"))

    def shares(self) -> bool:
        return self.tie == "shared"

    def order(self, walk: Walk, ledger: Ledger) -> None:
        score_all(walk, ledger)
        tied = highest_at_target(walk, ledger.bidder_side)
        if len(tied) > 1 and self.tie == "shared":
            walk.winner = tuple(sorted(tied))
        elif tied:
            walk.winner = tied[0]


@component("going_out", "bidder-goes-out")
@attrs.frozen
class BidderGoesOut(GoingOut):
    """The whole hand is scored; a bidder's side at the target wins whatever others score, else the highest total.

    The rule of tables where "the bidder goes out": every side scores what it took, and the
    bidding side, if it made its bid and reached the target, wins even where another side
    passed the target with more. Otherwise the highest total at the target wins, a tie to
    the bidder's side (a set bidder still at the target), else the first tied side
    clockwise from the bidder; with ``tie: shared`` every tied side wins (playsmear.com's
    cutthroat rule: the bidder out first, else the highest total, ties shared). (``bidder-first``
    also lets the bidder out first, but stops counting there: the others' points of that
    hand are not added.)
    """

    tie: str = choice(
        ("bidder", "shared"), "bidder",
        "who wins when the bidder does not go out and sides tie for the highest total at the "
        "target: bidder (the bidder's side, else the first tied side clockwise from the "
        "bidder); shared (every tied side wins: state.winners names them all, state.winner "
        "is null)")

    def order_words(self) -> str:
        tie = ("a tie to the bidder's side, else the first tied side clockwise from the bidder"
               if self.tie == "bidder" else "a tie won by every tied side together")
        return ("the whole hand is scored; a bidder's side that made its bid and reaches the target wins, "
                f"whatever the others score; otherwise the highest total at the target wins, {tie}")

    def shares(self) -> bool:
        return self.tie == "shared"

    def order(self, walk: Walk, ledger: Ledger) -> None:
        score_all(walk, ledger)
        bidder = ledger.bidder_side
        if bidder is not None and ledger.made is not False and walk.out(bidder):
            walk.winner = bidder
            return
        tied = highest_at_target(walk, bidder)
        if len(tied) > 1 and self.tie == "shared":
            walk.winner = tuple(sorted(tied))
        elif tied:
            walk.winner = tied[0]


@component("going_out", "all-reaching")
@attrs.frozen
class AllReaching(GoingOut):
    """The whole hand is scored; every side at the target after it wins, together if several do."""

    def order_words(self) -> str:
        return ("the whole hand is scored, and every side at the target after it wins, together if several do")

    def shares(self) -> bool:
        return True

    def order(self, walk: Walk, ledger: Ledger) -> None:
        score_all(walk, ledger)
        reached = tuple(side for side, total in enumerate(walk.scores) if total >= walk.target)
        if len(reached) == 1:
            walk.winner = reached[0]
        elif reached:
            walk.winner = reached
