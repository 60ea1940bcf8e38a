"""The two errors users see: a bad variant file, and a move that is not legal now."""

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
