"""Scenario tests for two house options of the single-round auction: ``rounds`` and ``partner_overbid``.

``rounds: once`` (the default) is one round of bids, the dealer last. ``twice`` sends the
bidding round the table a second time and ``until-all-pass`` round and round until every
player but the high bidder has passed; in both a pass is final and the high bidder's turn
is skipped. ``partner_overbid: false`` (partnerships) lets a player only pass while its
partner holds the high bid. Each option is a house file extending a bundled variant; 4
seats, dealer 0 (eldest seat 1) unless said.

(Named apart from ``scenarios/test_auction_options.py``: two test modules of one name
cannot be collected in one run.)
"""

from __future__ import annotations

import random

import pytest

import pitchcore as pc
from conftest import choose_move, play, random_game, refused
from pitchcore.components import HAND_STEPS
from pitchcore.components.auction import SingleRound
from pitchcore.components.kernel_form import kernel_form
from pitchcore.game import kernel
from pitchcore.model.moves import PASS
from pitchcore.model.state import GameState, Phase
from scenarios.stacked import SWEEP_HANDS, SWEEP_TRICKS, seats

AUCTION_STEP = HAND_STEPS.index("auction")


def house(text: str, base: str = "auction-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


def new(variant: pc.Variant | str, hands: list[str] | None = None, players: int = 4, **kw: object) -> GameState:
    return pc.new_game(variant, players=players, seed=17, dealer=0, hands=hands, **kw)


def legal(state: GameState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


def bids(low: int, high: int) -> set[str]:
    return {f"bid {n}" for n in range(low, high + 1)}


TWICE = house("auction: {rounds: twice}\n", "ten-point-pitch")
"""Ten-point Pitch (bids 4 to 10, the dealer may take, stuck dealer) bid twice round."""
UNTIL = house("auction: {rounds: until-all-pass}\n", "ten-point-pitch")
"""The same, bid round and round until all but the high bidder pass."""


# ---------------------------------------------------------------- the fields and their defaults


def test_the_defaults_keep_one_round_with_partners_free_to_overbid() -> None:
    assert (SingleRound().rounds, SingleRound().partner_overbid) == ("once", True)
    for name in pc.bundled_variants():
        auction = pc.load_variant(name).auction
        if isinstance(auction, SingleRound):
            assert (auction.rounds, auction.partner_overbid) == ("once", True), name


@pytest.mark.parametrize("text", ["auction: {rounds: twice}\n", "auction: {rounds: until-all-pass}\n",
                                  "auction: {partner_overbid: false}\n",
                                  "auction: {rounds: until-all-pass, partner_overbid: false}\n"])
def test_a_house_file_sets_them_and_writes_them_back(text: str) -> None:
    variant = house(text, "partnership-pitch")
    assert pc.load_variant_text(variant.to_yaml()) == variant
    assert variant != pc.load_variant("partnership-pitch")


@pytest.mark.parametrize(("text", "where"), [
    ("auction: {rounds: thrice}\n", "once, twice, until-all-pass"),
    ("auction: {rounds: 2}\n", "rounds"),
    ("auction: {partner_overbid: 'no'}\n", "partner_overbid"),
])
def test_a_bad_value_is_refused_by_the_loader(text: str, where: str) -> None:
    with pytest.raises(pc.VariantError, match=where):
        house(text)


@pytest.mark.parametrize("text", ["auction: {rounds: twice}\n", "auction: {rounds: until-all-pass}\n",
                                  "auction: {partner_overbid: false}\n"])
def test_the_options_run_in_python_not_in_the_kernel(text: str) -> None:
    """The kernel's bids assume one round ended by the dealer and legal bids read from the
    high bid alone: any other value leaves the auction to the component."""
    variant = house(text, "partnership-pitch")
    assert variant.auction.kernel_form() is None
    assert kernel_form(variant.auction) is not None  # (a form the kernel asks, answering None)
    assert new(variant).table.pipeline[AUCTION_STEP] is variant.auction
    default = pc.load_variant("partnership-pitch")
    step = new(default).table.pipeline[AUCTION_STEP]
    assert isinstance(step, kernel.KernelAuction) == kernel.AVAILABLE


# ---------------------------------------------------------------- rounds: once


def test_once_ends_on_the_dealer_as_before() -> None:
    """The default: the dealer's call ends the auction; the eldest who was outbid has no second turn."""
    s = play(new(house("auction: {rounds: once}\n", "ten-point-pitch")), ["bid 4", "bid 5", "pass", "pass"])
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 2, 5)


# ---------------------------------------------------------------- rounds: twice


def test_twice_an_outbid_bidder_raises_in_the_second_round_and_a_pass_is_final() -> None:
    """Round one: seat 1 bids 4, seat 2 5, seats 3 and 0 pass. Round two: seat 1 (outbid)
    raises to 6, seat 2 to 7; seats 3 and 0 passed and are skipped, and a third time round
    (seat 1 again) there is not: seat 2 is the bidder for 7."""
    s = play(new(TWICE), ["bid 4", "bid 5", "pass", "pass"])
    assert (s.phase, s.to_move) == (Phase.BIDDING, 1)
    assert legal(s) == {"pass"} | bids(6, 10)
    s = s.apply("bid 6")
    assert (s.to_move, legal(s)) == (2, {"pass"} | bids(7, 10))
    s = s.apply("bid 7")
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 2, 7)
    assert s.info.bids == ((1, 4), (2, 5), (3, None), (0, None), (1, 6), (2, 7))


