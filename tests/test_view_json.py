"""A seat's view as JSON: it round-trips, and it holds nothing that seat may not know."""

from __future__ import annotations

import json
import random
import re

import attrs
import pytest

import pitchcore as pc
from conftest import known_cards

CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|HJ|LJ)\b")


def states(name: str, seed: int, moves: int = 400) -> list[pc.GameState]:
    state, rng, seen = pc.new_game(name, seed=seed), random.Random(seed), []
    for _ in range(moves):
        if state.is_over:
            break
        seen.append(state)
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return seen


@pytest.mark.parametrize("name", pc.bundled_variants())
def test_a_view_round_trips_through_json_and_shows_only_the_seats_cards(name: str) -> None:
    for state in states(name, seed=len(name))[::7]:
        for seat in range(state.players):
            view = state.view(seat)
            data = pc.view_to_json(view)
            text = json.dumps(data)
            assert pc.view_from_json(json.loads(text)) == view
            assert set(CARD.findall(text)) <= known_cards(state, seat), (name, seat, state.phase)


def test_every_field_but_the_rules_travels() -> None:
    view = pc.new_game("auction-pitch", seed=1).view(0)
    fields = {field.name for field in attrs.fields(pc.PlayerView)}
    assert set(pc.view_to_json(view)) == fields - {"rules"}


@pytest.mark.parametrize("bad", [None, [], {"seat": 0}, "view", {**pc.view_to_json(
    pc.new_game("auction-pitch", seed=1).view(0)), "hand": ["ZZ"]}])
def test_data_that_is_no_view_is_a_view_data_error(bad: object) -> None:
    with pytest.raises(pc.ViewDataError, match="not a pitchcore view"):
        pc.view_from_json(bad)
