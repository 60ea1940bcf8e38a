"""The errors users see: a bad variant file, a move that is not legal now, a bad game record.

Every one is a ``ValueError``: whatever a player sends (a move, ``new_game`` arguments, a
record to load), pitchcore answers with a ``ValueError`` that says what is wrong, or a result.
"""

from __future__ import annotations


class PitchcoreError(Exception):
    """Base class of every error pitchcore raises on purpose."""


class VariantError(PitchcoreError, ValueError):
    """A variant file or mapping is wrong; the message lists every problem found."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))


class IllegalMove(PitchcoreError, ValueError):
    """A move that the rules do not allow in this state; the state is left as it was."""


class InvalidMove(IllegalMove):
    """Move text that does not parse as any move (a kind of ``IllegalMove``)."""


class RecordError(PitchcoreError, ValueError):
    """Text that ``loads`` cannot take for a game record: not a record, a damaged one, or
    one that no game could reach (a card held twice, a seat out of range, ...)."""
