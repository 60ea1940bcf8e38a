"""A Gymnasium environment: one learner seat against pitchcore bots (``pip install "pitchcore[gymnasium]"``).

``PitchEnv`` makes a pitchcore game a single-agent episode: the learner plays ``seat``, the
other seats are bots (``RandomBot``, ``HeuristicBot`` or any ``Bot``) that move between the
learner's steps. The observation is a flat float32 ``Box`` (``pitchcore.interop.tensors``: what the
learner's seat may know) and the legal actions come as ``info["action_mask"]`` and from
``action_masks()``, which is what sb3-contrib's ``MaskablePPO`` asks for, so a plain
``MlpPolicy`` works unchanged. Actions are ``pitchcore.interop.actions`` numbers: a discard is built
one card at a time, then ``discard done``.

    >>> from pitchcore.adapters.gymnasium import PitchEnv
    >>> env = PitchEnv("auction-pitch", opponents="heuristic", max_hands=5)
    >>> observation, info = env.reset(seed=7)
    >>> observation.dtype, env.game_state.to_move
    (dtype('float32'), 0)
    >>> [env.action_names[a] for a in info["action_mask"].nonzero()[0]]
    ['pass', 'bid 2', 'bid 3', 'bid 4']

Importing this module registers it with Gymnasium as ``pitchcore/Pitch-v0``:
``gymnasium.make("pitchcore.adapters.gymnasium:pitchcore/Pitch-v0", variant="smear")``
imports it and makes one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError('pitchcore.adapters.gymnasium needs Gymnasium: pip install "pitchcore[gymnasium]"') from error

from ..bots.base import Bot
from ..components.variant import Variant
from ..game.engine import _variant, first_dealer, new_game
from ..interop.actions import ActionSpace, action_space
from ..interop.tensors import information_state_tensor, observation_tensor, tensor_layout
from ..model.cards import mask_text
from ..model.errors import IllegalMove
from ..model.phase import Phase
from ..model.results import winners_text
from ..model.state import GameState, seat_of
from ..tools.simulate import bot_by_name
from ..tools.terminal import hand_text

__all__ = ["ENV_ID", "PitchEnv", "UnsupportedRenderMode", "check_options", "observation_box",
           "position_text", "render", "reset_dealer"]

ENV_ID = "pitchcore/Pitch-v0"
"""The id this module registers ``PitchEnv`` under with ``gymnasium.register``."""

Observation = npt.NDArray[np.float32]
_SEEDS = 2**63
_OVER = Phase.GAME_OVER
_LARGEST = float(np.finfo(np.float32).max)


class PitchEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One seat of a pitchcore game as a Gymnasium episode; the other seats are bots.

    - ``variant``, ``players``: the game (a ``Variant``, a bundled name or a file's path;
      None players: the variant's default).
    - ``seat``: the learner's seat.
    - ``opponents``: a bot name for every other seat (``"random"``, ``"heuristic"``,
      ``"search:N"``, ``"jacks"``), a ``Bot``, or a sequence of names or bots, one per other
      seat in seat order. Bots see only their seat's view; their random choices follow the
      game's seed, so an episode is reproducible from ``reset(seed=...)``.
    - ``max_hands``: truncate after this many deals, played or thrown in (None: play to the
      game's end; set it for learning, where a policy may pass for ever).
    - ``reward``: ``"game"``: +1 when the learner's side wins, -1 when another side does, 0 if
      nobody does, given at the end; ``"hand"``: the learner's side's score change on each step.
    - ``observation``: ``"observation"`` or ``"information_state"`` (``pitchcore.interop.tensors``).
    - ``illegal``: ``"lose"`` (the default, as in PettingZoo's classic games): an action that
      is not legal now ends the episode (``terminated``) with ``illegal_reward`` and
      ``info["illegal_action"]`` saying why, so learners that do not mask (and
      ``gymnasium.utils.env_checker.check_env``, which steps random actions) run as they
      expect; ``"raise"``: it raises ``IllegalMove`` (a ``ValueError``) naming it and why,
      and changes nothing (for debugging a masked learner).
    - ``render_mode``: ``"ansi"`` (``render`` returns text) or ``"human"`` (printed each step);
      the text shows every seat's cards (a spectator's view).
    - ``dealer``: the first dealer's seat, or ``"random"``: drawn from each game's seed (as
      ``new_game`` draws it), so that episodes cut off by ``max_hands`` do not always begin
      with seat 0 dealing.

    ``reset(seed=s)`` deals ``pitchcore.new_game(variant, players=players, seed=s, dealer=dealer)``
    and lets the bots move until the learner's turn; ``reset()`` draws the seed from
    ``np_random``; ``reset(options={"dealer": d})`` sets the first dealer of that one game.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (Env's own)

    def __init__(self, variant: Variant | str = "auction-pitch", players: int | None = None, seat: int = 0,
                 opponents: str | Bot | Sequence[str | Bot] = "random", max_hands: int | None = None,
                 reward: Literal["game", "hand"] = "game", observation: str = "observation",
                 illegal: Literal["raise", "lose"] = "lose", illegal_reward: float = -1.0,
                 render_mode: str | None = None, dealer: int | Literal["random"] = 0) -> None:
        check_options(render_mode=render_mode, reward=reward, illegal=illegal, observation=observation,
                      max_hands=max_hands)
        self.variant: Variant = _variant(variant)
        state = new_game(self.variant, players=players, seed=0, dealer=dealer)  # (checks players and dealer)
        self.dealer: int | Literal["random"] = dealer
        """The first dealer of each game (a seat, or ``"random"``)."""
        self.players: int = state.players
        self.seat: int = seat_of(seat, self.players)
        """The learner's seat."""
        self.side: int = state.table.side_of[self.seat]
        """The learner's side (``scores[side]`` is its score)."""
        self.bots: dict[int, Bot] = _opponents(opponents, self.seat, self.players, self.variant)
        """The bot at each other seat."""
        self.space: ActionSpace = action_space(self.variant, self.players)
        """The action numbering (``pitchcore.interop.actions``)."""
        self.action_names: tuple[str, ...] = self.space.names
        """What each action does (``action_names[a]``)."""
        self.max_hands = max_hands
        self.reward_kind = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._tensor = observation_tensor if observation == "observation" else information_state_tensor
        self.observation_space = observation_box(self.variant, self.players, observation)
        self.action_space = spaces.Discrete(self.space.size)
        self._state: GameState = state
        self._chosen = 0
        self._done = True
        self._rng = random.Random(0)
        self._scores = state.scores

    # -- the game ------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        """The position now (a ``pitchcore.GameState``)."""
        return self._state

    def set_opponents(self, opponents: str | Bot | Sequence[str | Bot]) -> None:
        """Seat new bots at the other seats, as ``opponents=`` does, from the next bot move
        on: self-play swaps in a frozen snapshot of the learner (a ``PolicyBot``) as it
        trains (``docs/learning.md``)."""
        self.bots = _opponents(opponents, self.seat, self.players, self.variant)

    @property
    def chosen(self) -> int:
        """The cards chosen so far for the learner's discard being built (a card mask, 0 if none)."""
        return self._chosen

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """A new game, played by the bots up to the learner's first turn (``options``:
        ``{"dealer": d}`` sets this game's first dealer; other keys are ignored)."""
        super().reset(seed=seed)
        dealer = reset_dealer(options, self.dealer, self.players)
        game_seed = seed if seed is not None else int(self.np_random.integers(_SEEDS))
        for _ in range(100):
            self._rng = random.Random(f"pitchcore/gymnasium/{game_seed}")
            start = new_game(self.variant, players=self.players, seed=game_seed, dealer=dealer)
            state = self._others(start)
            if not self._ended(state):
                break
            game_seed = int(self.np_random.integers(_SEEDS))  # over before the learner moved: deal another
        else:
            raise RuntimeError(f"{self.variant.name}: 100 games in a row ended before seat {self.seat} "
                               f"moved (max_hands={self.max_hands})")
        self._state, self._chosen, self._done = state, 0, False
        self._scores = start.scores  # (the first step's reward counts what the bots scored before it)
        if self.render_mode == "human":
            self.render()
        return self._tensor(state, self.seat, 0), {"action_mask": self.space.legal_action_mask(state)}

    def step(self, action: int | np.integer[Any]) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner makes ``action``; then the bots move until its next turn or the end."""
        if self._done:
            raise RuntimeError("the episode is over (or never began): call reset()")
        state = self._state
        try:
            new, chosen = self.space.apply(state, action, self._chosen)  # type: ignore[arg-type]  # (numpy's too)
        except IllegalMove as error:
            if self.illegal == "raise":
                raise
            self._done = True
            return (self._tensor(state, self.seat, self._chosen), self.illegal_reward, True, False,
                    {"action_mask": self._ended_mask(), "illegal_action": str(error)})
        if new is not state:
            new = self._others(new)
        self._state, self._chosen = new, chosen
        terminated = new.phase is _OVER
        truncated = not terminated and self._ended(new)
        self._done = terminated or truncated
        side = self.side
        if self.reward_kind == "hand":
            reward = float(new.scores[side] - self._scores[side])
            self._scores = new.scores
        elif terminated and new.winners:  # (several where sides win together)
            reward = 1.0 if side in new.winners else -1.0
        else:
            reward = 0.0
        mask = self._ended_mask() if self._done else self.space.legal_action_mask(new, chosen)
        if self.render_mode == "human":
            self.render()
        return self._tensor(new, self.seat, chosen), reward, terminated, truncated, {"action_mask": mask}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now as booleans: the method ``MaskablePPO`` calls (every action
        once the episode is over: see ``_ended_mask``)."""
        if self._done:
            return self._ended_mask().astype(np.bool_)
        return self.space.legal_action_mask(self._state, self._chosen).astype(np.bool_)

    def _ended_mask(self) -> npt.NDArray[np.int8]:
        """The mask given with an episode's last step: every action. No action is taken
        there, but a vector environment (``gymnasium.make_vec``) hands it to the policy with
        the other rows and then resets this one, ignoring the action; an empty row would
        stop a masked sampler."""
        return np.ones(self.space.size, dtype=np.int8)

    def _others(self, state: GameState) -> GameState:
        """``state`` after the bots' moves, up to the learner's turn or the episode's end."""
        seat, bots, rng, hands = self.seat, self.bots, self._rng, self.max_hands
        while True:
            mover = state.to_move
            if mover == seat or mover is None or (hands is not None and state.deal_number >= hands):
                return state
            state = state.apply(bots[mover].choose(state.view(mover), state.legal_moves(), rng))

    def _ended(self, state: GameState) -> bool:
        """Whether the episode ends at ``state``: the game is over or ``max_hands`` deals are done."""
        return state.phase is _OVER or (self.max_hands is not None and state.deal_number >= self.max_hands)

    # -- display -------------------------------------------------------------------------

    def render(self) -> str | None:
        """The position as text (every seat's cards: a spectator's view): returned with
        ``render_mode="ansi"``, printed with ``"human"``."""
        return render(self.render_mode, self._state, self._chosen)


