"""A round robin between bots, with ratings: ``pitchcore tournament``.

Every ordered pair of bots (A, B) plays a match: A holds one side of the table and B every
other side (in a cutthroat game each seat is a side, so A plays one seat against three Bs;
with partners A holds both seats of its side), A's side taking each side in turn. Each match
is ``simulate``'s games with its seeds, so a match replays exactly and runs on ``workers``.
What a match says is A's share of the games it won, beside chance (one side in
``sides``), with a 95% interval (Wilson's).

The ratings put every bot on one scale: each bot has a strength s, and A's side wins a
game against the others' sides held by B with the chance s_A / (s_A + (sides - 1) s_B)
(the Bradley-Terry model with one team against the field, which is chance for equal bots).
The strengths are fitted to every match's games at once by maximum likelihood and given as
Elo points, 400 log10(s), the bots' mean at 0. A 95% interval for each rating comes from
refitting on the matches' games resampled with replacement (``resamples`` times). Games
nobody won (a cut-off, a tie of sides) count as losses for A. Each match also counts one
imagined game between equal bots (a share of a win equal to chance), which keeps the
rating of a bot that won or lost every game finite and moves the others very little.

    >>> result = tournament("auction-pitch", ["heuristic", "random"], games=8, seed=1)
    >>> sorted(result.ratings)
    ['heuristic', 'random']
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from collections.abc import Sequence
from typing import Any

import attrs

from ..bots.loading import search_current_folder
from ..components.variant import Variant
from ..game.engine import new_game
from ..loading.loader import load_variant
from ..model.errors import PitchcoreError
from .simulate import bot_names, simulate, wilson

__all__ = ["Match", "Rating", "TournamentResult", "format_result", "tournament"]

EDGE = 2000.0
"""The largest rating the fit reaches (a guard: the imagined game keeps ratings finite)."""
PRIOR_GAMES = 1.0
"""Imagined games between equal bots added to each match."""
RESAMPLES = 200
"""Refits for the ratings' intervals."""


@attrs.frozen
class Match:
    """Bot ``first`` holding one side against bot ``second`` at every other side."""

    first: str
    second: str
    games: int
    wins: int
    """Games ``first``'s side won (alone)."""
    outcomes: tuple[bool, ...] = attrs.field(repr=False)
    """Per game, whether ``first``'s side won it (for resampling)."""

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float] | None:
        """A 95% interval for ``first``'s chance of winning a game of this match (Wilson's)."""
        return wilson(self.wins, self.games)


@attrs.frozen
class Rating:
    """A bot's Elo rating and its 95% interval (from the resampled refits)."""

    elo: float
    low: float
    high: float


@attrs.frozen
class TournamentResult:
    variant: str
    players: int
    sides: int
    bots: tuple[str, ...]
    games: int
    """Games per match."""
    matches: tuple[Match, ...]
    ratings: dict[str, Rating]

    @property
    def chance(self) -> float:
        """A side's share of the games among equal bots."""
        return 1.0 / self.sides

    def summary(self) -> dict[str, Any]:
        """Plain data for ``json.dumps``."""
        return {
            "variant": self.variant, "players": self.players, "sides": self.sides, "games_per_match": self.games,
            "chance": self.chance,
            "matches": [{"first": match.first, "second": match.second, "games": match.games, "wins": match.wins,
                         "share": match.share, "interval": list(match.interval) if match.interval else None}
                        for match in self.matches],
            "ratings": {bot: {"elo": rating.elo, "low": rating.low, "high": rating.high}
                        for bot, rating in self.ratings.items()},
        }


def tournament(variant: Variant | str, bots: Sequence[str], games: int, *, players: int | None = None,
               seed: int = 1, workers: int = 1, resamples: int = RESAMPLES) -> TournamentResult:
    """Play the round robin of ``bots`` (names as ``simulate`` takes them: ``heuristic``,
    ``search:N``, ``module:Class`` ...), ``games`` games per ordered pair, and rate them."""
    rules = variant if isinstance(variant, Variant) else load_variant(variant)
    probe = new_game(rules, players=players, seed=0)
    side_of = probe.table.side_of
    sides = max(side_of) + 1
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        raise ValueError(f"a tournament needs at least two different bots, not {', '.join(bots) or 'none'}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1 (games per match), not {games!r}")
    for name in names:
        bot_names(name, probe.players, rules)  # (an unknown bot fails before any game)
    matches = []
    for number, (first, second) in enumerate(itertools.permutations(names, 2)):
        outcomes: list[bool] = []
        for side in range(sides):  # first's side takes each side of the table in turn
            count = games // sides + (side < games % sides)
            if not count:
                continue
            seating = [first if side_of[seat] == side else second for seat in range(probe.players)]
            result = simulate(rules, count, seating, workers=workers, seed=seed + 1000 * number + side,
                              players=probe.players)
            outcomes += [record.winner == side for record in result.records]
        matches.append(Match(first, second, len(outcomes), sum(outcomes), tuple(outcomes)))
    ratings = _ratings(names, matches, sides, resamples, random.Random(seed))
    return TournamentResult(rules.name, probe.players, sides, tuple(names), games, tuple(matches), ratings)


