"""Playing strength of the bundled bots: who wins how often, with 95% Wilson intervals.

Matchups, each on auction-pitch and haus-pitch (4 players, cutthroat):
  heuristic vs random   HeuristicBot in two seats against RandomBot in the other two
  search vs heuristic   SearchBot (a playout or time budget per decision) against HeuristicBot
Bot A sits in seats 0 and 2 on even games and in seats 1 and 3 on odd games, each seed
played once each way round (the dealer moves on every pair), so no one gains from seat
order. A game counts for A when the winning side is one of A's seats.

Run:
    python benchmarks/strength.py            # 2000 games per matchup and variant
    python benchmarks/strength.py --quick    # 200
    python benchmarks/strength.py --games 500 --search-games 100 --playouts 60 --jobs 2
    python benchmarks/strength.py --matchups search-vs-heuristic --seconds-per-move 0.1 \\
        --games 2000 --search-seconds 0 --results strength-0.1s.jsonl
The search matchup is much slower than the other: it plays --search-games games (default:
--games) but stops after --search-seconds per variant (default 270; 0 = no cap); the table
prints the number of games actually played and marks a matchup the time cap cut short.

Long runs resume: with ``--results FILE`` every finished game is appended to FILE as one
JSON line, and games already in it (same matchup, variant, game number, players and
search budget) are not played again but counted, so a 2,000-game run can be spread over
several sessions. ``--search-option name=value`` passes more SearchBot settings (for
tuning; they are part of what a result line records).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time
from pathlib import Path
from typing import Any

import pitchcore
from pitchcore.bots import Bot, HeuristicBot, RandomBot, SearchBot, play_game
from pitchcore.tools.simulate import wilson

VARIANTS = ("auction-pitch", "haus-pitch")


def make_bots(matchup: str, budget: dict[str, Any]) -> tuple[Bot, Bot]:
    if matchup == "heuristic-vs-random":
        return HeuristicBot(), RandomBot()
    if matchup == "search-vs-heuristic":
        return SearchBot(**budget), HeuristicBot()
    raise ValueError(matchup)


def play_one(job: tuple[str, str, int, dict[str, Any], int]) -> dict[str, Any]:
    """One game, as the line the results file keeps."""
    matchup, variant, game, budget, players = job
    bot_a, bot_b = make_bots(matchup, budget)
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
    side_of = end.table.side_of
    a_sides = {side_of[seat] for seat in a_seats}
    margin = sum(sum(change for side, change in enumerate(result.delta) if side in a_sides)
                 - sum(change for side, change in enumerate(result.delta) if side not in a_sides)
                 for result in end.hand_results)
    stats = bot_a.stats if isinstance(bot_a, SearchBot) else None
    return {"matchup": matchup, "variant": variant, "game": game, "players": players,
            "budget": budget_label(matchup, budget), "a": a_won, "b": b_won,
            "playouts": stats.playouts if stats else 0, "search_seconds": stats.seconds if stats else 0.0,
            "decisions": stats.decisions if stats else 0, "hands": len(end.hand_results), "margin": margin}


def budget_label(matchup: str, budget: dict[str, Any]) -> str:
    """What a result line says about A's settings: the same label, the same experiment."""
    if not matchup.startswith("search"):
        return ""
    return ",".join(f"{key}={budget[key]}" for key in sorted(budget))


def key_of(line: dict[str, Any]) -> tuple[Any, ...]:
    return line["matchup"], line["variant"], line["game"], line["players"], line["budget"]


