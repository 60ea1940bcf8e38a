"""Starting ``pitchcore serve`` for tests: a subprocess on 127.0.0.1 at a free port.

Shared by the server's tests (clients, attacks, restarts, the browser). The server is told
``--lifetime`` too, so it stops by itself even if the test process dies first.
"""

from __future__ import annotations

import contextlib
import json
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


class Server:
    """A server subprocess: its address, its database, its log, and HTTP calls to it."""

    def __init__(self, url: str, db: Path, errors: Path, process: subprocess.Popen[bytes]) -> None:
        self.url, self.db, self.errors, self.process = url, db, errors, process
        self.ws_url = url.replace("http://", "ws://", 1)
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never a proxy

    def call(self, path: str, data: Any = None, *, raw: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        body = raw if raw is not None else None if data is None else json.dumps(data).encode()
        request = urllib.request.Request(self.url + path, data=body, method="GET" if body is None else "POST",
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with self.opener.open(request, timeout=10) as response:
                text = response.read().decode()
                return response.status, json.loads(text) if "json" in response.headers["Content-Type"] else text
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text

    def create(self, **data: Any) -> dict[str, Any]:
        status, answer = self.call("/api/tables", data)
        assert status == 201, answer
        table: dict[str, Any] = answer["table"]
        return table

    def join(self, table_id: str, seat: int, name: str = "") -> str:
        status, answer = self.call(f"/api/tables/{table_id}/join", {"seat": seat, "name": name or f"player {seat}"})
        assert status == 200, answer
        credential: str = answer["credential"]
        return credential

    def table(self, table_id: str) -> dict[str, Any]:
        status, answer = self.call(f"/api/tables/{table_id}")
        assert status == 200, answer
        table: dict[str, Any] = answer["table"]
        return table

    def log(self) -> str:
        return self.errors.read_text()


def start_server(folder: Path, *options: str, lifetime: float = 300, db: Path | None = None) -> Server:
    """Start ``pitchcore serve`` (bots without delay unless ``options`` say otherwise) and
    wait until it answers."""
    folder.mkdir(parents=True, exist_ok=True)
    db = db or folder / "tables.sqlite"
    stamp = f"{time.monotonic_ns()}"
    out, err = folder / f"server-{stamp}.out", folder / f"server-{stamp}.err"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "pitchcore", "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db),
             "--bot-delay", "0", "--lifetime", str(lifetime), *options],
            stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, cwd=folder)
    deadline = time.monotonic() + 30
    url = None
    while url is None:
        found = re.search(r"http://127\.0\.0\.1:\d+/", out.read_text())
        if found:
            url = found.group(0).rstrip("/")
        elif process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the server did not start:\n{err.read_text()[-3000:]}")
        else:
            time.sleep(0.05)
    server = Server(url, db, err, process)
    while True:  # bound and printed; listening a moment later
        try:
            if server.call("/api/variants")[0] == 200:
                return server
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the server does not answer:\n{err.read_text()[-3000:]}")
        time.sleep(0.05)


def stop_server(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(10)


@contextlib.contextmanager
def running_server(folder: Path, *options: str, lifetime: float = 300, db: Path | None = None) -> Iterator[Server]:
    """``start_server``, stopped after."""
    server = start_server(folder, *options, lifetime=lifetime, db=db)
    try:
        yield server
    finally:
        stop_server(server)
