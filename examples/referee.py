"""Referee a game through pitchcore's public API, the way a game server would.

Each seat is asked for a move from its own view only; a bad move is rejected with the
reason and the state is left unchanged. Run: python examples/referee.py [seed]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pitchcore
from pitchcore import GameState, IllegalMove, Phase, PlayerView


def ask_seat(view: PlayerView, rng: random.Random) -> str:
    """Stands in for a client: answers with move text, sometimes a bad one."""
    if rng.random() < 0.01:
        return "play ZZ"  # garbage, as a buggy client might send
    legal = view.legal_moves
    if view.phase is Phase.BIDDING:
        bids = [move for move in legal if move.kind == "bid"]
        wants = rng.random() < 0.3 or len(bids) == len(legal)
        return str(bids[0] if bids and wants else legal[0])
    return str(rng.choice(legal))


def referee(seed: int) -> GameState:
    variant = pitchcore.load_variant(Path(__file__).with_name("house-rules.yaml"))
    state = pitchcore.new_game(variant, seed=seed)
    rng = random.Random(seed)
    rejected = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        text = ask_seat(state.view(seat), rng)
        try:
            state = state.apply(text)
        except IllegalMove as error:
            rejected += 1
            print(f"seat {seat}: rejected {text!r}: {error}")
    record = pitchcore.dumps(state)
    assert pitchcore.loads(record) == state
    for number, result in enumerate(state.hand_results, 1):
        awards = " ".join(f"{name}:{side}" for name, side in result.awards.items())
        print(f"hand {number}: bidder {result.bidder} bid {result.bid} made={result.made} "
              f"{awards} delta={list(result.delta)}")
    print(f"{variant.name}: final scores {list(state.scores)}, winner side {state.winner}, "
          f"{rejected} bad moves rejected")
    return state




if __name__ == "__main__":
    referee(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
