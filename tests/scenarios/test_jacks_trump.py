"""Scenario tests for jacks-trump (seed 003; RULES.md "jacks-trump (seed 003)").

Every deal is stacked; each outcome was worked out by hand from the rules. Stacked hands
fix the first round's size (the dealer's ``deal N`` choice is skipped for it); later
rounds start with the dealer's choice. Seats 0..3 with dealer 0, who leads the first trick.
Card points: A K Q J = 5, T = 10, 2-9 = 1.
"""

from __future__ import annotations

import pytest
from stacked import held, legal, play, seats

import pitchcore as pc
from pitchcore import Phase

# Three cards each; the notes under each trick say who takes it and why.
DEAL = seats(
    s0="AS 3C JC",
    s1="AH 2D 5S",
    s2="QH AD JD",
    s3="KH TS 9C",
)


def new(hands: list[str] = DEAL, **kw: object) -> pc.GameState:
    return pc.new_game("jacks-trump", players=len(hands), seed=5, dealer=0, hands=hands, **kw)


def taker(state: pc.GameState) -> int:
    return state.done_tricks[-1][2]


# ---------------------------------------------------------------- calling and leading


def test_the_dealer_calls_then_leads_the_first_trick() -> None:
    state = new()
    assert (state.phase, state.to_move, state.leader) == (Phase.CALLING, 0, 0)
    assert legal(state) == {"call high", "call low"}
    state = state.apply("call high")
    assert state.phase is Phase.PLAYING and state.info.call == "high"
    assert state.view(2).call == "high"  # the call is public
    assert legal(state) == {"play AS", "play 3C", "play JC"}  # any card: suits do not matter
    assert pc.new_game("jacks-trump", seed=5, dealer=2, hands=DEAL).to_move == 2


def test_calling_is_required_before_leading_and_again_by_each_trick_winner() -> None:
    state = new()
    with pytest.raises(pc.IllegalMove, match="must first call high or low"):
        state.apply("play AS")
    state = play(state, ["call high", "play AS", "play AH", "play QH", "play KH"])
    assert taker(state) == 1
    assert (state.phase, state.to_move, state.info.call) == (Phase.CALLING, 1, None)
    with pytest.raises(pc.IllegalMove, match="must first call"):
        state.apply("play 2D")


def test_any_card_may_be_played_whatever_was_led() -> None:
    state = play(new(), ["call low", "play 3C"])
    assert legal(state) == {"play AH", "play 2D", "play 5S"}  # no club, no need to follow


# ---------------------------------------------------------------- who takes the trick


def test_an_equal_rank_played_later_beats_the_earlier_card_under_high() -> None:
    state = play(new(), ["call high", "play AS", "play AH", "play QH", "play KH"])
    assert taker(state) == 1  # AH equals AS and comes later; QH and KH rank below


def test_the_last_of_several_equal_cards_takes_the_trick() -> None:
    state = play(new(), ["call high", "play AS", "play AH", "play AD", "play KH"])
    assert taker(state) == 2


def test_low_makes_the_two_the_top_card_and_the_ace_the_bottom() -> None:
    state = play(new(), ["call low", "play 3C", "play 2D", "play AD", "play KH"])
    assert taker(state) == 1  # 2D beats 3C; AD and KH are the lowest cards under LOW
    state = play(new(), ["call low", "play AS", "play AH", "play QH", "play KH"])
    assert taker(state) == 2  # AH takes AS (equal), QH takes AH (better), KH is worse than QH


def test_the_same_trick_under_high_goes_to_the_top_card() -> None:
    state = play(new(), ["call high", "play 3C", "play 2D", "play QH", "play 9C"])
    assert taker(state) == 2


def test_a_jack_beats_every_earlier_card_and_the_second_jack_beats_the_first() -> None:
    state = play(new(), ["call high", "play JC", "play AH", "play JD", "play KH"])
    assert taker(state) == 2  # AH cannot take a jack; JD, the last jack, takes JC
    state = play(new(), ["call high", "play AS", "play AH", "play JD", "play KH"])
    assert taker(state) == 2  # a jack beats the aces before it, and KH after it cannot


def test_a_led_jack_holds_unless_another_jack_comes() -> None:
    state = play(new(), ["call low", "play JC", "play 2D", "play QH", "play TS"])
    assert taker(state) == 0  # no card of any rank takes a jack; only a jack does


# ---------------------------------------------------------------- scoring a round


