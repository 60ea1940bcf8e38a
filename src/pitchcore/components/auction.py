"""The auction slot: who becomes the bidder and for how much.

Two kinds: ``single-round`` (one round of bids, the dealer last, or more with ``rounds``;
docs/rules.md, "The auction") and ``sell-out`` (the eldest hand sells the right to pitch;
docs/rules.md, "sell-out").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

import attrs

from ..model.caches import Cache
from ..model.cards import NINE, card_text, make_card
from ..model.fields import DEALER, INFO, MASKS, PHASE, TABLE, TO_MOVE, TRICK_CARDS
from ..model.moves import PARTNER, PASS, Move, bid, blind
from ..model.phase import Phase
from ..model.state import GameState, HandInfo, with_bid
from ..model.tuples import unchecked
from .registry import MOST_BID, choice, component, field, slot
from .settlement import Ledger
from .step import Fields, Next, Step
from .wording import sentences

slot("auction", "How the bidder and the bid are decided.", "single-round")

_LEGAL: Cache[tuple[object, int, bool, int, bool, bool], tuple[Move, ...]] = Cache(10_000)
"""Legal bids by (auction, high bid, dealer to bid, shoot rank, forced, a partner holds the
high bid where that allows only a pass): a handful per variant."""

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
    """Bids clockwise from eldest, each higher than the last, the dealer last: one round, or more (rounds).

    ``rounds: once`` (the default) is the auction nearly every Pitch table plays: each player
    passes or bids once. ``twice`` and ``until-all-pass`` are house rules that let the bidding
    go round again; in both, as in the re-raise of Pedro Sancho in Foster's Complete Hoyle ("If
    a player's first bid is raised he may raise again in his proper turn"), a pass is final: a
    player who passed never bids again this hand, and the high bidder's turn is skipped while it
    holds the high bid. A later round therefore holds only players who bid and were outbid.

    - ``twice``: after the first round (the dealer last), the turn goes round once more from
      the dealer's left to the dealer; the auction ends after that, or sooner when every player
      but the high bidder has passed.
    - ``until-all-pass``: the turn goes round and round until every player but the high bidder
      has passed.

    Every bid must be higher than the high bid, except the dealer's take (``dealer_may_take``),
    which the dealer may make in any of its turns; the others must then bid higher than the
    dealer's take to stay in. ``all_pass`` applies when nobody bid in the first round (everyone
    has then passed, and a pass is final), as with a single round. ``forced_bid`` binds a player
    in every one of its turns.

    ``partner_overbid: false`` (partnership games): while a player's partner (a player of its
    side) holds the high bid, that player may only pass; once an opponent outbids the partner,
    it may bid again as usual. A forced bid still binds it, over its partner's bid. Where every
    player plays for itself it changes nothing.
    """

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
    rounds: str = choice(
        ("once", "twice", "until-all-pass"), "once",
        "once: each player passes or bids once, the dealer last; twice: the bidding goes round "
        "the table a second time, from the dealer's left to the dealer; until-all-pass: round "
        "and round until every player but the high bidder has passed. In every case a pass is "
        "final (a player who passed never bids again this hand) and the high bidder is skipped, "
        "so a later round holds the players who bid and were outbid; the dealer may take "
        "(dealer_may_take) in any of its turns")
    partner_overbid: bool = field(
        True, "a player may bid over its partner's high bid; false (partnerships): while a "
        "player's partner holds the high bid, the player may only pass (a forced bid still binds "
        "it); it may bid again once an opponent holds the high bid")
    blind: int | None = field(
        None, "null, or N (blind bids, counting N times): before the cards are dealt, each player "
        "from the dealer's left to the dealer may pass or bid blind ('blind B': a number from "
        "min_bid to max_bid, higher than any blind bid before it), without having seen a card. "
        "The cards are then dealt and the auction goes round as usual, each bid higher than the "
        "high bid, blind or not (the dealer may take a blind bid where dealer_may_take); a player "
        "who bid blind has made its call. A blind bid that wins the auction counts N times, made "
        "or set: what the hand scores the bidder's side, points or set-back, is multiplied by N "
        "(the other sides score as usual). With rounds: once",
        minimum=2, maximum=10)

    def explain(self) -> str:
        """The auction in plain words (``pitchcore explain``)."""
        top = f", then {self.top_bid}, which ranks above every number" if self.top_bid is not None else ""
        turns = "" if self.rounds == "once" else ", in any of its turns"
        take = (f"the dealer may take the high bid by bidding the same{turns} (never a shoot bid)"
                if self.dealer_may_take else "the dealer must bid higher than the high bid, like everyone else")
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
        rounds = {
            "once": "one round of bidding, clockwise from the dealer's left, the dealer last: each player "
                    "passes or bids once, each bid higher than the last",
            "twice": "the bidding goes round the table twice, clockwise from the dealer's left, the dealer "
                     "last each time, each bid higher than the last: a pass is final, and in the second "
                     "round only the players who bid and were outbid speak again, raising or passing",
            "until-all-pass": "the bidding goes round and round the table, clockwise from the dealer's left, "
                              "each bid higher than the last, until every player but the high bidder has "
                              "passed: a pass is final, and a player who was outbid may raise again in turn",
        }.get(self.rounds, f"rounds: {self.rounds}")
        overbid = "" if self.partner_overbid else (
            "a player may not bid over its partner: while its partner holds the high bid, it may only pass"
            + (" (unless it holds a 9 and another card of the 9's suit and must bid)"
               if self.forced_bid is not None else ""))
        return sentences(self.blind_text(), rounds, f"the bids run from {self.min_bid} to {self.max_bid}{top}", take,
                         all_pass, forced, overbid, partner)

    def blind_ledger(self, ledger: Ledger, info: HandInfo, bidders: frozenset[int]) -> Ledger:
        """``ledger`` with a winning blind bid counted ``blind`` times: what it credits the
        bidder's ``bidders`` sides (the bidder's, and a called partner's), its bonus and its
        set-back multiplied; as it is where the winning bid was not blind."""
        times = self.blind
        if times is None or info.bidder is None or not info.blind >> info.bidder & 1:
            return ledger
        credits = tuple((side, value * times if side in bidders else value) for side, value in ledger.credits)
        return attrs.evolve(ledger, credits=credits, bonus=ledger.bonus * times, penalty=ledger.penalty * times)

    def blind_text(self) -> str:
        """The blind bids, for ``explain`` (nothing where there are none)."""
        if self.blind is None:
            return ""
        times = "double" if self.blind == 2 else "triple" if self.blind == 3 else f"{self.blind} times"
        return ("before the cards are dealt, each player in turn from the dealer's left may bid blind, "
                f"from {self.min_bid} to {self.max_bid}, each blind bid higher than the one before; a player "
                "who bid blind makes no other call, and the others must bid higher to take the bid from it; "
                f"a blind bid that wins the auction counts {times}, made or set")

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
        if self.blind is not None and self.rounds != "once":
            found.append(("blind", f"blind bids are made before the deal and the auction then goes "
                          f"round once; rounds: {self.rounds} would let a blind bidder bid again after "
                          "seeing its cards: set rounds: once, or leave blind out"))
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
        bids, and the dealer's call ends the auction; None with a forced bid, a called partner,
        more than one round or no overbidding a partner, which stay Python."""
        if (self.forced_bid is not None or self.partner != "none" or self.rounds != "once"
                or not self.partner_overbid or self.blind is not None):
            return None
        ranks = {PASS: 0}
        ranks.update((bid(value), self.rank(value)) for value in self.all_values())
        return ranks

    def most_calls(self, players: int) -> int:
        """The most calls a hand's auction can hold at a table of ``players`` (the rows of the
        auction's history in ``interop.tensors``): one per seat and one more in a single round
        (as every auction without its own count); twice round, two per seat; until all pass,
        every bid there is (each higher than the last, or the dealer's take of it) and one
        pass per seat."""
        if self.rounds == "once":
            return players + 1
        if self.rounds == "twice":
            return 2 * players
        ranks = self.max_bid - self.min_bid + 1 + (self.top_bid is not None)
        return max(players + 1, ranks * (2 if self.dealer_may_take else 1) + players)

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        dealer, players = state.dealer, state.table.players
        eldest = (dealer + 1) % players
        info = state.info
        if info.blind:  # the players who bid blind have made their call
            caller = _open_caller(info.blind, dealer, dealer, players)
            if caller is None:  # every player bid blind: the highest blind bid has it
                if self.partner == "called-card":
                    return state.evolve(phase=Phase.BIDDING, to_move=info.bidder), True
                return state, False
            eldest = caller
        return state.evolve(phase=Phase.BIDDING, to_move=eldest), True

    def following(self, info: HandInfo, seat: int, dealer: int, players: int) -> int | None:
        """The seat to bid after ``seat`` has made the last call of ``info.bids`` in an auction
        of more than one round, or None when the auction is over: every seat but the high
        bidder has passed, or (``twice``) the turn would go round a third time. A seat that
        passed and the high bidder are skipped."""
        bids = info.bids
        passed = {who for who, value in bids if value is None}
        bidder = info.bidder
        eldest = (dealer + 1) % players
        at = (seat - eldest) % players
        last_round = None
        if self.rounds == "twice":  # rounds so far: a call nearer the eldest than the one before starts one
            last_round = 1 + sum((b - eldest) % players <= (a - eldest) % players
                                 for (a, _), (b, _) in pairwise(bids))
        for step in range(1, players):
            candidate = (seat + step) % players
            if candidate in passed or candidate == bidder:
                continue
            if last_round is not None and last_round >= 2 and (candidate - eldest) % players <= at:
                return None  # (a third time round)
            return candidate
        return None

    def over(self, state: GameState) -> bool:
        """True when the auction's bidding is over (the calls made, a bidder or none)."""
        info = state.info
        players = state.table.players
        if self.rounds == "once":
            return len(info.bids) >= players
        return bool(info.bids) and self.following(info, info.bids[-1][0], state.dealer, players) is None

    def partner_holds(self, state: GameState) -> bool:
        """True when the high bid is held by a partner of the seat to move (its side's, not
        itself): with ``partner_overbid`` false, that seat may only pass."""
        bidder = state.info.bidder
        seat = state.to_move
        if bidder is None or seat is None or bidder == seat:
            return False
        side_of = state.table.side_of
        return side_of[bidder] == side_of[seat]

    def forced(self, state: GameState) -> bool:
        """True when the seat to move may not pass: it holds the forcing holding (a 9 and
        another card of its suit) and the high bid is still below ``forced_bid``."""
        forced = self.forced_bid
        return (forced is not None and state.info.high < forced
                and holds_nine_and_another(state.masks[state.to_move or 0]))

    def calling(self, state: GameState) -> bool:
        """True when the auction is over and the bidder still has to call its partner."""
        info = state.info
        return (self.partner == "called-card" and info.bidder is not None and info.called is None
                and self.over(state))

    def legal(self, state: GameState) -> tuple[Move, ...]:
        info = state.info
        if self.partner != "none" and self.calling(state):
            own = state.masks[info.bidder or 0]
            return tuple(PARTNER[card] for card in state.table.deck if not own >> card & 1)
        forced = self.forced_bid is not None and self.forced(state)
        held = not self.partner_overbid and not forced and self.partner_holds(state)
        key = (self, info.high, state.to_move == state.dealer, state.table.shoot_rank, forced, held)
        moves = _LEGAL.get(key)
        if moves is None:
            moves = _LEGAL.put(key, (PASS,) if held else self._legal(state, forced))
        shoot = state.table.variant.shoot
        if state.table.shoot_rank and shoot.barred(state):  # no shoot bid in the hole (shoot.not_below)
            moves = tuple(move for move in moves if move.kind != "bid" or move.arg != shoot.bid)
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
        if (not self.partner_overbid and move.kind == "bid" and self.rank(move.arg) and legal == (PASS,)
                and self.partner_holds(state)):
            return (f"seat {seat}'s partner (seat {state.info.bidder}) holds the high bid ({state.info.bid}), "
                    f"and a player may not bid over its partner: seat {seat} may only pass")
        shoot = state.table.variant.shoot
        if move.kind == "bid" and move.arg == shoot.bid and shoot.barred(state):
            return f"{shoot.why_barred(state)}: it may pass{' or ' + may if may else ''}"
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
        if self.rounds != "once":  # round again, skipping who passed and the high bidder
            following = self.following(info, seat, dealer, state[TABLE].players)
            if following is not None:
                return state.evolve(info=info, to_move=following), _WAIT
            # over: nobody bid (the dealer passed last, as in one round), or a bidder
        elif info.blind:  # the next player who did not bid blind, up to the dealer
            caller = None if seat == dealer else _open_caller(info.blind, seat, dealer, state[TABLE].players)
            if caller is not None:
                return state.evolve(info=info, to_move=caller), _WAIT
        elif seat != dealer:  # the state built in place: a hand has a bid or pass per seat
            return unchecked(GameState, (*state[:TO_MOVE], (seat + 1) % state[TABLE].players, state[MASKS], info,
                                    *state[TRICK_CARDS:])), _WAIT
        if info.bidder is None and self.all_pass == "dealer-names-trump":  # trump for nothing
            info = info._replace(bidder=dealer, bid=0)
        if info.bidder is not None:
            if self.partner == "called-card":  # the bidder calls its partner before the next step
                return state.evolve(info=info, to_move=info.bidder), _WAIT
            return state.evolve(info=info), Next.DONE
        if self.all_pass == "pass-deal":  # thrown in: the next seat deals (the engine redeals)
            return state.evolve(info=info, dealer=(dealer + 1) % state.table.players), Next.REDEAL
        if self.all_pass == "dealer-set-back":  # the dealer is the bidder of min_bid, set unplayed
            info = info._replace(bidder=dealer, bid=self.min_bid, high=self.min_bid)
            return state.evolve(info=info, to_move=None), Next.SCORE
        return state.evolve(info=info), Next.REDEAL


