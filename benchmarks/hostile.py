"""How long pitchcore takes to refuse (or load) hostile variant files.

Writes the corpus of ``tests/hostile/make_corpus.py`` to a temporary folder and loads every
case by path and as text in a worker subprocess (as the test suite does), then prints the
outcomes and the slowest loads per family of attacks::

    python benchmarks/hostile.py
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "hostile"))

import make_corpus  # noqa: E402

from test_hostile_corpus import MODES, Worker  # noqa: E402


def main() -> None:
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


if __name__ == "__main__":
    main()
