"""Scenario tests for st-paul-smear, the St Paul, Minnesota Schmier of gambiter.com's
"Schmier" page (after John McLeod's Smear page): six players in two teams of three, 53
cards with the joker as the lowest trump, bids 3 to 6, a draw of up to three non-trumps for
every player but the dealer, who robs the pack; six points a hand (High, Low, right bauer,
left bauer, joker, Game), the opponents always scoring theirs; 21 to win.

Six seats, dealer 0 (eldest seat 1): side 0 = seats 0, 2 and 4, side 1 = seats 1, 3 and 5.
"""

from __future__ import annotations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc

# Hearts trump: the right bauer is the JH, the left bauer (jick) the JD, the joker (HJ)
# the lowest trump. Seats 1 to 5 discard 2, 2, 3, 3 and 2 non-trumps and are refilled
# from the top of the stock in turn; the dealer takes the last five into the six he was
# dealt and sheds five non-trumps, one at a time.
HANDS = seats(
    s1="AH 7H 4S 3C 7C 8C",
    s2="2H HJ 5S 4C 9C 9D",
    s3="3H 8H JD 7D 8D 9S",
    s4="4H KH 2S QD KD AD",
    s5="5H 9H AS TC QC KC",
    s0="QH JH 6H 2C AC JC",
)
STOCK = "5D QS 6D KS 6S TD TS 5C 2D 7S 3D 8S 4D TH JS 3S 6C"
AUCTION = ["bid 3", "pass", "pass", "pass", "pass", "pass"]
DISCARDS = ["discard 7C 8C", "discard 9C 9D", "discard 7D 8D 9S", "discard QD KD AD",
            "discard QC KC"]
ROBBED = ["discard AC", "discard JC", "discard JS", "discard 3S", "discard 6C"]
TRICKS = [
    "play AH", "play 2H", "play 3H", "play 4H", "play 5H", "play QH",   # High
    "play 7H", "play HJ", "play 8H", "play KH", "play 9H", "play JH",   # seat 4 takes Jack and joker
    "play 2S", "play AS", "play 6H", "play 4S", "play 5S", "play 6S",   # seat 0 trumps the AS
    "play 2C", "play 3C", "play 4C", "play JD", "play 5C", "play TC",   # the left bauer trumps
    "play TD", "play 2D", "play 3D", "play 4D", "play 5D", "play 6D",
    "play TS", "play 7S", "play 8S", "play TH", "play QS", "play KS",   # seat 0 trumps the TS
]


def cards(text: str) -> set[str]:
    """The cards of ``text`` ("AH KH"), as ``held`` gives them."""
    return set(text.split())


def new(hands: list[str] | None = None, stock: str | None = STOCK, **kw: object) -> pc.GameState:
    return pc.new_game("st-paul-smear", seed=7, dealer=0, hands=hands or HANDS, stock=stock, **kw)


def exchanged(**kw: object) -> pc.GameState:
    return play(new(**kw), [*AUCTION, "trump H", *DISCARDS, *ROBBED])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("st-paul-smear")
    assert (variant.deal.deck, variant.deal.hand_size) == ("joker", 6)
    assert variant.trump.extras == ("jick", "joker-low")
    assert [point.name for point in variant.points] == ["high", "low", "jack", "jick", "joker", "game"]
    assert variant.going_out.goal(6) == "target 21"


