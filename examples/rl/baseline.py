"""A learned baseline for auction-pitch: train it, measure it, play it.

The policy scores each legal action by a weighted sum of a few features read from the
seat's observation tensor (``features.py``: would this card take the trick, is it trump,
its game points, the hand's strength for each bid, ...) and plays the best. The weights are
learned by imitation with DAgger: a teacher (``SearchBot``, determinized Monte Carlo search)
labels the decisions of games against three ``HeuristicBot``s; in the first round the
teacher plays them, in later rounds the learner plays and the teacher still says what it
would have done there, so the learner is taught in the positions its own play leads to.
Rounds grow from ``--first-round-games`` games, twice as many each round up to
``--round-games``, until ``--minutes`` of training are spent.
Each decision becomes pairs (the teacher's action against each other legal one) for a
logistic regression (scikit-learn, the ``learning`` extra) whose weights score actions.
After each round the learner plays ``--eval-games`` games against three HeuristicBots; the
rounds' results are the learning curve.

    pip install 'pitchcore[learning]'
    python examples/rl/baseline.py train --minutes 30          # writes baseline.npz, baseline-curve.csv
    cd examples/rl && pitchcore tournament --variant auction-pitch --bots baseline:BaselineBot,heuristic

Playing needs only numpy: ``BaselineBot`` (a ``PolicyBot``) reads ``baseline.npz`` beside
this file, so ``--bots baseline:BaselineBot`` works wherever the folder is on the Python
path. The policy sees only its own observation (no other seat's cards).
"""

from __future__ import annotations

import argparse
import csv
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent))

from features import BID_SUMMARY, PLAY_FEATURES, Features

import pitchcore
from pitchcore.bots import HeuristicBot, PolicyBot
from pitchcore.bots.search import SearchBot
from pitchcore.interop.actions import action_space
from pitchcore.interop.tensors import observation_tensor, tensor_layout
from pitchcore.tools.simulate import wilson

VARIANT = "auction-pitch"
PLAYERS = 4
HERE = Path(__file__).resolve().parent
WEIGHTS = HERE / "baseline.npz"
BIDS = 4
"""Auction-pitch's bids: 1 to 4 (the bid features have a block for each and for a pass)."""
TRAIN_SEEDS = 1_000_000
"""Training games' seeds start here; evaluation games' at 0 (the two never meet)."""

Weights = dict[str, npt.NDArray[np.float64]]
Decision = tuple[str, npt.NDArray[np.float64], int]
"""A labelled decision: its kind (play or bid), its legal actions' feature rows, the row
of the teacher's action."""


class Scorer:
    """The learned policy: ``policy(tensor, mask) -> action``, the best-scoring legal action.
    Where there are no weights yet (or a decision that is neither a bid nor a card play),
    the first legal action."""

    def __init__(self, weights: Weights | None) -> None:
        variant = pitchcore.load_variant(VARIANT)
        self.features = Features(tensor_layout(variant, PLAYERS), action_space(variant, PLAYERS))
        self.weights = weights

    def __call__(self, tensor: npt.NDArray[Any], mask: npt.NDArray[Any]) -> int:
        kind, legal, rows = self.features.rows(tensor, mask)
        if rows is None or self.weights is None:
            return int(legal[0])
        return int(legal[int((rows @ self.weights[kind]).argmax())])


def load_weights(path: Path = WEIGHTS) -> Weights:
    with np.load(path) as saved:
        return {"play": saved["play"], "bid": saved["bid"]}


class BaselineBot(PolicyBot):
    """The trained baseline as a bot (``--bots baseline:BaselineBot``), weights from
    ``baseline.npz`` beside this file."""

    name = "baseline"

    def __init__(self) -> None:
        super().__init__(Scorer(load_weights()))


# -- games --------------------------------------------------------------------------


def play_game(seed: int, weights: Weights | None, teacher_playouts: int, label: bool) -> tuple[bool, list[Decision]]:
    """One game: the learner (or, with no weights, the teacher) at seat ``seed % 4``,
    HeuristicBots elsewhere. With ``label``, the teacher's choice at each of the learner's
    decisions is recorded. Returns whether the seat won, and the decisions."""
    variant = pitchcore.load_variant(VARIANT)
    space = action_space(variant, PLAYERS)
    scorer = Scorer(weights)
    learner = PolicyBot(scorer, variant=variant)
    teacher = SearchBot(teacher_playouts, variant=variant) if label or weights is None else None
    heuristic = HeuristicBot(variant)
    rng = random.Random(seed)
    state = pitchcore.new_game(variant, players=PLAYERS, seed=seed)
    seat = seed % PLAYERS
    decisions: list[Decision] = []
    while not state.is_over:
        mover = state.to_move
        view, legal = state.view(mover), state.legal_moves()
        if mover != seat:
            move = heuristic.choose(view, legal, rng)
        elif len(legal) == 1:
            move = legal[0]
        else:
            taught = teacher.choose(view, legal, rng) if teacher is not None else None
            move = learner.choose(view, legal, rng) if weights is not None else taught
            if taught is not None:
                tensor = observation_tensor(state, mover)
                kind, actions, rows = scorer.features.rows(tensor, space.legal_action_mask(state))
                if rows is not None:
                    decisions.append((kind, rows, int(np.flatnonzero(actions == space.move_to_action(taught))[0])))
        state = state.apply(move)
    return seat in state.winners, decisions


