"""A server connection's sender on its own: its queue is bounded, and a send that waits too
long drops the connection rather than the table (no network: a websocket that never takes)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from conftest import missing

try:
    from pitchcore.serving.server import Connection, Settings
except ImportError as error:
    missing(f"the server extra is not installed ({error.name}): pip install -e '.[server]'")

import pitchcore as pc
from pitchcore.serving import Table


class StuckWebSocket:
    """A websocket whose peer never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = code


def connection(settings: Settings) -> tuple[Connection, StuckWebSocket]:
    websocket = StuckWebSocket()
    table = Table(pc.new_game("auction-pitch", seed=1), ["random"] * 4)
    return Connection(websocket, table, None, settings), websocket  # type: ignore[arg-type]


@pytest.mark.parametrize("timeout", [0.2, 0.5])
def test_a_send_that_waits_too_long_drops_the_connection(timeout: float) -> None:
    async def scenario() -> tuple[Any, ...]:
        sender, websocket = connection(Settings(send_timeout=timeout, queue_size=100))
        sender.offer("first")
        sender.offer("second")
        loop = asyncio.get_running_loop()
        await asyncio.sleep(timeout / 2)
        sender.check(loop.time())  # (the server's clock calls it twice a second)
        alive = not sender.closed
        await asyncio.sleep(timeout)
        sender.check(loop.time())
        await asyncio.sleep(0.1)
        return alive, sender.closed, websocket.sent, websocket.closed_with

    alive, closed, sent, code = asyncio.run(scenario())
    assert alive and closed and sent == ["first"] and code == 1008


def test_a_full_queue_drops_the_connection_at_once() -> None:
    async def scenario() -> tuple[bool, bool]:
        sender, _ = connection(Settings(send_timeout=60, queue_size=3))
        await asyncio.sleep(0)
        for number in range(4):  # one in the stuck send, three queued
            sender.offer(str(number))
            await asyncio.sleep(0)
        before = sender.closed
        sender.offer("one too many")  # never waits: the caller (a table's update) goes on
        return before, sender.closed

    assert asyncio.run(scenario()) == (False, True)


class SlowWebSocket(StuckWebSocket):
    """A websocket that takes sends at once until ``pause`` is set, then waits for
    ``resume`` (a client that stops reading for a while)."""

    def __init__(self) -> None:
        super().__init__()
        self.pause = False
        self.resume = asyncio.Event()

    async def send_text(self, text: str) -> None:
        if self.pause:
            self.pause = False
            await self.resume.wait()
        self.sent.append(text)

    def fail(self) -> None:
        async def broken(text: str) -> None:
            raise RuntimeError("the client went")

        self.send_text = broken  # type: ignore[method-assign]


def test_a_socket_that_takes_data_is_sent_to_at_once_and_a_wait_keeps_the_order() -> None:
    """While the socket takes data, ``offer`` sends before it returns (no task, no queue);
    a send that waits is finished in a task, the messages offered meanwhile after it, in
    order; once that is done, sends are immediate again."""
    async def scenario() -> None:
        table = Table(pc.new_game("auction-pitch", seed=1), ["random"] * 4)
        websocket = SlowWebSocket()
        sender = Connection(websocket, table, 0, Settings(send_timeout=5, queue_size=10))  # type: ignore[arg-type]
        sender.offer("1")
        assert websocket.sent == ["1"] and sender.writer is None
        websocket.pause = True
        sender.offer("2")
        sender.offer("3")
        assert websocket.sent == ["1"] and sender.writer is not None and sender.sending_since is not None
        await asyncio.sleep(0.01)
        sender.offer("4")
        websocket.resume.set()
        await asyncio.sleep(0.01)
        assert websocket.sent == ["1", "2", "3", "4"] and sender.writer is None and sender.sending_since is None
        sender.offer("5")
        assert websocket.sent[-1] == "5" and not sender.closed
        websocket.fail()
        sender.offer("6")
        assert sender.closed and websocket.sent[-1] == "5"

    asyncio.run(scenario())


def test_closing_sends_what_is_queued_behind_a_waiting_send() -> None:
    async def scenario() -> list[str]:
        table = Table(pc.new_game("auction-pitch", seed=1), ["random"] * 4)
        websocket = SlowWebSocket()
        sender = Connection(websocket, table, 0, Settings(send_timeout=5, queue_size=10))  # type: ignore[arg-type]
        websocket.pause = True
        sender.offer("last words")
        sender.offer("goodbye")
        asyncio.get_running_loop().call_later(0.05, websocket.resume.set)
        await sender.close()
        return websocket.sent

    assert asyncio.run(scenario()) == ["last words", "goodbye"]


