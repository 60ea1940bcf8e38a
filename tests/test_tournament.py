"""``pitchcore tournament``: round-robin matches between bots and the ratings fitted to them."""

from __future__ import annotations

import json
import math
import random

import pytest

from pitchcore.tools import tournament as module
from pitchcore.tools.cli import main
from pitchcore.tools.tournament import Match, tournament


def chance(first: float, second: float, sides: int) -> float:
    """The model's chance that a side held by a bot of Elo ``first`` wins against the other
    sides held by a bot of Elo ``second``."""
    odds = 10 ** ((first - second) / 400) / (sides - 1)
    return odds / (1 + odds)


def test_the_fit_recovers_known_strengths() -> None:
    """Matches drawn from the model itself with known ratings: the fitted ratings are those,
    within a few points, centred on 0."""
    truth = {"a": 150.0, "b": 0.0, "c": -150.0}
    names = list(truth)
    rng = random.Random(3)
    tallies = []
    for first in range(3):
        for second in range(3):
            if first != second:
                p = chance(truth[names[first]], truth[names[second]], sides=4)
                games = 40_000
                tallies.append((first, second, sum(rng.random() < p for _ in range(games)), games))
    fitted = [value * 400 / math.log(10) for value in module._fit(names, tallies, 4, prior=0.0)]
    assert abs(sum(fitted)) < 1e-6
    for name, value in zip(names, fitted, strict=True):
        assert abs(value - truth[name]) < 15, (name, value)


def test_equal_bots_are_rated_equal_and_chance_is_one_side_in_four() -> None:
    names = ["x", "y"]
    tallies = [(0, 1, 250, 1000), (1, 0, 250, 1000)]  # each wins a quarter: chance at four sides
    assert all(abs(value) < 1e-6 for value in module._fit(names, tallies, 4))
    tallies = [(0, 1, 500, 1000), (1, 0, 100, 1000)]
    x, y = module._fit(names, tallies, 4)
    assert x > 0 > y
    swept = module._fit(names, [(0, 1, 10, 10), (1, 0, 0, 10)], 4)  # every game won: finite, far apart
    assert swept[0] > 1.5 > -1.5 > swept[1] and all(math.isfinite(value) for value in swept)


def test_a_round_robin_of_real_bots() -> None:
    """Heuristic against random at auction-pitch: each match holds its games and wins, the
    heuristic wins far more than chance and is rated above, with intervals around the
    ratings; the same seed gives the same tournament."""
    result = tournament("auction-pitch", ["heuristic", "random"], games=24, seed=2, resamples=50)
    assert result.sides == 4 and result.chance == 0.25 and len(result.matches) == 2
    first = next(match for match in result.matches if match.first == "heuristic")
    assert first.games == 24 and first.wins == sum(first.outcomes) and first.share > 0.5
    interval = first.interval
    assert interval is not None and interval[0] < first.share < interval[1]
    ratings = result.ratings
    assert ratings["heuristic"].elo > ratings["random"].elo
    for rating in ratings.values():
        assert rating.low <= rating.elo <= rating.high
    again = tournament("auction-pitch", ["heuristic", "random"], games=24, seed=2, resamples=50)
    assert again == result


def test_partners_hold_a_whole_side() -> None:
    """With partners, the first bot holds both seats of one side: two sides, chance one half."""
    result = tournament("partnership-pitch", ["heuristic", "random"], games=6, seed=1, resamples=10)
    assert result.sides == 2 and result.chance == 0.5
    assert all(match.games == 6 for match in result.matches)


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "heuristic,random", "--games", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "heuristic vs random" in out and "Rating (Elo)" in out
    assert main(["tournament", "--bots", "heuristic,random", "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["ratings"]) == {"heuristic", "random"} and data["chance"] == 0.25
    assert main(["tournament", "--bots", "heuristic"]) == 2
    assert "at least two different bots" in capsys.readouterr().err
    assert main(["tournament", "--bots", "heuristic,nobody"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_a_match_with_no_games_has_no_interval() -> None:
    assert Match("a", "b", 0, 0, ()).interval is None and Match("a", "b", 0, 0, ()).share == 0.0
