"""Scenario tests for seven-up: the trump is turned up, the eldest stands or begs.

Foster's Complete Hoyle ("All Fours, Seven-up, or Old Sledge") and Bicycle Cards' "Seven-Up":
six cards each in threes; the next card is turned for trump and scores the dealer a point
if it is a jack. The eldest stands, or begs: the dealer then gives a point, never one that
puts a side out, or runs the cards (three more each and a new turn-up, until the suit
changes; a pack run out is dealt again by the same dealer); after a run everyone discards
back to six. High and Low to their holders, Jack and Game to the takers; 7 wins.
Two players, dealer 0: seat 1 is the eldest and leads.
"""

from __future__ import annotations

import random

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc
from pitchcore.interop.actions import action_space
from pitchcore.model.cards import card_text, parse_card

HANDS = seats(
    s0="KH 3S 4S 5S 6S 7S",
    s1="AH 2H AC KC QC TC",
)
# Eldest (seat 1) takes every trick with hearts trump: High AH, Low 2H, Game; the JH is
# the turn-up, on the stock, so nobody wins Jack.
HEARTS_PLAY = [
    "play AH", "play KH", "play 2H", "play 3S", "play AC", "play 4S",
    "play KC", "play 5S", "play QC", "play 6S", "play TC", "play 7S",
]


def new(stock: str, hands: list[str] = HANDS, **kw: object) -> pc.GameState:
    return pc.new_game("seven-up", players=len(hands), seed=7, dealer=0, hands=hands, stock=stock, **kw)


def test_the_turned_card_is_trump_and_a_jack_scores_the_dealer() -> None:
    """The card after the deal is turned: JH makes hearts trump and scores the dealer 1 at
    once; the eldest stands. Seat 1 then scores High, Low and Game; the JH stays on the
    stock, out of play, so nobody scores Jack."""
    s = new("JH 9C")
    assert s.phase is pc.Phase.NAMING_TRUMP and s.to_move == 1 and s.trump == "H"
    assert legal(s) == {"stand", "beg"}
    assert [str(card) for card in s.view(0).upcards] == ["JH"] == [str(c) for c in s.view(1).upcards]
    s = play(s, ["stand", *HEARTS_PLAY])
    result = s.hand_results[-1]
    assert result.awards == {"high": 1, "low": 1, "jack": None, "game": 1}
    assert list(result.delta) == [1, 3] and s.scores == (1, 3)


def test_a_beg_answered_with_a_gift() -> None:
    """The eldest begs; the dealer says 'take it': the eldest scores the gift, and the
    turned suit stays trump."""
    s = new("5H 9C").apply("beg")
    assert s.to_move == 0 and legal(s) == {"give", "run"}
    s = play(s, ["give", *HEARTS_PLAY])
    assert s.hand_results[-1].awards == {"high": 1, "low": 1, "jack": None, "game": 1}
    assert list(s.hand_results[-1].delta) == [0, 4]


def test_the_dealer_may_not_give_a_point_that_puts_the_beggar_out() -> None:
    """Foster: the dealer cannot give a player enough to put him out; he must run."""
    s = new("5H 9C", scores=[0, 6]).apply("beg")
    assert legal(s) == {"run"}
    with pytest.raises(pc.IllegalMove, match="must run the cards"):
        s.apply("give")


def test_three_players_both_adversaries_receive_the_gift() -> None:
    """Foster: with three players a refused beg gives a point to both of the dealer's adversaries."""
    hands = seats(s0="KH 3S 4S 5S 6S 7S", s1="AH 2H AC KC QC TC", s2="8D 9D TD JD QD KD")
    s = new("5H", hands).apply("beg").apply("give")
    assert s.info.paid == ((1, 1), (2, 1))
    assert s.phase is pc.Phase.PLAYING


# The cards run: 5H turned and begged away; three more each (eldest first), then 6H, the
# same suit: set aside, three more each, then JS: spades are trump and the dealer scores
# the jack. Everyone discards back to six, one card a move, the eldest first.
RUN_STOCK = "5H 9D 8D 7D 4C 3C 2C 6H AS KS QS 4D 3D 2D JS 9C"


def test_running_the_cards_until_the_suit_changes() -> None:
    """Each run deals three more each and turns a new card, until its suit differs from the
    first turn-up's; a jack so turned scores the dealer; then everyone discards to six."""
    s = play(new(RUN_STOCK), ["beg", "run"])
    assert s.trump == "S" and s.phase is pc.Phase.DISCARDING and s.to_move == 1
    assert [str(card) for card in s.view(1).upcards] == ["5H", "6H", "JS"]
    assert s.info.paid == ((0, 1),) and s.info.stock[0] == parse_card("JS")
    assert held(s, 1) == {"AH", "2H", "AC", "KC", "QC", "TC", "9D", "8D", "7D", "AS", "KS", "QS"}
    assert held(s, 0) == {"KH", "3S", "4S", "5S", "6S", "7S", "4C", "3C", "2C", "4D", "3D", "2D"}
    assert legal(s) == {f"discard {card}" for card in held(s, 1)}
    s = play(s, ["discard AH", "discard 2H", "discard KC", "discard 9D", "discard 8D"])
    assert s.to_move == 1 and len(held(s, 1)) == 7
    s = s.apply("discard 7D")
    assert s.to_move == 0  # seat 1 holds six: the dealer discards next
    s = play(s, ["discard 4C", "discard 3C", "discard 2C", "discard 4D", "discard 3D", "discard 2D"])
    assert s.phase is pc.Phase.PLAYING and s.to_move == 1
    assert s.view(0).discard_counts == (6, 6)
    # Seat 1 draws three trumps; the dealer trumps the AC and takes the rest with 7S and KH.
    s = play(s, ["play AS", "play 3S", "play KS", "play 4S", "play QS", "play 5S",
                 "play AC", "play 6S", "play 7S", "play QC", "play KH", "play TC"])
    result = s.hand_results[-1]
    # High AS (seat 1), Low 3S (seat 0: the 2S was never dealt), Jack: JS on the stock, Game
    # seat 0 (19 pips to 9). The dealer also has the turned jack.
    assert result.awards == {"high": 1, "low": 0, "jack": None, "game": 0}
    assert list(result.game_pips) == [19, 9]
    assert list(result.delta) == [3, 1]


