"""Scenario tests for book-pitch (seed 004; RULES.md "book-pitch").

Four seats in partnerships (side 0 = seats 0, 2; side 1 = seats 1, 3), dealer 0.
"""

from __future__ import annotations

import pytest
from stacked import SWEEP_HANDS, SWEEP_TRICKS, legal, play, seats

import pitchcore as pc

# Seat 1 pitches hearts with AH and 2H (High and Low, held); seat 3 (partner) trumps KC with
# JH; side 0 takes TC and TD: game pips side 0 = 20, side 1 = 10.
# Awards: high 1, low 1, jack 1, game 0.
BOOK_HANDS = seats(
    s1="AH 2H 3C 4C 5C 6C",
    s2="TC KC 7S 8S 9S QS",
    s3="JH 9H 2D 3D 4D 5D",
    s0="6D 7D 8D 9D TD 2S",
)
BOOK_TRICKS = [
    "play AH", "play 7S", "play 9H", "play 2S",   # seat 1
    "play 3C", "play TC", "play 2D", "play 6D",   # seat 2 (TC)
    "play 8S", "play 3D", "play 7D", "play 4C",   # seat 2
    "play KC", "play JH", "play 8D", "play 5C",   # seat 3 trumps (KC + JH)
    "play 4D", "play TD", "play 6C", "play 9S",   # seat 0 (TD)
    "play 9D", "play 2H", "play QS", "play 5D",   # seat 1 trumps (QS)
]



def new(hands: list[str] = BOOK_HANDS, variant: str = "book-pitch", **kw: object) -> pc.GameState:
    return pc.new_game(pc.load_variant(variant), players=4, seed=13, dealer=0, hands=hands, **kw)


def book_hand(bid: str, scores: list[int] | None = None, variant: str = "book-pitch") -> pc.GameState:
    return play(new(variant=variant, scores=scores), [bid, "pass", "pass", "pass", *BOOK_TRICKS])


# ---------------------------------------------------------------- auction


def test_bids_2_to_4_and_dealer_ties_lower_bids() -> None:
    """book-pitch: bids 2, 3, 4; the dealer can tie the highest bidder and win the bid."""
    s = new()
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4"}
    s = play(s, ["bid 3", "pass", "pass"])
    assert legal(s) == {"pass", "bid 3", "bid 4"}
    s = s.apply("bid 3")
    assert (s.bidder, s.bid) == (0, 3) and s.to_move == 0


def test_dealer_can_not_take_a_smudge() -> None:
    """seed 004: 'if you bid four, you are said to smudge and the dealer cannot take that bid'."""
    s = play(new(), ["bid 4", "pass", "pass"])
    assert legal(s) == {"pass"}
    with pytest.raises(pc.IllegalMove):
        s.apply("bid 4")


def test_dealer_forced_to_bid_when_the_first_three_pass() -> None:
    """seed 004: 'If the first three players pass, the dealer is forced to bid two.'"""
    s = play(new(), ["pass", "pass", "pass"])
    assert legal(s) == {"bid 2", "bid 3", "bid 4"}
    with pytest.raises(pc.IllegalMove):
        s.apply("pass")
    assert s == play(new(), ["pass", "pass", "pass"])
    assert s.apply("bid 2").bidder == 0


# ---------------------------------------------------------------- play


def test_trump_lead_must_be_followed_with_trump_other_leads_follow_or_trump() -> None:
    """seed 004: trump by the pitcher's first card; 'If he leads a card from the trump suit,
    you must follow suit if you can. If he leads a card that is not from the trump suit, you
    may follow suit or play a trump card.'"""
    s = play(new(), ["bid 3", "pass", "pass", "pass", "play AH", "play 7S"])
    assert s.trump == "H"
    assert legal(s) == {"play JH", "play 9H"}
    s = play(s, BOOK_TRICKS[2:15])        # up to seat 1's turn in the fourth trick (KC led)
    assert s.to_move == 1
    assert legal(s) == {"play 5C", "play 6C", "play 2H"}


# ---------------------------------------------------------------- settlement and going out


def test_partners_pool_points_and_bidder_scores_what_it_made() -> None:
    """book-pitch: High and Low to the holder, Jack and Game to the capturer; partners pool
    their captures; a made bid scores the points won (seed 004: 'if you bid two and won
    three points, you receive three points')."""
    s = book_hand("bid 2")
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "game": 0}
    assert r.game_pips == (20, 10)
    assert r.made is True and r.delta == (1, 3)
    assert s.scores == (1, 3) and s.dealer == 1


