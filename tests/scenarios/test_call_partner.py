"""Scenario tests for call your partner (``auction: {partner: called-card}``, issue 4).

After the auction the bidder names a card it does not hold (``partner CARD``); the seat
holding it is its secret partner for the hand: the two score the team's points and are
set back together. A card dealt to nobody leaves the bidder alone against the others as
one team. Stacked 6-card deals, 5 seats, dealer 0 (eldest and bidder seat 1).
"""

from __future__ import annotations

import pytest
from stacked import legal, play, seats

import pitchcore as pc
from conftest import card_locations, random_game, refused
from pitchcore.model.cards import Card
from pitchcore.model.moves import parse_move
from pitchcore.model.state import GameState, Phase

VARIANT = pc.load_variant_text(
    "extends: auction-pitch\nname: call-partner\n"
    "deal: {min_players: 5, max_players: 6, default_players: 5}\n"
    "auction: {partner: called-card}\n")

# Seat 1 holds the top trumps, seat 3 the JH TH 9H: seat 1 bids 2 and calls the JH.
MADE_HANDS = seats(
    s0="AS KS QS JS TS 9S",
    s1="AH KH QH 2H 3C 4C",
    s2="AC KC QC JC TC 9C",
    s3="JH TH 9H 5D 6D 7D",
    s4="AD KD QD JD TD 9D",
)
MADE_TRICKS = [
    "play AH", "play 9C", "play 9H", "play 9D", "play 9S",
    "play KH", "play TC", "play TH", "play TD", "play TS",
    "play QH", "play JC", "play JH", "play JD", "play JS",
    "play 2H", "play QC", "play 5D", "play QD", "play QS",
    "play 3C", "play KC", "play 6D", "play KD", "play KS",
    "play AC", "play 7D", "play AD", "play AS", "play 4C",
]

# Seat 1 bids 3 and calls the AS (seat 0): the defenders take Low, Jack and Game.
SET_HANDS = seats(
    s0="AS KS QS JS TS 9S",
    s1="AH KH 3C 4C 5C 6C",
    s2="JH QH AC KC QC JC",
    s3="2H 7D 8D 9D TD JD",
    s4="TH 9H 2D 3D 4D 5D",
)
SET_FIRST_TRICK = ["play AH", "play QH", "play 2H", "play 9H", "play 9S"]
SET_REST = [
    "play 3C", "play JH", "play 7D", "play TH", "play AS",  # the AS falls: the partner is known
    "play AC", "play 8D", "play 2D", "play KS", "play 4C",
    "play KC", "play 9D", "play 3D", "play QS", "play 5C",
    "play QC", "play TD", "play 4D", "play JS", "play 6C",
    "play JC", "play JD", "play 5D", "play TS", "play KH",
]


def new(hands: list[str]) -> GameState:
    return pc.new_game(VARIANT, players=5, seed=17, dealer=0, hands=hands)


def auction(hands: list[str], bid: str) -> GameState:
    """Seat 1 bids, everyone else passes: the bidder is to call its partner."""
    return play(new(hands), [f"bid {bid}", "pass", "pass", "pass", "pass"])


def test_the_bidder_must_call_a_card_it_does_not_hold() -> None:
    s = auction(MADE_HANDS, "2")
    assert (s.phase, s.to_move, s.bidder) == (Phase.BIDDING, 1, 1)
    calls = legal(s)
    assert len(calls) == 52 - 6 and all(move.startswith("partner ") for move in calls)
    assert {"partner JH", "partner AS", "partner 2S"} <= calls
    assert not {"partner AH", "partner 4C"} & calls
    refused(s, "partner AH", "holds AH")
    refused(s, "pass", "calls its partner")
    refused(s, "bid 3", "calls its partner")
    s = s.apply("partner JH")
    assert (s.info.called, s.info.partner) == (Card.parse("JH").index, 3)
    assert s.phase is Phase.PLAYING and s.to_move == 1


def test_no_call_without_the_option() -> None:
    plain = pc.load_variant_text("extends: auction-pitch\nname: plain\n")
    s = play(pc.new_game(plain, players=5, seed=17, dealer=0, hands=MADE_HANDS),
             ["bid 2", "pass", "pass", "pass", "pass"])
    assert s.phase is Phase.PLAYING and s.info.called is None


def test_the_partner_scores_the_teams_points() -> None:
    s = play(auction(MADE_HANDS, "2").apply("partner JH"), MADE_TRICKS)
    result = s.hand_results[-1]
    assert result.made is True
    assert (result.bidder, result.partner) == (1, 3)
    assert result.delta == (0, 4, 0, 4, 0)
    assert s.scores == (0, 4, 0, 4, 0)
    assert dict(result.awards) == {"high": 1, "low": 1, "jack": 1, "game": 1}
    assert result.game_pips == (21, 59, 21, 59, 21)  # each seat: its team's pips