def _play(job: tuple[int, Weights | None, int, bool]) -> tuple[bool, list[Decision]]:
    return play_game(*job)


def _pool(workers: int) -> Any:
    """Worker processes for the games (forked where the platform can)."""
    return multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(workers)


def _measure(pool: Any, weights: Weights, games: int) -> tuple[int, float, float]:
    """The learner's wins in the evaluation games (seeds 0 to ``games`` - 1) against three
    HeuristicBots, with the 95% interval of its share."""
    wins = sum(won for won, _ in pool.imap_unordered(
        _play, [(game, weights, 0, False) for game in range(games)], chunksize=8))
    low, high = wilson(wins, games) or (0.0, 0.0)
    return wins, low, high


# -- fitting --------------------------------------------------------------------------


def fit(decisions: Sequence[Decision], strength: float = 1.0) -> Weights:
    """Weights for each kind of decision: a logistic regression without intercept on the
    differences of feature rows, the teacher's action against each other legal one (and
    the reverse), so that the teacher's action scores highest as often as can be."""
    from sklearn.linear_model import LogisticRegression

    weights = {}
    for kind, width in (("play", len(PLAY_FEATURES)), ("bid", len(BID_SUMMARY) * (BIDS + 1))):
        pairs, labels = [], []
        for decision_kind, rows, chosen in decisions:
            if decision_kind != kind:
                continue
            others = np.delete(rows, chosen, axis=0)
            difference = rows[chosen] - others
            pairs += [difference, -difference]
            labels += [np.ones(len(others)), np.zeros(len(others))]
        if not pairs:
            weights[kind] = np.zeros(width)
            continue
        model = LogisticRegression(fit_intercept=False, C=strength, max_iter=5000)
        model.fit(np.concatenate(pairs), np.concatenate(labels))
        weights[kind] = model.coef_[0].astype(np.float64)
    return weights


# -- training -----------------------------------------------------------------------


def train(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    budget = args.minutes * 60
    decisions: list[Decision] = []
    weights: Weights | None = None
    rows: list[dict[str, Any]] = []
    trained = 0.0
    next_seed = TRAIN_SEEDS
    with _pool(args.workers) as pool:
        for round_number in range(args.rounds):
            began = time.perf_counter()
            count = min(args.round_games, args.first_round_games * 2 ** round_number)
            jobs = [(next_seed + game, weights, args.playouts, True) for game in range(count)]
            next_seed += count
            for _, labelled in pool.imap_unordered(_play, jobs, chunksize=4):
                decisions += labelled
            weights = fit(decisions)
            trained += time.perf_counter() - began
            evaluated = time.perf_counter()
            wins, low, high = _measure(pool, weights, args.eval_games)
            row = {"round": round_number + 1, "training_minutes": round(trained / 60, 2),
                   "games": next_seed - TRAIN_SEEDS, "decisions": len(decisions),
                   "eval_games": args.eval_games, "wins": wins, "share": round(wins / args.eval_games, 4),
                   "low": round(low, 4), "high": round(high, 4),
                   "eval_seconds": round(time.perf_counter() - evaluated, 1)}
            rows.append(row)
            print(f"round {row['round']:2}: {row['training_minutes']:5.1f} min of training, {row['games']:5} games, "
                  f"{row['decisions']:6} decisions; vs 3 HeuristicBots {wins}/{args.eval_games} = "
                  f"{row['share']:.1%} (95% {low:.1%}-{high:.1%}; chance 25%)", flush=True)
            if trained + trained / (round_number + 1) > budget:
                break
    assert weights is not None
    np.savez(args.out, **weights)
    with open(args.curve, "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"weights written to {args.out}, the curve to {args.curve} "
          f"({math.ceil((time.perf_counter() - start) / 60)} min in all)")


def evaluate(args: argparse.Namespace) -> None:
    weights = load_weights(Path(args.weights))
    with _pool(args.workers) as pool:
        wins, low, high = _measure(pool, weights, args.games)
    print(f"baseline vs 3 HeuristicBots: {wins}/{args.games} = {wins / args.games:.1%} "
          f"(95% {low:.1%}-{high:.1%}; chance 25%)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    training = commands.add_parser("train", help="learn the weights (needs scikit-learn)")
    training.add_argument("--minutes", type=float, default=30.0, help="training budget (default 30)")
    training.add_argument("--rounds", type=int, default=1000, help="most rounds (default: until the budget)")
    training.add_argument("--first-round-games", type=int, default=10,
                          help="games labelled in the first round, twice as many each round after (default 10)")
    training.add_argument("--round-games", type=int, default=150, help="most games labelled a round (default 150)")
    training.add_argument("--playouts", type=int, default=100, help="the teacher's playouts a decision")
    training.add_argument("--eval-games", type=int, default=200, help="games measured after each round")
    training.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    training.add_argument("--out", default=str(WEIGHTS))
    training.add_argument("--curve", default=str(HERE / "baseline-curve.csv"))
    measuring = commands.add_parser("evaluate", help="the weights against three HeuristicBots")
    measuring.add_argument("--games", type=int, default=1000)
    measuring.add_argument("--weights", default=str(WEIGHTS))
    measuring.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)
    (train if args.command == "train" else evaluate)(args)


if __name__ == "__main__":
    main()
