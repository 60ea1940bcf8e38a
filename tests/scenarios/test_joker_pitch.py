"""Scenario tests for joker-pitch (PITCH-FAMILY.md 2.8, Bicycle's Auction Pitch with Joker)
and for a 54-card deck with two jokers (Ten-point Pitch's trumps, PITCH-FAMILY.md 1.1, 2.7).

Every deal is stacked; each outcome was worked out by hand from the rules. Seats 0..3 with
dealer 0, so eldest is seat 1 and bidding goes 1, 2, 3, 0. The joker (``HJ``) is the lowest
trump, below the 2; a joker led first makes spades trump; it scores 1 to its taker; it is
never Low (the lowest natural trump is) and counts no Game pips.
"""

from __future__ import annotations

import io
import random

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc
from conftest import card_locations, refused
from pitchcore.components.context import pips_of
from pitchcore.model.cards import HIGH_JOKER, LOW_JOKER, card_text, parse_card
from pitchcore.model.state import GameState
from pitchcore.tools.terminal import Session, hand_text, run_play

BIDS = ["bid 2", "pass", "pass", "pass"]
"""Eldest (seat 1) pitches for 2; the others pass."""

# Seat 1 pitches hearts with AH. Trick 1: seats 2 and 3 must follow the trump lead, and
# seat 3's joker counts as a trump (it could play 4H or HJ). Trick 2: seat 1 leads a club,
# seat 2 trumps with 2H instead of following, seat 3 (void) trumps with the joker, which
# loses to the 2: seat 2 takes the joker and the TD. Seat 2 then wins every trick with KC
# and its spades. High AH (seat 1); Low 2H (held by seat 2; the joker is lower but never
# Low); Jack not in play; Joker to seat 2, its taker; Game seat 2 (33 pips to seat 1's 4).
LOW_TWO = seats(
    s1="AH 3C 4C 5C 6C 7C",
    s2="2H 5H KC 8S 9S TS",
    s3="HJ 4H 2S 3S 4S 5S",
    s0="AD KD QD JD TD 9D",
)
LOW_TWO_PLAY = [
    "play AH", "play 5H", "play 4H", "play 9D",   # seat 1
    "play 3C", "play 2H", "play HJ", "play TD",   # seat 2: the 2 beats the joker
    "play KC", "play 2S", "play JD", "play 4C",   # seat 2
    "play 8S", "play 5S", "play QD", "play 5C",   # seat 2
    "play 9S", "play 4S", "play KD", "play 6C",   # seat 2
    "play TS", "play 3S", "play AD", "play 7C",   # seat 2
]


def new(hands: list[str] = LOW_TWO, variant: str | pc.Variant = "joker-pitch", **kw: object) -> GameState:
    return pc.new_game(variant, players=len(hands), seed=7, dealer=0, hands=hands, **kw)


def house(text: str, base: str = "joker-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


# ---------------------------------------------------------------- the variant


def test_joker_pitch_is_bundled_with_53_cards_and_five_points() -> None:
    variant = pc.load_variant("joker-pitch")
    assert "joker-pitch" in pc.bundled_variants()
    assert variant.deal.deck_size() == 53
    assert variant.trump.extras == ("joker-low",)
    assert [point.name for point in variant.points] == ["high", "low", "jack", "joker", "game"]
    assert variant.going_out.target == 10  # type: ignore[attr-defined]
    s = new()
    assert s.table.deck_size == 53
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}


def test_53_cards_are_dealt_from_and_a_seeded_game_deals_the_joker() -> None:
    dealt = 0
    for seed in range(40):
        s = pc.new_game("joker-pitch", seed=seed)
        assert sorted(card_locations(s)) == list(range(53))
        assert len(s.info.stock) == 53 - 24
        dealt += any(mask >> HIGH_JOKER & 1 for mask in s.masks)
    assert 5 < dealt < 35  # 24 of the 53 cards are dealt: the joker about 45% of the time


def test_a_stacked_deal_refuses_a_card_outside_the_deck() -> None:
    with pytest.raises(ValueError, match="not in this variant's 53-card deck: LJ"):
        new(seats(s1="LJ 3C 4C 5C 6C 7C", s2="2H 5H KC 8S 9S TS", s3="HJ 4H 2S 3S 4S 5S",
                  s0="AD KD QD JD TD 9D"))
    with pytest.raises(ValueError, match="not in this variant's 52-card deck: HJ"):
        new(variant="auction-pitch")


# ---------------------------------------------------------------- the joker in play


