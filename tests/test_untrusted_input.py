"""Input from outside: moves, ``new_game`` arguments, seats and records a game server
receives from players. Whatever comes in, the answer is a result or a ``ValueError``
subclass that says what is wrong, and the state a move was offered to is left as it was.

The record checks rest on invariants of every reachable state, checked here first over
random games of every bundled variant and of house rules built on them (draw, gift, robbers,
called partners, coke-hand demands, calls per trick, stacked first deals).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, choose_move
from pitchcore.model.cards import card_text, cards_in, shuffled, shuffled_range
from pitchcore.model.moves import KINDS
from pitchcore.model.state import GameState, Phase

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))

# -- random reachable positions --------------------------------------------------------------

HOUSE_RULES: dict[str, list[dict[str, Any]]] = {
    # base variant -> rule changes that load on it (each played on its own)
    "auction-pitch": [
        {"deal": {"worthless_hand": "demand"}}, {"deal": {"worthless_hand": "redeal"}},
        {"auction": {"partner": "called-card"}, "deal": {"min_players": 3, "default_players": 5}},
        {"widow": {"kind": "gift", "count": 3}, "exchange": {"kind": "draw", "max_discard": 2}},
        {"play": {"kind": "call-then-any", "leader": "bidder"}},
        {"play": {"follow": "strict"}},
    ],
    "hi-lo-jack": [
        {"exchange": {"discard": "any"}}, {"exchange": {"discard": "to-keep"}},
        {"exchange": {"robber": "dealer", "trump_discards": "dead"}},
        {"exchange": {"robber": "bidder"}},
        {"exchange": {"discard": "any", "trump_discards": "returned"}},
        {"auction": {"partner": "called-card"}, "deal": {"min_players": 3}},
        {"play": {"follow": "trump-only"}},
        {"deal": {"worthless_hand": "demand"}},
    ],
    "cinch": [{"exchange": {"robber": "bidder"}}, {"play": {"follow": "strict"}}],
    "haus-pitch": [{"widow": {"count": 2}}, {"exchange": {"max_discard": 0}}],
    "ten-point-pitch": [{"exchange": {"robber": "dealer"}}],
    "jacks-trump": [{"deal": {"worthless_hand": "redeal"}}, {"play": {"leader": "eldest"}}],
    "smear-cutthroat": [{"auction": {"partner": "called-card"}}],
    "sell-out": [{"deal": {"worthless_hand": "demand"}}],
}


def house_variant(base: str, changes: list[dict[str, Any]]) -> pc.Variant | None:
    """``base`` with ``changes`` merged slot by slot; None where the rules do not load."""
    data: dict[str, Any] = {"extends": base, "name": f"house-{base}"}
    for change in changes:
        for slot, fields in change.items():
            data.setdefault(slot, {}).update(fields)
    try:
        return pc.load_variant_text(yaml.safe_dump(data))
    except pc.VariantError:
        return None


HOUSES = [variant for base, options in HOUSE_RULES.items() for option in options
          if (variant := house_variant(base, [option])) is not None]
VARIANTS = [pc.load_variant(name) for name in BUNDLED] + HOUSES


def test_the_house_rules_load() -> None:
    assert len(HOUSES) == sum(map(len, HOUSE_RULES.values()))


def seat_counts(variant: pc.Variant) -> list[int]:
    deal = variant.deal
    return [n for n in range(deal.min_players, deal.max_players + 1) if deal.sides != "partners" or n % 2 == 0]


def dealt_sizes(variant: pc.Variant, players: int) -> tuple[int, ...]:
    deal: Any = variant.deal
    return tuple(deal.sizes(players)) if hasattr(deal, "sizes") else (deal.hand_size,)


def stacked_game(variant: pc.Variant, players: int, seed: int, dealer: int) -> GameState:
    """A first deal stacked at random: hands of a size the variant deals, the stock on top."""
    rng = random.Random(seed)
    size = rng.choice(dealt_sizes(variant, players))
    cards = variant.deal.deck_cards()
    deck = [card_text(cards[index]) for index in shuffled_range(len(cards), f"stack/{seed}")]
    hands = [" ".join(deck[seat * size:(seat + 1) * size]) for seat in range(players)]
    rest = deck[players * size:]
    return pc.new_game(variant, players=players, seed=seed, dealer=dealer, hands=hands,
                       stock=rest[:rng.randrange(len(rest) + 1)])


def play_on(state: GameState, rng: random.Random, moves: int) -> list[GameState]:
    """``state`` and the states of up to ``moves`` random legal moves after it."""
    states = [state]
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(choose_move(state, rng, bold=rng.random() < 0.2))
        states.append(state)
    return states


@st.composite
def games(draw: st.DrawFn, most: int = 400) -> list[GameState]:
    """The states of a random game of a bundled variant or a house variant, from its
    first deal (seeded or stacked) through up to ``most`` random legal moves."""
    variant = draw(st.sampled_from(VARIANTS), label="variant")
    players = draw(st.sampled_from(seat_counts(variant)), label="players")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    dealer = draw(st.integers(0, players - 1), label="dealer")
    if draw(st.booleans(), label="stacked"):
        state = stacked_game(variant, players, seed, dealer)
    else:
        state = pc.new_game(variant, players=players, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    return play_on(state, rng, rng.randrange(most + 1))  # (uniform: Hypothesis favours small numbers)


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    """One random reachable position."""
    states = draw(games())
    return states[draw(st.integers(0, len(states) - 1), label="position")]


# -- invariants of every reachable state ---------------------------------------------------------


def check_invariants(state: GameState) -> None:
    """What holds in every position a game reaches: what ``loads`` may demand of a record."""
    table = state.table
    info = state.info
    players, deck = table.players, table.deck_size
    over = state.is_over
    seats = range(players)
    # every card of the deck in exactly one place
    found = Counter(card for mask in state.masks for card in cards_in(mask))
    found.update(info.stock)
    found.update(info.junk)
    found.update(state.trick_cards)
    found.update(card for _, cards, _ in state.done_tricks for card in cards)
    assert found == Counter(table.deck), [card_text(c) for c, n in found.items() if n > 1]
    # the hand's masks: within the deck, one per seat, never overlapping
    for masks, lengths in ((state.masks, {players}), (info.dealt, {players}),
                           (info.discards, {0, players}), (info.start, {0, players})):
        assert len(masks) in lengths
        assert all(0 <= mask < 1 << deck for mask in masks)
        assert sum(mask.bit_count() for mask in masks) == sum(masks).bit_count()
    assert {mask.bit_count() for mask in info.dealt} == {info.hand_size}
    assert info.hand_size in dealt_sizes(table.variant, players) or (
        info.hand_size == 0 and state.phase is Phase.DEALING and not any(state.masks))
    assert not info.gift & sum(info.dealt) and not info.gift & sum(1 << c for c in info.stock)
    assert info.gift.bit_count() in (0, getattr(table.variant.widow, "count", 0))
    if info.start:  # in play: each hand is what it held when play began, less what it played
        played = [0] * players
        for leader, cards, taker in state.done_tricks:
            assert leader in seats and taker in seats and 1 <= len(cards) <= players
            for card in cards:
                played[next(seat for seat in seats if info.start[seat] >> card & 1)] |= 1 << card
        for card in state.trick_cards:
            played[next(seat for seat in seats if info.start[seat] >> card & 1)] |= 1 << card
        assert all(state.masks[s] | played[s] == info.start[s] and not state.masks[s] & played[s]
                   for s in seats)
    else:
        assert not state.done_tricks and not state.trick_cards
    assert len(state.trick_cards) < players
    # seats, sides, steps and phases in range and in agreement
    assert len(state.scores) == table.sides
    assert state.dealer in seats and state.leader in seats
    assert 0 <= state.step < len(table.pipeline)
    assert all(seat in seats for seat, _ in info.bids)
    assert info.bidder is None or info.bidder in seats
    assert info.partner is None or (info.partner in seats and info.called is not None)
    assert info.called is None or 0 <= info.called < deck
    assert info.trump is None or 0 <= info.trump < 4
    assert 0 <= info.exchanged <= players
    assert info.call in (None, "high", "low")
    assert over == (state.to_move is None) == (state.phase is Phase.GAME_OVER)
    assert state.to_move is None or state.to_move in seats
    assert state.winner is None or (over and 0 <= state.winner < table.sides)
    if state.phase in (Phase.DEALING, Phase.BIDDING, Phase.NAMING_TRUMP, Phase.DISCARDING):
        assert state.leader == state.dealer or (state.deal_number == 0 and state.leader == 0)
    # the results: only the last may end the game, and it does exactly when the game is over
    results = state.hand_results
    assert [r.ended_game for r in results] == [False] * (len(results) - over) + [True] * over
    assert state.deal_number >= len(results) - over
    for result in results:
        assert (result.bidder is None) == (result.made is None)
        assert result.partner is None or result.bidder is not None
        assert list(result.awards) == list(table.point_names)
        assert all(side is None or 0 <= side < table.sides for side in result.awards.values())
        assert len(result.delta) == len(result.game_pips) == table.sides
        assert result.dealer in seats
    # after the first deal, the cards dealt are the seed's deal
    if state.deal_number and any(info.dealt):
        order = shuffled(table.deck, f"{table.seed}/{state.deal_number}")
        stock = info.stock
        assert tuple(order[len(order) - len(stock):]) == stock
    if not over:
        assert state.legal_moves()
    # and the record of it loads back, equal
    assert pc.loads(pc.dumps(state)) == state


@FUZZ
@given(states=games())
def test_every_reachable_state_keeps_the_invariants_loads_demands(states: list[GameState]) -> None:
    for state in states[::3] + states[-1:]:
        check_invariants(state)


@pytest.mark.parametrize("name", ["cinch", "ten-point-pitch", "haus-pitch", "jacks-trump"])
def test_whole_games_keep_the_invariants_to_the_end(name: str) -> None:
    states = play_on(pc.new_game(name, seed=5), random.Random(5), 2000)
    for state in states[::7] + states[-1:]:
        check_invariants(state)


def test_a_finished_game_round_trips() -> None:
    states = play_on(pc.new_game("hi-lo-jack", seed=11), random.Random(11), 5000)
    assert states[-1].is_over
    check_invariants(states[-1])


# -- moves from outside ---------------------------------------------------------------------------


class AlwaysEqual(pc.Move):
    """A move that claims to equal every move, with properties that lie about its fields."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    @property  # type: ignore[misc]
    def kind(self) -> str:  # type: ignore[override]
        return "play"

    @property  # type: ignore[misc]
    def arg(self) -> int:  # type: ignore[override]
        return 0


