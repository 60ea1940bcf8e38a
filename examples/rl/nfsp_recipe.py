"""NFSP (OpenSpiel's PyTorch version) in self-play on pitchcore, then measured as a bot.

Four Neural Fictitious Self-Play agents, one per seat, play single hands of 4-player
auction-pitch through OpenSpiel's ``rl_environment`` on ``python_pitchcore`` (one chance node
per deal: ``shuffles``), each learning a best response (DQN) and an average policy from its
own information-state tensor, for ``--minutes``. Seat 0's average policy then plays whole
games as a ``PolicyBot`` (the same information-state tensor, read from its view), its seat
moving round the table, against three HeuristicBots and against three RandomBots; the script
prints each share of games won with its 95% interval (chance is 25%).

    pip install torch dm-tree 'pitchcore[openspiel]'
    python examples/rl/nfsp_recipe.py --minutes 5 --games 200

OpenSpiel's NFSP imports ``dm-tree`` (``import tree``), which OpenSpiel does not install.
PyTorch and dm-tree are not pitchcore dependencies.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp

import pitchcore
import pitchcore.adapters.openspiel  # (registers python_pitchcore)
from pitchcore.bots import PolicyBot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import PLAYERS, VARIANT, report


def make_agents(env: rl_environment.Environment, seed: int) -> list[nfsp.NFSP]:
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    return [nfsp.NFSP(seat, size, actions, hidden_layers_sizes=[256], reservoir_buffer_capacity=200_000,
                      anticipatory_param=0.1, batch_size=128, rl_learning_rate=0.01, sl_learning_rate=0.01,
                      min_buffer_size_to_learn=1000, learn_every=64, optimizer_str="sgd", seed=seed + seat,
                      replay_buffer_capacity=200_000, epsilon_start=0.06, epsilon_end=0.001)
            for seat in range(PLAYERS)]


def train(minutes: float, seed: int) -> tuple[list[nfsp.NFSP], int]:
    """Self-play until ``minutes`` are spent: the agents and the hands played."""
    game = pyspiel.load_game("python_pitchcore", {"variant": VARIANT, "players": PLAYERS, "single_hand": True,
                                                  "shuffles": 4096})
    env = rl_environment.Environment(game, seed=seed)
    agents = make_agents(env, seed)
    deadline, hands = time.monotonic() + minutes * 60, 0
    while time.monotonic() < deadline:
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([agents[seat].step(step).action])
        for agent in agents:  # every agent sees the end of the hand and its reward
            agent.step(step)
        hands += 1
    return agents, hands


def as_policy(agent: nfsp.NFSP) -> Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]:
    """The agent's average policy as PolicyBot's callable: its most likely legal action."""

    def policy(tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask).tolist()
        step = rl_environment.TimeStep(
            observations={"info_state": [tensor.tolist()] * PLAYERS, "legal_actions": [legal] * PLAYERS,
                          "current_player": agent.player_id},
            rewards=None, discounts=None, step_type=rl_environment.StepType.MID)
        with agent.temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
            probabilities = agent.step(step, is_evaluation=True).probs
        return int(legal[int(np.argmax(probabilities[legal]))])

    return policy


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="self-play budget (default 5)")
    parser.add_argument("--games", type=int, default=200, help="games measured against each opponent (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    start = time.monotonic()
    agents, hands = train(args.minutes, args.seed)
    print(f"self-play: {hands:,} hands in {(time.monotonic() - start) / 60:.1f} min")
    variant = pitchcore.load_variant(VARIANT)
    bot = PolicyBot(as_policy(agents[0]), observation="information_state", variant=variant)
    report("NFSP", bot, args.games)


if __name__ == "__main__":
    main()
