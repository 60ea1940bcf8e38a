"""Going out, part two (issue 15): the bidder going out with the whole hand scored, sides
winning together (``state.winners``), win by two, three set-backs and you lose, and the
dealer set back when everyone passes.

Each option is a small house-rule file extending auction-pitch, played from a stacked deal
whose points all go to the cards' holders, so the deal alone fixes who scores what and the
hands are played out by the first legal card.
"""

from __future__ import annotations

import pytest

import pitchcore as pc
from pitchcore.accel import fast
from pitchcore.components.going_out import AllReaching, AwardOrder, BidderFirst, HighestTotal
from pitchcore.components.rounds import Rounds
from pitchcore.components.settlement import Ledger
from pitchcore.interop.records import dumps, loads
from pitchcore.model.state import GameState

HOLDER_POINTS = ("trump: named\npoints: [{kind: high, receiver: holder}, {kind: low, receiver: holder}, "
                 '{kind: trump-card, name: nine, rank: "9", value: 3, receiver: holder}]\n')
"""High 1, Low 1, the 9 of trumps 3, all to the holder, in that award order."""

# Two seats, hearts: seat 1 (the bidder) holds High; seat 0 holds Low (2H) and the nine.
SPLIT = ["9H 2H 3S 4S 5S 6S", "AH KC QC JC TC 9C"]
# Four seats, hearts named by seat 1, which holds no trump: seat 2 High, seat 3 Low, seat 0 the nine.
FOUR = ["9H 3S 4S 5S 6S 7S", "KC QC JC TC 8C 7C", "AH 2D 3D 4D 5D 6D", "2H 8D 9D TD JD QD"]


def house(text: str, all_pass: str = "redeal") -> pc.Variant:
    """auction-pitch with ``HOLDER_POINTS``, bids 1 to 5, and ``text``."""
    auction = f"auction: {{min_bid: 1, max_bid: 5, all_pass: {all_pass}}}\n"
    return pc.load_variant_text(f"extends: auction-pitch\nname: house\n{HOLDER_POINTS}{auction}{text}")


def finish(state: GameState) -> GameState:
    """Play the hand out with the first legal move until it is scored."""
    hands = len(state.hand_results)
    while not state.is_over and len(state.hand_results) == hands:
        state = state.apply(state.legal_moves()[0])
    return state


def hand(text: str, bid: str, scores: list[int], players: int = 2) -> GameState:
    """Seat 1 bids ``bid``, the others pass, seat 1 names hearts; the hand is played out."""
    state = pc.new_game(house(text), players=players, seed=3, dealer=0,
                        hands=SPLIT if players == 2 else FOUR, scores=scores)
    for move in [bid, *["pass"] * (players - 1), "trump H"]:
        state = state.apply(move)
    return finish(state)


def outcome(state: GameState) -> tuple[bool, int | None, tuple[int, ...], tuple[int, ...]]:
    return state.is_over, state.winner, state.winners, state.scores


# ---------------------------------------------------------------- the bidder goes out

BIDDER_OUT = "going_out: {kind: bidder-goes-out}\n"


def test_the_bidder_goes_out_though_another_side_passes_the_target_with_more() -> None:
    """Seat 1 bids 1 and makes it with High: 10 + 1 = 11. Seat 0 scores Low and the nine:
    8 + 4 = 12, more than the bidder. The whole hand is scored and the bidder wins."""
    assert outcome(hand(BIDDER_OUT, "bid 1", [8, 10])) == (True, 1, (1,), (12, 11))
    # bidder-first lets the bidder out too, but counts nothing after it; highest-total
    # gives the game to the higher total.
    assert outcome(hand("going_out: {kind: bidder-first}\n", "bid 1", [8, 10])) == (True, 1, (1,), (8, 11))
    assert outcome(hand("going_out: {kind: highest-total}\n", "bid 1", [8, 10])) == (True, 0, (0,), (12, 11))


def test_a_set_bidder_does_not_go_out_and_the_highest_at_the_target_wins() -> None:
    """Seat 1 bids 2 and takes 1: set back to 8; seat 0 reaches 12 and wins."""
    assert outcome(hand(BIDDER_OUT, "bid 2", [8, 10])) == (True, 0, (0,), (12, 8))
    assert outcome(hand(BIDDER_OUT, "bid 1", [0, 0])) == (False, None, (), (4, 1))


