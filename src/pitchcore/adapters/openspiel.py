"""pitchcore games for OpenSpiel: ``pyspiel.load_game("python_pitchcore", {...})``.

Importing this module registers the game ``python_pitchcore`` with pyspiel (the
``openspiel`` extra installs it), so OpenSpiel's algorithms, bots and tests run on any
bundled variant or variant file::

    import pyspiel
    import pitchcore.adapters.openspiel  # registers python_pitchcore
    game = pyspiel.load_game("python_pitchcore", {"variant": "haus-pitch", "players": 4})

**Parameters.** ``variant`` (a bundled name or a variant file's path; default
``auction-pitch``), ``players`` (0, the default: the variant's own count), ``max_hands``
(default 50: after that many deals, thrown-in ones included, the game is cut off, since
random bidders can sink their scores for ever in some variants) and ``single_hand`` (the
game is one scored hand).

**Chance.** Every deal (the first, each later hand, each thrown-in redeal) begins with
chance nodes, one per card of the deck, that choose the deck order card by card, uniformly
among the cards left. Each deal is then its own pitchcore game, ``new_game(variant, dealer=...,
scores=..., stock=<that order>)``, with the scores, the dealer and the finished hands'
results carried over (the results matter: a game of a fixed number of rounds counts them);
its seed, which orders a shuffled junk pile, is taken from the chance outcomes. When the
deal ends (a new deal number, or the game over) the adapter returns to chance, or ends.

**Actions** are ``pitchcore.interop.actions.action_space(variant, players)``: a discard is built a
card at a time and closed by ``discard done``, the cards chosen so far kept in the state.

**Returns** (at the end only): +1 to every seat of the winning side, -1 to the others, 0 to
all when nobody wins or the game is cut off (by ``max_hands``, or at ``max_game_length``,
a generous bound this adapter enforces); with ``single_hand``, each seat's side's score
change in that hand (0 to all when ``max_hands`` deals were all thrown in). Sums differ
with the table (cutthroat +1 -1 -1 -1, partners +1 +1 -1 -1), so the game is general-sum.

**What a seat sees.** The observation is the seat's current view; the information state
adds perfect recall: every deal it has seen, its own dealt cards, gift and picks, and
every action in order, with the other seats' discard picks hidden (``discard ?``).
Tensors come from ``pitchcore.interop.tensors``; where no hand is in play (while the deck is being
chosen, and after a game cut off or a single hand scored) they are zeros.

**Resampling** (``resample_from_infostate``, for OpenSpiel's Python ISMCTS) deals the cards
a seat cannot see again, consistently with everything its view proves
(``pitchcore.bots.knowledge``), and keeps the public history; see ``resample``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..bots.knowledge import knowledge_of
from ..bots.search import NoConsistentDeal, sample_masks
from ..components.registry import MOST_PLAYERS
from ..components.variant import Variant
from ..game.engine import _players, dealt_from_deck, new_game
from ..game.table import Table
from ..interop.actions import ActionSpace, action_space
from ..interop.tensors import information_state_tensor, observation_tensor, tensor_layout
from ..loading.loader import load_variant
from ..model.caches import cached
from ..model.cards import card_text, cards_in, mask_of, mask_text, shuffled
from ..model.fields import TABLE
from ..model.log import Log, Start, begin, extend, moves_of, start_of
from ..model.moves import Move
from ..model.results import HandResult
from ..model.state import GameState

try:  # (imported by name: pyspiel ships no type information)
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError("pitchcore.adapters.openspiel needs OpenSpiel: pip install 'pitchcore[openspiel]'") from error

__all__ = ["DEFAULT_MAX_HANDS", "DEFAULT_VARIANT", "GAME_NAME", "PitchcoreGame", "PitchcoreObserver",
           "PitchcoreState", "resample"]

GAME_NAME = "python_pitchcore"
DEFAULT_VARIANT = "auction-pitch"
DEFAULT_MAX_HANDS = 50
"""Deals after which a game is cut off: random bidders never end some variants' games."""
RESAMPLE_TRIES = 20
"""Sampled deals tried before ``resample`` gives up and keeps the true deal (see there)."""

