"""The reference server's tables: one game each, its seats (people or bots), and what each
seat is sent. No web framework here: ``app.py`` connects websocket clients to a ``Table``.

Every message a seat gets is built from that seat's view and the events it may see, never
from the state: ``view_to_json(state.view(seat))`` and ``event.seen_by(seat)``.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import random
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

import pitchcore
from pitchcore import Card, Decision, GameState, HandResult, IllegalMove, Move, Trick, Variant
from pitchcore.bots import Bot, HeuristicBot, JacksBot, RandomBot, SearchBot

log = logging.getLogger("pitchcore.server")

HUMAN = "human"
"""A seat played by a person (a websocket client) rather than a bot."""

BOTS: dict[str, Callable[[Variant], Bot]] = {
    "heuristic": lambda variant: HeuristicBot(variant),
    "random": lambda variant: RandomBot(),
    "search": lambda variant: SearchBot(variant=variant),
    "jacks": lambda variant: JacksBot(variant),
}
"""The bundled bots a seat may be given, by name (each is told the rules: a house variant
is not known by name)."""

MAX_BOT_MOVES = 100_000
"""A bound on one run of a table's bots: a game of bots only ends long before."""


class SeatError(ValueError):
    """A seat that cannot be joined: no such seat, a bot's seat, or taken."""


class Client(Protocol):
    """One connection, as a table sees it: something to send JSON messages to."""

    async def send(self, message: dict[str, Any]) -> None: ...


# -- what travels ------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` as JSON data: cards and moves as their text, a phase as its value, a trick
    as its leader, cards, seats and taker, a hand result as its fields with its tricks and
    deciding cards (as ``view_to_json`` gives them), awards as ``[name, side]`` pairs."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Move | Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Trick):
        return {"leader": value.leader, "cards": plain(value.cards), "seats": list(value.seats),
                "taker": value.taker}
    if isinstance(value, HandResult):
        fields = {field.name: plain(getattr(value, field.name))
                  for field in attrs.fields(HandResult) if field.name != "record"}
        return {**fields, "tricks": plain(value.tricks), "decided_by": plain(dict(value.decided_by))}
    if isinstance(value, Decision):
        return {"card": str(value.card), "seat": value.seat, "taker": value.taker}
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, Mapping):  # a hand result's awards
        return [[key, plain(item)] for key, item in value.items()]
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if attrs.has(type(value)):
        return {field.name: plain(getattr(value, field.name)) for field in attrs.fields(type(value))}
    raise TypeError(f"no JSON form for {type(value).__name__}")


def event_to_json(event: pitchcore.Event) -> dict[str, Any]:
    """One event as JSON: its type name, its ``describe()`` text and its fields.

    Give it the event as the seat may see it (``event.seen_by(seat)``): another seat's
    discards are then only their count.
    """
    fields = {field.name: plain(getattr(event, field.name)) for field in attrs.fields(type(event))}
    return {"type": type(event).__name__, "text": event.describe(), "fields": fields}


def error_to_json(error: IllegalMove) -> dict[str, Any]:
    """An illegal move as the message sent back to the seat that tried it."""
    phase = error.phase.value if isinstance(error.phase, enum.Enum) else error.phase
    move = None if error.move is None else str(error.move)[:200]
    return {"type": "error", "reason": error.reason, "message": str(error), "move": move,
            "seat": error.seat, "phase": phase}


def problem(reason: str, message: str) -> dict[str, Any]:
    """An error message that is no illegal move (a message that is no move, a taken seat)."""
    return {"type": "error", "reason": reason, "message": message, "move": None, "seat": None, "phase": None}


# -- storing finished games --------------------------------------------------------------

# >>> The one place that decides what a finished game is stored as. <<<
# Always the game record pitchcore.dumps writes (JSON that pitchcore.loads reads back, every
# move replayed), and, where this pitchcore has pitchcore.interop.history, the hand history it
# writes for people beside it. To store something else, change only record_files().
_history: Any
try:
    from pitchcore.interop import history as _history
except ImportError:  # a pitchcore without hand histories
    _history = None


def record_files(state: GameState) -> dict[str, str]:
    """The files stored for a finished game: file suffix -> text."""
    files = {".json": pitchcore.dumps(state)}
    if _history is not None:
        try:
            files[".txt"] = _history.write(state)
        except Exception:  # the record above is what matters: keep it, say what went wrong
            log.exception("the hand history of a %s game could not be written", state.variant.name)
    return files