def test_the_joker_is_a_trump_that_must_follow_a_trump_lead() -> None:
    s = play(new(), [*BIDS, "play AH"])
    assert s.trump == "H"
    assert legal(s) == {"play 2H", "play 5H"}           # seat 2 follows trump
    s = s.apply("play 5H")
    assert legal(s) == {"play 4H", "play HJ"}           # seat 3: the joker is a trump
    refused(s, "play 2S", "2S does not follow the suit led")
    s = play(s, ["play HJ"])
    assert legal(s) == {"play AD", "play KD", "play QD", "play JD", "play TD", "play 9D"}  # no trump


def test_a_lone_joker_must_be_played_to_a_trump_lead() -> None:
    hands = seats(s1="AH 3C 4C 5C 6C 7C", s2="2H 5H KC 8S 9S TS", s3="HJ 8C 2S 3S 4S 5S",
                  s0="AD KD QD JD TD 9D")
    s = play(new(hands), [*BIDS, "play AH", "play 5H"])
    assert legal(s) == {"play HJ"}
    refused(s, "play 8C", "8C does not follow the suit led")


def test_the_joker_is_the_lowest_trump_and_loses_to_the_2() -> None:
    s = play(new(), [*BIDS, *LOW_TWO_PLAY[:5]])
    assert legal(s) == {"play KC", "play 2H"}           # follow clubs, or trump
    s = play(s, ["play 2H"])
    assert legal(s) == {"play HJ", "play 2S", "play 3S", "play 4S", "play 5S"}  # void in clubs
    s = play(s, ["play HJ", "play TD"])
    leader, cards, taker = s.done_tricks[-1]
    assert (leader, taker) == (1, 2)                     # 2H beats the joker
    assert [card_text(card) for card in cards] == ["3C", "2H", "HJ", "TD"]
    ranked = s.table.trump_tables.ranked[2]
    assert [card_text(card) for card in ranked[-3:]] == ["3H", "2H", "HJ"]


def test_the_joker_point_goes_to_its_taker_and_low_to_the_lowest_natural_trump() -> None:
    s = play(new(), [*BIDS, *LOW_TWO_PLAY])
    result = s.hand_results[0]
    assert dict(result.awards) == {"high": 1, "low": 2, "jack": None, "joker": 2, "game": 2}
    assert result.game_pips == (0, 4, 33, 0)             # the joker counts no pips
    assert (result.bidder, result.bid, result.made) == (1, 2, False)
    assert result.delta == (0, -2, 3, 0)
    assert s.scores == (0, -2, 3, 0)


# Seat 1 holds every heart in play and the joker: it takes every trick and all five points.
ALL_FIVE = seats(
    s1="AH KH QH JH 2H HJ",
    s2="AC KC QC JC TC 9C",
    s3="AD KD QD JD TD 9D",
    s0="AS KS QS JS TS 9S",
)


def all_five(variant: str | pc.Variant = "joker-pitch") -> GameState:
    """Seat 1 bids 5 and leads its six trumps; the others play their first legal card."""
    s = play(new(ALL_FIVE, variant), ["bid 5", "pass", "pass", "pass"])
    for card in ("AH", "KH", "QH", "JH", "2H", "HJ"):
        s = s.apply(f"play {card}")
        for _ in range(3):
            s = s.apply(s.legal_moves()[0])
    return s


def test_a_bid_of_five_is_scored_like_any_bid() -> None:
    """Bicycle's Auction Pitch with Joker has no smudge: all five points on a bid of 5 score
    5, and the game goes on (to 10)."""
    s = all_five()
    result = s.hand_results[0]
    assert (result.bid, result.made, result.delta) == (5, True, (0, 5, 0, 0))
    assert not s.is_over


def test_a_smudge_that_wins_the_game_as_a_house_rule() -> None:
    s = all_five(house("shoot: {kind: all-points, bid: 5}\n"))
    assert (s.is_over, s.winner) == (True, 1)


def test_the_joker_point_to_its_holder_as_a_house_rule() -> None:
    points = ("points: [{kind: high, receiver: holder}, {kind: low, receiver: holder}, jack, "
              "{kind: joker, receiver: holder}, game]\n")
    s = play(new(variant=house(points)), [*BIDS, *LOW_TWO_PLAY])
    assert s.hand_results[0].awards["joker"] == 3        # seat 3 was dealt it


