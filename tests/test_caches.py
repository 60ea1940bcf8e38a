"""Every memo pitchcore keeps is a bounded ``Cache`` (or a ``cached`` function), and
``pitchcore.model.caches.clear_all`` empties them all without changing any game."""

from __future__ import annotations

import random

import pitchcore as pc
from pitchcore.components import auction, play
from pitchcore.game import kernel
from pitchcore.model import caches
from pitchcore.model.caches import Cache, cached
from test_threads import KNOWN_CACHES, _containers


def test_a_cache_empties_itself_when_full() -> None:
    cache: Cache[int, int] = Cache(3)
    for key in range(3):
        assert cache.put(key, key * 10) == key * 10
    assert dict(cache) == {0: 0, 1: 10, 2: 20}
    cache.put(3, 30)
    assert dict(cache) == {3: 30}


def test_every_module_level_memo_is_a_bounded_cache() -> None:
    containers = _containers()
    dicts = {name: containers[name] for name in KNOWN_CACHES if isinstance(containers[name], dict)}
    assert len(dicts) >= 8
    assert [name for name, value in dicts.items() if not isinstance(value, Cache)] == []
    assert all(value.limit > 0 for value in dicts.values())


def _play(seed: int, clear_every: int | None) -> pc.GameState:
    state = pc.new_game("auction-pitch", seed=seed)
    rng = random.Random(seed)
    count = 0
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
        count += 1
        if clear_every and count % clear_every == 0:
            caches.clear_all()
    return state


def test_clear_all_empties_every_cache_and_changes_no_game() -> None:
    @cached(4)
    def square(value: int) -> int:
        return value * value

    square(3)
    before = _play(5, None)
    assert play._PLAYS or kernel._COMPILED  # (the play step in Python, or compiled in the kernel)
    assert sum(map(len, caches._CACHES.values())) > 0
    caches.clear_all()
    assert not play._PLAYS and not auction._LEGAL and not kernel._COMPILED
    assert sum(map(len, caches._CACHES.values())) == 0
    assert square.cache_info().currsize == 0  # type: ignore[attr-defined]
    assert _play(5, 7) == before  # emptied every seventh move: the same game