def _opponents(opponents: str | Bot | Sequence[str | Bot], seat: int, players: int,
               variant: Variant) -> dict[int, Bot]:
    """One bot per seat but the learner's, from a name, a bot, or one of either per other seat."""
    others = [other for other in range(players) if other != seat]
    if isinstance(opponents, str | Bot):
        given: list[str | Bot] = [opponents] * len(others)
    else:
        given = list(opponents)
        if len(given) != len(others):
            raise ValueError(f"opponents: {len(given)} given for the {len(others)} other seats "
                             f"({', '.join(map(str, others))}); give one per other seat, or one for all")
    bots: dict[int, Bot] = {}
    for other, each in zip(others, given, strict=True):
        if isinstance(each, str):
            bots[other] = bot_by_name(each, variant)  # a new bot per seat: bots may keep state
        elif isinstance(each, Bot):
            bots[other] = each
        else:
            raise ValueError(f"opponents: a bot's name or a Bot (with choose(view, legal, rng)), "
                             f"not {type(each).__name__}")
    return bots


class UnsupportedRenderMode(ValueError, TypeError):
    """A render mode the environments do not draw (``"rgb_array"``: they render text). A
    ``ValueError``, and a ``TypeError`` as a constructor without the parameter would raise:
    Stable-Baselines3's ``make_vec_env`` asks for ``"rgb_array"`` and, on a ``TypeError``,
    makes the environment without a render mode."""