def test_low_is_never_the_joker_even_when_it_is_the_only_other_trump() -> None:
    """With the AH the only natural trump in play, it is both High and Low; the joker (seat 3,
    lower) is neither. Seat 1 plays out AH, then seat 3 trumps a club with the joker."""
    hands = seats(s1="AH 3C 4C 5C 6C 7C", s2="2C KC 8S 9S TS JS", s3="HJ 2S 3S 4S 5S 6S",
                  s0="AD KD QD JD TD 9D")
    s = play(new(hands), [*BIDS, "play AH", "play 2C", "play HJ", "play 9D"])
    assert s.done_tricks[-1][2] == 1                          # the ace takes the joker
    s = play(s, ["play 3C", "play KC", "play 2S", "play TD",   # seat 2
                 "play 8S", "play 3S", "play KD", "play 4C",   # seat 2
                 "play 9S", "play 4S", "play QD", "play 5C",   # seat 2
                 "play TS", "play 5S", "play JD", "play 6C",   # seat 2
                 "play JS", "play 6S", "play AD", "play 7C"])  # seat 2
    result = s.hand_results[0]
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": None, "joker": 1, "game": 2}
    assert result.made and result.delta == (0, 3, 1, 0)


def test_a_joker_led_first_makes_spades_trump() -> None:
    hands = seats(s1="HJ AH 3C 4C 5C 6C", s2="2S KS 7D 8D 9D TD", s3="2C 7C 8C 9C TC JC",
                  s0="QD KD AD 2D 3D 4D")
    s = play(new(hands), [*BIDS, "play HJ"])
    assert s.trump == "S"
    assert legal(s) == {"play 2S", "play KS"}           # the joker led is a trump lead
    s = play(s, ["play 2S", "play TC", "play AD"])
    assert s.done_tricks[-1][2] == 2                          # the 2 of spades beats the joker
    hearts = play(new(hands, house("trump: {joker_lead: hearts}\n")), [*BIDS, "play HJ"])
    assert hearts.trump == "H"


def test_a_joker_led_later_is_a_trump_lead() -> None:
    hands = seats(s1="AH KH 3C 4C 5C 6C", s2="2H 7D 8D 9D TD 5S", s3="HJ 4H 2S 3S 4S 9C",
                  s0="3H QD KD AD 2D 3D")
    s = play(new(hands), [*BIDS, "play KH", "play 2H", "play 4H", "play 3H"])  # seat 1 wins
    s = play(s, ["play 3C", "play 7D", "play 9C"])        # seat 3 may follow clubs
    s = play(s, ["play QD"])
    assert s.done_tricks[-1][2] == 3                           # 9C takes the club trick
    s = s.apply("play HJ")                                # seat 3 leads the joker: trump led
    assert legal(s) == {"play AD", "play 2D", "play 3D", "play KD"}  # seat 0: no trump left
    s = play(s, ["play 2D"])
    assert legal(s) == {"play AH"}                       # seat 1 must follow trump


def test_illegal_joker_moves_say_why() -> None:
    s = play(new(), BIDS)
    refused(s, "play HJ", "HJ is not in seat 1's hand")
    refused(s, "play LJ", "LJ is not in this game's 53-card deck")  # (the one joker is HJ)
    with pytest.raises(pc.InvalidMove):
        s.apply("play JJ")


def test_the_joker_counts_no_game_pips() -> None:
    assert pips_of(1 << HIGH_JOKER | 1 << LOW_JOKER) == 0
    assert pips_of(1 << HIGH_JOKER | 1 << parse_card("TH")) == 10


def test_a_hand_with_the_joker_is_not_worthless() -> None:
    """worthless_hand: redeal throws in a hand with no card above a 9; the joker is above a 9."""
    hands = seats(s1="HJ 2C 3C 4C 5C 6C", s2="2H 5H KC 8S 9S TS", s3="AH 4H 2S 3S 4S 5S",
                  s0="AD KD QD JD TD 9D")
    variant = house("deal: {worthless_hand: redeal}\n")
    assert not variant.deal.thrown_in(new(hands, variant))
    worthless = [hands[0], "7C 8C 9C 2D 3D 4D", *hands[2:]]
    assert variant.deal.thrown_in(new(worthless, variant))


# ---------------------------------------------------------------- two jokers

TWO_JOKERS = """\
extends: auction-pitch
name: two-jokers
deal: {deck: two-jokers}
trump: {extras: [jick, jokers]}
points:
  - {kind: high, receiver: holder}
  - {kind: low, receiver: holder}
  - jack
  - jick
  - {kind: joker, name: high-joker}
  - {kind: joker, joker: low, name: low-joker}
  - game
"""
"""Ten-point Pitch's trump order, A K Q J jick HJ LJ T 9 ... 2, in a 54-card deck."""

