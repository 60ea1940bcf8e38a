"""Scores and the shoot bid (house rules): a score floor (no score below zero), no shoot bid
while in the hole, and the bidder going out with ties shared (cutthroat).

Each option is a small house-rule file extending auction-pitch, played from a stacked deal
whose points all go to the cards' holders, so the deal alone fixes who scores what and the
hands are played out by the first legal card.
"""

from __future__ import annotations

import attrs
import pytest

import pitchcore as pc
from pitchcore.components.going_out import BidderGoesOut
from pitchcore.components.settlement import Ledger, NoJunk, SetBack
from pitchcore.components.shoot import AllPoints, NoShoot
from pitchcore.game import kernel
from pitchcore.model.state import GameState
from pitchcore.tools.explain import component_text
from test_going_out_options import SPLIT, outcome
from test_going_out_options import hand as going_out_hand
from test_going_out_options import house as going_out_house


def with_shoot(text: str) -> str:
    """``text`` with no shoot bid unless it has one (auction-pitch's bid of 4 would be a smudge)."""
    return text if "shoot:" in text else text + "shoot: none\n"


def house(text: str, all_pass: str = "redeal") -> pc.Variant:
    """test_going_out_options' house (auction-pitch with ``HOLDER_POINTS``, bids 1 to 5) with
    no shoot bid unless ``text`` has one."""
    return going_out_house(with_shoot(text), all_pass)


def hand(text: str, bid: str, scores: list[int], players: int = 2) -> GameState:
    """test_going_out_options' hand (seat 1 bids ``bid``, names hearts, the hand played out)
    on ``house(text)``."""
    return going_out_hand(with_shoot(text), bid, scores, players)


# ---------------------------------------------------------------- a score floor

FLOOR = "settlement: {floor: 0}\n"


def test_a_set_side_stops_at_zero() -> None:
    """Seat 1 at 1 bids 2 and takes only High: set back 2, it would be at -1; with floor: 0
    it stops at 0 (the hand's change is -1). Seat 0 scores Low and the nine as ever."""
    floored = hand(FLOOR, "bid 2", [0, 1])
    assert floored.scores == (4, 0) and floored.hand_results[-1].delta == (4, -1)
    assert hand("", "bid 2", [0, 1]).scores == (4, -1)  # by default scores go in the hole
    assert hand(FLOOR, "bid 2", [0, 0]).scores == (4, 0)  # at 0 it stays at 0
    assert hand(FLOOR, "bid 2", [0, 5]).scores == (4, 3)  # above the floor nothing changes


def test_the_floor_counts_the_points_a_set_side_keeps() -> None:
    """set_bidder_points: kept: seat 1 at 1 keeps its 1 and loses 3 (bid 3): 1 + 1 - 3 = -1,
    stopped at 0; at 2 it ends at 0 with or without the floor."""
    kept = "settlement: {floor: 0, set_bidder_points: kept}\n"
    assert hand(kept, "bid 3", [0, 1]).scores == (4, 0)
    assert hand(kept, "bid 3", [0, 2]).scores == (4, 0)
    assert hand("settlement: {set_bidder_points: kept}\n", "bid 3", [0, 1]).scores == (4, -1)


def test_a_negative_floor_and_a_side_already_below_it() -> None:
    """floor: -3 stops a side at -3; a side that starts below the floor goes no lower, and is
    not raised to it either."""
    assert hand("settlement: {floor: -3}\n", "bid 5", [0, 0]).scores == (4, -3)
    assert hand("settlement: {floor: -3}\n", "bid 2", [0, -1]).scores == (4, -3)
    assert hand(FLOOR, "bid 2", [0, -4]).scores == (4, -4)
    assert hand(FLOOR, "bid 1", [0, -4]).scores == (4, -3)  # made: it scores as ever


def test_the_floor_and_the_loss_threshold() -> None:
    """floor: -10 with lose_at: -10: a side stopped at the floor is at the threshold, and loses."""
    rules = "settlement: {floor: -10}\ngoing_out: {lose_at: -10}\n"
    assert outcome(hand(rules, "bid 5", [0, -8])) == (True, 0, (0,), (4, -10))
    assert outcome(hand(rules, "bid 2", [0, -7])) == (False, None, (), (4, -9))


