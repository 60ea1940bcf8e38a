"""Shared helpers for the pitchcore tests: a random-game driver and a Hypothesis profile."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import Phase as Stage

import pitchcore as pc
from pitchcore.components import HAND_STEPS
from pitchcore.model.cards import cards_in, mask_of, parse_cards
from pitchcore.model.moves import PASS
from pitchcore.model.state import GameState, Phase

PURE_RUN = os.environ.get("PITCHCORE_PURE") == "1"
"""This run plays on the pure-Python path (``make test``'s second run). Its tests that play
random games draw fewer of them: the compiled kernel's run draws the full count, and the
kernel's differential test (tests/test_kernel.py) already runs the Python components on every
move of its random hands, so this run's job is the pipeline without the kernel, which a few
games per test exercise as well as many. A plain ``PITCHCORE_PURE=1 pytest`` with
``PITCHCORE_FULL=1`` draws the full count."""
if os.environ.get("PITCHCORE_FULL") == "1":
    PURE_RUN = False

for name, examples in (("ci", 12), ("pure", 8)):
    settings.register_profile(
        name, max_examples=examples, deadline=None, print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
settings.load_profile("pure" if PURE_RUN else "ci")

PATH_INDEPENDENT = {
    "test_api_docs.py": "pdoc builds the API reference from docstrings",
    "test_check_warnings.py": "what `pitchcore check` says of a variant file",
    "test_doc_references.py": "the links and names in the text users read",
    "test_explain.py": "the rules in plain words, from the components' fields",
    "test_docs.py": "the generated docs and the schema against the loader",
    "test_import_graph.py": "the import statements of the package's source",
    "test_loader.py": "the loader's errors and the variants it builds",
    "test_old_paths.py": "old import paths name the same objects (its one game is asked only "
                         "for its table's old attribute names)",
    "test_untrusted_variants.py": "the loader on variant files from players",
}
"""Test modules whose results cannot depend on which path plays the cards: they play no move
and judge no hand (only the compiled kernel and ``PITCHCORE_PURE=1`` differ in that, see
docs/kernel.md), so running them once is enough. Their tests carry the marker
``path_independent``, and ``make test``'s second run, on the pure-Python path, leaves them
out with ``-m "not path_independent"``; a plain ``pytest`` (with ``PITCHCORE_PURE=1`` or
without) runs them as usual. A module that starts playing games does not belong here."""


RUN_ONCE = {
    "test_rl_example.py": "trains a small policy: its strength, not a rule, is what it measures",
    "test_baseline.py": "the learned baseline example: its features, fit, weights and training script",
    "test_recipes.py": "the learning recipes (MaskablePPO, Tianshou, NFSP): their training, not a rule",
    "test_server_attacks.py": "attacks on the server's sockets and lobby",
    "test_server_browser.py": "Chromium clicking the page",
    "test_server_clients.py": "websocket clients of the real server",
    "test_server_connection.py": "a connection's send queue and timeouts",
    "test_serving.py": "what a table sends each seat and spectator, hidden cards included",
    "test_view_schema.py": "views and their JSON against the published schema",
    "test_view_json.py": "views to JSON and back",
    "test_view_laziness.py": "a view's lazily built fields and their parts",
    "test_tensors.py": "observation and information-state tensors of states and views",
    "test_policy_bot.py": "tensors and masks from a seat's view, and a policy as a bot",
    "test_vector_env.py": "the vector env's rows against PitchEnv's (the batch under it is compared on both "
                          "paths by test_batch.py)",
    "test_tournament.py": "round-robin matches and the ratings fitted to them, a tool above simulate",
    "test_openspiel.py": "the OpenSpiel adapter and OpenSpiel's own checks and bots",
    "test_knowledge.py": "what a bot's view proves of the hidden cards",
    "test_hostile_corpus.py": "hostile variant files from players, and games of those that load",
    "test_plugins.py": "plug-in components (the kernel leaves them to Python on both paths)",
    "test_history_untrusted.py": "hand histories from players",
    "test_distributed.py": "matches spread over Dask workers",
}
"""Test modules that do play games, but judge a layer above the rules that reads states and
views only: views, their JSON and tensors, what the server and ``pitchcore.serving`` send,
the adapters, a bot's knowledge, histories from players, plug-ins (which the kernel never
runs), and the training example's strength. The states are the same on both paths
(tests/test_kernel.py compares them move by move, and tests/test_properties.py,
tests/test_untrusted_input.py, tests/test_bots.py and the scenarios run on both), so these
carry ``path_independent`` too and run once, on the compiled kernel."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "path_independent: the test plays no game, so the compiled kernel "
                            "and the pure-Python path give it the same result (conftest.PATH_INDEPENDENT)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    folder = Path(__file__).parent
    once = {**PATH_INDEPENDENT, **RUN_ONCE}
    unknown = [name for name in once if not (folder / name).is_file()]
    assert not unknown, f"conftest.PATH_INDEPENDENT or RUN_ONCE names modules that are gone: {unknown}"
    for item in items:
        if item.path.parent == folder and item.path.name in once:
            item.add_marker(pytest.mark.path_independent)


