"""The ``simulate`` command: many bot-versus-bot games, in parallel, with their statistics.

Every game depends only on the simulation's seed and the game's number ``i``: the deal
seed is ``game_seed(seed, i)``, the bots draw from ``random.Random(f"{seed}/{i}/bots")``,
the dealer of game ``i`` is seat ``i % players``, and each game gets fresh bot objects.
Games are cut into chunks that a process pool plays in any order; the records are put
back in game order before anything is added up, so the figures for one seed are the same
whatever the number of workers.

    >>> result = simulate("auction-pitch", games=4, bots="random", workers=1, seed=3)
    >>> result.games, len(result.records), result.bots
    (4, 4, ('random', 'random', 'random', 'random'))
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO, cast

import attrs

from . import history
from .bots.base import Bot, RandomBot
from .engine import new_game
from .errors import VariantError
from .loader import load_variant
from .variant import Variant

BOT_NAMES = ("random", "heuristic", "search", "jacks")
"""The names ``bot_by_name`` knows (``search:N`` sets the search's playouts per decision)."""

_LAZY_BOTS = {
    "heuristic": ("pitchcore.bots.heuristic", "HeuristicBot"),
    "search": ("pitchcore.bots.search", "SearchBot"),
    "jacks": ("pitchcore.bots.jacks", "JacksBot"),
}

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


# -- bots ------------------------------------------------------------------------------


def bot_by_name(name: str, variant: Variant | None = None) -> Bot:
    """A new bot for ``name``: ``random``, ``heuristic``, ``search``, ``search:N`` (playouts) or
    ``jacks`` (Jacks Trump's player).

    ``variant`` is handed to the bots that read the rules (needed for variants loaded from
    a file). An unknown name, or a bot whose module is not there, raises ``ValueError``.
    """
    text = name.strip().lower()
    base, _, option = text.partition(":")
    if base not in BOT_NAMES:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)} "
                         "(search:N sets the search's playouts)")
    if option and base != "search":
        raise ValueError(f"bot {name!r}: only search takes an option (search:N, N playouts)")
    if base == "random":
        return RandomBot()
    module_name, class_name = _LAZY_BOTS[base]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise ValueError(f"bot {name!r} is not available ({module_name} does not exist yet); "
                         f"available bots: {', '.join(available_bots())}") from None
    cls = getattr(module, class_name)
    if base == "search":
        if option:
            if not option.isdigit() or int(option) < 1:
                raise ValueError(f"bot {name!r}: search:N needs a whole number of playouts >= 1")
            return cast(Bot, cls(int(option), variant=variant))
        return cast(Bot, cls(variant=variant))
    return cast(Bot, cls(variant))


def available_bots() -> list[str]:
    """The bot names whose modules can be imported now."""
    names = ["random"]
    for base, (module_name, _) in _LAZY_BOTS.items():
        try:
            importlib.import_module(module_name)
        except ImportError:
            continue
        names.append(base)
    return names


def bot_names(bots: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat from a comma list (or one name for every seat), checked."""
    names = [part.strip() for part in bots.split(",")] if isinstance(bots, str) else [
        str(part).strip() for part in bots]
    if not names or any(not part for part in names):
        raise ValueError(f"bots: expected a comma list of bot names ({', '.join(BOT_NAMES)}), "
                         f"got {bots!r}")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"--bots gives {len(names)} names for {players} seats: give one name per seat "
                         "or a single name for every seat (or change --players)")
    for part in dict.fromkeys(names):
        bot_by_name(part)  # raises for an unknown or missing bot
    return tuple(part.lower() for part in names)


# -- playing ----------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a simulation seeded ``seed`` (63 bits)."""
    digest = hashlib.sha256(f"pitchcore-simulate/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@attrs.frozen
class HandRecord:
    """What the statistics need of one finished hand."""

    bidder: int | None
    bid: int | str | None
    made: bool | None
    awards: tuple[tuple[str, int | None], ...]
    delta: tuple[int, ...]


@attrs.frozen
class GameRecord:
    """One finished game."""

    index: int
    seed: int
    dealer: int
    winner: int | None
    """Winning side, or None when nobody won."""
    scores: tuple[int, ...]
    deals: int
    """Deals played, throw-ins included."""
    moves: int
    hands: tuple[HandRecord, ...]


def play_one(variant: Variant, players: int, seed: int, names: Sequence[str], index: int,
             save: str | None = None) -> GameRecord:
    """Play game ``index``: fresh bots, its own deal seed, bot random stream and dealer.

    With ``save`` (a folder), the game's history is written there as ``history_name(index)``."""
    bots = [bot_by_name(name, variant) for name in names]
    rng = random.Random(f"{seed}/{index}/bots")
    deal_seed = game_seed(seed, index)
    state = new_game(variant, players=players, seed=deal_seed, dealer=index % players)
    moves = 0
    while True:
        seat = state.to_move
        if seat is None:
            break
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_moves(), rng))
        moves += 1
    if save is not None:
        text = history.write(state, names=names, event=f"pitchcore simulate, seed {seed}, game {index}")
        Path(save, history_name(index)).write_text(text, encoding="utf-8")
    hands = tuple(
        HandRecord(result.bidder, result.bid, result.made, tuple(result.awards.items()), tuple(result.delta))
        for result in state.hand_results)
    return GameRecord(index, deal_seed, index % players, state.winner, tuple(state.scores),
                      state.deal_number + 1, moves, hands)


