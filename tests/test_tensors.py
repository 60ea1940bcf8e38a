"""Observation and information-state tensors: fixed layouts, the view's content, nothing hidden.

Each tensor is decoded piece by piece and compared with ``state.view(seat)`` (the one
definition of what a seat may know) over random games of every bundled variant; games that
differ only in cards a seat has not seen give it equal tensors; its own cards change them.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, GAMES, HOUSE_RULES, TRUMP_HOUSE, known_cards, play_random
from pitchcore.interop import tensors
from pitchcore.interop.actions import action_space
from pitchcore.interop.tensors import PHASES, TensorLayout, information_state_tensor, observation_tensor, tensor_layout
from pitchcore.model.cards import card_text, cards_in, parse_card, parse_cards
from pitchcore.model.moves import Move
from pitchcore.model.state import GameState, Phase

ROOT = Path(__file__).resolve().parents[1]
HOUSE = {
    "call-partner": (ROOT / "examples" / "call-partner.yaml").read_text(encoding="utf-8"),
    "coke-demand": "extends: auction-pitch\nname: coke-demand\ndeal: {worthless_hand: demand, hand_size: 3}\n",
    **TRUMP_HOUSE,
}
PLAYERS = {"call-partner": 5}
HOUSE.update(HOUSE_RULES)
NAMES = (*BUNDLED, *HOUSE)


def variant_of(name: str) -> pc.Variant:
    return pc.load_variant_text(HOUSE[name], f"{name}.yaml") if name in HOUSE else pc.load_variant(name)


def new(name: str, seed: int, **kwargs: object) -> GameState:
    return pc.new_game(variant_of(name), players=PLAYERS.get(name), seed=seed, **kwargs)  # type: ignore[arg-type]


# -- layouts ------------------------------------------------------------------------------------


def test_auction_pitch_sizes_follow_the_pieces() -> None:
    # 4 seats, 52 cards, bids 1-4, one side per seat, 6 tricks at most.
    P, D, B, S, T = 4, 52, 4, 4, 6
    observation = (7 + P + P + P + D + D + P * D + P + P * D + P * D + 5 + 2 + P * (1 + B) + P + B + D + P
                   + D + D + 1 + S + P + P + 1 + S + 1)
    recall = D + (P + 1) * (P + 1 + B) + T * (P + P * D) + T * 2
    layout = tensor_layout("auction-pitch")
    assert (layout.observation_size, layout.information_state_size) == (observation, observation + recall)
    assert (observation, observation + recall) == (965, 2346)
    assert layout.hand_scale == 6 and layout.score_scale == 11 and layout.most_tricks == T
    partners = tensor_layout("partnership-pitch")
    assert partners.sides == 2 and partners.observation_size == observation - 2 * (S - 2)


@pytest.mark.parametrize("name", NAMES)
def test_pieces_tile_the_tensors_in_order(name: str) -> None:
    layout = tensor_layout(variant_of(name), PLAYERS.get(name))
    pieces = layout.information_state
    assert pieces[:len(layout.observation)] == layout.observation
    assert len({piece.name for piece in pieces}) == len(pieces)
    place = 0
    for piece in pieces:
        assert piece.slice.start == place and piece.doc
        place = piece.slice.stop
        assert place - piece.slice.start == int(np.prod(piece.shape))
    assert layout.observation[-1].slice.stop == layout.observation_size and place == layout.information_state_size
    assert set(layout.observation_slices) < set(layout.information_state_slices)
    assert "| `play_history` |" in layout.describe()


def test_one_layout_per_variant_and_table_size() -> None:
    state = pc.new_game("haus-pitch", seed=1)
    layout = tensor_layout(state)
    assert tensor_layout("haus-pitch") is layout is tensor_layout(pc.load_variant("haus-pitch"), 4)
    assert tensor_layout("haus-pitch", 5) is not layout and tensor_layout("haus-pitch", 5).players == 5
    assert pickle.loads(pickle.dumps(layout)) is layout and isinstance(layout, TensorLayout)
    with pytest.raises(AttributeError):
        layout.players = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="3-5 players, not 6"):
        tensor_layout("haus-pitch", 6)
    with pytest.raises(ValueError, match="4 players, not 5"):
        tensor_layout(state, 5)
    with pytest.raises(ValueError, match="neither an observation"):
        layout.unpack(np.zeros(3, np.float32))


# -- the content: what the view shows ---------------------------------------------------------


def one_hot(vector: np.ndarray) -> int | None:
    """The index of the single 1 of ``vector`` (None: all 0); anything else fails."""
    found = np.flatnonzero(vector)
    assert set(vector.tolist()) <= {0.0, 1.0} and len(found) <= 1, vector
    return int(found[0]) if len(found) else None


def cards(vector: np.ndarray) -> set[int]:
    assert set(vector.tolist()) <= {0.0, 1.0}
    return {int(card) for card in np.flatnonzero(vector)}


def check_against_view(state: GameState, seat: int) -> None:
    """Every piece of ``seat``'s tensors decodes to what its view shows."""
    layout = tensor_layout(state)
    P, D = state.players, layout.deck_size
    view = state.view(seat)
    info = information_state_tensor(state, seat)
    observation = observation_tensor(state, seat)
    assert observation.dtype == np.float32 and observation.shape == (layout.observation_size,)
    assert info.dtype == np.float32 and info.shape == (layout.information_state_size,)
    assert np.array_equal(info[:layout.observation_size], observation)
    piece = layout.unpack(info)
    bids = layout_bids(state)

    def rel(other: int) -> int:
        return (other - seat) % P

    def rel_side(side: int) -> int:
        return (side - state.table.side_of[seat]) % layout.sides

    assert one_hot(piece["phase"]) == PHASES.index(view.phase)
    assert one_hot(piece["to_move"]) == (None if view.to_move is None else rel(view.to_move))
    assert one_hot(piece["dealer"]) == rel(view.dealer)
    assert sorted(rel(other) for other in range(P) if view.side_of[other] == view.side_of[seat]) == \
        np.flatnonzero(piece["teammates"]).tolist()
    assert cards(piece["hand"]) == {card.index for card in view.hand}
    assert not piece["chosen"].any()
    for r in range(P):
        other = (seat + r) % P
        assert cards(piece["trick"][r]) == {card.index for s, card in view.trick if s == other}
        assert cards(piece["played"][r]) == {card.index for (_, trick, _), seats in zip(view.tricks, view.trick_seats,
                                                                                          strict=True)
                                             for s, card in zip(seats, trick, strict=True) if s == other}
        assert cards(piece["taken"][r]) == {card.index for _, trick, taker in view.tricks if taker == other
                                            for card in trick}
    drawing = callable(getattr(state.variant.play, "draw_rounds", None))
    assert ("shown" in piece) == drawing
    if drawing:  # the cards each seat drew in sight of all and still holds
        for r in range(P):
            other = (seat + r) % P
            assert cards(piece["shown"][r]) == {card.index for card in (view.shown[other] if view.shown else ())}
    leading = view.phase in (Phase.PLAYING, Phase.CALLING) or bool(view.trick)  # (a joker led to name trump)
    assert one_hot(piece["leader"]) == (rel(state.leader) if leading else None)
    if view.trick:
        assert rel(view.trick[0][0]) == one_hot(piece["leader"])
    assert one_hot(piece["trump"]) == (4 if view.trump is None else "CDHS".index(view.trump))
    assert one_hot(piece["call"]) == (None if view.call is None else ("high", "low").index(view.call))
    latest = dict(view.bids)
    for r in range(P):
        value = latest.get((seat + r) % P, "none")
        column = one_hot(piece["auction"][r])
        assert column == (None if value == "none" else 0 if value is None
                          else 1 + bids.index(value) if value in bids else None)
    assert one_hot(piece["bidder"]) == (None if view.bidder is None else rel(view.bidder))
    assert one_hot(piece["bid"]) == (bids.index(view.bid) if view.bid in bids and view.bidder is not None else None)
    assert one_hot(piece["called"]) == (None if view.called is None else view.called.index)
    assert one_hot(piece["partner"]) == (None if view.partner is None else rel(view.partner))
    assert cards(piece["own_discards"]) == {card.index for card in view.discards}
    assert cards(piece["gift"]) == {card.index for card in view.gift}
    deals = state.variant.deal.hand_sizes(P)
    assert one_hot(piece["deal"]) == (deals.index(view.hand_size) if view.hand_size in deals else None)
    assert {int(i) for i in np.flatnonzero(piece["winner"])} == {rel_side(side) for side in view.winners}
    if view.winner is not None:
        assert one_hot(piece["winner"]) == rel_side(view.winner)
    scale = layout.hand_scale
    assert np.allclose(piece["hand_sizes"] * scale, [view.hand_sizes[(seat + r) % P] for r in range(P)])
    assert np.allclose(piece["discard_counts"] * scale, [view.discard_counts[(seat + r) % P] for r in range(P)])
    assert np.isclose(piece["stock"][0] * D, view.stock_size)
    own = view.side_of[seat]
    assert np.allclose(piece["scores"] * layout.score_scale,
                       [view.scores[(own + r) % layout.sides] for r in range(layout.sides)])
    # The recall: the dealt hand, the auction in order, the plays in order.
    dealt = state.info.dealt[seat]  # (known to the seat: what it was dealt)
    assert cards(piece["dealt"]) == set(cards_in(dealt))
    rows = piece["auction_history"]
    for number, row in enumerate(rows):
        if number >= len(view.bids):
            assert not row.any()
            continue
        bidder, value = view.bids[number]
        assert one_hot(row[:P]) == rel(bidder)
        assert one_hot(row[P:]) == (0 if value is None else 1 + bids.index(value) if value in bids else None)
    plays = [(leader, [card.index for card in trick]) for leader, trick, _ in view.tricks]
    if view.trick or view.phase is Phase.CALLING:
        plays.append((state.leader, [card.index for _, card in view.trick]))
    for number, row in enumerate(piece["play_history"]):
        if number >= len(plays):
            assert not row.any()
            continue
        leader, played = plays[number]
        assert one_hot(row[:P]) == rel(leader)
        positions = row[P:].reshape(P, D)
        assert [one_hot(position) for position in positions] == played + [None] * (P - len(played))


