"""Load on ``pitchcore serve``: many tables of four people playing random moves at once.

Starts the server as a subprocess (bots without delay, the limits on tables raised so that
this one client address may create them all), creates ``--tables`` tables of four human
seats, joins the seats over HTTP and opens a websocket per seat, all from this one asyncio
process (the ``websockets`` client, on uvloop where it is installed: ``--client-loop
asyncio`` for Python's own loop). Once every connection has its snapshot the measured
window opens: each client plays its seat, sending a random legal move whenever its seat is
to move, and times the round trip of each move (from sending it to receiving the update
that carries it). A table whose game ends is replaced by a new one (created, joined and
connected inside the window, as a real lobby would) until its slot has played ``--games``
games or the window ends; with the defaults (``--seconds 60``, ``--games 0``: no limit) the
server holds ``--tables`` live tables throughout. When the window ends (``--seconds`` or
every slot's games done) no new move is sent, the moves in flight are awaited, and the
figures are printed beside the issue's targets: moves/s, the round trip's percentiles, the
server's CPU time over the window (``/proc/PID/stat``) per move, its memory (``VmRSS``,
``VmHWM``), and this client's own CPU per move (the client shares the machine's cores with
the server: on 2 cores it is a large part of the load). The server's log is scanned for
warnings and errors (dropped connections, tracebacks), which are printed. The clients move
at once (a closed loop: each table has one move in flight, so the round trip is about the
tables over the moves/s); ``--think`` makes each wait a random time first, as people do.
The clients offer permessage-deflate as browsers do (``--compression none``: not).

Before that, in-process with no server, the referee's own cost per move: a
``pitchcore.serving.Table`` of four human seats playing a random game to a target of 5000
(so it runs past 100 hands), timing ``table.move`` plus building the update's text for the
four seats and a spectator, over the moves of hands 1, 10 and 100 (the cost should not grow
with the game). ``--referee-only`` prints just that. Run::

    python benchmarks/server_load.py [--tables 200] [--seconds 60] [--games 0] [--variant auction-pitch]
                                     [--think 0] [--compression deflate] [--server-option=--queue-size=128]
                                     [--trips round-trips.csv] [--server-log server.log] [--client-loop uvloop]
    python benchmarks/server_load.py --referee-only [--referee-games 5]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

import pitchcore
from pitchcore.model.state import GameState
from pitchcore.serving import Table
from pitchcore.serving.server import GC_THRESHOLDS

TARGETS = {
    "rtt_p99_ms": 250.0,
    "server_cpu_per_move_ms": 0.3,
    "referee_us": 100.0,
}
"""The issue's targets: p99 move round trip at 200 tables, server CPU per move, the referee's
own cost per move (and the same at hands 1, 10 and 100)."""

HANDS = (1, 10, 100)
"""The hands whose moves the referee's cost is measured over."""


# -- the referee's own cost, in-process ----------------------------------------------------------


def long_variant(name: str) -> pitchcore.Variant:
    """``name`` played to 5000, so that a random game runs past 100 hands: a shoot bid that
    is made scores what it earned rather than winning the game (where the variant has one)."""
    text = f"extends: {name}\nname: long\ngoing_out:\n  target: 5000\n"
    try:
        return pitchcore.load_variant_text(text + "shoot:\n  made: score-earned\n  failed: set-back\n")
    except pitchcore.VariantError:  # (no shoot bid)
        return pitchcore.load_variant_text(text)


def hand_starts(variant: pitchcore.Variant, seed: int) -> dict[int, tuple[GameState, list[str]]] | None:
    """A random game's state at the start of each of ``HANDS`` and the moves of that hand
    (None if the game ends before the last of them)."""
    state = pitchcore.new_game(variant, seed=seed)
    rng = random.Random(seed)
    starts: dict[int, tuple[GameState, list[str]]] = {}
    while not state.is_over:
        hand = len(state.hand_results) + 1
        if hand > HANDS[-1]:
            return starts
        if hand in HANDS and hand not in starts:
            starts[hand] = (state, [])
        move = rng.choice(state.legal_moves())
        if hand in starts:
            starts[hand][1].append(str(move))
        state = state.apply(move)
    return None


Sample = tuple[float, float, list[int], int, bool]
"""One move: its wall and CPU microseconds, its seats' update bytes, the spectator's, and
whether it ended the hand."""


