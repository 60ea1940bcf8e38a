"""The fixed action space: its layout, and legal actions that take the legal moves apart exactly.

Over random games of every bundled variant (and house rules that reach the partner call and
the redeal demand): the legal actions at ``chosen == 0`` are the non-discard legal moves
plus the first steps of the legal discards; building a discard card by card reaches every
legal discard and nothing else; every move's actions make it again; an illegal action
raises and changes nothing.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, GAMES, HOUSE_RULES, TRUMP_HOUSE, play_random
from pitchcore.interop import actions
from pitchcore.interop.actions import (
    ActionSpace,
    action_space,
    action_to_move,
    legal_action_mask,
    legal_actions,
    move_to_action,
    move_to_actions,
)
from pitchcore.model.cards import card_text, cards_in, parse_card
from pitchcore.model.moves import Move, parse_move
from pitchcore.model.state import GameState, Phase

ROOT = Path(__file__).resolve().parents[1]

HOUSE = {
    "coke-demand": "extends: auction-pitch\nname: coke-demand\ndeal: {worthless_hand: demand, hand_size: 3}\n",
    "call-partner": (ROOT / "examples" / "call-partner.yaml").read_text(encoding="utf-8"),
    **TRUMP_HOUSE,
}
"""House rules with moves the bundled variants never offer: ``redeal`` and ``partner CARD``."""
PLAYERS = {"call-partner": 5}
HOUSE.update(HOUSE_RULES)
NAMES = (*BUNDLED, *HOUSE)


def variant_of(name: str) -> pc.Variant:
    return pc.load_variant_text(HOUSE[name], f"{name}.yaml") if name in HOUSE else pc.load_variant(name)


def new(name: str, seed: int) -> GameState:
    return pc.new_game(variant_of(name), players=PLAYERS.get(name), seed=seed)


# -- the layout ---------------------------------------------------------------------------

# Sizes by hand from the layout rule: play, discard and partner a deck each, done, pass,
# redeal, 4 trumps, 2 calls, then the auction's bids and the deal's sizes.
SIZES = [
    # auction-pitch: 52 cards; bids 1-4 (no top bid); one deal size (6)
    ("auction-pitch", 4, 3 * 52 + 1 + 1 + 1 + 4 + 2 + 4 + 1),   # 170
    ("auction-pitch", 2, 170),
    # haus-pitch: bids 2-5 and moon; one deal size
    ("haus-pitch", 4, 3 * 52 + 9 + 5 + 1),                      # 171
    # jacks-trump: no auction; the dealer deals 3, 5 or 7 (4 x 7 = 28 <= 45 cards)
    ("jacks-trump", 4, 3 * 52 + 9 + 0 + 3),                     # 168
    # joker-pitch: 53 cards, bids 2-5
    ("joker-pitch", 4, 3 * 53 + 9 + 4 + 1),                     # 173
    # ten-point-pitch: 54 cards, bids 4-10
    ("ten-point-pitch", 4, 3 * 54 + 9 + 7 + 1),                 # 179
]


@pytest.mark.parametrize(("name", "players", "size"), SIZES)
def test_the_space_size_follows_the_layout_rule(name: str, players: int, size: int) -> None:
    space = action_space(name, players)
    assert space.size == size == len(space.names)


def test_blocks_come_in_the_documented_order_at_named_offsets() -> None:
    space = action_space("haus-pitch")
    assert (space.play, space.discard, space.done, space.partner, space.pass_, space.redeal, space.trump,
            space.call, space.bid, space.deal) == (0, 52, 104, 105, 157, 158, 159, 163, 165, 170)
    assert list(space.blocks) == ["play", "discard", "done", "partner", "pass", "redeal", "trump", "call",
                                  "bid", "deal", "word", "blind"]
    assert space.word == space.blind == space.size and space.words == space.blinds == ()  # empty blocks at the end
    assert space.blocks["bid"] == range(165, 170) and space.bids == (2, 3, 4, 5, "moon")
    assert space.deals == (6,) and space.deck_size == 52
    assert [space.names[a] for a in (0, 51, 52, 104, 105, 157, 158, 159, 162, 163, 164, 165, 169, 170)] == [
        "play 2C", "play AS", "discard 2C", "discard done", "partner 2C", "pass", "redeal", "trump C",
        "trump S", "call high", "call low", "bid 2", "bid moon", "deal 6"]
    joker = action_space("ten-point-pitch")
    assert joker.names[52] == "play HJ" and joker.names[53] == "play LJ" and joker.discard == 54


@pytest.mark.parametrize("name", NAMES)
def test_names_are_unique_and_parse_back_to_their_actions(name: str) -> None:
    space = action_space(variant_of(name), PLAYERS.get(name))
    assert len(set(space.names)) == space.size
    for action, text in enumerate(space.names):
        if space.discard <= action <= space.done:
            continue
        move = parse_move(text)
        assert str(move) == text
        assert space.move_to_action(move) == action
        assert space.move_to_actions(text) == (action,)


def test_one_space_per_variant_and_table_size() -> None:
    state = pc.new_game("auction-pitch", seed=1)
    space = action_space(state)
    assert action_space("auction-pitch") is space is action_space(pc.load_variant("auction-pitch"), 4)
    assert action_space(state, 4) is space
    assert action_space("auction-pitch", 3) is not space
    assert pickle.loads(pickle.dumps(space)) is space
    assert isinstance(space, ActionSpace) and "auction-pitch" in repr(space)
    with pytest.raises(AttributeError):
        space.size = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="4 players, not 3"):
        action_space(state, 3)
    with pytest.raises(ValueError, match="2-8 players, not 9"):
        action_space("auction-pitch", 9)
    with pytest.raises(ValueError, match="not True"):
        action_space("auction-pitch", True)  # type: ignore[arg-type]


def test_a_state_of_another_game_is_refused() -> None:
    space = action_space("auction-pitch", 4)
    with pytest.raises(ValueError, match="haus-pitch"):
        space.legal_actions(pc.new_game("haus-pitch", seed=1))
    with pytest.raises(ValueError, match="for 4 players, not auction-pitch for 3"):
        space.legal_actions(pc.new_game("auction-pitch", players=3, seed=1))


# -- legal actions are the legal moves, taken apart -------------------------------------------


EXHAUSTIVE_DISCARDS = 1024
"""Most discard moves whose every way of being built card by card is walked: the walk visits
every subset of the cards thrown, and a Cinch bidder with a widow of four (thirteen cards)
can take a minute; larger sets are checked by the sampled moves below."""


def discards_reached(space: ActionSpace, state: GameState) -> set[int]:
    """Every discard that some sequence of legal actions makes, found over the chosen masks."""
    made: set[int] = set()
    seen = {0}
    todo = [0]
    while todo:
        chosen = todo.pop()
        for action in space.legal_actions(state, chosen):
            if action == space.done:
                made.add(chosen)
                move = space.action_to_move(state, action, chosen)
                assert move == Move("discard", chosen)
            elif space.discard <= action < space.done:
                assert space.action_to_move(state, action, chosen) is None
                after, grown = space.apply(state, action, chosen)
                assert after is state and grown == chosen | 1 << (action - space.discard) != chosen
                if grown not in seen:
                    seen.add(grown)
                    todo.append(grown)
            else:
                assert chosen == 0, "only discard actions while a discard is being built"
    return made


def check_decomposition(space: ActionSpace, state: GameState, rng: random.Random) -> None:
    """The legal actions of ``state`` take its legal moves apart exactly."""
    moves = state.legal_moves()
    actions = space.legal_actions(state)
    assert actions == sorted(set(actions))
    mask = space.legal_action_mask(state)
    assert mask.shape == (space.size,) and mask.dtype == np.int8
    assert np.flatnonzero(mask).tolist() == actions
    mask[:] = 1  # the caller's copy: the next mask is built afresh
    assert np.flatnonzero(space.legal_action_mask(state)).tolist() == actions
    whole = {space.action_to_move(state, a) for a in actions if not space.discard <= a <= space.done}
    assert whole == {move for move in moves if move.kind != "discard"}
    discards = {move.arg for move in moves if move.kind == "discard"}
    if discards:
        if len(discards) <= EXHAUSTIVE_DISCARDS:
            assert discards_reached(space, state) == discards
    else:
        assert not [a for a in actions if space.discard <= a <= space.done]
    for move in rng.sample(moves, min(len(moves), 5)):  # each move's actions make it, legal at each step
        after, chosen = state, 0
        for action in space.move_to_actions(move):
            assert after is state and action in space.legal_actions(state, chosen), (move, space.names[action])
            after, chosen = space.apply(state, action, chosen)
        assert chosen == 0 and after == state.apply(move)
        assert after.moves[-1] == move


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_legal_actions_take_the_legal_moves_apart_exactly(name: str, seed: int) -> None:
    state = new(name, seed)
    space = action_space(state)
    rng = random.Random(seed)
    for before, _, _ in play_random(state, seed, max_moves=150):
        check_decomposition(space, before, rng)


@pytest.mark.parametrize("name", NAMES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_random_actions_play_games_the_engine_accepts(name: str, seed: int) -> None:
    """Uniformly random legal actions (discards built card by card, in any order) only
    ever make legal moves; the moves recorded are the ones the actions composed."""
    state = new(name, seed)
    space = action_space(state)
    rng = random.Random(seed)
    chosen = 0
    for _ in range(400):
        if state.is_over:
            assert space.legal_actions(state) == [] and not space.legal_action_mask(state).any()
            break
        actions = space.legal_actions(state, chosen)
        assert actions, "a seat to move always has a legal action"
        action = rng.choice(actions)
        move = space.action_to_move(state, action, chosen)
        legal = state.legal_moves()
        after, new_chosen = space.apply(state, action, chosen)
        if move is None:
            assert after is state and new_chosen & ~chosen == 1 << (action - space.discard)
        else:
            assert move in legal and new_chosen == 0 and after == state.apply(move)
            assert space.move_to_actions(move)[-1] == action
        state, chosen = after, new_chosen


@pytest.mark.parametrize("name", NAMES)
def test_masks_do_not_depend_on_what_the_space_kept(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A space keeps what each tuple of legal moves allows (by the tuple's id and by its
    value, a few hundred of each at most): masks and legal actions worked out with those caches
    warm equal those worked out with them emptied, and in a shuffled order with caches of
    three entries that keep being cleared."""
    states = [before for seed in (1, 2) for before, _, _ in play_random(new(name, seed), seed, max_moves=150)]
    space = action_space(states[0])
    warm = [(space.legal_action_mask(state), space.legal_actions(state)) for state in states]
    assert len(space._by_id) <= actions._CACHE_LIMIT and len(space._by_moves) <= actions._CACHE_LIMIT

    def check(index: int) -> None:
        mask, legal = warm[index]
        assert np.array_equal(space.legal_action_mask(states[index]), mask)
        assert space.legal_actions(states[index]) == legal == np.flatnonzero(mask).tolist()

    for index in range(len(states)):
        space._by_id.clear()
        space._by_moves.clear()
        check(index)
    monkeypatch.setattr(space._by_id, "limit", 3)
    monkeypatch.setattr(space._by_moves, "limit", 3)
    order = list(range(len(states)))
    random.Random(name).shuffle(order)
    for index in order:
        check(index)
        assert len(space._by_id) <= 3 and len(space._by_moves) <= 3