_PARAMETERS = {"variant": DEFAULT_VARIANT, "players": 0, "max_hands": DEFAULT_MAX_HANDS, "single_hand": False,
               "shuffles": 0}
MOST_SHUFFLES = 1 << 16
"""The most outcomes a deal's one chance node may have (``shuffles``): OpenSpiel asks for the
whole list of outcomes at each chance node."""

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="pitchcore Pitch card games",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MOST_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


# -- the rules of one loaded game ------------------------------------------------------------


class _Rules:
    """What every state of one game shares: the variant, its action space and bounds.

    Copying a state (OpenSpiel clones by ``deepcopy``) and pickling one (its serialization)
    must not copy the variant, so this object copies as itself and pickles as its key.
    """

    def __init__(self, variant_key: str, players: int, max_hands: int, single_hand: bool, shuffles: int = 0) -> None:
        variant = load_variant(variant_key)
        players = _players(variant, players or None)
        if max_hands < 1:
            raise ValueError(f"max_hands must be at least 1, not {max_hands}")
        if not 0 <= shuffles <= MOST_SHUFFLES:
            raise ValueError(f"shuffles must be 0 (a chance node per card) or 1 to {MOST_SHUFFLES} (one chance "
                             f"node per deal, with that many equally likely shuffles), not {shuffles}")
        self.key = (variant_key, players, max_hands, single_hand, shuffles)
        self.shuffles = shuffles
        """Outcomes of a deal's one chance node (0: a chance node per card of the deck)."""
        self.variant: Variant = variant
        self.players = players
        self.max_hands = max_hands
        self.single_hand = single_hand
        self.space: ActionSpace = action_space(variant, players)
        self.deck_size: int = self.space.deck_size
        table = new_game(variant, players=players, seed=0).table
        self.side_of: tuple[int, ...] = table.side_of
        self.deck: tuple[int, ...] = table.deck
        """The cards of the deck (a stripped deck leaves some indices out): the chance outcomes."""
        self.per_deal = 3 * self.deck_size + players * (len(self.space.bids) + 4) + 8
        """Decisions one deal can take, generously: every card discarded (a pick each, a
        done per seat), played and called on, an auction round and a deal settled."""
        self.max_length = max_hands * self.per_deal
        numbers = [bid for bid in self.space.bids if isinstance(bid, int)]
        shoot = [abs(value) for value in (variant.shoot.bid, getattr(variant.shoot, "made", 0),
                                          getattr(variant.shoot, "failed", 0)) if isinstance(value, int)]
        self.hand_bound = float(2 * table.most_points + 2 * max(numbers, default=0) + max(shoot, default=0) + 1)
        """No side's score moves further in one hand: the points, a set bid paid or lost, a
        shoot's reward and a sale."""
        self.text_of: dict[str, int] = {card_text(card): card for card in range(self.deck_size)}
        self.shuffle_outcomes: list[tuple[int, float]] = [(outcome, 1.0 / shuffles) for outcome in range(shuffles)]
        """The outcomes of a deal's one chance node (``shuffles``), each as likely."""
        self.initial = _Core(self, None, 0, (), 0, (0,) * table.sides, 0, (), 0, 0, (), (), None, None)

    def __deepcopy__(self, memo: dict[int, object]) -> _Rules:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _rules, self.key

    def game_info(self) -> Any:
        single = self.single_hand
        return pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=self.shuffles or self.deck_size,
            num_players=self.players, min_utility=-self.hand_bound if single else -1.0,
            max_utility=self.hand_bound if single else 1.0, utility_sum=None,
            max_game_length=self.max_length)

    @functools.lru_cache(maxsize=8)  # noqa: B019 (one per game, which lives as long as the module)
    def table(self, seed: int) -> Table:
        """The ``Table`` of a deal with ``seed`` (to unpickle a state without pickling rules)."""
        return new_game(self.variant, players=self.players, seed=seed).table


