"""Scenario tests for haus-pitch (seed 002; RULES.md "haus-pitch").

Stacked 6-card deals, 4 seats unless said, dealer 0 (eldest seat 1).  The stock's top three
cards are the bidder's gift; the draw phase then runs eldest first.
"""

from __future__ import annotations

from math import comb

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc


def new(hands: list[str] | None = None, stock: str | None = None, players: int = 4,
        **kw: object) -> pc.GameState:
    return pc.new_game(pc.load_variant("haus-pitch"), players=players, seed=7, dealer=0,
                       hands=hands, stock=stock, **kw)


def others_keep(state: pc.GameState) -> pc.GameState:
    """Seats 2, 3, 0 stand pat in the draw phase."""
    return play(state, ["discard", "discard", "discard"])


# Award-order deal: seat 1 bids 2 and pitches hearts holding AH (High); seat 2 keeps 2H (Low)
# and trumps seat 1's 8C with it; seat 1 takes AS, KS, TC and Game (21 pips).  JH and JD stay
# in the stock: no Jack, no Jick.
WALK_HANDS = seats(
    s1="AH AS KS TC 9C 8C",
    s2="3H 2H 2S 3S 4S 5S",
    s3="2C 3C 4C 5C 6C 7C",
    s0="2D 3D 4D 5D 6D 7D",
)
WALK_STOCK = "8D 9D 8S QD"
WALK_TRICKS = [
    "play AH", "play 3H", "play 2C", "play 2D",
    "play 8C", "play 2H", "play 3C", "play 3D",   # seat 2 trumps with the Low
    "play 2S", "play 4C", "play 4D", "play AS",
    "play KS", "play 3S", "play 5C", "play 5D",
    "play TC", "play 4S", "play 6C", "play 6D",
    "play 9C", "play 5S", "play 7C", "play 7D",
]


def walk_hand(bid: str = "bid 2", scores: list[int] | None = None) -> pc.GameState:
    s = new(WALK_HANDS, WALK_STOCK, scores=scores)
    s = play(s, [bid, "pass", "pass", "pass", "trump H", "discard 8D 9D 8S"])
    return play(others_keep(s), WALK_TRICKS)


# ---------------------------------------------------------------- auction


def test_bids_are_2_to_5_then_moon_and_dealer_can_not_take_moon() -> None:
    """haus-pitch: bids 2-5, then moon; the dealer may take a bid at equal, never a moon."""
    s = new(WALK_HANDS, WALK_STOCK)
    assert legal(s) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5", "bid moon"}
    s5 = play(s, ["bid 5", "pass", "pass"])
    assert legal(s5) == {"pass", "bid 5", "bid moon"}
    moon = play(s, ["bid moon", "pass", "pass"])
    assert legal(moon) == {"pass"}
    with pytest.raises(pc.IllegalMove):
        moon.apply("bid moon")


def test_dealer_may_not_pass_when_everyone_else_passed() -> None:
    """seed 002: 'The dealer is not allowed to pass. They must bid the minimum of two if
    everyone else has passed.'"""
    s = play(new(WALK_HANDS, WALK_STOCK), ["pass", "pass", "pass"])
    assert legal(s) == {"bid 2", "bid 3", "bid 4", "bid 5", "bid moon"}
    with pytest.raises(pc.IllegalMove):
        s.apply("pass")
    assert s == play(new(WALK_HANDS, WALK_STOCK), ["pass", "pass", "pass"])
    assert s.phase is pc.Phase.BIDDING and s.to_move == 0


# ---------------------------------------------------------------- gift and draw


def test_bid_winner_receives_the_top_three_stock_cards_then_names_trump() -> None:
    """haus-pitch: the bid winner receives 3 cards from the stock, then names trump."""
    s = play(new(WALK_HANDS, WALK_STOCK), ["bid 2", "pass", "pass", "pass"])
    assert s.phase is pc.Phase.NAMING_TRUMP and s.to_move == 1
    assert held(s, 1) == set(WALK_HANDS[1].split()) | {"8D", "9D", "8S"}
    assert [len(h) for h in s.hands] == [6, 9, 6, 6]
    assert len(s.info.stock) == 52 - 24 - 3
    assert legal(s) == {"trump C", "trump D", "trump H", "trump S"}