def test_side_past_21_without_a_bid_keeps_playing() -> None:
    """book-pitch: 'If you reach twenty-one points but did not make the bid, you must continue
    playing hands'.  Side 0 defends at 20 and takes Game: 21, no winner."""
    s = book_hand("bid 2", scores=[20, 10])
    assert s.scores == (21, 13)
    assert not s.is_over and s.winner is None
    assert s.phase is pc.Phase.BIDDING and s.dealer == 1


def test_side_already_past_21_still_needs_a_made_bid() -> None:
    """book-pitch: a side standing at 22 gains Game as a defender and still has not won."""
    s = book_hand("bid 3", scores=[22, 0])
    assert s.scores == (23, 3) and not s.is_over


def test_bidding_side_reaching_21_on_a_made_bid_wins() -> None:
    """book-pitch: 'If you're the first team to twenty-one points, on a hand that you won the
    bid, you win the game.'"""
    s = book_hand("bid 3", scores=[10, 18])
    assert s.scores == (11, 21)
    assert s.is_over and s.winner == 1


def test_bidder_wins_when_both_sides_pass_21() -> None:
    """book-pitch: only a side that bid and made can win, so when both reach 21 the bidder wins."""
    s = book_hand("bid 3", scores=[20, 18])
    assert s.is_over and s.winner == 1
    assert s.scores[1] == 21


def test_failed_smudge_is_set_back_4_and_can_not_win() -> None:
    """book-pitch P4: a failed bid (the smudge of 4, 3 points earned) is set back 4; the
    defenders' Game takes them to 21 without a win."""
    s = book_hand("bid 4", scores=[20, 10])
    r = s.hand_results[-1]
    assert (r.bid, r.made) == (4, False)
    assert r.delta == (1, -4)
    assert s.scores == (21, 6) and not s.is_over


def test_made_smudge_is_only_4_points() -> None:
    """book-pitch: no smudge bonus beyond the 4 points (it does not win the game outright)."""
    s = play(new(SWEEP_HANDS), ["bid 4", "pass", "pass", "pass", *SWEEP_TRICKS])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert (r.bid, r.made) == (4, True)
    assert r.delta == (0, 4)
    assert not s.is_over and s.winner is None and s.scores == (0, 4)


# ---------------------------------------------------------------- seats (RULES.md: partnerships at 4, cutthroat 3-4)

THREE_HANDS = seats(
    s1="AH 2H 3C 4C 5C 6C",
    s2="TC KC 7S 8S 9S QS",
    s0="6D 7D 8D 9D TD 2S",
)
THREE_TRICKS = [
    "play AH", "play 7S", "play 2S",   # seat 1 (trump)
    "play 2H", "play 8S", "play 6D",   # seat 1
    "play 3C", "play TC", "play 7D",   # seat 2 (TC)
    "play KC", "play 8D", "play 4C",   # seat 2
    "play 9S", "play 9D", "play 5C",   # seat 2
    "play QS", "play TD", "play 6C",   # seat 2 (TD)
]


def test_three_players_play_cutthroat() -> None:
    """Three seats: every seat for itself (the JH was not dealt: no Jack)."""
    s = pc.new_game("book-pitch", players=3, seed=13, dealer=0, hands=THREE_HANDS)
    assert s.table.side_of == (0, 1, 2) and s.scores == (0, 0, 0)
    s = play(s, ["bid 2", "pass", "pass", *THREE_TRICKS])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": None, "game": 2}
    assert r.game_pips == (0, 4, 25)
    assert r.made is True and r.delta == (0, 2, 1)


def test_four_players_are_partners_unless_the_house_says_cutthroat() -> None:
    assert pc.new_game("book-pitch", seed=1).table.side_of == (0, 1, 0, 1)
    cutthroat = pc.load_variant_text("extends: book-pitch\nname: book-cutthroat\ndeal: {sides: cutthroat}\n")
    assert pc.new_game(cutthroat, players=4, seed=1).table.side_of == (0, 1, 2, 3)
    with pytest.raises(ValueError, match="3-4 players, not 5"):
        pc.new_game("book-pitch", players=5, seed=1)
