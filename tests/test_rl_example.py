"""The README's learning example: a policy trained through the PettingZoo environment beats
three RandomBots (a fixed seed, so the figures are the same on every run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from conftest import missing

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rl" / "train.py"


def test_the_trained_policy_wins_more_than_chance_and_more_than_untrained(capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("pettingzoo") is None:
        missing("the learning example needs PettingZoo: pip install -e '.[dev]'")
    spec = importlib.util.spec_from_file_location("rl_train", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    rates = module.main(["--hands", "1000", "--games", "120", "--seed", "1"])
    untrained, trained = rates["untrained"], rates["trained"]
    assert trained[1] > 0.25, f"the trained policy's 95% interval {trained[1:]} reaches chance (25%)"
    assert trained[0] > untrained[2], "training did not beat the untrained policy"
    assert "trained policy: wins" in capsys.readouterr().out
