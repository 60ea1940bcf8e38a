"""Scenario tests for the bundled Pedro: Cinch (Double Pedro) with Pedro's own bids and game.

Nine cards dealt, one bid each from 7 to 14 with the dealer stuck at 7, named trump, discard
to trumps and refill to six, the dealer robs the pack; the fives of the trump's colour count
5 each and the ace, two, jack and ten of trumps 1 each, all to the taker (14). A set bidder
loses the bid; the others score only what they took; 62 is game, the bidders counted first.
Side 1 takes 8 (High, Jack, Game, Right Pedro), side 0 takes 5 (Left Pedro), and nobody
takes Low (the dealer shed the 2H). Four seats, dealer 0 (eldest seat 1): side 0 = seats
0 and 2.
"""

from __future__ import annotations

import pytest
from stacked import PEDRO_HANDS, PEDRO_STOCK, PEDRO_TRICKS, held, legal, play

import pitchcore as pc

# Seat 1 names hearts (the off-five is the 5D). The refill takes 14 of the 16 stock cards,
# top first: seat 1 gets 2S 3S 4S, seat 2 5S 6S 7S JD, seat 3 QD KD AD 8C, seat 0 (the
# dealer, who discarded like everyone) 9C 9H 8H; the dealer then takes the last two (7H 6H)
# and sheds 9C and the 2H (a seventh trump: dead).
HANDS, STOCK = PEDRO_HANDS, PEDRO_STOCK
DISCARDS = [
    "discard 2C 3C 4C 5C 6C 7C",
    "discard 8S 9S TS JS QS KS AS",
    "discard 2D 3D 4D 6D 7D 8D 9D",
    "discard TC JC QC KC AC TD",
]
ROB = ["discard 9C", "discard 2H"]
TRICKS = PEDRO_TRICKS


def new(**kw: object) -> pc.GameState:
    return pc.new_game("pedro", players=4, seed=7, dealer=0, hands=HANDS, stock=STOCK, **kw)


def hand(bid: str, **kw: object) -> pc.GameState:
    return play(new(**kw), [bid, "pass", "pass", "pass", "trump H", *DISCARDS, *ROB, *TRICKS])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("pedro")
    assert (variant.deal.hand_size, variant.deal.packet, variant.deal.deck_size()) == (9, 3, 52)
    assert [(point.name, point.value) for point in variant.points] == [
        ("high", 1), ("low", 1), ("jack", 1), ("game", 1), ("right-pedro", 5), ("left-pedro", 5)]
    assert sum(point.most() for point in variant.points) == 14
    assert variant.going_out.goal(4) == "target 62"


def test_bids_run_from_7_to_14_each_higher_the_dealers_too() -> None:
    s = new()
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(7, 15))}
    s = play(s, ["bid 9", "pass", "pass"])
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(10, 15))}


def test_the_dealer_is_stuck_with_7_when_the_others_pass() -> None:
    s = play(new(), ["pass", "pass", "pass"])
    assert legal(s) == {f"bid {n}" for n in range(7, 15)}


def test_the_dealer_discards_and_is_refilled_then_takes_the_rest_of_the_pack() -> None:
    s = play(new(), ["bid 8", "pass", "pass", "pass", "trump H", *DISCARDS])
    assert (s.phase, s.to_move, s.info.stock) == (pc.Phase.DISCARDING, 0, ())
    assert held(s, 0) == {"4H", "3H", "2H", "9C", "9H", "8H", "7H", "6H"}
    s = play(s, ROB)
    assert s.phase is pc.Phase.PLAYING and held(s, 0) == {"4H", "3H", "9H", "8H", "7H", "6H"}


def test_a_made_bid_scores_what_each_side_took() -> None:
    s = hand("bid 8")
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": None, "jack": 1, "game": 1,
                                   "right-pedro": 1, "left-pedro": 0}
    assert (result.made, s.scores) == (True, (5, 8))


def test_a_set_bidder_loses_the_bid_and_the_others_score_only_their_points() -> None:
    """Unlike Cinch, the setting side does not also score the bid."""
    s = hand("bid 9")
    assert (s.hand_results[-1].made, s.scores) == (False, (5, -9))


@pytest.mark.parametrize(("scores", "winner", "after"), [
    ([57, 55], 1, (57, 63)),   # both would reach 62: the bidders are counted first
    ([57, 50], 0, (62, 58)),
    ([56, 50], None, (61, 58)),
])
def test_62_is_game_and_the_bidders_go_out_first(scores: list[int], winner: int | None,
                                                 after: tuple[int, int]) -> None:
    s = hand("bid 8", scores=scores)
    assert (s.winner, s.scores) == (winner, after)
