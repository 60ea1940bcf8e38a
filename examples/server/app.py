"""A reference multiplayer server for pitchcore: tables of any bundled variant or of
uploaded house rules, each seat a person (the page this serves, or any websocket client)
or a bundled bot. Each client is sent only its own seat's view and the events it may see.

Run it from the repository (``make`` installs what it needs; elsewhere
``pip install "/path/to/pitchcore[server]"``):

    .venv/bin/python examples/server/app.py --port 8000

and open http://127.0.0.1:8000/ in a browser. The HTTP and websocket API is described in
this folder's README.md; the tables themselves (seats, bots, what is sent) are in
pitch_tables.py, which needs no web framework.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import socket
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import uvicorn
from pitch_tables import BOTS, SeatError, Table, problem, seats_from
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import pitchcore

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
MAX_BODY = 64 * 1024
"""The largest request body taken (a house-rules file is a few hundred bytes)."""
MAX_MESSAGE = 16 * 1024
"""The largest websocket message taken (a move is a few bytes)."""
MAX_TABLES = 200
"""Tables kept at once; finished ones nobody is at are dropped first to make room."""


class BadRequest(Exception):
    """A request the server refuses: sent back as ``{"error": message}`` with ``status``."""

    def __init__(self, message: str, status: int = 400, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.extra = status, extra

    def response(self) -> JSONResponse:
        return JSONResponse({"error": str(self), **self.extra}, status_code=self.status)


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to ``MAX_BODY`` bytes."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY} bytes", 413)
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise BadRequest("the request is not JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request is a JSON object")
    return data


def variant_of(data: dict[str, Any]) -> pitchcore.Variant:
    """The variant a new table asks for: uploaded house rules (``yaml``: untrusted text,
    whose problems ``VariantError`` lists) or a bundled variant's name (``variant``)."""
    text = data.get("yaml")
    if text is not None and not isinstance(text, str):
        raise BadRequest("yaml is the house rules' YAML text")
    if text and text.strip():
        try:
            return pitchcore.load_variant_text(text, filename="house rules")
        except pitchcore.VariantError as error:
            raise BadRequest(f"these house rules cannot be played:\n{error}", problems=error.problems) from None
    name = data.get("variant", "auction-pitch")
    bundled = pitchcore.bundled_variants()
    if name not in bundled:
        raise BadRequest(f"unknown variant {str(name)[:60]!r}: expected one of {', '.join(bundled)}")
    return pitchcore.load_variant(name)


