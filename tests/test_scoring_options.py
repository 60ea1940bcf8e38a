"""Scoring options (issue 4): Low and Game as fixed trump cards, the off-five point, what a
set bidder keeps and pays, a shoot that resets a negative score, a loss threshold, and
Smear's same-hand finish.

Each option is a small house-rule file extending auction-pitch, played from a stacked deal.
The points of the settlement and going-out tests all go to the holder, so who wins each is
fixed by the deal and the hands are played out by the first legal card.
"""

from __future__ import annotations

import pytest

import pitchcore as pc
from conftest import play
from pitchcore.components.going_out import AwardOrder, BidderFirst, BidderOnly, HighestTotal, WinOnBid
from pitchcore.components.rounds import Rounds
from pitchcore.components.settlement import Ledger, NoJunk, SetBack
from pitchcore.model.state import GameState


def house(text: str, base: str = "auction-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


def finish(state: GameState) -> GameState:
    """Play the hand out with the first legal move until it is scored."""
    hands = len(state.hand_results)
    while not state.is_over and len(state.hand_results) == hands:
        state = state.apply(state.legal_moves()[0])
    return state


# ---------------------------------------------------------------- points as fixed trump cards

TWO_SEATS = "deal: {min_players: 2, max_players: 2, default_players: 2}\n"
TWO_HANDED = TWO_SEATS + "trump: named\n"
"""Auction Pitch for two, trump named by the bidder (seat 1, the dealer's left)."""

# Hearts trump. Seat 0 holds AH and TH, seat 1 the 3H (the 2H is not in play, so the 3H is
# the lowest trump in play). Seat 0 takes the TH on the first trick, but seat 1 takes the
# other tens: Game pips 14 (seat 0) to 27 (seat 1).
FIXED_HANDS = ["TH AH 2C 3C 4D 6D", "3H TC AC TD KD 2S"]
FIXED_PLAY = [
    "bid 1", "pass", "trump H",
    "play 3H", "play TH",   # seat 0 takes 3H and TH (10 pips)
    "play 2C", "play TC",   # seat 1: TC (10)
    "play AC", "play 3C",   # seat 1: AC (4)
    "play TD", "play 4D",   # seat 1: TD (10)
    "play KD", "play 6D",   # seat 1: KD (3)
    "play 2S", "play AH",   # seat 0: AH (4), with the 2S
]


def fixed_hand(points: str) -> pc.HandResult:
    variant = house(TWO_HANDED + f"points: {points}\n")
    state = play(pc.new_game(variant, seed=3, dealer=0, hands=FIXED_HANDS), FIXED_PLAY)
    return state.hand_results[-1]


def test_low_is_the_lowest_trump_in_play_by_default() -> None:
    result = fixed_hand("[{kind: high, receiver: holder}, {kind: low, receiver: holder}, jack, game]")
    assert dict(result.awards) == {"high": 0, "low": 1, "jack": None, "game": 1}
    assert result.delta == (1, 2) and result.game_pips == (14, 27)


def test_low_as_the_two_of_trumps_only_is_a_trump_card() -> None:
    """Ten-point Pitch, Cinch, Pedro: Low is the 2 of trumps; not in play, nobody scores it."""
    result = fixed_hand('[{kind: high, receiver: holder}, {kind: trump-card, name: low, rank: "2", '
                        "receiver: holder}, jack, game]")
    assert dict(result.awards) == {"high": 0, "low": None, "jack": None, "game": 1}
    assert result.delta == (1, 1)
    in_play = fixed_hand('[{kind: high, receiver: holder}, {kind: trump-card, name: low, rank: "3", '
                         "receiver: holder}, jack, game]")
    assert in_play.awards["low"] == 1  # (the rank is the fixed card: here the 3, which is in play)


def test_the_ten_of_trumps_replaces_game() -> None:
    """Trickster's "ten of trump replaces Game", Cinch, Pedro: the side that takes the TH
    scores Game, whatever the pips (seat 1 has more)."""
    result = fixed_hand("[{kind: high, receiver: holder}, {kind: low, receiver: holder}, jack, "
                        "{kind: trump-card, name: game, rank: T}]")
    assert dict(result.awards) == {"high": 0, "low": 1, "jack": None, "game": 0}
    assert result.delta == (2, 1)
    assert result.game_pips == (14, 27)  # still reported: the pips captured


def test_high_as_the_ace_of_trumps_only_is_a_trump_card() -> None:
    """Cinch's High is the ace of trumps: the KH would be High in play, but not here."""
    variant = house(TWO_HANDED + "points: [{kind: trump-card, name: high, rank: A}, game]\n"
                    "auction: {max_bid: 2}\nshoot: none\n")
    hands = ["KH 2C 3C 4C 5C 6C", "3H AD KD QD JD TD"]
    state = finish(play(pc.new_game(variant, seed=3, dealer=0, hands=hands), ["bid 1", "pass", "trump H"]))
    assert state.hand_results[-1].awards["high"] is None


# ---------------------------------------------------------------- the off-five (Left Pedro)

OFF_FIVE = TWO_SEATS + "trump: {kind: named, extras: [off-five]}\n"


def test_the_off_five_point_goes_to_the_side_that_takes_it() -> None:
    """Hearts trump: the 5D is the off-five, a trump between the 5H and the 4H. Seat 1 leads
    the 4H; seat 0 must follow with a trump, its 5D, which wins the trick: the Left Pedro (5)
    goes to seat 0. High (6H) and Low (4H) are seat 1's."""
    variant = house(OFF_FIVE + "points: [{kind: high, receiver: holder}, {kind: off-five, name: left-pedro}, "
                    "{kind: low, receiver: holder}]\nauction: {max_bid: 7}\nshoot: {bid: 7}\n")
    hands = ["5D 2C 3C 4C 5C 6C", "4H 6H AD KD QD JD"]
    state = play(pc.new_game(variant, seed=3, dealer=0, hands=hands), ["bid 1", "pass", "trump H"])
    state = play(state, ["play 4H"])
    assert {str(m) for m in state.legal_moves()} == {"play 5D"}  # a trump led: the off-five follows
    state = state.apply("play 5D")
    assert state.done_tricks[-1][2] == 0  # 5D (off-five) beats the 4H
    state = finish(state)
    result = state.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "left-pedro": 0, "low": 1}
    assert result.delta == (5, 2)


