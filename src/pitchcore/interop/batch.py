"""Many games of one variant stepped together: an array of actions in, numpy arrays out.

Learning code plays thousands of games at once. ``Batch(variant, n)`` holds ``n`` games
and ``step(actions)`` makes one action in each (the action space of
``pitchcore.interop.actions``) and returns, for every game, the observation tensor of the
seat to move next (``pitchcore.interop.tensors``' layout), its legal-action mask, each
seat's reward, and whether the game ended. A game that ends starts again at once
(``terminated`` or ``truncated`` says so for that step, and the observation is then the new
game's first), so every row always waits for an action.

Where the compiled kernel is built, one call makes every play in C (most of a game's
moves) and writes those observations and masks there; the other moves (bids, discards, the
end of a hand) run the same Python as everywhere else. Either way the rows equal what
``observation_tensor`` and ``legal_action_mask`` give for each game's state
(``tests/test_batch.py`` compares them over random games of every variant the kernel plays).

Seats share one policy in self-play: each row is for the seat ``to_move`` names, and the
observation is relative to it, as every tensor is. Rewards follow the PettingZoo
environment's: with ``reward="game"`` +1 for each seat of the winning side and -1 for the
others when a game ends (0 for all when nobody wins), with ``reward="hand"`` each seat's
side's score change as it happens.

    >>> import numpy as np
    >>> from pitchcore.interop.batch import Batch
    >>> batch = Batch("auction-pitch", n=4, seed=1)
    >>> first = batch.reset()
    >>> first.observations.shape, first.masks.shape
    ((4, 965), (4, 170))
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(200):
    ...     actions = (rng.random(first.masks.shape) * first.masks).argmax(axis=1)
    ...     first = batch.step(actions)
    >>> first.rewards.shape, first.terminated.shape
    ((4, 4), (4,))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from ..accel.fast import Game
from ..game import kernel
from ..game.engine import _variant, new_game
from ..game.view import upcard_indices
from ..model.errors import IllegalMove
from ..model.moves import Move
from ..model.phase import Phase
from ..model.state import GameState
from .actions import ActionSpace, action_space
from .tensors import PHASES, TensorLayout, tensor_layout

if TYPE_CHECKING:
    from ..components.variant import Variant

__all__ = ["Batch", "BatchStep"]

Reward = Literal["game", "hand"]
_OVER = Phase.GAME_OVER
_SEEDS = 2**63
_IDLE = -2
"""The action of a game that does not move at a step (``step``'s ``moving``): its row stays
as it is (-1, at a reset: no move, the row written)."""
_OBSERVE, _ENDS = 1, 2
"""What ``_kernel.BatchCore.step`` leaves to Python per game (flags; 0: nothing): the row, the
game's ends (its scores or deal changed, or it is over: rewards, truncation, a new game)."""
_PIECES = ("phase", "to_move", "dealer", "teammates", "hand", "chosen", "trick", "leader", "played", "taken",
           "trump", "call", "auction", "bidder", "bid", "called", "partner", "own_discards", "gift", "hand_sizes",
           "discard_counts", "stock", "scores", "rounds_left")
"""The observation's pieces whose positions the kernel's half writes to (``TensorLayout._at``)."""


class BatchStep(NamedTuple):
    """What one ``reset`` or ``step`` returns: one row per game."""

    observations: npt.NDArray[np.float32]
    """Shape (n, observation_size): the observation tensor of the seat to move (with
    ``observation="information_state"``: (n, information_state_size), its information state)."""
    masks: npt.NDArray[np.int8]
    """Shape (n, space.size): 1 for each action legal now."""
    to_move: npt.NDArray[np.int64]
    """Shape (n,): the seat each row is for (the seat to move)."""
    rewards: npt.NDArray[np.float32]
    """Shape (n, players): each seat's reward for this step."""
    terminated: npt.NDArray[np.bool_]
    """Shape (n,): the game ended at this step (a new one began in its row)."""
    truncated: npt.NDArray[np.bool_]
    """Shape (n,): the game was cut off after ``max_hands`` deals (a new one began)."""


class Batch:
    """``n`` games of one variant, stepped together (see the module notes).

    - ``variant``: a ``Variant``, a bundled variant's name or a variant file's path.
    - ``n``: games in the batch.
    - ``players``: seats at the table (None: the variant's default).
    - ``seed``: where the games' seeds come from: game ``i`` draws the seed of each game
      it starts from its own generator, seeded from ``seed`` and ``i`` (``seeds`` says the
      seed of each game in progress, so any game can be replayed with ``new_game``).
    - ``reward``: ``"game"`` (+1/-1 at the end) or ``"hand"`` (score changes as they happen).
    - ``max_hands``: cut a game off once this many deals have been played or thrown in
      (None: never; set it where a policy may pass for ever).
    - ``observation``: ``"observation"`` (what the seat sees now) or ``"information_state"``
      (also the hand's history it has seen), as ``pitchcore.interop.tensors`` makes them. The
      kernel writes observations; information states are written by the per-state function.
    - ``copy``: return copies of the arrays (True), or the batch's own, which the next
      ``step`` overwrites (False: a little faster; do not write into them).
    - ``dealer``: each game's first dealer: a seat, or ``"random"``, drawn from the game's
      seed (as ``new_game`` draws it).

    An action that is not legal raises ``IllegalMove`` naming the game and why, before any
    game moves: the batch is then as it was.
    """

    def __init__(self, variant: Variant | str = "auction-pitch", n: int = 256, players: int | None = None, *,
                 seed: int = 0, reward: Reward = "game", max_hands: int | None = None,
                 observation: Literal["observation", "information_state"] = "observation", copy: bool = True,
                 dealer: int | Literal["random"] = 0) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"n must be a whole number of games >= 1, not {n!r}")
        if reward not in ("game", "hand"):
            raise ValueError(f"reward must be 'game' or 'hand', not {reward!r}")
        if observation not in ("observation", "information_state"):
            raise ValueError(f"observation must be 'observation' or 'information_state', not {observation!r}")
        if max_hands is not None and (not isinstance(max_hands, int) or isinstance(max_hands, bool) or max_hands < 1):
            raise ValueError(f"max_hands must be None or a whole number >= 1, not {max_hands!r}")
        self.variant: Variant = _variant(variant)
        """The rules played."""
        probe = new_game(self.variant, players=players, seed=0, dealer=dealer)  # (checks players and dealer)
        self.dealer: int | Literal["random"] = dealer
        """Each game's first dealer (a seat, or ``"random"``)."""
        self.n = n
        self.players: int = probe.players
        self.space: ActionSpace = action_space(self.variant, self.players)
        """The actions (``space.names[a]`` says what action ``a`` does)."""
        self.layout: TensorLayout = tensor_layout(self.variant, self.players)
        """Where each piece of an observation lies."""
        self.reward_kind: Reward = reward
        self.max_hands = max_hands
        self.copy = copy
        self.observation = observation
        self._recall = observation == "information_state"
        size = self.layout.information_state_size if self._recall else self.layout.observation_size
        actions = self.space.size
        self._observations = np.zeros((n, size), dtype=np.float32)
        self._masks = np.zeros((n, actions), dtype=np.int8)
        self._to_move = np.zeros(n, dtype=np.int64)
        self._rewards = np.zeros((n, self.players), dtype=np.float32)
        self._terminated = np.zeros(n, dtype=bool)
        self._truncated = np.zeros(n, dtype=bool)
        self._status = np.zeros(n, dtype=np.int8)
        self._side_of = np.array(probe.table.side_of, dtype=np.int64)
        self._generators = [random.Random() for _ in range(n)]
        self.seeds: list[int] = [0] * n
        """The seed of each game in progress (``new_game(variant, players=players, seed=...)``)."""
        self.finished: dict[int, GameState] = {}
        """The games that ended at the last step, by row: their final states."""
        self._games: list[Game] = []
        self._chosen = np.zeros(n, dtype=np.uint64)
        self._scores: list[tuple[int, ...]] = []
        self._core = self._compiled()
        self._seed_all(seed)

    def _compiled(self) -> Any:
        """The kernel's half of the batch (None: the batch is all Python), with its plan: where
        each piece lies and what each action is, from the layout and the action space."""
        layout, space = self.layout, self.space
        if kernel.BATCH_CORE is None or layout._shown_at >= 0:  # (cards drawn in sight during play: Python)
            return None
        at = layout._at
        built = (*space.blocks["discard"], *space.blocks["done"])  # (a discard built card by card: chosen)
        plan: dict[str, object] = {name: at[name] for name in _PIECES}
        plan.update(
            players=self.players, deck=layout.deck_size, row_size=self._observations.shape[1],
            rows=int(not self._recall),
            actions=space.size, play_at=space.play, discard_at=space.discard, done_at=space.done, move_type=Move,
            sides=layout.sides, rounds=layout._rounds,
            auction_row=1 + len(layout._bid_index), hand_scale=layout.hand_scale, score_scale=layout.score_scale,
            upcards_at=max(layout._upcards_at, 0), phases=PHASES, playing=Phase.PLAYING, calling=Phase.CALLING,
            bid_index=dict(layout._bid_index),
            deal_index={size: bit.bit_length() - 1 for size, bit in layout._deal_bits.items()},
            upcards=partial(upcard_indices, face_up_stock=layout._face_up) if layout._upcards_at >= 0 else None,
            moves=tuple(None if action in built else move for action, move in enumerate(space._moves)),
            action_of=dict(space._plain_action_of), side_of=tuple(self._side_of.tolist()),
        )
        return kernel.BATCH_CORE(self.n, plan, self._observations, self._masks, self._to_move, self._status,
                                 self._chosen)

    def _seed_all(self, seed: int | Sequence[int]) -> None:
        if isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number or {self.n} of them, one per game, not {seed!r}")
        if isinstance(seed, int):
            for index, generator in enumerate(self._generators):
                generator.seed(f"pitchcore/batch/{seed}/{index}")
        else:
            seeds = list(seed)
            if len(seeds) != self.n or not all(isinstance(s, int) and not isinstance(s, bool) for s in seeds):
                raise ValueError(f"seed must be a whole number or {self.n} of them, one per game")
            for generator, own in zip(self._generators, seeds, strict=True):
                generator.seed(f"pitchcore/batch/{own}")

    # -- the games --------------------------------------------------------------------------

    def state(self, index: int) -> GameState:
        """Game ``index``'s position now."""
        return self._games[index].freeze()

    def chosen(self, index: int) -> int:
        """The cards game ``index``'s seat to move has picked so far for a discard (0: none)."""
        return int(self._chosen[index])

    def _start(self, index: int) -> Game:
        seed = self._generators[index].randrange(_SEEDS)
        self.seeds[index] = seed
        state = new_game(self.variant, players=self.players, seed=seed, dealer=self.dealer)
        game = Game(state)
        self._chosen[index] = 0
        self._scores[index] = state.scores
        return game

    def reset(self, seed: int | Sequence[int] | None = None) -> BatchStep:
        """New games in every row (``seed``: reseed the games' generators first, with one
        number or one per game). Rewards are 0 and no game is done."""
        if seed is not None:
            self._seed_all(seed)
        self._scores = [()] * self.n
        self._games = []
        for index in range(self.n):
            self._games.append(self._start(index))
        self._clear()
        self._advance(np.full(self.n, -1, dtype=np.int64))
        return self._result()

    def step(self, actions: npt.ArrayLike, moving: npt.ArrayLike | None = None) -> BatchStep:
        """Make one action in every game (``actions``: n action numbers). With ``moving`` (n
        booleans), only the games marked move: the others' actions are not read, and their
        rows stay as they were (an environment stepping some seats' games, the others
        waiting for someone else)."""
        if not self._games:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions must be {self.n} whole numbers, one per game, not an array of shape "
                             f"{chosen.shape} and type {chosen.dtype}")
        numbers = chosen.astype(np.int64)
        if moving is not None:
            which = np.asarray(moving)
            if which.shape != (self.n,) or which.dtype != np.bool_:
                raise ValueError(f"moving must be {self.n} booleans, one per game, not an array of shape "
                                 f"{which.shape} and type {which.dtype}")
            numbers[~which] = _IDLE  # (no move, and the row stays as it is)
        self._check(numbers, idle=moving is not None)
        self._clear()
        self._advance(numbers)
        return self._result()

    def _check(self, actions: npt.NDArray[np.int64], idle: bool = False) -> None:
        """Every action legal in its game (the masks last returned), or ``IllegalMove`` for
        the first that is not, before any game moves (``idle``: -1 marks a game that does
        not move)."""
        inside = (actions >= 0) & (actions < self.space.size)
        legal = inside | (actions == _IDLE) if idle else inside.copy()
        legal[inside] = self._masks[np.flatnonzero(inside), actions[inside]] == 1
        if legal.all():
            return
        index = int(np.flatnonzero(~legal)[0])
        action = int(actions[index])
        state = self._games[index].freeze()
        try:
            self.space.action_to_move(state, action, int(self._chosen[index]))
        except IllegalMove as error:
            raise IllegalMove(f"game {index}: {error}") from None
        raise IllegalMove(f"game {index}: action {action} is not legal now")  # pragma: no cover - masks agree

    def _clear(self) -> None:
        self._rewards.fill(0.0)
        self._terminated.fill(False)
        self._truncated.fill(False)
        self.finished = {}

    def _advance(self, actions: npt.NDArray[np.int64]) -> None:
        """Make every game's action (< 0: none) and write its row: in C where the kernel can,
        the rest here."""
        status = self._status
        if self._core is not None:
            self._core.step(self._games, actions)
            for index in np.flatnonzero(status).tolist():
                self._finish(index, int(status[index]))
        else:
            for index, action in enumerate(actions.tolist()):
                if action == _IDLE:
                    continue
                self._move(index, action)
                self._finish(index, _OBSERVE | _ENDS)

    def _move(self, index: int, action: int) -> None:
        """Game ``index``'s action (< 0: none) on the pure path: ``ActionSpace.apply``'s."""
        if action < 0:
            return
        game = self._games[index]
        state, self._chosen[index] = self.space.apply(game.freeze(), action, int(self._chosen[index]))
        game.fields[:] = state

    def _finish(self, index: int, status: int) -> None:
        """What the kernel left of game ``index``'s step: its ends, its row."""
        game = self._games[index]
        if status & _ENDS:
            state = game.freeze()
            before = self._scores[index]
            if state.scores is not before:
                if self.reward_kind == "hand":
                    after = np.array(state.scores, dtype=np.float32) - np.array(before, dtype=np.float32)
                    self._rewards[index] = after[self._side_of]
                self._scores[index] = state.scores
            ended = False
            if state.phase is _OVER:
                winners = state.winners
                if self.reward_kind == "game" and winners:
                    self._rewards[index] = np.where(np.isin(self._side_of, winners), 1.0, -1.0)
                self._terminated[index] = ended = True
            elif self.max_hands is not None and state.deal_number >= self.max_hands:  # deals, thrown-in ones too
                self._truncated[index] = ended = True
            if ended:
                self.finished[index] = state
                game = self._games[index] = self._start(index)
        if status & (_OBSERVE | _ENDS):
            self._observe(index, game)

    def _observe(self, index: int, game: Game) -> None:
        """Game ``index``'s row: in C where the kernel can write it, else the per-state functions."""
        if self._core is not None and self._core.observe(index, game):
            return
        chosen = int(self._chosen[index])
        state = game.freeze()
        seat = state.to_move
        assert seat is not None, "a game that goes on waits for a move"
        self._observations[index] = self.layout._encode(state, seat, chosen, self._recall)
        self._masks[index] = self.space.legal_action_mask(state, chosen)
        self._to_move[index] = seat

    def _result(self) -> BatchStep:
        if self.copy:
            return BatchStep(self._observations.copy(), self._masks.copy(), self._to_move.copy(), self._rewards.copy(),
                             self._terminated.copy(), self._truncated.copy())
        return BatchStep(self._observations, self._masks, self._to_move, self._rewards, self._terminated,
                         self._truncated)

    def __repr__(self) -> str:
        return f"<Batch of {self.n} {self.variant.name} games, {self.players} players>"
