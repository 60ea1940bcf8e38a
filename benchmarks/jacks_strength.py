"""Playing strength of JacksBot against RandomBot on jacks-trump, with 95% Wilson intervals.

Two tables, each of --games games:
  heads-up        2 players: JacksBot against one RandomBot (chance level 1/2)
  one vs three    4 players: JacksBot in one seat, RandomBot in the other three (chance 1/4)
JacksBot's seat moves round the table from game to game, and so does the first dealer,
so no one gains from seat order. A game counts for JacksBot when it alone has the highest
total after the last round; a tie for the most is a win for nobody and counts against it.

Run:
    python benchmarks/jacks_strength.py              # 2000 games per table (about 15 s)
    python benchmarks/jacks_strength.py --quick      # 200
    python benchmarks/jacks_strength.py --games 5000 --jobs 4
Exit status 1 when JacksBot's interval does not lie wholly above chance in every table.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time

import pitchcore
from pitchcore.bots import Bot, JacksBot, RandomBot, play_game
from pitchcore.tools.simulate import wilson

TABLES = (("heads-up", 2), ("one vs three", 4))


def play_one(job: tuple[int, int]) -> tuple[bool, bool]:
    """One game: (JacksBot won, nobody won)."""
    players, game = job
    seat = game % players
    bots: list[Bot] = [JacksBot() if other == seat else RandomBot() for other in range(players)]
    state = pitchcore.new_game("jacks-trump", players=players, seed=game, dealer=(game // players) % players)
    end = play_game(state, bots, random.Random(f"jacks-strength/{players}/{game}"))
    return end.winner == seat, end.winner is None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per table (default 2000)")
    parser.add_argument("--quick", action="store_true", help="200 games per table")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    games = 200 if args.quick else args.games
    print(f"{'table':14} {'players':>7} {'games':>6} {'wins':>6} {'ties':>5} {'rate':>6} {'95% CI':>16} "
          f"{'chance':>6} {'seconds':>8}")
    beaten = True
    pool = multiprocessing.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    try:
        for label, players in TABLES:
            started = time.perf_counter()
            jobs = [(players, game) for game in range(games)]
            results = list(pool.imap(play_one, jobs, chunksize=50) if pool else map(play_one, jobs))
            wins = sum(won for won, _ in results)
            ties = sum(tie for _, tie in results)
            low, high = wilson(wins, games) or (0.0, 1.0)
            chance = 1 / players
            beaten = beaten and low > chance
            print(f"{label:14} {players:7} {games:6} {wins:6} {ties:5} {wins / games:6.3f} "
                  f"[{low:.3f}, {high:.3f}] {chance:6.3f} {time.perf_counter() - started:8.1f}", flush=True)
    finally:
        if pool is not None:
            pool.terminate()
    print("JacksBot beats RandomBot" if beaten else "JacksBot does NOT beat RandomBot in every table")
    return 0 if beaten else 1


if __name__ == "__main__":
    sys.exit(main())
