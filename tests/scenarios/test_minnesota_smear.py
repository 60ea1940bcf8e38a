"""Scenario tests for minnesota-smear, after OurPastimes' "Rules for the Card Game Smear":
two jokers and the jick as trumps (A K Q J jick jokers T ... 2), the first joker played
beating the second; nine cards each and a kitty of four to the bidder, who names trump;
everyone discards down to six, keeping every trump it can and every scoring trump; the
bidder leads any card and suit must be followed; seven points a hand, to 21.

Four seats, dealer 0 (eldest seat 1): side 0 = seats 0 and 2, side 1 = seats 1 and 3.
Every seat is first asked whether it throws in a worthless hand (``pass``).
"""

from __future__ import annotations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc

# Hearts trump, the jick is the JD. Seat 1 bids 2 and takes the kitty (9H 4C 5C 6C): five
# trumps and eight others, of which it keeps the AC. Seat 3 holds eight trumps and the 3C,
# so it discards the 3C and two trumps, which may not be the 2H (Low) nor the LJ.
HANDS = seats(
    s1="AH KH JD 3H AC QC KC 4S 5S",
    s2="JH QH HJ AS KS 2C 9S 8S 7S",
    s3="2H 4H 5H 6H 7H 8H TH LJ 3C",
    s0="AD KD QD TD 9D TC 8D 7D 6D",
)
KITTY = "9H 4C 5C 6C"
ASKED = ["pass", "pass", "pass", "pass"]          # nobody throws the deal in
AUCTION = ["bid 2", "pass", "pass", "pass"]
DISCARDS = ["discard QC KC 4S 5S 4C 5C 6C", "discard 9S 8S 7S",
            "discard 3C 4H 5H", "discard 8D 7D 6D"]
# Played: seat 1 AH KH JD 3H 9H AC, seat 2 JH QH HJ AS KS 2C, seat 3 2H 6H 7H 8H TH LJ,
# seat 0 AD KD QD TD 9D TC.
TRICKS = [
    "play AC", "play 2C", "play 6H", "play TC",   # seat 2 must follow clubs; seat 3 trumps
    "play LJ", "play 9D", "play 3H", "play HJ",   # LJ first: it beats the HJ played after it
    "play 2H", "play QD", "play 9H", "play JH",   # seat 2 takes its own Jack
    "play QH", "play 7H", "play KD", "play AH",
    "play JD", "play KS", "play 8H", "play AD",   # the jick wins
    "play KH", "play AS", "play TH", "play TD",
]


def cards(text: str) -> set[str]:
    """The cards of ``text`` ("AH KH"), as ``held`` gives them."""
    return set(text.split())


def new(variant: str | pc.Variant = "minnesota-smear", hands: list[str] | None = None,
        **kw: object) -> pc.GameState:
    return pc.new_game(variant, players=4, seed=7, dealer=0, hands=hands or HANDS,
                       stock=KITTY, **kw)


def exchanged(variant: str | pc.Variant = "minnesota-smear", **kw: object) -> pc.GameState:
    return play(new(variant, **kw), [*ASKED, *AUCTION, "trump H", *DISCARDS])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("minnesota-smear")
    assert (variant.deal.hand_size, variant.deal.deck) == (9, "two-jokers")
    assert variant.trump.extras == ("jick", "jokers")
    assert [point.name for point in variant.points] == [
        "high", "low", "jack", "jick", "high-joker", "low-joker", "game"]
    assert variant.going_out.goal(4) == "target 21"


def test_bids_run_from_2_to_4_and_the_dealer_must_exceed() -> None:
    """"The first bid ranging from two to four points", each bid higher than the last."""
    s = play(new(), ASKED)
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4"}
    s = play(s, ["bid 3", "pass", "pass"])
    assert legal(s) == {"pass", "bid 4"}


def test_the_bidder_takes_the_kitty_before_naming_trump() -> None:
    s = play(new(), [*ASKED, *AUCTION])
    assert s.phase is pc.Phase.NAMING_TRUMP and s.to_move == 1
    assert held(s, 1) == cards("AH KH JD 3H AC QC KC 4S 5S 9H 4C 5C 6C")
    assert all(len(s.hands[seat]) == 9 for seat in (0, 2, 3))