class Polite(pc.Move):
    """A subclass that changes nothing: its items decide."""


ODD_ARGS = [None, True, False, 0, 1, -1, 3, 13, 51, 52, 53, 54, 63, 2**52, 2**54, 2**63, -2**63, 2**200,
            10**5000, 1.0, 2.5, float("nan"), float("inf"), "", "high", "low", "smudge", "moon", "AS",
            "x" * 10_000, b"2", (1,), [3], {}, object()]
ODD_KINDS = [*KINDS, "PLAY", "Pass", "fold", "", None, 3, b"play", ("play",), "play ", "bid" * 1000]
ARGS = st.one_of(st.sampled_from(ODD_ARGS), st.integers(), st.integers(-5, 60),
                 st.integers(0, 2**54), st.text(max_size=8), st.floats())
WORDS = ["play", "bid", "discard", "trump", "call", "deal", "partner", "pass", "redeal", "AS", "10H",
         "th", "HJ", "LJ", "JK", "joker", "H", "s", "high", "LOW", "-1", "0", "3", "9" * 30, "9" * 10_000,
         "ß", "İ", "\u0663", "²", "\x00", "\ud800", "🂡", "smudge", "a" * 5000]
TEXTS = st.one_of(st.text(max_size=30), st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join),
                  st.lists(st.sampled_from(WORDS), max_size=3).map("\t".join))


