"""examples/table_server.py, the table layer inside the ``websockets`` library's own server:
it starts, takes seat 0's credential and nobody else's, and plays a hand."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from pathlib import Path

from conftest import missing

try:
    from websockets.asyncio.client import connect
except ImportError:
    missing("the server extra is not installed: pip install -e '.[server]'")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "table_server.py"


def test_the_example_server_plays_a_hand(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with out.open("w") as stdout:
        process = subprocess.Popen([sys.executable, str(EXAMPLE)], stdout=stdout, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not (found := re.search(r"(ws://\S+) credential=(\S+)", out.read_text())):
            assert process.poll() is None and time.monotonic() < deadline, out.read_text()
            time.sleep(0.05)
        url, credential = found.groups()

        async def play() -> int:
            async with connect(url, proxy=None) as intruder:
                await intruder.send(json.dumps({"type": "hello", "credential": "guess"}))
                await asyncio.wait_for(intruder.wait_closed(), 10)
                assert intruder.close_code == 4001
            async with connect(url, proxy=None) as ws:
                await ws.send(json.dumps({"type": "hello", "credential": credential}))
                message = json.loads(await ws.recv())
                assert message["type"] == "snapshot" and message["seat"] == 0
                private, hands = message["private"], 0
                while hands == 0:
                    if private["legal_moves"]:
                        await ws.send(json.dumps({"type": "move", "move": private["legal_moves"][0]}))
                    while True:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        assert message["type"] == "update", message
                        private = message["private"]
                        hands += message["hand_result"] is not None
                        if private["legal_moves"] or hands:
                            break
                return hands

        assert asyncio.run(asyncio.wait_for(play(), 60)) == 1
    finally:
        process.kill()
        process.wait(10)
