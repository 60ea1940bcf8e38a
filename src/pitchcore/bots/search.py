"""Information-set Monte Carlo: sample deals the view allows, play each move out, average.

Sampling. ``sample_deal(view, rng)`` deals the cards a seat cannot see so that nothing
contradicts its view (``knowledge.py`` says what a view proves: played cards, voids by
effective suit, the seats out of trumps under trump-only play, own discards and gift, the
trumps kept and the junk drawn in a discard-refill exchange). Seats are dealt most
constrained first, each a uniformly random hand of the cards it may hold (its proved
trumps first); that is exactly uniform when nothing is proved, and close to it otherwise.
A random deal that paints itself into a corner is redrawn; after ``GREEDY_TRIES``
failures a max-flow construction finds a consistent deal
whenever one exists (valid, but not uniformly random).

The determinized state. ``deal_state(view, hands)`` turns a deal into a full ``GameState``
in the playing phase that the engine runs. It is not replayed from the start of the hand:
the auction, trump, bidder and the tricks so far are written into a fresh state of the
same variant (``GameState.evolve`` with a new ``HandInfo``). Hands are sampled as they are
*now*; each seat's hand when play began (which decides who held High and Low) is its
sampled hand plus the cards it has played, so exchanges need no replaying: the sample is
of post-exchange hands, constrained by what the exchange proved. Unseen cards that no
hand gets stand in for the stock; other seats' discards are not modelled (no card in play
can reach them).

Search. ``SearchBot`` plays in the playing phase by determinized Monte Carlo ("perfect
information Monte Carlo", ISMCTS-lite): deal after sampled deal, it applies every distinct
legal move (equivalent low cards merged) to the same deal and plays the hand out
``per_deal`` times with ``fast.playouts`` and its playout policy (``rollout_move`` by
default), scoring each playout by the hand's score change for its side minus the others'
mean (plus ``game_bonus`` when the game ends), then picks the best mean. The budget is
``seconds`` per decision (the clock read between deals) or a fixed number of
``playouts`` (reproducible for a given ``rng``); the search stops sooner when one move is
clearly best. Deals are nudged to fit the auction: a deal in which the bidder's hand looks
too weak for its bid is usually redrawn (a hint, never a proof). After a ``draw`` exchange
(haus-pitch) each seat is dealt, first, as many cards worth keeping (trumps, off-suit aces:
``heuristic.keep_value``) as it kept, since a seat throws the rest and draws for them; a
uniform deal of the unseen cards would give the others about half the trumps they hold
(``read_draws``, also a hint: where the unseen cards cannot give every seat its share, the
deal is made without it).

The auction and naming trump are searched the same way, from the first card of the hand
(``bidding.py``): each bid or pass, or each suit, is played out on sampled deals. Other
phases (exchanges), and auctions that module cannot run, defer to ``HeuristicBot``.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, cast

import attrs
import numpy as np
import numpy.typing as npt

from ..accel import fast
from ..accel.policies import rollout_move
from ..components import HAND_STEPS
from ..components.auction import SingleRound
from ..components.exchange import Draw, NoExchange
from ..components.turn_up import TurnUp
from ..components.variant import Variant
from ..components.widow import NoWidow
from ..game import kernel
from ..game.engine import new_game
from ..game.view import PlayerView
from ..model.caches import Cache
from ..model.cards import CARDS, DECK_SIZE, MAX_CARDS, Card, card_list, cards_in, mask_of
from ..model.log import extend
from ..model.moves import REDEAL, Move
from ..model.phase import Phase
from ..model.state import GameState, HandInfo
from . import bidding
from .bidding import searchable
from .heuristic import DRAW_VALUE, PIP, HeuristicBot, RulesInfo, best_suit, keep_value, rules_info, suit_value
from .knowledge import VARIANTS_KEPT, Knowledge, deck_mask_of, knowledge_of, variant_of

GREEDY_TRIES = 40
"""Random greedy deals tried before the exact (max-flow) construction."""
BID_REDRAWS = 8
"""Most redraws of a deal that does not fit the bid (SearchBot.read_bids)."""


class NoConsistentDeal(ValueError):
    """No deal of the unseen cards agrees with the view (a knowledge bug, or a bad view)."""


# -- sampling ---------------------------------------------------------------------------------


def sample_masks(knowledge: Knowledge, rng: random.Random,
                 lean: Sequence[tuple[int, int]] | None = None) -> tuple[int, ...]:
    """Every seat's hand as a card mask: the viewer's own, the others sampled.

    ``lean`` (per seat: a card mask and a count) is a hint, not a fact: each seat is dealt
    up to that many cards of that mask before the rest (``SearchBot.read_draws``). When
    greedy deals with the hint keep failing, deals are drawn without it."""
    if lean is not None:
        for _ in range(GREEDY_TRIES // 4):
            found = _greedy(knowledge, rng, lean)
            if found is not None:
                return found
    for _ in range(GREEDY_TRIES):
        found = _greedy(knowledge, rng)
        if found is not None:
            return found
    found = _exact(knowledge, rng)
    if found is None:
        raise NoConsistentDeal("no deal of the unseen cards agrees with this view")
    return found


def _others(kn: Knowledge) -> list[int]:
    return [seat for seat in range(kn.players) if seat != kn.seat]


def _greedy(kn: Knowledge, rng: random.Random,
            lean: Sequence[tuple[int, int]] | None = None) -> tuple[int, ...] | None:
    """Most constrained seat first, each dealt a uniform hand from what it may hold (after
    the cards it is seen to hold, which stay with it, its proved trumps and, as far as they
    go, the cards ``lean`` leans it to)."""
    pool = kn.unknown
    spare = kn.own_discards & ~kn.played
    hands = [0] * kn.players
    hands[kn.seat] = kn.hand
    trumps = kn.trumps
    order = sorted(_others(kn), key=lambda seat: (
        _count(kn.allowed(seat) | kn.allowed_own_discards(seat)) - _hidden(kn, seat), rng.random()))
    for seat in order:
        need = kn.hand_sizes[seat]
        allowed = kn.allowed(seat) & pool
        hand = kn.shown_by(seat)
        must = max(0, kn.min_trumps[seat] - _count(hand & trumps))
        if must:
            choices = card_list(allowed & trumps)
            if len(choices) < must:
                return None
            for card in rng.sample(choices, must):
                hand |= 1 << card
        if lean is not None:
            mask, count = lean[seat]
            choices = card_list(allowed & mask & ~hand)
            leaned = min(count - _count(hand & mask), need - _count(hand), len(choices))
            for card in rng.sample(choices, max(0, leaned)):
                hand |= 1 << card
        rest = need - _count(hand)
        room = kn.own_discard_room[seat]
        own = kn.allowed_own_discards(seat) & spare if room else 0
        if not own:  # (the usual case: a uniform choice of what is left)
            free = card_list(allowed & ~hand)
            if not 0 <= rest <= len(free):
                return None
            for card in rng.sample(free, rest):
                hand |= 1 << card
        else:
            candidates = [*card_list(allowed & ~hand), *card_list(own)]
            rng.shuffle(candidates)
            for card in candidates:
                if not rest:
                    break
                bit = 1 << card
                if spare & bit:
                    if not room:
                        continue
                    room -= 1
                hand |= bit
                rest -= 1
            if rest:
                return None
        pool &= ~hand
        spare &= ~hand
        hands[seat] = hand
    return tuple(hands)


def _hidden(kn: Knowledge, seat: int) -> int:
    """How many of ``seat``'s cards are not seen: its hand size less the cards it is seen to hold."""
    return kn.hand_sizes[seat] - _count(kn.shown_by(seat))


