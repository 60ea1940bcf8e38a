"""The schema of a seat's view as JSON: every view validates, every field is documented,
wrong documents are refused, and the package's copy is the one in ``docs/``."""

from __future__ import annotations

import functools
import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator

import pitchcore as pc
from pitchcore.bots import RandomBot
from pitchcore.components import registry
from pitchcore.model.cards import MAX_CARDS
from pitchcore.model.moves import KINDS as MOVE_KINDS

ROOT = Path(__file__).resolve().parents[1]
DOCS_SCHEMA = ROOT / "docs" / "view.schema.json"
PACKAGE_SCHEMA = ROOT / "src" / "pitchcore" / "view.schema.json"
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@functools.cache
def validator() -> Draft202012Validator:
    schema = pc.view_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problems(document: Any) -> list[str]:
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
            for error in validator().iter_errors(document)]


def played(variant: pc.Variant | str, players: int | None, seed: int, hands: int = 10**6) -> list[pc.GameState]:
    """Every state of one game played by random bots (cautious bidders, so games end) to its
    end, or until it has finished more than ``hands`` hands (the last state says which)."""
    state, rng, bot = pc.new_game(variant, players=players, seed=seed), random.Random(seed), RandomBot()
    seen = [state]
    while not state.is_over and len(state.hand_results) <= hands:
        assert state.to_move is not None
        view = state.view(state.to_move)
        state = state.apply(bot.choose(view, view.legal_moves, rng))
        seen.append(state)
    return seen


def short_game(variant: pc.Variant, players: int, hands: int = 80) -> list[pc.GameState]:
    """A whole game of at most ``hands`` hands from the first seed that gives one: random
    bidders can take hundreds, and each view holds every finished hand."""
    for seed in range(40):
        states = played(variant, players, seed, hands)
        if states[-1].is_over:
            return states
    raise AssertionError(f"no seed below 40 ends a game of {variant.name} for {players} in {hands} hands")


