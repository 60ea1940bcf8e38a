"""The complete record of play: each hand's tricks and deciding cards, the game's moves, and
the events a move causes.

The stacked deal is the auction-pitch scenario where seat 1 pitches hearts holding High and
Low, seat 3 trumps a club with the jack, and seat 0 takes Game; outcomes worked out by hand.
"""

from __future__ import annotations

import itertools
import pickle
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, GAMES
from pitchcore.accel import fast
from pitchcore.game.events import CardsDiscarded, MoveMade

CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|[HL]J)\b")
SPLIT_DEAL = ["6D 7D 8D 9D TD 2S", "AH 2H 3C 4C 5C 6C", "TC KC 7S 8S 9S QS", "JH 9H 2D 3D 4D 5D"]
AUCTION = ["bid 2", "pass", "pass", "pass", "play AH"]
PLAYS = [
    "play 7S", "play 9H", "play 2S",              # seat 1 leads AH and wins
    "play 3C", "play TC", "play JH", "play 6D",   # seat 3 trumps: JH + TC
    "play 2D", "play TD", "play 4C", "play 8S",   # seat 0 wins with TD
    "play 7D", "play 5C", "play 9S", "play 5D",   # seat 0
    "play 8D", "play 6C", "play QS", "play 4D",   # seat 0 (+QS)
    "play 9D", "play 2H", "play KC", "play 3D",   # seat 1 trumps with 2H (+KC)
]


def split_hand() -> tuple[pc.GameState, pc.GameState]:
    """(the state before the hand's last card, the state after it)."""
    state = pc.new_game("auction-pitch", seed=11, dealer=0, hands=SPLIT_DEAL)
    for move in AUCTION + PLAYS[:-1]:
        state = state.apply(move)
    return state, state.apply(PLAYS[-1])


def test_the_last_trick_of_a_hand_is_in_its_result() -> None:
    before, after = split_hand()
    assert len(before.tricks) == 5 and after.tricks == ()  # the next deal has begun...
    result = after.hand_results[-1]
    assert len(result.tricks) == 6                          # ...but the result keeps all six
    last = result.tricks[-1]
    assert (last.leader, last.taker) == (0, 1)
    assert last.plays == ((0, pc.Card("9D")), (1, pc.Card("2H")), (2, pc.Card("KC")), (3, pc.Card("3D")))
    assert result.tricks[:5] == before.tricks


def test_each_trick_names_the_seat_of_every_card_and_its_taker() -> None:
    _, after = split_hand()
    tricks = after.hand_results[-1].tricks
    assert [trick.taker for trick in tricks] == [1, 3, 0, 0, 0, 1]
    second = tricks[1]
    assert second.seats == (1, 2, 3, 0) and second.cards == tuple(map(pc.Card, ["3C", "TC", "JH", "6D"]))
    leader, cards, taker = second  # a trick still unpacks as (leader, cards, taker)
    assert (leader, taker) == (1, 3) and all(isinstance(card, pc.Card) for card in cards)
    assert second.describe() == "seat 1 3C, seat 2 TC, seat 3 JH, seat 0 6D: seat 3 takes it"


def test_the_hands_when_play_began_are_in_the_result() -> None:
    _, after = split_hand()
    hands = after.hand_results[-1].hands
    assert [" ".join(map(str, hand)) for hand in hands] == [
        " ".join(str(card) for card in sorted(map(pc.Card, deal.split()))) for deal in SPLIT_DEAL]


def test_each_award_names_the_card_that_decided_it() -> None:
    _, after = split_hand()
    result = after.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": 3, "game": 0}
    decided = result.decided_by
    assert decided["high"] == pc.Decision(pc.Card("AH"), 1, 1)
    assert decided["low"] == pc.Decision(pc.Card("2H"), 1, 1)
    assert decided["jack"] == pc.Decision(pc.Card("JH"), 3, 3)
    assert decided["game"] is None  # no one card decides Game: the pips do
    assert result.game_pips == (12, 7, 0, 11)
    assert "high to side 1 (AH from seat 1)" in result.describe()


def test_state_tricks_are_card_values_like_trick_and_hands() -> None:
    before, _ = split_hand()
    for trick in before.tricks:
        assert all(isinstance(card, pc.Card) for card in trick.cards)
    assert before.tricks[0].cards == tuple(map(pc.Card, ["AH", "7S", "9H", "2S"]))
    assert [trick[2] for trick in before.tricks] == [taker for _, _, taker in before.done_tricks]


# -- the game's moves -----------------------------------------------------------------------


def random_game(name: str, seed: int, moves: int = 400) -> list[pc.GameState]:
    rng = random.Random(seed)
    states = [pc.new_game(name, seed=seed)]
    while not states[-1].is_over and len(states) <= moves:
        legal = states[-1].legal_moves()
        states.append(states[-1].apply(legal[rng.randrange(len(legal))]))
    return states


@pytest.mark.parametrize("name", BUNDLED)
def test_a_state_replays_from_its_start_and_moves(name: str) -> None:
    final = random_game(name, 3)[-1]
    start = final.start
    again = pc.new_game(final.variant, players=final.players, seed=final.seed, dealer=start.dealer)
    for move in final.moves:
        again = again.apply(move)
    assert again == final and again.moves == final.moves


def test_a_stacked_start_and_scores_are_remembered() -> None:
    state = pc.new_game("auction-pitch", seed=11, dealer=2, hands=SPLIT_DEAL, stock="AS KS", scores=[1, 2, 3, 4])
    assert state.start == pc.Start(2, (1, 2, 3, 4), tuple(tuple(hand.split()) for hand in SPLIT_DEAL), ("AS", "KS"))
    assert state.moves == ()


