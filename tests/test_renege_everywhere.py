"""Reneges (``play: {renege: N}``) go wherever a hand's result goes, and bots do not take a
renege for a void.

The stacked game of tests/test_renege_option.py: seat 1 holds clubs and plays a diamond to
seat 0's club lead, and the hand's result names it (``HandResult.reneges``). Here that result
travels: a seat's JSON view and the server's messages (valid by their published schemas),
a game record and a hand history, each read back; the terminal's end-of-hand summary says
it. And what a seat's view proves (``bots.knowledge``) leaves out the voids that a failure
to follow would prove were reneges refused, so bots sample and play renege games whole.
"""

from __future__ import annotations

import io
import json
import random
import re

import jsonschema
import pytest

import pitchcore as pc
from conftest import play
from pitchcore.bots import Bot, HeuristicBot, SearchBot, knowledge_of, sample_deal
from pitchcore.bots.knowledge import allows_reneges
from pitchcore.game import kernel
from pitchcore.interop import history, records
from pitchcore.model.cards import Card
from pitchcore.model.errors import ViewDataError
from pitchcore.model.phase import Phase
from pitchcore.model.state import GameState
from pitchcore.serving import Table, message_schema
from pitchcore.serving.messages import hand_result_json
from pitchcore.tools.terminal import Session
from test_renege_option import BEFORE, HANDS, RENEGE, RENEGED, TWO_HANDED, house

VIEW = jsonschema.Draft202012Validator(pc.view_schema())
MESSAGES = jsonschema.Draft202012Validator(message_schema())
CLUBS, HEARTS = "CDHS".index("C"), "CDHS".index("H")


def reneged(penalty: int = 3, *, finished: bool = True) -> GameState:
    """The stacked two-handed game: seat 1 reneges (a diamond on a club lead, holding two
    clubs) in the hand's second trick; ``finished``: the hand is played out and scored."""
    state = pc.new_game(house(TWO_HANDED + RENEGE % penalty), seed=3, dealer=0, hands=HANDS)
    return play(state, BEFORE + (RENEGED if finished else RENEGED[:1]))


def honest() -> GameState:
    """The same deal in the default variant (reneges refused), seat 1 following suit."""
    state = pc.new_game(house(TWO_HANDED), seed=3, dealer=0, hands=HANDS)
    return play(state, BEFORE + ["play TC", "play AC", "play 3C", "play KD", "play 4D", "play TD", "play 6D",
                                 "play 2S", "play AH"])


def test_the_renege_is_in_the_result_the_stacked_game_gives() -> None:
    result = reneged().hand_results[0]
    assert result.reneges == (1,) and result.renege_penalty == 3
    assert honest().hand_results[0].reneges == () and honest().hand_results[0].renege_penalty == 0


# -- JSON: a seat's view, the server's messages ----------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_a_views_json_carries_the_reneges_and_reads_back(seat: int) -> None:
    state = reneged()
    data = pc.view_to_json(state.view(seat))
    VIEW.validate(data)
    result = data["hand_results"][0]
    assert result["reneges"] == [1] and result["renege_penalty"] == 3
    back = pc.view_from_json(json.loads(json.dumps(data)))
    assert back.hand_results[0].reneges == (1,) and back.hand_results[0].renege_penalty == 3
    assert pc.view_to_json(back) == data


def test_a_variant_that_refuses_reneges_sends_none_and_a_penalty_of_0() -> None:
    data = pc.view_to_json(honest().view(0))
    VIEW.validate(data)
    assert data["hand_results"][0]["reneges"] == [] and data["hand_results"][0]["renege_penalty"] == 0
    free = pc.view_to_json(reneged(0).view(0))["hand_results"][0]  # renege: 0 is a renege still
    assert free["reneges"] == [1] and free["renege_penalty"] == 0


def test_nothing_tells_of_a_renege_before_the_hand_ends() -> None:
    state = reneged(finished=False)
    for seat in (0, 1):
        data = pc.view_to_json(state.view(seat))
        assert data["hand_results"] == [] and "renege" not in json.dumps(data)


