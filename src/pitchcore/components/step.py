"""The protocol a hand step follows: the engine runs a variant's steps in order.

A hand is the pipeline deal -> auction -> widow -> trump -> exchange -> play, one
component per slot. The engine knows only this protocol, so a new kind of auction or
exchange plugs in without touching the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..model.state import GameState
from ..model.tuples import unchecked

if TYPE_CHECKING:
    from ..model.moves import Move

Fields = list[Any]
"""A state's fields in a mutable list, in ``GameState.FIELDS`` order: what a step changes
in place (``pitchcore.accel.fast.Game``). ``GameState`` freezes one back: ``GameState(*fields)``."""



class Next(enum.Enum):
    """What a step's move leads to."""

    WAIT = "wait"
    """The step goes on: somebody else moves in it."""
    DONE = "done"
    """The step is over: the engine begins the next one."""
    REDEAL = "redeal"
    """The deal is thrown in and dealt again, by ``state.dealer`` as the step left it (the
    same dealer, unless the step passed the deal on)."""
    SCORE = "score"
    """The hand ends before play and is scored as it stands: the engine skips the steps
    left (everyone passed and the dealer is set back: ``auction.all_pass: dealer-set-back``)."""


class Step:
    """Default behaviour: a step with nothing to do."""

    __slots__ = ()

    checked: ClassVar[Any] = None
    """A shortcut the compiled kernel gives the play step (``pitchcore.game.kernel``):
    ``checked(state, move, seat)`` is ``apply_move``'s answer for a legal move, or None to
    leave the move to the engine. None here: every move goes the engine's way."""
    quick: ClassVar[Any] = None
    """The same for ``advance`` (unchecked): ``quick(state, move)``, or None."""

    def begin(self, state: GameState) -> tuple[GameState, bool | Next]:
        """Enter the step: return the new state and whether it now waits for a move, or
        ``Next.REDEAL`` to throw the deal in at once (a worthless hand)."""
        return state, False

    def legal(self, state: GameState) -> tuple[Move, ...]:
        return ()

    def legal_fields(self, fields: Fields, /) -> Sequence[Move]:
        """``legal`` of the state ``fields`` freeze to (``fast.Game.moves``): equal to its
        tuple, though a compiled step may make each move only when asked (a draw's discards).
        A step whose ``legal`` reads the state by position only (``model.fields``; play)
        answers from the fields themselves."""
        return self.legal(unchecked(GameState, fields))

    def is_legal(self, state: GameState, move: Move) -> bool:
        return move in self.legal(state)

    def why_illegal(self, state: GameState, move: Move) -> str:
        moves = ", ".join(str(m) for m in self.legal(state)[:12])
        return f"{move} is not a legal move now; legal: {moves}"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        """The state after ``move`` and what it leads to (a step defines this or
        ``apply_in_place``, and the base class derives the other)."""
        fields = list(state)
        next_ = self.apply_in_place(fields, move)
        return unchecked(GameState, fields), next_

    def apply_in_place(self, fields: Fields, move: Move) -> Next:
        """``apply`` on a state's fields in place. A step whose moves are most of a game's
        (play) defines this one, so search code that keeps a mutable game skips building a
        state per move; both paths then run the same definition."""
        if type(self).apply is Step.apply:
            raise NotImplementedError(f"{type(self).__name__} defines neither apply nor apply_in_place")
        new, next_ = self.apply(unchecked(GameState, fields), move)
        fields[:] = new
        return next_


def next_seat(seat: int, players: int) -> int:
    return (seat + 1) % players
