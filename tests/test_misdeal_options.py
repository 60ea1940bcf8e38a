"""Scenario tests for the definitions of a worthless hand (``deal.worthless``).

``deal.worthless_hand`` says what becomes of a worthless hand (play it; ``redeal``: the deal
is thrown in automatically; ``demand``: each seat from the eldest to the dealer says pass or
redeal), and ``deal.worthless`` says which hand is worthless: ``nothing-above-nine`` (the
default, the coke hand), ``no-face-card`` (no J, Q or K) or ``no-ace-or-face-card`` (no A, J,
Q or K). Whatever the definition, a thrown-in deal is dealt again by the same dealer.

Each option is a house-rule file extending auction-pitch: 4 seats, 6 cards in packets of 3.
A stacked first deal (``hands=``) is asked about under ``demand`` but played as given under
``redeal``, so the automatic redeal is tested with the deck's top stacked (``stock=``), which
the variant deals as it deals a shuffled deck.
"""

from __future__ import annotations

import pytest

import pitchcore as pc
from conftest import card_locations, random_game
from pitchcore.components.deal import WORTHLESS, _seat_order, worthless
from pitchcore.game.kernel import unsupported
from pitchcore.model.cards import mask_of, parse_cards
from pitchcore.model.state import GameState, Phase
from pitchcore.tools.explain import explain

DEFINITIONS = ("nothing-above-nine", "no-face-card", "no-ace-or-face-card")

COKE = "2C 3C 4D 5D 8H 9S"
"""No card above a 9: worthless under every definition."""
TENS = "TC TD 2D 3D 4H 5S"
"""Tens but no ace or face card: worthless but under nothing-above-nine."""
ACE = "AC TC 2D 3D 4H 5S"
"""An ace and a ten, no face card: worthless under no-face-card only."""
JACK = "JC 2C 3D 4D 5H 6S"
"""A jack: worthless under no definition."""

WORTHLESS_UNDER = {
    COKE: set(DEFINITIONS),
    TENS: {"no-face-card", "no-ace-or-face-card"},
    ACE: {"no-face-card"},
    JACK: set(),
}
"""Each test hand and the definitions it is worthless under."""

STRONG = ("AH KH QH JH TH 9H", "AS KS QS JS TS 8S", "KC QC 7C KD QD JD")
"""Hands with face cards, worthless under no definition, to fill the other seats."""


