"""Bounded caches: every memo pitchcore keeps is one of these, and ``clear_all`` empties them.

Each holds answers that are pure functions of their keys (the legal bids of an auction at a
high bid, the play moves of a mask of cards, a compiled variant), so emptying one changes
nothing but speed. Each is bounded: a server meets a new house variant with every uploaded
file, and nothing a game does may grow memory without end.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])


class Cache(dict[K, V]):
    """A dict that empties itself when it holds ``limit`` entries and one more is put.

    Reads are a dict's own (``get``, ``[]``, ``in``: the hot paths read in line); ``put``
    stores an answer worked out on a miss. Emptying all at once, rather than dropping the
    oldest, costs nothing per read, and the answers come back as fast as they went.
    """

    __slots__ = ("__weakref__", "limit")

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        """How many entries it holds at most."""
        _CACHES[id(self)] = self

    def put(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying the cache first when full) and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


_CACHES: weakref.WeakValueDictionary[int, Cache[Any, Any]] = weakref.WeakValueDictionary()
"""Every ``Cache`` alive by id (module-level ones, and those of objects such as an action
space): a dict is unhashable, and two empty caches are equal, so not a set."""
_FUNCTIONS: list[Any] = []
"""Every function memoised with ``cached``."""


def cached(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize=maxsize)`` for a module-level function of hashable
    arguments, registered so that ``clear_all`` empties it too."""

    def wrap(function: F) -> F:
        kept = functools.lru_cache(maxsize=maxsize)(function)
        _FUNCTIONS.append(kept)
        return kept  # type: ignore[return-value]

    return wrap


def clear_all() -> None:
    """Empty every cache pitchcore keeps: memory back after a burst of house variants, or a
    cold start for a benchmark. Games in progress go on unchanged."""
    for cache in list(_CACHES.values()):
        cache.clear()
    for function in _FUNCTIONS:
        function.cache_clear()


__all__ = ["Cache", "cached", "clear_all"]