# Hearts trump. Trick 1: TH, LJ, HJ, jick (JD) - each beats the one before; seat 0 takes
# TH, both jokers and the jick. Trick 2: JH, AH, KH, QH - the ace wins. Seat 2 takes the
# four club tricks. High AH and Low TH (both seat 1's: the jokers are lower, never Low),
# Jack (taken by seat 1), jick and both jokers (seat 0); Game seat 0 (11 pips to 10).
TWO_HANDS = seats(
    s1="TH AH 2C 3C 4C 5C",
    s2="LJ KH 6C 7C 8C 9C",
    s3="HJ QH 2D 3D 4D 5D",
    s0="JD JH 2S 3S 4S 5S",
)
TWO_PLAY = [
    "play TH", "play LJ", "play HJ", "play JD",   # seat 0: jick > HJ > LJ > T
    "play JH", "play AH", "play KH", "play QH",   # seat 1: A > K > Q > J
    "play 2C", "play 9C", "play 5D", "play 5S",   # seat 2
    "play 8C", "play 4D", "play 4S", "play 5C",   # seat 2
    "play 7C", "play 3D", "play 3S", "play 4C",   # seat 2
    "play 6C", "play 2D", "play 2S", "play 3C",   # seat 2
]


def test_two_jokers_rank_between_the_jick_and_the_ten() -> None:
    variant = pc.load_variant_text(TWO_JOKERS)
    assert variant.deal.deck_size() == 54
    ranked = variant.trump.tables().ranked[2]
    assert " ".join(card_text(card) for card in ranked) == \
        "AH KH QH JH JD HJ LJ TH 9H 8H 7H 6H 5H 4H 3H 2H"
    s = play(new(TWO_HANDS, variant), [*BIDS, "play TH"])
    assert legal(s) == {"play LJ", "play KH"}
    s = play(s, ["play LJ"])
    assert legal(s) == {"play HJ", "play QH"}
    s = play(s, ["play HJ"])
    assert legal(s) == {"play JD", "play JH"}           # the jick is a trump too
    s = play(s, ["play JD"])
    assert s.done_tricks[-1][2] == 0


def test_two_joker_points_go_to_their_takers() -> None:
    s = play(new(TWO_HANDS, pc.load_variant_text(TWO_JOKERS)), [*BIDS, *TWO_PLAY])
    result = s.hand_results[0]
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": 1, "jick": 0, "high-joker": 0,
                                   "low-joker": 0, "game": 0}
    assert result.game_pips == (11, 10, 0, 0)
    assert result.made and result.delta == (4, 3, 0, 0)


def test_two_jokers_of_one_name_are_refused() -> None:
    text = TWO_JOKERS.replace("name: high-joker", "name: joker").replace("name: low-joker", "name: joker")
    with pytest.raises(pc.VariantError, match=r"points\[5\]\.name: 'joker' already names points\[4\]"):
        pc.load_variant_text(text)


# ---------------------------------------------------------------- bots and the terminal


@pytest.mark.parametrize("bots", ["random", "heuristic", "search:20", "heuristic,search:20,random,heuristic"])
def test_whole_joker_games_between_bots_end(bots: str) -> None:
    from pitchcore.tools.simulate import simulate

    result = simulate("joker-pitch", games=2, bots=bots, workers=1, seed=3)
    assert all(record.winner is not None for record in result.records)


def test_bots_play_a_two_joker_game() -> None:
    from pitchcore.tools.simulate import simulate

    result = simulate(pc.load_variant_text(TWO_JOKERS), games=2, bots="heuristic,search:20,random,search:20",
                      workers=1, seed=4)
    assert len(result.records) == 2


def test_the_terminal_shows_the_joker_with_the_trumps_and_takes_it_as_shorthand() -> None:
    s = new()
    session = Session(s, 3, {}, random.Random(1), io.StringIO(), io.StringIO())
    assert hand_text(s, 3) == "4H | 2S 3S 4S 5S | HJ"   # no trump yet: the joker has no suit
    s = play(s, [*BIDS, "play AH", "play 5H"])
    assert hand_text(s, 3) == "HJ 4H | 2S 3S 4S 5S"     # hearts trump: the lowest heart
    assert held(s, 3) == {"HJ", "4H", "2S", "3S", "4S", "5S"}
    session.state = s
    assert session.parse_entry("hj", s.legal_moves()) == pc.Move("play", HIGH_JOKER)
    assert session.parse_entry("play HJ", s.legal_moves()) == pc.Move("play", HIGH_JOKER)
    out = io.StringIO()
    assert run_play("joker-pitch", 0, "heuristic", 2, None, io.StringIO("1\n" * 3000), out) == 0
    text = out.getvalue()
    assert "Game over" in text and "  Joker: HJ (" in text and "plays HJ" in text
