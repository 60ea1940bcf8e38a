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

from ..model.cards import (
    ACE,
    DECK_SIZE,
    FIVE,
    HIGH_JOKER,
    JACK,
    PIPS,
    RANKS,
    SAME_COLOUR,
    THREE,
    make_card,
    parse_rank,
)
from .context import HandContext
from .kernel_form import CARD, GAME, LAST
from .registry import MOST_VALUE, choice, component, field, slot
from .trump import NO_TRUMP, TrumpTables
from .wording import RANK_WORDS, capital, plural

slot("points", "The point categories of a hand, in award order.", None, many=True)

RECEIVERS = ("holder", "capturer")
GAME_TIES = ("nobody", "defenders", "dealer", "eldest", "joker-holder")
"""Who a tie for most Game pips goes to (``Game.tie``), the default first."""


RECEIVER_WORDS = {"holder": "to the side that held it when play began",
                  "capturer": "to the side that takes it in a trick"}
"""Who scores a card's category, in the words ``explain`` uses."""


def receiver_field(default: str) -> Any:
    return choice(RECEIVERS, default,
                  "holder: the side that held the card when play began; "
                  "capturer: the side that won the trick containing it")


KernelCategory = tuple[int, int, int, tuple[tuple[int, ...], ...], int, int]
"""A point category as the compiled kernel judges it (``components.kernel_form``): kind,
captured (1) or held (0), needs a trump suit, the deciding cards per trump suit 0-4 (4: no
trump), Game's tie rule (its index in ``GAME_TIES``), Game's half joker pips."""
_NO_CARDS: tuple[tuple[int, ...], ...] = ((),) * 5

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
        return self.credited(self.award(ctx))

    def credited(self, side: int | None) -> Credits:
        """What the category credits when ``side`` wins it (None: nobody does)."""
        return () if side is None else ((side, self.value),)

    def most(self) -> int:
        return self.value


@attrs.frozen
class CardPoint(Point):
    receiver: str = receiver_field("capturer")

    def explain(self) -> str:
        """The category in plain words (``pitchcore explain``): its name, worth, card and receiver."""
        return (f"{capital(self.name)} ({plural(self.value, 'point')}): {self.card_words()}, "
                f"{RECEIVER_WORDS.get(self.receiver, self.receiver)}.")

    def card_words(self) -> str:
        """The card that decides the category, in words: ``the jack of trumps, if it is in play``."""
        raise NotImplementedError

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        """The cards that may decide the category while ``trump`` is trump, in order: the
        first of them in play does. The one definition both the engine and the compiled
        kernel (``pitchcore.game.kernel``) judge by."""
        raise NotImplementedError

    def card(self, ctx: HandContext) -> int | None:
        """The card that decides the category in this hand, if any is in play."""
        return _first_in_play(ctx, self.candidates(ctx.tables, ctx.trump))

    def needs_trump(self) -> bool:
        return True

    def kernel_form(self, tables: TrumpTables, deck: int) -> KernelCategory:
        """The compiled kernel's form (``components.kernel_form``): the first in play of the
        candidates while each suit (none: nothing) is trump, to the receiver's side."""
        cards = tuple(tuple(card for card in self.candidates(tables, trump) if card < deck)
                      if trump != NO_TRUMP else () for trump in range(5))
        return CARD, int(self.receiver == "capturer"), int(self.needs_trump()), cards, 0, 0

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

    def card_words(self) -> str:
        return "the highest trump in play (a joker never is)"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return tables.natural[trump]


@component("points", "low")
@attrs.frozen
class Low(CardPoint):
    """The lowest trump in play (a joker never is).

    Where Low is the 2 of trumps only (Cinch, Ten-point Pitch, Pedro: nobody scores Low
    when the 2 is not in play), use ``{kind: trump-card, name: low, rank: "2"}`` instead.
    Likewise ``{kind: trump-card, name: high, rank: A}`` is High as the ace of trumps only.
    """

    name: str = field("low", "the name awards are reported under")

    def card_words(self) -> str:
        return "the lowest trump in play (a joker never is)"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return tables.natural[trump][::-1]


