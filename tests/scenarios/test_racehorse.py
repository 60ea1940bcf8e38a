"""Scenario tests for racehorse-pitch: Auction Pitch with the 32-card piquet pack.

The piquet pack is A K Q J T 9 8 7 of each suit (Parlett, The Penguin Book of Card Games,
Racehorse Pitch). Card indices keep the 52-card numbering, so the action space and tensors
have the standard widths; dealing, shuffling and stacked deals use the pack's 32 cards only.
Seats are 0..3 with dealer 0: eldest is seat 1.
"""

from __future__ import annotations

import pytest
from stacked import play, seats

import pitchcore as pc
from pitchcore.interop.actions import action_space
from pitchcore.interop.tensors import tensor_layout
from pitchcore.model.cards import DECK_CARDS, parse_card

PIQUET = set(DECK_CARDS["piquet"])

# Seat 1 pitches hearts and takes every trick. High AH and Jack JH go to seat 1; Low is the
# lowest trump in play, the 7H, dealt to seat 2 (holder). Stock: 9H TH QH TD JD QD KD AD.
SEVEN_LOW = seats(
    s1="AH KH 8H AC KC QC",
    s2="7H 9C 8C 7S 8S 9S",
    s3="JH TC 7D 8D 9D TS",
    s0="QS KS AS 7C JC JS",
)
SEVEN_LOW_PLAY = [
    "bid 2", "pass", "pass", "pass",
    "play AH", "play 7H", "play JH", "play 7C",
    "play KH", "play 7S", "play 7D", "play JC",
    "play 8H", "play 8S", "play 8D", "play JS",
    "play AC", "play 8C", "play TC", "play QS",
    "play KC", "play 9C", "play 9D", "play KS",
    "play QC", "play 9S", "play TS", "play AS",
]


def new(hands: list[str] = SEVEN_LOW, **kw: object) -> pc.GameState:
    return pc.new_game("racehorse-pitch", players=len(hands), seed=11, dealer=0, hands=hands, **kw)


def test_piquet_pack_is_the_32_cards_seven_to_ace() -> None:
    """The piquet pack holds A K Q J T 9 8 7 of each suit and nothing below a 7."""
    assert len(PIQUET) == 32
    assert {pc.Card(card).rank for card in PIQUET} == set("789TJQKA")
    assert parse_card("6S") not in PIQUET and parse_card("7S") in PIQUET


@pytest.mark.parametrize("seed", range(40))
def test_shuffled_deals_use_only_the_pack(seed: int) -> None:
    """Every deal (hands and stock) is the 32 cards, each once: 4 x 6 dealt, 8 in the stock."""
    state = pc.new_game("racehorse-pitch", seed=seed)
    dealt = [card.index for hand in state.hands for card in hand]
    assert len(dealt) == 24 and len(state.info.stock) == 8
    assert sorted(dealt + list(state.info.stock)) == sorted(PIQUET)


def test_a_stacked_card_outside_the_pack_is_refused() -> None:
    """A stacked hand or stock naming a 2-6 is no deal of this pack, said with what it holds."""
    hands = [*SEVEN_LOW[:3], "QS KS AS 7C JC 2C"]
    with pytest.raises(ValueError, match=r"not in this variant's 32-card deck \(A K Q J T 9 8 7 of each suit\): 2C"):
        new(hands)
    with pytest.raises(ValueError, match=r"32-card deck .*: 6H"):
        pc.new_game("racehorse-pitch", seed=1, stock="AS 6H")


def test_the_rest_of_a_stacked_deal_is_the_packs_other_cards() -> None:
    """The stock after stacked hands is the pack's 8 other cards, none below a 7."""
    state = new()
    assert {str(pc.Card(card)) for card in state.info.stock} == {"9H", "TH", "QH", "TD", "JD", "QD", "KD", "AD"}


def test_low_is_the_seven_of_trumps_to_its_holder() -> None:
    """Low is the lowest trump in play: here the 7H, dealt to seat 2, who scores it though
    seat 1 captures it. Seat 1 makes its bid of 2 with High, Jack and Game (3 points)."""
    state = play(new(), SEVEN_LOW_PLAY)
    result = state.hand_results[-1]
    assert result.awards == {"high": 1, "low": 2, "jack": 1, "game": 1}
    assert str(result.decided_by["low"].card) == "7H"
    assert result.made is True
    assert list(result.delta) == [0, 3, 1, 0]


def test_low_is_the_lowest_trump_dealt_when_the_seven_is_in_the_stock() -> None:
    """With the 7H left in the stock, the lowest trump in play is the 8H, seat 1's."""
    hands = seats(
        s1="AH KH 8H AC KC QC",
        s2="9H 9C 8C 7S 8S 9S",
        s3="JH TC 7D 8D 9D TS",
        s0="QS KS AS 7C JC JS",
    )
    moves = [move.replace("play 7H", "play 9H") for move in SEVEN_LOW_PLAY]
    state = play(new(hands), moves)
    result = state.hand_results[-1]
    assert str(result.decided_by["low"].card) == "8H"
    assert result.awards["low"] == 1


def test_encodings_keep_the_standard_widths() -> None:
    """Tensors and actions have the 52-card widths: the same sizes as Auction Pitch's."""
    racehorse, auction = pc.load_variant("racehorse-pitch"), pc.load_variant("auction-pitch")
    assert action_space(racehorse, 4).size == action_space(auction, 4).size
    ours, theirs = tensor_layout(racehorse, 4), tensor_layout(auction, 4)
    assert (ours.observation_size, ours.information_state_size) == (theirs.observation_size,
                                                                   theirs.information_state_size)
