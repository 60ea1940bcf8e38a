"""The compiled kernel's speed against its targets: playouts, fast.Game and checked moves.

In one process on one core, side by side with the targets the kernel was built for:
  playouts/s   ``fast.playouts(state, n, seed)`` (uniformly random, ``--batch`` playouts a
               call) round 300 states at the first card of a hand; target: the kernel plays
               at least 20 times as many as the pure-Python path. The kernel keeps each
               outcome it settled for a position's scores and auction, so its first run
               (printed too) is slower than the later ones, as a search's first playouts of
               a position are. The same with ``fast.Greedy()`` rollouts where pitchcore
               has them (no target)
  whole games  ``fast.Game`` transitions/s over whole random games (``moves`` + ``apply``,
               throughput.py's ``mutable_run``), and
  in-hand      from the first card to the end of the hand (``apply_in_hand``, then
               ``score``: throughput.py's ``in_hand_mutable_run``), and
  in-hand moves  the same moves without asking each hand's ``score``; target for all
               three: at least 1.5 times OpenSpiel euchre's ``apply_action`` from Python
               (random whole euchre games, every chance outcome and decision counted),
               but at least 1.0 for haus-pitch's whole games
  checked      ``state.legal_moves()`` + ``state.apply(move)`` over whole random games
               (throughput.py's ``checked_run``); target: at least 0.8 times euchre's
               ``state.child(action)`` in the same loop (haus-pitch: 0.5)
  batch        ``interop.batch.Batch`` of 256 games in self-play, observations and masks
               included, game steps/s (``benchmarks/batch.py``), beside PettingZoo self-play
               on the same variant in the same round; target: at least 10 times PettingZoo's
A last line (no target) compares hands/s: a euchre game is one hand whose 24-card deal is
22 of its ~43 transitions (chance outcomes), where a pitchcore hand's deal is made inside
the move that ends the hand before it, so transitions/s weigh unlike moves.
Each pitchcore figure is given for the path this process uses (the compiled kernel when it
is built: ``pitchcore.accel.fast.KERNEL``) and for the pure-Python path, measured afterwards in a
subprocess run with ``PITCHCORE_PURE=1`` (never at the same time, so each has the core to
itself). Every figure is the median of ``--runs`` runs of ``--seconds``, per second of
wall-clock time or, with ``--cpu``, of the process's CPU time (steadier on a busy machine).
The runs are taken in rounds, each round measuring euchre's two figures and then every
pitchcore figure once, and a ratio to euchre is the median of the rounds' ratios: a shared
machine's speed drifts by a quarter within minutes, and a figure compared with a yardstick
measured a whole run earlier drifts with it.
Without OpenSpiel (``pyspiel``) the euchre columns are left out. Run:
    python benchmarks/kernel.py [--seconds 2] [--runs 3] [--all] [--variants ...] [--batch 100] [--cpu]
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pitchcore
from pitchcore import GameState
from pitchcore.accel import fast

sys.path.insert(0, str(Path(__file__).resolve().parent))

import throughput

VARIANTS = ("auction-pitch", "haus-pitch")
PLAYOUTS_TARGET = 20.0
"""The kernel's playouts/s over the pure path's."""
GAME_TARGET = 1.5
"""fast.Game transitions/s over euchre's apply_action, in a hand (whole games: ``WHOLE_TARGETS``)."""
WHOLE_TARGETS = {"auction-pitch": 1.5, "haus-pitch": 1.0}
"""fast.Game transitions/s over euchre's apply_action in whole games, per variant."""
CHECKED_TARGETS = {"auction-pitch": 0.8, "haus-pitch": 0.5}
"""Checked transitions/s over euchre's state.child in whole games, per variant."""
FIGURES = ("playouts", "greedy", "whole", "in_hand", "in_hand_moves", "checked", "batch", "zoo")
"""The figures per variant (``greedy`` where ``fast.Greedy`` exists; ``batch`` and ``zoo`` where
PettingZoo is installed)."""
BATCH_TARGET = 10.0
"""A batch's steps/s (observations and masks included) over PettingZoo self-play's."""
BATCH_SIZE = 256


