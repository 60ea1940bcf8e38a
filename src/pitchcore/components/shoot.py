"""The shoot slot: a smudge or moon bid, what it needs and what it wins or costs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .context import HandContext
from .registry import MOST_BID, MOST_SCORE, component, number_range, slot
from .wording import plural, sentences

if TYPE_CHECKING:
    from ..model.state import GameState

slot("shoot", "A bid for everything (smudge, moon): what it needs, wins and costs.", "none")

MADE = ("win-game", "score-earned", "win-game-or-reset")
FAILED = ("set-back", "lose-game")


@component("shoot", "none")
@attrs.frozen
class NoShoot:
    """No bid is special: every bid is settled by the settlement rule."""

    bid: int | str | None = attrs.field(default=None, metadata=number_range(
        1, MOST_BID, doc="null: this kind has no shoot bid"))

    def explain(self) -> str:
        """No shoot bid, in plain words (``pitchcore explain``)."""
        return "No bid is special: the highest bid is settled like any other."

    def explain_without_bidding(self) -> str:
        """``explain`` where the auction has no bids (``auction: none``)."""
        return "There is no bidding, so no bid shoots."

    def achieved(self, ctx: HandContext, awards: list[int | None]) -> bool:
        return False

    def barred(self, state: GameState) -> bool:
        """Whether the seat to move may not bid the shoot bid now: never, there is none."""
        return False

    def why_barred(self, state: GameState) -> str:
        """Why the seat to move may not bid the shoot bid: it never is barred."""
        return ""

    def reads_scores(self) -> bool:
        """Whether who may bid the shoot bid depends on the scores: no."""
        return False

    def kernel_form(self) -> bool:
        """The compiled kernel can settle this (``components.kernel_form``): nothing to judge."""
        return True


@attrs.frozen
class Shoot:
    bid: int | str = attrs.field(default=4, metadata=number_range(
        1, MOST_BID, doc="the bid that shoots: a number in the bid range or the auction's top_bid name"))
    made: int | str = attrs.field(default="win-game", metadata=number_range(
        0, MOST_SCORE, choices=MADE,
        doc="win-game; score-earned (like any bid); win-game-or-reset (Trickster: win the "
            "game, but a side with a negative score is reset to 0 instead and play goes on); "
            "or a number of points scored (the hand's points are then not scored)"))
    failed: int | str = attrs.field(default="set-back", metadata=number_range(
        -MOST_SCORE, 0, choices=FAILED,
        doc="set-back (lose the bid's worth), lose-game, or a score change such as -11 (never a gain)"))
    not_below: int | None = attrs.field(default=None, metadata=number_range(
        -MOST_SCORE, MOST_SCORE,
        doc="null (any seat may bid the shoot bid), or N: a seat whose side's score is below N "
            "may not bid it (no smudge in the hole, as in Parlett's Smudge: 0)"))

    def explain(self) -> str:
        """The shoot bid in plain words (``pitchcore explain``): what it needs, wins and costs."""
        bid = f"a bid of {self.bid}" if isinstance(self.bid, int) else f"the bid {self.bid}"
        if isinstance(self.made, int):
            made = f"made, it scores {plural(self.made, 'point')} instead of the points its side took"
        else:
            made = {"win-game": "made, it wins the game at once",
                    "score-earned": "made, it scores what its side took, like any bid",
                    "win-game-or-reset": "made, it wins the game at once, except that a side with a score "
                                         "below 0 is reset to 0 instead and play goes on"}.get(self.made, self.made)
        if isinstance(self.failed, int):
            failed = f"failed, the bidder's side loses {plural(-self.failed, 'point')}"
        else:
            failed = {"set-back": "failed, it is set back like any bid",
                      "lose-game": "failed, the bidder's side loses the game at once"}.get(self.failed, self.failed)
        barred = "" if self.not_below is None else (
            f"a player whose side's score is below {self.not_below} may not bid it"
            + (" (no shoot in the hole)" if self.not_below == 0 else ""))
        return sentences(f"{bid} shoots for everything: it is made only by {self.needs()}", made, failed,
                         barred)

    def needs(self) -> str:
        """What makes the shoot bid, for ``explain``."""
        return "winning every point category (one not in play is missed)"

    def achieved(self, ctx: HandContext, awards: list[int | None]) -> bool:
        return bool(awards) and all(side == ctx.bidder_side for side in awards)

    def barred(self, state: GameState) -> bool:
        """Whether the seat to move may not bid the shoot bid now: its side's score is below
        ``not_below`` (the auction leaves the bid out of that seat's legal bids)."""
        least = self.not_below
        if least is None:
            return False
        seat = state.to_move
        return seat is not None and state.scores[state.table.side_of[seat]] < least

    def why_barred(self, state: GameState) -> str:
        """Why the seat to move may not bid the shoot bid (``barred``), for an illegal move's message."""
        seat = state.to_move or 0
        score = state.scores[state.table.side_of[seat]]
        hole = " (in the hole)" if self.not_below == 0 else ""
        return (f"seat {seat}'s side is at {score}, below {self.not_below}{hole}, so it may not bid "
                f"{self.bid}, the shoot bid")

    def reads_scores(self) -> bool:
        """Whether who may bid the shoot bid depends on the scores (``not_below``): then a
        seat's legal bids are not the same for every seat at one high bid."""
        return self.not_below is not None

    def kernel_form(self) -> bool:
        """The compiled kernel can settle this (``components.kernel_form``): made or missed
        from the categories' awards and the tricks each side took, which it reports."""
        return True


@component("shoot", "all-points")
@attrs.frozen
class AllPoints(Shoot):
    """The shoot bid is made by winning every point category (one not in play is missed)."""


@component("shoot", "all-points-and-tricks")
@attrs.frozen
class AllPointsAndTricks(Shoot):
    """The shoot bid is made by winning every point category and every trick."""

    def needs(self) -> str:
        return "winning every point category (one not in play is missed) and every trick"

    def achieved(self, ctx: HandContext, awards: list[int | None]) -> bool:
        others = sum(won for side, won in enumerate(ctx.tricks_won) if side != ctx.bidder_side)
        return super().achieved(ctx, awards) and others == 0