GAMES = settings(max_examples=3 if PURE_RUN else 4, phases=[Stage.explicit, Stage.reuse, Stage.generate])
"""For tests that play whole random games: shrinking a game's seed teaches nothing and
can take minutes, so a failure is reported as found (its seed and draws are printed)."""

BUNDLED = tuple(pc.bundled_variants())

TRUMP_HOUSE = {
    "off-colour-trumps": (
        "extends: ten-point-pitch\nname: off-colour-trumps\n"
        "trump: {extras: [jick, jokers, off-ace, off-three], joker_order: second-played}\n"
        "auction: {max_bid: 14}\nshoot: {bid: 14}\n"
        "points:\n"
        "  - {kind: trump-card, name: high, rank: A}\n"
        "  - {kind: trump-card, name: low, rank: '2', receiver: holder}\n"
        "  - {kind: jack}\n  - {kind: jick}\n"
        "  - {kind: joker, name: high-joker}\n  - {kind: joker, name: low-joker, joker: low}\n"
        "  - {kind: trump-card, name: game, rank: T}\n"
        "  - {kind: trump-card, name: three, rank: '3', value: 3}\n"
        "  - {kind: off-ace}\n  - {kind: off-three}\n"),
    "first-joker-high": (
        "extends: smear\nname: first-joker-high\ndeal: {deck: two-jokers}\n"
        "trump: {extras: [jick, jokers], joker_order: first-played}\n"
        "auction: {max_bid: 8}\n"
        "points:\n  - {kind: high, receiver: holder}\n  - {kind: low, receiver: holder}\n"
        "  - {kind: jack}\n  - {kind: jick}\n"
        "  - {kind: game, tie: dealer, joker_pips: half-on-ties}\n"
        "  - {kind: last-trick}\n  - {kind: high-spade}\n  - {kind: high-spade, name: spade-held, receiver: holder}\n"),
    "joker-names-trump": (
        "extends: joker-pitch\nname: joker-names-trump\ntrump: {joker_lead: named}\n"
        "points:\n  - {kind: high, receiver: holder}\n  - {kind: low, receiver: holder}\n"
        "  - {kind: jack}\n  - {kind: joker}\n  - {kind: game, tie: joker-holder}\n"),
}
"""House rules of the trump and point options (jokers by play order, off-colour trumps, a
joker led to name trump, Game ties, last-trick and high-spade points): the tests that
iterate the bundled variants run these too."""

