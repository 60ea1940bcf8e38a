"""House rules of the exchange, the widow and the settlement that the bundled variants do not
play (issue 15): St Paul Smear's discard of up to three non-trumps, point cards kept in play,
a robber keeping more than the others, a widow of one's own (Cinch with a widow), and a set
worth a multiple of the bid.

Every deal is stacked and each outcome worked out by hand. Four seats, dealer 0, so the
eldest is seat 1 and play goes 1, 2, 3, 0; side 0 is seats 0 and 2.
"""

from __future__ import annotations

import random

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc
from conftest import HOUSE_RULES
from pitchcore.accel import fast
from pitchcore.model.cards import mask_of, parse_cards
from pitchcore.model.state import GameState, Phase

# The house rules are conftest's HOUSE_RULES (the property tests play them too):
# - st-paul: St Paul Smear's draw (after the St Paul, Minnesota Smear rules): every player
#   but the dealer may discard up to three cards other than trumps (discard: any, up_to: 3,
#   trump_discards: returned) and is filled back to six; the dealer takes the rest of the
#   pack and discards down to six (robber: dealer, robber_hand: dealt), trumps only beyond
#   six and never a point card while another will do (bury: non-point).
# - cinch-widow: Cinch with a widow: nine cards and a widow of four each, picked up after
#   the bidding; each player discards seven to keep six (discard: to-keep).
# - keeps-eight: Ten-point Pitch where the bidder keeps eight cards of the pack it robs
#   (trump-only play: its extra trumps are played to tricks of their own).


def house(name: str) -> pc.Variant:
    return pc.load_variant_text(HOUSE_RULES[name], f"{name}.yaml")


def finish(state: GameState) -> GameState:
    """Play the hand out with the first legal move until it is scored."""
    hands = len(state.hand_results)
    while not state.is_over and len(state.hand_results) == hands:
        state = state.apply(state.legal_moves()[0])
    return state


# ---------------------------------------------------------------- St Paul Smear: up to three

# Hearts trump (the jick is the JD). Seat 1 holds AH 2H and four clubs; seat 2 the JH and the
# JD; seat 3 three small hearts; the dealer five hearts and a spade. The stock refills in
# order, the 7H and 6H to seat 3: the rest of the pack, which the dealer takes, has no trump.
ST_PAUL_HANDS = seats(
    s1="AH 2H 3C 4C 5C 6C",
    s2="JH JD 7C 8C 9C TC",
    s3="5H 4H 3H 2S 3S 4S",
    s0="KH QH TH 9H 8H AS",
)
ST_PAUL_STOCK = "2D 3D 4D 7H 6H 5D 6D"


def st_paul() -> GameState:
    return play(pc.new_game(house("st-paul"), seed=3, dealer=0, hands=ST_PAUL_HANDS, stock=ST_PAUL_STOCK),
                ["bid 2", "pass", "pass", "pass", "trump H"])


def test_a_player_discards_up_to_three_cards_never_a_trump() -> None:
    s = st_paul()
    clubs = ["3C", "4C", "5C", "6C"]
    expected = {"discard"} | {f"discard {c}" for c in clubs} \
        | {f"discard {a} {b}" for i, a in enumerate(clubs) for b in clubs[i + 1:]} \
        | {f"discard {' '.join(c for c in clubs if c != left)}" for left in clubs}
    assert legal(s) == expected                     # 1 + 4 + 6 + 4 ways: nothing, or one to three clubs
    with pytest.raises(pc.IllegalMove, match="discard 0 to 3"):
        s.apply("discard 3C 4C 5C 6C")
    with pytest.raises(pc.IllegalMove, match="may discard no trump"):
        s.apply("discard AH")


def test_the_refill_then_the_dealer_robs_and_sheds_down_to_six_never_a_trump() -> None:
    """Seat 1 throws three clubs (2D 3D 4D back), seat 2 none, seat 3 two spades (7H 6H);
    the dealer skips the draw, takes the rest of the pack (5D 6D on top) and sheds down to
    six, one card at a time: no trump while it holds six or fewer."""
    s = play(st_paul(), ["discard 3C 4C 5C", "discard", "discard 2S 3S"])
    assert [held(s, seat) for seat in (1, 2, 3)] == [
        {"AH", "2H", "6C", "2D", "3D", "4D"}, {"JH", "JD", "7C", "8C", "9C", "TC"},
        {"5H", "4H", "3H", "4S", "7H", "6H"}]
    assert (s.phase, s.to_move, s.info.exchanged) == (Phase.DISCARDING, 0, 4)   # every seat's turn over once
    trumps = {"KH", "QH", "TH", "9H", "8H"}
    assert trumps | {"AS", "5D", "6D"} <= held(s, 0) and len(held(s, 0)) == 6 + 52 - 24 - 5  # the pack: 23
    while len(s.hands[0]) > 6:
        assert legal(s) == {f"discard {card}" for card in held(s, 0) - trumps}
        s = s.apply(next(move for move in s.legal_moves() if str(move) != "discard 5D"))
    assert s.phase is Phase.PLAYING and held(s, 0) == trumps | {"5D"}