def referee(variant_name: str, games: int, seed: int) -> None:
    """Time ``Table.move`` plus every seat's and a spectator's update text, in wall-clock time
    and in this thread's CPU time, over the moves of hands 1, 10 and 100 of random games.

    Each hand is played at a table of its own set up at the hand's first move (a table takes
    a game in progress), and the three hands' moves are timed in turn (a move of hand 1, one
    of hand 10, one of hand 100, ...), so that the machine's speed drifting while they run
    moves the three alike. The first game warms up and is left out."""
    variant = long_variant(variant_name)
    taken: dict[int, list[Sample]] = {hand: [] for hand in HANDS}
    wall, cpu = time.perf_counter_ns, time.thread_time_ns
    played = tried = 0
    while played < games:
        tried += 1
        if tried > 10 * games + 1:
            sys.exit(f"only {played} of {tried} random games reached hand {HANDS[-1]}")
        starts = hand_starts(variant, seed + tried)
        if starts is None:  # (a game that ends early is left out)
            continue
        warming = tried == 1
        tables, credentials = {}, {}
        for hand, (state, _) in starts.items():
            tables[hand] = table = Table(state, ["human"] * state.players)
            credentials[hand] = [table.join(seat, f"player {seat}") for seat in range(state.players)]
        seats = list(range(starts[HANDS[0]][0].players))
        longest = max(len(moves) for _, moves in starts.values())
        for index in range(longest):
            for hand, (_, moves) in starts.items():
                if index >= len(moves):
                    continue
                table = tables[hand]
                seat = table.state.to_move
                assert seat is not None  # (a hand's moves: someone is to move)
                start, start_cpu = wall(), cpu()
                update = table.move(credentials[hand][seat], moves[index])
                texts = [update.to(each) for each in seats]
                watcher = update.to(None)
                cost, cost_cpu = wall() - start, cpu() - start_cpu
                if not warming:
                    taken[hand].append((cost / 1000, cost_cpu / 1000, [len(each.encode()) for each in texts],
                                        len(watcher.encode()), index == len(moves) - 1))
        played += 0 if warming else 1
    target = TARGETS["referee_us"]
    print(f"referee's own cost per move: Table.move + the update for {len(seats)} seats and a spectator "
          f"({variant_name} to 5000, {games} random games after one of warming up, "
          f"{tried - played - 1} ended early and left out; target: at most {target:g} us, the same at each hand)")
    print(f"{'hand':>6} {'moves':>6} {'mean us':>9} {'median us':>10} {'CPU mean':>9} {'CPU median':>11} "
          f"{'CPU last move':>14} {'seat update B':>14} {'spectator B':>12}")
    for hand in HANDS:
        rows = taken[hand]
        print(f"{hand:>6} {len(rows):>6} {statistics.fmean(row[0] for row in rows):>9.1f} "
              f"{statistics.median(row[0] for row in rows):>10.1f} {statistics.fmean(row[1] for row in rows):>9.1f} "
              f"{statistics.median(row[1] for row in rows):>11.1f} "
              f"{statistics.fmean(row[1] for row in rows if row[4]):>14.1f} "
              f"{statistics.fmean(size for row in rows for size in row[2]):>14.0f} "
              f"{statistics.fmean(row[3] for row in rows):>12.0f}")
    first, last = (statistics.median(row[1] for row in taken[hand]) for hand in (HANDS[0], HANDS[-1]))
    print(f"CPU median at hand {HANDS[-1]} / hand {HANDS[0]}: {last / first:.2f} (CPU: this thread's time; "
          "last move: the mean of the moves that end a hand)", flush=True)


# -- the server, as a subprocess -------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` (every thread), from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> tuple[float, float]:
    """Resident memory now and at its peak (VmRSS, VmHWM), in MB."""
    found = dict(re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(), re.M))
    return int(found["VmRSS"]) / 1024, int(found["VmHWM"]) / 1024


def start_server(folder: Path, tables: int, lifetime: float, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    """``pitchcore serve`` at a free port of 127.0.0.1: the process and its address."""
    out, err = folder / "server.out", folder / "server.err"
    limit = str(max(tables * 4, 1000))
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "pitchcore", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(folder / "tables.sqlite"), "--bot-delay", "0", "--tables-per-client", limit,
             "--max-tables", limit, "--lifetime", str(lifetime), *extra],
            stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, cwd=folder)
    deadline = time.monotonic() + 30
    while True:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", out.read_text())
        if found:
            return process, f"127.0.0.1:{found.group(1)}"
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            sys.exit(f"the server did not start:\n{err.read_text()[-3000:]}")
        time.sleep(0.05)


