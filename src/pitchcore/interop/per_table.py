"""Objects built once per (variant, number of players), such as an action space or a tensor
layout: kept by key (a bounded number: a server meeting many house files keeps the recent
ones) and, for the last game asked, by its ``Table``, so that asking per move costs one
identity test (``last[0]``, read in line by the hot paths)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from ..components.variant import Variant
from ..game.engine import _players, _variant
from ..model.caches import Cache
from ..model.state import GameState
from ..model.text import shown

__all__ = ["PerTable"]

T = TypeVar("T")


class PerTable(Generic[T]):
    """``build(variant, players)`` for each (variant, players) asked, built once."""

    __slots__ = ("build", "built", "kept", "last")

    def __init__(self, build: Callable[[Variant, int], T], kept: int = 128) -> None:
        self.build = build
        self.kept = kept
        """How many objects are kept at once (all are dropped when one more is built)."""
        self.built: Cache[tuple[Variant, int], T] = Cache(kept)
        self.last: list[tuple[object, T | None]] = [(None, None)]
        """``[(table, object)]`` of the last game asked."""

    def get(self, game: GameState | Variant | str, players: int | None = None) -> T:
        """The object of a game: a ``GameState`` (its variant and players), a ``Variant``, or
        a bundled variant's name or a variant file's path (then ``players``, or the variant's
        default)."""
        if isinstance(game, GameState):
            table = game.table
            if players is not None and players != table.players:
                raise ValueError(f"this game has {table.players} players, not {shown(players)}")
            last = self.last[0]
            if last[0] is table and last[1] is not None:
                return last[1]
            found = self.get(table.variant, table.players)
            self.last[0] = (table, found)
            return found
        variant = _variant(game)
        key = (variant, _players(variant, players))
        made = self.built.get(key)
        if made is None:
            made = self.built.put(key, self.build(*key))
        return made
