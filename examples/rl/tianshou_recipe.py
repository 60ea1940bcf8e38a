"""Tianshou 2.x on pitchcore's PettingZoo environment: train a DQN seat, then measure it.

One seat of cutthroat auction-pitch learns (a masked DQN); the other three are fixed, all in
Tianshou's multi-agent machinery (``PettingZooEnv``, ``MultiAgentOffPolicyAlgorithm``,
``Collector``, ``DummyVectorEnv``): pitchcore's HeuristicBots (the default) or Tianshou's
masked random policy (``--opponents random``). An episode is one deal (``max_hands=1,
reward="hand"``), the learner at a seat drawn for each; its reward is its score change less
the others' mean. The network also learns from the HeuristicBots' moves, each scored by that
seat's own reward (``--no-learn-from-bots``: from the learner's only). After ``--minutes`` of
training the network is saved (``--out``) and plays as a ``PolicyBot`` in pitchcore's
``simulate``: ``--games`` games against three HeuristicBots, then three RandomBots, printing
seat 0's share of wins with its 95% interval (chance: 25%).

    pip install torch tianshou "pitchcore[pettingzoo]"
    python examples/rl/tianshou_recipe.py                     # 3 minutes, then 200 + 200 games
    python examples/rl/tianshou_recipe.py --minutes 0         # measure the saved network only
    cd examples/rl && TIANSHOU_POLICY=$PWD/tianshou-policy.pt \\
        pitchcore tournament --variant auction-pitch --bots tianshou_recipe:TianshouBot,heuristic,random

A 3-minute run on a 2-core CPU (74,000 steps of all seats, 2,600 deals; 4.4 minutes in all)
won 7.5% of 200 games against three HeuristicBots (95% 4.6%-12.0%) and 61.0% against three
RandomBots (54.1%-67.5%); another gave 12.5% and 66.5%, and one with ``--no-learn-from-bots``
4.0% and 58.5%. For scale: a RandomBot wins 0.5% against three HeuristicBots, a HeuristicBot
88% against three RandomBots. The budget is wall-clock, so runs differ with the machine.

Why it is set up so (Tianshou 2.0.1):

- Tianshou keeps every seat's moves in one buffer sequence, so a one-step target would
  bootstrap from the next row, another seat's observation. An n-step horizon longer than a
  deal (32) with gamma 1 makes each target the seat's own result for the deal.
- A deal's end is a truncation in pitchcore (``max_hands``); the wrapper reports it as a
  termination, which Tianshou does not bootstrap from.
- Tianshou policies see only the observation batch; pitchcore's bots need the seat's view.
  The wrapper asks the bot when an opponent is to move and passes its choice in ``info``.
- The network ignores the scores: they are always 0-0 in a training deal, not in a game.
"""

from __future__ import annotations

import argparse
import functools
import logging
import os
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from pettingzoo.utils.wrappers import BaseWrapper
from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm, MultiAgentOffPolicyAlgorithm
from tianshou.algorithm.algorithm_base import OffPolicyAlgorithm, Policy, TrainingStats
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Batch, Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv, PettingZooEnv
from tianshou.trainer import OffPolicyTrainerParams

import pitchcore
from pitchcore.adapters.pettingzoo import env as pitch_env
from pitchcore.bots import HeuristicBot, PolicyBot
from pitchcore.tools.simulate import simulate

VARIANT, PLAYERS = "auction-pitch", 4
AGENTS = ["learner", "opponent_1", "opponent_2", "opponent_3"]
"""The wrapper's agents: the learner, then the seats to its left."""


class QNet(torch.nn.Module):
    """An MLP from the observation to a value per action, blind to the scores."""

    def __init__(self, hidden: int = 256) -> None:
        super().__init__()
        variant = pitchcore.load_variant(VARIANT)
        layout = pitchcore.tensor_layout(variant, PLAYERS)
        keep = torch.ones(layout.observation_size)
        keep[next(piece.slice for piece in layout.observation if piece.name == "scores")] = 0.0
        self.register_buffer("keep", keep)
        self.body = torch.nn.Sequential(
            torch.nn.Linear(layout.observation_size, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, hidden),
            torch.nn.ReLU(), torch.nn.Linear(hidden, pitchcore.actions.action_space(variant, PLAYERS).size))

    def forward(self, obs: Any, state: Any = None, info: Any = None) -> tuple[torch.Tensor, Any]:
        # (Tianshou calls a model with the observation, state and info, and wants values and state back.)
        return self.body(torch.as_tensor(obs, dtype=torch.float32) * self.keep), state


