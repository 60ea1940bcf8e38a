"""Self-play throughput of the PettingZoo and Gymnasium environments beside the raw engine's.

In one run, on one variant (auction-pitch unless ``--variant``), uniformly random legal moves:
  engine      whole games through ``pitchcore.accel.fast`` (``moves`` + ``step``), transitions/s,
              and through the checked API (``legal_moves`` + ``apply``), as
              ``benchmarks/throughput.py`` measures them
  pettingzoo  ``pitchcore.adapters.pettingzoo.env()`` driven as PettingZoo's docs drive an
              AEC environment: ``agent_iter``, ``last`` (observation tensor and action mask),
              a random legal action from the mask, ``step``; steps/s (one step = one action)
  gymnasium   ``PitchEnv`` with random bots at the other seats: the learner's steps/s
              (each includes the bots' moves up to its next turn) and game moves/s
  parallel    ``pitchcore.adapters.pettingzoo.parallel_env()``: a random legal action of the
              seat to move in each step, every agent's observation returned; steps/s
  vector      ``pitchcore.adapters.vector.PitchVectorEnv`` of ``--envs`` games on the batch,
              uniformly random opponents: the learner's steps/s over all games (each with
              the opponents' moves up to its next turn) and the games' actions/s
and the ratio of the PettingZoo figure to the engine's; then the cost of one call of
``legal_action_mask``, ``observation_tensor`` and ``information_state_tensor`` for the seat
to move, over the states of random games in game order (so with the caches a game warms).
Each throughput figure is measured ``--runs`` times for ``--seconds`` each; the best and the
median are printed, in wall-clock time and in CPU time of this process (on a shared
machine CPU time is the steadier "one core" figure).
A game still going after ``--max-hands`` hands is truncated there, as in throughput.py.
``--profile`` prints a cProfile of the PettingZoo loop instead. Run:
    python benchmarks/adapters.py [--variant auction-pitch] [--seconds 2] [--runs 5]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable

import pitchcore
from pitchcore.accel import fast

Measure = Callable[[float], tuple[int, float, float]]
"""Runs for about the seconds given: (count, wall seconds, CPU seconds)."""


def timed(body: Callable[[Callable[[], bool]], int], seconds: float) -> tuple[int, float, float]:
    """Run ``body(more)`` (which counts what it does while ``more()``) for ``seconds``."""
    wall, cpu = time.perf_counter(), time.process_time()
    deadline = wall + seconds

    def more() -> bool:
        return time.perf_counter() < deadline

    count = body(more)
    return count, time.perf_counter() - wall, time.process_time() - cpu


def engine_fast(variant: pitchcore.Variant, max_hands: int) -> Measure:
    """Transitions of random whole games on the unchecked fast path."""
    def body(more: Callable[[], bool]) -> int:
        rand = random.Random(1).random
        moves, step = fast.moves, fast.step
        transitions = game = 0
        while more():
            state = pitchcore.new_game(variant, seed=game)
            game += 1
            while len(state.hand_results) < max_hands:
                legal = moves(state)
                if not legal:
                    break
                state = step(state, legal[int(rand() * len(legal))])
                transitions += 1
        return transitions
    return lambda seconds: timed(body, seconds)


def engine_checked(variant: pitchcore.Variant, max_hands: int) -> Measure:
    """Transitions of random whole games on the checked API."""
    def body(more: Callable[[], bool]) -> int:
        rand = random.Random(1).random
        transitions = game = 0
        while more():
            state = pitchcore.new_game(variant, seed=game)
            game += 1
            while not state.is_over and len(state.hand_results) < max_hands:
                legal = state.legal_moves()
                state = state.apply(legal[int(rand() * len(legal))])
                transitions += 1
        return transitions
    return lambda seconds: timed(body, seconds)


def pettingzoo_self_play(variant: pitchcore.Variant, max_hands: int, observation: str = "observation") -> Measure:
    """Steps of PettingZoo self-play: every seat picks a random legal action from its mask."""
    from pitchcore.adapters.pettingzoo import env as make_env

    table = make_env(variant, max_hands=max_hands, observation=observation)

    def body(more: Callable[[], bool]) -> int:
        rand = random.Random(1).random
        steps = game = 0
        while more():
            table.reset(seed=game)
            game += 1
            for _ in table.agent_iter():
                observation, _, terminated, truncated, _ = table.last()
                if terminated or truncated:
                    table.step(None)
                    continue
                legal = observation["action_mask"].nonzero()[0]
                table.step(legal[int(rand() * len(legal))])
                steps += 1
        return steps
    return lambda seconds: timed(body, seconds)


def gymnasium_steps(variant: pitchcore.Variant, max_hands: int) -> tuple[Measure, list[tuple[int, int]]]:
    """The learner's steps against random bots (and, in the list, each run's game moves and steps)."""
    from pitchcore.adapters.gymnasium import PitchEnv

    env = PitchEnv(variant, opponents="random", max_hands=max_hands)
    moves: list[tuple[int, int]] = []

    def body(more: Callable[[], bool]) -> int:
        rand = random.Random(1).random
        steps = game = made = 0
        while more():
            _, info = env.reset(seed=game)
            game += 1
            done = False
            while not done:
                legal = info["action_mask"].nonzero()[0]
                _, _, terminated, truncated, info = env.step(legal[int(rand() * len(legal))])
                done = terminated or truncated
                steps += 1
            made += len(env.game_state.moves)
        moves.append((made, steps))
        return steps
    return (lambda seconds: timed(body, seconds)), moves


def parallel_self_play(variant: pitchcore.Variant, max_hands: int) -> Measure:
    """Steps of the ParallelEnv: the seat to move picks a random legal action from its mask."""
    from pitchcore.adapters.pettingzoo import parallel_env

    table = parallel_env(variant, max_hands=max_hands)

    def body(more: Callable[[], bool]) -> int:
        rand = random.Random(1).random
        steps = game = 0
        while more():
            observations, _ = table.reset(seed=game)
            game += 1
            while table.agents:
                agent = f"seat_{table.game_state.to_move}"
                legal = observations[agent]["action_mask"].nonzero()[0]
                observations, _, _, _, _ = table.step({agent: int(legal[int(rand() * len(legal))])})
                steps += 1
        return steps
    return lambda seconds: timed(body, seconds)


def vector_steps(variant: pitchcore.Variant, max_hands: int, envs: int) -> tuple[Measure, list[tuple[int, int]]]:
    """The learner's steps over ``envs`` games against uniformly random opponents (and, in the
    list, each run's actions made and learner steps)."""
    import numpy as np

    from pitchcore.adapters.vector import PitchVectorEnv

    vector = PitchVectorEnv(variant, num_envs=envs, opponents="random", max_hands=max_hands)
    made: list[tuple[int, int]] = []

    def body(more: Callable[[], bool]) -> int:
        rng = np.random.default_rng(1)
        _, info = vector.reset(seed=1)
        before, steps = vector.actions_made, 0
        while more():
            masks = info["action_mask"]
            _, _, _, _, info = vector.step((rng.random(masks.shape) * masks).argmax(axis=1))
            steps += envs
        made.append((vector.actions_made - before, steps))
        return steps
    return (lambda seconds: timed(body, seconds)), made


