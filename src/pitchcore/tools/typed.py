"""Cards a person types for a move at the terminal: a discard (``AH 7C 2D``) or a partner's
card (``AS``), checked against the seat's hand and legal moves for a reason to give.

Legal discards can number in the hundreds (a 9-card hand keeping 6 has 84), so the
terminal asks for the cards rather than listing every set; what is typed is read here,
and a set that is no legal move is explained by what the person can see and fix: the
cards not in their hand, or how many to discard. Everything reads the seat's own hand
and legal moves only (its ``PlayerView``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..model.cards import card_text, mask_of, parse_card
from ..model.moves import Move

SEPARATORS = re.compile(r"[\s,]+")
"""What may stand between typed cards: spaces, commas, or both."""
NOTHING = ("none", "nothing", "-")
"""Words for an empty discard (keeping the whole hand), where the rules allow one."""


def typed_cards(text: str) -> list[int]:
    """The cards of ``text`` (``AH 7C 2D``, ``ah,7c, 2d``, ``10h``) as indices, in the order
    typed; ValueError names the first word that is no card, or a card typed twice."""
    cards: list[int] = []
    for word in SEPARATORS.split(text.strip()):
        if not word:
            continue
        card = parse_card(word)  # ValueError: "bad card 'ZZ': ..."
        if card in cards:
            raise ValueError(f"{card_text(card)} is typed twice")
        cards.append(card)
    return cards


def typed_discard(text: str) -> Move:
    """The discard ``text`` names: its cards, with or without a leading ``discard``, in any
    order and case; ``none`` (or ``discard`` alone) discards nothing."""
    words = text.strip()
    if words[:7].lower() == "discard" and (len(words) == 7 or not words[7].isalnum()):
        words = words[7:]
    if words.strip().lower() in NOTHING:
        return Move("discard", 0)
    return Move("discard", mask_of(typed_cards(words)))


def sizes(legal: Iterable[Move]) -> list[int]:
    """How many cards the legal discards hold, each size once, smallest first."""
    return sorted({int(move.arg or 0).bit_count() for move in legal if move.kind == "discard"})


def count_text(counts: Sequence[int]) -> str:
    """``counts`` (from ``sizes``) for people: ``3 cards``, ``0 to 6 cards``, ``1, 3 or 5 cards``."""
    if not counts:
        return "no cards"
    noun = "card" if counts == [1] else "cards"
    if len(counts) == 1:
        return f"{counts[0]} {noun}"
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} {noun}"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} {noun}"


def discard_problem(move: Move, hand: int, legal: Sequence[Move]) -> str | None:
    """Why ``move`` (a discard) is none of the ``legal`` ones, from ``hand`` (the seat's
    cards as a mask): the cards typed that it does not hold, or the number it must discard.
    None where it is legal, or where the reason is the rules' (which cards may go): the
    engine's message gives that one."""
    if move in legal:
        return None
    mask = int(move.arg or 0)
    missing = mask & ~hand
    if missing:
        cards = [card_text(card) for card in range(missing.bit_length()) if missing >> card & 1]
        verb = "is" if len(cards) == 1 else "are"
        return f"{' '.join(cards)} {verb} not in your hand"
    counts = sizes(legal)
    if mask.bit_count() not in counts:
        return f"discard {count_text(counts)}, not {mask.bit_count()}"
    return None


def partner_problem(move: Move, hand: int, legal: Sequence[Move]) -> str | None:
    """Why ``move`` (a partner call) is none of the ``legal`` ones, when the reason is the
    person's own hand: a card they hold names no partner. None otherwise (the engine says)."""
    if move in legal or not isinstance(move.arg, int) or not hand >> move.arg & 1:
        return None
    return f"you hold {card_text(move.arg)}: call a card you do not hold"


def example(legal: Sequence[Move], kind: str) -> str:
    """Cards to show as an example of the ``kind`` of move (``discard`` or ``partner``): a
    discard of the fewest cards above none, or the highest card to call (the ace of spades
    where it may be called)."""
    moves = [move for move in legal if move.kind == kind and isinstance(move.arg, int)]
    if kind == "partner":
        cards = [int(move.arg or 0) for move in moves]
        return card_text(max(cards, key=lambda card: (card % 13 if card < 52 else -1, card))) if cards else ""
    chosen = [move for move in moves if int(move.arg or 0)]
    if not chosen:
        return ""
    fewest = min(chosen, key=lambda move: int(move.arg or 0).bit_count())
    mask = int(fewest.arg or 0)
    return " ".join(card_text(card) for card in range(mask.bit_length()) if mask >> card & 1)
