"""Game records (dumps/loads), replays, and what one seat's view shows."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, GAMES, choose_move, random_game
from pitchcore.model.cards import CARDS, Card, card_text, cards_in
from pitchcore.model.state import GameState, Phase

SEEDS = st.integers(0, 2**32 - 1)
HOUSE_RULES = """\
extends: haus-pitch
name: my-house
description: haus pitch to 7 with the low to its holder
points:
  - {kind: high, receiver: capturer}
  - {kind: low, receiver: holder}
  - {kind: jack, receiver: capturer}
  - {kind: jick, receiver: capturer}
  - {kind: game, tie: defenders}
going_out: {target: 7}
"""


# -- dumps / loads -----------------------------------------------------------------------


@GAMES
@given(name=st.sampled_from(BUNDLED), seed=SEEDS, data=st.data())
def test_dumps_loads_round_trips_and_plays_on_identically(name: str, seed: int,
                                                          data: st.DataObject) -> None:
    states, moves = random_game(name, seed, max_hands=4)
    index = data.draw(st.integers(0, len(states) - 1), label="index")
    state = states[index]
    text = pc.dumps(state)
    loaded = pc.loads(text)
    assert loaded == state
    assert hash(loaded) == hash(state)
    assert pc.dumps(loaded) == text
    assert loaded.legal_moves() == state.legal_moves()
    assert loaded.view(0) == state.view(0)
    for move, expected in zip(moves[index:], states[index + 1:], strict=True):
        loaded = loaded.apply(move)
        assert loaded == expected


@GAMES
@given(name=st.sampled_from(BUNDLED), seed=SEEDS)
def test_every_state_of_a_game_round_trips(name: str, seed: int) -> None:
    states, _ = random_game(name, seed, max_hands=2)
    for state in states:
        assert pc.loads(pc.dumps(state)) == state


def test_a_finished_game_round_trips_with_its_results() -> None:
    states, _ = random_game("hi-lo-jack", 11)
    final = states[-1]
    assert final.is_over
    loaded = pc.loads(pc.dumps(final))
    assert loaded == final
    assert loaded.hand_results == final.hand_results
    assert loaded.winner == final.winner and loaded.is_over
    assert dict(loaded.hand_results[0].awards) == dict(final.hand_results[0].awards)
    with pytest.raises(pc.IllegalMove, match="over"):
        loaded.apply("pass")


def test_a_record_carries_its_variant_in_full() -> None:
    variant = pc.load_variant_text(HOUSE_RULES, "my-house.yaml")
    states, _moves = random_game(variant, 5, max_hands=3)
    state = states[len(states) // 2]
    record = json.loads(pc.dumps(state))
    assert record["format"] == "pitchcore-state/2"
    assert record["variant"]["name"] == "my-house"
    assert record["variant"]["going_out"]["target"] == 7
    loaded = pc.loads(pc.dumps(state))
    assert loaded == state
    assert loaded.table.variant == variant
    assert loaded.table.variant.points[1].receiver == "holder"


def test_a_record_keeps_text_bids_and_starting_scores() -> None:
    state = pc.new_game("hi-lo-jack", seed=3, scores=(5, -2, 0, 10))
    state = state.apply("pass").apply("bid smudge")
    loaded = pc.loads(pc.dumps(state))
    assert loaded == state
    assert loaded.info.bids == ((1, None), (2, "smudge"))
    assert loaded.scores == (5, -2, 0, 10)


@pytest.mark.parametrize("text", [
    "", "not json", "[]", "null", "3", '"text"', "{}", '{"format": "pitchcore-state/0"}',
    '{"format": "pitchcore-state/1"}',
])
def test_loads_rejects_what_is_not_a_record(text: str) -> None:
    with pytest.raises(pc.RecordError, match="not a pitchcore game record"):
        pc.loads(text)


def test_loads_rejects_a_damaged_record() -> None:
    record = json.loads(pc.dumps(pc.new_game("auction-pitch", seed=1)))
    del record["masks"]
    with pytest.raises(pc.RecordError, match="not a pitchcore game record: missing masks"):
        pc.loads(json.dumps(record))
    record = json.loads(pc.dumps(pc.new_game("auction-pitch", seed=1)))
    record["phase"] = "sleeping"
    with pytest.raises(pc.RecordError, match="not a pitchcore game record: phase"):
        pc.loads(json.dumps(record))


def test_a_record_is_the_servers_own_and_a_view_is_what_a_player_sees() -> None:
    """``dumps`` writes every hidden card (the hands, the stock); a player gets a view."""
    state = pc.new_game("haus-pitch", seed=2)
    record = json.loads(pc.dumps(state))
    assert record["masks"] == list(state.masks) and record["info"]["stock"] == list(state.info.stock)
    assert "hidden card" in (pc.dumps.__doc__ or "") and "view" in (pc.dumps.__doc__ or "")
    view = state.view(0)
    assert view.hand == state.hands[0] and view.stock_size == len(state.info.stock)


@pytest.mark.parametrize("name", BUNDLED)
def test_a_record_edited_to_deal_a_seat_another_card_is_refused(name: str) -> None:
    states, _ = random_game(name, 7, max_hands=1)
    state = next((s for s in states if s.phase is Phase.PLAYING), states[-1])
    record = json.loads(pc.dumps(state))
    hand = next(seat for seat, mask in enumerate(record["masks"]) if mask)
    card = next(cards_in(record["masks"][hand]))
    other = (hand + 1) % len(record["masks"])
    record["masks"][hand] ^= 1 << card  # the card moved to the next seat: every card still once
    record["masks"][other] |= 1 << card
    with pytest.raises(pc.RecordError, match="no legal play reaches this position"):
        pc.loads(json.dumps(record))


# -- replay ------------------------------------------------------------------------------


def test_replay_from_variant_seed_and_move_texts() -> None:
    states, moves = random_game("haus-pitch", 21, players=3, dealer=2)
    texts = [str(move) for move in moves]
    assert all(pc.parse_move(text) == move for text, move in zip(texts, moves, strict=True))
    state = pc.new_game(pc.load_variant("haus-pitch"), players=3, dealer=2, seed=21)
    for text in texts:
        state = state.apply(text)
    assert state == states[-1] and hash(state) == hash(states[-1])


def test_a_different_seed_is_a_different_game() -> None:
    states, _moves = random_game("auction-pitch", 1, max_hands=1)
    other = pc.new_game("auction-pitch", seed=2)
    assert other != states[0]
    assert states[0] == pc.new_game("auction-pitch", seed=1)


def test_equal_states_from_different_paths_are_equal() -> None:
    # the same position reached by two different auctions compares equal once play has begun
    start = pc.new_game("auction-pitch", seed=4, hands=[
        "2C 3C 4C 5C 6C 7C", "AS KS QS JS TS 9S", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H"])
    one = start.apply("bid 2").apply("pass").apply("pass").apply("pass")
    two = start.apply("bid 2").apply("pass").apply("pass").apply("pass")
    assert one == two and hash(one) == hash(two)
    assert one is not two
    assert {one: 1}[two] == 1


# -- views -------------------------------------------------------------------------------


def cards_shown(value: Any) -> set[int]:
    """Every card a view (or any part of it) shows, moves included."""
    if isinstance(value, Card):
        return {value.index}
    if isinstance(value, pc.Move):
        if value.kind == "play":
            return {int(value.arg)}  # type: ignore[arg-type]
        if value.kind == "discard":
            return set(cards_in(int(value.arg)))  # type: ignore[arg-type]
        return set()
    if isinstance(value, pc.PlayerView):
        found: set[int] = set()
        for field in attrs.fields(pc.PlayerView):
            found |= cards_shown(getattr(value, field.name))
        return found
    if isinstance(value, tuple | list):
        return set().union(*(cards_shown(item) for item in value)) if value else set()
    return set()


def allowed_to_see(state: GameState, seat: int) -> int:
    """Mask of the cards ``seat`` may know about: its own, its discards and gift, the cards
    turned up for trump, a face-up stock's top card, and play."""
    info = state.info
    seen = state.masks[seat] | sum(1 << card for card in state.trick_cards) | sum(1 << card for card in info.turned)
    if state.table.face_up_stock and info.stock:
        seen |= 1 << info.stock[0]
    if state.table.face_up_stock:  # every card drawn from a face-up stock was seen drawn
        for mask, dealt in zip(state.masks, info.dealt, strict=True):
            seen |= mask & ~dealt
    for _, cards, _ in state.done_tricks:
        seen |= sum(1 << card for card in cards)
    if info.discards:
        seen |= info.discards[seat]
    if info.bidder == seat:
        seen |= info.gift
    return seen


