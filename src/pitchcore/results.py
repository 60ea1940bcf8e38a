"""What a finished hand leaves behind: who bid, what was awarded, how scores moved."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs


class Awards(Mapping[str, "int | None"]):
    """An immutable, hashable mapping of point name to the side that won it (or None)."""

    __slots__ = ("_items",)
    _items: tuple[tuple[str, int | None], ...]

    def __init__(self, items: tuple[tuple[str, int | None], ...] | Mapping[str, int | None] = ()):
        if items.__class__ is tuple:  # what scoring passes: no ABC check, no copy
            pairs: tuple[tuple[str, int | None], ...] = items
        else:
            pairs = tuple(items.items()) if isinstance(items, Mapping) else tuple(items)
        object.__setattr__(self, "_items", pairs)

    def __getitem__(self, key: str) -> int | None:
        for name, side in self._items:
            if name == key:
                return side
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Awards):
            return self._items == other._items
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Awards is immutable")

    def __reduce__(self) -> tuple[type[Awards], tuple[tuple[tuple[str, int | None], ...]]]:
        """Rebuilt through ``__init__``: pickling and ``copy`` may not set the slot directly."""
        return Awards, (self._items,)

    def __repr__(self) -> str:
        return f"Awards({dict(self._items)!r})"


def _awards(items: Awards | tuple[tuple[str, int | None], ...] | Mapping[str, int | None]) -> Awards:
    return items if items.__class__ is Awards else Awards(items)


@attrs.frozen
class HandResult:
    """The outcome of one finished hand."""

    bidder: int | None
    """The seat that won the auction (None where the variant has no auction)."""
    bid: int | str | None
    """The winning bid: its number, or the name of a bid above every number (``"moon"``)."""
    made: bool | None
    """Whether the bidder's side made its bid (None without a bidder)."""
    awards: Awards = attrs.field(converter=_awards)
    """Point name -> side that won it, in the variant's award order; None = not awarded.

    A category that credits several sides (``card-values``) is reported for the side it
    credited most, None for a tie; the amounts are in ``game_pips`` and ``delta``."""
    delta: tuple[int, ...]
    """Score change per side from this hand."""
    game_pips: tuple[int, ...]
    """Per side, what the variant's first counting category counted: Game pips for ``game``,
    card points for ``card-values`` (Jacks Trump); the Game pips captured where none counts."""
    dealer: int = 0
    """The seat that dealt this hand."""
    ended_game: bool = False
    """True when the game ended during this hand's scoring."""
    partner: int | None = None
    """The bidder's called partner (``auction: {partner: called-card}``): the seat that held
    the called card, None where nobody did or the variant calls no partner."""