@st.composite
def offered_moves(draw: st.DrawFn, state: GameState) -> object:
    """Anything a client might send as a move: legal ones, near misses, junk."""
    legal = state.legal_moves()
    choice = draw(st.integers(0, 6), label="sort of move")
    if choice == 0 and legal:
        return draw(st.sampled_from(legal))
    if choice == 1 and legal:  # a legal move's kind with another argument
        return pc.Move(draw(st.sampled_from(legal)).kind, draw(ARGS))
    if choice == 2:
        return pc.Move(draw(st.sampled_from(ODD_KINDS)), draw(ARGS))
    if choice == 3:
        cls = draw(st.sampled_from([AlwaysEqual, Polite]))
        base = draw(st.sampled_from(legal)) if legal and draw(st.booleans()) else pc.Move("play", 0)
        return cls(base.kind, draw(st.sampled_from([base.arg, *ODD_ARGS[:12]])))
    if choice == 4 and legal:
        return str(draw(st.sampled_from(legal)))
    if choice == 5:
        return draw(st.sampled_from([None, 3, 2.5, b"pass", ("play", 3), ["pass"], {"kind": "pass"}]))
    return draw(TEXTS)


@settings(FUZZ, max_examples=150)
@given(state=positions(), data=st.data())
def test_any_move_gives_a_new_state_or_illegal_move_and_leaves_the_state_as_it_was(
        state: GameState, data: st.DataObject) -> None:
    before = pc.dumps(state)
    legal = state.legal_moves()
    for _ in range(8):
        move = data.draw(offered_moves(state), label="move")
        try:
            after = state.apply(move)  # type: ignore[arg-type]
        except pc.IllegalMove as error:
            assert str(error)
            assert pc.dumps(state) == before
            continue
        taken = pc.parse_move(move) if isinstance(move, str) else pc.Move(*tuple.__iter__(move))  # type: ignore[arg-type]
        match = [m for m in legal if m == taken and type(m.arg) is type(taken.arg)]
        assert match, f"{move!r} was taken, but it is not among the legal moves"
        assert after == state.apply(match[0])
        assert pc.dumps(state) == before


def first_state(name: str, phase: Phase, seed: int = 1, **kwargs: Any) -> GameState:
    """The first state of a random game of ``name`` in ``phase``."""
    rng = random.Random(seed)
    state = pc.new_game(name, seed=seed, **kwargs)
    while state.phase is not phase:
        state = state.apply(choose_move(state, rng))
    return state


@pytest.mark.parametrize(("name", "phase", "move", "reason"), [
    ("hi-lo-jack", Phase.DISCARDING, pc.Move("discard", None), "the argument of discard is a mask of cards"),
    ("hi-lo-jack", Phase.DISCARDING, pc.Move("discard", 1 << 52), "not a mask of cards of this game's 52-card deck"),
    ("hi-lo-jack", Phase.DISCARDING, pc.Move("discard", -1), "-1 is not a mask"),
    ("jacks-trump", Phase.PLAYING, pc.Move("play", 54), "54 is not a card of this game's 52-card deck"),
    ("jacks-trump", Phase.PLAYING, pc.Move("play", 52), "HJ is not in this game's 52-card deck"),
    ("jacks-trump", Phase.CALLING, pc.Move("call", None), "a call is 'high' or 'low'"),
    ("jacks-trump", Phase.DEALING, pc.Move("deal", 2**40), "a deal is a number from 0"),
    ("jacks-trump", Phase.DEALING, pc.Move("deal", 5.0), "the argument of deal is a number of cards"),
    ("auction-pitch", Phase.BIDDING, pc.Move("bid", 2.0), "a bid's number or name, not 2.0"),
    ("auction-pitch", Phase.BIDDING, pc.Move("bid", True), "not True"),
    ("auction-pitch", Phase.BIDDING, pc.Move("bid", 10**5000), "a 16610-bit number"),
    ("auction-pitch", Phase.BIDDING, pc.Move("pass", 0), "pass takes no argument"),
    ("auction-pitch", Phase.BIDDING, pc.Move(None, None), "unknown kind of move None"),  # type: ignore[arg-type]
    ("auction-pitch", Phase.BIDDING, pc.Move(b"pass", None), "unknown kind of move <bytes>"),  # type: ignore[arg-type]
    ("auction-pitch", Phase.BIDDING, pc.Move("fold", None), "unknown kind of move 'fold'"),
    ("auction-pitch", Phase.PLAYING, pc.Move("play", True), "a card index, not True"),
    ("haus-pitch", Phase.NAMING_TRUMP, pc.Move("trump", 4), "a suit is 0 to 3"),
    ("haus-pitch", Phase.NAMING_TRUMP, pc.Move("trump", object()), "not <object>"),
])
def test_a_move_of_the_wrong_shape_is_an_illegal_move(name: str, phase: Phase, move: pc.Move, reason: str) -> None:
    state = first_state(name, phase)
    before = pc.dumps(state)
    with pytest.raises(pc.IllegalMove, match=reason) as caught:
        state.apply(move)
    assert len(str(caught.value)) < 300
    assert pc.dumps(state) == before


def test_a_partner_call_of_no_card_is_an_illegal_move() -> None:
    variant = house_variant("auction-pitch", [HOUSE_RULES["auction-pitch"][2]])
    assert variant is not None
    rng = random.Random(3)
    state = pc.new_game(variant, players=5, seed=3)
    while not any(move.kind == "partner" for move in state.legal_moves()):
        state = state.apply(choose_move(state, rng) if state.dealer != state.to_move
                            else next(m for m in state.legal_moves() if m.kind == "bid"))
    before = pc.dumps(state)
    for arg in (-1, 52, 2**70, True, "AS", None):
        with pytest.raises(pc.IllegalMove, match="partner"):
            state.apply(pc.Move("partner", arg))
    assert pc.dumps(state) == before
    call = next(move for move in state.legal_moves() if move.kind == "partner")
    assert state.apply(str(call)).info.called == call.arg