def _exact(kn: Knowledge, rng: random.Random) -> tuple[int, ...] | None:
    """A deal by max flow: cards -> (seat's required trumps | seat's other cards) -> sink.
    The cards a seat is seen to hold are given it first (they are not in the flow).

    Used when random greedy deals keep failing (tight constraints); the result is a valid
    deal but not a uniformly random one.
    """
    source, sink = "source", "sink"
    capacity: dict[object, dict[object, int]] = {source: {}, sink: {}}

    def edge(a: object, b: object, cap: int) -> None:
        capacity.setdefault(a, {})[b] = capacity.get(a, {}).get(b, 0) + cap
        capacity.setdefault(b, {}).setdefault(a, 0)

    spare = kn.own_discards & ~kn.played
    cards = list(cards_in(kn.unknown | spare))
    rng.shuffle(cards)
    for card in cards:
        edge(source, card, 1)
    demand = 0
    for seat in _others(kn):
        need = _hidden(kn, seat)
        must = min(max(0, kn.min_trumps[seat] - _count(kn.shown_by(seat) & kn.trumps)), need)
        demand += need
        trump_part, rest_part, gate = ("trumps", seat), ("rest", seat), ("junk", seat)
        edge(trump_part, sink, must)
        edge(rest_part, sink, need - must)
        allowed = kn.allowed(seat)
        for card in cards_in(allowed & kn.trumps):
            edge(card, trump_part, 1)
        for card in cards_in(allowed):
            edge(card, rest_part, 1)
        own = kn.allowed_own_discards(seat) & spare
        if own and kn.own_discard_room[seat]:
            edge(gate, rest_part, kn.own_discard_room[seat])
            for card in cards_in(own):
                edge(card, gate, 1)
    flow = 0
    while True:
        path = _augmenting_path(capacity, source, sink, rng)
        if path is None:
            break
        for a, b in itertools.pairwise(path):
            capacity[a][b] -= 1
            capacity[b][a] += 1
        flow += 1
    if flow != demand:
        return None
    hands = [kn.shown_by(seat) for seat in range(kn.players)]
    hands[kn.seat] = kn.hand
    for card in cards:
        for node, left in capacity[card].items():
            if node == source or left:
                continue
            if isinstance(node, tuple) and isinstance(node[1], int):
                hands[node[1]] |= 1 << card
    return tuple(hands)


def _augmenting_path(capacity: dict[object, dict[object, int]], source: object, sink: object,
                     rng: random.Random) -> list[object] | None:
    parent: dict[object, object] = {source: source}
    stack = [source]
    while stack:
        node = stack.pop()
        if node == sink:
            path = [node]
            while node != source:
                node = parent[node]
                path.append(node)
            return path[::-1]
        nexts = [other for other, left in capacity[node].items() if left > 0 and other not in parent]
        rng.shuffle(nexts)
        for other in nexts:
            parent[other] = node
            stack.append(other)
    return None


def _count(mask: int) -> int:
    return mask.bit_count()