def load_results(path: Path | None) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The games a results file already holds (a torn last line, from a run cut short, is skipped)."""
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    if path is None or not path.exists():
        return found
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        found[key_of(line)] = line
    return found


def run(matchup: str, variant: str, games: int, budget: dict[str, Any], players: int, jobs: int,
        seconds: float | None, results: Path | None) -> dict[str, float]:
    done = load_results(results)
    label = budget_label(matchup, budget)
    lines = [done[key] for game in range(games) if (key := (matchup, variant, game, players, label)) in done]
    work = [(matchup, variant, game, budget, players) for game in range(games)
            if (matchup, variant, game, players, label) not in done]
    started = time.perf_counter()
    played = 0
    pool = multiprocessing.Pool(jobs) if jobs > 1 and work else None
    out = results.open("a", encoding="utf-8") if results is not None else None
    try:
        found = pool.imap(play_one, work, chunksize=1) if pool else map(play_one, work)
        for line in found:
            lines.append(line)
            played += 1
            if out is not None:
                out.write(json.dumps(line) + "\n")
                out.flush()
            if seconds is not None and time.perf_counter() - started > seconds and played % 2 == 0:
                break
    finally:
        if pool:
            pool.terminate()
        if out is not None:
            out.close()
    row: dict[str, float] = {name: sum(line[name] for line in lines)
                             for name in ("a", "b", "playouts", "search_seconds", "decisions", "hands")}
    row["margin"] = sum(line.get("margin", 0) for line in lines)
    row.update(games=len(lines), new=played, elapsed=time.perf_counter() - started)
    return row


def parse_option(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return name, kind(value)
        except ValueError:
            pass
    return name, {"true": True, "false": False, "none": None}.get(value.lower(), value)


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
    parser.add_argument("--seconds-per-move", type=float, default=None,
                        help="SearchBot(seconds=...): a time budget per decision instead of --playouts")
    parser.add_argument("--search-option", action="append", default=[], metavar="NAME=VALUE",
                        help="another SearchBot setting (repeatable), e.g. per_deal=4")
    parser.add_argument("--results", type=Path, default=None,
                        help="append each game to this JSON-lines file and skip the games it holds")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=min(2, multiprocessing.cpu_count()),
                        help="worker processes (default: 2, or 1 on a single core)")
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--matchups", nargs="*", default=["heuristic-vs-random", "search-vs-heuristic"])
    args = parser.parse_args()
    games = 200 if args.quick else args.games
    search_games = args.search_games if args.search_games is not None else games
    budget: dict[str, Any] = ({"seconds": args.seconds_per_move} if args.seconds_per_move is not None
                              else {"playouts": args.playouts})
    budget.update(parse_option(text) for text in args.search_option)
    print(f"{'matchup':22} {'variant':14} {'games':>6} {'A wins':>7} {'B wins':>7} {'A rate':>7} "
          f"{'95% CI':>15} {'hands/g':>7} {'margin/h':>8} {'seconds':>8}")
    speeds = []
    for matchup in args.matchups:
        for variant in args.variants:
            count = search_games if matchup.startswith("search") else games
            limit = args.search_seconds or None if matchup.startswith("search") else None
            row = run(matchup, variant, count, budget, args.players, args.jobs, limit, args.results)
            decided = row["a"] + row["b"]
            low, high = wilson(int(row["a"]), int(decided)) or (0.0, 1.0)
            rate = row["a"] / decided if decided else 0.0
            print(f"{matchup:22} {variant:14} {int(row['games']):6} {int(row['a']):7} {int(row['b']):7} "
                  f"{rate:7.3f} [{low:.3f}, {high:.3f}] {row['hands'] / max(row['games'], 1):7.1f} "
                  f"{row['margin'] / max(row['hands'], 1):8.2f} "
                  f"{row['elapsed']:8.1f}" + ("  (time cap: fewer games)" if row["games"] < count else "")
                  + (f"  ({int(row['new'])} played now)" if args.results else ""), flush=True)
            if row["search_seconds"]:
                speeds.append((variant, row))
    label = budget_label("search", budget)
    for variant, row in speeds:
        print(f"SearchBot({label}) on {variant}: {row['decisions']:,.0f} searched decisions, "
              f"{row['search_seconds'] / max(row['decisions'], 1):.3f} s each on average; "
              f"{row['playouts']:,.0f} playouts = {row['playouts'] / row['search_seconds']:,.0f} playouts/s "
              "per process")
    print("A = the first bot named (seats 0,2 on even games, 1,3 on odd); rate = A wins / decided games; "
          "chance level is 0.5; margin/h = points A's seats gained per hand less B's")


if __name__ == "__main__":
    main()