def history_name(index: int) -> str:
    """The file name of game ``index``'s history in ``simulate --save``'s folder."""
    return f"game-{index:04d}{history.EXTENSION}"


_Job = tuple[Variant, int, int, tuple[str, ...], int, int, str | None]


def _play_chunk(job: _Job) -> tuple[int, list[GameRecord]]:
    variant, players, seed, names, start, stop, save = job
    return start, [play_one(variant, players, seed, names, index, save) for index in range(start, stop)]


def _worker_init() -> None:
    """Leave Ctrl-C to the parent, which stops the pool (no traceback from every worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@attrs.frozen
class SimulationResult:
    """Every game's record, in game order, and what they were played with.

    Equality ignores ``workers`` and ``seconds``: two runs with the same seed are equal.
    """

    variant: str
    players: int
    seed: int
    bots: tuple[str, ...]
    """Bot name per seat."""
    side_of: tuple[int, ...]
    """Side of each seat."""
    records: tuple[GameRecord, ...]
    workers: int = attrs.field(default=1, eq=False)
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def sides(self) -> int:
        return max(self.side_of) + 1

    def summary(self) -> dict[str, Any]:
        """The figures the command prints, as plain JSON-ready data."""
        return summarize(self)


def simulate(variant: Variant | str, games: int, bots: str | Sequence[str], workers: int = 1,
             seed: int = 1, players: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             save: str | os.PathLike[str] | None = None) -> SimulationResult:
    """Play ``games`` games between ``bots`` (a name per seat, or one for all) on ``workers`` processes.

    ``progress(done, total)`` is called as chunks of games finish (in any order). With
    ``save`` (a folder, created if need be), each game's history is written there, game
    ``i`` as ``history_name(i)`` (``game-0007.txt``), for ``pitchcore replay`` or a bug report.
    """
    if not isinstance(variant, Variant):
        variant = load_variant(variant)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"workers must be a whole number >= 1 (0: one per CPU), not {workers!r}")
    seats = variant.deal.default_players if players is None else players
    probe = new_game(variant, players=seats, seed=0)  # checks the player count
    names = bot_names(bots, seats)
    workers = workers or os.cpu_count() or 1
    chunk = max(1, min(50, math.ceil(games / (workers * 8))))
    folder = None if save is None else os.fspath(save)
    if folder is not None:
        os.makedirs(folder, exist_ok=True)
    jobs: list[_Job] = [(variant, seats, seed, names, start, min(games, start + chunk), folder)
                        for start in range(0, games, chunk)]
    workers = max(1, min(workers, len(jobs)))
    chunks: dict[int, list[GameRecord]] = {}
    done = 0
    started = time.perf_counter()
    if progress is not None:
        progress(0, games)
    results: Iterable[tuple[int, list[GameRecord]]]
    if workers == 1:
        results = map(_play_chunk, jobs)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_worker_init)
        results = pool.imap_unordered(_play_chunk, jobs)
    try:
        for start, records in results:
            chunks[start] = records
            done += len(records)
            if progress is not None:
                progress(done, games)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    ordered = tuple(record for start in sorted(chunks) for record in chunks[start])
    return SimulationResult(variant.name, seats, seed, names, tuple(probe.table.side_of), ordered,
                            workers, time.perf_counter() - started)


# -- statistics ------------------------------------------------------------------------


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion (None without trials)."""
    if trials <= 0:
        return None
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(successes: int, trials: int) -> dict[str, Any]:
    interval = wilson(successes, trials)
    return {"rate": successes / trials if trials else None,
            "wilson95": list(interval) if interval is not None else None}


def _bid_key(bid: int | str) -> tuple[int, int, str]:
    return (0, bid, "") if isinstance(bid, int) else (1, 0, str(bid))


