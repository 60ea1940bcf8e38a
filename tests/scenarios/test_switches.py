"""Scenario tests for the house-rule variants of seed 001 (RULES.md "Optional rule modules"):
no-junk, ten-point, game-tie-to-defenders, first-to-seven, and partnership-pitch.

Each deal is also played under plain auction-pitch so that the switch is what differs.
Four seats, dealer 0 (eldest seat 1) unless said.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from stacked import SWEEP_HANDS, SWEEP_TRICKS, legal, play, seats

import pitchcore as pc


def hand(variant: str, hands: list[str], moves: list[str], **kw: object) -> pc.GameState:
    s = pc.new_game(pc.load_variant(variant), players=len(hands), seed=17, dealer=0, hands=hands, **kw)
    return play(s, moves)


# Seat 1 pitches hearts holding AH, 2H (High, Low); seat 3 takes Jack; seat 0 takes Game
# (cutthroat pips 12 / 7 / 0 / 11; partners side 0 = 20, side 1 = 10).
SPLIT_HANDS = seats(
    s1="AH 2H 3C 4C 5C 6C",
    s2="TC KC 7S 8S 9S QS",
    s3="JH 9H 2D 3D 4D 5D",
    s0="6D 7D 8D 9D TD 2S",
)
SPLIT_TRICKS = [
    "play AH", "play 7S", "play 9H", "play 2S",
    "play 3C", "play TC", "play JH", "play 6D",
    "play 2D", "play TD", "play 4C", "play 8S",
    "play 7D", "play 5C", "play 9S", "play 5D",
    "play 8D", "play 6C", "play QS", "play 4D",
    "play 9D", "play 2H", "play KC", "play 3D",
]
PARTNER_TRICKS = [   # same deal played out for partners (seat 3 lets seat 2's TC win)
    "play AH", "play 7S", "play 9H", "play 2S",
    "play 3C", "play TC", "play 2D", "play 6D",
    "play 8S", "play 3D", "play 7D", "play 4C",
    "play KC", "play JH", "play 8D", "play 5C",
    "play 4D", "play TD", "play 6C", "play 9S",
    "play 9D", "play 2H", "play QS", "play 5D",
]


def auction(bid: str) -> list[str]:
    return [bid, "pass", "pass", "pass"]


# ---------------------------------------------------------------- no-junk


@pytest.mark.parametrize(("variant", "bid", "delta"), [
    ("auction-pitch", "bid 3", (1, -3, 0, 1)),
    ("no-junk", "bid 3", (0, -3, 0, 0)),
    ("auction-pitch", "bid 2", (1, 2, 0, 1)),
    ("no-junk", "bid 2", (0, 2, 0, 0)),
])
def test_no_junk_defenders_score_nothing(variant: str, bid: str, delta: tuple[int, ...]) -> None:
    """seed 001 'No Junk Points': only the bidder's side can score (defenders' Jack and Game
    count for nothing), whether the bid is made or set back."""
    s = hand(variant, SPLIT_HANDS, [*auction(bid), *SPLIT_TRICKS])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 3, "game": 0}
    assert r.delta == delta


def test_the_no_junk_switch_is_the_no_junk_settlement(tmp_path: Path) -> None:
    """RULES.md lists ``no_junk`` as a YAML switch: on any variant it is settlement no-junk,
    and ``false`` turns it off again; the settlement's other fields stay."""
    on = pc.load_variant_text("extends: auction-pitch\nname: switched\nno_junk: true\n")
    assert on.settlement == pc.load_variant("no-junk").settlement
    s = hand_of(on, SPLIT_HANDS, [*auction("bid 3"), *SPLIT_TRICKS])
    assert s.hand_results[-1].delta == (0, -3, 0, 0)
    off = pc.load_variant_text("extends: no-junk\nno_junk: false\n")
    assert off.settlement == pc.load_variant("auction-pitch").settlement
    parent = tmp_path / "keeps.yaml"
    parent.write_text("extends: smear\nsettlement: {set_bidder_points: kept}\n")
    (tmp_path / "child.yaml").write_text("extends: keeps.yaml\nno_junk: true\n")
    kept = pc.load_variant(str(tmp_path / "child.yaml"))
    assert (kept.settlement.kind, kept.settlement.set_bidder_points) == ("no-junk", "kept")
    assert pc.load_variant_text(on.to_yaml()) == on


BIDDING = [name for name in pc.bundled_variants() if pc.load_variant(name).auction.kind != "none"]


@pytest.mark.parametrize("name", BIDDING)
def test_the_no_junk_switch_loads_on_every_variant_with_a_bidder(name: str) -> None:
    """RULES.md: ``no_junk`` is a switch on any Pitch variant. Cinch pays a set bid to the
    defenders (``set_bid_to: defenders``); under no junk they score nothing, so the switch
    makes that inherited setting ``nobody`` instead of refusing the file."""
    parent = pc.load_variant(name).settlement
    switched = pc.load_variant_text(f"extends: {name}\nno_junk: true\n").settlement
    assert switched.kind == "no-junk"
    assert switched.set_pays(0, 3, 4) == ()
    assert switched.set_bidder_points == parent.set_bidder_points


