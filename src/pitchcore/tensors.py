"""Observation tensors: what one seat may know, as a fixed-size vector of numbers.

Learning code wants each seat's information as a flat ``float32`` vector whose size and
meaning never change within a game. ``observation_tensor(state, seat)`` is that vector for
what the seat sees now; ``information_state_tensor(state, seat)`` adds perfect recall of the
current hand (the auction and the plays in order, the seat's dealt hand). Earlier hands are
summarised by the scores. ``tensor_layout(game)`` says where each piece lies (``Piece``:
name, slice, shape, meaning), one layout per (variant, players).

**Seats are relative to the observer**: wherever a piece has one entry per seat, entry 0 is
the observer, 1 the seat on its left (the next clockwise), and so on; sides likewise (entry 0
is the observer's side, then the sides of the seats to its left in turn). The same policy
then serves every seat.

**Only what the seat may know.** A tensor is built from the fields a ``PlayerView`` shows:
the seat's own hand, discards and gift, the public auction and tricks, counts of the others'
cards. Other seats' cards, the stock's order and the seed never enter it, so two positions
that look the same to a seat give it the same tensor (``tests/test_tensors.py`` checks this
by exchanging cards the seat has not seen between otherwise equal games).

**Values.** Every piece is 0/1 (a one-hot choice, or one entry per card of the deck: card
index ``i`` as ``pitchcore.cards`` numbers it, jokers last), except five counts:
``hand_sizes`` and ``discard_counts`` (cards ÷ the hand size the deal gives, so a full hand
is 1.0), ``stock`` (cards ÷ the deck's size), ``scores`` (points ÷ the variant's target;
a game of a fixed number of rounds: ÷ the most points a hand can award, times the rounds)
and ``rounds_left`` (the share of a fixed number of rounds still to play; 0 in a game played
to a target). ``TensorLayout.observation`` lists every piece with its meaning.

    >>> import pitchcore
    >>> from pitchcore.tensors import observation_tensor, tensor_layout
    >>> state = pitchcore.new_game("auction-pitch", seed=7)
    >>> layout = tensor_layout(state)
    >>> layout.observation_size, layout.information_state_size
    (965, 2346)
    >>> tensor = observation_tensor(state, seat=1)
    >>> tensor.shape, tensor.dtype.name
    ((965,), 'float32')
    >>> layout.unpack(tensor)["to_move"].tolist()    # seat 1 is to bid: itself, entry 0
    [1.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from .cards import mask_text
from .components.calling import CallThenAny
from .components.exchange import DiscardRefill, Draw
from .components.play import trick_seats
from .components.rounds import Rounds
from .state import GameState, Phase, seat_of

if TYPE_CHECKING:
    from .variant import Variant

__all__ = ["PHASES", "Piece", "TensorLayout", "information_state_tensor", "observation_tensor", "tensor_layout"]

Tensor = npt.NDArray[np.float32]
"""A 1-D ``float32`` vector of a layout's size."""

PHASES: tuple[Phase, ...] = tuple(Phase)
"""The phases in the order of the ``phase`` piece: dealing, bidding, naming trump,
discarding, calling, playing, game over."""
_PHASE_INDEX = {phase: index for index, phase in enumerate(PHASES)}
_LAYOUTS_KEPT = 128
"""Layouts kept at once (a server meeting many house files keeps the recent ones)."""
_TRICKS_KEPT = 1024
"""Completed-trick records whose derived bits a layout keeps (cleared when full)."""


_OFFSETS = ("phase", "to_move", "dealer", "teammates", "hand", "chosen", "trick", "leader", "trump", "call",
            "auction", "bidder", "bid", "called", "partner", "own_discards", "gift", "deal", "winner")
"""The pieces whose offsets ``_encode`` unpacks, in its order."""


class Piece(NamedTuple):
    """One named part of a tensor."""

    name: str
    slice: slice
    """Where it lies in the tensor."""
    shape: tuple[int, ...]
    """Its shape once taken out (``tensor[piece.slice].reshape(piece.shape)``)."""
    doc: str
    """What it holds."""


