"""Self-play steps/s of a batch of games (``pitchcore.interop.batch``) beside PettingZoo's.

In one run, on each variant given (auction-pitch and haus-pitch unless ``--variant``), every
seat picking a uniformly random legal action from its mask:
  pettingzoo  ``pitchcore.adapters.pettingzoo.env()`` self-play, as ``benchmarks/adapters.py``
              drives it (``agent_iter``, ``last``, a random legal action, ``step``)
  batch       ``Batch(variant, n)``: each ``step`` takes one action per game and returns the
              observations, masks, rewards and done flags of all ``n``; a step of the figure is
              one game's step (so one call counts ``n``); the random actions are picked from the
              masks with numpy and their cost is counted, as PettingZoo's loop counts its own
and the batch's ratio to PettingZoo (the speed issue's target: at least 10 times PettingZoo
self-play on the same variant, on one core, with batches of 256 or more). Each figure is
measured ``--runs`` times for ``--seconds`` each; best and median are printed, per wall second
and per CPU second of this process (numpy is kept to one thread, so CPU time is one core's).
Games are cut off after ``--max-hands`` deals, in both. Run:
    python benchmarks/batch.py [--variant auction-pitch] [--n 256] [--seconds 2] [--runs 5]
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")  # (one core: numpy's thread pools stay single)

import argparse  # noqa: E402
import statistics  # noqa: E402
from collections.abc import Callable  # noqa: E402

import numpy as np  # noqa: E402
from adapters import Measure, line, pettingzoo_self_play, timed  # noqa: E402

import pitchcore  # noqa: E402
from pitchcore.accel import fast  # noqa: E402
from pitchcore.interop.batch import Batch  # noqa: E402

TARGET = 10.0
"""The batch's steps/s at least this many times PettingZoo self-play's (the speed issue)."""


def batch_steps(variant: pitchcore.Variant, n: int, max_hands: int, copy: bool) -> Measure:
    """Game steps of a batch of ``n`` in self-play, random legal actions."""
    batch = Batch(variant, n=n, seed=1, max_hands=max_hands, copy=copy)
    rng = np.random.default_rng(1)
    last = [batch.reset()]  # (the latest step's result, from one run to the next)

    def body(more: Callable[[], bool]) -> int:
        result = last[0]
        steps = 0
        while more():
            actions = (rng.random(result.masks.shape) * result.masks).argmax(axis=1)
            result = batch.step(actions)
            steps += n
        last[0] = result
        return steps
    return lambda seconds: timed(body, seconds)


def paired(measures: dict[str, Measure], seconds: float, count: int) -> dict[str, list[tuple[float, float]]]:
    """Each measure's runs, taken in turns (one run of each, ``count`` times), so that the
    machine's slow and fast minutes fall on all of them alike."""
    for measure in measures.values():
        measure(min(seconds, 0.3))  # (warm-up)
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in measures}
    for _ in range(count):
        for name, measure in measures.items():
            done, wall, cpu = measure(seconds)
            found[name].append((done / wall, done / max(cpu, 1e-9)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variant", action="append", help="a variant (repeat for more; default: auction-pitch "
                                                           "and haus-pitch)")
    parser.add_argument("--n", type=int, action="append", help="games per batch (repeat for more; default 256)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (best and median)")
    parser.add_argument("--max-hands", type=int, default=50, help="cut a game off after this many deals")
    args = parser.parse_args()
    names = args.variant or ["auction-pitch", "haus-pitch"]
    sizes = args.n or [256]
    print(f"uniformly random legal actions; {args.runs} runs of {args.seconds:g} s each, taken in turns, one "
          f"process (compiled kernel: {'yes' if fast.KERNEL else 'no'})")
    for name in names:
        variant = pitchcore.load_variant(name)
        print(f"{name}:")
        measures = {"  PettingZoo env() self-play": pettingzoo_self_play(variant, args.max_hands)}
        for n in sizes:
            for copy in (True, False):
                label = f"  Batch n={n}" + ("" if copy else ", copy=False")
                measures[label] = batch_steps(variant, n, args.max_hands, copy)
        found = paired(measures, args.seconds, args.runs)
        zoo = found.pop("  PettingZoo env() self-play")
        line("  PettingZoo env() self-play", zoo, "steps/s")
        for label, figures in found.items():
            line(label, figures, "steps/s")
            ratios = sorted(batch[1] / own[1] for batch, own in zip(figures, zoo, strict=True))
            print(f"    {statistics.median(ratios):.1f}x PettingZoo (median of the {len(ratios)} pairs' CPU "
                  f"ratios; {ratios[0]:.1f}-{ratios[-1]:.1f}); target at least {TARGET:g}x")


if __name__ == "__main__":
    main()
