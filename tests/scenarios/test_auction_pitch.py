"""Scenario tests for auction-pitch (seed 001; RULES.md "Shared Pitch mechanics" and "auction-pitch").

Every deal is stacked; the expected outcome of each was worked out by hand from the rules.
Seats are 0..3 with dealer 0, so eldest is seat 1 and bidding goes 1, 2, 3, 0.
"""

from __future__ import annotations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc

# Low deal: seat 1 pitches hearts and takes every trick; Low (2H) is dealt to seat 2 and
# captured by seat 1 on the first trick (seat 2 must follow the trump lead with its only heart).
# Captured pips: seat 1 gets all 36. High AH (seat 1), Low 2H (held by 2), Jack JH taken by 1.
LOW_DEAL = seats(
    s1="AH KH 5H AC KC QC",
    s2="2H 9C 8C 7S 6S 5S",
    s3="JH TC 4D 3D 2D 9S",
    s0="QS KS AS 4C 3C 2C",
)
LOW_PLAY = [
    "play AH", "play 2H", "play JH", "play 2C",
    "play KH", "play 5S", "play 2D", "play 3C",
    "play 5H", "play 6S", "play 3D", "play 4C",
    "play AC", "play 8C", "play TC", "play AS",
    "play KC", "play 9C", "play 4D", "play KS",
    "play QC", "play 7S", "play 9S", "play QS",
]

# Split deal: seat 1 pitches hearts holding High (AH) and Low (2H); seat 3 trumps a club
# with JH and takes TC (11 pips); seat 0 takes TD and QS (12 pips) and Game; seat 1 ends
# with 7 pips. Awards: high 1, low 1, jack 3, game 0.
SPLIT_DEAL = seats(
    s1="AH 2H 3C 4C 5C 6C",
    s2="TC KC 7S 8S 9S QS",
    s3="JH 9H 2D 3D 4D 5D",
    s0="6D 7D 8D 9D TD 2S",
)
SPLIT_PLAY = [
    "play AH", "play 7S", "play 9H", "play 2S",   # seat 1 wins
    "play 3C", "play TC", "play JH", "play 6D",   # seat 3 trumps: JH + TC
    "play 2D", "play TD", "play 4C", "play 8S",   # seat 0 wins with TD
    "play 7D", "play 5C", "play 9S", "play 5D",   # seat 0
    "play 8D", "play 6C", "play QS", "play 4D",   # seat 0 (+QS)
    "play 9D", "play 2H", "play KC", "play 3D",   # seat 1 trumps with 2H (+KC)
]


def new(variant: str = "auction-pitch", hands: list[str] = LOW_DEAL, **kw: object) -> pc.GameState:
    return pc.new_game(pc.load_variant(variant), players=len(hands), seed=11, dealer=0, hands=hands, **kw)


# ---------------------------------------------------------------- P1: the auction


def test_dealer_may_take_the_high_bid_at_equal() -> None:
    """P1: the dealer bids last and may take the current high bid by bidding equal to it."""
    s = play(new(), ["bid 2", "pass", "pass"])
    assert s.to_move == 0
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4"}
    s = s.apply("bid 2")
    assert (s.bidder, s.bid) == (0, 2)
    assert s.phase is pc.Phase.PLAYING and s.to_move == 0


def test_non_dealer_may_not_bid_equal() -> None:
    """P1: each non-dealer passes or bids higher than the current high bid."""
    s = new().apply("bid 2")
    assert legal(s) == {"pass", "bid 3", "bid 4"}
    with pytest.raises(pc.IllegalMove):
        s.apply("bid 2")
    with pytest.raises(pc.IllegalMove):
        s.apply("bid 1")
    assert s.to_move == 2 and s.phase is pc.Phase.BIDDING


def test_eldest_bids_first_and_may_bid_1_to_4() -> None:
    """auction-pitch: bids 1-4, eldest (left of the dealer) bids first."""
    s = new()
    assert s.phase is pc.Phase.BIDDING and s.to_move == 1
    assert legal(s) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}


