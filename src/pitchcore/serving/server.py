"""``pitchcore serve``: a multiplayer server on the table layer (Starlette on uvicorn).

A lobby over HTTP (create, list, join, leave), a websocket per connection (a seat, by its
credential, or a spectator), the page, and SQLite behind every table. The game logic is all
in ``Table``; this module adds what only a server has: connections, each sending at once
while its socket takes data and queueing (bounded) behind a send that waits, so a client
that does not read delays nobody (it is dropped once its queue is full or a send has waited
``send_timeout``),
the bots' and the clock's tasks, limits on what a client may send or create, eviction of
idle tables, and logs (one JSON object a line with ``--log-format json``).

The protocol is in ``docs/server-api.md``; running one in production in ``docs/serving.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import logging
import os
import re
import socket
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping, Sequence
from importlib import resources
from typing import Any

import attrs
import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..bots import SearchBot
from ..game.engine import new_game
from ..loading.loader import bundled_variants, load_variant, load_variant_text
from ..model.errors import IllegalMove, VariantError
from .messages import Update, encode, error_json, problem_json
from .storage import KEEP_GAMES, GroupCommit, SQLiteStorage, Storage
from .table import BOTS, DEFAULT_BOT, HUMAN, OnDeadline, SeatError, Table

log = logging.getLogger("pitchcore.server")


@attrs.frozen
class Settings:
    """Everything ``pitchcore serve`` can be told, each by a flag or an environment variable
    (``PITCHCORE_`` and the name in capitals: ``PITCHCORE_DB``, ``PITCHCORE_MAX_TABLES``)."""

    host: str = "127.0.0.1"
    port: int = 8000
    db: str = "pitchcore.sqlite"
    """The SQLite file every table and finished game is kept in (``:memory:``: nowhere)."""
    bot_delay: float = 0.6
    """Seconds a bot waits before it moves, so people can follow."""
    turn_seconds: float | None = None
    """Seconds a person has for each move (none: no clock)."""
    on_deadline: OnDeadline = "default-move"
    """What a turn that runs out does: ``default-move`` (the default bot moves for them) or
    ``forfeit`` (their side loses the game)."""
    max_tables: int = 1000
    """Live tables the server holds at once."""
    tables_per_client: int = 10
    """Live tables one client (one address) may have created at once."""
    max_message: int = 16 * 1024
    """The largest websocket message taken, in bytes (a larger one closes the connection, 1009)."""
    max_body: int = 64 * 1024
    """The largest HTTP request body taken (house rules are a few hundred bytes)."""
    max_depth: int = 16
    """How deep JSON a client sends may nest."""
    queue_size: int = 64
    """Messages waiting to be sent to one connection before it is dropped as not reading."""
    send_timeout: float = 10.0
    """Seconds one send may wait on a connection before it is dropped as not reading."""
    spectators: int = 50
    """Spectators' connections per table."""
    idle_minutes: float = 60.0
    """A table nobody is connected to and nobody moved at for this long is evicted."""
    abandon_minutes: float = 10.0
    """A table still waiting for people, with nobody connected, is evicted after this long."""
    keep_games: int = KEEP_GAMES
    """Finished games kept in the database (the oldest go first)."""
    seeds: bool = False
    """Let a new table be given its seed (tests and replays: a known seed gives every deal)."""
    forwarded_allow_ips: str = ""
    """Addresses of reverse proxies whose X-Forwarded-For names the client (comma-separated;
    empty: none). Limits per client count the address it names."""
    compression: bool = False
    """Compress websocket messages (permessage-deflate) where the client offers it: less
    traffic, more memory per connection (about 45 KB) and CPU."""
    log_format: str = "text"
    """``text`` or ``json`` (one JSON object a line)."""
    lifetime: float | None = None
    """Stop by itself after this many seconds (tests)."""


_LIMITS = {"max_tables", "tables_per_client", "max_message", "max_body", "max_depth", "queue_size", "spectators",
           "keep_games"}


