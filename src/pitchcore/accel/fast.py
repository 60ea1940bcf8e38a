"""The unchecked fast path, for search code that makes its own moves.

Nothing here checks a move. Pass only moves that ``moves(state)`` returned for that very
state; anything else gives an undefined result (an exception, or a state the rules never
reach). In exchange a transition skips parsing, type checks and the legality test.

The transitions are the checked path's own: ``GameState.apply`` is these checks followed
by ``step``, so the same moves reach equal states on both paths (``tests/test_fast.py``
compares them move by move). Search code usually wants one hand at a time:
``step_in_hand`` stops when the hand's last step is done, before it is scored and the next
hand dealt, and ``score`` then says what the hand is worth.

``Game`` is the same path on a mutable copy of a state, for search code that branches:
``apply`` changes it in place, ``clone`` copies it, ``freeze`` gives the ``GameState``.
Where a step defines its moves in place (the play steps, most of a game's moves) no state
is built per move at all; both forms run the step's one definition.

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

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs
import numpy as np
import numpy.typing as npt

from ..components import HAND_STEPS
from ..components.step import Fields, Next
from ..game import kernel
from ..game.loop import advance, follow, legal_moves, make_move, transition
from ..model.fields import PHASE, STEP, TABLE, TO_MOVE
from ..model.moves import Move
from ..model.phase import Phase
from ..model.results import HandResult
from ..model.state import GameState
from ..model.tuples import unchecked
from .policies import rollout_move

__all__ = ["KERNEL", "Game", "Greedy", "Playouts", "Policy", "moves", "playouts", "score", "step", "step_in_hand"]

_WAIT, _DONE = Next.WAIT, Next.DONE

_PLAY = HAND_STEPS.index("play")
if TYPE_CHECKING:
    _GameBase = object
else:
    _GameBase = kernel.GAME_BASE  # the kernel's C base class, or object
_GAME_SLOTS: tuple[str, ...] = () if kernel.AVAILABLE else ("fields", "_rules", "_play")

KERNEL = kernel.AVAILABLE
"""True when the compiled kernel (``pitchcore.game.kernel``) is built and not switched off with
``PITCHCORE_PURE=1``: play moves, their checks and ``playouts`` then run in C where the
variant allows. The answers are the same either way."""
_OVER = Phase.GAME_OVER


moves = legal_moves
"""``moves(state)``: the legal moves (``state.legal_moves()``, the same tuple)."""

step = advance
"""``step(state, move)``: the next state, unchecked; hands are scored and dealt as in ``apply``."""


def step_in_hand(state: GameState, move: Move) -> tuple[GameState, bool]:
    """The next state, unchecked, and whether the hand's last step is done.

    When it is (True), the state is the finished hand before scoring: pass it to ``score``,
    not to ``moves``. A thrown-in deal (everyone passed, where the variant redeals) goes on
    to the new deal and counts as the same hand going on (False).
    """
    return transition(state, move, True)


def score(state: GameState) -> tuple[HandResult, int | None]:
    """What the finished hand from ``step_in_hand`` scores, and the side it makes win the
    game (None: nobody wins now; ``result.ended_game`` says whether the game ends)."""
    result, _, winner, _ = kernel.score_hand(state)  # (scoring.score_hand, judged in C where it can)
    return result, winner


class Game(_GameBase):
    """A mutable game for search code: ``apply`` moves it on in place, ``clone`` branches it.

    Unchecked like the rest of this module: pass only moves ``moves()`` just returned.
    A clone copies one list of references (the fields of a ``GameState``, which are
    immutable), so branching is as cheap as a move, and clones never share a change.
    Where the compiled kernel plays the variant, ``moves``, ``apply`` and ``apply_in_hand``
    of a play run in C, and so does ``apply`` of a bid or discard the kernel makes; every
    other move, and what follows the end of a step or a hand, run the Python methods below,
    the same ones the pure-Python path runs for every move.

        >>> import pitchcore, random
        >>> from pitchcore import fast
        >>> game = fast.Game(pitchcore.new_game("auction-pitch", seed=1))
        >>> rng = random.Random(1)
        >>> while not game.is_over:
        ...     legal = game.moves()
        ...     game.apply(legal[rng.randrange(len(legal))])
        >>> game.freeze().winner in (0, 1, 2, 3)
        True
    """

    __slots__ = _GAME_SLOTS

    if TYPE_CHECKING:
        fields: Fields
        """The state's fields in ``GameState.FIELDS`` order (read them, do not change them)."""
        _rules: Any
        _play: int

    def __init__(self, state: GameState) -> None:
        self.fields = list(state)
        step = state.table.pipeline[_PLAY]
        self._rules = step.rules if isinstance(step, kernel.KernelPlay) else None
        self._play = _PLAY

    def clone(self) -> Game:
        """An independent copy: moves applied to either leave the other as it was."""
        game = Game.__new__(Game)
        game.fields = self.fields.copy()
        game._rules = self._rules
        game._play = self._play
        return game

    def __copy__(self) -> Game:
        return self.clone()  # never a copy that shares the fields list

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        return self.clone()  # the fields are immutable values and the shared rules

    def __reduce__(self) -> tuple[type[Game], tuple[GameState]]:
        return Game, (self.freeze(),)

    def __repr__(self) -> str:
        return f"<fast.Game of {self.freeze()!r}>"

    def freeze(self) -> GameState:
        """The position as an immutable ``GameState``, equal to the checked path's."""
        state: GameState = unchecked(GameState, self.fields)
        return state

    @property
    def to_move(self) -> int | None:
        """The seat that moves next (None once the game is over)."""
        seat: int | None = self.fields[TO_MOVE]
        return seat

    @property
    def is_over(self) -> bool:
        return self.fields[PHASE] is _OVER

    def _moves(self) -> Sequence[Move]:
        """The legal moves, equal to ``legal_moves()`` of the frozen state: that tuple, or
        where the kernel runs a draw a sequence that makes each discard only when asked for
        (a bidder's thousands of discards are not built for a playout that takes one)."""
        fields = self.fields
        if fields[PHASE] is _OVER:
            return ()
        found: Sequence[Move] = fields[TABLE].pipeline[fields[STEP]].legal_fields(fields)
        return found

    def _apply(self, move: Move) -> None:
        """``step`` in place: a finished hand is scored and the next one dealt."""
        index, next_ = make_move(self.fields, move)
        if next_ is not _WAIT:
            self._after(index, False, next_)

    def _apply_in_hand(self, move: Move) -> bool:
        """``step_in_hand`` in place: True when the hand's last step is done (then ask
        ``score``, not ``moves``)."""
        index, next_ = make_move(self.fields, move)
        return next_ is not _WAIT and self._after(index, True, next_)

    def _after(self, index: int, in_hand: bool, next_: Next = _DONE) -> bool:
        """Step ``index`` ended as ``next_`` says (the kernel calls this when its play ends the
        play step): what follows, as every path does it (``loop.follow``), in place."""
        fields = self.fields
        state, done = follow(unchecked(GameState, fields), index, next_, in_hand)
        fields[:] = state
        return done

    if not kernel.AVAILABLE or TYPE_CHECKING:
        moves = _moves
        apply = _apply
        apply_in_hand = _apply_in_hand

    def score(self) -> tuple[HandResult, int | None]:
        """``score`` of the finished hand (after ``apply_in_hand`` returned True)."""
        return score(unchecked(GameState, self.fields))