def test_each_player_scores_the_card_points_it_collected() -> None:
    state = play(new(), [
        "call high", "play AS", "play AH", "play QH", "play KH",   # 1 takes 5+5+5+5 = 20
        "call low", "play 2D", "play JD", "play TS", "play 3C",   # 1 plays 2D; JD takes: 2 gets 1+5+10+1 = 17
        "call high", "play AD", "play 9C", "play JC", "play 5S",  # JC takes: 0 gets 5+1+5+1 = 12
    ])
    result = state.hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (None, None, None)
    assert result.game_pips == (12, 20, 17, 0)
    assert result.delta == (12, 20, 17, 0) and state.scores == (12, 20, 17, 0)
    assert dict(result.awards) == {"cards": 1}  # the side with the most card points
    assert not state.is_over and not result.ended_game
    assert (state.phase, state.dealer, state.to_move) == (Phase.DEALING, 1, 1)  # the deal passes on
    assert not any(state.masks)


def test_a_tie_for_the_most_card_points_reports_nobody() -> None:
    # three cards each (the fewest jacks-trump deals): the tens (20) to seat 1, as the later
    # of equals; the two tricks of a king and a queen (10 each) to seat 0
    hands = seats(s0="TC KC QC", s1="TD KD QD")
    state = play(pc.new_game("jacks-trump", players=2, seed=5, dealer=0, hands=hands),
                 ["call high", "play TC", "play TD", "call high", "play QD", "play KC",
                  "call low", "play QC", "play KD"])
    result = state.hand_results[-1]
    assert result.game_pips == (20, 20) and dict(result.awards) == {"cards": None}


def test_a_stacked_deal_fixes_the_first_rounds_size_and_later_rounds_are_chosen() -> None:
    state = new()
    assert state.info.hand_size == 3 and state.view(1).hand_size == 3
    assert [len(hand) for hand in state.hands] == [3, 3, 3, 3]
    later = play(state, ["call high", "play AS", "play AH", "play QH", "play KH",
                         "call low", "play 2D", "play JD", "play TS", "play 3C",
                         "call high", "play AD", "play 9C", "play JC", "play 5S"])
    assert legal(later) == {"deal 3", "deal 5", "deal 7"}
    dealt = later.apply("deal 7")
    assert [len(hand) for hand in dealt.hands] == [7, 7, 7, 7]
    assert (dealt.phase, dealt.to_move, dealt.info.hand_size) == (Phase.CALLING, 1, 7)  # the dealer leads
    assert len(dealt.info.stock) == 52 - 28


# ---------------------------------------------------------------- the game: so many rounds


ONE_EACH = seats(s0="AS", s1="2C")  # one trick: under HIGH the ace takes it (5 + 1 points)


def one_round(**kw: object) -> pc.GameState:
    # a one-round game whose dealer may deal a single card each (a stacked deal is one it deals)
    variant = pc.load_variant_text("extends: jacks-trump\ndeal: {min_hand_size: 1}\ngoing_out: {rounds: 1}\n")
    return pc.new_game(variant, players=2, seed=5, dealer=0, hands=ONE_EACH, **kw)


def test_the_highest_total_after_the_last_round_wins() -> None:
    state = play(one_round(scores=[0, 5]), ["call high", "play AS", "play 2C"])
    assert state.is_over and state.hand_results[-1].ended_game
    assert state.scores == (6, 5) and state.winner == 0
    state = play(one_round(scores=[0, 7]), ["call high", "play AS", "play 2C"])
    assert state.scores == (6, 7) and state.winner == 1  # the round's taker does not win by it


def test_a_tie_for_the_highest_total_wins_for_nobody() -> None:
    state = play(one_round(scores=[0, 6]), ["call high", "play AS", "play 2C"])
    assert state.is_over and state.scores == (6, 6) and state.winner is None


def test_a_game_is_one_round_per_player_by_default() -> None:
    state = pc.new_game("jacks-trump", players=3, seed=8, dealer=0)
    dealers = []
    while not state.is_over:
        if state.phase is Phase.DEALING:
            dealers.append(state.dealer)
        state = state.apply(state.legal_moves()[0])
    assert dealers == [0, 1, 2] and len(state.hand_results) == 3
    totals = state.scores
    best = [side for side, score in enumerate(totals) if score == max(totals)]
    assert state.winner == (best[0] if len(best) == 1 else None)


