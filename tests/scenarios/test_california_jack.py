"""Scenario tests for california-jack and shasta-sam: hands refilled from the stock.

Bicycle Cards' "California Jack" and Foster's Complete Hoyle: two players, six cards each;
the rest of the pack is the stock, face up (Shasta Sam: face down), and its top card shows
trump. After each trick the winner draws the top card of the stock, then the loser; when
the stock is out the last six tricks are played. Every card is played, so High is the ace
of trumps and Low the two; each point goes to the player who takes it. Game is 10.
Dealer 0: seat 1, the eldest, leads.
"""

from __future__ import annotations

import random

import pytest
from stacked import held, play, seats

import pitchcore as pc
from pitchcore.bots.knowledge import knowledge_of
from pitchcore.interop.tensors import tensor_layout
from pitchcore.model.cards import parse_card

HANDS = seats(
    s0="2C 3C 4C 5C 6C 7C",
    s1="AC KC QC JC TC 9C",
)
STOCK = "AH KH 8D 2S 3S"


def new(name: str = "california-jack", hands: list[str] = HANDS, stock: str = STOCK) -> pc.GameState:
    return pc.new_game(name, seed=5, dealer=0, hands=hands, stock=stock)


def upcards(state: pc.GameState, seat: int) -> list[str]:
    return [str(card) for card in state.view(seat).upcards]


def test_the_stocks_top_card_shows_trump_and_stays_to_be_drawn() -> None:
    """The top card of the stock (AH) makes hearts trump; both players see it; play begins."""
    s = new()
    assert s.trump == "H" and s.phase is pc.Phase.PLAYING and s.to_move == 1
    assert upcards(s, 0) == upcards(s, 1) == ["AH"]
    assert s.info.stock[0] == parse_card("AH")


def test_the_winner_draws_the_top_card_then_the_loser() -> None:
    """Seat 1 takes the first trick: it draws the AH, seat 0 the KH; the 8D is now on top,
    seen by both, and seat 1 leads again with six cards each."""
    s = play(new(), ["play AC", "play 2C"])
    assert "AH" in held(s, 1) and "KH" in held(s, 0)
    assert len(held(s, 0)) == len(held(s, 1)) == 6
    assert upcards(s, 0) == upcards(s, 1) == ["8D"]
    assert s.to_move == 1 and s.view(0).stock_size == 38


def test_shasta_sams_stock_is_face_down() -> None:
    """Shasta Sam: the card turned to show trump is seen; once drawn, the stock shows nothing."""
    s = new("shasta-sam")
    assert s.trump == "H" and upcards(s, 0) == upcards(s, 1) == ["AH"]
    s = play(s, ["play AC", "play 2C"])
    assert "AH" in held(s, 1) and upcards(s, 0) == upcards(s, 1) == []


@pytest.mark.parametrize("name", ["california-jack", "shasta-sam"])
@pytest.mark.parametrize("seed", range(6))
def test_every_card_is_played_and_each_point_goes_to_its_taker(name: str, seed: int) -> None:
    """26 tricks take all 52 cards; High is the ace of trumps and Low the two, each scored by
    the player who took it, as are Jack and Game (80 pips in all)."""
    rng = random.Random(seed)
    s = pc.new_game(name, seed=seed)
    trump = s.trump
    while not s.hand_results:
        s = s.apply(rng.choice(s.legal_moves()))
    result = s.hand_results[0]
    assert len(result.tricks) == 26 and sum(result.game_pips) == 80
    decided = result.decided_by
    assert str(decided["high"].card) == f"A{trump}" and str(decided["low"].card) == f"2{trump}"
    for name_ in ("high", "low", "jack"):
        card = decided[name_].card
        taker = next(trick.taker for trick in result.tricks if card in trick.cards)
        assert result.awards[name_] == taker


def test_the_tensors_have_a_row_for_every_trick() -> None:
    """The information state's play history has a row for each of the 26 tricks."""
    layout = tensor_layout(pc.load_variant("california-jack"), 2)
    assert layout.most_tricks == 26


def test_a_void_shown_before_a_draw_is_forgotten() -> None:
    """Seat 0 shows a diamond void on the first trick, then draws: the bots' inference no
    longer holds it void in diamonds (the draw may have brought one)."""
    hands = seats(s0="2C 3C 4C 5C 6C 7C", s1="AD KC QC JC TC 9C")
    s = play(new(hands=hands, stock="5H 8D 8S"), ["play AD", "play 2C"])
    assert s.to_move == 1
    knowledge = knowledge_of(s.view(1))
    assert not knowledge.voids[0] >> 1 & 1  # (suit 1: diamonds)


def test_the_tensors_show_the_face_up_top_card() -> None:
    """The observation's upcards piece holds the stock's top card (California Jack); a
    variant with no card face up has no such piece."""
    from pitchcore.interop.tensors import observation_tensor

    s = play(new(), ["play AC", "play 2C"])
    layout = tensor_layout(s)
    upcards = layout.unpack(observation_tensor(s, 0))["upcards"]
    assert upcards.nonzero()[0].tolist() == [parse_card("8D")]
    assert "upcards" not in {piece.name for piece in tensor_layout(pc.load_variant("auction-pitch")).observation}


