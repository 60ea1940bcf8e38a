"""``pitchcore serve`` end to end, over real sockets on 127.0.0.1.

Four websocket clients join a table (each with the credential its join gave) and play whole
games. Every message a client gets is checked against the game replayed here from the
table's seed and the moves the clients saw: each public and private part must be exactly
that seat's view's, the events what that seat may see, every message valid by the published
schema, and no message may name a card the seat has not seen. The finished game must be in
the server's database, as a record that loads back to the same game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import pitchcore as pc
from conftest import known_cards, missing
from server_support import Server, running_server

ROOT = Path(__file__).resolve().parents[1]
CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|HJ|LJ)\b")
GAME_SECONDS = 90
"""The most one whole game may take (a game of about 300 moves takes a few seconds)."""
MAX_MESSAGES = 5000
"""The most messages one client reads in a game (a game sends about two per move)."""

try:
    import starlette  # noqa: F401  (the server's own imports, checked before starting it)
    import uvicorn  # noqa: F401
    from websockets.asyncio.client import ClientConnection, connect
except ImportError as error:
    missing(f"the server extra is not installed ({error.name}): pip install -e '.[server]'")

from pitchcore.serving import message_schema  # noqa: E402
from pitchcore.serving.messages import private_json, public_json  # noqa: E402

VALIDATOR = jsonschema.Draft202012Validator(message_schema())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server"), "--seeds") as running:
        yield running


def choose(public: dict[str, Any], private: dict[str, Any], rng: random.Random) -> str:
    """A random legal move, bidding cautiously so that games end (uniformly random bids
    are set so often that scores drift for ever)."""
    legal: list[str] = private["legal_moves"]
    bids = [move for move in legal if move.startswith("bid ")]
    if bids:
        outbid = any(bid is not None for _, bid in public["bids"])
        if "pass" in legal and rng.random() < (0.95 if outbid else 0.75):
            return "pass"
        return bids[0]
    return rng.choice(legal)


def as_sent(data: Any) -> Any:
    return json.loads(json.dumps(data))


async def receive(ws: ClientConnection) -> dict[str, Any]:
    text = await asyncio.wait_for(ws.recv(), 20)
    message: dict[str, Any] = json.loads(text)
    VALIDATOR.validate(message)
    return message


async def hello(url: str, credential: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    ws = await connect(url, proxy=None, open_timeout=10, max_size=2**23)
    await ws.send(json.dumps({"type": "hello", **({"credential": credential} if credential else {})}))
    message = await receive(ws)
    return ws, message


async def play_seat(url: str, seat: int, credential: str, seed: int) -> list[dict[str, Any]]:
    """One seat's client: say hello with its credential, then answer each turn with a random
    legal move, until the game is over. Returns every message it got."""
    rng = random.Random(f"{seed}/{seat}")
    ws, snapshot = await hello(url, credential)
    messages = [snapshot]
    assert snapshot["type"] == "snapshot" and snapshot["seat"] == seat
    public, private = snapshot["public"], snapshot["private"]
    async with ws:
        for _ in range(MAX_MESSAGES):
            if public["phase"] == "game over":
                return messages
            if private["legal_moves"] and messages[-1]["type"] != "table":
                await ws.send(json.dumps({"type": "move", "move": choose(public, private, rng)}))
            message = await receive(ws)
            while message["type"] == "table":
                messages.append(message)
                message = await receive(ws)
            messages.append(message)
            assert message["type"] == "update", (seat, message)
            public, private = message["public"], message["private"]
    raise AssertionError(f"seat {seat}: no game over within {MAX_MESSAGES} messages")


@pytest.mark.parametrize(("variant", "seed"), [("auction-pitch", 11), ("haus-pitch", 12)])
def test_four_clients_play_a_game_and_each_sees_only_its_seat(server: Server, variant: str, seed: int) -> None:
    table = server.create(variant=variant, seed=seed, seats=["human"] * 4)
    assert table["players"] == 4 and not table["started"] and "seed" not in table  # (the seed gives every deal)
    credentials = [server.join(table["id"], seat) for seat in range(4)]
    url = f"{server.ws_url}/ws/{table['id']}"

    async def everyone() -> list[list[dict[str, Any]]]:
        clients = [play_seat(url, seat, credentials[seat], seed) for seat in range(4)]
        return list(await asyncio.wait_for(asyncio.gather(*clients), GAME_SECONDS))

    logs = asyncio.run(everyone())

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
        assert [message["move_number"] for message in updates] == list(range(1, len(moves) + 1)), \
            f"seat {seat} missed or repeated a move"
        for message in updates:
            number = message["move_number"]
            state = states[number]
            view = state.view(seat)
            assert message["public"] == as_sent(public_json(view)), (seat, number)
            assert message["private"] == as_sent(private_json(view)), (seat, number)
            seen = [event.seen_by(seat).describe() for event in pc.events_between(states[number - 1], state)]
            assert [event["text"] for event in message["events"]] == seen, (seat, number)
            shown = set(CARD.findall(json.dumps(message)))
            assert shown <= known_cards(state, seat), (seat, number, shown - known_cards(state, seat))

    # Stored in the database: a record that loads back to the game played; the lobby shows
    # the table as over, with no seed and no record.
    summary = server.table(table["id"])
    assert summary["over"] and summary["move_number"] == len(moves) and summary["winners"] == list(final.winners)
    assert "seed" not in summary and "records" not in summary
    with contextlib.closing(sqlite3.connect(server.db)) as db:
        (record,) = db.execute("SELECT record FROM games WHERE id = ?", (table["id"],)).fetchone()
        assert db.execute("SELECT count(*) FROM moves WHERE table_id = ?", (table["id"],)).fetchone() == (0,)
    loaded = pc.loads(record)
    assert loaded == final and [str(move) for move in loaded.moves] == [moves[n] for n in sorted(moves)]


def test_an_illegal_move_is_answered_with_its_reason_and_changes_nothing(server: Server) -> None:
    table = server.create(variant="auction-pitch", seed=5, seats=["human"] * 4)
    credentials = [server.join(table["id"], seat) for seat in range(4)]
    url = f"{server.ws_url}/ws/{table['id']}"

    async def scenario() -> list[dict[str, Any]]:
        seats = [(await hello(url, credential))[0] for credential in credentials]
        for ws in seats:  # the others' "connected" notes
            with contextlib.suppress(TimeoutError):
                while True:
                    await asyncio.wait_for(ws.recv(), 0.3)
        answers = []
        for seat, sent in [(2, {"type": "move", "move": "pass"}), (1, {"type": "move", "move": "play ZZ"}),
                           (1, {"type": "move", "move": "bid 9"}), (1, "hello"), (1, {"move": 3}),
                           (1, {"type": "move", "move": 3})]:
            await seats[seat].send(sent if isinstance(sent, str) else json.dumps(sent))
            answers.append(await receive(seats[seat]))
        assert server.table(table["id"])["move_number"] == 0  # nothing was applied
        await seats[1].send(json.dumps({"type": "move", "move": "pass"}))
        for ws in seats:  # the legal move reaches every seat
            message = await receive(ws)
            assert message["move_number"] == 1 and message["events"][0]["text"] == "seat 1: passes"
        for ws in seats:
            await ws.close()
        return answers

    answers = asyncio.run(asyncio.wait_for(scenario(), 30))
    assert all(answer["type"] == "error" for answer in answers)
    turn, unreadable, not_legal, not_json, no_type, not_text = answers
    assert (turn["reason"], turn["seat"], turn["phase"], turn["move"]) == ("not-your-turn", 1, "bidding", "pass")
    assert "it is seat 1's turn, not seat 2's" in turn["message"]
    assert unreadable["reason"] == "unreadable" and "ZZ" in unreadable["message"]
    assert (not_legal["reason"], not_legal["move"]) == ("not-legal", "bid 9")
    assert "seat 1 may pass or bid 1 to 4" in not_legal["message"]
    assert not_json["reason"] == no_type["reason"] == "bad-message"
    assert not_text["reason"] == "unreadable"


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
    assert status == 413 and "larger than" in answer["error"]

    rules = (ROOT / "examples" / "house-rules.yaml").read_text(encoding="utf-8")
    table = server.create(yaml=rules, seed=3, seats=["heuristic"] * 4)
    assert table["variant"] == "kitchen-table" and table["started"]
    deadline = time.monotonic() + GAME_SECONDS
    while not server.table(table["id"])["over"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    time.sleep(0.2)
    with contextlib.closing(sqlite3.connect(server.db)) as db:
        (record,) = db.execute("SELECT record FROM games WHERE id = ?", (table["id"],)).fetchone()
    loaded = pc.loads(record)
    assert loaded.variant.name == "kitchen-table" and loaded.is_over and loaded.seed == 3
    assert "Traceback" not in server.log()