# ---------------------------------------------------------------- point cards buried last

# Ten-point Pitch, hearts trump: seat 1 holds eight trumps, seven of them point cards (AH,
# 2H, JH, the jick JD, both jokers, TH) and one that scores nothing (KH).
BURY_HANDS = seats(
    s1="AH 2H JH JD HJ LJ TH KH 4C",
    s2="2C 3C 5C 6C 7C 8C 9C TC JC",
    s3="2S 3S 4S 5S 6S 7S 8S 9S TS",
    s0="2D 3D 4D 5D 6D 7D 8D 9D TD",
)


def bury(rule: str) -> GameState:
    variant = pc.load_variant_text(f"extends: ten-point-pitch\nname: house\nexchange: {{bury: {rule}}}\n")
    return play(pc.new_game(variant, seed=3, dealer=0, hands=BURY_HANDS), ["bid 4", "pass", "pass", "pass", "trump H"])


def test_a_point_card_is_buried_only_when_every_other_trump_is() -> None:
    """Eight trumps, six kept: the KH goes, and one point card of the player's choice."""
    s = bury("non-point")
    points = ["AH", "2H", "JH", "JD", "HJ", "LJ", "TH"]
    assert legal(s) == {str(pc.Move("discard", mask_of(parse_cards(["4C", "KH", card])))) for card in points}
    with pytest.raises(pc.IllegalMove, match="a point card may be discarded only when nothing else can go"):
        s.apply("discard 4C AH 2H")


def test_any_two_trumps_may_be_buried_by_default() -> None:
    assert len(bury("any").legal_moves()) == 28     # two of the eight trumps, any two


# ---------------------------------------------------------------- the robber keeps eight

ROBBER_HANDS = seats(
    s1="AH KH JD HJ 2H 3H 4C 5C 6C",
    s2="QH LJ 4H 7C 8C 9C TC JC QC",
    s3="JH TH 5H KC AC 2S 3S 4S 5S",
    s0="9H 8H 6S 7S 8S 9S TS JS QS",
)
ROBBER_STOCK = "2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD 2C 3C KS AS 6H 7H"
"""Ten non-trumps refill seats 2, 3 and 0; the bidder robs the last eight (6H and 7H among them)."""


def test_the_robber_keeps_eight_and_plays_its_two_extra_trumps() -> None:
    s = play(pc.new_game(house("keeps-eight"), seed=1, dealer=0, hands=ROBBER_HANDS, stock=ROBBER_STOCK),
             ["bid 4", "pass", "pass", "pass", "trump H"])
    for _ in range(4):  # everyone throws every non-trump: one legal move each
        s = s.apply(s.legal_moves()[0])
    assert len(s.hands[1]) == 14
    s = play(s, ["discard KD", "discard AD", "discard 2C", "discard 3C", "discard KS", "discard AS"])
    assert s.phase is Phase.PLAYING
    assert held(s, 1) == {"AH", "KH", "JD", "HJ", "2H", "3H", "6H", "7H"}
    s = finish(s)
    result = s.hand_results[-1]
    assert result.made and sum(result.delta) == 10  # every point in play was scored


def test_a_robber_keeping_more_needs_trump_only_play() -> None:
    with pytest.raises(pc.VariantError, match="only play follow: trump-only"):
        pc.load_variant_text("extends: cinch\nname: house\nexchange: {robber_keeps: 8}\n")


# ---------------------------------------------------------------- a widow of one's own

WIDOW_HANDS = seats(
    s1="AH KH QH 2C 3C 4C 5C 6C 7C",
    s2="JH TH 9H 8S 9S TS JS QS KS",
    s3="8H 7H 6H 2D 3D 4D 6D 7D 8D",
    s0="5H 4H 3H 9D TD JD QD KD AD",
)
WIDOW_STOCK = "2H 8C 9C TC  5D JC QC KC  AC 2S 3S 4S  5S 6S 7S AS"
"""The widows, eldest first: seat 1's holds the 2H, seat 2's the 5D (the Left Pedro)."""


def widow() -> GameState:
    return pc.new_game(house("cinch-widow"), seed=2, dealer=0, hands=WIDOW_HANDS, stock=WIDOW_STOCK)