def test_bidder_must_discard_at_least_three_and_is_refilled_to_six() -> None:
    """haus-pitch draw phase: the bidder (holding 9) must discard at least 3 and is refilled
    to exactly six from the stock."""
    s = play(new(WALK_HANDS, WALK_STOCK), ["bid 2", "pass", "pass", "pass", "trump H"])
    assert s.phase is pc.Phase.DISCARDING and s.to_move == 1
    moves = s.legal_moves()
    assert len(moves) == sum(comb(9, k) for k in range(3, 10))
    assert {len(str(m).split()) - 1 for m in moves} == set(range(3, 10))
    for short in ["discard", "discard 8D", "discard 8D 9D"]:
        with pytest.raises(pc.IllegalMove):
            s.apply(short)
    # discard four: one card is drawn, the next in the stock after the gift (QD)
    s4 = s.apply("discard 8D 9D 8S 8C")
    assert held(s4, 1) == {"AH", "AS", "KS", "TC", "9C", "QD"}
    # discard all nine: six are drawn
    s9 = s.apply("discard " + " ".join(held(s, 1)))
    assert len(s9.hands[1]) == 6 and "QD" in held(s9, 1)
    # other players may discard 0-6 and draw as many
    assert s4.to_move == 2 and len(s4.legal_moves()) == 2 ** 6
    s4 = s4.apply("discard 2S 3S")
    assert len(s4.hands[2]) == 6 and {"2S", "3S"}.isdisjoint(held(s4, 2))


def test_a_player_passes_the_draw_by_discarding_nothing() -> None:
    """Seed 002: "Players can pass" in the draw. The move is ``discard`` with no cards
    (CONTRACT.md: "discard alone for none"); ``pass`` is refused with that advice, and the
    bidder, who must discard, is told its limits instead."""
    s = play(new(WALK_HANDS, WALK_STOCK), ["bid 2", "pass", "pass", "pass", "trump H"])
    with pytest.raises(pc.IllegalMove, match=r"turn to discard and draw: it may discard 3 to 9 cards"):
        s.apply("pass")
    s = s.apply("discard 8D 9D 8S 8C")
    with pytest.raises(pc.IllegalMove, match=r"seat 2 passes the draw by discarding nothing: write 'discard'"):
        s.apply("pass")
    kept = held(s, 2)
    s = s.apply("discard")
    assert held(s, 2) == kept and s.to_move == 3


def test_nobody_may_discard_more_than_the_stock_can_replace() -> None:
    """haus-pitch: nobody may discard more cards than the stock can replace.  Five players:
    the stock is 22, 19 after the gift; three seats exchange 9+6+6 (drawing 6+6+6) leaving 1."""
    s = play(new(players=5), ["bid 2", "pass", "pass", "pass", "pass", "trump S"])
    assert s.to_move == 1 and len(s.info.stock) == 19
    s = s.apply("discard " + " ".join(held(s, 1)))
    s = s.apply("discard " + " ".join(held(s, 2)))
    s = s.apply("discard " + " ".join(held(s, 3)))
    assert len(s.info.stock) == 1 and s.to_move == 4
    assert {len(str(m).split()) - 1 for m in s.legal_moves()} == {0, 1}
    assert len(s.legal_moves()) == 1 + 6
    with pytest.raises(pc.IllegalMove):
        s.apply("discard " + " ".join(sorted(held(s, 4))[:2]))
    s = s.apply("discard " + sorted(held(s, 4))[0])
    assert s.info.stock == () and s.to_move == 0
    assert legal(s) == {"discard"}
    s = s.apply("discard")
    assert s.phase is pc.Phase.PLAYING and all(len(h) == 6 for h in s.hands)


