"""``pitchcore serve`` attacked on loopback: each attack must fail, and nothing may stall,
leak a card or answer with a traceback.

- seat takeover: a seat whose player dropped is still theirs; no credential, a forged one or
  a spectator's connection cannot act for it or see its hand;
- a client that stops reading: its table goes on, and it is dropped after a bounded delay;
- a flood of table creations from one client leaves others able to play;
- finished games' records are never served; a player gets its own seat's history only;
- deep or oversized JSON gets a clean error (or a clean close), never a 500;
- finished games do not pile up without bound;
- a server killed mid-game and started again resumes every table with no move lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import missing
from server_support import Server, running_server, start_server, stop_server

CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|HJ|LJ)\b")

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.exceptions import ConnectionClosed
except ImportError as error:
    missing(f"the server extra is not installed ({error.name}): pip install -e '.[server]'")

LIMITS = ("--tables-per-client", "3", "--max-depth", "16", "--max-message", "4096", "--queue-size", "8",
          "--send-timeout", "1", "--forwarded-allow-ips", "127.0.0.1", "--keep-games", "3")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("attacked"), *LIMITS) as running:
        yield running
        assert "Traceback" not in running.log(), running.log()[-3000:]


def as_client(address: str) -> dict[str, str]:
    """Headers of a request the trusted proxy forwards for ``address``."""
    return {"X-Forwarded-For": address}


async def receive(ws: ClientConnection, seconds: float = 10) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), seconds))
    return message


async def receive_type(ws: ClientConnection, kind: str, seconds: float = 10) -> dict[str, Any]:
    """The next message of type ``kind`` (skipping seat notes and others' updates)."""
    deadline = time.monotonic() + seconds
    while True:
        message = await receive(ws, max(deadline - time.monotonic(), 0.01))
        if message["type"] == kind:
            return message


async def open_seat(server: Server, table_id: str, credential: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    ws = await connect(f"{server.ws_url}/ws/{table_id}", proxy=None, open_timeout=10)
    await ws.send(json.dumps({"type": "hello", **({"credential": credential} if credential else {})}))
    return ws, await receive(ws)


# -- 1. seat takeover ---------------------------------------------------------------------


def test_a_dropped_seat_stays_with_its_player(server: Server) -> None:
    table = server.create(variant="auction-pitch", seats=["human", "human", "heuristic", "heuristic"])
    credential = server.join(table["id"], 0, "Ann")
    other = server.join(table["id"], 1, "Bob")

    async def scenario() -> None:
        ws, snapshot = await open_seat(server, table["id"], credential)
        hand = snapshot["private"]["hand"]
        assert snapshot["seat"] == 0 and len(hand) == 6
        await ws.close()  # Ann's connection drops
        await asyncio.sleep(0.2)
        summary = server.table(table["id"])
        assert summary["seats"][0]["taken"] and not summary["seats"][0]["connected"]
        status, answer = server.call(f"/api/tables/{table['id']}/join", {"seat": 0, "name": "Mallory"})
        assert status == 409 and "taken" in answer["error"]

        # No credential: a spectator, shown no hand and refused a move.
        spy, watched = await open_seat(server, table["id"], None)
        assert watched["type"] == "snapshot" and watched["seat"] is None and watched["private"] is None
        assert not set(hand) & set(CARD.findall(json.dumps(watched)))
        await spy.send(json.dumps({"type": "move", "move": "pass"}))
        refused = await receive_type(spy, "error")
        assert refused["reason"] == "no-credential"
        await spy.close()

        # A forged credential: refused and closed.
        forged, answer = await open_seat(server, table["id"], "x" * 32)
        assert answer["type"] == "error" and answer["reason"] == "bad-credential"
        with pytest.raises(ConnectionClosed):
            await receive(forged)
        assert forged.close_code == 4001

        # Bob's credential acts for Bob only, however he asks.
        bob, bobs = await open_seat(server, table["id"], other)
        assert bobs["seat"] == 1 and not set(hand) & set(CARD.findall(json.dumps(bobs)))
        await bob.close()
        status, _ = server.call(f"/api/tables/{table['id']}/leave", {"credential": "x" * 32})
        assert status == 403

        # Ann comes back with her credential: the same seat, the same hand.
        again, back = await open_seat(server, table["id"], credential)
        assert back["seat"] == 0 and back["private"]["hand"] == hand
        await again.close()

    asyncio.run(asyncio.wait_for(scenario(), 30))


# -- 2. a client that does not read -------------------------------------------------------


def frame(text: str) -> bytes:
    """One masked text frame, as a client sends it."""
    data = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81, 0x80 | len(data)]) if len(data) < 126 else bytes([0x81, 0xFE]) + len(data).to_bytes(2, "big")
    return header + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(data))