def test_dealer_can_not_take_a_smudge() -> None:
    """P1 / auction-pitch: a bid of 4 is a smudge, which the dealer can never take."""
    s = play(new(), ["bid 4", "pass", "pass"])
    assert s.to_move == 0
    assert legal(s) == {"pass"}
    with pytest.raises(pc.IllegalMove):
        s.apply("bid 4")
    s = s.apply("pass")
    assert (s.bidder, s.bid) == (1, 4)


def test_all_pass_same_dealer_redeals() -> None:
    """auction-pitch: all pass -> cards thrown in, the same dealer deals again (all_pass: redeal)."""
    s = play(new(), ["pass", "pass", "pass", "pass"])
    assert s.dealer == 0
    assert s.hand_results == ()
    assert s.phase is pc.Phase.BIDDING and s.to_move == 1
    assert s.scores == (0, 0, 0, 0)
    assert [held(s, seat) for seat in range(4)] != [set(h.split()) for h in LOW_DEAL]
    assert all(len(s.hands[seat]) == 6 for seat in range(4))


# ---------------------------------------------------------------- P2: trump and play


def test_trump_is_set_by_the_first_lead_and_follow_or_trump() -> None:
    """auction-pitch: the pitcher's first lead (any card) sets trump.  P2: a player who can
    follow may follow or trump but not play another suit; a player who cannot follow may play
    anything; the highest trump wins the trick and its winner leads."""
    hands = seats(
        s1="AH KH 5H AC KC QC",
        s2="2H 6H 9C 8C 7S 6S",
        s3="JH TC 4D 3D 2D 9S",
        s0="QS KS AS 4C 3C 2C",
    )
    s = play(new(hands=hands), ["bid 2", "pass", "pass", "pass"])
    assert s.phase is pc.Phase.PLAYING and s.to_move == 1 and s.trump is None
    assert legal(s) == {"play " + c for c in hands[1].split()}   # first lead: any card
    s = s.apply("play AH")
    assert s.trump == "H"
    assert legal(s) == {"play 2H", "play 6H"}          # trump led: follow with trump
    s = s.apply("play 2H")
    assert legal(s) == {"play JH"}
    s = s.apply("play JH")
    assert legal(s) == {"play " + c for c in hands[0].split()}   # void in hearts: anything
    s = s.apply("play 2C")
    assert s.to_move == 1 and s.done_tricks[-1][2] == 1
    s = s.apply("play AC")
    # seat 2 can follow clubs; may trump instead (6H), but not discard a spade
    assert legal(s) == {"play 9C", "play 8C", "play 6H"}
    with pytest.raises(pc.IllegalMove):
        s.apply("play 7S")
    s = s.apply("play 6H")
    assert legal(s) == {"play TC"}
    s = s.apply("play TC")
    assert legal(s) == {"play 4C", "play 3C"}
    s = s.apply("play 3C")
    assert s.done_tricks[-1][2] == 2 and s.to_move == 2     # the trump wins over the ace led


# ---------------------------------------------------------------- P3 / P4: points and settlement


def test_low_goes_to_its_holder_even_when_captured() -> None:
    """auction-pitch: High and Low go to the holder (seed 001: Low 'always to its original
    owner'); Jack and Game to the capturer.  P4: a made bid scores what it earned."""
    s = play(new(), ["bid 2", "pass", "pass", "pass", *LOW_PLAY])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 2, "jack": 1, "game": 1}
    assert list(r.awards) == ["high", "low", "jack", "game"]              # award order
    assert r.dealer == 0
    assert r.game_pips == (0, 36, 0, 0)
    assert (r.bidder, r.bid, r.made) == (1, 2, True)
    assert r.delta == (0, 3, 1, 0)
    assert s.scores == (0, 3, 1, 0)
    assert s.winner is None and not s.is_over
    assert s.dealer == 1 and s.phase is pc.Phase.BIDDING and s.to_move == 2   # P5


