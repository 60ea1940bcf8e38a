"""The compiled kernel against the Python components, move by move.

The kernel (``pitchcore._kernel``, driven by ``pitchcore.game.kernel``) runs the play step and
judges the point categories from the tables the components compile. Here every move of
many random hands of every bundled variant is made both ways from the same state: the
legal plays, the legality of every card held, the state each reaches and what it leads to
must be equal, and each finished hand must be judged and settled as ``score_hand`` scores
it (the kernel's whole ``HandResult``, and the score change its playouts settle to). The
suite's tests that play games also run with ``PITCHCORE_PURE=1`` (the Makefile's test
target), so each of them covers both paths.
"""

from __future__ import annotations

import gc
import os
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, HOUSE_RULES, TRUMP_HOUSE, choose_move, random_game
from pitchcore.accel import fast
from pitchcore.bots.search import rollout_move
from pitchcore.components import HAND_STEPS
from pitchcore.components.deal import dealt
from pitchcore.components.exchange import _subsets
from pitchcore.components.scoring import score_hand
from pitchcore.components.step import Next
from pitchcore.game import kernel
from pitchcore.loading.loader import load_variant_text
from pitchcore.model import extension
from pitchcore.model.cards import cards_in, key_order
from pitchcore.model.fields import MASKS, TO_MOVE
from pitchcore.model.log import Log
from pitchcore.model.moves import PLAY, Move
from pitchcore.model.state import GameState, Phase

HANDS = int(os.environ.get("PITCHCORE_KERNEL_HANDS", "5000"))
"""Random hands per bundled variant compared move by move: 5,000 each in the test command
(about 115,000 in all over the 23 variants the kernel plays, some 2 minutes of one core: the
Python side of each move is the cost); ``PITCHCORE_KERNEL_HANDS=100000`` is the long run
(about 40 minutes of one core) before a kernel change lands, ``PITCHCORE_KERNEL_HANDS=1000
pytest tests/test_kernel.py`` a quick one while working on it."""
SHARDS = 4
"""Each variant's hands run as this many tests of ``HANDS / SHARDS`` hands (rounded up) from
seeds of their own, so two workers share the work evenly."""
HOUSE_HANDS = 2_500
"""Per house-rule example variant."""
PYTHON_ONLY = {"california-jack", "shasta-sam", "jacks-trump"}
"""Bundled variants the kernel leaves to Python: hands refilled during play (a stock drawn
from after each trick) and the called-rank play of Jacks Trump."""
PLAY_STEP = HAND_STEPS.index("play")

needs_kernel = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled kernel is not in use "
                                  "(not built, or PITCHCORE_PURE=1): the pure path is the reference")


def test_kernel_is_built_where_ci_runs() -> None:
    """CI has a compiler: the kernel must build there, or its half of the suite tests nothing."""
    if os.environ.get("CI") and not kernel.PURE:
        assert kernel.AVAILABLE, "CI=true but pitchcore._kernel did not build"


def test_pure_switch_leaves_the_components() -> None:
    """With the kernel off, the table runs the variant's own play component."""
    state = pc.new_game("auction-pitch", seed=1)
    step = state.table.pipeline[PLAY_STEP]
    if kernel.AVAILABLE:
        assert isinstance(step, kernel.KernelPlay) and step.component is state.variant.play
    else:
        assert step is state.variant.play


@needs_kernel
@pytest.mark.parametrize("name", BUNDLED)
def test_kernel_plays_every_bundled_variant_it_should(name: str) -> None:
    """Every bundled variant runs on the kernel except those whose play it does not know."""
    reason = kernel.unsupported(pc.load_variant(name))
    assert (reason is not None) == (name in PYTHON_ONLY), reason


def _starts(variant: pc.Variant, count: int, seed: int) -> list[GameState]:
    """States at the first card of a hand, from random games (bids and exchanges included)."""
    rng = random.Random(seed)
    found: list[GameState] = []
    game = 0
    while len(found) < count:
        state = pc.new_game(variant, seed=seed * 1000 + game)
        game += 1
        hands = 0
        while not state.is_over and hands < 20 and len(found) < count:
            if state.phase is Phase.PLAYING and not state.done_tricks and not state.trick_cards:
                found.append(state)
            before = len(state.hand_results)
            state = state.apply(choose_move(state, rng))
            hands += len(state.hand_results) - before
    return found