@GAMES
@given(name=st.sampled_from(BUNDLED), seed=SEEDS)
def test_a_view_shows_no_hidden_card(name: str, seed: int) -> None:
    states, _ = random_game(name, seed, max_hands=2)
    for state in states:
        for seat in range(state.players):
            view = state.view(seat)
            assert view.seat == seat
            assert view.hand == state.hands[seat]
            shown = cards_shown(view)
            hidden = shown - set(cards_in(allowed_to_see(state, seat)))
            assert not hidden, f"seat {seat} sees {[card_text(c) for c in hidden]}"
            others = set().union(*(set(cards_in(m)) for s, m in enumerate(state.masks) if s != seat))
            assert not set(cards_in(sum(1 << c.index for c in view.hand))) & others
            assert view.hand_sizes == tuple(m.bit_count() for m in state.masks)
            assert view.stock_size == len(state.info.stock)
            if state.to_move == seat:
                assert view.legal_moves == state.legal_moves()
            else:
                assert view.legal_moves == ()
            assert (view.phase, view.to_move, view.scores, view.trump) == (
                state.phase, state.to_move, state.scores, state.trump)


@GAMES
@given(name=st.sampled_from(BUNDLED), seed=SEEDS, data=st.data())
def test_a_view_does_not_change_with_other_seats_hidden_cards(name: str, seed: int,
                                                              data: st.DataObject) -> None:
    first = pc.new_game(name, seed=seed)
    if first.phase is Phase.DEALING and first.legal_moves()[-1][0] == "deal":  # the dealer sizes the hands first
        first = first.apply(first.legal_moves()[-1])                             # (jacks-trump)
    players = first.players
    seat = data.draw(st.integers(0, players - 1), label="viewer")
    dealt = [list(cards_in(m)) for m in first.masks]
    pool = [card for other, hand in enumerate(dealt) if other != seat for card in hand]
    shuffled = data.draw(st.permutations(pool), label="others' cards")
    assert sorted(shuffled) != sorted(dealt[seat])
    hands, rest = [], list(shuffled)
    for other, hand in enumerate(dealt):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(rest[:len(hand)])
            del rest[:len(hand)]
    stock = [card_text(card) for card in first.info.stock]

    def text(hand: list[int]) -> str:
        return " ".join(card_text(card) for card in hand)

    one = pc.new_game(name, seed=seed, hands=[text(h) for h in dealt], stock=stock)
    two = pc.new_game(name, seed=seed, hands=[text(h) for h in hands], stock=stock)
    assert one == first
    rng = random.Random(seed)
    while True:
        assert one.view(seat) == two.view(seat)
        if one.phase not in (Phase.DEALING, Phase.BIDDING, Phase.NAMING_TRUMP):  # (dealing: a worthless-hand call)
            break
        move = choose_move(one, rng)
        if move not in two.legal_moves():  # a forced bid (Nine-Five) hangs on the mover's cards
            break
        one, two = one.apply(move), two.apply(move)
    changed = [other for other in range(players) if one.masks[other] != two.masks[other]]
    assert seat not in changed
    for other in changed:
        assert one.view(other) != two.view(other)


