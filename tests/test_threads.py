"""Games played at once in threads or asyncio tasks never see each other's moves.

A server plays many tables of one variant in one process. States are immutable, so only
module-level caches could leak between games; each is a pure function of its key (or holds
the object it was computed for and checks it by identity), so a race can only compute an
entry twice. These tests play the same games alone and interleaved (with the interpreter
switching threads as often as it can) and demand identical moves and states; and they
find, by playing, every module-level container that changes, so a new cache cannot join
without being listed here.
"""

from __future__ import annotations

import asyncio
import importlib
import pkgutil
import random
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import pitchcore as pc
from pitchcore.bots import HeuristicBot

VARIANTS = ("auction-pitch", "haus-pitch", "jacks-trump", "hi-lo-jack", "cinch")
SEEDS = range(6)
MOVES = 250

Record = list[tuple[tuple[str, ...], str, str]]
"""Per move: the legal moves, the move chosen, and the state after it (as its record)."""


def play(name: str, seed: int, pause: Any = None) -> Iterator[Any]:
    """A game of ``name`` from ``seed`` with seeded random moves, as a generator that yields
    between asking for the legal moves and applying one (where another game may run)."""
    state = pc.new_game(name, seed=seed)
    rng = random.Random(seed)
    record: Record = []
    for _ in range(MOVES):
        if state.is_over:
            break
        legal = state.legal_moves()
        yield pause
        move = legal[rng.randrange(len(legal))]
        state = state.apply(move)
        record.append((tuple(map(str, legal)), str(move), pc.dumps(state)))
    yield record


def alone(name: str, seed: int) -> Record:
    *_, record = play(name, seed)
    result: Record = record
    return result


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Let the interpreter switch threads every microsecond while the test runs."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


@pytest.mark.parametrize("name", VARIANTS)
def test_threads_playing_one_variant_see_only_their_own_games(name: str, busy_switching: None) -> None:
    expected = {seed: alone(name, seed) for seed in SEEDS}
    results: dict[int, Record] = {}
    start = threading.Barrier(len(SEEDS))

    def run(seed: int) -> None:
        start.wait()
        results[seed] = alone(name, seed)

    threads = [threading.Thread(target=run, args=(seed,)) for seed in SEEDS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == expected


def test_asyncio_tasks_interleaved_between_legal_moves_and_apply() -> None:
    """Every task yields between ``legal_moves`` and ``apply``, so each game's apply runs
    after other games' ``legal_moves`` (the play step remembers the last one it worked out)."""
    games = [(name, seed) for name in VARIANTS for seed in SEEDS[:3]]
    expected = {game: alone(*game) for game in games}

    async def run(game: tuple[str, int]) -> Record:
        for step in play(*game, pause=True):
            if step is True:
                await asyncio.sleep(0)
            else:
                record: Record = step
        return record

    async def everything() -> list[Record]:
        return list(await asyncio.gather(*(run(game) for game in games)))

    assert dict(zip(games, asyncio.run(everything()), strict=True)) == expected


def test_bots_in_threads_choose_as_they_do_alone(busy_switching: None) -> None:
    def game(seed: int) -> list[str]:
        state = pc.new_game("haus-pitch", seed=seed)
        bot, rng, moves = HeuristicBot(), random.Random(seed), []
        for _ in range(120):
            if state.is_over:
                break
            move = bot.choose(state.view(state.to_move or 0), state.legal_moves(), rng)
            state = state.apply(move)
            moves.append(str(move))
        return moves

    expected = {seed: game(seed) for seed in SEEDS}
    results: dict[int, list[str]] = {}
    threads = [threading.Thread(target=lambda seed=seed: results.__setitem__(seed, game(seed))) for seed in SEEDS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == expected


KNOWN_CACHES = {
    "pitchcore.components.auction._LEGAL": "legal bids by (auction, high bid, dealer, shoot rank, forced)",
    "pitchcore.components.play._PLAYS": "play moves by mask of playable cards",
    "pitchcore.components.play._SUIT_PLAYS": "play moves per suit by the suit's 13-bit mask",
    "pitchcore.components.play._LAST": "the last state whose playable mask was worked out, checked by identity",
    "pitchcore.components.calling._LOW": "reversed tables, kept beside the tables they were made from",
    "pitchcore.bots.knowledge._TABLES": "trump tables by variant",
    "pitchcore.bots.search._TEMPLATES": "a template state by (variant, players)",
    "pitchcore.game.kernel._COMPILED": "the compiled kernel's Rules, Bids and Draws by (variant, players, step)",
    "pitchcore.game.kernel._SETTLED": "a judged hand's score change by (what settling reads, outcome)",
    "pitchcore.game.kernel._RESULTS": "a judged hand's score by (what settling reads, outcome)",
    "pitchcore.components.scoring._VERDICTS": "per variant (by id, with the variant) a judged hand's verdict by "
                                              "(players, awards, all tricks, bidder, bid, scores a shoot reads)",
}
"""Every module-level container that playing changes, and what it maps (each value a pure
function of its key)."""


def _containers() -> dict[str, Any]:
    found = {}
    for module_info in pkgutil.walk_packages(pc.__path__, "pitchcore."):
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if isinstance(value, dict | list | set):
                found[f"{module_info.name}.{name}"] = value
    return found


def test_the_module_level_caches_are_the_known_ones() -> None:
    containers = _containers()
    assert set(KNOWN_CACHES) <= set(containers), "a listed cache is gone: update KNOWN_CACHES"
    containers["pitchcore.components.auction._LEGAL"].clear()  # (other tests in this process may have filled it)
    before = {name: repr(value) for name, value in containers.items()}
    for name in VARIANTS:
        alone(name, 1234)
        state = pc.new_game(name, seed=99)
        for _ in range(40):
            if state.is_over:
                break
            state = state.apply(HeuristicBot().choose(state.view(state.to_move or 0), state.legal_moves(),
                                                      random.Random(1)))
    changed = {name for name, value in containers.items() if repr(value) != before[name]}
    assert changed, "playing changed no cache at all: the check cannot see caches"
    assert changed <= set(KNOWN_CACHES), f"unlisted module-level state changes in play: {changed - set(KNOWN_CACHES)}"
