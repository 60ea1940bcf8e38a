"""The table layer (``pitchcore.serving``) without a server: what each seat is sent, who may
act, the bots, the clock, and storage that survives a restart.

What a seat is sent must be what its view holds, split in a public and a private part (the
same JSON ``view_to_json`` gives, field for field), match the published message schema,
and never name a card the seat has not seen; an update must not grow with the hands played.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import pitchcore as pc
from conftest import choose_move, known_cards
from pitchcore.interop import history
from pitchcore.serving import PRIVATE, PUBLIC, SENT_ONCE, SeatError, SQLiteStorage, Table, event_json, message_schema
from pitchcore.serving.messages import Parts, private_json, public_json
from pitchcore.serving.storage import GroupCommit

CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|HJ|LJ)\b")
ROOT = Path(__file__).resolve().parents[1]
VALIDATOR = jsonschema.Draft202012Validator(message_schema())


def human_table(variant: str | pc.Variant, seed: int, **options: Any) -> tuple[Table, dict[int, str]]:
    """A table of people only, every seat joined: (table, seat -> credential)."""
    state = pc.new_game(variant, seed=seed)
    table = Table(state, ["human"] * state.players, **options)
    return table, {seat: table.join(seat, f"player {seat}") for seat in range(state.players)}


def play_move(table: Table, credentials: dict[int, str], rng: random.Random) -> Any:
    seat = table.state.to_move
    assert seat is not None
    return table.move(credentials[seat], str(choose_move(table.state, rng)))


def public_cards(state: pc.GameState) -> set[str]:
    """The cards every seat may have seen: what a spectator may be shown."""
    return set.intersection(*(known_cards(state, seat) for seat in range(state.players)))


def checked(text: str, allowed: set[str], validate: bool = True) -> dict[str, Any]:
    """A message's JSON, valid by the schema (unless ``validate`` is False), naming no card
    outside ``allowed``."""
    message: dict[str, Any] = json.loads(text)
    if validate:
        VALIDATOR.validate(message)
    shown = set(CARD.findall(text))
    assert shown <= allowed, f"cards not seen: {sorted(shown - allowed)} in {text[:300]}"
    return message


# -- what is sent ----------------------------------------------------------------------------


def test_the_parts_are_the_fields_of_a_view() -> None:
    view = pc.new_game("auction-pitch", seed=1).view(0)
    assert sorted((*PUBLIC, *PRIVATE, *SENT_ONCE)) == sorted(pc.view_to_json(view))
    assert not set(PUBLIC) & set(PRIVATE)


@pytest.mark.parametrize("variant", pc.bundled_variants())
def test_public_and_private_parts_are_what_view_to_json_gives(variant: str) -> None:
    state = pc.new_game(variant, seed=7)
    rng = random.Random(7)
    parts = Parts()  # (as a table keeps them: only what changed is encoded again)
    for _ in range(120):
        if state.is_over:
            break
        views = [state.view(seat) for seat in range(state.players)]
        publics = [public_json(view) for view in views]
        assert json.loads(parts.public(state)) == publics[0]
        for seat, (view, public) in enumerate(zip(views, publics, strict=True)):
            data = pc.view_to_json(view)
            assert public == {name: data[name] for name in PUBLIC}
            assert private_json(view) == {name: data[name] for name in PRIVATE}
            assert json.loads(parts.private(state, seat)) == private_json(view)
            assert public == publics[0], "the public part differs between seats"
        state = state.apply(choose_move(state, rng))


@pytest.mark.parametrize("variant", pc.bundled_variants())
def test_every_message_fits_the_schema_and_shows_only_seen_cards(variant: str) -> None:
    table, credentials = human_table(variant, seed=3)
    rng = random.Random(3)
    players = table.state.players
    for seat in [*range(players), None]:
        allowed = public_cards(table.state) if seat is None else known_cards(table.state, seat)
        checked(table.snapshot(seat), allowed)
    hands = 0
    while not table.over and hands < 1:  # (the hand's last update carries its result and the next deal)
        update = play_move(table, credentials, rng)
        state = table.state
        for seat in range(players):  # (one seat's message a move is checked by the schema: they differ little)
            message = checked(update.to(seat), known_cards(state, seat), validate=seat == update.move_number % players)
            assert message["private"]["seat"] == seat
            assert message["move_number"] == len(state.moves)
        spectator = checked(update.to(None), public_cards(state))
        assert spectator["private"] is None
        hands = len(state.hand_results)
    snapshot = checked(table.snapshot(1), known_cards(table.state, 1))
    assert len(snapshot["hand_results"]) == len(table.state.hand_results)


def test_a_spectator_never_sees_a_discard() -> None:
    table, credentials = human_table("haus-pitch", seed=11)
    rng = random.Random(11)
    seen_discards = 0
    while not table.over and len(table.state.hand_results) < 2:
        update = play_move(table, credentials, rng)
        events = json.loads(update.to(None))["events"]
        for event in events:
            if event["type"] in ("MoveMade", "CardsDiscarded") and "discard" in event["text"]:
                assert event["type"] == "CardsDiscarded"
                seen_discards += 1
    assert seen_discards > 0


def test_an_update_does_not_grow_with_the_hands_played() -> None:
    long = pc.load_variant_text("extends: auction-pitch\nname: long\ngoing_out:\n  target: 500\n")
    table, credentials = human_table(long, seed=5)
    rng = random.Random(5)
    largest: dict[int, int] = {}
    while len(table.state.hand_results) < 30:
        hand = len(table.state.hand_results)
        update = play_move(table, credentials, rng)
        size = max(len(update.to(seat)) for seat in range(4))
        largest[hand] = max(largest.get(hand, 0), size)
    assert max(largest[hand] for hand in range(25, 30)) < 1.5 * max(largest[hand] for hand in range(5))
    snapshot = json.loads(table.snapshot(0))
    assert len(snapshot["hand_results"]) == 30  # (all of them, once, on connecting)


# -- who may act ------------------------------------------------------------------------------


def test_a_credential_holds_its_seat_and_nothing_else() -> None:
    table, credentials = human_table("auction-pitch", seed=2)
    seat = table.state.to_move
    assert seat is not None
    other = (seat + 1) % 4
    before = table.state
    move = str(table.state.legal_moves()[0])
    with pytest.raises(SeatError, match="no seat"):
        table.move("forged-credential", move)
    with pytest.raises(SeatError):
        table.move(None, move)
    with pytest.raises(pc.IllegalMove) as refused:
        table.move(credentials[other], move)  # a real credential, but not the seat to move
    assert refused.value.reason == "not-your-turn"
    with pytest.raises(SeatError) as taken:
        table.join(seat, "intruder")
    assert taken.value.reason == "seat-taken"
    assert table.state is before
    with pytest.raises(SeatError):
        table.history("forged-credential")
    assert table.seat_of(credentials[other]) == other


def test_a_credential_that_acted_is_void_once_its_seat_is_left_and_joined_again() -> None:
    table = Table(pc.new_game("auction-pitch", seed=4), ["human"] * 4)
    ann = table.join(0, "Ann")
    assert table.seat_of(ann) == 0  # (found once: the table remembers where)
    table.leave(ann)
    bea = table.join(0, "Bea")
    with pytest.raises(SeatError) as void:
        table.seat_of(ann)
    assert void.value.reason == "bad-credential"
    assert table.seat_of(bea) == 0
    table.seats[0].credential_hash = None  # (changed from outside the table: still judged by the seat)
    with pytest.raises(SeatError):
        table.seat_of(bea)


def test_the_game_waits_for_every_person_and_a_left_seat_goes_to_a_bot() -> None:
    state = pc.new_game("auction-pitch", seed=4)
    table = Table(state, ["human", "heuristic", "human", "human"])
    ann = table.join(0, "Ann")
    assert table.bot_turn() is None and not table.started
    with pytest.raises(SeatError) as waiting:
        table.move(ann, "pass")
    assert waiting.value.reason == "not-started"
    bob = table.join(2, "Bob")
    table.leave(bob)  # before the game starts: the seat is free again
    assert table.seats[2].kind == "human" and not table.seats[2].taken
    table.join(2, "Cy")
    assert not table.started
    table.join(3, "Di")
    assert table.started
    table.leave(ann)  # after the start: a bot plays the seat, and the credential is void
    assert table.seats[0].kind == "heuristic"
    with pytest.raises(SeatError):
        table.seat_of(ann)
    while table.state.to_move not in (2, 3):  # the bots (seat 0's too) move until a person must
        assert table.bot_move() is not None


def test_bots_play_a_table_of_bots_to_its_end() -> None:
    table = Table(pc.new_game("hi-lo-jack", seed=9), ["heuristic", "random", "heuristic", "random"])
    moves = 0
    while (update := table.bot_move()) is not None:
        moves += 1
        assert json.loads(update.to(None))["move_number"] == moves
    assert table.over and table.state.is_over


# -- the clock ----------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_turn_that_runs_out_is_played_by_the_default_bot() -> None:
    clock = Clock()
    table, _ = human_table("auction-pitch", seed=6, turn_seconds=30, clock=clock)
    seat = table.state.to_move
    assert table.deadline() == {"seat": seat, "seconds": 30.0}
    clock.now += 29
    assert table.expire() is None
    clock.now += 2
    update = table.expire()
    assert update is not None
    event = json.loads(update.to(seat))["events"][0]
    assert event["type"] == "MoveMade" and event["fields"]["seat"] == seat
    assert table.deadline() == {"seat": table.state.to_move, "seconds": 30.0}


def test_a_turn_that_runs_out_forfeits_where_the_table_says_so() -> None:
    clock = Clock()
    table, credentials = human_table("partnership-pitch", seed=6, turn_seconds=10, on_deadline="forfeit",
                                     clock=clock)
    seat = table.state.to_move
    assert seat is not None
    clock.now += 11
    update = table.expire()
    assert update is not None and table.over
    side = table.state.table.side_of[seat]
    assert table.winners == [1 - side]
    message = json.loads(update.to(None))
    VALIDATOR.validate(message)
    assert message["events"][0]["type"] == "Forfeited"
    with pytest.raises(SeatError):
        table.move(credentials[(seat + 1) % 4], "pass")


# -- storage --------------------------------------------------------------------------------------


def test_a_table_read_back_from_sqlite_goes_on_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    storage = SQLiteStorage(path)
    table, credentials = human_table("haus-pitch", seed=8, storage=storage)
    rng = random.Random(8)
    for _ in range(40):
        play_move(table, credentials, rng)
    storage.close()
    reopened = SQLiteStorage(path)
    [(spec, moves)] = list(reopened.live_tables())
    assert "credential" not in json.dumps(spec).replace("credential_hash", "")
    assert not any(credential in json.dumps(spec) for credential in credentials.values())
    restored = Table.restore(spec, moves, storage=reopened)
    assert restored.state == table.state and restored.state.moves == table.state.moves
    assert restored.id == table.id and restored.move_number == table.move_number == 40
    for seat, credential in credentials.items():
        assert restored.seat_of(credential) == seat
    while not restored.over:
        play_move(restored, credentials, rng)
    assert reopened.counts() == {"live_tables": 0, "moves": 0, "games": 1}
    record = reopened.game_record(table.id)
    assert record is not None and pc.loads(record) == restored.state


def test_group_commit_writes_a_pass_of_moves_together_and_in_order(tmp_path: Path) -> None:
    """The server's storage: moves wait for the scheduled flush; any other write flushes
    them first; with nothing to schedule on, each move is written at once."""
    inner = SQLiteStorage(tmp_path / "tables.sqlite")
    scheduled: list[Any] = []
    storage = GroupCommit(inner, scheduled.append)
    table, credentials = human_table("auction-pitch", seed=3, storage=storage)
    rng = random.Random(3)
    for _ in range(5):
        play_move(table, credentials, rng)
    assert inner.counts()["moves"] == 0 and scheduled == [storage.flush]  # (one flush asked for)
    scheduled.pop()()
    assert inner.counts()["moves"] == 5
    play_move(table, credentials, rng)
    table.leave(credentials[0])  # (a seat change: the spec is saved after the move before it)
    [(spec, moves)] = list(inner.live_tables())
    assert len(moves) == 6 and spec["seats"][0]["credential_hash"] is None
    restored = Table.restore(spec, moves)
    assert restored.state == table.state

    def no_loop(callback: Any) -> None:
        raise RuntimeError("no running event loop")

    alone = GroupCommit(SQLiteStorage(":memory:"), no_loop)
    alone.add_move("t", 1, 0, "pass")
    assert alone.storage.counts()["moves"] == 1  # type: ignore[attr-defined]


def test_a_finished_game_is_stored_whole_in_the_background_after_its_moves(tmp_path: Path) -> None:
    inner = SQLiteStorage(tmp_path / "tables.sqlite")
    later: list[Any] = []
    storage = GroupCommit(inner, later.append, later.append)
    table = Table(pc.new_game("hi-lo-jack", seed=5), ["random"] * 4, storage=storage)
    while table.bot_move() is not None:
        pass
    assert table.over and len(later) == 2  # (the last pass's moves, then the finished game)
    later[0]()  # (every move was stored before the game went to the background: still a live table)
    [(spec, moves)] = list(inner.live_tables())
    assert len(moves) == table.move_number and Table.restore(spec, moves).over
    assert inner.game_record(table.id) is None
    later[1]()  # (the thread stores the game whole and drops the live table)
    assert inner.counts() == {"live_tables": 0, "moves": 0, "games": 1}
    record = inner.game_record(table.id)
    assert record is not None and pc.loads(record) == table.state
    # the hand history is written from the record when the operator asks, as the table would write it
    assert storage.game_history(table.id) == history.write(table.state, names=["random"] * 4)
    assert storage.game_history("no-such-game") is None and "history" not in table.finished_game()


def test_finished_games_are_kept_up_to_a_bound(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "games.sqlite", keep_games=2)
    for seed in range(3):
        table = Table(pc.new_game("hi-lo-jack", seed=seed), ["random"] * 4, storage=storage)
        while table.bot_move() is not None:
            pass
    assert storage.counts() == {"live_tables": 0, "moves": 0, "games": 2}
    assert len(storage.finished_games()) == 2


def test_a_seat_gets_its_own_history_and_the_operator_the_record() -> None:
    table, credentials = human_table("auction-pitch", seed=12)
    rng = random.Random(12)
    while len(table.state.hand_results) < 1:
        play_move(table, credentials, rng)
    text = table.history(credentials[1])
    assert set(CARD.findall(text)) <= {card for state_card in known_history_cards(table.state, 1)
                                       for card in [state_card]}
    assert pc.loads(table.record()) == table.state


def known_history_cards(state: pc.GameState, seat: int) -> set[str]:
    """What seat may have seen over the game: its dealt hands and every card played."""
    seen = set(known_cards(state, seat))
    replay = pc.new_game(state.variant, players=state.players, seed=state.seed)
    for move in state.moves:
        seen |= known_cards(replay, seat)
        replay = replay.apply(move)
    return seen


def test_the_published_schema_file_is_the_schema() -> None:
    published = json.loads((ROOT / "docs" / "messages.schema.json").read_text(encoding="utf-8"))
    assert published == message_schema(), "docs/messages.schema.json is stale: write message_schema() to it"
    jsonschema.Draft202012Validator.check_schema(published)


def test_events_travel_as_the_cattrs_converter_writes_them() -> None:
    """``event_json`` writes plain fields itself (it runs on every move): the same JSON the
    view's converter gives every field of every event of a few games."""
    from pitchcore.serving.messages import _event_converter

    kinds = set()
    for variant in ("auction-pitch", "haus-pitch", "jacks-trump", "smear"):
        state = pc.new_game(variant, seed=1)
        rng = random.Random(1)
        while not state.is_over and len(state.hand_results) < 3:
            after, events = pc.apply_with_events(state, choose_move(state, rng), seat=pc.TRUSTED)
            for event in (*events, *(event.seen_by(-1) for event in events)):
                kinds.add(type(event).__name__)
                data = event_json(event)
                converter = _event_converter()
                assert data["fields"] == {name: converter.unstructure(getattr(event, name))
                                          for name in data["fields"]}
                assert json.loads(json.dumps(data)) == data
                VALIDATOR.validate({"type": "update", "move_number": 1, "events": [data],
                                    "public": json.loads(Parts().public(after)), "private": None,
                                    "hand_result": None, "deadline": None})
            state = after
    assert {"MoveMade", "CardsDiscarded", "TrickWon", "HandScored", "NewDeal"} <= kinds
