"""What a bid and a trump suit are worth, found by dealing the unseen cards and playing the hand out.

``SearchBot`` asks this module in the auction and when it names trump. A *scenario* is one
sampled deal of the cards the seat cannot see (its own hand as it is, the others' hands
and the stock in a random order) together with one choice of the seat's: a bid or a pass,
and the suit it would make trump. From the state the view shows, the engine runs the rest
of the hand's first steps on that deal:

* the auction goes on: the seat makes its choice, each later seat bids as ``HeuristicBot``
  would with the hand the deal gives it (its best suit's expected points, the sure shoot);
* a gift goes to whoever won the bid (the top of the sampled stock);
* the bidder names trump: the seat its chosen suit, another bidder its best suit by
  ``HeuristicBot``'s valuation of its hand and gift; where the first lead sets trump, the
  bidder's suit is made trump as play begins (what its first lead would do);
* a ``draw`` exchange discards, for every seat, the cards ``HeuristicBot`` would throw
  (all but trumps and Aces, the bidder's extra cards first) and draws from the stock.

Then ``fast.playouts`` plays the hand out from the first card with the search's playout
policy, and each playout is scored for the seat's side as the card-play search scores it.
Scenarios that reach the same play (same bidder, bid and trump) share their playouts, and
every scenario of a deal uses one seed, so choices are compared on the same card play.
What follows the auction depends only on the bidder and the suit, so it is run once per
deal for each (``Deal.after``), and each bid's own auction written into a copy.

Deals are nudged to fit the auction so far (``SearchBot``): a deal in which an earlier
bidder's hand is too weak for its bid, or a seat that passed held a hand worth a bid, is
usually redrawn (a hint, never a proof). ``SearchBot`` takes the search's choice over
``HeuristicBot``'s only when it is ``trust`` standard errors better on the same deals.

Only variants whose first steps this can run are searched (``searchable``): a single-round
auction without a called partner, no widow or a gift, trump named or set by the first
lead, no exchange or a ``draw`` one. Elsewhere ``SearchBot`` bids as ``HeuristicBot``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..accel import fast
from ..components import HAND_STEPS
from ..components.auction import SingleRound
from ..components.exchange import Draw, NoExchange
from ..components.last_jack import LastJack
from ..components.play import FollowOrTrump, TrumpOnly
from ..components.trump import FirstLead, Named
from ..components.variant import Variant
from ..components.widow import Gift, NoWidow
from ..game.view import PlayerView
from ..model.caches import cached
from ..model.cards import cards_in, mask_of
from ..model.fields import DEAL_NUMBER, DEALER, INFO, MASKS, PHASE, SCORES, TO_MOVE
from ..model.moves import PASS, Move, discard
from ..model.phase import Phase
from ..model.state import GameState, HandInfo
from .heuristic import DRAW_VALUE, RulesInfo, best_suit, keep_value, sure_shoot
from .knowledge import VARIANTS_KEPT, knowledge_of


@cached(VARIANTS_KEPT)
def searchable(variant: Variant) -> bool:
    """Whether ``SearchBot`` can play this variant's auction and trump naming out (see the
    module notes); False leaves them to ``HeuristicBot``."""
    auction = variant.auction
    return (isinstance(auction, SingleRound) and auction.partner == "none"
            and isinstance(variant.widow, NoWidow | Gift)
            and isinstance(variant.trump, FirstLead | Named)
            and isinstance(variant.exchange, NoExchange | Draw)
            and isinstance(variant.play, FollowOrTrump) and not isinstance(variant.play, TrumpOnly)
            and not isinstance(variant.trick, LastJack))


# -- the state the view shows, on a sampled deal --------------------------------------------


def sample_hidden(view: PlayerView, variant: Variant,
                  rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Every seat's hand as a mask and the stock top first: the viewer's hand (and gift) as
    the view shows them, the unseen cards dealt at random. None when the counts disagree."""
    kn = knowledge_of(view, variant)
    unseen = list(cards_in(kn.unknown))
    rng.shuffle(unseen)
    masks = []
    at = 0
    for seat in range(view.players):
        if seat == view.seat:
            masks.append(kn.hand)
            continue
        size = view.hand_sizes[seat]
        masks.append(mask_of(unseen[at:at + size]))
        at += size
    stock = tuple(unseen[at:])
    if len(stock) != view.stock_size:
        return None
    return tuple(masks), stock


