"""Scoring a finished hand: categories, the bid, settlement, then the going-out walk.

Each category credits (side, points) pairs: the whole value to one side for Pitch's
categories, an amount to every side for card values. A category's award is the side it
credited most (None for nobody or a tie); its credits are what settlement sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .components.context import HandContext
from .components.points import Category, top_side
from .components.settlement import Ledger
from .components.shoot import Shoot
from .components.trump import NO_TRUMP
from .results import HandResult

if TYPE_CHECKING:
    from .state import GameState


def hand_context(state: GameState) -> HandContext:
    table = state.table
    info = state.info
    taken = [0] * table.players
    tricks_won = [0] * table.sides
    side_of = table.side_of
    for _, cards, taker in state.tricks:
        tricks_won[side_of[taker]] += 1
        pile = 0
        for card in cards:
            pile |= 1 << card
        taken[taker] |= pile
    bidder_side = None if info.bidder is None else side_of[info.bidder]
    return HandContext(NO_TRUMP if info.trump is None else info.trump, table.tables, side_of,
                       table.sides, info.start, tuple(taken), tuple(tricks_won), bidder_side)


def score_hand(state: GameState) -> tuple[HandResult, tuple[int, ...], int | None, bool]:
    """The hand's result, the new scores, the winning side, and whether the game is over."""
    table = state.table
    rules = table.rules
    info = state.info
    ctx = hand_context(state)
    points = rules.points
    judged = [point.credits(ctx) for point in points]
    sides = [top_side(credits) for credits in judged]
    awards = [pair for credits in judged for pair in credits]
    bidder_side = ctx.bidder_side
    earned = sum(value for side, value in awards if side == bidder_side)
    shooting = info.bid is not None and info.bid == rules.shoot.bid
    total = sum(point.most() for point in points)
    bid_value = info.bid if isinstance(info.bid, int) else total
    if info.bidder is None:
        made: bool | None = None
    elif shooting:
        made = rules.shoot.achieved(ctx, sides)
    else:
        made = earned >= bid_value
    settlement = rules.settlement
    credits = settlement.credits(awards, bidder_side, made)
    bonus = penalty = 0
    outcome = None
    if made is False:
        penalty = bid_value
    if shooting:
        shoot = rules.shoot
        assert isinstance(shoot, Shoot) and bidder_side is not None
        reward = shoot.made if made else shoot.failed
        if reward == "win-game-or-reset":  # a side in the hole is reset to 0 instead of winning
            reward = "win-game" if state.scores[bidder_side] >= 0 else -state.scores[bidder_side]
        if reward in ("win-game", "lose-game"):
            outcome = str(reward)
        elif isinstance(reward, int) and made:
            bonus = reward
            credits = tuple((side, value) for side, value in credits if side != bidder_side)
        elif isinstance(reward, int):
            penalty = -reward
    if made is False and outcome is None and bidder_side is not None:
        credits += settlement.set_pays(bidder_side, penalty, table.sides)
    sale = rules.auction.sale(info)
    paid = () if sale is None else ((table.side_of[sale[0]], sale[1]),)
    ledger = Ledger(credits, bidder_side, bid_value, made, bonus, penalty, outcome,
                    hand=len(state.hand_results) + 1, players=table.players, paid=paid)
    delta, winner, over = rules.going_out.settle(state.scores, ledger, info.bidder)
    result = HandResult(
        bidder=info.bidder, bid=info.bid, made=made,
        awards=tuple((point.name, side) for point, side in zip(points, sides, strict=True)),
        delta=delta, game_pips=_tally(points, ctx), dealer=state.dealer, ended_game=over)
    scores = tuple(score + change for score, change in zip(state.scores, delta, strict=True))
    return result, scores, winner, over


def _tally(points: Sequence[Category], ctx: HandContext) -> tuple[int, ...]:
    """What ``HandResult.game_pips`` reports: the first category's count (Game pips, card
    points), else the Game pips captured."""
    for point in points:
        found = point.tally(ctx)
        if found is not None:
            return found
    return ctx.pips
