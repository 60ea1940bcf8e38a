"""Scenario tests for the bundled Smear variants: partnerships and cutthroat, the jick,
bids 2-5 with a redeal when all pass, named trump, High and Low to the holder, Jack and
Jick to the taker, and the same-hand finish at 21 (the higher total wins, a tie to the
bidding side). Four seats, dealer 0 (eldest seat 1): side 0 = seats 0 and 2.
"""

from __future__ import annotations

import pytest
from stacked import legal, play, seats

import pitchcore as pc

# Hearts trump; the jick is the JD. Seat 1 holds High (AH) and the jick; seat 2 (side 0)
# holds Low (2H), which seat 1 takes on the fifth trick; seat 0 trumps in with the JH on the
# first trick. Game pips: side 0 21 (JH, TD, TC), side 1 19 (AH, TS, JD, QS, QD).
HANDS = seats(
    s1="AH JD 3C 4C 5C 6C",
    s2="2H 7S 8S 9S TS QS",
    s3="2D 3D 4D 5D 6D 7D",
    s0="JH TC 8D 9D TD QD",
)
TRICKS = [
    "play 3C", "play 7S", "play 2D", "play JH",   # seat 0 trumps in: the Jack to side 0
    "play TD", "play 4C", "play 8S", "play 3D",   # (the JD is a heart now: seat 1 has no diamond)
    "play TC", "play 5C", "play 9S", "play 4D",
    "play 8D", "play AH", "play TS", "play 5D",   # seat 1 trumps the 8D with the AH
    "play JD", "play 2H", "play 6D", "play 9D",   # the jick leads trumps: seat 2 must give the 2H
    "play 6C", "play QS", "play 7D", "play QD",
]


def new(name: str = "smear", **kw: object) -> pc.GameState:
    return pc.new_game(name, players=4, seed=7, dealer=0, hands=HANDS, **kw)


def hand(bid: str, name: str = "smear", **kw: object) -> pc.GameState:
    return play(new(name, **kw), [bid, "pass", "pass", "pass", "trump H", *TRICKS])


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("smear")
    assert variant.deal.sides == "partners" and variant.deal.hand_size == 6
    assert variant.trump.extras == ("jick",)
    assert [point.name for point in variant.points] == ["high", "low", "jack", "jick", "game"]
    assert variant.going_out.goal(4) == "target 21"
    assert variant.auction.all_pass == "redeal"


def test_bids_run_from_2_to_5_and_the_dealer_must_exceed() -> None:
    s = new()
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}
    s = play(s, ["bid 3", "pass", "pass"])
    assert legal(s) == {"pass", "bid 4", "bid 5"}  # no dealer's privilege


def test_when_all_pass_the_same_dealer_deals_again() -> None:
    """St Paul Smear: if nobody bids, the same dealer deals again."""
    s = play(new(), ["pass", "pass", "pass"])
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}
    s = s.apply("pass")
    assert (s.dealer, s.deal_number, s.phase, s.to_move) == (0, 1, pc.Phase.BIDDING, 1)


def test_the_dealer_is_stuck_with_two_as_a_house_rule() -> None:
    variant = pc.load_variant_text("extends: smear\nname: house\nauction: {all_pass: dealer-must-bid}\n")
    s = play(pc.new_game(variant, seed=7, dealer=0, hands=HANDS), ["pass", "pass", "pass"])
    assert legal(s) == {"bid 2", "bid 3", "bid 4", "bid 5"}
    s = s.apply("bid 2")
    assert (s.bidder, s.to_move, s.phase) == (0, 0, pc.Phase.NAMING_TRUMP)


def test_high_and_low_go_to_the_holder_jack_and_jick_to_the_taker() -> None:
    last = play(new(), ["bid 2", "pass", "pass", "pass", "trump H", *TRICKS[:-1]])
    assert last.tricks[0][2] == 0 and last.tricks[4][2] == 1   # JH taken by seat 0, 2H by seat 1
    s = last.apply(TRICKS[-1])
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 0, "jack": 0, "jick": 1, "game": 0}
    assert result.game_pips == (21, 19)
    assert (result.made, result.delta) == (True, (3, 2))


def test_a_set_bidder_scores_nothing_of_what_it_took() -> None:
    s = hand("bid 3")
    assert (s.hand_results[-1].made, s.scores) == (False, (3, -3))


def test_when_both_sides_reach_the_target_the_higher_total_wins() -> None:
    """Side 1 (the bidder) goes from 19 to 21, side 0 from 19 to 22: side 0 wins."""
    s = hand("bid 2", scores=[19, 19])
    assert (s.is_over, s.winner, s.scores) == (True, 0, (22, 21))


def test_a_tie_at_the_target_goes_to_the_bidding_side() -> None:
    s = hand("bid 2", scores=[18, 19])
    assert (s.is_over, s.winner, s.scores) == (True, 1, (21, 21))


def test_the_target_is_21() -> None:
    assert hand("bid 2", scores=[18, 17]).winner == 0              # 21 wins
    assert not hand("bid 2", scores=[17, 18]).is_over              # 20 does not
    set_side = hand("bid 3", scores=[17, 20])
    assert (set_side.winner, set_side.scores) == (None, (20, 17))  # a set bidder never goes out


def test_the_target_is_11_as_a_house_rule() -> None:
    variant = pc.load_variant_text("extends: smear\nname: house\ngoing_out: {target: 11}\n")
    s = play(pc.new_game(variant, seed=7, dealer=0, hands=HANDS, scores=[8, 7]),
             ["bid 2", "pass", "pass", "pass", "trump H", *TRICKS])
    assert s.winner == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_smear_cutthroat_seats_three_to_seven(players: int) -> None:
    state = pc.new_game("smear-cutthroat", players=players, seed=1)
    assert state.table.sides == players and all(len(hand) == 6 for hand in state.hands)


def test_smear_cutthroat_scores_every_seat_for_itself() -> None:
    s = hand("bid 2", name="smear-cutthroat")
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 2, "jack": 0, "jick": 1, "game": 0}
    assert result.game_pips == (21, 19, 0, 0)
    assert result.delta == (2, 2, 1, 0)