def house(text: str, base: str = "auction-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


def rule(when: str, definition: str) -> pc.Variant:
    return house(f"deal: {{worthless_hand: {when}, worthless: {definition}}}\n")


def hands_with(seat: int, hand: str) -> list[str]:
    """Four hands: ``hand`` at ``seat``, the strong hands at the other seats."""
    others = iter(STRONG)
    return [hand if index == seat else next(others) for index in range(4)]


def stacked_stock(hands: list[str], dealer: int) -> list[str]:
    """The deck's top that deals ``hands`` (one per seat) in packets of 3 from the eldest."""
    cards = [hand.split() for hand in hands]
    return [cards[seat].pop(0) for seat in _seat_order(len(hands), 6, 3, dealer)]


def legal(state: GameState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


def refused(state: GameState, move: str, reason: str) -> None:
    """``move`` is illegal with ``reason`` in its message, and the state is left as it was."""
    before = pc.dumps(state)
    with pytest.raises(pc.IllegalMove, match=reason):
        state.apply(move)
    assert pc.dumps(state) == before


# ---------------------------------------------------------------- the definitions themselves


@pytest.mark.parametrize("hand", WORTHLESS_UNDER)
@pytest.mark.parametrize("definition", DEFINITIONS)
def test_each_definition_says_which_hand_is_worthless(definition: str, hand: str) -> None:
    assert worthless(mask_of(parse_cards(hand)), definition) == (definition in WORTHLESS_UNDER[hand])


@pytest.mark.parametrize("definition", DEFINITIONS)
def test_a_joker_saves_a_hand_under_every_definition(definition: str) -> None:
    """A joker is a trump whatever suit is named: a hand holding one is never worthless."""
    assert worthless(mask_of(parse_cards("2C 3C 4D 5D 8H")), definition)
    assert not worthless(mask_of(parse_cards("HJ 2C 3C 4D 5D 8H")), definition)
    assert not worthless(mask_of(parse_cards("LJ 2C 3C 4D 5D 8H")), definition)


def test_the_default_is_the_coke_hand_and_old_files_mean_what_they_meant() -> None:
    """A file that says only ``worthless_hand`` reads as before: nothing above a 9."""
    for when in ("play", "redeal", "demand"):
        variant = house(f"deal: {{worthless_hand: {when}}}\n")
        assert (variant.deal.worthless_hand, variant.deal.worthless) == (when, "nothing-above-nine")
    assert pc.load_variant("minnesota-smear").deal.worthless == "nothing-above-nine"
    assert set(WORTHLESS) == set(DEFINITIONS)


@pytest.mark.parametrize("definition", DEFINITIONS)
def test_a_definition_round_trips_through_yaml(definition: str) -> None:
    variant = rule("demand", definition)
    again = pc.load_variant_text(variant.to_yaml(), "<again>")
    assert again == variant and again.deal.worthless == definition


def test_a_definition_with_every_deal_played_is_refused() -> None:
    with pytest.raises(pc.VariantError, match=r"deal\.worthless: no-face-card says which hand is "
                                              r"thrown in, but worthless_hand: play plays every deal"):
        house("deal: {worthless: no-face-card}\n")


def test_no_trump_is_not_judged_at_the_deal() -> None:
    """A hand without trump can only be judged once trump is known, after the deal's step:
    auction-pitch's first lead sets trump, so it is refused there (tests/test_no_trump_misdeal.py
    tests the rule where trump is named before play)."""
    with pytest.raises(pc.VariantError, match=r"deal\.worthless: no-trump throws in a deal where a "
                                              r"hand holds no trump once trump is known"):
        rule("demand", "no-trump")


# ---------------------------------------------------------------- demand: a seat may throw in


@pytest.mark.parametrize("hand", WORTHLESS_UNDER)
@pytest.mark.parametrize("definition", DEFINITIONS)
def test_demand_a_seat_whose_hand_qualifies_may_call_the_misdeal(definition: str, hand: str) -> None:
    """The dealer is seat 2, so seat 3 is asked first, then 0, 1 and the dealer; seat 0 holds
    the test hand and may say redeal exactly when its hand is worthless by the definition."""
    variant = rule("demand", definition)
    s = pc.new_game(variant, players=4, seed=5, dealer=2, hands=hands_with(0, hand))
    assert (s.phase, s.to_move, legal(s)) == (Phase.DEALING, 3, {"pass"})
    s = s.apply("pass")
    assert s.to_move == 0
    if definition not in WORTHLESS_UNDER[hand]:
        assert legal(s) == {"pass"}
        holds = WORTHLESS[definition][2]
        refused(s, "redeal", f"seat 0 holds {holds}, so its hand is not worthless and it may "
                             "not demand a redeal: pass")
        s = s.apply("pass").apply("pass").apply("pass")
        assert (s.phase, s.to_move, s.deal_number, s.dealer) == (Phase.BIDDING, 3, 0, 2)
        return
    assert legal(s) == {"pass", "redeal"}
    kept = s.apply("pass").apply("pass").apply("pass")  # it may keep it too
    assert (kept.phase, kept.deal_number) == (Phase.BIDDING, 0)
    thrown = s.apply("redeal")
    # the same dealer deals again, and the new deal is asked about from the eldest
    assert (thrown.dealer, thrown.deal_number, thrown.phase, thrown.to_move) == (2, 1, Phase.DEALING, 3)
    assert thrown.hand_results == () and thrown.scores == (0, 0, 0, 0)
    assert thrown.masks != s.masks
    assert sorted(card_locations(thrown)) == list(range(52))


def test_demand_the_dealer_may_throw_in_its_own_hand() -> None:
    variant = rule("demand", "no-ace-or-face-card")
    s = pc.new_game(variant, players=4, seed=5, dealer=1, hands=hands_with(1, TENS))
    s = s.apply("pass").apply("pass").apply("pass")
    assert (s.to_move, legal(s)) == (1, {"pass", "redeal"})
    s = s.apply("redeal")
    assert (s.dealer, s.deal_number, s.to_move) == (1, 1, 2)


def test_demand_a_joker_alone_is_named_when_it_saves_the_hand() -> None:
    variant = pc.load_variant_text("extends: joker-pitch\nname: house\n"
                                   "deal: {worthless_hand: demand, worthless: no-face-card}\n")
    hands = ["HJ 2C 3C 4D 5D 8H", *STRONG]
    s = pc.new_game(variant, players=4, seed=5, dealer=3, hands=hands)
    assert (s.to_move, legal(s)) == (0, {"pass"})
    refused(s, "redeal", "seat 0 holds a joker, so its hand is not worthless")


# ---------------------------------------------------------------- redeal: thrown in at once


@pytest.mark.parametrize("hand", WORTHLESS_UNDER)
@pytest.mark.parametrize("definition", DEFINITIONS)
def test_redeal_a_qualifying_deal_is_thrown_in_by_itself(definition: str, hand: str) -> None:
    """worthless_hand: redeal: nobody moves; a deal with a worthless hand (here seat 3's) is
    thrown in before the bidding and the same dealer deals again, until no hand is."""
    variant = rule("redeal", definition)
    hands = hands_with(3, hand)
    s = pc.new_game(variant, players=4, seed=5, dealer=2, stock=stacked_stock(hands, 2))
    first = pc.new_game(rule("demand", definition), players=4, seed=5, dealer=2, hands=hands)
    assert variant.deal.thrown_in(first) == (definition in WORTHLESS_UNDER[hand])
    assert (s.phase, s.dealer, s.to_move) == (Phase.BIDDING, 2, 3)
    if definition in WORTHLESS_UNDER[hand]:
        assert s.deal_number >= 1 and s.masks != first.masks
        assert not any(variant.deal.is_worthless(mask) for mask in s.masks)
    else:
        assert s.deal_number == 0 and s.masks == first.masks


def test_redeal_a_stacked_first_deal_is_played_as_given() -> None:
    s = pc.new_game(rule("redeal", "no-face-card"), players=4, seed=5, dealer=0, hands=hands_with(1, ACE))
    assert (s.deal_number, s.phase, s.to_move) == (0, Phase.BIDDING, 1)


def test_redeal_with_the_dealer_choosing_the_size() -> None:
    """Jacks Trump's dealer chooses the size, then deals: a worthless hand by the definition
    throws the deal in and the same dealer chooses again."""
    variant = pc.load_variant_text("extends: jacks-trump\nname: house\n"
                                   "deal: {worthless_hand: redeal, worthless: no-ace-or-face-card}\n")
    hands = ["TC 2C 3C", "AH KH QH", "AS KS QS", "KC QC JC"]
    stock = [hands[seat].split()[index] for index in range(3) for seat in (1, 2, 3, 0)]
    s = pc.new_game(variant, players=4, seed=5, dealer=0, stock=stock)
    assert (s.phase, s.to_move) == (Phase.DEALING, 0)
    s = s.apply("deal 3")
    assert (s.dealer, s.deal_number, s.phase, s.to_move) == (0, 1, Phase.DEALING, 0)


# ---------------------------------------------------------------- words, kernel, whole games


@pytest.mark.parametrize("definition", DEFINITIONS)
def test_explain_names_the_definition(definition: str) -> None:
    text = " ".join(explain(rule("demand", definition)).split())
    assert f"may demand a redeal if its hand holds {WORTHLESS[definition][1]}" in text
    text = " ".join(explain(rule("redeal", definition)).split())
    assert f"A deal where any hand holds {WORTHLESS[definition][1]} is thrown in" in text
    assert "thrown in" not in " ".join(explain(house("")).split()).split("Auction:")[0]


def test_explain_says_what_a_joker_does() -> None:
    joker = pc.load_variant_text("extends: joker-pitch\nname: house\n"
                                 "deal: {worthless_hand: redeal, worthless: no-face-card}\n")
    assert "a joker saves a hand: it is a trump" in " ".join(explain(joker).split())


@pytest.mark.parametrize("definition", DEFINITIONS)
def test_the_kernel_is_not_concerned(definition: str) -> None:
    """The compiled kernel plays the tricks only; the deal and its redeals stay in Python."""
    assert unsupported(rule("demand", definition)) is None


@pytest.mark.parametrize("definition", ["no-face-card", "no-ace-or-face-card"])
def test_demand_games_end_keeping_every_card(definition: str) -> None:
    states, moves = random_game(rule("demand", definition), 4, max_hands=40)
    assert any(move.kind == "redeal" for move in moves)
    assert states[-1].is_over or len(states[-1].hand_results) == 40
    for state in states[:: max(1, len(states) // 50)]:
        assert sorted(card_locations(state)) == list(range(52))
