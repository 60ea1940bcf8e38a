"""Scenario tests for the bundled Dom Pedro, or Snoozer (Foster's Complete Hoyle, "Pedro").

Pedro Sancho with the joker, the Snoozer: the lowest trump (the 2 of trumps wins it) but,
as a trump, it wins any trick in plain suits, and it counts 15 to the player who wins it.
The Three, Five and Nine of trumps count their pips: 36 a deal, counted out High, Low,
Jack, Ten, Three, Five, Nine, Snoozer, to 50. Four seats, each for himself, dealer 0.
"""

from __future__ import annotations

from stacked import legal, play, seats

import pitchcore as pc
from pitchcore.model.cards import parse_card

# Seat 2 buys the pitch for 1 and leads the 4S (spades trump). Seat 0's 7S takes High, the
# 2S (Low) and the Three; seat 1 trumps seat 0's ace of hearts with the Snoozer and wins
# the rest with its hearts.
HANDS = seats(
    s1="3S HJ 6H 7H 8H 9H",
    s2="4S AD KD QD JD TD",
    s3="2S 9C 8C 7C 6C 5C",
    s0="7S AH 2H 3H 4H 5H",
)
SALE = ["pass", "bid 1", "pass", "pass", "pass"]
TRICKS = [
    "play 4S", "play 2S", "play 7S", "play 3S",
    "play AH", "play HJ", "play AD", "play 9C",   # the Snoozer wins a plain-suit trick
    "play 6H", "play KD", "play 8C", "play 2H",
    "play 7H", "play QD", "play 7C", "play 3H",
    "play 8H", "play JD", "play 6C", "play 4H",
    "play 9H", "play TD", "play 5C", "play 5H",
]


def new(**kw: object) -> pc.GameState:
    return pc.new_game("dom-pedro", players=4, seed=5, dealer=0, hands=HANDS, **kw)


def test_the_rules_as_bundled() -> None:
    variant = pc.load_variant("dom-pedro")
    assert variant.deal.deck_size() == 53
    assert [(point.name, point.value) for point in variant.points] == [
        ("high", 1), ("low", 1), ("jack", 1), ("game", 1), ("three", 3), ("five", 5),
        ("nine", 9), ("snoozer", 15)]
    assert sum(point.most() for point in variant.points) == 36
    assert variant.going_out.goal(4) == "target 50"
    s = new()
    assert legal(s) == {"pass", "bid 36"}
    assert legal(s.apply("pass")) == {"pass", *(f"bid {n}" for n in range(1, 36))}


def test_the_snoozer_is_the_lowest_trump() -> None:
    tables = new().table.trump_tables
    spades, joker, two, three = 3, *(parse_card(card) for card in ("HJ", "2S", "3S"))
    assert tables.suit[spades][joker] == spades
    assert tables.order[spades][three] > tables.order[spades][two] > tables.order[spades][joker]


def test_the_snoozer_wins_a_plain_suit_trick_and_counts_15_to_its_taker() -> None:
    """Low is the 2S, never the Snoozer: seat 0 takes it with the 7S (High) and the Three.
    The pitcher (seat 2) takes nothing and is set back 1; seat 1 scores its sale of 1 and
    the Snoozer's 15."""
    s = play(new(), [*SALE, *TRICKS[:8]])
    assert [taker for _, _, taker in s.done_tricks] == [0, 1]
    result = play(s, TRICKS[8:]).hand_results[-1]
    assert dict(result.awards) == {"high": 0, "low": 0, "jack": None, "game": None, "three": 0,
                                   "five": None, "nine": None, "snoozer": 1}
    assert (result.bidder, result.bid, result.made) == (2, 1, False)
    assert result.delta == (5, 1 + 15, -1, 0)


def test_the_two_of_trumps_wins_the_snoozer() -> None:
    s = play(new(), [*SALE, "play 4S", "play 2S", "play 7S", "play 3S"])
    tables = s.table.trump_tables
    cards = tuple(parse_card(card) for card in ("HJ", "2S"))
    assert s.table.variant.trick.winner(cards, 3, tables) == 1