def kernel_in_use() -> bool:
    """Whether ``pitchcore.accel.fast`` runs on the compiled kernel in this process:
    ``fast.KERNEL``, or where there is none ``pitchcore.game.kernel.AVAILABLE`` (False in a
    pitchcore without the kernel)."""
    if hasattr(fast, "KERNEL"):
        return bool(fast.KERNEL)
    try:
        from pitchcore.game import kernel
    except ImportError:
        return False
    return bool(getattr(kernel, "AVAILABLE", False))


def off_kernel(name: str) -> str | None:
    """Why the variant ``name`` plays on the pure path even with the kernel (None: it does not)."""
    try:
        from pitchcore.game import kernel
    except ImportError:
        return None
    unsupported = getattr(kernel, "unsupported", None)
    return None if unsupported is None else unsupported(pitchcore.load_variant(name))  # type: ignore[no-any-return]


def playouts_run(starts: list[GameState], seconds: float, batch: int, policy: fast.Policy | None = None) -> float:
    """Playouts/s of ``fast.playouts`` called ``batch`` at a time, round the ``starts``."""
    playouts = fast.playouts
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    for seed, state in enumerate(itertools.cycle(starts)):
        if time.perf_counter() >= deadline:
            break
        playouts(state, batch, seed, policy)
        done += batch
    return done / (time.perf_counter() - start)


def rates(runs: int, measure: Callable[[], float], cpu: bool) -> list[float]:
    """``runs`` rates from ``measure`` (per second of wall-clock time), in order; with
    ``cpu``, each rescaled to a second of this process's CPU time (steadier where other
    processes share the cores)."""
    found = []
    for _ in range(runs):
        wall, used = time.perf_counter(), time.process_time()
        rate = measure()
        if cpu:
            rate *= (time.perf_counter() - wall) / max(time.process_time() - used, 1e-9)
        found.append(rate)
    return found


def median_rate(runs: int, measure: Callable[[], float], cpu: bool) -> float:
    return statistics.median(rates(runs, measure, cpu))


def checked_rate(variant: pitchcore.Variant, seconds: float, per_hand: list[float] | None = None) -> float:
    """Checked-API transitions/s; ``per_hand``, if given, gets the transitions a hand took
    (the deal is none of them)."""
    rate, hands_rate = throughput.checked_run(variant, seconds, None)
    if per_hand is not None:
        per_hand[:] = [rate / hands_rate]
    return rate


def pitchcore_measures(names: list[str], seconds: float, batch: int,
                       per_hand: dict[str, list[float]]) -> dict[tuple[str, str], Callable[[], float]]:
    """Each variant's figures (``FIGURES``) on the path this process uses, as one-run
    measures by (variant, figure); ``per_hand[variant]`` gets the checked API's transitions
    a hand."""
    measures: dict[tuple[str, str], Callable[[], float]] = {}
    for name in names:
        variant = pitchcore.load_variant(name)
        starts = throughput.play_starts(variant, None)
        per_hand[name] = []
        measures[name, "playouts"] = functools.partial(playouts_run, starts, seconds, batch)
        measures[name, "whole"] = functools.partial(throughput.mutable_run, variant, seconds, None)
        measures[name, "in_hand"] = functools.partial(throughput.in_hand_mutable_run, starts, seconds)
        measures[name, "in_hand_moves"] = functools.partial(throughput.in_hand_mutable_run, starts, seconds,
                                                            scored=False)
        measures[name, "checked"] = functools.partial(checked_rate, variant, seconds, per_hand[name])
        greedy = getattr(fast, "Greedy", None)
        if greedy is not None:
            measures[name, "greedy"] = functools.partial(playouts_run, starts, seconds, batch, greedy())
        try:
            import batch as batch_bench  # (benchmarks/batch.py, which needs PettingZoo)
        except ImportError:
            continue
        measures[name, "batch"] = functools.partial(
            per_wall_second, batch_bench.batch_steps(variant, BATCH_SIZE, 50, True), seconds)
        measures[name, "zoo"] = functools.partial(
            per_wall_second, batch_bench.pettingzoo_self_play(variant, 50), seconds)
    return measures


