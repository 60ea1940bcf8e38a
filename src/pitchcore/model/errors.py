"""The errors users see: a bad variant file, a move that is not legal now, a bad game record.

Every one is a ``ValueError``: whatever a player sends (a move, ``new_game`` arguments, a
record to load), pitchcore answers with a ``ValueError`` that says what is wrong, or a result.
"""

from __future__ import annotations

from typing import Any

from .text import printable


class PitchcoreError(Exception):
    """Base class of every error pitchcore raises on purpose."""


class VariantError(PitchcoreError, ValueError):
    """A variant file or mapping is wrong; the message lists every problem found."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [printable(problem) for problem in ([problems] if isinstance(problems, str) else problems)]
        """Each problem as one printable line (anything unprintable a file held, escaped)."""
        super().__init__("\n".join(self.problems))


class IllegalMove(PitchcoreError, ValueError):
    """A move that the rules do not allow in this state; the state is left as it was.

    Besides its message, it says what was refused, for a program (a UI translating the
    reason, a server logging it): ``move`` (the ``Move``, or the input that is none),
    ``seat`` and ``phase`` (whose turn it was, and in what), and ``reason``, one of
    ``REASONS``.
    """

    REASONS = ("unreadable", "malformed", "game-over", "not-your-turn", "not-legal")
    """``unreadable``: text that is no move; ``malformed``: a ``Move`` of the wrong shape (a
    card outside the deck, a float); ``game-over``; ``not-your-turn``: ``apply(move, seat=N)``
    for a seat that is not to move; ``not-legal``: a move the rules do not allow now."""

    def __init__(self, message: str, *, move: Any = None, seat: int | None = None,
                 phase: Any = None, reason: str = "not-legal") -> None:
        super().__init__(printable(message))
        self.move, self.seat, self.phase, self.reason = move, seat, phase, reason

    def __reduce__(self) -> tuple[Any, ...]:  # (pickled with its fields: worker processes)
        return _rebuilt, (type(self), str(self), self.move, self.seat, self.phase, self.reason)


def _rebuilt(cls: type[IllegalMove], message: str, move: Any, seat: int | None, phase: Any,
             reason: str) -> IllegalMove:
    return cls(message, move=move, seat=seat, phase=phase, reason=reason)


class InvalidMove(IllegalMove):
    """Move text that does not parse as any move (a kind of ``IllegalMove``, reason
    ``unreadable``)."""

    def __init__(self, message: str, *, move: Any = None, seat: int | None = None,
                 phase: Any = None, reason: str = "unreadable") -> None:
        super().__init__(message, move=move, seat=seat, phase=phase, reason=reason)


class ViewDataError(PitchcoreError, ValueError):
    """JSON data that ``view_from_json`` cannot read as a ``PlayerView``; its message is one
    printable line."""

    def __init__(self, message: str) -> None:
        super().__init__(printable(message))


class RecordError(PitchcoreError, ValueError):
    """Text that ``loads`` cannot take for a game record: not a record, a damaged one, or
    one that no game could reach (a card held twice, a seat out of range, ...). Each line of
    its message (a record's variant may have several problems) is printable."""

    def __init__(self, message: str) -> None:
        super().__init__("\n".join(printable(line) for line in message.split("\n")))