def test_twice_the_high_bidder_is_skipped_and_the_auction_ends_when_all_others_passed() -> None:
    """Seat 3 holds the high bid at the end of round one: round two starts at seat 1 and
    passes over seat 3; when seats 1 and 2 pass, the auction is over before the dealer,
    who passed in round one, or seat 3 speak again."""
    s = play(new(TWICE), ["bid 4", "bid 5", "bid 6", "pass"])
    assert s.to_move == 1
    s = s.apply("pass")
    assert s.to_move == 2
    s = s.apply("pass")
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 3, 6)


def test_twice_nobody_left_after_round_one_ends_the_auction_at_once() -> None:
    """Seat 1 bids and everyone else passes: nobody is left to outbid it, as in one round."""
    s = play(new(TWICE), ["bid 4", "pass", "pass", "pass"])
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 1, 4)


def test_twice_the_dealer_may_take_in_its_second_turn() -> None:
    """dealer_may_take: the dealer takes at equal in any of its turns; in round two the
    dealer's take ends the auction (seat 1 would be a third time round)."""
    s = play(new(TWICE), ["bid 4", "pass", "pass", "bid 5"])  # the dealer raises in round one
    assert s.to_move == 1 and legal(s) == {"pass"} | bids(6, 10)
    s = s.apply("bid 6")
    assert (s.to_move, legal(s)) == (0, {"pass"} | bids(6, 10))  # the take: bid 6, equal
    s = s.apply("bid 6")
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 0, 6)


def test_twice_the_dealer_never_takes_a_shoot_bid() -> None:
    """The moon (10, ten-point pitch's shoot bid) can not be taken, in round two either."""
    s = play(new(TWICE), ["bid 4", "pass", "pass", "bid 5", "bid 10"])
    assert (s.to_move, legal(s)) == (0, {"pass"})
    s = s.apply("pass")
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 1, 10)


def test_twice_without_the_take_the_dealer_bids_higher_like_everyone() -> None:
    s = play(new(house("auction: {rounds: twice, dealer_may_take: false}\n", "smear")),
             ["bid 2", "pass", "pass", "bid 3", "bid 4"])
    assert (s.to_move, legal(s)) == (0, {"pass", "bid 5"})
    refused(s, "bid 4", "the dealer")


def test_twice_a_hand_played_out_after_a_second_round() -> None:
    """The stacked sweep: seat 1 wins the second round at 3, leads and takes all four
    points (a bid of 3 made)."""
    variant = house("auction: {rounds: twice}\n")
    s = play(new(variant, SWEEP_HANDS), ["bid 1", "bid 2", "pass", "pass", "bid 3", "pass"])
    assert (s.phase, s.bidder, s.bid, s.to_move) == (Phase.PLAYING, 1, 3, 1)
    s = play(s, SWEEP_TRICKS)
    result = s.hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (1, 3, True)
    assert s.scores == (0, 4, 0, 0)
    assert (s.dealer, s.to_move, s.phase) == (1, 2, Phase.BIDDING)  # the deal passes on


# ---------------------------------------------------------------- rounds: until-all-pass


def test_until_all_pass_goes_round_until_all_but_the_high_bidder_passed() -> None:
    """Seats 1 and 3 raise each other over three rounds; seats 2 and 0, who passed, are
    never asked again; seat 1's pass ends it with seat 3 the bidder for 9."""
    s = play(new(UNTIL), ["bid 4", "pass", "bid 5", "pass"])
    seen = [s.to_move]
    for move in ["bid 6", "bid 7", "bid 8"]:
        s = s.apply(move)
        seen.append(s.to_move)
    assert seen == [1, 3, 1, 3]
    s = s.apply("bid 9")
    assert (s.to_move, legal(s)) == (1, {"pass", "bid 10"})
    s = s.apply("pass")
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 3, 9)
    assert [seat for seat, _ in s.info.bids] == [1, 2, 3, 0, 1, 3, 1, 3, 1]