async def http(address: str, method: str, path: str, data: Any = None) -> tuple[int, Any]:
    """One HTTP/1.1 request on a connection of its own (no blocking call on the event loop)."""
    host, port = address.rsplit(":", 1)
    body = b"" if data is None else json.dumps(data).encode()
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        writer.write(f"{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        answer = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    head, _, content = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    return status, json.loads(content) if content else None


async def wait_answering(address: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            if (await http(address, "GET", "/api/variants"))[0] == 200:
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
        await asyncio.sleep(0.05)


# -- the clients ---------------------------------------------------------------------------------


@dataclass
class Run:
    """What the clients share: the phase of the run and every figure they gather."""

    address: str
    variant: str
    games: int
    compression: str | None
    think: float
    """Mean seconds a client waits before each of its moves (0: it moves at once)."""
    go: asyncio.Event = field(default_factory=asyncio.Event)
    sending: bool = True
    """False once the window has ended: no new move is sent."""
    ready: int = 0
    """Connections that have their first snapshot (the window opens when all have)."""
    failed: int = 0
    in_flight: int = 0
    round_trips: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    """When each of ``round_trips`` was sent (``perf_counter``)."""
    errors: Counter[str] = field(default_factory=Counter)
    """Error messages from the server, by reason."""
    drops: Counter[str] = field(default_factory=Counter)
    """Connections closed or refused while the run went on, by why."""
    games_done: int = 0
    tables_created: int = 0
    setup: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(20))


async def new_table(run: Run) -> tuple[str, list[str]]:
    """A table of four human seats, every seat joined: its id and the credentials."""
    status, answer = await http(run.address, "POST", "/api/tables",
                                {"variant": run.variant, "seats": ["human"] * 4})
    if status != 201:
        raise RuntimeError(f"creating a table: {status} {answer}")
    table_id = answer["table"]["id"]
    credentials = []
    for seat in range(4):
        status, answer = await http(run.address, "POST", f"/api/tables/{table_id}/join",
                                    {"seat": seat, "name": f"load {seat}"})
        if status != 200:
            raise RuntimeError(f"joining seat {seat} of table {table_id}: {status} {answer}")
        credentials.append(answer["credential"])
    run.tables_created += 1
    return table_id, credentials


async def open_seat(run: Run, table_id: str, credential: str) -> ClientConnection:
    websocket = await connect(f"ws://{run.address}/ws/{table_id}", compression=run.compression, proxy=None,
                              open_timeout=120, ping_interval=None, close_timeout=5, max_size=2**22)
    await websocket.send(json.dumps({"type": "hello", "credential": credential}))
    return websocket


async def play_seat(run: Run, table_id: str, seat: int, credential: str, rng: random.Random,
                    first: bool) -> None:
    """Play one seat until its game is over (or the run stops), reconnecting if dropped."""
    counted = False
    while True:
        try:
            async with run.setup:
                websocket = await open_seat(run, table_id, credential)
        except (OSError, InvalidHandshake, TimeoutError) as error:
            run.drops[f"connect failed: {type(error).__name__}: {str(error)[:80]}"] += 1
            if isinstance(error, InvalidStatus) or not run.sending:
                run.failed += 1 if first and not counted else 0
                return
            await asyncio.sleep(1)
            continue
        pending: tuple[int, float] | None = None
        try:
            async for raw in websocket:
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message["type"]
                if kind == "update":
                    if pending is not None and message["move_number"] >= pending[0]:
                        run.round_trips.append(now - pending[1])
                        run.sent_at.append(pending[1])
                        run.in_flight -= 1
                        pending = None
                elif kind == "snapshot":
                    if first and not counted:
                        counted = True
                        run.ready += 1
                        await run.go.wait()
                elif kind == "error":
                    run.errors[message["reason"]] += 1
                    if pending is not None:
                        run.in_flight -= 1
                        pending = None
                    continue
                else:  # (table, pong)
                    continue
                public, private = message["public"], message["private"]
                if public["phase"] == "game over":
                    if seat == 0:
                        run.games_done += 1
                    return
                if pending is None and run.sending and public["to_move"] == seat and private["legal_moves"]:
                    if run.think:
                        await asyncio.sleep(rng.uniform(0, 2 * run.think))
                        if not run.sending:
                            continue
                    pending = (message["move_number"] + 1, time.perf_counter())
                    run.in_flight += 1
                    await websocket.send(f'{{"type":"move","move":"{rng.choice(private["legal_moves"])}"}}')
            run.drops[f"closed by the server: {websocket.close_code} {websocket.close_reason}"[:100]] += 1
        except ConnectionClosed as error:
            run.drops[f"closed: {error}"[:100]] += 1
        finally:
            if pending is not None:
                run.in_flight -= 1
            await websocket.close()
        if not run.sending or websocket.close_code == 4001:  # (4001: the hello was refused)
            run.failed += 1 if first and not counted else 0
            return


async def slot(run: Run, number: int) -> None:
    """One table after another, while the run goes on and the slot has games to play."""
    rng = random.Random(number)
    played = 0
    while run.sending and (run.games == 0 or played < run.games):
        try:
            async with run.setup:
                table_id, credentials = await new_table(run)
        except (OSError, RuntimeError) as error:
            run.drops[f"table not made: {str(error)[:100]}"] += 1
            run.failed += 4 if played == 0 else 0
            return
        await asyncio.gather(*(play_seat(run, table_id, seat, credential, random.Random(rng.random()),
                                         played == 0) for seat, credential in enumerate(credentials)))
        played += 1


async def loop_lag(run: Run, lags: list[float]) -> None:
    """How late this process's event loop wakes a 10 ms sleep: the client's own delay."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - start - 0.01)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def load(args: argparse.Namespace, folder: Path) -> None:
    process, address = start_server(folder, args.tables, args.seconds + 900, args.server_option)
    pid = process.pid
    try:
        await wait_answering(address)
        run = Run(address, args.variant, args.games, None if args.compression == "none" else args.compression,
                  args.think)
        print(f"server pid {pid} at {address}; log {folder / 'server.err'}", flush=True)
        setup_start = time.perf_counter()
        slots = [asyncio.create_task(slot(run, number)) for number in range(args.tables)]
        while run.ready + run.failed < 4 * args.tables:
            await asyncio.sleep(0.05)
            if time.perf_counter() - setup_start > 600:
                sys.exit(f"setup took over 600 s: {run.ready} connections ready, {run.failed} failed")
        setup = time.perf_counter() - setup_start
        rss_before, _ = memory_mb(pid)
        print(f"setup: {run.tables_created} tables, {run.ready} connections ready in {setup:.1f} s "
              f"({run.failed} failed); server RSS {rss_before:.0f} MB", flush=True)
        lags: list[float] = []
        lagger = asyncio.create_task(loop_lag(run, lags))
        server_cpu, client_cpu, start = cpu_seconds(pid), time.process_time(), time.perf_counter()
        tables_before = run.tables_created
        run.go.set()
        await asyncio.wait(slots, timeout=args.seconds)
        run.sending = False
        drain = time.perf_counter()
        while run.in_flight > 0 and time.perf_counter() - drain < 30:
            await asyncio.sleep(0.001)
        elapsed = time.perf_counter() - start
        client_cpu = time.process_time() - client_cpu
        exited = process.poll()
        if exited is None:
            server_cpu = cpu_seconds(pid) - server_cpu
            rss, peak = memory_mb(pid)
        else:  # (it died: its figures are gone with it)
            server_cpu = rss = peak = float("nan")
        lagger.cancel()
        left_in_flight = run.in_flight
        for task in slots:
            task.cancel()
        for outcome in await asyncio.gather(*slots, return_exceptions=True):
            if isinstance(outcome, Exception):
                run.drops[f"a slot failed: {outcome!r}"[:120]] += 1
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    moves = len(run.round_trips)
    ms = [trip * 1000 for trip in run.round_trips] or [float("nan")]
    if exited is not None:
        print(f"THE SERVER EXITED during the run, with code {exited}")
    print(f"tables {args.tables} ({args.variant}, 4 human seats each), clients {4 * args.tables}, "
          f"compression {args.compression}, think {args.think:g} s, window {elapsed:.1f} s")
    print(f"tables created in the window {run.tables_created - tables_before}, games finished {run.games_done}")
    print(f"moves total {moves}, moves/s {moves / elapsed:.0f}")
    print(f"move round trip ms: p50 {percentile(ms, 0.5):.1f}  p95 {percentile(ms, 0.95):.1f}  "
          f"p99 {percentile(ms, 0.99):.1f}  max {max(ms):.1f}   (target at 200 tables: p99 under "
          f"{TARGETS['rtt_p99_ms']:g} ms)")
    print(f"server RSS {rss:.0f} MB (after setup {rss_before:.0f} MB), peak (VmHWM) {peak:.0f} MB")
    per_move = server_cpu / moves * 1000 if moves else float("nan")
    print(f"server CPU {server_cpu:.2f} s over the window ({server_cpu / elapsed * 100:.0f}% of a core), "
          f"{per_move:.3f} ms/move   (target: at most {TARGETS['server_cpu_per_move_ms']:g} ms)")
    client_per_move = client_cpu / moves * 1000 if moves else float("nan")
    print(f"client CPU {client_cpu:.2f} s ({client_cpu / elapsed * 100:.0f}% of a core), "
          f"{client_per_move:.3f} ms/move; "
          f"client loop lag ms p50 {percentile(lags, 0.5) * 1000:.1f} p99 {percentile(lags, 0.99) * 1000:.1f} "
          f"max {max(lags, default=0) * 1000:.1f}")
    print(f"error messages from the server: {dict(run.errors) or 'none'}")
    print(f"connections dropped or refused: {dict(run.drops) or 'none'}; moves unanswered at the end: "
          f"{left_in_flight}")
    report_log(folder / "server.err")
    if args.server_log:
        shutil.copyfile(folder / "server.err", args.server_log)
    if args.trips:
        rows = zip(run.sent_at, run.round_trips, strict=True)
        with open(args.trips, "w") as out:
            out.write("sent_s,round_trip_ms\n")
            out.writelines(f"{sent - start:.4f},{trip * 1000:.2f}\n" for sent, trip in rows)


def report_log(path: Path) -> None:
    """The server log's lines by level, and its lines other than INFO counted by text (the
    most frequent first; a traceback's lines each count as one)."""
    lines = path.read_text(errors="replace").splitlines()
    levels = Counter(line.split(" ", 1)[0] for line in lines if line[:1].isupper() and " " in line)
    bad = [line for line in lines if not line.startswith("INFO ")]
    print(f"server log: {len(lines)} lines; by level {dict(levels)}")
    counted = Counter(re.sub(r"(table|seat)=\S+", r"\1=*", line)[:160] for line in bad)
    for line, count in counted.most_common(8):
        print(f"  {count:>6} x {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables played at once (4 clients each)")
    parser.add_argument("--seconds", type=float, default=60, help="the measured window's length")
    parser.add_argument("--games", type=int, default=0,
                        help="games per table slot, each at a new table (0: as many as the window holds)")
    parser.add_argument("--variant", default="auction-pitch", help="a bundled variant of four seats")
    parser.add_argument("--compression", choices=["deflate", "none"], default="deflate",
                        help="websocket permessage-deflate offered by the clients (browsers offer it)")
    parser.add_argument("--think", type=float, default=0,
                        help="mean seconds a client waits before each move (uniform on 0 to twice it; 0: none)")
    parser.add_argument("--server-option", action="append", default=[],
                        help="an option passed on to pitchcore serve (repeat it; --server-option=--queue-size=128)")
    parser.add_argument("--server-log", metavar="FILE", help="keep a copy of the server's log (its stderr)")
    parser.add_argument("--trips", metavar="CSV", help="write each move's sending time and round trip to CSV")
    parser.add_argument("--referee-only", action="store_true", help="only the in-process referee's cost")
    parser.add_argument("--referee-games", type=int, default=5, help="random games the referee's cost is taken over")
    parser.add_argument("--no-referee", action="store_true", help="only the server's load")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--client-loop", choices=["uvloop", "asyncio"], default="uvloop",
                        help="the clients' event loop (uvloop, as the server's, where it is installed)")
    args = parser.parse_args()
    if not args.no_referee:
        referee(args.variant, args.referee_games, args.seed)
    if args.referee_only:
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)",
          flush=True)
    gc.set_threshold(*GC_THRESHOLDS)  # (the clients too: 800 of them share this one process)
    loop_factory = None
    if args.client_loop == "uvloop":
        with contextlib.suppress(ImportError):
            import uvloop

            loop_factory = uvloop.new_event_loop
    print(f"clients' event loop: {'uvloop' if loop_factory else 'asyncio'}", flush=True)
    with tempfile.TemporaryDirectory(prefix="pitchcore-load-") as folder, \
            asyncio.Runner(loop_factory=loop_factory) as runner:
        runner.run(load(args, Path(folder)))


if __name__ == "__main__":
    main()
