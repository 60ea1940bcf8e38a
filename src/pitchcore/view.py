"""What one seat may know: its own cards and everything public, nothing more."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .cards import CARDS, SUITS, Card, cards_of
from .components.play import trick_seats
from .moves import Move
from .results import HandResult
from .state import Phase, seat_of

if TYPE_CHECKING:
    from .state import GameState
    from .variant import Variant


@attrs.frozen
class PlayerView:
    """One seat's information set: what a bot or a player's screen may use."""

    seat: int
    players: int
    variant: str
    phase: Phase
    to_move: int | None
    dealer: int
    scores: tuple[int, ...]
    side_of: tuple[int, ...]
    hand: tuple[Card, ...]
    """This seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    bids: tuple[tuple[int, int | str | None], ...]
    """The auction so far: (seat, bid or None for a pass)."""
    bidder: int | None
    bid: int | str | None
    trump: str | None
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card) in play order."""
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    """Completed tricks this hand: (leader, cards in play order, winner)."""
    discards: tuple[Card, ...]
    """What this seat discarded this hand (others' discards are face down)."""
    discard_counts: tuple[int, ...]
    """How many cards each seat discarded this hand."""
    gift: tuple[Card, ...]
    """Cards this seat received as the bidder's gift (empty for others)."""
    stock_size: int
    hand_results: tuple[HandResult, ...]
    winner: int | None
    legal_moves: tuple[Move, ...]
    """This seat's legal moves (empty when it is not this seat's turn)."""
    call: str | None = None
    """The trick in progress's declaration (``"high"``/``"low"``) where the variant has one;
    None before the leader calls."""
    hand_size: int = 0
    """Cards dealt to each seat this hand (0 while the dealer has yet to choose)."""
    called: Card | None = None
    """The card the bidder called to name its partner (call your partner), once called."""
    partner: int | None = None
    """The bidder's called partner, where this seat may know it: the partner itself knows at
    once (it holds the called card), everyone else (the bidder too) once the called card has
    been played; None otherwise (not known yet, no call, or the bidder plays alone)."""
    trick_seats: tuple[tuple[int, ...], ...] = ()
    """The seat that played each card of each completed trick, in play order: counted on
    from the leader, except where seats out of trumps are skipped (``follow: trump-only``)."""
    rules: Variant | None = attrs.field(default=None, eq=False, repr=False)
    """The variant being played (public: every player knows the rules)."""


def view_of(state: GameState, seat: int) -> PlayerView:
    table = state.table
    seat = seat_of(seat, table.players)
    info = state.info
    discards = info.discards[seat] if info.discards else 0
    return PlayerView(
        seat=seat, players=table.players, variant=table.variant.name, phase=state.phase,
        to_move=state.to_move, dealer=state.dealer, scores=state.scores,
        side_of=table.side_of, hand=cards_of(state.masks[seat]),
        hand_sizes=tuple(mask.bit_count() for mask in state.masks), bids=info.bids,
        bidder=info.bidder, bid=info.bid,
        trump=None if info.trump is None else SUITS[info.trump], trick=state.trick,
        tricks=tuple((leader, tuple(CARDS[c] for c in cards), taker)
                     for leader, cards, taker in state.done_tricks),
        discards=cards_of(discards),
        discard_counts=tuple(mask.bit_count() for mask in info.discards) if info.discards
        else (0,) * table.players,
        gift=cards_of(info.gift) if seat == info.bidder else (),
        stock_size=len(info.stock), hand_results=state.hand_results, winner=state.winner,
        legal_moves=state.legal_moves() if state.to_move == seat else (),
        call=info.call, hand_size=info.hand_size,
        called=None if info.called is None else CARDS[info.called],
        partner=_partner_known(state, seat),
        trick_seats=tuple(trick_seats(info.start, leader, cards, table.players)
                          for leader, cards, _ in state.done_tricks),
        rules=table.variant,
    )


def _partner_known(state: GameState, seat: int) -> int | None:
    """The called partner if ``seat`` may know it: it is the partner, or the called card has
    been played (to the trick in progress or a completed one)."""
    info = state.info
    partner, called = info.partner, info.called
    if partner is None or called is None:
        return None
    if seat == partner or called in state.trick_cards:
        return partner
    return partner if any(called in cards for _, cards, _ in state.done_tricks) else None
