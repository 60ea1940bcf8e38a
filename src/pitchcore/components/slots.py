"""What the engine and the other slots ask of each slot's components, as protocols.

``Variant`` types its slots with these rather than with one concrete class each, so a new
kind (a deal the dealer sizes, a game without an auction or trump, a trick won by the last
jack) plugs in without a cast: any class with these members fits its slot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..model.moves import Move
    from ..model.state import GameState, HandInfo
    from .settlement import Ledger
    from .step import Next
    from .trump import TrumpTables


class HandStep(Protocol):
    """A slot that runs as a step of every hand (``components/step.py``)."""

    def begin(self, state: GameState) -> tuple[GameState, bool | Next]: ...

    def legal(self, state: GameState) -> tuple[Move, ...]: ...

    def is_legal(self, state: GameState, move: Move) -> bool: ...

    def why_illegal(self, state: GameState, move: Move) -> str: ...

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]: ...


class DealRule(HandStep, Protocol):
    """The deal slot: seats, sides and the cards each hand gets."""

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def default_players(self) -> int: ...

    @property
    def sides(self) -> str: ...

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat (where the dealer chooses: the most it may choose)."""
        ...

    def side_table(self, players: int) -> tuple[int, ...]: ...

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        """The cards a deal may give each of ``players`` seats (one size, or the dealer's choices)."""
        ...

    def deck_size(self) -> int:
        """The width of the card indices: every card of the deck lies below it."""
        ...

    def deck_cards(self) -> tuple[int, ...]:
        """The card indices the deck holds (a stripped deck leaves some out)."""
        ...

    def stacked(self, state: GameState) -> tuple[GameState, bool]:
        """A stacked deal (``new_game(hands=...)``) as this rule leaves a deal it made: the
        state, and whether the deal step still waits for a move (a coke-hand demand)."""
        ...


class AuctionRule(HandStep, Protocol):
    """The auction slot: who becomes the bidder, if anyone."""

    def rank(self, value: int | str | None) -> int:
        """A bid's place in the auction's order (0: not a bid of this auction)."""
        ...

    def sale(self, info: HandInfo) -> tuple[int, int] | None:
        """(seat, points) a seat scores at once from the auction (a sold pitch), or None."""
        ...


class TrumpSlot(HandStep, Protocol):
    """The trump slot: how trump is chosen and the tables that say what a card is."""

    @property
    def extras(self) -> tuple[str, ...]: ...

    def tables(self) -> TrumpTables: ...

    def suit_from_lead(self, card: int) -> int | None: ...

    def names_after_lead(self, card: int) -> bool:
        """Whether leading ``card`` first leaves the leader to name trump (a ``trump`` move)."""
        ...


class TrickRule(Protocol):
    """The trick slot: which card of a finished trick wins it."""

    def winner(self, cards: tuple[int, ...], trump: int, tables: TrumpTables) -> int:
        """Position (0 = the lead) of the winning card in ``cards``."""
        ...


class GoingOutRule(Protocol):
    """The going-out slot: how a hand's points move the scores, and when the game ends."""

    def settle(self, scores: tuple[int, ...], ledger: Ledger,
               bidder: int | None) -> tuple[tuple[int, ...], int | tuple[int, ...] | None, bool]:
        """Score changes, the winning side (a tuple of sides where several win together,
        None where nobody wins), and whether the game is over."""
        ...

    def needs_bidder(self) -> bool: ...

    def goal(self, players: int) -> str: ...
