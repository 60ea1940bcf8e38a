"""Shared helpers for the pitchcore tests: a random-game driver and a Hypothesis profile."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import Phase as Stage

import pitchcore as pc
from pitchcore.cards import cards_in, mask_of, parse_cards
from pitchcore.moves import PASS
from pitchcore.state import GameState, Phase

settings.register_profile(
    "ci", max_examples=25, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci")

GAMES = settings(max_examples=10, phases=[Stage.explicit, Stage.reuse, Stage.generate])
"""For tests that play whole random games: shrinking a game's seed teaches nothing and
can take minutes, so a failure is reported as found (its seed and draws are printed)."""

BUNDLED = tuple(pc.bundled_variants())
MAX_HANDS = 300
"""Safety net for random games: a game still running after this many hands is a bug."""


def choose_move(state: GameState, rng: random.Random, *, bold: bool = False) -> pc.Move:
    """A random policy under which every game of a bundled variant ends.

    Bidding passes when it may with probability 3/4 (19/20 over somebody's bid, which keeps
    bids low) and otherwise makes the lowest legal bid: uniformly random bids fail so often
    that scores drift away from the target for ever (book-pitch, no-junk). Every other phase
    picks uniformly among the legal moves. A ``bold`` player bids uniformly at random too
    (high bids and shoots come up, but games may then never end).
    """
    moves = state.legal_moves()
    if state.phase is Phase.BIDDING and not bold:
        bids = [move for move in moves if move.kind == "bid"]
        keep_out = 0.95 if state.info.high else 0.75
        if PASS in moves and (not bids or rng.random() < keep_out):
            return PASS
        if not bids:  # no bid to make: the bidder calls its partner (call your partner)
            return rng.choice(moves)
        rank = state.table.rules.auction.rank
        return min(bids, key=lambda move: rank(move.arg))
    return rng.choice(moves)


def play_random(state: GameState, seed: int, max_hands: int = MAX_HANDS,
                max_moves: int | None = None, *,
                bold: bool = False) -> Iterator[tuple[GameState, pc.Move, GameState]]:
    """Play ``state`` on with ``choose_move``; yield (before, move, after) per move."""
    rng = random.Random(seed)
    moves = 0
    while not state.is_over and len(state.hand_results) < max_hands:
        if max_moves is not None and moves >= max_moves:
            return
        move = choose_move(state, rng, bold=bold)
        after = state.apply(move)
        yield state, move, after
        state = after
        moves += 1


def random_game(variant: pc.Variant | str, seed: int, *, players: int | None = None,
                dealer: int = 0, scores: Sequence[int] | None = None,
                max_hands: int = MAX_HANDS) -> tuple[list[GameState], list[pc.Move]]:
    """A whole random game: its states (first to last) and the moves between them."""
    state = pc.new_game(variant, players=players, seed=seed, dealer=dealer, scores=scores)
    states, moves = [state], []
    for _, move, after in play_random(state, seed, max_hands):
        moves.append(move)
        states.append(after)
    return states, moves


def card_locations(state: GameState) -> list[int]:
    """Every card the state holds anywhere, once per place it is found."""
    info = state.info
    found: list[int] = []
    for mask in state.masks:
        found.extend(cards_in(mask))
    found.extend(info.stock)
    found.extend(info.junk)
    found.extend(state.trick_cards)
    for _, cards, _ in state.done_tricks:
        found.extend(cards)
    return found


def mask(text: str) -> int:
    """Mask of a compact hand string such as ``"AS KS 3H"``."""
    return mask_of(parse_cards(text))


def play_state(variant: str, *, hand: str, trump: str | None, trick: str = "",
               players: int = 4, seat: int = 1, leader: int | None = None,
               tricks_done: int = 0, bidder: int = 0) -> GameState:
    """A state in the play phase where ``seat`` holds ``hand`` and the trick so far is ``trick``.

    Built from a real game's state with its fields replaced: the seat's hand, the trick,
    trump, the bidder and (as dummies) ``tricks_done`` completed tricks.
    """

    from pitchcore.cards import SUITS

    base = pc.new_game(variant, players=players, seed=1)
    trick_cards = tuple(parse_cards(trick))
    lead = (seat - len(trick_cards)) % players if leader is None else leader
    masks = list(base.masks)
    masks[seat] = mask(hand)
    info = base.info._replace(trump=None if trump is None else SUITS.index(trump),
                        bidder=bidder, start=tuple(masks))
    done = tuple((lead, (), lead) for _ in range(tricks_done))
    step = base.table.pipeline.index(base.table.rules.play)
    return base.evolve(phase=Phase.PLAYING, step=step, to_move=seat, masks=tuple(masks),
                       info=info, trick_cards=trick_cards, leader=lead, done_tricks=done)


@pytest.fixture(params=BUNDLED)
def bundled_name(request: Any) -> str:
    return str(request.param)


def known_cards(state: GameState, seat: int) -> set[str]:
    """Every card ``seat`` may have seen: its hand, its discards and gift, the called card,
    the cards turned up for trump, a face-up stock's top card and every card drawn from it,
    what was played (in this hand and, as the hand results show, in earlier ones)."""
    from pitchcore.cards import card_text

    info = state.info
    own = state.masks[seat] | (info.discards[seat] if info.discards else 0)
    own |= info.gift if seat == info.bidder else 0
    played = [*state.trick_cards, *(card for _, cards, _ in state.done_tricks for card in cards),
              *(card.index for result in state.hand_results for trick in result.tricks for card in trick.cards)]
    called = [] if info.called is None else [info.called]
    if state.table.face_up_stock:  # every card drawn lay face up first, and so does the top
        own |= sum(info.start) & ~sum(info.dealt) if info.start else 0
        called += info.stock[:1]
    return {card_text(card) for card in [*cards_in(own), *played, *called, *info.turned]}


def missing(reason: str) -> None:
    """Something a test needs is not installed: skip here, fail in CI (which must run it)."""
    import os

    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: this test must run)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)
