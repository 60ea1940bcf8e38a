"""SearchBot against OpenSpiel's Python ISMCTS at equal time per move, whole games.

Both bots play through pitchcore's OpenSpiel adapter (``python_pitchcore``): the game is the
adapter's whole game, SearchBot choosing from ``state.game_state.view(seat)`` (a discard it
chooses whole is applied as the adapter's card-by-card actions), ISMCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, random rollouts, UCT, the most visited
action, resampling with ``resample_from_infostate``) choosing actions. On auction-pitch and
haus-pitch (four seats, cutthroat): SearchBot in seats 0 and 2 and ISMCTS in 1 and 3 on even
games, swapped on odd games, each pair of games dealt the same decks (deal k of a pair is
shuffled from the pair's seed) with the same bot seeds. A game counts for the bot whose
seat wins it; a game cut off at ``--max-hands`` deals is a draw. The win rate is
SearchBot's wins over the decided games, with a 95% Wilson interval; 0.5 is par.

Equal time. ISMCTS gets a wall-clock budget: ``TimedISMCTSBot`` is OpenSpiel's
``ISMCTSBot`` with its fixed ``max_simulations`` loop replaced by "simulate until
``--seconds`` have passed" (at least two simulations, which the final policy needs), so
every decision with more than one legal action takes about ``--seconds``, bids and
discard picks included. SearchBot searches its card play, bids and trump within the same
budget (it discards as ``HeuristicBot`` does, in no measurable time, and stops sooner when
one move is clearly best): it is given ``SearchBot(seconds=S)`` where this pitchcore has it,
else ``playouts`` calibrated before the games so that its mean search time per playing
decision is ``S`` (the run says which). The table prints each
bot's mean seconds per decision in the playing phase (the like-for-like figure) and over
all its decisions with a choice.

What ISMCTS maximises. Its search state is the match position with the rules of the
adapter's ``single_hand`` game of the same variant (the adapter's ``state.core`` with its
``rules`` replaced), so a simulation ends when the hand in play is scored and its return is
the seat's score change for that hand: the horizon of SearchBot's rollouts, which also add a
bonus for winning the game. Searching the whole game instead would make every random
rollout play many deals to the end of the game, leaving ISMCTS almost no simulations.

Games are slow (about a minute at 0.1 s a move), so every finished game is appended to
``--results`` as a JSON line and a run with the same file skips the games already there
(same variant, game number and seconds); the summary covers every game in the file that
matches the run. Run:
    python benchmarks/versus_ismcts.py --seconds 0.1 --games 200 --results versus.jsonl
    python benchmarks/versus_ismcts.py --seconds 0.03 --games 10     # a quick check
"""

from __future__ import annotations

import argparse
import inspect
import itertools
import json
import random
import statistics
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

import pitchcore
from pitchcore import Phase
from pitchcore.bots import HeuristicBot, SearchBot
from pitchcore.tools.simulate import wilson

try:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:
    raise SystemExit("OpenSpiel is not installed: pip install -e '.[openspiel]'") from None

from pitchcore.adapters import openspiel as adapter

VARIANTS = ("auction-pitch", "haus-pitch")


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ``ISMCTSBot`` searching for ``seconds`` of wall-clock time a decision
    (at least two simulations) instead of a fixed number of simulations; the rest of the
    search is the original's."""

    def __init__(self, game: Any, evaluator: Any, uct_c: float, seconds: float, **options: Any) -> None:
        super().__init__(game, evaluator, uct_c, max_simulations=2, **options)
        self.seconds = seconds
        self.simulations = 0
        """Simulations run, over every search."""

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.simulations += done
        return self.get_final_policy(state, self._root_node)


def seed_of(*parts: object) -> int:
    return zlib.crc32("/".join(map(str, parts)).encode())


def search_bot_maker(variant: pitchcore.Variant, seconds: float) -> tuple[str, Any]:
    """How SearchBot is given ``seconds`` a move (its description, and a factory):
    ``seconds=`` where it takes it, else ``playouts`` calibrated to that time."""
    if "seconds" in inspect.signature(SearchBot).parameters:
        return f"SearchBot(seconds={seconds:g})", lambda: SearchBot(seconds=seconds, variant=variant)  # type: ignore[call-arg,unused-ignore]
    playouts = calibrate_playouts(variant, seconds)
    return (f"SearchBot(playouts={playouts}) (calibrated to {seconds:g} s a playing decision: "
            "this SearchBot takes no seconds=)", lambda: SearchBot(playouts=playouts, variant=variant))