@component("points", "jack")
@attrs.frozen
class Jack(CardPoint):
    """The jack of trumps, if it is in play."""

    name: str = field("jack", "the name awards are reported under")

    def card_words(self) -> str:
        return "the jack of trumps, if it is in play"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (make_card(JACK, trump),)


@component("points", "jick")
@attrs.frozen
class Jick(CardPoint):
    """The jick (the other jack of the trump's colour), if it is in play."""

    name: str = field("jick", "the name awards are reported under")

    def card_words(self) -> str:
        return "the jick (the other jack of the trump's colour), if it is in play"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (make_card(JACK, SAME_COLOUR[trump]),)

    def deciding_cards(self, extras: tuple[str, ...]) -> tuple[str, ...]:
        return ("jick",)


@component("points", "off-five")
@attrs.frozen
class OffFive(CardPoint):
    """The off-five (Left Pedro: the other five of the trump's colour), if it is in play."""

    name: str = field("off-five", "the name awards are reported under")
    value: int = field(5, "points the category is worth (Left Pedro: 5)", minimum=1, maximum=MOST_VALUE)

    def card_words(self) -> str:
        return "the off-five (the other 5 of the trump's colour), if it is in play"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (make_card(FIVE, SAME_COLOUR[trump]),)

    def deciding_cards(self, extras: tuple[str, ...]) -> tuple[str, ...]:
        return ("off-five",)


@component("points", "off-ace")
@attrs.frozen
class OffAce(CardPoint):
    """The off-ace (the other ace of the trump's colour), if it is in play (Trickster's 11-point Pitch: 1)."""

    name: str = field("off-ace", "the name awards are reported under")

    def card_words(self) -> str:
        return "the off-ace (the other ace of the trump's colour), if it is in play"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (make_card(ACE, SAME_COLOUR[trump]),)

    def deciding_cards(self, extras: tuple[str, ...]) -> tuple[str, ...]:
        return ("off-ace",)


@component("points", "off-three")
@attrs.frozen
class OffThree(CardPoint):
    """The off-three (the other three of the trump's colour), if it is in play (Trickster's 13-point Pitch: 3)."""

    name: str = field("off-three", "the name awards are reported under")
    value: int = field(3, "points the category is worth (Trickster's 13-point Pitch: 3)",
                       minimum=1, maximum=MOST_VALUE)

    def card_words(self) -> str:
        return "the off-three (the other 3 of the trump's colour), if it is in play"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (make_card(THREE, SAME_COLOUR[trump]),)

    def deciding_cards(self, extras: tuple[str, ...]) -> tuple[str, ...]:
        return ("off-three",)


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

    def card_words(self) -> str:
        return f"the {RANK_WORDS.get(self.rank, self.rank)} of trumps, if it is in play"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (make_card(parse_rank(self.rank), trump),)


