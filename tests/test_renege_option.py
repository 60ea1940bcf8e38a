"""Reneges allowed and penalised at the hand's end (``play: {renege: N}``).

Tables that play "a renege costs N points" let a player fail to follow suit when able; nobody
stops it, and when the hand ends each renege costs the reneging seat's side N points. By
default (``renege: refused``) the same card is refused when played.
"""

from __future__ import annotations

import random

import pytest

import pitchcore as pc
from conftest import choose_move, play
from pitchcore.game import kernel
from pitchcore.model.phase import Phase
from pitchcore.model.state import GameState
from pitchcore.tools.explain import explain


def house(text: str, base: str = "auction-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


TWO_HANDED = "deal: {min_players: 2, max_players: 2, default_players: 2}\ntrump: named\n"
RENEGE = "play: {renege: %d}\n"

# Hearts trump; seat 1 (the dealer's left) bids and leads.
HANDS = ["TH AH 2C 3C 4D 6D", "3H TC AC TD KD 2S"]
BEFORE = ["bid 1", "pass", "trump H", "play 3H", "play TH", "play 2C"]
"""Seat 0 takes the first trick and leads the 2C: seat 1 holds the TC and the AC."""
RENEGED = [
    "play TD",              # seat 1 holds clubs and plays a diamond: a renege
    "play 3C", "play TC",   # seat 1 takes
    "play AC", "play 4D",   # seat 0 is out of clubs: any card, no renege
    "play KD", "play 6D",
    "play 2S", "play AH",
]


def start(text: str = "") -> GameState:
    return pc.new_game(house(TWO_HANDED + text), seed=3, dealer=0, hands=HANDS)


def reneged_hand(penalty: int) -> pc.HandResult:
    state = play(start(RENEGE % penalty), BEFORE + RENEGED)
    assert len(state.hand_results) == 1
    return state.hand_results[-1]


def test_by_default_a_renege_is_refused_and_the_state_is_unchanged() -> None:
    state = play(start(), BEFORE)
    assert "play TD" not in {str(move) for move in state.legal_moves()}
    with pytest.raises(pc.IllegalMove):
        state.apply("play TD")
    assert state == play(start(), BEFORE)
    assert state.apply("play TC").trick_cards == ()  # following is fine


def test_with_reneges_allowed_every_card_in_hand_is_legal() -> None:
    state = play(start(RENEGE % 3), BEFORE)
    assert {str(move) for move in state.legal_moves()} == {"play TC", "play AC", "play TD", "play KD", "play 2S"}


def test_a_seat_that_could_follow_and_did_not_is_penalised_at_the_hands_end() -> None:
    free = reneged_hand(0)
    costly = reneged_hand(3)
    assert costly.reneges == free.reneges == (1,)  # seat 1; seat 0, out of clubs, did not renege
    assert dict(costly.awards) == dict(free.awards) and costly.made == free.made  # otherwise scored as usual
    assert costly.delta == (free.delta[0], free.delta[1] - 3)
    assert "seat 1 reneged and its side loses 3" in costly.describe()


def test_a_seat_that_could_not_follow_is_not_penalised() -> None:
    played = ["play TC", "play AC", "play 3C", "play KD", "play 4D", "play TD", "play 6D",
              "play 2S", "play AH"]  # seat 1 takes each trick but the last: seat 0, out of spades, trumps it
    state = play(start(RENEGE % 3), BEFORE + played)
    honest = play(start(), BEFORE + played)
    result = state.hand_results[-1]
    assert result.reneges == ()
    assert result.delta == honest.hand_results[-1].delta
    assert "reneged" not in result.describe()


def test_a_renege_is_not_revealed_before_the_hands_end() -> None:
    """Only the card played shows: the state after a renege is the state after any play of it."""
    state = play(start(RENEGE % 3), BEFORE)
    after = state.apply("play TD")
    assert after.hand_results == ()
    assert "renege" not in repr(after.view(0)).lower()


def test_a_penalty_needs_a_suit_to_follow_and_hands_that_only_play_change() -> None:
    with pytest.raises(pc.VariantError, match="renege"):
        house("play: {renege: allowed}\n")
    with pytest.raises(pc.VariantError, match="renege"):
        house("play: {renege: -1}\n")
    with pytest.raises(pc.VariantError, match="trump-only"):
        house("play: {follow: trump-only, renege: 3}\n", base="ten-point-pitch")
    with pytest.raises(pc.VariantError, match="DrawAfterTrick"):
        house("play: {renege: 3}\n", base="california-jack")
    assert house("play: {renege: refused}\n").play == house("").play


def test_the_kernel_does_not_play_reneges_and_explain_says_the_rule() -> None:
    variant = house(RENEGE % 3)
    assert kernel.unsupported(house("play: {renege: refused}\n")) is None
    reason = kernel.unsupported(variant)
    assert reason is not None and "renege" in reason
    words = explain(variant)
    assert "renege" in words and "3 points" in words
    assert "renege" not in explain(pc.load_variant("auction-pitch"))


def renege_now_and_then(state: GameState, rng: random.Random) -> pc.Move:
    """``choose_move``, except that in play one card in ten is any card in hand (a renege
    where the seat could follow): reneging at every turn would keep every side sinking."""
    if state.phase is Phase.PLAYING and rng.random() < 0.9:
        allowed = state.table.variant.play.playable(state)
        moves = [move for move in state.legal_moves() if allowed >> move.arg & 1]
        if moves:
            return rng.choice(moves)
    return choose_move(state, rng)


@pytest.mark.parametrize("base", ["auction-pitch", "smear", "partnership-pitch"])
def test_random_games_with_reneges_allowed_finish_and_show_the_penalty(base: str) -> None:
    seen = 0
    for number, follow in enumerate(["trump-anytime", "strict"] * 2):
        rules = house(f"play: {{renege: 2, follow: {follow}}}\n", base=base)
        state = pc.new_game(rules, seed=number)
        rng = random.Random(number)
        reneged: list[list[int]] = [[]]  # per hand, the seats seen reneging as they played
        while not state.is_over and len(state.hand_results) < 200:
            move = renege_now_and_then(state, rng)
            if move.kind == "play" and not state.table.variant.play.playable(state) >> move.arg & 1:
                reneged[-1].append(state.to_move)
            hands = len(state.hand_results)
            state = state.apply(move)
            if len(state.hand_results) > hands:
                reneged.append([])
        assert state.is_over
        assert [list(result.reneges) for result in state.hand_results] == reneged[:-1]
        for result in state.hand_results:
            seen += len(result.reneges)
            for seat in result.reneges:
                assert f"seat {seat} reneged and its side loses 2" in result.describe()
    assert seen
