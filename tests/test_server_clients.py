"""The reference server (examples/server) end to end, over real sockets on 127.0.0.1.

Four websocket clients play whole games of a variant against a server this module starts
(a subprocess on a free port, stopped at the end and told to stop itself in any case).
Every message a client gets is checked against the game replayed here from the table's
seed and the moves the clients made: each view must be exactly that seat's view, the
events exactly what that seat may see, and no message may name a card the seat has not
seen. The finished game must be stored, as a record that loads back to the same game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pitchcore as pc
from conftest import known_cards, missing

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "examples" / "server" / "app.py"
CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|HJ|LJ)\b")
GAME_SECONDS = 60
"""The most one whole game may take (a game of about 300 moves takes a few seconds)."""
MAX_MESSAGES = 5000
"""The most messages one client reads in a game (a game sends about one per move)."""


try:
    import starlette  # noqa: F401  (the server's own imports, checked before starting it)
    import uvicorn  # noqa: F401
    from websockets.asyncio.client import ClientConnection, connect
except ImportError as error:
    missing(f"the server extra is not installed ({error.name}): pip install -e '.[server]'")


# -- a running server ------------------------------------------------------------------


class Server:
    """A server subprocess: its address, its records folder, and HTTP calls to it."""

    def __init__(self, url: str, records: Path, errors: Path) -> None:
        self.url, self.records, self.errors = url, records, errors
        self.ws_url = url.replace("http://", "ws://", 1)
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never a proxy

    def call(self, path: str, data: Any = None, *, raw: bytes | None = None) -> tuple[int, Any]:
        body = raw if raw is not None else None if data is None else json.dumps(data).encode()
        request = urllib.request.Request(self.url + path, data=body, method="GET" if body is None else "POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with self.opener.open(request, timeout=10) as response:
                text = response.read().decode()
                return response.status, json.loads(text) if "json" in response.headers["Content-Type"] else text
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read().decode())

    def create(self, **data: Any) -> dict[str, Any]:
        status, answer = self.call("/api/tables", data)
        assert status == 201, answer
        table: dict[str, Any] = answer["table"]
        return table

    def table(self, table_id: str) -> dict[str, Any]:
        status, answer = self.call(f"/api/tables/{table_id}")
        assert status == 200, answer
        table: dict[str, Any] = answer["table"]
        return table


@contextlib.contextmanager
def running_server(folder: Path, lifetime: float = 300, seeds: bool = True) -> Iterator[Server]:
    """Start the server on 127.0.0.1 at a free port (bots without delay; with ``seeds``,
    tables may be given their seed); stop it after.

    It is started with ``--lifetime`` too, so that it stops by itself even if this process
    dies first.
    """
    folder.mkdir(parents=True, exist_ok=True)
    out, err, records = folder / "server.out", folder / "server.err", folder / "records"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, str(APP), "--host", "127.0.0.1", "--port", "0", "--records", str(records),
             "--bot-delay", "0", "--lifetime", str(lifetime), "--quiet", *(["--seeds"] if seeds else [])],
            stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, cwd=folder)
    try:
        deadline = time.monotonic() + 30
        url = None
        while url is None:
            found = re.search(r"http://127\.0\.0\.1:\d+/", out.read_text())
            if found:
                url = found.group(0).rstrip("/")
            elif process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the server did not start:\n{err.read_text()[-3000:]}")
            else:
                time.sleep(0.05)
        server = Server(url, records, err)
        while True:  # bound and printed; listening a moment later
            try:
                if server.call("/api/variants")[0] == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the server does not answer:\n{err.read_text()[-3000:]}")
            time.sleep(0.05)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


# -- what a seat may know ------------------------------------------------------------------


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A random legal move from the view's ``legal_moves``, bidding cautiously so that
    games end (uniformly random bids are set so often that scores drift for ever)."""
    legal: list[str] = view["legal_moves"]
    bids = [move for move in legal if move.startswith("bid ")]
    if bids:
        outbid = any(bid is not None for _, bid in view["bids"])
        if "pass" in legal and rng.random() < (0.95 if outbid else 0.75):
            return "pass"
        return bids[0]
    return rng.choice(legal)


def as_sent(data: Any) -> Any:
    """``data`` as it arrives after a trip through JSON."""
    return json.loads(json.dumps(data))