# -- reading what clients send ----------------------------------------------------------------


class Refused(Exception):
    """A request or message the server refuses: ``reason`` and one line saying why."""

    def __init__(self, message: str, status: int = 400, reason: str = "bad-message", **extra: Any) -> None:
        super().__init__(message)
        self.status, self.reason, self.extra = status, reason, extra

    def response(self) -> JSONResponse:
        return JSONResponse({"error": str(self), **self.extra}, status_code=self.status)


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def read_json(text: str | bytes, max_depth: int) -> Any:
    """Parse JSON a client sent, refusing nesting deeper than ``max_depth`` before parsing
    (a deep document would exhaust the parser's recursion)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("the message is not UTF-8 text") from None
    depth = deepest = 0
    for char in _NOT_BRACKETS.sub("", _STRINGS.sub("", text)):
        depth += 1 if char in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > max_depth:
                raise Refused(f"the JSON nests deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("the message is not JSON") from None


def _object(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Refused("expected a JSON object")
    return data


# -- connections ---------------------------------------------------------------------------


class Connection:
    """One websocket and the messages it has not taken yet.

    ``offer`` never waits. With nothing under way, the message is sent at once: a send
    completes without waiting while the socket takes data, and then costs no task and no
    queue (``_send_now``). A send that has to wait (the client is not reading) goes on in a
    task, and the messages offered meanwhile wait in a bounded queue behind it, in order.
    A connection whose queue is full, or whose send has waited longer than the timeout
    (the server's clock looks, ``check``), is dropped (closed, code 1008); its seat can
    reconnect with its credential."""

    def __init__(self, websocket: WebSocket, table: Table, seat: int | None, settings: Settings) -> None:
        self.websocket, self.table, self.seat = websocket, table, seat
        self.queue: collections.deque[str | None] = collections.deque()
        self.queue_size = settings.queue_size
        self.send_timeout = settings.send_timeout
        self.closed = False
        self.writer: asyncio.Task[None] | None = None
        """The task finishing a send that had to wait, then the queue; None while idle."""
        self.sending_since: float | None = None
        """When the send under way began waiting (the loop's clock), or None: no timer per
        message, which would cost more than the send."""

    def check(self, now: float) -> None:
        """Drop the connection if its send under way began more than the timeout ago."""
        since = self.sending_since
        if since is not None and now - since > self.send_timeout:
            self.drop(f"a send waited more than {self.send_timeout:g} s")

    def offer(self, text: str) -> None:
        if self.closed:
            return
        if self.writer is None:
            self._send_now(text)
        elif len(self.queue) < self.queue_size:
            self.queue.append(text)
        else:
            self.drop("its queue of unsent messages is full")

    def _send_now(self, text: str) -> None:
        """Run the send until it completes or first waits; a send that waits is finished by
        a task (``_finish``). Stepping the coroutine by hand is what an eager task does
        (Python 3.12's ``eager_task_factory``), for one send."""
        sending = self.websocket.send_text(text)
        try:
            waiting = sending.send(None)
        except StopIteration:
            return
        except Exception:  # (the client went: its handler sees the disconnect)
            self.closed = True
            return
        loop = asyncio.get_running_loop()
        self.sending_since = loop.time()
        self.writer = loop.create_task(self._finish(sending, waiting),
                                       name=f"send to table {self.table.id} seat {self.seat}")

    async def _finish(self, sending: Coroutine[Any, Any, None], waiting: Any) -> None:
        loop = asyncio.get_running_loop()
        try:
            await _resume(sending, waiting)
            self.sending_since = None
            while self.queue:
                text = self.queue.popleft()
                if text is None:
                    return
                self.sending_since = loop.time()
                await self.websocket.send_text(text)
                self.sending_since = None
        except Exception:  # (the client went: its handler sees the disconnect)
            self.closed = True
        finally:
            self.sending_since = None
            self.writer = None

    def drop(self, why: str) -> None:
        if self.closed:
            return
        self.closed = True
        log.warning("dropped a connection", extra={"table": self.table.id, "seat": self.seat, "why": why})
        if self.writer is not None:
            self.writer.cancel()
        asyncio.get_running_loop().create_task(self._abort())

    async def _abort(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.close(code=1008, reason="not reading"), 2)

    async def close(self) -> None:
        """Send what is queued, then stop (the websocket closes when its handler returns)."""
        writer = self.writer
        if not self.closed and writer is not None:
            self.queue.append(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, self.send_timeout)
        self.closed = True
        if self.writer is not None:
            self.writer.cancel()


async def _resume(coroutine: Coroutine[Any, Any, None], waiting: Any) -> None:
    """Go on with ``coroutine``, which was stepped by hand and yielded ``waiting`` (the
    future it waits on, or None for a bare yield), until it returns, as a task would."""
    while True:
        try:
            if waiting is None:
                await asyncio.sleep(0)
            else:
                waiting._asyncio_future_blocking = False  # (as a task does with the future a step yields)
                await waiting
        except BaseException as error:  # (cancelled, or the future failed: the coroutine hears it)
            try:
                waiting = coroutine.throw(error)
            except StopIteration:
                return
            continue
        try:
            waiting = coroutine.send(None)
        except StopIteration:
            return


# -- the server --------------------------------------------------------------------------


class Server:
    """The tables, their connections and the tasks that move them on."""

    def __init__(self, settings: Settings, storage: Storage) -> None:
        self.settings = settings
        self.storage = GroupCommit(storage, _call_soon, _in_thread)
        """Every table's storage: the moves of one pass of the event loop are written together,
        before any of their updates is sent, and finished games in a thread (``GroupCommit``)."""
        self.tables: dict[str, Table] = {}
        self.creators: dict[str, str] = {}
        """Table id -> the address of the client that created it (limits per client)."""
        self.connections: dict[str, set[Connection]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._ticker: asyncio.Task[None] | None = None

    # -- the tables' lives ---------------------------------------------------------------

    def restore(self) -> None:
        """Read back every live table from storage (after a restart: nothing lost)."""
        for spec, moves in self.storage.live_tables():
            try:
                table = Table.restore(spec, moves, storage=self.storage)
            except Exception:
                log.exception("a stored table could not be read back", extra={"table": spec.get("id")})
                continue
            if table.over:  # (killed before its finished game was stored whole)
                self.storage.finish(table.id, table.finished_game())
                log.info("finished game stored", extra={"table": table.id})
                continue
            self.tables[table.id] = table
            self.creators[table.id] = table.labels.get("creator", "")
            log.info("table restored", extra={"table": table.id, "moves": table.move_number})

    async def start(self) -> None:
        self.restore()
        for table in self.tables.values():
            self.run_bots(table)
        self._ticker = asyncio.create_task(self._tick(), name="deadlines and eviction")

    async def stop(self) -> None:
        for task in [*self._bots.values(), *([self._ticker] if self._ticker else [])]:
            task.cancel()

    def create(self, data: Mapping[str, Any], client: str) -> Table:
        settings = self.settings
        live = [table for table in self.tables.values() if not table.over]
        if len(live) >= settings.max_tables:
            self._evict(force=True)
            if len([table for table in self.tables.values() if not table.over]) >= settings.max_tables:
                raise Refused(f"the server holds {settings.max_tables} tables already; try again later", 503,
                              reason="server-full")
        mine = [table_id for table_id, creator in self.creators.items()
                if creator == client and table_id in self.tables and not self.tables[table_id].over]
        if len(mine) >= settings.tables_per_client:
            raise Refused(f"you have {len(mine)} tables open already (at most {settings.tables_per_client} at once): "
                          "finish or leave one first", 429, reason="too-many-tables")
        variant = _variant_of(data)
        seed = data.get("seed")
        if seed is not None and not settings.seeds:
            raise Refused("this server deals from seeds of its own (start it with --seeds to choose them)")
        try:
            state = new_game(variant, players=data.get("players"), seed=seed)
            seats = _seats_of(data.get("seats"), state.players, data.get("bot"))
            table = Table(state, seats, turn_seconds=settings.turn_seconds, on_deadline=settings.on_deadline,
                          storage=self.storage, labels={"creator": client})
        except ValueError as error:
            raise Refused(str(error)) from None
        self.tables[table.id] = table
        self.creators[table.id] = client
        log.info("table created", extra={"table": table.id, "variant": variant.name, "client": client,
                                         "seats": seats})
        self.run_bots(table)  # (a table of bots only plays at once)
        return table

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Refused(f"no table {table_id[:40]!r}", 404, reason="no-table")
        return table

    # -- messages out -------------------------------------------------------------------

    def broadcast(self, table: Table, update: Update | str) -> None:
        for connection in list(self.connections.get(table.id, ())):
            connection.offer(update if isinstance(update, str) else update.to(connection.seat))
        if not isinstance(update, str) and table.over:
            log.info("game over", extra={"table": table.id, "scores": list(table.state.scores),
                                         "winners": table.winners})

    # -- bots and the clock -------------------------------------------------------------

    def run_bots(self, table: Table) -> None:
        """Let the bots move, in a task of the table's own, while a bot is to move."""
        running = self._bots.get(table.id)
        if running is not None and not running.done():
            return
        if table.bot_turn() is not None:
            self._bots[table.id] = asyncio.create_task(self._play_bots(table), name=f"bots of table {table.id}")

    async def _play_bots(self, table: Table) -> None:
        while self.tables.get(table.id) is table:
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            turn = table.bot_turn()
            if turn is None:
                return
            try:
                if isinstance(turn.bot, SearchBot):  # (it thinks for a while: off the event loop)
                    move = await asyncio.to_thread(turn.choose)
                else:
                    move = turn.choose()
                update = table.play_bot(turn, move)
            except Exception as error:  # a bot's bug: say so at the table, leave the game as it is
                log.exception("a bot failed", extra={"table": table.id, "seat": turn.seat})
                self.broadcast(table, encode(problem_json("bot-failed", f"the bot at seat {turn.seat} failed: "
                                                          f"{str(error)[:200]}")))
                return
            if update is not None:
                self.broadcast(table, update)
            await asyncio.sleep(0)  # (let other tables' tasks and the connections run)

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(0.5)
            now = loop.time()
            for connections in list(self.connections.values()):
                for connection in list(connections):
                    connection.check(now)
            for table in list(self.tables.values()):
                try:
                    update = table.expire()
                except Exception:
                    log.exception("a turn's deadline could not be applied", extra={"table": table.id})
                    continue
                if update is not None:
                    log.info("a turn ran out", extra={"table": table.id, "forfeit": table.forfeited is not None})
                    self.broadcast(table, update)
                    if table.forfeited is not None:  # (the lobby's facts changed: over, winners)
                        self.broadcast(table, table.table_message())
                    self.run_bots(table)
            self._evict()

    def _evict(self, *, force: bool = False) -> None:
        """Forget tables nobody is at: finished ones after a minute (their game is stored),
        idle or abandoned ones after their timeouts (``force``: every abandoned one now)."""
        now = time.monotonic()
        settings = self.settings
        for table in list(self.tables.values()):
            if self.connections.get(table.id):
                continue
            quiet = now - table.last_activity
            if table.over:
                why = "finished" if quiet > 60 or force else None
            elif not table.started:
                why = "abandoned" if quiet > settings.abandon_minutes * 60 or force else None
            else:
                why = "idle" if quiet > settings.idle_minutes * 60 else None
            if why is None:
                continue
            del self.tables[table.id]
            self.creators.pop(table.id, None)
            task = self._bots.pop(table.id, None)
            if task is not None:
                task.cancel()
            if not table.over:
                self.storage.drop(table.id)
            log.info("table evicted", extra={"table": table.id, "why": why})

    # -- one websocket -------------------------------------------------------------------

    async def play(self, websocket: WebSocket) -> None:
        await websocket.accept()
        table = self.tables.get(websocket.path_params["table_id"])
        if table is None:
            await _refuse(websocket, "no-table", "there is no such table (it may have finished and been cleared)")
            return
        try:
            hello = _object(read_json(await asyncio.wait_for(_text(websocket), 30), self.settings.max_depth))
            if hello.get("type") != "hello":
                raise Refused('send {"type": "hello", "credential": "..."} first (no credential: to watch)')
            credential = hello.get("credential")
            seat = None if credential is None else table.seat_of(credential)
        except (Refused, SeatError) as error:
            await _refuse(websocket, "bad-credential" if isinstance(error, SeatError) else error.reason, str(error))
            return
        except (TimeoutError, WebSocketDisconnect):
            return
        connections = self.connections.setdefault(table.id, set())
        if seat is None and sum(connection.seat is None for connection in connections) >= self.settings.spectators:
            await _refuse(websocket, "full", f"this table has {self.settings.spectators} spectators already")
            return
        connection = Connection(websocket, table, seat, self.settings)
        connections.add(connection)
        table.attach(seat)
        connection.offer(table.snapshot(seat))
        self.broadcast(table, table.table_message())
        log.info("connected", extra={"table": table.id, "seat": seat})
        try:
            await self._receive(websocket, table, connection, credential)
        finally:
            connections.discard(connection)
            table.detach(seat)
            await connection.close()
            if self.tables.get(table.id) is table:
                self.broadcast(table, table.table_message())
            log.info("disconnected", extra={"table": table.id, "seat": seat})

    async def _receive(self, websocket: WebSocket, table: Table, connection: Connection, credential: Any) -> None:
        while not connection.closed:
            try:
                text = await _text(websocket)
            except WebSocketDisconnect:
                return
            try:
                message = _object(read_json(text, self.settings.max_depth))
                kind = message.get("type")
                if kind == "ping":
                    connection.offer('{"type":"pong"}')
                    continue
                if kind != "move":
                    raise Refused('expected {"type": "move", "move": "play AH"} or {"type": "ping"}')
                if credential is None:
                    raise Refused("a spectator cannot move", reason="no-credential")
                update = table.move(credential, message.get("move"))
            except Refused as error:
                connection.offer(encode(problem_json(error.reason, str(error))))
                continue
            except SeatError as error:
                connection.offer(encode(problem_json(error.reason, str(error))))
                continue
            except IllegalMove as error:
                connection.offer(encode(error_json(error)))
                continue
            self.broadcast(table, update)
            self.run_bots(table)


def _call_soon(callback: Callable[[], None]) -> object:
    return asyncio.get_running_loop().call_soon(callback)


def _in_thread(work: Callable[[], None]) -> object:
    def logged() -> None:
        try:
            work()
        except Exception:
            log.exception("a finished game could not be stored")
    return asyncio.get_running_loop().run_in_executor(None, logged)


async def _text(websocket: WebSocket) -> str:
    """The next text (or bytes) message; ``WebSocketDisconnect`` when the client went."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = ""
    return str(text)


async def _refuse(websocket: WebSocket, reason: str, message: str) -> None:
    """Say why and close (code 4001), ignoring a client that has gone already."""
    with contextlib.suppress(Exception):
        if websocket.client_state == WebSocketState.CONNECTED:
            await websocket.send_text(encode(problem_json(reason, message)))
            await websocket.close(code=4001)


def _variant_of(data: Mapping[str, Any]) -> Any:
    text = data.get("yaml")
    if text is not None and not isinstance(text, str):
        raise Refused("yaml is the house rules' YAML text")
    if text and text.strip():
        try:
            return load_variant_text(text, filename="house rules")
        except VariantError as error:
            raise Refused(f"these house rules cannot be played:\n{error}", problems=error.problems) from None
    name = data.get("variant", "auction-pitch")
    bundled = bundled_variants()
    if name not in bundled:
        raise Refused(f"unknown variant {str(name)[:60]!r}: expected one of {', '.join(bundled)}")
    return load_variant(name)


def _seats_of(seats: object, players: int, bot: object = None) -> list[str]:
    """The seat kinds asked for: a list, or a person at seat 0 and ``bot`` (by default the
    default bot) at the others."""
    if seats is None:
        if bot is not None and bot not in BOTS:
            raise ValueError(f"unknown bot {str(bot)[:40]!r}: expected one of {', '.join(BOTS)}")
        return [HUMAN] + [str(bot or DEFAULT_BOT)] * (players - 1)
    if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
        raise ValueError(f'seats is a list of seat kinds: "{HUMAN}" or a bot ({", ".join(BOTS)})')
    return seats


# -- the app -------------------------------------------------------------------------------


def client_of(request: Request | WebSocket) -> str:
    """The client's address (uvicorn reads it from X-Forwarded-For for trusted proxies only)."""
    return request.client.host if request.client else "unknown"


async def _body(request: Request, limit: int, max_depth: int) -> dict[str, Any]:
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(f"the request is larger than {limit} bytes", 413, reason="too-large")
    return _object(read_json(bytes(body) or b"{}", max_depth))


def make_app(settings: Settings, storage: Storage | None = None) -> Any:
    """The server as an ASGI app (``uvicorn`` runs it; tests may run it in-process); its
    ``server`` is the ``Server`` with the tables."""
    server = Server(settings, storage if storage is not None else SQLiteStorage(settings.db,
                                                                                keep_games=settings.keep_games))
    static = resources.files("pitchcore.serving").joinpath("static")

    def handled(endpoint: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def run(request: Request) -> Response:
            try:
                response: Response = await endpoint(request)
                return response
            except Refused as error:
                return error.response()
        return run

    async def index(request: Request) -> Response:
        return Response(static.joinpath("index.html").read_text(encoding="utf-8"), media_type="text/html")

    async def variants(request: Request) -> Response:
        return JSONResponse({"variants": bundled_variants(), "bots": list(BOTS), "default_bot": DEFAULT_BOT})

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": [table.summary() for table in server.tables.values()]})

    async def create_table(request: Request) -> Response:
        data = await _body(request, settings.max_body, settings.max_depth)
        table = server.create(data, client_of(request))
        return JSONResponse({"table": table.summary()}, status_code=201)

    async def show_table(request: Request) -> Response:
        return JSONResponse({"table": server.table(request.path_params["table_id"]).summary()})

    async def join(request: Request) -> Response:
        table = server.table(request.path_params["table_id"])
        data = await _body(request, settings.max_body, settings.max_depth)
        try:
            credential = table.join(data.get("seat"), data.get("name"))
        except SeatError as error:
            raise Refused(str(error), 409 if error.reason == "seat-taken" else 400, reason=error.reason) from None
        seat = table.seat_of(credential)
        log.info("seat joined", extra={"table": table.id, "seat": seat, "client": client_of(request)})
        server.broadcast(table, table.table_message())
        server.run_bots(table)
        return JSONResponse({"seat": seat, "credential": credential, "table": table.summary()})

    async def leave(request: Request) -> Response:
        table = server.table(request.path_params["table_id"])
        data = await _body(request, settings.max_body, settings.max_depth)
        try:
            seat = table.leave(data.get("credential"))
        except SeatError as error:
            raise Refused(str(error), 403, reason=error.reason) from None
        for connection in list(server.connections.get(table.id, ())):
            if connection.seat == seat:  # (the credential holds the seat no more)
                connection.drop("its seat was left")
        server.broadcast(table, table.table_message())
        server.run_bots(table)
        return JSONResponse({"left": seat, "table": table.summary()})

    async def seat_history(request: Request) -> Response:
        table = server.table(request.path_params["table_id"])
        data = await _body(request, settings.max_body, settings.max_depth)
        try:
            return JSONResponse({"history": table.history(data.get("credential"))})
        except SeatError as error:
            raise Refused(str(error), 403, reason=error.reason) from None

    async def not_found(request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        message = error.detail if isinstance(error, HTTPException) else "internal error"
        if status == 500:
            log.error("an internal error", exc_info=error)
        return JSONResponse({"error": str(message)}, status_code=status)

    routes = [
        Route("/", index),
        Route("/api/variants", handled(variants)),
        Route("/api/tables", handled(list_tables), methods=["GET"]),
        Route("/api/tables", handled(create_table), methods=["POST"]),
        Route("/api/tables/{table_id}", handled(show_table)),
        Route("/api/tables/{table_id}/join", handled(join), methods=["POST"]),
        Route("/api/tables/{table_id}/leave", handled(leave), methods=["POST"]),
        Route("/api/tables/{table_id}/history", handled(seat_history), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(static), check_dir=False), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        log.info("serving", extra={"tables": len(server.tables), "db": settings.db})
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: not_found, Exception: not_found})
    return _PlayFirst(app, server)


_PLAY_PATH = re.compile(r"/ws/([^/]{1,64})")


class _PlayFirst:
    """The app, with the play websockets taken straight to ``Server.play``: a message sent
    through Starlette's middleware passes several wrappers, and a move sends one to every
    connection at its table. Everything else goes to the Starlette app."""

    def __init__(self, app: Starlette, server: Server) -> None:
        self.app, self.server = app, server

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        found = _PLAY_PATH.fullmatch(scope["path"]) if scope["type"] == "websocket" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        websocket = WebSocket({**scope, "path_params": {"table_id": found.group(1)}}, receive, send)
        try:
            await self.server.play(websocket)
        except Exception:  # (a bug of ours: logged, and the connection closed, never a traceback to the client)
            log.exception("a connection failed")
            with contextlib.suppress(Exception):
                await websocket.close(code=1011)


# -- the command -------------------------------------------------------------------------


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, message, and the record's extra fields."""

    _PLAIN = frozenset(vars(logging.makeLogRecord({})))

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {"time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
                                "level": record.levelname.lower(), "message": record.getMessage()}
        data.update({key: value for key, value in vars(record).items() if key not in self._PLAIN})
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)


class TextFormatter(logging.Formatter):
    """``LEVEL message key=value ...``."""

    _PLAIN = JsonFormatter._PLAIN

    def format(self, record: logging.LogRecord) -> str:
        extra = " ".join(f"{key}={value}" for key, value in vars(record).items() if key not in self._PLAIN)
        text = f"{record.levelname} {record.getMessage()}{' ' + extra if extra else ''}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


def settings_from(argv: Sequence[str] | None = None, environ: Mapping[str, str] = os.environ) -> Settings:
    """Settings from the command line, each flag defaulting to its ``PITCHCORE_`` variable."""
    parser = argparse.ArgumentParser(prog="pitchcore serve", description="A multiplayer Pitch server: the lobby, "
                                     "tables of people and bots, the page, and SQLite behind every table.")
    defaults = Settings()
    for field in attrs.fields(Settings):
        flag = "--" + field.name.replace("_", "-")
        env = "PITCHCORE_" + field.name.upper()
        default = environ.get(env, getattr(defaults, field.name))
        help_text = f"{_HELP.get(field.name, '')} (env {env}; default {getattr(defaults, field.name)})"
        if field.type in ("bool", bool):
            parser.add_argument(flag, action="store_true", default=str(default).lower() in ("1", "true", "yes"),
                                help=help_text)
        else:
            kind: Callable[[str], Any] = {"int": int, "float": float, "float | None": float}.get(str(field.type), str)
            parser.add_argument(flag, type=kind, default=default, help=help_text)
    args = parser.parse_args(argv)
    values = {}
    for field in attrs.fields(Settings):
        value = getattr(args, field.name)
        number: Callable[[str], Any] | None = {"int": int, "float": float, "float | None": float}.get(str(field.type))
        if number is not None and value is not None and value != "":
            try:
                value = number(value)
            except ValueError:
                parser.error(f"{field.name} is a number, not {value!r}")
        elif value == "" and str(field.type) == "float | None":
            value = None
        values[field.name] = value
    if values["on_deadline"] not in ("default-move", "forfeit"):
        parser.error(f"--on-deadline is default-move or forfeit, not {values['on_deadline']!r}")
    if values["log_format"] not in ("text", "json"):
        parser.error(f"--log-format is text or json, not {values['log_format']!r}")
    for name in _LIMITS:
        if values[name] < 1:
            parser.error(f"--{name.replace('_', '-')} is at least 1")
    return Settings(**values)


_HELP = {
    "host": "the address to listen on (127.0.0.1: this machine only; behind a reverse proxy, keep it)",
    "port": "the port (0: any free port; the first line printed says which)",
    "db": "the SQLite file every table and finished game is kept in",
    "bot_delay": "seconds a bot waits before each move, so people can follow",
    "turn_seconds": "seconds a person has for each move (default: no clock)",
    "on_deadline": "when a turn runs out: default-move (a bot moves for them) or forfeit (their side loses)",
    "max_tables": "live tables held at once",
    "tables_per_client": "live tables one client address may have created at once",
    "max_message": "the largest websocket message taken, in bytes",
    "max_body": "the largest HTTP request body taken, in bytes",
    "max_depth": "how deep a client's JSON may nest",
    "queue_size": "messages waiting for one connection before it is dropped as not reading",
    "send_timeout": "seconds a send may wait on one connection before it is dropped as not reading",
    "spectators": "spectators' connections per table",
    "idle_minutes": "minutes after which a table nobody is at and nobody moved at is evicted",
    "abandon_minutes": "minutes after which a table still waiting for people, nobody at it, is evicted",
    "keep_games": "finished games kept in the database",
    "seeds": "let a new table be given its seed (tests and replays only: a known seed gives every deal)",
    "forwarded_allow_ips": "reverse proxies trusted to name the client in X-Forwarded-For (comma-separated)",
    "compression": "compress websocket messages (permessage-deflate) where clients offer it",
    "log_format": "text or json (one JSON object a line)",
    "lifetime": "stop by itself after this many seconds",
}


GC_THRESHOLDS = (20_000, 20, 20)
"""The cycle collector's thresholds in ``pitchcore serve`` (Python's are 700, 10, 10). A busy
server makes and drops many objects a move, nearly all freed by reference counting; at
Python's thresholds the collector ran some 500 times in 30 s of the load benchmark, 2 s of
the server's time in all, pausing every table each time. At these it ran some 15 times,
0.4 s in all."""


def main(argv: Sequence[str] | None = None) -> int:
    settings = settings_from(argv)
    gc.set_threshold(*GC_THRESHOLDS)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if settings.log_format == "json" else TextFormatter())
    root = logging.getLogger("pitchcore")
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    root.propagate = False
    app = make_app(settings)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=settings.max_message, lifespan="on",
                            ws_per_message_deflate=settings.compression,
                            proxy_headers=bool(settings.forwarded_allow_ips),
                            forwarded_allow_ips=settings.forwarded_allow_ips or None, log_config=None,
                            ws_ping_interval=20, ws_ping_timeout=20)
    runner = uvicorn.Server(config)
    family = socket.AF_INET6 if ":" in settings.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((settings.host, settings.port))
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"pitchcore server at http://{shown}:{port}/ (tables kept in {settings.db})", flush=True)
    if settings.lifetime is not None:
        timer = threading.Timer(settings.lifetime, lambda: setattr(runner, "should_exit", True))
        timer.daemon = True
        timer.start()
    runner.run(sockets=[sock])
    return 0

