"""A trained network (or any function of a tensor and a mask) as a pitchcore bot.

Learning code trains on tensors (``pitchcore.interop.tensors``) and action masks
(``pitchcore.interop.actions``) that are worked out from a ``GameState``, but a bot is handed
only its seat's ``PlayerView``. ``view_observation`` and ``view_information_state`` give the
same tensors from the view, in every phase: the view holds everything the seat may know,
so a state built from it (``deal_state``, the unseen cards filled in) shows the seat exactly
what the real one does. ``PolicyBot`` wraps a policy, ``policy(tensor, mask) -> action``, so
that it plays wherever a bot plays: ``simulate``, ``play``, ``--bots module:Class``, the
strength benchmark, and as ``PitchEnv`` opponents (a frozen copy of the learner).

    >>> import pitchcore
    >>> from pitchcore.bots.policy import PolicyBot
    >>> first_legal = lambda tensor, mask: int(mask.nonzero()[0][0])
    >>> state = pitchcore.new_game("auction-pitch", seed=7)
    >>> view = state.view(state.to_move)
    >>> str(PolicyBot(first_legal).choose(view, view.legal_moves, random.Random(0)))
    'pass'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ..components.variant import Variant
from ..game.view import PlayerView
from ..interop.actions import ActionSpace, action_space
from ..interop.tensors import information_state_tensor, observation_tensor
from ..model.cards import mask_text
from ..model.errors import IllegalMove
from ..model.moves import Move
from ..model.state import GameState
from .knowledge import knowledge_of, variant_of
from .search import deal_state, sample_masks

__all__ = ["Policy", "PolicyBot", "view_information_state", "view_observation", "view_state"]

Tensor = npt.NDArray[np.float32]
Policy = Callable[[Tensor, npt.NDArray[np.int8]], Any]
"""A policy: the observation (or information state) and the mask of legal actions (int8,
1 for legal) to an action number (a Python or numpy integer)."""


def view_state(view: PlayerView, variant: Variant | None = None) -> GameState:
    """A ``GameState`` that shows ``view``'s seat exactly what the real one does (its tensors
    are the real state's), the cards it has not seen filled in; the same every call. A
    variant that is not bundled is read from ``view.rules`` or given as ``variant``."""
    found = variant_of(view, variant)
    if found is None:
        raise ValueError(f"variant {view.variant!r} is not bundled: pass its Variant")
    knowledge = knowledge_of(view, found)
    return deal_state(view, sample_masks(knowledge, random.Random(0)), found, knowledge)


def view_observation(view: PlayerView, chosen: int = 0, variant: Variant | None = None) -> Tensor:
    """``observation_tensor`` of ``view``'s seat, from the view alone (``chosen``: the cards
    picked so far for a discard being built, as the action space keeps them)."""
    return observation_tensor(view_state(view, variant), view.seat, chosen)


def view_information_state(view: PlayerView, chosen: int = 0, variant: Variant | None = None) -> Tensor:
    """``information_state_tensor`` of ``view``'s seat, from the view alone."""
    return information_state_tensor(view_state(view, variant), view.seat, chosen)


class PolicyBot:
    """A bot that plays what ``policy(tensor, mask)`` picks: a trained network, a frozen
    snapshot of one, or any function of the two.

    - ``policy``: called with the seat's tensor (``observation``: ``"observation"`` or
      ``"information_state"``) and the int8 mask of legal actions; it returns an action
      number of ``pitchcore.interop.actions``. A discard is built card by card: the policy
      is asked again with the cards chosen so far until it picks ``discard done``.
    - ``variant``: the rules, where the game is not a bundled variant (else read from the
      view).

    An action that is not legal raises ``IllegalMove`` naming it and the legal ones: a
    policy should multiply its output by the mask. A subclass whose constructor takes no
    argument (it loads its own weights) can be named as ``--bots module:Class``.
    """

    name = "policy"

    def __init__(self, policy: Policy, observation: Literal["observation", "information_state"] = "observation",
                 variant: Variant | None = None) -> None:
        if not callable(policy):
            raise ValueError(f"policy must be callable as policy(tensor, mask) -> action, not {type(policy).__name__}")
        if observation not in ("observation", "information_state"):
            raise ValueError(f"observation must be 'observation' or 'information_state', not {observation!r}")
        self.policy = policy
        self.observation = observation
        self.variant = variant
        self._tensor = observation_tensor if observation == "observation" else information_state_tensor

    def space(self, view: PlayerView) -> ActionSpace:
        """The action space of ``view``'s game."""
        found = variant_of(view, self.variant)
        if found is None:
            raise ValueError(f"variant {view.variant!r} is not bundled: pass PolicyBot(..., variant=...)")
        return action_space(found, view.players)

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        """The policy's move (``legal`` is ``view.legal_moves``; ``rng`` is unused: a
        stochastic policy draws from its own generator)."""
        space = self.space(view)
        state = view_state(view, self.variant)
        chosen = 0
        for _ in range(space.deck_size + 1):  # (a discard: a card at a time, then done)
            tensor = self._tensor(state, view.seat, chosen)
            mask = space.view_action_mask(view, chosen)
            action = self.policy(tensor, mask)
            try:
                move = space.view_action_to_move(view, action, chosen)
            except IllegalMove as error:
                raise IllegalMove(f"{type(self).__name__}'s policy: {error}", move=action,
                                  seat=view.seat, phase=view.phase, reason=error.reason) from None
            if move is not None:
                return move
            chosen |= 1 << (int(action) - space.discard)
        raise RuntimeError(f"{type(self).__name__}: the policy never finished its discard ({mask_text(chosen)})")
