"""``view_from_json`` reads untrusted data: it takes only what ``view_to_json`` could have
given and refuses anything else with one short ``ViewDataError`` line, without being made
to size anything by a number in the data or to descend as deep as the data goes."""

from __future__ import annotations

import functools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pitchcore as pc
from conftest import choose_move, random_game

ROOT = Path(__file__).resolve().parents[1]
DEEP_LEVELS = 100_000


@functools.cache
def deep() -> list[Any]:
    """A list nested ``DEEP_LEVELS`` deep: far deeper than Python's recursion limit."""
    nested: list[Any] = []
    for _ in range(DEEP_LEVELS):
        nested = [nested]
    return nested


@functools.cache
def _finished() -> str:
    state = pc.new_game("haus-pitch", seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(choose_move(state, rng))
    return json.dumps(pc.view_to_json(state.view(1)))


def finished() -> dict[str, Any]:
    """Seat 1's view of a finished four-seat haus-pitch game, as JSON data (a fresh copy):
    every hand's result, with its tricks and deciding cards."""
    data: dict[str, Any] = json.loads(_finished())
    assert data["players"] == 4 and data["hand_results"][0]["tricks"] and data["winners"]
    return data


@functools.cache
def _mid_hand() -> tuple[pc.GameState, str]:
    """A haus-pitch state of the second hand with an auction, completed tricks and a trick in
    progress (the example of docs/view-json.md), and its mover's view as JSON."""
    state = pc.new_game("haus-pitch", seed=1)
    while not (state.hand_results and state.trick and state.to_move == state.bidder):
        state = state.apply(state.legal_moves()[0])
    assert state.to_move is not None
    return state, json.dumps(pc.view_to_json(state.view(state.to_move)))


def mid_hand() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_mid_hand()[1])
    assert data["bids"] and data["trick"] and data["tricks"]
    return data


def refused(data: Any) -> str:
    """The message ``view_from_json`` refuses ``data`` with: one short printable line."""
    with pytest.raises(pc.ViewDataError) as caught:
        pc.view_from_json(data)
    message = str(caught.value)
    assert message.startswith("not a pitchcore view: ")
    assert message.isprintable() and len(message) < 300, message
    return message


def paths(data: Any) -> list[tuple[Any, Any]]:
    """Every place in ``data`` as (container, key or index), found without recursion."""
    found: list[tuple[Any, Any]] = []
    todo = [data]
    while todo:
        container = todo.pop()
        keys = container.keys() if isinstance(container, dict) else range(len(container))
        for key in keys:
            found.append((container, key))
            if isinstance(container[key], dict | list):
                todo.append(container[key])
    return found


# -- item 2: a number in the data never sizes anything ------------------------------------


@pytest.mark.parametrize("seat", [4, 2**62, -1])
def test_a_trick_seat_out_of_range_is_refused_before_anything_is_sized_by_it(seat: int) -> None:
    """A trick's seat once sized a list (``[0] * (seat + 1)``): 3_000_000_000 asked for 24 GB.
    Now every seat is checked against the table first; ``2**62`` would fail to allocate at
    once, so no memory is at risk however the code behaves."""
    data = finished()
    data["hand_results"][0]["tricks"][0]["seats"][0] = seat
    message = refused(data)
    assert "hand_results[0].tricks[0].seats[0]: expected a seat from 0 to 3" in message


@pytest.mark.parametrize(("field", "number"), [("players", 10**9), ("players", 11), ("stock_size", 10**9),
                                                ("hand_size", 2**62), ("scores", [2**62, 0, 0, 0])])
def test_no_count_in_the_data_is_believed(field: str, number: Any) -> None:
    message = refused({**finished(), field: number})
    assert message.startswith(f"not a pitchcore view: {field}")


# -- item 3: refused at the first value out of place --------------------------------------


class Spy(str):
    """Card text that counts how often anything asks it for its text."""

    asked = 0

    def _count(self, *_: object) -> Any:
        Spy.asked += 1
        return str.strip(self)

    strip = upper = lower = split = _count


