"""A sell-out auction of more than one round: a bidder who is raised may raise again.

Foster's Complete Hoyle on Pedro Sancho: "The eldest hand sells, as at Auction Pitch. If a
player's first bid is raised he may raise again in his proper turn." The sale is the
``sell-out`` kind's; only the others' bidding goes on past one round (docs/rules.md,
"pedro-sancho").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .auction import SellOut
from .registry import component
from .step import Next

if TYPE_CHECKING:
    from ..model.moves import Move
    from ..model.state import GameState, HandInfo


@component("auction", "sell-out-reraise")
@attrs.frozen
class SellOutReraise(SellOut):
    """As sell-out, but the others bid round and round: a seat whose bid was raised may raise again in turn.

    The eldest pitches at once or lets the others bid, as at the sell-out. The others then
    bid clockwise from the eldest's left, the dealer in turn like the rest, each bid higher
    than the last. A seat that passes is out of the bidding; a seat that has bid and been
    raised bids again when its turn comes round, raising or passing. The bidding is over
    when the turn would come back to the high bidder (every other seat has passed), or when
    everyone passed at once; then the eldest sells or refuses as at the sell-out (nobody bid:
    the eldest pitches for 0).
    """

    def others_bid(self) -> str:
        """How the others bid, for ``explain``: round and round."""
        return (f"the others then bid clockwise from the eldest's left, the dealer in turn like the rest, "
                f"from {self.min_bid} to {self.max_bid}, each bid higher than the last; a player who passes "
                "is out of the bidding, and one whose bid was raised may raise again when its turn comes "
                "round, until every other player has passed")

    def most_calls(self, players: int) -> int:
        """The most calls a hand's auction can hold: the eldest's two, every bid there is
        (each one higher) and a pass from each other seat."""
        return 2 + (self.max_bid - self.min_bid + 1) + (players - 1)

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        seat = state.to_move
        assert seat is not None
        players = state.table.players
        eldest = (state.dealer + 1) % players
        if seat == eldest:  # pitching at once, offering the sale, selling or refusing
            return super().apply(state, move)
        info = state.info
        arg = move.arg if move.kind == "bid" else None
        bids = (*info.bids, (seat, arg))
        if arg is not None:
            info = info._replace(bids=bids, high=self.rank(arg), bidder=seat, bid=arg)
        else:
            info = info._replace(bids=bids)
        following = _following(info, seat, players, eldest)
        if following is not None:
            return state.evolve(info=info, to_move=following), Next.WAIT
        if info.bidder is None:  # nobody bid: the eldest pitches with no obligation
            return state.evolve(info=info._replace(bidder=eldest, bid=0)), Next.DONE
        return state.evolve(info=info, to_move=eldest), Next.WAIT


def _following(info: HandInfo, seat: int, players: int, eldest: int) -> int | None:
    """The next seat clockwise after ``seat`` still in the others' bidding (never the
    eldest), or None when the bidding is over: the turn would reach the high bidder, or
    every other seat has passed."""
    passed = {bidder for bidder, value in info.bids[1:] if value is None}
    for step in range(1, players):
        candidate = (seat + step) % players
        if candidate == eldest or candidate in passed:
            continue
        return None if candidate == info.bidder else candidate
    return None


def most_calls(auction: object, players: int) -> int:
    """The most calls a hand's auction of ``players`` seats can hold: the auction's own
    ``most_calls`` where it has one (a bidding of several rounds), else one per seat and
    one more (the sell-out's eldest speaks twice)."""
    own = getattr(auction, "most_calls", None)
    return int(own(players)) if callable(own) else players + 1
