"""The settlement slot: what each side is credited with once the hand's points are known."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .registry import choice, component, field, slot
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
                         f"otherwise the bidder is set: {cost} {taken}", paid, self.others_text())

    def explain_without_bidding(self) -> str:
        """``explain`` where the auction has no bids (``auction: none``): no hand has a bidder."""
        return "There is no bidding, so no hand has a bidder: every side scores the points it took."

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