def per_wall_second(measure: Callable[[float], tuple[int, float, float]], seconds: float) -> float:
    """A ``benchmarks/batch.py`` measure's count per wall-clock second."""
    done, wall, _ = measure(seconds)
    return done / wall


def in_rounds(runs: int, measures: dict[tuple[str, str], Callable[[], float]],
              cpu: bool) -> dict[tuple[str, str], list[float]]:
    """``runs`` rates of every measure, taken in rounds (each measure once a round, in
    order), so that a figure and the yardstick it is compared with are measured in the
    same round, not a whole run apart: a shared machine's speed drifts."""
    found: dict[tuple[str, str], list[float]] = {key: [] for key in measures}
    for _ in range(runs):
        for key, measure in measures.items():
            found[key] += rates(1, measure, cpu)
    return found


def figures_of(names: list[str], found: dict[tuple[str, str], list[float]],
               per_hand: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Each variant's median figures from ``in_rounds``' rates, with its first run of
    playouts (the kernel's cache filling) and its transitions a hand."""
    figures: dict[str, dict[str, float]] = {}
    for name in names:
        figures[name] = {figure: statistics.median(found[name, figure]) for figure in FIGURES
                         if (name, figure) in found}
        figures[name]["playouts_first"] = found[name, "playouts"][0]
        figures[name]["per_hand"] = per_hand[name][0]
    return figures


def pitchcore_figures(names: list[str], seconds: float, runs: int, batch: int,
                      cpu: bool) -> dict[str, dict[str, float]]:
    """Each variant's figures (``FIGURES``) on the path this process uses."""
    per_hand: dict[str, list[float]] = {}
    found = in_rounds(runs, pitchcore_measures(names, seconds, batch, per_hand), cpu)
    return figures_of(names, found, per_hand)


def pure_figures(names: list[str], seconds: float, runs: int, batch: int,
                 cpu: bool) -> tuple[bool, dict[str, dict[str, float]]]:
    """``pitchcore_figures`` in a subprocess with ``PITCHCORE_PURE=1``, and whether that
    subprocess had the kernel all the same (it should not)."""
    command = [sys.executable, __file__, "--child", "--seconds", str(seconds), "--runs", str(runs),
               "--batch", str(batch), *(["--cpu"] if cpu else []), "--variants", *names]
    out = subprocess.run(command, check=True, capture_output=True, text=True,
                         env={**os.environ, "PITCHCORE_PURE": "1"}).stdout
    answer = json.loads(out)
    return bool(answer["kernel"]), answer["figures"]


def euchre_run(seconds: float, child: bool, per_hand: list[float] | None = None) -> float:
    """Transitions/s of random whole OpenSpiel euchre games from Python: ``apply_action``
    (or ``state = state.child(action)``) for every chance outcome (euchre's are all equally
    likely, so one is picked uniformly) and every decision. A euchre game is one hand:
    ``per_hand``, if given, gets the transitions a game took and how many were chance."""
    import pyspiel

    game = pyspiel.load_game("euchre")
    rand = random.Random(1).random
    transitions = games = chances = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        games += 1
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rand() * len(outcomes))][0]
                chances += 1
            else:
                legal = state.legal_actions()
                action = legal[int(rand() * len(legal))]
            if child:
                state = state.child(action)
            else:
                state.apply_action(action)
            transitions += 1
    if per_hand is not None:
        per_hand[:] = [transitions / games, chances / games]
    return transitions / (time.perf_counter() - start)


