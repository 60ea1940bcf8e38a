"""The points slot: the ordered list of point categories a hand awards.

Each category says who receives it (the side that held the card when play began, or the
side that captured it); the list's order is the award order going-out rules walk. A
category credits (side, points) pairs: Pitch's categories (``Point``) their whole value to
one side; a category may also credit every side its own amount (``card_values.py``).
Trump categories score nothing in a hand without a trump suit.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from ..cards import FIVE, JACK, SAME_COLOUR, make_card, parse_rank
from ..registry import MOST_VALUE, choice, component, field, slot
from .context import HandContext
from .trump import NO_TRUMP

slot("points", "The point categories of a hand, in award order.", None, many=True)

RECEIVERS = ("holder", "capturer")


def receiver_field(default: str) -> Any:
    return choice(RECEIVERS, default,
                  "holder: the side that held the card when play began; "
                  "capturer: the side that won the trick containing it")


Credits = tuple[tuple[int, int], ...]
"""(side, points) pairs: what one category credits, in a hand's award order."""


def top_side(credits: Credits) -> int | None:
    """The one side credited most (None: nobody credited, or a tie for the most)."""
    if len(credits) < 2:  # Pitch's categories: one side or nobody
        return credits[0][0] if credits else None
    totals: dict[int, int] = {}
    for side, amount in credits:
        totals[side] = totals.get(side, 0) + amount
    best = max(totals.values())
    leaders = [side for side, amount in totals.items() if amount == best]
    return leaders[0] if len(leaders) == 1 else None


@attrs.frozen
class Category:
    """A point category: it credits sides with points when a hand ends."""

    name: str = field("", "the name awards are reported under (high, low, jack, ...)")

    def credits(self, ctx: HandContext) -> Credits:
        """The (side, points) this category credits for the hand, in a fixed order."""
        raise NotImplementedError

    def most(self) -> int:
        """The most points the category can credit in one hand (what a bid can count on)."""
        raise NotImplementedError

    def tally(self, ctx: HandContext) -> tuple[int, ...] | None:
        """The count per side the category is judged by (Game pips, card points), if any."""
        return None

    def needs_trump(self) -> bool:
        """True when the category is judged by the trump suit (none without one)."""
        return False

    def deciding_card(self, ctx: HandContext) -> int | None:
        """The card that decides this category in the hand, if one card does (for
        ``HandResult.decided_by``; Game and card points have none)."""
        return None

    def deciding_cards(self, extras: tuple[str, ...]) -> tuple[str, ...]:
        """Extra trumps this category needs to exist (for load-time checks)."""
        return ()


@attrs.frozen
class Point(Category):
    """A category won whole by one side (or nobody): High, Low, Jack, Game, ..."""

    value: int = field(1, "points the category is worth", minimum=1, maximum=MOST_VALUE)

    def award(self, ctx: HandContext) -> int | None:
        """The side that wins this category, or None when nobody does."""
        raise NotImplementedError

    def credits(self, ctx: HandContext) -> Credits:
        side = self.award(ctx)
        return () if side is None else ((side, self.value),)

    def most(self) -> int:
        return self.value


@attrs.frozen
class CardPoint(Point):
    receiver: str = receiver_field("capturer")

    def card(self, ctx: HandContext) -> int | None:
        raise NotImplementedError

    def needs_trump(self) -> bool:
        return True

    def deciding_card(self, ctx: HandContext) -> int | None:
        if ctx.trump == NO_TRUMP:
            return None  # no trump suit, so no trump card to win
        card = self.card(ctx)
        return None if card is None or not ctx.in_play >> card & 1 else card

    def award(self, ctx: HandContext) -> int | None:
        card = self.deciding_card(ctx)
        return None if card is None else ctx.receiver_side(card, self.receiver)


def _first_in_play(ctx: HandContext, cards: Iterable[int]) -> int | None:
    in_play = ctx.in_play
    for card in cards:
        if in_play >> card & 1:
            return card
    return None


@component("points", "high")
@attrs.frozen
class High(CardPoint):
    """The highest trump in play (a joker never is)."""

    name: str = field("high", "the name awards are reported under")

    def card(self, ctx: HandContext) -> int | None:
        return _first_in_play(ctx, ctx.tables.natural[ctx.trump])


