"""Scenario tests for the bundled Pedro Sancho (Foster's Complete Hoyle, "Pedro").

Auction Pitch sold by the eldest, where a raised bidder may raise again in turn;
everything counts to the player who wins it; Game is the ten of trumps (none if it is not
in play); the Five and Nine of trumps count 5 and 9 but rank as plain five and nine: 18 a
deal, counted out High, Low, Jack, Ten, Five, Nine, to 50. Four seats, every player for
himself, dealer 0 (eldest seat 1).
"""

from __future__ import annotations

import pytest
from stacked import legal, play, seats

import pitchcore as pc
from pitchcore.interop.tensors import information_state_tensor, tensor_layout

# Seat 2 buys the pitch for 5 and leads the 6S (spades trump). The Six takes the Five, the
# Ten takes the Nine and the 2S that seat 1 was dealt: everything to seat 2. No jack of
# spades is dealt.
HANDS = seats(
    s1="2S 4S 5D 6D 7D 8D",
    s2="AS TS 6S 2H 3H 4H",
    s3="9S 3S 7C 8C 9C TC",
    s0="5S KD QC JC 2C 3C",
)
SALE = ["pass", "bid 5", "pass", "pass", "pass"]   # seat 2 bids 5, the eldest sells
TRICKS = [
    "play 6S", "play 3S", "play 5S", "play 4S",   # the Six takes the Five
    "play TS", "play 9S", "play KD", "play 2S",   # the Ten takes the Nine and Low
    "play AS", "play 7C", "play QC", "play 5D",
    "play 2H", "play 8C", "play JC", "play 6D",
    "play 3H", "play 9C", "play 2C", "play 7D",
    "play 4H", "play TC", "play 3C", "play 8D",
]

# The same, with the 7S for the TS: no Game in play, and seat 3's Nine wins the second trick.
NO_TEN = seats(
    s1="2S 4S 5D 6D 7D 8D",
    s2="AS 7S 6S 2H 3H 4H",
    s3="9S 3S 7C 8C 9C TC",
    s0="5S KD QC JC 2C 3C",
)
NO_TEN_TRICKS = [
    "play 6S", "play 3S", "play 5S", "play 4S",
    "play 7S", "play 9S", "play KD", "play 2S",   # seat 3 takes its Nine and Low
    "play 7C", "play QC", "play 5D", "play AS",   # seat 2 trumps in: High
    "play 2H", "play 8C", "play JC", "play 6D",
    "play 3H", "play 9C", "play 2C", "play 7D",
    "play 4H", "play TC", "play 3C", "play 8D",
]


def new(hands: list[str] = HANDS, **kw: object) -> pc.GameState:
    return pc.new_game("pedro-sancho", players=4, seed=5, dealer=0, hands=hands, **kw)


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("pedro-sancho")
    assert [(point.name, point.value, point.receiver) for point in variant.points] == [   # type: ignore[attr-defined]
        ("high", 1, "capturer"), ("low", 1, "capturer"), ("jack", 1, "capturer"),
        ("game", 1, "capturer"), ("five", 5, "capturer"), ("nine", 9, "capturer")]
    assert sum(point.most() for point in variant.points) == 18
    assert variant.going_out.goal(4) == "target 50"
    assert variant.auction.kind == "sell-out-reraise"   # type: ignore[attr-defined]


def test_the_eldest_pitches_for_all_18_or_lets_the_others_bid_1_to_17() -> None:
    s = new()
    assert legal(s) == {"pass", "bid 18"}
    assert legal(s.apply("pass")) == {"pass", *(f"bid {n}" for n in range(1, 18))}


def test_a_raised_bidder_may_raise_again_in_turn_and_a_seat_that_passed_is_out() -> None:
    """Seat 2 bids 3, seat 3 passes, seat 0 raises to 5: seat 2 may raise again (seat 3,
    having passed, is not asked). Seat 2 bids 6, seat 0 raises to 7, seat 2 passes: the
    turn would come back to seat 0, the high bidder, so the eldest sells or refuses."""
    s = play(new(), ["pass", "bid 3", "pass", "bid 5"])
    assert s.to_move == 2 and legal(s) == {"pass", *(f"bid {n}" for n in range(6, 18))}
    s = s.apply("bid 6")
    assert s.to_move == 0                                   # seat 3 is skipped
    s = play(s, ["bid 7", "pass"])
    assert (s.to_move, s.bidder, s.bid) == (1, 0, 7)
    assert legal(s) == {"pass", "bid 7"}
    with pytest.raises(pc.IllegalMove):
        s.apply("bid 8")