def test_low_to_capturer_switch_on_the_same_deal() -> None:
    """P3: holder vs capturer is a per-variant setting; with Low to the capturer the same
    deal gives Low to seat 1, who captured the 2H."""
    v = pc.load_variant_text(
        "extends: auction-pitch\n"
        "name: low-to-capturer\n"
        "points:\n"
        "  - {kind: high, receiver: holder}\n"
        "  - {kind: low, receiver: capturer}\n"
        "  - {kind: jack, receiver: capturer}\n"
        "  - {kind: game, tie: nobody}\n"
    )
    s = pc.new_game(v, players=4, seed=11, dealer=0, hands=LOW_DEAL)
    s = play(s, ["bid 2", "pass", "pass", "pass", *LOW_PLAY])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert r.delta == (0, 4, 0, 0)


def test_failed_bid_is_set_back_and_defenders_score() -> None:
    """P4: a bidder short of its bid loses the bid amount (even with some points earned);
    the other sides score what they earned."""
    s = play(new(hands=SPLIT_DEAL), ["bid 3", "pass", "pass", "pass", *SPLIT_PLAY])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 3, "game": 0}
    assert r.game_pips == (12, 7, 0, 11)
    assert (r.bidder, r.bid, r.made) == (1, 3, False)
    assert r.delta == (1, -3, 0, 1)
    assert s.scores == (1, -3, 0, 1)
    assert s.dealer == 1


def test_scores_may_go_negative() -> None:
    """P4: scores may go negative (seed 001: 'in the bog')."""
    s = new(hands=SPLIT_DEAL, scores=[0, 1, 0, 0])
    s = play(s, ["bid 3", "pass", "pass", "pass", *SPLIT_PLAY])
    assert s.scores == (1, -2, 0, 1)


def test_made_bid_scores_points_earned_not_the_bid() -> None:
    """P4: a made bid scores what the side earned (2 here on a bid of 1)."""
    s = play(new(hands=SPLIT_DEAL), ["bid 1", "pass", "pass", "pass", *SPLIT_PLAY])
    r = s.hand_results[-1]
    assert r.made is True
    assert r.delta == (1, 2, 0, 1)


def test_no_jack_in_play_and_game_tie_to_nobody() -> None:
    """P3: Jack is awarded only if in play (JS is never dealt here -> None); a tie for most
    game pips awards Game to nobody (auction-pitch: game tie nobody).  Two players."""
    hands = seats(s0="AC 3C 4C 5C 2H 3H", s1="AS 2S 7D 8D 9D 6C")
    s = pc.new_game(pc.load_variant("auction-pitch"), players=2, seed=3, dealer=0, hands=hands)
    s = play(s, [
        "bid 1", "pass",
        "play AS", "play 3C",     # spades trump; seat 1 takes AS (4 pips)
        "play 2S", "play 4C",
        "play 6C", "play AC",     # seat 0 must follow clubs and wins with AC (4 pips)
        "play 5C", "play 7D",
        "play 2H", "play 8D",
        "play 3H", "play 9D",
    ])
    r = s.hand_results[-1]
    assert r.game_pips == (4, 4)
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": None, "game": None}
    assert r.delta == (0, 2)


# ---------------------------------------------------------------- smudge


def test_made_smudge_wins_the_game_at_once() -> None:
    """auction-pitch: a made smudge (bid 4, all four points earned) wins the game at once."""
    hands = seats(
        s1="AH KH 2H AC KC QC",
        s2="5H 9C 8C 7S 6S 5S",
        s3="JH TC 4D 3D 2D 9S",
        s0="QS KS AS 4C 3C 2C",
    )
    moves = [
        "play AH", "play 5H", "play JH", "play 2C",
        "play KH", "play 5S", "play 2D", "play 3C",
        "play 2H", "play 6S", "play 3D", "play 4C",
        "play AC", "play 8C", "play TC", "play AS",
        "play KC", "play 9C", "play 4D", "play KS",
        "play QC", "play 7S", "play 9S", "play QS",
    ]
    s = play(new(hands=hands), ["bid 4", "pass", "pass", "pass", *moves])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert (r.bid, r.made, r.ended_game) == (4, True, True)
    assert s.is_over and s.phase is pc.Phase.GAME_OVER
    assert s.winner == 1 and s.to_move is None
    assert s.legal_moves() == ()


