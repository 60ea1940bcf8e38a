"""JacksBot, Jacks Trump's player (seed 003's "order of control"): legal, sensible, stronger than random.

Its strength is measured by ``benchmarks/jacks_strength.py``; the match here is seeded and
far from its threshold.
"""

from __future__ import annotations

import random

import pytest

import pitchcore as pc
from pitchcore.bots import HeuristicBot, JacksBot, RandomBot, SearchBot, play_game
from pitchcore.bots.jacks import beaters, beats, holds_none
from pitchcore.model.cards import mask_of, parse_card, parse_cards
from pitchcore.model.state import Phase
from pitchcore.tools.simulate import bot_by_name, simulate


def choice(state: pc.GameState, bot: JacksBot | None = None) -> str:
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    return str((bot or JacksBot()).choose(view, view.legal_moves, random.Random(0)))


def stacked(hands: dict[str, str], moves: list[str], **kw: object) -> pc.GameState:
    state = pc.new_game("jacks-trump", seed=3, dealer=0, hands=[hands[f"s{i}"] for i in range(len(hands))], **kw)
    for move in moves:
        state = state.apply(move)
    return state


# -- always legal --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_bot_moves_legally_through_whole_games(players: int) -> None:
    bots = [JacksBot(), HeuristicBot(), RandomBot(), SearchBot(playouts=4), JacksBot(caution=0.0),
            JacksBot(caution=1.0)]
    rng = random.Random(players)
    state = pc.new_game("jacks-trump", players=players, seed=players)
    phases = set()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        move = bots[seat].choose(view, view.legal_moves, rng)
        assert move in view.legal_moves
        phases.add(state.phase)
        state = state.apply(move)
    assert phases == {Phase.DEALING, Phase.CALLING, Phase.PLAYING}


def test_the_simulate_command_knows_the_jacks_bot() -> None:
    assert isinstance(bot_by_name("jacks"), JacksBot)
    result = simulate("jacks-trump", games=3, bots="jacks,random,heuristic,search:4", seed=2)
    assert result.games == 3 and all(len(record.hands) == 4 for record in result.records)
    summary = result.summary()
    assert summary["bids"] == [] and set(summary["awards"]) == {"cards"}


def test_jacks_bot_beats_random_players_in_a_short_seeded_match() -> None:
    wins = 0
    for game in range(40):
        state = pc.new_game("jacks-trump", seed=700 + game, dealer=game % 4)
        seat = game % 4
        bots = [JacksBot() if other == seat else RandomBot() for other in range(4)]
        wins += play_game(state, bots, random.Random(game)).winner == seat
    assert wins >= 16  # a random seat wins 25%; measured: ~70% over 2000 games


# -- the order of control --------------------------------------------------------------------


def test_last_to_play_it_takes_the_trick_with_a_ten_and_banks_it() -> None:
    hands = {"s0": "9C 2H 3S", "s1": "4D 3H 4S", "s2": "5H 4H 5S", "s3": "TS 3C 2S"}  # 3: the fewest dealt
    state = stacked(hands, ["call high", "play 9C", "play 4D", "play 5H"])
    assert choice(state) == "play TS"


def test_it_never_throws_a_ten_on_a_trick_it_cannot_take() -> None:
    hands = {"s0": "JD 2H 3S", "s1": "4D 3H 4S", "s2": "5H 4H 5S", "s3": "TS 6C 2S"}
    state = stacked(hands, ["call high", "play JD", "play 4D", "play 5H"])
    assert choice(state) == "play 6C"  # nothing takes a jack: waste the 6


def test_last_to_play_it_wins_cheaply_and_keeps_its_jack() -> None:
    hands = {"s0": "8C 2H 3H", "s1": "2D 3D 4D", "s2": "5H 6H 7H", "s3": "JH 9S 4C"}
    state = stacked(hands, ["call high", "play 8C", "play 2D", "play 5H"])
    assert choice(state) == "play 9S"


def test_last_to_play_it_spends_a_jack_on_a_rich_trick_nothing_else_takes() -> None:
    hands = {"s0": "AS 2H 3H", "s1": "KD 3D 4D", "s2": "TC 6H 7H", "s3": "JH 4C 5D"}
    state = stacked(hands, ["call high", "play AS", "play KD", "play TC"])
    assert choice(state) == "play JH"


def test_it_does_not_lead_a_jack_while_it_has_another_card() -> None:
    hands = {"s0": "JC 6D 7H", "s1": "2D 3D 4D", "s2": "5H 6H 8H", "s3": "9S 4C 5C"}
    state = stacked(hands, [choice(stacked(hands, []))])
    assert state.phase is Phase.PLAYING
    assert choice(state) != "play JC"


@pytest.mark.parametrize(("hand", "call"), [("2C 2D 3H 6S 7S", "call low"), ("AC AD KH 6S 7S", "call high")])
def test_it_calls_the_direction_its_hand_controls(hand: str, call: str) -> None:
    others = ["4C 5C 6C 7C 8C", "4D 5D 6D 7D 8D", "4H 5H 6H 7H 8H"]
    state = pc.new_game("jacks-trump", seed=3, dealer=0, hands=[hand, *others])
    assert choice(state) == call


def test_the_dealer_deals_most_unless_it_leads_going_into_the_last_round() -> None:
    last = pc.load_variant_text("extends: jacks-trump\ngoing_out: {rounds: 1}\n")
    assert choice(pc.new_game("jacks-trump", seed=3)) == "deal 7"
    assert choice(pc.new_game(last, seed=3, scores=[0, 9, 0, 0])) == "deal 7"   # behind: play long
    assert choice(pc.new_game(last, seed=3, scores=[9, 0, 0, 0])) == "deal 3"   # ahead: play short


def test_counting_jacks_and_ranks() -> None:
    js, ah, as_ = parse_card("JS"), parse_card("AH"), parse_card("AS")
    assert beats(js, ah, "high") and not beats(ah, js, "high") and beats(ah, as_, "high")
    assert beats(parse_card("2C"), parse_card("3C"), "low") and not beats(parse_card("2C"), as_, "high")
    no_jacks = mask_of(parse_cards("AH KH 2C 3C"))
    assert beaters(js, "high", no_jacks) == 0            # every other jack is out: it cannot be beaten
    assert beaters(as_, "high", no_jacks) == 1           # only AH: equal ranks beat
    assert beaters(as_, "low", no_jacks) == 4            # under LOW everything is at least an ace
    assert holds_none(0, 40, 7) == 1.0 and holds_none(40, 40, 1) == 0.0
