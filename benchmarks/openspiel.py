"""python_pitchcore's speed in OpenSpiel beside C++ euchre's, from Python, in one run.

Uniformly random whole games through pyspiel's own calls, as an OpenSpiel algorithm makes
them: ``legal_actions`` (or ``chance_outcomes``, an outcome picked uniformly: every game
here has equally likely outcomes) and ``apply_action`` at every state, chance nodes
included. For euchre (C++: a game is one hand of 24 dealt cards) and for
``python_pitchcore`` on ``--variants``, with a chance node per card (``shuffles=0``, the
default) and with one chance node per deal (``shuffles=N``). Printed: states/s (every state
visited, chance nodes counted), hands/s (deals begun), and each states/s over euchre's
(target: at least 0.5 with one chance node per deal), the median of ``--runs`` rounds,
each round measuring euchre and then every pitchcore figure once (a shared machine's speed
drifts within minutes; a ratio within a round does not). Per second of this process's CPU
time. Needs OpenSpiel (``pip install "pitchcore[openspiel]"``). Run:
    python benchmarks/openspiel.py [--variants auction-pitch haus-pitch] [--seconds 2] [--runs 3] [--shuffles 4096]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel

import pitchcore.adapters.openspiel  # noqa: F401  (registers python_pitchcore)

TARGET = 0.5
"""python_pitchcore's states/s over euchre's, with one chance node per deal."""
MAX_HANDS = 20


def playouts(game: object, seconds: float) -> tuple[float, float]:
    """(states, deals) per CPU second of random whole games of ``game``."""
    rand = random.Random(1).random
    states = deals = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        chance_before = False
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rand() * len(outcomes))][0]
                deals += not chance_before  # (a deal's chance nodes come in a run)
                chance_before = True
            else:
                legal = state.legal_actions()
                action = legal[int(rand() * len(legal))]
                chance_before = False
            state.apply_action(action)
            states += 1
    spent = time.process_time() - start
    return states / spent, deals / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=["auction-pitch", "haus-pitch"])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement")
    parser.add_argument("--runs", type=int, default=3, help="rounds")
    parser.add_argument("--shuffles", type=int, default=4096, help="outcomes of a deal's one chance node")
    args = parser.parse_args()
    games = {("euchre", "C++"): pyspiel.load_game("euchre")}
    for name in args.variants:
        for shuffles in (0, args.shuffles):
            games[name, f"shuffles={shuffles}"] = pyspiel.load_game(
                "python_pitchcore", {"variant": name, "shuffles": shuffles, "max_hands": MAX_HANDS})
    found: dict[tuple[str, str], list[tuple[float, float]]] = {key: [] for key in games}
    ratios: dict[tuple[str, str], list[float]] = {key: [] for key in games}
    for game in games.values():
        playouts(game, min(args.seconds, 0.3))  # (warm-up)
    for _ in range(args.runs):
        round_figures = {key: playouts(game, args.seconds) for key, game in games.items()}
        for key, figure in round_figures.items():
            found[key].append(figure)
            ratios[key].append(figure[0] / round_figures["euchre", "C++"][0])
    print(f"random whole games through pyspiel, {args.runs} rounds of {args.seconds:g} s each, per CPU second "
          f"(pitchcore games cut off after {MAX_HANDS} deals)")
    for key in games:
        states = statistics.median(f[0] for f in found[key])
        hands = statistics.median(f[1] for f in found[key])
        ratio = statistics.median(ratios[key])
        line = f"{key[0]:16} {key[1]:15} {states:10,.0f} states/s {hands:8,.0f} hands/s   {ratio:5.2f} x euchre"
        if key[1] == f"shuffles={args.shuffles}" and key[1] != "shuffles=0":
            line += f"  (target {TARGET}: {'met' if ratio >= TARGET else 'not met'})"
        print(line)


if __name__ == "__main__":
    main()
