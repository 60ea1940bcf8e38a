"""Scoring a finished hand: categories, the bid, settlement, then the going-out walk."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import cards_in
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
    in_play = 0
    for mask in info.start:
        in_play |= mask
    # Every card in play is played to a trick, so its holder is the seat that played it.
    holder: dict[int, int] = {}
    capturer: dict[int, int] = {}
    tricks_won = [0] * table.sides
    players = table.players
    for leader, cards, taker in state.tricks:
        tricks_won[table.side_of[taker]] += 1
        for position, card in enumerate(cards):
            holder[card] = (leader + position) % players
            capturer[card] = taker
    if len(holder) != in_play.bit_count():  # a hand that ended with cards unplayed
        for seat, mask in enumerate(info.start):
            holder.update((card, seat) for card in cards_in(mask) if card not in holder)
    bidder_side = None if info.bidder is None else table.side_of[info.bidder]
    return HandContext(
        trump=NO_TRUMP if info.trump is None else info.trump, tables=table.tables,
        side_of=table.side_of, sides=table.sides, in_play=in_play, holder=holder,
        capturer=capturer, tricks_won=tuple(tricks_won), bidder_side=bidder_side)


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
