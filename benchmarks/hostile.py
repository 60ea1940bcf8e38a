"""How long pitchcore takes to refuse (or load) hostile variant files and hostile views.

Writes the corpus of ``tests/hostile/make_corpus.py`` to a temporary folder and loads every
case by path and as text in a worker subprocess (as the test suite does), then prints the
outcomes and the slowest loads per family of attacks. Then times ``view_from_json`` on views
a client could send back: up to 64 KB of JSON each, every one refused, and real views (a
finished game, and one offering a thousand discards), accepted::

    python benchmarks/hostile.py          # both
    python benchmarks/hostile.py views    # the views only
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import timeit
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "hostile"))

import make_corpus  # noqa: E402

from test_hostile_corpus import MODES, Worker  # noqa: E402


def variant_files() -> None:
    with tempfile.TemporaryDirectory() as folder:
        manifest = make_corpus.write(Path(folder))
        worker = Worker()
        outcomes: Counter[str] = Counter()
        slowest: dict[str, tuple[float, str]] = defaultdict(lambda: (0.0, ""))
        total = 0.0
        try:
            for case in manifest:
                family = case["name"].split("-")[0]
                for mode in MODES:
                    answer = worker.ask({"folder": case["folder"], "mode": mode})
                    outcomes[answer["outcome"]] += 1
                    seconds = answer.get("seconds", float("inf"))
                    total += seconds
                    if seconds >= slowest[family][0]:
                        slowest[family] = (seconds, f"{case['name']} ({mode})")
        finally:
            worker.stop()
    loads = sum(outcomes.values())
    print(f"{len(manifest)} cases, {loads} loads: " + ", ".join(f"{n} {what}" for what, n in outcomes.most_common()))
    print(f"mean load {total / loads * 1000:.2f} ms")
    print(f"{'family':<12} {'slowest':>10}  case")
    for family, (seconds, name) in sorted(slowest.items(), key=lambda item: -item[1][0]):
        print(f"{family:<12} {seconds * 1000:8.1f} ms  {name}")


HOSTILE_SIZE = 64_000
"""About how many characters of JSON each hostile view is."""


def finished_view(name: str = "haus-pitch", seed: int = 3) -> dict[str, Any]:
    """Seat 1's view of a finished game, as JSON data: every hand's result and tricks."""
    import pitchcore as pc
    from conftest import choose_move

    state, rng = pc.new_game(name, seed=seed), random.Random(seed)
    while not state.is_over:
        state = state.apply(choose_move(state, rng))
    data: dict[str, Any] = json.loads(json.dumps(pc.view_to_json(state.view(1))))
    return data


def hostile_views() -> dict[str, dict[str, Any]]:
    """Views of about ``HOSTILE_SIZE`` characters of JSON that ``view_from_json`` refuses, each
    built from a real one, by name."""
    real = finished_view()
    room = HOSTILE_SIZE - len(json.dumps(real))  # (what a 64 KB view has for the hostile part)
    nested: Any = []
    for _ in range(HOSTILE_SIZE // 2):  # "[[[...]]]": two characters a level
        nested = [nested]
    results = [result for result in real["hand_results"] if not result["ended_game"]]
    many = [results[index % len(results)] for index in range(HOSTILE_SIZE // len(json.dumps(results[0])) - 2)]
    many = json.loads(json.dumps(many))
    many[-1]["dealer"] = 99  # (a seat out of range, found only once everything before it is checked)
    seats = json.loads(json.dumps(real))
    seats["hand_results"][0]["tricks"][0]["seats"][0] = 3_000_000_000
    return {
        "a long string as hand": {**real, "hand": "AS" * (room // 2)},
        "a long list of numbers as hand": {**real, "hand": [1] * (room // 3)},
        "a long list by seat": {**real, "hand_sizes": [0] * (room // 3)},
        "many legal moves (one move)": {**real, "legal_moves": ["pass"] * (room // 8)},
        "many legal moves (all different)": {**real, "legal_moves": discards(room // 20)},
        "bid nested 32,000 deep": {**real, "bid": nested},
        "3,000,000,000 as a trick's seat": seats,
        "64 KB of hand results, the last wrong": {**real, "hand_results": many},
    }


def most_moves() -> dict[str, Any]:
    """The view of the seat to move with the most legal moves in the first hands of a game of
    Cinch with a widow of four per player (thousands of discards), as JSON data."""
    import pitchcore as pc
    from conftest import HOUSE_RULES, random_game

    states, _ = random_game(pc.load_variant_text(HOUSE_RULES["cinch-widow"], "cinch-widow"), 0, max_hands=3)
    state = max(states, key=lambda state: len(state.legal_moves()))
    assert state.to_move is not None
    data: dict[str, Any] = json.loads(json.dumps(pc.view_to_json(state.view(state.to_move))))
    return data


def discards(count: int) -> list[str]:
    """The texts of ``count`` different discards of three cards."""
    from itertools import combinations, islice

    from pitchcore.model.cards import CARDS

    return [f"discard {' '.join(map(str, cards))}" for cards in islice(combinations(CARDS[:52], 3), count)]


def best_of(action: Callable[[], object], repeat: int = 7) -> float:
    """The fastest of ``repeat`` timings of ``action``, in seconds (a run of several calls
    where one is quick)."""
    timer = timeit.Timer(action)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat, number)) / number


def views() -> None:
    import pitchcore as pc
    from pitchcore.interop import view_json
    def refuse(data: dict[str, Any]) -> Callable[[], None]:
        def attempt() -> None:
            view_json._move_of.cache_clear()  # (the moves' texts as new: the worst case)
            try:
                pc.view_from_json(data)
            except pc.ViewDataError:
                return
            raise AssertionError("a hostile view was accepted")
        return attempt

    print(f"{'view_from_json on':<44} {'JSON':>9} {'time':>10}")
    for name, data in hostile_views().items():
        size = len(json.dumps(data)) if name != "bid nested 32,000 deep" else HOSTILE_SIZE
        print(f"{name:<44} {size / 1000:7.1f} KB {best_of(refuse(data)) * 1000:7.3f} ms  refused")
    real = finished_view()

    def accept(data: dict[str, Any]) -> Callable[[], None]:
        def read() -> None:
            view_json._move_of.cache_clear()
            pc.view_from_json(data)
        return read

    print(f"{'a finished game (haus-pitch, 4 seats)':<44} {len(json.dumps(real)) / 1000:7.1f} KB "
          f"{best_of(accept(real)) * 1000:7.3f} ms  accepted")
    many = most_moves()
    print(f"{'a view offering ' + str(len(many['legal_moves'])) + ' discards (cinch, widow)':<44} "
          f"{len(json.dumps(many)) / 1000:7.1f} KB {best_of(accept(many)) * 1000:7.3f} ms  accepted")


def main() -> None:
    if sys.argv[1:] != ["views"]:
        variant_files()
        print()
    views()


if __name__ == "__main__":
    main()
