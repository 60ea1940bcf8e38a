"""The transition loop: what follows a move, and how a hand's steps run, end and deal again.

One definition for every path: ``GameState.apply`` checks a move and asks its table's
``advance`` (this module's), ``pitchcore.accel.fast`` steps it without the checks, and the
compiled kernel calls back into ``enter`` when a hand's last card falls.
"""

from __future__ import annotations

from ..components.step import Next
from ..model.cards import shuffled, shuffled_range
from ..model.log import Log
from ..model.moves import Move
from ..model.phase import Phase
from ..model.state import GameState, HandInfo
from ..model.tuples import unchecked
from .kernel import score_hand as kernel_score

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


legal_moves = GameState.legal_moves
"""``state.legal_moves()`` as a function of the state (the rule is the state's: ask the step)."""
apply_move = GameState.apply
"""``state.apply(move, seat)`` as a function: the checks, then ``advance``."""


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
