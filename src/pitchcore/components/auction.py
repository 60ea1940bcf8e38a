"""The auction slot: who becomes the bidder and for how much.

Two kinds: ``single-round`` (one round of bids, the dealer last; docs/rules.md, "The
auction") and ``sell-out`` (the eldest hand sells the right to pitch; docs/rules.md,
"sell-out").
"""

from __future__ import annotations

import re

import attrs

from ..model.caches import Cache
from ..model.cards import NINE, card_text, make_card
from ..model.fields import DEALER, INFO, MASKS, TABLE, TO_MOVE, TRICK_CARDS
from ..model.moves import PARTNER, PASS, Move, bid
from ..model.phase import Phase
from ..model.state import GameState, HandInfo, with_bid
from ..model.tuples import unchecked
from .registry import MOST_BID, choice, component, field, slot
from .step import Next, Step
from .wording import sentences

slot("auction", "How the bidder and the bid are decided.", "single-round")

_LEGAL: Cache[tuple[object, int, bool, int, bool], tuple[Move, ...]] = Cache(10_000)
"""Legal bids by (auction, high bid, dealer to bid, shoot rank, forced): a handful per variant."""

_WAIT = Next.WAIT
_NINES = tuple((make_card(NINE, suit), 0x1FFF << 13 * suit) for suit in range(4))
"""(the nine, mask of its suit) per suit: the holding that forces a bid (Nine-Five)."""


def holds_nine_and_another(hand: int) -> bool:
    """True when ``hand`` holds a 9 and at least one more card of the 9's suit."""
    return any(hand >> nine & 1 and (hand & suit).bit_count() >= 2 for nine, suit in _NINES)


BID_NAME = re.compile(r"[a-z][a-z-]{0,19}")
"""A top bid's name: one word that a move's text writes and reads back as it is."""