def test_without_the_bidder_a_tie_at_the_target_goes_clockwise_from_the_bidder() -> None:
    """Four seats: seat 1 bids 1 with no trump and is set; seats 0, 2 and 3 all reach 11
    (the nine, High, Low). Seat 2 is the first of them clockwise from the bidder."""
    state = hand(BIDDER_OUT, "bid 1", [8, 0, 10, 10], players=4)
    assert outcome(state) == (True, 2, (2,), (11, -1, 11, 11))


# ---------------------------------------------------------------- several winners


def test_every_side_at_the_target_wins_together() -> None:
    """all-reaching: the same hand takes seats 0, 2 and 3 to 11; all three win, so
    ``winner`` is None and ``winners`` names them; the hand result says so too."""
    state = hand("going_out: {kind: all-reaching}\n", "bid 1", [8, 0, 10, 10], players=4)
    assert outcome(state) == (True, None, (0, 2, 3), (11, -1, 11, 11))
    assert state.hand_results[-1].winners == (0, 2, 3) and state.hand_results[-1].ended_game
    assert state.view(1).winners == (0, 2, 3) and state.view(1).winner is None
    assert loads(dumps(state)) == state and loads(dumps(state)).winners == (0, 2, 3)
    text = pc.write_history(state)
    assert '[Result "sides 0, 2 and 3 win"]' in text and pc.read_history(text) == state


def test_one_side_at_the_target_wins_alone_under_all_reaching() -> None:
    state = hand("going_out: {kind: all-reaching}\n", "bid 1", [0, 10])
    assert outcome(state) == (True, 1, (1,), (4, 11))
    both = hand("going_out: {kind: all-reaching}\n", "bid 1", [8, 10])
    assert outcome(both) == (True, None, (0, 1), (12, 11))


def test_a_shared_tie_under_highest_total() -> None:
    """Seats 0 and 1 both reach 11: by default the tie goes to the bidder (seat 1); with
    tie: shared both win."""
    tied = "going_out: {kind: highest-total, tie: shared}\n"
    assert outcome(hand(tied, "bid 1", [7, 10])) == (True, None, (0, 1), (11, 11))
    assert outcome(hand("going_out: {kind: highest-total}\n", "bid 1", [7, 10])) == (True, 1, (1,), (11, 11))
    assert outcome(hand(tied, "bid 1", [8, 10])) == (True, 0, (0,), (12, 11))  # no tie: one winner
    four = hand(tied, "bid 1", [8, 0, 10, 10], players=4)
    assert outcome(four) == (True, None, (0, 2, 3), (11, -1, 11, 11))


def test_a_shared_tie_after_the_last_round() -> None:
    """rounds with tie: shared: every side tied for the highest total after the last round wins."""
    last = Ledger(((0, 2), (1, 1)), None, 0, None, hand=3, players=3)
    assert Rounds(rounds=3, tie="shared").settle((1, 2, 0), last, None) == ((2, 1, 0), (0, 1), True)
    assert Rounds(rounds=3).settle((1, 2, 0), last, None) == ((2, 1, 0), None, True)
    assert Rounds(rounds=3, tie="shared").settle((2, 2, 0), last, None) == ((2, 1, 0), 0, True)


# ---------------------------------------------------------------- win by two

WIN_BY_TWO = "going_out: {kind: bidder-first, win_by: 2}\n"


def test_a_side_at_the_target_must_lead_by_two() -> None:
    """bidder-first from 10-10: the bidder reaches 11 with High but leads by 1 only; the
    count goes on: seat 0's Low makes 11-11, its nine 14-11, a lead of 3: seat 0 wins."""
    assert outcome(hand(WIN_BY_TWO, "bid 1", [10, 10])) == (True, 0, (0,), (14, 11))
    assert outcome(hand("going_out: {kind: bidder-first}\n", "bid 1", [10, 10])) == (True, 1, (1,), (10, 11))


def test_a_tie_at_the_target_plays_on_when_the_winner_must_lead() -> None:
    """highest-total from 7-10: both reach 11, a tie, so with win_by: 2 nobody wins yet."""
    state = hand("going_out: {kind: highest-total, win_by: 2}\n", "bid 1", [7, 10])
    assert outcome(state) == (False, None, (), (11, 11))
    assert state.hand_results[-1].winners == ()