def summarize(result: SimulationResult) -> dict[str, Any]:
    """Win rates, hands per game, bid success, awards and throughput of a simulation."""
    games, players, side_of = result.games, result.players, result.side_of
    sides = result.sides
    side_seats = [[seat for seat in range(players) if side_of[seat] == side] for side in range(sides)]
    hands = [hand for record in result.records for hand in record.hands]
    hand_count = len(hands)
    wins = [0] * sides
    final = [0] * sides
    for record in result.records:
        if record.winner is not None:
            wins[record.winner] += 1
        for side, score in enumerate(record.scores):
            final[side] += score
    no_winner = games - sum(wins)

    bids_won = [0] * players
    bids_made = [0] * players
    points = [0] * sides
    levels: dict[int | str, list[int]] = {}
    award_names: dict[str, None] = {}
    award_counts: dict[str, list[int]] = {}
    award_none: dict[str, int] = {}
    for hand in hands:
        for side, change in enumerate(hand.delta):
            points[side] += change
        if hand.bidder is not None and hand.bid is not None:
            bids_won[hand.bidder] += 1
            bids_made[hand.bidder] += bool(hand.made)
            level = levels.setdefault(hand.bid, [0, 0])
            level[0] += 1
            level[1] += bool(hand.made)
        for name, taker in hand.awards:
            award_names.setdefault(name)
            counts = award_counts.setdefault(name, [0] * sides)
            if taker is None:
                award_none[name] = award_none.get(name, 0) + 1
            else:
                counts[taker] += 1

    seat_rows = [{
        "seat": seat, "bot": result.bots[seat], "side": side_of[seat],
        "wins": wins[side_of[seat]], **_rate(wins[side_of[seat]], games),
        "bids_won": bids_won[seat], "bids_made": bids_made[seat],
        "bid_success": bids_made[seat] / bids_won[seat] if bids_won[seat] else None,
    } for seat in range(players)]
    side_rows = [{
        "side": side, "seats": side_seats[side], "bots": [result.bots[seat] for seat in side_seats[side]],
        "wins": wins[side], **_rate(wins[side], games),
        "average_final_score": final[side] / games if games else None,
        "points_per_hand": points[side] / hand_count if hand_count else None,
        "bids_won": sum(bids_won[seat] for seat in side_seats[side]),
        "bids_made": sum(bids_made[seat] for seat in side_seats[side]),
    } for side in range(sides)]
    by_bot: dict[str, dict[str, Any]] = {}
    for seat in range(players):
        entry = by_bot.setdefault(result.bots[seat], {"seats": [], "seat_games": 0, "wins": 0,
                                                      "bids_won": 0, "bids_made": 0})
        entry["seats"].append(seat)
        entry["seat_games"] += games
        entry["wins"] += wins[side_of[seat]]
        entry["bids_won"] += bids_won[seat]
        entry["bids_made"] += bids_made[seat]
    for entry in by_bot.values():
        entry.update(_rate(entry["wins"], entry["seat_games"]))
        entry["bid_success"] = entry["bids_made"] / entry["bids_won"] if entry["bids_won"] else None
    bid_rows = [{"bid": bid, "hands": count, "made": made, **_rate(made, count)}
                for bid, (count, made) in sorted(levels.items(), key=lambda item: _bid_key(item[0]))]
    awards = {name: {
        "sides": award_counts[name], "nobody": award_none.get(name, 0),
        "per_hand": [count / hand_count if hand_count else None for count in award_counts[name]],
    } for name in award_names}
    seconds = result.seconds
    return {
        "variant": result.variant, "players": players, "games": games, "seed": result.seed,
        "workers": result.workers, "bots": list(result.bots), "side_of": list(side_of),
        "partnerships": sides < players,
        "seats": seat_rows, "sides": side_rows, "by_bot": by_bot, "no_winner": no_winner,
        "hands": hand_count, "hands_per_game": hand_count / games if games else None,
        "deals_per_game": sum(r.deals for r in result.records) / games if games else None,
        "moves_per_game": sum(r.moves for r in result.records) / games if games else None,
        "bids": bid_rows, "awards": awards,
        "seconds": seconds, "games_per_second": games / seconds if seconds > 0 else None,
    }


# -- output ----------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:5.1f}%"


