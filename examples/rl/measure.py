"""The recipes' measurement: a trained bot's share of games won against three bots of one kind.

A bot in memory (a network just trained) plays in this process, its seat moving round the
table from game to game; ``pitchcore tournament`` is the tool for bots that load from files.
"""

from __future__ import annotations

import random

import pitchcore
from pitchcore.bots import HeuristicBot, RandomBot
from pitchcore.bots.base import Bot
from pitchcore.tools.simulate import wilson

VARIANT = "auction-pitch"
PLAYERS = 4


def measure(bot: Bot, others: Bot, games: int, variant: str = VARIANT) -> tuple[int, float, float]:
    """Games won by ``bot``'s seat (seat ``game % 4``) against ``others`` at the three other
    seats, and the 95% interval of its share."""
    rules = pitchcore.load_variant(variant)
    wins = 0
    for game in range(games):
        rng = random.Random(game)
        state = pitchcore.new_game(rules, players=PLAYERS, seed=game)
        seat = game % PLAYERS
        while not state.is_over:
            mover = state.to_move
            player = bot if mover == seat else others
            state = state.apply(player.choose(state.view(mover), state.legal_moves(), rng))
        wins += seat in state.winners
    low, high = wilson(wins, games) or (0.0, 0.0)
    return wins, low, high


def report(name: str, bot: Bot, games: int, variant: str = VARIANT) -> None:
    """Print ``bot``'s share of ``games`` against three HeuristicBots, then three RandomBots."""
    for others in (HeuristicBot(pitchcore.load_variant(variant)), RandomBot()):
        wins, low, high = measure(bot, others, games, variant)
        print(f"{name} vs 3 {type(others).__name__}s: {wins}/{games} = {wins / games:.1%} "
              f"(95% {low:.1%}-{high:.1%}; chance 25%)")