def test_everyone_discards_to_six_and_keeps_its_trumps() -> None:
    """No trump is discarded while a player holds six or fewer: the bidder's thirteen cards
    hold five trumps, so seven of its eight others go, and nobody draws."""
    s = play(new(), [*ASKED, *AUCTION, "trump H"])
    assert s.phase is pc.Phase.DISCARDING and s.to_move == 1
    with pytest.raises(pc.IllegalMove):
        s.apply("discard QC KC 4S 5S 4C 5C 3H")   # the 3H is a trump
    with pytest.raises(pc.IllegalMove):
        s.apply("discard QC KC 4S 5S 4C 5C")      # six cards leave seven
    s = exchanged()
    assert s.phase is pc.Phase.PLAYING and s.to_move == 1
    assert [len(hand) for hand in s.hands] == [6, 6, 6, 6]
    assert held(s, 1) == cards("AH KH JD 3H 9H AC")


def test_a_player_with_more_than_six_trumps_buries_no_scoring_trump() -> None:
    """Seat 3 holds eight trumps: it must bury two, and "no scoring trump may be
    discarded" while a non-scoring one can go: not the 2H (Low) nor the LJ."""
    s = play(new(), [*ASKED, *AUCTION, "trump H", *DISCARDS[:2]])
    assert s.to_move == 3
    for scoring in ("discard 3C 2H 4H", "discard 3C LJ 4H"):
        with pytest.raises(pc.IllegalMove, match="point card"):
            s.apply(scoring)
    with pytest.raises(pc.IllegalMove):
        s.apply("discard 4H 5H 6H")              # the 3C must go: it is no trump
    assert "discard 3C 4H 5H" in legal(s)


def test_the_bidder_may_lead_a_non_trump_and_suit_must_be_followed() -> None:
    """A non-trump may lead the first trick; seat 2 holds the 2C and must play it, though it
    holds trumps (follow: strict); seat 3, void in clubs, trumps."""
    s = exchanged()
    assert "play AC" in legal(s)
    s = s.apply("play AC")
    assert legal(s) == {"play 2C"}
    s = s.apply("play 2C")
    assert "play 6H" in legal(s)


def test_the_first_joker_played_beats_the_second() -> None:
    """Seat 3 leads the LJ and seat 2 plays the HJ on it: the LJ, played first, wins. With
    the jokers ranked by their marks (joker_order: marked) the HJ would take the trick."""
    s = play(exchanged(), TRICKS[:8])
    assert [trick[2] for trick in s.tricks] == [3, 3]
    marked = pc.load_variant_text("extends: minnesota-smear\nname: marked\n"
                                  "trump: {joker_order: marked}\n")
    s = play(exchanged(marked), TRICKS[:8])
    assert [trick[2] for trick in s.tricks] == [3, 2]


def test_seven_points_a_hand() -> None:
    """High (AH) and Low (2H) to their holders' side 1; the Jack to seat 2, who took it;
    the jick and both jokers to side 1, which took them; Game to side 1, 58 pips to 3."""
    s = play(exchanged(), TRICKS)
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": 0, "jick": 1,
                                   "high-joker": 1, "low-joker": 1, "game": 1}
    assert result.game_pips == (3, 58)
    assert (result.made, result.delta, s.scores) == (True, (1, 6), (1, 6))


def test_when_both_sides_pass_21_the_higher_total_wins() -> None:
    """Side 0 goes from 20 to 21, side 1 from 16 to 22: side 1 wins."""
    s = play(exchanged(scores=[20, 16]), TRICKS)
    assert (s.is_over, s.winner, s.scores) == (True, 1, (21, 22))


def test_a_worthless_hand_may_be_thrown_in() -> None:
    """A hand of non-scoring cards: its holder may call a misdeal, and the same dealer
    deals again."""
    hands = seats(s1="AH KH JD 3H AC QC KC 4S 5S", s2="2S 3S 6S 7S 8S 9S 3D 4D 5D",
                  s3="2H 4H 5H 6H 7H 8H TH LJ 3C", s0="AD KD QD TD 9D TC 8D 7D 6D")
    s = new(hands=hands).apply("pass")
    assert legal(s) == {"pass", "redeal"}
    s = s.apply("redeal")
    assert (s.dealer, s.deal_number) == (0, 1)