def test_each_widow_is_picked_up_after_the_auction_and_seen_by_its_owner_only() -> None:
    s = widow()
    assert [len(hand) for hand in s.hands] == [9, 9, 9, 9]
    s = play(s, ["bid 6", "pass", "pass", "pass"])
    assert (s.phase, s.to_move) == (Phase.NAMING_TRUMP, 1)
    assert [len(hand) for hand in s.hands] == [13, 13, 13, 13]
    assert {"2H", "8C", "9C", "TC"} <= held(s, 1) and {"5D", "JC", "QC", "KC"} <= held(s, 2)
    view = s.view(1)
    assert view.hand_sizes == (13, 13, 13, 13)
    assert {str(card) for card in view.hand} == held(s, 1)
    assert not {"5D", "JC", "QC", "KC"} & {str(card) for card in view.hand}
    assert pc.loads(pc.dumps(s)) == s


def test_cinch_with_a_widow_discards_seven_to_keep_six() -> None:
    s = play(widow(), ["bid 6", "pass", "pass", "pass", "trump H"])
    assert len(s.legal_moves()) == 1716             # any seven of thirteen
    s = play(s, ["discard 2C 3C 4C 5C 6C 7C 8C",         # seat 1 keeps AH KH QH 2H 9C TC
                 "discard 8S 9S TS JS QS KS JC",          # seat 2 keeps JH TH 9H 5D QC KC
                 "discard 2D 3D 4D 6D 7D 8D 2S",          # seat 3 keeps 8H 7H 6H AC 3S 4S
                 "discard 9D TD JD QD KD 5S 6S"])         # seat 0 keeps 5H 4H 3H AD 7S AS
    assert s.phase is Phase.PLAYING and [len(hand) for hand in s.hands] == [6, 6, 6, 6]
    assert held(s, 2) == {"JH", "TH", "9H", "5D", "QC", "KC"}
    assert finish(s).hand_results[-1].bid == 6


def test_the_fast_path_picks_up_the_widows_too() -> None:
    rng = random.Random(4)
    checked = quick = pc.new_game(house("cinch-widow"), seed=4)
    for _ in range(200):
        if checked.is_over:
            break
        assert fast.moves(quick) == checked.legal_moves()
        move = rng.choice(checked.legal_moves())
        checked, quick = checked.apply(move), fast.step(quick, move)
        assert quick == checked


# ---------------------------------------------------------------- a set worth twice the bid

# Auction Pitch, seat 1 pitches hearts for 3 and takes High and Jack only: Low is seat 2's
# (the holder's), and seat 0's clubs take Game, 23 pips to seat 1's 18. Set.
SET_HANDS = seats(
    s1="AH JH 2C 3C 4C 5C",
    s2="2H 9S TS JS QS KS",
    s3="3D 4D 5D 6D 7D 8D",
    s0="AC KC QC JC TC 9D",
)
SET_TRICKS = [
    "play AH", "play 2H", "play 3D", "play 9D",   # seat 1: 4 pips
    "play 2C", "play 9S", "play 4D", "play AC",   # seat 0: 4
    "play KC", "play 3C", "play TS", "play 5D",   # seat 0: 13
    "play QC", "play 4C", "play JS", "play 6D",   # seat 0: 3
    "play JC", "play 5C", "play QS", "play 7D",   # seat 0: 3
    "play TC", "play JH", "play KS", "play 8D",   # seat 1 trumps: 14
]


@pytest.mark.parametrize(("settlement", "extra"), [
    ("{}", (0, -3, 0, 0)),
    ("{set_multiplier: 2}", (0, -6, 0, 0)),
    ("{set_multiplier: 2, set_bid_to: defenders}", (6, -6, 6, 6)),
    ("{set_costs: nothing, set_bid_to: defenders}", (3, 0, 3, 3)),
])
def test_what_a_set_costs_and_pays(settlement: str, extra: tuple[int, ...]) -> None:
    """Seat 1 pitches for 3 and takes High and Jack only: set. Besides the points the others
    took (Low to seat 2, Game to seat 0), a set costs the bid times ``set_multiplier`` (or
    nothing), and with ``set_bid_to: defenders`` each other seat scores that much."""
    variant = pc.load_variant_text(f"extends: auction-pitch\nname: house\nsettlement: {settlement}\n")
    s = play(pc.new_game(variant, players=4, seed=1, dealer=0, hands=SET_HANDS),
             ["bid 3", "pass", "pass", "pass", *SET_TRICKS])
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 2, "jack": 1, "game": 0}
    assert result.made is False
    assert result.delta == tuple(own + more for own, more in zip((1, 0, 1, 0), extra, strict=True))