def test_no_junk_and_set_bid_to_defenders_in_one_file_name_the_switch() -> None:
    with pytest.raises(pc.VariantError, match=r"\(text\):2: no_junk: true means only the bidder's side "
                       r"scores, but this file sets settlement\.set_bid_to: defenders"):
        pc.load_variant_text("extends: auction-pitch\nno_junk: true\nsettlement: {set_bid_to: defenders}\n")


@pytest.mark.parametrize(("text", "message"), [
    ("no_junk: yes please\n", r"\(text\):2: no_junk: expected true or false, got 'yes please'"),
    ("no_junk: true\nsettlement: set-back\n",
     r"\(text\):2: no_junk: true means settlement kind no-junk, but this file sets settlement kind set-back"),
    ("no-junk: true\n", r"\(text\):2: no-junk: unknown key; .*did you mean 'no_junk'"),
])
def test_a_bad_no_junk_switch_says_what_to_write(text: str, message: str) -> None:
    with pytest.raises(pc.VariantError, match=message):
        pc.load_variant_text("extends: auction-pitch\n" + text)


def hand_of(variant: pc.Variant, hands: list[str], moves: list[str]) -> pc.GameState:
    return play(pc.new_game(variant, players=len(hands), seed=17, dealer=0, hands=hands), moves)


def test_no_junk_defender_at_10_can_not_go_out() -> None:
    """no-junk: a defender's points count for nothing, so they can not take it to the target."""
    s = hand("no-junk", SPLIT_HANDS, [*auction("bid 3"), *SPLIT_TRICKS], scores=[10, 0, 0, 10])
    assert s.scores == (10, -3, 0, 10) and not s.is_over


# ---------------------------------------------------------------- ten-point


# Seat 0 is dealt TH as its only heart and must drop it on seat 1's AH lead.
TEN_HANDS = seats(
    s1="AH KH 5H AC KC QC",
    s2="2H 9C 8C 7S 6S 5S",
    s3="JH TC 4D 3D 2D 9S",
    s0="QS KS AS 4C 3C TH",
)
TEN_TRICKS = [
    "play AH", "play 2H", "play JH", "play TH",
    "play KH", "play 5S", "play 2D", "play 3C",
    "play 5H", "play 6S", "play 3D", "play 4C",
    "play AC", "play 8C", "play TC", "play AS",
    "play KC", "play 9C", "play 4D", "play KS",
    "play QC", "play 7S", "play 9S", "play QS",
]


def test_ten_point_bids_go_to_5_and_the_dealer_can_not_take_5() -> None:
    """seed 001 '10-Point Pitch': bids scale to the new total (1-5, smudge on 5)."""
    s = hand("ten-point", TEN_HANDS, [])
    assert legal(s) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5"}
    s4 = play(s, ["bid 4", "pass", "pass"])
    assert legal(s4) == {"pass", "bid 4", "bid 5"}
    s5 = play(s, ["bid 5", "pass", "pass"])
    assert legal(s5) == {"pass"}


def test_ten_of_trumps_goes_to_its_capturer() -> None:
    """ten-point: the ten of trumps is an extra point category, to the side that captures it
    (seat 1 captures seat 0's TH); a bid of 4 is no longer a smudge."""
    s = hand("ten-point", TEN_HANDS, [*auction("bid 4"), *TEN_TRICKS])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 2, "jack": 1, "ten": 1, "game": 1}
    assert list(r.awards) == ["high", "low", "jack", "ten", "game"]
    assert r.game_pips == (0, 46, 0, 0)
    assert (r.bid, r.made) == (4, True)
    assert r.delta == (0, 4, 1, 0)
    assert not s.is_over


def test_ten_point_failed_smudge_of_5() -> None:
    """ten-point: the smudge is a bid of 5; failing it (Low is seat 2's) sets back 5."""
    s = hand("ten-point", TEN_HANDS, [*auction("bid 5"), *TEN_TRICKS])
    r = s.hand_results[-1]
    assert (r.bid, r.made) == (5, False)
    assert r.delta == (0, -5, 1, 0)


def test_plain_auction_pitch_has_no_ten_point() -> None:
    """auction-pitch (no switch): the same hand awards only the four classic points."""
    s = hand("auction-pitch", TEN_HANDS, [*auction("bid 3"), *TEN_TRICKS])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 2, "jack": 1, "game": 1}
    assert r.delta == (0, 3, 1, 0)


# ---------------------------------------------------------------- game tie to defenders