@component("points", "low")
@attrs.frozen
class Low(CardPoint):
    """The lowest trump in play (a joker never is).

    Where Low is the 2 of trumps only (Cinch, Ten-point Pitch, Pedro: nobody scores Low
    when the 2 is not in play), use ``{kind: trump-card, name: low, rank: "2"}`` instead.
    Likewise ``{kind: trump-card, name: high, rank: A}`` is High as the ace of trumps only.
    """

    name: str = field("low", "the name awards are reported under")

    def card(self, ctx: HandContext) -> int | None:
        return _first_in_play(ctx, reversed(ctx.tables.natural[ctx.trump]))


@component("points", "jack")
@attrs.frozen
class Jack(CardPoint):
    """The jack of trumps, if it is in play."""

    name: str = field("jack", "the name awards are reported under")

    def card(self, ctx: HandContext) -> int | None:
        return make_card(JACK, ctx.trump)


@component("points", "jick")
@attrs.frozen
class Jick(CardPoint):
    """The jick (the other jack of the trump's colour), if it is in play."""

    name: str = field("jick", "the name awards are reported under")

    def card(self, ctx: HandContext) -> int | None:
        return make_card(JACK, SAME_COLOUR[ctx.trump])

    def deciding_cards(self, extras: tuple[str, ...]) -> tuple[str, ...]:
        return ("jick",)


@component("points", "off-five")
@attrs.frozen
class OffFive(CardPoint):
    """The off-five (Left Pedro: the other five of the trump's colour), if it is in play."""

    name: str = field("off-five", "the name awards are reported under")
    value: int = field(5, "points the category is worth (Left Pedro: 5)", minimum=1, maximum=MOST_VALUE)

    def card(self, ctx: HandContext) -> int | None:
        return make_card(FIVE, SAME_COLOUR[ctx.trump])

    def deciding_cards(self, extras: tuple[str, ...]) -> tuple[str, ...]:
        return ("off-five",)


@component("points", "trump-card")
@attrs.frozen
class TrumpCard(CardPoint):
    """One named rank of trumps, if it is in play (the ten or three of Ten-point Pitch).

    Also the fixed-card forms of the usual points: the ten of trumps in place of Game
    (``name: game, rank: T``: Cinch, Pedro, Trickster's ``tenOfTrumpReplacesGamePoint``),
    the 2 of trumps as Low (``name: low, rank: "2"``), the ace as High (``name: high,
    rank: A``), the Right Pedro (``name: right-pedro, rank: "5", value: 5``).
    """

    name: str = field("ten", "the name awards are reported under")
    rank: str = choice(tuple("23456789TJQKA"), "T",
                       'the rank of trumps that scores (quote a digit: rank: "5")')

    def card(self, ctx: HandContext) -> int | None:
        return make_card(parse_rank(self.rank), ctx.trump)


@component("points", "game")
@attrs.frozen
class Game(Point):
    """Most game pips captured (T=10, A=4, K=3, Q=2, J=1)."""

    name: str = field("game", "the name awards are reported under")
    tie: str = choice(
        ("nobody", "defenders", "eldest"), "nobody",
        "nobody: a tie for most pips awards Game to no one; defenders: to the one "
        "defending side in the tie (nobody if the tie has no or several defending sides); "
        "eldest: to the eldest hand's side if it is in the tie (two hands: the non-dealer, "
        "as in All Fours), else nobody",
    )

    def pips(self, ctx: HandContext) -> tuple[int, ...]:
        return ctx.pips

    def tally(self, ctx: HandContext) -> tuple[int, ...] | None:
        return ctx.pips

    def award(self, ctx: HandContext) -> int | None:
        pips = self.pips(ctx)
        best = max(pips)
        if best == 0:
            return None  # no pips captured at all: there is no Game to win
        leaders = [side for side, count in enumerate(pips) if count == best]
        if len(leaders) == 1:
            return leaders[0]
        if self.tie == "defenders":
            defenders = [side for side in leaders if side != ctx.bidder_side]
            if len(defenders) == 1:
                return defenders[0]
        if self.tie == "eldest" and ctx.eldest_side in leaders:
            return ctx.eldest_side
        return None
