"""Loads corpus cases sent on standard input, one JSON request a line; answers each on
standard output. Run in a subprocess by ``tests/test_hostile_corpus.py``, so that a crash
or a hang ends this process, not the test run.

A request: ``{"folder": ..., "mode": "path" | "text"}``. The answer says how loading
ended (``loaded``, ``VariantError`` or another exception), the message, the time taken,
and for a variant that loaded, how a short random game on it went.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import pitchcore as pc

MOVES = 150
"""Moves of random play on a variant that loaded (legal-move lists and apply must stay quick)."""


def load(folder: Path, mode: str) -> pc.Variant:
    house = folder / "house.yaml"
    if mode == "path":
        return pc.load_variant(house)
    return pc.load_variant_text(house.read_bytes(), "house.yaml", base=folder)


def play(variant: pc.Variant) -> dict[str, Any]:
    """A short random game: the most legal moves seen, and the moves played."""
    state = pc.new_game(variant, seed=1)
    rng = random.Random(1)
    most = played = 0
    for played in range(MOVES):  # noqa: B007
        if state.is_over:
            break
        legal = state.legal_moves()
        most = max(most, len(legal))
        state = state.apply(legal[rng.randrange(len(legal))])
    return {"most_moves": most, "played": played}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    folder, mode = Path(request["folder"]), request["mode"]
    start = time.perf_counter()
    try:
        variant = load(folder, mode)
    except pc.VariantError as error:
        return {"outcome": "VariantError", "problems": error.problems,
                "seconds": time.perf_counter() - start}
    except BaseException as error:
        return {"outcome": type(error).__name__, "message": str(error)[:2000],
                "seconds": time.perf_counter() - start}
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {"outcome": "loaded", "seconds": seconds, "name": variant.name[:200],
                              "variant": variant.to_dict()}
    try:
        result.update(play(variant))
    except BaseException as error:
        result["play_error"] = f"{type(error).__name__}: {str(error)[:2000]}"
    return result


def main() -> None:
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line)), default=str), flush=True)


if __name__ == "__main__":
    main()
