"""A PettingZoo AEC environment for every pitchcore variant (``pip install "pitchcore[pettingzoo]"``).

It follows the conventions of PettingZoo's classic card games, so code written for them
(``agent_iter`` / ``last`` / ``step`` loops, action masking, the API and seed tests) runs
on any bundled variant or house file:

- agents ``seat_0`` .. ``seat_{N-1}``, one per seat; ``agent_selection`` is the seat to move;
- each observation a dict: ``"observation"``, a float32 tensor of what that seat may know
  (``pitchcore.interop.tensors``), and ``"action_mask"``, int8, 1 for each legal action (all zeros
  for a seat that is not to move);
- actions ``Discrete(space.size)`` from ``pitchcore.interop.actions``: a discard is built one card
  at a time, then ``discard done`` (the environment keeps the cards chosen so far);
- rewards at the game's end (+1 for the seats of the winning side, -1 for the others, 0 for
  all if nobody won), or with ``reward="hand"`` each seat's side's score change as it
  happens (at each hand's end, and in sell-out when a bid is sold);
- termination when the game is over, truncation after ``max_hands`` deals, thrown-in deals
  included (uniformly random bidders sink their scores and never finish some variants, and
  a policy that always passes would redeal for ever).

    >>> from pitchcore.adapters.pettingzoo import env
    >>> table = env("auction-pitch", max_hands=3)
    >>> table.reset(seed=7)
    >>> table.agent_selection, table.game_state.phase.value
    ('seat_1', 'bidding')
    >>> observation, reward, terminated, truncated, info = table.last()
    >>> [table.unwrapped.action_names[a] for a in observation["action_mask"].nonzero()[0]]
    ['pass', 'bid 1', 'bid 2', 'bid 3', 'bid 4']
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped,unused-ignore]
    from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped,unused-ignore]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped,unused-ignore]
    from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped,unused-ignore]
        AECOrderEnforcingIterable,
        AECOrderEnforcingIterator,
    )
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError("pitchcore.adapters.pettingzoo needs PettingZoo and Gymnasium: "
                      'pip install "pitchcore[pettingzoo]"') from error

from ..accel.fast import step as fast_step
from ..components.variant import Variant
from ..game.engine import _variant, new_game
from ..interop.actions import ActionSpace, action_space
from ..interop.tensors import information_state_tensor, observation_tensor
from ..model.errors import IllegalMove
from ..model.moves import Move, parse_move
from ..model.phase import Phase
from ..model.state import GameState
from .gymnasium import check_options, observation_box, render, reset_dealer

__all__ = ["Observation", "env", "parallel_env", "raw_env"]

Observation: TypeAlias = dict[str, npt.NDArray[Any]]
"""``{"observation": float32 array, "action_mask": int8 array}``."""
Reward = Literal["game", "hand"]
Illegal = Literal["raise", "lose"]

_OVER = Phase.GAME_OVER
_SEEDS = 2**63


def env(variant: Variant | str = "auction-pitch", players: int | None = None, max_hands: int | None = None,
        render_mode: str | None = None, observation: str = "observation", reward: Reward = "game",
        illegal: Illegal = "lose", illegal_reward: float = -1.0, dealer: int | Literal["random"] = 0) -> Any:
    """``raw_env`` wrapped as PettingZoo's classic environments are: in its
    ``OrderEnforcingWrapper``, which refuses to step or observe before ``reset``.

    The other classic wrappers are not needed: an action outside the space or not legal
    now ends the game as ``TerminateIllegalWrapper`` would (``illegal="lose"``, the
    default), or with ``illegal="raise"`` raises ``IllegalMove`` (a ``ValueError``) saying
    why and changes nothing."""
    return _OrderEnforcing(raw_env(variant, players, max_hands, render_mode, observation, reward,
                                   illegal, illegal_reward, dealer))


def _passed(name: str) -> property:
    """A wrapper attribute read straight from the environment once it has been reset (the base
    wrapper's ``__getattr__`` runs only after a failed lookup: several per step)."""
    read = attrgetter(f"env.{name}")

    def get(self: _OrderEnforcing) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return read(self)

    return property(get, doc=f"The environment's ``{name}``.")


class _OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc,unused-ignore]
    """PettingZoo's ``OrderEnforcingWrapper``, its checks unchanged, with what a self-play step
    reads (``last``, ``agents``, ``agent_selection``, the reward and done dicts, the agent
    iterator) passed straight through: the base class reaches them through ``__getattr__``
    and a chain of wrapper methods, which more than doubled the cost of a step."""

    agents = _passed("agents")
    agent_selection = _passed("agent_selection")
    rewards = _passed("rewards")
    terminations = _passed("terminations")
    truncations = _passed("truncations")
    infos = _passed("infos")
    _cumulative_rewards = _passed("_cumulative_rewards")

    def __str__(self) -> str:
        return str(self.env)  # (as the base class names itself: the environment's name)

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        found: tuple[Observation | None, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return found

    def step(self, action: int | None) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # (the base class's errors and warnings)

    def agent_iter(self, max_iter: int = 2**63) -> _Iterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc,unused-ignore]
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc,unused-ignore]
    """The base class's iterator and its check that each agent stepped, reading the
    environment directly."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = env.agent_selection
        return agent


class raw_env(AECEnv[str, Observation, int]):  # type: ignore[misc,unused-ignore]
    """The AEC environment itself (``env`` wraps it): one game per episode.

    - ``variant``: a ``Variant``, a bundled variant's name or a variant file's path.
    - ``players``: seats at the table (None: the variant's default).
    - ``max_hands``: truncate the episode once this many deals have been played or thrown in
      (None: never; set it for learning, where a policy may pass for ever).
    - ``render_mode``: ``"ansi"`` (``render`` returns the text) or ``"human"`` (prints it after
      every step); the text is a spectator's and shows every seat's cards.
    - ``observation``: ``"observation"`` (what the seat sees now) or ``"information_state"``
      (also the history it has seen: the auction, every trick), from ``pitchcore.interop.tensors``.
    - ``reward``: ``"game"`` (+1/-1 at the end) or ``"hand"`` (score changes as they happen).
    - ``illegal``: ``"lose"`` (the default, PettingZoo's classic convention: the game ends at
      once, the offender gets ``illegal_reward``, the others 0, and its info says why) or
      ``"raise"`` (an illegal action raises ``IllegalMove`` and changes nothing).
    - ``dealer``: the first dealer's seat, or ``"random"``: drawn from each game's seed (as
      ``new_game`` draws it), so that episodes cut off by ``max_hands`` do not always begin
      with seat 0 dealing.

    ``reset(seed=s)`` starts ``pitchcore.new_game(variant, players=players, seed=s, dealer=dealer)``
    (so a game is replayable from its seed); ``reset()`` draws the seed from the environment's
    own generator, random unless an earlier ``reset`` was seeded;
    ``reset(options={"dealer": d})`` sets the first dealer of that one game.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "pitchcore_v0",
                                          "is_parallelizable": False, "render_fps": 1}

    def __init__(self, variant: Variant | str = "auction-pitch", players: int | None = None,
                 max_hands: int | None = None, render_mode: str | None = None, observation: str = "observation",
                 reward: Reward = "game", illegal: Illegal = "lose", illegal_reward: float = -1.0,
                 dealer: int | Literal["random"] = 0) -> None:
        super().__init__()
        check_options(render_mode=render_mode, reward=reward, illegal=illegal, observation=observation,
                      max_hands=max_hands)
        self.variant: Variant = _variant(variant)
        """The rules played."""
        probe = new_game(self.variant, players=players, seed=0, dealer=dealer)  # (checks players and dealer)
        self.dealer: int | Literal["random"] = dealer
        """The first dealer of each game (a seat, or ``"random"``)."""
        self.players: int = probe.players
        """Seats at the table."""
        self.space: ActionSpace = action_space(self.variant, self.players)
        """The action numbering (``pitchcore.interop.actions``): ``space.names[a]`` says what ``a`` does."""
        self.action_names: tuple[str, ...] = self.space.names
        self.max_hands = max_hands
        self.render_mode = render_mode
        self.reward_kind: Reward = reward
        self.illegal: Illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self._tensor = _tensor_function(observation)
        self.possible_agents: list[str] = [f"seat_{seat}" for seat in range(self.players)]
        self.agents: list[str] = []
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": observation_box(self.variant, self.players, observation),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.space.size) for agent in self.possible_agents}
        self._seeds = random.Random()  # seeds of unseeded resets (reseeded by a seeded reset)
        self._state: GameState = probe
        self._chosen = 0
        self._seen: tuple[GameState | None, int, str, Observation | None] = (None, 0, "", None)
        self._legal: tuple[GameState | None, bytes] = (None, b"")
        """The state last observed by the seat to move, and its legal actions (mask bytes)."""
        self._size = self.space.size
        discards = (*self.space.blocks["discard"], *self.space.blocks["done"])
        self._moves: tuple[Move | None, ...] = tuple(
            None if action in discards else parse_move(name) for action, name in enumerate(self.space.names))
        """The move of each action (None: a discard's card or done, which ``space.apply`` makes)."""
        self._rewarded = False

    # -- spaces --------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        """The position now (a ``pitchcore.GameState``: ``moves``, ``scores``, ``winner`` ...)."""
        return self._state

    @property
    def chosen(self) -> int:
        """The cards chosen so far for the discard being built (a card mask, 0 if none)."""
        return self._chosen

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``new_game(variant, players=players, seed=seed, dealer=dealer)``
        (``options``: ``{"dealer": d}`` sets this game's first dealer; other keys are ignored)."""
        dealer = reset_dealer(options, self.dealer, self.players)
        if seed is None:
            game_seed = self._seeds.randrange(_SEEDS)
        else:
            game_seed = seed
            self._seeds.seed(f"pitchcore/pettingzoo/{seed}")
        self._state = new_game(self.variant, players=self.players, seed=game_seed, dealer=dealer)
        self._chosen = 0
        self._seen = (None, 0, "", None)
        self._legal = (None, b"")
        agents = self.possible_agents
        self.agents = agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self._rewarded = False
        seat = self._state.to_move
        assert seat is not None, "a new game waits for a move"
        self.agent_selection = agents[seat]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation now, computed once per position (``last`` asks for it)."""
        state, chosen = self._state, self._chosen
        seen_state, seen_chosen, seen_agent, seen = self._seen
        if seen_state is state and seen_chosen == chosen and seen_agent == agent and seen is not None:
            return seen
        seat = self._seat_of[agent]
        if state.to_move == seat:
            mask = self.space.legal_action_mask(state, chosen)
            if not chosen:  # (step then checks an action against these bytes: the user may change mask)
                self._legal = (state, mask.tobytes())
            tensor = self._tensor(state, seat, chosen)
        else:
            mask = np.zeros(self._size, dtype=np.int8)
            tensor = self._tensor(state, seat, 0)  # (the discard being built is the mover's secret)
        found: Observation = {"observation": tensor, "action_mask": mask}
        self._seen = (state, chosen, agent, found)
        return found

    def step(self, action: int | None) -> None:
        """Make ``action`` for ``agent_selection`` (None for an agent already done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        legal_state, legal = self._legal
        move = None
        if legal_state is state and not self._chosen and action.__class__ is not bool:
            # The common case: an action the last observation allowed, from no discard being built.
            try:
                index = operator.index(action)  # type: ignore[arg-type]
            except TypeError:
                index = -1
            if 0 <= index < self._size and legal[index]:
                move = self._moves[index]
        if move is not None:
            new = fast_step(state, move)
        else:
            try:
                new, self._chosen = self.space.apply(state, action, self._chosen)  # type: ignore[arg-type]
            except IllegalMove as error:
                if self.illegal == "raise":
                    raise
                self._lose(agent, error)
                return
        self._state = new
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._rewarded:
            for name in rewards:
                rewards[name] = 0.0
            self._rewarded = False
        if new.scores is not state.scores and self.reward_kind == "hand":  # the scores changed
            side_of, before, after = new.table.side_of, state.scores, new.scores
            for name, side in zip(self.possible_agents, side_of, strict=True):
                rewards[name] = float(after[side] - before[side])
            self._rewarded = True
        if new.phase is _OVER:
            winners = new.winners
            if self.reward_kind == "game" and winners:  # (several where sides win together)
                for name, side in zip(self.possible_agents, new.table.side_of, strict=True):
                    rewards[name] = 1.0 if side in winners else -1.0
                self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_hands is not None and new.deal_number >= self.max_hands:  # deals, thrown-in ones too
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            seat = new.to_move
            assert seat is not None, "a game that goes on waits for a move"
            self.agent_selection = self.possible_agents[seat]
        if self._rewarded:
            self._accumulate_rewards()
        if new.phase is _OVER or self.truncations[agent]:
            self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _lose(self, agent: str, error: IllegalMove) -> None:
        """``illegal="lose"``: the game ends at once, the offender losing ``illegal_reward``."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self._rewarded = True
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal_action": str(error)}
        self._accumulate_rewards()
        self._deads_step_first()

    # -- display -------------------------------------------------------------------------

    def render(self) -> str | None:
        """The position as text (every seat's cards: a spectator's view): returned with
        ``render_mode="ansi"``, printed with ``"human"``."""
        return render(self.render_mode, self._state, self._chosen)

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


def parallel_env(variant: Variant | str = "auction-pitch", players: int | None = None, max_hands: int | None = None,
                 render_mode: str | None = None, observation: str = "observation", reward: Reward = "game",
                 illegal: Illegal = "lose", illegal_reward: float = -1.0,
                 dealer: int | Literal["random"] = 0) -> ParallelPitch:
    """The game as a PettingZoo ``ParallelEnv`` (``env``'s options): for libraries and
    wrappers that take parallel environments (SuperSuit's vector wrappers, Tianshou's and
    RLlib's multi-agent loops)."""
    return ParallelPitch(raw_env(variant, players, max_hands, render_mode, observation, reward, illegal,
                                 illegal_reward, dealer))


class ParallelPitch(ParallelEnv[str, Observation, int | None]):  # type: ignore[misc,unused-ignore]
    """A turn-based game as a parallel environment: every step takes an action from each live
    agent, makes the one of the agent to move and ignores the others (their masks are all
    zeros: any action, or None, will do). Observations, rewards, ends and infos are the AEC
    environment's (``raw_env``, which it steps), for every agent at every step; when the
    game ends every agent is done and ``agents`` is empty until ``reset``."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "pitchcore_parallel_v0",
                                          "is_parallelizable": True, "render_fps": 1}

    def __init__(self, game: raw_env) -> None:
        self.aec = game
        """The AEC environment stepped (``aec.game_state`` is the position)."""
        self.possible_agents: list[str] = game.possible_agents
        self.agents: list[str] = []
        self.render_mode = game.render_mode
        self.observation_spaces = game.observation_spaces
        self.action_spaces = game.action_spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The position now."""
        return self.aec.game_state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game, as ``raw_env.reset`` starts it."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        return {agent: self.aec.observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int | None]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """The action of the agent to move (``actions[agent]``; the others' are ignored)."""
        aec = self.aec
        if not self.agents:
            raise RuntimeError("the game is over (or never began): call reset()")
        mover = aec.agent_selection
        if mover not in actions:
            raise ValueError(f"actions has none for {mover}, the seat to move")
        live = self.agents
        aec.step(actions[mover])
        observations = {agent: aec.observe(agent) for agent in live}
        rewards = {agent: float(aec.rewards[agent]) for agent in live}
        terminations = {agent: bool(aec.terminations[agent]) for agent in live}
        truncations = {agent: bool(aec.truncations[agent]) for agent in live}
        infos = {agent: dict(aec.infos[agent]) for agent in live}
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""


def _tensor_function(observation: str) -> Callable[[GameState, int, int], npt.NDArray[np.float32]]:
    """The tensor named by ``observation``."""
    if observation == "observation":
        return observation_tensor
    if observation == "information_state":
        return information_state_tensor
    raise ValueError(f"observation must be 'observation' or 'information_state', not {observation!r}")