def _redealt(base: GameState, rng: random.Random) -> GameState | None:
    """``base`` with the cards in play dealt out again at random (the same hand sizes), a
    random trump where one is known, and random scores, the play step entered anew: a new
    random hand at its first card (None: one that ends before a card is played)."""
    masks = base.masks
    cards = [card for mask in masks for card in cards_in(mask)]
    rng.shuffle(cards)
    new, at = [], 0
    for mask in masks:
        size = mask.bit_count()
        new.append(sum(1 << card for card in cards[at:at + size]))
        at += size
    info = base.info
    trump = info.trump if info.trump is None else rng.randrange(4)
    scores = tuple(rng.randrange(-12, 12) for _ in range(base.table.sides))
    state = base.evolve(scores=scores, masks=tuple(new), info=info._replace(trump=trump))
    state, waiting = base.table.pipeline[PLAY_STEP].begin(state)
    return state if waiting else None


def _compare_hand(state: GameState, rng: random.Random, number: int = 0) -> int:
    """Play one hand to its end from ``state`` both ways, move by move; the moves made.

    The component and the kernel each keep their own copy of the state's fields; before
    every move both list the legal plays and judge a card the seat holds (and now and then
    any card), and after it both copies must be equal. The finished hand is scored both
    ways; every eighth (``number``) also as the kernel's playouts and search settle it."""
    step = state.table.pipeline[PLAY_STEP]
    assert isinstance(step, kernel.KernelPlay)
    python, rules = step.component, step.rules
    ours, theirs = list(state), list(state)
    random_ = rng.random
    deck = state.table.deck_size
    made = 0
    while True:
        legal = python.legal_fields(ours)
        assert rules.legal_fields(theirs) == legal, (ours, legal)
        held = ours[MASKS][ours[TO_MOVE]]
        probe = PLAY[(held & -held).bit_length() - 1 if made % 2 else held.bit_length() - 1]  # lowest, highest
        assert rules.is_legal(theirs, probe) == python.is_legal(ours, probe), (ours, probe)
        if made % 5 == 0:
            for probe in (PLAY[int(random_() * deck)], Move("bid", 2)):
                assert rules.is_legal(theirs, probe) == python.is_legal(ours, probe), (ours, probe)
        move = legal[int(random_() * len(legal))]
        after = python.apply_in_place(ours, move)
        assert rules.apply_in_place(theirs, move) is after
        assert theirs == ours, (state, move)
        made += 1
        if after is Next.DONE:
            break
        assert after is Next.WAIT
    expected = score_hand(tuple.__new__(GameState, ours))
    finished = tuple.__new__(GameState, theirs)
    assert kernel.score_hand(finished, keep=False) == expected, (state, expected)  # the engine's scoring
    if number % 8 == 0:
        result, _, winner, _ = expected
        assert kernel.judge(finished) == (result.delta, winner), (state, result)  # playouts' settling
        assert kernel.score_hand(finished) == expected, (state, expected)  # search's, an outcome kept
    return made


def _compare_greedy(state: GameState, rng: random.Random) -> None:
    """Along one random hand, the kernel's greedy policy picks the card ``rollout_move``'s
    rule does wherever the rule decides (a trump known, more than one legal play)."""
    rules = state.table.pipeline[PLAY_STEP].rules
    while state.phase is Phase.PLAYING and not state.is_over:
        legal = state.legal_moves()
        card = rules.greedy_move(state)
        if card is None:
            assert state.trump is None or len(legal) == 1
        else:
            assert rollout_move(state, legal, rng, greedy=1.0) == PLAY[card], state
        before = len(state.hand_results)
        state = fast.step(state, legal[rng.randrange(len(legal))])
        if len(state.hand_results) != before:
            return


