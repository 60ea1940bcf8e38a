"""Scenario tests for hi-lo-jack and hi-lo-jack-partners (seed 000; RULES.md "hi-lo-jack").

Stacked 9-card deals, 4 seats, dealer 0 (eldest seat 1).  Refills come from the stacked
stock top first, eldest first and the dealer last, so the hands in play are known.
"""

from __future__ import annotations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc
from pitchcore.model.cards import card_text

SUITS = "CDHS"
RANKS = "23456789TJQKA"
DECK = {r + s for s in SUITS for r in RANKS}










def new(variant: str, hands: list[str], stock: str | None = None, **kw: object) -> pc.GameState:
    return pc.new_game(pc.load_variant(variant), players=4, seed=5, dealer=0, hands=hands, stock=stock, **kw)


# Smudge deal: seat 1 holds AH KH QH JH TH; after discarding non-trumps every seat is refilled
# with small clubs/diamonds.  Seat 1 leads its five hearts, drawing all the others' hearts
# (2H, Low, falls to seat 1 on the first trick) and captures 20 pips = Game.
SMUDGE_HANDS = seats(
    s0="4H 8H 9H 7D 8D 9D 2S 3S 4S",
    s1="AH KH QH JH TH TC JC QC KC",
    s2="2H 5H 6H AC TD JD QD KD AD",
    s3="3H 7H TS JS QS KS AS 5D 6D",
)
SMUDGE_DISCARDS = [
    "trump H",
    "discard TC JC QC KC",
    "discard AC TD JD QD KD AD",
    "discard TS JS QS KS AS 5D 6D",
    "discard 7D 8D 9D 2S 3S 4S",
]
FIVE_HEART_TRICKS = [
    "play AH", "play 2H", "play 3H", "play 4H",
    "play KH", "play 5H", "play 7H", "play 8H",
    "play QH", "play 6H", "play 6C", "play 9H",
    "play JH", "play 3C", "play 7C", "play 2D",
    "play TH", "play 4C", "play 8C", "play 3D",
]
# Seat 1 is refilled with 2C and loses the last trick to seat 3's 9C ...
LOSE_LAST_STOCK = "2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D"
LOSE_LAST_TRICK = ["play 2C", "play 5C", "play 9C", "play 4D"]
# ... or is refilled with 9C and takes all six tricks.
ALL_TRICKS_STOCK = "9C 3C 4C 5C 6C 7C 8C 2C 2D 3D 4D"
ALL_TRICKS_LAST = ["play 9C", "play 5C", "play 2C", "play 4D"]


def smudge_hand(bid: str, stock: str, last: list[str], variant: str = "hi-lo-jack",
                scores: list[int] | None = None) -> pc.GameState:
    s = new(variant, SMUDGE_HANDS, stock, scores=scores)
    return play(s, [bid, "pass", "pass", "pass", *SMUDGE_DISCARDS, *FIVE_HEART_TRICKS, *last])


# ---------------------------------------------------------------- auction


def test_bids_are_2_3_4_then_smudge() -> None:
    """hi-lo-jack: bids 2, 3, 4, then smudge (a fifth, highest bid)."""
    s = new("hi-lo-jack", SMUDGE_HANDS)
    assert s.to_move == 1
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4", "bid smudge"}


def test_dealer_may_take_4_but_not_smudge() -> None:
    """P1 / seed 000: the dealer may take 2-4 at equal, never a smudge."""
    s = play(new("hi-lo-jack", SMUDGE_HANDS), ["bid 4", "pass", "pass"])
    assert legal(s) == {"pass", "bid 4", "bid smudge"}
    s = play(new("hi-lo-jack", SMUDGE_HANDS), ["bid smudge", "pass", "pass"])
    assert legal(s) == {"pass"}
    with pytest.raises(pc.IllegalMove):
        s.apply("bid smudge")