def test_a_haus_pitch_draw_is_built_card_by_card() -> None:
    state = pc.new_game("haus-pitch", seed=7, hands=[
        "AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"])
    for text in ["pass", "pass", "bid 3", "pass", "trump H"]:  # seat 3 bids 3, receives the gift
        state = state.apply(text)
    assert state.phase is Phase.DISCARDING and state.to_move == 1
    space = action_space(state)
    # Seat 1 may discard any of its 6 cards (0 to 6 of them): every card, and done (nothing).
    assert space.legal_actions(state) == [space.discard + parse_card(c) for c in
                                          ("4C", "5C", "6C", "7C", "3H", "QH")] + [space.done]
    state, chosen = space.apply(state, space.done)
    assert chosen == 0 and state.moves[-1] == Move("discard", 0) and state.to_move == 2
    state, _ = space.apply(state, space.done)
    # The bidder holds 9 cards: it must shed its 3 extra ones, and may shed 6 more.
    hand = state.masks[3]
    assert hand.bit_count() == 9 and space.done not in space.legal_actions(state)
    chosen = 0
    for card in list(cards_in(hand))[:3]:
        state, chosen = space.apply(state, space.discard + card, np.int64(chosen))  # type: ignore[arg-type]
        assert type(chosen) is int
    assert chosen.bit_count() == 3 and space.done in space.legal_actions(state, chosen)
    state, chosen = space.apply(state, space.done, chosen)
    assert chosen == 0 and state.info.discards[3].bit_count() == 3 and state.masks[3].bit_count() == 6


