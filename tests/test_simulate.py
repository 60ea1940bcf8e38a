"""The ``simulate`` command: reproducible across worker counts, with its figures and errors."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchcore import load_variant
from pitchcore.bots import loading
from pitchcore.bots.base import RandomBot
from pitchcore.tools.simulate import (
    BotError,
    ClusterError,
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
    (("--bots", "search:99999999999999999999"), "search:N needs a whole number of playouts from 1 to 100,000"),
    (("--bots", "search:100001"), "from 1 to 100,000"),
    (("--bots", "search:\u00b2"), "from 1 to 100,000"),
    (("--bots", "search:0"), "from 1 to 100,000"),
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
    import pitchcore.tools.simulate as sim

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
    from pitchcore.tools import simulate as simulate_module
    from pitchcore.tools import terminal
    parser = argparse.ArgumentParser(prog="pitchcore")
    commands = parser.add_subparsers(dest="command", required=True)
    simulate_module.add_parser(commands)
    terminal.add_parser(commands)
    args = parser.parse_args(["simulate", "--games", "2", "--json", "--progress", "never"])
    assert args.run(args) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    args = parser.parse_args(["play", "--seat", "9"])
    assert args.run is terminal.run


# -- bots of your own: module:Class ------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def doc_bot_module() -> str:
    """The example bot of docs/simulate.md (its first Python block under "Bots of your own"),
    so the documented example is the one tested."""
    text = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    section = text.split("## Bots of your own", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


BROKEN_BOTS = '''\
import random
from pitchcore import Move
class NoChoose:
    pass

class NeedsDepth:
    def __init__(self, depth):
        self.depth = depth

    def choose(self, view, legal, rng):
        return legal[0]

class WrongChoose:
    def choose(self, view):
        return None

class Plain:
    """No variant parameter: built with no arguments."""
    made = []

    def __init__(self):
        Plain.made.append(None)

    def choose(self, view, legal, rng):
        return legal[rng.randrange(len(legal))] if legal[0].kind != "pass" else legal[-1]

class WithVariant:
    seen = []

    def __init__(self, variant=None, *, other=3):
        WithVariant.seen.append(variant)

    def choose(self, view, legal, rng):
        return legal[-1] if legal[0].kind == "pass" else legal[0]

class Raises:
    def choose(self, view, legal, rng):
        raise KeyError("no idea")

class Cheats:
    def choose(self, view, legal, rng):
        return Move("bid", 99)

def helper():
    pass
'''


@pytest.fixture
def bot_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path with the documented ``mybots`` and the ``brokenbots`` above; the
    modules are forgotten afterwards (other tests write modules of the same names)."""
    (tmp_path / "mybots.py").write_text(doc_bot_module(), encoding="utf-8")
    (tmp_path / "brokenbots.py").write_text(BROKEN_BOTS, encoding="utf-8")
    (tmp_path / "syntaxbots.py").write_text("class Bot(:\n", encoding="utf-8")
    (tmp_path / "depbots.py").write_text("import not_installed_anywhere\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    loading.resolve.cache_clear()
    yield tmp_path
    loading.resolve.cache_clear()
    for name in ("mybots", "brokenbots", "syntaxbots", "depbots"):
        sys.modules.pop(name, None)


def test_a_bot_class_of_your_own_plays_and_gives_the_same_results_on_two_workers(bot_folder: Path) -> None:
    bots = "mybots:GreedyBot,heuristic,random,heuristic"
    one = simulate("auction-pitch", games=16, bots=bots, workers=1, seed=5)
    two = simulate("auction-pitch", games=16, bots=bots, workers=2, seed=5)  # spawned: import it themselves
    assert one.bots == ("mybots:GreedyBot", "heuristic", "random", "heuristic")
    assert one == two and two.workers == 2
    assert one.summary()["by_bot"]["mybots:GreedyBot"]["seats"] == [0]
    import mybots  # type: ignore[import-not-found]

    given = simulate("auction-pitch", games=16, bots=[mybots.GreedyBot, "heuristic", "random", "heuristic"],
                     workers=1, seed=5)
    assert given == one  # a class is kept as its module:Class


def test_a_class_is_built_with_the_variant_when_its_constructor_takes_one(bot_folder: Path) -> None:
    import brokenbots  # type: ignore[import-not-found]

    variant = load_variant("auction-pitch")
    assert isinstance(bot_by_name("brokenbots:WithVariant", variant), brokenbots.WithVariant)
    assert brokenbots.WithVariant.seen[-1] is variant
    assert isinstance(bot_by_name("brokenbots:Plain", variant), brokenbots.Plain)
    result = simulate(variant, games=3, bots="brokenbots:Plain,brokenbots:WithVariant", players=2, seed=1)
    assert result.games == 3 and all(record.moves for record in result.records)
    assert isinstance(bot_by_name("pitchcore.bots:HeuristicBot", variant), bot_by_name("heuristic").__class__)


@pytest.mark.parametrize(("bots", "message"), [
    ("nosuchbots:GreedyBot", "bot 'nosuchbots:GreedyBot': no module named 'nosuchbots' on the Python path"),
    ("nosuchpackage.bots:GreedyBot", "no module named 'nosuchpackage' on the Python path"),
    ("mybots:GredyBot", "mybots has no attribute 'GredyBot' (classes with a choose method there: GreedyBot)"),
    ("brokenbots:helper", "brokenbots.helper is a function, not a class"),
    ("brokenbots:NoChoose", "brokenbots.NoChoose does not implement the Bot protocol: missing "
                            "choose(view, legal, rng)"),
    ("brokenbots:NeedsDepth", "brokenbots.NeedsDepth() failed: TypeError: "),
    ("brokenbots:WrongChoose", "WrongChoose.choose must take (view, legal, rng)"),
    ("syntaxbots:Bot", "importing syntaxbots failed: SyntaxError: "),
    ("depbots:Bot", "importing depbots failed: ModuleNotFoundError: No module named 'not_installed_anywhere'"),
    ("mybots:", "expected module:Class"),
    ("my-bots:GreedyBot", "expected module:Class"),
    ("random:GreedyBot", "only search takes an option"),
])
def test_a_bot_class_that_cannot_be_loaded_is_a_one_line_error(
        bot_folder: Path, capsys: pytest.CaptureFixture[str], bots: str, message: str) -> None:
    code, out, err = run_cli(capsys, "--games", "2", "--bots", f"heuristic,{bots},random,random")
    assert code == 2 and out == ""
    assert err.startswith("pitchcore simulate: ") and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    with pytest.raises(ValueError, match=re.escape(message)):
        simulate("auction-pitch", games=1, bots=["heuristic", bots, "random", "random"])


def test_a_constructor_that_fails_says_how_pitchcore_constructs(bot_folder: Path) -> None:
    with pytest.raises(ValueError, match=r"missing 1 required positional argument: 'depth' \(pitchcore "
                                         r"constructs a bot class with no arguments, or with variant="):
        bot_by_name("brokenbots:NeedsDepth")


@pytest.mark.parametrize(("bots", "message"), [
    ("brokenbots:Raises", "game 0: seat 1's bot brokenbots:Raises failed: KeyError: 'no idea'"),
    ("brokenbots:Cheats", "game 0: seat 1's bot brokenbots:Cheats chose a move that is not legal: bid 99"),
])
def test_a_bot_that_fails_in_a_game_is_named(bot_folder: Path, capsys: pytest.CaptureFixture[str],
                                             bots: str, message: str) -> None:
    code, out, err = run_cli(capsys, "--games", "2", "--bots", f"heuristic,{bots},random,random")
    assert code == 2 and out == "" and message in err and err.count("\n") == 1, err
    with pytest.raises(BotError, match=re.escape(message)) as caught:
        simulate("auction-pitch", games=2, bots=["heuristic", bots, "random", "random"])
    if "Raises" in bots:
        assert isinstance(caught.value.__cause__, KeyError)  # the bot's own error, with its traceback


def test_a_class_defined_in_a_function_is_refused() -> None:
    class Local(RandomBot):
        pass

    with pytest.raises(ValueError, match="defined inside a function"):
        simulate("auction-pitch", games=1, bots=[Local])


def test_scheduler_without_dask_says_how_to_install_it(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    code, out, err = run_cli(capsys, "--games", "2", "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and out == ""
    assert err.startswith("pitchcore simulate: ") and "pip install pitchcore[dask]" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    with pytest.raises(ClusterError, match=re.escape("pip install pitchcore[dask]")):
        simulate("auction-pitch", games=2, bots="random", scheduler="tcp://127.0.0.1:8786")


def test_save_makes_its_folder_inside_an_existing_one_and_no_more(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    code, _, err = run_cli(capsys, "--games", "2", "--save", str(tmp_path / "a" / "b"))
    assert code == 2 and "its parent folder" in err and not (tmp_path / "a").exists()
    code, _, _ = run_cli(capsys, "--games", "2", "--save", str(tmp_path / "a"))
    assert code == 0 and sorted(path.name for path in (tmp_path / "a").iterdir()) == ["game-0000.txt", "game-0001.txt"]