def test_dealer_must_bid_when_all_others_pass() -> None:
    """seed 000: 'If all players pass, the dealer must bid two' (all_pass: dealer-must-bid):
    pass is not legal for the dealer; trying it raises and leaves the state as it was."""
    s = play(new("hi-lo-jack", SMUDGE_HANDS), ["pass", "pass", "pass"])
    before = play(new("hi-lo-jack", SMUDGE_HANDS), ["pass", "pass", "pass"])
    assert s.to_move == 0
    assert legal(s) == {"bid 2", "bid 3", "bid 4", "bid smudge"}
    with pytest.raises(pc.IllegalMove):
        s.apply("pass")
    assert s == before and s.phase is pc.Phase.BIDDING and s.to_move == 0
    s = s.apply("bid 2")
    assert (s.bidder, s.bid) == (0, 2)
    assert s.phase is pc.Phase.NAMING_TRUMP and s.to_move == 0


# ---------------------------------------------------------------- discard and refill


def test_only_legal_discard_is_every_non_trump() -> None:
    """hi-lo-jack: the bidder names trump (a move of its own); then every player, from eldest,
    discards all non-trump cards: that is the one legal discard."""
    s = play(new("hi-lo-jack", SMUDGE_HANDS, LOSE_LAST_STOCK), ["bid 2", "pass", "pass", "pass"])
    assert s.phase is pc.Phase.NAMING_TRUMP and s.to_move == 1
    assert legal(s) == {"trump C", "trump D", "trump H", "trump S"}
    s = s.apply("trump H")
    assert s.trump == "H" and s.phase is pc.Phase.DISCARDING
    for seat, move in zip([1, 2, 3, 0], SMUDGE_DISCARDS[1:], strict=True):
        assert s.to_move == seat
        assert s.legal_moves() == (pc.parse_move(move),)
        with pytest.raises(pc.IllegalMove):
            s.apply("discard")
        s = s.apply(move)
    assert s.phase is pc.Phase.PLAYING
    assert held(s, 1) == {"AH", "KH", "QH", "JH", "TH", "2C"}
    assert held(s, 2) == {"2H", "5H", "6H", "3C", "4C", "5C"}
    assert held(s, 3) == {"3H", "7H", "6C", "7C", "8C", "9C"}
    assert held(s, 0) == {"4H", "8H", "9H", "2D", "3D", "4D"}


def test_more_than_six_trumps_keeps_six_of_choice() -> None:
    """hi-lo-jack: a player holding more than six trumps keeps six of their choice."""
    hands = seats(
        s1="AH KH QH JH TH 9H 8H 2C 3C",
        s2="7H 6H 5H 4H 3H 2H 4C 5C 6C",
        s3="2D 3D 4D 5D 6D 7D 8D 9D TD",
        s0="2S 3S 4S 5S 6S 7S 8S 9S TS",
    )
    s = play(new("hi-lo-jack", hands), ["bid 2", "pass", "pass", "pass", "trump H"])
    assert legal(s) == {f"discard 2C 3C {h}" for h in ["8H", "9H", "TH", "JH", "QH", "KH", "AH"]}
    with pytest.raises(pc.IllegalMove):
        s.apply("discard 2C 3C")
    s = s.apply("discard 2C 3C 8H")
    assert legal(s) == {"discard 4C 5C 6C"}
    s = play(s, ["discard 4C 5C 6C", "discard 2D 3D 4D 5D 6D 7D 8D 9D TD",
                 "discard 2S 3S 4S 5S 6S 7S 8S 9S TS"])
    assert held(s, 1) == {"AH", "KH", "QH", "JH", "TH", "9H"}
    assert len(s.hands[2]) == 6 and {"7H", "6H", "5H", "4H", "3H", "2H"} == held(s, 2)


JUNK_HANDS = seats(
    s1="AH 9C TC JC QC KC AC 2D 3D",
    s2="2H 4D 5D 6D 7D 8D 9D TD JD",
    s3="3H QD KD AD 2S 3S 4S 5S 6S",
    s0="4H 7S 8S 9S TS JS QS KS AS",
)
JUNK_STOCK = "5H 6H 7H 8H 9H TH JH QH KH 2C 3C 4C 5C 6C 7C 8C"