HOUSE_RULES = {
    "st-paul": "extends: smear\nname: st-paul\nexchange: {kind: discard-refill, keep: 6, discard: any, up_to: 3, "
               "trump_discards: returned, robber: dealer, robber_hand: dealt, bury: non-point}\n",
    "cinch-widow": "extends: cinch\nname: cinch-widow\nwidow: {kind: own, count: 4}\n"
                   "exchange: {discard: to-keep, robber: none, robber_hand: refilled}\n",
    "keeps-eight": "extends: ten-point-pitch\nname: keeps-eight\nexchange: {robber_keeps: 8}\n",
    "bidder-robs-dealt": "extends: ten-point-pitch\nname: bidder-robs-dealt\nexchange: {robber_hand: dealt}\n",
    "double-set": "extends: auction-pitch\nname: double-set\nsettlement: {set_multiplier: 2}\n",
    "three-teams": "extends: auction-pitch\nname: three-teams\n"
                   "deal: {sides: partners, teams: 3, min_players: 6, max_players: 6, default_players: 6}\n"
                   "auction: {all_pass: dealer-set-back}\ngoing_out: {kind: all-reaching}\n",
    "teams-of-three": "extends: hi-lo-jack\nname: teams-of-three\n"
                      "deal: {sides: partners, min_players: 6, max_players: 6, default_players: 6, hand_size: 8}\n"
                      "going_out: {kind: bidder-goes-out, win_by: 2, lose_after_sets: 3}\n",
    "pairs-at-eight": "extends: smear\nname: pairs-at-eight\n"
                      "deal: {sides: partners, team_size: 2, min_players: 4, max_players: 8, default_players: 8}\n"
                      "going_out: {kind: highest-total, tie: shared}\n",
}
"""House rules of the exchange, the widow and the settlement (St Paul Smear's discard of up
to three, a widow per player, a robber keeping eight or robbing with its dealt hand, a set
worth twice the bid) and of the going-out and sides options (three sides of partners,
sides of three, a partnership file for 4, 6 and 8 played by 8; the dealer set back when all
pass, sides winning together, win by two, three set-backs and you lose, the bidder going
out), each at its default seats, for the tests that run every rule through random games: the
tensors, the action space and the fast path."""
MAX_HANDS = 300
"""Safety net for random games: a game still running after this many hands is a bug."""


def play(state: GameState, moves: list[str]) -> GameState:
    """``state`` after ``moves`` (texts), each applied in turn."""
    for move in moves:
        state = state.apply(move)
    return state


def refused(state: GameState, move: str, reason: str) -> None:
    """``move`` is illegal with ``reason`` in its message, and the state is left as it was."""
    before = pc.dumps(state)
    with pytest.raises(pc.IllegalMove, match=reason):
        state.apply(move)
    assert pc.dumps(state) == before


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
        bids = [move for move in moves if move.kind in ("bid", "blind")]  # (blind: before the deal)
        keep_out = 0.95 if state.info.high else 0.75
        if PASS in moves and (not bids or rng.random() < keep_out):
            return PASS
        if not bids:  # no bid to make: the bidder calls its partner (call your partner)
            return rng.choice(moves)
        rank = state.table.variant.auction.rank
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

    from pitchcore.model.cards import SUITS

    base = pc.new_game(variant, players=players, seed=1)
    trick_cards = tuple(parse_cards(trick))
    lead = (seat - len(trick_cards)) % players if leader is None else leader
    masks = list(base.masks)
    masks[seat] = mask(hand)
    info = base.info._replace(trump=None if trump is None else SUITS.index(trump),
                        bidder=bidder, start=tuple(masks))
    done = tuple((lead, (), lead) for _ in range(tricks_done))
    step = HAND_STEPS.index("play")
    return base.evolve(phase=Phase.PLAYING, step=step, to_move=seat, masks=tuple(masks),
                       info=info, trick_cards=trick_cards, leader=lead, done_tricks=done)


@pytest.fixture(params=BUNDLED)
def bundled_name(request: Any) -> str:
    return str(request.param)


def known_cards(state: GameState, seat: int) -> set[str]:
    """Every card ``seat`` may have seen: its hand, its discards and gift, the called card,
    the cards turned up for trump, a face-up stock's top card and every card drawn from it,
    what was played (in this hand and, as the hand results show, in earlier ones)."""
    from pitchcore.model.cards import card_text

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


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A fresh folder with a short path (``tmp_path`` is long under parallel workers, and
    messages shorten a long path with ``...``: tests that read a whole path in a message
    use this)."""
    folder = Path(tempfile.mkdtemp(prefix="pc-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def dealt(variant: str, hand: str, *, players: int = 4) -> GameState:
    """A game whose eldest (seat 0) holds ``hand``; the others hold the rest of the deck in
    order, as many cards each."""
    named = parse_cards(hand.split())
    filler = [card for card in (f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA")
              if parse_cards([card])[0] not in named]
    size = len(hand.split())
    hands = [hand] + [" ".join(filler[i * size:(i + 1) * size]) for i in range(players - 1)]
    state = pc.new_game(variant, players=players, seed=1, dealer=players - 1, hands=hands)
    assert state.phase is Phase.BIDDING and state.to_move == 0
    return state
