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
index ``i`` as ``pitchcore.model.cards`` numbers it, jokers last), except five counts:
``hand_sizes`` and ``discard_counts`` (cards ÷ the hand size the deal gives, so a full hand
is 1.0), ``stock`` (cards ÷ the deck's size), ``scores`` (points ÷ the variant's target;
a game of a fixed number of rounds: ÷ the most points a hand can award, times the rounds)
and ``rounds_left`` (the share of a fixed number of rounds still to play; 0 in a game played
to a target). ``TensorLayout.observation`` lists every piece with its meaning.

    >>> import pitchcore
    >>> from pitchcore.interop.tensors import observation_tensor, tensor_layout
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
import struct
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..components.calling import CallThenAny
from ..components.exchange import DiscardRefill, Draw
from ..components.reraise import most_calls
from ..components.rounds import Rounds
from ..components.turn_up import TurnUp
from ..game.view import hand_calls, shown_masks, upcard_indices
from ..model.caches import Cache
from ..model.cards import MAX_CARDS, mask_text
from ..model.fields import (
    DEALER,
    DONE_TRICKS,
    HAND_RESULTS,
    INFO,
    LEADER,
    MASKS,
    PHASE,
    SCORES,
    TABLE,
    TO_MOVE,
    TRICK_CARDS,
    WINNER,
)
from ..model.moves import chosen_mask
from ..model.phase import Phase
from ..model.results import trick_seats
from ..model.state import GameState, HandInfo, seat_of
from ..model.tuples import unchecked
from .per_table import PerTable

if TYPE_CHECKING:
    from ..components.variant import Variant

__all__ = ["PHASES", "Piece", "TensorLayout", "information_state_tensor", "observation_tensor", "tensor_layout"]

Tensor = npt.NDArray[np.float32]
"""A 1-D ``float32`` vector of a layout's size."""

PHASES: tuple[Phase, ...] = tuple(Phase)
"""The phases in the order of the ``phase`` piece: dealing, bidding, naming trump,
discarding, calling, playing, game over."""
_LAYOUTS_KEPT = 128
"""Layouts kept at once (a server meeting many house files keeps the recent ones)."""
_TRICKS_KEPT = 128
"""Completed-trick records whose derived bits a layout keeps (cleared when full)."""
_HANDS_KEPT = 128
"""``HandInfo`` records whose derived bits and counts a layout keeps (cleared when full). A
game needs a few at a time; more entries are more objects for the garbage collector to walk."""


_INFO = ("dealt", "stock", "bids", "high", "bidder", "bid", "trump", "gift", "junk", "discards", "exchanged", "start",
         "call", "hand_size", "called", "partner", "turned", "paid", "blind")
"""``HandInfo``'s fields, in the order ``TensorLayout._hand`` unpacks them."""
assert HandInfo._fields == _INFO, "TensorLayout._hand unpacks a HandInfo by position"
_OFFSETS = ("to_move", "dealer", "hand", "chosen", "trick", "leader", "played", "partner", "winner")
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
    """What a hand's completed tricks show, the same for every observer (kept per record)."""

    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    """The record (``state.done_tricks``) this describes."""
    start: tuple[int, ...]
    """The ``info.start`` it was worked out with."""
    held: int
    """``start`` in blocks of ``deck_size`` bits, one per seat (0 without ``start``)."""
    played: int
    """Mask of every card of the completed tricks."""
    field: int
    """The ``played`` and ``taken`` pieces as seat 0 sees them: per seat the cards it played
    to these tricks, then per seat the cards of the tricks it took (``deck_size`` bits each).
    Another seat sees the same blocks turned (``TensorLayout._turns``)."""
    history: int
    """The ``play_history`` bits of these tricks' cards, from the piece's start."""


class _Kept(NamedTuple):
    """What one hand record (with the scores and results) gives one observer seat."""

    bits: int
    """The bits of the pieces the record decides: teammates, trump, call, auction, bidder,
    bid, called, own_discards, gift, deal."""
    counts: bytes
    """The counts after ``hand_sizes`` (discard_counts, stock, scores, rounds_left) as float32 bytes."""
    held: int
    """``info.start`` in the ``trick`` piece's blocks (per relative seat, the cards it held
    when play began): a trick's cards in every block (``trick_mask * _repeat``), masked
    with it, fall in the blocks of the seats that played them."""