def test_a_lead_can_come_from_a_rival_set_back() -> None:
    """11-10, seat 1 bids 2 and takes nothing: set back to 8, seat 0 leads by 3 at 11 and
    wins though it scored nothing this hand."""
    set_back = Ledger((), 1, 2, False, penalty=2, players=2)
    assert AwardOrder(win_by=2).settle((11, 10), set_back, 1) == ((0, -2), 0, True)
    assert AwardOrder(win_by=4).settle((11, 10), set_back, 1) == ((0, -2), None, False)
    assert "win by 2" in BidderFirst(win_by=2).goal(4)


def test_win_by_with_several_winners_is_refused() -> None:
    with pytest.raises(pc.VariantError, match=r"going_out\.win_by: all-reaching lets several sides win"):
        house("going_out: {kind: all-reaching, win_by: 2}\n")
    with pytest.raises(pc.VariantError, match=r"going_out\.win_by: highest-total lets several sides win"):
        house("going_out: {kind: highest-total, tie: shared, win_by: 2}\n")
    assert HighestTotal(win_by=2).problems() == [] and AllReaching().problems() == []


# ---------------------------------------------------------------- out after N set-backs

DEALER_SET = "auction: {all_pass: dealer-set-back}\n"


def passes(state: GameState, hands: int) -> GameState:
    """Everyone passes, ``hands`` hands running (each sets the dealer back)."""
    for _ in range(hands * state.players):
        state = state.apply("pass")
    return state


def test_a_side_out_after_its_set_backs_loses() -> None:
    """Two seats, everyone passing: the dealer is set back 1 each hand, dealing in turn.
    With lose_after_sets: 2, seat 0's second set-back (the third hand) loses it the game."""
    variant = house("going_out: {lose_after_sets: 2}\n", all_pass="dealer-set-back")
    state = passes(pc.new_game(variant, players=2, seed=1), 2)
    assert outcome(state) == (False, None, (), (-1, -1))
    state = passes(state, 1)
    assert outcome(state) == (True, 1, (1,), (-2, -1))
    assert [result.made for result in state.hand_results] == [False, False, False]


def test_with_more_sides_the_highest_other_side_wins_after_the_set_backs() -> None:
    """Three seats, lose_after_sets: 1: the dealer (seat 0) is set back once and loses; the
    highest other side wins, a tie to the first clockwise from the loser."""
    variant = house("going_out: {lose_after_sets: 1}\n", all_pass="dealer-set-back")
    assert outcome(passes(pc.new_game(variant, players=3, seed=1, scores=[0, 3, 5]), 1)) == \
        (True, 2, (2,), (-1, 3, 5))
    assert outcome(passes(pc.new_game(variant, players=3, seed=1, scores=[0, 5, 5]), 1)) == \
        (True, 1, (1,), (-1, 5, 5))


def test_a_bidder_set_in_play_counts() -> None:
    """Seat 1 bids 2, takes 1 and is set: its first set-back, which loses with lose_after_sets: 1."""
    assert outcome(hand("going_out: {lose_after_sets: 1}\n", "bid 2", [0, 0])) == (True, 0, (0,), (4, -2))
    assert outcome(hand("going_out: {lose_after_sets: 2}\n", "bid 2", [0, 0])) == (False, None, (), (4, -2))
    # reaching the target on the same hand ends the game first
    assert outcome(hand("going_out: {lose_after_sets: 1}\n", "bid 2", [7, 0])) == (True, 0, (0,), (11, -2))


def test_set_backs_count_for_every_kind() -> None:
    ledger = Ledger((), 0, 2, False, penalty=2, players=2, sets=(3, 0))
    for rule in (BidderFirst(lose_after_sets=3), HighestTotal(lose_after_sets=3), Rounds(lose_after_sets=3)):
        assert rule.settle((0, 0), ledger, 0) == ((-2, 0), 1, True)
        assert "lose after 3 set-backs" in rule.goal(2)
    assert BidderFirst(lose_after_sets=4).settle((0, 0), ledger, 0) == ((-2, 0), None, False)


# ---------------------------------------------------------------- everyone passes: the dealer is set back