def sampled(states: list[pc.GameState], spread: int = 8) -> list[pc.GameState]:
    """The first state of each phase and with each kind of legal move, ``spread`` more spread
    over the game, and the last."""
    firsts: dict[object, int] = {}
    for index, state in enumerate(states):
        for key in (state.phase, *(move.kind for move in state.legal_moves())):
            firsts.setdefault(key, index)
    keep = {*firsts.values(), *range(0, len(states), max(1, len(states) // spread)), len(states) - 1}
    return [states[index] for index in sorted(keep)]


def variants() -> list[tuple[str, pc.Variant]]:
    found = [(name, pc.load_variant(name)) for name in pc.bundled_variants()]
    found += [(path.name, pc.load_variant_text(path.read_text(encoding="utf-8"), str(path))) for path in EXAMPLES]
    # A house rule no bundled variant has: a seat may throw in a worthless hand (the redeal move).
    worthless = "extends: auction-pitch\nname: worthless-hands\ndeal: {worthless_hand: demand}\n"
    found.append(("worthless-hands", pc.load_variant_text(worthless, "<worthless-hands>")))
    # And blind bids (the blind move, and views whose blind list names seats).
    blind = "extends: auction-pitch\nname: blind-bids\nauction: {blind: 2}\n"
    found.append(("blind-bids", pc.load_variant_text(blind, "<blind-bids>")))
    return found


VARIANTS = variants()


@functools.cache
def games(name: str) -> tuple[tuple[int, tuple[pc.GameState, ...]], ...]:
    """Sampled states of a whole game of ``name`` at its fewest, default and most seats."""
    variant = dict(VARIANTS)[name]
    deal = variant.deal
    found = []
    for players in sorted({deal.min_players, deal.default_players, deal.max_players}):
        states = short_game(variant, players)
        assert states[-1].is_over and states[-1].hand_results
        found.append((players, tuple(sampled(states))))
    return tuple(found)


@pytest.mark.parametrize("name", [name for name, _ in VARIANTS])
def test_every_seats_view_in_every_phase_of_whole_games_validates(name: str) -> None:
    """Each view in full, except that a finished hand's result, the same in every later view
    of the game, is checked in the first view that holds it (the schema checks each result
    on its own; checking all of them again in every view makes this test minutes long), and
    two seats' views of each state, a different two at the next state."""
    for players, states in games(name):
        checked = 0
        for number, state in enumerate(states):
            for seat in {number % state.players, (number + 2) % state.players}:  # (two seats a state: in turn, all)
                data = json.loads(json.dumps(pc.view_to_json(state.view(seat))))
                results = data["hand_results"]
                data["hand_results"] = results[checked:]
                assert problems(data) == [], (name, players, seat, state.phase)
            checked = len(state.hand_results)


def test_the_games_above_reach_every_phase_and_kind_of_move() -> None:
    phases: set[pc.Phase] = set()
    moves: set[str] = set()
    for name, _ in VARIANTS:
        for _, states in games(name):
            phases.update(state.phase for state in states)
            moves.update(move.kind for state in states for move in state.legal_moves())
    assert phases == set(pc.Phase)
    assert moves == set(MOVE_KINDS)


def test_a_redeal_and_a_discard_of_nothing_are_moves_the_schema_knows() -> None:
    view = pc.view_to_json(pc.new_game("auction-pitch", seed=1).view(0))
    for move in ("redeal", "discard", "discard 4C 7D HJ", "bid moon", "call low", "deal 13", "partner AS"):
        assert problems({**view, "legal_moves": [move]}) == [], move
        assert str(pc.parse_move(move)) == move


@functools.cache
def _finished_view() -> str:
    return json.dumps(pc.view_to_json(played("haus-pitch", None, seed=3)[-1].view(1)))


def finished_view() -> dict[str, Any]:
    """Seat 1's view of a finished haus-pitch game, as JSON data (a fresh copy)."""
    data: dict[str, Any] = json.loads(_finished_view())
    return data


def keys_in(schema: dict[str, Any]) -> set[str]:
    return set(schema["properties"])


def test_the_schema_documents_exactly_the_fields_the_json_has() -> None:
    """A new field of PlayerView (or of a hand result) fails here until the schema describes it."""
    schema, data = pc.view_schema(), finished_view()
    defs = schema["$defs"]
    assert keys_in(schema) == set(data) == {field.name for field in attrs.fields(pc.PlayerView)} - {"rules"}
    assert set(schema["required"]) == set(data)
    result = data["hand_results"][0]
    assert keys_in(defs["hand_result"]) == set(result) == set(defs["hand_result"]["required"])
    assert keys_in(defs["trick"]) == set(result["tricks"][0]) == set(defs["trick"]["required"])
    decision = next(value for value in result["decided_by"].values() if value is not None)
    assert keys_in(defs["decision"]) == set(decision) == set(defs["decision"]["required"])
    every = [schema, *defs.values(), *schema["properties"].values(), *defs["hand_result"]["properties"].values()]
    for part in every:
        assert part.get("description"), part
        if "properties" in part:
            assert part["additionalProperties"] is False


def test_the_schemas_ranges_are_the_librarys_limits() -> None:
    schema = pc.view_schema()
    defs, properties = schema["$defs"], schema["properties"]
    assert defs["seat"]["maximum"] == defs["side"]["maximum"] == registry.MOST_PLAYERS - 1
    assert properties["players"]["maximum"] == registry.MOST_PLAYERS
    assert properties["hand_size"]["maximum"] == registry.MOST_CARDS
    assert defs["bid"]["anyOf"][0]["maximum"] == registry.MOST_BID
    assert defs["cards"]["maxItems"] == MAX_CARDS
    assert set(properties["phase"]["enum"]) == {phase.value for phase in pc.Phase}
    move = re.compile(defs["move"]["pattern"])
    assert move.match(f"deal {registry.MOST_CARDS}") and not move.match(f"deal {registry.MOST_CARDS + 1}")
    card = re.compile(defs["card"]["pattern"])
    assert all(card.match(str(pc.Card(text))) for text in ("2C", "TH", "AS", "HJ", "LJ"))


def wrong(change: str) -> Any:
    """A finished haus-pitch view with one thing wrong."""
    data = finished_view()
    if change == "card text":
        data["hand"] = ["10H"]
    elif change == "lowercase card":
        data["trick"] = [[0, "ah"]]
    elif change == "extra key":
        data["seed"] = 7
    elif change == "missing key":
        del data["hand_sizes"]
    elif change == "seat as text":
        data["seat"] = "1"
    elif change == "seat out of range":
        data["dealer"] = registry.MOST_PLAYERS
    elif change == "unknown phase":
        data["phase"] = "shuffling"
    elif change == "bad move":
        data["legal_moves"] = ["play 1H"]
    elif change == "hand result extra key":
        data["hand_results"][0]["hands"] = [["AS"]]
    elif change == "trick without seats":
        del data["hand_results"][0]["tricks"][0]["seats"]
    elif change == "a card twice":
        data["hand"] = ["AS", "AS"]
    elif change == "bool for a seat":
        data["to_move"] = True
    else:
        raise AssertionError(change)
    return data


@pytest.mark.parametrize("change", [
    "card text", "lowercase card", "extra key", "missing key", "seat as text", "seat out of range", "unknown phase",
    "bad move", "hand result extra key", "trick without seats", "a card twice", "bool for a seat",
])
def test_a_wrong_document_is_refused(change: str) -> None:
    assert problems(finished_view()) == []
    assert problems(wrong(change)), change


def test_view_schema_is_the_docs_file_and_a_fresh_copy() -> None:
    docs = DOCS_SCHEMA.read_text(encoding="utf-8")
    assert docs == PACKAGE_SCHEMA.read_text(encoding="utf-8"), (
        "docs/view.schema.json is a copy of src/pitchcore/view.schema.json: copy it again")
    schema = pc.view_schema()
    assert schema == json.loads(docs)
    schema["properties"].clear()
    assert pc.view_schema() == json.loads(docs)


def test_the_schema_ships_with_the_package() -> None:
    """``view_schema`` reads the file from the installed package: pyproject.toml must ship it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "view.schema.json" in project["tool"]["setuptools"]["package-data"]["pitchcore"]


def test_the_example_in_the_docs_is_what_the_code_gives() -> None:
    text = (ROOT / "docs" / "view-json.md").read_text(encoding="utf-8")
    code = re.search(r"<!-- example -->\s*```python\n(.*?)```", text, re.S)
    shown = re.search(r"<!-- example output -->\s*```json\n(.*?)```", text, re.S)
    assert code and shown, "docs/view-json.md has lost its example"
    namespace: dict[str, Any] = {}
    exec(code.group(1), namespace)
    data = json.loads(json.dumps(namespace["data"]))
    assert json.loads(shown.group(1)) == data, "the example in docs/view-json.md is out of date"
    assert problems(data) == []
    assert data["hand_results"] and data["trick"], "the example shows a hand in play after a finished one"


def test_the_docs_describe_every_field() -> None:
    text = (ROOT / "docs" / "view-json.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `(\w+)` \|", text, re.M))
    schema = pc.view_schema()
    assert rows == keys_in(schema) | keys_in(schema["$defs"]["hand_result"])
