"""The pitchcore command and the examples, driven as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pitchcore
from pitchcore.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_variants_lists_every_bundled_variant_with_its_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == pitchcore.bundled_variants()
    assert all(len(line.split(maxsplit=1)) == 2 for line in lines)


def test_show_resolved_prints_yaml_that_loads_back_equal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "haus-pitch", "--resolved"]) == 0
    text = capsys.readouterr().out
    assert pitchcore.load_variant_text(text) == pitchcore.load_variant("haus-pitch")
    assert "extras:\n  - jick" in text


def test_show_prints_the_file_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "partnership-pitch"]) == 0
    assert "extends: auction-pitch" in capsys.readouterr().out


def test_check_accepts_the_example_and_rejects_a_bad_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: auction-pitch\nauction:\n  all_pass: redeel\n")
    assert main(["check", str(ROOT / "examples" / "house-rules.yaml")]) == 0
    assert "ok" in capsys.readouterr().out
    assert main(["check", str(ROOT / "examples" / "house-rules.yaml"), str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3: auction.all_pass" in err and "did you mean 'redeal'" in err


def test_check_base_lets_a_house_file_extend_a_file_above_its_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tables").mkdir()
    (tmp_path / "club.yaml").write_text("extends: auction-pitch\ngoing_out: {target: 9}\n")
    house = tmp_path / "tables" / "house.yaml"
    house.write_text("extends: ../club.yaml\n")
    assert main(["check", str(house)]) == 1
    assert "extends: '../club.yaml' leads outside the base folder" in capsys.readouterr().err
    assert main(["check", "--base", str(tmp_path), str(house)]) == 0
    assert "ok   " in capsys.readouterr().out


TEN_ON_TOP = ("extends: auction-pitch\npoints: [{kind: high, receiver: holder}, {kind: low, receiver: "
              "holder}, jack, {kind: trump-card, name: ten, rank: T}, game]\n")


def test_check_notes_a_shoot_bid_below_the_points_total(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md's ten-point module: with an extra category the bids scale to the new total.
    A file that adds one and keeps the smudge on 4 loads (a table may mean it), and check
    says what that means and what to write; once the bids are scaled it says nothing."""
    ten = tmp_path / "ten.yaml"
    ten.write_text(TEN_ON_TOP)
    assert main(["check", str(ten)]) == 0
    out = capsys.readouterr().out
    assert "note: shoot.bid: a bid of 4 shoots for every point, but the points of a hand add up to 5" in out
    assert "set shoot.bid: 5 and auction.max_bid: 5" in out
    ten.write_text(TEN_ON_TOP + "shoot: {bid: 5}\nauction: {max_bid: 5}\n")
    bundled = [str(ROOT / "variants" / f"{name}.yaml") for name in pitchcore.bundled_variants()]
    assert main(["check", str(ten), *bundled]) == 0
    assert "note:" not in capsys.readouterr().out


def test_components_lists_every_registered_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["components"]) == 0
    out = capsys.readouterr().out
    for slot_name, kinds in pitchcore.KINDS.items():
        assert f"{slot_name}:" in out
        for kind in kinds:
            assert f"  {kind} " in out


def test_demo_prints_hands_and_final_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--variant", "hi-lo-jack", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1, dealer seat 0" in out and "seat 3:" in out
    assert "Final scores: [" in out and "Winner: side" in out


def test_unknown_variant_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "no-such-pitch", "--resolved"]) == 2
    err = capsys.readouterr().err
    assert "no-such-pitch" in err and "auction-pitch" in err and "Traceback" not in err


def test_referee_example_plays_a_whole_game_with_the_house_rules() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "referee.py"), "5"],
                         capture_output=True, text=True, check=True, timeout=120)
    assert "kitchen-table: final scores" in run.stdout
    assert "rejected 'play ZZ'" in run.stdout


def test_playout_bot_example_plays_on_the_mutable_fast_path() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "playout_bot.py"), "2", "3"],
                         capture_output=True, text=True, check=True, timeout=120)
    assert "game 2: winner side" in run.stdout and "playouts" in run.stdout


def test_python_dash_m_pitchcore_is_the_pitchcore_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m pitchcore`` runs the same command line, for a machine whose PATH lacks the script."""
    run = subprocess.run([sys.executable, "-m", "pitchcore", "variants"],
                         capture_output=True, text=True, check=True, timeout=120)
    assert main(["variants"]) == 0
    assert run.stdout == capsys.readouterr().out
    assert any(line.startswith("auction-pitch ") for line in run.stdout.splitlines())
    failed = subprocess.run([sys.executable, "-m", "pitchcore", "show", "no-such-variant"],
                            capture_output=True, text=True, timeout=120)
    assert failed.returncode != 0 and "no-such-variant" in failed.stderr


def _command(folder: Path, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``pitchcore ARGV`` run from ``folder`` as the installed command runs: ``python -P`` keeps
    the current folder off ``sys.path``, as the console script does, so finding a bot module
    there is the command's own doing."""
    return subprocess.run([sys.executable, "-P", "-m", "pitchcore", *argv], cwd=folder, input=stdin,
                          capture_output=True, text=True, timeout=300)


def _doc_bot() -> str:
    section = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8").split("## Bots of your own", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_simulate_loads_a_bot_class_from_the_current_folder_on_any_number_of_workers(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(_doc_bot(), encoding="utf-8")
    argv = ("simulate", "--variant", "hi-lo-jack", "--games", "12", "--seed", "3", "--json",
            "--bots", "mybots:GreedyBot,heuristic,random,heuristic")
    one = _command(tmp_path, *argv)
    two = _command(tmp_path, *argv, "--workers", "2")  # spawned workers import mybots themselves
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    timing = ("seconds", "games_per_second", "workers")
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    assert second["workers"] == 2
    assert {k: v for k, v in first.items() if k not in timing} == {
        k: v for k, v in second.items() if k not in timing}
    assert first["bots"][0] == "mybots:GreedyBot" and "mybots:GreedyBot" in first["by_bot"]


def test_play_takes_a_bot_class_and_names_it_in_the_saved_history(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(_doc_bot(), encoding="utf-8")
    run = _command(tmp_path, "play", "--bots", "mybots:GreedyBot,heuristic,mybots:GreedyBot", "--seed", "2",
                   "--save", "game.txt", stdin="1\n" * 3000)
    assert run.returncode == 0, run.stderr
    assert "Bots: seat 1 GreedyBot, seat 2 heuristic, seat 3 GreedyBot" in run.stdout
    assert "Game over" in run.stdout
    tags = (tmp_path / "game.txt").read_text(encoding="utf-8")
    assert '[Seat1 "mybots:GreedyBot"]' in tags and '[Seat2 "heuristic"]' in tags


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_bot_class_that_is_not_there_is_one_line_and_status_2(tmp_path: Path, command: str) -> None:
    run = _command(tmp_path, command, "--bots", "mybots:GreedyBot", "--seed", "1")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == (f"pitchcore {command}: bot 'mybots:GreedyBot': no module named 'mybots' on the Python "
                          "path (where mybots.py goes: the current folder, for the pitchcore command, or a "
                          "folder on PYTHONPATH)\n")
