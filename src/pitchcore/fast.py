"""The unchecked fast path, for search code that makes its own moves.

Nothing here checks a move. Pass only moves that ``moves(state)`` returned for that very
state; anything else gives an undefined result (an exception, or a state the rules never
reach). In exchange a transition skips parsing, type checks and the legality test.

The transitions are the checked path's own: ``GameState.apply`` is these checks followed
by ``step``, so the same moves reach equal states on both paths (``tests/test_fast.py``
compares them move by move). Search code usually wants one hand at a time:
``step_in_hand`` stops when the hand's last step is done, before it is scored and the next
hand dealt, and ``score`` then says what the hand is worth.

    >>> import pitchcore, random
    >>> from pitchcore import fast
    >>> state = pitchcore.new_game("auction-pitch", seed=1)
    >>> rng = random.Random(1)
    >>> done = False
    >>> while not done:
    ...     legal = fast.moves(state)
    ...     state, done = fast.step_in_hand(state, legal[rng.randrange(len(legal))])
    >>> fast.score(state)[0].ended_game in (True, False)
    True
"""

from __future__ import annotations

from .components.step import Next
from .engine import advance, begin_steps, start_hand
from .moves import Move
from .results import HandResult
from .scoring import score_hand
from .state import GameState, Phase

__all__ = ["moves", "score", "step", "step_in_hand"]

_WAIT, _DONE = Next.WAIT, Next.DONE
_OVER = Phase.GAME_OVER


def moves(state: GameState) -> tuple[Move, ...]:
    """The legal moves (``state.legal_moves()``, the same tuple)."""
    if state[5] is _OVER:
        return ()
    found: tuple[Move, ...] = state[0].pipeline[state[13]].legal(state)
    return found


step = advance
"""``step(state, move)``: the next state, unchecked; hands are scored and dealt as in ``apply``."""


def step_in_hand(state: GameState, move: Move) -> tuple[GameState, bool]:
    """The next state, unchecked, and whether the hand's last step is done.

    When it is (True), the state is the finished hand before scoring: pass it to ``score``,
    not to ``moves``. A thrown-in deal (everyone passed, where the variant redeals) goes on
    to the new deal and counts as the same hand going on (False).
    """
    index: int = state[13]
    new: GameState
    new, next_ = state[0].pipeline[index].apply(state, move)
    if next_ is _WAIT:
        return new, False
    if next_ is _DONE:
        new, waiting = begin_steps(new, index + 1)
        return new, not waiting
    return start_hand(new, new.dealer, new.deal_number + 1), False


def score(state: GameState) -> tuple[HandResult, int | None]:
    """What the finished hand from ``step_in_hand`` scores, and the side it makes win the
    game (None: nobody wins now; ``result.ended_game`` says whether the game ends)."""
    result, _, winner, _ = score_hand(state)
    return result, winner