def test_the_partner_is_set_back_with_the_bidder() -> None:
    s = play(auction(SET_HANDS, "3").apply("partner AS"), SET_FIRST_TRICK + SET_REST)
    result = s.hand_results[-1]
    assert result.made is False
    assert (result.bidder, result.partner) == (1, 0)
    assert result.delta == (-3, -3, 3, 3, 3)
    # a team award is reported as the bidder's side, or the first defender's after it
    assert dict(result.awards) == {"high": 1, "low": 2, "jack": 2, "game": 2}
    assert result.game_pips == (21, 21, 40, 40, 40)
    assert s.scores == tuple(sum(r.delta[side] for r in s.hand_results) for side in range(5))


def test_a_card_dealt_to_nobody_leaves_the_bidder_alone() -> None:
    s = auction(SET_HANDS, "3").apply("partner 2S")  # in the stock
    assert (s.info.called, s.info.partner) == (Card.parse("2S").index, None)
    assert all(s.view(seat).partner is None for seat in range(5))
    s = play(s, SET_FIRST_TRICK + SET_REST)
    result = s.hand_results[-1]
    assert result.made is False and result.partner is None
    # the others are one team: seat 0 scores the defenders' points without taking a trick
    assert result.delta == (3, -3, 3, 3, 3)


def test_views_hide_the_partner_until_the_called_card_is_played() -> None:
    s = auction(SET_HANDS, "3").apply("partner AS")
    for seat in range(5):
        view = s.view(seat)
        assert view.called == Card.parse("AS")
        assert view.partner == (0 if seat == 0 else None)
        assert view.bids == s.info.bids  # the call is not an entry of the auction
    s = play(s, SET_FIRST_TRICK + SET_REST[:4])
    assert [s.view(seat).partner for seat in range(5)] == [0, None, None, None, None]
    s = s.apply("play AS")  # in the trick in progress ...
    assert [s.view(seat).partner for seat in range(5)] == [0] * 5
    s = s.apply("play AC")  # ... and in a completed trick
    assert [s.view(seat).partner for seat in range(5)] == [0] * 5


def test_partner_move_text_and_records_round_trip() -> None:
    move = parse_move("partner AS")
    assert move == pc.Move("partner", Card.parse("AS").index)
    assert str(move) == "partner AS" and parse_move(str(move)) == move
    assert parse_move("PARTNER as") == move
    with pytest.raises(pc.InvalidMove):
        parse_move("partner")
    s = auction(SET_HANDS, "3")
    assert pc.loads(pc.dumps(s)) == s
    s = s.apply("partner AS")
    assert pc.loads(pc.dumps(s)) == s
    assert pc.loads(pc.dumps(s)).info.partner == 0


def test_called_card_needs_a_cutthroat_deal() -> None:
    with pytest.raises(pc.VariantError, match="partner"):
        pc.load_variant_text("extends: partnership-pitch\nname: bad\nauction: {partner: called-card}\n")


def test_the_example_file_loads() -> None:
    from pathlib import Path

    variant = pc.load_variant(Path(__file__).parents[2] / "examples" / "call-partner.yaml")
    assert variant.auction.partner == "called-card" and variant.deal.default_players == 5


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_end_and_keep_invariants(players: int, seed: int) -> None:
    states, moves = random_game(VARIANT, seed, players=players)
    last = states[-1]
    assert last.is_over
    deck = list(range(52))
    calls = 0
    for state, move in zip(states, moves, strict=False):
        assert sorted(card_locations(state)) == deck
        assert move in state.legal_moves()
        if move.kind == "partner":
            calls += 1
            assert not state.masks[state.to_move or 0] >> int(move.arg or 0) & 1
    assert calls == len([r for r in last.hand_results if r.bidder is not None])
    assert last.scores == tuple(sum(r.delta[side] for r in last.hand_results)
                                for side in range(players))
    assert pc.loads(pc.dumps(last)) == last


@pytest.mark.parametrize("bot", ["random", "heuristic", "search"])
def test_bots_play_call_partner(bot: str) -> None:
    import random

    from pitchcore.bots import HeuristicBot, RandomBot
    from pitchcore.bots.base import play_game
    from pitchcore.bots.search import SearchBot

    make = {"random": RandomBot, "heuristic": lambda: HeuristicBot(VARIANT),
            "search": lambda: SearchBot(variant=VARIANT, playouts=8)}[bot]
    state = play_game(pc.new_game(VARIANT, seed=4), [make() for _ in range(5)], random.Random(4))
    assert state.is_over
