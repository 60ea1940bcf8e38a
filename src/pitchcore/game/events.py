"""What happened when a move was applied, as typed, immutable events.

A server applies a move with ``apply_with_events`` and gets the new state and the events
in the order they happened: the move itself, then what it led to (the auction won, trump
set, a trick won, the hand scored, the next deal, the game over). Each event says itself
for people with ``describe()``; ``seen_by(seat)`` gives the version a seat may be sent
(another seat's discards travel as their count, face down).

The events are read off the two states (and the hand result a finished hand leaves), so
they follow the rules without restating them.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Literal

import attrs

from ..model.cards import SUITS
from ..model.moves import Move
from ..model.phase import Phase
from ..model.results import HandResult, Trick, winners_text
from ..model.state import GameState

if TYPE_CHECKING:
    from typing import TypeAlias


@attrs.frozen
class MoveMade:
    """A seat made a move."""

    seat: int
    move: Move
    phase: Phase
    """The phase the move was made in (it tells ``pass`` in the auction from ``pass`` on a deal)."""

    def describe(self) -> str:
        return f"seat {self.seat}: {self.move.describe(self.phase)}"

    def seen_by(self, seat: int) -> MoveMade | CardsDiscarded:
        """What ``seat`` sees of it: another seat's discards only as their count."""
        if self.move.kind == "discard" and seat != self.seat:
            return CardsDiscarded(self.seat, int(self.move.arg or 0).bit_count())
        return self


@attrs.frozen
class CardsDiscarded:
    """Another seat discarded this many cards, face down (``MoveMade.seen_by``)."""

    seat: int
    count: int

    def describe(self) -> str:
        return f"seat {self.seat} discards {self.count} card{'s' if self.count != 1 else ''}"

    def seen_by(self, seat: int) -> CardsDiscarded:
        return self


@attrs.frozen
class AuctionWon:
    """The auction ended with a winning bid."""

    bidder: int
    bid: int | str

    def describe(self) -> str:
        return f"seat {self.bidder} wins the auction at {self.bid}"

    def seen_by(self, seat: int) -> AuctionWon:
        return self


@attrs.frozen
class TrumpSet:
    """Trump became known: named, set by the first card led, or turned up (by the deal, or
    when the cards were run: a new trump)."""

    suit: str
    """The suit letter: C, D, H or S."""
    seat: int | None
    """The seat that named or led it (None where no seat chose it)."""

    def describe(self) -> str:
        by = "" if self.seat is None else f" (seat {self.seat})"
        return f"trump is {self.suit}{by}"

    def seen_by(self, seat: int) -> TrumpSet:
        return self


@attrs.frozen
class TrickWon:
    """A trick was completed and taken."""

    trick: Trick

    def describe(self) -> str:
        return self.trick.describe()

    def seen_by(self, seat: int) -> TrickWon:
        return self


@attrs.frozen
class HandScored:
    """A hand ended and was scored."""

    result: HandResult
    scores: tuple[int, ...]
    """The running score per side after it."""

    def describe(self) -> str:
        return f"hand scored: {self.result.describe()}; scores {' '.join(map(str, self.scores))}"

    def seen_by(self, seat: int) -> HandScored:
        return self


@attrs.frozen
class NewDeal:
    """A new hand was dealt."""

    dealer: int
    deal_number: int
    thrown_in: bool = False
    """True when the previous deal was thrown in unplayed (everyone passed, a worthless hand)."""

    def describe(self) -> str:
        again = "the hand is thrown in; " if self.thrown_in else ""
        return f"{again}seat {self.dealer} deals"

    def seen_by(self, seat: int) -> NewDeal:
        return self


@attrs.frozen
class GameOver:
    """The game ended."""

    winner: int | None
    """The winning side (None: nobody won, or several sides won together)."""
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    """Every winning side (``GameState.winners``)."""

    def describe(self) -> str:
        who = winners_text(self.winners or (() if self.winner is None else (self.winner,)))
        return f"game over: {who} ({' '.join(map(str, self.scores))})"

    def seen_by(self, seat: int) -> GameOver:
        return self