def test_one_round_is_enough_when_nobody_is_raised() -> None:
    s = play(new(), ["pass", "bid 3", "pass", "pass"])
    assert (s.to_move, s.bidder, s.bid) == (1, 2, 3)      # back to seat 2: the eldest decides


def test_nobody_bids_and_the_eldest_pitches_for_nothing() -> None:
    s = play(new(), ["pass", "pass", "pass", "pass"])
    assert (s.phase, s.to_move, s.bidder, s.bid) == (pc.Phase.PLAYING, 1, 1, 0)


def test_the_sale_after_several_rounds_pays_the_last_bid() -> None:
    """The eldest sells to seat 0 for 7 (it scores 7), or refuses and seat 0 scores 7."""
    auction = pc.load_variant("pedro-sancho").auction
    s = play(new(), ["pass", "bid 3", "pass", "bid 5", "bid 6", "bid 7", "pass"])
    assert auction.sale(s.apply("pass").info) == (1, 7)
    assert auction.sale(s.apply("bid 7").info) == (0, 7)


def test_everything_counts_to_the_player_winning_it() -> None:
    """The Five and Nine rank as plain cards (the Six and the Ten take them); Low (the 2S
    dealt to seat 1) goes to seat 2, which takes it; Game is the ten of trumps; no jack of
    spades is dealt. Seat 2 made its 5 with 17; seat 1 scored its sale of 5."""
    end = play(new(), [*SALE, *TRICKS])
    result = end.hand_results[-1]
    assert dict(result.awards) == {"high": 2, "low": 2, "jack": None, "game": 2, "five": 2, "nine": 2}
    assert (result.bidder, result.bid, result.made) == (2, 5, True)
    assert result.delta == (0, 5, 17, 0)


def test_no_game_when_the_ten_of_trumps_is_not_in_play() -> None:
    """Seat 3 takes its own Nine and seat 1's Low; seat 2 makes 6 (High and the Five)."""
    end = play(new(NO_TEN), [*SALE, *NO_TEN_TRICKS])
    result = end.hand_results[-1]
    assert dict(result.awards) == {"high": 2, "low": 3, "jack": None, "game": None, "five": 2, "nine": 3}
    assert result.game_pips != (0, 0, 0, 0)               # pips were taken, yet no Game point
    assert result.delta == (0, 5, 6, 10)


@pytest.mark.parametrize(("scores", "winner"), [
    ((0, 0, 45, 41), 2),   # the pitcher's High and Five (51) count before seat 3's Nine
    ((0, 0, 30, 41), 3),   # the pitcher stays short; then Low and the Nine take seat 3 to 51
    ((0, 0, 30, 30), None),
])
def test_fifty_is_game_counted_pitcher_first_then_in_order(
        scores: tuple[int, ...], winner: int | None) -> None:
    end = play(new(NO_TEN, scores=scores), [*SALE, *NO_TEN_TRICKS])
    assert end.winner == winner


def test_a_long_auction_fits_the_tensors_and_the_record() -> None:
    """Seats 2 and 0 raise each other from 1 to 17 (21 calls in all), every one kept in the
    information state's auction rows and in a saved game."""
    moves = ["pass", "bid 1", "pass"]
    moves += [f"bid {n}" for n in range(2, 18)]          # seats 0 and 2 in turn, 2 to 17
    s = play(new(), [*moves, "pass", "pass"])             # seat 0 gives up; the eldest sells
    assert (s.phase, s.bidder, s.bid) == (pc.Phase.PLAYING, 2, 17)
    layout = tensor_layout(s)
    assert len(s.info.bids) == 21 <= layout.auction_entries
    assert information_state_tensor(s, 1).shape == (layout.information_state_size,)
    assert pc.loads(pc.dumps(s)) == s
