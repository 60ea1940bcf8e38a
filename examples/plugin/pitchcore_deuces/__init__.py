"""An example pitchcore plugin: the point category ``deuces``.

Every two (deuce) of any suit is worth a point to the side that takes it in a trick, or,
with ``receiver: holder``, to the side that was dealt it; a deuce nobody was dealt scores
nothing. Variant files name it like a bundled category::

    points:
      - {kind: high, receiver: holder}
      - {kind: deuces, value: 1}
"""

from __future__ import annotations

import attrs

from pitchcore.components.context import HandContext
from pitchcore.components.points import Category, Credits, receiver_field
from pitchcore.components.registry import MOST_VALUE, component, field
from pitchcore.model.cards import RANKS, make_card

DEUCES = sum(1 << make_card(RANKS.index("2"), suit) for suit in range(4))
"""The mask of the four twos."""


@component("points", "deuces")
@attrs.frozen
class Deuces(Category):
    """Each two (deuce) of any suit scores its value to the side that takes it."""

    name: str = field("deuces", "the name awards are reported under (for the side with the most "
                                "deuces; nobody on a tie)")
    value: int = field(1, "points each deuce is worth", minimum=1, maximum=MOST_VALUE)
    receiver: str = receiver_field("capturer")

    def counts(self, ctx: HandContext) -> tuple[int, ...]:
        """Deuces per side: of the cards it took, or (holder) was dealt."""
        if self.receiver == "capturer":
            piles = ctx.piles
        else:
            held = [0] * ctx.sides
            for seat, mask in enumerate(ctx.held):
                held[ctx.side_of[seat]] |= mask
            piles = tuple(held)
        return tuple((pile & DEUCES).bit_count() for pile in piles)

    def credits(self, ctx: HandContext) -> Credits:
        """Every side with a deuce is credited its own amount, in side order."""
        return tuple((side, count * self.value) for side, count in enumerate(self.counts(ctx)) if count)

    def most(self) -> int:
        """All four deuces (what a bid can count on)."""
        return 4 * self.value