def test_until_all_pass_goes_on_where_twice_stops() -> None:
    """The same calls as twice's second round: here seat 1 gets a third turn."""
    s = play(new(UNTIL), ["bid 4", "bid 5", "pass", "pass", "bid 6", "bid 7"])
    assert (s.phase, s.to_move, legal(s)) == (Phase.BIDDING, 1, {"pass"} | bids(8, 10))
    s = play(s, ["pass"])
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 2, 7)


def test_until_all_pass_the_dealer_takes_and_is_raised_again() -> None:
    """The dealer takes each bid of seat 1 at equal; seat 1 must bid higher to stay in; the
    moon ends it (the dealer may not take a shoot bid)."""
    s = play(new(UNTIL), ["bid 4", "pass", "pass", "bid 4"])
    assert (s.to_move, legal(s)) == (1, {"pass"} | bids(5, 10))
    s = play(s, ["bid 5", "bid 5", "bid 6", "bid 6"])
    assert (s.phase, s.to_move, s.bidder) == (Phase.BIDDING, 1, 0)
    s = s.apply("bid 10")
    assert (s.to_move, legal(s)) == (0, {"pass"})
    s = s.apply("pass")
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 1, 10)
    assert len(s.info.bids) <= UNTIL.auction.most_calls(4)


def test_a_long_auction_fits_the_tensors_and_the_record() -> None:
    variant = house("auction: {rounds: until-all-pass, max_bid: 4}\nshoot: none\n")
    s = play(new(variant), ["bid 1", "pass", "pass", "bid 1", "bid 2", "bid 2", "bid 3", "bid 3", "bid 4",
                            "bid 4", "pass"])
    assert (s.phase, s.bidder, s.bid) == (Phase.PLAYING, 0, 4)
    layout = pc.tensor_layout(s)
    assert len(s.info.bids) == 11 <= layout.auction_entries == variant.auction.most_calls(4)
    assert pc.information_state_tensor(s, 1).shape == (layout.information_state_size,)
    assert pc.loads(pc.dumps(s)) == s
    assert house("auction: {rounds: twice}\n").auction.most_calls(5) == 10
    assert house("auction: {rounds: once}\n").auction.most_calls(5) == 6


# ---------------------------------------------------------------- rounds and all_pass


@pytest.mark.parametrize("rounds", ["twice", "until-all-pass"])
def test_all_pass_redeal_and_pass_deal_after_a_first_round_of_passes(rounds: str) -> None:
    """Everyone passed in round one, a pass being final: the auction ends there, as in one round."""
    s = play(new(house(f"auction: {{rounds: {rounds}}}\n")), ["pass"] * 4)
    assert (s.dealer, s.deal_number, s.phase, s.to_move) == (0, 1, Phase.BIDDING, 1)
    s = play(new(house(f"auction: {{rounds: {rounds}, all_pass: pass-deal}}\n")), ["pass"] * 4)
    assert (s.dealer, s.deal_number, s.phase, s.to_move) == (1, 1, Phase.BIDDING, 2)


@pytest.mark.parametrize("variant", [TWICE, UNTIL])
def test_all_pass_sticks_the_dealer_whose_bid_then_ends_the_auction(variant: pc.Variant) -> None:
    """dealer-must-bid (ten-point pitch): stuck, the dealer bids, and nobody is left to raise."""
    s = play(new(variant), ["pass"] * 3)
    assert legal(s) == bids(4, 10)
    refused(s, "pass", r"everyone else passed, so the dealer \(seat 0\) may not pass")
    s = s.apply("bid 4")
    assert (s.phase, s.bidder, s.bid) == (Phase.NAMING_TRUMP, 0, 4)


def test_all_pass_the_dealer_names_trump_for_nothing() -> None:
    s = play(new(house("auction: {rounds: until-all-pass}\n", "cinch")), ["pass"] * 4)
    assert (s.bidder, s.bid, s.to_move) == (0, 0, 0) and s.phase is not Phase.BIDDING


def test_all_pass_the_dealer_is_set_back() -> None:
    s = play(new(house("auction: {rounds: twice, all_pass: dealer-set-back}\n")), ["pass"] * 4)
    result = s.hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (0, 1, False)
    assert s.scores == (-1, 0, 0, 0) and s.dealer == 1


