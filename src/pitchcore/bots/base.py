"""The bot protocol, the random bot, and a driver that plays a game between bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..game.view import PlayerView
from ..model.moves import Move
from ..model.state import GameState


@runtime_checkable
class Bot(Protocol):
    """A player: chooses one of ``legal`` from what its seat may know."""

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        """Return one of ``legal``; all randomness comes from ``rng``."""
        ...


class RandomBot:
    """Plays uniformly at random, except that it bids cautiously (so games end)."""

    name = "random"

    def __init__(self, bid_chance: float = 0.3) -> None:
        self.bid_chance = bid_chance
        """How often it bids when it may pass: always-pass would redeal forever."""

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        bids = [move for move in legal if move.kind == "bid"]
        if bids and (len(bids) == len(legal) or rng.random() < self.bid_chance):
            return bids[0] if rng.random() < 0.7 else rng.choice(bids)
        if bids:
            return next(move for move in legal if move.kind == "pass")
        return legal[rng.randrange(len(legal))]


def play_game(state: GameState, bots: Sequence[Bot], rng: random.Random,
              max_moves: int = 1_000_000) -> GameState:
    """Play ``state`` to the end, seat i asking ``bots[i]``."""
    for _ in range(max_moves):
        seat = state.to_move
        if seat is None:
            return state
        view = state.view(seat)  # the view already holds the mover's legal moves
        state = state.apply(bots[seat].choose(view, view.legal_moves, rng))
    raise RuntimeError(f"game did not end within {max_moves} moves")