def _compare_variant(variant: pc.Variant, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    starts = _starts(variant, 40, seed)
    moves = 0
    for number in range(hands):
        base = starts[number % len(starts)]
        state = base if number < len(starts) else _redealt(base, rng)
        moves += 1 if state is None else _compare_hand(state, rng, number)
        if state is not None and number % 50 == 0:
            _compare_greedy(state, rng)
    assert moves >= hands  # every hand had a move


@needs_kernel
@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.parametrize("name", sorted(set(BUNDLED) - PYTHON_ONLY))
def test_kernel_matches_python_move_by_move(name: str, shard: int) -> None:
    """HANDS random hands of the variant (a shard's share of them here), every move made by
    the component and by the kernel from the same state: equal legal plays, equal legality
    of each card, equal states, equal scores (the hand's score change per side and the
    game's winner)."""
    _compare_variant(pc.load_variant(name), -(-HANDS // SHARDS), seed=len(name) * SHARDS + shard)


@needs_kernel
@pytest.mark.parametrize("name", sorted({**TRUMP_HOUSE, **HOUSE_RULES}))
def test_kernel_matches_python_on_house_rules(name: str) -> None:
    """The house-rule examples (jokers by play order, off-colour trumps, last-trick and
    high-spade points, Game ties, teams) where the kernel plays them."""
    text = {**TRUMP_HOUSE, **HOUSE_RULES}[name]
    variant = load_variant_text(text)
    if kernel.unsupported(variant) is not None:
        pytest.skip(f"runs on Python: {kernel.unsupported(variant)}")
    _compare_variant(variant, HOUSE_HANDS, seed=len(name))


AUCTION_STEP = HAND_STEPS.index("auction")
ODD_BIDS = (Move("bid", 2.0), Move("bid", True), Move("bid", 999), Move("bid", "no-such-bid"),  # type: ignore[arg-type]
            Move("bid", None), Move("pass", 0), Move("play", 3))
"""Moves that are never a bid the kernel may make on the checked path: malformed (2.0 and
True equal the bids 2 and 1), out of range, or of another kind."""
KERNEL_AUCTIONS = {"auction-pitch", "book-pitch", "catch-five", "cinch", "first-to-seven", "game-tie-to-defenders",
                   "haus-pitch", "hi-lo-jack", "hi-lo-jack-partners", "joker-pitch", "minnesota-smear", "no-junk",
                   "partnership-pitch", "pedro", "racehorse-pitch", "smear", "smear-cutthroat", "st-paul-smear",
                   "ten-point", "ten-point-pitch", "trickster-11-point", "trickster-13-point", "trickster-9-point"}
"""Bundled variants whose auction's bids before the dealer's run in the kernel: a single
round with no forced bid and no called partner."""


@needs_kernel
@pytest.mark.parametrize("name", BUNDLED)
def test_kernel_bids_in_every_single_round_auction(name: str) -> None:
    """The kernel takes the bids of each bundled single-round auction whose legal bids depend
    on the high bid and the dealer's turn alone; Python keeps the others (Nine-Five's forced
    bid, the sell-outs, the games without an auction)."""
    step = pc.new_game(name, seed=0).table.pipeline[AUCTION_STEP]
    assert isinstance(step, kernel.KernelAuction) == (name in KERNEL_AUCTIONS), step


def _compare_move(state: GameState, python: Any, compiled: Any, move: Move) -> None:
    """One legal move both ways, by a step's component (``python``) and its compiled object:
    the same fields in place and the same ``Next``, and the state the checked API and
    ``advance`` make (the kernel's for a seat before the dealer, whose move ends the step
    and goes to Python, and never for a wrong seat)."""
    ours, theirs = list(state), list(state)
    assert compiled.apply_in_place(theirs, move) is python.apply_in_place(ours, move)
    assert theirs == ours, (state, move)
    moved = compiled.checked(state, move, None)
    assert compiled.advance(state, move) == moved
    if state.to_move == state.dealer:
        assert moved is None
    else:
        new, after = python.apply(state, move)
        assert after is Next.WAIT
        assert moved == new.evolve(log=Log((state.log, move)))
        assert moved == state.apply(move, seat=state.to_move)
        wrong = (state.to_move or 0) + 1
        assert compiled.checked(state, move, wrong) is None
        assert compiled.checked(state, move, str(state.to_move)) is None


def _compare_bids(state: GameState, rng: random.Random) -> None:
    """One bidding position both ways: equal legal bids, equal legality of each bid and odd
    move, equal fields after a random legal bid, and the state ``apply`` makes (the kernel's
    for a seat before the dealer, never for the dealer or a malformed move or wrong seat)."""
    step = state.table.pipeline[AUCTION_STEP]
    assert isinstance(step, kernel.KernelAuction)
    python, bids = step.component, step.bids
    legal = python.legal(state)
    assert bids.legal(state) == legal
    assert bids.legal_fields(list(state)) == legal
    for probe in (*legal, *ODD_BIDS):
        assert bids.is_legal(state, probe) == python.is_legal(state, probe), (state, probe)
    _compare_move(state, python, bids, legal[rng.randrange(len(legal))])
    for odd in ODD_BIDS:
        assert bids.checked(state, odd, None) is None, odd


HOUSE_AUCTIONS = {
    "dealer-may-not-take": "extends: auction-pitch\nname: a\nauction: {dealer_may_take: false, min_bid: 1}\n",
    "dealer-set-back": "extends: auction-pitch\nname: b\nauction: {all_pass: dealer-set-back}\n",
    "pass-deal": "extends: haus-pitch\nname: c\nauction: {all_pass: pass-deal, min_bid: 3}\n",
}
"""House auctions beside the bundled ones: the dealer's privilege off, and what everyone
passing leads to."""


@needs_kernel
@pytest.mark.parametrize("name", sorted(KERNEL_AUCTIONS) + sorted(HOUSE_AUCTIONS))
def test_kernel_bids_match_the_auction_component(name: str) -> None:
    """Every bidding position of random games (bold bids too: high bids and shoots), both ways."""
    rng = random.Random(len(name))
    variant = load_variant_text(HOUSE_AUCTIONS[name]) if name in HOUSE_AUCTIONS else pc.load_variant(name)
    positions = 0
    for game in range(60):
        state = pc.new_game(variant, seed=game, dealer=game % variant.deal.default_players)
        while not state.is_over and len(state.hand_results) < 6:
            if state.phase is Phase.BIDDING and state.step == AUCTION_STEP:
                _compare_bids(state, rng)
                positions += 1
            state = state.apply(choose_move(state, rng, bold=game % 2 == 1))
    assert positions > 300


EXCHANGE_STEP = HAND_STEPS.index("exchange")
HOUSE_DRAWS = {
    "haus-pitch": None,
    "no-discard-beyond-the-gift": "extends: haus-pitch\nname: d\nexchange: {kind: draw, max_discard: 0}\n",
    "short-stock": "extends: haus-pitch\nname: e\nexchange: {kind: draw, max_discard: 12}\n",
    "no-gift": "extends: haus-pitch\nname: f\nwidow: none\nexchange: {kind: draw, max_discard: 3}\n",
    "misdeal-without-trump": "extends: haus-pitch\nname: g\ndeal: {worthless: no-trump, worthless_hand: redeal}\n",
}
"""The draw (``exchange: draw``) as bundled, with no discard beyond the bidder's extra cards,
with more discards than the stock can refill, without a gift, and wrapped in the deal's
check for a hand with no trump."""


def _odd_discards(state: GameState) -> tuple[Move, ...]:
    """Moves that are never a discard the kernel may make on the checked path: malformed (True
    equals 1, 2.0 a number), outside the hand, too many or too few cards, of another kind."""
    hand = state.masks[state.to_move or 0]
    outside = ~hand & ((1 << state.table.deck_size) - 1)
    return (Move("discard", True), Move("discard", 2.0), Move("discard", -1), Move("discard", 1 << 70),  # type: ignore[arg-type]
            Move("discard", outside & -outside), Move("discard", hand | (outside & -outside)), Move("discard", hand),
            Move("discard", 0), Move("discard", None), Move("pass"), Move("play", 3))


def _compare_draw(state: GameState, rng: random.Random) -> None:
    """One discarding position both ways: equal legal discards, equal legality of each and of
    odd moves, equal fields after a random legal discard, and the state ``apply`` makes (the
    kernel's for a seat before the dealer, never for the dealer, an odd move or a wrong seat)."""
    step = state.table.pipeline[EXCHANGE_STEP]
    step = getattr(step, "exchange", step)  # (inside the deal's check for trumps)
    assert isinstance(step, kernel.KernelDraw)
    python, draws = step.component, step.draws
    legal = python.legal(state)
    assert draws.legal(state) == legal
    assert draws.legal_fields(list(state)) == legal
    lazy = fast.Game(state).moves()  # (each discard made when asked)
    assert type(lazy) is extension.compiled.Discards and lazy == legal  # type: ignore[union-attr]
    for probe in (*legal[:20], *legal[-20:], *_odd_discards(state)):
        assert draws.is_legal(state, probe) == python.is_legal(state, probe), (state, probe)
    _compare_move(state, python, draws, legal[rng.randrange(len(legal))])
    for odd in _odd_discards(state):
        if not python.is_legal(state, odd):
            assert draws.checked(state, odd, None) is None, odd


@needs_kernel
@pytest.mark.parametrize("name", sorted(HOUSE_DRAWS))
def test_kernel_draws_match_the_draw_component(name: str) -> None:
    """Every discarding position of random games of the draw, both ways."""
    rng = random.Random(len(name))
    text = HOUSE_DRAWS[name]
    variant = pc.load_variant(name) if text is None else load_variant_text(text)
    positions = 0
    for game in range(40):
        state = pc.new_game(variant, seed=game, dealer=game % variant.deal.default_players)
        while not state.is_over and len(state.hand_results) < 4:
            if state.phase is Phase.DISCARDING:
                _compare_draw(state, rng)
                positions += 1
            state = state.apply(choose_move(state, rng, bold=game % 2 == 1))
    assert positions > 300


def test_only_the_draw_gives_the_kernel_an_exchange() -> None:
    """The draw's discards run in the kernel where it is in use; the other exchanges stay Python."""
    for name in BUNDLED:
        step = pc.new_game(name, seed=0).table.pipeline[EXCHANGE_STEP]
        step = getattr(step, "exchange", step)
        expected = kernel.AVAILABLE and pc.load_variant(name).exchange.__class__.__name__ == "Draw"
        assert isinstance(step, kernel.KernelDraw) == expected, (name, step)


@needs_kernel
def test_a_games_log_is_left_untracked_by_the_cycle_collector() -> None:
    """The log's links, its start and its moves can be in no cycle: the kernel leaves them
    untracked (the collector never untracks a named tuple itself), on every path."""
    rng = random.Random(3)
    for variant in ("auction-pitch", "haus-pitch"):
        state = pc.new_game(variant, seed=3)
        game = fast.Game(state)
        for _ in range(120):
            move = state.legal_moves()[rng.randrange(len(state.legal_moves()))]
            state = state.apply(move)
            game.apply(move)
        for log in (state.log, game.freeze().log):
            links = 0
            while log[0] is not None:
                assert not gc.is_tracked(log) and not gc.is_tracked(log[1]), log[1]
                log, links = log[0], links + 1
            assert links == 120 and not gc.is_tracked(log) and not gc.is_tracked(log[1])


@needs_kernel
def test_untrack_leaves_only_plain_tuples_untracked() -> None:
    """``untrack`` never untracks what could be in a cycle: a list inside, an object of a
    type not named plain, a tuple subclass of its own."""
    assert extension.compiled is not None
    untrack = extension.compiled.untrack

    class Own(tuple):  # type: ignore[type-arg]
        __slots__ = ()

    plain = untrack(((1, "a"), None, (2.5, True)))
    assert not gc.is_tracked(plain) and not gc.is_tracked(plain[0])
    for kept in (([],), ((1, []),), (object(),), Own((1, 2)), (Own((1,)),)):
        assert gc.is_tracked(untrack(kept)), kept
    cycle: list[object] = []
    holder = untrack((cycle,))
    cycle.append(holder)
    assert gc.is_tracked(holder)  # (the cycle through it stays collectable)


def _play_start(name: str, seed: int) -> GameState:
    return _starts(pc.load_variant(name), 1, seed)[0]


@pytest.mark.parametrize("name", ["auction-pitch", "haus-pitch", "ten-point-pitch", "minnesota-smear"])
def test_playouts_agree_with_the_python_path_in_the_mean(name: str) -> None:
    """The kernel's random playouts and the Python path's (another random generator) agree
    within their standard errors: the mean score change per side of one position."""
    state = _play_start(name, 3)
    ours = fast.playouts(state, 4000, seed=1)
    python = fast.playouts(state, 4000, seed=1, policy=lambda _, legal, rng: legal[rng.randrange(len(legal))])
    assert ours.points.shape == python.points.shape == (4000, state.table.sides)
    spread = np.sqrt(ours.points.var(axis=0) / 4000 + python.points.var(axis=0) / 4000)
    assert np.all(np.abs(ours.points.mean(axis=0) - python.points.mean(axis=0)) <= 5 * spread + 1e-9)


@pytest.mark.parametrize("name", ["auction-pitch", "smear"])
def test_greedy_playouts_agree_with_the_python_path_in_the_mean(name: str) -> None:
    """``fast.Greedy`` in the kernel and as a Python policy: the same mean outcomes."""
    state = _play_start(name, 6)
    ours = fast.playouts(state, 3000, seed=1, policy=fast.Greedy(0.8))
    python = fast.playouts(state, 3000, seed=1, policy=lambda s, legal, rng: fast.Greedy(0.8)(s, legal, rng))
    spread = np.sqrt(ours.points.var(axis=0) / 3000 + python.points.var(axis=0) / 3000)
    assert np.all(np.abs(ours.points.mean(axis=0) - python.points.mean(axis=0)) <= 5 * spread + 1e-9)


def test_playouts_are_reproducible_and_seeded() -> None:
    state = _play_start("auction-pitch", 4)
    first, again, other = (fast.playouts(state, 500, seed) for seed in (7, 7, 8))
    assert np.array_equal(first.points, again.points) and np.array_equal(first.winners, again.winners)
    assert not np.array_equal(first.points, other.points)


@needs_kernel
@pytest.mark.parametrize("name", ["auction-pitch", "haus-pitch", "trickster-9-point"])
def test_outcomes_count_the_playouts_by_result(name: str) -> None:
    """``kernel.outcomes`` is ``playouts`` of the same seed grouped: each distinct outcome's
    (score change, winner) and how many playouts ended so."""
    state = _play_start(name, 5)
    for greedy in (0.0, 0.7):
        found = kernel.outcomes(state, 300, 11, greedy)
        played = kernel.playouts(state, 300, 11, greedy)
        assert found is not None and played is not None
        rows: dict[tuple[tuple[int, ...], int], int] = {}
        for delta, winner in zip(played[0].tolist(), played[1].tolist(), strict=True):
            rows[(tuple(delta), winner)] = rows.get((tuple(delta), winner), 0) + 1
        grouped: dict[tuple[tuple[int, ...], int], int] = {}
        for delta, winner, count in found:  # (outcomes are by award pattern: several may score alike)
            grouped[(delta, winner)] = grouped.get((delta, winner), 0) + count
        assert grouped == rows
        assert sum(count for _, _, count in found) == 300


def test_playouts_score_the_hand_as_the_engine_does() -> None:
    """Each playout's score change is what the engine's own scoring gives some legal
    completion of the hand: the set of outcomes equals those of many Python completions."""
    state = _play_start("hi-lo-jack", 5)
    ours = {tuple(row) for row in fast.playouts(state, 3000, seed=2).points.tolist()}
    python = {tuple(row) for row in fast.playouts(
        state, 3000, seed=2, policy=lambda _, legal, rng: legal[rng.randrange(len(legal))]).points.tolist()}
    assert ours & python and len(ours ^ python) <= max(3, len(ours | python) // 5)


def test_playouts_check_their_arguments() -> None:
    state = pc.new_game("auction-pitch", seed=1)
    with pytest.raises(ValueError, match="n must be"):
        fast.playouts(state, -1)
    over = random_game("auction-pitch", 1)[0][-1]
    assert over.is_over
    with pytest.raises(ValueError, match="over"):
        fast.playouts(over, 1)


@pytest.mark.skipif(extension.compiled is None, reason="the compiled extension is not in use")
@given(mask=st.integers(0, 2**54 - 1).filter(lambda m: m.bit_count() <= 16), low=st.integers(0, 17),
       high=st.integers(-1, 17))
@settings(max_examples=300, deadline=None)
def test_compiled_submoves_are_the_pythons_subsets(mask: int, low: int, high: int) -> None:
    """A draw's discards from the extension: one per sub-mask, in ``_subsets``' order."""
    assert extension.compiled is not None
    sizes = range(low, max(high, low - 1) + 1)
    expected = tuple(Move("discard", sub) for sub in _subsets(mask, sizes))
    found = extension.compiled.submoves(Move, "discard", mask, low, max(high, low - 1)) if sizes else ()
    assert found == expected
    assert all(type(move) is Move for move in found)
    assert not any(gc.is_tracked(move) for move in found)  # (no cycle to find: thousands would set off collections)


@pytest.mark.skipif(extension.compiled is None, reason="the compiled extension is not in use")
@given(mask=st.integers(0, 2**54 - 1).filter(lambda m: m.bit_count() <= 13), low=st.integers(-1, 14),
       high=st.integers(-1, 15), data=st.data())
@settings(max_examples=300, deadline=None)
def test_lazy_discards_are_the_submoves_tuple(mask: int, low: int, high: int, data: st.DataObject) -> None:
    """``fast.Game``'s lazy discards equal the tuple of the same sub-masks in every way a
    sequence is read: length, items from either end, slices, membership, position, hash."""
    assert extension.compiled is not None
    expected = extension.compiled.submoves(Move, "discard", mask, low, high)
    found = extension.compiled.discards(Move, "discard", mask, low, high)
    assert len(found) == len(expected) and found == expected and expected == found and (found != expected) is False
    assert tuple(found) == expected and list(reversed(found)) == list(reversed(expected))
    assert hash(found) == hash(expected) and isinstance(found, Sequence)
    if expected:
        index = data.draw(st.integers(-len(expected), len(expected) - 1))
        assert found[index] == expected[index] and type(found[index]) is Move
        move = expected[index]
        assert move in found and found.index(move) == expected.index(move) and found.count(move) == 1
        start, stop = sorted(data.draw(st.lists(st.integers(-len(expected), len(expected)), min_size=2, max_size=2)))
        assert found[start:stop:2] == expected[start:stop:2]
    with pytest.raises(IndexError):
        found[len(expected)]
    outside = ~mask & (1 << 60)
    for odd in (Move("discard", mask | outside), Move("discard", -1), Move("play", 0), ("discard",), 7):
        assert (odd in found) is False and found.count(odd) == 0
    with pytest.raises(ValueError):
        found.index(Move("play", 0))


@pytest.mark.skipif(extension.compiled is None, reason="the compiled extension is not in use")
@given(keys=st.lists(st.integers(0, 2**32 - 1) | st.integers(0, 3), max_size=64))
@settings(max_examples=300, deadline=None)
def test_compiled_order_is_the_pythons_key_order(keys: list[int]) -> None:
    """The shuffle's sort from the extension: by key, ties (small keys make many) by index."""
    assert extension.compiled is not None
    digest = b"".join(key.to_bytes(4, "little") for key in keys)
    assert list(extension.compiled.order(digest)) == key_order(digest)


@pytest.mark.skipif(extension.compiled is None, reason="the compiled extension is not in use")
@given(data=st.data(), players=st.integers(1, 8))
@settings(max_examples=300, deadline=None)
def test_compiled_deal_is_the_pythons_deal(data: st.DataObject, players: int) -> None:
    """A deal from the extension: each top card to its seat, the rest of the stock left."""
    assert extension.compiled is not None
    stock = tuple(data.draw(st.permutations(range(54))))[:data.draw(st.integers(0, 54))]
    seats = tuple(data.draw(st.lists(st.integers(0, players - 1), max_size=60)))
    assert extension.compiled.deal(stock, seats, players) == dealt(stock, seats, players)


@pytest.mark.skipif(extension.compiled is None, reason="the compiled extension is not in use")
@given(mask=st.integers(0, 2**64 - 1))
@settings(max_examples=300, deadline=None)
def test_compiled_cards_are_cards_in(mask: int) -> None:
    assert extension.compiled is not None
    assert list(extension.compiled.cards(mask)) == list(cards_in(mask))
