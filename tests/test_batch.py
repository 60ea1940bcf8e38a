"""Many games in one call (``pitchcore.interop.batch``) against the per-state functions.

Every row a batch returns must be what ``observation_tensor`` and ``legal_action_mask`` give
for that game's state and the seat to move, and every game must be the game the checked
API reaches from its seed with the same actions. Where the compiled kernel is in use the
batch makes plays and writes their rows in C; the suite also runs with ``PITCHCORE_PURE=1``,
where the whole batch is Python.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
import pytest

import pitchcore as pc
from conftest import BUNDLED, HOUSE_RULES, TRUMP_HOUSE
from pitchcore.game import kernel
from pitchcore.interop.actions import action_space
from pitchcore.interop.batch import Batch, BatchStep
from pitchcore.interop.tensors import information_state_tensor, observation_tensor
from pitchcore.loading.loader import load_variant_text
from pitchcore.model.errors import IllegalMove
from pitchcore.model.log import start_of
from pitchcore.model.state import GameState

STEPS = int(os.environ.get("PITCHCORE_BATCH_STEPS", "160"))
"""Steps of each differential run (every row of every step compared)."""


def _random_actions(step: BatchStep, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row."""
    return (rng.random(step.masks.shape) * step.masks).argmax(axis=1)  # type: ignore[no-any-return]


class _Replay:
    """Each row's game on the checked API: its seed, then every action the batch was given."""

    def __init__(self, batch: Batch) -> None:
        self.batch = batch
        self.space = batch.space
        self.states = [pc.new_game(batch.variant, players=batch.players, seed=seed) for seed in batch.seeds]
        self.chosen = [0] * batch.n

    def step(self, actions: Sequence[int], result: BatchStep) -> None:
        batch = self.batch
        for index, action in enumerate(actions):
            state, chosen = self.space.apply(self.states[index], int(action), self.chosen[index])
            if index in batch.finished:
                assert batch.finished[index] == state, f"game {index}: its final state"
                assert state.is_over or result.truncated[index]
                state, chosen = pc.new_game(batch.variant, players=batch.players, seed=batch.seeds[index]), 0
            self.states[index], self.chosen[index] = state, chosen

    def check(self, result: BatchStep) -> None:
        batch = self.batch
        for index, state in enumerate(self.states):
            assert batch.state(index) == state, f"game {index}: the batch's state is the checked path's"
            assert batch.chosen(index) == self.chosen[index]
            seat = state.to_move
            assert seat is not None and result.to_move[index] == seat
            tensor = information_state_tensor if batch.observation == "information_state" else observation_tensor
            expected = tensor(state, seat, self.chosen[index])
            np.testing.assert_array_equal(result.observations[index], expected,
                                          err_msg=f"game {index}: observation of seat {seat}")
            np.testing.assert_array_equal(result.masks[index], self.space.legal_action_mask(state, self.chosen[index]),
                                          err_msg=f"game {index}: mask of seat {seat}")


def _compare(variant: pc.Variant | str, n: int, steps: int, seed: int, **options: object) -> Batch:
    batch = Batch(variant, n=n, seed=seed, **options)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    result = batch.reset()
    replay = _Replay(batch)
    replay.check(result)
    for _ in range(steps):
        actions = _random_actions(result, rng)
        result = batch.step(actions)
        replay.step(actions.tolist(), result)
        replay.check(result)
    return batch


KERNEL_ONLY = pytest.mark.path_independent
"""On the pure path every row of a batch is written by the per-state functions themselves, so
comparing them is run once, on the compiled kernel (``make test``'s second run leaves
``path_independent`` tests out); the smaller tests below still run the batch on both paths."""


@KERNEL_ONLY
@pytest.mark.parametrize("name", BUNDLED)
def test_every_row_is_the_per_state_observation_and_mask(name: str) -> None:
    """Random games of every bundled variant: each row equals the per-state functions for the
    game the checked API reaches with the same actions, through ends and new games."""
    _compare(name, n=6, steps=STEPS, seed=len(name), max_hands=4)


