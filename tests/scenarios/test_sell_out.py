"""Scenario tests for the bundled sell-out variant (Sell-out / Commercial Pitch, PITCH-FAMILY 2.2).

The auction itself is tested in ``test_auction_options.py``; these state what a sale is
worth: the seller (or, when the eldest refuses, the top bidder) scores the bid at once,
before the hand's points, outside the pitcher's bid and set-back. 4 seats, dealer 0.
"""

from __future__ import annotations

from stacked import SWEEP_HANDS, SWEEP_TRICKS, play

import pitchcore as pc
from pitchcore.model.state import GameState

# The sweep deal with seat 3 pitching (leading JH: hearts trump); seat 1 takes every trick.
SEAT_3_LEADS = [
    "play JH", "play 2C", "play AH", "play 5H",
    "play KH", "play 5S", "play 2D", "play 3C",
    "play 2H", "play 6S", "play 3D", "play 4C",
    "play AC", "play 8C", "play TC", "play AS",
    "play KC", "play 9C", "play 4D", "play KS",
    "play QC", "play 7S", "play 9S", "play QS",
]


def new(scores: tuple[int, ...] | None = None) -> GameState:
    return pc.new_game("sell-out", players=4, seed=3, dealer=0, hands=SWEEP_HANDS, scores=scores)


def test_a_sold_pitch_pays_the_seller_the_bid() -> None:
    """Eldest (seat 1) sells to seat 3 for 2; seat 1 scores 2 at once. Seat 3 then pitches
    and takes nothing (seat 1 holds and takes everything): set back 2."""
    s = play(new(), ["pass", "bid 1", "bid 2", "pass", "pass"])
    assert (s.bidder, s.bid) == (3, 2)
    result = play(s, SEAT_3_LEADS).hand_results[-1]
    assert (result.bidder, result.made) == (3, False)
    assert result.delta == (0, 2 + 4, 0, -2)


def test_a_refused_pitch_pays_the_top_bidder() -> None:
    """Eldest refuses seat 3's 2 and pitches for 2 itself: seat 3 scores 2 at once; seat 1
    makes its bid with all four points."""
    s = play(new(), ["pass", "bid 1", "bid 2", "pass", "bid 2"])
    result = play(s, SWEEP_TRICKS).hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (1, 2, True)
    assert result.delta == (0, 4, 0, 2)


def test_no_payment_when_the_eldest_pitches_at_once() -> None:
    result = play(new(), ["bid 4", *SWEEP_TRICKS]).hand_results[-1]
    assert (result.bidder, result.bid, result.made, result.delta) == (1, 4, True, (0, 4, 0, 0))


def test_the_payment_is_settled_first_and_can_win_the_game() -> None:
    """Going out: a sale is paid before anything else of the hand. At 5 the seller reaches 7
    with the sale of 2 and wins at once: the walk stops there, so its four points (which
    would also take it past 7) are never added, and the pitcher's set-back is not applied."""
    s = play(new(scores=(0, 5, 0, 6)), ["pass", "bid 1", "bid 2", "pass", "pass"])
    end = play(s, SEAT_3_LEADS)
    assert end.is_over and end.winner == 1
    assert end.hand_results[-1].delta == (0, 2, 0, 0)


def test_sell_out_plays_five_by_default_and_to_seven() -> None:
    variant = pc.load_variant("sell-out")
    assert variant.deal.default_players == 5 and variant.going_out.target == 7
    assert pc.new_game(variant, seed=1).players == 5
