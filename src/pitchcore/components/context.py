"""What the point components look at when a hand ends."""

from __future__ import annotations

from collections.abc import Iterator

from ..model.cards import ACE, CARDS, JACK, KING, MAX_CARDS, QUEEN, TEN, make_card
from ..model.results import Decision, PlayRecord
from .trump import TrumpTables


def _rank_mask(rank: int) -> int:
    return sum(1 << make_card(rank, suit) for suit in range(4))


_TENS, _ACES, _KINGS, _QUEENS, _JACKS = (_rank_mask(rank) for rank in (TEN, ACE, KING, QUEEN, JACK))


def pips_of(pile: int) -> int:
    """Game pips of a mask of cards (T=10, A=4, K=3, Q=2, J=1; a joker none): five popcounts."""
    return (10 * (pile & _TENS).bit_count() + 4 * (pile & _ACES).bit_count()
            + 3 * (pile & _KINGS).bit_count() + 2 * (pile & _QUEENS).bit_count()
            + (pile & _JACKS).bit_count())


CARD_PIPS = tuple(pips_of(1 << card) for card in range(MAX_CARDS))
"""Game pips per card index (T 10, A 4, K 3, Q 2, J 1; a joker none)."""


class HandContext:
    """The finished hand, in the terms point categories are judged by (docs/rules.md, "Points").

    Who held and who took each card are kept as one mask per seat, not per card: a hand
    is scored thousands of times a second, and a category asks about one or two cards.
    """

    __slots__ = ("bidder_side", "dealer", "held", "in_play", "last_taker", "piles", "pips", "side_of",
                 "sides", "tables", "taken", "tricks_won", "trump")

    def __init__(self, trump: int, tables: TrumpTables, side_of: tuple[int, ...], sides: int,
                 held: tuple[int, ...], taken: tuple[int, ...], tricks_won: tuple[int, ...],
                 bidder_side: int | None, dealer: int | None = None,
                 last_taker: int | None = None, pips: tuple[int, ...] | None = None) -> None:
        self.trump = trump
        self.tables = tables
        self.side_of = side_of
        self.sides = sides
        self.held = held
        """Each seat's cards when play began."""
        self.taken = taken
        """The cards of the tricks each seat won."""
        self.tricks_won = tricks_won
        """Tricks won per side."""
        self.bidder_side = bidder_side
        self.dealer = dealer
        """The seat that dealt the hand (None where unknown)."""
        self.last_taker = last_taker
        """The seat that won the hand's last trick (None: no trick was played)."""
        in_play = 0
        for mask in held:
            in_play |= mask
        self.in_play = in_play
        """Mask of the cards in play: held when play began."""
        piles = [0] * sides
        for seat, mask in enumerate(taken):
            piles[side_of[seat]] |= mask
        self.piles = tuple(piles)
        """Mask of the cards each side captured."""
        self.pips = tuple(pips_of(pile) for pile in piles) if pips is None else pips
        """Game pips each side captured (given where the hand was judged elsewhere)."""

    def holder(self, card: int) -> int | None:
        """The seat that held ``card`` when play began (None: not in play)."""
        return _seat_with(self.held, 1 << card)

    def capturer(self, card: int) -> int | None:
        """The seat that won the trick ``card`` fell in (None: never played)."""
        return _seat_with(self.taken, 1 << card)

    def receiver_side(self, card: int, receiver: str) -> int | None:
        seat = self.holder(card) if receiver == "holder" else self.capturer(card)
        return None if seat is None else self.side_of[seat]


def _seat_with(masks: tuple[int, ...], bit: int) -> int | None:
    """The first seat whose mask has ``bit`` (a loop: this runs for every card category)."""
    for seat, mask in enumerate(masks):
        if mask & bit:
            return seat
    return None


def decisions(record: PlayRecord) -> Iterator[tuple[str, Decision]]:
    """The card that decided each category of a played hand, where one card does (High,
    Low, Jack: not Game), with its holder and taker: ``HandResult.decided_by`` reads this."""
    if record.trump is None or record.tables is None:
        return
    taken = [0] * len(record.shown)
    for _, cards, taker in record.tricks:
        for card in cards:
            taken[taker] |= 1 << card
    ctx = HandContext(record.trump, record.tables, tuple(range(len(taken))), len(taken),
                      record.shown, tuple(taken), (0,) * len(taken), None)
    for point in record.points:
        card = point.deciding_card(ctx)
        seat = None if card is None else ctx.holder(card)
        if card is not None and seat is not None:
            yield point.name, Decision(CARDS[card], seat, ctx.capturer(card))