class _Done(NamedTuple):
    """What a hand's completed tricks say, the same for every observer (kept per record)."""

    played: int
    """Mask of every card of the completed tricks."""
    taken: tuple[int, ...]
    """Per seat: the cards of the tricks it took."""
    by_seat: tuple[int, ...]
    """Per seat: the cards it played to them."""
    history: int
    """The ``play_history`` bits of these tricks' cards, from the piece's start."""
    leaders: tuple[int, ...]
    seen: list[int | None]
    """Per observer seat: its ``played`` and ``taken`` bits, once worked out."""


class TensorLayout:
    """Where each piece of the observation and information-state tensors of one variant
    at one table size lies. Build it with ``tensor_layout(game, players)`` (cached)."""

    __slots__ = ("_at", "_bid_index", "_calls", "_deals", "_done_cache", "_float_at",
                 "_info_nbytes", "_nbytes", "_no_discards", "_offsets", "_orders", "_rounds", "_side_orders",
                 "_teammates", "auction_entries", "deck_size", "hand_scale", "information_state",
                 "information_state_size", "most_tricks", "observation", "observation_size", "players", "score_scale",
                 "sides", "variant")

    variant: Variant
    """The variant these tensors describe."""
    players: int
    """Seats at the table."""
    sides: int
    """Sides at the table (cutthroat: one per seat; partnerships: two)."""
    deck_size: int
    """Cards in the deck (52, or 53/54 with jokers): the length of every per-card piece."""
    most_tricks: int
    """Tricks a hand can have (the most cards a seat holds in play): rows of ``play_history``."""
    auction_entries: int
    """Auction calls a hand can have (players + 1): rows of ``auction_history``."""
    hand_scale: float
    """What ``hand_sizes`` and ``discard_counts`` divide by: the cards a deal gives each seat
    (the most, where the dealer chooses)."""
    score_scale: float
    """What ``scores`` divide by: the target (a game of a fixed number of rounds: the most
    points a hand can award, times the rounds)."""
    observation: tuple[Piece, ...]
    """The observation's pieces, in order."""
    observation_size: int
    information_state: tuple[Piece, ...]
    """The information state's pieces: the observation's, then the hand's history."""
    information_state_size: int
    _at: dict[str, int]
    _offsets: tuple[int, ...]
    _orders: tuple[tuple[int, ...], ...]
    """Per observer seat: the seats in relative order (itself, its left, ...)."""
    _side_orders: tuple[tuple[int, ...], ...]
    """Per observer seat: the sides in relative order (its own first)."""
    _no_discards: list[float]
    _float_at: int
    _bid_index: dict[int | str, int]
    _deals: dict[int, int]
    _teammates: tuple[int, ...]
    _rounds: int
    _calls: bool
    _nbytes: int
    _info_nbytes: int
    _done_cache: dict[int, tuple[object, object, _Done]]

    def __init__(self, variant: Variant, players: int) -> None:
        set_ = object.__setattr__
        deck = variant.deal.deck_size()
        sides_of = variant.deal.side_table(players)
        sides = max(sides_of) + 1
        all_values = getattr(variant.auction, "all_values", None)
        bids: tuple[int | str, ...] = tuple(all_values()) if callable(all_values) else ()
        deals = tuple(variant.deal.hand_sizes(players))
        dealt = max(deals)
        exchange = variant.exchange
        extra = getattr(variant.widow, "extra_cards", lambda: 0)()
        if isinstance(exchange, DiscardRefill):
            tricks = exchange.keep
        elif isinstance(exchange, Draw):
            tricks = dealt
        else:
            tricks = dealt + extra
        going_out = variant.going_out
        most_points = sum(point.most() for point in variant.points)
        rounds = going_out.count(players) if isinstance(going_out, Rounds) else 0
        target = getattr(going_out, "target", None)
        score_scale = float(target) if target else float(max(most_points, 1) * max(rounds, 1))
        P, D, B = players, deck, len(bids)
        seats = "by relative seat (0: the observer, 1: its left, ...)"
        per_seat_cards = "per relative seat, one entry per card"
        pieces: list[tuple[str, tuple[int, ...], str]] = [
            ("phase", (len(PHASES),), "one-hot: " + ", ".join(phase.value for phase in PHASES)),
            ("to_move", (P,), f"the seat to move, {seats}; none once the game is over"),
            ("dealer", (P,), f"the dealer, {seats}"),
            ("teammates", (P,), f"1 for each seat on the observer's side (the observer included), {seats}"),
            ("hand", (D,), "the observer's cards"),
            ("chosen", (D,), "the cards chosen so far for the discard being built (the action space's "
                             "chosen); 0 otherwise"),
            ("trick", (P, D), f"{per_seat_cards}: the card it played to the trick in progress"),
            ("leader", (P,), f"the seat leading the trick in progress (calling and playing phases), {seats}"),
            ("played", (P, D), f"{per_seat_cards}: the cards it played to this hand's completed tricks"),
            ("taken", (P, D), f"{per_seat_cards}: the cards of the completed tricks it took"),
            ("trump", (5,), "one-hot: trump C, D, H, S, or not known (none yet, or no trump)"),
            ("call", (2,), "the trick in progress's call: high, low (where the leader calls)"),
            ("auction", (P, 1 + B), f"per relative seat, its latest call this hand: pass, then "
                                    f"bid {', '.join(map(str, bids)) or '(no bids)'}; all 0: none yet"),
            ("bidder", (P,), f"the high bidder (the bidder once the auction is over), {seats}"),
            ("bid", (B,), f"one-hot, the high (winning) bid: {', '.join(map(str, bids)) or '(no bids)'}"),
            ("called", (D,), "the card the bidder called to name its partner (call your partner)"),
            ("partner", (P,), f"the bidder's called partner where the observer may know it, {seats}"),
            ("own_discards", (D,), "the cards the observer discarded this hand"),
            ("gift", (D,), "the cards the observer received as the bidder's gift (widow)"),
            ("deal", (len(deals),), f"one-hot, the cards dealt to each seat this hand: "
                                    f"{', '.join(map(str, deals))}"),
            ("winner", (sides,), "one-hot, the side that won the game, relative (0: the observer's)"),
            ("hand_sizes", (P,), f"cards each seat holds ÷ {dealt}, {seats}"),
            ("discard_counts", (P,), f"cards each seat discarded this hand ÷ {dealt}, {seats}"),
            ("stock", (1,), f"cards left in the stock ÷ {D}"),
            ("scores", (sides,), f"each side's score ÷ {score_scale:g}, relative (0: the observer's side)"),
            ("rounds_left", (1,), "the share of the game's rounds still to play (a game of a fixed "
                                  "number of rounds; 0 otherwise)"),
        ]
        entries = P + 1
        recall: list[tuple[str, tuple[int, ...], str]] = [
            ("dealt", (D,), "the cards dealt to the observer this hand"),
            ("auction_history", (entries, P + 1 + B),
             f"the auction in order, one row per call (at most {entries}): the seat, relative "
             f"({P}), then pass or the bid ({1 + B})"),
            ("play_history", (tricks, P + P * D),
             f"the plays in order, one row per trick (at most {tricks}): its leader, relative "
             f"({P}), then per position in play order ({P}) the card played ({D})"),
            ("call_history", (tricks, 2), "each trick's call in order: high, low (where the leader calls)"),
        ]
        at: dict[str, int] = {}
        built: list[Piece] = []
        start = 0
        for name, shape, doc in pieces + recall:
            length = int(np.prod(shape))
            at[name] = start
            built.append(Piece(name, slice(start, start + length), shape, doc))
            start += length
        observation = tuple(built[:len(pieces)])
        teammates = tuple(sum(1 << r for r in range(P) if sides_of[(seat + r) % P] == sides_of[seat])
                          for seat in range(P))
        offsets = tuple(at[name] for name in _OFFSETS)
        for attribute, value in (
                ("_offsets", offsets), ("variant", variant), ("players", P), ("sides", sides), ("deck_size", D),
                ("most_tricks", tricks), ("auction_entries", entries), ("observation", observation),
                ("observation_size", observation[-1].slice.stop), ("information_state", tuple(built)),
                ("information_state_size", start), ("_at", at), ("_float_at", at["hand_sizes"]),
                ("_bid_index", {value: index for index, value in enumerate(bids)}),
                ("_deals", {size: index for index, size in enumerate(deals)}), ("_teammates", teammates),
                ("hand_scale", float(dealt)), ("score_scale", score_scale), ("_rounds", rounds),
                ("_calls", isinstance(variant.play, CallThenAny)),
                ("_orders", tuple(tuple((seat + r) % P for r in range(P)) for seat in range(P))),
                ("_side_orders", tuple(tuple((sides_of[seat] + r) % sides for r in range(sides)) for seat in range(P))),
                ("_no_discards", [0.0] * P),
                ("_nbytes", (observation[-1].slice.stop + 7) // 8), ("_info_nbytes", (start + 7) // 8),
                ("_done_cache", {})):
            set_(self, attribute, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a TensorLayout is immutable: {name} cannot be set")

    def __repr__(self) -> str:
        return (f"<TensorLayout {self.variant.name} players={self.players} observation={self.observation_size} "
                f"information_state={self.information_state_size}>")

    def __reduce__(self) -> tuple[object, ...]:  # (pickled for worker processes: rebuilt from its key)
        return tensor_layout, (self.variant, self.players)

    @property
    def observation_slices(self) -> dict[str, slice]:
        """Each observation piece's name and slice."""
        return {piece.name: piece.slice for piece in self.observation}

    @property
    def information_state_slices(self) -> dict[str, slice]:
        """Each information-state piece's name and slice (the observation's first)."""
        return {piece.name: piece.slice for piece in self.information_state}

    def unpack(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """A tensor taken apart into its named pieces, each in its shape (for reading and
        debugging a tensor: ``unpack(t)["hand"]``)."""
        size = len(tensor)
        if size not in (self.observation_size, self.information_state_size):
            raise ValueError(f"a tensor of {size} values is neither an observation ({self.observation_size}) "
                             f"nor an information state ({self.information_state_size}) of {self.variant.name}")
        return {piece.name: tensor[piece.slice].reshape(piece.shape) for piece in self.information_state
                if piece.slice.stop <= size}

    def describe(self) -> str:
        """The pieces as a markdown table (name, offset, shape, meaning), for documentation."""
        rows = ["| piece | offset | shape | meaning |", "|---|---|---|---|"]
        for piece in self.information_state:
            if piece.name == "dealt":
                rows.append("| *(information state only from here)* | | | |")
            shape = " x ".join(map(str, piece.shape))
            rows.append(f"| `{piece.name}` | {piece.slice.start} | {shape} | {piece.doc} |")
        return "\n".join(rows)

    # -- building ----------------------------------------------------------------------------

    def _done(self, state: GameState) -> _Done:
        """What the hand's completed tricks show, kept per record (one record serves every
        seat and every move until the next trick is taken)."""
        done = state.done_tricks
        start = state.info.start
        found = self._done_cache.get(id(done))
        if found is not None and found[0] is done and found[1] is start:
            return found[2]
        P, D = self.players, self.deck_size
        played = 0
        taken = [0] * P
        history = 0
        stride = P + P * D
        for number, (_, cards, taker) in enumerate(done):
            if number >= self.most_tricks:
                raise ValueError(f"{self.variant.name}: trick {number + 1} of a hand, more than the "
                                 f"{self.most_tricks} its layout holds")
            row = number * stride + P
            for position, card in enumerate(cards):
                bit = 1 << card
                played |= bit
                taken[taker] |= bit
                history |= 1 << (row + position * D + card)
        if start:  # who played a card is who held it when play began
            by_seat = tuple(held & played for held in start)
        else:  # (a state built by hand, without that record: counted on from each leader)
            by_seat = _by_seat(P, *((trick_seats(start, leader, cards, P), cards) for leader, cards, _ in done))
        derived = _Done(played, tuple(taken), by_seat, history, tuple(leader for leader, _, _ in done), [None] * P)
        cache = self._done_cache
        if len(cache) >= _TRICKS_KEPT:
            cache.clear()
        cache[id(done)] = (done, start, derived)
        return derived

    def _seen(self, done: _Done, seat: int) -> int:
        """The ``played`` and ``taken`` pieces' bits for ``seat``, kept with the record."""
        found = done.seen[seat]
        if found is None:
            P, D = self.players, self.deck_size
            played_at, taken_at = self._at["played"], self._at["taken"]
            found = 0
            for r in range(P):
                other = (seat + r) % P
                found |= done.by_seat[other] << (played_at + r * D) | done.taken[other] << (taken_at + r * D)
            done.seen[seat] = found
        return found

    def _encode(self, state: GameState, seat: int, chosen: int, recall: bool) -> Tensor:
        """The observation (and with ``recall`` the information state) of ``seat``.

        Every 0/1 entry is a bit of one Python integer, placed at its piece's offset (card
        masks shift in whole), turned into floats at once; the counts are written after.
        Measured: about 10 µs a call, so state fields are read by index here (the names in
        ``GameState.FIELDS``: 1 scores, 2 dealer, 4 hand_results, 5 phase, 6 to_move,
        7 masks, 8 info, 9 trick_cards, 10 leader, 11 done_tricks, 12 winner).
        """
        (at_phase, at_to_move, at_dealer, at_teammates, at_hand, at_chosen, at_trick, at_leader, at_trump,
         at_call, at_auction, at_bidder, at_bid, at_called, at_partner, at_own_discards, at_gift, at_deal,
         at_winner) = self._offsets
        P, D = self.players, self.deck_size
        table, scores, dealer, _, results, phase, to_move, masks, info, trick, leader, tricks, winner = state[:13]
        hand = masks[seat]
        if chosen and (chosen.__class__ is not int or chosen < 0 or chosen & ~hand):
            chosen = _checked_chosen(chosen, hand, seat)
        bits = (1 << (at_phase + _PHASE_INDEX[phase]) | 1 << (at_dealer + (dealer - seat) % P)
                | self._teammates[seat] << at_teammates | hand << at_hand | chosen << at_chosen)
        if to_move is not None:
            bits |= 1 << (at_to_move + (to_move - seat) % P)

        # The tricks: the completed ones' bits come with their record.
        done = self._done(state) if tricks else _NO_TRICKS
        if tricks:
            bits |= self._seen(done, seat)
        trick_mask = 0
        if trick:
            for card in trick:
                trick_mask |= 1 << card
            start = info.start
            now = (tuple(held & trick_mask for held in start) if start
                   else _by_seat(P, (trick_seats(start, leader, trick, P), trick)))
            for r in range(P):
                bits |= now[(seat + r) % P] << (at_trick + r * D)
        if phase is Phase.PLAYING or phase is Phase.CALLING:
            bits |= 1 << (at_leader + (leader - seat) % P)
        trump = info.trump
        bits |= 1 << (at_trump + (4 if trump is None else trump))
        if info.call is not None:
            bits |= 1 << (at_call + (info.call == "low"))

        # The auction: each seat's latest call, the high bidder and bid.
        bid_index = self._bid_index
        row = 1 + len(bid_index)
        latest: dict[int, int | str | None] = {}
        for bidder, value in info.bids:
            latest[bidder] = value
        for bidder, value in latest.items():
            column = 0 if value is None else 1 + bid_index.get(value, -1)
            if column >= 0:
                bits |= 1 << (at_auction + (bidder - seat) % P * row + column)
        bidder = info.bidder
        if bidder is not None:
            bits |= 1 << (at_bidder + (bidder - seat) % P)
            index = bid_index.get(info.bid, -1) if info.bid is not None else -1
            if index >= 0:
                bits |= 1 << (at_bid + index)
            if bidder == seat:
                bits |= info.gift << at_gift
        called = info.called
        if called is not None:
            bits |= 1 << (at_called + called)
            partner = info.partner
            if partner is not None and (seat == partner or (trick_mask | done.played) >> called & 1):
                bits |= 1 << (at_partner + (partner - seat) % P)
        discards = info.discards
        if discards:
            bits |= discards[seat] << at_own_discards
        deal = self._deals.get(info.hand_size)
        if deal is not None:
            bits |= 1 << (at_deal + deal)
        if winner is not None:
            bits |= 1 << (at_winner + (winner - table.side_of[seat]) % self.sides)

        if recall:
            bits |= self._recall(state, seat, done)
            size, nbytes = self.information_state_size, self._info_nbytes
        else:
            size, nbytes = self.observation_size, self._nbytes
        tensor = np.unpackbits(np.frombuffer(bits.to_bytes(nbytes, "little"), np.uint8), count=size,
                               bitorder="little").astype(np.float32)

        # The counts.
        scale = self.hand_scale
        order = self._orders[seat]
        counts = [masks[other].bit_count() / scale for other in order]
        counts += [discards[other].bit_count() / scale for other in order] if discards else self._no_discards
        counts.append(len(info.stock) / D)
        scale = self.score_scale
        counts += [scores[side] / scale for side in self._side_orders[seat]]
        rounds = self._rounds
        counts.append(max(rounds - len(results), 0) / rounds if rounds else 0.0)
        tensor[self._float_at:self._float_at + len(counts)] = counts
        return tensor

    def _recall(self, state: GameState, seat: int, done: _Done) -> int:
        """The information state's own bits: the dealt hand, the auction and the plays in order."""
        at = self._at
        P, D = self.players, self.deck_size
        bid_index = self._bid_index
        dealt = state.info.dealt
        bits = dealt[seat] << at["dealt"] if dealt else 0
        trick = state.trick_cards
        row = P + 1 + len(bid_index)
        auction_at = at["auction_history"]
        bids = state.info.bids
        if len(bids) > self.auction_entries:
            raise ValueError(f"{self.variant.name}: an auction of {len(bids)} calls, more than the "
                             f"{self.auction_entries} its layout holds")
        for number, (bidder, value) in enumerate(bids):
            base = auction_at + number * row
            bits |= 1 << (base + (bidder - seat) % P)
            column = 0 if value is None else 1 + bid_index.get(value, -1)
            if column >= 0:
                bits |= 1 << (base + P + column)
        play_at = at["play_history"]
        stride = P + P * D
        bits |= done.history << play_at
        for number, leader in enumerate(done.leaders):
            bits |= 1 << (play_at + number * stride + (leader - seat) % P)
        current = len(done.leaders)
        if trick or state.phase is Phase.CALLING:
            if current >= self.most_tricks:
                raise ValueError(f"{self.variant.name}: trick {current + 1} of a hand, more than the "
                                 f"{self.most_tricks} its layout holds")
            base = play_at + current * stride
            bits |= 1 << (base + (state.leader - seat) % P)
            for position, card in enumerate(trick):
                bits |= 1 << (base + P + position * D + card)
        if self._calls:
            calls_at = at["call_history"]
            for number, call in enumerate(_calls(state, current + (state.info.call is not None))):
                bits |= 1 << (calls_at + 2 * number + (call == "low"))
        return bits


_NO_TRICKS = _Done(0, (), (), 0, (), [])
"""What a hand without completed tricks shows."""


def _by_seat(players: int, *tricks: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, ...]:
    """Per seat, the cards it played in ``tricks``: each (the seat of each card, the cards)."""
    found = [0] * players
    for seats, cards in tricks:
        for seat, card in zip(seats, cards, strict=True):
            found[seat] |= 1 << card
    return tuple(found)


def _calls(state: GameState, count: int) -> list[str]:
    """The last ``count`` calls of the game (this hand's, when ``count`` is its number of
    calls so far), oldest first. Calls are public moves; the log is read back only to them."""
    found: list[str] = []
    log = state.log
    while len(found) < count and log[0] is not None:
        move = log[1]
        if move[0] == "call":
            found.append(str(move[1]))
        log = log[0]
    found.reverse()
    return found


def _checked_chosen(chosen: object, hand: int, seat: int) -> int:
    """``chosen`` as a mask of cards of ``seat``'s ``hand`` (a numpy integer too), or ``ValueError``."""
    try:
        if isinstance(chosen, bool):
            raise TypeError
        number = operator.index(chosen)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"chosen is a mask of cards (a whole number), not {type(chosen).__name__}") from None
    if number < 0:
        raise ValueError(f"chosen is a mask of cards, not {number}")
    if number & ~hand:
        raise ValueError(f"chosen holds {mask_text(number & ~hand)}, not in seat {seat}'s hand")
    return int(number)


_LAYOUTS: dict[tuple[Variant, int], TensorLayout] = {}
_BY_TABLE: list[tuple[object, TensorLayout | None]] = [(None, None)]
"""The layout of the last game asked (by its ``Table``): the tensors ask it per call."""


def tensor_layout(game: GameState | Variant | str, players: int | None = None) -> TensorLayout:
    """The tensor layout of a game: a ``GameState`` (its variant and players), a
    ``Variant``, or a bundled variant's name or a variant file's path (then ``players``, or
    the variant's default). One layout per (variant, players), built once."""
    if isinstance(game, GameState):
        table = game.table
        if players is not None and players != table.players:
            raise ValueError(f"this game has {table.players} players, not {players!r:.40}")
        last = _BY_TABLE[0]
        if last[0] is table and last[1] is not None:
            return last[1]
        layout = tensor_layout(table.variant, table.players)
        _BY_TABLE[0] = (table, layout)
        return layout
    from .engine import _variant, _whole

    variant = _variant(game)
    deal = variant.deal
    count = deal.default_players if players is None else _whole(players)
    if count is None or not deal.min_players <= count <= deal.max_players:
        raise ValueError(f"{variant.name} is played by {deal.min_players}-{deal.max_players} players, "
                         f"not {players!r:.40}")
    key = (variant, count)
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) >= _LAYOUTS_KEPT:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = TensorLayout(variant, count)
    return found


def observation_tensor(state: GameState, seat: int, chosen: int = 0) -> Tensor:
    """What ``seat`` sees now, as a ``float32`` vector of ``tensor_layout(state).observation_size``
    (``chosen``: the cards picked so far for a discard the seat is building, as the action
    space keeps them; 0 otherwise). See the module notes and ``TensorLayout.observation``."""
    layout = tensor_layout(state)
    if seat.__class__ is not int or not 0 <= seat < layout.players:
        seat = seat_of(seat, layout.players)
    return layout._encode(state, seat, chosen, False)


def information_state_tensor(state: GameState, seat: int, chosen: int = 0) -> Tensor:
    """The observation followed by perfect recall of the current hand (the seat's dealt
    cards, the auction and the plays in order), as a ``float32`` vector of
    ``tensor_layout(state).information_state_size``; earlier hands are summarised by the
    scores. Its first ``observation_size`` values are the observation."""
    layout = tensor_layout(state)
    if seat.__class__ is not int or not 0 <= seat < layout.players:
        seat = seat_of(seat, layout.players)
    return layout._encode(state, seat, chosen, True)
