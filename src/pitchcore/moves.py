"""Moves: immutable values with one canonical text each (``str`` and ``parse_move``)."""

from __future__ import annotations

from typing import NamedTuple

from .cards import MAX_CARDS, SUITS, card_text, cards_in, mask_of, parse_card, parse_suit
from .errors import InvalidMove

KINDS = ("pass", "bid", "trump", "discard", "play", "call", "deal", "partner", "redeal")


class Move(NamedTuple):
    """One player action.

    ``arg`` depends on ``kind``: a bid's number or name (``"smudge"``), a suit index for
    ``trump``, a card mask for ``discard``, a card index for ``play``, ``"high"``/``"low"``
    for ``call``, a hand size for ``deal`` and a card index for ``partner`` (the card the
    bidder calls: its holder is the bidder's partner for the hand).
    """

    kind: str
    arg: int | str | None = None

    def __str__(self) -> str:
        kind, arg = self.kind, self.arg
        if kind in ("play", "trump", "discard", "partner") and not _valid_arg(kind, arg):
            return f"{kind} {arg!r}"  # not a card or suit: said as given (an illegal move's message)
        if kind == "play":
            assert isinstance(arg, int)
            return "play " + card_text(arg)
        if kind == "partner":
            assert isinstance(arg, int)
            return "partner " + card_text(arg)
        if kind == "trump":
            assert isinstance(arg, int)
            return "trump " + SUITS[arg]
        if kind == "discard":
            assert isinstance(arg, int)
            return " ".join(["discard", *(card_text(c) for c in cards_in(arg))])
        if kind in ("pass", "redeal") and arg is None:
            return kind
        return f"{kind} {arg}"


def _valid_arg(kind: str, arg: object) -> bool:
    if arg.__class__ is not int:
        return False
    assert isinstance(arg, int)
    return 0 <= arg < (MAX_CARDS if kind in ("play", "partner") else 4 if kind == "trump" else 1 << MAX_CARDS)


PASS = Move("pass")
REDEAL = Move("redeal")
PLAY: tuple[Move, ...] = tuple(Move("play", card) for card in range(MAX_CARDS))
TRUMP: tuple[Move, ...] = tuple(Move("trump", suit) for suit in range(4))
PARTNER: tuple[Move, ...] = tuple(Move("partner", card) for card in range(MAX_CARDS))


def bid(value: int | str) -> Move:
    return Move("bid", value)


def discard(mask: int) -> Move:
    return Move("discard", mask)


def parse_move(text: str | Move) -> Move:
    """Parse canonical move text (``"bid 3"``, ``"play JH"``, ``"discard 4C 7D"``, ``"partner AS"``)."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise InvalidMove(f"a move is a Move or its text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidMove("empty move text: expected e.g. 'pass', 'bid 3', 'play JH'")
    kind, args = words[0].lower(), words[1:]
    try:
        if kind == "pass" and not args:
            return PASS
        if kind == "redeal" and not args:
            return REDEAL
        if kind == "discard":
            cards = [parse_card(word) for word in args]
            if len(set(cards)) != len(cards):
                raise ValueError("a card is named twice")
            return Move("discard", mask_of(cards))
        if len(args) != 1:
            raise ValueError("expected exactly one word after the move name")
        (word,) = args
        if kind == "play":
            return PLAY[parse_card(word)]
        if kind == "partner":
            return PARTNER[parse_card(word)]
        if kind == "trump":
            return TRUMP[parse_suit(word)]
        if kind in ("bid", "deal"):
            return Move(kind, int(word)) if word.lstrip("-").isdigit() else Move(kind, word.lower())
        if kind == "call":
            if word.lower() not in ("high", "low"):
                raise ValueError("expected 'high' or 'low'")
            return Move("call", word.lower())
    except ValueError as error:
        raise InvalidMove(f"bad move {text!r}: {error}") from None
    raise InvalidMove(
        f"bad move {text!r}: expected one of 'pass', 'bid N', 'trump S', 'discard CARDS', "
        "'play CARD', 'call high|low', 'deal N', 'partner CARD', 'redeal'"
    )
