"""A Gymnasium vector environment on the batch: many games, one learner seat in each.

``PitchVectorEnv`` is ``num_envs`` copies of ``PitchEnv`` (``pitchcore.adapters.gymnasium``)
stepped together on ``pitchcore.interop.batch.Batch``: one call makes the learner's action in
every game, then the opponents' moves until each game waits for the learner again, and
returns the observations and masks as arrays (``info["action_mask"]``, shape (num_envs,
actions)). The opponents are ``"random"`` (a uniformly random legal action, drawn for all
games at once), a batched policy ``policy(observations, masks) -> actions`` (arrays: a
network evaluated on the games that wait for it, a frozen copy of the learner in self-play),
or bots (``"heuristic"``, any ``Bot``, one or one per other seat), which move game by game
from their views as in ``PitchEnv``.

A game that ends starts again in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``):
its row of the returned observations is the new game's first, ``info["final_obs"][i]`` is
the learner's last observation of the ended one, and ``terminated``/``truncated`` say which
rows ended. The reward is the learner's: ``"game"``: +1 when its side wins, -1 when another
side does, at the end; ``"hand"``: its side's score change (what opponents score in a new
game before the learner's first move comes with its first step, as in ``PitchEnv``).

    >>> import numpy as np
    >>> from pitchcore.adapters.vector import PitchVectorEnv
    >>> envs = PitchVectorEnv("auction-pitch", num_envs=8, max_hands=3)
    >>> observations, info = envs.reset(seed=1)
    >>> observations.shape, info["action_mask"].shape
    ((8, 965), (8, 170))
    >>> rng = np.random.default_rng(0)
    >>> actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
    >>> observations, rewards, terminated, truncated, info = envs.step(actions)
    >>> rewards.shape
    (8,)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError('pitchcore.adapters.vector needs Gymnasium: pip install "pitchcore[gymnasium]"') from error

from ..bots.base import Bot
from ..game.engine import _variant
from ..interop.batch import Batch
from ..interop.tensors import information_state_tensor, observation_tensor
from ..model.state import seat_of
from .gymnasium import _opponents, check_options, observation_box

__all__ = ["BatchedPolicy", "PitchVectorEnv"]

BatchedPolicy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], npt.ArrayLike]
"""Opponents as one function of arrays: the observations (k, size) and masks (k, actions) of
the k games waiting for them, to k action numbers."""

_SEEDS = 2**63


class PitchVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of one variant, the learner at ``seat`` in each (see the module notes).

    ``variant``, ``players``, ``seat``, ``max_hands``, ``reward``, ``observation`` and
    ``dealer`` are ``PitchEnv``'s; ``opponents`` is ``"random"``, a ``BatchedPolicy``, or what ``PitchEnv``
    takes (a bot name, a ``Bot``, or one per other seat).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(self, variant: Any = "auction-pitch", num_envs: int = 64, players: int | None = None, seat: int = 0,
                 opponents: str | Bot | Sequence[str | Bot] | BatchedPolicy = "random",
                 max_hands: int | None = None, reward: Literal["game", "hand"] = "game",
                 observation: Literal["observation", "information_state"] = "observation",
                 dealer: int | Literal["random"] = 0) -> None:
        check_options(render_mode=None, reward=reward, illegal="raise", observation=observation, max_hands=max_hands)
        rules = _variant(variant)
        self.batch = Batch(rules, num_envs, players, reward=reward, max_hands=max_hands, observation=observation,
                           copy=False, dealer=dealer)
        """The games (``batch.state(i)`` is game ``i``'s position)."""
        self.num_envs = num_envs
        self.players = self.batch.players
        self.seat = seat_of(seat, self.players)
        """The learner's seat."""
        self.side = int(self.batch._side_of[self.seat])
        self.action_names = self.batch.space.names
        self.single_observation_space = observation_box(rules, self.players, observation)
        self.single_action_space = spaces.Discrete(self.batch.space.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._tensor = observation_tensor if observation == "observation" else information_state_tensor
        self._policy: BatchedPolicy | None = None
        self._bots: dict[int, Bot] = {}
        self.set_opponents(opponents)
        self._uniform = np.random.default_rng(0)
        self._bot_rngs = [random.Random(0) for _ in range(num_envs)]
        self._queued: list[list[int]] = [[] for _ in range(num_envs)]
        self._carry = np.zeros(num_envs, dtype=np.float32)
        self._started = False
        self.actions_made = 0
        """Actions made in all the games so far, the learner's and the opponents' (a discard
        built card by card is one per card and one for done)."""

    def set_opponents(self, opponents: str | Bot | Sequence[str | Bot] | BatchedPolicy) -> None:
        """New opponents from the next move on (``"random"``, a batched policy, or bots)."""
        if callable(opponents) and not isinstance(opponents, Bot):
            self._policy, self._bots = opponents, {}
        elif opponents == "random":
            self._policy, self._bots = None, {}
        else:
            self._policy = None
            self._bots = _opponents(opponents, self.seat, self.players, self.batch.variant)

    # -- the API ---------------------------------------------------------------------------

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """New games in every row, played by the opponents up to the learner's first turn
        (``seed``: one number, or one per game; ``options`` is ignored)."""
        if seed is not None:
            self._uniform = np.random.default_rng(seed if isinstance(seed, int) else list(seed))
        self.batch.reset(seed=seed if seed is not None else int(self._uniform.integers(_SEEDS)))
        self._carry[:] = 0.0
        self._queued = [[] for _ in range(self.num_envs)]
        for row in range(self.num_envs):
            self._new_game(row)
        self._started = True
        # (as if every game had just ended: what the opponents score before the learner's
        # first move is its first step's reward, and a game over before then is dealt again)
        self._others(np.zeros(self.num_envs, dtype=np.float32), np.ones(self.num_envs, dtype=bool),
                     np.zeros(self.num_envs, dtype=bool), {})
        return self._observations(), {"action_mask": self.batch._masks.copy()}

    def step(self, actions: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32],
                                                      npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """The learner's action in every game, then the opponents' moves up to its next turn."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        rewards = self._carry.copy()
        self._carry[:] = 0.0
        terminated = np.zeros(self.num_envs, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        finals: dict[int, npt.NDArray[np.float32]] = {}
        self._step(np.asarray(actions), None, rewards, terminated, truncated, finals)
        self._others(rewards, terminated, truncated, finals)
        info: dict[str, Any] = {"action_mask": self.batch._masks.copy()}
        if finals:
            final = np.full(self.num_envs, None, dtype=object)
            for row, observation in finals.items():
                final[row] = observation
            info["final_obs"], info["_final_obs"] = final, terminated | truncated
        return self._observations(), rewards, terminated, truncated, info

    # -- the games -------------------------------------------------------------------------

    def _observations(self) -> npt.NDArray[np.float32]:
        return self.batch._observations.copy()

    def _new_game(self, row: int) -> None:
        """A new game began in ``row``: its bots' generator follows its seed, as ``PitchEnv``'s."""
        self._bot_rngs[row] = random.Random(f"pitchcore/gymnasium/{self.batch.seeds[row]}")
        self._queued[row] = []

    def _step(self, actions: npt.NDArray[Any], moving: npt.NDArray[np.bool_] | None,
              rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_], truncated: npt.NDArray[np.bool_],
              finals: dict[int, npt.NDArray[np.float32]]) -> None:
        """One batch step (``moving``: the games that move, None: all), its rewards and ends
        the learner's: those of a game that ends in this step's, those of the game that
        follows in the next step's (its first step's, as ``PitchEnv`` gives them)."""
        before = terminated | truncated  # (rows whose game ended earlier in this step)
        result = self.batch.step(actions, moving)
        self.actions_made += self.num_envs if moving is None else int(moving.sum())
        mine = result.rewards[:, self.seat]
        rewards += np.where(before, 0.0, mine)
        self._carry += np.where(before, mine, 0.0)
        for row, state in self.batch.finished.items():
            self._new_game(row)
            if before[row]:  # the game that followed ended before the learner moved in it
                self._carry[row] = 0.0
                continue
            terminated[row] = bool(result.terminated[row])
            truncated[row] = bool(result.truncated[row])
            finals[row] = self._tensor(state, self.seat, 0)

    def _others(self, rewards: npt.NDArray[np.float32], terminated: npt.NDArray[np.bool_],
                truncated: npt.NDArray[np.bool_], finals: dict[int, npt.NDArray[np.float32]]) -> None:
        """The opponents' moves until every game waits for the learner."""
        batch = self.batch
        for _ in range(100_000):
            waiting = batch._to_move != self.seat
            if not waiting.any():
                return
            actions = np.full(self.num_envs, -1, dtype=np.int64)
            rows = np.flatnonzero(waiting)
            actions[rows] = self._opponent_actions(rows)
            self._step(actions, waiting, rewards, terminated, truncated, finals)
        raise RuntimeError("the opponents made 100,000 moves without the learner's turn coming")

    def _opponent_actions(self, rows: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
        batch = self.batch
        masks = batch._masks[rows]
        if self._policy is not None:
            chosen: npt.NDArray[np.int64] = np.asarray(self._policy(batch._observations[rows], masks), dtype=np.int64)
            if chosen.shape != (len(rows),):
                raise ValueError(f"the opponents' policy gave actions of shape {chosen.shape} for {len(rows)} games")
            return chosen
        if not self._bots:  # uniformly random legal actions, all at once
            picked: npt.NDArray[np.int64] = (self._uniform.random(masks.shape) * masks).argmax(axis=1).astype(np.int64)
            return picked
        found = np.empty(len(rows), dtype=np.int64)
        for position, row in enumerate(rows.tolist()):
            queue = self._queued[row]
            if not queue:
                state = batch.state(row)
                seat = state.to_move
                assert seat is not None
                move = self._bots[seat].choose(state.view(seat), state.legal_moves(), self._bot_rngs[row])
                queue.extend(batch.space.move_to_actions(move))
            found[position] = queue.pop(0)
        return found

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to close: the games live in this process."""


if "pitchcore/PitchVector-v0" not in gymnasium.registry:
    gymnasium.register("pitchcore/PitchVector-v0", entry_point=None,
                       vector_entry_point="pitchcore.adapters.vector:PitchVectorEnv")