def test_a_views_json_with_reneges_no_hand_shows_is_refused() -> None:
    data = pc.view_to_json(reneged().view(0))
    for change, problem in [(lambda result: result.update(reneges=[2]), "reneges[0]"),
                            (lambda result: result.update(reneges=[1] * 7), "more reneges than cards"),
                            (lambda result: result.update(renege_penalty=-1), "renege_penalty"),
                            (lambda result: result.update(reneges=["1"]), "reneges[0]"),
                            (lambda result: result.pop("reneges"), "missing reneges")]:
        bad = json.loads(json.dumps(data))
        change(bad["hand_results"][0])
        with pytest.raises(ViewDataError, match=re.escape(problem)):
            pc.view_from_json(bad)


def test_the_servers_messages_carry_the_reneges_and_fit_the_schema() -> None:
    state = pc.new_game(house(TWO_HANDED + RENEGE % 3), seed=3, dealer=0, hands=HANDS)
    table = Table(state, ["human", "human"])
    credentials = {seat: table.join(seat, f"player {seat}") for seat in (0, 1)}
    update = None
    for text in BEFORE + RENEGED:
        seat = table.state.to_move
        assert seat is not None
        update = table.move(credentials[seat], text)
    assert update is not None and table.state.hand_results
    for seat in (0, 1, None):
        message = json.loads(update.to(seat))
        MESSAGES.validate(message)
        assert message["hand_result"]["reneges"] == [1] and message["hand_result"]["renege_penalty"] == 3
        (scored,) = [event for event in message["events"] if event["type"] == "HandScored"]
        assert scored["fields"]["result"]["reneges"] == [1]
        assert "seat 1 reneged and its side loses 3" in scored["text"]
        snapshot = json.loads(table.snapshot(seat))
        MESSAGES.validate(snapshot)
        assert snapshot["hand_results"][0]["reneges"] == [1]
    assert hand_result_json(table.state.hand_results[0])["renege_penalty"] == 3


# -- records and histories -------------------------------------------------------------------


@pytest.mark.parametrize("finished", [True, False])
def test_a_record_of_a_renege_game_loads_to_the_same_state(finished: bool) -> None:
    state = reneged(finished=finished)
    back = records.loads(records.dumps(state))
    assert back == state
    assert [result.reneges for result in back.hand_results] == [result.reneges for result in state.hand_results]
    assert [result.renege_penalty for result in back.hand_results] == [3] * finished
    if not finished:  # (the renege is legal under the variant: play goes on from the record)
        assert back.apply("play 3C").legal_moves() == state.apply("play 3C").legal_moves()


def test_a_history_says_who_reneged_and_what_it_cost_and_reads_back() -> None:
    state = reneged()
    told = "seat 1 reneged and its side loses 3"
    whole = history.write(state)
    assert told in whole
    back = history.read(whole)
    assert back == state and back.hand_results[0].reneges == (1,)
    for seat in (0, 1):
        text = history.write(state, seat=seat)
        lines = text.splitlines()
        at = next(index for index, line in enumerate(lines) if told in line)
        assert lines[at].startswith("{hand scored:")  # at the hand's end, with its result
        first = lines.index("Hand 1: seat 0 deals")  # (the rules in full come before: renege: 3)
        assert all("reneg" not in line for line in lines[first:at])
    assert told in history.narrate(state)
    assert not [line for line in history.write(honest()).splitlines() if "reneg" in line and line[0] != "|"]


def test_the_terminal_says_who_reneged() -> None:
    state = reneged(finished=False)
    for text in RENEGED[1:-1]:
        state = state.apply(text)
    out = io.StringIO()
    session = Session(state, 0, {}, random.Random(1), io.StringIO(), out)
    after, events = pc.apply_with_events(state, RENEGED[-1], seat=pc.TRUSTED)
    session.advance(after, events)
    assert "seat 1 reneged: -3" in out.getvalue()
    assert "reneged" not in "".join(out.getvalue().split("seat 1 reneged: -3"))


# -- what bots infer ---------------------------------------------------------------------------


VOID_OF_CLUBS = ["TH AH 2C 3C 4D 6D", "3H TD QD KD 2S 3S"]
"""Seat 1 holds no club: its diamond on the club lead is no renege."""


@pytest.mark.parametrize("allowed", [False, True])
def test_a_card_off_the_suit_led_proves_a_void_only_where_reneges_are_refused(allowed: bool) -> None:
    rules = house(TWO_HANDED + (RENEGE % 3 if allowed else ""))
    assert allows_reneges(rules) == allowed
    state = play(pc.new_game(rules, seed=3, dealer=0, hands=VOID_OF_CLUBS), BEFORE + ["play TD"])
    kn = knowledge_of(state.view(0))
    assert bool(kn.voids[1] >> CLUBS & 1) == (not allowed)
    assert kn.played_by[1] >> Card("TD").index & 1  # what was played is known either way


