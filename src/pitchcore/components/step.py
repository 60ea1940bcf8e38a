"""The protocol a hand step follows: the engine runs a variant's steps in order.

A hand is the pipeline deal -> auction -> widow -> trump -> exchange -> play, one
component per slot. The engine knows only this protocol, so a new kind of auction or
exchange plugs in without touching the engine.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..moves import Move
    from ..state import GameState


class Next(enum.Enum):
    """What a step's move leads to."""

    WAIT = "wait"
    """The step goes on: somebody else moves in it."""
    DONE = "done"
    """The step is over: the engine begins the next one."""
    REDEAL = "redeal"
    """The deal is thrown in and dealt again, by ``state.dealer`` as the step left it (the
    same dealer, unless the step passed the deal on)."""


class Step:
    """Default behaviour: a step with nothing to do."""

    __slots__ = ()

    def begin(self, state: GameState) -> tuple[GameState, bool | Next]:
        """Enter the step: return the new state and whether it now waits for a move, or
        ``Next.REDEAL`` to throw the deal in at once (a worthless hand)."""
        return state, False

    def legal(self, state: GameState) -> tuple[Move, ...]:
        return ()

    def is_legal(self, state: GameState, move: Move) -> bool:
        return move in self.legal(state)

    def why_illegal(self, state: GameState, move: Move) -> str:
        moves = ", ".join(str(m) for m in self.legal(state)[:12])
        return f"{move} is not a legal move now; legal: {moves}"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        raise NotImplementedError


def next_seat(seat: int, players: int) -> int:
    return (seat + 1) % players