def test_six_players_in_two_teams_of_three_sitting_alternately() -> None:
    s = new()
    assert s.table.players == 6 and s.table.sides == 2
    assert [s.table.side_of[seat] for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    assert len(s.info.stock) == 17


def test_bids_run_from_3_to_6_once_around() -> None:
    s = new()
    assert legal(s) == {"pass", "bid 3", "bid 4", "bid 5", "bid 6"}
    s = play(s, ["bid 4", "pass", "pass", "pass", "pass"])
    assert legal(s) == {"pass", "bid 5", "bid 6"}       # the dealer must bid higher


def test_when_nobody_bids_the_same_dealer_deals_again() -> None:
    s = play(new(), ["pass"] * 6)
    assert (s.dealer, s.deal_number, s.phase, s.to_move) == (0, 1, pc.Phase.BIDDING, 1)


def test_each_player_but_the_dealer_discards_up_to_three_non_trumps() -> None:
    """No trump may be discarded (the 2H and the joker stay with seat 2), and no more than
    three cards (seat 4 holds four non-trumps)."""
    s = play(new(), [*AUCTION, "trump H", *DISCARDS[:1]])
    assert s.to_move == 2
    with pytest.raises(pc.IllegalMove):
        s.apply("discard 9C HJ")
    s = play(s, DISCARDS[1:3])
    assert s.to_move == 4
    assert "discard" in legal(s)                         # standing pat is allowed
    with pytest.raises(pc.IllegalMove):
        s.apply("discard 2S QD KD AD")
    s = play(s, DISCARDS[3:])
    assert held(s, 1) == cards("AH 7H 4S 3C 5D QS")   # refilled from the top, in turn
    assert held(s, 5) == cards("5H 9H AS TC 3D 8S")


def test_the_dealer_robs_the_pack_and_keeps_his_trumps() -> None:
    """The dealer takes the last five cards into his own six and discards five, one at a
    time; holding four trumps (QH JH 6H TH), he may discard only his seven others."""
    s = play(new(), [*AUCTION, "trump H", *DISCARDS])
    assert s.to_move == 0 and len(s.hands[0]) == 11
    assert legal(s) == {f"discard {card}" for card in cards("AC JC JS 3S 6C 2C 4D")}
    s = play(s, ROBBED)
    assert held(s, 0) == cards("QH JH 6H 2C 4D TH")
    assert s.phase is pc.Phase.PLAYING and s.to_move == 1


def test_a_dealer_with_more_than_six_trumps_keeps_the_point_cards() -> None:
    """Nobody else discards, so the dealer takes all 17 cards of the stock, with nine more
    hearts: he may bury trumps, but never the ace, the two, the bauers or the joker."""
    hands = seats(s1="AS KS QS JS TS 9S", s2="8S 7S 6S 5S 4S 3S", s3="AC KC QC JC TC 9C",
                  s4="8C 7C 6C 5C 4C 3C", s5="AD KD QD TD 9D 8D", s0="AH 2H JH JD HJ 3H")
    s = play(new(hands, stock=None), [*AUCTION, "trump H", *["discard"] * 5])
    assert s.to_move == 0 and len(s.hands[0]) == 23
    moves = legal(s)
    assert {"discard 3H", "discard 4H", "discard KH", "discard 2D"} <= moves
    assert not {"discard AH", "discard 2H", "discard JH", "discard JD", "discard HJ"} & moves
    with pytest.raises(pc.IllegalMove, match="point card"):
        s.apply("discard AH")


def test_six_points_and_the_opponents_always_score() -> None:
    """Side 1 takes High (the AH) and the left bauer (JD), but only 27 pips to 33; side 0
    holds Low (the 2H), and takes the right bauer, the joker and Game: side 1 bid 3 and is
    set back 3, while side 0 scores its 4."""
    s = play(exchanged(), TRICKS)
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 0, "jack": 0, "jick": 1, "joker": 0, "game": 0}
    assert result.game_pips == (33, 27)
    assert (result.made, result.delta, s.scores) == (False, (4, -3), (4, -3))


def test_the_joker_is_the_lowest_trump() -> None:
    """In the second trick the HJ loses to every heart played with it."""
    s = play(exchanged(), TRICKS[:12])
    assert [trick[2] for trick in s.tricks] == [1, 4]


def test_the_defenders_win_on_their_own_points() -> None:
    """Side 0 goes from 17 to 21 on a hand side 1 bid and lost."""
    s = play(exchanged(scores=[17, 20]), TRICKS)
    assert (s.is_over, s.winner, s.scores) == (True, 0, (21, 17))