def test_a_failed_shoot_and_the_dealer_set_back_stop_at_the_floor() -> None:
    """A failed shoot's own points (-11) and the dealer set back when everyone passes are
    losses like a set-back: both stop at the floor."""
    shoot = "shoot: {kind: all-points, bid: 5, failed: -11}\n" + FLOOR
    assert hand(shoot, "bid 5", [0, 4]).scores == (4, 0)
    variant = house(FLOOR, all_pass="dealer-set-back")
    state = pc.new_game(variant, players=2, seed=1, scores=[0, 3])
    for _ in range(2):
        state = state.apply("pass")
    assert state.scores == (0, 3) and state.hand_results[-1].delta == (0, 0)


def test_a_called_partners_share_of_a_set_stops_at_the_floor() -> None:
    """Call your partner: the partner's share of a set is a credit of its own, limited too."""
    ledger = Ledger(((2, -3), (0, 1), (2, 1)), 0, 3, False, penalty=3, players=3)
    floored = SetBack(floor=0).floored(ledger, (1, 5, 1))
    assert floored.penalty == 2 and floored.credits == ((2, -2), (0, 1), (2, 1))  # both end at 0
    assert SetBack().floored(ledger, (1, 5, 1)) is ledger


def test_the_floor_on_the_kernels_playouts() -> None:
    """Playouts settle in Python as the engine does: no outcome takes a side below the floor."""
    variant = house(FLOOR)
    state = pc.new_game(variant, players=2, seed=3, dealer=0, hands=SPLIT, scores=[0, 1])
    for move in ["bid 2", "pass", "trump H"]:
        state = state.apply(move)
    if not kernel.AVAILABLE or kernel.unsupported(variant) is not None:
        pytest.skip("the kernel is not in use")
    found = kernel.outcomes(state, 50, 1)
    assert found is not None
    for delta, _, _ in found:
        assert all(score + change >= 0 for score, change in zip(state.scores, delta, strict=True))


def test_the_floor_is_a_number_no_higher_than_zero() -> None:
    with pytest.raises(pc.VariantError, match=r"settlement\.floor"):
        house("settlement: {floor: 2}\n")
    with pytest.raises(pc.VariantError, match=r"settlement\.floor"):
        house("settlement: {floor: nothing}\n")
    assert house("settlement: {kind: no-junk, floor: 0}\n").settlement == NoJunk(floor=0)


def test_the_floor_in_plain_words() -> None:
    assert "below zero" not in component_text(SetBack())
    assert "No score goes below zero: a hand that would take a side lower" in component_text(SetBack(floor=0))
    assert "No score goes below -5" in component_text(SetBack(floor=-5))


# ---------------------------------------------------------------- no shoot bid in the hole

HOLE = "shoot: {not_below: 0}\n"


def shoot_game(text: str, scores: list[int], base: str = "auction-pitch") -> GameState:
    """``base`` (its shoot bid kept) with ``text``, seat 1 to bid first."""
    variant = pc.load_variant_text(f"extends: {base}\nname: house\n{text}")
    return pc.new_game(variant, players=len(scores), seed=3, dealer=0, scores=scores)