def reset_dealer(options: dict[str, Any] | None, default: int | Literal["random"],
                 players: int) -> int | Literal["random"]:
    """The first dealer a ``reset`` asks for: ``options["dealer"]`` where given, checked as
    ``new_game`` checks it before anything changes (a ``ValueError`` naming the choices), else
    the environment's ``dealer``."""
    if not isinstance(options, dict) or "dealer" not in options:
        return default
    dealer: int | Literal["random"] = options["dealer"]
    try:
        first_dealer(dealer, players, 0)
    except ValueError as error:
        raise ValueError(f"options['dealer']: {error}; 'random' draws one from the seed") from None
    return dealer


def check_options(*, render_mode: object, reward: object, illegal: object, observation: object,
                  max_hands: object) -> None:
    """Raise ``ValueError`` naming the valid choices for an environment option out of them
    (this environment's and the PettingZoo one's share them)."""
    if render_mode is not None and render_mode not in ("ansi", "human"):
        raise UnsupportedRenderMode(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    if reward not in ("game", "hand"):
        raise ValueError(f"reward must be 'game' or 'hand', not {reward!r}")
    if illegal not in ("raise", "lose"):
        raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
    if observation not in ("observation", "information_state"):
        raise ValueError(f"observation must be 'observation' or 'information_state', not {observation!r}")
    if max_hands is not None and (isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1):
        raise ValueError(f"max_hands must be None or a whole number >= 1, not {max_hands!r}")


def observation_box(variant: Variant, players: int, observation: str = "observation") -> spaces.Box:
    """The ``Box`` of a variant's ``observation`` or ``information_state`` tensors: 0 to 1
    everywhere but the hand and discard counts (up to a deck's worth of hands) and the
    scores (any float32: a side's score has no bound)."""
    layout = tensor_layout(variant, players)
    pieces = layout.observation if observation == "observation" else layout.information_state
    size = pieces[-1].slice.stop
    low, high = np.zeros(size, dtype=np.float32), np.ones(size, dtype=np.float32)
    for piece in pieces:
        if piece.name in ("hand_sizes", "discard_counts"):
            high[piece.slice] = layout.deck_size / layout.hand_scale
        elif piece.name == "scores":
            low[piece.slice], high[piece.slice] = -_LARGEST, _LARGEST
    return spaces.Box(low=low, high=high, dtype=np.float32)


def render(render_mode: str | None, state: GameState, chosen: int = 0) -> str | None:
    """An environment's ``render()``: ``position_text`` returned (``"ansi"``) or printed
    (``"human"``); without a render mode, a warning as Gymnasium's own environments give."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode: pass render_mode='ansi' or 'human'")
        return None
    text = position_text(state, chosen)
    if render_mode == "human":
        print(text)
        return None
    return text


def position_text(state: GameState, chosen: int = 0) -> str:
    """The position in a few lines for a person watching: scores, auction, trump, the trick
    and every seat's hand (a spectator's view: it shows the cards the seats hide)."""
    info = state.info
    lines = [f"{state.variant.name}: hand {len(state.hand_results) + 1}, dealer seat {state.dealer}, "
             f"{state.phase.value}; scores {list(state.scores)}"]
    if info.bids:
        lines.append("auction: " + ", ".join(f"seat {seat} {'pass' if bid is None else f'bid {bid}'}"
                                             for seat, bid in info.bids))
    if info.bidder is not None:
        lines.append(f"bidder: seat {info.bidder} ({info.bid})" + (f", trump {state.trump}" if state.trump else ""))
    elif state.trump:
        lines.append(f"trump {state.trump}")
    if state.done_tricks:
        taken = [0] * state.players
        for _, _, taker in state.done_tricks:
            taken[taker] += 1
        lines.append(f"tricks taken: {taken}")
    if state.trick_cards:
        lines.append("trick: " + ", ".join(f"seat {seat} {card}" for seat, card in state.trick))
    for seat in range(state.players):
        mark = " <- to move" if seat == state.to_move else ""
        lines.append(f"  seat {seat}: {hand_text(state, seat) or '-'}{mark}")
    if chosen:
        lines.append(f"discard chosen so far: {mask_text(chosen)}")
    if state.is_over:
        lines.append("game over: " + winners_text(state.winners))
    return "\n".join(lines)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="pitchcore.adapters.gymnasium:PitchEnv")
