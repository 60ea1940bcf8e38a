"""The state machine: run a hand's steps in order, score the hand, deal the next.

This module is mechanism only. Everything a house rule can change is asked of the
variant's components through the step protocol (``components/step.py``).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence

from .cards import card_text, mask_of, parse_cards, shuffled, shuffled_range
from .components.step import Next
from .errors import IllegalMove
from .moves import Move, parse_move
from .rules import Table
from .scoring import score_hand
from .state import GameState, HandInfo, Phase
from .variant import Variant


def new_game(
    variant: Variant | str,
    *,
    players: int | None = None,
    seed: int | None = None,
    dealer: int = 0,
    hands: Sequence[Sequence[str] | str] | None = None,
    stock: Sequence[str] | str | None = None,
    scores: Sequence[int] | None = None,
) -> GameState:
    """Start a game: seeded (or stacked with ``hands`` and ``stock``) first deal."""
    if isinstance(variant, str):
        from .loader import load_variant

        variant = load_variant(variant)
    deal = variant.deal
    players = deal.default_players if players is None else players
    if not isinstance(players, int) or not deal.min_players <= players <= deal.max_players:
        raise ValueError(f"{variant.name} is played by {deal.min_players}-{deal.max_players} "
                         f"players, not {players}")
    if deal.sides == "partners" and players % 2:
        raise ValueError(f"{variant.name} needs an even number of players, not {players}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    table = Table(variant, players, int(seed))
    seat = _whole(dealer)
    if seat is None or not 0 <= seat < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    dealer = seat
    start_scores = (0,) * table.sides if scores is None else tuple(map(_whole, scores))
    if None in start_scores:
        raise ValueError(f"scores must be whole numbers, one per side, not {list(scores or ())!r}")
    if len(start_scores) != table.sides:
        raise ValueError(f"scores needs one number per side ({table.sides}), got {len(start_scores)}")
    state = GameState(table, start_scores, dealer, 0, (), Phase.BIDDING, None,
                      (0,) * players, HandInfo(dealt=(0,) * players), (), 0, (), None, 0)
    if hands is None:
        if stock is not None:
            raise ValueError("stock stacks the first deal only together with hands")
        return start_hand(state, dealer, 0)
    return _stacked(state, hands, stock)


def _whole(value: object) -> int | None:
    """``value`` as an int if it is a whole number (numpy's too), else None (a bool is no
    number of seats or points)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _stacked(state: GameState, hands: Sequence[Sequence[str] | str],
             stock: Sequence[str] | str | None) -> GameState:
    table = state.table
    if len(hands) != table.players:
        raise ValueError(f"hands needs one hand per seat ({table.players}), got {len(hands)}")
    parsed = [parse_cards(hand) for hand in hands]
    top = parse_cards(stock) if stock is not None else []
    named = [card for hand in parsed for card in hand] + top
    strangers = [card_text(c) for c in named if c >= table.deck_size]
    if strangers:
        raise ValueError(f"not in this variant's {table.deck_size}-card deck: {' '.join(strangers)}")
    repeated = sorted({card_text(c) for c in named if named.count(c) > 1})
    if repeated:
        raise ValueError(f"cards named twice in the stacked deal: {' '.join(repeated)}")
    sizes = {len(hand) for hand in parsed}
    if len(sizes) != 1:
        raise ValueError(f"every stacked hand needs the same number of cards, got {sorted(sizes)}")
    rest = shuffled((card for card in range(table.deck_size) if card not in set(named)), f"{table.seed}/0")
    masks = tuple(mask_of(hand) for hand in parsed)
    info = HandInfo(dealt=masks, stock=tuple(top + rest), hand_size=sizes.pop())
    state, waiting = table.rules.deal.stacked(state.evolve(masks=masks, info=info))
    return _new(GameState, (*state[:13], 0)) if waiting else enter(state, 1)


