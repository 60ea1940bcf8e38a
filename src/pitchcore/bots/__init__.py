"""Players for pitchcore games: each sees only a ``PlayerView`` and its legal moves."""

from .base import Bot, RandomBot, play_game
from .heuristic import HeuristicBot
from .jacks import JacksBot
from .knowledge import Knowledge, knowledge_of
from .loading import load_bot
from .policy import PolicyBot, view_information_state, view_observation, view_state
from .search import SearchBot, deal_state, sample_deal, sample_state

__all__ = [
    "Bot", "HeuristicBot", "JacksBot", "Knowledge", "PolicyBot", "RandomBot", "SearchBot", "deal_state", "knowledge_of",
    "load_bot", "play_game", "sample_deal", "sample_state", "view_information_state", "view_observation", "view_state",
]
