"""``pitchcore new``: a house-rule file from flags (or a terminal's answers) that loads and plays."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import pitchcore as pc
from conftest import random_game
from pitchcore.tools import scaffold
from pitchcore.tools.cli import main


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder for the command: a fresh one, with no terminal on stdin."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    return tmp_path


def test_flags_write_a_file_that_loads_and_plays(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--extends", "auction-pitch", "--name", "kitchen-table", "--players", "5",
                 "--target", "15", "--stick-the-dealer", "--no-steal"]) == 0
    path = folder / "kitchen-table.yaml"
    assert f"Wrote {path.name}." in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[3:6] == ["extends: auction-pitch", "name: kitchen-table",
                                      "description: 'House rules on auction-pitch: 5 players, to 15, stick the "
                                      "dealer, the dealer must outbid'"]
    assert "  target: 15                 # the score that wins\n" in text
    variant = pc.load_variant(path)
    parent = pc.load_variant("auction-pitch")
    assert variant.name == "kitchen-table"
    assert variant.going_out.target == 15  # type: ignore[attr-defined]
    assert variant.deal.default_players == 5
    assert variant.auction.all_pass == "dealer-must-bid"  # type: ignore[attr-defined]
    assert variant.auction.dealer_may_take is False  # type: ignore[attr-defined]
    assert variant.points == parent.points and variant.trump == parent.trump
    states, _ = random_game(variant, seed=3)
    assert states[-1].is_over and states[-1].players == 5


def test_every_line_is_commented_and_names_a_real_key(folder: Path) -> None:
    assert main(["new", "--extends", "smear", "--name", "our smear", "--players", "4", "--target", "25",
                 "--win-by", "2", "--steal", "--no-junk", "--output", "smear-house.yaml"]) == 0
    text = (folder / "smear-house.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert data == {"extends": "smear", "name": "our smear",
                    "description": "House rules on smear: 4 players, to 25, win by 2, the dealer may steal, "
                                   "no junk",
                    "no_junk": True, "deal": {"default_players": 4},
                    "auction": {"dealer_may_take": True}, "going_out": {"target": 25, "win_by": 2}}
    settings = [line for line in text.splitlines() if line.startswith(("no_junk", "  "))]
    assert settings and all(" # " in line for line in settings)
    variant = pc.load_variant(folder / "smear-house.yaml")
    assert variant.settlement.kind == "no-junk"  # type: ignore[attr-defined]
    assert variant.going_out.win_by == 2  # type: ignore[attr-defined]


def test_it_refuses_to_overwrite_unless_forced(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--name", "ours", "--target", "15"]) == 0
    path = folder / "ours.yaml"
    first = path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["new", "--name", "ours", "--target", "21"]) == 2
    assert "ours.yaml already exists; use --force to replace it" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == first
    assert main(["new", "--name", "ours", "--target", "21", "--force"]) == 0
    assert pc.load_variant(path).going_out.target == 21  # type: ignore[attr-defined]


def test_no_terminal_and_no_flags_write_the_parents_rules(folder: Path) -> None:
    assert main(["new"]) == 0
    variant = pc.load_variant(folder / "house-rules.yaml")
    parent = pc.load_variant("auction-pitch")
    assert (variant.name, variant.description) == ("house-rules", "House rules on auction-pitch")
    assert pc.Variant.to_dict(variant) | {"name": "", "description": ""} == parent.to_dict() | {
        "name": "", "description": ""}


def test_the_command_runs_with_stdin_closed(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "pitchcore", "new", "--name", "quiet", "--target", "9"],
                         cwd=tmp_path, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr
    assert pc.load_variant(tmp_path / "quiet.yaml").going_out.target == 9  # type: ignore[attr-defined]


def test_a_choice_the_parent_has_no_place_for_is_refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--extends", "jacks-trump", "--target", "15"]) == 2
    err = capsys.readouterr().err
    assert "--target: jacks-trump has no going_out.target (its going_out kind is rounds)" in err
    assert main(["new", "--extends", "all-fours", "--stick-the-dealer"]) == 2
    assert "--stick-the-dealer: all-fours has no auction.all_pass (its auction kind is none)" in capsys.readouterr().err
    assert not list(folder.iterdir())


def test_choices_that_make_no_variant_write_nothing(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--players", "11"]) == 2
    err = capsys.readouterr().err
    assert "these choices do not make a variant that loads" in err and "max_players" in err
    assert main(["new", "--extends", "no-such-pitch"]) == 2
    assert "no-such-pitch" in capsys.readouterr().err
    assert not list(folder.iterdir())


def test_a_parent_file_is_named_from_the_new_files_folder(folder: Path) -> None:
    (folder / "tables").mkdir()
    (folder / "tables" / "club.yaml").write_text("extends: smear\nname: club\ngoing_out: {target: 15}\n",
                                                 encoding="utf-8")
    assert main(["new", "--extends", "tables/club.yaml", "--name", "mine", "--output", "tables/mine.yaml",
                 "--no-steal"]) == 0
    text = (folder / "tables" / "mine.yaml").read_text(encoding="utf-8")
    assert "extends: club.yaml\n" in text
    variant = pc.load_variant(folder / "tables" / "mine.yaml")
    assert variant.going_out.target == 15  # type: ignore[attr-defined]


class Keyboard(io.StringIO):
    """Answers typed at a terminal."""

    def isatty(self) -> bool:
        return True


def test_at_a_terminal_the_missing_choices_are_asked(folder: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", Keyboard("no-such\nhi-lo-jack\nfriday\n\nlots\n15\nmaybe\nn\n\n"))
    assert main(["new"]) == 0
    out = capsys.readouterr().out
    assert "Which variant do your rules change" in out and "no-such: no such variant file" in out
    assert "How many players [4]: " in out and "expected a whole number, got lots" in out
    assert "Stick the dealer (when everyone else passes, the dealer must bid) [yes]: " in out
    assert "answer yes or no" in out
    variant = pc.load_variant(folder / "friday.yaml")
    assert variant.going_out.target == 15  # type: ignore[attr-defined]
    assert variant.auction.all_pass == "redeal"  # type: ignore[attr-defined]
    assert variant.auction.dealer_may_take is True  # type: ignore[attr-defined]
    text = (folder / "friday.yaml").read_text(encoding="utf-8")
    assert "default_players" not in text and "dealer_may_take" not in text  # (as the parent has them)


def test_a_terminal_that_ends_takes_the_defaults(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", Keyboard(""))
    assert main(["new", "--target", "7"]) == 0
    assert pc.load_variant(folder / "house-rules.yaml").going_out.target == 7  # type: ignore[attr-defined]


def test_file_names_are_made_safe() -> None:
    assert scaffold.file_name("kitchen table") == "kitchen-table.yaml"
    assert scaffold.file_name("../../etc/x") == "etc-x.yaml"
    assert scaffold.file_name("///") == "house-rules.yaml"