def test_refill_from_stock_then_from_junk_pile() -> None:
    """hi-lo-jack: the dealer refills each hand to six, eldest first and himself last, from
    the stock top first; once the stock runs out, from the junk pile (seed 000: 'he then
    reached into the junk pile').  Each seat keeps one trump, so 20 cards are needed and the
    16-card stock runs out on the dealer, who draws 1 from the stock and 4 from the junk."""
    s = play(new("hi-lo-jack", JUNK_HANDS, JUNK_STOCK), ["bid 2", "pass", "pass", "pass", "trump H"])
    discarded: set[str] = set()
    for seat in [1, 2, 3, 0]:
        (move,) = s.legal_moves()
        thrown = set(str(move).split()[1:])
        assert thrown == held(s, seat) - {c for c in held(s, seat) if c.endswith("H")}
        assert len(thrown) == 8
        discarded |= thrown
        s = s.apply(move)
    assert s.phase is pc.Phase.PLAYING
    assert held(s, 1) == {"AH", "5H", "6H", "7H", "8H", "9H"}
    assert held(s, 2) == {"2H", "TH", "JH", "QH", "KH", "2C"}
    assert held(s, 3) == {"3H", "3C", "4C", "5C", "6C", "7C"}
    dealer = held(s, 0)
    assert len(dealer) == 6 and {"4H", "8C"} <= dealer
    from_junk = dealer - {"4H", "8C"}
    assert from_junk <= discarded and len(from_junk) == 4
    assert s.info.stock == ()
    left = {card_text(c) for c in s.info.junk}
    assert len(s.info.junk) == 28
    assert left | from_junk == discarded and not left & from_junk
    # the junk order follows the seed: replaying gives the same dealer hand
    again = play(new("hi-lo-jack", JUNK_HANDS, JUNK_STOCK), ["bid 2", "pass", "pass", "pass", "trump H"])
    for _ in range(4):
        again = again.apply(again.legal_moves()[0])
    assert again == s


def test_first_lead_must_be_trump_if_the_pitcher_holds_one() -> None:
    """hi-lo-jack: 'the pitcher's first lead must be a trump if the pitcher holds one'."""
    s = play(new("hi-lo-jack", SMUDGE_HANDS, LOSE_LAST_STOCK),
             ["bid 2", "pass", "pass", "pass", *SMUDGE_DISCARDS])
    assert s.to_move == 1
    assert legal(s) == {"play AH", "play KH", "play QH", "play JH", "play TH"}
    with pytest.raises(pc.IllegalMove):
        s.apply("play 2C")
    # later leads are free: after the five hearts seat 1 leads its club
    s = play(s, FIVE_HEART_TRICKS)
    assert s.to_move == 1 and legal(s) == {"play 2C"}


def test_pitcher_without_trump_may_lead_anything() -> None:
    """hi-lo-jack: the trump-lead duty applies only if the pitcher holds a trump.  Seat 1
    names spades holding none; its refill (5H 6H 7H 8H 9H TH) has none either."""
    s = play(new("hi-lo-jack", JUNK_HANDS, JUNK_STOCK), ["bid 2", "pass", "pass", "pass", "trump S"])
    assert legal(s) == {"discard " + " ".join(sorted(JUNK_HANDS[1].split(), key=_order))}
    for _ in range(4):
        s = s.apply(s.legal_moves()[0])
    assert s.phase is pc.Phase.PLAYING and s.to_move == 1
    assert held(s, 1) == {"5H", "6H", "7H", "8H", "9H", "TH"}
    assert legal(s) == {"play " + c for c in held(s, 1)}