def calibrate_playouts(variant: pitchcore.Variant, seconds: float, decisions: int = 60) -> int:
    """Playouts a decision that make SearchBot's mean search ``seconds`` long, from its
    playouts/s over ``decisions`` playing decisions of HeuristicBot self-play games."""
    views = []
    rng = random.Random(1)
    heuristic = HeuristicBot(variant)
    game = 0
    while len(views) < decisions:
        state = pitchcore.new_game(variant, seed=10_000 + game)
        game += 1
        while not state.is_over and len(views) < decisions:
            view = state.view(state.to_move)  # type: ignore[arg-type]
            if view.phase is Phase.PLAYING and len(view.legal_moves) > 1:
                views.append(view)
            state = state.apply(heuristic.choose(view, view.legal_moves, rng))
    bot = SearchBot(playouts=100, variant=variant)
    for view in views:
        bot.choose(view, view.legal_moves, rng)
    rate = bot.stats.playouts / max(bot.stats.seconds, 1e-9)
    return max(1, round(rate * seconds))


class Clock:
    """One bot's decisions that had a choice, and the seconds they took."""

    def __init__(self) -> None:
        self.decisions = self.play_decisions = 0
        self.seconds = self.play_seconds = 0.0

    def add(self, seconds: float, playing: bool) -> None:
        self.decisions += 1
        self.seconds += seconds
        if playing:
            self.play_decisions += 1
            self.play_seconds += seconds

    def record(self) -> dict[str, float]:
        return dict(vars(self))


def decks(variant: str, pair: int, cards: list[int]) -> Iterator[list[int]]:
    """The deck order of each deal of a pair of games (deal k the same in both)."""
    for deal in itertools.count():
        order = sorted(cards)
        random.Random(seed_of(variant, pair, deal)).shuffle(order)
        yield order


def play(variant: str, game_no: int, seconds: float, max_hands: int, uct_c: float, search_factory: Any,
         ) -> dict[str, Any]:
    """One whole game; its record."""
    whole = pyspiel.load_game(adapter.GAME_NAME, {"variant": variant, "max_hands": max_hands})
    hand = pyspiel.load_game(adapter.GAME_NAME, {"variant": variant, "max_hands": max_hands, "single_hand": True})
    players = whole.num_players()
    space = whole.action_space
    pair = game_no // 2
    search_seats = [seat for seat in range(players) if (seat + game_no) % 2 == 0]
    searcher = search_factory()
    search_rng = random.Random(seed_of(variant, pair, "search"))
    isbot = TimedISMCTSBot(hand, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed_of(variant, pair, "roll"))),
                           uct_c, seconds, random_state=np.random.RandomState(seed_of(variant, pair, "ismcts")),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    clocks = {"search": Clock(), "ismcts": Clock()}
    state = whole.new_initial_state()
    order: Iterator[list[int]] | None = None
    deck: list[int] = []
    deals = 0
    queued: list[int] = []
    started = time.perf_counter()
    while not state.is_terminal():
        if state.is_chance_node():
            if not deck:
                if order is None:
                    order = decks(variant, pair, [card for card, _ in state.chance_outcomes()])
                deck = next(order)
                deals += 1
            state.apply_action(deck.pop(0))
            continue
        seat = state.current_player()
        playing = state.game_state.phase is Phase.PLAYING
        if seat in search_seats:
            if not queued:
                view = state.game_state.view(seat)
                began = time.perf_counter()
                move = searcher.choose(view, view.legal_moves, search_rng)
                if len(view.legal_moves) > 1:
                    clocks["search"].add(time.perf_counter() - began, playing)
                queued = list(space.move_to_actions(move))
            action = queued.pop(0)
        else:
            search_state = hand.new_initial_state()
            search_state.core = state.core._replace(rules=hand.rules)
            began = time.perf_counter()
            action = int(isbot.step(search_state))
            if len(state.legal_actions()) > 1:
                clocks["ismcts"].add(time.perf_counter() - began, playing)
        state.apply_action(action)
    winners = [seat for seat, value in enumerate(state.returns()) if value > 0]
    search_won = any(seat in search_seats for seat in winners)
    ismcts_won = any(seat not in search_seats for seat in winners)
    winner = "search" if search_won and not ismcts_won else "ismcts" if ismcts_won and not search_won else None
    return {"variant": variant, "game": game_no, "seconds": seconds, "search_seats": search_seats,
            "winner": winner, "winning_seats": winners, "deals": deals,
            "elapsed": time.perf_counter() - started, "search": clocks["search"].record(),
            "ismcts": {**clocks["ismcts"].record(), "simulations": isbot.simulations}}