def sample_deal(view: PlayerView, rng: random.Random, variant: Variant | None = None) -> list[tuple[Card, ...]]:
    """A deal of every seat's current hand that agrees with everything ``view`` proves.

    The viewer's own hand is returned as it is; every other seat gets exactly
    ``view.hand_sizes[seat]`` cards, none played, none of the viewer's discards or gift
    (except where a refill from the junk pile may have handed them on), none of a suit the
    seat has shown void in. ``deal_state`` turns it into a playable ``GameState``.
    """
    knowledge = knowledge_of(view, variant)
    return [tuple(CARDS[card] for card in cards_in(mask)) for mask in sample_masks(knowledge, rng)]


# -- the determinized state ------------------------------------------------------------------


_TEMPLATES: Cache[tuple[Variant, int], GameState] = Cache(VARIANTS_KEPT)


def _template(variant: Variant, players: int) -> GameState:
    key = (variant, players)
    state = _TEMPLATES.get(key)
    if state is None:
        state = _TEMPLATES.put(key, new_game(variant, players=players, seed=0))
    return state


def deal_state(view: PlayerView, hands: Sequence[int] | Sequence[Sequence[Card]],
               variant: Variant | None = None, knowledge: Knowledge | None = None) -> GameState:
    """The ``GameState`` in which seats hold ``hands`` and all else is as ``view`` shows, in any phase.

    ``hands`` is one mask (or card sequence) per seat. What the view's seat sees of the
    state is what it sees of the real one: its observation and information-state tensors are
    the real state's (``pitchcore.interop.tensors``), and in the playing phase its legal moves
    and play from there are too (what search relies on). The state's hand-start record (who
    held each card when play began) is each hand plus the cards its seat has played; the
    viewer's dealt cards are ``view.dealt``, the others' those of their start less what they
    drew in sight of all (``view.shown``); the other seats' discards, and the stock below a
    card lying face up, are cards the viewer has not seen, as many as the view counts.
    """
    found = variant_of(view, variant)
    if found is None:
        raise ValueError(f"variant {view.variant!r} is not bundled: pass its Variant")
    kn = knowledge if knowledge is not None else knowledge_of(view, found)
    masks = tuple(hand if isinstance(hand, int) else sum(1 << card.index for card in hand) for hand in hands)
    base = _template(found, view.players)
    table = base.table
    in_play = view.phase in _IN_PLAY or bool(view.tricks or view.trick)
    start = tuple(mask | played for mask, played in zip(masks, kn.played_by, strict=True)) if in_play else ()
    unseen = kn.unknown
    for mask in (*masks, *kn.played_by):
        unseen &= ~mask
    discards = _discards(view, kn, unseen) if any(view.discard_counts) or kn.own_discards else ()
    for mask in discards:
        unseen &= ~mask
    shown = [mask_of(card.index for card in cards) for cards in view.shown] or [0] * view.players
    upcards = [card.index for card in view.upcards]
    top = upcards[-1:] if view.stock_size else []  # (a turned trump card, or a face-up stock's top)
    junk = tuple(card for card in upcards if card not in top)  # (turned up earlier, set aside)
    turned = tuple(upcards) if not table.face_up_stock else tuple(junk)
    if table.face_up_stock and top and isinstance(found.trump, TurnUp):  # (the trump card turned on the stock)
        turned = (*turned, *top)
    if not table.face_up_stock:  # (a face-down stock shows a drawn card only if it was turned up)
        turned = (*cards_in(sum(shown)), *turned)
    stock = (*top, *[card for card in cards_in(unseen) if card not in top])[:view.stock_size]
    first = start or masks
    own = mask_of(card.index for card in view.dealt) if view.dealt else first[view.seat]
    dealt = tuple(own if seat == view.seat else mask & ~seen
                  for seat, (mask, seen) in enumerate(zip(first, shown, strict=True)))
    auction = found.auction
    info = HandInfo(
        dealt=dealt, stock=stock, bids=view.bids, high=auction.rank(view.bid) if view.bid is not None else 0,
        bidder=view.bidder, bid=view.bid, trump=kn.trump, gift=kn.gift, junk=junk, discards=discards,
        exchanged=view.players, start=start, call=view.call, hand_size=view.hand_size,
        turned=turned, blind=sum(1 << seat for seat in view.blind), **_called(view, first))
    trick = tuple(card.index for _, card in view.trick)
    leader = view.trick[0][0] if view.trick else view.to_move if view.to_move is not None else view.dealer
    tricks = tuple((lead, tuple(card.index for card in cards), taker) for lead, cards, taker in view.tricks)
    log = base.log
    for call in view.calls:  # (the calls are public moves, read back from the log)
        log = extend(log, Move("call", call))
    return base.evolve(scores=view.scores, dealer=view.dealer, deal_number=len(view.hand_results),
                       hand_results=view.hand_results, phase=view.phase, to_move=view.to_move,
                       masks=masks, info=info, trick_cards=trick, leader=leader, done_tricks=tricks,
                       winner=view.winner, step=_STEP_OF.get(view.phase, _PLAY_STEP), log=log)


_IN_PLAY = frozenset((Phase.PLAYING, Phase.CALLING))
_PLAY_STEP = HAND_STEPS.index("play")
_STEP_OF = {Phase.DEALING: HAND_STEPS.index("deal"), Phase.BIDDING: HAND_STEPS.index("auction"),
            Phase.NAMING_TRUMP: HAND_STEPS.index("trump"), Phase.DISCARDING: HAND_STEPS.index("exchange")}
