"""Starting a game: ``new_game``'s checks, stacked deals, and the first hand.

What follows a move is the transition loop's (``loop.py``), re-exported here under the
names it always had. Everything a house rule can change is asked of the variant's
components through the step protocol (``components/step.py``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Literal

from ..components.variant import Variant
from ..loading.loader import load_variant
from ..model.cards import DECKS, RANKS, card_text, mask_of, parse_cards, shuffled
from ..model.errors import VariantError
from ..model.log import Start, begin, start_of
from ..model.moves import TEXT_LIMIT
from ..model.phase import Phase
from ..model.state import GameState, HandInfo, whole_number
from ..model.text import shown
from .loop import _fresh_hand, advance, apply_move, begin_steps, enter, finish_hand, legal_moves, start_hand
from .table import Table

SEED_LIMIT = 2**64
"""A seed is a whole number from 0 to ``SEED_LIMIT - 1``."""
SCORE_LIMIT = 10**9
"""A starting score lies from ``-SCORE_LIMIT`` to ``SCORE_LIMIT``."""


def new_game(
    variant: Variant | str | os.PathLike[str],
    *,
    players: int | None = None,
    seed: int | None = None,
    dealer: int | Literal["random"] = 0,
    hands: Sequence[Sequence[str] | str] | None = None,
    stock: Sequence[str] | str | None = None,
    scores: Sequence[int] | None = None,
) -> GameState:
    """Start a game: seeded (or stacked with ``hands`` and ``stock``) first deal.

    Every argument is checked; a bad one raises a ``ValueError`` that names it:

    - ``variant``: a ``Variant``, or a bundled variant's name or a variant file's path (a
      bad one raises ``VariantError``, a ``ValueError``).
    - ``players``: None (the variant's default) or a whole number of seats it allows.
    - ``seed``: None (a random seed) or a whole number from 0 to ``2**64 - 1``: an ``int``
      or a numpy integer, never a ``bool``, a ``float`` or text.
    - ``dealer``: the first dealer's seat, from 0 to ``players - 1``, or ``"random"``: a seat
      drawn from the seed (the same seed, the same first dealer), so that learning code that
      plays single hands or cut-off games does not always deal from seat 0.
    - ``hands``: None, or one hand per seat to stack the first deal: each the cards' text
      (``"AS KS 3H"``) or a sequence of card texts, every hand as many cards as the variant
      deals (where the dealer chooses, one of the sizes it may choose), no card twice.
    - ``stock``: cards (text, or a sequence of texts) to put on top of the deck, top first.
      With ``hands``, they lie on the rest of the deck after the stacked hands. Without
      ``hands``, they are the top of the first deal's deck, which the variant deals as it
      deals a shuffled one (the dealer's choice of hand size, a redeal of a worthless hand
      and all): pass every card of the deck to choose the whole order. Cards not named
      follow in an order shuffled from ``seed``.
    - ``scores``: None (all 0) or one whole number per side, each from ``-10**9`` to
      ``10**9``.
    """
    state = _before_deal(variant, players, seed, dealer, scores)
    if hands is None:
        return start_hand(state, state.dealer, 0) if stock is None else _stacked_deck(state, stock)
    return _stacked(state, hands, stock)


def _before_deal(variant: object, players: object, seed: object, dealer: object, scores: object) -> GameState:
    """``new_game``'s game before its first deal, every argument checked."""
    variant = _variant(variant)
    count = _players(variant, players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    number = whole_number(seed)
    if number is None or not 0 <= number < SEED_LIMIT:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}")
    table = Table(variant, count, number)
    seat = first_dealer(dealer, count, number)
    start_scores = (0,) * table.sides if scores is None else _scores(scores, table.sides)
    log = begin(Start(seat, None if scores is None else start_scores))
    return GameState.of(table=table, scores=start_scores, dealer=seat, deal_number=0, hand_results=(),
                        phase=Phase.BIDDING, to_move=None, masks=(0,) * count,
                        info=HandInfo(dealt=(0,) * count), trick_cards=(), leader=0, done_tricks=(),
                        winner=None, step=0, log=log)


def dealt_from_deck(variant: Variant, deck: Sequence[int], *, players: int, seed: int, dealer: int = 0,
                    scores: Sequence[int] | None = None) -> GameState:
    """``new_game(variant, ..., stock=<every card of the deck>)`` from card indices: the
    first deal dealt from ``deck``, top first (the OpenSpiel adapter deals every hand so).
    ``deck`` must hold every card of the variant's deck once."""
    state = _before_deal(variant, players, seed, dealer, scores)
    if sorted(deck) != list(state.table.deck):
        raise ValueError(f"deck must hold each of the variant's {len(state.table.deck)} cards once")
    return _deck_dealt(state, list(deck))


def first_dealer(dealer: object, players: int, seed: int) -> int:
    """The seat ``new_game``'s ``dealer`` names (``"random"``: drawn from ``seed``), checked:
    a ``ValueError`` names the seats it may be."""
    if isinstance(dealer, str) and dealer == "random":
        return random.Random(f"pitchcore/dealer/{seed}").randrange(players)
    seat = whole_number(dealer)
    if seat is None or not 0 <= seat < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    return seat


def _variant(variant: object) -> Variant:
    """The variant ``new_game`` was given, or its name or path loaded."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, os.PathLike):
        try:
            variant = os.fspath(variant)
        except TypeError:
            variant = None
    if not isinstance(variant, str):
        raise ValueError("variant must be a Variant, or a bundled variant's name or a variant "
                         f"file's path, not {type(variant).__name__}")
    try:
        return load_variant(str.__str__(variant))
    except (OSError, TypeError, UnicodeError, RecursionError) as error:
        raise VariantError(f"{shown(variant)}: the variant cannot be read: {error}") from None


def _players(variant: Variant, players: object) -> int:
    """The number of seats asked for (None: the variant's default), checked against the
    variant's range."""
    deal = variant.deal
    count = deal.default_players if players is None else whole_number(players)
    if count is None or not deal.min_players <= count <= deal.max_players:
        raise ValueError(f"{variant.name} is played by {deal.min_players}-{deal.max_players} "
                         f"players, not {shown(players)}")
    problem = seating_problem(deal, count)
    if problem is not None:
        raise ValueError(f"{variant.name} {problem}")
    return count


def seating_problem(deal: object, players: int) -> str | None:
    """Why ``players`` seats cannot sit at the deal's partnerships (None: they can). A deal
    kind that says nothing of it (a plug-in) seats partners by twos, as ``partners`` did."""
    check = getattr(deal, "seating_problem", None)
    if check is not None:
        problem: str | None = check(players)
        return problem
    if getattr(deal, "sides", None) == "partners" and players % 2:
        return f"needs an even number of players, not {players}"
    return None


def _scores(scores: object, sides: int) -> tuple[int, ...]:
    """The starting scores ``new_game`` was given: one whole number per side."""
    if isinstance(scores, str | bytes | bytearray | Mapping) or not isinstance(scores, Iterable):
        raise ValueError(f"scores must be whole numbers, one per side ({sides}), in a sequence, "
                         f"not {type(scores).__name__}")
    given = list(islice(scores, sides + 1))
    if len(given) != sides:
        many = f"more than {sides}" if len(given) > sides else str(len(given))
        raise ValueError(f"scores needs one number per side ({sides}), got {many}")
    numbers = tuple(map(whole_number, given))
    for number in numbers:
        if number is None or not -SCORE_LIMIT <= number <= SCORE_LIMIT:
            raise ValueError(f"scores must be whole numbers, one per side, not "
                             f"[{', '.join(map(shown, given))}] (each from {-SCORE_LIMIT} to {SCORE_LIMIT})")
    return numbers  # type: ignore[return-value]


def _card_texts(value: object, what: str) -> list[int]:
    """The cards of a stacked hand or stock: text such as ``"AS KS 3H"``, or a sequence of
    card texts."""
    if isinstance(value, str):
        if str.__len__(value) > TEXT_LIMIT:
            raise ValueError(f"{what}: {str.__len__(value)} characters, more than a deck's cards")
        texts: list[object] = list(str.split(value))
    elif isinstance(value, Sequence) and not isinstance(value, bytes | bytearray):
        if len(value) > max(DECKS.values()):
            raise ValueError(f"{what}: {len(value)} cards, more than a deck holds")
        texts = list(value)
    else:
        raise ValueError(f"{what} must be card text such as 'AS KS 3H' or a sequence of card "
                         f"texts, not {type(value).__name__}")
    for text in texts:
        if not isinstance(text, str):
            raise ValueError(f"{what}: a card is text such as 'AS', not {type(text).__name__}")
    try:
        return parse_cards([str.__str__(text) for text in texts])
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


def _dealt_sizes(state: GameState) -> tuple[int, ...]:
    """The hand sizes the variant's deal gives each seat at this table."""
    return state.table.variant.deal.hand_sizes(state.table.players)


def _stacked(state: GameState, hands: object, stock: object) -> GameState:
    table = state.table
    if isinstance(hands, str | bytes | bytearray) or not isinstance(hands, Sequence):
        raise ValueError(f"hands must be a sequence of one hand per seat ({table.players}), "
                         f"not {type(hands).__name__}")
    if len(hands) != table.players:
        raise ValueError(f"hands needs one hand per seat ({table.players}), got {len(hands)}")
    parsed = [_card_texts(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)]
    top = _card_texts(stock, "stock") if stock is not None else []
    named = [card for hand in parsed for card in hand] + top
    _check_named(table, named)
    sizes = {len(hand) for hand in parsed}
    if len(sizes) != 1:
        raise ValueError(f"every stacked hand needs the same number of cards, got {sorted(sizes)}")
    size = sizes.pop()
    dealt = _dealt_sizes(state)
    if size not in dealt:
        deals = f"{dealt[0]} cards" if len(dealt) == 1 else f"{', '.join(map(str, dealt))} cards"
        raise ValueError(f"{table.variant.name} deals each of {table.players} seats {deals}: "
                         f"a stacked hand of {size} is not a deal of it")
    rest = shuffled((card for card in table.deck if card not in set(named)), f"{table.seed}/0")
    masks = tuple(mask_of(hand) for hand in parsed)
    info = HandInfo(dealt=masks, stock=tuple(top + rest), hand_size=size)
    start = start_of(state.log)._replace(hands=tuple(tuple(card_text(c) for c in hand) for hand in parsed),
                         stock=None if stock is None else tuple(card_text(c) for c in top))
    state, waiting = table.variant.deal.stacked(state.evolve(masks=masks, info=info, log=begin(start)))
    return state.evolve(step=0) if waiting else enter(state, 1)


def _check_named(table: Table, named: list[int]) -> None:
    """A stacked deal names cards of the game's deck, none twice."""
    strangers = [card_text(c) for c in named if not table.deck_mask >> c & 1]
    if strangers:
        raise ValueError(f"not in this variant's {len(table.deck)}-card deck"
                         f"{_stripped(table)}: {' '.join(strangers)}")
    repeated = sorted({card_text(c) for c, times in Counter(named).items() if times > 1})
    if repeated:
        raise ValueError(f"cards named twice in the stacked deal: {' '.join(repeated)}")


def _stripped(table: Table) -> str:
    """What a stripped deck holds, for messages (`` (A K Q J T 9 8 7 of each suit)``), or
    nothing for a deck of every index below its size."""
    if len(table.deck) == table.deck_size:
        return ""
    ranks = sorted({card % 13 for card in table.deck}, reverse=True)
    return f" ({' '.join(RANKS[rank] for rank in ranks)} of each suit)"


def _stacked_deck(state: GameState, stock: object) -> GameState:
    """The first hand dealt from a deck whose top is ``stock`` (the rest shuffled from the seed)."""
    top = _card_texts(stock, "stock")
    _check_named(state.table, top)
    return _deck_dealt(state, top)


def _deck_dealt(state: GameState, top: list[int]) -> GameState:
    """The first hand dealt from a deck whose top is ``top`` (checked), the rest shuffled from the seed."""
    table = state.table
    named = set(top)
    rest = shuffled((card for card in table.deck if card not in named), f"{table.seed}/0")
    start = start_of(state.log)._replace(stock=tuple(map(card_text, top)))
    return enter(_fresh_hand(state.evolve(log=begin(start)), state.dealer, 0, (*top, *rest)), 0)


__all__ = ["SCORE_LIMIT", "SEED_LIMIT", "advance", "apply_move", "begin_steps", "dealt_from_deck", "enter",
           "finish_hand", "first_dealer", "legal_moves", "new_game", "seating_problem", "start_hand"]
