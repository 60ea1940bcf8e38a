"""Scenario tests for the bundled Trickster Cards 9-, 11- and 13-point Pitch.

9-point: 52 cards, nine dealt and all played (no discard), High, Low (to the side dealt
it), Jack, the Five of trumps (5, to its taker) and Game, to 31. 11-point: Ten-point Pitch
plus the off-ace (the other ace of the trump's colour, between the A and the K, 1 to its
taker); 13-point: Ten-point Pitch plus the off-three (between the 3 and the 2, 3 to its
taker); both to 52, trump only. Four seats in partnerships, dealer 0 (eldest seat 1):
side 0 = seats 0 and 2.
"""

from __future__ import annotations

import pytest
from stacked import legal, play, seats

import pitchcore as pc
from pitchcore.model.cards import parse_card
from pitchcore.model.state import GameState, Phase

# -- 9-point ----------------------------------------------------------------------------------

# Seat 1 holds nine spades and wins every trick; seat 0 was dealt the 2S (Low), seat 2 the
# 5S (the Five), which seat 1 takes.
NINE_HANDS = seats(
    s1="AS KS QS JS TS 9S 8S 7S 6S",
    s2="5S 2H 3H 4H 5H 6H 7H 8H 9H",
    s3="3S TH JH QH KH AH 2D 3D 4D",
    s0="2S 4S 5D 6D 7D 8D 9D TD JD",
)
NINE_TRICKS = [
    "play AS", "play 5S", "play 3S", "play 2S",
    "play KS", "play 2H", "play TH", "play 4S",
    "play QS", "play 3H", "play JH", "play 5D",
    "play JS", "play 4H", "play QH", "play 6D",
    "play TS", "play 5H", "play KH", "play 7D",
    "play 9S", "play 6H", "play AH", "play 8D",
    "play 8S", "play 7H", "play 2D", "play 9D",
    "play 7S", "play 8H", "play 3D", "play TD",
    "play 6S", "play 9H", "play 4D", "play JD",
]


def nine(**kw: object) -> GameState:
    return pc.new_game("trickster-9-point", players=4, seed=3, dealer=0, hands=NINE_HANDS, **kw)


def test_nine_point_rules_as_bundled() -> None:
    variant = pc.load_variant("trickster-9-point")
    assert (variant.deal.hand_size, variant.deal.deck_size()) == (9, 52)
    assert [(point.name, point.value) for point in variant.points] == [
        ("high", 1), ("low", 1), ("jack", 1), ("five", 5), ("game", 1)]
    assert variant.going_out.goal(4) == "target 31"
    s = nine()
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(3, 10))}


def test_nine_point_all_pass_redeals() -> None:
    s = play(nine(), ["pass"] * 4)
    assert (s.phase, s.deal_number, s.dealer) == (Phase.BIDDING, 1, 0)


def test_nine_point_plays_all_nine_cards_without_a_discard() -> None:
    """Nine tricks: the Five goes to seat 1, which takes it; Low to side 0, dealt the 2S."""
    s = play(nine(), ["bid 8", "pass", "pass", "pass", "trump S"])
    assert s.phase is Phase.PLAYING and s.to_move == 1
    end = play(s, NINE_TRICKS[:-4])
    assert len(end.done_tricks) == 8                       # a ninth trick still to play
    end = play(end, NINE_TRICKS[-4:])
    result = end.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 0, "jack": 1, "five": 1, "game": 1}
    assert (result.made, result.delta) == (True, (1, 8))


def test_nine_point_set_bid() -> None:
    end = play(nine(), ["bid 9", "pass", "pass", "pass", "trump S", *NINE_TRICKS])
    assert (end.hand_results[-1].made, end.scores) == (False, (1, -9))


# -- 11- and 13-point -------------------------------------------------------------------------

# Hearts trump. Every trump is dealt, so the refill and the bidder's robbing bring only
# non-trumps. The 11-point game deals the off-ace (AD) to seat 2; the 13-point game deals
# the off-three (3D) there instead.
def big_hands(card: str) -> list[str]:
    return seats(
        s1="AH KH 3H 2H 9H 8H 2C 3C 4C",
        s2=f"{card} QH JD 4H 5C 6C 7C 8C 9C",
        s3="JH HJ TH 5H TC JC QC KC AC",
        s0="LJ 7H 6H 2S 3S 4S 5S 6S 7S",
    )


BIDDER_TRUMPS = {"AH", "KH", "3H", "2H", "9H", "8H"}


