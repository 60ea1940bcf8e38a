"""The settlement slot: what each side is credited with once the hand's points are known."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .registry import MOST_SCORE, choice, component, field, slot
from .wording import sentences, times

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
    """(side, points) paid before play (a sold pitch, a turned jack, a begged gift), settled before anything else."""
    sets: tuple[int, ...] = ()
    """Per side, how often it has been set back in the game, this hand included
    (``going_out.lose_after_sets``)."""


@component("settlement", "set-back")
@attrs.frozen
class SetBack:
    """A bidder who made the bid scores what it earned, else loses the bid; the others score what they earned.

    ``set_bidder_points`` and ``set_bid_to`` say what else happens when the bidder is set
    (fails its bid): whether its side still scores the points it took (Smear's option), and
    whether the defending sides also score the bid (Cinch). With ``set_bid_to: defenders``
    and more than one defending side (cutthroat), each defending side scores the bid, after
    the hand's points, clockwise from the bidder. ``set_multiplier`` makes a set worth so
    many times the bid, both what the bidder loses and what the defenders score; with
    ``set_costs: nothing`` the bidder's side loses nothing but the points it took (Cinch as
    Parlett's worked example plays it: a 7-7 split on a bid of 8 scores the setting side
    15 and the bidders 0). A set shoot bid is set like any bid, except that a shoot's own
    ``failed`` points are lost and paid as they are, whatever these options say.

    ``floor`` is the table's "no score below zero": whatever a hand takes off a side (a
    set-back, a failed shoot's points, a called partner's share of a set, the dealer set
    back when all pass) stops at the floor, so a side at 2 set back 3 ends the hand at 0,
    and one at 0 stays there. It limits the hand's net change, after the points the side
    scores in it, and only ever makes a loss smaller: a side that starts a game below the
    floor (``new_game(scores=...)``) goes no lower, but is not raised to it. Going out then
    counts the limited loss, and the losing rules (``going_out.lose_at``) see the limited
    score, so a ``lose_at`` below the floor is never reached.
    """

    set_bidder_points: str = choice(
        ("forfeited", "kept"), "forfeited",
        "what a set bidder's side does with the points it took: forfeited (it scores none "
        "of them and loses the bid); kept (it scores them and also loses the bid: Smear's option)")
    set_bid_to: str = choice(
        ("nobody", "defenders"), "nobody",
        "who scores the bid when the bidder is set, besides the points they took: nobody; "
        "defenders (Cinch: the setting side scores its own points plus the bid; with several "
        "defending sides, each of them)")
    set_costs: str = choice(
        ("bid", "nothing"), "bid",
        "what a set costs the bidder's side: bid (it is set back the bid, times set_multiplier); "
        "nothing (it only scores nothing: Cinch, where the setting side scores the bid instead)")
    set_multiplier: int = field(
        1, "a set is worth this many times the bid: what the bidder loses and the defenders "
        "score (a double set-back: 2)", minimum=1, maximum=10)
    floor: int | None = field(
        None, "null (scores may go below zero: in the hole), or the lowest score a hand can take a "
        "side to: 0 for no score below zero (a side at 2 set back 3 ends at 0); a negative N stops "
        "a side at N. It only limits losses: a side already below it goes no lower",
        minimum=-MOST_SCORE, maximum=0)

    def explain(self) -> str:
        """Settling a hand in plain words (``pitchcore explain``): a made bid, a set, the others."""
        worth = times(self.set_multiplier, "the bid")
        cost = f"its side loses {worth}" if self.set_costs == "bid" else "its side loses nothing for it"
        taken = ("and scores none of the points it took" if self.set_bidder_points == "forfeited"
                 else "but still scores the points it took")
        paid = "" if self.set_bid_to == "nobody" or not self.defenders_score() else (
            f"each defending side also scores {worth}, besides the points it took")
        return sentences("a bidder whose side takes points worth at least its bid has made it, and its side "
                         "scores the points it took",
                         f"otherwise the bidder is set: {cost} {taken}", paid, self.others_text(),
                         self.floor_text())

    def floor_text(self) -> str:
        """The score floor in plain words, for ``explain`` (nothing: there is none)."""
        if self.floor is None:
            return ""
        lowest = "zero" if self.floor == 0 else str(self.floor)
        return (f"no score goes below {lowest}: a hand that would take a side lower (a set-back, a failed "
                f"shoot) leaves it at {self.floor}, and a side already below {lowest} goes no lower")

    def explain_without_bidding(self) -> str:
        """``explain`` where the auction has no bids (``auction: none``): no hand has a bidder."""
        return sentences("there is no bidding, so no hand has a bidder: every side scores the points it took",
                         self.floor_text())

    def others_text(self) -> str:
        """What the other sides score, for ``explain``."""
        return "the other sides score the points they took"

    def defenders_score(self) -> bool:
        return True

    def set_worth(self, bid: int) -> int:
        """What setting a bid of ``bid`` is worth: the bid times ``set_multiplier``."""
        return bid * self.set_multiplier

    def set_cost(self, worth: int) -> int:
        """What the bidder's side loses when it is set for a set worth ``worth``."""
        return worth if self.set_costs == "bid" else 0

    def credits(self, awards: Sequence[tuple[int | None, int]], bidder_side: int | None,
                made: bool | None) -> tuple[tuple[int, int], ...]:
        """The (side, points) the hand's categories credit, in award order."""
        found = []
        forfeit = made is False and self.set_bidder_points == "forfeited"
        for side, value in awards:
            if side is None:
                continue
            if side == bidder_side and forfeit:
                continue
            if side != bidder_side and bidder_side is not None and not self.defenders_score():
                continue
            found.append((side, value))
        return tuple(found)

    def floored(self, ledger: Ledger, scores: Sequence[int]) -> Ledger:
        """``ledger`` with what it takes off each side limited by ``floor`` (unchanged
        without one): a side ends the hand no lower than the floor, or than its score before
        the hand where that was lower still. Only losses shrink: the set-back first, then a
        negative credit (a called partner's share of a set), latest first; what a side
        scores is kept, so going out walks the same gains in the same order, and a side eased
        up to the floor is still far below any target."""
        floor = self.floor
        if floor is None:
            return ledger
        bidder = ledger.bidder_side
        credits = [list(pair) for pair in ledger.credits]
        paid = [list(pair) for pair in ledger.paid]
        penalty = ledger.penalty
        for side, score in enumerate(scores):
            change = sum(amount for owner, amount in ledger.paid + ledger.credits if owner == side)
            if side == bidder:
                change += ledger.bonus - penalty
            excess = min(score, floor) - (score + change)  # how far the hand would take it too low
            if excess <= 0:
                continue
            if side == bidder:
                eased = min(excess, penalty)
                penalty -= eased
                excess -= eased
            for pair in reversed(paid + credits):
                if excess <= 0:
                    break
                if pair[0] == side and pair[1] < 0:
                    eased = min(excess, -pair[1])
                    pair[1] += eased
                    excess -= eased
        return attrs.evolve(ledger, credits=tuple((side, amount) for side, amount in credits),
                            paid=tuple((side, amount) for side, amount in paid), penalty=penalty)

    def set_pays(self, bidder_side: int, amount: int, sides: int) -> tuple[tuple[int, int], ...]:
        """(side, points) the defending sides score for a set worth ``amount``: with
        ``set_bid_to: defenders``, each of them, clockwise from the bidder."""
        if self.set_bid_to == "nobody" or amount <= 0:
            return ()
        return tuple(((bidder_side + offset) % sides, amount) for offset in range(1, sides))


@component("settlement", "no-junk")
@attrs.frozen
class NoJunk(SetBack):
    """As set-back, but only the bidder's side can score: defenders' points count for nothing."""

    def others_text(self) -> str:
        return "only the bidder's side can score: the other sides' points count for nothing (no junk)"

    def defenders_score(self) -> bool:
        return False

    def problems(self) -> list[tuple[str, str]]:
        if self.set_bid_to == "defenders":
            return [("set_bid_to", "no-junk lets only the bidder's side score, so the defenders "
                     "cannot score the bid; use set_bid_to: nobody, or settlement: set-back")]
        return []
