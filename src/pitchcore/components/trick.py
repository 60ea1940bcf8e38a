"""The trick slot: which card wins a finished trick."""

from __future__ import annotations

import attrs

from .registry import component, slot
from .trump import TrumpTables

slot("trick", "Which card wins a trick.", "highest-trump")


@component("trick", "highest-trump")
@attrs.frozen
class HighestTrump:
    """The highest trump wins; with no trump in the trick, the highest card of the suit led.

    Of two cards of one rank (the jokers, where they rank by play order) the earlier wins,
    or the later where the tables say so (``TrumpTables.overtakes``: the bots ask it too).
    """

    def explain(self) -> str:
        """The trick's winner in plain words (``pitchcore explain``)."""
        return ("The highest trump wins the trick; with no trump in it, the highest card of the suit led "
                "(a card of any other suit never wins).")

    def kernel_form(self) -> bool:
        """What the compiled kernel plays (``components.kernel_form``): the card of highest
        power takes the trick (``_kernel.c``'s ``trick_winner`` mirrors ``winner``)."""
        return True

    def winner(self, cards: tuple[int, ...], trump: int, tables: TrumpTables) -> int:
        """Position (0 = the lead) of the winning card in ``cards``."""
        power = tables.power[trump][tables.suit[trump][cards[0]]]
        best, top = 0, power[cards[0]]
        if tables.later_ties:  # (jokers ranked by play order, the later higher)
            for position in range(1, len(cards)):
                strength = power[cards[position]]
                if strength >= top:
                    best, top = position, strength
            return best
        for position in range(1, len(cards)):
            strength = power[cards[position]]
            if strength > top:  # strictly: of equals, the earlier card
                best, top = position, strength
        return best
