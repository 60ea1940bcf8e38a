"""Every import path of before the layer folders still works, and names the same objects.

``old_paths.json`` lists, per module path of the flat layout (``pitchcore.engine``,
``pitchcore.fast``, ...), the public names that module defined then (read from its source
at the last flat commit): each must still be there, under the old path and the new.
"""

from __future__ import annotations

import importlib
import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import pitchcore
from pitchcore import _old_paths
from pitchcore.model.phase import Phase

OLD_NAMES: dict[str, list[str]] = json.loads((Path(__file__).parent / "old_paths.json").read_text(encoding="utf-8"))

ALL_BEFORE = [
    "ActionSpace", "AuctionWon", "Card", "CardsDiscarded", "Decision", "Event", "GameOver", "GameState",
    "HandResult", "HandScored", "HistoryError", "IllegalMove", "InvalidMove", "KINDS", "Move", "MoveMade",
    "NewDeal", "Phase", "PitchcoreError", "PlayerView", "RecordError", "SLOTS", "Start", "TRUSTED",
    "TensorLayout", "Trick", "TrickWon", "TrumpSet", "Trusted", "Variant", "VariantError", "ViewDataError",
    "action_space", "action_to_move", "actions", "apply_with_events", "bundled_variants", "dumps",
    "events_between", "history", "information_state_tensor", "legal_action_mask", "load_variant",
    "load_variant_text", "loads", "move_to_action", "move_to_actions", "new_game", "observation_tensor",
    "parse_move", "read_history", "tensor_layout", "tensors", "view_from_json", "view_schema", "view_to_json",
    "write_history",
]
"""``pitchcore.__all__`` before the folders: the contract of the top package."""


def test_the_top_package_exports_what_it_did() -> None:
    assert sorted(pitchcore.__all__) == ALL_BEFORE


@pytest.mark.parametrize("old", sorted(OLD_NAMES))
def test_an_old_module_path_imports_the_module_with_every_name_it_had(old: str) -> None:
    module = importlib.import_module(old)
    new = _old_paths.MOVED.get(old, old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__ is not None and module.__spec__.name == new
    missing = [name for name in OLD_NAMES[old] if not hasattr(module, name)]
    assert missing == [], f"{old} lost {missing}"


def test_every_moved_path_is_listed_and_lands_on_a_module() -> None:
    for old, new in _old_paths.MOVED.items():
        assert importlib.import_module(old) is importlib.import_module(new)
    assert set(OLD_NAMES) - {"pitchcore.components.play", "pitchcore.bots.search"} <= set(_old_paths.MOVED)


def test_an_old_module_is_an_attribute_of_the_package_before_anyone_imports_it() -> None:
    code = "import pitchcore, sys; assert 'pitchcore.rules' not in sys.modules; print(pitchcore.rules.Table.__module__)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "pitchcore.game.table", run.stderr
    with pytest.raises(AttributeError, match="no attribute 'nonesuch'"):
        pitchcore.nonesuch  # noqa: B018


def test_a_pickle_naming_an_old_path_loads() -> None:
    data = pickle.dumps(Phase.PLAYING, protocol=0)
    assert b"pitchcore.model.phase" in data
    assert pickle.loads(data.replace(b"pitchcore.model.phase", b"pitchcore.state")) is Phase.PLAYING


def test_python_dash_m_runs_an_old_path(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "pitchcore.docs", "--dir", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "variants.md").is_file() and (tmp_path / "variant.schema.json").is_file()


def test_the_tables_old_attribute_names_still_answer_with_a_deprecation_warning() -> None:
    table = pitchcore.new_game("auction-pitch", seed=1).table
    with pytest.warns(DeprecationWarning, match="Table.variant"):
        assert table.rules is table.variant
    with pytest.warns(DeprecationWarning, match="Table.trump_tables"):
        assert table.tables is table.trump_tables