def runs(measure: Measure, seconds: float, count: int) -> list[tuple[float, float]]:
    """(per wall second, per CPU second) of each run, after an untimed warm-up."""
    measure(min(seconds, 0.3))
    found = []
    for _ in range(count):
        done, wall, cpu = measure(seconds)
        found.append((done / wall, done / max(cpu, 1e-9)))
    return found


def line(name: str, figures: list[tuple[float, float]], unit: str) -> tuple[float, float]:
    """Print best and median, wall and CPU; return the medians (wall, CPU)."""
    wall = [f[0] for f in figures]
    cpu = [f[1] for f in figures]
    print(f"{name:34} best {max(wall):9,.0f}  median {statistics.median(wall):9,.0f} {unit} (wall)   "
          f"best {max(cpu):9,.0f}  median {statistics.median(cpu):9,.0f} (CPU)")
    return statistics.median(wall), statistics.median(cpu)


def per_call(variant: pitchcore.Variant, games: int = 20, repeat: int = 5) -> dict[str, float]:
    """Seconds per call of each encoding function for the seat to move, over every state of
    ``games`` random games in game order (best of ``repeat`` passes)."""
    states = []
    for game in range(games):
        state = pitchcore.new_game(variant, seed=game)
        rand = random.Random(game)
        while not state.is_over and len(state.hand_results) < 5:
            states.append(state)
            state = state.apply(rand.choice(state.legal_moves()))
    seats = [state.to_move for state in states]
    calls = {"legal_action_mask": lambda state, seat: pitchcore.legal_action_mask(state),
             "observation_tensor": pitchcore.observation_tensor,
             "information_state_tensor": pitchcore.information_state_tensor}
    result = {}
    for name, call in calls.items():
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            for state, seat in zip(states, seats, strict=True):
                call(state, seat)
            best = min(best, (time.perf_counter() - start) / len(states))
        result[name] = best
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variant", default="auction-pitch")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (best and median)")
    parser.add_argument("--max-hands", type=int, default=200, help="truncate a game after this many hands")
    parser.add_argument("--profile", action="store_true", help="profile the PettingZoo loop instead")
    parser.add_argument("--envs", type=int, default=256, help="games in the vector environment")
    args = parser.parse_args()
    variant = pitchcore.load_variant(args.variant)
    if args.profile:
        measure = pettingzoo_self_play(variant, args.max_hands)
        profile = cProfile.Profile()
        profile.runcall(measure, args.seconds)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    print(f"{args.variant}: uniformly random legal moves; {args.runs} runs of {args.seconds:g} s each, one process")
    engine = line("engine, fast path (fast.step)", runs(engine_fast(variant, args.max_hands), args.seconds,
                                                          args.runs), "transitions/s")
    line("engine, checked API (apply)", runs(engine_checked(variant, args.max_hands), args.seconds, args.runs),
         "transitions/s")
    zoo = line("PettingZoo env() self-play", runs(pettingzoo_self_play(variant, args.max_hands), args.seconds,
                                                  args.runs), "steps/s      ")
    line("  the same, information_state", runs(pettingzoo_self_play(variant, args.max_hands, "information_state"),
                                               args.seconds, args.runs), "steps/s      ")
    measure, moves = gymnasium_steps(variant, args.max_hands)
    gym = runs(measure, args.seconds, args.runs)
    line("Gymnasium PitchEnv, random bots", gym, "steps/s      ")
    per_step = sum(made for made, _ in moves) / max(1, sum(steps for _, steps in moves))
    print(f"  (each learner step is about {per_step:.1f} game moves with the bots')")
    line("PettingZoo parallel_env()", runs(parallel_self_play(variant, args.max_hands), args.seconds, args.runs),
         "steps/s      ")
    measure, made = vector_steps(variant, args.max_hands, args.envs)
    vector = line(f"PitchVectorEnv, {args.envs} games", runs(measure, args.seconds, args.runs), "steps/s      ")
    per_step = sum(actions for actions, _ in made) / max(1, sum(steps for _, steps in made))
    print(f"  (each learner step is about {per_step:.1f} actions with the opponents'; "
          f"{vector[1] * per_step:,.0f} actions/s by CPU)")
    print(f"PettingZoo self-play / engine fast path: {zoo[0] / engine[0]:.0%} (wall medians), "
          f"{zoo[1] / engine[1]:.0%} (CPU medians)")
    print("one call for the seat to move, states of random games in game order (best of 5 passes):")
    for name, seconds in per_call(variant).items():
        print(f"  {name:26} {seconds * 1e6:6.2f} µs")


if __name__ == "__main__":
    main()
