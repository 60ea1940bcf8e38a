"""The transition loop: what follows a move, and how a hand's steps run, end and deal again.

One definition for every path: ``GameState.apply`` checks a move and asks its table's
``advance`` (this module's), ``pitchcore.accel.fast`` steps it without the checks, and the
compiled kernel calls back into ``enter`` when a hand's last card falls.
"""

from __future__ import annotations

from ..components.step import Fields, Next
from ..model.cards import shuffled, shuffled_range
from ..model.fields import LOG, STEP, TABLE
from ..model.log import Log, untrack
from ..model.moves import Move
from ..model.phase import Phase
from ..model.state import GameState, HandInfo
from ..model.tuples import unchecked
from .kernel import score_hand as kernel_score

_WAIT, _DONE, _REDEAL, _SCORE = Next.WAIT, Next.DONE, Next.REDEAL, Next.SCORE


def start_hand(state: GameState, dealer: int, deal_number: int) -> GameState:
    """Shuffle from the game's seed and run the new hand's steps until one waits."""
    return enter(_fresh_hand(state, dealer, deal_number), 0)


def _fresh_hand(state: GameState, dealer: int, deal_number: int,
                deck: tuple[int, ...] | None = None) -> GameState:
    """A new hand before its first step: the deck shuffled from the game's seed (or ``deck``,
    top first, where the caller stacked it)."""
    table = state.table
    if deck is None:
        key = f"{table.seed}/{deal_number}"
        deck = tuple(shuffled_range(table.deck_size, key) if len(table.deck) == table.deck_size
                     else shuffled(table.deck, key))
    players = table.players
    return GameState.of(table=table, scores=state.scores, dealer=dealer, deal_number=deal_number,
                        hand_results=state.hand_results, phase=Phase.BIDDING, to_move=None,
                        masks=(0,) * players, info=HandInfo(dealt=(0,) * players, stock=deck),
                        trick_cards=(), leader=dealer, done_tricks=(), winner=None, step=0, log=state.log)


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
            return unchecked(GameState, (*state[:STEP], index, *state[STEP + 1:])), True
        index += 1
    return state, False


def finish_hand(state: GameState) -> GameState:
    """Score the hand just played; end the game or deal the next hand."""
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
    step = state[TABLE].pipeline[state[STEP]]
    if step.quick is not None:  # the compiled kernel's play (None: not a play it makes)
        moved: GameState | None = step.quick(state, move)
        if moved is not None:
            return moved
    return transition(state, move, False)[0]


def transition(state: GameState, move: Move, in_hand: bool) -> tuple[GameState, bool]:
    """The state after ``move`` (unchecked) and whether the hand's last step is done: the
    step's own change (``make_move``), then what follows it (``follow``)."""
    fields = list(state)
    index, next_ = make_move(fields, move)
    new: GameState = unchecked(GameState, fields)
    if next_ is _WAIT:
        return new, False
    return follow(new, index, next_, in_hand)


def make_move(fields: Fields, move: Move) -> tuple[int, Next]:
    """``move`` made on a state's fields in place by the step now running (its
    ``apply_in_place``, which every step has), the move added to the log: the step's index
    and what the step says follows."""
    index: int = fields[STEP]
    next_ = fields[TABLE].pipeline[index].apply_in_place(fields, move)
    fields[LOG] = untrack(unchecked(Log, (fields[LOG], move)))  # (log.extend in line)
    return index, next_


def follow(state: GameState, index: int, next_: Next, in_hand: bool) -> tuple[GameState, bool]:
    """What follows a move that ended step ``index`` as ``next_`` says (anything but
    ``Next.WAIT``): the next step begun, or the hand scored and the next one dealt, or the
    deal thrown in and dealt again. With ``in_hand``, stop where the hand's last step is
    done, before it is scored (True with the state then). Every path runs this: ``advance``,
    ``fast.step_in_hand``, ``fast.Game`` and, when a hand's last card falls, the kernel."""
    if next_ is _DONE:
        if not in_hand:
            return enter(state, index + 1), False
        state, waiting = begin_steps(state, index + 1)
        return state, not waiting
    if next_ is _SCORE:  # the hand ends unplayed (everyone passed, the dealer set back)
        return (state, True) if in_hand else (finish_hand(state), False)
    return start_hand(state, state.dealer, state.deal_number + 1), False
