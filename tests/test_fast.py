"""The unchecked fast path reaches the same states as the checked API, move by move."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, GAMES, HOUSE_RULES, TRUMP_HOUSE, choose_move
from pitchcore.accel import fast
from pitchcore.components.scoring import score_hand
from pitchcore.model.fields import DEALER

HOUSE = {
    "coke-demand": "extends: auction-pitch\nname: coke-demand\ndeal: {worthless_hand: demand, hand_size: 3}\n",
    "coke-redeal": "extends: hi-lo-jack\nname: coke-redeal\ndeal: {worthless_hand: redeal, hand_size: 4}\n",
    **TRUMP_HOUSE,
}
"""House rules whose transitions the bundled variants do not reach (a seat's redeal demand)."""
HOUSE.update(HOUSE_RULES)
NAMES = (*BUNDLED, *HOUSE)


def new(name: str, seed: int) -> pc.GameState:
    return pc.new_game(pc.load_variant_text(HOUSE[name]) if name in HOUSE else name, seed=seed)


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_fast_step_reaches_the_checked_states(name: str, seed: int) -> None:
    rng = random.Random(seed)
    checked = quick = new(name, seed)
    for _ in range(400):
        if checked.is_over:
            break
        assert fast.moves(quick) == checked.legal_moves()
        move = choose_move(checked, rng)
        checked = checked.apply(move)
        quick = fast.step(quick, move)
        assert quick == checked
    if checked.is_over:
        assert fast.moves(checked) == ()


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_step_in_hand_stops_where_the_checked_path_scores(name: str, seed: int) -> None:
    """Every state before the hand ends is the checked one; the stop scores like apply."""
    rng = random.Random(seed)
    checked = quick = new(name, seed)
    hands = len(checked.hand_results)
    done = False
    while not done:
        move = choose_move(checked, rng)
        quick, done = fast.step_in_hand(quick, move)
        checked = checked.apply(move)
        if not done:
            assert quick == checked
    assert len(checked.hand_results) == hands + 1
    result, winner = fast.score(quick)
    assert result == checked.hand_results[-1]
    assert winner == checked.winner and result.ended_game == checked.is_over
    assert score_hand(quick)[1] == checked.scores


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_mutable_game_reaches_the_checked_states(name: str, seed: int) -> None:
    """``fast.Game`` in place, move by move, freezes to the checked state; a clone taken
    before each move stays where it was."""
    rng = random.Random(seed)
    checked = new(name, seed)
    game = fast.Game(checked)
    for _ in range(400):
        if checked.is_over:
            break
        assert game.moves() == checked.legal_moves()
        assert game.to_move == checked.to_move and not game.is_over
        move = choose_move(checked, rng)
        before = game.clone()
        checked = checked.apply(move)
        game.apply(move)
        assert game.freeze() == checked
        assert before.freeze() != checked and before.moves() == checked_moves(before)
    if checked.is_over:
        assert game.is_over and game.moves() == () and game.to_move is None


def checked_moves(game: fast.Game) -> tuple[pc.Move, ...]:
    return game.freeze().legal_moves()


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_mutable_game_in_hand_stops_where_step_in_hand_does(name: str, seed: int) -> None:
    rng = random.Random(seed)
    quick = new(name, seed)
    game = fast.Game(quick)
    done = False
    while not done:
        move = choose_move(quick, rng)
        quick, done = fast.step_in_hand(quick, move)
        assert game.apply_in_hand(move) is done
        assert game.freeze() == quick
    assert game.score() == fast.score(quick)


def test_clones_share_no_change() -> None:
    """Branching: moves applied to a clone leave the original's position and moves alone."""
    game = fast.Game(pc.new_game("auction-pitch", seed=5))
    while game.freeze().phase is not pc.Phase.PLAYING:
        game.apply(game.moves()[-1])  # the highest bid: no throw-in
    start, legal = game.freeze(), game.moves()
    branches = []
    for move in legal:
        branch = game.clone()
        branch.apply(move)
        branches.append(branch.freeze())
    assert game.freeze() == start and game.moves() == legal
    assert branches == [start.apply(move) for move in legal]
    assert len(set(branches)) == len(legal)


def test_copy_and_pickle_give_independent_games() -> None:
    """``copy.copy`` is ``clone`` (a shallow copy would share the fields list)."""
    game = fast.Game(pc.new_game("hi-lo-jack", seed=8))
    start = game.freeze()
    for other in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other.freeze() == start
        other.apply(other.moves()[-1])
        assert other.freeze() != start and game.freeze() == start
    assert "hi-lo-jack" in repr(game)


def test_fast_step_does_not_check() -> None:
    """The documented contract: an illegal move is not refused (the checked path refuses it)."""
    state = pc.new_game("auction-pitch", seed=3)
    while state.phase is not pc.Phase.PLAYING:
        state = state.apply(state.legal_moves()[-1])
    held = {card.index for card in state.hands[state.to_move]}
    stranger = pc.Move("play", next(card for card in range(52) if card not in held))
    with pytest.raises(pc.IllegalMove):
        state.apply(stranger)
    fast.step(state, stranger)  # no check, no error: the caller's promise is broken


def test_a_step_defines_apply_or_apply_in_place_and_gets_the_other() -> None:
    """The step protocol derives each form from the other, and says so when neither is
    defined (rather than recursing)."""
    from pitchcore.components.step import Next, Step
    from pitchcore.model.moves import PASS

    class Neither(Step):
        pass

    class OnlyApply(Step):
        def apply(self, state: pc.GameState, move: pc.Move) -> tuple[pc.GameState, Next]:
            return state.evolve(dealer=1), Next.WAIT

    class OnlyInPlace(Step):
        def apply_in_place(self, fields: list[object], move: pc.Move) -> Next:
            fields[DEALER] = 1
            return Next.WAIT

    state = pc.new_game("auction-pitch", seed=1)
    fields = list(state)
    with pytest.raises(NotImplementedError, match="neither"):
        Neither().apply_in_place(fields, PASS)
    assert OnlyApply().apply_in_place(fields, PASS) is Next.WAIT and fields[DEALER] == 1
    assert OnlyInPlace().apply(state, PASS) == (state.evolve(dealer=1), Next.WAIT)
