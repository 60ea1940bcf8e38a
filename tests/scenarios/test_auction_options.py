"""Scenario tests for the auction and deal options any variant can switch on (issue 4).

All pass (redeal, dealer-must-bid, pass-deal), the dealer's take, the forced bid by holding
(Nine-Five), the sell-out auction (Sell-out / Commercial Pitch, PITCH-FAMILY 2.2) and the
worthless-hand redeal (seed 001's coke hand). Each option is a house-rule file extending a
bundled variant. Stacked 6-card deals, 4 seats, dealer 0 (eldest seat 1) unless said.
"""

from __future__ import annotations

import random

import pytest
from stacked import SWEEP_HANDS, SWEEP_TRICKS, legal, play, seats

import pitchcore as pc
from conftest import card_locations, random_game, refused
from pitchcore.game.engine import start_hand
from pitchcore.model.cards import RANKS, mask_of, parse_cards
from pitchcore.model.state import GameState, Phase


def house(text: str, base: str = "auction-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


def new(variant: pc.Variant, hands: list[str] = SWEEP_HANDS, **kw: object) -> GameState:
    return pc.new_game(variant, players=len(hands), seed=17, dealer=0, hands=hands, **kw)


ALL_PASS = ["pass", "pass", "pass", "pass"]


# ---------------------------------------------------------------- all pass


def test_all_pass_redeal_keeps_the_dealer() -> None:
    """all_pass: redeal (auction-pitch): the hand is thrown in and the same dealer deals again."""
    s = play(new(house("auction: {all_pass: redeal}\n")), ALL_PASS)
    assert (s.dealer, s.deal_number, s.phase, s.to_move) == (0, 1, Phase.BIDDING, 1)
    assert s.hand_results == () and s.scores == (0, 0, 0, 0)


def test_all_pass_pass_deal_passes_the_deal_clockwise() -> None:
    """all_pass: pass-deal (Nine-Five): the hand is thrown in and the next seat clockwise
    deals; its left-hand neighbour bids first. Nobody scores."""
    variant = house("auction: {all_pass: pass-deal}\n")
    s = play(new(variant), ALL_PASS)
    assert (s.dealer, s.deal_number, s.phase, s.to_move) == (1, 1, Phase.BIDDING, 2)
    assert s.hand_results == () and s.scores == (0, 0, 0, 0)
    assert legal(s) >= {"pass", "bid 1"}
    s = play(s, ALL_PASS)
    assert (s.dealer, s.deal_number, s.to_move) == (2, 2, 3)
    wrap = pc.new_game(variant, players=4, seed=17, dealer=3, hands=SWEEP_HANDS)
    assert play(wrap, ALL_PASS).dealer == 0


def test_all_pass_dealer_must_bid_sticks_the_dealer() -> None:
    """all_pass: dealer-must-bid ("stick the dealer"): when everyone else passed, the dealer
    may not pass."""
    s = play(new(house("auction: {all_pass: dealer-must-bid}\n")), ["pass", "pass", "pass"])
    assert legal(s) == {"bid 1", "bid 2", "bid 3", "bid 4"}
    refused(s, "pass", r"everyone else passed, so the dealer \(seat 0\) may not pass")


# ---------------------------------------------------------------- the dealer's take


def test_the_dealer_may_take_at_equal_but_never_a_smudge() -> None:
    """dealer_may_take: true (RULES.md P1): the dealer may take the high bid by bidding equal
    to it, and becomes the bidder for it; a smudge (the shoot bid) can not be taken."""
    s = play(new(house("auction: {dealer_may_take: true}\n")), ["bid 2", "pass", "pass"])
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4"}
    taken = s.apply("bid 2")
    assert (taken.bidder, taken.bid, taken.phase) == (0, 2, Phase.PLAYING)
    smudge = play(new(house("")), ["bid 4", "pass", "pass"])
    assert legal(smudge) == {"pass"}
    refused(smudge, "bid 4", "dealer")


def test_the_dealer_must_outbid_when_it_may_not_take() -> None:
    """dealer_may_take: false (Pitch (Smudge), Trickster "Dealer can steal: No"): the dealer
    bids like everyone else, higher than the high bid."""
    s = play(new(house("auction: {dealer_may_take: false}\n")), ["bid 2", "pass", "pass"])
    assert legal(s) == {"pass", "bid 3", "bid 4"}
    refused(s, "bid 2", r"the dealer \(seat 0\) may pass or bid 3 to 4")


def test_a_bid_must_be_higher_than_the_high_bid() -> None:
    s = play(new(house("")), ["bid 2"])
    refused(s, "bid 2", r"higher than the high bid \(2\)")
    refused(s, "bid 7", "not a bid of this auction")


# ---------------------------------------------------------------- forced bid by holding

# Seat 1 holds 9H and 4H (forced); seat 2 holds a lone 9S (not forced); seat 3 holds 9C and
# QC (forced); seat 0 (the dealer) holds 9D and 2D (forced).
NINES = seats(
    s1="9H 4H AC 3S 5S 7S",
    s2="9S 2C 3H 5D 6D 7D",
    s3="9C QC 8H 8D TD JD",
    s0="9D 2D KH 2H 6H 3C",
)
FORCED = "auction: {min_bid: 1, max_bid: 4, forced_bid: 3}\n"


def test_a_nine_and_another_of_its_suit_forces_a_bid_of_at_least_n() -> None:
    """forced_bid: N (Nine-Five, N = 9 there): a player holding a 9 and at least one more
    card of that suit may not pass and must bid at least N."""
    s = new(house(FORCED), NINES)
    assert legal(s) == {"bid 3", "bid 4"}
    refused(s, "pass", "seat 1 holds a 9 and another card of its suit, so it may not pass "
                       "and must bid at least 3: it may bid 3 to 4")
    refused(s, "bid 2", "must bid at least 3")


def test_a_lone_nine_does_not_force() -> None:
    s = new(house(FORCED), seats(s1="9S 2C 3H 5D 6D 7D", s2="9H 4H AC 3S 5S 7S",
                                  s3="9C QC 8H 8D TD JD", s0="9D 2D KH 2H 6H 3C"))
    assert legal(s) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}