def layout_bids(state: GameState) -> list[int | str]:
    values = getattr(state.variant.auction, "all_values", None)
    return list(values()) if values is not None else []


@pytest.mark.parametrize("name", NAMES)
@settings(GAMES, max_examples=2)  # (runs once, on the kernel: a layer above the rules, as conftest.RUN_ONCE says)
@given(seed=st.integers(0, 2**32 - 1))
def test_tensors_hold_what_the_view_shows(name: str, seed: int) -> None:
    state = new(name, seed)
    rng = random.Random(seed)
    for before, _, after in play_random(state, seed, max_moves=200):
        check_against_view(before, rng.randrange(before.players))
        last = after
    check_against_view(last, 0)


def test_a_known_position_piece_by_piece() -> None:
    state = pc.new_game("auction-pitch", seed=7, hands=[
        "AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"])
    for text in ["pass", "pass", "bid 2", "bid 2", "play AH"]:  # the dealer (seat 0) takes the 2, leads AH
        state = state.apply(text)
    layout = tensor_layout(state)
    piece = layout.unpack(observation_tensor(state, 1))
    assert piece["phase"].tolist() == [0, 0, 0, 0, 0, 1, 0]
    assert piece["to_move"].tolist() == [1, 0, 0, 0]          # seat 1 itself
    assert piece["dealer"].tolist() == [0, 0, 0, 1]           # seat 0: three to seat 1's left
    assert cards(piece["hand"]) == set(parse_cards("QH 3H 4C 5C 6C 7C"))
    assert cards(piece["trick"][3]) == {parse_card("AH")} and not piece["trick"][:3].any()
    assert piece["leader"].tolist() == [0, 0, 0, 1]
    assert piece["trump"].tolist() == [0, 0, 1, 0, 0]         # hearts
    assert piece["auction"].tolist() == [[1, 0, 0, 0, 0],     # seat 1 passed
                                         [1, 0, 0, 0, 0],     # seat 2 passed
                                         [0, 0, 1, 0, 0],     # seat 3 bid 2
                                         [0, 0, 1, 0, 0]]     # seat 0 bid 2 (and holds it)
    assert piece["bidder"].tolist() == [0, 0, 0, 1] and piece["bid"].tolist() == [0, 1, 0, 0]
    assert np.allclose(piece["hand_sizes"], [1, 1, 1, 5 / 6]) and np.isclose(piece["stock"][0], 28 / 52)
    assert not piece["scores"].any() and piece["rounds_left"][0] == 0