def big_stock(card: str) -> str:
    other = "3D" if card == "AD" else "AD"
    return f"8S 9S TS JS QS KS AS 2D {other} 4D 5D 6D 7D 8D 9D TD QD KD"


def big(name: str, card: str) -> GameState:
    """Seat 1 bids 4 and names hearts; everyone discards non-trumps; seat 1 robs the
    pack and sheds every non-trump it took."""
    s = pc.new_game(name, players=4, seed=3, dealer=0, hands=big_hands(card), stock=big_stock(card))
    s = play(s, ["bid 4", "pass", "pass", "pass", "trump H"])
    while s.phase is Phase.DISCARDING:
        moves = [str(move) for move in s.legal_moves()]
        if s.to_move == 1 and len(s.hands[1]) > 6:   # robbing: shed the non-trumps one by one
            s = s.apply(next(move for move in moves if move.split()[1] not in BIDDER_TRUMPS))
        else:                                        # discarding every non-trump: one move
            assert len(moves) == 1
            s = s.apply(moves[0])
    assert s.phase is Phase.PLAYING and s.to_move == 1
    return s


BIG_TRICKS = [
    "play AH", "play {card}", "play 5H", "play 6H",
    "play KH", "play QH", "play JH", "play 7H",
    "play 9H", "play JD", "play HJ", "play LJ",   # jick > HJ > LJ: seat 2
    "play 4H", "play TH", "play 8H",              # seat 0 is out of trumps: skipped
    "play 3H", "play 2H",                         # seat 1 alone
]


def test_eleven_point_rules_and_the_off_ace() -> None:
    variant = pc.load_variant("trickster-11-point")
    assert sum(point.most() for point in variant.points) == 11
    assert variant.going_out.goal(4) == "target 52"
    s = pc.new_game(variant, players=4, seed=3, dealer=0, hands=big_hands("AD"), stock=big_stock("AD"))
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(4, 12))}
    tables = s.table.trump_tables
    hearts, ace, off_ace, king = 2, *(parse_card(card) for card in ("AH", "AD", "KH"))
    assert tables.suit[hearts][off_ace] == hearts
    assert tables.order[hearts][ace] > tables.order[hearts][off_ace] > tables.order[hearts][king]


def test_eleven_point_hand() -> None:
    """Seat 1's ace takes the off-ace from seat 2: 1 to side 1. Side 1: High, off-ace,
    Low (dealt), Jack, Game, Three = 8; side 0: jick and both jokers = 3."""
    s = big("trickster-11-point", "AD")
    end = play(s, [move.format(card="AD") for move in BIG_TRICKS])
    result = end.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "off-ace": 1, "low": 1, "jack": 1, "jick": 0,
                                   "high-joker": 0, "low-joker": 0, "game": 1, "three": 1}
    assert (result.made, result.delta) == (True, (3, 8))


def test_thirteen_point_rules_and_the_off_three() -> None:
    variant = pc.load_variant("trickster-13-point")
    assert sum(point.most() for point in variant.points) == 13
    assert variant.going_out.goal(4) == "target 52"
    s = pc.new_game(variant, players=4, seed=3, dealer=0, hands=big_hands("3D"), stock=big_stock("3D"))
    assert legal(s) == {"pass", *(f"bid {n}" for n in range(4, 14))}
    tables = s.table.trump_tables
    hearts, three, off_three, two, off_ace = 2, *(parse_card(c) for c in ("3H", "3D", "2H", "AD"))
    assert tables.suit[hearts][off_three] == hearts
    assert tables.order[hearts][three] > tables.order[hearts][off_three] > tables.order[hearts][two]
    assert tables.suit[hearts][off_ace] != hearts          # no off-ace in the 13-point game


def test_thirteen_point_hand() -> None:
    """Seat 1's ace takes the off-three from seat 2: 3 to side 1. Side 1: High, Low
    (dealt), Jack, Game, Three, off-three = 10; side 0: jick and both jokers = 3."""
    s = big("trickster-13-point", "3D")
    end = play(s, [move.format(card="3D") for move in BIG_TRICKS])
    result = end.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": 1, "jick": 0, "high-joker": 0,
                                   "low-joker": 0, "game": 1, "three": 1, "off-three": 1}
    assert (result.made, result.delta) == (True, (3, 10))


@pytest.mark.parametrize("name", ["trickster-11-point", "trickster-13-point"])
def test_all_pass_redeals(name: str) -> None:
    s = pc.new_game(name, players=4, seed=3, dealer=0)
    s = play(s, ["pass"] * 4)
    assert (s.phase, s.deal_number, s.dealer) == (Phase.BIDDING, 1, 0)
