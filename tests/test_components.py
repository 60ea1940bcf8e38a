"""Unit tests per rule component, with compact hand strings."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchcore as pc
from conftest import mask, play_state
from pitchcore.components.context import HandContext
from pitchcore.components.going_out import AwardOrder, BidderFirst, BidderOnly, WinOnBid
from pitchcore.components.points import Game, High, Jack, Jick, Low, TrumpCard
from pitchcore.components.settlement import Ledger, NoJunk, SetBack
from pitchcore.components.trick import HighestTrump
from pitchcore.components.trump import NO_TRUMP, build_tables
from pitchcore.model.cards import SUITS, card_text, cards_in, parse_card, parse_cards
from pitchcore.model.state import Phase

C, D, H, S = range(4)
JICK = build_tables(("jick",))
PLAIN = build_tables(())


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def texts(moves: tuple[pc.Move, ...]) -> set[str]:
    return {str(move) for move in moves}


# -- trump tables: the one place that says what a card is ------------------------------


def test_jick_is_a_trump_between_ten_and_jack_of_trumps() -> None:
    jd = parse_card("JD")
    assert JICK.suit[H][jd] == H
    assert JICK.trumps[H] >> jd & 1
    assert not JICK.suit_masks[H][D] >> jd & 1
    assert JICK.suit_masks[H][H] == JICK.trumps[H]
    order = JICK.order[H]
    assert order[parse_card("TH")] < order[jd] < order[parse_card("JH")]
    ranked = sorted(cards_in(JICK.trumps[H]), key=order.__getitem__)
    assert " ".join(card_text(c) for c in ranked) == "2H 3H 4H 5H 6H 7H 8H 9H TH JD JH QH KH AH"
    assert JICK.suit_masks[H][D].bit_count() == 12


@pytest.mark.parametrize(("trump", "jick"), [("C", "JS"), ("D", "JH"), ("H", "JD"), ("S", "JC")])
def test_the_jick_is_the_other_jack_of_the_trump_colour(trump: str, jick: str) -> None:
    t = SUITS.index(trump)
    card = parse_card(jick)
    assert JICK.suit[t][card] == t
    assert JICK.extras[t] == (card,)
    assert JICK.trumps[t].bit_count() == 14
    others = [s for s in range(4) if s != t]
    assert [JICK.suit[s][card] for s in others if s != SUITS.index(jick[1])] == [card // 13] * 2


def test_without_the_jick_the_jack_keeps_its_suit() -> None:
    jd = parse_card("JD")
    assert PLAIN.suit[H][jd] == D
    assert not PLAIN.trumps[H] >> jd & 1
    assert PLAIN.trumps[H] == mask("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert PLAIN.extras[H] == ()


def test_no_trump_tables_have_no_trumps_and_plain_suits() -> None:
    for tables in (PLAIN, JICK):
        assert tables.trumps[NO_TRUMP] == 0
        assert tables.suit[NO_TRUMP][parse_card("JD")] == D
        assert [m.bit_count() for m in tables.suit_masks[NO_TRUMP]] == [13] * 4 + [2]  # jokers: no suit


@pytest.mark.parametrize("tables", [PLAIN, JICK])
def test_suit_masks_partition_the_deck(tables: object) -> None:
    for t in range(5):
        masks = tables.suit_masks[t]  # type: ignore[attr-defined]
        assert sum(m.bit_count() for m in masks) == 54  # the two jokers included
        assert masks[0] | masks[1] | masks[2] | masks[3] | masks[4] == (1 << 54) - 1


@pytest.mark.parametrize(("extras", "trump", "ranking"), [
    (("jick",), "H", "2H 3H 4H 5H 6H 7H 8H 9H TH JD JH QH KH AH"),
    (("off-five",), "C", "2C 3C 4C 5S 5C 6C 7C 8C 9C TC JC QC KC AC"),      # Cinch's Left Pedro
    (("joker-low",), "S", "HJ 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),     # Joker Pitch
    (("joker-top",), "S", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS HJ"),
    (("jick", "jokers"), "D", "2D 3D 4D 5D 6D 7D 8D 9D TD LJ HJ JH JD QD KD AD"),  # Ten-point
])
def test_extra_trumps_take_their_place_in_the_trump_ranking(extras: tuple[str, ...], trump: str,
                                                             ranking: str) -> None:
    tables = build_tables(extras)
    t = SUITS.index(trump)
    assert [card_text(card) for card in reversed(tables.ranked[t])] == ranking.split()
    order = tables.order[t]
    ranks = [order[card] for card in parse_cards(ranking)]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    assert tables.trumps[t] == mask(ranking)
    assert all(tables.suit[t][card] == t for card in parse_cards(ranking))


# -- trick winner -----------------------------------------------------------------------


@pytest.mark.parametrize(("trick", "trump", "tables", "winner"), [
    ("KH AH QH", "S", PLAIN, "AH"),          # highest of the suit led
    ("KH AH 2S", "S", PLAIN, "2S"),          # any trump beats the suit led
    ("2S AH KS", "S", PLAIN, "KS"),          # highest trump
    ("5C AH KD", "S", PLAIN, "5C"),          # off-suit cards never win
    ("5C AH KD AS", "H", PLAIN, "AH"),
    ("TH JD 9H", "H", JICK, "JD"),           # the jick beats the ten...
    ("JD JH 9H", "H", JICK, "JH"),           # ...and loses to the jack
    ("JD AD KD", "H", JICK, "JD"),           # a led jick is a trump, AD is not
    ("JD AD KD", "H", PLAIN, "AD"),          # without the jick JD is a diamond
    ("5D JD AD", "H", JICK, "JD"),           # jick trumps a diamond lead
    ("3C 2C AD", "D", PLAIN, "AD"),
])
def test_trick_winner(trick: str, trump: str, tables: object, winner: str) -> None:
    played = cards(trick)
    position = HighestTrump().winner(played, SUITS.index(trump), tables)  # type: ignore[arg-type]
    assert card_text(played[position]) == winner


def test_trick_winner_without_trump_is_the_highest_of_the_suit_led() -> None:
    played = cards("9D 3S AD TD")
    assert HighestTrump().winner(played, NO_TRUMP, PLAIN) == 2


@given(st.lists(st.integers(0, 51), min_size=2, max_size=8, unique=True), st.integers(0, 3),
       st.booleans())
def test_trick_winner_properties(played: list[int], trump: int, jick: bool) -> None:
    tables = JICK if jick else PLAIN
    position = HighestTrump().winner(tuple(played), trump, tables)
    card = played[position]
    suit, order = tables.suit[trump], tables.order[trump]
    trumps = [c for c in played if suit[c] == trump]
    if trumps:
        assert card == max(trumps, key=order.__getitem__)
    else:
        led = suit[played[0]]
        assert suit[card] == led
        assert all(order[card] > order[c] for c in played if suit[c] == led and c != card)


# -- follow-or-trump legality ------------------------------------------------------------


def legal_cards(state: pc.GameState) -> str:
    moves = state.legal_moves()
    assert all(move.kind == "play" for move in moves)
    return " ".join(sorted(card_text(move.arg) for move in moves))  # type: ignore[arg-type]


def sort_text(text: str) -> str:
    return " ".join(sorted(text.split()))


@pytest.mark.parametrize(("hand", "trick", "trump", "legal"), [
    ("2H AS 5C", "KH", "S", "2H AS"),        # follow, or trump instead
    ("2H 9H 5C", "KH", "S", "2H 9H"),        # follow: no trump held
    ("AS 5C 7D", "KH", "S", "AS 5C 7D"),     # cannot follow: anything
    ("KH 3S QS", "2S", "S", "3S QS"),        # trump led: follow with trump
    ("KH QD", "2S", "S", "KH QD"),           # trump led, none held: anything
    ("KH QD 3S", "", "S", "KH QD 3S"),       # a lead may be any card
    ("KH QD 3S", "4D 9S", "S", "QD 3S"),     # the suit led decides, not the winning card
])
def test_follow_or_trump(hand: str, trick: str, trump: str, legal: str) -> None:
    state = play_state("auction-pitch", hand=hand, trick=trick, trump=trump, tricks_done=1)
    assert legal_cards(state) == sort_text(legal)


@pytest.mark.parametrize(("hand", "trick", "trump", "legal"), [
    ("JD 3C", "5D", "H", "JD 3C"),           # the jick is no diamond: cannot follow
    ("JD 7D 3C", "5D", "H", "JD 7D"),        # follow with 7D, or trump with the jick
    ("JD 3C", "5H", "H", "JD"),              # the jick follows a heart lead
    ("2H 4D", "JD", "H", "2H"),              # a led jick is a trump lead
    ("JC 4D 8S", "2S", "C", "JC 8S"),        # with clubs trump JS is the jick, JC the jack
])
def test_follow_or_trump_with_the_jick(hand: str, trick: str, trump: str, legal: str) -> None:
    state = play_state("haus-pitch", hand=hand, trick=trick, trump=trump, tricks_done=2)
    assert legal_cards(state) == sort_text(legal)


@pytest.mark.parametrize(("variant", "hand", "trump", "legal"), [
    ("hi-lo-jack", "AS KH 2D", "H", "KH"),
    ("hi-lo-jack", "AS 9C 2D", "H", "AS 9C 2D"),   # no trump held: any lead
    ("haus-pitch", "JD 4C AS", "H", "JD"),         # the jick counts as a trump to lead
    ("auction-pitch", "AS KH 2D", "H", "AS KH 2D"),  # first_lead: any
])
def test_first_lead_must_be_a_trump_where_the_variant_says(variant: str, hand: str, trump: str,
                                                           legal: str) -> None:
    state = play_state(variant, hand=hand, trump=trump, seat=0, tricks_done=0)
    assert legal_cards(state) == sort_text(legal)
    later = play_state(variant, hand=hand, trump=trump, seat=0, tricks_done=1)
    assert legal_cards(later) == sort_text(hand)


def test_no_trump_yet_means_any_card() -> None:
    state = play_state("auction-pitch", hand="AS KH 2D", trump=None, seat=0)
    assert legal_cards(state) == "2D AS KH"


def test_illegal_plays_raise_with_a_reason_and_leave_the_state() -> None:
    state = play_state("auction-pitch", hand="2H AS 5C", trick="KH", trump="S", tricks_done=1)
    with pytest.raises(pc.IllegalMove, match="does not follow"):
        state.apply("play 5C")
    with pytest.raises(pc.IllegalMove, match="not in seat 1's hand"):
        state.apply("play 3D")
    with pytest.raises(pc.IllegalMove, match="not a play"):
        state.apply("bid 2")
    assert legal_cards(state) == "2H AS"
    after = state.apply("play AS")
    assert after.masks[1] == mask("2H 5C")
    assert after.trick_cards == cards("KH AS")


def test_first_lead_sets_trump_in_auction_pitch() -> None:
    state = pc.new_game("auction-pitch", players=2, seed=3,
                        hands=["AS KS 2C 3C 4C 5C", "TD 2H 3H 4H 6D JH"])
    state = state.apply("bid 2").apply("pass")
    assert (state.phase, state.to_move, state.trump) == (Phase.PLAYING, 1, None)
    assert legal_cards(state) == "2H 3H 4H 6D JH TD"
    state = state.apply("play 3H")
    assert state.trump == "H"
    assert legal_cards(state) == "2C 3C 4C 5C AS KS"  # no heart: anything
    state = state.apply("play 2C")
    assert state.done_tricks == ((1, cards("3H 2C"), 1),)
    assert state.to_move == 1


# -- point categories on small hand contexts --------------------------------------------


def context(trump: str, held: dict[int, str], captured: dict[int, str], *, jick: bool = False,
            side_of: tuple[int, ...] = (0, 1, 2, 3), bidder_side: int | None = 0) -> HandContext:
    """A finished hand: ``held`` is who held each card in play, ``captured`` who took it."""
    seats = len(side_of)
    held_masks = tuple(mask(held.get(seat, "")) for seat in range(seats))
    taken_masks = tuple(mask(captured.get(seat, "")) for seat in range(seats))
    in_play = 0
    for pile in held_masks:
        in_play |= pile
    assert sum(taken_masks) == in_play, "every card in play is captured by somebody, once"
    sides = max(side_of) + 1
    return HandContext(SUITS.index(trump), JICK if jick else PLAIN, side_of, sides,
                       held_masks, taken_masks, (0,) * sides, bidder_side)


HELD = {0: "AH 5H 9C KD", 1: "3H JH TC 2S", 2: "QS TD 4C 8S", 3: "2C JD 7H 6S"}
TAKEN = {0: "3H JH TC 2S", 1: "AH 5H 9C KD 7H", 2: "QS TD 4C 8S 2C JD 6S", 3: ""}


def test_high_low_jack_to_holder_or_capturer() -> None:
    ctx = context("H", HELD, TAKEN)
    assert High(receiver="holder").award(ctx) == 0      # AH held by 0...
    assert High(receiver="capturer").award(ctx) == 1    # ...captured by 1 (a made-up hand)
    assert Low(receiver="holder").award(ctx) == 1       # 3H held by 1
    assert Low(receiver="capturer").award(ctx) == 0     # taken by 0
    assert Jack().award(ctx) == 0                       # JH captured by 0
    assert Jack(receiver="holder").award(ctx) == 1


def test_jack_and_jick_not_in_play_are_awarded_to_nobody() -> None:
    held = {0: "AS KS", 1: "2S 3D"}
    ctx = context("S", held, held, side_of=(0, 1))
    assert Jack().award(ctx) is None
    assert Jick().award(context("S", held, held, side_of=(0, 1), jick=True)) is None
    assert High().award(ctx) == 0 and Low().award(ctx) == 1


def test_jick_point_and_low_with_the_jick() -> None:
    held = {0: "JD TH", 1: "JH 9C"}
    taken = {0: "JH 9C", 1: "JD TH"}
    ctx = context("H", held, taken, side_of=(0, 1), jick=True)
    assert Jick().award(ctx) == 1
    assert Jack().award(ctx) == 0
    assert High().award(ctx) == 0                       # JH
    assert Low(receiver="holder").award(ctx) == 0       # TH is below the jick


def test_trump_card_point() -> None:
    ctx = context("H", HELD, TAKEN)
    assert TrumpCard(name="ten", rank="T").award(ctx) is None   # TH not in play
    assert TrumpCard(name="three", rank="3", value=3).award(ctx) == 0
    assert TrumpCard(name="five", rank="5", receiver="holder").award(ctx) == 0


def test_game_counts_pips_over_captured_cards() -> None:
    ctx = context("H", HELD, TAKEN)
    # side 0: 3H JH TC 2S = 1 + 10; side 1: AH 5H 9C KD 7H = 4 + 3; side 2: QS TD 4C 8S 2C JD 6S = 2+10+1
    assert Game().pips(ctx) == (11, 7, 13, 0)
    assert Game().award(ctx) == 2


def test_game_jick_counts_one_pip() -> None:
    ctx = context("H", {0: "JD", 1: "2C"}, {0: "", 1: "JD 2C"}, side_of=(0, 1), jick=True)
    assert Game().pips(ctx) == (0, 1)


@pytest.mark.parametrize("tie", ["nobody", "defenders"])
def test_game_without_pips_goes_to_nobody(tie: str) -> None:
    held = {0: "2C 3D", 1: "9H 4S"}
    ctx = context("H", held, {0: "2C 3D 9H 4S", 1: ""}, side_of=(0, 1), bidder_side=1)
    assert Game().pips(ctx) == (0, 0)
    assert Game(tie=tie).award(ctx) is None


@pytest.mark.parametrize(("bidder_side", "tie", "expected"), [
    (0, "nobody", None), (0, "defenders", 1), (1, "defenders", 0), (2, "defenders", None),
    (None, "defenders", None),
])
def test_game_ties(bidder_side: int | None, tie: str, expected: int | None) -> None:
    held = {0: "TC AS", 1: "TD KS", 2: "TS 2H"}
    taken = {0: "TC", 1: "TD", 2: "AS KS TS 2H"}
    ctx = context("H", {0: held[0], 1: held[1], 2: held[2]},
                  {0: taken[0], 1: taken[1], 2: taken[2]}, side_of=(0, 1, 2),
                  bidder_side=bidder_side)
    assert Game().pips(ctx) == (10, 10, 17)
    assert Game(tie=tie).award(ctx) == 2                # no tie for the most
    tied = context("H", {0: "TC AS", 1: "TD AD", 2: "2H"}, {0: "TC AS", 1: "TD AD", 2: "2H"},
                   side_of=(0, 1, 2), bidder_side=bidder_side)
    assert Game(tie=tie).award(tied) == expected


# -- settlement and going out -----------------------------------------------------------


def test_set_back_credits() -> None:
    awards = [(0, 1), (1, 1), (None, 1), (0, 2)]
    assert SetBack().credits(awards, 0, True) == ((0, 1), (1, 1), (0, 2))
    assert SetBack().credits(awards, 0, False) == ((1, 1),)
    assert NoJunk().credits(awards, 0, True) == ((0, 1), (0, 2))
    assert NoJunk().credits(awards, 0, False) == ()


def ledger(credits: list[tuple[int, int]], bidder_side: int, bid: int, made: bool,
           **extra: object) -> Ledger:
    return Ledger(tuple(credits), bidder_side, bid, made, **extra)  # type: ignore[arg-type]


def test_bidder_only_worked_example_of_seed_000() -> None:
    # A side at 10 takes all four points against a failed bid of 4 by a side at -2.
    failed = ledger([(0, 1)] * 4, 1, 4, False, penalty=4)
    assert BidderOnly(target=11).settle((10, -2), failed, 1) == ((4, -4), None, False)


def test_bidder_only_stops_scoring_when_the_bidder_goes_out() -> None:
    made = ledger([(0, 1), (1, 1), (1, 1), (0, 1)], 0, 2, True)
    # side 0 at 10: High takes it to 11 but the bid (2) is not yet made; Game makes it.
    assert BidderOnly(target=11).settle((10, 5), made, 0) == ((2, 2), 0, True)
    early = ledger([(0, 1), (0, 1), (1, 1), (1, 1)], 0, 2, True)
    assert BidderOnly(target=11).settle((10, 10), early, 0) == ((2, 0), 0, True)


def test_bidder_first_settles_the_bidder_before_the_others() -> None:
    both = ledger([(1, 1), (0, 1), (0, 1)], 0, 2, True)
    assert BidderFirst(target=11).settle((9, 10), both, 0) == ((2, 0), 0, True)
    short = ledger([(1, 1), (0, 1)], 0, 1, True)
    assert BidderFirst(target=11).settle((9, 10), short, 0) == ((1, 1), 1, True)
    failed = ledger([(1, 1), (2, 1)], 0, 3, False, penalty=3)
    assert BidderFirst(target=11).settle((0, 0, 10), failed, 0) == ((-3, 1, 1), 2, True)


def test_award_order_first_to_the_target_wins_bidder_or_not() -> None:
    race = ledger([(1, 1), (0, 1), (0, 1)], 0, 2, True)
    assert AwardOrder(target=11).settle((10, 10), race, 0) == ((0, 1), 1, True)
    moon = ledger([(1, 1)], 0, 5, True, bonus=11)
    assert AwardOrder(target=11).settle((0, 10), moon, 0) == ((11, 0), 0, True)
    failed = ledger([(1, 1)], 0, 5, False, penalty=11)
    assert AwardOrder(target=11).settle((0, 0), failed, 0) == ((-11, 1), None, False)


def test_win_on_bid_only_the_bidder_making_its_bid_goes_out() -> None:
    defenders = ledger([(1, 1), (1, 1)], 0, 2, False, penalty=2)
    assert WinOnBid(target=21).settle((0, 20), defenders, 0) == ((-2, 2), None, False)
    made = ledger([(0, 1), (0, 1), (1, 1)], 0, 2, True)
    assert WinOnBid(target=21).settle((19, 30), made, 0) == ((2, 1), 0, True)


def test_shoot_outcomes() -> None:
    won = ledger([(0, 1), (0, 1)], 0, 4, True, outcome="win-game")
    assert BidderFirst(target=11).settle((0, 0, 0), won, 0) == ((2, 0, 0), 0, True)
    lost = ledger([], 1, 4, False, outcome="lose-game")
    # the best other side wins; a tie goes to the first clockwise from the bidder
    assert BidderOnly(target=11).settle((5, 2, 5, 1), lost, 1) == ((0, 0, 0, 0), 2, True)


# -- auction -----------------------------------------------------------------------------


def test_auction_pitch_bids_and_the_dealer_taking() -> None:
    state = pc.new_game("auction-pitch", seed=5, dealer=0)
    assert state.to_move == 1
    assert texts(state.legal_moves()) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}
    state = state.apply("bid 2")
    assert texts(state.legal_moves()) == {"pass", "bid 3", "bid 4"}
    state = state.apply("pass").apply("pass")
    assert state.to_move == 0
    assert texts(state.legal_moves()) == {"pass", "bid 2", "bid 3", "bid 4"}
    with pytest.raises(pc.IllegalMove):
        state.apply("bid 1")
    state = state.apply("bid 2")
    assert (state.bidder, state.bid, state.phase, state.to_move) == (0, 2, Phase.PLAYING, 0)


def test_the_dealer_never_takes_a_smudge() -> None:
    state = pc.new_game("auction-pitch", seed=5).apply("bid 4").apply("pass").apply("pass")
    assert state.legal_moves() == (pc.Move("pass"),)
    hlj = pc.new_game("hi-lo-jack", seed=5).apply("bid 4").apply("pass").apply("pass")
    assert texts(hlj.legal_moves()) == {"pass", "bid 4", "bid smudge"}
    hlj = pc.new_game("hi-lo-jack", seed=5).apply("bid smudge").apply("pass").apply("pass")
    assert texts(hlj.legal_moves()) == {"pass"}


def test_all_pass_redeals_with_the_same_dealer() -> None:
    state = pc.new_game("auction-pitch", seed=9, dealer=2)
    again = state.apply("pass").apply("pass").apply("pass").apply("pass")
    assert (again.phase, again.dealer, again.to_move) == (Phase.BIDDING, 2, 3)
    assert again.deal_number == state.deal_number + 1
    assert again.hand_results == () and again.info.bids == ()
    assert again.masks != state.masks


@pytest.mark.parametrize("variant", ["hi-lo-jack", "haus-pitch", "book-pitch"])
def test_dealer_must_bid_when_all_others_pass(variant: str) -> None:
    state = pc.new_game(variant, seed=9)
    while state.to_move != state.dealer:
        state = state.apply("pass")
    moves = state.legal_moves()
    assert pc.Move("pass") not in moves
    assert moves[0] == pc.Move("bid", 2)


def test_dealer_may_not_take_when_the_variant_says_so() -> None:
    variant = pc.load_variant_text("extends: auction-pitch\nauction: {dealer_may_take: false}\n")
    state = pc.new_game(variant, seed=5).apply("bid 2").apply("pass").apply("pass")
    assert texts(state.legal_moves()) == {"pass", "bid 3", "bid 4"}


# -- exchanges and the gift --------------------------------------------------------------

HLJ_HANDS = [
    "2S 3S 4S 5S 6S 7S 8S 9S TS",           # seat 0, the dealer: no hearts
    "AH KH QH 2C 3C 4C 5C 6C 7C",           # seat 1: three hearts
    "2D 3D 4D 5D 6D 7D 8D 9D TD",           # seat 2
    "JS QS KS AS 8C 9C TC JC QC",           # seat 3
]
HLJ_STOCK = "2H 3H 4H 5H 6H 7H 8H 9H TH JH KC AC JD QD KD AD"


def test_discard_refill_from_the_stock_then_the_junk() -> None:
    state = pc.new_game("hi-lo-jack", seed=4, hands=HLJ_HANDS, stock=HLJ_STOCK)
    assert len(state.info.stock) == 16
    state = state.apply("bid 2").apply("pass").apply("pass").apply("pass").apply("trump H")
    assert state.phase is Phase.DISCARDING and state.to_move == 1
    assert texts(state.legal_moves()) == {"discard 2C 3C 4C 5C 6C 7C"}
    state = state.apply("discard 2C 3C 4C 5C 6C 7C")
    assert state.legal_moves() == (pc.Move("discard", mask(HLJ_HANDS[2])),)
    state = state.apply(state.legal_moves()[0])
    assert state.to_move == 3
    with pytest.raises(pc.IllegalMove):
        state.apply(pc.Move("discard", mask(HLJ_HANDS[2])))   # seat 3 must throw its own cards
    assert state.legal_moves() == (pc.Move("discard", mask(HLJ_HANDS[3])),)
    state = state.apply(state.legal_moves()[0])
    assert state.to_move == 0
    junk = state.info.junk
    assert len(junk) == 6 + 9 + 9
    state = state.apply(pc.Move("discard", mask(HLJ_HANDS[0])))
    # refill from eldest: seat 1 needs 3, seats 2 and 3 six each, the dealer 6: 21 > 16
    stock = parse_cards(HLJ_STOCK)
    assert state.phase is Phase.PLAYING
    assert state.masks[1] == mask("AH KH QH") | mask(" ".join(card_text(c) for c in stock[:3]))
    assert state.masks[2] == sum(1 << c for c in stock[3:9])
    assert state.masks[3] == sum(1 << c for c in stock[9:15])
    dealer = state.masks[0]
    assert dealer >> stock[15] & 1
    from_junk = dealer & ~(1 << stock[15])
    assert from_junk.bit_count() == 5
    all_junk = mask(" ".join(HLJ_HANDS[0::2] + [HLJ_HANDS[3], "2C 3C 4C 5C 6C 7C"]))
    assert from_junk & ~all_junk == 0
    assert state.info.stock == ()
    assert len(state.info.junk) == 33 - 5 and mask_of_tuple(state.info.junk) & from_junk == 0
    assert all(m.bit_count() == 6 for m in state.masks)
    again = pc.new_game("hi-lo-jack", seed=4, hands=HLJ_HANDS, stock=HLJ_STOCK)
    for move in ["bid 2", "pass", "pass", "pass", "trump H"]:
        again = again.apply(move)
    for _seat in (1, 2, 3, 0):
        again = again.apply(again.legal_moves()[0])
    assert again == state                      # the junk's order follows from the seed


def mask_of_tuple(found: tuple[int, ...]) -> int:
    return sum(1 << card for card in found)


def test_discard_refill_keeps_six_trumps_of_the_players_choice() -> None:
    hands = ["AS KS QS JS TS 9S 8S 7S 6S", "AH KH QH JH TH 9H 8H 7H 2C"]
    state = pc.new_game("hi-lo-jack", players=2, seed=1, hands=hands)
    state = state.apply("bid 2").apply("pass").apply("trump H")
    moves = state.legal_moves()
    assert len(moves) == comb(8, 2)
    for move in moves:
        thrown = move.arg
        assert isinstance(thrown, int)
        assert thrown >> parse_card("2C") & 1 and thrown.bit_count() == 3
    state = state.apply("discard 2C 7H 8H")
    assert state.masks[1] == mask("AH KH QH JH TH 9H")


HAUS_HANDS = ["2S 3S 4S 5S 6S 7S", "AH KH QH 2C 3C 4C", "2D 3D 4D 5D 6D 7D",
              "8S 9S TS JS QS KS"]
HAUS_STOCK = "JD TH 9H 5C 6C 7C 8C"


def haus_after_trump() -> pc.GameState:
    state = pc.new_game("haus-pitch", seed=2, hands=HAUS_HANDS, stock=HAUS_STOCK)
    state = state.apply("bid 3").apply("pass").apply("pass").apply("pass")
    assert state.phase is Phase.NAMING_TRUMP and state.to_move == 1
    return state.apply("trump H")


def test_gift_goes_to_the_bidder_from_the_top_of_the_stock() -> None:
    state = haus_after_trump()
    assert state.info.gift == mask("JD TH 9H")
    assert state.masks[1] == mask("AH KH QH 2C 3C 4C JD TH 9H")
    assert state.info.stock[:4] == cards("5C 6C 7C 8C")
    assert {str(card) for card in state.view(1).gift} == {"9H", "TH", "JD"}
    assert state.view(0).gift == ()


def test_draw_the_bidder_sheds_its_extra_cards() -> None:
    state = haus_after_trump()
    assert state.phase is Phase.DISCARDING and state.to_move == 1
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)) == sum(comb(9, k) for k in range(3, 10))
    with pytest.raises(pc.IllegalMove):
        state.apply("discard 2C 3C")
    shed = state.apply("discard 2C 3C 4C")
    assert shed.masks[1] == mask("AH KH QH JD TH 9H")
    assert shed.info.stock[:1] == cards("5C")
    drew = state.apply("discard 2C 3C 4C 9H TH")
    assert drew.masks[1] == mask("AH KH QH JD 5C 6C")
    assert drew.info.junk == cards("2C 3C 4C 9H TH")
    assert drew.to_move == 2
    assert len(drew.legal_moves()) == 2 ** 6
    assert drew.view(2).discard_counts == (0, 5, 0, 0)
    assert drew.view(2).discards == ()
    assert {str(c) for c in drew.view(1).discards} == {"2C", "3C", "4C", "9H", "TH"}


def test_draw_never_discards_more_than_the_stock_replaces() -> None:
    state = haus_after_trump().apply("discard 2C 3C 4C")
    short = state.evolve(info=state.info._replace(stock=state.info.stock[:2]))
    sizes = {move.arg.bit_count() for move in short.legal_moves()}  # type: ignore[union-attr]
    assert sizes == {0, 1, 2}
    empty = state.evolve(info=state.info._replace(stock=()))
    assert empty.legal_moves() == (pc.Move("discard", 0),)


def test_named_trump_is_the_bidders_move() -> None:
    state = pc.new_game("hi-lo-jack", seed=8).apply("pass").apply("bid 3").apply("pass")
    state = state.apply("pass")
    assert state.phase is Phase.NAMING_TRUMP and state.to_move == 2
    assert texts(state.legal_moves()) == {"trump C", "trump D", "trump H", "trump S"}
    with pytest.raises(pc.IllegalMove):
        state.apply("play " + card_text(next(cards_in(state.masks[2]))))
    assert state.apply("trump D").trump == "D"


# -- new_game ------------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 1}, "players"),
    ({"players": 9}, "players"),
    ({"dealer": 4}, "dealer"),
    ({"dealer": -1}, "dealer"),
    ({"scores": (0, 0)}, "scores"),
    ({"dealer": True}, "dealer must be a seat from 0 to 3, not True"),
    ({"dealer": 1.5}, "dealer must be a seat from 0 to 3, not 1.5"),
    ({"scores": (1.5, 0, 0, 0)}, r"scores must be whole numbers, one per side, not \[1.5, 0, 0, 0\]"),
    ({"scores": (True, 0, 0, 0)}, "scores must be whole numbers"),
    ({"scores": "1234"}, "scores must be whole numbers"),
    ({"stock": "AS AS"}, "twice"),
    ({"hands": ["AS", "KS", "QS"]}, "hands"),
    ({"hands": ["AS", "AS", "QS", "JS"]}, "twice"),
    ({"hands": ["AS", "KS QS", "2C", "3C"]}, "same number"),
    ({"hands": ["AS", "KS", "QS", "JS"], "stock": "JS"}, "twice"),
])
def test_new_game_rejects_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pc.new_game("auction-pitch", seed=1, **kwargs)  # type: ignore[arg-type]


def test_partnerships_need_their_seat_count() -> None:
    with pytest.raises(ValueError):
        pc.new_game("partnership-pitch", players=3, seed=1)
    state = pc.new_game("partnership-pitch", seed=1)
    assert state.table.side_of == (0, 1, 0, 1) and len(state.scores) == 2


def test_a_stacked_deal_names_the_stock_top_first() -> None:
    state = pc.new_game("auction-pitch", players=2, seed=6,
                        hands=["AS KS QS JS TS 9S", "10H 2C 3C 4C 5C 6C"], stock="2D 3D")
    assert state.masks == (mask("AS KS QS JS TS 9S"), mask("TH 2C 3C 4C 5C 6C"))
    assert state.info.stock[:2] == cards("2D 3D")
    assert len(state.info.stock) == 40
    again = pc.new_game("auction-pitch", players=2, seed=6,
                        hands=["AS KS QS JS TS 9S", "10H 2C 3C 4C 5C 6C"], stock="2D 3D")
    assert again == state


def test_hand_context_finds_holder_and_capturer_of_every_card() -> None:
    """Holders are the hands play began with; capturers the takers of the tricks."""
    from pitchcore.components.scoring import hand_context

    state = pc.new_game("auction-pitch", seed=1)
    while state.phase is not Phase.PLAYING:
        state = state.apply(state.legal_moves()[-1])
    start = state.masks
    ctx = hand_context(state)
    assert all(ctx.holder(card) == seat for seat, held in enumerate(start)
               for card in range(52) if held >> card & 1)
    assert ctx.capturer(next(cards_in(start[0]))) is None  # nothing played yet
    while len(state.done_tricks) < 5:  # five of the six tricks played: still the same hand
        state = state.apply(state.legal_moves()[0])
    ctx = hand_context(state)
    for _, played, taker in state.done_tricks:
        assert all(ctx.capturer(card) == taker for card in played)


def test_a_joker_is_never_high_or_low() -> None:
    """Joker Pitch: the joker ranks below the 2 but Low goes to the lowest natural trump."""
    tables = build_tables(("joker-low",))
    spades = SUITS.index("S")
    assert tables.ranked[spades][-1] == parse_card("HJ")
    assert tables.natural[spades][-1] == parse_card("2S")
    ctx = HandContext(spades, tables, (0, 1), 2, (mask("5S AS"), mask("HJ 9S")),
                      (0, mask("AS 9S HJ 5S")), (0, 1), 0)
    assert Low(receiver="holder").award(ctx) == 0    # 5S, not seat 1's joker
    assert Low(receiver="capturer").award(ctx) == 1  # seat 1 took it
    assert High(receiver="holder").award(ctx) == 0   # AS


@pytest.mark.parametrize("bid", [None, 2, "smudge"])
def test_with_bid_builds_what_replace_would(bid: int | str | None) -> None:
    """The auction's direct HandInfo builder must agree with ``_replace`` field by field."""
    from pitchcore.model.state import HandInfo, with_bid

    info = HandInfo(dealt=(1, 2, 4, 8), stock=(5, 6), bids=((0, None),), high=0, trump=3, hand_size=6)
    if bid is None:
        expected = info._replace(bids=((0, None), (1, None)))
    else:
        expected = info._replace(bids=((0, None), (1, bid)), high=5, bidder=1, bid=bid)
    assert with_bid(info, 1, bid, 5) == expected