def test_bidders_first_three_discards_need_no_replacement() -> None:
    """haus-pitch: the bidder's first 3 discards need no replacement.  Five players, the
    dealer is forced to bid; when its turn comes the stock holds 1 card, so it may discard
    3 or 4 of its 9 cards."""
    s = play(new(players=5), ["pass", "pass", "pass", "pass", "bid 2", "trump S"])
    for seat in (1, 2, 3):
        s = s.apply("discard " + " ".join(held(s, seat)))
    s = s.apply("discard")
    assert s.to_move == 0 and len(s.hands[0]) == 9 and len(s.info.stock) == 1
    sizes = [len(str(m).split()) - 1 for m in s.legal_moves()]
    assert set(sizes) == {3, 4}
    assert len(sizes) == comb(9, 3) + comb(9, 4)


# ---------------------------------------------------------------- the jick


def _jick_hand(hands: list[str], stock: str = "8S 9S QS") -> pc.GameState:
    s = play(new(hands, stock), ["bid 2", "pass", "pass", "pass", "trump H", "discard 8S 9S QS"])
    return others_keep(s)


def test_jick_beats_the_ten_of_trumps() -> None:
    """haus-pitch: with hearts trump the JD is a trump between TH and JH; it counts as a heart
    (a player whose only heart is the JD must play it when hearts are led)."""
    s = _jick_hand(seats(
        s1="TH 5H 2C 3C 4C 5C",
        s2="JD 6C 7C 8C 9C TC",
        s3="2S 3S 4S 5S 6S 7S",
        s0="2D 3D 4D 5D 6D 7D",
    ))
    assert legal(s) == {"play TH", "play 5H"}     # first lead: a trump
    s = s.apply("play TH")
    assert legal(s) == {"play JD"}                # JD is seat 2's only heart
    s = play(s, ["play JD", "play 2S", "play 2D"])
    assert s.done_tricks[-1][2] == 2 and s.to_move == 2


def test_jack_of_trumps_beats_the_jick() -> None:
    """haus-pitch: the jick ranks below the J of trumps; the jick may be led as a trump."""
    s = _jick_hand(seats(
        s1="JD 5H 2C 3C 4C 5C",
        s2="JH 6C 7C 8C 9C TC",
        s3="2S 3S 4S 5S 6S 7S",
        s0="2D 3D 4D 5D 6D 7D",
    ))
    assert legal(s) == {"play JD", "play 5H"}
    s = play(s, ["play JD"])
    assert legal(s) == {"play JH"}
    s = play(s, ["play JH", "play 2S", "play 2D"])
    assert s.done_tricks[-1][2] == 2


def test_diamond_lead_does_not_oblige_the_jick() -> None:
    """haus-pitch: the jick is a heart for the hand, so a diamond lead does not oblige its
    holder to play it: with another diamond the holder follows with it (or trumps, the jick
    included); with no other diamond the holder is void and may play anything."""
    with_diamond = _jick_hand(seats(
        s1="9H 2D 3D 4S 5S 6S",
        s2="3H JD 5D 2C 3C 4C",
        s3="6D 7D 8D 9D TD 5C",
        s0="6C 7C 8C 9C TC JC",
    ))
    s = play(with_diamond, ["play 9H"])
    assert legal(s) == {"play 3H", "play JD"}     # hearts led: JD counts as a heart
    s = play(s, ["play 3H", "play 5C", "play 6C", "play 2D"])
    assert s.to_move == 2
    assert legal(s) == {"play 5D", "play JD"}
    without = _jick_hand(seats(
        s1="9H 2D 3D 4S 5S 6S",
        s2="3H JD 2C 3C 4C 5C",
        s3="5D 6D 7D 8D 9D TD",
        s0="6C 7C 8C 9C TC JC",
    ))
    s = play(without, ["play 9H", "play 3H", "play 5D", "play 6C", "play 2D"])
    assert s.to_move == 2
    assert legal(s) == {"play JD", "play 2C", "play 3C", "play 4C", "play 5C"}


# ---------------------------------------------------------------- moon


MOON_HANDS = seats(
    s1="AH KH QH JH TH 2H",
    s2="4S 5S 6S 7S 8S 9S",
    s3="4C 5C 6C 7C 8C 9C",
    s0="4D 5D 6D 7D 8D 9D",
)
MOON_STOCK = "JD 2C 3C"