def test_a_forced_player_may_pass_once_the_bid_reaches_n() -> None:
    """The force is to bid at least N: once the high bid is N or more, a forced player may
    pass (the dealer may also take it at equal)."""
    s = play(new(house(FORCED), NINES), ["bid 3", "pass"])
    assert s.to_move == 3 and legal(s) == {"pass", "bid 4"}
    s = s.apply("pass")
    assert legal(s) == {"pass", "bid 3", "bid 4"}


def test_a_forced_dealer_below_n_must_bid_n_even_with_the_take() -> None:
    s = play(new(house(FORCED), seats(
        s1="2S 4H AC 3S 5S 7S", s2="9S 2C 3H 5D 6D 7D", s3="4C QC 8H 8D TD JD",
        s0="9D 2D KH 2H 6H 3C")), ["bid 1", "pass", "pass"])
    assert s.to_move == 0 and legal(s) == {"bid 3", "bid 4"}
    refused(s, "bid 1", "must bid at least 3")


def test_without_forced_bid_nobody_is_forced() -> None:
    s = new(house(""), NINES)
    assert "pass" in legal(s)


# ---------------------------------------------------------------- sell-out

SELL_OUT = "auction: sell-out\nshoot: none\n"


def sell_out(text: str = "") -> pc.Variant:
    return house(SELL_OUT + text)


def test_sell_out_eldest_pitches_at_once_or_lets_the_others_bid() -> None:
    """sell-out: the eldest moves first: bid 4 pitches at once, pass lets the others bid."""
    s = new(sell_out())
    assert s.to_move == 1 and legal(s) == {"pass", "bid 4"}
    refused(s, "bid 2", r"the eldest \(seat 1\) either pitches at once \(bid 4\) or lets the "
                        r"others bid \(pass\)")
    at_once = s.apply("bid 4")
    assert (at_once.bidder, at_once.bid, at_once.phase, at_once.to_move) == (1, 4, Phase.PLAYING, 1)
    assert at_once.info.bids == ((1, 4),)
    assert at_once.table.variant.auction.sale(at_once.info) is None