class TensorLayout:
    """Where each piece of the observation and information-state tensors of one variant
    at one table size lies. Build it with ``tensor_layout(game, players)`` (cached)."""

    __slots__ = ("_at", "_auction", "_bid_bits", "_bid_index", "_bidder_bits", "_calls", "_cells", "_deal_bits",
                 "_done_cache", "_face_up", "_float_at", "_fractions", "_hand_cache", "_info_nbytes", "_nbytes",
                 "_no_discards", "_no_kept", "_offsets", "_orders", "_pack_discards", "_pack_scores", "_phase_bits",
                 "_rel", "_repeat", "_rounds", "_shown_at", "_side_orders", "_stock_bytes", "_teammates",
                 "_trump_bits", "_turns", "_upcards_at", "_write_counts", "auction_entries", "deck_size",
                 "hand_scale", "information_state", "information_state_size", "most_tricks", "observation",
                 "observation_size", "players", "score_scale", "sides", "variant")

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
    """Auction calls a hand can have (players + 1; more where the bidding goes round again):
    rows of ``auction_history``."""
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
    # What the encoding works from, worked out once per layout (see _encode):
    _at: dict[str, int]
    """Each piece's offset."""
    _offsets: tuple[int, ...]
    """The offsets of ``_OFFSETS``."""
    _float_at: int
    """Where the counts start (``hand_sizes``)."""
    _phase_bits: dict[int, int]
    """Per phase, by ``id`` (``Enum.__hash__`` is Python code): its ``phase`` bit."""
    _bid_index: dict[int | str, int]
    _auction: tuple[dict[tuple[int, int | str | None], int], ...]
    """Per observer seat: the ``auction`` bit of each (seat, call) (None: a pass)."""
    _trump_bits: dict[int | None, int]
    """Per trump suit (None, or ``NO_TRUMP``: not known): its ``trump`` bit."""
    _bidder_bits: tuple[tuple[int, ...], ...]
    """Per observer seat, per seat: its ``bidder`` bit."""
    _bid_bits: dict[int | str | None, int]
    """Per bid: its ``bid`` bit."""
    _deal_bits: dict[int, int]
    """Per hand size: its ``deal`` bit."""
    _teammates: tuple[int, ...]
    """Per observer seat: its ``teammates`` bits, in place."""
    _rounds: int
    _calls: bool
    _rel: tuple[tuple[int, ...], ...]
    """Per observer seat: each seat's relative number (``_rel[seat][other] == (other - seat) % P``)."""
    _orders: tuple[tuple[int, ...], ...]
    """Per observer seat: the seats in relative order (itself, its left, ...)."""
    _side_orders: tuple[tuple[int, ...], ...]
    """Per observer seat: the sides in relative order (its own first)."""
    _turns: tuple[tuple[int, int, int, int], ...]
    """Per observer seat: how blocks of ``deck_size`` bits, one per seat, turn to it: shift
    down, shift up, and the masks of two pieces of such blocks that keep each (``_Done.field``;
    one piece: the masks' lower halves)."""
    _cells: tuple[tuple[int, ...], ...]
    """Per position in a trick, per card: its bit in a ``play_history`` row, after the leader's."""
    _repeat: int
    """A 1 at the start of each block of ``deck_size`` bits (times a card mask: the mask in every block)."""
    _fractions: tuple[bytes, ...]
    """Per number of cards: it ÷ ``hand_scale`` (a ``hand_sizes`` value) as float32 bytes."""
    _no_discards: bytes
    """``discard_counts`` of a hand without discards, as float32 bytes."""
    _stock_bytes: tuple[bytes, ...]
    """Per number of cards in the stock: its ``stock`` value as float32 bytes."""
    _pack_discards: Callable[..., bytes]
    """``discard_counts`` as float32 bytes."""
    _pack_scores: Callable[..., bytes]
    """``scores`` and ``rounds_left`` as float32 bytes."""
    _nbytes: int
    _info_nbytes: int
    _write_counts: Callable[[Tensor, int, bytes], None]
    """Copies the counts' bytes (``hand_sizes`` to ``rounds_left``) into a tensor's memory at an offset."""
    _done_cache: Cache[int, _Done]
    """Completed-trick records, by the ``id`` of their last trick."""
    _hand_cache: Cache[int, list[Any]]
    """Hand records: ``[info, scores, results]`` and per seat its ``_Kept`` once worked out
    (one list: one object for the garbage collector), by the ``id`` of their ``info``."""
    _no_kept: tuple[None, ...]
    _upcards_at: int
    """Where the ``upcards`` piece starts (-1: the variant has none)."""
    _face_up: bool
    """True when the stock lies face up (its top card is an upcard)."""
    _shown_at: int
    """Where the ``shown`` piece starts (-1: the variant draws no cards during play)."""

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
        each = getattr(variant.widow, "each_cards", lambda: 0)()  # every player's own widow
        if isinstance(exchange, DiscardRefill):
            tricks = max(exchange.keep, exchange.robber_kept())
        elif isinstance(exchange, Draw):
            tricks = dealt
        else:
            tricks = dealt + each + extra
        held = getattr(variant.trump, "most_held", None)
        if callable(held) and not isinstance(exchange, DiscardRefill):  # cards run and kept (All Fours)
            tricks = max(tricks, held(players, len(variant.deal.deck_cards()), dealt))
        draws = getattr(variant.play, "draw_rounds", None)
        if callable(draws):  # hands refilled from the stock after tricks: one trick more per round
            tricks += draws(players, len(variant.deal.deck_cards()), dealt)
        going_out = variant.going_out
        most_points = sum(point.most() for point in variant.points)
        rounds = going_out.count(players) if isinstance(going_out, Rounds) else 0
        target = getattr(going_out, "target", None)
        score_scale = float(target) if target else float(max(most_points, 1) * max(rounds, 1))
        P, D, B = players, deck, len(bids)
        face_up = getattr(variant.play, "stock", None) == "face-up"
        showing = face_up or isinstance(variant.trump, TurnUp)  # cards lie face up on the table
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
            ("leader", (P,), f"the seat leading the trick in progress (calling and playing phases, and while "
                                 f"the leader of a joker names trump), {seats}"),
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
            *([("upcards", (D,), "the cards lying face up on the table: turned up for trump, and the "
                                 "top of a face-up stock (only where the variant has them)")] if showing else []),
            *([("shown", (P, D), f"{per_seat_cards}: the cards it drew in sight of all and still holds "
                                 "(from a face-up stock, or turned up for trump; only where hands are "
                                 "refilled during play)")] if callable(draws) else []),
            ("winner", (sides,), "the sides that won the game, relative (0: the observer's): one-hot for "
                                 "one winner, a 1 for each where sides win together"),
            ("hand_sizes", (P,), f"cards each seat holds ÷ {dealt}, {seats}"),
            ("discard_counts", (P,), f"cards each seat discarded this hand ÷ {dealt}, {seats}"),
            ("stock", (1,), f"cards left in the stock ÷ {D}"),
            ("scores", (sides,), f"each side's score ÷ {score_scale:g}, relative (0: the observer's side)"),
            ("rounds_left", (1,), "the share of the game's rounds still to play (a game of a fixed "
                                  "number of rounds; 0 otherwise)"),
        ]
        entries = most_calls(variant.auction, P)
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
        teammates = tuple(sum(1 << (at["teammates"] + r) for r in range(P)
                              if sides_of[(seat + r) % P] == sides_of[seat]) for seat in range(P))
        rel = tuple(tuple((other - seat) % P for other in range(P)) for seat in range(P))
        row = 1 + B
        auction = tuple({(bidder, value): 1 << (at["auction"] + rel[seat][bidder] * row + column)
                         for bidder in range(P) for column, value in enumerate((None, *bids))} for seat in range(P))
        # Turning per-seat blocks to an observer: each block moves down by the observer's seat
        # (the blocks below it wrap round to the top); ``_Done.field`` turns as two pieces.
        width = P * D
        both = 1 | 1 << width
        turns = tuple((seat * D, width - seat * D, ((1 << width - seat * D) - 1) * both,
                       ((1 << seat * D) - 1 << width - seat * D) * both) for seat in range(P))
        assert at["taken"] == at["played"] + width, "_Done.field holds the two pieces in a row"
        for attribute, value in (
                ("variant", variant), ("players", P), ("sides", sides), ("deck_size", D),
                ("most_tricks", tricks), ("auction_entries", entries), ("observation", observation),
                ("observation_size", observation[-1].slice.stop), ("information_state", tuple(built)),
                ("information_state_size", start), ("hand_scale", float(dealt)), ("score_scale", score_scale),
                ("_at", at), ("_offsets", tuple(at[name] for name in _OFFSETS)), ("_float_at", at["hand_sizes"]),
                ("_phase_bits", {id(phase): 1 << (at["phase"] + index) for index, phase in enumerate(PHASES)}),
                ("_bid_index", {value: index for index, value in enumerate(bids)}), ("_auction", auction),
                ("_trump_bits", {suit: 1 << (at["trump"] + (4 if suit is None else suit))
                                 for suit in (*range(5), None)}),
                ("_bidder_bits", tuple(tuple(1 << (at["bidder"] + r) for r in rel[seat]) for seat in range(P))),
                ("_bid_bits", {value: 1 << (at["bid"] + index) for index, value in enumerate(bids)}),
                ("_deal_bits", {size: 1 << (at["deal"] + index) for index, size in enumerate(deals)}),
                ("_teammates", teammates),
                ("_rounds", rounds), ("_calls", isinstance(variant.play, CallThenAny)), ("_rel", rel),
                ("_orders", tuple(tuple((seat + r) % P for r in range(P)) for seat in range(P))),
                ("_side_orders", tuple(tuple((sides_of[seat] + r) % sides for r in range(sides)) for seat in range(P))),
                ("_turns", turns), ("_repeat", sum(1 << seat * D for seat in range(P))),
                ("_cells", tuple(tuple(1 << (position * D + card) for card in range(D)) for position in range(P))),
                ("_fractions", tuple(struct.pack("=f", count / float(dealt)) for count in range(D + 1))),
                ("_no_discards", bytes(4 * P)), ("_no_kept", (None,) * P),
                ("_stock_bytes", tuple(struct.pack("=f", count / D) for count in range(D + 1))),
                ("_pack_discards", struct.Struct(f"={P}f").pack),
                ("_pack_scores", struct.Struct(f"={sides + 1}f").pack),
                ("_nbytes", (observation[-1].slice.stop + 7) // 8), ("_info_nbytes", (start + 7) // 8),
                ("_write_counts", struct.Struct(f"={4 * (observation[-1].slice.stop - at['hand_sizes'])}s").pack_into),
                ("_done_cache", Cache(_TRICKS_KEPT)), ("_hand_cache", Cache(_HANDS_KEPT)),
                ("_upcards_at", at.get("upcards", -1)),
                ("_face_up", face_up), ("_shown_at", at.get("shown", -1))):
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
    #
    # A tensor is built from one Python integer whose bits are its 0/1 entries, turned into
    # floats at once; the counts are written after. A call mostly works out only what the
    # last move changed: what a hand record decides is kept per record and seat (``_hand``),
    # what the completed tricks show per trick record (``_done``). The caches key
    # on ``id``s of objects their entries hold (so an id stays taken while its entry lives),
    # check them with ``is``, hold at most a fixed number of entries, and keep only what the
    # objects themselves decide: a tensor never depends on what was asked before.

    def _held(self, start: tuple[int, ...]) -> int:
        """``start`` (``info.start``) in blocks of ``deck_size`` bits, one per seat."""
        held = 0
        for seat, cards in enumerate(start):
            held |= cards << seat * self.deck_size
        return held

    def _done(self, tricks: tuple[tuple[int, tuple[int, ...], int], ...], start: tuple[int, ...]) -> _Done:
        """What the completed tricks (``state.done_tricks``, not empty) show, kept under the
        id of their last trick: one record serves every move until the next trick is taken,
        and the engine's next record is this one and a trick more, so only that trick is
        worked out."""
        cache = self._done_cache
        found = cache.get(id(tricks[-1]))
        if found is not None and found.tricks is tricks and found.start is start:
            return found
        before = cache.get(id(tricks[-2])) if len(tricks) > 1 else None
        if (before is None or before.start is not start or len(before.tricks) != len(tricks) - 1
                or before.tricks != tricks[:-1]):
            before = unchecked(_Done, ((), start, self._held(start), 0, 0, 0))
        derived = self._extend(before, tricks)
        return cache.put(id(tricks[-1]), derived)

    def _extend(self, done: _Done, tricks: tuple[tuple[int, tuple[int, ...], int], ...]) -> _Done:
        """``done`` (what the first of ``tricks`` show) with the rest of ``tricks`` added."""
        P, D = self.players, self.deck_size
        _, start, held, played, field, history = done
        stride = P + P * D
        repeat = self._repeat
        for number in range(len(done.tricks), len(tricks)):
            if number >= self.most_tricks:
                raise ValueError(f"{self.variant.name}: trick {number + 1} of a hand, more than the "
                                 f"{self.most_tricks} its layout holds")
            leader, cards, taker = tricks[number]
            # The trick's cards, and its play_history row's bits (per position, its card): a
            # trick holds a card once, so sums are unions, and map and sum loop in C.
            mask = sum(map(_CARD_BITS.__getitem__, cards))
            history |= sum(map(operator.getitem, self._cells, cards)) << (number * stride + P)
            played |= mask
            field |= mask << (P + taker) * D  # (the taken piece's block of the taker)
            if start:  # who played a card is who held it when play began
                field |= held & mask * repeat
            else:  # (a state built by hand, without that record: counted on from the leader)
                for seat, card in zip(trick_seats(start, leader, cards, P), cards, strict=True):
                    field |= 1 << (seat * D + card)
        return unchecked(_Done, (tricks, start, held, played, field, history))

    def _hand(self, info: HandInfo, scores: tuple[int, ...], results: tuple[object, ...], seat: int) -> _Kept:
        """What the hand record ``info``, the scores and the results give ``seat`` (see ``_Kept``)."""
        # (about one call in three in self-play: each bid is a new record, and so are the
        # start of play and the first lead's trump; hence the tables worked out beforehand)
        (_, stock, bids, _, bidder, bid, trump, gift, _, discards, _, start, call, hand_size, called,
         _, _, _, _) = info  # _INFO
        bits = self._teammates[seat] | self._trump_bits[trump] | self._deal_bits.get(hand_size, 0)
        if call is not None:
            bits |= 1 << (self._at["call"] + (call == "low"))
        auction = self._auction[seat]
        for latest in dict(bids).items():  # each seat's latest call
            bits |= auction.get(latest, 0)  # (0: a bid outside the auction's values)
        if bidder is not None:
            bits |= self._bidder_bits[seat][bidder] | self._bid_bits.get(bid, 0)
            if bidder == seat:
                bits |= gift << self._at["gift"]
        if called is not None:
            bits |= 1 << (self._at["called"] + called)  # (the partner piece depends on the cards played: _encode)
        if self._upcards_at >= 0:
            for card in upcard_indices(info, self._face_up):
                bits |= 1 << (self._upcards_at + card)
        held = 0
        if start:
            D = self.deck_size
            for r, other in enumerate(self._orders[seat]):
                held |= start[other] << r * D

        # The counts after hand_sizes: discard_counts, stock, scores, rounds_left.
        if discards:
            bits |= discards[seat] << self._at["own_discards"]
            scale = self.hand_scale
            counts = self._pack_discards(*[discards[other].bit_count() / scale for other in self._orders[seat]])
        else:
            counts = self._no_discards
        scale = self.score_scale
        rounds = self._rounds
        counts += self._stock_bytes[len(stock)] + self._pack_scores(
            *[scores[side] / scale for side in self._side_orders[seat]],
            max(rounds - len(results), 0) / rounds if rounds else 0.0)
        return unchecked(_Kept, (bits, counts, held))

    def _encode(self, state: GameState, seat: int, chosen: int, recall: bool) -> Tensor:
        """The observation (and with ``recall`` the information state) of ``seat``.

        Measured: about 4 µs a call mid-hand (auction-pitch), so state fields are read by
        their positions (``model.fields``) here, not by property, and the small pieces' bits
        are put together before they meet the large ones (each operation on a whole tensor's
        integer makes a new one).
        """
        masks, info, phase, trick = state[MASKS], state[INFO], state[PHASE], state[TRICK_CARDS]
        hand = masks[seat]
        if chosen and (chosen.__class__ is not int or chosen < 0 or chosen & ~hand):
            chosen = _checked_chosen(chosen, hand, seat)
        at_to_move, at_dealer, at_hand, at_chosen, at_trick, at_leader, at_played, at_partner, at_winner = self._offsets
        rel = self._rel[seat]

        # What the hand record (with the scores and results) decides: an entry per record,
        # under its id: [info, scores, results, then per seat its _Kept once worked out].
        scores, results = state[SCORES], state[HAND_RESULTS]
        record = self._hand_cache.get(id(info))
        if record is None or record[0] is not info or record[1] is not scores or record[2] is not results:
            record = self._hand_cache.put(id(info), [info, scores, results, *self._no_kept])
        kept = record[3 + seat]
        if kept is None:
            kept = record[3 + seat] = self._hand(info, scores, results, seat)
        kept_bits, kept_counts, held = kept

        bits = self._phase_bits[id(phase)] | 1 << (at_dealer + rel[state[DEALER]]) | hand << at_hand
        if chosen:
            bits |= chosen << at_chosen
        to_move = state[TO_MOVE]
        if to_move is not None:
            bits |= 1 << (at_to_move + rel[to_move])
        leader = state[LEADER]
        if phase is _PLAYING or phase is _CALLING or trick:  # (or a joker's leader naming trump)
            bits |= 1 << (at_leader + rel[leader])

        # The tricks: the trick in progress, and the completed ones' pieces from their
        # record, turned to the seat.
        start = info.start
        trick_mask = 0
        if trick:
            for card in trick:
                trick_mask |= 1 << card
            if start:  # who played a card is who held it when play began
                bits |= (held & trick_mask * self._repeat) << at_trick
            else:  # (a state built by hand, without that record: counted on from the leader)
                now = _by_seat(self.players, (trick_seats(start, leader, trick, self.players), trick))
                for r, other in enumerate(self._orders[seat]):
                    bits |= now[other] << (at_trick + r * self.deck_size)
        done = _NO_TRICKS
        tricks = state[DONE_TRICKS]
        if tricks:
            found = self._done_cache.get(id(tricks[-1]))
            done = (found if found is not None and found.tricks is tricks and found.start is start
                    else self._done(tricks, start))
            down, up, keep, wrap = self._turns[seat]
            field = done.field
            bits |= (field >> down & keep | field << up & wrap) << at_played
            if self._shown_at >= 0:  # (public, though worked out from the hands: view.shown_masks)
                shown = shown_masks(state)
                if shown:
                    D = self.deck_size
                    for r, other in enumerate(self._orders[seat]):
                        bits |= shown[other] << (self._shown_at + r * D)
        called = info.called
        if called is not None:
            partner = info.partner
            if partner is not None and (seat == partner or (trick_mask | done.played) >> called & 1):
                bits |= 1 << (at_partner + rel[partner])
        winner = state[WINNER]
        if winner is not None:
            bits |= 1 << (at_winner + (winner - state.table.side_of[seat]) % self.sides)
        elif phase is _OVER:  # sides that won together (none: nobody won)
            for side in state.winners:
                bits |= 1 << (at_winner + (side - state.table.side_of[seat]) % self.sides)
        bits |= kept_bits

        if recall:
            bits |= self._recall(state, seat, done)
            size, nbytes = self.information_state_size, self._info_nbytes
        else:
            size, nbytes = self.observation_size, self._nbytes
        # (numpy's arguments by position: it parses keywords slowly, and these calls are a
        # good part of the cost)
        tensor = _unpackbits(_frombuffer(bits.to_bytes(nbytes, "little"), _UINT8), None, size, "little"
                             ).astype(_FLOAT32)
        # The counts: hand_sizes from float32 bytes per number of cards, then the rest as kept,
        # copied into the array's memory at once (numpy would first make an array of a list).
        fractions = self._fractions
        self._write_counts(tensor, self._float_at * 4,
                           b"".join([fractions[masks[other].bit_count()] for other in self._orders[seat]])
                           + kept_counts)
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
        for number, (leader, _, _) in enumerate(done.tricks):
            bits |= 1 << (play_at + number * stride + (leader - seat) % P)
        current = len(done.tricks)
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
            for number, call in enumerate(hand_calls(state)):
                bits |= 1 << (calls_at + 2 * number + (call == "low"))
        return bits


_NO_TRICKS = _Done((), (), 0, 0, 0, 0)
"""What a hand without completed tricks shows."""
_PLAYING, _CALLING, _OVER = Phase.PLAYING, Phase.CALLING, Phase.GAME_OVER
_CARD_BITS = tuple(1 << card for card in range(MAX_CARDS))
# (numpy's C function itself: np.unpackbits first asks a Python dispatcher for __array_function__)
_unpackbits = getattr(np.unpackbits, "__wrapped__", np.unpackbits)
_frombuffer, _UINT8, _FLOAT32 = np.frombuffer, np.uint8, np.float32


def _by_seat(players: int, *tricks: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, ...]:
    """Per seat, the cards it played in ``tricks``: each (the seat of each card, the cards)."""
    found = [0] * players
    for seats, cards in tricks:
        for seat, card in zip(seats, cards, strict=True):
            found[seat] |= 1 << card
    return tuple(found)


def _checked_chosen(chosen: object, hand: int, seat: int) -> int:
    """``chosen`` as a mask of cards of ``seat``'s ``hand`` (a numpy integer too), or ``ValueError``."""
    number = chosen_mask(chosen)
    if number & ~hand:
        raise ValueError(f"chosen holds {mask_text(number & ~hand)}, not in seat {seat}'s hand")
    return int(number)


_LAYOUTS = PerTable(TensorLayout, _LAYOUTS_KEPT)
_BY_TABLE = _LAYOUTS.last
"""The layout of the last game asked (by its ``Table``), read in line per call."""


def tensor_layout(game: GameState | Variant | str, players: int | None = None) -> TensorLayout:
    """The tensor layout of a game: a ``GameState`` (its variant and players), a
    ``Variant``, or a bundled variant's name or a variant file's path (then ``players``, or
    the variant's default). One layout per (variant, players), built once."""
    return _LAYOUTS.get(game, players)


def observation_tensor(state: GameState, seat: int, chosen: int = 0) -> Tensor:
    """What ``seat`` sees now, as a ``float32`` vector of ``tensor_layout(state).observation_size``
    (``chosen``: the cards picked so far for a discard the seat is building, as the action
    space keeps them; 0 otherwise). See the module notes and ``TensorLayout.observation``."""
    table, layout = _BY_TABLE[0]  # (tensor_layout's shortcut for the last game asked, in line)
    if layout is None or state.__class__ is not GameState or table is not state[TABLE]:
        layout = tensor_layout(state)
    if seat.__class__ is not int or not 0 <= seat < layout.players:
        seat = seat_of(seat, layout.players)
    return layout._encode(state, seat, chosen, False)


def information_state_tensor(state: GameState, seat: int, chosen: int = 0) -> Tensor:
    """The observation followed by perfect recall of the current hand (the seat's dealt
    cards, the auction and the plays in order), as a ``float32`` vector of
    ``tensor_layout(state).information_state_size``; earlier hands are summarised by the
    scores. Its first ``observation_size`` values are the observation."""
    table, layout = _BY_TABLE[0]
    if layout is None or state.__class__ is not GameState or table is not state[TABLE]:
        layout = tensor_layout(state)
    if seat.__class__ is not int or not 0 <= seat < layout.players:
        seat = seat_of(seat, layout.players)
    return layout._encode(state, seat, chosen, True)