@cached(64)
def _rules(variant_key: str, players: int, max_hands: int, single_hand: bool, shuffles: int = 0) -> _Rules:
    return _Rules(variant_key, players, max_hands, single_hand, shuffles)


# -- a position: the pitchcore deal in play, or the deck being chosen ---------------------------


class _Past(NamedTuple):
    """A finished deal as its seats may recall it (kept for the information state)."""

    number: int
    dealer: int
    scores: tuple[int, ...]
    """Scores before the deal."""
    dealt: tuple[int, ...]
    """Each seat's dealt cards (all 0: thrown in as dealt, before anyone saw them)."""
    bidder: int | None
    gift: int
    left: tuple[int, ...]
    """Each seat's cards when the deal ended (unplayed: thrown in, or folded)."""
    actions: tuple[tuple[int, int], ...]
    delta: tuple[int, ...] | None
    """The hand's score change per side (None: thrown in)."""


class _Core(NamedTuple):
    """Everything a ``PitchcoreState`` is: immutable, so a clone shares it whole."""

    rules: _Rules
    state: GameState | None
    """The deal in play (None while a deck is being chosen, or after a cut-off end)."""
    chosen: int
    """Cards picked so far for the discard being built (``pitchcore.interop.actions``)."""
    deck: tuple[int, ...]
    """The next deal's deck order so far, top first."""
    drawn: int
    """``deck`` as a mask."""
    scores: tuple[int, ...]
    dealer: int
    results: tuple[HandResult, ...]
    deals: int
    """Deals begun (thrown-in ones included)."""
    moves: int
    """Decisions made."""
    actions: tuple[tuple[int, int], ...]
    """(seat, action) of this deal so far."""
    past: tuple[_Past, ...]
    end: str | None
    """None while the game goes on; ``over``, ``hand`` (single_hand) or ``cut`` (truncated)."""
    winner: int | None
    winners: tuple[int, ...] = ()
    """Every winning side once the game is over (several where sides win together)."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Core:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled without the rules' variant: its key, and the deal's fields but its table."""
        state = self.state
        packed = None
        if state is not None:
            fields = list(state)
            del fields[TABLE]
            packed = (state.table.seed, tuple(fields))
        return _unpack, (self.rules, packed, *self[2:])


def _unpack(rules: _Rules, packed: tuple[int, tuple[Any, ...]] | None, *rest: Any) -> _Core:
    state = None
    if packed is not None:
        fields = list(packed[1])
        fields.insert(TABLE, rules.table(packed[0]))
        state = GameState(*fields)
    return _Core(rules, state, *rest)


def _seed(deck: Sequence[int]) -> int:
    """The deal's seed, taken from its chance outcomes: it orders a reshuffled junk pile."""
    return int.from_bytes(hashlib.blake2b(bytes(deck), digest_size=8).digest(), "big") >> 1


def _shuffle(core: _Core, outcome: int) -> tuple[int, ...]:
    """The deck order of shuffle ``outcome`` of the deal about to begin (``shuffles``): fixed
    by the outcome and what went before it (the deals begun, the scores, the dealer), so the
    history decides the position, as with a chance node per card."""
    key = f"openspiel/{outcome}/{core.deals}/{core.dealer}/{','.join(map(str, core.scores))}"
    return tuple(shuffled(core.rules.deck, key))


def _deal_from(core: _Core, deck: tuple[int, ...]) -> _Core:
    """The deal dealt from ``deck``, or the next chance node where it is thrown in as dealt."""
    rules = core.rules
    state = dealt_from_deck(rules.variant, deck, players=rules.players, seed=_seed(deck), dealer=core.dealer,
                            scores=core.scores)
    core = core._replace(deck=(), drawn=0, deals=core.deals + 1, actions=())
    if state.deal_number:  # thrown in as dealt (a worthless hand): the variant deals again
        past = _Past(core.deals, core.dealer, core.scores, (0,) * rules.players, None, 0,
                     (0,) * rules.players, (), None)
        return _after_deal(core, state.dealer, past)
    if core.results:  # a game of a fixed number of rounds counts the hands played
        state = state.evolve(hand_results=core.results)
    return core._replace(state=state)