# Seat 1 pitches hearts holding AH, 2H (High, Low); seat 3 takes Jack, seat 0 Game.
SPLIT_HANDS = seats(
    s1="AH 2H 3C 4C 5C 6C",
    s2="TC KC 7S 8S 9S QS",
    s3="JH 9H 2D 3D 4D 5D",
    s0="6D 7D 8D 9D TD 2S",
)
SPLIT_TRICKS = [
    "play AH", "play 7S", "play 9H", "play 2S",
    "play 3C", "play TC", "play JH", "play 6D",
    "play 2D", "play TD", "play 4C", "play 8S",
    "play 7D", "play 5C", "play 9S", "play 5D",
    "play 8D", "play 6C", "play QS", "play 4D",
    "play 9D", "play 2H", "play KC", "play 3D",
]


def test_sell_out_pitching_at_once_must_make_4_or_be_set_back_4() -> None:
    """Pitching at once is a bid of 4 (pitch_bid): all four points, or set back 4."""
    made = play(new(sell_out()), ["bid 4", *SWEEP_TRICKS]).hand_results[-1]
    assert (made.bidder, made.bid, made.made, made.delta) == (1, 4, True, (0, 4, 0, 0))
    failed = play(new(sell_out(), SPLIT_HANDS), ["bid 4", *SPLIT_TRICKS]).hand_results[-1]
    assert (failed.bidder, failed.bid, failed.made, failed.delta) == (1, 4, False, (1, -4, 0, 1))


def test_sell_out_the_others_bid_once_each_clockwise_1_to_3() -> None:
    """The others bid once each, clockwise from the eldest's left, the dealer last; each bid
    is 1-3 and higher than the last; then the turn goes back to the eldest."""
    s = new(sell_out()).apply("pass")
    assert s.to_move == 2 and legal(s) == {"pass", "bid 1", "bid 2", "bid 3"}
    s = s.apply("bid 2")
    assert s.to_move == 3 and legal(s) == {"pass", "bid 3"}
    refused(s, "bid 2", r"seat 3 may pass or bid 3 to 3, higher than the high bid \(2\)")
    s = s.apply("bid 3")
    assert s.to_move == 0 and legal(s) == {"pass"}
    refused(s, "bid 3", "the most there is: seat 0 may only pass")
    s = s.apply("pass")
    assert s.to_move == 1 and s.phase is Phase.BIDDING
    assert legal(s) == {"pass", "bid 3"}
    refused(s, "bid 2", r"either sells to seat 3 for 3 \(pass\) or refuses and pitches for 3 "
                        r"itself \(bid 3\)")


def test_sell_out_eldest_sells_to_the_top_bidder() -> None:
    """pass: the eldest sells: the top bidder is the pitcher for its bid, and the eldest
    scores the bid at once (``sale``: seat 1 scores 2)."""
    s = play(new(sell_out()), ["pass", "bid 1", "bid 2", "pass", "pass"])
    assert (s.bidder, s.bid, s.phase, s.to_move) == (3, 2, Phase.PLAYING, 3)
    assert s.info.bids == ((1, None), (2, 1), (3, 2), (0, None), (1, None))
    assert s.table.variant.auction.sale(s.info) == (1, 2)


def test_sell_out_eldest_refuses_and_pitches_for_the_top_bid() -> None:
    """bid N: the eldest refuses: it pitches for N itself, and the top bidder scores N at
    once (``sale``: seat 3 scores 2)."""
    s = play(new(sell_out()), ["pass", "bid 1", "bid 2", "pass", "bid 2"])
    assert (s.bidder, s.bid, s.phase, s.to_move) == (1, 2, Phase.PLAYING, 1)
    assert s.table.variant.auction.sale(s.info) == (3, 2)
    result = play(s, SWEEP_TRICKS).hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (1, 2, True)


