"""Random-playout throughput per bundled variant, on the checked API and the fast path.

For each variant, the median of several runs of:
  checked    whole games through ``legal_moves()`` + ``apply()`` (the public checked API)
  fast       whole games through ``pitchcore.accel.fast`` (``moves`` + ``step``, unchecked)
  mutable    whole games through ``fast.Game`` (``moves`` + ``apply`` in place, unchecked)
  in-hand    what search does: from the start of play to the end of the hand with
             ``fast.step_in_hand``, then ``fast.score`` (no next deal)
  in-hand mutable   the same on a ``fast.Game`` (``apply_in_hand``, then ``score``)
as transitions/s, hands/s for the checked run, and the bytes of one mid-hand state; then
how long loading a bundled variant and a house file takes, first and cached; then how long
``state.view(seat)`` takes on a mid-hand Auction Pitch state (the seat to move, as a bot
asks on every move), alone and with every field of the view read (timeit, best of 5).
Moves are uniformly random; a game still going after 200 hands is ended there (random
bidding never ends some variants, e.g. book-pitch).

When ``benchmarks/reference_pitch.py`` is beside this file, the same run also measures its
minimal pure-Python Auction Pitch (mutable, and a new frozen attrs object per step) and
prints pitchcore's ratio to it. Run:
    python benchmarks/throughput.py [--seconds 1.0] [--runs 3] [--players 4] [--variants ...]
"""

from __future__ import annotations

import argparse
import functools
import operator
import random
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

import attrs

import pitchcore
from pitchcore import GameState, Phase
from pitchcore.accel import fast
from pitchcore.model.fields import HAND_RESULTS

MAX_HANDS = 200


def checked_run(variant: pitchcore.Variant, seconds: float, players: int | None) -> tuple[float, float]:
    """(transitions/s, hands/s) of whole random games on the checked API."""
    rand = random.Random(1).random
    transitions = hands = game = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = pitchcore.new_game(variant, players=players, seed=game)
        game += 1
        while not state.is_over and len(state.hand_results) < MAX_HANDS:
            legal = state.legal_moves()
            state = state.apply(legal[int(rand() * len(legal))])
            transitions += 1
        hands += len(state.hand_results)
    elapsed = time.perf_counter() - start
    return transitions / elapsed, hands / elapsed


def fast_run(variant: pitchcore.Variant, seconds: float, players: int | None) -> float:
    """Transitions/s of whole random games on the unchecked fast path."""
    rand = random.Random(1).random
    moves, step = fast.moves, fast.step
    transitions = game = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = pitchcore.new_game(variant, players=players, seed=game)
        game += 1
        while len(state.hand_results) < MAX_HANDS:
            legal = moves(state)
            if not legal:
                break
            state = step(state, legal[int(rand() * len(legal))])
            transitions += 1
    return transitions / (time.perf_counter() - start)


def mutable_run(variant: pitchcore.Variant, seconds: float, players: int | None) -> float:
    """Transitions/s of whole random games on ``fast.Game``, in place."""
    rand = random.Random(1).random
    transitions = game_no = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = fast.Game(pitchcore.new_game(variant, players=players, seed=game_no))
        game_no += 1
        moves, apply, fields = game.moves, game.apply, game.fields
        while len(fields[HAND_RESULTS]) < MAX_HANDS:
            legal = moves()
            if not legal:
                break
            apply(legal[int(rand() * len(legal))])
            transitions += 1
    return transitions / (time.perf_counter() - start)


def play_starts(variant: pitchcore.Variant, players: int | None, count: int = 300) -> list[GameState]:
    """States at the first card of a hand, from random bidding."""
    rng = random.Random(2)
    starts = []
    for game in range(count):
        state = pitchcore.new_game(variant, players=players, seed=game)
        while state.phase is not Phase.PLAYING:
            legal = state.legal_moves()
            state = state.apply(legal[rng.randrange(len(legal))])
        starts.append(state)
    return starts


def in_hand_run(starts: list[GameState], seconds: float) -> float:
    """Transitions/s of random play-outs of hands from their first card, scored at the end."""
    rand = random.Random(1).random
    moves, step, score = fast.moves, fast.step_in_hand, fast.score
    transitions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state in starts:
            done = False
            while not done:
                legal = moves(state)
                state, done = step(state, legal[int(rand() * len(legal))])
                transitions += 1
            score(state)
    return transitions / (time.perf_counter() - start)


def in_hand_mutable_run(starts: list[GameState], seconds: float, scored: bool = True) -> float:
    """``in_hand_run`` on a ``fast.Game`` made from each start (with ``scored`` False, the
    moves alone: each hand's ``score`` is not asked)."""
    rand = random.Random(1).random
    transitions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state in starts:
            game = fast.Game(state)
            moves, apply = game.moves, game.apply_in_hand
            done = False
            while not done:
                legal = moves()
                done = apply(legal[int(rand() * len(legal))])
                transitions += 1
            if scored:
                game.score()
    return transitions / (time.perf_counter() - start)


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