# Two players: seat 1 pitches spades and takes AS (4 pips); seat 0 takes AC (4 pips).
TIE_HANDS = seats(s0="AC 3C 4C 5C 2H 3H", s1="AS 2S 7D 8D 9D 6C")
TIE_TRICKS = [
    "play AS", "play 3C", "play 2S", "play 4C", "play 6C", "play AC",
    "play 5C", "play 7D", "play 2H", "play 8D", "play 3H", "play 9D",
]


@pytest.mark.parametrize(("variant", "bid", "game", "delta"), [
    ("auction-pitch", "bid 1", None, (0, 2)),
    ("game-tie-to-defenders", "bid 1", 0, (1, 2)),
    ("auction-pitch", "bid 3", None, (0, -3)),
    ("game-tie-to-defenders", "bid 3", 0, (1, -3)),
])
def test_game_tie(variant: str, bid: str, game: int | None, delta: tuple[int, int]) -> None:
    """seed 001 (Game): 'If tied, the Game point is not awarded (or goes to the defenders,
    per agreed house rule)'.  Pips tie 4-4; no jack of spades in play."""
    s = hand(variant, TIE_HANDS, [bid, "pass", *TIE_TRICKS])
    r = s.hand_results[-1]
    assert r.game_pips == (4, 4)
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": None, "game": game}
    assert r.delta == delta


# ---------------------------------------------------------------- first to seven


def test_first_to_seven_bidder_reaches_7() -> None:
    """seed 001: 'For a quick game, play to 7 points instead of 11.'"""
    s = hand("first-to-seven", SPLIT_HANDS, [*auction("bid 2"), *SPLIT_TRICKS], scores=[0, 5, 0, 0])
    assert s.is_over and s.winner == 1 and s.scores[1] == 7


def test_first_to_seven_defender_reaches_7() -> None:
    """first-to-seven keeps auction-pitch's going out: the bidder (2 -> 4) does not reach 7;
    seat 0's Game takes it from 6 to 7."""
    s = hand("first-to-seven", SPLIT_HANDS, [*auction("bid 2"), *SPLIT_TRICKS], scores=[6, 2, 0, 0])
    assert s.is_over and s.winner == 0
    assert s.scores[0] == 7 and s.scores[1] == 4


def test_auction_pitch_does_not_end_at_7() -> None:
    s = hand("auction-pitch", SPLIT_HANDS, [*auction("bid 2"), *SPLIT_TRICKS], scores=[6, 2, 0, 0])
    assert s.scores == (7, 4, 0, 1) and not s.is_over


# ---------------------------------------------------------------- partnership pitch


def test_partnership_pitch_pools_partners_and_scores_sides() -> None:
    """partnership-pitch: auction pitch for 4 in two partnerships (side = seat % 2); bids
    1-4; partners pool captures for Game."""
    s = hand("partnership-pitch", SPLIT_HANDS, [])
    assert legal(s) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}
    s = hand("partnership-pitch", SPLIT_HANDS, [*auction("bid 3"), *PARTNER_TRICKS])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "game": 0}
    assert r.game_pips == (20, 10)
    assert r.delta == (1, 3) and s.scores == (1, 3)


def test_partnership_pitch_target_is_21() -> None:
    """partnership-pitch plays to 21: a side at 10 reaching 11 has not won."""
    s = hand("partnership-pitch", SPLIT_HANDS, [*auction("bid 3"), *PARTNER_TRICKS], scores=[10, 0])
    assert s.scores == (11, 3) and not s.is_over


def test_partnership_pitch_defenders_can_go_out() -> None:
    """partnership-pitch going out (bidder-first, as auction-pitch): the bidder's side does not
    reach 21, then the defenders' Game takes them from 20 to 21 and they win (contrast
    book-pitch, where a side must win the bid)."""
    s = hand("partnership-pitch", SPLIT_HANDS, [*auction("bid 2"), *PARTNER_TRICKS], scores=[20, 10])
    assert s.is_over and s.winner == 0 and s.scores[0] == 21


def test_partnership_pitch_bidder_first_when_both_reach_21() -> None:
    """partnership-pitch: 'If both sides reach the target in the same hand, the declaring
    (bidding) side wins the tie.'"""
    s = hand("partnership-pitch", SPLIT_HANDS, [*auction("bid 3"), *PARTNER_TRICKS], scores=[20, 18])
    assert s.is_over and s.winner == 1 and s.scores[1] == 21


def test_partnership_pitch_made_smudge_wins() -> None:
    """partnership-pitch: a made smudge wins the game at once (seed 001 'A successful Smudge
    ... usually ends the match outright in the bidder's favour')."""
    s = hand("partnership-pitch", SWEEP_HANDS, [*auction("bid 4"), *SWEEP_TRICKS])
    assert s.is_over and s.winner == 1 and s.hand_results[-1].made is True
