"""Types of the optional compiled kernel (``_kernel.c``); ``pitchcore.kernel`` builds and drives it."""

from collections.abc import Callable, Sequence
from typing import Any

ABI: int

class Rules:
    """A variant's play and point tables for one table size, compiled."""

    def __new__(
        cls, players: int, deck_size: int, suit: Sequence[Sequence[int]],
        power: Sequence[Sequence[Sequence[int]]], trumps: Sequence[int], suit_masks: Sequence[Sequence[int]],
        later_ties: int, follow: int, first_lead_trump: int, lead_sets: Sequence[int],
        categories: Sequence[tuple[int, int, int, Sequence[Sequence[int]], int, int]], pips: Sequence[int],
        jokers: int, plays: tuple[Any, ...], set_trump: Callable[[Any, int], Any],
        playing: object, wait: object, done: object, fallback: object, state_type: type, log_type: type,
        move_type: type, on_done: Callable[[Any, int], Any], order: Sequence[Sequence[int]],
        side_of: Sequence[int],
    ) -> Rules: ...
    def greedy_move(self, state: Any, /) -> int | None: ...
    def checked(self, state: Any, move: Any, seat: Any, /) -> Any: ...
    def advance(self, state: Any, move: Any, /) -> Any: ...
    def legal(self, state: Any, /) -> tuple[Any, ...]: ...
    def legal_fields(self, fields: Any, /) -> tuple[Any, ...]: ...
    def is_legal(self, state: Any, move: Any, /) -> bool: ...
    def apply_in_place(self, fields: Any, move: Any, /) -> Any: ...
    def playouts(
        self, masks: tuple[int, ...], start: tuple[int, ...], done_tricks: tuple[Any, ...], trick: tuple[int, ...],
        leader: int, to_move: int, trump: int, side_of: tuple[int, ...], sides: int, bidder_side: int, dealer: int,
        n: int, seed: int, greedy: float, /,
    ) -> tuple[bytes, bytes]: ...
    def judged(
        self, masks: tuple[int, ...], start: tuple[int, ...], done_tricks: tuple[Any, ...], trick: tuple[int, ...],
        leader: int, to_move: int, trump: int, side_of: tuple[int, ...], sides: int, bidder_side: int, dealer: int, /,
    ) -> tuple[int, bool, tuple[int, ...]]: ...
    def finished(self, state: Sequence[Any], /) -> tuple[int, bool, tuple[int, ...], tuple[int, ...]] | None: ...

class GameBase:
    """fast.Game's play moves in the kernel."""

    fields: list[Any]
    _rules: Rules | None
    _play: int
    def moves(self) -> tuple[Any, ...]: ...
    def apply(self, move: Any, /) -> None: ...
    def apply_in_hand(self, move: Any, /) -> bool: ...