def test_a_long_wrong_typed_value_is_refused_at_once_with_a_short_message() -> None:
    """A 400 KB string as the hand took 10 s (each character tried as a card) and a message
    of one error per character."""
    message = refused({**finished(), "hand": "AS" * 200_000})
    assert message == f"not a pitchcore view: hand: expected a list, got text '{'AS' * 20}'..."
    message = refused({**finished(), "hand": [1] * 100_000})
    assert message.count("hand[") == 1 and "hand[0]: expected a card's text" in message


def test_nothing_after_the_first_value_out_of_place_is_looked_at() -> None:
    Spy.asked = 0
    message = refused({**finished(), "hand": [7, *[Spy("AS")] * 10_000]})
    assert "hand[0]" in message and Spy.asked == 0
    refused({**finished(), "legal_moves": [Spy("pass")]})
    assert Spy.asked == 0


# -- item 4: exact JSON types, every field and no other, and what every view keeps ---------


@pytest.mark.parametrize(("field", "value"), [
    ("seat", "1"), ("seat", 1.9), ("seat", 1.0), ("seat", True), ("seat", -1), ("seat", 4), ("dealer", 9),
    ("to_move", 4), ("scores", "2001"), ("scores", [0, 0]), ("side_of", [0, 1, 2]), ("side_of", [1, 0, 2, 3]),
    ("hand_sizes", [1, 1, 1]), ("variant", ""), ("trump", "X"), ("bid", 2.0), ("bid", True), ("bid", "Moon"),
    ("bid", 101), ("legal_moves", ["play 10h"]), ("hand", ["10H"]), ("hand", ("AS",)), ("winner", 5),
    ("winners", [1, 0]), ("call", "medium"), ("called", "as"), ("shown", [[]]),
])
def test_a_value_of_another_type_or_out_of_range_is_refused(field: str, value: Any) -> None:
    refused({**finished(), field: value})


def test_every_field_must_be_there() -> None:
    """Each field of a view, a hand result, a trick and a deciding card: none is filled in
    with a default (those of the newer fields were)."""
    data = finished()
    for container, key in paths(data):
        if isinstance(container, dict) and key in container:
            removed = container.pop(key)
            assert re.search(r"missing|expected an entry", refused(data)), key
            container[key] = removed
    assert pc.view_from_json(data)


def test_no_field_is_added_anywhere() -> None:
    data = finished()
    objects = [data] + [value for container, key in paths(data) if isinstance(value := container[key], dict)]
    assert len(objects) > 50
    for value in objects:
        value["\x1b[2J"] = 1
        message = refused(data)
        assert "unknown field '\\x1b[2J'" in message or "decided_by['\\x1b[2J']" in message, message
        del value["\x1b[2J"]


def test_a_tricks_seats_must_agree_with_it() -> None:
    """They were silently replaced by seats worked out from the cards."""
    for seats, problem in (([3, 2, 1, 0], "the leader, seat 0, plays the first card"),
                           ([0, 1, 1, 3], "a seat plays once to a trick"),
                           ([0, 1, 2], "expected the seat of each of its 4 cards")):
        data = finished()
        trick = data["hand_results"][0]["tricks"][0]
        assert (trick["leader"], trick["seats"]) == (0, [0, 1, 2, 3])
        trick["seats"] = seats
        assert problem in refused(data)
    data = mid_hand()
    data["trick_seats"][0] = data["trick_seats"][0][::-1]
    refused(data)


def test_a_bid_is_a_number_a_word_or_null_and_nothing_deeper() -> None:
    """``[[1]]`` gave a view whose hash raised, 100k levels one whose == and repr did."""
    assert "bid: expected a whole number, text or null, got a list" in refused({**finished(), "bid": [[1]]})
    assert "bid: expected" in refused({**finished(), "bid": deep()})
    for field in ("hand", "hand_results", "scores", "trick_seats"):
        refused({**finished(), field: deep()})