class LearnerSeat(BaseWrapper):  # type: ignore[misc]
    """pitchcore's AEC environment with its agents renamed: ``learner`` at a seat drawn for
    each deal (the dealer is always seat 0), ``opponent_1``.. to its left. With ``bots``,
    ``info["bot_action"]`` is a HeuristicBot's choice where an opponent is to move (else -1)."""

    def __init__(self, bots: bool) -> None:
        super().__init__(pitch_env(VARIANT, max_hands=1, reward="hand"))
        self.possible_agents = AGENTS
        self.bot = HeuristicBot() if bots else None
        self.rng = random.Random()
        self.seat = 0

    def _name(self, agent: str) -> str:
        return AGENTS[(int(agent.removeprefix("seat_")) - self.seat) % PLAYERS]

    def observation_space(self, agent: str) -> Any:
        return self.env.observation_space("seat_0")  # (every seat's spaces are the same)

    def action_space(self, agent: str) -> Any:
        return self.env.action_space("seat_0")

    @property
    def agent_selection(self) -> str:  # type: ignore[override]
        return self._name(self.env.agent_selection)

    @property
    def rewards(self) -> dict[str, float]:  # type: ignore[override]
        """Each seat's score change less the others' mean: zero-sum, so that letting them score
        costs (a seat that only defends scores a little and never wins a game)."""
        total = sum(self.env.rewards.values())
        return {self._name(agent): (PLAYERS * reward - total) / (PLAYERS - 1)
                for agent, reward in self.env.rewards.items()}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.rng.seed(seed)
        self.seat = self.rng.randrange(PLAYERS)
        self.env.reset(seed=seed, options=options)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.last(observe)
        state, action = self.env.unwrapped.game_state, -1
        if self.bot is not None and not (terminated or truncated) and state.to_move != self.seat:
            move = self.bot.choose(state.view(state.to_move), state.legal_moves(), self.rng)
            action = self.env.unwrapped.space.move_to_action(move)
        return observation, reward, terminated or truncated, False, {**info, "bot_action": action}


class BotPolicy(Policy):
    """Plays the action the environment's bot chose (``info["bot_action"]``)."""

    def forward(self, batch: Any, state: Any = None, **kwargs: Any) -> Any:
        return Batch(act=np.asarray(batch.info.bot_action, dtype=np.int64))


class FixedSeat(OffPolicyAlgorithm):  # type: ignore[type-arg]
    """A seat whose policy never changes. With a ``student``, its moves train the student's
    network too, each with this seat's own return (Tianshou's dispatcher gives each seat its
    reward column)."""

    def __init__(self, policy: Policy, student: DQN | None) -> None:
        super().__init__(policy=policy)
        self.student = student

    def _preprocess_batch(self, batch: Any, buffer: Any, indices: Any) -> Any:
        return batch if self.student is None else self.student._preprocess_batch(batch, buffer, indices)

    def _update_with_batch(self, batch: Any) -> TrainingStats:
        return TrainingStats() if self.student is None else self.student._update_with_batch(batch)


class Buffer(VectorReplayBuffer):
    """Tianshou 2.0.1's trainer checks the whole buffer for NaNs after every collection, copying
    it: a third of the run time here. pitchcore's tensors hold none; the rewards are checked."""

    def hasnull(self) -> bool:
        return bool(np.isnan(self.rew).any())


