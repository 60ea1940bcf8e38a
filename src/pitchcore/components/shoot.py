"""The shoot slot: a smudge or moon bid, what it needs and what it wins or costs."""

from __future__ import annotations

import attrs

from .context import HandContext
from .registry import MOST_BID, MOST_SCORE, component, number_range, slot

slot("shoot", "A bid for everything (smudge, moon): what it needs, wins and costs.", "none")

MADE = ("win-game", "score-earned", "win-game-or-reset")
FAILED = ("set-back", "lose-game")


@component("shoot", "none")
@attrs.frozen
class NoShoot:
    """No bid is special: every bid is settled by the settlement rule."""

    bid: int | str | None = attrs.field(default=None, metadata=number_range(
        1, MOST_BID, doc="null: this kind has no shoot bid"))

    def achieved(self, ctx: HandContext, awards: list[int | None]) -> bool:
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

    def achieved(self, ctx: HandContext, awards: list[int | None]) -> bool:
        return bool(awards) and all(side == ctx.bidder_side for side in awards)

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

    def achieved(self, ctx: HandContext, awards: list[int | None]) -> bool:
        others = sum(won for side, won in enumerate(ctx.tricks_won) if side != ctx.bidder_side)
        return super().achieved(ctx, awards) and others == 0