@component("points", "game")
@attrs.frozen
class Game(Point):
    """Most game pips captured (T=10, A=4, K=3, Q=2, J=1)."""

    name: str = field("game", "the name awards are reported under")
    tie: str = choice(
        GAME_TIES, "nobody",
        "nobody: a tie for most pips awards Game to no one; defenders: to the one defending "
        "side in the tie (nobody if the tie has no or several defending sides); dealer: to the "
        "dealer's side, eldest: to the side of the seat after the dealer (Cassell's two-hand "
        "All Fours: the non-dealer), joker-holder: to the side dealt the joker (HJ) for play "
        "(Western-Pennsylvania Cinch), each if that side is in the tie (else nobody)",
    )
    joker_pips: str = choice(
        ("none", "half-on-ties"), "none",
        "none: a joker counts no pips; half-on-ties: each joker captured counts half a pip, "
        "which only breaks a tie for most pips (Whirled's Seven-Point Pitch)")

    def explain(self) -> str:
        """Game in plain words (``pitchcore explain``): the pips and who a tie goes to."""
        pips = ", ".join(f"{count} for each {RANK_WORDS[RANKS[rank]]}"
                         for rank, count in sorted(PIPS.items(), key=lambda item: -item[1]))
        tie = {"nobody": "nobody",
               "defenders": "the defending side in it, if there is just one (else nobody)",
               "dealer": "the dealer's side, if it is in the tie (else nobody)",
               "eldest": "the side of the player on the dealer's left, if it is in the tie (else nobody)",
               "joker-holder": "the side dealt the joker (HJ), if it is in the tie (else nobody)",
               }.get(self.tie, self.tie)
        jokers = ("; a tie is first broken by the jokers taken, each worth half a pip"
                  if self.joker_pips == "half-on-ties" else "")
        return (f"{capital(self.name)} ({plural(self.value, 'point')}): to the side that takes the most game "
                f"pips in its tricks ({pips}; nobody scores it when no pip is taken){jokers}; a tie for the "
                f"most goes to {tie}.")

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
        if len(leaders) > 1 and self.joker_pips == "half-on-ties":
            jokers = [(ctx.piles[side] >> DECK_SIZE).bit_count() for side in leaders]
            leaders = [side for side, count in zip(leaders, jokers, strict=True) if count == max(jokers)]
        if len(leaders) == 1:
            return leaders[0]
        return self.tied(ctx, leaders)

    def kernel_form(self, tables: TrumpTables, deck: int) -> KernelCategory:
        """The compiled kernel's form (``components.kernel_form``): most pips, ties by ``tie``."""
        return GAME, 0, 0, _NO_CARDS, GAME_TIES.index(self.tie), int(self.joker_pips == "half-on-ties")

    def tied(self, ctx: HandContext, leaders: list[int]) -> int | None:
        """The side a tie for most pips (between ``leaders``) goes to, by ``tie``."""
        tie = self.tie
        if tie == "defenders":
            defenders = [side for side in leaders if side != ctx.bidder_side]
            return defenders[0] if len(defenders) == 1 else None
        if tie == "joker-holder":
            side = ctx.receiver_side(HIGH_JOKER, "holder")
        elif tie in ("dealer", "eldest") and ctx.dealer is not None:
            side = ctx.side_of[(ctx.dealer + (tie == "eldest")) % len(ctx.side_of)]
        else:
            return None
        return side if side in leaders else None


@component("points", "last-trick")
@attrs.frozen
class LastTrick(Point):
    """The last trick of the hand, to the side that takes it (a nine-card High-Low-Jack house rule)."""

    name: str = field("last-trick", "the name awards are reported under")

    def explain(self) -> str:
        """The last trick in plain words (``pitchcore explain``)."""
        return (f"{capital(self.name)} ({plural(self.value, 'point')}): to the side that takes the last trick "
                "of the hand.")

    def award(self, ctx: HandContext) -> int | None:
        taker = ctx.last_taker
        return None if taker is None else ctx.side_of[taker]

    def kernel_form(self, tables: TrumpTables, deck: int) -> KernelCategory:
        """The compiled kernel's form (``components.kernel_form``): the last trick's taker."""
        return LAST, 0, 0, _NO_CARDS, 0, 0


@component("points", "high-spade")
@attrs.frozen
class HighSpade(Point):
    """The highest spade in play, by face (A down to 2), trump or not (a nine-card High-Low-Jack house rule)."""

    name: str = field("high-spade", "the name awards are reported under")
    receiver: str = receiver_field("capturer")

    def explain(self) -> str:
        """The high spade in plain words (``pitchcore explain``)."""
        return (f"{capital(self.name)} ({plural(self.value, 'point')}): the highest spade in play by face (ace "
                f"down to 2), trump or not, {RECEIVER_WORDS.get(self.receiver, self.receiver)}.")

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        """The spades from the ace down, whatever is trump (the compiled kernel asks this too)."""
        return _SPADES

    def deciding_card(self, ctx: HandContext) -> int | None:
        return _first_in_play(ctx, self.candidates(ctx.tables, ctx.trump))

    def award(self, ctx: HandContext) -> int | None:
        card = self.deciding_card(ctx)
        return None if card is None else ctx.receiver_side(card, self.receiver)

    def kernel_form(self, tables: TrumpTables, deck: int) -> KernelCategory:
        """The compiled kernel's form (``components.kernel_form``): the first spade in play,
        whatever is trump, with or without a trump suit."""
        spades = tuple(card for card in _SPADES if card < deck)
        return CARD, int(self.receiver == "capturer"), 0, (spades,) * 5, 0, 0


_SPADES = tuple(make_card(rank, 3) for rank in range(ACE, -1, -1))
"""The spades from the ace down."""
