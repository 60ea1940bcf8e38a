"""The moves a game was played by: one link per move, kept beside each state.

A state carries its game's log so that a record or a hand history can be written from the
state alone. The log is history, not position: it compares equal to every other log and
hashes as 0, so two states are equal exactly when their positions are, however reached.
A link is two references (the earlier log and the move), shared by every later state.

Where the compiled extension is in use, the links, the start and the moves are left
untracked by Python's cycle collector (``untrack``): they can be in no cycle, but the
collector leaves only plain tuples untracked, never named tuples, so a long game's chain
was scanned again by every collection the game lived through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .extension import compiled
from .moves import Move
from .tuples import unchecked


class Start(NamedTuple):
    """How a game began, beside its variant, seats and seed: what ``new_game`` was given.

    A named tuple of plain values, so that a game's log (a long chain that lives as long as
    the game) can be left untracked by the cycle collector (``untrack``).
    """

    dealer: int = 0
    """The first dealer."""
    scores: tuple[int, ...] | None = None
    """Starting score per side (None: all 0)."""
    hands: tuple[tuple[str, ...], ...] | None = None
    """A stacked first deal: each seat's cards as text (None: the seed's deal)."""
    stock: tuple[str, ...] | None = None
    """Cards stacked on the deck, top first: with ``hands``, on the rest of the deck after
    them; alone, the top of the first deal's deck, dealt as the variant deals (None: none)."""


class Log(tuple):  # type: ignore[type-arg]
    """(earlier log, move), or (None, ``Start``) at a game's beginning."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Log)

    def __ne__(self, other: object) -> bool:
        return not isinstance(other, Log)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return f"<Log of {len(moves_of(self))} moves>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled flat: a long game's chain would otherwise nest past pickle's depth limit."""
        return _rebuild, (start_of(self), moves_of(self))




def _kept(value: Any) -> Any:
    return value


untrack: Callable[[Any], Any] = _kept
"""``untrack(value)``: the value, left untracked by the cycle collector where it is a plain
tuple, a link of a log, its start or a move (the compiled extension's; without it, the value
as it is)."""
if compiled is not None:
    compiled.plain_types(Log, Start, Move)
    untrack = compiled.untrack


def begin(start: Start) -> Log:
    """The log of a game not yet moved."""
    log: Log = untrack(unchecked(Log, (None, start)))
    return log


def extend(log: Log, move: Move) -> Log:
    """``log`` with ``move`` played."""
    longer: Log = untrack(unchecked(Log, (log, move)))
    return longer


def moves_of(log: Log) -> tuple[Move, ...]:
    """Every move of the game, first to last."""
    found = []
    while log[0] is not None:
        found.append(log[1])
        log = log[0]
    found.reverse()
    return tuple(found)


def start_of(log: Log) -> Start:
    """How the game began."""
    while log[0] is not None:
        log = log[0]
    start: Start = log[1]
    return start


def _rebuild(start: Start, moves: tuple[Move, ...]) -> Log:
    log = begin(start)
    for move in moves:
        log = extend(log, move)
    return log