def test_a_seat_that_reneged_may_still_hold_the_suit_in_samples() -> None:
    state = reneged(finished=False)
    view = state.view(0)
    kn = knowledge_of(view)
    assert kn.voids[1] == 0
    clubs = {Card("TC").index, Card("AC").index}  # what seat 1 really holds
    assert all(kn.allowed(1) >> card & 1 for card in clubs)
    rng = random.Random(5)
    held = set()
    for _ in range(200):
        deal = sample_deal(view, rng)
        assert deal[0] == tuple(view.hand)
        held |= {card.index for card in deal[1]}
    assert held & clubs, "the samples never give the reneging seat the suit it reneged in"


@pytest.mark.parametrize("allowed", [False, True])
def test_a_non_trump_first_lead_proves_no_trump_void_where_reneges_are_allowed(allowed: bool) -> None:
    rules = house(TWO_HANDED + ("play: {renege: 3, first_lead: trump}\n" if allowed
                                else "play: {first_lead: trump}\n"))
    hands = ["TH AH 2C 3C 4D 6D", "TC AC TD KD 2S 3S"] if not allowed else HANDS  # (seat 1: no heart, or the 3H)
    state = play(pc.new_game(rules, seed=3, dealer=0, hands=hands), ["bid 1", "pass", "trump H", "play TC"])
    assert bool(knowledge_of(state.view(0)).voids[1] >> HEARTS & 1) == (not allowed)


# -- bots play renege games whole --------------------------------------------------------------


GAMES = [("auction-pitch", 0), ("auction-pitch", 1), ("partnership-pitch", 2)]


def bot_game(base: str, seed: int, bots: list[Bot], hands: int = 3) -> tuple[GameState, int]:
    """``hands`` hands (or the game, if it ends first) of a renege variant between ``bots``,
    every move a legal one; the state reached and the reneges counted."""
    rules = house("play: {renege: 2}\ngoing_out: {target: 5}\n", base=base)
    assert kernel.unsupported(rules) is not None  # (the Python path plays it, with or without PITCHCORE_PURE)
    state = pc.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.hand_results) < hands:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_moves()
        move = bots[seat % len(bots)].choose(state.view(seat), legal, rng)
        assert move in legal, (state, move)
        state = state.apply(move)
    return state, sum(len(result.reneges) for result in state.hand_results)


@pytest.mark.parametrize(("base", "seed"), GAMES)
def test_search_and_heuristic_bots_play_renege_games(base: str, seed: int) -> None:
    search = SearchBot(playouts=4)
    state, _ = bot_game(base, seed, [search, HeuristicBot()])
    assert state.hand_results and search.stats.decisions > 0
    for result in state.hand_results:
        for seat in result.reneges:
            assert f"seat {seat} reneged and its side loses 2" in result.describe()


def test_a_renege_game_between_bots_ends() -> None:
    state, _ = bot_game("auction-pitch", 4, [SearchBot(playouts=3), HeuristicBot()], hands=200)
    assert state.is_over and state.winners
    assert records.loads(records.dumps(state)) == state


def test_search_samples_after_a_renege_agree_with_the_view() -> None:
    """SearchBot's samples at every decision of seat 0 after seat 1's renege (the stacked game)."""
    state = reneged(finished=False)
    bot = SearchBot(playouts=8)
    rng = random.Random(2)
    while state.phase is Phase.PLAYING and not state.hand_results:
        seat = state.to_move
        assert seat is not None
        move = bot.choose(state.view(seat), state.legal_moves(), rng)
        assert move in state.legal_moves()
        state = state.apply(move)
    assert state.hand_results[0].reneges[:1] == (1,)


@pytest.mark.parametrize(("base", "seed"), GAMES)
def test_the_heuristic_keeps_to_the_follow_rule_where_it_may_renege(base: str, seed: int) -> None:
    """Every card is legal under ``renege: N``; HeuristicBot still never reneges on purpose."""
    state, reneges = bot_game(base, seed, [HeuristicBot()], hands=4)
    assert len(state.hand_results) >= 2 and reneges == 0
