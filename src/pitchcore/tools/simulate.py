"""The ``simulate`` command: many bot-versus-bot games, in parallel, with their statistics.

Every game depends only on the simulation's seed and the game's number ``i``: the deal
seed is ``game_seed(seed, i)``, the bots draw from ``random.Random(f"{seed}/{i}/bots")``,
the dealer of game ``i`` is seat ``i % players``, and each game gets fresh bot objects.
Games are cut into chunks that a process pool (or the workers of a Dask cluster, with
``scheduler=``) plays in any order; the records are put back in game order before
anything is added up, and the histories of ``save=`` are written by the calling process,
so the figures and files for one seed are the same wherever and on how many workers the
games were played. Bots travel as their names (``heuristic``, ``mybots:GreedyBot``) and
each worker builds its own.

    >>> result = simulate("auction-pitch", games=4, bots="random", workers=1, seed=3)
    >>> result.games, len(result.records), result.bots
    (4, 4, ('random', 'random', 'random', 'random'))
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import importlib
import json
import logging
import math
import multiprocessing
import os
import random
import signal
import socket
import sys
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TextIO, cast

import attrs

from ..bots.base import Bot, RandomBot
from ..bots.loading import load_bot, search_current_folder, spec_of
from ..components.variant import Variant
from ..game.engine import new_game
from ..interop import history
from ..loading.loader import load_variant
from ..model.errors import IllegalMove, PitchcoreError
from ..model.text import shown

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "BOT_NAMES", "BotError", "ClusterError", "GameRecord", "HandRecord", "SimulationResult", "available_bots",
    "bot_by_name", "bot_names", "format_summary", "game_seed", "history_name", "play_one", "simulate", "summarize",
    "wilson",
]
"""What a program using the simulator imports; the command-line parts (``add_parser``, ``run``,
``main``) belong to ``pitchcore simulate``."""

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


MAX_PLAYOUTS = 100_000
"""The most playouts ``search:N`` takes (a second or more a decision even on the compiled
kernel): a bot name comes from a command line or a player, so ``search:99999999999999999999``
is refused rather than never ending."""


def bot_by_name(name: str, variant: Variant | None = None) -> Bot:
    """A new bot for ``name``: ``random``, ``heuristic``, ``search``, ``search:N`` (playouts),
    ``jacks`` (Jacks Trump's player), or ``module:Class``, a bot class of your own.

    ``variant`` is handed to the bots that read the rules (needed for variants loaded from
    a file); a class of your own gets it when its constructor has a ``variant`` parameter
    (see ``pitchcore.bots.loading``). An unknown name, a bot whose module is not there or a
    class that cannot be loaded raises ``ValueError``.
    """
    text = name.strip()
    base, _, option = text.lower().partition(":")
    if base not in BOT_NAMES:
        if ":" in text:
            return load_bot(text, variant)
        raise ValueError(f"unknown bot {shown(name)}: expected one of {', '.join(BOT_NAMES)} "
                         "(search:N sets the search's playouts), or module:Class for a bot class of your own")
    if option and base != "search":
        raise ValueError(f"bot {shown(name)}: only search takes an option (search:N, N playouts); a class of your "
                         f"own is module:Class, in a module not named {base}")
    if base == "random":
        return RandomBot()
    module_name, class_name = _LAZY_BOTS[base]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise ValueError(f"bot {shown(name)} is not available ({module_name} does not exist yet); "
                         f"available bots: {', '.join(available_bots())}") from None
    cls = getattr(module, class_name)
    if base == "search":
        if option:
            if not (option.isascii() and option.isdigit() and len(option) <= 9 and 1 <= int(option) <= MAX_PLAYOUTS):
                raise ValueError(f"bot {shown(name)}: search:N needs a whole number of playouts from 1 to "
                                 f"{MAX_PLAYOUTS:,}")
            return cast(Bot, cls(int(option), variant=variant))
        return cast(Bot, cls(variant=variant))
    return cast(Bot, cls(variant))


def _save_folder(folder: str) -> None:
    """Make ``simulate``'s ``save`` folder if it is not there; its parent must be (a typing
    slip in a long path is said, not turned into a tree of new folders)."""
    if os.path.isdir(folder):
        return
    parent = os.path.dirname(os.path.abspath(folder))
    if not os.path.isdir(parent):
        raise ValueError(f"save folder {shown(folder)}: its parent folder {shown(parent)} does not exist")
    os.mkdir(folder)


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


def _bot_name(part: str | type) -> str:
    """A bot name as simulate keeps it: built-in names in lower case, ``module:Class`` as written,
    a class as its ``module:Class``."""
    if not isinstance(part, str):
        return spec_of(part)
    text = part.strip()
    base = text.lower().partition(":")[0]
    return text.lower() if base in BOT_NAMES or ":" not in text else text


def bot_names(bots: str | Sequence[str | type], players: int, variant: Variant | None = None) -> tuple[str, ...]:
    """One bot name per seat from a comma list (or one name for every seat), checked by building
    each bot once (for ``variant``, when given): a class of your own that cannot be loaded
    fails here, before any game is played."""
    names = [part.strip() for part in bots.split(",")] if isinstance(bots, str) else [
        _bot_name(part) for part in bots]
    if not names or any(not part for part in names):
        raise ValueError(f"bots: expected a comma list of bot names ({', '.join(BOT_NAMES)} or module:Class), "
                         f"got {bots!r}")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"--bots gives {len(names)} names for {players} seats: give one name per seat "
                         "or a single name for every seat (or change --players)")
    for part in dict.fromkeys(names):
        bot_by_name(part, variant)  # raises for an unknown or missing bot
    return tuple(_bot_name(part) for part in names)


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
    """Winning side, or None when nobody won or several sides won together."""
    scores: tuple[int, ...]
    deals: int
    """Deals played, throw-ins included."""
    moves: int
    hands: tuple[HandRecord, ...]
    winners: tuple[int, ...] = ()
    """Every winning side (``GameState.winners``): several where sides win together."""


MAX_MOVES = 1_000_000
"""A game still running after this many moves is stopped with a ``BotError``: its bots never
let it end (bots that always pass make the deal go round for ever). Random bots at nine-five
need some 60,000."""


class BotError(PitchcoreError, RuntimeError):
    """A bot failed during a simulated game: it raised, chose a move that is not legal, or
    kept the game from ending. The message names the game, the seat and the bot."""


def play_one(variant: Variant, players: int, seed: int, names: Sequence[str], index: int,
             save: str | None = None) -> GameRecord:
    """Play game ``index``: fresh bots, its own deal seed, bot random stream and dealer.

    With ``save`` (a folder), the game's history is written there as ``history_name(index)``."""
    record, text = _play_game(variant, players, seed, names, index, keep_history=save is not None)
    if save is not None and text is not None:
        Path(save, history_name(index)).write_text(text, encoding="utf-8")
    return record