@KERNEL_ONLY
@pytest.mark.parametrize("name", sorted({**TRUMP_HOUSE, **HOUSE_RULES}))
def test_rows_on_house_rules(name: str) -> None:
    """The house-rule examples (jokers, off-colour trumps, teams, called partners ...)."""
    variant = load_variant_text({**TRUMP_HOUSE, **HOUSE_RULES}[name])
    _compare(variant, n=4, steps=STEPS // 2, seed=len(name), max_hands=3)


@KERNEL_ONLY
@pytest.mark.parametrize("players", [3, 6])
def test_rows_at_other_table_sizes(players: int) -> None:
    """Relative seats, hand sizes and sides at three and six players."""
    batch = _compare("auction-pitch", n=4, steps=STEPS // 2, seed=players, max_hands=3, players=players)
    assert batch.players == players and batch.reset().rewards.shape == (4, players)


@pytest.mark.parametrize("name", ["auction-pitch", "haus-pitch", "partnership-pitch"])
def test_information_states(name: str) -> None:
    """``observation="information_state"``: every row is ``information_state_tensor``'s."""
    batch = _compare(name, n=4, steps=120, seed=3, max_hands=3, observation="information_state")
    assert batch.reset().observations.shape == (4, batch.layout.information_state_size)


def test_the_plays_of_a_kernel_variant_are_made_in_c() -> None:
    """Where the kernel plays the variant, most steps of a game never reach Python."""
    if not kernel.AVAILABLE:
        pytest.skip("the compiled kernel is not in use: the whole batch is Python")
    batch = Batch("auction-pitch", n=32, seed=3)
    rng = np.random.default_rng(3)
    result = batch.reset()
    python = 0
    for _ in range(100):
        result = batch.step(_random_actions(result, rng))
        python += int(np.count_nonzero(batch._status))
    assert python < 0.5 * 32 * 100


def test_rewards_of_whole_games() -> None:
    """``reward="game"``: +1 for the winners' seats, -1 for the others, once, when a game ends;
    ``reward="hand"``: over a game, each seat's rewards add up to its side's score."""
    for kind in ("game", "hand"):
        batch = Batch("auction-pitch", n=4, seed=11, reward=kind)  # type: ignore[arg-type]
        rng = np.random.default_rng(11)
        result = batch.reset()
        totals = np.zeros((4, batch.players))
        ended = 0
        for _ in range(3000):
            result = batch.step(_random_actions(result, rng))
            totals += result.rewards
            for index, final in batch.finished.items():
                side_of = final.table.side_of
                if kind == "game":
                    assert result.terminated[index]
                    expected = [1.0 if side in final.winners else -1.0 for side in side_of]
                    assert result.rewards[index].tolist() == expected
                else:
                    assert totals[index].tolist() == [float(final.scores[side]) for side in side_of]
                totals[index] = 0.0
                ended += 1
            others = [index for index in range(4) if index not in batch.finished]
            if kind == "game":
                assert not result.rewards[others].any()
        assert ended >= 2


def test_truncation_after_max_hands() -> None:
    batch = Batch("auction-pitch", n=3, seed=5, max_hands=1)
    rng = np.random.default_rng(5)
    result = batch.reset()
    first = list(batch.seeds)
    for _ in range(40):
        result = batch.step(_random_actions(result, rng))
        for index, final in batch.finished.items():
            assert result.truncated[index] and not result.terminated[index]
            assert final.deal_number >= 1 and not final.is_over
            assert batch.seeds[index] != first[index]
    assert batch.finished or any(seed != old for seed, old in zip(batch.seeds, first, strict=True))


def test_seeds_make_games_reproducible() -> None:
    """The same seed gives the same games and rows; reseeding starts them over; one seed per
    game is accepted; ``seeds`` replays any game."""
    one, two = Batch("haus-pitch", n=5, seed=9), Batch("haus-pitch", n=5, seed=9)
    a, b = one.reset(), two.reset()
    first = list(one.seeds)
    assert two.seeds == first and len(set(first)) == 5
    rng = np.random.default_rng(1)
    for _ in range(50):
        actions = _random_actions(a, rng)
        a, b = one.step(actions), two.step(actions)
        np.testing.assert_array_equal(a.observations, b.observations)
        np.testing.assert_array_equal(a.masks, b.masks)
    one.reset(seed=9)
    assert one.seeds == first
    other = Batch("haus-pitch", n=5, seed=10)
    other.reset()
    assert not set(other.seeds) & set(first)
    three = Batch("haus-pitch", n=2, seed=0)
    three.reset(seed=[123, 456])
    assert three.state(1) == pc.new_game("haus-pitch", seed=three.seeds[1])
    again = Batch("haus-pitch", n=2, seed=0)
    again.reset(seed=[7, 456])
    assert again.seeds[1] == three.seeds[1] and again.seeds[0] != three.seeds[0]


def test_a_random_first_dealer_is_each_games_seat_for_its_seed() -> None:
    """``dealer="random"``: every game, and every game started when one ends, deals first
    from ``new_game``'s seat for its seed, so the rows replay from ``seeds`` alone."""
    batch = Batch("auction-pitch", n=32, seed=3, dealer="random", max_hands=1)
    found = batch.reset()
    rng = np.random.default_rng(2)
    dealers = set()
    for _ in range(60):
        for row in range(batch.n):
            state = batch.state(row)
            start = pc.new_game("auction-pitch", seed=batch.seeds[row], dealer="random")
            assert start_of(state.log).dealer == start.dealer
            dealers.add(start.dealer)
        found = batch.step(_random_actions(found, rng))
    assert dealers == {0, 1, 2, 3}
    fixed = Batch("auction-pitch", n=2, dealer=1)
    fixed.reset()
    assert [start_of(fixed.state(row).log).dealer for row in range(2)] == [1, 1]
    with pytest.raises(ValueError, match="dealer must be a seat from 0 to 3, not 4"):
        Batch("auction-pitch", n=2, dealer=4)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    batch = Batch("auction-pitch", n=4, seed=2)
    result = batch.reset()
    before = [batch.state(index) for index in range(4)]
    actions = _random_actions(result, np.random.default_rng(2))
    illegal = int(np.flatnonzero(result.masks[2] == 0)[0])
    actions[2] = illegal
    with pytest.raises(IllegalMove, match="game 2"):
        batch.step(actions)
    assert [batch.state(index) for index in range(4)] == before
    actions[2] = batch.space.size + 5
    with pytest.raises(IllegalMove, match="game 2"):
        batch.step(actions)
    with pytest.raises(ValueError, match="4 whole numbers"):
        batch.step(actions[:3])
    with pytest.raises(ValueError, match="4 whole numbers"):
        batch.step(actions.astype(np.float64))
    assert [batch.state(index) for index in range(4)] == before
    np.testing.assert_array_equal(batch.step(_random_actions(result, np.random.default_rng(2))).masks.shape,
                                  (4, batch.space.size))


def test_only_the_games_marked_moving_move() -> None:
    """``step(actions, moving)``: the games not marked keep their state and row, whatever their
    action says; -1 is no action only there."""
    batch = Batch("haus-pitch", n=5, seed=4)
    result = batch.reset()
    rng = np.random.default_rng(4)
    for _ in range(60):
        moving = rng.random(5) < 0.5
        before = [batch.state(index) for index in range(5)]
        actions = _random_actions(result, rng)
        actions[~moving] = -1
        after = batch.step(actions, moving)
        for index in range(5):
            if not moving[index]:
                assert batch.state(index) == before[index] and index not in batch.finished
                np.testing.assert_array_equal(after.observations[index], result.observations[index])
                np.testing.assert_array_equal(after.masks[index], result.masks[index])
            else:
                assert batch.state(index) != before[index] or index in batch.finished or batch.chosen(index)
        result = after
    with pytest.raises(IllegalMove, match="game 0"):
        batch.step(np.full(5, -1), None)
    with pytest.raises(ValueError, match="5 booleans"):
        batch.step(np.zeros(5, dtype=np.int64), [1, 0, 1, 0, 1])


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="n must be"):
        Batch("auction-pitch", n=0)
    with pytest.raises(ValueError, match="reward must be"):
        Batch("auction-pitch", n=2, reward="points")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="observation must be"):
        Batch("auction-pitch", n=2, observation="tensor")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_hands"):
        Batch("auction-pitch", n=2, max_hands=0)
    with pytest.raises(ValueError, match="one per game"):
        Batch("auction-pitch", n=2, seed=[1, 2, 3])  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="reset"):
        Batch("auction-pitch", n=2).step([0, 0])


