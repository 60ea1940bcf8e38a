"""A stacked deck: ``new_game(stock=...)`` without ``hands`` sets the top of the first deal's
deck, which the variant deals exactly as it deals a shuffled one."""

from __future__ import annotations

import random

import pytest

import pitchcore as pc
from pitchcore.model.cards import card_text, parse_cards


def deck_order(seed: int, size: int = 52) -> list[str]:
    cards = list(range(size))
    random.Random(seed).shuffle(cards)
    return [card_text(card) for card in cards]


def test_the_variant_deals_the_stacked_deck_in_packets_of_three_from_the_eldest() -> None:
    order = deck_order(1)
    state = pc.new_game("auction-pitch", seed=5, dealer=0, stock=order)
    # Auction pitch deals 6 cards in two rounds of packets of 3, clockwise from the dealer's left.
    expected: dict[int, list[str]] = {seat: [] for seat in range(4)}
    for round_ in range(2):
        for offset, seat in enumerate((1, 2, 3, 0)):
            first = 12 * round_ + 3 * offset
            expected[seat] += order[first:first + 3]
    for seat in range(4):
        assert {str(card) for card in state.hands[seat]} == set(expected[seat])
    assert [card_text(card) for card in state.info.stock] == order[24:]


def test_a_whole_stacked_deck_makes_the_seed_irrelevant_for_the_first_hand() -> None:
    order = deck_order(2)
    one = pc.new_game("haus-pitch", seed=1, stock=order)
    other = pc.new_game("haus-pitch", seed=99, stock=order)
    assert one.hands == other.hands and one.info.stock == other.info.stock
    assert one.hands != pc.new_game("haus-pitch", seed=1).hands


def test_a_partial_stack_puts_its_cards_on_top_and_shuffles_the_rest_from_the_seed() -> None:
    top = "AS KS QS"
    state = pc.new_game("auction-pitch", seed=3, dealer=3, stock=top)
    assert {str(card) for card in state.hands[0]} >= {"AS", "KS", "QS"}  # the eldest's first packet
    again = pc.new_game("auction-pitch", seed=3, dealer=3, stock=top)
    assert again.hands == state.hands
    assert pc.new_game("auction-pitch", seed=4, dealer=3, stock=top).hands != state.hands


def test_the_dealer_still_chooses_the_hand_size_from_a_stacked_deck() -> None:
    order = deck_order(3)
    state = pc.new_game("jacks-trump", seed=1, dealer=0, stock=order)
    assert state.phase is pc.Phase.DEALING and state.hands == ((),) * 4
    dealt = state.apply("deal 3")
    held = {str(card) for hand in dealt.hands for card in hand}
    assert held == set(order[:12])


def test_a_stacked_deck_game_goes_through_records_and_histories() -> None:
    state = pc.new_game("auction-pitch", seed=8, stock=deck_order(4))
    rng = random.Random(4)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.start.stock == tuple(deck_order(4)) and state.start.hands is None
    assert pc.loads(pc.dumps(state)) == state
    text = pc.write_history(state)
    assert '[Stock "' in text and "[Stacked" not in text
    assert pc.read_history(text) == state


def test_stacked_cards_are_checked_against_the_deck() -> None:
    order = deck_order(5)
    assert parse_cards(order[:3]) == parse_cards(" ".join(order[:3]))
    for bad, message in ((order[:51] + order[:1], "named twice"), (["HJ"], "52-card deck")):
        with pytest.raises(ValueError, match=message):
            pc.new_game("auction-pitch", seed=1, stock=bad)