def _play_game(variant: Variant, players: int, seed: int, names: Sequence[str], index: int,
               keep_history: bool) -> tuple[GameRecord, str | None]:
    """Game ``index``'s record, and its history text when ``keep_history``."""
    bots = [bot_by_name(name, variant) for name in names]
    rng = random.Random(f"{seed}/{index}/bots")
    deal_seed = game_seed(seed, index)
    state = new_game(variant, players=players, seed=deal_seed, dealer=index % players)
    moves = 0
    while True:
        seat = state.to_move
        if seat is None:
            break
        if moves >= MAX_MOVES:
            raise BotError(f"game {index} did not end within {MAX_MOVES} moves (bots {', '.join(names)}): "
                           "do the bots ever bid?")
        view, legal = state.view(seat), state.legal_moves()
        try:
            move = bots[seat].choose(view, legal, rng)
        except Exception as error:
            raise BotError(f"game {index}: seat {seat}'s bot {names[seat]} failed: "
                           f"{type(error).__name__}: {' '.join(str(error).split())}") from error
        try:
            state = state.apply(move)
        except IllegalMove as error:
            raise BotError(f"game {index}: seat {seat}'s bot {names[seat]} chose a move that is not legal: "
                           f"{error}") from None
        moves += 1
    text = None
    if keep_history:
        text = history.write(state, names=names, event=f"pitchcore simulate, seed {seed}, game {index}")
    hands = tuple(
        HandRecord(result.bidder, result.bid, result.made, tuple(result.awards.items()), tuple(result.delta))
        for result in state.hand_results)
    record = GameRecord(index, deal_seed, index % players, state.winner, tuple(state.scores),
                        state.deal_number + 1, moves, hands, state.winners)
    return record, text


def history_name(index: int) -> str:
    """The file name of game ``index``'s history in ``simulate --save``'s folder."""
    return f"game-{index:04d}{history.EXTENSION}"


_Job = tuple[Variant, int, int, tuple[str, ...], int, int, bool]
"""What a worker needs to play a chunk: variant, players, seed, bot names, first and past-last
game, and whether to return the histories."""

_Chunk = tuple[int, list[GameRecord], list[str] | None]
"""A played chunk: its first game, the records, the histories (when asked for)."""


def _play_chunk(job: _Job) -> _Chunk:
    variant, players, seed, names, start, stop, keep = job
    played = [_play_game(variant, players, seed, names, index, keep) for index in range(start, stop)]
    texts = [text for _, text in played if text is not None] if keep else None
    return start, [record for record, _ in played], texts


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


