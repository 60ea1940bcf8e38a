"""Random-playout throughput of the checked public API, per bundled variant.

Prints hands/s and transitions/s (``legal_moves()`` + ``apply()`` per transition),
the median of several runs, and the size of one mid-hand state. Run:
    python benchmarks/throughput.py [--seconds 1.0] [--runs 5] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import pitchcore
from pitchcore import GameState, Move, Phase


def policy(state: GameState, rng: random.Random) -> Move:
    """Random moves, but cautious bids, so games end in every variant."""
    legal = state.legal_moves()
    if state.phase is Phase.BIDDING:
        bids = [move for move in legal if move.kind == "bid"]
        if bids and (len(bids) == len(legal) or rng.random() < 0.3):
            return bids[0]
        return legal[0]
    return legal[rng.randrange(len(legal))]


def one_run(name: str, seconds: float, players: int | None) -> tuple[float, float]:
    variant = pitchcore.load_variant(name)
    rng = random.Random(1)
    transitions = hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    game = 0
    while time.perf_counter() < deadline:
        state = pitchcore.new_game(variant, players=players, seed=game)
        game += 1
        while not state.is_over:
            state = state.apply(policy(state, rng))
            transitions += 1
        hands += len(state.hand_results)
    elapsed = time.perf_counter() - start
    return hands / elapsed, transitions / elapsed


def deep_size(state: GameState) -> int:
    """Bytes of a state's own objects (the shared rules table excluded)."""
    seen: set[int] = {id(state.table)}

    def size(obj: object) -> int:
        if id(obj) in seen:
            return 0
        seen.add(id(obj))
        total = sys.getsizeof(obj)
        if isinstance(obj, tuple | list):
            total += sum(size(item) for item in obj)
        elif hasattr(obj, "__slots__") and not isinstance(obj, tuple):
            total += sum(size(getattr(obj, slot)) for slot in obj.__slots__ if hasattr(obj, slot))
        return total

    return size(state)


def mid_hand(name: str) -> GameState:
    state = pitchcore.new_game(pitchcore.load_variant(name), seed=3)
    rng = random.Random(3)
    while state.phase is not Phase.PLAYING or len(state.tricks) < 2:
        state = state.apply(policy(state, rng))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per variant (median)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--variants", nargs="*", default=pitchcore.bundled_variants())
    args = parser.parse_args()
    print(f"{'variant':24} {'hands/s':>10} {'transitions/s':>14} {'state bytes':>12}")
    for name in args.variants:
        runs = [one_run(name, args.seconds, args.players) for _ in range(args.runs)]
        hands = statistics.median(run[0] for run in runs)
        moves = statistics.median(run[1] for run in runs)
        print(f"{name:24} {hands:10,.0f} {moves:14,.0f} {deep_size(mid_hand(name)):12,}")


if __name__ == "__main__":
    main()