def raw_websocket(server: Server, path: str, first: str) -> socket.socket:
    """A websocket opened by hand on a socket with a tiny receive buffer, that sends one text
    message and then never reads again."""
    host, port = server.url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect((host, int(port)))
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = sock.recv(1024)
    assert b" 101 " in answer.split(b"\r\n")[0], answer
    sock.sendall(frame(first))
    return sock


def test_a_client_that_stops_reading_does_not_stall_its_table(server: Server) -> None:
    status, answer = server.call("/api/tables", {"variant": "auction-pitch", "seats": ["human"] + ["random"] * 3},
                                 headers=as_client("10.0.0.2"))
    assert status == 201, answer
    table_id = answer["table"]["id"]
    credential = server.join(table_id, 0, "Reader")
    stalled = [raw_websocket(server, f"/ws/{table_id}", json.dumps({"type": "hello"})) for _ in range(3)]

    async def scenario() -> list[float]:
        ws, snapshot = await open_seat(server, table_id, credential)
        public, private = snapshot["public"], snapshot["private"]
        waits = []
        while public["phase"] != "game over" and len(waits) < 400:
            if private["legal_moves"]:
                sent = time.monotonic()
                await ws.send(json.dumps({"type": "move", "move": private["legal_moves"][0]}))
                message = await receive_type(ws, "update")
                waits.append(time.monotonic() - sent)
            else:
                message = await receive_type(ws, "update")
            public, private = message["public"], message["private"]
        await ws.close()
        return waits

    waits = asyncio.run(asyncio.wait_for(scenario(), 90))
    assert len(waits) > 20
    assert max(waits) < 2.0, f"the reader waited up to {max(waits):.2f} s for its own move's update"

    # One that asks for pongs it never reads: its queue fills, and it is dropped.
    flooder = stalled[0]
    flooder.setblocking(False)
    ping = frame(json.dumps({"type": "ping"}))
    deadline = time.monotonic() + 30
    while "dropped a connection" not in server.log():
        assert time.monotonic() < deadline, "a connection that never reads was never dropped"
        with contextlib.suppress(BlockingIOError, BrokenPipeError, ConnectionResetError):
            flooder.send(ping * 200)
        time.sleep(0.01)
    assert "queue of unsent messages is full" in server.log()
    for sock in stalled:
        sock.close()


# -- 3. a flood of tables from one client ---------------------------------------------------


def test_a_creation_flood_from_one_client_leaves_others_able_to_play(server: Server) -> None:
    flood = [server.call("/api/tables", {"variant": "auction-pitch", "seats": ["human"] * 4},
                         headers=as_client("10.6.6.6")) for _ in range(50)]
    statuses = [status for status, _ in flood]
    assert statuses.count(201) == 3 and statuses.count(429) == 47
    assert "at most 3" in flood[-1][1]["error"]
    status, answer = server.call("/api/tables", {"variant": "auction-pitch"}, headers=as_client("10.0.0.9"))
    assert status == 201, answer
    table_id = answer["table"]["id"]
    credential = server.join(table_id, 0, "Someone else")

    async def a_move() -> dict[str, Any]:
        ws, snapshot = await open_seat(server, table_id, credential)
        private = snapshot["private"]
        while not private["legal_moves"]:
            private = (await receive_type(ws, "update"))["private"]
        await ws.send(json.dumps({"type": "move", "move": private["legal_moves"][0]}))
        update = await receive_type(ws, "update")
        await ws.close()
        return update

    assert asyncio.run(asyncio.wait_for(a_move(), 30))["events"][0]["fields"]["seat"] == 0


# -- 4. records and histories ------------------------------------------------------------------


def test_no_record_is_served_and_a_history_needs_its_seat(server: Server) -> None:
    status, answer = server.call("/api/tables", {"variant": "auction-pitch", "seats": ["human"] + ["heuristic"] * 3},
                                 headers=as_client("10.0.0.4"))
    table_id = answer["table"]["id"]
    credential = server.join(table_id, 0)
    for path in ("/records/x.json", f"/api/tables/{table_id}/record", "/api/games", f"/records/{table_id}.json"):
        status, _ = server.call(path)
        assert status in (404, 405)
    status, answer = server.call(f"/api/tables/{table_id}/history", {"credential": "forged"})
    assert status == 403 and "history" not in answer
    status, answer = server.call(f"/api/tables/{table_id}/history", {"credential": credential})
    assert status == 200 and "[Seed" not in answer["history"]
    listed = json.dumps(server.call("/api/tables")[1])
    assert '"seed"' not in listed and "credential" not in listed


# -- 5. hostile JSON ------------------------------------------------------------------------------


