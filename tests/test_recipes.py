"""The learning recipes of docs/learning.md run end to end: a short training, then the
measurement against three HeuristicBots and three RandomBots.

They need PyTorch and the learning library of each recipe, which pitchcore does not
install (PyTorch alone is most of a gigabyte): without them these tests are skipped. To run
them, install into the environment that runs the tests::

    pip install torch sb3-contrib tianshou dm-tree
    pytest tests/test_recipes.py
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

RECIPES = Path(__file__).resolve().parent.parent / "examples" / "rl"
SHARE = re.compile(r"vs 3 (HeuristicBot|RandomBot|heuristic|random)(?:s| bots): (\d+)/(\d+) = ")


def run_recipe(script: str, *arguments: str) -> str:
    done = subprocess.run([sys.executable, str(RECIPES / script), *arguments], capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def shares(output: str, games: int) -> dict[str, int]:
    """Games won against each kind of opponent, as the recipe printed them."""
    found = {kind.lower().removesuffix("bot"): int(wins) for kind, wins, total in SHARE.findall(output)
             if int(total) == games}
    assert set(found) == {"heuristic", "random"}, output
    assert all(0 <= wins <= games for wins in found.values())
    return found


def test_maskable_ppo_recipe_trains_and_measures() -> None:
    pytest.importorskip("sb3_contrib", reason="the MaskablePPO recipe needs torch and sb3-contrib")
    output = run_recipe("maskable_ppo.py", "--minutes", "0.1", "--envs", "2", "--games", "8")
    assert re.search(r"trained [\d,]+ steps", output), output
    shares(output, 8)


def test_nfsp_recipe_trains_and_measures() -> None:
    pytest.importorskip("torch", reason="the NFSP recipe needs torch")
    pytest.importorskip("tree", reason="OpenSpiel's NFSP imports dm-tree")
    output = run_recipe("nfsp_recipe.py", "--minutes", "0.1", "--games", "8")
    assert re.search(r"self-play: [\d,]+ hands", output), output
    shares(output, 8)


def test_tianshou_recipe_trains_saves_and_measures(tmp_path: Path) -> None:
    pytest.importorskip("tianshou", reason="the Tianshou recipe needs torch and tianshou")
    saved = tmp_path / "policy.pt"
    output = run_recipe("tianshou_recipe.py", "--minutes", "0.1", "--envs", "4", "--games", "8", "--out", str(saved))
    assert re.search(r"trained [\d.]+ min, \d+ steps", output), output
    assert saved.stat().st_size > 0
    shares(output, 8)