def test_a_move_subclass_is_judged_by_its_items_not_its_methods() -> None:
    state = first_state("auction-pitch", Phase.BIDDING)
    before = pc.dumps(state)
    for move in (AlwaysEqual("bid", 2.0), AlwaysEqual("fold", None), Polite("bid", 2.0), Polite("bid", True)):
        with pytest.raises(pc.IllegalMove):
            state.apply(move)
    assert pc.dumps(state) == before
    assert state.apply(Polite("bid", 2)) == state.apply(pc.Move("bid", 2))
    assert type(pc.parse_move(Polite("bid", 2))) is pc.Move
    assert state.apply(Polite("bid", 2)).info.bids[-1][1].__class__ is int


@pytest.mark.parametrize("text", [
    "bid " + "9" * 10_000, "bid -" + "9" * 40, "deal " + "5" * 19, "play " + "x" * 10**6, "x" * 10**6,
    "play \u0663H", "play \uff21\uff33", "trump ß", "call İ", "discard AS \x00", "\ud800", "play 🂡",
    "discard " + "AS " * 2, "deal five", " ".join(["discard"] + ["2C"] * 600),
])
def test_bad_move_text_is_an_invalid_move_with_a_short_message(text: str) -> None:
    with pytest.raises(pc.InvalidMove) as caught:
        pc.parse_move(text)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize(("text", "move"), [
    ("bid 3", pc.Move("bid", 3)), ("bid -1", pc.Move("bid", -1)), ("deal 007", pc.Move("deal", 7)),
    ("bid \u0663", pc.Move("bid", "\u0663")),  # not an ASCII number: a name, which no auction has
    ("bid ²", pc.Move("bid", "²")),
])
def test_numbers_in_move_text_are_plain_ascii_digits(text: str, move: pc.Move) -> None:
    assert pc.parse_move(text) == move and type(pc.parse_move(text).arg) is type(move.arg)


@FUZZ
@given(text=TEXTS)
def test_parse_move_either_parses_or_raises_invalid_move(text: str) -> None:
    try:
        move = pc.parse_move(text)
    except pc.InvalidMove as error:
        assert len(str(error)) < 400
        return
    assert type(move) is pc.Move and move.kind in KINDS
    str(move)  # always has a text


@pytest.mark.parametrize("move", [pc.Move("bid", 10**5000), pc.Move("play", "x" * 10**6), pc.Move(None, object()),  # type: ignore[arg-type]
                                  pc.Move("bid", -2**70), AlwaysEqual("play", 3)])
def test_every_move_has_a_short_text(move: pc.Move) -> None:
    assert len(str(move)) < 100


# -- new_game's arguments -------------------------------------------------------------------------

SIX = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"]


