"""``simulate`` on a Dask cluster: the same records, summary and histories as a local run.

A ``LocalCluster`` of two worker processes (one thread each, loopback only) stands in for
machines. The workers find the bot module of a folder on their ``PYTHONPATH``, as a real
worker would; a module the workers cannot import is named before any game. Without Dask
installed these tests skip, except under CI=true, where they fail.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import missing
from pitchcore.tools.simulate import ClusterError, simulate

try:
    import distributed
except ImportError:
    missing("dask[distributed] is not installed (pip install -e '.[dask]')")

ROOT = Path(__file__).resolve().parents[1]
TIMING = ("seconds", "games_per_second", "workers")


def doc_bot() -> str:
    """The example bot of docs/simulate.md."""
    section = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8").split("## Bots of your own", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def figures(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in TIMING}


@pytest.fixture(scope="module")
def bot_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder with ``clusterbots.py`` (the documented bot), on this process's path and on
    the workers' ``PYTHONPATH``."""
    folder = tmp_path_factory.mktemp("clusterbots")
    (folder / "clusterbots.py").write_text(doc_bot(), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder))
        yield folder
    sys.modules.pop("clusterbots", None)


@pytest.fixture(scope="module")
def scheduler(bot_folder: Path) -> Iterator[str]:
    """The address of a local cluster: two worker processes, one thread each, on 127.0.0.1."""
    with pytest.MonkeyPatch.context() as patch:
        paths = [str(bot_folder), *filter(None, [os.environ.get("PYTHONPATH")])]
        patch.setenv("PYTHONPATH", os.pathsep.join(paths))  # what the worker processes start with
        # The scheduler's HTTP server binds 127.0.0.1 too: on a free port, so that nothing clashes.
        with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                                      dashboard_address="127.0.0.1:0") as cluster:
            yield cluster.scheduler_address


@pytest.mark.parametrize(("variant", "bots", "players"), [
    ("auction-pitch", "clusterbots:GreedyBot,heuristic,random,heuristic", None),
    ("hi-lo-jack-partners", ["heuristic", "random", "clusterbots:GreedyBot", "random"], None),
])
def test_a_cluster_gives_the_local_records_summary_and_histories(
        scheduler: str, tmp_path: Path, variant: str, bots: Any, players: int | None) -> None:
    local = simulate(variant, games=40, bots=bots, workers=1, seed=11, players=players, save=tmp_path / "local")
    seen: list[tuple[int, int]] = []
    remote = simulate(variant, games=40, bots=bots, seed=11, players=players, scheduler=scheduler,
                      save=tmp_path / "remote", progress=lambda done, total: seen.append((done, total)))
    assert remote.workers == 2  # the cluster's two threads
    assert remote.records == local.records and remote == local
    assert [record.index for record in remote.records] == list(range(40))
    assert figures(remote.summary()) == figures(local.summary())
    saved = sorted(path.name for path in (tmp_path / "local").iterdir())
    assert saved == sorted(path.name for path in (tmp_path / "remote").iterdir()) and len(saved) == 40
    for name in saved:
        assert (tmp_path / "remote" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()
    assert seen[0] == (0, 40) and seen[-1] == (40, 40) and len(seen) > 2  # chunk by chunk


def test_a_client_of_our_own_is_used_and_left_open(scheduler: str) -> None:
    bots = "heuristic,random,clusterbots:GreedyBot,random"
    with distributed.Client(scheduler, set_as_default=False) as client:
        first = simulate("haus-pitch", games=6, bots=bots, seed=2, scheduler=client)
        second = simulate("haus-pitch", games=6, bots=bots, seed=2, scheduler=client)
        assert client.status == "running"
    assert first == second == simulate("haus-pitch", games=6, bots=bots, seed=2)


def test_the_command_plays_on_the_cluster(scheduler: str, bot_folder: Path, tmp_path: Path) -> None:
    """The command run from the bot's folder (so it imports it there too), against the cluster."""
    argv = ["simulate", "--variant", "auction-pitch", "--games", "20", "--seed", "4", "--json",
            "--bots", "clusterbots:GreedyBot,heuristic,random,heuristic"]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    remote = subprocess.run([sys.executable, "-P", "-m", "pitchcore", *argv, "--scheduler", scheduler],
                            cwd=bot_folder, env=env, capture_output=True, text=True, timeout=120)
    assert remote.returncode == 0, remote.stderr
    assert remote.stderr == ""
    local = simulate("auction-pitch", games=20, bots="clusterbots:GreedyBot,heuristic,random,heuristic", seed=4)
    summary = json.loads(remote.stdout)
    assert summary["workers"] == 2
    assert figures(summary) == figures(json.loads(json.dumps(local.summary())))


def test_a_bot_module_the_workers_cannot_import_is_named_before_any_game(
        scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "onlyherebots.py").write_text(doc_bot(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # here, not on the workers
    with pytest.raises(ClusterError, match=r"^worker tcp://127\.0\.0\.1:\d+: bot 'onlyherebots:GreedyBot': no "
                                           r"module named 'onlyherebots' .*start dask worker where the module"):
        simulate("auction-pitch", games=4, bots="onlyherebots:GreedyBot", scheduler=scheduler)
    sys.modules.pop("onlyherebots", None)


@pytest.mark.parametrize(("address", "message"), [
    ("tcp://127.0.0.1:1", "cannot reach the Dask scheduler at tcp://127.0.0.1:1: ConnectionRefusedError"),
    ("http://127.0.0.1:8786", "cannot reach the Dask scheduler at http://127.0.0.1:8786: ValueError: unknown "
                              "address scheme 'http'"),
])
def test_an_unreachable_scheduler_is_one_line_and_status_2(tmp_path: Path, address: str, message: str) -> None:
    run = subprocess.run([sys.executable, "-m", "pitchcore", "simulate", "--games", "2", "--scheduler", address],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(f"pitchcore simulate: {message}") and run.stderr.count("\n") == 1, run.stderr