def test_the_off_five_point_needs_the_off_five_extra() -> None:
    with pytest.raises(pc.VariantError, match=r"points\[1\]\.kind: off-five needs the off-five to be "
                                              r"a trump: set trump.extras: \[off-five\]"):
        house("points: [high, {kind: off-five, value: 1}, low, jack]\n")


def test_the_off_five_is_worth_five_by_default() -> None:
    variant = house("trump: {extras: [off-five]}\npoints: [high, off-five, low]\nauction: {max_bid: 7}\n"
                    "shoot: {bid: 7}\n")
    assert [(point.name, point.value) for point in variant.points] == [("high", 1), ("off-five", 5), ("low", 1)]


# ---------------------------------------------------------------- settlement when the bidder is set

HOLDER_POINTS = ("trump: named\npoints: [{kind: high, receiver: holder}, {kind: low, receiver: holder}, "
                 '{kind: trump-card, name: nine, rank: "9", value: 3, receiver: holder}]\n'
                 "auction: {min_bid: 1, max_bid: 5}\n")
"""High 1, Low 1, the 9 of trumps 3, all to the holder: the deal alone decides the awards.
(A bid of 4 is still auction-pitch's smudge; the hands here bid less, or shoot with 5.)"""

# Two seats, hearts: seat 1 (the bidder) holds High; seat 0 holds Low (2H) and the nine.
SPLIT = ["9H 2H 3S 4S 5S 6S", "AH KC QC JC TC 9C"]
# Four seats, hearts named by seat 1, which holds no trump: seat 2 High, seat 3 Low, seat 0 the nine.
FOUR = ["9H 3S 4S 5S 6S 7S", "KC QC JC TC 8C 7C", "AH 2D 3D 4D 5D 6D", "2H 8D 9D TD JD QD"]


def split_hand(text: str, bid: str, players: int = 2, **kw: object) -> GameState:
    hands = SPLIT if players == 2 else FOUR
    variant = house(HOLDER_POINTS + text)
    state = pc.new_game(variant, players=players, seed=3, dealer=0, hands=hands, **kw)
    return finish(play(state, [bid, *["pass"] * (players - 1), "trump H"]))


def test_a_set_bidder_forfeits_its_points_by_default() -> None:
    state = split_hand("", "bid 2")
    assert state.hand_results[-1].made is False
    assert state.scores == (4, -2)  # seat 1's High counts for nothing, and it loses the bid