def moon_hand(discard: str, leads: list[str], scores: list[int] | None = None) -> pc.GameState:
    s = new(MOON_HANDS, MOON_STOCK, scores=scores)
    s = others_keep(play(s, ["bid moon", "pass", "pass", "pass", "trump H", discard]))
    tricks = []
    for i, lead in enumerate(leads):
        tricks += [lead, f"play {4 + i}S", f"play {4 + i}C", f"play {4 + i}D"]
    return play(s, tricks)


def test_made_moon_scores_11() -> None:
    """haus-pitch moon: the bidder captures all five points (High AH, Low TH -- the lowest
    trump in play, below the jick --, Jack, Jick, Game) and scores +11; the jick counts 1
    game pip."""
    s = moon_hand("discard 2H 2C 3C", ["play AH", "play KH", "play QH", "play JH", "play JD", "play TH"],
                  scores=[0, -5, 0, 0])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "jick": 1, "game": 1}
    assert r.game_pips == (0, 21, 0, 0)
    assert (r.bid, r.made) == ("moon", True)
    assert r.delta == (0, 11, 0, 0)
    assert s.scores == (0, 6, 0, 0) and not s.is_over


def test_made_moon_from_zero_wins() -> None:
    """haus-pitch: a made moon adds 11 at once; from 0 that reaches 11 and wins."""
    s = moon_hand("discard 2H 2C 3C", ["play AH", "play KH", "play QH", "play JH", "play JD", "play TH"])
    assert s.is_over and s.winner == 1


def test_moon_with_a_point_not_in_play_fails_for_11() -> None:
    """haus-pitch moon: a point not in play counts as missed (the bidder throws the jick
    away); failed, -11.  The bidder's categories add nothing."""
    s = moon_hand("discard JD 2C 3C", ["play AH", "play KH", "play QH", "play JH", "play TH", "play 2H"])
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 1, "jack": 1, "jick": None, "game": 1}
    assert (r.bid, r.made) == ("moon", False)
    assert r.delta == (0, -11, 0, 0)
    assert s.scores == (0, -11, 0, 0)


# ---------------------------------------------------------------- points and going out


def test_points_to_the_capturer_and_no_jack_or_jick_in_play() -> None:
    """haus-pitch: High, Low, Jack, Jick, Game all go to the capturer; Jack and Jick not in
    play go to nobody.  Seat 2 captured its own Low by trumping a club."""
    s = walk_hand()
    r = s.hand_results[-1]
    assert dict(r.awards) == {"high": 1, "low": 2, "jack": None, "jick": None, "game": 1}
    assert list(r.awards) == ["high", "low", "jack", "jick", "game"]      # award order
    assert r.game_pips == (0, 21, 0, 0)
    assert r.delta == (0, 2, 1, 0)
    assert s.dealer == 1 and not s.is_over


def test_defender_can_win_mid_walk() -> None:
    """haus-pitch going out: points are added in the order High, Low, Jack, Jick, Game and the
    first side to reach 11 wins at once, bidder or not.  Bidder at 9 gets High (10); the
    defender at 10 gets Low (11) and wins before the bidder's Game is added."""
    s = walk_hand(scores=[0, 9, 10, 0])
    assert s.is_over and s.winner == 2
    assert s.scores == (0, 10, 11, 0)
    assert s.hand_results[-1].ended_game is True


def test_bidder_wins_when_it_gets_there_first() -> None:
    """haus-pitch going out: bidder at 9: High (10), Low to seat 2 (1), Game (11) -> seat 1."""
    s = walk_hand(scores=[0, 9, 0, 0])
    assert s.is_over and s.winner == 1
    assert s.scores == (0, 11, 1, 0)


def test_defender_wins_against_a_failed_bid() -> None:
    """haus-pitch: a failed bidder's categories add nothing and its set-back comes after the
    walk; a defender reaching 11 during the walk wins."""
    s = walk_hand("bid 3", scores=[0, 10, 10, 0])
    assert s.hand_results[-1].made is False
    assert s.is_over and s.winner == 2
    assert s.scores[2] == 11