def test_scores_are_relative_to_the_observer_side() -> None:
    state = pc.new_game("partnership-pitch", seed=3, scores=[5, -7])
    layout = tensor_layout(state)
    for seat, expected in [(0, [5, -7]), (1, [-7, 5]), (2, [5, -7]), (3, [-7, 5])]:
        piece = layout.unpack(observation_tensor(state, seat))
        assert np.allclose(piece["scores"] * layout.score_scale, expected)
        assert piece["teammates"].tolist() == [1, 0, 1, 0]


def test_jacks_trump_counts_its_rounds_and_recalls_each_trick_call() -> None:
    state = pc.new_game("jacks-trump", seed=4)
    layout = tensor_layout(state)
    assert np.isclose(layout.unpack(observation_tensor(state, 0))["rounds_left"][0], 1.0)
    state = state.apply("deal 7")  # seven tricks: the hand goes on past the third
    rng = random.Random(4)
    calls: list[str] = []
    while len(state.done_tricks) < 3 or state.phase is Phase.CALLING:  # the fourth trick called
        move = rng.choice(state.legal_moves())
        if move.kind == "call":
            calls.append(str(move.arg))
        state = state.apply(move)
    assert len(calls) == 4 and not state.hand_results
    rows = layout.unpack(information_state_tensor(state, 2))["call_history"]
    expected = [[call == "high", call == "low"] for call in calls]
    assert rows[:len(calls)].tolist() == expected and not rows[len(calls):].any()


