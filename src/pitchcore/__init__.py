"""pitchcore: the rules of Pitch and its house variants, as an immutable state machine.

    >>> from pitchcore import load_variant, new_game
    >>> state = new_game(load_variant("auction-pitch"), seed=7)
    >>> state.phase.value, state.to_move
    ('bidding', 1)

The package is in layers, each a folder importing only the ones below it: ``model``,
``components``, ``loading``, ``game``, ``accel``, ``interop``, ``bots``, ``tools``,
``adapters`` (docs/architecture.md). The module paths of before the folders
(``pitchcore.game.engine``, ``pitchcore.accel.fast``, ...) still import the same modules.
"""

from types import ModuleType

from . import _old_paths
from .components.registry import KINDS, SLOTS
from .components.variant import Variant
from .game.engine import new_game
from .game.events import (
    TRUSTED,
    AuctionWon,
    CardsDiscarded,
    Event,
    GameOver,
    HandScored,
    MoveMade,
    NewDeal,
    TrickWon,
    TrumpSet,
    Trusted,
    apply_with_events,
    events_between,
)
from .game.view import PlayerView
from .interop import actions, history, tensors
from .interop.actions import (
    ActionSpace,
    action_space,
    action_to_move,
    legal_action_mask,
    move_to_action,
    move_to_actions,
)
from .interop.history import HistoryError
from .interop.history import read as read_history
from .interop.history import write as write_history
from .interop.records import dumps, loads
from .interop.tensors import TensorLayout, information_state_tensor, observation_tensor, tensor_layout
from .interop.view_json import view_from_json, view_schema, view_to_json
from .loading.loader import bundled_variants, load_variant, load_variant_text
from .model.cards import Card
from .model.errors import IllegalMove, InvalidMove, PitchcoreError, RecordError, VariantError, ViewDataError
from .model.log import Start
from .model.moves import Move, parse_move
from .model.phase import Phase
from .model.results import Decision, HandResult, Trick
from .model.state import GameState

__all__ = [
    "KINDS", "SLOTS", "ActionSpace", "AuctionWon", "Card", "CardsDiscarded", "Decision", "Event", "GameOver",
    "GameState", "HandResult", "HandScored", "HistoryError", "IllegalMove", "InvalidMove", "Move", "MoveMade",
    "NewDeal", "Phase", "PitchcoreError", "PlayerView", "RecordError", "Start", "TRUSTED", "TensorLayout", "Trick",
    "TrickWon", "TrumpSet", "Trusted", "Variant", "VariantError", "ViewDataError", "action_space", "action_to_move",
    "actions", "apply_with_events", "bundled_variants", "dumps", "events_between", "history",
    "information_state_tensor", "legal_action_mask", "load_variant", "load_variant_text", "loads",
    "move_to_action", "move_to_actions", "new_game", "observation_tensor", "parse_move", "read_history",
    "tensor_layout", "tensors", "view_from_json", "view_schema", "view_to_json", "write_history",
]
__version__ = "0.1.0"

_old_paths.install()


def __getattr__(name: str) -> ModuleType:
    """``pitchcore.accel.fast`` and the other old module names, imported on first use."""
    return _old_paths.old_attribute(name)