Event: TypeAlias = "MoveMade | CardsDiscarded | AuctionWon | TrumpSet | TrickWon | HandScored | NewDeal | GameOver"
"""Any of the events."""


class Trusted(enum.Enum):
    """The type of ``TRUSTED`` (an enum of one member, so type checkers know it apart from a seat)."""

    TRUSTED = "trusted"

    def __repr__(self) -> str:
        return "pitchcore.TRUSTED"


TRUSTED: Literal[Trusted.TRUSTED] = Trusted.TRUSTED
"""``apply_with_events(state, move, seat=TRUSTED)``: the caller moves for whichever seat is to
move (a bot loop, a replay of a checked record), so no turn check is made. A server passes the
seat of the player who sent the move instead."""


def apply_with_events(state: GameState, move: Move | str,
                      seat: int | Trusted) -> tuple[GameState, tuple[Event, ...]]:
    """``state.apply(move, seat)`` and the events it caused, in order.

    ``seat`` is required: the seat of the player who sent the move (a move from a seat that
    is not to move is refused, reason ``not-your-turn``), or ``TRUSTED`` where the caller
    itself moves for whoever is to move. A server that lost track of the seat (``None``)
    gets a ``TypeError`` rather than a referee that checks nothing.

    Raises ``IllegalMove`` as ``apply`` does (no events, the state unchanged).
    """
    if seat is TRUSTED:
        after = state.apply(move)
    elif seat is None:
        raise TypeError("apply_with_events needs the seat that sent the move (seat=N), "
                        "or seat=pitchcore.TRUSTED where the caller moves for whoever is to move")
    else:
        after = state.apply(move, seat)
    return after, events_between(state, after)


def events_between(before: GameState, after: GameState) -> tuple[Event, ...]:
    """The events of the one move that took ``before`` to ``after`` (its last move)."""
    # (the log's last link: ``after.moves`` would rebuild every move of the game, making a
    # replay's events quadratic in its moves)
    move: Move | None = after.log[1] if after.log[0] is not None else None
    if move is None or before.to_move is None:
        return ()
    events: list[Event] = [MoveMade(before.to_move, move, before.phase)]
    finished = after.hand_results[len(before.hand_results):]
    same_hand = not finished and after.deal_number == before.deal_number
    if (same_hand and before.phase is Phase.BIDDING and after.phase not in (Phase.BIDDING, Phase.DEALING)
            and after.bidder is not None and after.bid is not None):  # (not blind bids before a deal's demand)
        events.append(AuctionWon(after.bidder, after.bid))
    if same_hand and after.info.trump is not None and after.info.trump != before.info.trump:
        events.append(TrumpSet(SUITS[after.info.trump], _trump_setter(before, after, move)))
    done = len(before.done_tricks)
    if same_hand:  # (``after.tricks`` builds every trick of the hand: only when one was added)
        tricks = after.tricks[done:] if len(after.done_tricks) > done else ()
    else:
        tricks = finished[0].tricks[done:] if finished else ()
    events.extend(TrickWon(trick) for trick in tricks)
    scores = before.scores
    for result in finished:
        scores = tuple(score + change for score, change in zip(scores, result.delta, strict=True))
        events.append(HandScored(result, scores))
    if after.phase is Phase.GAME_OVER:
        events.append(GameOver(after.winner, after.scores, after.winners))
    elif after.deal_number != before.deal_number:
        events.append(NewDeal(after.dealer, after.deal_number, thrown_in=not finished))
        if after.info.trump is not None:  # turned up as the new hand was dealt
            events.append(TrumpSet(SUITS[after.info.trump], None))
    return tuple(events)


def _trump_setter(before: GameState, after: GameState, move: Move) -> int | None:
    """The seat that chose trump: the one that named it or led it."""
    return before.to_move if move.kind in ("trump", "play") else after.bidder
