"""Moves: immutable values with one canonical text each (``str`` and ``parse_move``)."""

from __future__ import annotations

import operator
from typing import Any, NamedTuple

from .caches import Cache
from .cards import MAX_CARDS, SUITS, card_text, cards_in, mask_of, parse_card, parse_suit
from .errors import InvalidMove
from .phase import Phase
from .text import shown

KINDS = ("pass", "bid", "trump", "discard", "play", "call", "deal", "partner", "redeal", "stand", "beg",
         "give", "run", "blind")
WORDS = ("pass", "redeal", "stand", "beg", "give", "run")
"""The kinds of move that take no argument: ``pass``, ``redeal``, and the turn-up's ``stand``
and ``beg`` (the eldest keeps the turned trump, or begs for another) and ``give`` and
``run`` (the dealer answers a beg with a point, or runs the cards)."""

NUMBER_LIMIT = 2**31
"""A bid or a deal given as a number lies from 0 to ``NUMBER_LIMIT - 1`` (no rule asks more)."""
TEXT_LIMIT = 2000
"""The most characters of move text ``parse_move`` reads (the longest move, a discard of a
whole hand, is a few dozen)."""
_DIGITS = 18
"""The most digits of a number in move text."""


class Move(NamedTuple):
    """One player action.

    ``arg`` depends on ``kind`` (one of ``KINDS``): a bid's number (0 to ``NUMBER_LIMIT - 1``)
    or name (``"smudge"``), a suit index (0-3: C, D, H, S) for ``trump``, a card mask for
    ``discard``, a card index for ``play``, ``"high"``/``"low"`` for ``call``, a hand size
    for ``deal``, a card index for ``partner`` (the card the bidder calls: its holder is the
    bidder's partner for the hand), and None for ``pass``, ``redeal``, ``stand``, ``beg``,
    ``give`` and ``run``. Card indices lie
    below the game's deck size (52, or 53/54 with jokers), masks below ``1 << deck size``;
    a number is an ``int``, never a ``bool`` or a ``float``. ``GameState.apply`` refuses
    any other shape with ``IllegalMove``.
    """

    kind: str
    arg: int | str | None = None

    def __str__(self) -> str:
        if tuple.__len__(self) != 2:
            return f"<a move of {tuple.__len__(self)} items>"
        kind: Any = tuple.__getitem__(self, 0)
        arg: Any = tuple.__getitem__(self, 1)
        if shape_problem(self) is not None:  # not a move: said as given (an illegal move's message)
            return f"{shown(kind, quote=kind.__class__ is not str)} {shown(arg)}"
        if kind == "play":
            return "play " + card_text(arg)
        if kind == "partner":
            return "partner " + card_text(arg)
        if kind == "trump":
            return "trump " + SUITS[arg]
        if kind == "discard":
            return " ".join(["discard", *(card_text(c) for c in cards_in(arg))])
        return str(kind) if arg is None else f"{kind} {arg}"

    def describe(self, phase: Phase | None = None) -> str:
        """The move as a phrase after a seat's name, for people: ``passes``, ``bids 2``,
        ``plays KH``. ``phase`` is when it was made (a pass while the deal is settled
        keeps the hand)."""
        kind, arg, text = self.kind, self.arg, str(self)
        if shape_problem(self) is not None:
            return f"tries {text}, which is no move"
        if kind == "pass":
            return "keeps its hand (no redeal)" if phase is Phase.DEALING else "passes"
        words = text.split()[1:]
        phrases = {
            "bid": f"bids {arg}",
            "blind": f"bids {arg} blind, before seeing its cards",
            "trump": f"names trump {' '.join(words)}",
            "discard": "discards " + (" ".join(words) or "nothing"),
            "play": f"plays {' '.join(words)}",
            "call": f"calls {arg}",
            "deal": f"deals {arg} cards each",
            "partner": f"calls {' '.join(words)} for a partner",
            "redeal": "shows a worthless hand and demands a redeal",
            "stand": "stands: the turned suit is trump",
            "beg": "begs for another trump",
            "give": "refuses the beg and gives a point",
            "run": "runs the cards for another trump",
        }
        return phrases.get(kind, text)


def shape_problem(move: Move, deck_size: int = MAX_CARDS) -> str | None:
    """Why ``move`` is no well-formed move of a game with a ``deck_size``-card deck, or
    None when it is one (whether it is legal now is the rules' question)."""
    if tuple.__len__(move) != 2:
        return "a move is a kind and an argument"
    kind: Any = tuple.__getitem__(move, 0)
    arg: Any = tuple.__getitem__(move, 1)
    if kind.__class__ is not str or kind not in KINDS:
        return f"unknown kind of move {shown(kind)}: expected one of {', '.join(KINDS)}"
    cls = arg.__class__
    if kind in WORDS:
        return None if arg is None else f"{kind} takes no argument, not {shown(arg)}"
    if kind == "call":
        return None if cls is str else f"a call is 'high' or 'low', not {shown(arg)}"
    if kind == "bid" and cls is str:
        return None
    if cls is not int:
        what = "a bid's number or name" if kind == "bid" else _WHAT[kind]
        return f"the argument of {kind} is {what}, not {shown(arg)}"
    assert isinstance(arg, int)
    if kind in ("bid", "deal", "blind"):
        if 0 <= arg < NUMBER_LIMIT:
            return None
        return f"a {kind} is a number from 0 to {NUMBER_LIMIT - 1}, not {shown(arg)}"
    if kind == "trump":
        return None if 0 <= arg < 4 else f"a suit is 0 to 3 (C, D, H, S), not {shown(arg)}"
    if kind == "discard":
        if 0 <= arg < 1 << deck_size:
            return None
        return f"{shown(arg)} is not a mask of cards of this game's {deck_size}-card deck"
    if 0 <= arg < deck_size:
        return None
    if 0 <= arg < MAX_CARDS:
        return f"{card_text(arg)} is not in this game's {deck_size}-card deck"
    return f"{shown(arg)} is not a card of this game's {deck_size}-card deck (0 to {deck_size - 1})"