# -- nothing hidden: cards a seat has not seen never change its tensors ------------------------


def swapped(move: Move, one: int, other: int) -> Move:
    """``move`` with cards ``one`` and ``other`` exchanged."""
    def swap(card: int) -> int:
        return other if card == one else one if card == other else card

    if move.kind in ("play", "partner"):
        return Move(move.kind, swap(move.arg))  # type: ignore[arg-type]
    if move.kind == "discard":
        return Move("discard", sum(1 << swap(card) for card in cards_in(move.arg)))  # type: ignore[arg-type]
    return move


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_cards_a_seat_has_not_seen_never_change_its_tensors(name: str, seed: int, data: st.DataObject) -> None:
    """Two games whose decks differ by two cards the seat has not seen (moves swapped alike),
    where the seat's views agree, give it equal tensors; the first hand only, where the
    whole deck's order is chosen (``new_game(stock=...)``)."""
    variant = variant_of(name)
    deck = list(variant.deal.deck_cards())
    rng = random.Random(seed)
    rng.shuffle(deck)
    start = new(name, seed, stock=[card_text(card) for card in deck])
    states, moves = [start], []
    for _, move, after in play_random(start, seed, max_moves=150):
        if after.hand_results or after.deal_number:
            break
        states.append(after)
        moves.append(move)
    at = data.draw(st.integers(0, len(moves)), label="moves played")
    state = states[at]
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    unseen = sorted(set(deck) - {parse_card(text) for text in known_cards(state, seat)})
    chosen = 0
    if state.to_move == seat:  # a discard being built counts too: its first card
        space = action_space(state)
        picks = [action - space.discard for action in space.legal_actions(state)
                 if space.discard <= action < space.done]
        chosen = 1 << rng.choice(picks) if picks else 0
    differing = 0
    for _ in range(12):
        if len(unseen) < 2:
            break
        one, other = rng.sample(unseen, 2)
        order = [other if card == one else one if card == other else card for card in deck]
        twin = new(name, seed, stock=[card_text(card) for card in order])
        try:
            for move in moves[:at]:
                twin = twin.apply(swapped(move, one, other))
        except pc.IllegalMove:  # the swap made a hidden move illegal: no twin of this game
            continue
        if twin.view(seat) != state.view(seat):  # the swap showed (a forced bid, a refill): not hidden
            continue
        assert np.array_equal(observation_tensor(twin, seat, chosen), observation_tensor(state, seat, chosen))
        assert np.array_equal(information_state_tensor(twin, seat, chosen),
                              information_state_tensor(state, seat, chosen))
        differing += twin != state  # (two cards of one other hand: the very same position)
    places = {next((other for other, mask in enumerate(state.masks) if mask >> card & 1), None) for card in unseen}
    one_hand = len(places) == 1 and None not in places  # (the stock drawn out: every unseen card in one hand)
    assert differing or len(unseen) < 2 or one_hand, "no game differing in hidden cards only to compare with"