# ---------------------------------------------------------------- never more than 45 cards


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_dealer_may_deal_three_five_or_seven_at_every_table(players: int) -> None:
    state = pc.new_game("jacks-trump", players=players, seed=1)
    assert state.phase is Phase.DEALING and state.to_move == state.dealer
    assert legal(state) == {"deal 3", "deal 5", "deal 7"}  # 7 x 6 = 42: within 45
    for move in state.legal_moves():
        assert sum(len(hand) for hand in state.apply(move).hands) <= 45


@pytest.mark.parametrize(("players", "choices"), [(6, {"deal 3", "deal 5", "deal 7"}),
                                                  (7, {"deal 3", "deal 5"}),      # 7 x 7 = 49 > 45
                                                  (8, {"deal 3", "deal 5"})])     # 8 x 5 = 40
def test_a_choice_that_would_deal_more_than_45_cards_is_not_offered(players: int, choices: set[str]) -> None:
    variant = pc.load_variant_text("extends: jacks-trump\ndeal: {max_players: 8}\n")
    state = pc.new_game(variant, players=players, seed=1)
    assert legal(state) == choices
    if "deal 7" not in choices:
        with pytest.raises(pc.IllegalMove, match="at most 45 cards"):
            state.apply("deal 7")


def test_only_two_to_six_players() -> None:
    for players in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            pc.new_game("jacks-trump", players=players)
    assert pc.new_game("jacks-trump").players == 4


# ---------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(("moves", "bad", "reason"), [
    ([], "play AS", "seat 0 leads this trick and must first call high or low"),
    ([], "deal 5", "must first call high or low"),
    (["call high"], "call low", "already called high; seat 0 plays a card"),
    (["call high"], "play AH", "AH is not in seat 0's hand"),
    (["call high"], "pass", "pass is not a play"),
    (["call high", "play AS"], "play AS", "AS is not in seat 1's hand"),
])
def test_illegal_moves_say_why_and_leave_the_state_unchanged(moves: list[str], bad: str, reason: str) -> None:
    state = play(new(), moves)
    before = pc.dumps(state)
    with pytest.raises(pc.IllegalMove, match=reason):
        state.apply(bad)
    assert pc.dumps(state) == before and state == pc.loads(before)


def test_an_illegal_hand_size_says_what_may_be_dealt() -> None:
    state = pc.new_game("jacks-trump", seed=1)
    before = pc.dumps(state)
    for bad, reason in (("deal 4", "may deal 3, 5, 7 cards to each seat"),
                        ("call high", "not a deal; the dealer first chooses how many cards"),
                        ("play AS", "not a deal")):
        with pytest.raises(pc.IllegalMove, match=reason):
            state.apply(bad)
    assert pc.dumps(state) == before


def test_the_cards_dealt_are_each_seats_only() -> None:
    state = new()
    assert held(state, 0) == {"AS", "3C", "JC"}
    view = state.view(0)
    assert [str(card) for card in view.hand] == ["3C", "JC", "AS"]
    assert view.hand_sizes == (3, 3, 3, 3) and view.trump is None and view.bidder is None


def test_a_worthless_chosen_deal_is_thrown_in_and_the_dealer_chooses_again() -> None:
    """``worthless_hand: redeal`` holds for a deal the dealer sizes too: when the cards just
    dealt leave a seat no card above a 9, they are thrown in and the same dealer chooses
    and deals again (with ``play``, the default, the same deal is played)."""
    low = sum(1 << (suit * 13 + rank) for suit in range(4) for rank in range(8))  # 2s to 9s
    plain = pc.load_variant("jacks-trump")
    redeal = pc.load_variant_text("extends: jacks-trump\nname: house\ndeal: {worthless_hand: redeal}\n")
    seed = next(seed for seed in range(200) if any(
        not mask & ~low for mask in pc.new_game(plain, seed=seed).apply("deal 3").masks))
    played = pc.new_game(plain, seed=seed, dealer=1).apply("deal 3")
    assert played.phase is Phase.CALLING and played.deal_number == 0
    state = pc.new_game(redeal, seed=seed, dealer=1)
    thrown = state.apply("deal 3")
    assert (thrown.phase, thrown.to_move, thrown.dealer) == (Phase.DEALING, 1, 1)
    assert thrown.deal_number == 1 and not any(thrown.masks) and thrown.hand_results == ()
    fine = next(seed for seed in range(200) if all(
        mask & ~low for mask in pc.new_game(plain, seed=seed).apply("deal 7").masks))
    assert pc.new_game(redeal, seed=fine).apply("deal 7").phase is Phase.CALLING