def load_results(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    with path.open() as lines:
        return [json.loads(line) for line in lines if line.strip()]


def summary(variant: str, records: list[dict[str, Any]]) -> str:
    search = sum(record["winner"] == "search" for record in records)
    ismcts_wins = sum(record["winner"] == "ismcts" for record in records)
    decided = search + ismcts_wins
    low, high = wilson(search, decided) or (0.0, 1.0)
    rate = search / decided if decided else 0.0

    def mean(bot: str, decisions: str, seconds: str) -> float:
        count = sum(record[bot][decisions] for record in records)
        return sum(record[bot][seconds] for record in records) / count if count else 0.0

    simulations = sum(record["ismcts"]["simulations"] for record in records)
    ismcts_decisions = sum(record["ismcts"]["decisions"] for record in records)
    return (f"{variant:14} {len(records):5} {decided:7} {search:6} {rate:6.3f} [{low:.3f}, {high:.3f}] "
            f"{mean('search', 'play_decisions', 'play_seconds'):8.3f} {mean('search', 'decisions', 'seconds'):8.3f} "
            f"{mean('ismcts', 'play_decisions', 'play_seconds'):8.3f} {mean('ismcts', 'decisions', 'seconds'):8.3f} "
            f"{simulations / max(ismcts_decisions, 1):8.1f} "
            f"{statistics.mean(record['deals'] for record in records) if records else 0:6.1f} "
            f"{statistics.mean(record['elapsed'] for record in records) if records else 0:7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.1, help="time per decision for each bot")
    parser.add_argument("--games", type=int, default=100, help="games per variant (pairs: keep it even)")
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--results", type=Path, default=None,
                        help="JSON lines file: finished games are appended, and skipped when run again")
    parser.add_argument("--max-hands", type=int, default=100, help="deals before a game is cut off (a draw)")
    parser.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS's exploration constant")
    args = parser.parse_args()
    records = [record for record in load_results(args.results) if record["seconds"] == args.seconds]
    done = {(record["variant"], record["game"]) for record in records}
    makers: dict[str, Any] = {}
    descriptions: dict[str, str] = {}
    for variant in args.variants:
        if any((variant, game) not in done for game in range(args.games)):
            description, makers[variant] = search_bot_maker(pitchcore.load_variant(variant), args.seconds)
            descriptions[variant] = description
            print(f"{variant}: {description} against TimedISMCTSBot({args.seconds:g} s a decision, "
                  f"uct_c={args.uct_c:g}, random rollouts)", flush=True)
    for game in range(args.games):  # the variants in turn, so a cut-short run has some of each
        for variant in args.variants:
            if (variant, game) in done:
                continue
            record = play(variant, game, args.seconds, args.max_hands, args.uct_c, makers[variant])
            record["searchbot"] = descriptions[variant]
            records.append(record)
            if args.results is not None:
                with args.results.open("a") as out:
                    out.write(json.dumps(record) + "\n")
            print(f"  {variant} game {game}: winner {record['winner']}, {record['deals']} deals, "
                  f"{record['elapsed']:.0f} s", flush=True)
    print(f"\n{'':14} {'':5} {'':7} {'SearchBot':22} {'SearchBot s/move':>17} {'ISMCTS s/move':>17} "
          f"{'ISMCTS':>8}")
    print(f"{'variant':14} {'games':>5} {'decided':>7} {'wins':>6} {'rate':>6} {'95% CI':>15} "
          f"{'play':>8} {'all':>8} {'play':>8} {'all':>8} {'sims/mv':>8} {'deals':>6} {'s/game':>7}")
    for variant in args.variants:
        print(summary(variant, [record for record in records if record["variant"] == variant
                                and record["game"] < args.games]))
    print(f"rate = SearchBot wins / decided games (0.5 is par); s/move: mean seconds per decision with a choice, "
          f"in the playing phase and over all; {args.seconds:g} s a decision asked")


if __name__ == "__main__":
    main()