def test_sell_out_nobody_bids_eldest_pitches_without_obligation() -> None:
    """Nobody bids: the eldest pitches with no obligation: it is the bidder for 0, so it is
    never set back, whatever it takes."""
    s = play(new(sell_out()), ["pass", "pass", "pass", "pass"])
    assert (s.bidder, s.bid, s.phase, s.to_move) == (1, 0, Phase.PLAYING, 1)
    assert s.table.variant.auction.sale(s.info) is None
    rng = random.Random(3)
    while not s.hand_results:
        s = s.apply(rng.choice(s.legal_moves()))
    result = s.hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (1, 0, True)
    assert result.delta[1] >= 0


def test_sell_out_bids_and_pitch_bid_are_fields() -> None:
    variant = house("auction: {kind: sell-out, min_bid: 2, max_bid: 5, pitch_bid: 6}\nshoot: none\n"
                    "points: [{kind: high}, {kind: low}, {kind: jack}, {kind: game, value: 3}]\n")
    s = new(variant)
    assert legal(s) == {"pass", "bid 6"}
    assert legal(s.apply("pass")) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}


def test_sell_out_moves_replay_from_their_texts() -> None:
    states, moves = random_game(sell_out(), 5, max_hands=3)
    replay = pc.new_game(sell_out(), seed=5)
    for move in moves:
        replay = replay.apply(str(move))
    assert replay == states[-1]


def test_single_round_sells_nothing() -> None:
    s = play(new(house("")), ["bid 2", "pass", "pass", "pass"])
    assert s.table.variant.auction.sale(s.info) is None


# ---------------------------------------------------------------- worthless hand (coke hand)

LOW_CARDS = mask_of(parse_cards(" ".join(r + s for s in "CDHS" for r in RANKS[:8])))


def worthless(state: GameState) -> bool:
    return any(not mask & ~LOW_CARDS for mask in state.masks)


def first_seed(variant: pc.Variant, wanted: bool) -> int:
    return next(seed for seed in range(1000) if worthless(pc.new_game(variant, seed=seed)) == wanted)


def test_a_hand_with_no_card_above_a_9_is_redealt_by_the_same_dealer() -> None:
    """worthless_hand: redeal (seed 001's coke hand, automatic): when a seat is dealt no card
    above a 9, the deal is thrown in before the bidding and the same dealer deals again."""
    played = house("deal: {worthless_hand: play}\n")
    redealt = house("deal: {worthless_hand: redeal}\n")
    seed = first_seed(played, True)
    s = pc.new_game(redealt, seed=seed, dealer=2)
    assert s.deal_number >= 1 and s.dealer == 2 and not worthless(s)
    assert (s.phase, s.to_move, s.info.bids) == (Phase.BIDDING, 3, ())
    base = pc.new_game(played, seed=seed, dealer=2)
    assert base.deal_number == 0 and worthless(base)
    for number in range(s.deal_number):  # every deal before it was thrown in
        assert worthless(start_hand(base, 2, number))
    assert start_hand(base, 2, s.deal_number).masks == s.masks


def test_a_hand_with_a_ten_or_better_is_played() -> None:
    redealt = house("deal: {worthless_hand: redeal}\n")
    seed = first_seed(house(""), False)
    assert pc.new_game(redealt, seed=seed).deal_number == 0


def test_a_stacked_worthless_first_deal_is_played_as_given() -> None:
    hands = seats(s1="2C 3C 4C 5C 6C 7C", s2="AH KH 2H AC KC QC", s3="JH TC 4D 3D 2D 9S",
                  s0="QS KS AS 4H 3H TH")
    s = new(house("deal: {worthless_hand: redeal}\n"), hands)
    assert s.deal_number == 0 and worthless(s)


def test_the_redeal_also_follows_a_hand_that_was_played() -> None:
    """The next hand's deal is checked too: no hand in a long game starts worthless."""
    states, _ = random_game(house("deal: {worthless_hand: redeal}\n"), 11, max_hands=30)
    starts = [state for state in states if state.phase is Phase.BIDDING and not state.info.bids]
    assert len({state.deal_number for state in starts}) > 5
    assert not any(worthless(state) for state in starts)


