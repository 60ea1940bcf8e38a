"""A game of a fixed number of rounds: no target, the highest total at the end wins."""

from __future__ import annotations

import attrs

from .going_out import (
    Settled,
    apply_lose_at,
    best_other,
    lose_after_sets_field,
    lose_at_field,
    lose_at_text,
    losing_words,
)
from .registry import MOST_ROUNDS, choice, component, number_range
from .settlement import Ledger
from .wording import sentences

PER_PLAYER = "per-player"


@component("going_out", "rounds")
@attrs.frozen
class Rounds:
    """A game is a fixed number of hands (rounds); after the last the highest total wins, a tie for it nobody (or all).

    With ``tie: shared`` every side tied for the highest total wins together.
    """

    rounds: int | str = attrs.field(default=PER_PLAYER, metadata=number_range(
        1, MOST_ROUNDS, choices=(PER_PLAYER,),
        doc="hands in a game: a number, or per-player (one per seat, so every seat deals once)"))
    lose_at: int | None = lose_at_field()
    lose_after_sets: int | None = lose_after_sets_field()
    tie: str = choice(
        ("nobody", "shared"), "nobody",
        "a tie for the highest total after the last round: nobody wins; shared (every tied "
        "side wins: state.winners names them all, state.winner is null)")

    def explain(self) -> str:
        """A game of rounds in plain words (``pitchcore explain``)."""
        hands = (f"{self.rounds} hands" if isinstance(self.rounds, int)
                 else "one hand per player, so that everyone deals once")
        tie = "nobody wins" if self.tie == "nobody" else "every tied side wins together"
        return sentences(f"there is no target: a game is {hands}; after the last the highest total wins, and "
                         f"on a tie for it {tie}", losing_words(self.lose_at, self.lose_after_sets))

    def count(self, players: int) -> int:
        """Hands in a game at a table of ``players``."""
        return self.rounds if isinstance(self.rounds, int) else players

    def needs_bidder(self) -> bool:
        return False

    def goal(self, players: int) -> str:
        return f"{self.count(players)} rounds{lose_at_text(self.lose_at, self.lose_after_sets)}"

    def settle(self, scores: tuple[int, ...], ledger: Ledger, bidder: int | None) -> Settled:
        return apply_lose_at(self.lose_at, scores, ledger, self.last_round(scores, ledger),
                             self.lose_after_sets)

    def last_round(self, scores: tuple[int, ...], ledger: Ledger) -> Settled:
        """``settle`` before the loss threshold: the game ends after the last round."""
        paid = [0] * len(scores)
        for side, amount in ledger.paid:  # a sold pitch, paid before the hand is played
            paid[side] += amount
        if ledger.outcome == "lose-game":  # as with a target: the hand scores nothing more
            return tuple(paid), best_other(scores, ledger), True
        delta = paid
        for side, amount in ledger.credits:
            delta[side] += amount
        if ledger.bidder_side is not None:
            delta[ledger.bidder_side] += ledger.bonus - ledger.penalty
        if ledger.outcome == "win-game":
            return tuple(delta), ledger.bidder_side, True
        if ledger.hand < self.count(ledger.players):
            return tuple(delta), None, False
        totals = [score + change for score, change in zip(scores, delta, strict=True)]
        best = max(totals)
        leaders = tuple(side for side, total in enumerate(totals) if total == best)
        if len(leaders) == 1:
            return tuple(delta), leaders[0], True
        return tuple(delta), leaders if self.tie == "shared" else None, True
