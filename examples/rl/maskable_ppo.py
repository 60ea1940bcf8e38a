"""MaskablePPO (sb3-contrib) on pitchcore's Gymnasium environment, then measured as a bot.

The recipe of docs/learning.md, runnable: ``make_vec_env`` makes copies of the registered
``pitchcore/Pitch-v0`` (one learner at seat 0, three HeuristicBots), ``MaskablePPO`` learns
from each hand's score change for ``--minutes``, and the trained network then plays whole
4-player auction-pitch games as a ``PolicyBot``, its seat moving round the table, against
three HeuristicBots and against three RandomBots. The script prints each share of games
won with its 95% interval (chance is 25%).

    pip install torch sb3-contrib 'pitchcore[gymnasium]'
    python examples/rl/maskable_ppo.py --minutes 5 --games 200

Stable-Baselines3 and PyTorch are not pitchcore dependencies. On the project's 2-core
machine, 10 minutes of this recipe give a network that wins most games against three
RandomBots and fewer than chance against three HeuristicBots (docs/learning.md has the
figures): reward from self-play alone learns slowly here, which is why the bundled
baseline (``baseline.py``) imitates a search bot instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import pitchcore
import pitchcore.adapters.gymnasium  # (registers pitchcore/Pitch-v0)
from pitchcore.bots import PolicyBot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import VARIANT, report


class Budget(BaseCallback):
    """Stops ``learn`` once ``seconds`` of wall-clock time are spent."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def train(minutes: float, envs: int, seed: int) -> MaskablePPO:
    vec = make_vec_env("pitchcore/Pitch-v0", n_envs=envs, seed=seed,
                       env_kwargs={"variant": VARIANT, "opponents": "heuristic", "max_hands": 30, "reward": "hand"})
    model = MaskablePPO("MlpPolicy", vec, seed=seed, verbose=0)
    model.learn(total_timesteps=10**9, callback=Budget(minutes * 60))
    return model


def as_policy(model: MaskablePPO) -> Any:
    """The network as PolicyBot's callable: the most likely legal action."""

    def policy(tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        action, _ = model.predict(tensor, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return policy


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training budget (default 5)")
    parser.add_argument("--envs", type=int, default=4, help="environment copies (default 4)")
    parser.add_argument("--games", type=int, default=200, help="games measured against each opponent (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="", help="save the trained model here (a .zip; default: not saved)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    model = train(args.minutes, args.envs, args.seed)
    print(f"trained {model.num_timesteps:,} steps in {(time.monotonic() - start) / 60:.1f} min")
    if args.out:
        model.save(args.out)
    variant = pitchcore.load_variant(VARIANT)
    bot = PolicyBot(as_policy(model), variant=variant)
    report("MaskablePPO", bot, args.games)


if __name__ == "__main__":
    main()
