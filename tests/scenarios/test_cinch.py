"""Scenario tests for the bundled Cinch (Double Pedro): nine cards dealt, bids 1-14 with no
dealer's privilege and no minimum for a dealer left to name trump, everyone but the dealer
discards to trumps and is refilled to six, the dealer robs the pack with the hand he was
dealt, the off-five (Left Pedro) is a trump between the 5 and the 4, and the points High
(ace), Low (2), Jack, Game (ten), Right and Left Pedro (5 each) go to the side that takes
them. A set bidder scores nothing and the setting side scores its points plus the bid.
Four seats, dealer 0 (eldest seat 1): side 0 = seats 0 and 2.
"""

from __future__ import annotations

import pytest
from stacked import PEDRO_HANDS, PEDRO_STOCK, PEDRO_TRICKS, held, legal, play, seats

import pitchcore as pc
from pitchcore.model.cards import parse_card

# Seat 1 names hearts (the off-five is the 5D). The refill takes 11 of the 16 stock cards,
# top first: seat 1 gets 2S 3S 4S, seat 2 5S 6S 7S JD, seat 3 QD KD AD 8C; the dealer skips
# the discard, takes the last five (9C 9H 8H 7H 6H) into the nine he was dealt and sheds
# eight of the fourteen, one at a time: his non-trumps and the 2H (a seventh trump: dead).
HANDS, STOCK = PEDRO_HANDS, PEDRO_STOCK
DISCARDS = [
    "discard 2C 3C 4C 5C 6C 7C",
    "discard 8S 9S TS JS QS KS AS",
    "discard 2D 3D 4D 6D 7D 8D 9D",
]
ROB = ["discard TC", "discard JC", "discard QC", "discard KC", "discard AC", "discard TD",
       "discard 9C", "discard 2H"]
TRICKS = PEDRO_TRICKS


def new(**kw: object) -> pc.GameState:
    return pc.new_game("cinch", players=4, seed=7, dealer=0, hands=HANDS, stock=STOCK, **kw)


def auction(bid: str) -> list[str]:
    return [bid, "pass", "pass", "pass", "trump H"]


def hand(bid: str, **kw: object) -> pc.GameState:
    return play(new(**kw), [*auction(bid), *DISCARDS, *ROB, *TRICKS])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("cinch")
    assert (variant.auction.all_pass, variant.exchange.robber_hand) == ("dealer-names-trump", "dealt")
    assert (variant.settlement.set_bid_to, variant.settlement.set_costs) == ("defenders", "nothing")
    assert (variant.deal.hand_size, variant.deal.packet) == (9, 3)
    assert [(point.name, point.value) for point in variant.points] == [
        ("high", 1), ("low", 1), ("jack", 1), ("game", 1), ("right-pedro", 5), ("left-pedro", 5)]
    assert variant.going_out.goal(4) == "target 51"


def test_bids_run_from_1_to_14_each_higher_the_dealers_too() -> None:
    s = new()
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(1, 15))}
    s = play(s, ["bid 6", "pass", "pass"])
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(7, 15))}   # the dealer may not take at 6


def test_a_dealer_left_to_name_trump_has_no_bid_to_make() -> None:
    """All four pass: the dealer names trump for nothing (a bid of 0, never set), as The
    Everything Card Games Book has it; the points are scored as taken."""
    s = play(new(), ["pass", "pass", "pass"])
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(1, 15))}
    s = play(s, ["pass"])
    assert (s.phase, s.to_move, s.bidder, s.bid) == (pc.Phase.NAMING_TRUMP, 0, 0, 0)
    s = play(s, ["trump H", *DISCARDS, *ROB])
    while not s.hand_results:  # whatever the dealer's side takes, a bid of 0 is made
        s = s.apply(s.legal_moves()[-1])
    result = s.hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (0, 0, True)
    assert sum(result.delta) == 13 and min(result.delta) >= 0   # the dealer shed the 2H: no Low