def bids(state: GameState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def test_the_shoot_component_bars_a_seat_in_the_hole() -> None:
    """auction-pitch's smudge is a bid of 4: with not_below: 0 a seat whose side is below 0
    may not bid it, one at 0 or above may."""
    state = shoot_game(HOLE, [0, -1])
    shoot = state.table.variant.shoot
    assert isinstance(shoot, AllPoints) and shoot.not_below == 0 and shoot.reads_scores()
    assert shoot.barred(state)
    assert not shoot.barred(shoot_game(HOLE, [-1, 0]))
    anyone = shoot_game("", [0, -1])  # by default anyone may shoot
    assert not anyone.table.variant.shoot.barred(anyone) and not anyone.table.variant.shoot.reads_scores()
    deeper = shoot_game("shoot: {not_below: -5}\n", [0, -6])
    assert deeper.table.variant.shoot.barred(deeper)
    assert not deeper.table.variant.shoot.barred(shoot_game("shoot: {not_below: -5}\n", [0, -5]))
    assert not NoShoot().barred(state) and not NoShoot().reads_scores()
    assert shoot.why_barred(state) == ("seat 1's side is at -1, below 0 (in the hole), so it may not bid 4, "
                                       "the shoot bid")


def test_a_seat_in_the_hole_may_not_bid_the_shoot_bid() -> None:
    state = shoot_game(HOLE, [0, -1])
    assert bids(state) == ["pass", "bid 1", "bid 2", "bid 3"]
    state = state.apply("pass")
    assert bids(state)[-1] == "bid 4"  # the dealer, at 0, may
    assert bids(shoot_game("", [0, -1]))[-1] == "bid 4"
    with pytest.raises(pc.IllegalMove, match=r"below 0 \(in the hole\), so it may not bid 4, the shoot bid: "
                                              r"it may pass or bid 1 to 3"):
        shoot_game(HOLE, [0, -1]).apply("bid 4")


def test_one_seat_in_the_hole_does_not_bar_the_next() -> None:
    """Three seats at the same high bid: seat 1 in the hole may not shoot, seat 2 may (the
    compiled auction keeps legal bids per high bid: not where the scores decide)."""
    state = shoot_game(HOLE, [0, -2, 0])
    assert "bid 4" not in bids(state)
    assert "bid 4" in bids(state.apply("pass"))


def test_a_named_shoot_bid_in_the_hole() -> None:
    """hi-lo-jack's smudge ranks above the numbers: left out for a side in the hole."""
    state = shoot_game(HOLE, [0, -3], base="hi-lo-jack")
    assert "bid smudge" not in bids(state) and "bid 4" in bids(state)


def test_no_shoot_in_the_hole_in_plain_words() -> None:
    assert "may not bid it" not in component_text(AllPoints())
    text = component_text(AllPoints(not_below=0))
    assert "A player whose side's score is below 0 may not bid it (no shoot in the hole)." in text
    assert "below -5 may not bid it." in component_text(AllPoints(not_below=-5))


# ---------------------------------------------------------------- the bidder goes out, ties shared

SHARED = "going_out: {kind: bidder-goes-out, tie: shared}\n"
BIDDER_OUT = "going_out: {kind: bidder-goes-out}\n"


def test_the_bidder_still_goes_out_first_with_ties_shared() -> None:
    """Seat 1 makes 1 and reaches 11; seat 0 passes it with 12: the bidder wins alone."""
    assert outcome(hand(SHARED, "bid 1", [8, 10])) == (True, 1, (1,), (12, 11))


def test_without_the_bidder_out_a_tie_at_the_target_is_shared() -> None:
    """Four seats: seat 1 bids 1 with no trump and is set; seats 0, 2 and 3 all reach 11.
    By default seat 2 (first clockwise from the bidder) wins; with tie: shared all three."""
    assert outcome(hand(SHARED, "bid 1", [8, 0, 10, 10], players=4)) == (True, None, (0, 2, 3), (11, -1, 11, 11))
    assert outcome(hand(BIDDER_OUT, "bid 1", [8, 0, 10, 10], players=4)) == (True, 2, (2,), (11, -1, 11, 11))
    # no tie: the highest alone
    assert outcome(hand(SHARED, "bid 1", [9, 0, 10, 10], players=4)) == (True, 0, (0,), (12, -1, 11, 11))


def test_a_set_bidder_tied_at_the_target() -> None:
    """Seat 1 at 13 bids 2 and is set to 11; seat 0 reaches 11 too. By default the tie goes
    to the bidder's side; with tie: shared both win."""
    assert outcome(hand(BIDDER_OUT, "bid 2", [7, 13])) == (True, 1, (1,), (11, 11))
    assert outcome(hand(SHARED, "bid 2", [7, 13])) == (True, None, (0, 1), (11, 11))


def test_a_shared_tie_refuses_win_by() -> None:
    with pytest.raises(pc.VariantError, match=r"going_out\.win_by: bidder-goes-out lets several sides win"):
        house("going_out: {kind: bidder-goes-out, tie: shared, win_by: 2}\n")
    assert BidderGoesOut(win_by=2).problems() == []
    assert BidderGoesOut().tie == "bidder" and BidderGoesOut(tie="shared").shares()


def test_the_shared_tie_in_plain_words() -> None:
    assert "a tie won by every tied side together" in component_text(BidderGoesOut(tie="shared"))
    assert "a tie to the bidder's side" in component_text(BidderGoesOut())


def test_the_defaults_leave_every_bundled_variant_as_it_was() -> None:
    for name in pc.bundled_variants():
        variant = pc.load_variant(name)
        assert variant.settlement.floor is None
        assert getattr(variant.shoot, "not_below", None) is None
        assert getattr(variant.going_out, "tie", None) != "shared" or not isinstance(
            variant.going_out, BidderGoesOut)
        assert attrs.evolve(variant.settlement) == variant.settlement
