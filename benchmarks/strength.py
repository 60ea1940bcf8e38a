"""Playing strength of the bundled bots: who wins how often, with 95% Wilson intervals.

Matchups, each on auction-pitch and haus-pitch (4 players, cutthroat):
  heuristic vs random   HeuristicBot in two seats against RandomBot in the other two
  search vs heuristic   SearchBot (small playout budget) against HeuristicBot
Bot A sits in seats 0 and 2 on even games and in seats 1 and 3 on odd games, each seed
played once each way round (the dealer moves on every pair), so no one gains from seat
order. A game counts for A when the winning side is one of A's seats.

Run:
    python benchmarks/strength.py            # 2000 games per matchup and variant
    python benchmarks/strength.py --quick    # 200
    python benchmarks/strength.py --games 500 --search-games 100 --playouts 60 --jobs 2
The search matchup is much slower (about 0.5 s per game per process at 60 playouts): it
plays --search-games games (default: --games) but stops after --search-seconds per variant
(default 270, so a default run takes about ten minutes on two cores); the table prints the
number of games actually played and marks a matchup the time cap cut short.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time

import pitchcore
from pitchcore.bots import Bot, HeuristicBot, RandomBot, SearchBot, play_game
from pitchcore.simulate import wilson

VARIANTS = ("auction-pitch", "haus-pitch")


def make_bots(matchup: str, playouts: int) -> tuple[Bot, Bot]:
    if matchup == "heuristic-vs-random":
        return HeuristicBot(), RandomBot()
    if matchup == "search-vs-heuristic":
        return SearchBot(playouts=playouts), HeuristicBot()
    raise ValueError(matchup)


def play_one(job: tuple[str, str, int, int, int]) -> tuple[int, int, int, float, int]:
    """One game: (A won, B won, playouts, search seconds, hands)."""
    matchup, variant, game, playouts, players = job
    bot_a, bot_b = make_bots(matchup, playouts)
    a_seats = {seat for seat in range(players) if (seat + game) % 2 == 0}
    bots = [bot_a if seat in a_seats else bot_b for seat in range(players)]
    pair = game // 2
    state = pitchcore.new_game(variant, players=players, seed=pair, dealer=pair % players)
    end = play_game(state, bots, random.Random(f"{variant}/{pair}/{game}"))
    a_won = b_won = 0
    if end.winner is not None:
        seats = [seat for seat in range(players) if end.table.side_of[seat] == end.winner]
        a_won = int(seats[0] in a_seats)
        b_won = 1 - a_won
    playouts_done, seconds = 0, 0.0
    if isinstance(bot_a, SearchBot):
        playouts_done, seconds = bot_a.stats.playouts, bot_a.stats.seconds
    return a_won, b_won, playouts_done, seconds, len(end.hand_results)


def run(matchup: str, variant: str, games: int, playouts: int, players: int, jobs: int,
        seconds: float | None) -> dict[str, float]:
    work = [(matchup, variant, game, playouts, players) for game in range(games)]
    started = time.perf_counter()
    totals = [0, 0, 0, 0.0, 0]
    played = 0
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap(play_one, work, chunksize=2) if pool else map(play_one, work)
        for result in results:
            for index, value in enumerate(result):
                totals[index] += value
            played += 1
            if seconds is not None and time.perf_counter() - started > seconds and played % 2 == 0:
                break
    finally:
        if pool:
            pool.terminate()
    elapsed = time.perf_counter() - started
    return {"games": played, "a": totals[0], "b": totals[1], "playouts": totals[2],
            "search_seconds": totals[3], "hands": totals[4], "elapsed": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per matchup and variant")
    parser.add_argument("--quick", action="store_true", help="200 games per matchup and variant")
    parser.add_argument("--search-games", type=int, default=None,
                        help="games for the search matchup (default: --games)")
    parser.add_argument("--search-seconds", type=float, default=270.0,
                        help="stop each search matchup after this many seconds (an even game count); "
                             "0 = no cap")
    parser.add_argument("--playouts", type=int, default=60, help="SearchBot playouts per decision")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=min(2, multiprocessing.cpu_count()),
                        help="worker processes (default: 2, or 1 on a single core)")
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--matchups", nargs="*", default=["heuristic-vs-random", "search-vs-heuristic"])
    args = parser.parse_args()
    games = 200 if args.quick else args.games
    search_games = args.search_games if args.search_games is not None else games
    print(f"{'matchup':22} {'variant':14} {'games':>6} {'A wins':>7} {'B wins':>7} {'A rate':>7} "
          f"{'95% CI':>15} {'hands/g':>7} {'seconds':>8}")
    speeds = []
    for matchup in args.matchups:
        for variant in args.variants:
            count = search_games if matchup.startswith("search") else games
            limit = args.search_seconds or None if matchup.startswith("search") else None
            row = run(matchup, variant, count, args.playouts, args.players, args.jobs, limit)
            decided = row["a"] + row["b"]
            low, high = wilson(int(row["a"]), int(decided)) or (0.0, 1.0)
            rate = row["a"] / decided if decided else 0.0
            print(f"{matchup:22} {variant:14} {int(row['games']):6} {int(row['a']):7} {int(row['b']):7} "
                  f"{rate:7.3f} [{low:.3f}, {high:.3f}] {row['hands'] / max(row['games'], 1):7.1f} "
                  f"{row['elapsed']:8.1f}" + ("  (time cap: fewer games)" if row["games"] < count else ""),
                  flush=True)
            if row["search_seconds"]:
                speeds.append((variant, row["playouts"], row["search_seconds"]))
    for variant, playouts, seconds in speeds:
        print(f"SearchBot({args.playouts}) on {variant}: {playouts:,.0f} playouts in {seconds:.1f} s of "
              f"search = {playouts / seconds:,.0f} playouts/s per process")
    print("A = the first bot named (seats 0,2 on even games, 1,3 on odd); rate = A wins / decided games; "
          "chance level is 0.5")


if __name__ == "__main__":
    main()