def _after_deal(core: _Core, dealer: int, past: _Past) -> _Core:
    """A deal is over and the game goes on: the next deck, or the cut-off end."""
    core = core._replace(state=None, chosen=0, dealer=dealer, actions=(), past=(*core.past, past))
    if core.deals >= core.rules.max_hands:
        return core._replace(end="cut")
    return core


def _apply(core: _Core, action: int) -> _Core:
    """``core`` after ``action``: a chance outcome (a card of the deck) or a seat's action."""
    rules = core.rules
    state = core.state
    if state is None:
        if rules.shuffles:  # the deal's one chance node: a shuffle of the deck
            return _deal_from(core, _shuffle(core, action))
        deck = (*core.deck, action)
        if len(deck) < len(rules.deck):
            return core._replace(deck=deck, drawn=core.drawn | 1 << action)
        return _deal_from(core, deck)
    seat = state.to_move
    assert seat is not None
    after, chosen = rules.space.apply(state, action, core.chosen)
    moves = core.moves + 1
    actions = (*core.actions, (seat, action))
    if after.deal_number == state.deal_number and not after.is_over:
        core = core._replace(state=after, chosen=chosen, moves=moves, actions=actions)
        return core._replace(end="cut") if moves >= rules.max_length else core
    scored = len(after.hand_results) > len(state.hand_results)
    info = state.info
    left = list(state.masks)
    if rules.space.play <= action < rules.space.play + rules.deck_size:
        left[seat] &= ~(1 << (action - rules.space.play))
    past = _Past(core.deals, state.dealer, state.scores, info.dealt, info.bidder,
                 info.gift, tuple(left), actions, after.hand_results[-1].delta if scored else None)
    core = core._replace(moves=moves, scores=after.scores, results=after.hand_results)
    if after.is_over:
        return core._replace(state=after, chosen=0, actions=(), past=(*core.past, past), end="over",
                             winner=after.winner, winners=after.winners)
    if rules.single_hand and scored:
        return core._replace(state=None, chosen=0, actions=(), past=(*core.past, past), end="hand")
    core = _after_deal(core, after.dealer, past)
    return core._replace(end="cut") if moves >= rules.max_length and core.end is None else core


def _returns(core: _Core) -> list[float]:
    rules = core.rules
    if core.end is None:
        return [0.0] * rules.players
    if rules.single_hand:
        last = core.past[-1] if core.past else None
        delta = last.delta if last is not None else None
        if delta is None:
            return [0.0] * rules.players
        return [float(delta[side]) for side in rules.side_of]
    if core.end != "over" or not core.winners:
        return [0.0] * rules.players
    return [1.0 if side in core.winners else -1.0 for side in rules.side_of]


# -- what a seat sees ----------------------------------------------------------------------


def _action_text(rules: _Rules, seat: int, viewer: int, action: int) -> str:
    """An action as ``viewer`` saw it: another seat's discard pick is hidden."""
    space = rules.space
    if seat != viewer and space.discard <= action < space.discard + rules.deck_size:
        return f"{seat}:discard ?"
    return f"{seat}:{space.names[action]}"


def _cards(mask: int) -> str:
    return mask_text(mask) or "-"


@cached(4096)
def _past_text(past: _Past, rules: _Rules, seat: int) -> str:
    """A finished deal as ``seat`` recalls it (a deal is recalled again and again: cached)."""
    lines = [f"deal {past.number}: dealer {past.dealer}, scores {' '.join(map(str, past.scores))}"]
    if past.dealt[seat] or past.delta is not None:
        lines.append(f"  dealt {_cards(past.dealt[seat])}")
    else:
        lines.append("  thrown in as dealt")
    if past.bidder == seat and past.gift:
        lines.append(f"  gift {_cards(past.gift)}")
    lines.append("  " + " ".join(_action_text(rules, who, seat, action) for who, action in past.actions))
    lines.append(f"  left {_cards(past.left[seat])}")
    if past.delta is not None:
        lines.append(f"  scored {' '.join(f'{value:+d}' for value in past.delta)}")
    return "\n".join(lines)