def _ci(interval: Sequence[float] | None) -> str:
    return "" if interval is None else f"[{100 * interval[0]:.1f}%, {100 * interval[1]:.1f}%]"


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def format_summary(summary: dict[str, Any]) -> str:
    """The text report of ``summarize``'s figures."""
    lines: list[str] = []
    add = lines.append
    partners = summary["partnerships"]
    add(f"{summary['variant']}: {summary['games']} games, {summary['players']} players, "
        f"seed {summary['seed']}, {summary['workers']} worker(s)")
    add("bots: " + ", ".join(f"seat {row['seat']} {row['bot']}" for row in summary["seats"]))
    add("")

    def side_label(row: dict[str, Any]) -> str:
        if partners:
            return f"side {row['side']} (seats {'+'.join(map(str, row['seats']))}: {'+'.join(row['bots'])})"
        return f"seat {row['seats'][0]} {row['bots'][0]}"

    labels = [side_label(row) for row in summary["sides"]]
    width = max([len(label) for label in labels] + [24])
    add(f"{'Wins':{width}}  {'wins':>6}  {'rate':>6}  95% CI            {'final':>6}  {'pts/hand':>8}")
    for label, row in zip(labels, summary["sides"], strict=True):
        add(f"{label:{width}}  {row['wins']:6d}  {_pct(row['rate']):>6}  {_ci(row['wilson95']):16}  "
            f"{_num(row['average_final_score'], 1):>6}  {_num(row['points_per_hand']):>8}")
    if summary["no_winner"]:
        add(f"{'no winner':{width}}  {summary['no_winner']:6d}")
    add("")
    add(f"{'By bot (per seat-game)':{width}}  {'wins':>6}  {'rate':>6}  95% CI            "
        f"{'bids':>6}  {'made':>6}")
    for name, entry in summary["by_bot"].items():
        label = f"{name} (seat{'s' if len(entry['seats']) > 1 else ''} {','.join(map(str, entry['seats']))})"
        add(f"{label:{width}}  {entry['wins']:6d}  {_pct(entry['rate']):>6}  {_ci(entry['wilson95']):16}  "
            f"{entry['bids_won']:6d}  {_pct(entry['bid_success']):>6}")
    add("")
    add(f"Hands per game: {_num(summary['hands_per_game'])} "
        f"(deals {_num(summary['deals_per_game'])}, moves {_num(summary['moves_per_game'], 1)}); "
        f"{summary['hands']} hands in all")
    if summary["bids"]:  # none where the variant has no auction
        add("")
        add(f"{'Bid':10}  {'hands':>7}  {'made':>7}  {'rate':>6}  95% CI")
        for row in summary["bids"]:
            add(f"{'bid ' + str(row['bid']):10}  {row['hands']:7d}  {row['made']:7d}  {_pct(row['rate']):>6}  "
                f"{_ci(row['wilson95'])}")
    add("")
    heads = [f"side {row['side']}" if partners else f"seat {row['side']}" for row in summary["sides"]]
    add("Points: share of hands each " + ("side" if partners else "seat") + " won them")
    add(f"{'':10}  " + "  ".join(f"{head:>7}" for head in heads) + f"  {'nobody':>7}")
    hands = summary["hands"]
    for name, award in summary["awards"].items():
        shares = "  ".join(f"{_pct(share):>7}" for share in award["per_hand"])
        add(f"{name:10}  {shares}  {_pct(award['nobody'] / hands if hands else None):>7}")
    add("")
    rate = summary["games_per_second"]
    add(f"Throughput: {summary['games']} games in {summary['seconds']:.2f} s"
        + (f" = {rate:.1f} games/s" if rate is not None else ""))
    return "\n".join(lines) + "\n"


class ProgressBar:
    """``\\r[#####     ] 123/1000`` on a stream (stderr), rewritten in place."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total if total else self.width
        self.stream.write(f"\r[{'#' * filled}{' ' * (self.width - filled)}] {done}/{total}")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


# -- command line ----------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` command's options."""
    parser.add_argument("--variant", default="auction-pitch", help="bundled variant name or YAML file")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--bots", default="random",
                        help="bot per seat as a comma list, or one name for every seat: "
                             f"{', '.join(BOT_NAMES)}; search:N for N playouts (default random)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes to play on (default 1; 0: one per CPU); results do not depend on it")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole simulation (default 1)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the variant's)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    parser.add_argument("--save", metavar="DIR", default=None,
                        help=f"write each game's history into DIR (created if need be): game-0000{history.EXTENSION}, "
                             "game-0001... by game number, for pitchcore replay")
    parser.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                        help="progress bar on stderr (auto: when stderr is a terminal)")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``simulate`` command to ``pitchcore``'s subcommands (its ``run`` is ``args.run``)."""
    parser = subparsers.add_parser("simulate", help="play many bot games and print win rates and statistics")
    add_arguments(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the ``simulate`` command; errors go to stderr with exit status 2."""
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(sys.stderr) if show else None
    try:
        result = simulate(args.variant, args.games, args.bots, args.workers, args.seed, args.players,
                          progress=bar, save=args.save)
    except (VariantError, ValueError, OSError) as error:
        if bar is not None:
            bar.close()
        print(f"pitchcore simulate: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        print("pitchcore simulate: interrupted", file=sys.stderr)
        return 130
    if bar is not None:
        bar.close()
    summary = result.summary()
    try:
        if args.json:
            print(json.dumps(summary, indent=2))
        else:
            print(format_summary(summary), end="")
    except BrokenPipeError:
        return 0
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pitchcore simulate",
                                     description="Play many bot games and print their statistics.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
