"""Train a learning agent through pitchcore's PettingZoo environment, then measure it.

The agent is a linear softmax policy over the seat's observation tensor, trained with
REINFORCE (numpy only: no deep-learning library needed) on auction-pitch against three
``RandomBot`` seats. Each hand's score change is the reward for every decision of that
hand; the policy never sees another seat's cards (it reads only its own observation and
action mask). After training, it plays whole games against three RandomBots and the
script prints its win rate beside the untrained policy's and chance (one seat in four).

    .venv/bin/python examples/rl/train.py                  # about a minute on one core
    .venv/bin/python examples/rl/train.py --hands 1500 --games 100   # a quick look
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pitchcore.adapters.pettingzoo import env as pitch_env
from pitchcore.bots import RandomBot

LEARNER = "seat_0"


@dataclass
class Policy:
    """Masked softmax over ``weights @ observation``: one row of weights per action."""

    weights: np.ndarray
    rng: np.random.Generator
    greedy: bool = False

    @classmethod
    def untrained(cls, observations: int, actions: int, seed: int) -> Policy:
        return cls(np.zeros((actions, observations), dtype=np.float64), np.random.default_rng(seed))

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ observation
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray) -> int:
        chances = self.probabilities(observation, mask)
        if self.greedy:
            return int(chances.argmax())
        return int(self.rng.choice(len(chances), p=chances))


@dataclass
class Trainer:
    """REINFORCE with a running baseline: each decision's gradient is scaled by how much
    better than usual its hand went for the learner."""

    policy: Policy
    learning_rate: float = 0.02
    baseline: float = 0.0
    spread: float = 1.0
    decisions: list[tuple[np.ndarray, np.ndarray, int]] = field(default_factory=list)

    def remember(self, observation: np.ndarray, mask: np.ndarray, action: int) -> None:
        self.decisions.append((observation, mask, action))

    def hand_over(self, reward: float) -> None:
        """Learn from the hand just scored (``reward``: the learner's score change)."""
        self.baseline += 0.01 * (reward - self.baseline)
        self.spread += 0.01 * (abs(reward - self.baseline) - self.spread)
        advantage = (reward - self.baseline) / max(self.spread, 0.1)
        for observation, mask, action in self.decisions:
            chances = self.policy.probabilities(observation, mask)
            gradient = -chances
            gradient[action] += 1.0  # d log pi(action) / d logits
            self.policy.weights += self.learning_rate * advantage * np.outer(gradient, observation)
        self.decisions.clear()


def play(table: Any, policy: Policy, seed: int, trainer: Trainer | None = None,
         max_hands: int | None = None) -> tuple[int | None, int]:
    """One game: the learner at seat 0, RandomBots elsewhere. Returns (winner, hands)."""
    table.reset(seed=seed)
    bot, rng = RandomBot(), random.Random(seed)
    raw = table.unwrapped
    hands = 0
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if agent == LEARNER and reward and trainer is not None:
            trainer.hand_over(reward)
        if terminated or truncated:
            table.step(None)
            continue
        before = len(raw.game_state.hand_results)
        if agent == LEARNER:
            action = policy.act(observation["observation"], observation["action_mask"])
            if trainer is not None:
                trainer.remember(observation["observation"], observation["action_mask"], action)
        else:
            state = raw.game_state
            seat = raw.possible_agents.index(agent)
            move = bot.choose(state.view(seat), state.legal_moves(), rng)
            action = raw.space.move_to_action(move)  # (auction-pitch has no discards)
        table.step(action)
        hands += len(raw.game_state.hand_results) - before
    return raw.game_state.winner, hands


def win_rate(policy: Policy, games: int, seed: int) -> tuple[float, float, float]:
    """The share of ``games`` the learner's side wins, with a 95% Wilson interval."""
    table = pitch_env("auction-pitch", max_hands=200)
    wins = sum(play(table, policy, seed + game)[0] == 0 for game in range(games))
    share, z = wins / games, 1.96
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return share, centre - half, centre + half


def train(hands: int, seed: int) -> tuple[Policy, int]:
    """A policy trained on at least ``hands`` hands of auction-pitch, and the hands played."""
    table = pitch_env("auction-pitch", max_hands=20, reward="hand")
    raw = table.unwrapped
    observations = raw.observation_spaces[LEARNER]["observation"].shape[0]
    policy = Policy.untrained(observations, raw.space.size, seed)
    trainer = Trainer(policy)
    played, game = 0, 0
    while played < hands:
        played += play(table, policy, seed * 10**6 + game, trainer)[1]
        game += 1
    policy.greedy = True
    return policy, played


def main(argv: list[str] | None = None) -> dict[str, tuple[float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000, help="training hands (default 5,000)")
    parser.add_argument("--games", type=int, default=500, help="evaluation games (default 500)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    policy, hands = train(args.hands, args.seed)
    trained = time.perf_counter() - started
    untrained = Policy.untrained(policy.weights.shape[1], policy.weights.shape[0], args.seed)
    rates = {"untrained": win_rate(untrained, args.games, 10**6), "trained": win_rate(policy, args.games, 10**6)}
    print(f"trained on {hands} hands in {trained:.0f} s")
    for label, (share, low, high) in rates.items():
        print(f"{label + ' policy':>17}: wins {share:.1%} of {args.games} games against 3 RandomBots "
              f"(95% interval {low:.1%}-{high:.1%}; chance 25%)")
    return rates


if __name__ == "__main__":
    main()
