"""A bot of your own in thirty lines: flat Monte Carlo on pitchcore's mutable fast path.

In play, the bot samples deals consistent with what its seat has seen
(``pitchcore.bots.sample_state``), tries every legal card on a ``fast.Game`` clone of each
sample, plays the hand out at random and keeps the card whose playouts scored its side
best. It bids like ``HeuristicBot``. Random playouts alone make it about as strong as
HeuristicBot in play (``SearchBot`` adds a greedy playout policy, which is what makes it
stronger). Run it against three HeuristicBots:

    python examples/playout_bot.py [games] [seed]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence

import pitchcore
from pitchcore import Move, Phase, PlayerView
from pitchcore.accel import fast
from pitchcore.bots import HeuristicBot, play_game, sample_state


class PlayoutBot:
    """Flat Monte Carlo over sampled deals: ``samples`` deals, every legal card on each."""

    def __init__(self, samples: int = 20) -> None:
        self.samples = samples
        self.bidder = HeuristicBot()
        self.playouts = 0

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        if view.phase is not Phase.PLAYING or len(legal) == 1:
            return self.bidder.choose(view, legal, rng)
        side = view.side_of[view.seat]
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            root = fast.Game(sample_state(view, rng))  # one guess at the hidden cards
            for index, move in enumerate(legal):
                game = root.clone()  # a branch: the root stays as sampled
                done = game.apply_in_hand(move)
                while not done:
                    moves = game.moves()
                    done = game.apply_in_hand(moves[rng.randrange(len(moves))])
                result, _ = game.score()
                others = [d for s, d in enumerate(result.delta) if s != side]
                totals[index] += result.delta[side] - sum(others) / len(others)
                self.playouts += 1
        return legal[max(range(len(legal)), key=totals.__getitem__)]


def main(games: int, seed: int) -> None:
    rng = random.Random(seed)
    bot = PlayoutBot()
    wins = 0
    started = time.perf_counter()
    for game in range(games):
        seat = game % 4  # the bot's seat moves round the table
        bots = [bot if s == seat else HeuristicBot() for s in range(4)]
        final = play_game(pitchcore.new_game("auction-pitch", seed=seed + game), bots, rng)
        wins += final.winner == seat
        print(f"game {game + 1}: winner side {final.winner}, the playout bot sat at {seat}")
    seconds = time.perf_counter() - started
    print(f"playout bot won {wins} of {games} against three HeuristicBots (chance: 25%); "
          f"{bot.playouts:,} playouts, {bot.playouts / seconds:,.0f} per second of play")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