def test_the_dealer_must_bid_as_a_house_rule() -> None:
    variant = pc.load_variant_text("extends: cinch\nname: house\nauction: {all_pass: dealer-must-bid}\n")
    s = play(pc.new_game(variant, seed=7, dealer=0, hands=HANDS, stock=STOCK), ["pass", "pass", "pass"])
    assert legal(s) == {f"bid {n}" for n in range(1, 15)}


def test_everyone_but_the_dealer_discards_every_non_trump_then_the_dealer_robs_the_pack() -> None:
    """Bicycle's Cinch: each player but the dealer discards all but trumps and is filled to
    six; the dealer then looks through the pack and keeps six of his own cards and it."""
    s = play(new(), auction("bid 8"))
    assert legal(s) == {"discard 2C 3C 4C 5C 6C 7C"}   # eldest first: only its non-trumps
    s = play(s, DISCARDS[:1])
    assert legal(s) == {"discard 8S 9S TS JS QS KS AS"}  # the off-five (5D) is a trump: kept
    s = play(s, DISCARDS[1:])
    assert [held(s, seat) for seat in (1, 2, 3)] == [
        {"AH", "KH", "5H", "2S", "3S", "4S"}, {"QH", "5D", "5S", "6S", "7S", "JD"},
        {"JH", "TH", "QD", "KD", "AD", "8C"}]
    assert (s.phase, s.to_move, s.info.stock) == (pc.Phase.DISCARDING, 0, ())
    assert held(s, 0) == {"4H", "3H", "2H", "TC", "JC", "QC", "KC", "AC", "TD", "9C", "9H", "8H", "7H", "6H"}
    assert legal(s) == {f"discard {card}" for card in held(s, 0)}   # one card at a time
    s = play(s, ROB)
    assert s.phase is pc.Phase.PLAYING and s.to_move == 1
    assert held(s, 0) == {"4H", "3H", "9H", "8H", "7H", "6H"}


def test_the_dealer_may_keep_a_card_he_was_dealt_that_is_no_trump() -> None:
    """Robbing with the dealt hand: the dealer may keep a non-trump (the TD) and shed a trump."""
    s = play(new(), [*auction("bid 8"), *DISCARDS, *ROB[:5], "discard 9C", "discard 6H", "discard 2H"])
    assert s.phase is pc.Phase.PLAYING
    assert held(s, 0) == {"4H", "3H", "9H", "8H", "7H", "TD"}


def test_the_dealer_robs_after_his_refill_as_a_house_rule() -> None:
    """robber_hand: refilled: the dealer discards his non-trumps, is refilled like everyone,
    then takes what is left."""
    variant = pc.load_variant_text("extends: cinch\nname: house\nexchange: {robber_hand: refilled}\n")
    s = play(pc.new_game(variant, seed=7, dealer=0, hands=HANDS, stock=STOCK),
             [*auction("bid 8"), *DISCARDS, "discard TC JC QC KC AC TD"])
    assert held(s, 0) == {"4H", "3H", "2H", "9C", "9H", "8H", "7H", "6H"}
    assert legal(s) == {f"discard {card}" for card in held(s, 0)}


def test_the_off_five_ranks_between_the_five_and_the_four() -> None:
    s = play(new(), [*auction("bid 8"), *DISCARDS, *ROB, *TRICKS[:8]])
    assert [taker for _, _, taker in s.done_tricks] == [2, 1]   # 5D over 4H; 5H over 3H
    tables = s.table.trump_tables
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


def test_the_setting_side_scores_its_points_plus_the_bid_and_the_bidders_nothing() -> None:
    s = hand("bid 9")
    assert (s.hand_results[-1].made, s.scores) == (False, (5 + 9, 0))


