"""A seat's answer where each seat may demand a redeal (``deal.worthless_hand: demand``).

The deal asks before the bidding (a hand worthless by its ranks) and ``TrumpMisdeal`` asks
once trump is known (a hand with no trump); both take the answers the same way.
"""

from __future__ import annotations

from ..model.moves import REDEAL, Move
from ..model.state import GameState
from .step import Next


def answer_demand(state: GameState, move: Move) -> tuple[GameState, Next]:
    """A seat's ``pass`` or ``redeal`` where each seat, from the eldest to the dealer, may
    demand a redeal (``worthless_hand: demand``, at the deal or once trump is known): a
    redeal throws the deal in and the same dealer deals again; the dealer's pass ends it."""
    if move == REDEAL:
        return state, Next.REDEAL
    seat = state.to_move or 0
    if seat == state.dealer:
        return state, Next.DONE
    return state.evolve(to_move=(seat + 1) % state.table.players), Next.WAIT