@pytest.mark.parametrize("name", NAMES)
def test_the_seat_own_cards_change_its_tensors(name: str) -> None:
    state = new(name, 11)
    while state.phase is Phase.DEALING:  # the dealer chooses, or seats keep their hands
        state = state.apply(state.legal_moves()[0])
    seat = (state.dealer + 1) % state.players
    other = (seat + 1) % state.players
    mine, theirs = next(cards_in(state.masks[seat])), next(cards_in(state.masks[other]))
    masks = list(state.masks)
    masks[seat] ^= 1 << mine | 1 << theirs
    masks[other] ^= 1 << mine | 1 << theirs
    changed = state.evolve(masks=tuple(masks))
    layout = tensor_layout(state)
    before, after = observation_tensor(state, seat), observation_tensor(changed, seat)
    assert not np.array_equal(before, after)
    differ = {piece.name for piece in layout.observation if not np.array_equal(before[piece.slice], after[piece.slice])}
    assert differ == {"hand"}
    third = (seat + 2) % state.players  # the other two seats' cards: the seat cannot tell
    if third != seat:
        mine, theirs = next(cards_in(state.masks[third])), next(cards_in(state.masks[other]))
        masks = list(state.masks)
        masks[third] ^= 1 << mine | 1 << theirs
        masks[other] ^= 1 << mine | 1 << theirs
        hidden = state.evolve(masks=tuple(masks))
        assert np.array_equal(observation_tensor(hidden, seat), before)
        assert np.array_equal(information_state_tensor(hidden, seat), information_state_tensor(state, seat))


# -- chosen, seats and refusals -----------------------------------------------------------------


def test_chosen_cards_are_part_of_the_observation() -> None:
    state = pc.new_game("haus-pitch", seed=7, hands=[
        "AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"])
    for text in ["pass", "pass", "bid 3", "pass", "trump H"]:
        state = state.apply(text)
    layout = tensor_layout(state)
    chosen = 1 << parse_card("4C") | 1 << parse_card("QH")
    piece = layout.unpack(observation_tensor(state, 1, chosen))
    assert cards(piece["chosen"]) == {parse_card("4C"), parse_card("QH")}
    assert cards(piece["hand"]) == set(parse_cards("QH 3H 4C 5C 6C 7C"))
    assert np.array_equal(observation_tensor(state, 1, np.int64(chosen)), observation_tensor(state, 1, chosen))
    with pytest.raises(ValueError, match="chosen holds AS, not in seat 1's hand"):
        observation_tensor(state, 1, 1 << parse_card("AS"))
    with pytest.raises(ValueError, match="not -1"):
        information_state_tensor(state, 1, -1)
    with pytest.raises(ValueError, match="not str"):
        observation_tensor(state, 1, "4C")  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [4, -1, True, 1.0, "1"])