def test_deep_or_large_json_gets_a_clean_answer(server: Server) -> None:
    status, answer = server.call("/api/tables", raw=b"[" * 60_000)
    assert status == 400 and "deeper than 16" in answer["error"]
    status, answer = server.call("/api/tables", raw=b'{"a":' * 20 + b"1" + b"}" * 20)
    assert status == 400 and "deeper" in answer["error"]
    status, answer = server.call("/api/tables", raw=b"\xff\xfe")
    assert status == 400 and "error" in answer
    status, answer = server.call("/api/tables", raw=b'"just a string"')
    assert status == 400 and "object" in answer["error"]
    table = server.create(variant="auction-pitch", seats=["human"] + ["heuristic"] * 3)

    async def scenario() -> None:
        ws, _ = await open_seat(server, table["id"], None)
        await ws.send("[" * 4000)
        error = await receive_type(ws, "error")
        assert error["reason"] == "bad-message" and "deeper" in error["message"]
        await ws.send(json.dumps({"type": "ping"}))
        assert (await receive_type(ws, "pong"))["type"] == "pong"  # still open
        await ws.send("x" * 10_000)  # over the size limit: closed cleanly, with a close frame
        with pytest.raises(ConnectionClosed):
            while True:
                await receive(ws)
        assert ws.close_code == 1009
        deep_hello = await connect(f"{server.ws_url}/ws/{table['id']}", proxy=None, open_timeout=10)
        await deep_hello.send("{" * 3000)
        assert (await receive(deep_hello))["reason"] == "bad-message"
        quitter = await connect(f"{server.ws_url}/ws/{table['id']}", proxy=None, open_timeout=10)
        await quitter.send(json.dumps({"type": "hello", "credential": "nobody"}))
        await quitter.close()  # gone before the server answers "bad-credential"
        await asyncio.sleep(0.3)

    asyncio.run(asyncio.wait_for(scenario(), 30))
    status, answer = server.call("/api/tables/no-such-table")
    assert status == 404 and answer["error"]


# -- 6. finished games are kept to a bound ---------------------------------------------------------


def test_bot_tables_leave_a_bounded_number_of_games(server: Server) -> None:
    ids = []
    for number in range(5):
        status, answer = server.call("/api/tables", {"variant": "hi-lo-jack", "seats": ["random"] * 4},
                                     headers=as_client(f"10.1.0.{number}"))
        assert status == 201, answer
        ids.append(answer["table"]["id"])
    deadline = time.monotonic() + 60
    while not all(server.table(table_id)["over"] for table_id in ids if server.call(f"/api/tables/{table_id}")[0]
                  == 200):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    time.sleep(0.3)
    with contextlib.closing(sqlite3.connect(server.db)) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] <= 3


# -- 7. killed and started again -------------------------------------------------------------------


def test_a_killed_server_resumes_every_table_with_no_move_lost(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    first = start_server(tmp_path, db=db)
    tables = []
    for _ in range(2):
        table = first.create(variant="auction-pitch", seats=["human"] * 4)
        tables.append((table["id"], [first.join(table["id"], seat) for seat in range(4)]))

    async def play(server: Server, table_id: str, credentials: list[str], moves: int) -> tuple[int, list[Any]]:
        """Make ``moves`` moves at the table (each seat in turn); returns the move number and
        the seats' hands as their snapshots show them."""
        seats = [await open_seat(server, table_id, credential) for credential in credentials]
        state = {seat: snapshot for seat, (_, snapshot) in enumerate(seats)}
        number = state[0]["move_number"]
        for _ in range(moves):
            to_move = state[0]["public"]["to_move"]
            ws = seats[to_move][0]
            await ws.send(json.dumps({"type": "move", "move": state[to_move]["private"]["legal_moves"][0]}))
            for seat, (other, _) in enumerate(seats):
                state[seat] = await receive_type(other, "update")
            number = state[0]["move_number"]
        hands = [state[seat]["private"]["hand"] for seat in range(4)]
        for ws, _ in seats:
            await ws.close()
        return number, hands

    before = [asyncio.run(asyncio.wait_for(play(first, table_id, credentials, 17), 60))
              for table_id, credentials in tables]
    first.process.send_signal(signal.SIGKILL)  # no shutdown of any kind
    first.process.wait(10)

    second = start_server(tmp_path, db=db)
    try:
        for (table_id, credentials), (number, hands) in zip(tables, before, strict=True):
            assert second.table(table_id)["move_number"] == number == 17
            after = asyncio.run(asyncio.wait_for(play(second, table_id, credentials, 0), 30))
            assert after == (number, hands)
            moved = asyncio.run(asyncio.wait_for(play(second, table_id, credentials, 5), 30))
            assert moved[0] == 22
    finally:
        stop_server(second)
    assert "Traceback" not in second.log()