def information_state_text(core: _Core, seat: int) -> str:
    """``seat``'s perfect recall: every deal it has seen, its own cards, every action in
    order (the others' discard picks hidden), its cards now."""
    rules = core.rules
    lines = [f"seat {seat} of {rules.players}"]
    lines.extend(_past_text(past, rules, seat) for past in core.past)
    state = core.state
    if core.end is not None:
        lines.append(f"game ends ({core.end}): scores {' '.join(map(str, core.scores))}")
    elif state is None:
        lines.append(f"deal {core.deals + 1}: dealer {core.dealer}, scores {' '.join(map(str, core.scores))}, "
                     f"shuffling ({len(core.deck)} cards)")
    else:
        info = state.info
        lines.append(f"deal {core.deals}: dealer {state.dealer}, scores {' '.join(map(str, state.scores))}")
        lines.append(f"  dealt {_cards(info.dealt[seat])}")
        if info.bidder == seat and info.gift:
            lines.append(f"  gift {_cards(info.gift)}")
        lines.append("  " + " ".join(_action_text(rules, who, seat, action) for who, action in core.actions))
        lines.append(f"  hand {_cards(state.masks[seat])}")
        shown = state.view(seat).shown
        if shown:  # (drawn in sight of all and not yet played: California Jack)
            lines.append("  seen drawn " + " ".join(f"{who}:{_cards(mask_of(card.index for card in cards))}"
                                                     for who, cards in enumerate(shown) if cards))
        if core.chosen and state.to_move == seat:
            lines.append(f"  discarding {_cards(core.chosen)}")
    return "\n".join(lines)


def observation_text(core: _Core, seat: int) -> str:
    """What ``seat`` sees now (no recall): scores, the phase, its cards, the auction, trump,
    the trick in progress and the cards played so far."""
    rules = core.rules
    state = core.state
    scores = " ".join(map(str, core.scores if state is None else state.scores))
    if state is None or core.end in ("cut", "hand"):
        what = f"game ends ({core.end})" if core.end is not None else f"shuffling ({len(core.deck)} cards)"
        return f"seat {seat}; scores {scores}; {what}"
    view = state.view(seat)
    parts = [f"seat {seat}", f"scores {scores}", f"dealer {view.dealer}", view.phase.value]
    if view.to_move is not None:
        parts.append(f"to move {view.to_move}")
    parts.append(f"hand {' '.join(map(str, view.hand)) or '-'}")
    if core.chosen and view.to_move == seat:
        parts.append(f"discarding {_cards(core.chosen)}")
    if view.bids:
        parts.append("bids " + " ".join(f"{who}:{'pass' if bid is None else bid}" for who, bid in view.bids))
    if view.trump is not None:
        parts.append(f"trump {view.trump}")
    if view.gift:
        parts.append(f"gift {' '.join(map(str, view.gift))}")
    if view.discards:
        parts.append(f"discarded {' '.join(map(str, view.discards))}")
    if any(view.discard_counts):
        parts.append("discard counts " + " ".join(map(str, view.discard_counts)))
    parts.append("hand sizes " + " ".join(map(str, view.hand_sizes)))
    if view.call is not None:
        parts.append(f"call {view.call}")
    if any(view.shown):  # (drawn in sight of all: California Jack)
        parts.append("seen drawn " + " ".join(f"{who}:{_cards(mask_of(card.index for card in cards))}"
                                              for who, cards in enumerate(view.shown) if cards))
    if view.trick:
        parts.append("trick " + " ".join(f"{who}:{card}" for who, card in view.trick))
    if view.tricks:
        taken = [0] * rules.players
        for _, _, taker in view.tricks:
            taken[taker] += 1
        played = " ".join(str(card) for _, cards, _ in view.tricks for card in cards)
        parts.append(f"tricks taken {' '.join(map(str, taken))}; played {played}")
    return "; ".join(parts)


Tensor = npt.NDArray[np.float32]