def test_cards_are_where_they_can_be_once() -> None:
    data = mid_hand()
    played = data["trick"][0][1]
    cases = [("hand", [*data["hand"][:-1], played]), ("hand", data["hand"][::-1]),
             ("upcards", ["AS", "AS"]), ("shown", [["AS"], ["AS"], [], []])]
    for field, value in cases:
        refused({**data, field: value})
    data["tricks"][1][1][0] = data["tricks"][0][1][0]
    assert "appears twice" in refused(data)


def test_a_hand_result_agrees_with_itself() -> None:
    changes = {
        "delta": [1, 2], "game_pips": [0, -1, 0, 0], "bidder": 4, "made": None, "partner": 9,
        "awards": [["high", 0], ["high", 1]], "winners": [0], "ended_game": True, "dealer": -1,
    }
    for field, value in changes.items():
        data = finished()
        data["hand_results"][0][field] = value
        refused(data)
    data = finished()
    decided = data["hand_results"][0]["decided_by"]
    decision = next(value for value in decided.values() if value is not None)
    decision["seat"] = (decision["seat"] + 1) % 4
    assert "decided_by" in refused(data)
    data = finished()
    data["hand_results"][0]["decided_by"]["extra"] = None
    assert "expected an entry for each award" in refused(data)


def test_the_view_as_a_whole_agrees_with_itself() -> None:
    data = finished()
    assert (data["seat"], data["bidder"], data["winners"], data["hand_sizes"]) == (1, 1, [2], [0, 0, 0, 0])
    changes: list[dict[str, Any]] = [
        {"to_move": 0}, {"phase": "playing"}, {"winners": []}, {"winner": 0}, {"winners": [2, 3], "winner": None},
        {"gift": ["AS"], "bidder": 0}, {"bidder": None}, {"legal_moves": ["pass"]}, {"hand_sizes": [0, 1, 0, 0]},
        {"discard_counts": [0, 1, 0, 0]}, {"partner": 2}, {"stock_size": 55},
    ]
    for change in changes:
        refused({**data, **change})


@pytest.mark.parametrize("junk", ["\x1b[31m\n" * 10_000, "\u2028" * 100, "\x00"])
def test_the_message_quotes_only_a_short_escaped_excerpt(junk: str) -> None:
    for data in ({**finished(), "hand": [junk]}, {**finished(), junk: 1}, {**finished(), "phase": junk}):
        message = refused(data)
        assert "\n" not in message and "\x1b" not in message and "\u2028" not in message


# -- item 5: plain JSON data --------------------------------------------------------------


def test_view_to_json_gives_only_json_data() -> None:
    state, _ = _mid_hand()
    for seat in range(state.players):
        data = pc.view_to_json(state.view(seat))
        todo: list[Any] = [data]
        while todo:
            value = todo.pop()
            assert value.__class__ in (dict, list, str, int, bool, type(None)), type(value)
            todo.extend(value.values() if isinstance(value, dict) else value if isinstance(value, list) else ())
        assert json.loads(json.dumps(data)) == data


# -- item 11: bidder and bid while the auction runs ----------------------------------------


def test_bidder_and_bid_are_the_high_bid_while_bidding_as_the_docs_say() -> None:
    state = pc.new_game("auction-pitch", seed=1)
    state = state.apply("bid 2")
    assert state.phase is pc.Phase.BIDDING
    view = state.view(3)
    assert (view.bidder, view.bid) == (1, 2)
    schema = pc.view_schema()["properties"]
    text = (ROOT / "docs" / "view-json.md").read_text(encoding="utf-8")
    for field in ("bidder", "bid"):
        row = re.search(rf"^\| `{field}` \|.*$", text, re.M)
        assert row and "bidding" in row.group(0) and "so far" in row.group(0), field
        described = schema[field]["description"]
        assert "so far" in described and "until the auction is won" not in described, field


# -- real views are read back --------------------------------------------------------------