def test_view_of_a_bad_seat_is_an_error() -> None:
    state = pc.new_game("auction-pitch", seed=1)
    for seat in (-1, 4):
        with pytest.raises(ValueError, match="seat"):
            state.view(seat)


def test_views_are_immutable() -> None:
    view = pc.new_game("auction-pitch", seed=1).view(0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]


def test_view_during_play_shows_the_table() -> None:
    state = pc.new_game("auction-pitch", players=2, seed=3,
                        hands=["AS KS 2C 3C 4C 5C", "TD 2H 3H 4H 6D JH"])
    state = state.apply("bid 2").apply("pass").apply("play 3H").apply("play 2C").apply("play JH")
    view = state.view(0)
    assert view.hand == tuple(Card.parse(t) for t in ("3C", "4C", "5C", "KS", "AS"))
    assert view.trick == ((1, Card.parse("JH")),)
    assert view.tricks == ((1, (Card.parse("3H"), Card.parse("2C")), 1),)
    assert view.bids == ((1, 2), (0, None)) and view.bidder == 1 and view.trump == "H"
    assert view.legal_moves == tuple(pc.Move("play", c.index) for c in view.hand)
    assert state.view(1).legal_moves == ()
    assert state.view(1).hand == tuple(CARDS[c] for c in cards_in(state.masks[1]))


