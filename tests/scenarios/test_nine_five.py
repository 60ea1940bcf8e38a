"""Scenario tests for the bundled Nine-Five (PITCH-FAMILY 2.9, scored as Pedro Sancho): six
cards, bids 9-18 with a forced bid of 9 for a 9 and another card of its suit, all pass and the
deal passes on, named trump, everyone discards any cards and draws back to six but no trump
(a discarded trump would come back), and High, Low, Jack, Game (the ten of trumps), the Five
(5) and the Nine (9) all to the side that takes them, counted out in that order to 100.
Four seats, dealer 0 (eldest seat 1): side 0 = seats 0 and 2.
"""

from __future__ import annotations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc

# Seat 1 holds 9H and 8H: it may not pass. Nobody else holds a 9. The draw takes the top of
# the stock: seat 1 draws QH, seat 3 7H 6H, seat 0 4H. Hearts trump; the 3H is not in play.
HANDS = seats(
    s1="9H 8H AC 2D 3S 4S",
    s2="KH 5H KC QC JC TC",
    s3="AH JH 3C 4C 5C 6C",
    s0="TH 2H 7C 8C 2S 5S",
)
STOCK = "QH 7H 6H 4H"
DRAWS = ["discard 2D", "discard", "discard 3C 4C", "discard 2S"]
TRICKS = [
    "play 5H", "play AH", "play 2H", "play QH",   # seat 2 (the bidder's left) leads; seat 3 takes
                                                  # High, Low and the Five for side 1
    "play JH", "play TH", "play 8H", "play KH",   # seat 2: Jack and Game (the ten) to side 0
    "play KC", "play 5C", "play 7C", "play AC",
    "play 9H", "play QC", "play 7H", "play 4H",   # seat 1 keeps the Nine
    "play 3S", "play JC", "play 6C", "play 5S",
    "play 8C", "play 4S", "play TC", "play 6H",
]


def new(hands: list[str] = HANDS, stock: str | None = STOCK, **kw: object) -> pc.GameState:
    return pc.new_game("nine-five", players=4, seed=7, dealer=0, hands=hands, stock=stock, **kw)


def hand(**kw: object) -> pc.GameState:
    return play(new(**kw), ["bid 9", "pass", "pass", "pass", "trump H", *DRAWS, *TRICKS])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("nine-five")
    assert [(point.name, point.value) for point in variant.points] == [
        ("high", 1), ("low", 1), ("jack", 1), ("game", 1), ("five", 5), ("nine", 9)]
    assert sum(point.most() for point in variant.points) == 18
    assert (variant.auction.min_bid, variant.auction.max_bid) == (9, 18)   # type: ignore[attr-defined]
    assert variant.going_out.goal(4) == "target 100"


def test_a_nine_and_another_of_its_suit_forces_a_bid_of_nine() -> None:
    s = new()
    assert legal(s) == {f"bid {n}" for n in range(9, 19)}   # seat 1: no pass
    s = s.apply("bid 9")
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(10, 19))}
    with pytest.raises(pc.IllegalMove, match="holds a 9 and another card of its suit"):
        new().apply("pass")


def test_when_all_pass_the_deal_passes_to_the_left() -> None:
    """Nobody holds a 9 with another card of its suit (seat 2's 9S is alone)."""
    hands = seats(s1="AH 8H AC 2D 3S 4S", s2="KH 5H KC QC JC 9S",
                  s3="QH JH 3C 4C 5C 6C", s0="TH 2H 7C 8C 2S 5S")
    s = play(new(hands, stock=None), ["pass", "pass", "pass", "pass"])
    assert (s.dealer, s.deal_number, s.to_move, s.hand_results) == (1, 1, 2, ())
    assert s.scores == (0, 0)


def test_everyone_discards_any_cards_but_no_trump() -> None:
    s = play(new(), ["bid 9", "pass", "pass", "pass", "trump H"])
    assert (s.phase, s.to_move) == (pc.Phase.DISCARDING, 1)
    others = ["AC", "2D", "3S", "4S"]
    assert len(legal(s)) == 2 ** len(others)   # any of the four non-trumps, keeping 9H and 8H
    assert {pc.parse_move("discard"), pc.parse_move("discard 2D AC 3S 4S")} <= set(s.legal_moves())
    with pytest.raises(pc.IllegalMove, match=r"trump_discards: returned"):
        s.apply("discard 9H")
    s = play(s, DRAWS)
    assert held(s, 1) == {"9H", "8H", "QH", "AC", "3S", "4S"}   # drew the QH for the 2D
    assert held(s, 0) == {"TH", "2H", "4H", "7C", "8C", "5S"}
    assert (s.phase, s.to_move) == (pc.Phase.PLAYING, 2)   # the seat after the bidder leads


def test_every_point_goes_to_the_taker() -> None:
    s = hand()
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": 0, "game": 0, "five": 1, "nine": 1}
    assert (result.made, result.delta) == (True, (2, 16))


def test_the_points_are_counted_out_in_order_to_100() -> None:
    """Side 0 reaches 100 with Game (the fourth point) before side 1's Five and Nine count."""
    s = hand(scores=[98, 90])
    assert (s.winner, s.scores) == (0, (100, 92))
    s = hand(scores=[90, 85])
    assert (s.winner, s.scores) == (1, (92, 101))


def test_a_set_bidder_loses_the_bid() -> None:
    s = play(new(), ["bid 17", "pass", "pass", "pass", "trump H", *DRAWS, *TRICKS])
    assert (s.hand_results[-1].made, s.scores) == (False, (2, -17))
