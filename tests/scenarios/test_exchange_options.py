"""Scenario tests for the exchange options of ``discard-refill`` (issue 4).

Robbing the pack (Cinch: the dealer; Ten-point Pitch: the bidder), what becomes of a
discarded trump (allowed / dead / returned: Nine-Five), what a player discards (every
non-trump, any cards, or exactly down to ``keep``), and a Smear kitty (widow gift of 4).
Each option is a house-rule file extending hi-lo-jack. Stacked deals, 4 seats, dealer 0
(eldest seat 1); seat 1 bids 2, everyone else passes, and seat 1 names hearts.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc
from conftest import card_locations, random_game, refused
from pitchcore.model.cards import card_text, cards_in, mask_text
from pitchcore.model.moves import discard
from pitchcore.model.state import GameState, Phase


def house(text: str, base: str = "hi-lo-jack") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


def new(variant: pc.Variant, hands: list[str], stock: str | None = None, seed: int = 5) -> GameState:
    return pc.new_game(variant, players=4, seed=seed, dealer=0, hands=hands, stock=stock)


def discards(*texts: str) -> set[pc.Move]:
    """Discard moves from their texts, cards in any order."""
    return {pc.parse_move(text) for text in texts}


AUCTION = ["bid 2", "pass", "pass", "pass", "trump H"]

# ---------------------------------------------------------------- robbing the pack

# 13 hearts: seat 1 holds 5, seat 2 three, seat 3 two, seat 0 three. Discarding every
# non-trump and refilling to six takes 1 + 3 + 4 + 3 = 11 of the 16 stock cards (2S; 3S
# 4S 5S; 6S 7S 8S 9S; TS JS QS), which leaves KS AS 4D 3D 2D for the robber.
ROB_HANDS = seats(
    s1="AH KH QH JH TH AC KC QC JC",
    s2="9H 8H 7H TC 9C 8C 7C 6C 5C",
    s3="6H 5H 4C 3C 2C AD KD QD JD",
    s0="4H 3H 2H TD 9D 8D 7D 6D 5D",
)
ROB_STOCK = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 4D 3D 2D"
ROB_DISCARDS = [
    "discard AC KC QC JC",
    "discard TC 9C 8C 7C 6C 5C",
    "discard 4C 3C 2C AD KD QD JD",
    "discard TD 9D 8D 7D 6D 5D",
]
LEFT = {"KS", "AS", "4D", "3D", "2D"}


def test_without_a_robber_the_stock_is_left_alone() -> None:
    s = play(new(house(""), ROB_HANDS, ROB_STOCK), [*AUCTION, *ROB_DISCARDS])
    assert s.phase is Phase.PLAYING and s.to_move == 1
    assert [len(hand) for hand in s.hands] == [6, 6, 6, 6]
    assert {card_text(card) for card in s.info.stock} == LEFT


def test_the_dealer_robs_the_pack_and_discards_down_to_six() -> None:
    """robber: dealer (Cinch): after the refill the dealer takes every card left in the
    stock, then discards down to six, one card per move; those cards are out of play."""
    s = play(new(house("exchange: {robber: dealer}\n"), ROB_HANDS, ROB_STOCK), [*AUCTION, *ROB_DISCARDS])
    assert (s.phase, s.to_move, s.info.stock) == (Phase.DISCARDING, 0, ())
    assert held(s, 0) == {"4H", "3H", "2H", "TS", "JS", "QS"} | LEFT
    assert [len(hand) for hand in s.hands[1:]] == [6, 6, 6]
    assert legal(s) == {f"discard {card}" for card in held(s, 0)}
    refused(s, "discard KS AS", "robbed the pack and discards one card at a time down to 6, not 2")
    refused(s, "discard 5C", "not in seat 0's hand")
    refused(s, "play 4H", "not a discard")
    for move in ["discard 4D", "discard 3D", "discard 2D", "discard TS"]:
        s = s.apply(move)
        assert (s.phase, s.to_move) == (Phase.DISCARDING, 0)
    s = s.apply("discard JS")
    assert (s.phase, s.to_move) == (Phase.PLAYING, 1)
    assert held(s, 0) == {"4H", "3H", "2H", "QS", "KS", "AS"}
    assert set(mask_text(s.info.discards[0]).split()) == {
        "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D", "TS", "JS"}
    assert sorted(card_locations(s)) == list(range(52))


def test_the_bidder_robs_the_pack() -> None:
    """robber: bidder (Ten-point Pitch): the remainder goes to the bidder, who discards
    down to six (a trump too, here: it may keep any six)."""
    s = play(new(house("exchange: {robber: bidder}\n"), ROB_HANDS, ROB_STOCK), [*AUCTION, *ROB_DISCARDS])
    assert (s.phase, s.to_move) == (Phase.DISCARDING, 1)
    assert held(s, 1) == {"AH", "KH", "QH", "JH", "TH", "2S"} | LEFT
    s = play(s, ["discard TH", "discard 2S", "discard 4D", "discard 3D"])
    assert s.to_move == 1
    s = s.apply("discard 2D")
    assert s.phase is Phase.PLAYING and held(s, 1) == {"AH", "KH", "QH", "JH", "KS", "AS"}


def test_a_robber_with_returned_trumps_keeps_its_trumps() -> None:
    """trump_discards: returned: the robber may not discard a trump while it holds at most six."""
    s = play(new(house("exchange: {robber: dealer, trump_discards: returned}\n"), ROB_HANDS, ROB_STOCK),
             [*AUCTION, *ROB_DISCARDS])
    assert legal(s) == {f"discard {card}" for card in held(s, 0) - {"4H", "3H", "2H"}}
    refused(s, "discard 4H", r"trumps discarded go back to the discarder \(trump_discards: returned\): "
                             "seat 0 may discard a trump only while it holds more than 6")


def test_nothing_left_to_rob_goes_straight_to_play() -> None:
    """With the stock used up by the refill the robber has nothing to take."""
    hands = seats(s1="AH KH AC KC QC JC TC 9C 8C", s2="QH 7C 6C 5C 4C 3C 2C AD KD",
                  s3="JH QD JD TD 9D 8D 7D 6D 5D", s0="TH 4D 3D 2D AS KS QS JS TS")
    moves = ["discard AC KC QC JC TC 9C 8C", "discard 7C 6C 5C 4C 3C 2C AD KD",
             "discard QD JD TD 9D 8D 7D 6D 5D", "discard 4D 3D 2D AS KS QS JS TS"]
    s = play(new(house("exchange: {robber: dealer}\n"), hands), [*AUCTION, *moves])
    assert s.phase is Phase.PLAYING and s.info.stock == ()
    assert [len(hand) for hand in s.hands] == [6, 6, 6, 6]


# ---------------------------------------------------------------- discarded trumps

# Twelve cards each (the stock holds only 5S 4S 3S 2S): seat 1 holds eight hearts and must
# discard two of them; the others are refilled from the stock and then from the junk.
TWELVE = "deal: {hand_size: 12}\n"
BURY_HANDS = seats(
    s1="AH KH QH JH TH 9H 8H 7H AC KC QC JC",
    s2="6H 5H TC 9C 8C 7C 6C 5C 4C 3C 2C AD",
    s3="4H 3H KD QD JD TD 9D 8D 7D 6D 5D 4D",
    s0="2H 3D 2D AS KS QS JS TS 9S 8S 7S 6S",
)
BURY_STOCK = "5S 4S 3S 2S"
BURY_DISCARDS = [
    "discard AC KC QC JC 8H 7H",
    "discard TC 9C 8C 7C 6C 5C 4C 3C 2C AD",
    "discard KD QD JD TD 9D 8D 7D 6D 5D 4D",
    "discard 3D 2D AS KS QS JS TS 9S 8S 7S 6S",
]
BURIED = {"8H", "7H"}


def buried_hearts_refilled(trump_discards: str, seed: int) -> set[str]:
    """Seat 1's two discarded hearts that the refill gave to another seat."""
    variant = house(TWELVE + f"exchange: {{trump_discards: {trump_discards}}}\n")
    s = play(new(variant, BURY_HANDS, BURY_STOCK, seed=seed), [*AUCTION, *BURY_DISCARDS])
    assert s.phase is Phase.PLAYING and [len(hand) for hand in s.hands] == [6, 6, 6, 6]
    assert sorted(card_locations(s)) == list(range(52))
    return BURIED & (held(s, 0) | held(s, 2) | held(s, 3))


