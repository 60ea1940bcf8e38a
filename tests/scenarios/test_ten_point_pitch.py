"""Scenario tests for the bundled ten-point-pitch (PITCH-FAMILY 2.7).

One stacked hand shows the game's pieces together: 54 cards and 9 dealt, named trump with
the jick and two jokers ranking A K Q J jick HJ LJ T ... 2, everyone discarding
non-trumps and refilled to six, the bidder robbing the rest, trump-only play with folding
seats and short tricks, and the ten points (Low to the seat dealt the 2). Dealer 0.
"""

from __future__ import annotations

import pytest
from stacked import legal, play, seats

import pitchcore as pc
from pitchcore.model.state import GameState, Phase

HANDS = seats(
    s1="AH KH JD HJ 2H 3H 4C 5C 6C",  # the bidder: six trumps, hearts
    s2="QH LJ 4H 7C 8C 9C TC JC QC",
    s3="JH TH 5H KC AC 2S 3S 4S 5S",
    s0="9H 8H 6S 7S 8S 9S TS JS QS",
)
STOCK = "2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD 2C 3C KS AS 6H 7H"
"""Ten non-trumps refill seats 2, 3 and 0; the bidder robs the last eight."""


def bid_and_exchange() -> GameState:
    s = pc.new_game("ten-point-pitch", seed=1, dealer=0, hands=HANDS, stock=STOCK)
    s = play(s, ["bid 4", "pass", "pass", "pass", "trump H"])
    assert s.phase is Phase.DISCARDING
    for seat in (1, 2, 3, 0):  # everyone discards all non-trumps: one legal move each
        assert s.to_move == seat and len(s.legal_moves()) == 1
        s = s.apply(s.legal_moves()[0])
    return s


def test_deck_deal_and_trump_ranking() -> None:
    variant = pc.load_variant("ten-point-pitch")
    assert variant.deal.deck_size() == 54 and variant.deal.hand_size == 9
    assert sum(point.value for point in variant.points) == 10
    s = pc.new_game(variant, seed=5)
    assert s.players == 4 and all(len(hand) == 9 for hand in s.hands)
    assert len(s.info.stock) == 54 - 36


def test_the_bidder_robs_the_pack_and_discards_to_six() -> None:
    s = bid_and_exchange()
    assert [len(hand) for hand in s.hands] == [6, 14, 6, 6]  # seat 1 holds the robbed eight
    # Only non-point trumps are burned: the point cards (AH, JD the jick, HJ, 2H, 3H) stay,
    # since the six non-trumps and the KH, 6H, 7H are eight cards to shed and more.
    sheddable = ["KH", "KD", "AD", "2C", "3C", "KS", "AS", "6H", "7H"]
    assert s.to_move == 1 and legal(s) == {f"discard {card}" for card in sheddable}
    with pytest.raises(pc.IllegalMove, match="a point card may be discarded only when nothing else can go"):
        s.apply("discard AH")
    s = play(s, ["discard KD", "discard AD", "discard 2C", "discard 3C", "discard KS", "discard AS",
                 "discard 6H", "discard 7H"])
    assert s.phase is Phase.PLAYING and s.to_move == 1
    assert {str(card) for card in s.hands[1]} == {"AH", "KH", "JD", "HJ", "2H", "3H"}


def test_the_bidder_may_bury_point_cards_as_a_house_rule() -> None:
    variant = pc.load_variant_text("extends: ten-point-pitch\nname: house\nexchange: {bury: any}\n")
    s = pc.new_game(variant, seed=1, dealer=0, hands=HANDS, stock=STOCK)
    s = play(s, ["bid 4", "pass", "pass", "pass", "trump H"])
    for _ in range(4):
        s = s.apply(s.legal_moves()[0])
    assert "discard AH" in legal(s)


def test_the_bidders_last_sheds_are_non_point_trumps() -> None:
    """Non-trumps and non-point trumps go; the point cards are never offered."""
    s = bid_and_exchange()
    s = play(s, ["discard KD", "discard AD", "discard 2C", "discard 3C", "discard KS", "discard AS",
                 "discard KH"])
    assert legal(s) == {"discard 6H", "discard 7H"}   # one card left to shed: a non-point trump
    s = s.apply("discard 6H")
    assert s.phase is Phase.PLAYING


def test_trump_only_play_short_tricks_and_the_ten_points() -> None:
    s = bid_and_exchange()
    s = play(s, ["discard KD", "discard AD", "discard 2C", "discard 3C", "discard KS", "discard AS",
                 "discard 6H", "discard 7H"])
    assert legal(s) == {"play AH", "play KH", "play JD", "play HJ", "play 2H", "play 3H"}
    s = play(s, ["play JD", "play LJ", "play TH", "play 9H"])    # jick > LJ > T > 9
    assert s.done_tricks[-1][2] == 1
    assert legal(s.apply("play HJ")) == {"play QH", "play 4H"}   # trumps only: no 2D
    s = play(s, ["play HJ", "play QH", "play JH", "play 8H"])    # Q > J > HJ
    assert s.done_tricks[-1][2] == 2
    s = play(s, ["play 4H", "play 5H", "play AH"])               # seat 0 is out of trumps: skipped
    leader, cards, taker = s.done_tricks[-1]
    assert (leader, [str(pc.Card(card)) for card in cards], taker) == (2, ["4H", "5H", "AH"], 1)
    assert s.to_move == 1
    end = play(s, ["play KH", "play 3H", "play 2H"])             # alone: three one-card tricks
    result = end.hand_results[-1]
    assert [len(cards) for _, cards, _ in s.done_tricks] == [4, 4, 3]
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": 0, "jick": 1, "high-joker": 0,
                                   "low-joker": 1, "game": 1, "three": 1}
    assert (result.bidder, result.bid, result.made) == (1, 4, True)
    assert result.delta == (2, 8)  # side 1 (seats 1, 3): 1+1+1+1+1+3; side 0: Jack and HJ


def test_low_is_the_two_to_the_seat_dealt_it() -> None:
    """Low is the 2 of trumps, to its holder, even when another side captures it."""
    variant = pc.load_variant("ten-point-pitch")
    low = variant.points[1]
    assert (low.kind, low.rank, low.receiver) == ("trump-card", "2", "holder")


def test_views_and_bot_knowledge_follow_the_skipped_seats() -> None:
    """Under trump-only play a seat out of trumps is skipped: the view says who played each
    card, and a bot's knowledge credits the cards to those seats and marks the skipped seat
    void in trumps."""
    from pitchcore.bots.knowledge import knowledge_of

    s = bid_and_exchange()
    s = play(s, ["discard KD", "discard AD", "discard 2C", "discard 3C", "discard KS", "discard AS",
                 "discard 6H", "discard 7H", "play JD", "play LJ", "play TH", "play 9H",
                 "play HJ", "play QH", "play JH", "play 8H", "play 4H", "play 5H", "play AH"])
    view = s.view(3)
    assert view.trick_seats[-1] == (2, 3, 1)  # seat 0 (no trump left) was skipped
    known = knowledge_of(view)
    assert known.played_by[1] >> pc.Card.parse("AH").index & 1
    assert not known.played_by[0] >> pc.Card.parse("AH").index & 1
    hearts = "CDHS".index("H")
    assert known.voids[0] >> hearts & 1 and not known.voids[1] >> hearts & 1
