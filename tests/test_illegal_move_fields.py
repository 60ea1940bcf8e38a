"""What ``IllegalMove`` tells a program besides its message, and ``apply(move, seat=N)``."""

from __future__ import annotations

import pickle

import pytest

import pitchcore as pc
from pitchcore.model.errors import IllegalMove, InvalidMove
from pitchcore.model.moves import Move, parse_move
from pitchcore.model.state import Phase

HANDS = ["AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"]


def start() -> pc.GameState:
    return pc.new_game("auction-pitch", seed=7, hands=HANDS)


def refusal(state: pc.GameState, move: object, seat: int | None = None) -> IllegalMove:
    before = pc.dumps(state)
    with pytest.raises(IllegalMove) as caught:
        state.apply(move, seat=seat)  # type: ignore[arg-type]
    assert pc.dumps(state) == before
    return caught.value


def test_each_refusal_names_its_move_seat_phase_and_reason() -> None:
    state = start()  # seat 1 bids first
    cases = [
        ("hop 3", "unreadable", "hop 3"),
        (Move("play", 99), "malformed", Move("play", 99)),
        ("bid 2", "not-your-turn", parse_move("bid 2")),
        ("play AH", "not-legal", parse_move("play AH")),
    ]
    for move, reason, shown in cases:
        error = refusal(state, move, seat=0 if reason == "not-your-turn" else None)
        assert (error.reason, error.move, error.seat, error.phase) == (reason, shown, 1, Phase.BIDDING), move
        assert error.reason in IllegalMove.REASONS
    assert isinstance(refusal(state, "hop 3"), InvalidMove)


def test_apply_with_the_seat_to_move_plays_and_any_other_is_refused() -> None:
    state = start()
    assert state.apply("pass", seat=1) == state.apply("pass")
    for seat in (0, 2, 3, True, 1.0, -1, 99):
        error = refusal(state, "pass", seat=seat)  # type: ignore[arg-type]
        assert error.reason == "not-your-turn" and "it is seat 1's turn" in str(error)


def test_a_finished_game_refuses_with_game_over() -> None:
    state = pc.new_game("auction-pitch", seed=3, scores=[10, 0, 0, 0])
    while not state.is_over:  # the highest bid, then the first card: a game that ends
        legal = state.legal_moves()
        state = state.apply(legal[-1] if state.phase is Phase.BIDDING else legal[0])
    error = refusal(state, "pass")
    assert (error.reason, error.phase, error.seat) == ("game-over", Phase.GAME_OVER, None)


def test_the_fields_survive_pickling_for_worker_processes() -> None:
    error = refusal(start(), "play AH")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is IllegalMove and str(copy) == str(error)
    assert (copy.move, copy.seat, copy.phase, copy.reason) == (error.move, 1, Phase.BIDDING, "not-legal")