"""The hand step a state built from a view of each phase is at (the step is not public; the
tensors do not read it, and only play is searched)."""


def _discards(view: PlayerView, kn: Knowledge, unseen: int) -> tuple[int, ...]:
    """Per seat, its discards: the viewer's own, and for each other seat as many cards as
    it discarded, taken from ``unseen`` (then from any card not the viewer's, where a refill
    from the discards leaves too few unseen: only their number is ever shown)."""
    found = []
    spare = deck_mask_of(variant_of(view)) & ~kn.hand & ~kn.own_discards
    for seat, count in enumerate(view.discard_counts):
        if seat == view.seat:
            found.append(kn.own_discards)
            continue
        cards = [*cards_in(unseen), *cards_in(spare & ~unseen)][:count]
        mask = mask_of(cards)
        unseen &= ~mask
        spare &= ~mask
        found.append(mask)
    return tuple(found)


def _called(view: PlayerView, start: Sequence[int]) -> dict[str, Any]:
    """A called partner in a sampled deal: the seat the sample gives the called card (the
    bidder's partner is secret until the card is played; a sample may guess it)."""
    if view.called is None:
        return {}
    card = view.called.index
    holder = next((seat for seat, mask in enumerate(start) if mask >> card & 1 and seat != view.bidder), None)
    return {"called": card, "partner": holder}


def sample_state(view: PlayerView, rng: random.Random, variant: Variant | None = None) -> GameState:
    """``deal_state`` of a fresh ``sample_deal``."""
    knowledge = knowledge_of(view, variant)
    return deal_state(view, sample_masks(knowledge, rng), variant, knowledge)


# -- playouts ---------------------------------------------------------------------------------


def distinct_moves(legal: Sequence[Move], kn: Knowledge, rules: RulesInfo) -> list[Move]:
    """``legal`` with equivalent plays merged (the lowest card stands for its group).

    Two plays are equivalent when the cards are of one effective suit, no card another seat
    may hold (unseen, or seen drawn) ranks between them, and neither counts for anything (no
    game pips, not a point card, not the viewer's lowest natural trump). Before trump is
    known nothing is merged.
    """
    if kn.trump is None:
        return list(legal)
    trump = kn.trump
    suit, order = kn.tables.suit[trump], kn.tables.order[trump]
    unseen = kn.unknown | kn.others_shown | kn.own_discards & ~kn.played
    trumps_held = [card for card in cards_in(kn.hand) if suit[card] == trump and card < DECK_SIZE]
    lowest = min(trumps_held, key=order.__getitem__) if trumps_held else -1  # (a joker is never Low)

    def plain(card: int) -> bool:
        return not PIP[card] and card != lowest and not rules.point_card_worth(card, trump)

    plays = sorted((move for move in legal if move.kind == "play" and isinstance(move.arg, int)),
                   key=lambda move: (suit[int(move.arg or 0)], order[int(move.arg or 0)]))
    kept: list[Move] = [move for move in legal if move.kind != "play"]
    previous = -1
    for move in plays:
        card = int(move.arg or 0)
        if previous >= 0 and suit[previous] == suit[card] and plain(previous) and plain(card) and not any(
                order[previous] < order[other] < order[card] for other in cards_in(unseen & kn.suit_mask(suit[card]))):
            previous = card  # same as the last kept card: its group grows
            continue
        kept.append(move)
        previous = card
    return kept


Judge = Callable[[Sequence[int], int | None], float]
"""What a playout is worth to the searching side, from its score change per side and the
side that won the game (None or -1: nobody)."""


class Equity:
    """A playout judged by the side's chance of winning the game: a race to ``target`` in
    which each side's chance goes as ``exp(score / spread)`` (a softmax of the scores, each
    counted up to the target). Fitted to HeuristicBot's own games of auction-pitch and
    haus-pitch, the spread that predicted their winners best was about 0.6-0.7 of the points
    a hand holds. Against the points-minus-the-others'-mean judgement it weighs a leader's
    points above a trailer's and a point near the target above one far from it.

    Measured against HeuristicBot (haus-pitch, two SearchBots in four seats, 2,000 playouts a
    decision, the same 451 games each way): the same share of games won (68.7% against
    68.3%) for fewer points a hand, so ``SearchBot`` judges by points unless asked."""

    __slots__ = ("before", "scores", "side", "spread", "target")

    def __init__(self, side: int, scores: Sequence[int], target: int, spread: float) -> None:
        self.side = side
        self.scores = tuple(scores)
        self.target = target
        self.spread = spread
        self.before = self.chance(self.scores)

    def chance(self, scores: Sequence[int]) -> float:
        """The side's chance of the game with these scores, the game still on."""
        counted = [min(score, self.target) for score in scores]
        top = max(counted)  # (exponents of at most 0: no overflow whatever the target)
        weights = [math.exp((score - top) / self.spread) for score in counted]
        return weights[self.side] / sum(weights)

    def __call__(self, delta: Sequence[int], winner: int | None) -> float:
        if winner is not None and winner >= 0:
            return (1.0 if winner == self.side else 0.0) - self.before
        return self.chance([score + change for score, change in zip(self.scores, delta, strict=True)]) - self.before