def shown(state: pc.GameState, seat: int) -> list[list[str]]:
    return [[str(card) for card in cards] for cards in state.view(seat).shown]


def test_each_seat_sees_the_cards_the_other_drew_until_they_are_played() -> None:
    """The stock lies face up, so each draw is seen by both: after the first trick seat 1
    (the winner) holds the AH and seat 0 the KH, after the second the 8D and the 2S join
    them; when the AH and KH fall to the third trick they leave the lists, and the 3S and
    4S drawn after it join them. Both seats' views say the same."""
    s = play(new(stock="AH KH 8D 2S 3S 4S"), ["play AC", "play 2C"])
    assert shown(s, 0) == shown(s, 1) == [["KH"], ["AH"]]
    s = play(s, ["play KC", "play 3C"])
    assert shown(s, 0) == shown(s, 1) == [["KH", "2S"], ["8D", "AH"]]
    s = play(s, ["play AH", "play KH"])  # (seat 0 must follow hearts)
    assert shown(s, 0) == shown(s, 1) == [["2S", "4S"], ["8D", "3S"]]


def test_the_bots_knowledge_and_samples_keep_the_seen_draws_with_their_drawer() -> None:
    """Seat 1's inference places the KH and the 2S in seat 0's hand (not among the cards it
    cannot place), every sampled deal gives them to seat 0, and the tensors show them."""
    from pitchcore.bots.search import sample_deal, sample_state
    from pitchcore.interop.tensors import information_state_tensor
    from pitchcore.model.cards import mask_of

    s = play(new(stock="AH KH 8D 2S 3S 4S"), ["play AC", "play 2C", "play KC", "play 3C"])
    view = s.view(1)
    knowledge = knowledge_of(view)
    seen = mask_of([parse_card("KH"), parse_card("2S")])
    assert knowledge.shown_by(0) == seen and not knowledge.unknown & seen
    assert knowledge.shown_by(1) == 0  # (its own cards are its hand)
    rng = random.Random(3)
    for _ in range(20):
        assert {"KH", "2S"} <= {str(card) for card in sample_deal(view, rng)[0]}
        assert shown(sample_state(view, rng), 1) == [["KH", "2S"], ["8D", "AH"]]
    piece = tensor_layout(s).unpack(information_state_tensor(s, 1))["shown"]
    assert piece[1].nonzero()[0].tolist() == sorted([parse_card("2S"), parse_card("KH")])  # (relative seat 1: seat 0)
    assert piece[0].nonzero()[0].tolist() == sorted([parse_card("8D"), parse_card("AH")])


def test_shasta_sams_draws_are_unseen_but_the_turned_trump() -> None:
    """Shasta Sam: the stock is face down, so nobody sees what the other draws, except the
    AH turned up for trump: seat 1, taking the first trick, draws it in sight of seat 0,
    which knows seat 1 holds it until it is played. Seat 0's own draw (the KH) is listed
    nowhere."""
    s = play(new("shasta-sam", stock="AH KH 8D 2S 3S 4S"), ["play AC", "play 2C"])
    assert shown(s, 0) == shown(s, 1) == [[], ["AH"]]
    s = play(s, ["play KC", "play 3C"])
    assert shown(s, 0) == shown(s, 1) == [[], ["AH"]]
    s = play(s, ["play AH", "play KH"])
    assert shown(s, 0) == shown(s, 1) == []


def test_variants_without_draws_show_nothing() -> None:
    """Auction Pitch draws no cards during play: the field is empty, the tensors have no piece."""
    s = pc.new_game("auction-pitch", seed=2)
    rng = random.Random(2)
    while not s.done_tricks:
        s = s.apply(rng.choice(s.legal_moves()))
    assert all(s.view(seat).shown == () for seat in range(s.players))
    assert "shown" not in {piece.name for piece in tensor_layout(s).information_state}


def test_a_card_seen_drawn_parts_the_bots_equal_plays() -> None:
    """Seat 1 holds the 5S and the 7S (worth nothing, spades not trump) and saw seat 0 draw the
    6S: the two plays are not the same (the 6S ranks between them), so SearchBot weighs both."""
    from pitchcore.bots.heuristic import rules_info
    from pitchcore.bots.search import distinct_moves

    hands = seats(s0="2C 3C 4C 5C 6C 7C", s1="AC KC QC 5S 7S 9C")
    s = play(new(hands=hands, stock="AH 6S 8D"), ["play AC", "play 2C"])
    assert shown(s, 1) == [["6S"], ["AH"]]
    view = s.view(1)
    kept = {str(move) for move in distinct_moves(view.legal_moves, knowledge_of(view), rules_info(s.variant))}
    assert {"play 5S", "play 7S"} <= kept