def start_hand(state: GameState, dealer: int, deal_number: int) -> GameState:
    """Shuffle from the game's seed and run the new hand's steps until one waits."""
    return enter(_fresh_hand(state, dealer, deal_number), 0)


def _fresh_hand(state: GameState, dealer: int, deal_number: int) -> GameState:
    """A new hand before its first step: the deck shuffled from the game's seed."""
    table = state.table
    deck = shuffled_range(table.deck_size, f"{table.seed}/{deal_number}")
    players = table.players
    return GameState(table, state.scores, dealer, deal_number, state.hand_results,
                     Phase.BIDDING, None, (0,) * players,
                     HandInfo(dealt=(0,) * players, stock=tuple(deck)), (), dealer, (),
                     None, 0)


def enter(state: GameState, index: int) -> GameState:
    """Begin the steps from ``index`` on until one waits for a move; score when none is left."""
    state, waiting = begin_steps(state, index)
    return state if waiting else finish_hand(state)


def begin_steps(state: GameState, index: int) -> tuple[GameState, bool]:
    """Begin the steps from ``index`` on until one waits (True) or none is left (False)."""
    pipeline = state.table.pipeline
    while index < len(pipeline):
        state, waiting = pipeline[index].begin(state)
        if waiting:
            if waiting is _REDEAL:  # thrown in as it began (a worthless hand): deal again
                state, index = _fresh_hand(state, state.dealer, state.deal_number + 1), 0
                continue
            return _new(GameState, (*state[:13], index)), True  # (the step field is last)
        index += 1
    return state, False


def finish_hand(state: GameState) -> GameState:
    result, scores, winner, over = score_hand(state)
    results = (*state.hand_results, result)
    if over:
        return state.evolve(scores=scores, hand_results=results, phase=Phase.GAME_OVER,
                            to_move=None, winner=winner)
    state = state.evolve(scores=scores, hand_results=results)
    return start_hand(state, (state.dealer + 1) % state.table.players, state.deal_number + 1)


_OVER = Phase.GAME_OVER
_new = tuple.__new__
_WAIT, _DONE, _REDEAL = Next.WAIT, Next.DONE, Next.REDEAL


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the seat to move, none twice (empty when the game is over)."""
    if state[5] is _OVER:
        return ()
    moves: tuple[Move, ...] = state[0].pipeline[state[13]].legal(state)
    return moves


_ARG_TYPES = (int, str, type(None))
"""The types a move's arg may have: ``Move("bid", 2.0)`` equals ``Move("bid", 2)`` but is no bid."""


def apply_move(state: GameState, move: Move | str) -> GameState:
    """The state after ``move``; raises ``IllegalMove`` (state unchanged) if not legal."""
    if move.__class__ is not Move:
        move = parse_move(move)
    elif move[1].__class__ not in _ARG_TYPES:
        raise IllegalMove(f"{move!r}: a move's arg is a whole number, a text or None")
    if state[5] is _OVER:
        raise IllegalMove(f"{move}: the game is over")
    step = state[0].pipeline[state[13]]
    if not step.is_legal(state, move):
        raise IllegalMove(f"{move}: {step.why_illegal(state, move)} "
                          f"(seat {state.to_move}, {state.phase.value})")
    return advance(state, move)


def advance(state: GameState, move: Move) -> GameState:
    """``apply_move`` without its checks: the transition itself (``pitchcore.fast``)."""
    index: int = state[13]
    new: GameState
    step = state[0].pipeline[index]
    if step.in_place:  # (Step.apply in line: a call less on most moves)
        fields = list(state)
        next_ = step.apply_in_place(fields, move)
        new = _new(GameState, fields)
    else:
        new, next_ = step.apply(state, move)
    if next_ is _WAIT:
        return new
    if next_ is _DONE:
        return enter(new, index + 1)
    return start_hand(new, new.dealer, new.deal_number + 1)


GameState.legal_moves = legal_moves  # type: ignore[method-assign,assignment]
GameState.apply = apply_move  # type: ignore[method-assign,assignment]