# -- clients -----------------------------------------------------------------------------


async def receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
    return message


async def play_seat(url: str, seat: int, seed: int) -> list[dict[str, Any]]:
    """One seat's client: join, then answer every view that has legal moves with a random
    one of them, until the game is over. Returns every message it got."""
    rng = random.Random(f"{seed}/{seat}")
    messages: list[dict[str, Any]] = []
    async with connect(url, proxy=None, open_timeout=10, max_size=2**23) as ws:
        for _ in range(MAX_MESSAGES):
            message = await receive(ws)
            messages.append(message)
            assert message["type"] in ("welcome", "update"), (seat, message)
            if message["type"] != "update":
                continue
            view = message["view"]
            if view["phase"] == "game over":
                return messages
            if view["legal_moves"] and not message["waiting_for"]:
                await ws.send(json.dumps({"type": "move", "move": choose(view, rng)}))
    raise AssertionError(f"seat {seat}: no game over within {MAX_MESSAGES} messages")


async def play_table(server: Server, table: dict[str, Any], seed: int) -> list[list[dict[str, Any]]]:
    url = f"{server.ws_url}/ws/{table['id']}"
    clients = [play_seat(f"{url}/{seat}", seat, seed) for seat in range(table["players"])]
    return list(await asyncio.wait_for(asyncio.gather(*clients), GAME_SECONDS))


@pytest.mark.parametrize(("variant", "seed"), [("auction-pitch", 11), ("haus-pitch", 12)])
def test_four_clients_play_a_game_and_each_sees_only_its_seat(server: Server, variant: str, seed: int) -> None:
    table = server.create(variant=variant, seed=seed, seats=["human"] * 4)
    assert table["players"] == 4 and not table["started"] and table["seed"] is None  # (the seed gives every deal)
    logs = asyncio.run(play_table(server, table, seed))

    # The game the clients played, from the seed and the moves each client saw itself make.
    moves: dict[int, str] = {}
    for seat, messages in enumerate(logs):
        for message in messages:
            events = message.get("events")
            if events and events[0]["type"] == "MoveMade" and events[0]["fields"]["seat"] == seat:
                assert message["move_number"] not in moves
                moves[message["move_number"]] = events[0]["fields"]["move"]
    assert sorted(moves) == list(range(1, len(moves) + 1))
    states = [pc.new_game(variant, seed=seed)]
    for number in range(1, len(moves) + 1):
        states.append(states[-1].apply(moves[number]))
    final = states[-1]
    assert final.is_over

    for seat, messages in enumerate(logs):
        updates = [message for message in messages if message["type"] == "update"]
        assert updates[-1]["move_number"] == len(moves)
        numbers = [message["move_number"] for message in updates if message["events"]]
        assert numbers == list(range(1, len(moves) + 1)), f"seat {seat} missed or repeated a move"
        for message in updates:
            number = message["move_number"]
            state = states[number]
            assert message["view"] == as_sent(pc.view_to_json(state.view(seat))), (seat, number)
            seen = [event.seen_by(seat).describe() for event in pc.events_between(states[number - 1], state)] \
                if message["events"] else []
            assert [event["text"] for event in message["events"]] == seen, (seat, number)
            shown = set(CARD.findall(json.dumps(message)))
            assert shown <= known_cards(state, seat), (seat, number, shown - known_cards(state, seat))

    # Stored: a record that loads back to the game played, and the server lists it.
    summary = server.table(table["id"])
    assert summary["over"] and summary["moves"] == len(moves) and summary["winner"] == final.winner
    assert summary["seed"] == seed
    names = summary["records"]
    assert any(name.endswith(".json") for name in names) and updates[-1]["records"] == names
    for name in names:
        text = (server.records / name).read_text(encoding="utf-8")
        assert text.strip()
        if name.endswith(".json"):
            loaded = pc.loads(text)
            assert loaded == final and [str(move) for move in loaded.moves] == [moves[n] for n in sorted(moves)]
        status, served = server.call(f"/records/{name}")
        assert status == 200 and (served == json.loads(text) if name.endswith(".json") else served == text)