def test_apply_with_events_needs_the_sending_seat_or_an_explicit_trusted_caller() -> None:
    """A server that lost the seat (None, or no seat at all) is told so instead of being
    refereed by nobody: the turn check is skipped only for ``seat=TRUSTED``."""
    state = pc.new_game("auction-pitch", seed=2)
    with pytest.raises(TypeError, match="TRUSTED"):
        pc.apply_with_events(state, "pass", seat=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pc.apply_with_events(state, "pass")  # type: ignore[call-arg]
    assert state.moves == ()
    by_seat = pc.apply_with_events(state, "pass", seat=state.to_move)
    trusted = pc.apply_with_events(state, "pass", seat=pc.TRUSTED)
    assert by_seat == trusted and by_seat[0].moves == (pc.parse_move("pass"),)
    assert repr(pc.TRUSTED) == "pitchcore.TRUSTED"


def test_the_moves_take_no_part_in_equality() -> None:
    first = pc.new_game("auction-pitch", seed=5)
    other = pc.new_game("auction-pitch", seed=5)
    moved = first.apply("pass")
    assert first == other and hash(first) == hash(other)
    assert moved != first and moved.moves == (pc.parse_move("pass"),)


def test_the_fast_path_keeps_the_same_moves() -> None:
    states = random_game("haus-pitch", 8, moves=150)
    game = fast.Game(states[0])
    state = states[0]
    for later in states[1:]:
        move = later.moves[-1]
        game.apply(move)
        state = fast.step(state, move)
    assert game.freeze().moves == state.moves == states[-1].moves


def test_a_long_game_pickles_and_copies() -> None:
    state = pc.new_game("book-pitch", seed=1)
    rng = random.Random(1)
    while len(state.moves) < 5000 and not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.moves == state.moves and pc.loads(pc.dumps(state)).moves == state.moves


# -- events -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUNDLED)
def test_the_events_of_a_game_tell_its_story(name: str) -> None:
    states = random_game(name, 4, moves=2000)
    tricks = hands = 0
    for before, after in itertools.pairwise(states):
        events = pc.events_between(before, after)
        again, same = pc.apply_with_events(before, after.moves[-1], seat=before.to_move)
        assert again == after and same == events
        assert events[0] == MoveMade(before.to_move, after.moves[-1], before.phase)
        assert not any(isinstance(event, MoveMade) for event in events[1:])
        kinds = [type(event).__name__ for event in events]
        tricks += kinds.count("TrickWon")
        hands += kinds.count("HandScored")
        assert kinds.count("GameOver") == after.is_over
        for event in events:
            assert event.describe()
        scored = [event for event in events if isinstance(event, pc.HandScored)]
        if scored:
            assert scored[-1].scores == after.scores and scored[-1].result == after.hand_results[-1]
    final = states[-1]
    assert hands == len(final.hand_results)
    in_progress = 0 if final.is_over else len(final.done_tricks)  # (a game over keeps its last hand's)
    assert tricks == sum(len(result.tricks) for result in final.hand_results) + in_progress


def test_a_trick_won_by_the_last_card_comes_before_the_hand_scored() -> None:
    before, _ = split_hand()
    after, events = pc.apply_with_events(before, PLAYS[-1], seat=pc.TRUSTED)
    kinds = [type(event).__name__ for event in events]
    assert kinds == ["MoveMade", "TrickWon", "HandScored", "NewDeal"]
    assert events[1] == pc.TrickWon(after.hand_results[-1].tricks[-1])
    assert events[2].describe().startswith("hand scored: seat 1 bid 2 and made")
    assert events[3] == pc.NewDeal(1, 1)


def test_the_auction_and_trump_are_events() -> None:
    state = pc.new_game("auction-pitch", seed=11, dealer=0, hands=SPLIT_DEAL)
    for move in AUCTION[:-1]:
        state = state.apply(move)
    _, events = pc.apply_with_events(state, "play AH", seat=state.to_move)
    assert pc.TrumpSet("H", 1) in events
    state = pc.new_game("auction-pitch", seed=11, dealer=0, hands=SPLIT_DEAL)
    for move in AUCTION[:3]:
        state = state.apply(move)
    _, events = pc.apply_with_events(state, "pass", seat=pc.TRUSTED)
    assert events[-1] == pc.AuctionWon(1, 2) and events[-1].describe() == "seat 1 wins the auction at 2"


def test_an_illegal_move_gives_no_events_and_changes_nothing() -> None:
    state = pc.new_game("auction-pitch", seed=2)
    with pytest.raises(pc.IllegalMove):
        pc.apply_with_events(state, "play AS", seat=pc.TRUSTED)
    with pytest.raises(pc.IllegalMove, match="turn"):
        pc.apply_with_events(state, "pass", seat=(state.to_move or 0) + 1)
    assert state.moves == ()


@GAMES
@given(seed=st.integers(0, 2**32))
def test_another_seats_discards_are_seen_face_down(seed: int) -> None:
    states = random_game("haus-pitch", seed, moves=60)
    for before, after in itertools.pairwise(states):
        move = after.moves[-1]
        if move.kind != "discard":
            continue
        made = pc.events_between(before, after)[0]
        mover = before.to_move
        assert made.seen_by(mover) == made
        other = made.seen_by((mover or 0) + 1 if mover != 3 else 0)
        assert other == CardsDiscarded(mover, int(move.arg or 0).bit_count())
        assert "discards" in other.describe() and not CARD.search(other.describe())
