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
time. A last line measures the ceiling of any game written in Python: ``python_nothing``, a
game that holds a counter and always offers the same six actions, through the same calls
(pyspiel's bridge from C++ to a Python game's methods is what it costs). Needs OpenSpiel
(``pip install "pitchcore[openspiel]"``). Run:
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
NOTHING_LENGTH = 29
"""Moves of a ``python_nothing`` game (a chance node, then 28 decisions: about an
auction-pitch hand's)."""

_NOTHING_TYPE = pyspiel.GameType(
    short_name="python_nothing", long_name="A Python game that does nothing",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION, utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=4, min_num_players=4,
    provides_information_state_string=False, provides_information_state_tensor=False,
    provides_observation_string=False, provides_observation_tensor=False, parameter_specification={})
_NOTHING_INFO = pyspiel.GameInfo(num_distinct_actions=6, max_chance_outcomes=1, num_players=4, min_utility=-1.0,
                                 max_utility=1.0, utility_sum=0.0, max_game_length=NOTHING_LENGTH)
_SIX = [0, 1, 2, 3, 4, 5]


class NothingGame(pyspiel.Game):  # type: ignore[misc]
    """The cheapest game pyspiel can run in Python: the ceiling of python_pitchcore's states/s."""

    def __init__(self, params: dict[str, object] | None = None) -> None:
        super().__init__(_NOTHING_TYPE, _NOTHING_INFO, params or {})

    def new_initial_state(self) -> NothingState:
        return NothingState(self)


class NothingState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: NothingGame) -> None:
        super().__init__(game)
        self.moves = 0

    def current_player(self) -> int:
        if self.moves >= NOTHING_LENGTH:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if self.moves == 0 else self.moves % 4

    def _legal_actions(self, player: int) -> list[int]:
        return _SIX

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1.0)]

    def _apply_action(self, action: int) -> None:
        self.moves += 1

    def is_terminal(self) -> bool:
        return self.moves >= NOTHING_LENGTH

    def returns(self) -> list[float]:
        return [0.0] * 4


pyspiel.register_game(_NOTHING_TYPE, NothingGame)


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
    games["python_nothing", "ceiling"] = pyspiel.load_game("python_nothing")
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
        if key[0] == "python_nothing":
            line += "  (a Python game that does nothing: no Python game runs faster)"
        print(line)


if __name__ == "__main__":
    main()