def sampled_views(name: str, seed: int) -> list[pc.PlayerView]:
    """Every seat's view of states of a random game of ``name`` played to its end (or 60
    hands): the first of each phase, some spread over the game, and the last."""
    states, _ = random_game(name, seed, max_hands=60)
    firsts: dict[pc.Phase, int] = {}
    for index, state in enumerate(states):
        firsts.setdefault(state.phase, index)
    keep = sorted({*firsts.values(), *range(0, len(states), max(1, len(states) // 8)), len(states) - 1})
    return [states[index].view(seat) for index in keep for seat in range(states[index].players)]


@pytest.mark.parametrize("name", pc.bundled_variants())
def test_every_real_view_is_read_back_as_it_was(name: str) -> None:
    views = sampled_views(name, seed=7)
    assert views[-1].phase is pc.Phase.GAME_OVER and views[-1].hand_results
    for view in views:
        data = json.loads(json.dumps(pc.view_to_json(view)))
        back = pc.view_from_json(data)
        assert back == view and hash(back) == hash(view)
        assert pc.view_to_json(back) == data


def test_a_hand_nobody_played_comes_back_unplayed() -> None:
    """A hand thrown in unplayed (everyone passed, the dealer set back: ``all_pass:
    dealer-set-back``) has a record with no tricks; it came back with none, so the view
    differed and the result described itself as a bid that went set."""
    variant = pc.load_variant(str(ROOT / "examples" / "partners-any-table.yaml"))
    states, _ = random_game(variant, 0, max_hands=30)
    view = states[-1].view(0)
    unplayed = [result for result in view.hand_results if result.record is not None and not result.record.tricks]
    assert unplayed, "seed 0 no longer throws a hand in: pick another"
    back = pc.view_from_json(json.loads(json.dumps(pc.view_to_json(view))))
    assert back == view
    assert [result.describe() for result in back.hand_results] == [result.describe() for result in view.hand_results]
    assert "everyone passed" in back.hand_results[view.hand_results.index(unplayed[0])].describe()


# -- random damage ------------------------------------------------------------------------


@functools.cache
def corpus() -> tuple[str, ...]:
    """JSON texts of views from random games of every bundled variant."""
    texts = []
    for index, name in enumerate(pc.bundled_variants()):
        views = sampled_views(name, seed=index)
        texts.extend(json.dumps(pc.view_to_json(view)) for view in views[:: max(1, len(views) // 6)])
    return tuple(texts)


WRONG = ("1", 1.5, True, False, None, [], {}, "x" * 300, -1, 0, [0], {"a": 1})
MUTATIONS = ("wrong type", "out of range", "remove", "add", "deep", "huge")


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_damaged_view_is_refused_or_is_a_view(data: st.DataObject) -> None:
    """One value of a real view's JSON changed (another type, out of range, removed, one
    added, nested 100,000 deep, a huge number): refused in one short line, or read as a
    view that hashes, prints, compares and gives back exactly that data. (The huge numbers
    stop short of 3,000,000,000, which the code before this check tried to allocate.)"""
    texts = corpus()
    view_data = json.loads(texts[data.draw(st.integers(0, len(texts) - 1), label="view")])
    places = paths(view_data)
    container, key = places[data.draw(st.integers(0, len(places) - 1), label="place")]
    mutation = data.draw(st.sampled_from(MUTATIONS), label="mutation")
    value = container[key]
    if mutation == "wrong type":
        container[key] = WRONG[data.draw(st.integers(0, len(WRONG) - 1), label="value")]
    elif mutation == "out of range":
        step = data.draw(st.sampled_from([1, -1, 2, 10, -100]), label="step")
        container[key] = value + step if value.__class__ is int else step
    elif mutation == "remove":
        del container[key]
    elif mutation == "add":
        if isinstance(container, dict):
            container["extra"] = value
        else:
            container.append(value)
    elif mutation == "deep":
        container[key] = deep()
    else:
        container[key] = data.draw(st.sampled_from([2**62, -(2**62), 10**400]), label="number")
    try:
        view = pc.view_from_json(view_data)
    except pc.ViewDataError as error:
        message = str(error)
        assert message.isprintable() and len(message) < 300, message
        return
    assert hash(view) == hash(view) and repr(view) and view == view
    assert pc.view_from_json(pc.view_to_json(view)) == view
    assert pc.view_to_json(view) == view_data