class WebSocketClient:
    """A websocket as a table's client: one JSON message per send, one send at a time."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        async with self.lock:
            await self.websocket.send_text(json.dumps(message))


def move_text(message: Mapping[str, Any]) -> str | None:
    """The move a websocket message carries (``{"type": "move", "move": "bid 2"}``), or None."""
    text = message.get("text")
    if not isinstance(text, str):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("type") != "move" or not isinstance(data.get("move"), str):
        return None
    move: str = data["move"]
    return move


def make_app(records: Path, bot_delay: float = 0.0, seeds: bool = False) -> Starlette:
    """The server: the page, the lobby's HTTP API, and a websocket per seat. With ``seeds``,
    a new table may be given its seed (whoever chooses it can work out every deal)."""
    tables: dict[str, Table] = {}

    def table_of(table_id: str) -> Table:
        table = tables.get(table_id)
        if table is None:
            raise BadRequest(f"no table {table_id[:40]!r}", 404)
        return table

    def make_room() -> None:
        if len(tables) < MAX_TABLES:
            return
        idle = sorted((table for table in tables.values() if table.state.is_over and not table.clients),
                      key=lambda table: table.created)
        for table in idle[:len(tables) - MAX_TABLES + 1]:
            del tables[table.id]
        if len(tables) >= MAX_TABLES:
            raise BadRequest(f"the server holds {MAX_TABLES} tables already; try again later", 503)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def variants(request: Request) -> Response:
        return JSONResponse({"variants": pitchcore.bundled_variants(), "bots": list(BOTS), "default_bot": "heuristic"})

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": [table.summary() for table in tables.values()]})

    async def create_table(request: Request) -> Response:
        try:
            data = await read_json(request)
            variant = variant_of(data)
            if data.get("seed") is not None and not seeds:
                raise BadRequest("this server deals from seeds of its own (start it with --seeds to choose them)")
            try:
                state = pitchcore.new_game(variant, players=data.get("players"), seed=data.get("seed"))
                seats = seats_from(state.players, data.get("seats"), data.get("humans"), data.get("bot"))
                table = Table(state, seats, records=records, bot_delay=bot_delay)
            except ValueError as error:
                raise BadRequest(str(error)) from None
            make_room()
        except BadRequest as error:
            return error.response()
        tables[table.id] = table
        table.run_bots()  # a table of bots only plays at once
        return JSONResponse({"table": table.summary()}, status_code=201)

    async def show_table(request: Request) -> Response:
        try:
            return JSONResponse({"table": table_of(request.path_params["table_id"]).summary()})
        except BadRequest as error:
            return error.response()

    async def record(request: Request) -> Response:
        """A finished game's stored file, by the name its table reported."""
        name = request.path_params["name"]
        if not any(name in table.stored for table in tables.values()):
            return BadRequest(f"no record {name[:80]!r}", 404).response()
        media = "application/json" if name.endswith(".json") else "text/plain; charset=utf-8"
        return FileResponse(records / name, media_type=media)

    async def play(websocket: WebSocket) -> None:
        """One seat's connection: the seat's messages out, its moves in."""
        await websocket.accept()
        client = WebSocketClient(websocket)
        table = tables.get(websocket.path_params["table_id"])
        seat: int = websocket.path_params["seat"]
        try:
            if table is None:
                raise SeatError(f"no table {websocket.path_params['table_id'][:40]!r}")
            await table.join(seat, client)
        except SeatError as error:
            await client.send(problem("seat", str(error)))
            await websocket.close(code=4000)
            return
        try:
            while True:  # until the client goes
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = move_text(message)
                if text is None:
                    await client.send(problem("bad-message", 'send a move as {"type": "move", "move": "bid 2"}'))
                    continue
                await table.move(seat, client, text)
        except WebSocketDisconnect:
            pass
        finally:
            await table.leave(seat, client)

    routes = [
        Route("/", index),
        Route("/api/variants", variants),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/records/{name}", record),
        WebSocketRoute("/ws/{table_id}/{seat:int}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="pitchcore's reference multiplayer server: open it in a browser.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    parser.add_argument("--records", type=Path, default=Path.home() / "pitchcore-records",
                        help="the folder finished games are stored in (default: pitchcore-records in your home)")
    parser.add_argument("--bot-delay", type=float, default=0.6,
                        help="seconds a bot waits before each move, so people can follow (default 0.6)")
    parser.add_argument("--lifetime", type=float, default=None,
                        help="stop by itself after this many seconds (default: run until stopped)")
    parser.add_argument("--seeds", action="store_true",
                        help="let a new table be given its seed, for tests and replays (whoever chooses a "
                             "seed can work out every deal: not for play between people)")
    parser.add_argument("--quiet", action="store_true", help="log warnings only")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(levelname)s: %(message)s")
    app = make_app(args.records.resolve(), args.bot_delay, args.seeds)
    config = uvicorn.Config(app, log_level="warning" if args.quiet else "info", ws_max_size=MAX_MESSAGE)
    server = uvicorn.Server(config)
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.host, args.port))
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"pitchcore server at http://{shown}:{port}/ (finished games stored in {args.records.resolve()})",
          flush=True)
    if args.lifetime is not None:
        timer = threading.Timer(args.lifetime, lambda: setattr(server, "should_exit", True))
        timer.daemon = True
        timer.start()
    server.run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