def test_the_player_with_too_many_trumps_chooses_which_go() -> None:
    s = play(new(house(TWELVE), BURY_HANDS, BURY_STOCK), AUCTION)
    assert len(s.legal_moves()) == 28  # every non-trump and 2 of the 8 hearts
    refused(s, "discard AC KC QC JC", r"seat 1 must discard every non-trump \(JC QC KC AC\) and "
                                      r"2 of its trumps \(it may keep at most 6 trumps\)")
    refused(s, "discard AC KC QC 8H 7H", "must discard every non-trump")


def test_allowed_discarded_trumps_are_fair_game() -> None:
    """trump_discards: allowed (hi-lo-jack, Ten-point "fair game"): a discarded trump joins
    the junk and may be refilled to another player."""
    assert any(buried_hearts_refilled("allowed", seed) for seed in range(40))


@pytest.mark.parametrize("trump_discards", ["dead", "returned"])
def test_dead_discarded_trumps_are_out_of_play(trump_discards: str) -> None:
    """trump_discards: dead (Cinch: shown and out of play): a discarded trump is refilled
    to nobody. With ``returned`` the trumps beyond six have no room to come back: dead too."""
    for seed in range(40):
        assert buried_hearts_refilled(trump_discards, seed) == set()


def test_dead_trumps_are_refilled_only_when_nothing_else_is_left() -> None:
    """If the stock and every other discard are out, the dead trumps refill the hands (so
    every hand is full); here seat 1 gets back the hearts it threw away."""
    variant = house("deal: {hand_size: 13}\n"
                    "exchange: {keep: 13, discard: any, trump_discards: dead}\n")
    hands = seats(s1="AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                  s2="AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
                  s3="AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                  s0="AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    s = play(new(variant, hands), [*AUCTION, "discard 4H 3H 2H", "discard", "discard", "discard"])
    assert s.phase is Phase.PLAYING and len(s.hands[1]) == 13


# ---------------------------------------------------------------- what a player discards

# Nine-Five: six cards each; seat 1 holds 9H 5H AH and three plain cards.
SIX = "deal: {hand_size: 6}\n"
SIX_HANDS = seats(
    s1="9H 5H AH 2C 3C 4D",
    s2="KH 5C 6C 7C 8C 9C",
    s3="QH TC JC QC KC AC",
    s0="JH 2D 3D 5D 6D 7D",
)


def test_any_discards_with_returned_trumps_never_throw_a_trump() -> None:
    """discard: any, trump_discards: returned (Nine-Five): each player discards the
    unwanted cards it chooses and is refilled to six; a trump would come back to it, so it
    may not discard one."""
    variant = house(SIX + "exchange: {discard: any, trump_discards: returned}\n")
    s = play(new(variant, SIX_HANDS, "8D 9D TD JD QD KD"), AUCTION)
    assert set(s.legal_moves()) == discards(*_subsets_text(["2C", "3C", "4D"]))
    refused(s, "discard 9H 2C", r"trumps discarded go back to the discarder \(trump_discards: "
                                r"returned\): seat 1 may discard no trump")
    s = s.apply("discard 2C 4D")
    assert held(s, 1) == {"9H", "5H", "AH", "3C"}  # refilled only after everyone discarded
    s = play(s, ["discard 5C 6C", "discard", "discard 2D 3D 5D"])
    assert s.phase is Phase.PLAYING
    assert held(s, 1) == {"9H", "5H", "AH", "3C", "8D", "9D"}
    assert held(s, 2) == {"KH", "7C", "8C", "9C", "TD", "JD"}
    assert held(s, 0) > {"JH", "6D", "7D", "QD", "KD"}
    assert [len(hand) for hand in s.hands] == [6, 6, 6, 6]


def _subsets_text(cards: list[str]) -> set[str]:
    return {" ".join(["discard", *chosen]) if chosen else "discard"
            for size in range(len(cards) + 1) for chosen in combinations(cards, size)}


def test_any_discards_may_throw_trumps_unless_returned() -> None:
    s = play(new(house(SIX + "exchange: {discard: any}\n"), SIX_HANDS), AUCTION)
    assert len(s.legal_moves()) == 2 ** 6
    assert pc.parse_move("discard 9H 2C") in s.legal_moves()


def test_any_discards_must_come_down_to_keep() -> None:
    """With nine cards dealt, a player must discard at least down to six (Cinch per
    Wikipedia: at least three); with returned trumps, the trumps beyond six go (dead)."""
    variant = house("exchange: {discard: any, trump_discards: returned}\n")
    hands = seats(s1="AH KH QH JH TH 9H 8H AC KC", s2="7H 6H TC 9C 8C 7C 6C 5C 4C",
                  s3="5H 4H 3C 2C AD KD QD JD TD", s0="3H 2H 9D 8D 7D 6D 5D 4D 3D")
    s = play(new(variant, hands), AUCTION)
    assert all(isinstance(move.arg, int) and move.arg.bit_count() >= 3 for move in s.legal_moves())
    assert set(s.legal_moves()) == discards(*(f"discard AC KC {heart}"
                                              for heart in ["AH", "KH", "QH", "JH", "TH", "9H", "8H"]))
    refused(s, "discard AC KC", r"seat 1 may discard exactly 1 trump \(it may keep at most 6 trumps\)")
    s = s.apply("discard AC KC 8H")
    assert s.to_move == 2 and len(s.legal_moves()) == 35 + 35 + 21 + 7 + 1  # 3 or more of 7 plain cards
    refused(s, "discard TC 9C", "seat 2 must come down to 6 cards: discard 3 to 9, not 2")
    refused(s, "discard TC 9C 8C 7H", "seat 2 may discard no trump")


def test_to_keep_discards_exactly_down_to_keep_and_nobody_draws() -> None:
    """discard: to-keep: each player discards exactly what brings it down to six."""
    variant = house("exchange: {discard: to-keep}\n")
    s = play(new(variant, ROB_HANDS, ROB_STOCK), AUCTION)
    assert len(s.legal_moves()) == 84  # 3 of 9
    refused(s, "discard AC KC QC JC", "seat 1 must discard exactly 3 cards, down to 6")
    s = play(s, ["discard AC KC QC", "discard TC 9C 8C", "discard 4C 3C 2C", "discard TD 9D 8D"])
    assert s.phase is Phase.PLAYING and len(s.info.stock) == 16
    assert held(s, 1) == {"AH", "KH", "QH", "JH", "TH", "JC"}


# ---------------------------------------------------------------- a Smear kitty


def test_smear_kitty_of_four_to_the_bid_winner_then_discard_to_six() -> None:
    """widow: gift 4 with discard: to-keep (Minnesota Smear): the bid winner takes the
    4-card kitty (13 cards), names trump, and everyone discards down to six; nobody draws."""
    variant = house("widow: {kind: gift, count: 4}\nexchange: {discard: to-keep}\n")
    s = play(new(variant, ROB_HANDS, ROB_STOCK), AUCTION)
    assert held(s, 1) == {"AH", "KH", "QH", "JH", "TH", "AC", "KC", "QC", "JC", "2S", "3S", "4S", "5S"}
    assert s.phase is Phase.DISCARDING and s.to_move == 1
    assert len(s.legal_moves()) == 1716  # 7 of 13
    s = play(s, ["discard AC KC QC JC 2S 3S 4S", "discard TC 9C 8C", "discard 4C 3C 2C",
                 "discard TD 9D 8D"])
    assert s.phase is Phase.PLAYING and [len(hand) for hand in s.hands] == [6, 6, 6, 6]
    assert len(s.info.stock) == 12


def test_smear_kitty_with_the_refill() -> None:
    """widow: gift 4 with the default discard-refill (Smear's older rules, Ten-point): the
    bidder's 13 cards lose every non-trump, the others' too, and everyone is refilled to six."""
    variant = house("widow: {kind: gift, count: 4}\n")
    s = play(new(variant, ROB_HANDS, ROB_STOCK), AUCTION)
    assert set(s.legal_moves()) == discards("discard AC KC QC JC 2S 3S 4S 5S")
    s = play(s, ["discard AC KC QC JC 2S 3S 4S 5S", *ROB_DISCARDS[1:]])
    assert s.phase is Phase.PLAYING and [len(hand) for hand in s.hands] == [6, 6, 6, 6]
    assert held(s, 1) == {"AH", "KH", "QH", "JH", "TH", "6S"}


# ---------------------------------------------------------------- random games

RANDOM_VARIANTS = {
    "cinch-rob": house("exchange: {robber: dealer, trump_discards: dead}\n"),
    "ten-point-rob": house("exchange: {robber: bidder}\n", "hi-lo-jack-partners"),
    "nine-five": house(SIX + "exchange: {discard: any, trump_discards: returned}\n"
                       "auction: {forced_bid: 2, all_pass: pass-deal}\n"),
    "any-of-nine": house("exchange: {discard: any}\n"),
    "any-returned-rob": house("exchange: {discard: any, trump_discards: returned, robber: dealer}\n"),
    "smear-kitty": house("widow: {kind: gift, count: 4}\nexchange: {discard: to-keep}\n"),
    "kitty-refill-dead": house("widow: {kind: gift, count: 4}\nexchange: {trump_discards: dead}\n"),
    "to-keep-rob": house("exchange: {discard: to-keep, robber: bidder}\n"),
}


def check_discard_legality(state: GameState) -> None:
    """Legality is defined once: the listed moves are exactly the discards ``is_legal``
    accepts (every subset of a hand of up to 13 cards, or single cards while robbing)."""
    step = state.table.pipeline[state.step]
    hand = state.masks[state.to_move or 0]
    cards = list(cards_in(hand))
    if len(cards) > 13:
        return
    accepted = {discard(sum(1 << card for card in chosen)) for size in range(len(cards) + 1)
                for chosen in combinations(cards, size)}
    accepted = {move for move in accepted if step.is_legal(state, move)}
    listed = state.legal_moves()
    assert len(set(listed)) == len(listed)
    assert set(listed) == accepted


@pytest.mark.parametrize("name", RANDOM_VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_each_option_end_and_keep_every_card(name: str, seed: int) -> None:
    variant = RANDOM_VARIANTS[name]
    keep = variant.exchange.keep  # type: ignore[attr-defined]
    states, moves = random_game(variant, seed)
    assert states[-1].is_over, f"{name} still running after {len(states[-1].hand_results)} hands"
    deck = list(range(52))
    checked = 0
    for state, move in zip(states, moves, strict=False):
        assert sorted(card_locations(state)) == deck
        assert move in state.legal_moves()
        if state.phase is Phase.DISCARDING and checked < 12:
            check_discard_legality(state)
            checked += 1
        if state.phase is Phase.PLAYING and not state.done_tricks and not state.trick_cards:
            assert [mask.bit_count() for mask in state.masks] == [keep] * state.players
    assert sorted(card_locations(states[-1])) == deck