@component("auction", "single-round")
@attrs.frozen(cache_hash=True)  # hashed on every legal_moves (the key of _LEGAL)
class SingleRound(Step):
    """One round of bids clockwise from eldest, each higher than the last; the dealer bids last."""

    min_bid: int = field(2, "lowest bid", minimum=1, maximum=MOST_BID)
    max_bid: int = field(4, "highest numbered bid", minimum=1, maximum=MOST_BID)
    top_bid: str | None = field(
        None, "name of one more bid ranking above every number (smudge, moon), or null")
    dealer_may_take: bool = field(
        True, "the dealer may take the high bid by bidding equal to it (never a shoot bid)")
    all_pass: str = choice(
        ("redeal", "dealer-must-bid", "pass-deal", "dealer-names-trump", "dealer-set-back"), "redeal",
        "redeal: the same dealer deals again; dealer-must-bid (stick the dealer): the dealer "
        "may not pass when everyone else has; pass-deal: the hand is thrown in and the next "
        "seat clockwise deals; dealer-names-trump: a dealer who passes too is the bidder for 0, "
        "never set (Cinch: no minimum); dealer-set-back: the dealer may pass too, and is then "
        "set back min_bid as a bidder of min_bid who failed, the hand not played (nobody else "
        "scores) and the next seat deals",
    )
    forced_bid: int | None = field(
        None, "null, or a bid N: a player holding a 9 and another card of the 9's suit may not "
        "pass while the high bid is below N, and must bid at least N (Nine-Five)",
        minimum=1, maximum=MOST_BID)
    partner: str = choice(
        ("none", "called-card"), "none",
        "none: no called partner; called-card (call your partner, for 5-6 cutthroat players): "
        "once the auction has a bidder, the bidder moves once more, 'partner CARD', naming a "
        "card of the deck it does not hold; the seat holding it is its secret partner for the "
        "hand (both score the team's points, both are set back); a card dealt to nobody leaves "
        "the bidder alone against the others")

    def explain(self) -> str:
        """The auction in plain words (``pitchcore explain``)."""
        top = f", then {self.top_bid}, which ranks above every number" if self.top_bid is not None else ""
        take = ("the dealer may take the high bid by bidding the same (never a shoot bid)" if self.dealer_may_take
                else "the dealer must bid higher than the high bid, like everyone else")
        all_pass = {
            "redeal": "if everyone passes, the cards are thrown in and the same dealer deals again",
            "dealer-must-bid": "if everyone else passes, the dealer may not pass and must bid (stick the dealer)",
            "pass-deal": "if everyone passes, the cards are thrown in and the next player clockwise deals",
            "dealer-names-trump": "if everyone passes, the dealer is the bidder for 0: it names trump and "
                                  "cannot be set",
            "dealer-set-back": f"if everyone passes, the dealer is set back {self.min_bid} as a bidder who "
                               "failed, the hand is not played (nobody else scores) and the next player deals",
        }.get(self.all_pass, f"if everyone passes: {self.all_pass}")
        forced = "" if self.forced_bid is None else (
            f"a player holding a 9 and another card of the 9's suit may not pass while the high bid is "
            f"below {self.forced_bid}, and must bid at least {self.forced_bid}")
        partner = "" if self.partner == "none" else (
            "once there is a bidder, it calls a partner by naming a card it does not hold: whoever holds "
            "that card is its secret partner for the hand (they score together and are set together); "
            "a card dealt to nobody leaves the bidder alone against the others")
        return sentences("one round of bidding, clockwise from the dealer's left, the dealer last: each "
                         "player passes or bids once, each bid higher than the last",
                         f"the bids run from {self.min_bid} to {self.max_bid}{top}", take, all_pass, forced,
                         partner)

    def problems(self) -> list[tuple[str, str]]:
        found = []
        top = self.top_bid
        if top is not None and not (isinstance(top, str) and BID_NAME.fullmatch(top)):
            found.append(("top_bid", "expected null or one lower-case word (letters and hyphens, at "
                          "most 20), as a move writes it: smudge, moon, shoot-the-moon"))
        if self.max_bid < self.min_bid:
            found.append(("max_bid", f"must be at least min_bid ({self.min_bid})"))
        forced = self.forced_bid
        if forced is not None and (not isinstance(forced, int) or isinstance(forced, bool)
                                   or not self.min_bid <= forced <= self.max_bid):
            found.append(("forced_bid", f"expected null or a whole-number bid from min_bid to "
                          f"max_bid ({self.min_bid} to {self.max_bid}), got {forced!r}"))
        return found

    # Bids are ranked: numbers rank as themselves, the top bid one above max_bid.
    def rank(self, value: int | str | None) -> int:
        if isinstance(value, int):
            return value if self.min_bid <= value <= self.max_bid else 0
        if value is not None and value == self.top_bid:
            return self.max_bid + 1
        return 0

    def value(self, rank: int) -> int | str:
        return rank if rank <= self.max_bid else str(self.top_bid)

    def all_values(self) -> list[int | str]:
        values: list[int | str] = list(range(self.min_bid, self.max_bid + 1))
        if self.top_bid is not None:
            values.append(self.top_bid)
        return values

    def kernel_form(self) -> dict[Move, int] | None:
        """The compiled kernel's form (``components.kernel_form``): each bid move's rank (the
        pass 0), where the legal bids depend only on the high bid and whether the dealer
        bids; None with a forced bid or a called partner, which stay Python."""
        if self.forced_bid is not None or self.partner != "none":
            return None
        ranks = {PASS: 0}
        ranks.update((bid(value), self.rank(value)) for value in self.all_values())
        return ranks

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        eldest = (state.dealer + 1) % state.table.players
        return state.evolve(phase=Phase.BIDDING, to_move=eldest), True

    def forced(self, state: GameState) -> bool:
        """True when the seat to move may not pass: it holds the forcing holding (a 9 and
        another card of its suit) and the high bid is still below ``forced_bid``."""
        forced = self.forced_bid
        return (forced is not None and state.info.high < forced
                and holds_nine_and_another(state.masks[state.to_move or 0]))

    def calling(self, state: GameState) -> bool:
        """True when the auction is over and the bidder still has to call its partner."""
        info = state.info
        return (self.partner == "called-card" and info.bidder is not None
                and len(info.bids) >= state.table.players and info.called is None)

    def legal(self, state: GameState) -> tuple[Move, ...]:
        info = state.info
        if self.partner != "none" and self.calling(state):
            own = state.masks[info.bidder or 0]
            return tuple(PARTNER[card] for card in state.table.deck if not own >> card & 1)
        forced = self.forced_bid is not None and self.forced(state)
        key = (self, info.high, state.to_move == state.dealer, state.table.shoot_rank, forced)
        moves = _LEGAL.get(key)
        if moves is None:
            moves = _LEGAL.put(key, self._legal(state, forced))
        return moves

    def _legal(self, state: GameState, forced: bool) -> tuple[Move, ...]:
        info = state.info
        seat = state.to_move
        high = info.high
        top = self.max_bid + (1 if self.top_bid is not None else 0)
        lowest = max(high + 1, self.min_bid)
        moves: list[Move] = []
        if seat == state.dealer:
            shoot = state.table.shoot_rank
            if self.dealer_may_take and high and high != shoot:
                lowest = high
            if not (high == 0 and self.all_pass == "dealer-must-bid"):
                moves.append(PASS)
        else:
            moves.append(PASS)
        if forced:
            assert self.forced_bid is not None
            lowest = max(lowest, self.forced_bid)
            moves = []
        moves.extend(bid(self.value(rank)) for rank in range(lowest, top + 1))
        return tuple(moves)

    def why_illegal(self, state: GameState, move: Move) -> str:
        seat = state.to_move
        if self.partner != "none" and self.calling(state):
            arg = move.arg
            if (move.kind == "partner" and isinstance(arg, int)
                    and state.masks[seat or 0] >> arg & 1):
                return (f"the bidder (seat {seat}) holds {card_text(arg)}: it calls its partner "
                        "with a card it does not hold")
            return (f"the bidder (seat {seat}) calls its partner: 'partner CARD' naming a card "
                    "of the deck it does not hold")
        legal = self.legal(state)
        bids = [str(found.arg) for found in legal if found.kind == "bid"]
        may = f"bid {bids[0]} to {bids[-1]}" if len(bids) > 1 else f"bid {bids[0]}" if bids else ""
        if PASS not in legal:
            if self.forced_bid is not None and self.forced(state):
                why = (f"seat {seat} holds a 9 and another card of its suit, so it may not pass "
                       f"and must bid at least {self.forced_bid}")
            else:
                why = f"everyone else passed, so the dealer (seat {seat}) may not pass"
            return f"{why}: it may {may}"
        if move.kind == "bid" and self.rank(move.arg) and seat == state.dealer:
            return f"the dealer (seat {seat}) may pass or {may}"
        if move.kind == "bid" and self.rank(move.arg):
            return (f"a bid must be higher than the high bid ({state.info.bid}): seat {seat} may "
                    f"pass{' or ' + may if may else ''}")
        return f"{move} is not a bid of this auction; seat {seat} may pass{' or ' + may if may else ''}"

    def sale(self, info: HandInfo) -> tuple[int, int] | None:
        """Points a seat scores at once from the auction: none in a single round."""
        return None

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        kind, arg = move
        info: HandInfo = state[INFO]
        seat: int = state[TO_MOVE]
        if kind == "partner":
            assert isinstance(arg, int)
            holder = next((held for held, mask in enumerate(state.masks) if mask >> arg & 1), None)
            return state.evolve(info=info._replace(called=arg, partner=holder)), Next.DONE
        info = with_bid(info, seat, arg, self.rank(arg)) if kind == "bid" else with_bid(info, seat, None)
        dealer: int = state[DEALER]
        if seat != dealer:  # the state built in place: a hand has a bid or pass per seat
            return unchecked(GameState, (*state[:TO_MOVE], (seat + 1) % state[TABLE].players, state[MASKS], info,
                                    *state[TRICK_CARDS:])), _WAIT
        if info.bidder is None and self.all_pass == "dealer-names-trump":  # trump for nothing
            info = info._replace(bidder=seat, bid=0)
        if info.bidder is not None:
            if self.partner == "called-card":  # the bidder calls its partner before the next step
                return state.evolve(info=info, to_move=info.bidder), _WAIT
            return state.evolve(info=info), Next.DONE
        if self.all_pass == "pass-deal":  # thrown in: the next seat deals (the engine redeals)
            return state.evolve(info=info, dealer=(seat + 1) % state.table.players), Next.REDEAL
        if self.all_pass == "dealer-set-back":  # the dealer is the bidder of min_bid, set unplayed
            info = info._replace(bidder=seat, bid=self.min_bid, high=self.min_bid)
            return state.evolve(info=info, to_move=None), Next.SCORE
        return state.evolve(info=info), Next.REDEAL