@attrs.define
class SearchStats:
    """Work done by a SearchBot so far: ``decisions`` counts the searched ones only."""

    decisions: int = 0
    playouts: int = 0
    seconds: float = 0.0

    @property
    def playouts_per_second(self) -> float:
        return self.playouts / self.seconds if self.seconds else 0.0

    @property
    def seconds_per_decision(self) -> float:
        """The time a searched decision took on average (what a time budget actually used)."""
        return self.seconds / self.decisions if self.decisions else 0.0


KERNEL_PER_DEAL = 16
"""``SearchBot``'s playouts of each candidate per deal where the compiled kernel runs them."""

GREEDY: Literal["greedy"] = "greedy"
"""``SearchBot(policy=GREEDY)``, the default: playouts follow ``rollout_move``'s rule
(``fast.Greedy``, which the compiled kernel runs too)."""


def playout_policy(policy: fast.Policy | Literal["greedy"] | None, greedy: float) -> fast.Policy | fast.Greedy | None:
    """The policy ``fast.playouts`` is given: ``GREEDY`` is ``fast.Greedy(greedy)``; None
    (uniformly random moves) and a policy of one's own pass through."""
    if policy == GREEDY:
        return fast.Greedy(greedy)
    return policy


EARLY_DEALS = 16
"""Deals every candidate is played out on before the search may stop early."""


def _clear_best(rows: npt.NDArray[np.float64], z: float) -> bool:
    """Whether the best candidate (column) beats every other by ``z`` standard errors of
    their difference over the deals (rows) so far, the same deals for both."""
    if len(rows) < EARLY_DEALS or rows.shape[1] < 2:
        return False
    means = rows.mean(axis=0)
    best = int(means.argmax())
    gaps = rows[:, best:best + 1] - np.delete(rows, best, axis=1)
    errors = gaps.std(axis=0, ddof=1) / math.sqrt(len(rows))
    return bool((gaps.mean(axis=0) > z * errors).all())


