"""Cards as small ints inside the engine, `Card` values at the public edge.

A card's index is ``suit * 13 + rank`` with ranks 0..12 for 2..A and suits 0..3 for
C, D, H, S, so a hand is a bit mask and every per-card question is a table lookup. The
jokers of 53- and 54-card decks follow: 52 is the high joker (the only one in a one-joker
deck), written ``HJ`` (``JK`` is read too), and 53 the low joker, ``LJ``. A joker has no
suit of its own: the trump tables make it a trump.
"""

from __future__ import annotations

import array
import functools
import hashlib
import sys
from collections.abc import Iterable, Iterator, Sequence

import attrs

from .extension import compiled

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
HIGH_JOKER, LOW_JOKER = 52, 53
MAX_CARDS = 54
"""Cards of the largest deck (two jokers): card indices run below this."""
DECKS = {"standard": 52, "joker": 53, "two-jokers": 54, "piquet": 52}
"""Deck name -> the width of its card indices (every card index lies below it): the
standard 52, then the jokers in index order. A stripped deck (``piquet``) keeps the 52
indices and leaves some of them out (``DECK_CARDS``), so encodings keep one width."""
SEVEN = 5
"""The rank index of a 7 (the lowest card of the piquet pack)."""
DECK_CARDS: dict[str, tuple[int, ...]] = {
    **{name: tuple(range(size)) for name, size in DECKS.items()},
    "piquet": tuple(card for card in range(52) if card % 13 >= SEVEN),
}
"""Deck name -> the card indices it holds, in index order. The piquet pack is the 32 cards
A K Q J T 9 8 7 of each suit (Racehorse Pitch)."""
DECK_MASKS = {name: sum(1 << card for card in cards) for name, cards in DECK_CARDS.items()}
"""Deck name -> the mask of its cards."""
JOKER_TEXT = {HIGH_JOKER: "HJ", LOW_JOKER: "LJ"}
_JOKER_WORDS = {"HJ": HIGH_JOKER, "JK": HIGH_JOKER, "JOKER": HIGH_JOKER, "LJ": LOW_JOKER}

TWO, THREE, FIVE, NINE = 0, 1, 3, 7
TEN, JACK, QUEEN, KING, ACE = 8, 9, 10, 11, 12
PIPS = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
"""Game pips by rank: the Game point counts these over captured cards."""

SAME_COLOUR = (3, 2, 1, 0)
"""The other suit of each suit's colour (clubs/spades black, diamonds/hearts red)."""


def rank_of(card: int) -> int:
    return card % 13


def suit_of(card: int) -> int:
    return card // 13


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def parse_rank(text: str) -> int:
    text = text.upper()
    if text == "10":
        text = "T"
    index = RANKS.find(text)
    if len(text) != 1 or index < 0:
        raise ValueError(f"unknown rank {text!r}: expected one of {' '.join(RANKS)}")
    return index


def parse_suit(text: str) -> int:
    index = SUITS.find(text.upper())
    if len(text) != 1 or index < 0:
        raise ValueError(f"unknown suit {text!r}: expected one of {' '.join(SUITS)}")
    return index


def parse_card(text: str) -> int:
    """Parse card text such as ``TH``, ``10h``, ``AS`` or ``HJ`` into its index."""
    text = text.strip()
    joker = _JOKER_WORDS.get(text.upper())
    if joker is not None:
        return joker
    if len(text) < 2:
        raise ValueError(f"bad card {text!r}: expected rank then suit, e.g. TH or AS, or a joker, HJ or LJ")
    try:
        return make_card(parse_rank(text[:-1]), parse_suit(text[-1]))
    except ValueError as error:
        raise ValueError(f"bad card {text!r}: {error}") from None


def card_text(card: int) -> str:
    return _TEXTS[card]


