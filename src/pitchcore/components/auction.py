"""The auction slot: who becomes the bidder and for how much."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..moves import PASS, Move, bid
from ..registry import choice, component, field, slot
from .step import Next, Step

if TYPE_CHECKING:
    from ..state import GameState

slot("auction", "How the bidder and the bid are decided.", "single-round")

_LEGAL: dict[tuple[object, int, bool, int], tuple[Move, ...]] = {}
"""Legal bids by (auction, high bid, dealer to bid, shoot rank): a handful per variant."""


@component("auction", "single-round")
@attrs.frozen(cache_hash=True)  # hashed on every legal_moves (the key of _LEGAL)
class SingleRound(Step):
    """One round of bids clockwise from eldest, each higher than the last; the dealer bids last."""

    min_bid: int = field(2, "lowest bid", minimum=1)
    max_bid: int = field(4, "highest numbered bid", minimum=1)
    top_bid: str | None = field(
        None, "name of one more bid ranking above every number (smudge, moon), or null")
    dealer_may_take: bool = field(
        True, "the dealer may take the high bid by bidding equal to it (never a shoot bid)")
    all_pass: str = choice(
        ("redeal", "dealer-must-bid"), "redeal",
        "redeal: the same dealer deals again; dealer-must-bid: the dealer may not pass "
        "when everyone else has",
    )

    def problems(self) -> list[tuple[str, str]]:
        if self.max_bid < self.min_bid:
            return [("max_bid", f"must be at least min_bid ({self.min_bid})")]
        return []

    # Bids are ranked: numbers rank as themselves, the top bid one above max_bid.
    def rank(self, value: int | str | None) -> int:
        if isinstance(value, int):
            return value if self.min_bid <= value <= self.max_bid else 0
        if value is not None and value == self.top_bid:
            return self.max_bid + 1
        return 0

    def value(self, rank: int) -> int | str:
        return rank if rank <= self.max_bid else str(self.top_bid)

    def all_values(self) -> list[int | str]:
        values: list[int | str] = list(range(self.min_bid, self.max_bid + 1))
        if self.top_bid is not None:
            values.append(self.top_bid)
        return values

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        from ..state import Phase

        eldest = (state.dealer + 1) % state.table.players
        return state.evolve(phase=Phase.BIDDING, to_move=eldest), True

    def legal(self, state: GameState) -> tuple[Move, ...]:
        info = state.info
        key = (self, info.high, state.to_move == state.dealer, state.table.shoot_rank)
        moves = _LEGAL.get(key)
        if moves is None:
            moves = _LEGAL[key] = self._legal(state)
        return moves

    def _legal(self, state: GameState) -> tuple[Move, ...]:
        info = state.info
        seat = state.to_move
        high = info.high
        top = self.max_bid + (1 if self.top_bid is not None else 0)
        lowest = max(high + 1, self.min_bid)
        moves: list[Move] = []
        if seat == state.dealer:
            shoot = state.table.shoot_rank
            if self.dealer_may_take and high and high != shoot:
                lowest = high
            if not (high == 0 and self.all_pass == "dealer-must-bid"):
                moves.append(PASS)
        else:
            moves.append(PASS)
        moves.extend(bid(self.value(rank)) for rank in range(lowest, top + 1))
        return tuple(moves)

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        info = state.info
        seat = state.to_move
        assert seat is not None
        if move.kind == "bid":
            arg = move.arg
            info = info._replace(bids=(*info.bids, (seat, arg)), high=self.rank(arg),
                                 bidder=seat, bid=arg)
        else:
            info = info._replace(bids=(*info.bids, (seat, None)))
        if seat != state.dealer:
            return state.evolve(info=info, to_move=(seat + 1) % state.table.players), Next.WAIT
        return state.evolve(info=info), (Next.REDEAL if info.bidder is None else Next.DONE)