def _open_caller(blind: int, seat: int, dealer: int, players: int) -> int | None:
    """The first seat after ``seat`` (the dealer: from the eldest), up to the dealer, that did
    not bid blind (``blind``: the mask of those that did), or None when none is left to call."""
    for _ in range(players):
        seat = (seat + 1) % players
        if not blind >> seat & 1:
            return seat
        if seat == dealer:
            break
    return None


@attrs.frozen
class BlindRound(Step):
    """The hand's first step where the auction has blind bids (``auction: {blind: N}``): a
    round of blind bids before the cards are dealt, then the deal itself (``deal``).

    Bidding blind is bidding without having seen a card. Tables do it on trust; here the
    round comes before the deal, so no view can show a card to a player about to bid blind.
    Each player from the dealer's left to the dealer says ``pass`` or ``blind B``; a blind
    bid goes into the auction's bids as that player's call (``HandInfo.blind`` marks it),
    the deal step then runs as it always does (a redeal it asks for deals again from this
    round), and the auction that follows skips the players who bid blind. The round is the
    auction's rule: this step holds the auction for it and answers with the deal otherwise.
    """

    auction: SingleRound
    deal: Step

    def begin(self, state: GameState) -> tuple[GameState, bool | Next]:
        return state.evolve(phase=Phase.BIDDING, to_move=(state.dealer + 1) % state.table.players), True

    @staticmethod
    def blinding(state: GameState) -> bool:
        """True while the blind round runs (the deal's own questions come in the dealing phase)."""
        return state.phase is Phase.BIDDING

    def legal(self, state: GameState) -> tuple[Move, ...]:
        if not self.blinding(state):
            return self.deal.legal(state)
        auction = self.auction
        lowest = max(state.info.high + 1, auction.min_bid)
        return (PASS, *(blind(value) for value in range(lowest, auction.max_bid + 1)))

    def legal_fields(self, fields: Fields, /) -> Sequence[Move]:
        if fields[PHASE] is not Phase.BIDDING:
            return self.deal.legal_fields(fields)
        return self.legal(unchecked(GameState, fields))

    def is_legal(self, state: GameState, move: Move) -> bool:
        return self.deal.is_legal(state, move) if not self.blinding(state) else move in self.legal(state)

    def why_illegal(self, state: GameState, move: Move) -> str:
        if not self.blinding(state):
            return self.deal.why_illegal(state, move)
        seat = state.to_move
        bids = [move.arg for move in self.legal(state)[1:]]
        may = f"pass, or bid blind {bids[0]} to {bids[-1]} ('blind {bids[0]}')" if len(bids) > 1 else (
            f"pass, or bid blind {bids[0]}" if bids else "only pass: no blind bid is left above the high one")
        if move.kind == "bid":
            return (f"the cards are not dealt yet: before the deal a player may only bid blind or pass; "
                    f"seat {seat} may {may}")
        if move.kind == "blind" and state.info.high:
            return (f"a blind bid must be higher than the blind bid before it ({state.info.bid}): seat {seat} "
                    f"may {may}")
        return f"{move} is not a move of the blind round (before the deal): seat {seat} may {may}"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        if not self.blinding(state):
            return self.deal.apply(state, move)
        seat = state.to_move or 0
        info = state.info
        if move.kind == "blind":
            value = move.arg
            info = with_bid(info, seat, value, self.auction.rank(value))._replace(blind=info.blind | 1 << seat)
            state = state.evolve(info=info)
        if seat != state.dealer:
            return state.evolve(to_move=(seat + 1) % state.table.players), _WAIT
        dealt, waiting = self.deal.begin(state)  # the round is over: the cards go out
        if waiting is Next.REDEAL:
            return dealt, Next.REDEAL
        return dealt, _WAIT if waiting else Next.DONE


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