def test_a_called_partner_is_called_when_the_last_round_is_over() -> None:
    """Call your partner with two rounds: five calls (one per seat) do not end the auction;
    the bidder names its partner once round two is done."""
    variant = house("deal: {min_players: 5, max_players: 6, default_players: 5}\n"
                    "auction: {partner: called-card, rounds: twice}\n")
    s = play(new(variant, players=5), ["bid 1", "bid 2", "pass", "pass", "pass"])
    assert (s.to_move, legal(s)) == (1, {"pass", "bid 3", "bid 4"})
    s = s.apply("bid 3")
    assert (s.to_move, legal(s)) == (2, {"pass", "bid 4"})
    s = s.apply("pass")
    assert s.phase is Phase.BIDDING and s.to_move == 1
    assert all(move.kind == "partner" for move in s.legal_moves())
    s = s.apply(next(move for move in s.legal_moves()))
    assert (s.bidder, s.bid, s.phase) == (1, 3, Phase.PLAYING)


# ---------------------------------------------------------------- partner_overbid: false

# Partnership Pitch: seats 0 and 2 against seats 1 and 3.
NO_OVERBID = house("auction: {partner_overbid: false}\n", "partnership-pitch")


def test_a_partner_may_only_pass_over_its_partners_high_bid() -> None:
    """Seat 1 bids 2: seat 2 (an opponent) may raise, seat 3 (seat 1's partner) may only pass."""
    s = new(NO_OVERBID).apply("bid 2")
    assert legal(s) == {"pass", "bid 3", "bid 4"}
    s = s.apply("pass")
    assert legal(s) == {"pass"}
    refused(s, "bid 3", r"seat 3's partner \(seat 1\) holds the high bid \(2\), and a player may not bid over "
                        r"its partner: seat 3 may only pass")
    s = s.apply("pass")
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4"}  # the dealer, an opponent: take or raise
    s = s.apply("pass")
    assert (s.bidder, s.bid, s.phase) == (1, 2, Phase.PLAYING)


def test_the_dealer_never_takes_from_its_partner() -> None:
    """Seat 2 holds the high bid: the dealer, its partner, may neither take nor raise."""
    s = play(new(NO_OVERBID), ["pass", "bid 2", "pass"])
    assert (s.to_move, legal(s)) == (0, {"pass"})
    s = s.apply("pass")
    assert (s.bidder, s.bid) == (2, 2)


def test_a_partner_bids_again_once_an_opponent_holds_the_high_bid() -> None:
    s = play(new(NO_OVERBID), ["bid 2", "bid 3"])
    assert (s.to_move, legal(s)) == (3, {"pass", "bid 4"})  # seat 2 outbid seat 3's partner
    s = play(s, ["bid 4", "pass"])
    assert (s.bidder, s.bid) == (3, 4)


def test_by_default_a_partner_may_overbid_as_today() -> None:
    s = new(pc.load_variant("partnership-pitch")).apply("bid 2").apply("pass")
    assert legal(s) == {"pass", "bid 3", "bid 4"}
    s = play(s, ["bid 3", "pass"])
    assert (s.bidder, s.bid) == (3, 3)


def test_no_overbidding_a_partner_in_later_rounds() -> None:
    """Round and round: a seat outbid by its own partner may only pass when its turn comes."""
    variant = house("auction: {partner_overbid: false, rounds: until-all-pass}\n", "partnership-pitch")
    s = play(new(variant), ["bid 1", "bid 2", "bid 3", "pass"])  # seat 3 over seat 2, its opponent
    assert (s.to_move, legal(s)) == (1, {"pass"})  # seat 1's partner (3) holds the high bid
    s = s.apply("pass")
    assert (s.to_move, legal(s)) == (2, {"pass", "bid 4"})
    s = s.apply("bid 4")
    assert (s.to_move, legal(s)) == (3, {"pass"})  # 4 is the smudge: nothing above it
    s = s.apply("pass")
    assert (s.bidder, s.bid) == (2, 4)


NINE_FIVE_HANDS = seats(
    s1="AS KS QS 2D 3D 4D",
    s2="AC KC QC 2C 5D 6D",
    s3="9H 2H 3C 4C 5C 6C",     # a 9 and another heart: forced to bid
    s0="AH KH QH 7D 8D TD",
)


def test_a_forced_bid_binds_over_a_partners_bid() -> None:
    """Nine-Five with the forced bid raised to 11: seat 3 holds the 9H and the 2H while its
    partner (seat 1) holds the high bid of 9; it may not pass, and bids at least 11."""
    variant = house("auction: {partner_overbid: false, forced_bid: 11}\n", "nine-five")
    s = play(new(variant, NINE_FIVE_HANDS), ["bid 9", "pass"])
    assert s.to_move == 3 and legal(s) == bids(11, 18)
    refused(s, "pass", "seat 3 holds a 9 and another card of its suit")
    s = play(s, ["bid 11", "pass"])
    assert (s.bidder, s.bid) == (3, 11)