def test_an_illegal_move_is_answered_with_its_reason_and_changes_nothing(server: Server) -> None:
    table = server.create(variant="auction-pitch", seed=5, seats=["human"] * 4)
    url = f"{server.ws_url}/ws/{table['id']}"

    async def scenario() -> list[dict[str, Any]]:
        async with contextlib.AsyncExitStack() as stack:
            seats = [await stack.enter_async_context(connect(f"{url}/{seat}", proxy=None, open_timeout=10))
                     for seat in range(4)]
            for seat, ws in enumerate(seats):  # welcome, then updates until all four are seated
                message = await receive(ws)
                assert message["type"] == "welcome" and message["seat"] == seat
                while not (message["type"] == "update" and message["waiting_for"] == []):
                    message = await receive(ws)
            answers = []
            for seat, sent in [(2, {"type": "move", "move": "pass"}), (1, {"type": "move", "move": "play ZZ"}),
                               (1, {"type": "move", "move": "bid 9"}), (1, "hello"), (1, {"move": 3})]:
                await seats[seat].send(sent if isinstance(sent, str) else json.dumps(sent))
                answers.append(await receive(seats[seat]))
            assert server.table(table["id"])["moves"] == 0  # nothing was applied
            for extra in (f"{url}/1", f"{url}/7", f"{server.ws_url}/ws/no-such-table/0"):
                async with connect(extra, proxy=None, open_timeout=10) as ws:
                    answers.append(await receive(ws))
            await seats[1].send(json.dumps({"type": "move", "move": "pass"}))
            for ws in seats:  # the legal move reaches every seat
                message = await receive(ws)
                assert message["move_number"] == 1 and message["events"][0]["text"] == "seat 1: passes"
            return answers

    answers = asyncio.run(asyncio.wait_for(scenario(), 30))
    assert all(answer["type"] == "error" for answer in answers)
    turn, unreadable, not_legal, not_json, no_move = answers[:5]
    assert (turn["reason"], turn["seat"], turn["phase"], turn["move"]) == ("not-your-turn", 1, "bidding", "pass")
    assert "it is seat 1's turn, not seat 2's" in turn["message"]
    assert unreadable["reason"] == "unreadable" and "ZZ" in unreadable["message"]
    assert (not_legal["reason"], not_legal["move"]) == ("not-legal", "bid 9")
    assert "seat 1 may pass or bid 1 to 4" in not_legal["message"]
    assert not_json["reason"] == no_move["reason"] == "bad-message"
    taken, no_seat, no_table = answers[5:]
    assert taken["reason"] == no_seat["reason"] == no_table["reason"] == "seat"
    assert "seat 1 is taken" in taken["message"] and "no seat 7" in no_seat["message"]
    assert "no table" in no_table["message"]


def test_house_rules_are_checked_and_a_table_of_bots_plays_itself_out(server: Server) -> None:
    status, answer = server.call("/api/tables", {"yaml": "extends: auction-pitch\nbogus: 1\n"})
    assert status == 400 and "bogus: unknown key" in answer["error"] and answer["problems"]
    status, answer = server.call("/api/tables", {"yaml": "extends: ../secret.yaml\n"})
    assert status == 400 and answer["problems"]
    status, answer = server.call("/api/tables", {"variant": "no-such-variant"})
    assert status == 400 and "unknown variant" in answer["error"]
    status, answer = server.call("/api/tables", {"variant": "auction-pitch", "seats": ["human"]})
    assert status == 400 and "4 seats" in answer["error"]
    status, answer = server.call("/api/tables", raw=b"x" * 100_000)
    assert status == 413

    rules = (ROOT / "examples" / "house-rules.yaml").read_text(encoding="utf-8")
    table = server.create(yaml=rules, seed=3, bot="heuristic", humans=[])
    assert table["variant"] == "kitchen-table" and table["started"]
    deadline = time.monotonic() + GAME_SECONDS
    while not (summary := server.table(table["id"]))["records"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    assert summary["over"]
    record = next(name for name in summary["records"] if name.endswith(".json"))
    loaded = pc.loads((server.records / record).read_text(encoding="utf-8"))
    assert loaded.variant.name == "kitchen-table" and loaded.is_over and loaded.seed == 3
    status, listed = server.call("/api/tables")
    assert table["id"] in [entry["id"] for entry in listed["tables"]]
    assert "Traceback" not in server.errors.read_text()