def test_a_pack_run_out_is_dealt_again_by_the_same_dealer() -> None:
    """Four players: if every card turned is a heart until the pack cannot deal another
    round and a turn-up, the deal is thrown in and the same dealer deals again."""
    hands = seats(s0="2C 3C 4C 5C 6C 7C", s1="8C 9C TC JC QC KC", s2="AC 2D 3D 4D 5D 6D",
                  s3="7D 8D 9D TD JD QD")
    named = {parse_card(card) for hand in hands for card in hand.split()}
    rest = [card for card in range(52) if card not in named]  # the 28 undealt: 13 hearts among them
    hearts = [card for card in rest if card // 13 == 2][:3]
    others = [card for card in rest if card not in hearts]
    stock = []
    for position in range(28):  # turn-ups at 0, 13 and 26: 1 + 12 dealt between them
        stock.append(hearts.pop() if position % 13 == 0 else others.pop())
    s = new(" ".join(map(card_text, stock)), hands)
    assert s.trump == "H"
    s = play(s, ["beg", "run"])
    assert (s.dealer, s.deal_number) == (0, 1)
    assert s.phase is pc.Phase.NAMING_TRUMP and s.to_move == 1 and len(s.info.turned) == 1


def test_the_action_space_has_the_beg_words() -> None:
    """stand, beg, give and run are actions of seven-up's space (a block of four at the
    end); a variant without them keeps its size."""
    space = action_space(pc.load_variant("seven-up"), 2)
    assert [space.names[action] for action in space.blocks["word"]] == ["stand", "beg", "give", "run"]
    assert space.move_to_action("beg") == space.word + 1
    assert len(action_space(pc.load_variant("auction-pitch"), 4).blocks["word"]) == 0
    s = new("JH 9C")
    assert [space.names[a] for a in space.legal_actions(s)] == ["stand", "beg"]


def test_all_fours_keeps_the_cards_run_and_plays_them_out() -> None:
    """All Fours (after_run: keep): after a run nobody discards; twelve cards each, twelve
    tricks. The turned jack still scores the dealer."""
    s = play(pc.new_game("all-fours", seed=7, dealer=0, hands=HANDS, stock=RUN_STOCK), ["beg", "run"])
    assert s.trump == "S" and s.phase is pc.Phase.PLAYING and s.to_move == 1
    assert len(held(s, 0)) == len(held(s, 1)) == 12 and s.info.paid == ((0, 1),)
    rng = random.Random(3)
    while not s.hand_results:
        s = s.apply(rng.choice(s.legal_moves()))
    assert len(s.hand_results[0].tricks) == 12


def test_all_fours_tensors_have_room_for_every_run() -> None:
    """Two players of six leave 39 cards after the turn-up: five runs of three each and a
    turn-up, so a hand can hold 21 cards and play 21 tricks."""
    from pitchcore.interop.tensors import tensor_layout

    assert tensor_layout(pc.load_variant("all-fours"), 2).most_tricks == 21
    assert tensor_layout(pc.load_variant("seven-up"), 2).most_tricks == 6


def test_a_new_trump_from_a_run_is_an_event() -> None:
    """Running the cards to a new suit tells the table: a TrumpSet event, turned up (no seat)."""
    s = new(RUN_STOCK).apply("beg")
    _, events = pc.apply_with_events(s, "run", seat=s.to_move)
    assert pc.TrumpSet("S", None) in events


def test_a_record_from_before_turned_and_paid_still_loads() -> None:
    """Records written before ``info.turned`` and ``info.paid`` existed leave them out: they
    load, each field at its default (an Auction Pitch game has neither)."""
    import json

    state = pc.new_game("auction-pitch", seed=3).apply("pass")
    data = json.loads(pc.dumps(state))
    del data["info"]["turned"], data["info"]["paid"]
    assert pc.loads(json.dumps(data)) == state


TIE_HANDS = seats(s0="TS 3C 4C 5C 6C 7C", s1="TC 3S 4S 5S 6S 7S")
TIE_PLAY = [
    "stand",
    "play TC", "play 3C",   # seat 1 takes the TC: 10 pips
    "play 3S", "play TS",   # seat 0 must follow: the TS takes, 10 pips
    "play 4C", "play 4S", "play 5C", "play 5S", "play 6C", "play 6S", "play 7C", "play 7S",
]


@pytest.mark.parametrize(("name", "game"), [("all-fours", 1), ("seven-up", None)])
def test_a_tie_for_game_goes_to_the_non_dealer_in_all_fours(name: str, game: int | None) -> None:
    """Both players take 10 pips. All Fours (tie: eldest) gives Game to the non-dealer, seat
    1; Seven-Up (tie: nobody) to nobody. No diamond (trump, the 2D turned) is in play."""
    s = play(pc.new_game(name, seed=7, dealer=0, hands=TIE_HANDS, stock="2D"), TIE_PLAY)
    result = s.hand_results[-1]
    assert list(result.game_pips) == [10, 10]
    assert result.awards == {"high": None, "low": None, "jack": None, "game": game}