def pre_play_state(view: PlayerView, variant: Variant, template: GameState, masks: tuple[int, ...],
                   stock: tuple[int, ...]) -> GameState:
    """The state ``view`` shows (bidding, or naming trump) with ``masks`` and ``stock`` dealt."""
    step = HAND_STEPS.index("auction" if view.phase is Phase.BIDDING else "trump")
    auction = variant.auction
    gift = mask_of(card.index for card in view.gift)
    dealt = tuple(mask & ~gift if seat == view.bidder else mask for seat, mask in enumerate(masks))
    info = HandInfo(dealt=dealt, stock=stock, bids=view.bids,
                    high=auction.rank(view.bid) if view.bid is not None else 0, bidder=view.bidder,
                    bid=view.bid, gift=gift, hand_size=view.hand_size or variant.deal.hand_size,
                    blind=sum(1 << seat for seat in view.blind))
    return template.evolve(scores=view.scores, dealer=view.dealer, deal_number=len(view.hand_results),
                           hand_results=view.hand_results, phase=view.phase, to_move=view.to_move,
                           masks=masks, info=info, trick_cards=(), leader=view.dealer, done_tricks=(),
                           winner=None, step=step)


# -- how the others (and the seat's own exchange) are played ----------------------------------


def heuristic_bid(legal: Sequence[Move], value: float, shoots: bool, boldness: float, rules: RulesInfo,
                  dealer: bool, set_back: bool) -> Move:
    """``HeuristicBot``'s bid for a hand worth ``value`` points (``shoots``: a sure shoot)."""
    bids = [move for move in legal if move.kind == "bid"]
    numbers = [move for move in bids if isinstance(move.arg, int) and move.arg != rules.shoot_bid]
    passing = PASS in legal
    if shoots:
        for move in bids:
            if move.arg == rules.shoot_bid:
                return move
    want = math.floor(value + boldness)
    fitting = [move for move in numbers if int(move.arg or 0) <= want]
    if fitting:
        pick = min if dealer else max
        return pick(fitting, key=lambda move: int(move.arg or 0))
    if passing and numbers and set_back:
        return min(numbers, key=lambda move: int(move.arg or 0))
    if passing:
        return PASS
    return min(numbers, key=lambda move: int(move.arg or 0)) if numbers else bids[0]


def discard_for_draw(hand: int, trump: int | None, sizes: range, rules: RulesInfo) -> Move:
    """``HeuristicBot``'s ``draw`` discard: every card worth less than a draw by its
    ``keep_value`` (all but trumps and Aces), as many as ``sizes`` allows, the least
    valuable first."""
    ranked = sorted(cards_in(hand), key=lambda card: keep_value(card, trump, rules))
    cheap = sum(1 for card in ranked if keep_value(card, trump, rules) < DRAW_VALUE)
    count = min(max(cheap, sizes.start), sizes.stop - 1)
    return discard(mask_of(ranked[:count]))


class Deal:
    """One sampled deal and what the others would do with their hands in it."""

    def __init__(self, state: GameState, seat: int, rules: RulesInfo, boldness: float) -> None:
        self.state = state
        self.seat = seat
        self.rules = rules
        self.boldness = boldness
        self.players = state.table.players
        self._suits: dict[tuple[int, bool], tuple[int, float]] = {}
        self._worth: dict[int, tuple[float, bool]] = {}
        self.after: dict[tuple[int | None, int | None], Outcome] = {}
        """What follows the auction, by bidder and the seat's suit (``run_to_play``)."""

    def suit(self, hand: int, *, bidding: bool = False) -> tuple[int, float]:
        """The best trump suit for ``hand`` and its worth by ``HeuristicBot``'s valuation
        (``bidding``: as it bids, counting on the gift to come); kept per hand."""
        key = (hand, bidding)
        found = self._suits.get(key)
        if found is None:
            gift = self.rules.gift if bidding else 0
            found = self._suits[key] = best_suit(hand, self.rules, self.players, bidder_gift=gift)
        return found

    def worth(self, hand: int) -> tuple[float, bool]:
        """What ``HeuristicBot`` bids on: the hand's best worth counting on the gift, and
        whether it is a sure shoot (kept per hand)."""
        found = self._worth.get(hand)
        if found is None:
            rules = self.rules
            shoots = rules.shoot_bid is not None and any(sure_shoot(hand, trump, rules) for trump in range(4))
            found = self._worth[hand] = (self.suit(hand, bidding=True)[1], shoots)
        return found