class PitchcoreObserver:
    """OpenSpiel's observer (``make_py_observer``): one seat's observation or, with perfect
    recall, its information state, as text and as a ``pitchcore.interop.tensors`` vector.

    ``dict`` holds the tensor's pieces by name (``pitchcore.interop.tensors.TensorLayout``), so
    ``open_spiel.python.observation.make_observation(game).dict["hand"]`` reads one. Only
    the seat's own private information is offered (``PrivateInfoType.SINGLE_PLAYER``): the
    tensors are built per seat, and public-only or all-seats views have no layout.
    """

    def __init__(self, rules: _Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"python_pitchcore observers take no parameters, not {params}")
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("python_pitchcore observes one seat's private information "
                             "(PrivateInfoType.SINGLE_PLAYER) only")
        self.rules = rules
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        layout = tensor_layout(rules.variant, rules.players)
        size = layout.information_state_size if self.recall else layout.observation_size
        self.tensor: Tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Tensor] = {  # the layout's pieces, views of ``tensor`` (in order, end to end)
            piece.name: self.tensor[piece.slice].reshape(piece.shape)
            for piece in (layout.information_state if self.recall else layout.observation)}

    def set_from(self, state: PitchcoreState, player: int) -> None:
        core: _Core = state.core
        game = core.state
        if game is None or core.end in ("cut", "hand"):
            self.tensor.fill(0.0)
            return
        chosen = core.chosen if game.to_move == player else 0
        encode = information_state_tensor if self.recall else observation_tensor
        self.tensor[:] = encode(game, player, chosen)

    def string_from(self, state: PitchcoreState, player: int) -> str:
        core: _Core = state.core
        return information_state_text(core, player) if self.recall else observation_text(core, player)


# -- resampling ----------------------------------------------------------------------------------


def resample(core: _Core, seat: int, rng: random.Random) -> tuple[_Core, bool]:
    """A position ``seat`` cannot tell from ``core``, the cards it has not seen dealt again;
    and whether it is a fresh sample (False: the true position was kept).

    The other seats' hands are drawn by ``pitchcore.bots.search.sample_masks`` from what
    the seat's view proves (cards played, voids, its own discards and gift, the exchange's
    counts: ``knowledge_of``); the unseen rest (stock, the others' discards and gift) is
    shuffled among its places. The new deal is the old one with its unseen cards renamed,
    so the auction, the tricks and every public action stay as they were, and each other
    seat's dealt cards and discards move with its hand; a discard another seat is building
    is picked again, at random among the legal picks. Bids are not read (as in SearchBot's
    proofs: they hint, they prove nothing). The sample is kept only if the seat's view is
    unchanged and the seat to move has legal actions; after ``RESAMPLE_TRIES`` failures the
    true position is returned (rare: where a refill from the junk may have handed the
    seat's own discards to another hand, which renaming cannot express). While a deck is
    being chosen, the cards chosen so far (seen by nobody) are drawn again.
    """
    state = core.state
    rules = core.rules
    if core.end is not None:
        return core, False
    if state is None:
        deck = tuple(rng.sample(rules.deck, len(core.deck)))
        drawn = 0
        for card in deck:
            drawn |= 1 << card
        return core._replace(deck=deck, drawn=drawn), True
    view = state.view(seat)
    knowledge = knowledge_of(view, rules.variant)
    for _ in range(RESAMPLE_TRIES):
        try:
            hands = sample_masks(knowledge, rng)
        except NoConsistentDeal:
            break
        found = _renamed(core, seat, hands, knowledge.unknown, rng, knowledge.shown)
        if found is None:
            continue
        new = found.state
        assert new is not None
        if new.view(seat) != view:
            continue
        try:
            if not rules.space.legal_actions(new, found.chosen):
                continue
        except ValueError:  # the mover's picks renamed into no legal discard
            continue
        return found, True
    return core, False


