"""A trump slot with no trump: every card is only its own suit, for games played without one."""

from __future__ import annotations

import attrs

from .registry import component
from .step import Step
from .trump import TrumpTables, build_tables


@component("trump", "none")
@attrs.frozen
class NoTrump(Step):
    """There is no trump suit: no card outranks another for its suit, and trump categories score nothing."""

    def explain(self) -> str:
        """No trump, in plain words (``pitchcore explain``)."""
        return ("There is no trump suit: every card belongs to its own suit only, and a point category "
                "judged by trumps scores nothing.")

    @property
    def extras(self) -> tuple[str, ...]:
        """No extra trumps: with no trump there is nothing for them to join."""
        return ()

    def tables(self) -> TrumpTables:
        return build_tables(())

    def suit_from_lead(self, card: int) -> int | None:
        return None

    def names_after_lead(self, card: int) -> bool:
        return False