def store_game(state: GameState, folder: Path, table_id: str) -> list[str]:
    """Write a finished game's files into ``folder``; returns their names."""
    folder.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9-]+", "-", state.variant.name.lower()).strip("-")[:40] or "variant"
    stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{table_id}-{slug}"
    names = []
    for suffix, text in record_files(state).items():
        path = folder / (stem + suffix)
        path.write_text(text, encoding="utf-8")
        names.append(path.name)
    return names


# -- a table ---------------------------------------------------------------------------


class Table:
    """One game: its state, which seats are bots, and the clients at the human seats.

    Every change happens under ``lock``, and each seat's messages are sent in the order the
    moves were made. The game starts (the bots move) once every human seat has been joined.
    """

    def __init__(self, state: GameState, seats: Sequence[str], *, records: Path, bot_delay: float = 0.0,
                 table_id: str | None = None) -> None:
        self.id = table_id or secrets.token_hex(4)
        self.state, self.seed = state, state.seed
        variant: Variant = state.variant
        if len(seats) != state.players:
            raise ValueError(f"{variant.name} is played here by {state.players} seats, not {len(seats)}")
        unknown = [name for name in seats if name != HUMAN and name not in BOTS]
        if unknown:
            raise ValueError(f"unknown seat kind {unknown[0][:40]!r}: expected {HUMAN!r} or a bot: {', '.join(BOTS)}")
        self.seats = tuple(seats)
        self.bots = {seat: BOTS[name](variant) for seat, name in enumerate(seats) if name != HUMAN}
        self.records, self.bot_delay = records, bot_delay
        self.clients: dict[int, Client] = {}
        self.joined: set[int] = set()
        """Human seats joined at least once: the game starts when every one has been."""
        self.stored: list[str] = []
        """The files of the finished game, once stored."""
        self.created = time.time()
        self.lock = asyncio.Lock()
        self.rng = random.Random(f"{self.seed}/bots")
        self._bots_running: asyncio.Task[None] | None = None

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def waiting_for(self) -> list[int]:
        """Human seats that have never been joined."""
        return [seat for seat in self.humans if seat not in self.joined]

    @property
    def started(self) -> bool:
        return not self.waiting_for

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it: public facts only. No cards, and no seed until the
        game is over: the seed and the variant give every deal."""
        state = self.state
        return {
            "id": self.id, "variant": state.variant.name, "description": state.variant.description,
            "players": state.players, "seed": self.seed if state.is_over else None,
            "seats": [{"seat": seat, "kind": kind, "taken": seat in self.clients}
                      for seat, kind in enumerate(self.seats)],
            "started": self.started, "phase": state.phase.value, "moves": len(state.moves),
            "hands": len(state.hand_results), "scores": list(state.scores), "over": state.is_over,
            "winner": state.winner, "winners": list(state.winners), "records": list(self.stored),
        }

    def update_for(self, seat: int, events: Sequence[pitchcore.Event] = ()) -> dict[str, Any]:
        """What ``seat`` is sent after a move: the events it may see, and its view."""
        state = self.state
        return {
            "type": "update", "move_number": len(state.moves),
            "events": [event_to_json(event.seen_by(seat)) for event in events],
            "view": pitchcore.view_to_json(state.view(seat)),
            "waiting_for": self.waiting_for, "records": list(self.stored),
        }

    async def join(self, seat: int, client: Client) -> None:
        """Seat ``client`` at ``seat`` (a human seat nobody holds); it is sent the table and
        its view, and everyone else learns that the seat is taken."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise SeatError(f"no seat {seat}: this table has seats 0 to {len(self.seats) - 1}")
            if self.seats[seat] != HUMAN:
                raise SeatError(f"seat {seat} is played by the {self.seats[seat]} bot")
            if seat in self.clients:
                raise SeatError(f"seat {seat} is taken")
            self.clients[seat] = client
            self.joined.add(seat)
            await self._send(seat, client, {"type": "welcome", "table": self.summary(), "seat": seat})
            for other, other_client in list(self.clients.items()):
                await self._send(other, other_client, self.update_for(other))
        self.run_bots()

    async def leave(self, seat: int, client: Client) -> None:
        """``client`` left: its seat is free to join again (the game waits for it)."""
        async with self.lock:
            if self.clients.get(seat) is client:
                del self.clients[seat]

    async def move(self, seat: int, client: Client, text: str) -> None:
        """Apply the move ``text`` of ``seat``; an illegal one is sent back as an error
        (reason, message, move, seat, phase) and changes nothing."""
        async with self.lock:
            if self.clients.get(seat) is not client:
                await client.send(problem("not-seated", f"you no longer hold seat {seat}"))
                return
            if not self.started:
                await client.send(problem("not-started", "the game starts when every human seat is taken; "
                                          f"waiting for seat(s) {', '.join(map(str, self.waiting_for))}"))
                return
            try:
                state, events = pitchcore.apply_with_events(self.state, text, seat=seat)
            except IllegalMove as error:
                await client.send(error_to_json(error))
                return
            await self._advance(state, events)
        self.run_bots()

    def run_bots(self) -> None:
        """Let the bots move, in a task of their own, while a bot is to move."""
        if self._bots_running is not None and not self._bots_running.done():
            return  # the running task looks again after each move
        if self.started and self.state.to_move in self.bots:
            self._bots_running = asyncio.create_task(self._bots(), name=f"bots of table {self.id}")

    async def _bots(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)  # (so people can follow the bots' moves)
            async with self.lock:
                seat = self.state.to_move
                if seat is None or seat not in self.bots:
                    return
                view = self.state.view(seat)
                try:  # (a search bot thinks for a while: off the event loop)
                    move = await asyncio.to_thread(self.bots[seat].choose, view, view.legal_moves, self.rng)
                    state, events = pitchcore.apply_with_events(self.state, move, seat=seat)
                except Exception as error:  # a bot's bug: say so at the table, leave the game as it is
                    log.exception("table %s: the bot at seat %s failed", self.id, seat)
                    failed = problem("bot-failed", f"the bot at seat {seat} failed: {error}")
                    for other, client in list(self.clients.items()):
                        await self._send(other, client, failed)
                    return
                await self._advance(state, events)
        log.error("table %s: the bots made %s moves without the game ending", self.id, MAX_BOT_MOVES)

    async def _advance(self, state: GameState, events: Sequence[pitchcore.Event]) -> None:
        """Move the table on to ``state`` (under the lock): each seat gets its update; a
        game that is over is stored, and everyone learns its files' names."""
        self.state = state
        failed = None
        if state.is_over and not self.stored:
            try:
                self.stored = store_game(state, self.records, self.id)
                log.info("table %s: game over, stored %s", self.id, ", ".join(self.stored))
            except OSError as error:  # (the game is over all the same)
                log.exception("table %s: the finished game could not be stored", self.id)
                failed = problem("not-stored", f"the finished game could not be stored: {error.strerror}")
        for seat, client in list(self.clients.items()):
            await self._send(seat, client, self.update_for(seat, events))
            if failed:
                await self._send(seat, client, failed)

    async def _send(self, seat: int, client: Client, message: dict[str, Any]) -> None:
        """Send, dropping a client whose connection has gone."""
        try:
            await client.send(message)
        except Exception:
            log.info("table %s: seat %s's connection is gone", self.id, seat)
            if self.clients.get(seat) is client:
                del self.clients[seat]


def seats_from(players: int, seats: object = None, humans: object = None, bot: object = None) -> list[str]:
    """The seat kinds of a new table: ``seats`` (one kind per seat, ``"human"`` or a bot's
    name), or else the ``humans`` seats (default: seat 0) and ``bot`` (default heuristic)
    at all the others."""
    if seats is not None:
        if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
            raise ValueError("seats is a list of seat kinds: \"human\" or a bot's name")
        return [kind.strip().lower() for kind in seats]
    humans = [0] if humans is None else humans
    if not isinstance(humans, list) or not all(type(seat) is int and 0 <= seat < players for seat in humans):
        raise ValueError(f"humans is a list of seats from 0 to {players - 1}")
    bot = "heuristic" if bot is None else bot
    if not isinstance(bot, str):
        raise ValueError("bot is a bot's name")
    return [HUMAN if seat in humans else bot.strip().lower() for seat in range(players)]