@component("auction", "sell-out")
@attrs.frozen
class SellOut(Step):
    """The eldest pitches at once, or lets the others bid once each, then sells to the top bid or pitches for it.

    Sell-out (Commercial) Pitch, as Foster's Complete Hoyle and Parlett's The Penguin Book of
    Card Games describe it. Moves, in order:

    1. The eldest (the dealer's left) moves first: ``bid P`` (P = ``pitch_bid``, 4 by
       default) pitches at once; the eldest is the bidder for P and must make P or be set
       back P. The auction ends. Or ``pass``: the eldest lets the others bid.
    2. Each other seat once, clockwise, the dealer last: ``pass`` or ``bid N`` for an N from
       ``min_bid`` to ``max_bid``, higher than the high bid so far.
    3. If nobody bid, the eldest pitches with no obligation: it is the bidder for 0, which it
       always makes, so it is never set back. Otherwise the eldest moves again: ``pass``
       sells: the top bidder becomes the bidder for its bid, and the eldest's side scores
       that bid at once (whatever the hand brings). ``bid N`` (N = the top bid) refuses:
       the eldest is the bidder for N, and the top bidder's side scores N at once.

    The points scored at once are ``sale(info)``: the auction (``info.bids``) says who sold
    or refused, so nothing else is recorded. With a shoot rule on P, pitching at once is a
    shoot bid (as the old game's smudge).
    """

    min_bid: int = field(1, "lowest bid the others may make", minimum=1, maximum=MOST_BID)
    max_bid: int = field(3, "highest bid the others may make", minimum=1, maximum=MOST_BID)
    pitch_bid: int = field(4, "the bid the eldest takes on by pitching at once, without letting "
                              "the others bid", minimum=1, maximum=MOST_BID)

    def explain(self) -> str:
        """The sale in plain words (``pitchcore explain``)."""
        return sentences(
            f"the eldest (the player on the dealer's left) either pitches at once, bidding "
            f"{self.pitch_bid}, or passes to let the others bid", self.others_bid(),
            "then the eldest either sells, and its side scores the top bid at once while the top "
            "bidder becomes the bidder, or refuses, and becomes the bidder for that bid itself while "
            "the top bidder's side scores it at once",
            "if nobody bids, the eldest pitches for nothing and cannot be set")

    def others_bid(self) -> str:
        """How the others bid, for ``explain``."""
        return (f"each other player in turn, the dealer last, passes or bids once, from {self.min_bid} to "
                f"{self.max_bid}, each bid higher than the last")

    def problems(self) -> list[tuple[str, str]]:
        if self.max_bid < self.min_bid:
            return [("max_bid", f"must be at least min_bid ({self.min_bid})")]
        return []

    def rank(self, value: int | str | None) -> int:
        if isinstance(value, int) and (self.min_bid <= value <= self.max_bid or value == self.pitch_bid):
            return value
        return 0

    def all_values(self) -> list[int | str]:
        values: list[int | str] = list(range(self.min_bid, self.max_bid + 1))
        if self.pitch_bid not in values:
            values.append(self.pitch_bid)
        return values

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        eldest = (state.dealer + 1) % state.table.players
        return state.evolve(phase=Phase.BIDDING, to_move=eldest), True

    def legal(self, state: GameState) -> tuple[Move, ...]:
        info = state.info
        if state.to_move == (state.dealer + 1) % state.table.players:
            if not info.bids:
                return (PASS, bid(self.pitch_bid))
            assert info.bid is not None
            return (PASS, bid(info.bid))
        lowest = max(info.high + 1, self.min_bid)
        return (PASS, *(bid(value) for value in range(lowest, self.max_bid + 1)))

    def why_illegal(self, state: GameState, move: Move) -> str:
        info = state.info
        seat = state.to_move
        if seat == (state.dealer + 1) % state.table.players:
            if not info.bids:
                return (f"the eldest (seat {seat}) either pitches at once (bid {self.pitch_bid}) "
                        "or lets the others bid (pass)")
            return (f"the eldest (seat {seat}) either sells to seat {info.bidder} for {info.bid} "
                    f"(pass) or refuses and pitches for {info.bid} itself (bid {info.bid})")
        lowest = max(info.high + 1, self.min_bid)
        if lowest > self.max_bid:
            return f"the high bid is {info.bid}, the most there is: seat {seat} may only pass"
        higher = f", higher than the high bid ({info.bid})" if info.high else ""
        return f"seat {seat} may pass or bid {lowest} to {self.max_bid}{higher}"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        info = state.info
        seat = state.to_move
        assert seat is not None
        players = state.table.players
        eldest = (state.dealer + 1) % players
        arg = move.arg if move.kind == "bid" else None
        bids = (*info.bids, (seat, arg))
        if arg is not None:  # a bid; from the eldest: pitching at once, or refusing the sale
            info = info._replace(bids=bids, high=self.rank(arg), bidder=seat, bid=arg)
            if seat == eldest:
                return state.evolve(info=info), Next.DONE
        elif seat == eldest and info.bids:  # the eldest sells to the top bidder
            return state.evolve(info=info._replace(bids=bids)), Next.DONE
        else:
            info = info._replace(bids=bids)
        following = (seat + 1) % players
        if following != eldest:
            return state.evolve(info=info, to_move=following), Next.WAIT
        if info.bidder is None:  # nobody bid: the eldest pitches with no obligation
            return state.evolve(info=info._replace(bidder=eldest, bid=0)), Next.DONE
        return state.evolve(info=info, to_move=eldest), Next.WAIT

    def sale(self, info: HandInfo) -> tuple[int, int] | None:
        """The seat that scores at once and how much: the eldest who sold, or the top bidder
        whose bid the eldest refused (None: the eldest pitched at once, or nobody bid)."""
        bids = info.bids
        if not bids or bids[0][1] is not None or not info.bid:
            return None
        eldest = bids[0][0]
        if info.bidder != eldest:
            return eldest, int(info.bid)
        buyer = next(seat for seat, value in bids[1:-1] if value == info.bid)
        return buyer, int(info.bid)