def _order(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


# ---------------------------------------------------------------- points to the capturer


def test_high_low_jack_game_to_the_capturer() -> None:
    """hi-lo-jack: High, Low, Jack and Game all go to the capturer.  Low (2H) was dealt to
    seat 2 and captured by seat 1, so seat 1 earns all four points."""
    s = smudge_hand("bid 3", ALL_TRICKS_STOCK, ALL_TRICKS_LAST)
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert r.game_pips == (0, 20, 0, 0)
    assert r.delta == (0, 4, 0, 0)


def test_same_deal_with_low_to_the_holder() -> None:
    """P3: with Low to the holder (a one-off variant) the same hand gives Low to seat 2."""
    v = pc.load_variant_text(
        "extends: hi-lo-jack\n"
        "name: hlj-low-holder\n"
        "points:\n"
        "  - {kind: high, receiver: capturer}\n"
        "  - {kind: low, receiver: holder}\n"
        "  - {kind: jack, receiver: capturer}\n"
        "  - {kind: game, tie: nobody}\n"
    )
    s = pc.new_game(v, players=4, seed=5, dealer=0, hands=SMUDGE_HANDS, stock=ALL_TRICKS_STOCK)
    s = play(s, ["bid 3", "pass", "pass", "pass", *SMUDGE_DISCARDS, *FIVE_HEART_TRICKS, *ALL_TRICKS_LAST])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 2, "jack": 1, "game": 1}
    assert r.delta == (0, 3, 1, 0)


# ---------------------------------------------------------------- smudge


def test_made_smudge_wins_the_game() -> None:
    """seed 000: a smudge needs all four points and all six tricks; made, the bidder wins the
    game 'right there and then'."""
    s = smudge_hand("bid smudge", ALL_TRICKS_STOCK, ALL_TRICKS_LAST, scores=[5, 3, 7, 7])
    r = s.hand_results[-1]
    assert (r.bidder, r.bid, r.made, r.ended_game) == (1, "smudge", True, True)
    assert s.is_over and s.winner == 1 and s.to_move is None


def test_smudge_with_all_points_but_one_trick_lost_loses_the_game() -> None:
    """seed 000: a smudge that takes all four points but not all six tricks loses the game at
    once.  RULES.md: with more than two sides the winner is the other side with the highest
    score, a tie going to the first such side clockwise from the bidder (seats 2 and 3 both
    at 7: seat 2 wins, although seat 3 took the trick)."""
    s = smudge_hand("bid smudge", LOSE_LAST_STOCK, LOSE_LAST_TRICK, scores=[5, 3, 7, 7])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert s.done_tricks[-1][2] == 3
    assert (r.bid, r.made, r.ended_game) == ("smudge", False, True)
    assert s.is_over and s.winner == 2


def test_plain_bid_of_4_taking_everything_is_just_4_points() -> None:
    """seed 000: 'Merely getting all six tricks and High, Low, Jack, and Game will still only
    give you 4 points if you didn't bid Smudge.'"""
    s = smudge_hand("bid 4", ALL_TRICKS_STOCK, ALL_TRICKS_LAST, scores=[5, 3, 7, 7])
    r = s.hand_results[-1]
    assert (r.bid, r.made) == (4, True)
    assert r.delta == (0, 4, 0, 0)
    assert s.scores == (5, 7, 7, 7)
    assert not s.is_over and s.winner is None and s.dealer == 1


# ---------------------------------------------------------------- going out: bidder only


def test_bidder_who_makes_its_bid_and_reaches_11_wins() -> None:
    """hi-lo-jack going out: the game ends when the bidder's side has made its bid and
    reached 11."""
    s = smudge_hand("bid 4", ALL_TRICKS_STOCK, ALL_TRICKS_LAST, scores=[0, 8, 0, 0])
    assert s.is_over and s.winner == 1
    assert s.scores[1] == 12