def simulate(variant: Variant | str, games: int, bots: str | Sequence[str | type], workers: int = 1,
             seed: int = 1, players: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             save: str | os.PathLike[str] | None = None,
             scheduler: str | Client | None = None) -> SimulationResult:
    """Play ``games`` games between ``bots`` (a name per seat, or one for all) on ``workers`` processes.

    A bot is a built-in name, ``module:Class`` or a class (kept as its ``module:Class``).
    ``progress(done, total)`` is called as chunks of games finish (in any order). With
    ``save`` (a folder, created if need be inside an existing one), each game's history is written there, game
    ``i`` as ``history_name(i)`` (``game-0007.txt``), for ``pitchcore replay`` or a bug report.

    With ``scheduler`` (a Dask scheduler's address, ``tcp://host:8786``, or a
    ``distributed.Client``), the games are played by that cluster's workers instead, for
    when one machine is not enough (``workers`` is then ignored; needs the ``dask`` extra).
    The result is the same as a local run's with the same seed. Cluster trouble raises
    ``ClusterError``; a bot failing in a game raises ``BotError``.
    """
    if not isinstance(variant, Variant):
        variant = load_variant(variant)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"workers must be a whole number >= 1 (0: one per CPU), not {workers!r}")
    seats = variant.deal.default_players if players is None else players
    probe = new_game(variant, players=seats, seed=0)  # checks the player count
    names = bot_names(bots, seats, variant)
    folder = None if save is None else os.fspath(save)
    if folder is not None:
        _save_folder(folder)
    client, own_client = _connect(scheduler) if scheduler is not None else (None, False)
    pool = None
    on_cluster: Generator[_Chunk, None, None] | None = None
    try:
        if client is not None:
            workers = _cluster_threads(client)
            _check_workers(client, variant, names)
        else:
            workers = workers or os.cpu_count() or 1
        chunk = max(1, min(50, math.ceil(games / (workers * 8))))
        jobs: list[_Job] = [(variant, seats, seed, names, start, min(games, start + chunk), folder is not None)
                            for start in range(0, games, chunk)]
        workers = max(1, min(workers, len(jobs)))
        chunks: dict[int, list[GameRecord]] = {}
        done = 0
        started = time.perf_counter()
        if progress is not None:
            progress(0, games)
        results: Iterable[_Chunk]
        if client is not None:
            results = on_cluster = _cluster_results(client, jobs)
        elif workers == 1:
            results = map(_play_chunk, jobs)
        else:
            pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_worker_init)
            results = pool.imap_unordered(_play_chunk, jobs)
        for start, records, texts in results:
            chunks[start] = records
            if folder is not None and texts is not None:
                for index, text in enumerate(texts, start):
                    Path(folder, history_name(index)).write_text(text, encoding="utf-8")
            done += len(records)
            if progress is not None:
                progress(done, games)
        seconds = time.perf_counter() - started
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
        if on_cluster is not None:
            on_cluster.close()  # cancels what is left of the games
        if client is not None and own_client:
            client.close()
    ordered = tuple(record for start in sorted(chunks) for record in chunks[start])
    return SimulationResult(variant.name, seats, seed, names, tuple(probe.table.side_of), ordered,
                            workers, seconds)


# -- on a Dask cluster -----------------------------------------------------------------

DASK_EXTRA = 'pip install pitchcore[dask] (from a checkout: pip install "/path/to/pitchcore[dask]")'
"""How to install what ``scheduler=`` needs."""

CONNECT_SECONDS = 10.0
"""How long to wait for a scheduler to answer, and for a scheduler to have a worker."""


class ClusterError(PitchcoreError, RuntimeError):
    """Simulating on a Dask cluster failed: Dask is not installed, the scheduler cannot be
    reached or has no workers, the workers cannot load a bot, or a worker was lost."""