def train(args: argparse.Namespace) -> QNet:
    torch.set_num_threads(1)  # (small batches: more threads cost more than they give)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)  # (Tianshou's exploration draws from numpy's global generator)
    bots = args.opponents == "heuristic"
    probe = PettingZooEnv(LearnerSeat(bots))
    net = QNet()
    learner = DQN(policy=DiscreteQLearningPolicy(model=net, action_space=probe.action_space, eps_training=args.eps),
                  optim=AdamOptimizerFactory(lr=args.lr), gamma=1.0, n_step_return_horizon=32)
    opponents = [FixedSeat(BotPolicy(probe.action_space), learner if args.learn_from_bots else None) if bots
                 else MARLRandomDiscreteMaskedOffPolicyAlgorithm(probe.action_space) for _ in AGENTS[1:]]
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[learner, *opponents], env=probe)

    def make() -> PettingZooEnv:
        return PettingZooEnv(LearnerSeat(bots))

    train_envs, test_envs = DummyVectorEnv([make] * args.envs), DummyVectorEnv([make] * args.envs)
    train_envs.seed(args.seed)
    test_envs.seed(args.seed + args.envs)
    # (Targets never bootstrap, so the buffer need not keep obs_next.)
    training = Collector[CollectStats](algorithm, train_envs, Buffer(40_000, args.envs, ignore_obs_next=True),
                                       exploration_noise=True)
    # (Without a buffer, a Collector allocates 10,000 rows an environment: 2.5 GB here.)
    testing = Collector[CollectStats](algorithm, test_envs, Buffer(64 * args.envs, args.envs, ignore_obs_next=True))
    start, budget = time.monotonic(), 60 * args.minutes

    def explore(epoch: int, env_step: int) -> None:  # epsilon down to a fifth over 60% of the budget
        learner.policy.set_eps_training(args.eps * (1 - 0.8 * min(1.0, (time.monotonic() - start) / (0.6 * budget))))

    algorithm.run_training(OffPolicyTrainerParams(
        training_collector=training, test_collector=testing, max_epochs=10**9, epoch_num_steps=8_000,
        collection_step_num_env_steps=16 * args.envs,
        test_step_num_episodes=100, batch_size=256, update_step_num_gradient_steps_per_sample=1 / 64,
        training_fn=explore, stop_fn=lambda score: time.monotonic() - start >= budget,  # (checked each epoch)
        multi_agent_return_reduction=lambda returns: returns[:, 0], show_progress=False))
    print(f"trained {(time.monotonic() - start) / 60:.1f} min, {training.collect_step} steps, "
          f"{training.collect_episode} deals (test reward: the learner's result a deal, 0 = the others' mean)")
    return net


@functools.cache
def load(path: str) -> QNet:
    torch.set_num_threads(1)  # (one decision at a time: more threads cost more than they give)
    net = QNet()
    net.load_state_dict(torch.load(path, weights_only=True))
    return net.eval()


def greedy(net: QNet, tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
    """The legal action of highest value."""
    with torch.no_grad():
        values = net(tensor[None])[0][0].numpy()
    return int(np.argmax(np.where(mask == 1, values, -np.inf)))


class TianshouBot(PolicyBot):
    """The saved network as a bot (``--bots tianshou_recipe:TianshouBot``): the file
    ``$TIANSHOU_POLICY``, else ``tianshou-policy.pt`` in the current folder."""

    name = "tianshou"

    def __init__(self) -> None:
        super().__init__(functools.partial(greedy, load(os.environ.get("TIANSHOU_POLICY", "tianshou-policy.pt"))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--minutes", type=float, default=3.0, help="training budget (0: measure --out only)")
    parser.add_argument("--games", type=int, default=200, help="games measured against each kind of bot")
    parser.add_argument("--out", default="tianshou-policy.pt", help="where the network is saved")
    parser.add_argument("--opponents", choices=["heuristic", "random"], default="heuristic",
                        help="the three fixed seats in training")
    parser.add_argument("--learn-from-bots", action=argparse.BooleanOptionalAction, default=True,
                        help="train the network on the HeuristicBots' moves too")
    parser.add_argument("--envs", type=int, default=32, help="environments stepped together")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument("--eps", type=float, default=0.2, help="the learner's share of random moves at first")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # Tianshou 2.0.1 warns at every collection that multi-agent returns (a column per agent) are not 1-D.
    logging.getLogger("tianshou.data.stats").setLevel(logging.ERROR)
    if args.minutes > 0:
        torch.save(train(args).state_dict(), args.out)
        print(f"network saved to {args.out}")
    os.environ["TIANSHOU_POLICY"] = str(Path(args.out).resolve())  # (where simulate's TianshouBots look)
    for kind in ("heuristic", "random") if args.games > 0 else ():
        row = simulate(VARIANT, args.games, [TianshouBot, kind, kind, kind], seed=args.seed).summary()["sides"][0]
        low, high = row["wilson95"]
        print(f"vs 3 {kind} bots: {row['wins']}/{args.games} = {row['rate']:.1%} "
              f"(95% {low:.1%}-{high:.1%}; chance 25%)", flush=True)


if __name__ == "__main__":
    main()
