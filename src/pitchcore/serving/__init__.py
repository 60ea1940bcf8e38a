"""Serving games to people: tables, their messages and their storage, without a web framework.

``Table`` holds one game and its seats (people or bots): credentials, spectators, the bots'
moves, turn deadlines, and for every accepted move the JSON text each seat and spectator is
sent (``Update``). ``SQLiteStorage`` keeps every live table after each move and every finished
game; ``GroupCommit`` writes a busy event loop's moves together. ``pitchcore serve``
(``pitchcore.serving.server``, the ``server`` extra) is a complete server built on these;
``docs/serving.md`` shows them inside another framework.
"""

from .messages import PRIVATE, PUBLIC, SENT_ONCE, Update, event_json
from .schema import message_schema
from .storage import KEEP_GAMES, GroupCommit, SQLiteStorage, Storage
from .table import BOTS, DEFAULT_BOT, HUMAN, BotTurn, Forfeited, OnDeadline, Seat, SeatError, Table

__all__ = [
    "BOTS", "DEFAULT_BOT", "HUMAN", "KEEP_GAMES", "PRIVATE", "PUBLIC", "SENT_ONCE", "BotTurn", "Forfeited",
    "GroupCommit", "OnDeadline", "SQLiteStorage", "Seat", "SeatError", "Storage", "Table", "Update", "event_json",
    "message_schema",
]