# Parlett's worked example, rebuilt on a deal of our own: each side takes 7 on a bid of 8.
# Seat 1 bids 8 in hearts; the off-five is the 5D. After the exchange the hands are
#   seat 1: AH 5H 2S 3S 4S 6S    seat 2: QH 5D 7S 8S 9S TS
#   seat 3: JH TH 2C 3C 4C 6C    seat 0: 2H 3H 4H 6H KH 9H (robbed: KH 9H)
PARLETT_HANDS = seats(
    s1="AH 5H AC KC QC JC TC 9C 8C",
    s2="QH 5D AD KD QD JD TD 9D 8D",
    s3="JH TH AS KS QS JS 5S 7C 5C",
    s0="2H 3H 4H 6H 7H 8H 7D 6D 4D",
)
PARLETT_STOCK = "2S 3S 4S 6S 7S 8S 9S TS 2C 3C 4C 6C 3D 2D KH 9H"
PARLETT_MOVES = [
    "bid 8", "pass", "pass", "pass", "trump H",
    "discard AC KC QC JC TC 9C 8C", "discard AD KD QD JD TD 9D 8D", "discard AS KS QS JS 5S 7C 5C",
    "discard 7D", "discard 6D", "discard 4D", "discard 3D", "discard 2D", "discard 7H", "discard 8H",
    "play 2S", "play 5D", "play 2C", "play 2H",   # the off-five takes Low: side 0 (6)
    "play 7S", "play JH", "play 3H", "play 5H",   # the jack takes the Right Pedro: side 1 (6)
    "play 3C", "play 4H", "play AH", "play 8S",   # High: side 1 (7)
    "play 3S", "play 9S", "play 4C", "play 6H",
    "play 9H", "play 4S", "play QH", "play TH",   # the queen takes Game: side 0 (7)
    "play TS", "play 6C", "play KH", "play 6S",
]


def test_parletts_worked_example_a_seven_seven_split_on_a_bid_of_eight() -> None:
    """Parlett, The Penguin Book of Card Games (Cinch): each side took seven points on a bid
    of eight, so the bidders failed and the other side scored its seven plus the eight, 15,
    and the bidders nothing: a side that fails loses at least 15 points on the other."""
    s = play(pc.new_game("cinch", seed=7, dealer=0, hands=PARLETT_HANDS, stock=PARLETT_STOCK),
             PARLETT_MOVES)
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 0, "jack": 1, "game": 0,
                                   "right-pedro": 1, "left-pedro": 0}
    assert (result.made, result.delta, s.scores) == (False, (15, 0), (15, 0))


def test_a_set_that_also_sets_the_bidders_back_as_a_house_rule() -> None:
    variant = pc.load_variant_text("extends: cinch\nname: house\nsettlement: {set_costs: bid}\n")
    s = play(pc.new_game(variant, seed=7, dealer=0, hands=PARLETT_HANDS, stock=PARLETT_STOCK),
             PARLETT_MOVES)
    assert s.scores == (15, -8)


@pytest.mark.parametrize(("scores", "winner", "after"), [
    ([46, 44], 1, (46, 52)),   # both would reach 51: the bidders are counted first
    ([46, 40], 0, (51, 48)),
    ([45, 40], None, (50, 48)),
])
def test_the_target_is_51_and_the_bidders_go_out_first(scores: list[int], winner: int | None,
                                                       after: tuple[int, int]) -> None:
    s = hand("bid 8", scores=scores)
    assert (s.winner, s.scores) == (winner, after)


def test_no_junk_on_cinch_sets_the_bidders_back_instead() -> None:
    """no_junk: true leaves the defenders nothing, not even the bid; an inherited
    set_costs: nothing becomes bid, so a set still costs the bidders something."""
    variant = pc.load_variant_text("extends: cinch\nname: house\nno_junk: true\n")
    assert (variant.settlement.set_bid_to, variant.settlement.set_costs) == ("nobody", "bid")
    s = play(pc.new_game(variant, seed=7, dealer=0, hands=PARLETT_HANDS, stock=PARLETT_STOCK), PARLETT_MOVES)
    assert s.scores == (0, -8)
