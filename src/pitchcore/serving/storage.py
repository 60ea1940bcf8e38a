"""Where tables live between moves: a small interface, and SQLite behind it by default.

A live table is its spec (rules, seed, seats with credential hashes, options: a JSON object)
and its moves, one row each, so saving a move writes one short row however long the game.
A finished game is kept whole (its record and its summary), and only the latest
``keep_games`` of them, so the database does not grow without bound. Its hand history is
written from the record when asked for (``game_history``): writing it takes a millisecond or
more a hand, which a busy server would spend as each game ends, for text nobody may read. A server that is
stopped, killed or restarted reads every live table back (``live_tables``) and replays its
moves: nothing that was accepted is lost.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from ..interop import history
from ..interop.records import loads

HUMAN = "human"
"""The kind of a seat a person plays (every other kind is a bot's)."""
KEEP_GAMES = 10_000
"""Finished games kept by default (the oldest go first)."""


class Storage(Protocol):
    """What a table needs kept. Each call is one small write, made as the table changes."""

    def save_table(self, table_id: str, spec: dict[str, Any]) -> None:
        """Create or replace a live table's spec (at creation and when its seats change)."""

    def add_move(self, table_id: str, number: int, seat: int, move: str) -> None:
        """Append the table's move ``number`` (1 for the first), made by ``seat``."""

    def finish(self, table_id: str, game: dict[str, Any]) -> None:
        """The table's game is over: keep ``game`` (``id``, ``variant``, ``summary``, ``record``)
        and drop the live table."""

    def drop(self, table_id: str) -> None:
        """Forget a live table (abandoned or evicted) and its moves."""

    def live_tables(self) -> Iterator[tuple[dict[str, Any], list[tuple[int, str]]]]:
        """Every live table: its spec and its moves ((seat, move text), in order)."""

    def finished_games(self, limit: int = 50) -> list[dict[str, Any]]:
        """The latest finished games' summaries, newest first (``id``, ``variant``, ``finished``,
        ``summary``): no records."""

    def game_record(self, table_id: str) -> str | None:
        """A finished game's complete record (``pitchcore.dumps``), for the operator."""


class SQLiteStorage:
    """``Storage`` in an SQLite file (``":memory:"`` for none), safe across threads.

    Write-ahead logging with ``synchronous=NORMAL``: a move is committed before the table
    answers, and a killed process loses nothing committed (a power cut may lose the last
    moves, not the database)."""

    def __init__(self, path: str | Path, *, keep_games: int = KEEP_GAMES) -> None:
        self.path = str(path)
        self.keep_games = keep_games
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript("""
                CREATE TABLE IF NOT EXISTS live_tables (id TEXT PRIMARY KEY, spec TEXT NOT NULL, updated REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS moves (
                    table_id TEXT NOT NULL, number INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL,
                    PRIMARY KEY (table_id, number)) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS games (
                    id TEXT PRIMARY KEY, variant TEXT NOT NULL, finished REAL NOT NULL, summary TEXT NOT NULL,
                    record TEXT NOT NULL);
                CREATE INDEX IF NOT EXISTS games_by_time ON games (finished);
            """)

    def save_table(self, table_id: str, spec: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO live_tables VALUES (?, ?, ?)",
                             (table_id, json.dumps(spec), time.time()))

    def add_move(self, table_id: str, number: int, seat: int, move: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, number, seat, move))

    def add_moves(self, rows: Sequence[tuple[str, int, int, str]]) -> None:
        """Several tables' moves ((table id, number, seat, move) each) in one transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?)", rows)

    def finish(self, table_id: str, game: dict[str, Any]) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?)",
                             (game["id"], game["variant"], time.time(), json.dumps(game["summary"]), game["record"]))
            self._drop(table_id)
            self._db.execute("DELETE FROM games WHERE id IN (SELECT id FROM games ORDER BY finished DESC "
                             "LIMIT -1 OFFSET ?)", (self.keep_games,))

    def drop(self, table_id: str) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._drop(table_id)

    def _drop(self, table_id: str) -> None:
        self._db.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))
        self._db.execute("DELETE FROM moves WHERE table_id = ?", (table_id,))

    def live_tables(self) -> Iterator[tuple[dict[str, Any], list[tuple[int, str]]]]:
        with self._lock:
            rows = self._db.execute("SELECT id, spec FROM live_tables ORDER BY updated").fetchall()
        for table_id, spec in rows:
            with self._lock:
                moves = self._db.execute("SELECT seat, move FROM moves WHERE table_id = ? ORDER BY number",
                                         (table_id,)).fetchall()
            yield json.loads(spec), [(seat, move) for seat, move in moves]

    def finished_games(self, limit: int = 50) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT id, variant, finished, summary FROM games ORDER BY finished DESC LIMIT ?",
                                    (limit,)).fetchall()
        return [{"id": id_, "variant": variant, "finished": finished, "summary": json.loads(summary)}
                for id_, variant, finished, summary in rows]

    def game_record(self, table_id: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT record FROM games WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else str(row[0])

    def game_history(self, table_id: str) -> str | None:
        """A finished game's hand history (``pitchcore.interop.history``), every hand with every
        seat's cards, written from its record: for the operator, like the record."""
        with self._lock:
            row = self._db.execute("SELECT record, summary FROM games WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        record, summary = row
        return history.write(loads(record), names=seat_names(json.loads(summary)["seats"]))

    def counts(self) -> dict[str, int]:
        """Rows held: live tables, their moves, finished games (for logs and tests)."""
        with self._lock:
            return {name: self._db.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
                    for name in ("live_tables", "moves", "games")}

    def close(self) -> None:
        with self._lock:
            self._db.close()


def seat_names(seats: Sequence[dict[str, Any]]) -> list[str]:
    """The names a hand history gives the seats (a table summary's ``seats``): each seat's
    name, else its bot's kind, else "seat N"."""
    return [seat.get("name") or (seat["kind"] if seat["kind"] != HUMAN else f"seat {number}")
            for number, seat in enumerate(seats)]


class GroupCommit:
    """A ``Storage`` whose moves are written together, once per pass of a server's event loop.

    A busy server makes many moves at many tables in one pass of its loop; one transaction
    for all of them costs about what one costs alone. ``add_move`` keeps the move and asks
    ``schedule`` (the loop's ``call_soon``) to ``flush`` once; a server that schedules it
    before it hands the move's updates to its connections' tasks has every move stored before
    any player hears of it (the loop runs what was scheduled in order). Every other call
    flushes first, so the rows keep their order. Without a loop running (``schedule`` raises
    ``RuntimeError``) each move is written at once.

    A finished game is written by ``finish_later`` with ``background`` (a thread of the
    server's): its record takes milliseconds to write, which would hold up every table's
    moves if the loop wrote it. The game's moves are all stored before, so a
    server killed meanwhile still has the game, as a live table that is over."""

    def __init__(self, storage: Storage, schedule: Callable[[Callable[[], None]], object],
                 background: Callable[[Callable[[], None]], object] | None = None) -> None:
        self.storage = storage
        self._schedule = schedule
        self._background = background
        self._pending: list[tuple[str, int, int, str]] = []

    def finish_later(self, table_id: str, game: Callable[[], dict[str, Any]]) -> None:
        """``finish(table_id, game())``, made and written in the background where there is one."""
        self.flush()

        def store() -> None:
            self.storage.finish(table_id, game())

        if self._background is not None:
            try:
                self._background(store)
                return
            except RuntimeError:  # (no loop running)
                pass
        store()

    def flush(self) -> None:
        """Write the moves kept so far."""
        rows, self._pending = self._pending, []
        if not rows:
            return
        add_moves = getattr(self.storage, "add_moves", None)
        if add_moves is not None:
            add_moves(rows)
        else:
            for row in rows:
                self.storage.add_move(*row)

    def add_move(self, table_id: str, number: int, seat: int, move: str) -> None:
        self._pending.append((table_id, number, seat, move))
        if len(self._pending) == 1:
            try:
                self._schedule(self.flush)
            except RuntimeError:
                self.flush()

    def save_table(self, table_id: str, spec: dict[str, Any]) -> None:
        self.flush()
        self.storage.save_table(table_id, spec)

    def finish(self, table_id: str, game: dict[str, Any]) -> None:
        self.flush()
        self.storage.finish(table_id, game)

    def drop(self, table_id: str) -> None:
        self.flush()
        self.storage.drop(table_id)

    def live_tables(self) -> Iterator[tuple[dict[str, Any], list[tuple[int, str]]]]:
        self.flush()
        return self.storage.live_tables()

    def finished_games(self, limit: int = 50) -> list[dict[str, Any]]:
        self.flush()
        return self.storage.finished_games(limit)

    def game_record(self, table_id: str) -> str | None:
        self.flush()
        return self.storage.game_record(table_id)

    def game_history(self, table_id: str) -> str | None:
        """The wrapped storage's ``game_history`` (None: it has none, or no such game)."""
        self.flush()
        found: Callable[[str], str | None] | None = getattr(self.storage, "game_history", None)
        return None if found is None else found(table_id)