def test_failed_smudge_is_set_back_4() -> None:
    """auction-pitch: a failed smudge is set back 4 like any bid; defenders still score."""
    s = play(new(), ["bid 4", "pass", "pass", "pass", *LOW_PLAY])
    r = s.hand_results[-1]
    assert (r.bid, r.made) == (4, False)
    assert r.delta == (0, -4, 1, 0)
    assert s.winner is None and not s.is_over


# ---------------------------------------------------------------- going out (bidder-first)


def test_bidder_first_wins_when_two_sides_reach_the_target() -> None:
    """auction-pitch going out: the bidder's side is settled first; if it reaches 11 it wins,
    even though a defender (seat 0, Game) would reach 11 on the same hand."""
    s = new(hands=SPLIT_DEAL, scores=[10, 9, 0, 0])
    s = play(s, ["bid 2", "pass", "pass", "pass", *SPLIT_PLAY])
    assert s.is_over and s.winner == 1
    assert s.scores[1] == 11
    assert s.hand_results[-1].ended_game is True


def test_defenders_go_out_in_award_order() -> None:
    """auction-pitch going out: if the bidder does not reach the target, the others' points
    are added in the order High, Low, Jack, Game; the first to reach it wins (Jack, seat 3,
    comes before Game, seat 0, both of whom stand at 10)."""
    s = new(hands=SPLIT_DEAL, scores=[10, 0, 0, 10])
    s = play(s, ["bid 2", "pass", "pass", "pass", *SPLIT_PLAY])
    assert s.is_over and s.winner == 3
    assert s.scores[3] == 11 and s.scores[1] == 2


def test_failed_bidder_does_not_go_out_and_defender_does() -> None:
    """P4 + going out: a set-back bidder at 10 cannot go out; a defender reaching 11 wins."""
    s = new(hands=SPLIT_DEAL, scores=[10, 10, 0, 0])
    s = play(s, ["bid 3", "pass", "pass", "pass", *SPLIT_PLAY])
    assert s.is_over and s.winner == 0
    assert s.scores[0] == 11 and s.scores[1] == 7


def test_below_target_the_game_goes_on() -> None:
    """auction-pitch target is 11: reaching 7 does not end the game (contrast first-to-seven)."""
    s = new(hands=SPLIT_DEAL, scores=[0, 5, 0, 0])
    s = play(s, ["bid 2", "pass", "pass", "pass", *SPLIT_PLAY])
    assert s.scores == (1, 7, 0, 1)
    assert not s.is_over and s.winner is None and s.dealer == 1


def test_smudge_without_the_jack_in_play_fails() -> None:
    """auction-pitch: a smudge needs all four points earned; with the jack of trumps not in
    play only three can be, so a sweep of every trick is still a failed smudge (set back 4)."""
    hands = seats(s0="3C 4C 5C 2D 3D 4D", s1="AS KS 2S AC KC QC")
    s = pc.new_game(pc.load_variant("auction-pitch"), players=2, seed=3, dealer=0, hands=hands)
    s = play(s, [
        "bid 4", "pass",
        "play AS", "play 2D", "play KS", "play 3D", "play 2S", "play 4D",
        "play AC", "play 3C", "play KC", "play 4C", "play QC", "play 5C",
    ])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": None, "game": 1}
    assert r.game_pips == (0, 16)
    assert (r.bid, r.made) == (4, False)
    assert r.delta == (0, -4)
    assert not s.is_over