def test_a_set_bidder_may_keep_its_points() -> None:
    """set_bidder_points: kept (Smear's option): the set bidder scores what it took and loses the bid."""
    state = split_hand("settlement: {set_bidder_points: kept}\n", "bid 2")
    assert state.scores == (4, 1 - 2)


def test_the_setting_side_scores_its_points_plus_the_bid() -> None:
    """set_bid_to: defenders (Cinch)."""
    state = split_hand("settlement: {set_bid_to: defenders}\n", "bid 3")
    assert state.scores == (4 + 3, -3)
    made = split_hand("settlement: {set_bid_to: defenders}\n", "bid 1")
    assert made.scores == (4, 1)  # a made bid pays nobody


def test_every_defending_side_scores_the_bid() -> None:
    """With several defending sides (cutthroat), each scores the bid besides its points."""
    state = split_hand("settlement: {set_bid_to: defenders}\n", "bid 2", players=4)
    assert state.hand_results[-1].delta == (3 + 2, -2, 1 + 2, 1 + 2)


def test_the_setting_side_scores_the_bid_after_its_points() -> None:
    """In a walk in award order the bid comes after the categories: seat 0 reaches 11 with
    the nine (its points), before seat 2 could with the bid (9 + High 1 + the bid 2)."""
    state = split_hand("settlement: {set_bid_to: defenders}\ngoing_out: {kind: award-order}\n",
                       "bid 2", players=4, scores=[8, 0, 9, 0])
    assert (state.winner, state.scores) == (0, (11, 0, 10, 1))


def test_no_junk_cannot_pay_the_defenders() -> None:
    with pytest.raises(pc.VariantError, match=r"settlement\.set_bid_to: no-junk lets only the bidder's side score"):
        house("settlement: {kind: no-junk, set_bid_to: defenders}\n")
    assert house("settlement: {kind: no-junk, set_bidder_points: kept}\n").settlement == NoJunk(
        set_bidder_points="kept")


def test_settlement_credits_and_payments() -> None:
    awards = [(0, 1), (1, 1), (None, 1), (0, 2)]
    assert SetBack(set_bidder_points="kept").credits(awards, 0, False) == ((0, 1), (1, 1), (0, 2))
    assert SetBack().set_pays(1, 4, 3) == ()
    assert SetBack(set_bid_to="defenders").set_pays(1, 4, 3) == ((2, 4), (0, 4))  # clockwise from the bidder
    assert SetBack(set_bid_to="defenders").set_pays(0, 4, 2) == ((1, 4),)


# ---------------------------------------------------------------- a shoot that resets a negative score

RESET = "shoot: {bid: 5, made: win-game-or-reset}\n"
SWEEP = ["3S 4S 5S 6S 7S 8S", "AH 9H 2H KC QC JC"]  # seat 1 holds every point


def shoot_hand(text: str, scores: list[int]) -> GameState:
    state = pc.new_game(house(HOLDER_POINTS + text), seed=3, dealer=0, players=2, hands=SWEEP, scores=scores)
    return finish(play(state, ["bid 5", "pass", "trump H"]))


def test_a_made_shoot_wins_unless_the_side_is_in_the_hole() -> None:
    """made: win-game-or-reset (Trickster): a made shoot wins the game; a side with a negative
    score is reset to zero instead, and the game goes on."""
    won = shoot_hand(RESET, [0, 0])
    assert (won.is_over, won.winner, won.scores) == (True, 1, (0, 5))
    reset = shoot_hand(RESET, [4, -7])
    assert (reset.is_over, reset.scores, reset.hand_results[-1].delta) == (False, (4, 0), (0, 7))


def test_the_other_shoot_rewards_are_kept() -> None:
    assert shoot_hand("shoot: {bid: 5, made: win-game}\n", [0, -7]).winner == 1
    assert shoot_hand("shoot: {bid: 5, made: score-earned}\n", [0, -7]).scores == (0, -2)
    assert shoot_hand("shoot: {bid: 5, made: 11}\n", [0, -7]).scores == (0, 4)


# ---------------------------------------------------------------- losing at a negative score


def test_a_side_at_the_loss_threshold_loses_and_the_other_wins() -> None:
    """lose_at: -5: seat 1 bids 2, takes 1 and is set to -6; seat 0 wins (two sides)."""
    state = split_hand("going_out: {lose_at: -5}\n", "bid 2", scores=[0, -4])
    assert (state.is_over, state.winner, state.scores) == (True, 0, (4, -6))
    assert state.hand_results[-1].ended_game
    assert not split_hand("", "bid 2", scores=[0, -4]).is_over  # off by default


