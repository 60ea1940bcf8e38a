"""pitchcore: the rules of Pitch and its house variants, as an immutable state machine.

    >>> from pitchcore import load_variant, new_game
    >>> state = new_game(load_variant("auction-pitch"), seed=7)
    >>> state.phase.value, state.to_move
    ('bidding', 1)
"""

from . import actions, history, tensors
from .actions import ActionSpace, action_space, action_to_move, legal_action_mask, move_to_action, move_to_actions
from .cards import Card
from .engine import new_game
from .errors import IllegalMove, InvalidMove, PitchcoreError, RecordError, VariantError, ViewDataError
from .events import (
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
from .history import HistoryError
from .history import read as read_history
from .history import write as write_history
from .loader import bundled_variants, load_variant, load_variant_text
from .log import Start
from .moves import Move, parse_move
from .phase import Phase
from .records import dumps, loads
from .registry import KINDS, SLOTS
from .results import Decision, HandResult, Trick
from .state import GameState
from .tensors import TensorLayout, information_state_tensor, observation_tensor, tensor_layout
from .variant import Variant
from .view import PlayerView
from .view_json import view_from_json, view_schema, view_to_json

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