class Index:
    """A whole number that is not an int (as numpy's integers are)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def endless() -> Any:
    number = 0
    while True:
        yield number
        number += 1


@pytest.mark.parametrize(("arguments", "message"), [
    ({"variant": 3}, "variant must be a Variant"),
    ({"variant": None}, "variant must be a Variant"),
    ({"variant": b"auction-pitch"}, "variant must be a Variant"),
    ({"variant": "no-such-variant"}, "no such variant"),
    ({"variant": "x" * 5000}, "variant"),
    ({"variant": "a\x00b"}, "variant"),
    ({"players": True}, "players, not True"),
    ({"players": 4.0}, "players, not 4.0"),
    ({"players": "4"}, "players, not '4'"),
    ({"players": 2**100}, "players, not <a 101-bit number>"),
    ({"players": 1}, "2-8 players, not 1"),
    ({"players": [4]}, "players, not <list>"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"seed": 1.0}, "seed must be a whole number"),
    ({"seed": True}, "seed must be a whole number"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"seed": -1}, "from 0 to 2[*][*]64 - 1, not -1"),
    ({"seed": 2**64}, "seed must be a whole number"),
    ({"seed": [1]}, "seed must be a whole number"),
    ({"dealer": 1.0}, "dealer must be a seat"),
    ({"dealer": True}, "dealer must be a seat"),
    ({"dealer": -1}, "dealer must be a seat"),
    ({"dealer": 4}, "dealer must be a seat"),
    ({"dealer": None}, "dealer must be a seat"),
    ({"scores": 5}, "scores must be whole numbers, one per side [(]4[)], in a sequence, not int"),
    ({"scores": "0000"}, "in a sequence, not str"),
    ({"scores": {0: 1}}, "in a sequence, not dict"),
    ({"scores": [0, 0, 0]}, "one number per side [(]4[)], got 3"),
    ({"scores": [0] * 5}, "one number per side [(]4[)], got more than 4"),
    ({"scores": endless()}, "got more than 4"),
    ({"scores": [0, 0, 0, 1.5]}, r"whole numbers, one per side, not \[0, 0, 0, 1.5\]"),
    ({"scores": [0, 0, 0, True]}, "whole numbers"),
    ({"scores": [0, 0, 0, None]}, "whole numbers"),
    ({"scores": [10**9 + 1, 0, 0, 0]}, "from -1000000000 to 1000000000"),
    ({"scores": [-(10**100), 0, 0, 0]}, "from -1000000000 to 1000000000"),
    ({"hands": ["", "", "", ""]}, "deals each of 4 seats 6 cards"),
    ({"hands": [h[:8] for h in SIX]}, "deals each of 4 seats 6 cards: a stacked hand of 3"),
    ({"hands": "AS KS QS JS TS 9S"}, "hands must be a sequence"),
    ({"hands": 5}, "hands must be a sequence"),
    ({"hands": SIX[:3]}, "one hand per seat [(]4[)], got 3"),
    ({"hands": [1, 2, 3, 4]}, r"hands\[0\] must be card text"),
    ({"hands": [SIX[0].split()[:5] + [3], *SIX[1:]]}, r"hands\[0\]: a card is text"),
    ({"hands": [b"2C", *SIX[1:]]}, r"hands\[0\] must be card text"),
    ({"hands": [SIX[0].replace("7C", "XX"), *SIX[1:]]}, r"hands\[0\]: bad card"),
    ({"hands": [SIX[0].replace("7C", "HJ"), *SIX[1:]]}, "not in this variant's 52-card deck: HJ"),
    ({"hands": [SIX[0], SIX[0], *SIX[2:]]}, "cards named twice"),
    ({"hands": [SIX[0] + " AS", *SIX[1:]]}, "the same number of cards"),
    ({"hands": [list(range(60)), *SIX[1:]]}, "more than a deck holds"),
    ({"hands": SIX, "stock": 5}, "stock must be card text"),
    ({"hands": SIX, "stock": ["XX"]}, "stock: bad card"),
    ({"hands": SIX, "stock": [1]}, "stock: a card is text"),
    ({"hands": SIX, "stock": ["2C"]}, "cards named twice"),
    ({"stock": ["AS", "KS", "AS"]}, "cards named twice"),
    ({"stock": "AS HJ"}, "not in this variant's 52-card deck: HJ"),
    ({"stock": 5}, "stock must be card text"),
])
def test_a_bad_new_game_argument_is_a_value_error_naming_it(arguments: dict[str, Any], message: str) -> None:
    given = {"variant": "auction-pitch", "seed": 1, **arguments}
    with pytest.raises(ValueError, match=message) as caught:
        pc.new_game(**given)
    assert len(str(caught.value)) < 600


@pytest.mark.parametrize(("name", "hands", "message"), [
    ("jacks-trump", ["", "", "", ""], "jacks-trump deals each of 4 seats 3, 5, 7 cards: a stacked hand of 0"),
    ("jacks-trump", ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H", "2S 3S 4S 5S"], "a stacked hand of 4"),
    ("hi-lo-jack", SIX, "hi-lo-jack deals each of 4 seats 9 cards"),
])
def test_a_stacked_deal_gives_a_hand_size_the_variant_deals(name: str, hands: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pc.new_game(name, hands=hands)


def test_good_new_game_arguments_of_other_types_are_taken() -> None:
    state = pc.new_game("auction-pitch", seed=Index(7), players=Index(3), dealer=Index(2),
                        scores=(Index(1), -2, 3))  # type: ignore[arg-type]
    assert state == pc.new_game("auction-pitch", seed=7, players=3, dealer=2, scores=[1, -2, 3])
    assert type(state.seed) is int and type(state.scores[0]) is int
    assert pc.new_game("auction-pitch", seed=2**64 - 1).seed == 2**64 - 1
    assert pc.new_game("auction-pitch", seed=1, scores=[10**9, -(10**9), 0, 0]).scores[0] == 10**9
    stacked = pc.new_game("auction-pitch", seed=1, hands=[h.split() for h in SIX], stock="AS KS")
    assert stacked == pc.new_game("auction-pitch", seed=1, hands=SIX, stock=("AS", "KS"))
    assert stacked.info.stock[:2] == (51, 50)
    for size in (3, 5, 7):
        hands = [" ".join(card_text(13 * suit + rank) for rank in range(size)) for suit in range(4)]
        assert pc.new_game("jacks-trump", seed=1, hands=hands).info.hand_size == size


def test_a_seed_is_refused_not_rounded() -> None:
    with pytest.raises(ValueError, match="seed"):
        pc.new_game("auction-pitch", seed=1.5)  # type: ignore[arg-type]
    assert pc.new_game("auction-pitch", seed=1) != pc.new_game("auction-pitch", seed=2)


# -- seats ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [True, False, 1.0, 0.0, -1, 4, 2**70, "0", None, [0], Index(-1), Index(4)])
def test_a_view_or_side_of_anything_but_a_seat_is_a_value_error(seat: object) -> None:
    state = pc.new_game("partnership-pitch", seed=1)
    with pytest.raises(ValueError, match="seat"):
        state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        state.side_of(seat)  # type: ignore[arg-type]


def test_a_seat_may_be_any_whole_number_type() -> None:
    state = pc.new_game("partnership-pitch", seed=1)
    assert state.view(Index(3)) == state.view(3)  # type: ignore[arg-type]
    assert state.view(1).seat == 1 and type(state.view(Index(1)).seat) is int  # type: ignore[arg-type]
    assert [state.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]


# -- records from outside ---------------------------------------------------------------------------

JUNK = [None, True, False, 0, 1, -1, 2, 3, 5, 13, 51, 52, 53, 54, 2**52, 2**53, 2**54, 10**30, -(10**30),
        1.5, 1.0, "", "x", "high", "playing", [], [0], [[0, [1], 0]], {}, {"a": 1}, [None]]


def record_of(state: GameState) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(pc.dumps(state))
    return record


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a record's JSON (the variant's own fields left to its loader's tests)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            if path or key != "variant":
                found.extend(paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(paths(item, (*path, index)))
    return found


def at(record: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        record = record[key]
    return record


@st.composite
def mutated(draw: st.DrawFn, state: GameState) -> tuple[dict[str, Any], str]:
    """The record of ``state`` with one field changed, and what was changed."""
    record = record_of(state)
    how = draw(st.sampled_from(["replace", "nudge", "list", "delete", "card twice", "longer trick", "scores",
                                "variant"]), label="mutation")
    if how == "card twice":  # a card of one place copied into a hand
        seats = len(record["masks"])
        card = draw(st.integers(0, state.table.deck_size - 1), label="card")
        seat = draw(st.integers(0, seats - 1), label="seat")
        if record["masks"][seat] >> card & 1:
            seat = (seat + 1) % seats
        record["masks"][seat] |= 1 << card
        return record, f"{card_text(card)} also in seat {seat}'s hand"
    if how == "longer trick":
        card = draw(st.integers(0, state.table.deck_size - 1), label="card")
        if record["tricks"] and draw(st.booleans()):
            trick = draw(st.integers(0, len(record["tricks"]) - 1))
            record["tricks"][trick][1].append(card)
            return record, f"trick {trick} one card longer"
        record["trick_cards"].extend([card] * draw(st.integers(1, len(record["masks"]) + 1)))
        return record, "the trick in progress longer"
    if how == "scores":
        scores = record["scores"]
        if draw(st.booleans()) and scores:
            scores.pop()
        else:
            scores.append(draw(st.integers(-5, 5)))
        return record, "scores of the wrong length"
    if how == "variant":
        slot = draw(st.sampled_from(sorted(record["variant"])))
        record["variant"][slot] = draw(st.sampled_from(JUNK))
        return record, f"variant.{slot} replaced"
    path = draw(st.sampled_from(paths(record)[1:]), label="path")
    parent, key = at(record, path[:-1]), path[-1]
    old = parent[key]
    if how == "nudge" and type(old) is int:
        parent[key] = old + draw(st.sampled_from([-13, -2, -1, 1, 2, 13, 1 << 52, 1 << 53]))
    elif how == "list" and isinstance(old, list):
        change = draw(st.sampled_from(["pop", "append", "duplicate", "swap"]))
        if change == "pop" and old:
            old.pop(draw(st.integers(0, len(old) - 1)))
        elif change == "duplicate" and old:
            old.append(copy.deepcopy(old[draw(st.integers(0, len(old) - 1))]))
        elif change == "swap" and len(old) > 1:
            old.reverse()
        else:
            old.append(draw(st.sampled_from(JUNK)))
    elif how == "delete" and isinstance(parent, dict):
        del parent[key]
    else:
        parent[key] = copy.deepcopy(draw(st.sampled_from(JUNK)))
    return record, f"{how} at {'.'.join(map(str, path))}"


def plays_to_the_end_of_its_hand(state: GameState, rng: random.Random) -> None:
    hands = len(state.hand_results)
    for _ in range(2000):
        if state.is_over or len(state.hand_results) > hands:
            return
        legal = state.legal_moves()
        assert legal, f"no legal move in {state!r}"
        state = state.apply(rng.choice(legal))
    raise AssertionError("the hand never ends")


@settings(FUZZ, max_examples=600)
@given(state=positions(), data=st.data())
def test_a_damaged_record_is_refused_or_loads_a_position_that_plays_on(state: GameState,
                                                                       data: st.DataObject) -> None:
    record, change = data.draw(mutated(state), label="record")
    try:
        loaded = pc.loads(json.dumps(record))
    except pc.RecordError as error:
        assert str(error).startswith("not a pitchcore game record")
        assert len(str(error)) < 2000
        return
    try:
        check_invariants(loaded)  # whatever loads is a position some game reaches
        plays_to_the_end_of_its_hand(loaded, random.Random(0))
    except AssertionError as error:
        raise AssertionError(f"loaded after {change}: {error}") from error


@FUZZ
@given(state=positions())
def test_a_position_loads_and_plays_on_as_the_original(state: GameState) -> None:
    loaded = pc.loads(pc.dumps(state))
    assert loaded == state
    rng_one, rng_two = random.Random(1), random.Random(1)
    for _ in range(20):
        if state.is_over:
            break
        state = state.apply(rng_one.choice(state.legal_moves()))
        loaded = loaded.apply(rng_two.choice(loaded.legal_moves()))
        assert state == loaded


def refused(record: Any, match: str | None = None) -> str:
    """The message of the ``RecordError`` that loading ``record`` (JSON data) raises."""
    with pytest.raises(pc.RecordError, match=match) as caught:
        pc.loads(json.dumps(record) if not isinstance(record, str) else record)
    return str(caught.value)


def mid_play(name: str = "auction-pitch", seed: int = 2, tricks: int = 2) -> GameState:
    """A position of ``name`` in play: ``tricks`` tricks done and a card of the next one led."""
    rng = random.Random(seed)
    state = first_state(name, Phase.PLAYING, seed)
    while len(state.done_tricks) < tricks or not state.trick_cards:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_record_error_is_a_value_error_of_pitchcore() -> None:
    assert issubclass(pc.RecordError, ValueError) and issubclass(pc.RecordError, pc.PitchcoreError)
    assert "RecordError" in pc.__all__


def test_loads_refuses_a_card_held_twice() -> None:
    state = mid_play()
    for place in ("another hand", "the stock", "the junk", "the trick", "a done trick"):
        record = record_of(state)
        card = next(cards_in(record["masks"][0]))
        if place == "another hand":
            record["masks"][1] |= 1 << card
        elif place == "the stock":
            record["info"]["stock"].append(card)
        elif place == "the junk":
            record["info"]["junk"].append(card)
        elif place == "the trick":
            record["trick_cards"].append(card)
        else:
            record["tricks"][0][1][0] = card
        assert f"{card_text(card)} is held twice" in refused(record)


def test_loads_refuses_a_card_moved_between_hands_or_missing() -> None:
    state = mid_play()
    record = record_of(state)
    card = next(cards_in(record["masks"][0]))
    record["masks"][0] ^= 1 << card
    record["masks"][1] |= 1 << card  # every card once, but not as the hand was played
    refused(record, "no legal play reaches this position")
    record["masks"][1] ^= 1 << card
    refused(record, f"{card_text(card)} is nowhere")


def test_loads_refuses_a_card_outside_the_deck() -> None:
    state = mid_play()
    record = record_of(state)
    record["masks"][0] |= 1 << 52  # the high joker, in a 52-card game
    refused(record, r"masks\[0\]: expected a mask of cards of the 52-card deck")
    record = record_of(state)
    record["info"]["stock"].append(53)
    refused(record, r"info.stock\[\d+\]: expected a card of the 52-card deck")


def test_loads_refuses_a_trick_longer_than_the_table() -> None:
    state = mid_play()
    record = record_of(state)
    card = next(cards_in(record["masks"][0]))
    record["masks"][0] ^= 1 << card
    record["tricks"][0][1].append(card)  # five cards to a trick of four seats
    refused(record, r"tricks\[0\]\[1\]: expected at most 4 items, got 5")
    record = record_of(state)
    record["trick_cards"] = [record["trick_cards"][0]] * 4
    refused(record, r"trick_cards: expected at most 3 items")


@pytest.mark.parametrize("scores", [[], [0, 0, 0], [0, 0, 0, 0, 0]])
def test_loads_refuses_scores_of_the_wrong_length(scores: list[int]) -> None:
    record = record_of(mid_play())
    record["scores"] = scores
    refused(record, rf"scores: expected one number per side \(4\), got {len(scores)}")


@pytest.mark.parametrize("score", [1.5, True, None, "3", 2**53, -(2**60)])
def test_loads_refuses_a_score_that_is_no_whole_number_in_range(score: object) -> None:
    record = record_of(mid_play())
    record["scores"][1] = score
    refused(record, r"scores\[1\]: expected a whole number")


@pytest.mark.parametrize(("path", "value"), [
    (("dealer",), 4), (("dealer",), -1), (("dealer",), True), (("to_move",), 4), (("to_move",), 1.0),
    (("leader",), 7), (("info", "bidder"), 4), (("info", "partner"), 9), (("info", "bids", 0, 0), 4),
    (("tricks", 0, 0), 4), (("tricks", 1, 2), -1), (("winner",), 4), (("hand_results", 0, "dealer"), 4),
    (("hand_results", 0, "bidder"), -2), (("hand_results", 0, "awards", 0, 1), 4),
])
def test_loads_refuses_a_seat_or_side_out_of_range(path: tuple[Any, ...], value: object) -> None:
    rng = random.Random(4)
    state = pc.new_game("auction-pitch", seed=4)
    while not state.hand_results or state.hand_results[0].bidder is None:
        state = state.apply(choose_move(state, rng))
    state = mid_play_of(state, rng)
    record = record_of(state)
    at(record, path[:-1])[path[-1]] = value
    refused(record, ".".join(map(str, path)).replace(".0", r"\[0\]").replace(".1", r"\[1\]"))


def mid_play_of(state: GameState, rng: random.Random) -> GameState:
    """``state`` played on at random to a trick in progress after two done."""
    while state.phase is not Phase.PLAYING or len(state.done_tricks) < 2 or not state.trick_cards:
        state = state.apply(choose_move(state, rng))
    return state


@pytest.mark.parametrize("step", [-1, 6, 99, 1.0, None, 2, 3, 4])
def test_loads_refuses_a_step_outside_the_hand_or_not_its_own(step: object) -> None:
    record = record_of(mid_play())
    record["step"] = step
    refused(record)


@pytest.mark.parametrize(("changes", "message"), [
    ({"phase": "game over"}, "nobody is to move exactly when the game is over"),
    ({"to_move": None}, "a game in the playing phase has a seat to move"),
    ({"winner": 0}, "a game that is not over has no winner yet"),
    ({"phase": "bidding"}, "before play the leader is the dealer|no legal play reaches this position"),
    ({"phase": "calling"}, "no legal play reaches this position"),
    ({"phase": "sleeping"}, "phase: expected one of"),
    ({"to_move": 3}, "no legal play reaches this position: its moves give another to_move"),
    ({"leader": 1}, "no legal play reaches this position"),
])
def test_loads_refuses_a_phase_that_disagrees_with_the_game(changes: dict[str, Any], message: str) -> None:
    record = record_of(mid_play())
    if "to_move" in changes and changes["to_move"] == record["to_move"]:
        changes = {"to_move": (changes["to_move"] + 1) % 4}
    record.update(changes)
    refused(record, message)


def test_loads_refuses_a_finished_game_that_is_not_what_its_last_hand_scores() -> None:
    final = play_on(pc.new_game("auction-pitch", seed=11), random.Random(11), 5000)[-1]
    assert final.is_over
    for change in ("ended", "winner", "live", "delta"):
        record = record_of(final)
        last = record["hand_results"][-1]
        if change == "ended":
            last["ended_game"] = False
        elif change == "winner":
            record["winner"] = (record["winner"] + 1) % 4 if record["winner"] is not None else 0
        elif change == "live":
            record["phase"], record["to_move"] = "playing", 0
        else:
            last["delta"][0] += 1
        refused(record)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(ended_game=True), "a hand that ended the game, yet the game goes on"),
    (lambda r: r.update(made=None), "made true or false exactly when it has a bidder"),
    (lambda r: r.update(made="yes"), r"made: expected true, false or null"),
    (lambda r: r.update(ended_game=1), r"ended_game: expected true or false"),
    (lambda r: r.update(delta=[1, 2]), r"delta: expected one number per side"),
    (lambda r: r.update(game_pips=[0, 0, 0, 0.5]), r"game_pips\[3\]: expected a whole number"),
    (lambda r: r["awards"].pop(), r"awards: expected 4 items"),
    (lambda r: r["awards"].reverse(), r"awards\[0\]: expected the award 'high'"),
    (lambda r: r.update(bid=[2]), r"bid: expected a whole number"),
    (lambda r: r.update(extra=1), "expected the fields"),
    (lambda r: r.pop("partner"), "expected the fields"),
    (lambda r: r.update(partner=1, bidder=None, made=None), "a partner is the bidder's"),
])
def test_loads_refuses_a_malformed_hand_result(change: Any, message: str) -> None:
    rng = random.Random(3)
    state = pc.new_game("auction-pitch", seed=3)
    while not state.hand_results or state.hand_results[0].bidder is None:
        state = state.apply(choose_move(state, rng))
    record = record_of(state)
    change(record["hand_results"][0])
    refused(record, message)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("dealt", [0, 0, 0], r"info.dealt: expected one mask per seat \(4\), got 3"),
    ("dealt", "x", "info.dealt: expected a list"),
    ("start", [0], r"info.start: expected one mask per seat"),
    ("discards", [0, 0, 0, 0, 0], r"info.discards: expected at most 4 items"),
    ("stock", [1.5], r"info.stock\[0\]: expected a card"),
    ("stock", {"0": 1}, r"info.stock: expected a list"),
    ("bids", [[0, 2, 3]], r"info.bids\[0\]: expected 2 items"),
    ("bids", [[0, 2.5]], r"info.bids\[0\]\[1\]: expected a whole number"),
    ("bids", [[0, None]] * 9, r"info.bids: expected at most 8 items"),
    ("high", -1, "info.high: expected a whole number"),
    ("trump", 4, "info.trump: expected a whole number from 0 to 3"),
    ("trump", "H", "info.trump: expected a whole number from 0 to 3"),
    ("gift", -1, "info.gift: expected a mask"),
    ("exchanged", 5, "info.exchanged: expected a whole number from 0 to 4"),
    ("call", "medium", "info.call: expected 'high', 'low' or null"),
    ("hand_size", 7, "info.hand_size: auction-pitch does not deal hands of 7 cards"),
    ("hand_size", 0, "info.hand_size: every hand is dealt cards"),
    ("hand_size", 99, "info.hand_size: expected a whole number from 0 to 52"),
    ("called", 52, "info.called: expected a card"),
    ("junk", [[]], r"info.junk\[0\]: expected a card"),
])
def test_loads_refuses_hand_info_of_the_wrong_length_or_type(field: str, value: object, message: str) -> None:
    record = record_of(mid_play())
    record["info"][field] = value
    refused(record, message)


def test_loads_refuses_missing_and_unknown_fields() -> None:
    record = record_of(mid_play())
    del record["info"]["call"]
    refused(record, "info: expected the fields .*'call' is missing")
    record = record_of(mid_play())
    record["info"]["colour"] = "red"
    refused(record, "'colour' is unknown")
    record = record_of(mid_play())
    record["colour"] = "red"
    refused(record, "unknown field 'colour'")
    del record["colour"], record["masks"]
    refused(record, "missing masks")


@pytest.mark.parametrize("text", [
    None, 3, 2.5, b'{"format": "pitchcore-state/1"}', bytearray(b"{}"), {"format": "pitchcore-state/1"}, ["x"],
    "", "not json", "[]", "null", '"text"', "{}", "[" * 100_000, '{"a":' * 100_000, "1" * 10_000, "NaN",
    '{"format": "pitchcore-state/1", "seed": NaN}', '{"format": "pitchcore-state/1", "seed": Infinity}',
    "\ud800", "\x00",
])
def test_loads_takes_only_record_text(text: object) -> None:
    with pytest.raises(pc.RecordError, match="not a pitchcore game record") as caught:
        pc.loads(text)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 500


def test_loads_refuses_text_longer_than_any_record() -> None:
    record = pc.dumps(mid_play())
    refused(record + " " * (10_000_001 - len(record)), "more than a record holds")
    assert pc.loads(record + " " * 1000) == mid_play()


@pytest.mark.parametrize("value", [1e400, 10**400, -(10**30), 2**70])
def test_loads_refuses_numbers_beyond_any_game(value: object) -> None:
    text = pc.dumps(mid_play()).replace('"deal_number":0', f'"deal_number":{value}')
    assert text != pc.dumps(mid_play())
    refused(text)


def test_loads_refuses_a_variant_that_does_not_load() -> None:
    record = record_of(mid_play())
    record["variant"]["going_out"]["target"] = 0
    message = refused(record, "its variant is not valid")
    assert "target" in message
    for junk in (None, [], "auction-pitch", {"deal": [1]}, {"points": {"kind": [1]}}):
        record["variant"] = junk
        refused(record)


def test_loads_refuses_a_table_the_variant_does_not_allow() -> None:
    record = record_of(mid_play())
    for players in (1, 9, 4.0, True):
        record["players"] = players
        refused(record, "players: expected a whole number from 2 to 8")
    record = record_of(pc.new_game("partnership-pitch", seed=1))
    record["players"] = 3
    refused(record, "players: expected a whole number from 4 to 4, got 3")
    for seed in (-1, 2**64, 1.5, "7"):
        record = record_of(mid_play())
        record["seed"] = seed
        refused(record, "seed: expected a whole number from 0 to 18446744073709551615")


def test_loads_refuses_a_later_deal_that_is_not_the_seeds() -> None:
    rng = random.Random(6)
    state = pc.new_game("auction-pitch", seed=6)
    while state.deal_number == 0 or state.phase is not Phase.BIDDING:
        state = state.apply(choose_move(state, rng))
    record = record_of(state)
    record["seed"] += 1  # the same cards, said to come from another seed's shuffle
    refused(record, "no legal play reaches this position")
    record = record_of(state)
    record["masks"][0], record["masks"][1] = record["masks"][1], record["masks"][0]
    record["info"]["dealt"] = record["masks"]
    refused(record, "no legal play reaches this position: its moves give another masks")
    assert pc.loads(pc.dumps(state)) == state


def test_a_stacked_first_deal_loads_with_its_stock_in_its_own_order_only() -> None:
    state = stacked_game(pc.load_variant("haus-pitch"), 4, 9, 0)
    state = state.apply(next(move for move in state.legal_moves() if move.kind == "bid"))
    assert pc.loads(pc.dumps(state)).info.stock == state.info.stock
    record = record_of(state)
    record["info"]["stock"].reverse()  # the record's start says how the deck was stacked
    refused(record, "no legal play reaches this position: its moves give another info")


def test_loads_refuses_a_hand_that_no_play_reaches() -> None:
    state = mid_play()
    record = record_of(state)
    record["tricks"][0][2] = (record["tricks"][0][2] + 1) % 4  # the trick to another seat
    refused(record, "its moves give another done_tricks")
    record = record_of(state)
    record["info"]["bids"] = [[seat, None] for seat, _ in record["info"]["bids"]]
    refused(record, "no legal play reaches this position")
    record = record_of(state)
    record["info"]["trump"] = (record["info"]["trump"] + 1) % 4
    refused(record, "no legal play reaches this position")