def test_own_arrays_or_copies() -> None:
    shared = Batch("auction-pitch", n=2, seed=1, copy=False)
    first = shared.reset()
    assert shared.reset().observations is first.observations
    copied = Batch("auction-pitch", n=2, seed=1)
    first = copied.reset()
    kept = first.observations.copy()
    copied.step(_random_actions(first, np.random.default_rng(0)))
    np.testing.assert_array_equal(first.observations, kept)


def test_the_batch_plays_a_variant_loaded_from_state() -> None:
    """A ``GameState`` names its variant and players for ``action_space`` and the layout; a
    batch is built from a variant and agrees with a state's space."""
    state: GameState = pc.new_game("cinch", seed=1)
    batch = Batch(state.table.variant, n=2, players=state.players)
    assert batch.space is action_space(state)


@pytest.mark.parametrize(("name", "kind"), [("auction-pitch", "game"), ("sell-out", "hand"),
                                            ("partnership-pitch", "hand"), ("haus-pitch", "game"),
                                            ("cinch", "hand")])
def test_rewards_and_ends_are_the_pettingzoo_environments(name: str, kind: str) -> None:
    """Row 0 of a batch beside PettingZoo's environment from the same seed and actions: the
    same rewards per seat at every step, the same termination and truncation."""
    try:
        from pitchcore.adapters.pettingzoo import raw_env
    except ImportError:
        from conftest import missing
        missing("pettingzoo is not installed (pip install -e '.[pettingzoo]')")
    batch = Batch(name, n=2, seed=4, reward=kind, max_hands=6)  # type: ignore[arg-type]
    table = raw_env(name, max_hands=6, reward=kind)
    result = batch.reset()
    table.reset(seed=batch.seeds[0])
    rng = np.random.default_rng(4)
    ends = 0
    for _ in range(1500):
        actions = _random_actions(result, rng)
        seat = int(result.to_move[0])
        assert table.agent_selection == f"seat_{seat}"
        table.step(int(actions[0]))
        result = batch.step(actions)
        expected = [table.rewards[agent] for agent in table.possible_agents]
        assert result.rewards[0].tolist() == expected
        done = any(table.terminations.values()), any(table.truncations.values())
        assert (bool(result.terminated[0]), bool(result.truncated[0])) == done
        if any(done):
            ends += 1
            table.reset(seed=batch.seeds[0])
    assert ends >= 2