def mid_hand(variant: pitchcore.Variant, players: int | None) -> GameState:
    state = pitchcore.new_game(variant, players=players, seed=3)
    rng = random.Random(3)
    while state.phase is not Phase.PLAYING or len(state.tricks) < 2:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def median(runs: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(runs))


def reference(seconds: float, runs: int) -> dict[str, float] | None:
    """The yardstick's transitions/s (mutable, frozen), if its file is beside this one."""
    sys.path.insert(0, str(Path(__file__).parent))
    try:
        import reference_pitch  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return {kind: statistics.median(reference_pitch.throughput(kind, seconds)[0] for _ in range(runs))
            for kind in ("mutable", "frozen")}


def view_times(players: int | None, repeat: int = 5) -> tuple[float, float]:
    """Seconds per ``state.view(seat)`` on ``mid_hand`` of Auction Pitch for the seat to
    move, and per view with every field read (a view works its fields out when first read):
    the best of ``repeat`` timeit runs."""
    state = mid_hand(pitchcore.load_variant("auction-pitch"), players)
    seat = state.to_move
    every_field = operator.attrgetter(*(field.name for field in attrs.fields(pitchcore.PlayerView)))

    def best(run: Callable[[], object]) -> float:
        timer = timeit.Timer(run)
        number, _ = timer.autorange()
        return min(timer.repeat(repeat, number)) / number

    return best(lambda: state.view(seat)), best(lambda: every_field(state.view(seat)))


LOAD_SCRIPT = """
import sys, time
import pitchcore
start = time.perf_counter()
pitchcore.load_variant(sys.argv[1])
first = time.perf_counter() - start
start = time.perf_counter()
for _ in range(100):
    pitchcore.load_variant(sys.argv[1])
print(first, (time.perf_counter() - start) / 100)
"""


def load_times(name: str) -> tuple[float, float]:
    """(first, cached) seconds to load ``name`` in a fresh process, after ``import pitchcore``."""
    out = subprocess.run([sys.executable, "-c", LOAD_SCRIPT, name], check=True, capture_output=True,
                         text=True).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--variants", nargs="*", default=pitchcore.bundled_variants())
    args = parser.parse_args()
    print(f"transitions/s, median of {args.runs} runs of {args.seconds:g} s, one process")
    print(f"{'variant':22} {'checked':>10} {'hands/s':>9} {'fast':>10} {'mutable':>10} {'in-hand':>10} "
          f"{'in-hand mut.':>12} {'state bytes':>12}")
    figures: dict[str, tuple[float, ...]] = {}
    for name in args.variants:
        variant = pitchcore.load_variant(name)
        checked = [checked_run(variant, args.seconds, args.players) for _ in range(args.runs)]
        moves = statistics.median(run[0] for run in checked)
        hands = statistics.median(run[1] for run in checked)
        quick = median(args.runs, functools.partial(fast_run, variant, args.seconds, args.players))
        mutable = median(args.runs, functools.partial(mutable_run, variant, args.seconds, args.players))
        starts = play_starts(variant, args.players)
        in_hand = median(args.runs, functools.partial(in_hand_run, starts, args.seconds))
        in_place = median(args.runs, functools.partial(in_hand_mutable_run, starts, args.seconds))
        figures[name] = (moves, quick, mutable)
        print(f"{name:22} {moves:10,.0f} {hands:9,.0f} {quick:10,.0f} {mutable:10,.0f} {in_hand:10,.0f} "
              f"{in_place:12,.0f} {deep_size(mid_hand(variant, args.players)):12,}")
    house = Path(__file__).parent.parent / "examples" / "house-rules.yaml"
    print("\nloading, fresh process (median of 3): first load, then cached")
    for what in ("auction-pitch", "ten-point-pitch", str(house)):
        times = [load_times(what) for _ in range(3)]
        first = statistics.median(t[0] for t in times) * 1e3
        cached = statistics.median(t[1] for t in times) * 1e3
        print(f"  {Path(what).name:22} {first:7.2f} ms {cached:9.3f} ms")
    alone, every = view_times(args.players)
    print(f"\nview(seat) on a mid-hand state: {alone * 1e6:.2f} µs (accessing all fields: {every * 1e6:.2f} µs)")
    yardstick = reference(args.seconds, args.runs)
    if yardstick is not None and "auction-pitch" in figures:
        moves, quick, mutable = figures["auction-pitch"]
        print("\nreference_pitch.py (minimal Auction Pitch, bit masks, same run):")
        for kind, rate in yardstick.items():
            print(f"  {kind:8} {rate:10,.0f} transitions/s; pitchcore auction-pitch checked = "
                  f"{moves / rate:.0%} of it, fast = {quick / rate:.0%}, mutable = {mutable / rate:.0%}")

if __name__ == "__main__":
    main()
