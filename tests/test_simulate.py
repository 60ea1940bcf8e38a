"""The ``simulate`` command: reproducible across worker counts, with its figures and errors."""

from __future__ import annotations

import argparse
import json

import pytest

from pitchcore.bots.base import RandomBot
from pitchcore.simulate import (
    add_arguments,
    bot_by_name,
    format_summary,
    game_seed,
    run,
    simulate,
    wilson,
)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    code = run(parser.parse_args(list(argv)))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_same_seed_gives_the_same_results_on_one_or_two_workers() -> None:
    one = simulate("auction-pitch", games=20, bots="random", workers=1, seed=7)
    two = simulate("auction-pitch", games=20, bots="random", workers=2, seed=7)
    assert two.workers == 2
    assert one == two
    assert [record.index for record in one.records] == list(range(20))
    timing = ("seconds", "games_per_second", "workers")
    assert {k: v for k, v in one.summary().items() if k not in timing} == {
        k: v for k, v in two.summary().items() if k not in timing}
    other = simulate("auction-pitch", games=20, bots="random", workers=1, seed=8)
    assert other != one


def test_each_game_depends_on_the_seed_and_its_number_only() -> None:
    short = simulate("hi-lo-jack", games=3, bots="random,random,random,random", workers=1, seed=2)
    long = simulate("hi-lo-jack", games=6, bots="random", workers=1, seed=2)
    assert long.records[:3] == short.records
    assert [record.dealer for record in long.records] == [0, 1, 2, 3, 0, 1]
    assert [record.seed for record in long.records] == [game_seed(2, i) for i in range(6)]
    assert len({record.seed for record in long.records}) == 6


def test_the_figures_add_up() -> None:
    result = simulate("partnership-pitch", games=10, bots=["heuristic", "random", "heuristic", "random"],
                      workers=1, seed=3)
    summary = result.summary()
    assert summary["partnerships"] is True
    assert [row["seats"] for row in summary["sides"]] == [[0, 2], [1, 3]]
    assert sum(row["wins"] for row in summary["sides"]) + summary["no_winner"] == 10
    assert summary["hands"] == sum(len(record.hands) for record in result.records)
    assert sum(row["hands"] for row in summary["bids"]) <= summary["hands"]
    assert set(summary["awards"]) >= {"high", "low", "jack", "game"}
    for award in summary["awards"].values():
        assert sum(award["sides"]) + award["nobody"] == summary["hands"]
    assert summary["by_bot"]["heuristic"]["seats"] == [0, 2]
    text = format_summary(summary)
    assert "side 0 (seats 0+2: heuristic+heuristic)" in text and "Throughput:" in text


def test_json_output_parses_and_has_the_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "--variant", "auction-pitch", "--games", "6", "--bots", "heuristic,random",
                             "--players", "2", "--seed", "4", "--json")
    assert code == 0, err
    data = json.loads(out)
    for field in ("variant", "games", "seed", "bots", "seats", "sides", "by_bot", "no_winner",
                  "hands_per_game", "bids", "awards", "seconds", "games_per_second"):
        assert field in data
    assert data["games"] == 6 and data["bots"] == ["heuristic", "random"]
    seat = data["seats"][0]
    assert {"wins", "rate", "wilson95"} <= set(seat)
    assert seat["wilson95"][0] <= seat["rate"] <= seat["wilson95"][1]
    assert all({"bid", "hands", "made", "rate", "wilson95"} <= set(row) for row in data["bids"])
    assert "\r" not in out  # no progress bar on stdout


def test_text_output_and_progress_bar_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "--games", "4", "--seed", "1", "--progress", "always")
    assert code == 0
    assert "auction-pitch: 4 games, 4 players" in out and "95% CI" in out and "Hands per game" in out
    assert "\r[" in err and err.rstrip().endswith("4/4")
    assert "\r" not in out


@pytest.mark.parametrize(("argv", "message"), [
    (("--bots", "genius"), "unknown bot 'genius': expected one of random, heuristic, search"),
    (("--bots", "random,heuristic"), "--bots gives 2 names for 4 seats"),
    (("--bots", "random,,random,random"), "expected a comma list of bot names"),
    (("--variant", "no-such-variant"), "no-such-variant"),
    (("--players", "1"), "2-8 players"),
    (("--games", "-1"), "games must be"),
    (("--bots", "random:3"), "only search takes an option"),
])
def test_bad_options_are_clean_errors(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                      message: str) -> None:
    code, out, err = run_cli(capsys, "--games", "2", *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("pitchcore simulate: ") and message in err
    assert "Traceback" not in err


def test_bot_registry() -> None:
    assert isinstance(bot_by_name("random"), RandomBot)
    assert type(bot_by_name("Heuristic")).__name__ == "HeuristicBot"
    search = bot_by_name("search:7")
    assert type(search).__name__ == "SearchBot" and getattr(search, "playouts", None) == 7
    with pytest.raises(ValueError, match="expected one of random, heuristic, search"):
        bot_by_name("minimax")


def test_a_missing_bot_module_is_a_clean_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import pitchcore.simulate as sim

    monkeypatch.setitem(sim._LAZY_BOTS, "search", ("pitchcore.bots.not_written_yet", "SearchBot"))
    with pytest.raises(ValueError, match=r"not available.*available bots: random, heuristic"):
        bot_by_name("search")


def test_wilson_interval() -> None:
    assert wilson(0, 0) is None
    low, high = wilson(50, 100) or (0.0, 0.0)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10) or (1.0, 1.0)
    assert low == 0.0 and 0.0 < high < 0.35


def test_add_parser_wires_the_command_into_a_subcommand_parser(capsys: pytest.CaptureFixture[str]) -> None:
    from pitchcore import simulate as simulate_module
    from pitchcore import terminal

    parser = argparse.ArgumentParser(prog="pitchcore")
    commands = parser.add_subparsers(dest="command", required=True)
    simulate_module.add_parser(commands)
    terminal.add_parser(commands)
    args = parser.parse_args(["simulate", "--games", "2", "--json", "--progress", "never"])
    assert args.run(args) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    args = parser.parse_args(["play", "--seat", "9"])
    assert args.run is terminal.run
