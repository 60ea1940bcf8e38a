"""Scenario tests for the bundled Catch Five (Pitch with Fives).

Partnerships, nine cards dealt, one bid each from 3 to 9 with the dealer stuck at 3, named
trump, everyone discards every non-trump and is refilled to six (nobody robs the pack); the
ace (High), jack and ten (Game) of trumps score 1 and the five of trumps 5 to the side that
takes them, the two (Low) 1 to the side dealt it: 9 a deal, to 31. Four seats, dealer 0
(eldest seat 1): side 0 = seats 0 and 2.
"""

from __future__ import annotations

import pytest
from stacked import PEDRO_HANDS, PEDRO_STOCK, held, legal, play

import pitchcore as pc

# Seat 1 names hearts. The refill takes the stock from the top: seat 1 2S 3S 4S, seat 2
# 5S 6S 7S JD QD, seat 3 KD AD 8C 9C, seat 0 9H 8H 7H; the 6H is left in the stock (not in
# play).
HANDS, STOCK = PEDRO_HANDS, PEDRO_STOCK
DISCARDS = [
    "discard 2C 3C 4C 5C 6C 7C",
    "discard 5D 8S 9S TS JS QS KS AS",   # the other five of the colour is no trump here
    "discard 2D 3D 4D 6D 7D 8D 9D",
    "discard TC JC QC KC AC TD",
]
TRICKS = [
    "play AH", "play QH", "play TH", "play 2H",   # High and Game to side 1; Low stays side 0's
    "play KH", "play 5S", "play JH", "play 3H",   # Jack to side 1
    "play 5H", "play 6S", "play 8C", "play 9H",   # seat 0 takes the Five: 5 to side 0
    "play 8H", "play 2S", "play 7S", "play 9C",
    "play 7H", "play 3S", "play JD", "play KD",
    "play 4H", "play 4S", "play QD", "play AD",
]


def new(**kw: object) -> pc.GameState:
    return pc.new_game("catch-five", players=4, seed=7, dealer=0, hands=HANDS, stock=STOCK, **kw)


def hand(bid: str, **kw: object) -> pc.GameState:
    return play(new(**kw), [bid, "pass", "pass", "pass", "trump H", *DISCARDS, *TRICKS])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("catch-five")
    assert (variant.deal.hand_size, variant.deal.deck_size()) == (9, 52)
    assert [(point.name, point.value) for point in variant.points] == [
        ("high", 1), ("low", 1), ("jack", 1), ("game", 1), ("five", 5)]
    assert sum(point.most() for point in variant.points) == 9
    assert variant.going_out.goal(4) == "target 31"


def test_bids_run_from_3_to_9_and_the_dealer_is_stuck_with_3() -> None:
    s = new()
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(3, 10))}
    assert legal(play(s, ["pass", "pass", "pass"])) == {f"bid {n}" for n in range(3, 10)}
    assert legal(play(s, ["bid 5", "pass", "pass"])) == {"pass", *(f"bid {n}" for n in range(6, 10))}


def test_everyone_discards_every_non_trump_and_is_refilled_to_six() -> None:
    s = play(new(), ["bid 3", "pass", "pass", "pass", "trump H", *DISCARDS])
    assert [held(s, seat) for seat in (1, 2, 3, 0)] == [
        {"AH", "KH", "5H", "2S", "3S", "4S"}, {"QH", "5S", "6S", "7S", "JD", "QD"},
        {"JH", "TH", "KD", "AD", "8C", "9C"}, {"4H", "3H", "2H", "9H", "8H", "7H"}]
    assert (s.phase, s.to_move) == (pc.Phase.PLAYING, 1)


def test_the_five_to_its_taker_and_low_to_the_side_dealt_it() -> None:
    """Side 1 takes High, Jack and Game (3); side 0 was dealt the 2H (Low) and takes the
    Five with the 9H: 6. A bid of 3 is made."""
    result = hand("bid 3").hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 0, "jack": 1, "game": 1, "five": 0}
    assert (result.made, result.delta) == (True, (6, 3))


def test_a_set_bidder_loses_the_bid() -> None:
    result = hand("bid 4").hand_results[-1]
    assert (result.made, result.delta) == (False, (6, -4))


@pytest.mark.parametrize(("scores", "winner"), [
    ([30, 28], 1),    # both reach 31: the bidders are counted first
    ([25, 20], 0),
    ([24, 20], None),
])
def test_31_is_game_and_the_bidders_go_out_first(scores: list[int], winner: int | None) -> None:
    assert hand("bid 3", scores=scores).winner == winner