def euchre_measures(seconds: float, per_hand: list[float]) -> dict[tuple[str, str], Callable[[], float]]:
    """Euchre's ``apply_action`` and ``child`` as one-run measures (none without OpenSpiel)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return {}
    return {("euchre", "apply"): functools.partial(euchre_run, seconds, False, per_hand),
            ("euchre", "child"): functools.partial(euchre_run, seconds, True)}


def paired(found: dict[tuple[str, str], list[float]], figure: tuple[str, str], yardstick: tuple[str, str]) -> float:
    """The median over rounds of ``figure`` over ``yardstick`` measured in the same round."""
    return statistics.median(mine / theirs for mine, theirs in zip(found[figure], found[yardstick], strict=True))


def verdict(ratio: float, target: float | None) -> str:
    if target is None:  # (a variant given with --variants that no target names)
        return f"{ratio:6.2f}x (no target)"
    return f"{ratio:6.2f}x (target >= {target:g}x: {'met' if ratio >= target else 'not met'})"


def report(names: list[str], kernel: dict[str, dict[str, float]], pure: dict[str, dict[str, float]],
           euchre: dict[str, float] | None, ratios: dict[tuple[str, str], float]) -> None:
    """The table; ``ratios``: each (variant, figure)'s median ratio to its euchre yardstick,
    round by round."""
    labels = {"playouts": "playouts/s", "greedy": "fast.Greedy playouts/s", "whole": "fast.Game whole games",
              "in_hand": "fast.Game in-hand", "in_hand_moves": "fast.Game in-hand moves",
              "checked": "checked API", "batch": f"Batch n={BATCH_SIZE} steps/s", "zoo": "PettingZoo steps/s"}
    print(f"\n{'variant':16} {'figure':24} {'kernel':>11} {'pure':>11} {'gain':>7}   against the target")
    for name in names:
        for figure in FIGURES:
            if figure not in kernel[name] or figure not in pure[name]:
                continue
            fast_rate, pure_rate = kernel[name][figure], pure[name][figure]
            line = (f"{name:16} {labels[figure]:24} {fast_rate:11,.0f} {pure_rate:11,.0f} "
                    f"{fast_rate / pure_rate:6.2f}x   ")
            if figure == "playouts":
                line += "kernel / pure " + verdict(fast_rate / pure_rate, PLAYOUTS_TARGET)
            elif figure == "greedy":
                line += "(no target)"
            elif figure == "zoo":
                line += "(self-play, observations and masks: the batch's yardstick)"
            elif figure == "batch":
                line += "kernel batch / PettingZoo " + verdict(ratios[name, figure], BATCH_TARGET)
            elif euchre is None:
                line += "(no OpenSpiel: no euchre yardstick)"
            else:
                if figure == "checked":
                    yardstick, target, what = euchre["child"], CHECKED_TARGETS.get(name), "child"
                else:
                    yardstick, what = euchre["apply"], "apply_action"
                    target = WHOLE_TARGETS.get(name) if figure == "whole" else GAME_TARGET
                line += (f"kernel / euchre {what} " + verdict(ratios[name, figure], target)
                         + f"; pure {pure_rate / yardstick:.2f}x")
            print(line)


def hands(names: list[str], kernel: dict[str, dict[str, float]], euchre: dict[str, float]) -> None:
    """Whole games per hand played (no target): a euchre game is one hand of about 43
    transitions, 22 of them its deal's chance outcomes, where a pitchcore hand's deal is
    part of the move that ends the hand before it, so transitions/s compare unlike moves."""
    per_hand = euchre["per_hand"]
    print(f"per hand (no target): euchre {per_hand:.1f} transitions a hand ({euchre['chance_per_hand']:.1f} of them "
          f"dealing chance outcomes): {euchre['apply'] / per_hand:,.0f} hands/s by apply_action, "
          f"{euchre['child'] / per_hand:,.0f} by child")
    for name in names:
        figures = kernel[name]
        moves = figures["per_hand"]
        whole, checked = figures["whole"] / moves, figures["checked"] / moves
        print(f"  {name}: {moves:.1f} transitions a hand; fast.Game whole games {whole:,.0f} hands/s "
              f"({whole / (euchre['apply'] / per_hand):.2f}x euchre apply_action's), checked API {checked:,.0f} "
              f"hands/s ({checked / (euchre['child'] / per_hand):.2f}x euchre child's)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--batch", type=int, default=100, help="playouts per fast.playouts call")
    parser.add_argument("--all", action="store_true", help="every bundled variant")
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--cpu", action="store_true",
                        help="rates per second of this process's CPU time, not of wall-clock time")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = pitchcore.bundled_variants() if args.all else args.variants
    if args.child:  # the pure-path subprocess: figures as JSON for the parent
        json.dump({"kernel": kernel_in_use(), "figures": pitchcore_figures(names, args.seconds, args.runs,
                                                                             args.batch, args.cpu)}, sys.stdout)
        return
    print(f"median of {args.runs} runs of {args.seconds:g} s, one process at a time, per second of "
          f"{'CPU' if args.cpu else 'wall-clock'} time; "
          f"fast.playouts {args.batch} playouts a call, uniformly random")
    kernel_used = kernel_in_use()
    print(f"compiled kernel in use: {'yes' if kernel_used else 'no'}"
          + ("" if kernel_used else " (the kernel column is the pure path too)")
          + (" -- PITCHCORE_PURE is set in this process" if os.environ.get("PITCHCORE_PURE") else ""))
    euchre_per_hand: list[float] = []
    per_hand: dict[str, list[float]] = {}
    measures = {**euchre_measures(args.seconds, euchre_per_hand),
                **pitchcore_measures(names, args.seconds, args.batch, per_hand)}
    if kernel_used:
        for name in names:
            reason = off_kernel(name)
            if reason is not None:
                print(f"{name} does not run on the kernel ({reason}): both columns are the pure path")
    wall, cpu = time.perf_counter(), time.process_time()
    found = in_rounds(args.runs, measures, args.cpu)
    share = (time.process_time() - cpu) / (time.perf_counter() - wall)
    kernel = figures_of(names, found, per_hand)
    euchre: dict[str, float] | None = None
    ratios: dict[tuple[str, str], float] = {}
    if ("euchre", "apply") not in found:
        print("OpenSpiel (pyspiel) is not importable: no euchre yardstick")
    else:
        euchre = {"apply": statistics.median(found["euchre", "apply"]),
                  "child": statistics.median(found["euchre", "child"]),
                  "per_hand": euchre_per_hand[0], "chance_per_hand": euchre_per_hand[1]}
        print(f"OpenSpiel euchre from Python: apply_action {euchre['apply']:,.0f} transitions/s, "
              f"state.child {euchre['child']:,.0f} transitions/s")
        for name in names:
            for figure in ("whole", "in_hand", "in_hand_moves", "checked"):
                ratios[name, figure] = paired(found, (name, figure),
                                              ("euchre", "child" if figure == "checked" else "apply"))
    for name in names:
        if (name, "batch") in found:
            ratios[name, "batch"] = paired(found, (name, "batch"), (name, "zoo"))
    pure_had_kernel, pure = pure_figures(names, args.seconds, args.runs, args.batch, args.cpu)
    if pure_had_kernel:
        print("warning: the PITCHCORE_PURE=1 subprocess still used the compiled kernel")
    report(names, kernel, pure, euchre, ratios)
    print("\nrates are transitions/s but for playouts/s; gain = kernel / pure")
    if euchre is not None:
        hands(names, kernel, euchre)
    if kernel_used:
        print("the kernel settles each distinct outcome of a hand once per position's scores and auction and "
              "keeps it; its first run of playouts, with that cache filling:",
              ", ".join(f"{name} {kernel[name]['playouts_first']:,.0f}/s" for name in names
                        if off_kernel(name) is None))
    print(f"this process had {share:.0%} of a core while it measured the kernel column; load average "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
          + ("" if args.cpu else "; on a busy machine --cpu gives steadier figures"))


if __name__ == "__main__":
    main()