# -- moves to actions ---------------------------------------------------------------------------


def test_moves_map_to_their_actions() -> None:
    state = pc.new_game("haus-pitch", seed=1)
    space = action_space(state)
    assert move_to_action(state, "play AS") == space.play + 51
    assert move_to_actions(state, Move("discard", 0b101)) == (space.discard, space.discard + 2, space.done)
    assert space.move_to_actions("discard") == (space.done,) and space.move_to_action("discard") == space.done
    assert space.move_to_action("bid moon") == space.bid + 4
    assert space.move_to_action("trump S") == space.trump + 3
    assert space.move_to_action("call low") == space.call + 1
    assert space.move_to_action("partner 2D") == space.partner + 13
    assert space.move_to_action("deal 6") == space.deal


@pytest.mark.parametrize(("move", "message"), [
    ("bid 9", "bid 9 has no action in haus-pitch for 4 players"),
    ("bid smudge", "bid smudge has no action"),
    ("deal 5", "deal 5 has no action"),
    ("play HJ", "not in this game's 52-card deck"),
    (Move("play", True), "no move of this game"),
    (Move("bid", 2.0), "no move of this game"),
    ("discard AS KS", "use move_to_actions"),
])
def test_moves_outside_the_space_are_refused(move: Move | str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action_space("haus-pitch").move_to_action(move)


# -- refusals -----------------------------------------------------------------------------------


def bidding_state() -> GameState:
    return pc.new_game("auction-pitch", seed=7, hands=[
        "AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"])


@pytest.mark.parametrize(("action", "message"), [
    (4, r"action 4 \(play 6C\) is not legal now: play 6C: .*seat 1, bidding"),
    (104, r"action 104 \(discard done\) is not legal now: seat 1 is not discarding now"),
    (60, r"action 60 \(discard TC\) is not legal now: seat 1 is not discarding now"),
    (159, r"action 159 \(trump C\) is not legal now: trump C: "),
    (170, r"action 170 is not an action of auction-pitch for 4 players \(0 to 169\)"),
    (-1, r"action -1 is not an action"),
    (np.int64(999), r"action 999 is not an action"),
    (True, r"an action is a whole number from 0 to 169, not bool"),
    (3.0, r"an action is a whole number from 0 to 169, not float"),
    ("bid 2", r"not str"),
])
def test_an_illegal_action_raises_and_changes_nothing(action: object, message: str) -> None:
    state = bidding_state()
    space = action_space(state)
    before = space.legal_actions(state)
    for call in (space.action_to_move, space.apply):
        with pytest.raises(pc.IllegalMove, match=message) as caught:
            call(state, action)  # type: ignore[operator]
        assert isinstance(caught.value, ValueError) and caught.value.move is action
    assert not space.is_legal(state, action)  # type: ignore[arg-type]
    assert state == bidding_state() and state.moves == () and space.legal_actions(state) == before


def test_numpy_integers_are_actions() -> None:
    state = bidding_state()
    space = action_space(state)
    after, chosen = space.apply(state, np.int64(space.pass_))  # type: ignore[arg-type]
    assert after.moves == (Move("pass"),) and chosen == 0
    assert action_to_move(state, np.int32(space.bid)) == Move("bid", 1)  # type: ignore[arg-type]


def test_illegal_discard_actions_say_why() -> None:
    state = pc.new_game("haus-pitch", seed=7, hands=[
        "AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"])
    for text in ["pass", "pass", "bid 3", "pass", "trump H", "discard", "discard"]:
        state = state.apply(text)
    space = action_space(state)
    hand = state.masks[3]
    card = next(cards_in(hand))
    with pytest.raises(pc.IllegalMove, match=r"\(discard AH\) is not legal now: AH is not in seat 3's hand"):
        space.apply(state, space.discard + parse_card("AH"))
    with pytest.raises(pc.IllegalMove, match="is already chosen"):
        space.apply(state, space.discard + card, 1 << card)
    with pytest.raises(pc.IllegalMove, match=r"\(discard done\) is not legal now: the cards chosen \(none\) are no "
                                             r"legal discard: .*may discard 3 to 9 cards"):
        space.apply(state, space.done)
    with pytest.raises(pc.IllegalMove, match=rf"\(discard done\) .*chosen \({card_text(card)}\)"):
        space.apply(state, space.done, 1 << card)
    with pytest.raises(pc.IllegalMove, match=rf"building a discard \({card_text(card)} chosen\)"):
        space.apply(state, space.play + card, 1 << card)
    assert state.moves[-1] == Move("discard", 0) and state.to_move == 3


@pytest.mark.parametrize(("chosen", "message"), [
    (1 << 51, "chosen holds AS, not in seat 3's hand"),
    (-1, "chosen is a mask of cards, not -1"),
    ("AS", "not str"),
    (True, "not bool"),
])
def test_a_bad_chosen_raises_value_error(chosen: object, message: str) -> None:
    state = pc.new_game("haus-pitch", seed=7, hands=[
        "AH KH 2H 9C 9D 9S", "QH 3H 4C 5C 6C 7C", "JH TH 4D 5D 6D 7D", "5H 6H 4S 5S 6S 7S"])
    for text in ["pass", "pass", "bid 3", "pass", "trump H", "discard", "discard"]:
        state = state.apply(text)
    space = action_space(state)
    for call in (space.legal_actions, space.legal_action_mask):
        with pytest.raises(ValueError, match=message):
            call(state, chosen)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        space.apply(state, space.discard, chosen)  # type: ignore[arg-type]


def test_a_chosen_no_legal_discard_holds_is_refused() -> None:
    # hi-lo-jack discards every non-trump: a trump is never part of the discard of a seat
    # that holds at most six trumps.
    state = pc.new_game("hi-lo-jack", seed=3)
    while state.phase is not Phase.DISCARDING:
        state = state.apply(state.legal_moves()[-1])
    space = action_space(state)
    hand = state.masks[state.to_move or 0]
    trumps = hand & state.table.trump_tables.trumps[state.info.trump or 0]
    assert trumps and trumps.bit_count() <= 6
    with pytest.raises(ValueError, match="is part of no legal discard"):
        space.legal_actions(state, trumps & -trumps)
    with pytest.raises(ValueError, match="chosen must be 0 when no discard is being built"):
        legal_actions(bidding_state(), 1)


def test_shortcuts_use_the_state_own_space() -> None:
    state = bidding_state()
    space = action_space(state)
    assert legal_actions(state) == space.legal_actions(state) == [157, 165, 166, 167, 168]
    assert np.array_equal(legal_action_mask(state), space.legal_action_mask(state))
    assert action_to_move(state, 166) == Move("bid", 2)
    assert move_to_action(state, "bid 2") == 166 and move_to_actions(state, "pass") == (157,)
    haus = pc.new_game("haus-pitch", seed=1)
    assert legal_actions(haus) == action_space(haus).legal_actions(haus)
    assert legal_actions(state) == [157, 165, 166, 167, 168]
