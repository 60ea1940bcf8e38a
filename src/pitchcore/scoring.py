"""Scoring a finished hand: categories, the bid, settlement, then the going-out walk."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components.context import HandContext
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
    sides = [point.award(ctx) if ctx.trump != NO_TRUMP else None for point in points]
    awards = [(side, point.value) for side, point in zip(sides, points, strict=True)]
    bidder_side = ctx.bidder_side
    earned = sum(value for side, value in awards if side is not None and side == bidder_side)
    shooting = info.bid is not None and info.bid == rules.shoot.bid
    total = sum(point.value for point in points)
    bid_value = info.bid if isinstance(info.bid, int) else total
    if info.bidder is None:
        made: bool | None = None
    elif shooting:
        made = rules.shoot.achieved(ctx, sides)
    else:
        made = earned >= bid_value
    credits = rules.settlement.credits(awards, bidder_side, made)
    bonus = penalty = 0
    outcome = None
    if made is False:
        penalty = bid_value
    if shooting:
        shoot = rules.shoot
        assert isinstance(shoot, Shoot)
        reward = shoot.made if made else shoot.failed
        if reward in ("win-game", "lose-game"):
            outcome = str(reward)
        elif isinstance(reward, int) and made:
            bonus = reward
            credits = tuple((side, value) for side, value in credits if side != bidder_side)
        elif isinstance(reward, int):
            penalty = -reward
    ledger = Ledger(credits, bidder_side, bid_value, made, bonus, penalty, outcome)
    delta, winner, over = rules.going_out.settle(state.scores, ledger, info.bidder)
    pips = ctx.pips
    result = HandResult(
        bidder=info.bidder, bid=info.bid, made=made,
        awards=tuple((point.name, side) for point, side in zip(points, sides, strict=True)),
        delta=delta, game_pips=pips, dealer=state.dealer, ended_game=over)
    scores = tuple(score + change for score, change in zip(state.scores, delta, strict=True))
    return result, scores, winner, over