def _fit(names: Sequence[str], tallies: Sequence[tuple[int, int, float, float]], sides: int,
         prior: float = PRIOR_GAMES) -> list[float]:
    """Log-strengths (natural) of ``names`` from (first, second, wins, games) tallies, by
    maximum likelihood under P(first wins) = s_f / (s_f + (sides - 1) s_s), each tally with
    ``prior`` imagined games won at chance: Newton steps on each strength in turn, a centred
    scale."""
    tallies = [(first, second, wins + prior / sides, games + prior) for first, second, wins, games in tallies]
    count = len(names)
    strength = [0.0] * count
    edge = EDGE * math.log(10) / 400
    for _ in range(200):
        largest = 0.0
        for bot in range(count):
            gradient = curvature = 0.0
            for first, second, wins, games in tallies:
                if bot not in (first, second) or not games:
                    continue
                odds = math.exp(strength[first] - strength[second]) / (sides - 1)
                chance = odds / (1 + odds)  # first's chance of winning one game
                sign = 1.0 if bot == first else -1.0
                gradient += sign * (wins - games * chance)
                curvature += games * chance * (1 - chance)
            if curvature <= 0:
                continue
            move = max(-1.0, min(1.0, gradient / curvature))
            strength[bot] = max(-edge, min(edge, strength[bot] + move))
            largest = max(largest, abs(move))
        mean = sum(strength) / count
        strength = [value - mean for value in strength]
        if largest < 1e-7:
            break
    return strength


def _ratings(names: Sequence[str], matches: Sequence[Match], sides: int, resamples: int,
             rng: random.Random) -> dict[str, Rating]:
    index = {name: number for number, name in enumerate(names)}
    scale = 400 / math.log(10)
    tallies: list[tuple[int, int, float, float]] = [
        (index[match.first], index[match.second], match.wins, match.games) for match in matches]
    best = [value * scale for value in _fit(names, tallies, sides)]
    refits: list[list[float]] = [[] for _ in names]
    for _ in range(resamples):
        drawn: list[tuple[int, int, float, float]] = []
        for match, (first, second, _, games) in zip(matches, tallies, strict=True):
            count = int(games)
            wins = sum(match.outcomes[rng.randrange(count)] for _ in range(count)) if count else 0
            drawn.append((first, second, wins, games))
        for bot, value in enumerate(_fit(names, drawn, sides)):
            refits[bot].append(value * scale)
    found = {}
    for bot, name in enumerate(names):
        values = sorted(refits[bot])
        low = values[int(0.025 * (len(values) - 1))] if values else best[bot]
        high = values[math.ceil(0.975 * (len(values) - 1))] if values else best[bot]
        found[name] = Rating(round(best[bot], 1), round(low, 1), round(high, 1))
    return found


def format_result(result: TournamentResult) -> str:
    """The matches and the ratings as text."""
    width = max(len(bot) for bot in result.bots)
    lines = [f"{result.variant}, {result.players} players ({result.sides} sides): {result.games} games per match; "
             f"chance {result.chance:.1%}", "",
             f"{'Match (first holds one side)':{2 * width + 4}}  {'wins':>6}  {'share':>6}  95% CI"]
    for match in result.matches:
        interval = match.interval
        shown = f"{interval[0]:6.1%} - {interval[1]:6.1%}" if interval else "-"
        lines.append(f"{match.first:{width}} vs {match.second:{width}}  {match.wins:6}  {match.share:6.1%}  {shown}")
    lines += ["", f"{'Rating (Elo)':{width}}  {'elo':>7}  95% CI"]
    for bot, rating in sorted(result.ratings.items(), key=lambda item: -item[1].elo):
        lines.append(f"{bot:{width}}  {rating.elo:7.0f}  {rating.low:7.0f} to {rating.high:7.0f}")
    return "\n".join(lines) + "\n"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``tournament`` command to ``pitchcore``'s subcommands."""
    parser = subparsers.add_parser("tournament", help="a round robin between bots, with Elo ratings")
    parser.add_argument("--variant", default="auction-pitch", help="bundled variant name or YAML file")
    parser.add_argument("--bots", required=True,
                        help="comma list of at least two bots (random, heuristic, search:N, jacks, module:Class)")
    parser.add_argument("--games", type=int, default=100, help="games per ordered pair of bots (default 100)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the variant's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes (0: one per CPU)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the ``tournament`` command; errors go to stderr, one line, with exit status 2."""
    search_current_folder()
    try:
        result = tournament(args.variant, [part.strip() for part in args.bots.split(",")], args.games,
                            players=args.players, seed=args.seed, workers=args.workers)
    except (PitchcoreError, ValueError, OSError) as error:
        print(f"pitchcore tournament: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result.summary(), indent=2) if args.json else format_result(result), end="\n" if args.json else "")
    return 0