@pytest.mark.parametrize("place", ["top", "component"])
def test_a_record_with_thousands_of_unknown_variant_keys_is_refused_without_a_suggestion_for_each(
        place: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the problems an error lists get a spelling suggestion (40 of them): the rest are
    counted, so a record stuffed with unknown keys costs time in proportion to its size."""
    import pitchcore.loading.validation

    made: list[str] = []

    def counting(word: str, *args: Any, **kwargs: Any) -> str:
        made.append(word)
        return suggest(word, *args, **kwargs)

    suggest = pitchcore.loading.validation._suggest
    monkeypatch.setattr(pitchcore.loading.validation, "_suggest", counting)
    data = json.loads(pc.dumps(pc.new_game("auction-pitch", seed=1)))
    stuffing = {f"key{number}": None for number in range(3000)}
    (data["variant"] if place == "top" else data["variant"]["points"][0]).update(stuffing)
    with pytest.raises(pc.RecordError, match="unknown") as caught:
        pc.loads(json.dumps(data))
    assert "more problems are not listed" in str(caught.value)
    assert 0 < len(made) <= 40


def test_every_line_of_a_record_error_is_printable() -> None:
    """A record is untrusted text: whatever unprintable text it holds (a terminal escape, a
    line break, a right-to-left mark, a lone surrogate) in whichever value or key, the
    ``RecordError`` quotes it escaped, so each line of the message is one printable line."""
    state = pc.new_game("auction-pitch", seed=1)
    for _ in range(8):
        state = state.apply(state.legal_moves()[0])
    record = json.loads(pc.dumps(state))

    def places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if isinstance(data, dict):
            return [found for key, value in data.items() for found in places(value, (*path, key))]
        if isinstance(data, list):
            return [found for index, value in enumerate(data) for found in places(value, (*path, index))]
        return [path]

    rng = random.Random(5)
    hostile = ["a\x1bb\nc", "\u202e4", "\ud800", {"\x1b[2J": 1}, ["\n"], "x\u2028y"]
    for _ in range(400):
        data = json.loads(json.dumps(record))
        path = rng.choice(places(record))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = rng.choice(hostile)
        if isinstance(parent, dict) and rng.random() < 0.3:
            parent["\x1b\n"] = 1
        try:
            pc.loads(json.dumps(data))
        except pc.RecordError as error:
            assert all(line.isprintable() for line in str(error).split("\n")), (path, str(error)[:300])