Outcome = tuple[str, GameState | tuple[tuple[int, ...], int | None]]
"""("play", the state at the first card) or ("scored", (delta, winner)) for a hand that
ended before play, or ("redeal", ()) for a deal thrown in."""


def run_to_play(deal: Deal, move: Move | None, suit: int | None, variant: Variant) -> Outcome:
    """Run the hand's first steps from ``deal.state``: the seat makes ``move`` (a bid or
    pass; None when naming trump) and names ``suit`` (None: its best suit by
    ``HeuristicBot``'s valuation of the hand it then holds, gift and all), the others as
    ``HeuristicBot`` would. Returns what the play begins from.

    What follows the auction depends on who won it and the suit, not on the bid: it is run
    once per deal for each bidder and suit (``deal.after``), and each bid's own auction
    written into a copy."""
    game = fast.Game(deal.state)
    fields = game.fields
    deal_number = fields[DEAL_NUMBER]
    while fields[PHASE] is Phase.BIDDING:
        seat = fields[TO_MOVE]
        if seat == deal.seat and move is not None:
            choice = move
        else:
            value, shoots = deal.worth(fields[MASKS][seat])
            all_passed = all(bid is None for _, bid in fields[INFO].bids)
            set_back = (seat == fields[DEALER] and all_passed
                        and getattr(variant.auction, "all_pass", None) == "dealer-set-back")
            choice = heuristic_bid(game.moves(), value, shoots, deal.boldness, deal.rules, seat == fields[DEALER],
                                   set_back)
        if game.apply_in_hand(choice):
            result, winner = game.score()
            return "scored", (result.delta, winner)
        if fields[DEAL_NUMBER] != deal_number:
            return "redeal", ((0,) * len(fields[SCORES]), None)
    auction: HandInfo = fields[INFO]
    key = (auction.bidder, suit if auction.bidder == deal.seat else None)
    found = deal.after.get(key)
    if found is None:
        found = deal.after[key] = _after_auction(deal, game, suit, variant)
    state = found[1]
    if not isinstance(state, GameState) or state.info.bids == auction.bids:
        return found
    info = state.info._replace(bids=auction.bids, high=auction.high, bid=auction.bid)
    return "play", state.evolve(info=info)


def _after_auction(deal: Deal, game: fast.Game, suit: int | None, variant: Variant) -> Outcome:
    """``run_to_play`` from the end of the auction: the gift (dealt as the auction ended),
    trump, the exchange; the first lead's trump set."""
    fields = game.fields
    rules = deal.rules
    me = deal.seat
    exchange = variant.exchange

    def my_suit(hand: int) -> int:
        return deal.suit(hand)[0] if suit is None else suit

    while fields[PHASE] is not Phase.PLAYING:
        phase, seat = fields[PHASE], fields[TO_MOVE]
        hand = fields[MASKS][seat]
        if phase is Phase.NAMING_TRUMP:
            choice = Move("trump", my_suit(hand) if seat == me else deal.suit(hand)[0])
        elif phase is Phase.DISCARDING and isinstance(exchange, Draw):
            _, sizes = exchange.sizes(game.freeze())
            choice = discard_for_draw(hand, fields[INFO].trump, sizes, rules)
        else:
            raise ValueError(f"bidding search cannot run the {phase.value} phase")
        if game.apply_in_hand(choice):
            result, winner = game.score()
            return "scored", (result.delta, winner)
    info: HandInfo = fields[INFO]
    if info.trump is None and info.bidder is not None:  # the first lead sets trump: the bidder's suit
        bidder = info.bidder
        start = fields[MASKS][bidder]
        fields[INFO] = info._replace(trump=my_suit(start) if bidder == me else deal.suit(start)[0])
    return "play", game.freeze()


def play_key(state: GameState) -> tuple[object, ...]:
    """What decides the play a scenario reaches, given its deal."""
    info = state.info
    return info.bidder, info.bid, info.trump


__all__ = ["Deal", "discard_for_draw", "heuristic_bid", "pre_play_state", "run_to_play", "sample_hidden",
           "searchable"]
