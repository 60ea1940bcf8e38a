"""Unit tests of the components Jacks Trump (seed 003) added, usable by any variant."""

from __future__ import annotations

import pitchcore as pc
from conftest import mask
from pitchcore.components.calling import called_tables
from pitchcore.components.card_values import CardValues, rank_values
from pitchcore.components.chosen_deal import DealerChooses
from pitchcore.components.context import HandContext
from pitchcore.components.last_jack import LastJack
from pitchcore.components.no_auction import NoAuction
from pitchcore.components.no_trump import NoTrump
from pitchcore.components.points import Game, High, Jack, top_side
from pitchcore.components.rounds import Rounds
from pitchcore.components.settlement import Ledger, SetBack
from pitchcore.components.trick import HighestTrump
from pitchcore.components.trump import NO_TRUMP, build_tables
from pitchcore.model.cards import parse_cards

PLAIN = build_tables(())
LOW = called_tables(PLAIN, "low")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


# -- the trick: the last jack, else the latest card of equal or better rank ----------------


def test_last_jack_takes_the_trick_whatever_came_before() -> None:
    rule = LastJack()
    assert rule.winner(cards("AS 4C JD 2H"), NO_TRUMP, PLAIN) == 2
    assert rule.winner(cards("JS JD AH"), NO_TRUMP, PLAIN) == 1       # the later jack; AH cannot take it
    assert rule.winner(cards("5C 5D 4S"), NO_TRUMP, PLAIN) == 1       # equal rank, later: takes it
    assert rule.winner(cards("5C 7D 6S"), NO_TRUMP, PLAIN) == 1       # suits do not matter
    assert rule.winner(cards("5C 7D 6S"), NO_TRUMP, LOW) == 0         # under LOW the 5 is the best
    assert rule.winner(cards("AC KD 2S 2H"), NO_TRUMP, LOW) == 3


def test_a_low_call_reverses_every_rank_order_for_any_trick_rule() -> None:
    assert called_tables(PLAIN, "high") is PLAIN and called_tables(PLAIN, None) is PLAIN
    assert called_tables(PLAIN, "low") is called_tables(PLAIN, "low")  # built once, then looked up
    assert called_tables(PLAIN, "low") == LOW
    hearts = 2
    trick = cards("5H 9H 2H AS")
    assert HighestTrump().winner(trick, hearts, PLAIN) == 1         # the 9 of trumps
    assert HighestTrump().winner(trick, hearts, LOW) == 2           # the 2 of trumps is on top under LOW
    assert HighestTrump().winner(cards("5C 9C AD"), NO_TRUMP, LOW) == 0  # the suit led's lowest


# -- card values: every side credited with its own amount -------------------------------------


def context(taken: list[str], held: list[str] | None = None, side_of: tuple[int, ...] = (0, 1, 2)) -> HandContext:
    taken_masks = tuple(mask(text) for text in taken)
    held_masks = tuple(mask(text) for text in held) if held else taken_masks
    sides = max(side_of) + 1
    return HandContext(NO_TRUMP, PLAIN, side_of, sides, held_masks, taken_masks, (0,) * sides, None)


def test_card_values_credit_each_side_the_cards_it_took() -> None:
    points = CardValues()
    assert rank_values(points.values, points.others) == (1, 1, 1, 1, 1, 1, 1, 1, 10, 5, 5, 5, 5)
    ctx = context(["AS KH TD 2C", "JC 9S", ""])
    assert points.amounts(ctx) == (21, 6, 0)
    assert points.credits(ctx) == ((0, 21), (1, 6))      # nothing for a side with nothing
    assert points.tally(ctx) == (21, 6, 0) and points.most() == 152
    holder = CardValues(receiver="holder")
    assert holder.amounts(context(["AS KH TD 2C", "JC 9S", ""], ["2C 9S", "AS KH", "TD JC"])) == (2, 10, 15)
    own = CardValues(values=("2=7",), others=0)
    assert own.amounts(ctx) == (7, 0, 0) and own.most() == 28


def test_trump_categories_score_nothing_without_a_trump_and_game_still_can() -> None:
    ctx = context(["AS KH TD 2C", "JC 9S", ""])
    assert High().award(ctx) is None and Jack().credits(ctx) == ()
    assert Game().award(ctx) == 0  # game pips need no trump


def test_a_category_is_reported_for_the_side_it_credited_most() -> None:
    assert top_side(()) is None
    assert top_side(((2, 1),)) == 2
    assert top_side(((0, 3), (1, 5), (2, 5))) is None
    assert top_side(((0, 3), (1, 5), (2, 4))) == 1


def test_settlement_takes_several_credits_from_one_category() -> None:
    assert SetBack().credits([(0, 21), (1, 6)], None, None) == ((0, 21), (1, 6))


# -- a game of so many rounds ---------------------------------------------------------------


def test_rounds_end_the_game_after_the_last_and_the_highest_total_wins() -> None:
    ledger = Ledger(((0, 5), (1, 7)), None, 0, None, hand=1, players=3)
    assert Rounds().settle((0, 0, 0), ledger, None) == ((5, 7, 0), None, False)
    last = Ledger(((0, 5), (1, 7)), None, 0, None, hand=3, players=3)
    assert Rounds().settle((10, 0, 0), last, None) == ((5, 7, 0), 0, True)
    assert Rounds().settle((2, 0, 0), last, None) == ((5, 7, 0), None, True)   # 7 and 7: a tie
    assert Rounds(rounds=1).settle((0, 0, 0), ledger, None) == ((5, 7, 0), 1, True)
    assert Rounds().goal(5) == "5 rounds" and Rounds(rounds=2).count(5) == 2


# -- the deal the dealer sizes, and no auction or trump ---------------------------------------


def test_the_dealer_chooses_from_the_sizes_that_fit() -> None:
    deal = DealerChooses()
    assert deal.sizes(6) == (3, 5, 7) and deal.sizes(7) == (3, 5) and deal.sizes(15) == (3,)
    assert DealerChooses(min_hand_size=1, hand_size=4, size_step=1, max_dealt=52).sizes(13) == (1, 2, 3, 4)
    assert deal.problems() == []  # 8 players x 3 cards fit: a table of 8 may deal 3 or 5
    assert [key for key, _ in DealerChooses(min_hand_size=6).problems()] == ["min_hand_size"]
    assert [key for key, _ in DealerChooses(min_hand_size=9).problems()] == ["min_hand_size"]  # above hand_size


def test_no_auction_and_no_trump_are_steps_that_do_nothing() -> None:
    variant = pc.load_variant("jacks-trump")
    assert variant.auction == NoAuction() and variant.trump == NoTrump()
    assert NoAuction().rank(4) == 0 and NoTrump().extras == () and NoTrump().suit_from_lead(0) is None
    assert NoTrump().tables().trumps[NO_TRUMP] == 0
    state = pc.new_game(variant, seed=1).apply("deal 3")
    assert state.bidder is None and state.trump is None and state.info.bids == ()