def test_in_cutthroat_play_no_overbidding_a_partner_changes_nothing() -> None:
    variant = house("auction: {partner_overbid: false}\n")
    for seed in range(6):
        assert random_game(variant, seed, max_hands=4)[1] == random_game("auction-pitch", seed, max_hands=4)[1]


# ---------------------------------------------------------------- random games


HOUSES = {
    "twice": house("auction: {rounds: twice}\n"),
    "until-all-pass": house("auction: {rounds: until-all-pass, all_pass: dealer-must-bid}\n", "ten-point-pitch"),
    "until-no-take": house("auction: {rounds: until-all-pass, dealer_may_take: false}\n", "smear"),
    "partners": house("auction: {rounds: until-all-pass, partner_overbid: false}\n", "partnership-pitch"),
    "nine-five": house("auction: {rounds: twice, partner_overbid: false}\n", "nine-five"),
}


def check_auction(before: GameState, move: pc.Move) -> None:
    """The rules of the options on each bid: a pass is final, the high bidder never bids,
    each bid is higher than the last (the dealer's take equal), no partner overbid, and at
    most two turns each going twice round."""
    auction = before.table.variant.auction
    assert isinstance(auction, SingleRound)
    info, seat = before.info, before.to_move
    if move.kind == "partner":
        return
    assert seat not in {who for who, value in info.bids if value is None}, "a pass is final"
    assert seat != info.bidder, "the high bidder bids again"
    if auction.rounds == "twice":
        assert sum(who == seat for who, _ in info.bids) < 2
    assert len(info.bids) < auction.most_calls(before.table.players)
    if move.kind == "bid":
        rank = auction.rank(move.arg)
        assert rank > info.high or (rank == info.high and seat == before.dealer and auction.dealer_may_take)
        side_of = before.table.side_of
        partner_holds = info.bidder is not None and side_of[info.bidder] == side_of[seat]
        assert not partner_holds or auction.partner_overbid or auction.forced(before)
    else:
        assert move == PASS


def keen_move(state: GameState, rng: random.Random) -> pc.Move:
    """``choose_move``, but a bidder raises by the least it may half the time (a later round
    needs players who bid and were outbid)."""
    moves = state.legal_moves()
    raises = [move for move in moves if move.kind == "bid"]
    if state.phase is Phase.BIDDING and raises and rng.random() < 0.5:
        return min(raises, key=lambda move: state.table.variant.auction.rank(move.arg))
    return choose_move(state, rng)


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_random_games_keep_the_rules_of_the_options(name: str) -> None:
    variant = HOUSES[name]
    later = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = pc.new_game(variant, seed=seed)
        while not s.is_over and len(s.hand_results) < 6:
            move = keen_move(s, rng)
            if s.phase is Phase.BIDDING:
                check_auction(s, move)
                later += len(s.info.bids) >= s.table.players and move.kind == "bid"
            s = s.apply(move)
    assert later, "no bid after the first round in any game: the test sees nothing"


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_bold_random_auctions_end(name: str) -> None:
    """Players who always raise when they may: the auction still ends (each bid is higher)."""
    variant = HOUSES[name]
    rng = random.Random(5)
    for seed in range(10):
        s = pc.new_game(variant, seed=seed)
        calls = 0
        while s.phase is Phase.BIDDING and s.deal_number == 0:
            moves = s.legal_moves()
            raises = [move for move in moves if move.kind == "bid"]
            move = raises[0] if raises and rng.random() < 0.9 else rng.choice(moves)
            check_auction(s, move)
            s = s.apply(move)
            calls += 1
        assert calls <= variant.auction.most_calls(s.table.players) + 1


# ---------------------------------------------------------------- explain


def test_explain_says_the_options_in_plain_words() -> None:
    default = SingleRound().explain()
    assert default.startswith("One round of bidding") and "partner" not in default
    twice = SingleRound(rounds="twice").explain()
    assert twice.startswith("The bidding goes round the table twice") and "a pass is final" in twice
    assert "dealer may take the high bid by bidding the same, in any of its turns" in twice
    until = SingleRound(rounds="until-all-pass").explain()
    assert "until every player but the high bidder has passed" in until
    overbid = SingleRound(partner_overbid=False).explain()
    assert "may not bid over its partner: while its partner holds the high bid, it may only pass" in overbid
    assert "unless it holds a 9" in SingleRound(partner_overbid=False, forced_bid=9, min_bid=9, max_bid=18).explain()
