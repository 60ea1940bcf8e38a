"""How long hand histories take to write, read, narrate and replay, by the game's length.

Plays one long random game (california-jack played to the highest target a variant may
name, so it runs past 100,000 moves), cuts it at each size and times ``history.write``,
``history.read``, ``history.narrate`` and ``pitchcore replay`` end to end (``read_file``
of the saved file, then the narration printed to a sink). The last column divides each
figure by the first size's, per move: about 1 when the work is linear in the moves (it
was quadratic: each step rebuilt every move of the game from the log)::

    python benchmarks/history.py [--moves 10000 100000] [--runs 3] [--seed 1]

Every size stays within what ``read`` takes from an upload (``history.TEXT_LIMIT``
characters, ``history.MOVES_LIMIT`` moves).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pitchcore
from pitchcore.components.registry import MOST_SCORE
from pitchcore.interop import history
from pitchcore.model.state import GameState
from pitchcore.tools.cli import main as pitchcore_main

LONG = f"extends: california-jack\nname: long-jack\ngoing_out:\n  target: {MOST_SCORE}\n"
"""A house variant whose random games run long: two seats, to the highest target allowed."""
NAMES = ["Ann", "Bob"]


def long_game(moves: int, seed: int) -> list[GameState]:
    """A random game of ``LONG``: its states after 0, 1, ... ``moves`` moves."""
    state = pitchcore.new_game(pitchcore.load_variant_text(LONG), seed=seed)
    rng = random.Random(seed)
    states = [state]
    while len(states) <= moves:
        if state.is_over:
            sys.exit(f"the game ended after {len(states) - 1} moves: try another --seed")
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def best(runs: int, work: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``work``, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def replay(path: Path) -> None:
    """``pitchcore replay PATH``, its output thrown away."""
    with contextlib.redirect_stdout(io.StringIO()):
        status = pitchcore_main(["replay", str(path)])
    if status != 0:
        sys.exit(f"pitchcore replay failed with status {status}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=3, help="timings per figure; the fastest is printed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if max(args.moves) > history.MOVES_LIMIT:
        sys.exit(f"read takes at most {history.MOVES_LIMIT} moves")
    states = long_game(max(args.moves), args.seed)
    first: dict[str, float] = {}
    print(f"{'moves':>8} {'chars':>9} {'operation':<10} {'seconds':>8} {'per move vs first':>18}")
    with tempfile.TemporaryDirectory() as folder:
        for moves in args.moves:
            state = states[moves]
            text = history.write(state, names=NAMES)
            if len(text) > history.TEXT_LIMIT:
                sys.exit(f"{moves} moves make {len(text)} characters, more than read takes")
            path = Path(folder) / f"game-{moves}{history.EXTENSION}"
            path.write_text(text, encoding="utf-8")
            figures = {
                "write": best(args.runs, lambda: history.write(state, names=NAMES)),  # noqa: B023
                "read": best(args.runs, lambda: history.read(text)),  # noqa: B023
                "narrate": best(args.runs, lambda: history.narrate(state, NAMES)),  # noqa: B023
                "replay": best(args.runs, lambda: replay(path)),  # noqa: B023
            }
            for name, seconds in figures.items():
                per_move = seconds / moves
                ratio = per_move / first.setdefault(name, per_move)
                print(f"{moves:>8} {len(text):>9} {name:<10} {seconds:>8.3f} {ratio:>18.2f}", flush=True)


if __name__ == "__main__":
    main()