def _import_distributed() -> ModuleType:
    """``distributed``, imported only when a cluster is asked for (it is an optional extra)."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"simulating on a Dask cluster needs Dask distributed, which is not installed: "
                           f"{DASK_EXTRA}") from None
    return distributed


def _connect(scheduler: str | Client) -> tuple[Any, bool]:
    """A client of ``scheduler`` (an address or a client) and whether it is ours to close.

    (Typed ``Any``: most of ``distributed.Client``'s methods have no annotations.)"""
    distributed = _import_distributed()
    if isinstance(scheduler, distributed.Client):
        return scheduler, False
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise ValueError("scheduler: expected a Dask scheduler's address (tcp://host:8786) or a "
                         f"distributed.Client, got {scheduler!r}")
    problem = None
    try:
        _knock(scheduler.strip())
        client = distributed.Client(scheduler.strip(), timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, ValueError, TypeError) as error:
        problem = _one_line(error)
    if problem is not None:
        # The half-made client is freed with the exception: collected now, it closes at once
        # (left to the end of the program, it closes slowly and prints a traceback).
        gc.collect()
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {problem}")
    return client, True


def _knock(address: str) -> None:
    """Connect once to a ``tcp://`` scheduler: a refused connection or an unknown host fails at
    once (``distributed.Client`` would retry until its timeout)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme == "tcp":
        host, port = parse_host_port(location, default_port=8786)
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS):
            pass


def _cluster_threads(client: Any) -> int:
    """The cluster's worker threads, waiting a little for a first worker."""
    if not client.nthreads():
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            address = client.scheduler.address
            raise ClusterError(f"the Dask scheduler at {address} has no workers after {CONNECT_SECONDS:g} s: "
                               f"start some with: dask worker {address}") from None
    threads: dict[str, int] = client.nthreads()
    return max(1, sum(threads.values()))


def _worker_problem(variant: Variant, names: tuple[str, ...]) -> str | None:
    """Run on each worker before the games: builds each bot once; what went wrong, or None."""
    try:
        for name in dict.fromkeys(names):
            bot_by_name(name, variant)
    except Exception as error:
        return str(error)
    return None


def _check_workers(client: Any, variant: Variant, names: tuple[str, ...]) -> None:
    """Every worker can import pitchcore and build the bots, or a ``ClusterError`` says which cannot."""
    problem = None
    try:
        answers = client.run(_worker_problem, variant, names)
    except Exception as error:
        problem = _one_line(error)
    if problem is not None:
        raise ClusterError(f"the Dask workers cannot run pitchcore's games ({problem}): install pitchcore, "
                           "the same version, on every worker machine")
    for address, answer in sorted(answers.items()):
        if answer is not None:
            raise ClusterError(f"worker {address}: {answer} (each worker imports the bots itself: start dask "
                               "worker where the module can be imported, e.g. with PYTHONPATH set to its folder)")


def _cluster_results(client: Any, jobs: list[_Job]) -> Generator[_Chunk, None, None]:
    """The chunks as the cluster finishes them; a lost worker or connection is a ``ClusterError``
    (a bot's own failure keeps its type: ``BotError``, ``ValueError``)."""
    distributed = _import_distributed()
    futures = client.map(_play_chunk, jobs, pure=False)
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            problem = None
            try:
                chunk: _Chunk = future.result()
            except (PitchcoreError, ValueError):
                raise
            except Exception as error:
                problem = _one_line(error)
            if problem is not None:
                raise ClusterError(f"the Dask cluster failed during the games: {problem}")
            yield chunk
    finally:
        client.cancel(futures)


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


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
    no_winner = shared = 0
    for record in result.records:
        winners = record.winners or (() if record.winner is None else (record.winner,))
        for side in winners:  # a win shared by several sides counts for each of them
            wins[side] += 1
        no_winner += not winners
        shared += len(winners) > 1
        for side, score in enumerate(record.scores):
            final[side] += score

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
        "shared_wins": shared,
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
    if summary.get("shared_wins"):
        add(f"{'won by several sides':{width}}  {summary['shared_wins']:6d}  (each side's wins count them)")
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
                             f"{', '.join(BOT_NAMES)}; search:N for N playouts; module:Class for a bot class "
                             "of your own, imported from the current folder or PYTHONPATH (default random)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes to play on (default 1; 0: one per CPU); results do not depend on it")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="play on the workers of a Dask cluster instead (tcp://host:8786; --workers is then "
                             "ignored), with the same results as a local run; needs pitchcore[dask]")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole simulation (default 1)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the variant's)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    parser.add_argument("--save", metavar="DIR", default=None,
                        help="write each game's history into DIR (created if need be, in an existing folder): "
                             f"game-0000{history.EXTENSION}, game-0001... by game number, for pitchcore replay")
    parser.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                        help="progress bar on stderr (auto: when stderr is a terminal)")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``simulate`` command to ``pitchcore``'s subcommands (its ``run`` is ``args.run``)."""
    parser = subparsers.add_parser("simulate", help="play many bot games and print win rates and statistics")
    add_arguments(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the ``simulate`` command; errors go to stderr, one line, with exit status 2.

    Bot modules (``--bots mybots:GreedyBot``) are also looked for in the current folder."""
    search_current_folder()
    if getattr(args, "scheduler", None):
        _quiet_dask()
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(sys.stderr) if show else None
    try:
        result = simulate(args.variant, args.games, args.bots, args.workers, args.seed, args.players,
                          progress=bar, save=args.save, scheduler=getattr(args, "scheduler", None))
    except (PitchcoreError, ValueError, OSError) as error:
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


def _quiet_dask() -> None:
    """A lost scheduler or worker is said in one line by ``run``; Dask's own log would add
    tracebacks. (Importing ``distributed`` sets its log levels, so this comes after.)"""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return  # simulate says how to install it
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pitchcore simulate",
                                     description="Play many bot games and print their statistics.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