class SearchBot:
    """Determinized Monte Carlo search over card play, the auction and trump; ``HeuristicBot``
    for the rest (exchanges) and for auctions ``bidding.searchable`` cannot run.

    The budget per decision is ``seconds`` of search when given: deals are sampled and
    played out until the time is used (the clock is read between deals; a deal is not
    started when the time per deal so far says it would overrun). Without ``seconds`` it
    is ``playouts`` playouts, which makes a decision reproducible for a given ``rng``. On
    each deal every candidate move is played out ``per_deal`` times (by default 1, or with
    a time budget ``KERNEL_PER_DEAL`` where the compiled kernel runs them) with ``policy``
    (``fast.playouts``: ``GREEDY``, the default, follows ``rollout_move``'s simple rule with
    chance ``greedy``; None plays uniformly random moves; or a ``fast.Policy`` of one's
    own). The search stops early once one candidate's mean beats every other's by
    ``early_stop`` standard errors (0: never). A playout is judged by ``worth`` (the hand's
    points for the bot's side against the others' mean, ``game_bonus`` for the game), or
    with ``equity`` set by ``Equity``, the change in the side's chance of the game.

    In the auction each bid and the pass are tried, each bid with every one of the
    ``trump_suits`` suits the hand looks best in (or, where a gift comes before trump is
    named, the suit the hand and gift look best in), and the hand is played out from the
    first card (``pitchcore.bots.bidding``); naming trump tries every suit the same way.
    The choice overrules ``HeuristicBot``'s only when it is ``trust`` standard errors better.
    """

    name = "search"

    def __init__(self, playouts: int = 200, *, seconds: float | None = None, variant: Variant | None = None,
                 greedy: float = 0.7, game_bonus: float = 6.0, read_bids: float = 0.85, per_deal: int | None = None,
                 policy: fast.Policy | Literal["greedy"] | None = GREEDY, early_stop: float = 3.0,
                 search_auction: bool = True, trump_suits: int = 2, trust: float = 1.0, play_trust: float = 0.0,
                 read_passes: bool = False, read_draws: float = 1.0, equity: float | None = None,
                 fallback: HeuristicBot | None = None) -> None:
        if seconds is not None and not seconds > 0:
            raise ValueError(f"SearchBot: seconds must be above 0, not {seconds}")
        if equity is not None and not equity > 0:
            raise ValueError(f"SearchBot: equity must be above 0 (or None), not {equity}")
        self.playouts = playouts
        self.seconds = seconds
        self.variant = variant
        self.greedy = greedy
        self.read_bids = read_bids
        """How strongly deals are made to fit the bids: the chance of redrawing a deal in which
        a bidder's hand is too weak for its bid (0: deals ignore the bids)."""
        self.game_bonus = game_bonus
        """Added for a playout in which the bot's side wins the game (taken off if another does)."""
        self.per_deal = per_deal
        """Playouts of each candidate per sampled deal; None: 1, or with a time budget
        ``KERNEL_PER_DEAL`` where the compiled kernel plays the variant's playouts (a batch
        costs little more than one there, a deal much more)."""
        self.policy = playout_policy(policy, greedy)
        self.early_stop = early_stop
        self.search_auction = search_auction
        self.trump_suits = trump_suits
        self.trust = trust
        """How sure the auction search must be to overrule ``HeuristicBot``: the standard
        errors by which its choice must beat the heuristic one (0: always its own)."""
        self.play_trust = play_trust
        """The same for card play (0, the default: the search's card)."""
        self.read_passes = read_passes
        """Whether card play's deals are nudged to fit the passes too (``read_bids`` of a
        chance; off by default: against HeuristicBot it measured no stronger for its cost)."""
        self.read_draws = read_draws
        """The chance that a card-play deal is drawn reading a ``draw`` exchange (haus-pitch):
        each seat holding, as far as the unseen cards allow, as many cards worth keeping
        (``heuristic.keep_value``: trumps, off-suit aces) as it kept, since a seat keeps
        those and throws the rest (0: the kept cards are dealt like any other). Measured
        against HeuristicBot: +0.18 points a hand over 1,500 deals played both ways."""
        self.equity = equity
        """Judge a playout by the game, not the hand: the change in the side's chance of
        winning the game (``Equity``, with a spread of ``equity`` times the points a hand
        holds) instead of its points against the others' mean; None: by points."""
        self.fallback = fallback if fallback is not None else HeuristicBot(variant)
        self.stats = SearchStats()

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        variant = variant_of(view, self.variant)
        if variant is None:
            return self.fallback.choose(view, legal, rng)
        phase = view.phase
        if phase is Phase.PLAYING:
            return self.play(view, legal, rng, variant)
        if self.search_auction and searchable(variant) and REDEAL not in legal:
            if phase is Phase.BIDDING and all(move.kind in ("bid", "pass") for move in legal):
                return self.auction(view, legal, rng, variant)
            if (phase is Phase.NAMING_TRUMP and view.trump is None and not view.trick and not view.tricks
                    and all(move.kind == "trump" for move in legal)):
                return self.auction(view, legal, rng, variant)
        return self.fallback.choose(view, legal, rng)

    # -- the budget ------------------------------------------------------------------------

    def _spent(self, started: float, used: int, rounds: int) -> bool:
        """Whether the decision's budget is used, after ``rounds`` deals and ``used`` playouts."""
        if not rounds:
            return False
        if self.seconds is None:
            return used >= self.playouts
        elapsed = time.perf_counter() - started
        return elapsed + elapsed / rounds > self.seconds  # another deal would overrun

    def _done(self, started: float, used: int) -> None:
        self.stats.decisions += 1
        self.stats.playouts += used
        self.stats.seconds += time.perf_counter() - started

    def worth(self, delta: Sequence[int], winner: int | None, side: int) -> float:
        """A playout's worth to ``side``: its score change minus the other sides' mean, plus
        ``game_bonus`` when it wins the game (minus when another side does; ``winner`` None
        or -1: nobody)."""
        mine = float(delta[side])
        sides = len(delta)
        if sides > 1:
            mine -= (sum(delta) - delta[side]) / (sides - 1)
        bonus = self.game_bonus
        if bonus and winner is not None and winner >= 0:
            mine += bonus if winner == side else -bonus
        return mine

    def judge(self, view: PlayerView, variant: Variant) -> Judge:
        """How this decision's playouts are judged for the viewer's side: by ``worth``, or
        with ``equity`` set (and a target to race to) by the change in its chance of the game."""
        side = view.side_of[view.seat]
        target = getattr(variant.going_out, "target", None)
        if self.equity and isinstance(target, int):
            spread = self.equity * max(1, rules_info(variant).total)
            return Equity(side, view.scores, target, spread)
        return functools.partial(self.worth, side=side)

    def batch(self, variant: Variant) -> int:
        """Playouts of each candidate per deal (``per_deal``) for a game of ``variant``."""
        if self.per_deal is not None:
            return max(1, self.per_deal)
        compiled = (self.seconds is not None and fast.KERNEL and kernel.unsupported(variant) is None
                    and (self.policy is None or isinstance(self.policy, fast.Greedy)))
        return KERNEL_PER_DEAL if compiled else 1

    def _play_out(self, state: GameState, judge: Judge, seed: int, count: int) -> float:
        """The mean ``judge``-ment of ``count`` playouts of the hand from ``state``:
        from the kernel's distinct outcomes where it plays them (a batch is a dozen playouts,
        too few for arrays to pay), else from ``fast.playouts``."""
        policy = self.policy
        if policy is None or isinstance(policy, fast.Greedy):
            found = kernel.outcomes(state, count, seed, 0.0 if policy is None else policy.chance)
            if found is not None:
                return sum(judge(delta, winner) * times for delta, winner, times in found) / count
        played = fast.playouts(state, count, seed, cast("fast.Policy | None", policy))  # (Greedy is one too)
        return sum(judge(delta, winner) for delta, winner in zip(played.points.tolist(), played.winners.tolist(),
                                                                 strict=True)) / count

    # -- card play -------------------------------------------------------------------------

    def play(self, view: PlayerView, legal: Sequence[Move], rng: random.Random, variant: Variant) -> Move:
        """The card (or other play-phase move) whose playouts score best on sampled deals."""
        knowledge = knowledge_of(view, variant)
        rules = rules_info(variant)
        candidates = distinct_moves(legal, knowledge, rules)
        if len(candidates) == 1:
            return candidates[0]
        started = time.perf_counter()
        judge = self.judge(view, variant)
        count = self.batch(variant)
        passers = self._passers(view, variant, rules) if self.read_passes else []
        kept = self._kept(view, knowledge, rules, variant)
        rows: list[npt.NDArray[np.float64]] = []
        try:
            while not self._spent(started, len(rows) * len(candidates) * count, len(rows)):
                state = deal_state(view, self.sample(view, knowledge, rules, rng, passers, kept), variant, knowledge)
                seed = rng.getrandbits(32)
                row = np.zeros(len(candidates))
                for index, move in enumerate(candidates):
                    game = fast.Game(state)
                    if game.apply_in_hand(move):
                        result, winner = game.score()
                        row[index] = judge(result.delta, winner)
                    else:
                        row[index] = self._play_out(game.freeze(), judge, seed, count)
                rows.append(row)
                if self.early_stop and _clear_best(np.array(rows), self.early_stop):
                    break
        except NoConsistentDeal:
            return self.fallback.choose(view, legal, rng)
        finally:
            self._done(started, len(rows) * len(candidates) * count)
        if self.play_trust:
            return self._surely_better(view, legal, rng, candidates, np.array(rows), self.play_trust)
        means = np.array(rows).mean(axis=0)
        best = means.max()
        ties = [move for move, mean in zip(candidates, means, strict=True) if mean >= best - 1e-9]
        if len(ties) == 1:
            return ties[0]
        return self.fallback.choose(view, ties, rng)

    def sample(self, view: PlayerView, kn: Knowledge, rules: RulesInfo, rng: random.Random,
               passers: Sequence[tuple[int, float]] = (),
               kept: Sequence[tuple[int, int]] | None = None) -> tuple[int, ...]:
        """A deal from ``sample_masks``, redrawn (a few times at most) while the bidder's hand
        looks too weak for its bid by ``HeuristicBot``'s valuation, or a seat that passed
        (``passers``: seat, and the worth its hand stayed below) held a hand worth a bid: a
        hint, not a proof."""
        lean = kept if kept is not None and rng.random() < self.read_draws else None
        hands = sample_masks(kn, rng, lean)
        bidder, bid = view.bidder, view.bid
        read_bidder = bidder is not None and bidder != view.seat and kn.trump is not None
        if not self.read_bids or not (read_bidder or passers):
            return hands
        need = (bid if isinstance(bid, int) else rules.total) - self.fallback.boldness
        players = view.players

        def fits(hands: tuple[int, ...]) -> bool:
            if read_bidder:
                assert bidder is not None and kn.trump is not None
                if suit_value(hands[bidder] | kn.played_by[bidder], kn.trump, rules, players) < need:
                    return False
            return all(best_suit(hands[seat] | kn.played_by[seat], rules, players, bidder_gift=rules.gift)[1] < most
                       for seat, most in passers)

        for _ in range(BID_REDRAWS):
            if fits(hands) or rng.random() >= self.read_bids:
                break
            hands = sample_masks(kn, rng, lean)
        return hands

    def _kept(self, view: PlayerView, kn: Knowledge, rules: RulesInfo,
              variant: Variant) -> list[tuple[int, int]] | None:
        """Per seat, the cards worth keeping through a ``draw`` exchange and how many of them
        its hand still holds if it kept only such cards (what it held less what it threw,
        less those it has played); None where the hand had no draw or ``read_draws`` is 0."""
        trump = kn.trump
        if not self.read_draws or trump is None or not isinstance(variant.exchange, Draw):
            return None
        worth = mask_of(card for card in range(MAX_CARDS) if keep_value(card, trump, rules) >= DRAW_VALUE)
        lean = []
        for seat, thrown in enumerate(view.discard_counts):
            held = rules.play_size + (rules.gift if seat == view.bidder else 0)
            lean.append((worth, max(0, held - thrown - _count(kn.played_by[seat] & worth))))
        return lean

    def _passers(self, view: PlayerView, variant: Variant, rules: RulesInfo) -> list[tuple[int, float]]:
        """The seats that passed and the worth their hands stayed below, where the hands
        played are the hands bid on (no widow, no exchange); else none."""
        if not isinstance(variant.exchange, NoExchange) or not isinstance(variant.widow, NoWidow):
            return []
        return [(seat, most) for seat, least, most in self._bid_bounds(view, variant, rules) if least == -math.inf]

    # -- the auction and trump -------------------------------------------------------------

    def auction(self, view: PlayerView, legal: Sequence[Move], rng: random.Random, variant: Variant) -> Move:
        """The bid (or pass), or the trump suit, whose hands played out score best."""
        rules = rules_info(variant)
        hand = mask_of(card.index for card in view.hand)
        choices = self._auction_choices(view, legal, rules, hand)
        started = time.perf_counter()
        judge = self.judge(view, variant)
        template = _template(variant, view.players)
        count = self.batch(variant)
        rows: list[npt.NDArray[np.float64]] = []
        used = 0
        try:
            while not self._spent(started, used, len(rows)):
                dealt = self._sample_hidden(view, variant, rules, rng)
                if dealt is None:
                    return self.fallback.choose(view, legal, rng)
                deal = bidding.Deal(bidding.pre_play_state(view, variant, template, *dealt), view.seat, rules,
                                    self.fallback.boldness)
                seed = rng.getrandbits(32)
                played: dict[tuple[object, ...], float] = {}
                row = np.zeros(len(choices))
                for index, (move, suit) in enumerate(choices):
                    kind, found = bidding.run_to_play(deal, move, suit, variant)
                    if kind == "play":
                        assert isinstance(found, GameState)
                        key = bidding.play_key(found)
                        value = played.get(key)
                        if value is None:
                            value = played[key] = self._play_out(found, judge, seed, count)
                            used += count
                    else:
                        assert isinstance(found, tuple)
                        value = judge(found[0], found[1])
                    row[index] = value
                rows.append(row)
        finally:
            self._done(started, used)
        moves = [move if move is not None else Move("trump", suit if isinstance(suit, int) else 0)
                 for move, suit in choices]
        return self._surely_better(view, legal, rng, moves, np.array(rows), self.trust)

    def _surely_better(self, view: PlayerView, legal: Sequence[Move], rng: random.Random, moves: Sequence[Move],
                       rows: npt.NDArray[np.float64], trust: float) -> Move:
        """The move of the best mean (a move tried several ways, as at several suits, at its
        best), where it beats the move ``HeuristicBot`` would make by ``trust`` standard
        errors of their difference on the same deals; else the heuristic move. A few noisy
        deals do not overturn a sound rule of thumb, and many deals do whenever the play
        says so."""
        means = rows.mean(axis=0)
        best_of: dict[Move, int] = {}
        for index, move in enumerate(moves):
            if move not in best_of or means[index] > means[best_of[move]]:
                best_of[move] = index
        best = max(best_of, key=lambda move: means[best_of[move]])
        if not trust:
            return best
        usual = self.fallback.choose(view, legal, rng)
        if best == usual or usual not in best_of:
            return best
        if len(rows) < 2:
            return usual
        gaps = rows[:, best_of[best]] - rows[:, best_of[usual]]
        error = gaps.std(ddof=1) / math.sqrt(len(gaps))
        return best if gaps.mean() > trust * error else usual

    def _auction_choices(self, view: PlayerView, legal: Sequence[Move], rules: RulesInfo,
                         hand: int) -> list[tuple[Move | None, int | None]]:
        """(move, suit) pairs to try: each trump move; or each bid with each suit worth
        trying, and the pass. The suit is a function of the hand where a gift is still to
        come (``HeuristicBot``'s best suit once it is in the hand)."""
        if view.phase is Phase.NAMING_TRUMP:
            return [(None, int(move.arg or 0)) for move in legal]
        players = view.players
        suits: list[int | None]
        if rules.gift and rules.named_trump:
            suits = [None]  # (named once the gift is in the hand: HeuristicBot's best suit then)
        else:
            ranked = sorted(range(4), key=lambda suit: -suit_value(hand, suit, rules, players))
            held = [suit for suit in ranked if hand & rules.tables.trumps[suit]] or ranked
            suits = list(held[:max(1, self.trump_suits)])
        choices: list[tuple[Move | None, int | None]] = []
        for move in legal:
            if move.kind == "bid":
                choices.extend((move, suit) for suit in suits)
            else:
                choices.append((move, suits[0]))
        return choices

    def _sample_hidden(self, view: PlayerView, variant: Variant, rules: RulesInfo,
                       rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """``bidding.sample_hidden``, redrawn (a few times at most) while a seat's hand does
        not fit its bid by ``HeuristicBot``'s valuation: too weak for the bid it made, or
        strong enough for a bid it passed up. A hint, not a proof."""
        dealt = bidding.sample_hidden(view, variant, rng)
        bounds = self._bid_bounds(view, variant, rules)
        if not self.read_bids or not bounds or dealt is None:
            return dealt
        for _ in range(BID_REDRAWS):
            values = ((best_suit(dealt[0][seat], rules, view.players, bidder_gift=rules.gift)[1], low, high)
                      for seat, low, high in bounds)
            if all(low <= value < high for value, low, high in values) or rng.random() >= self.read_bids:
                break
            dealt = bidding.sample_hidden(view, variant, rng) or dealt
        return dealt

    def _bid_bounds(self, view: PlayerView, variant: Variant, rules: RulesInfo) -> list[tuple[int, float, float]]:
        """(seat, least, most) worth of each other seat's hand that its move in the auction
        suggests, as ``HeuristicBot`` bids: a bid of b needs b less its boldness; a pass
        says the hand was not worth the lowest bid it could have made."""
        auction = variant.auction
        if not isinstance(auction, SingleRound):
            return []
        boldness = self.fallback.boldness
        high = 0
        found = []
        for seat, bid in view.bids:
            rank = auction.rank(bid) if bid is not None else 0
            if seat != view.seat:
                if bid is None:
                    lowest = max(high + 1, auction.min_bid)
                    if lowest <= auction.max_bid:
                        found.append((seat, -math.inf, lowest - boldness))
                else:
                    found.append((seat, (bid if isinstance(bid, int) else rules.total) - boldness, math.inf))
            high = max(high, rank)
        return found


def playout(state: GameState, first: Move, rng: random.Random,
            greedy: float) -> tuple[tuple[int, ...], int | None]:
    """Play ``first`` in ``state``, then the hand to its end with ``rollout_move``.

    Returns the hand's score change per side and the winning side if the game ended. It
    runs on the unchecked fast path, in place (``pitchcore.accel.fast.Game``): moves come from
    ``Game.moves``, and the hand is scored without dealing the next one.
    """
    game = fast.Game(state)
    done = game.apply_in_hand(first)
    moves, apply, freeze = game.moves, game.apply_in_hand, game.freeze
    while not done:
        done = apply(rollout_move(freeze(), moves(), rng, greedy))
    result, winner = game.score()
    return result.delta, winner


__all__ = ["Equity", "NoConsistentDeal", "SearchBot", "SearchStats", "deal_state", "playout", "rollout_move",
           "sample_deal", "sample_masks", "sample_state"]
