"""The transition loop: what follows a move, and how a hand's steps run, end and deal again.

One definition for every path: ``GameState.apply`` and ``legal_moves`` reach it through the
state's table, ``pitchcore.accel.fast`` steps it without the checks, and the compiled kernel calls
back into ``enter`` when a hand's last card falls.
"""

from __future__ import annotations

from ..components.step import Next
from ..model.cards import DECK_SIZE, shuffled, shuffled_range
from ..model.errors import IllegalMove, InvalidMove
from ..model.log import Log
from ..model.moves import NUMBER_LIMIT, WORDS, Move, parse_move, shape_problem
from ..model.phase import Phase
from ..model.state import GameState, HandInfo, whole_number
from ..model.text import shown
from ..model.tuples import unchecked
from .kernel import score_hand as kernel_score

_OVER = Phase.GAME_OVER
_WAIT, _DONE, _REDEAL, _SCORE = Next.WAIT, Next.DONE, Next.REDEAL, Next.SCORE


def start_hand(state: GameState, dealer: int, deal_number: int) -> GameState:
    """Shuffle from the game's seed and run the new hand's steps until one waits."""
    return enter(_fresh_hand(state, dealer, deal_number), 0)


def _fresh_hand(state: GameState, dealer: int, deal_number: int) -> GameState:
    """A new hand before its first step: the deck shuffled from the game's seed."""
    table = state.table
    key = f"{table.seed}/{deal_number}"
    deck = shuffled_range(table.deck_size, key) if len(table.deck) == table.deck_size else shuffled(table.deck, key)
    players = table.players
    return GameState(table, state.scores, dealer, deal_number, state.hand_results,
                     Phase.BIDDING, None, (0,) * players,
                     HandInfo(dealt=(0,) * players, stock=tuple(deck)), (), dealer, (),
                     None, 0, state[14])


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
            return unchecked(GameState, (*state[:13], index, state[14])), True
        index += 1
    return state, False


def finish_hand(state: GameState) -> GameState:
    result, scores, winner, over = kernel_score(state, keep=False)  # (scoring.score_hand, judged in C where it can)
    results = (*state.hand_results, result)
    if over:
        return state.evolve(scores=scores, hand_results=results, phase=Phase.GAME_OVER,
                            to_move=None, winner=winner)
    state = state.evolve(scores=scores, hand_results=results)
    return start_hand(state, (state.dealer + 1) % state.table.players, state.deal_number + 1)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the seat to move, none twice (empty when the game is over)."""
    if state[5] is _OVER:
        return ()
    moves: tuple[Move, ...] = state[0].pipeline[state[13]].legal(state)
    return moves


_BOUNDS = {"play": DECK_SIZE, "partner": DECK_SIZE, "trump": 4, "discard": 1 << DECK_SIZE,
           "bid": NUMBER_LIMIT, "deal": NUMBER_LIMIT}
"""Per kind of move that takes a number: a bound below which (from 0) it is well formed in
every deck (a joker's number is judged against the game's deck, off the common path)."""
_TAKES: dict[str, type] = {"bid": str, "call": str, **dict.fromkeys(WORDS, type(None))}
"""Per kind of move that takes other than a number: its argument's class."""


def apply_move(state: GameState, move: Move | str, seat: int | None = None) -> GameState:
    """The state after ``move``; raises ``IllegalMove`` (state unchanged) if not legal.

    The move's shape is checked before the rules are asked (``Move`` says what each kind
    takes): a number is an ``int`` within the kind's range and this game's deck, never a
    ``bool``, so ``Move("bid", 2.0)`` or ``Move("play", True)`` is no move at all. With
    ``seat``, the move must also be that seat's to make (a server passes the seat of the
    player who sent it). The ``IllegalMove`` says why in its message and its ``reason``.
    """
    checked = state[0].pipeline[state[13]].checked
    if checked is not None:  # the compiled kernel's play of a legal card (None: anything else)
        moved: GameState | None = checked(state, move, seat)
        if moved is not None:
            return moved
    if move.__class__ is not Move:
        try:
            move = parse_move(move)  # text, or a subclass of Move rebuilt from its items
        except InvalidMove as error:
            error.move, error.seat, error.phase = move, state[6], state[5]
            raise
    table = state[0]
    try:  # (the common case in line: a plain move of the right shape)
        kind = move[0]
        arg = move[1]
        ok = kind.__class__ is str and (0 <= arg < _BOUNDS[kind] if arg.__class__ is int
                                        else _TAKES[kind] is arg.__class__)
    except (LookupError, TypeError):
        ok = False
    if not ok:
        problem = shape_problem(move, table.deck_size)
        if problem is not None:
            raise IllegalMove(f"{move} is no move: {problem}", move=move, seat=state[6], phase=state[5],
                              reason="malformed")
    if state[5] is _OVER:
        raise IllegalMove(f"{move}: the game is over", move=move, phase=state[5], reason="game-over")
    if seat is not None and (whole_number(seat) is None or seat != state[6]):
        raise IllegalMove(f"{move}: it is seat {state.to_move}'s turn, not seat {shown(seat)}'s "
                          f"({state.phase.value})", move=move, seat=state[6], phase=state[5],
                          reason="not-your-turn")
    step = table.pipeline[state[13]]
    if not step.is_legal(state, move):
        raise IllegalMove(f"{move}: {step.why_illegal(state, move)} "
                          f"(seat {state.to_move}, {state.phase.value})", move=move, seat=state[6],
                          phase=state[5])
    return advance(state, move)


def advance(state: GameState, move: Move) -> GameState:
    """``apply_move`` without its checks: the transition itself (``pitchcore.accel.fast``)."""
    index: int = state[13]
    new: GameState
    step = state[0].pipeline[index]
    if step.quick is not None:  # the compiled kernel's play (None: not a play it makes)
        moved: GameState | None = step.quick(state, move)
        if moved is not None:
            return moved
    if step.in_place:  # (Step.apply in line: a call less on most moves)
        fields = list(state)
        next_ = step.apply_in_place(fields, move)
        fields[14] = unchecked(Log, (state[14], move))  # (log.extend in line)
        new = unchecked(GameState, fields)
    else:
        new, next_ = step.apply(state, move)
        new = unchecked(GameState, (*new[:14], unchecked(Log, (state[14], move))))
    if next_ is _WAIT:
        return new
    if next_ is _DONE:
        return enter(new, index + 1)
    if next_ is _SCORE:
        return finish_hand(new)
    return start_hand(new, new.dealer, new.deal_number + 1)
