"""The joker as a point category (Joker Pitch's fifth point, Smear's joker points).

A joker scores like the Jack: a trump card won by its receiver if it is in play. Which
joker it is (the high one, ``HJ``, the only joker of a 53-card deck, or the low one,
``LJ``, of a 54-card deck) is a field, so a two-joker variant lists two categories.
Whether the deck holds that joker, and whether ``trump.extras`` makes it a trump, is
checked when the variant loads (``contradictions.py``).
"""

from __future__ import annotations

import attrs

from ..model.cards import HIGH_JOKER, JOKER_TEXT, LOW_JOKER
from .points import CardPoint
from .registry import choice, component, field
from .trump import TrumpTables

JOKER_CARDS = {"high": HIGH_JOKER, "low": LOW_JOKER}
"""The ``joker`` field's choices -> card index."""


@component("points", "joker")
@attrs.frozen
class JokerPoint(CardPoint):
    """A joker, if it is in play (Joker Pitch: to the side that takes it in a trick)."""

    name: str = field("joker", "the name awards are reported under (two jokers need two names)")
    joker: str = choice(
        tuple(JOKER_CARDS), "high",
        "high: the high joker (HJ), the only joker of a one-joker deck; low: the low joker "
        "(LJ) of a two-joker deck")

    def card_words(self) -> str:
        return f"the {self.joker} joker ({JOKER_TEXT[JOKER_CARDS[self.joker]]}), if it is in play"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (JOKER_CARDS[self.joker],)

    def jokers_needed(self) -> int:
        """Jokers the deck must hold for this one to be in it (the LJ is the second)."""
        return JOKER_CARDS[self.joker] - HIGH_JOKER + 1