Policy = Callable[[GameState, Sequence[Move], random.Random], Move]
"""A playout policy: given the (whole, unhidden) state, its legal moves (``Game.moves``: a
tuple, or a draw's lazy discards) and a random generator, the move to make. ``None`` in
``playouts`` is the uniformly random policy."""


class Greedy(NamedTuple):
    """The greedy playout policy: with chance ``chance`` a simple rule, else a random legal
    move (the rule is ``policies.rollout_move``'s: lead a trump nobody can beat, take a
    trick cheaply, give pips to a partner's safe trick, else throw the cheapest card).

    A ``Policy`` like any other; ``playouts`` also runs it in the compiled kernel."""

    chance: float = 0.7

    def __call__(self, state: GameState, legal: Sequence[Move], rng: random.Random) -> Move:
        return rollout_move(state, legal, rng, self.chance)


@attrs.frozen(eq=False)
class Playouts:
    """What ``playouts`` found: one row per playout (unpacks as ``points, winners``)."""

    points: npt.NDArray[np.int64]
    """Shape (n, sides): each playout's score change per side for the hand (what the hand's
    ``HandResult.delta`` says: points won, set-backs, a shoot's bonus)."""
    winners: npt.NDArray[np.int64]
    """Shape (n,): the side whose game the hand won, -1 when the game went on (or ended with
    no single winner)."""

    def __iter__(self) -> Iterator[npt.NDArray[np.int64]]:
        return iter((self.points, self.winners))


def playouts(state: GameState, n: int, seed: int = 0, policy: Policy | None = None) -> Playouts:
    """Play the hand in progress to its end ``n`` times and score each.

    Every move is chosen by ``policy`` (uniformly random when None; ``Greedy(chance)`` for
    the greedy rule) from the legal moves, as
    ``Game.apply_in_hand`` runs them; the hand is scored as ``score`` scores it, and the next
    hand is never dealt. The same ``seed`` gives the same playouts. ``state`` must be a game
    still going (``moves(state)`` not empty).
    """
    if state.is_over:
        raise ValueError("playouts: the game is over; there is no hand to play out")
    if n < 0:
        raise ValueError(f"playouts: n must be a whole number >= 0, not {n}")
    if policy is None or isinstance(policy, Greedy):
        found = kernel.playouts(state, n, seed, 0.0 if policy is None else policy.chance)
        if found is not None:
            return Playouts(*found)
    rng = random.Random(seed)
    sides = state.table.sides
    points = np.zeros((n, sides), dtype=np.int64)
    winners = np.full(n, -1, dtype=np.int64)
    randrange = rng.randrange
    for row in range(n):
        game = Game(state)
        done = False
        while not done:
            legal = game.moves()
            move = legal[randrange(len(legal))] if policy is None else policy(game.freeze(), legal, rng)
            done = game.apply_in_hand(move)
        result, winner = game.score()
        points[row] = result.delta
        if winner is not None:
            winners[row] = winner
    return Playouts(points, winners)
