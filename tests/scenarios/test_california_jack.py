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
from pitchcore.cards import parse_card
from pitchcore.tensors import tensor_layout

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
    from pitchcore.tensors import observation_tensor

    s = play(new(), ["play AC", "play 2C"])
    layout = tensor_layout(s)
    upcards = layout.unpack(observation_tensor(s, 0))["upcards"]
    assert upcards.nonzero()[0].tolist() == [parse_card("8D")]
    assert "upcards" not in {piece.name for piece in tensor_layout(pc.load_variant("auction-pitch")).observation}