# ---------------------------------------------------------------- random games

RANDOM_VARIANTS = {
    "pass-deal": house("auction: {all_pass: pass-deal}\n"),
    "stick-the-dealer": house("auction: {all_pass: dealer-must-bid, dealer_may_take: false}\n"),
    "forced-bid": house("auction: {min_bid: 1, max_bid: 4, forced_bid: 2}\n"),
    "nine-five-auction": house("auction: {forced_bid: 2, all_pass: pass-deal}\n"
                               "deal: {worthless_hand: redeal}\n", "hi-lo-jack"),
    "sell-out": sell_out(),
    "sell-out-smudge": house("auction: sell-out\n"),
    "coke-hand": house("deal: {worthless_hand: redeal}\n", "partnership-pitch"),
}


@pytest.mark.parametrize("name", RANDOM_VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_each_option_end_and_keep_every_card(name: str, seed: int) -> None:
    variant = RANDOM_VARIANTS[name]
    states, moves = random_game(variant, seed)
    assert states[-1].is_over, f"{name} still running after {len(states[-1].hand_results)} hands"
    deck = list(range(52))
    for state, move in zip(states, moves, strict=False):
        assert sorted(card_locations(state)) == deck
        assert move in state.legal_moves()
    assert sorted(card_locations(states[-1])) == deck


# worthless_hand: demand (RULES.md: a player dealt no card above a 9 "may demand a redeal")
COKE_HANDS = seats(s1="AH KH 2H AC KC QC", s2="2C 3C 4C 5C 6C 7C", s3="JH TC 4D 3D 2D 9S",
                   s0="QS KS AS 4H 3H TH")
DEMAND = "deal: {worthless_hand: demand}\n"


def test_every_seat_is_asked_before_the_bidding_and_only_a_worthless_hand_may_demand() -> None:
    s = new(house(DEMAND), COKE_HANDS)
    assert (s.phase, s.to_move) == (Phase.DEALING, 1)
    assert legal(s) == {"pass"}
    refused(s, "redeal", "seat 1 holds a card above a 9, so its hand is not worthless")
    refused(s, "bid 2", "before the bidding seat 1 may pass")
    s = s.apply("pass")
    assert (s.phase, s.to_move, legal(s)) == (Phase.DEALING, 2, {"pass", "redeal"})
    kept = play(s, ["pass", "pass", "pass"])  # seat 2 keeps its hand; 3 and the dealer pass
    assert (kept.phase, kept.to_move, kept.deal_number) == (Phase.BIDDING, 1, 0)
    assert kept.masks == s.masks


def test_a_demanded_redeal_throws_the_deal_in_and_the_same_dealer_deals_again() -> None:
    s = play(new(house(DEMAND), COKE_HANDS), ["pass", "redeal"])
    assert (s.dealer, s.deal_number, s.hand_results) == (0, 1, ())
    assert (s.phase, s.to_move) == (Phase.DEALING, 1)  # the new deal is asked about again
    assert s.masks != new(house(DEMAND), COKE_HANDS).masks
    assert sorted(card_locations(s)) == list(range(52))


def test_redeal_is_a_move_text_the_bots_and_the_terminal_understand() -> None:
    from pitchcore.bots import HeuristicBot

    assert str(pc.parse_move("redeal")) == "redeal" and pc.parse_move("Redeal") == pc.Move("redeal")
    s = new(house(DEMAND), COKE_HANDS).apply("pass")
    assert HeuristicBot().choose(s.view(2), s.legal_moves(), random.Random(1)) == pc.Move("redeal")
    assert pc.Move("redeal").describe() == "shows a worthless hand and demands a redeal"
    assert pc.Move("pass").describe(Phase.DEALING) == "keeps its hand (no redeal)"


def test_demand_games_end_with_redeals_on_the_way() -> None:
    states, moves = random_game(house(DEMAND), 5, max_hands=40)
    assert any(move.kind == "redeal" for move in moves)
    assert states[-1].is_over or len(states[-1].hand_results) == 40
