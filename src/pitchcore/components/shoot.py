"""The shoot slot: a smudge or moon bid, what it needs and what it wins or costs."""

from __future__ import annotations

import attrs

from .context import HandContext
from .registry import MOST_BID, MOST_SCORE, component, number_range, slot
from .wording import plural, sentences

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
        return sentences(f"{bid} shoots for everything: it is made only by {self.needs()}", made, failed)

    def needs(self) -> str:
        """What makes the shoot bid, for ``explain``."""
        return "winning every point category (one not in play is missed)"

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

    def needs(self) -> str:
        return "winning every point category (one not in play is missed) and every trick"

    def achieved(self, ctx: HandContext, awards: list[int | None]) -> bool:
        others = sum(won for side, won in enumerate(ctx.tricks_won) if side != ctx.bidder_side)
        return super().achieved(ctx, awards) and others == 0
