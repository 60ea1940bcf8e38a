"""Scenario tests for the bundled Cinch (Double Pedro, PITCH-FAMILY 2.10): nine cards
dealt, bids 1-14 with no dealer's privilege, everyone discards to trumps and is refilled
to six, the dealer robs the pack, the off-five (Left Pedro) is a trump between the 5 and the
4, and the points High (ace), Low (2), Jack, Game (ten), Right and Left Pedro (5 each) go
to the side that takes them. A set bidder loses the bid and the setting side scores its
points plus the bid. Four seats, dealer 0 (eldest seat 1): side 0 = seats 0 and 2.
"""

from __future__ import annotations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc
from pitchcore.cards import parse_card

# Seat 1 names hearts (the off-five is the 5D). The refill takes 14 of the 16 stock cards,
# top first: seat 1 gets 2S 3S 4S, seat 2 5S 6S 7S JD, seat 3 QD KD AD 8C, seat 0 9C 9H 8H;
# the dealer then robs the last two (7H 6H) and sheds 9C and the 2H (a trump: dead).
HANDS = seats(
    s1="AH KH 5H 2C 3C 4C 5C 6C 7C",
    s2="QH 5D 8S 9S TS JS QS KS AS",
    s3="JH TH 2D 3D 4D 6D 7D 8D 9D",
    s0="4H 3H 2H TC JC QC KC AC TD",
)
STOCK = "2S 3S 4S 5S 6S 7S JD QD KD AD 8C 9C 9H 8H 7H 6H"
DISCARDS = [
    "discard 2C 3C 4C 5C 6C 7C",
    "discard 8S 9S TS JS QS KS AS",
    "discard 2D 3D 4D 6D 7D 8D 9D",
    "discard TC JC QC KC AC TD",
]
ROB = ["discard 9C", "discard 2H"]
TRICKS = [
    "play 4S", "play 5D", "play 8C", "play 4H",   # the off-five (seat 2) beats the 4H: Left Pedro to side 0
    "play 5S", "play QD", "play 3H", "play 5H",   # seat 1 trumps with the 5H: Right Pedro to side 1
    "play AH", "play QH", "play JH", "play 9H",   # High and Jack to side 1
    "play KH", "play 6S", "play TH", "play 8H",   # Game (the ten) to side 1
    "play 2S", "play 7S", "play KD", "play 7H",
    "play 6H", "play 3S", "play JD", "play AD",
]


def new(**kw: object) -> pc.GameState:
    return pc.new_game("cinch", players=4, seed=7, dealer=0, hands=HANDS, stock=STOCK, **kw)


def auction(bid: str) -> list[str]:
    return [bid, "pass", "pass", "pass", "trump H"]


def hand(bid: str, **kw: object) -> pc.GameState:
    return play(new(**kw), [*auction(bid), *DISCARDS, *ROB, *TRICKS])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("cinch")
    assert (variant.deal.hand_size, variant.deal.packet) == (9, 3)
    assert [(point.name, point.value) for point in variant.points] == [
        ("high", 1), ("low", 1), ("jack", 1), ("game", 1), ("right-pedro", 5), ("left-pedro", 5)]
    assert variant.going_out.goal(4) == "target 51"


def test_bids_run_from_1_to_14_each_higher_the_dealers_too() -> None:
    s = new()
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(1, 15))}
    s = play(s, ["bid 6", "pass", "pass"])
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(7, 15))}   # the dealer may not take at 6


def test_the_dealer_must_bid_when_the_others_pass() -> None:
    s = play(new(), ["pass", "pass", "pass"])
    assert legal(s) == {f"bid {n}" for n in range(1, 15)}


def test_everyone_discards_every_non_trump_then_the_dealer_robs_the_pack() -> None:
    s = play(new(), auction("bid 8"))
    assert legal(s) == {"discard 2C 3C 4C 5C 6C 7C"}   # eldest first: only its non-trumps
    s = play(s, DISCARDS[:1])
    assert legal(s) == {"discard 8S 9S TS JS QS KS AS"}  # the off-five (5D) is a trump: kept
    s = play(s, DISCARDS[1:])
    assert [held(s, seat) for seat in (1, 2, 3)] == [
        {"AH", "KH", "5H", "2S", "3S", "4S"}, {"QH", "5D", "5S", "6S", "7S", "JD"},
        {"JH", "TH", "QD", "KD", "AD", "8C"}]
    assert (s.phase, s.to_move, s.info.stock) == (pc.Phase.DISCARDING, 0, ())
    assert held(s, 0) == {"4H", "3H", "2H", "9C", "9H", "8H", "7H", "6H"}
    assert legal(s) == {f"discard {card}" for card in held(s, 0)}   # one card at a time
    s = play(s, ROB)
    assert s.phase is pc.Phase.PLAYING and s.to_move == 1
    assert held(s, 0) == {"4H", "3H", "9H", "8H", "7H", "6H"}


def test_the_off_five_ranks_between_the_five_and_the_four() -> None:
    s = play(new(), [*auction("bid 8"), *DISCARDS, *ROB, *TRICKS[:8]])
    assert [taker for _, _, taker in s.done_tricks] == [2, 1]   # 5D over 4H; 5H over 3H
    tables = s.table.tables
    hearts, five_h, five_d, four_h = 2, *(parse_card(card) for card in ("5H", "5D", "4H"))
    assert tables.suit[hearts][five_d] == hearts
    assert tables.order[hearts][five_h] > tables.order[hearts][five_d] > tables.order[hearts][four_h]


def test_every_point_goes_to_the_taker_and_low_is_the_two_only() -> None:
    """Low is the 2 of trumps: the dealer shed it, so nobody scores Low (the 3H does not)."""
    s = hand("bid 8")
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": None, "jack": 1, "game": 1,
                                   "right-pedro": 1, "left-pedro": 0}
    assert (result.made, result.delta, s.scores) == (True, (5, 8), (5, 8))


def test_the_setting_side_scores_its_points_plus_the_bid() -> None:
    s = hand("bid 9")
    assert (s.hand_results[-1].made, s.scores) == (False, (5 + 9, -9))


@pytest.mark.parametrize(("scores", "winner", "after"), [
    ([46, 44], 1, (46, 52)),   # both would reach 51: the bidders are counted first
    ([46, 40], 0, (51, 48)),
    ([45, 40], None, (50, 48)),
])
def test_the_target_is_51_and_the_bidders_go_out_first(scores: list[int], winner: int | None,
                                                       after: tuple[int, int]) -> None:
    s = hand("bid 8", scores=scores)
    assert (s.winner, s.scores) == (winner, after)