def _renamed(core: _Core, seat: int, hands: Sequence[int], unknown: int, rng: random.Random,
             shown: Sequence[int] = ()) -> _Core | None:
    """``core`` with the cards ``seat`` cannot place renamed so that the others hold ``hands``
    (None where that cannot be done by renaming: a hand holds a card the seat has placed,
    other than the cards ``shown`` it holding, which keep their names and their holder)."""
    state = core.state
    assert state is not None
    rules = core.rules
    rename = list(range(rules.deck_size))
    old_rest = new_rest = unknown
    for other, (old, held) in enumerate(zip(state.masks, hands, strict=True)):
        if other == seat:
            continue
        seen = shown[other] if shown else 0
        if old & ~unknown != seen or held & ~unknown != seen or old.bit_count() != held.bit_count():
            return None
        old, held = old & unknown, held & unknown
        targets = list(cards_in(held))
        rng.shuffle(targets)
        for card, target in zip(cards_in(old), targets, strict=True):
            rename[card] = target
        old_rest &= ~old
        new_rest &= ~held
    targets = list(cards_in(new_rest))
    if len(targets) != old_rest.bit_count():
        return None
    rng.shuffle(targets)
    for card, target in zip(cards_in(old_rest), targets, strict=True):
        rename[card] = target

    def mask(value: int) -> int:
        found = 0
        for card in cards_in(value):
            found |= 1 << rename[card]
        return found

    info = state.info
    dealt = tuple(mask(value) for value in info.dealt)
    partner = info.partner
    if info.called is not None and unknown >> info.called & 1:  # the called card moved: so did the partner
        holders = [other for other, held in enumerate(dealt) if held >> info.called & 1]
        if holders and holders[0] == info.bidder:
            return None
        partner = holders[0] if holders else None
    info = info._replace(dealt=dealt, stock=tuple(rename[card] for card in info.stock), gift=mask(info.gift),
                         junk=tuple(rename[card] for card in info.junk),
                         discards=tuple(mask(value) for value in info.discards),
                         start=tuple(mask(value) for value in info.start), partner=partner)
    new = state.evolve(masks=tuple(mask(value) for value in state.masks), info=info,
                       log=_renamed_log(state.log, rename, rules))
    space = rules.space
    picks = range(space.discard, space.discard + rules.deck_size)
    actions = [(who, space.discard + rename[action - space.discard] if who != seat and action in picks
                else action) for who, action in core.actions]
    chosen = core.chosen
    if chosen and state.to_move != seat:  # another seat is building a discard: pick it again
        count = chosen.bit_count()
        chosen = 0
        for index in range(len(actions) - count, len(actions)):
            options = [action for action in space.legal_actions(new, chosen) if action in picks]
            if not options:
                return None
            action = rng.choice(options)
            chosen |= 1 << (action - space.discard)
            actions[index] = (actions[index][0], action)
    return core._replace(state=new, actions=tuple(actions), chosen=chosen)


def _renamed_log(log: Log, rename: Sequence[int], rules: _Rules) -> Log:
    """The deal's log with the renamed deck and discards (a resampled game's record holds
    no trace of the true deal)."""
    start: Start = start_of(log)
    if start.stock is not None:
        start = start._replace(stock=tuple(card_text(rename[rules.text_of[text]]) for text in start.stock))
    renamed = begin(start)
    for move in moves_of(log):
        if move.kind == "discard" and isinstance(move.arg, int):
            found = 0
            for card in cards_in(move.arg):
                found |= 1 << rename[card]
            move = Move("discard", found)
        renamed = extend(renamed, move)
    return renamed


# -- the OpenSpiel classes -----------------------------------------------------------------------