_TEXTS = tuple(RANKS[card % 13] + SUITS[card // 13] for card in range(DECK_SIZE)) + tuple(
    JOKER_TEXT[card] for card in range(DECK_SIZE, MAX_CARDS))
"""Each card's text by index (``card_text``'s answers: a game's record names every card of its deck)."""


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse a compact hand string (``"AS KS 3H"``) or an iterable of card texts."""
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask in index order (clubs 2 first)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: int) -> Sequence[int]:
    """``cards_in`` as a sequence (built in C where the extension is in use)."""
    if compiled is not None:
        found: tuple[int, ...] = compiled.cards(mask)
        return found
    return list(cards_in(mask))


def mask_text(mask: int) -> str:
    return " ".join(card_text(card) for card in cards_in(mask))


def _card_index(card: int | str) -> int:
    """A card's index from its index or its text: ``Card("AH")`` as ``repr`` writes it."""
    if isinstance(card, str):
        return parse_card(card)
    if card.__class__ is not int or not 0 <= card < MAX_CARDS:
        raise ValueError(f"bad card {card!r}: expected card text such as 'AH', or an index "
                         f"from 0 to {MAX_CARDS - 1}")
    return card


@functools.total_ordering
@attrs.frozen(eq=False)
class Card:
    """A playing card: the public face of a card index.

    Equal to its text as well as to itself (``card == "AH"``, ``"AH" in state.hands[0]``),
    and hashed as its text, so sets and dicts may mix the two; ordered by index (suit, then
    rank), like the deck.
    """

    index: int = attrs.field(converter=_card_index)
    """Position in the deck: ``suit * 13 + rank``; the jokers follow the 52 cards."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        if isinstance(other, str):
            return other == _TEXT[self.index]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_TEXT[self.index])

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index if other.__class__ is Card else NotImplemented

    @property
    def rank(self) -> str:
        """``2``..``A``; a joker's is its whole text (``HJ``, ``LJ``)."""
        return JOKER_TEXT[self.index] if self.is_joker else RANKS[self.index % 13]

    @property
    def suit(self) -> str:
        """``C``, ``D``, ``H`` or ``S``; empty for a joker, which belongs to no suit."""
        return "" if self.is_joker else SUITS[self.index // 13]

    @property
    def is_joker(self) -> bool:
        return self.index >= DECK_SIZE

    @classmethod
    def parse(cls, text: str) -> Card:
        return CARDS[parse_card(text)]

    def __str__(self) -> str:
        return card_text(self.index)

    def __repr__(self) -> str:
        return f"Card({card_text(self.index)!r})"


_TEXT = tuple(card_text(index) for index in range(MAX_CARDS))
CARDS: tuple[Card, ...] = tuple(Card(index) for index in range(MAX_CARDS))


def cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(CARDS[card] for card in cards_in(mask))


def shuffled(cards: Iterable[int], key: str) -> list[int]:
    """``cards`` in a random order fixed by ``key`` (a game's seed and deal number).

    Sorting by independent uniform 32-bit keys gives every order the same chance (ties,
    about one deal in three million, keep the given order). The keys are SHAKE-128 output
    of ``key``: the same on every platform and Python version, and a fraction of the cost
    of seeding a ``random.Random`` (a deal is shuffled once per hand on the hot path).
    """
    cards = list(cards)
    return [cards[i] for i in shuffled_range(len(cards), key)]


def shuffled_range(size: int, key: str) -> Sequence[int]:
    """``range(size)`` in the order ``shuffled`` gives it (a whole deck, without a copy)."""
    digest = hashlib.shake_128(key.encode()).digest(4 * size)
    if compiled is not None:  # key_order in C (a hand's deal sorts once)
        found: tuple[int, ...] = compiled.order(digest)
        return found
    return key_order(digest)


def key_order(digest: bytes) -> list[int]:
    """The indices of ``digest``'s little-endian 32-bit keys, the smallest key's first (ties
    in index order): the order ``shuffled_range`` deals in."""
    keys = array.array("I", digest)
    if sys.byteorder == "big":
        keys.byteswap()
    return sorted(range(len(keys)), key=keys.__getitem__)