def test_a_score_just_above_the_threshold_plays_on() -> None:
    state = split_hand("going_out: {lose_at: -7}\n", "bid 2", scores=[0, -4])
    assert (state.is_over, state.scores) == (False, (4, -6))


@pytest.mark.parametrize(("scores", "after", "winner"), [
    ([2, -4, 4, 2], (5, -5, 5, 3), 2),    # a tie between seats 0 and 2: seat 2 is first from the loser
    ([3, -4, 4, 2], (6, -5, 5, 3), 0),    # the highest other side
    ([-10, -4, 4, 3], (-7, -5, 5, 4), 2),  # two sides that low: the lowest (seat 0) loses
])
def test_with_more_sides_the_highest_other_side_wins(scores: list[int], after: tuple[int, ...],
                                                     winner: int) -> None:
    state = split_hand("going_out: {lose_at: -5}\n", "bid 1", players=4, scores=scores)
    assert (state.is_over, state.scores, state.winner) == (True, after, winner)


def test_reaching_the_target_on_the_same_hand_wins_first() -> None:
    """The target is judged first: seat 2 reaches 11 with High (bidder-first: the bidder,
    then the others in award order) and wins; scoring stops there."""
    state = split_hand("going_out: {lose_at: -5}\n", "bid 1", players=4, scores=[9, -4, 10, 0])
    assert (state.winner, state.scores) == (2, (9, -5, 11, 0))


@pytest.mark.parametrize("kind", [BidderFirst, BidderOnly, AwardOrder, WinOnBid, HighestTotal, Rounds])
def test_every_going_out_kind_has_the_loss_threshold(kind: type) -> None:
    rule = kind(lose_at=-10)
    set_back = Ledger(((1, 1),), 0, 3, False, penalty=3, players=4)
    delta, winner, over = rule.settle((-8, 5), set_back, 0)
    assert (delta, winner, over) == ((-3, 1), 1, True)
    assert "lose at -10" in rule.goal(4)
    assert kind().settle((-8, 5), set_back, 0)[2] is False


def test_the_loss_threshold_must_be_negative() -> None:
    with pytest.raises(pc.VariantError, match=r"going_out\.lose_at: expected null or a negative whole number"):
        house("going_out: {lose_at: 5}\n")
    with pytest.raises(pc.VariantError, match=r"going_out\.lose_at: expected null or a negative"):
        house("going_out: {kind: rounds, lose_at: 0}\n", base="jacks-trump")


# ---------------------------------------------------------------- Smear's same-hand finish

HIGHEST = "going_out: {kind: highest-total, target: 11}\n"


def test_the_higher_total_wins_when_both_reach_the_target() -> None:
    """Seat 1 (the bidder) reaches 11 with High; seat 0 reaches 12 with Low and the nine:
    highest-total gives the game to seat 0, bidder-first to the bidder."""
    state = split_hand(HIGHEST, "bid 1", scores=[8, 10])
    assert (state.winner, state.scores) == (0, (12, 11))
    assert split_hand("going_out: {kind: bidder-first}\n", "bid 1", scores=[8, 10]).winner == 1


def test_a_tie_at_the_target_goes_to_the_bidder() -> None:
    state = split_hand(HIGHEST, "bid 1", scores=[7, 10])
    assert (state.winner, state.scores) == (1, (11, 11))


def test_the_whole_hand_is_scored_before_anyone_goes_out() -> None:
    state = split_hand(HIGHEST, "bid 2", scores=[8, 10])  # the bidder is set: only seat 0 is out
    assert (state.winner, state.scores) == (0, (12, 8))
    below = split_hand(HIGHEST, "bid 1", scores=[0, 0])
    assert (below.is_over, below.scores) == (False, (4, 1))


def test_a_tie_without_the_bidder_goes_clockwise_from_it() -> None:
    rule = HighestTotal(target=11)
    tied = Ledger(((2, 1), (0, 1), (3, 1)), 1, 2, False, penalty=2)
    assert rule.settle((10, 0, 10, 5), tied, 1) == ((1, -2, 1, 1), 2, True)
    assert rule.settle((10, 0, 9, 5), tied, 1) == ((1, -2, 1, 1), 0, True)