def test_the_dealer_may_pass_and_is_set_back_the_lowest_bid_unplayed() -> None:
    """Four seats, auction-pitch's bids 1 to 4: everyone passes, the dealer too. The hand is
    not played: the dealer is the bidder of 1 and set back 1; nobody else scores; the next
    seat deals."""
    variant = pc.load_variant_text("extends: auction-pitch\nname: h\n" + DEALER_SET)
    state = pc.new_game(variant, seed=5)
    for _ in range(3):
        state = state.apply("pass")
    assert state.to_move == state.dealer == 0 and "pass" in {str(m) for m in state.legal_moves()}
    state = state.apply("pass")
    result = state.hand_results[-1]
    assert (result.bidder, result.bid, result.made, result.delta) == (0, 1, False, (-1, 0, 0, 0))
    assert dict(result.awards) == {"high": None, "low": None, "jack": None, "game": None}
    assert result.tricks == () and result.dealer == 0 and not result.ended_game
    assert result.describe().startswith("everyone passed: the dealer, seat 0, is set back 1 unplayed")
    assert (state.scores, state.dealer, state.deal_number, state.to_move) == ((-1, 0, 0, 0), 1, 1, 2)
    assert loads(dumps(state)) == state


def test_the_dealer_set_back_pays_nobody_and_counts_for_partners() -> None:
    """Partnership Pitch (bids 1 to 4) with set_bid_to: defenders: the dealer's side is set
    back 1 and the defenders score nothing, for the hand was never played."""
    text = ("extends: partnership-pitch\nname: h\nauction: {all_pass: dealer-set-back}\n"
            "settlement: {set_bid_to: defenders}\n")
    state = passes(pc.new_game(pc.load_variant_text(text), seed=2, dealer=1), 1)
    assert state.scores == (0, -1) and state.hand_results[-1].bidder == 1


def test_the_unplayed_hand_on_the_fast_path() -> None:
    """``step_in_hand`` stops at the unplayed hand; ``score`` says what ``apply`` scores."""
    variant = pc.load_variant_text("extends: auction-pitch\nname: h\n" + DEALER_SET)
    state = pc.new_game(variant, seed=5, players=3)
    done = False
    quick = state
    for _ in range(3):
        quick, done = fast.step_in_hand(quick, pc.Move("pass"))
    assert done
    result, winner = fast.score(quick)
    assert (result.delta, winner) == ((-1, 0, 0), None)
    game = fast.Game(state)
    for _ in range(3):
        game.apply(pc.Move("pass"))
    assert game.freeze() == passes(state, 1)


def test_records_without_winners_still_load_and_wrong_winners_are_refused() -> None:
    """A record of an earlier release has no ``winners``: it loads, its winners read from
    ``winner``. A record whose ``winners`` the moves do not give is refused."""
    import json

    state = hand(BIDDER_OUT, "bid 1", [8, 10])
    record = json.loads(dumps(state))
    assert record["winners"] == [1] and record["hand_results"][-1]["winners"] == [1]
    old = dict(record)
    del old["winners"]
    old["hand_results"] = [{k: v for k, v in result.items() if k != "winners"} for result in record["hand_results"]]
    assert loads(json.dumps(old)) == state and loads(json.dumps(old)).winners == (1,)
    with pytest.raises(pc.RecordError, match="winners"):
        loads(json.dumps({**record, "winners": [0]}))
    wrong = json.loads(dumps(state))
    wrong["hand_results"][-1]["winners"] = [0, 1]
    with pytest.raises(pc.RecordError, match="hand_results"):
        loads(json.dumps(wrong))
    early = json.loads(dumps(state))
    early["hand_results"][-1]["ended_game"] = False
    early["hand_results"][-1]["winners"] = [1]
    with pytest.raises(pc.RecordError, match="only the hand that ended the game has winners"):
        loads(json.dumps(early))


def test_the_heuristic_dealer_bids_rather_than_be_set_back_unplayed() -> None:
    """Passing would cost the lowest bid for sure; bidding it can only do better."""
    import random

    from pitchcore.bots.heuristic import HeuristicBot

    variant = pc.load_variant_text("extends: auction-pitch\nname: h\n" + DEALER_SET)
    weak = ["6C 7H 8S 9C 5H 4C", "8C 9D TH JS QC KD", "AC 2D 3H 4S 5C 6D", "7C 8D 9H TS JC QD"]
    state = pc.new_game(variant, seed=1, dealer=0, hands=weak)
    for _ in range(3):
        state = state.apply("pass")
    move = HeuristicBot().choose(state.view(0), state.legal_moves(), random.Random(1))
    assert str(move) == "bid 1"

    redeal = pc.new_game("auction-pitch", seed=1, dealer=0, hands=weak)
    for _ in range(3):
        redeal = redeal.apply("pass")
    assert str(HeuristicBot().choose(redeal.view(0), redeal.legal_moves(), random.Random(1))) == "pass"