def test_a_seat_outside_the_table_is_refused(seat: object) -> None:
    state = pc.new_game("auction-pitch", seed=1)
    for encode in (observation_tensor, information_state_tensor):
        with pytest.raises(ValueError, match="seat"):
            encode(state, seat)  # type: ignore[arg-type]
    assert np.array_equal(observation_tensor(state, np.int64(2)), observation_tensor(state, 2))  # type: ignore[arg-type]


def test_each_seat_sees_itself_as_entry_zero() -> None:
    state = pc.new_game("auction-pitch", seed=2)
    layout = tensor_layout(state)
    for seat in range(4):
        piece = layout.unpack(observation_tensor(state, seat))
        assert one_hot(piece["to_move"]) == (state.to_move - seat) % 4  # type: ignore[operator]
        assert one_hot(piece["dealer"]) == (state.dealer - seat) % 4
        assert piece["teammates"].tolist() == [1, 0, 0, 0]


# -- what a layout keeps -------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_tensors_do_not_depend_on_what_the_layout_kept(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout keeps what each hand record and each completed-trick record decides (by the
    records' ids, a hundred or so at most): tensors worked out with those caches warm, in game
    order, equal those worked out with them emptied before every call, and those worked out
    in a shuffled order with caches of three entries that keep being cleared."""
    states = [before for seed in (1, 2) for before, _, _ in play_random(new(name, seed), seed, max_moves=150)]
    layout = tensor_layout(states[0])
    seats = range(states[0].players)
    warm = {(index, seat): (observation_tensor(state, seat), information_state_tensor(state, seat))
            for index, state in enumerate(states) for seat in seats}
    assert len(layout._hand_cache) <= tensors._HANDS_KEPT and len(layout._done_cache) <= tensors._TRICKS_KEPT

    def check(index: int, seat: int) -> None:
        state = states[index]
        observation, information = warm[index, seat]
        assert np.array_equal(observation_tensor(state, seat), observation)
        assert np.array_equal(information_state_tensor(state, seat), information)

    for index, seat in warm:
        layout._hand_cache.clear()
        layout._done_cache.clear()
        check(index, seat)
    monkeypatch.setattr(layout._hand_cache, "limit", 3)
    monkeypatch.setattr(layout._done_cache, "limit", 3)
    order = list(warm)
    random.Random(name).shuffle(order)
    for index, seat in order:
        check(index, seat)
        assert len(layout._hand_cache) <= 3 and len(layout._done_cache) <= 3


# -- the documentation --------------------------------------------------------------------------


def test_the_encoding_page_matches_the_layouts_and_its_example_runs() -> None:
    import re

    text = (ROOT / "docs" / "encoding.md").read_text(encoding="utf-8")
    for name in ("auction-pitch", "california-jack"):  # (the second: the pieces of face-up cards)
        for piece in tensor_layout(name).information_state:
            assert f"| `{piece.name}` |" in text, (name, piece.name)
    for block in action_space("auction-pitch").blocks:
        assert f"\n| {block} |" in text, block
    for name in ("auction-pitch", "haus-pitch"):
        layout, space = tensor_layout(name), action_space(name)
        for size in (layout.observation_size, layout.information_state_size, space.size):
            assert f"**{size}**" in text, (name, size)
    example = re.search(r"```python\n(.*?)```", text, re.S)
    assert example is not None
    scope: dict[str, object] = {}
    exec(compile(example.group(1), "docs/encoding.md", "exec"), scope)
    assert scope["state"].hand_results  # type: ignore[attr-defined]