_WHAT = {"trump": "a suit index (0-3)", "discard": "a mask of cards", "play": "a card index",
         "deal": "a number of cards", "partner": "a card index", "blind": "a bid's number"}


def plain(move: Move) -> Move:
    """``move`` as a plain ``Move``: a subclass (which may redefine equality or its fields'
    properties) is rebuilt from its tuple items, read past anything it overrides."""
    if move.__class__ is Move:
        return move
    if tuple.__len__(move) != 2:
        raise InvalidMove(f"a move is a kind and an argument, not {tuple.__len__(move)} items")
    kind: Any = tuple.__getitem__(move, 0)
    return Move(kind, tuple.__getitem__(move, 1))


PASS = Move("pass")
REDEAL = Move("redeal")
STAND, BEG, GIVE, RUN = Move("stand"), Move("beg"), Move("give"), Move("run")
PLAY: tuple[Move, ...] = tuple(Move("play", card) for card in range(MAX_CARDS))
TRUMP: tuple[Move, ...] = tuple(Move("trump", suit) for suit in range(4))
PARTNER: tuple[Move, ...] = tuple(Move("partner", card) for card in range(MAX_CARDS))


def bid(value: int | str) -> Move:
    return Move("bid", value)


def blind(value: int) -> Move:
    """A blind bid of ``value``: made before the cards are dealt (``auction: {blind: N}``)."""
    return Move("blind", value)


def discard(mask: int) -> Move:
    return Move("discard", mask)


_PARSED: Cache[str, Move] = Cache(4096)
"""Move texts read before (a server reads every move from text; most are the same few)."""


def parse_move(text: str | Move) -> Move:
    """Parse canonical move text (``"bid 3"``, ``"play JH"``, ``"discard 4C 7D"``, ``"partner AS"``).

    A ``Move`` is returned as it is (a subclass of ``Move`` is rebuilt as a plain one). Any
    other text, or anything that is not text, raises ``InvalidMove`` (a ``ValueError``).
    """
    if text.__class__ is str:
        found = _PARSED.get(text)
        return _PARSED.put(text, _parse(text)) if found is None else found
    return _parse(text)


def _parse(text: str | Move) -> Move:
    if isinstance(text, Move):
        return plain(text)
    if not isinstance(text, str):
        raise InvalidMove(f"a move is a Move or its text, not {type(text).__name__}")
    if len(text) > TEXT_LIMIT:
        raise InvalidMove(f"bad move {shown(text)}: {len(text)} characters, more than any move's "
                          f"text ({TEXT_LIMIT} at most)")
    words = text.split()
    if not words:
        raise InvalidMove("empty move text: expected e.g. 'pass', 'bid 3', 'play JH'")
    kind, args = words[0].lower(), words[1:]
    try:
        if kind == "pass" and not args:
            return PASS
        if kind in WORDS and not args:
            return Move(kind)
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
        if kind in ("bid", "deal", "blind"):
            digits = word[1:] if word[:1] == "-" else word
            if digits.isascii() and digits.isdigit():
                if len(digits) > _DIGITS:
                    raise ValueError(f"a number of {len(digits)} digits is no {kind}")
                return Move(kind, int(word))
            if kind == "deal":
                raise ValueError("expected the number of cards to deal each seat")
            if kind == "blind":
                raise ValueError("a blind bid is a number: 'blind 3'")
            return Move(kind, word.lower())
        if kind == "call":
            if word.lower() not in ("high", "low"):
                raise ValueError("expected 'high' or 'low'")
            return Move("call", word.lower())
    except ValueError as error:
        raise InvalidMove(f"bad move {shown(text)}: {error}") from None
    raise InvalidMove(
        f"bad move {shown(text)}: expected one of 'pass', 'bid N', 'trump S', 'discard CARDS', "
        "'play CARD', 'call high|low', 'deal N', 'partner CARD', 'redeal', 'stand', 'beg', 'give', 'run', "
        "'blind N'"
    )


def chosen_mask(chosen: object) -> int:
    """``chosen`` (the cards picked so far for a discard being built, as the action space and
    the tensors take them) as a card mask: a whole number >= 0, numpy's too; else ``ValueError``."""
    if isinstance(chosen, int) and not isinstance(chosen, bool) and chosen >= 0:
        return int(chosen)
    try:
        if isinstance(chosen, bool):
            raise TypeError
        number = operator.index(chosen)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"chosen is a mask of cards (a whole number), not {type(chosen).__name__}") from None
    if number < 0:
        raise ValueError(f"chosen is a mask of cards, not {shown(number)}")
    return int(number)
