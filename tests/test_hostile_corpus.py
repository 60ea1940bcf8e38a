"""Hostile variant files, as a game server receives them from players.

The corpus comes from ``tests/hostile/make_corpus.py``; each case is loaded both by path
(``load_variant``) and as text (``load_variant_text``) in a worker subprocess with a time
limit per file, so that a crash or a hang fails its case instead of killing the run.
What every case must give: a ``VariantError`` whose every line names a file and a line,
or a variant that plays; never another exception, a crash, a hang, an overlong message,
or a word of a file outside the case's folder.
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pitchcore as pc

HERE = Path(__file__).parent / "hostile"
sys.path.insert(0, str(HERE))
import make_corpus  # noqa: E402

LIMIT = 10.0
"""Seconds a case may take before it counts as a hang (loads take milliseconds; the limit
only has to tell a hang from a slow machine: speed is measured in ``benchmarks/``)."""
LONGEST_MESSAGE = 16_000
"""Characters a message may run to: a server shows it to a player."""
MOST_MOVES = 1_000
"""The most legal moves a loaded variant may offer at once (haus-pitch's draw offers 466:
every set of up to six of nine cards)."""
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): \S")
MODES = ("path", "text")


class Worker:
    """A subprocess running ``hostile/worker.py``, restarted after a crash or a hang."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> subprocess.Popen[str]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, str(HERE / "worker.py")], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                env={**os.environ, "PYTHONFAULTHANDLER": "1"})
        return self.process

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        process = self.start()
        assert process.stdin and process.stdout
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], LIMIT)
        if not ready:
            self.stop()
            return {"outcome": f"hang (no answer in {LIMIT} s)"}
        line = process.stdout.readline()
        if not line:
            code = process.wait()
            return {"outcome": f"crash (the process ended with code {code})"}
        answer: dict[str, Any] = json.loads(line)
        return answer

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[str, str], dict[str, Any]]]:
    root = tmp_path_factory.mktemp("hostile")
    manifest = make_corpus.write(root)
    worker = Worker()
    answers = {}
    try:
        for case in manifest:
            for mode in MODES:
                answer = worker.ask({"folder": case["folder"], "mode": mode})
                answers[case["name"], mode] = {**answer, **case}
    finally:
        worker.stop()
    yield answers


CASES = [case.name for case in make_corpus.corpus()]


def test_the_corpus_is_large_and_its_names_unique() -> None:
    assert len(CASES) >= 500
    assert len(set(CASES)) == len(CASES)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", CASES)
def test_a_hostile_file_gives_a_located_error_or_a_playable_variant(
        results: dict[tuple[str, str], dict[str, Any]], name: str, mode: str) -> None:
    result = results[name, mode]
    outcome = result["outcome"]
    assert outcome in ("VariantError", "loaded"), f"{outcome}: {result.get('message', '')}"
    expect = result["expect"]
    if outcome == "VariantError":
        assert not expect.startswith("bundled:"), result["problems"]
        message = "\n".join(result["problems"])
        assert len(message) <= LONGEST_MESSAGE, f"{len(message)} characters"
        assert make_corpus.CANARY not in message and "root:x:" not in message, message
        for problem in result["problems"]:
            match = LINE.match(problem)
            assert match, f"names no file and line: {problem[:300]}"
            shown = match.group("file")
            assert shown == "house.yaml" or shown.startswith(("variants/", result["folder"])), problem[:300]
    else:
        assert expect != "error", f"loaded, but must be refused: {result['name']}"
        assert "play_error" not in result, result["play_error"]
        assert result["most_moves"] <= MOST_MOVES
        if expect.startswith("bundled:"):
            bundled = pc.load_variant(expect.removeprefix("bundled:"))
            loaded = {**result["variant"], "name": "(the house file's own)"}
            expected = {**json.loads(json.dumps(bundled.to_dict(), default=str)), "name": "(the house file's own)"}
            assert loaded == expected, "a stray file replaced the bundled parent"