class PitchcoreGame(pyspiel.Game):  # type: ignore[misc]
    """A pitchcore variant as an OpenSpiel game (``pyspiel.load_game(GAME_NAME, params)``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_PARAMETERS, **(params or {})}
        rules = _rules(str(given["variant"]), int(given["players"]), int(given["max_hands"]),
                       bool(given["single_hand"]), int(given["shuffles"]))
        super().__init__(GAME_TYPE, rules.game_info(), {**given, "players": rules.players})
        self.rules = rules

    def new_initial_state(self) -> PitchcoreState:
        """The game before its first deal: the first chance node of the deck."""
        return PitchcoreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> PitchcoreObserver:
        return PitchcoreObserver(self.rules, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        rules = self.rules
        return rules.max_hands * (1 if rules.shuffles else len(rules.deck))

    @property
    def variant(self) -> Variant:
        """The pitchcore ``Variant`` played."""
        return self.rules.variant

    @property
    def action_space(self) -> ActionSpace:
        """The ``pitchcore.interop.actions`` space whose numbers are this game's actions."""
        return self.rules.space


class PitchcoreState(pyspiel.State):  # type: ignore[misc]
    """One position: OpenSpiel's side of a ``_Core`` (all the state there is, kept in
    ``core``: cloning copies one reference, serialization pickles it)."""

    def __init__(self, game: PitchcoreGame) -> None:
        super().__init__(game)
        self.core: _Core = game.rules.initial

    # -- the game tree

    def current_player(self) -> int:
        core = self.core
        if core.end is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if core.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_move = core.state.to_move
        assert to_move is not None
        return to_move

    def is_terminal(self) -> bool:
        return self.core.end is not None

    def _legal_actions(self, player: int) -> list[int]:
        core = self.core
        assert core.state is not None and player == core.state.to_move
        return core.rules.space.legal_actions(core.state, core.chosen)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet in the deck, each as likely (with ``shuffles``: the shuffles)."""
        core = self.core
        if core.rules.shuffles:
            return core.rules.shuffle_outcomes
        left = [card for card in core.rules.deck if not core.drawn >> card & 1]
        chance = 1.0 / len(left)
        return [(card, chance) for card in left]

    def _apply_action(self, action: int) -> None:
        self.core = _apply(self.core, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"shuffle {int(action)}" if self.core.rules.shuffles else f"deck {card_text(int(action))}"
        return str(self.core.rules.space.names[int(action)])

    def returns(self) -> list[float]:
        return _returns(self.core)

    def rewards(self) -> list[float]:
        """Rewards come at the end only: the returns, then."""
        return _returns(self.core)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> PitchcoreState:
        """A state ``player_id`` cannot tell from this one (``resample``), for ISMCTS.

        Only the Python ISMCTS (``open_spiel.python.algorithms.ismcts``) reaches this: C++
        code (``pyspiel.ISMCTSBot``) cannot call a Python game's resampling. The new state
        keeps this one's ``history()``, whose chance outcomes no longer deal its cards, but
        it serializes and clones as itself.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        clone: PitchcoreState = self.clone()
        clone.core = resample(self.core, int(player_id), rng)[0]
        return clone

    # -- reading it

    @property
    def game_state(self) -> GameState | None:
        """The pitchcore ``GameState`` of the deal in play (None while a deck is chosen)."""
        return self.core.state

    @property
    def chosen(self) -> int:
        """The cards picked so far for the discard being built, as a card mask."""
        return self.core.chosen

    def __str__(self) -> str:
        """The whole position, every hand included (for debugging: never show it to a seat)."""
        core = self.core
        head = (f"deal {core.deals}, decisions {core.moves}, scores {' '.join(map(str, core.scores))}, "
                f"dealer {core.dealer}")
        if core.end is not None:
            return f"{head}, game ends ({core.end}), winner {core.winner}"
        state = core.state
        if state is None:
            return f"{head}, deck {' '.join(card_text(card) for card in core.deck)}"
        info = state.info
        hands = " | ".join(_cards(mask) for mask in state.masks)
        return (f"{head}, {state.phase.value}, to move {state.to_move}, hands {hands}, "
                f"stock {' '.join(card_text(card) for card in info.stock)}, bids {info.bids}, trump {state.trump}, "
                f"trick {' '.join(card_text(card) for card in state.trick_cards)}, tricks {len(state.done_tricks)}, "
                f"chosen {_cards(core.chosen)}, actions {core.actions}")


def _register() -> None:
    """Register ``python_pitchcore`` once (importing this module again is harmless)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, PitchcoreGame)


_register()