def test_failed_bidder_at_10_does_not_go_out_on_points() -> None:
    """hi-lo-jack: the bidder must make its bid to win.  With Low to the holder (one-off
    variant) seat 1 earns 3 of a bid of 4 and is set back from 10 to 6; seat 2 scores Low."""
    v = pc.load_variant_text(
        "extends: hi-lo-jack\n"
        "name: hlj-low-holder\n"
        "points:\n"
        "  - {kind: high, receiver: capturer}\n"
        "  - {kind: low, receiver: holder}\n"
        "  - {kind: jack, receiver: capturer}\n"
        "  - {kind: game, tie: nobody}\n"
    )
    s = pc.new_game(v, players=4, seed=5, dealer=0, hands=SMUDGE_HANDS, stock=ALL_TRICKS_STOCK,
                    scores=[0, 10, 0, 0])
    s = play(s, ["bid 4", "pass", "pass", "pass", *SMUDGE_DISCARDS, *FIVE_HEART_TRICKS, *ALL_TRICKS_LAST])
    assert s.hand_results[-1].made is False
    assert s.scores == (0, 6, 1, 0)
    assert not s.is_over and s.winner is None


# Seed 000's worked example, hi-lo-jack-partners: side 1 (seats 1, 3) at -2 bids 4; side 0
# (seats 0, 2) at 10 takes all four points: seat 0 holds AH KH QH JH 8H 7H and takes every
# trick after seat 1 leads a trump.
EXAMPLE_HANDS = seats(
    s0="AH KH QH JH 8H 7H 2C 3C 4C",
    s1="5H 4H 5C 6C 7C 8C 9C 2D 3D",
    s2="TH 2H 6H 4D 5D 6D 7D 8D 9D",
    s3="3H 2S 3S 4S 5S 6S 7S 8S 9S",
)
EXAMPLE_STOCK = "TC JC QC KC AC TD JD QD KD AD TS JS"
EXAMPLE_MOVES = [
    "bid 4", "pass", "pass", "pass", "trump H",
    "discard 5C 6C 7C 8C 9C 2D 3D",
    "discard 4D 5D 6D 7D 8D 9D",
    "discard 2S 3S 4S 5S 6S 7S 8S 9S",
    "discard 2C 3C 4C",
]
EXAMPLE_TRICKS = [
    "play 5H", "play 2H", "play 3H", "play AH",
    "play KH", "play 4H", "play TH", "play QD",
    "play QH", "play TC", "play 6H", "play KD",
    "play JH", "play JC", "play AC", "play AD",
    "play 8H", "play QC", "play TD", "play TS",
    "play 7H", "play KC", "play JD", "play JS",
]


def test_seed_000_worked_example_non_bidder_passes_11_without_winning() -> None:
    """seed 000: 'Sarah's team has ten points and Stephen's which has negative 2 points, bids
    four ... Sarah's team got all four points ... the score is now Sarah's team 14 and
    Stephen's negative 6, but no one has won the game.'"""
    s = new("hi-lo-jack-partners", EXAMPLE_HANDS, EXAMPLE_STOCK, scores=[10, -2])
    s = play(s, EXAMPLE_MOVES)
    assert held(s, 1) == {"5H", "4H", "TC", "JC", "QC", "KC"}
    assert held(s, 0) == {"AH", "KH", "QH", "JH", "8H", "7H"}
    assert legal(s) == {"play 5H", "play 4H"}          # the pitcher leads a trump
    s = play(s, EXAMPLE_TRICKS)
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 0, "low": 0, "jack": 0, "game": 0}
    assert r.game_pips == (71, 0)
    assert (r.bidder, r.bid, r.made) == (1, 4, False)
    assert r.delta == (4, -4)
    assert s.scores == (14, -6)
    assert s.winner is None and not s.is_over
    assert s.dealer == 1 and s.phase is pc.Phase.BIDDING


def test_partners_smudge_lost_gives_the_game_to_the_other_side() -> None:
    """seed 000: a smudge that fails loses the game at once; with partners the other side
    wins.  Here side 1 bids smudge on the worked-example deal and takes nothing."""
    moves = ["bid smudge", *EXAMPLE_MOVES[1:]]
    s = play(new("hi-lo-jack-partners", EXAMPLE_HANDS, EXAMPLE_STOCK), [*moves, *EXAMPLE_TRICKS])
    r = s.hand_results[-1]
    assert (r.bid, r.made, r.ended_game) == ("smudge", False, True)
    assert s.is_over and s.winner == 0