def test_settings_come_from_flags_and_the_environment() -> None:
    from pitchcore.serving.server import settings_from

    settings = settings_from(["--port", "9001", "--turn-seconds", "30"],
                             {"PITCHCORE_DB": "/tmp/x.sqlite", "PITCHCORE_MAX_TABLES": "7", "PITCHCORE_SEEDS": "1",
                              "PITCHCORE_PORT": "1"})
    assert (settings.port, settings.db, settings.max_tables, settings.turn_seconds, settings.seeds) == (
        9001, "/tmp/x.sqlite", 7, 30.0, True)
    assert settings_from([], {}).turn_seconds is None
    with pytest.raises(SystemExit):
        settings_from(["--on-deadline", "sulk"], {})
    with pytest.raises(SystemExit):
        settings_from([], {"PITCHCORE_MAX_TABLES": "many"})


def test_idle_abandoned_and_finished_tables_are_evicted() -> None:
    import time

    from pitchcore.serving import SQLiteStorage
    from pitchcore.serving.server import Server

    storage = SQLiteStorage(":memory:")
    server = Server(Settings(idle_minutes=60, abandon_minutes=10), storage)

    def table(seats: list[str], quiet_minutes: float) -> Table:
        made = Table(pc.new_game("auction-pitch", seed=1), seats, storage=storage)
        made.last_activity = time.monotonic() - quiet_minutes * 60
        server.tables[made.id] = made
        return made

    waiting = table(["human"] * 4, 11)  # nobody came for 11 minutes: abandoned
    fresh = table(["human"] * 4, 5)
    playing = table(["random"] * 4, 30)  # started, quiet for half an hour: kept
    idle = table(["random"] * 4, 61)
    server._evict()
    assert set(server.tables) == {fresh.id, playing.id}
    assert {spec["id"] for spec, _ in storage.live_tables()} == {fresh.id, playing.id}
    del waiting, idle


def test_a_game_killed_before_it_was_stored_whole_is_stored_at_the_restart() -> None:
    from pitchcore.serving import SQLiteStorage
    from pitchcore.serving.server import Server
    from pitchcore.serving.storage import GroupCommit

    inner = SQLiteStorage(":memory:")
    lost: list[Any] = []  # (the background thread that would store the game never ran)
    table = Table(pc.new_game("hi-lo-jack", seed=6), ["random"] * 4,
                  storage=GroupCommit(inner, lambda flush: flush(), lost.append))
    while table.bot_move() is not None:
        pass
    assert table.over and len(lost) == 1 and inner.counts()["live_tables"] == 1
    server = Server(Settings(), inner)
    server.restore()
    assert server.tables == {}
    assert inner.counts() == {"live_tables": 0, "moves": 0, "games": 1}
    record = inner.game_record(table.id)
    assert record is not None and pc.loads(record) == table.state


def test_a_move_is_stored_before_a_connection_task_can_send_its_update() -> None:
    """GroupCommit's promise on a real event loop: the flush the move scheduled runs before
    the task that an update wakes (the loop runs callbacks in the order they were made)."""
    from pitchcore.serving import SQLiteStorage
    from pitchcore.serving.server import Server

    inner = SQLiteStorage(":memory:")
    seen: list[int] = []

    async def main() -> None:
        server = Server(Settings(), inner)
        table = Table(pc.new_game("auction-pitch", seed=2), ["human"] * 4, storage=server.storage)
        credentials = [table.join(seat) for seat in range(4)]
        queue: asyncio.Queue[str] = asyncio.Queue()

        async def sender() -> None:  # (a connection's task: it sends what it is given)
            await queue.get()
            seen.append(inner.counts()["moves"])

        task = asyncio.create_task(sender())
        await asyncio.sleep(0)  # (the task now waits on its queue)
        seat = table.state.to_move
        assert seat is not None
        update = table.move(credentials[seat], str(table.state.legal_moves()[0]))
        queue.put_nowait(update.to(seat))
        assert inner.counts()["moves"] == 0  # (not yet: the loop has not run on)
        await task

    asyncio.run(main())
    assert seen == [1]
