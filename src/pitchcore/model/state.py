"""The game state: an immutable tuple of a few fields, cheap to copy on every move.

Cards live in bit masks and small ints here; the public properties turn them into
``Card`` values. The rules behind a state live in its ``Table`` (shared by every state of
one game), so a transition builds one small tuple and nothing else.
"""

from __future__ import annotations

import operator
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .cards import CARDS, DECK_SIZE, SUITS, Card, cards_of
from .errors import IllegalMove, InvalidMove
from .fields import (
    BIDS,
    DEAL_NUMBER,
    DEALER,
    DONE_TRICKS,
    HAND_RESULTS,
    HIGH,
    INFO,
    LEADER,
    LOG,
    MASKS,
    PHASE,
    SCORES,
    STATE_FIELDS,
    STATE_NAMES,
    STEP,
    TABLE,
    TO_MOVE,
    TRICK_CARDS,
    TRUMP,
    WINNER,
)
from .fields import HandInfo as HandInfo  # (also here, where it was first defined)
from .log import moves_of, start_of
from .moves import NUMBER_LIMIT, WORDS, Move, parse_move, shape_problem
from .phase import Phase as Phase  # (also here, where it was first defined)
from .results import Trick, trick_seats
from .text import shown
from .tuples import unchecked

if TYPE_CHECKING:
    from ..game.table import Table
    from ..game.view import PlayerView
    from .log import Log, Start
    from .results import HandResult


_OVER = Phase.GAME_OVER


def whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number (numpy's too), else None (a bool is no
    number of seats or points)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def seat_of(value: object, players: int) -> int:
    """``value`` as a seat of a table of ``players``: a whole number from 0 to
    ``players - 1`` (an ``int`` or a numpy integer, never a ``bool`` or a ``float``);
    anything else raises ``ValueError``."""
    if value.__class__ is not int:
        try:
            if isinstance(value, bool):
                raise TypeError
            value = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"a seat is a whole number from 0 to {players - 1}, not "
                             f"{type(value).__name__}") from None
    assert isinstance(value, int)
    if not 0 <= value < players:
        shown = value if value.bit_length() <= 64 else f"a {value.bit_length()}-bit number"
        raise ValueError(f"seat must be from 0 to {players - 1}, not {shown}")
    return value


def with_bid(info: HandInfo, seat: int, bid: int | str | None, rank: int = 0) -> HandInfo:
    """``info`` after ``seat`` bids ``bid`` of rank ``rank`` (None: passes).

    The same as ``_replace``, built directly: an auction calls it on every bid.
    """
    bids = (*info.bids, (seat, bid))
    if bid is None:
        return unchecked(HandInfo, (*info[:BIDS], bids, *info[HIGH:]))
    return unchecked(HandInfo, (*info[:BIDS], bids, rank, seat, bid, *info[TRUMP:]))


def _field(index: int) -> Any:
    """A read-only field of ``GameState``: item ``index`` of the tuple, documented by the schema."""
    return property(itemgetter(index), doc=STATE_FIELDS[index][1])


_TUPLE_ONLY = frozenset(("count", "index", "__getitem__", "__len__", "__iter__", "__contains__", "__add__",
                         "__mul__", "__rmul__", "__lt__", "__le__", "__gt__", "__ge__", "__class_getitem__",
                         "__getnewargs__", "__getattribute__"))


class _StateType(type):
    """``GameState``'s type: ``dir`` (and so ``help``) leaves out the tuple methods a state
    is built on but does not offer (counting, indexing, ordering)."""

    def __dir__(cls) -> list[str]:
        return sorted(set(super().__dir__()) - _TUPLE_ONLY)


class GameState(tuple, metaclass=_StateType):  # type: ignore[type-arg]
    """One position of a game: immutable, hashable, equal when the positions are equal.

    Build one with ``new_game``; move with ``apply``; ask ``legal_moves`` what may be
    played. Everything a seat may see is in ``view(seat)``.
    """

    __slots__ = ()

    # Each field reads one item of the tuple (a C-level getter: fast on every move), with its
    # meaning (from the schema, ``model.fields``) as the property's docstring.
    table: Table = _field(TABLE)
    scores: tuple[int, ...] = _field(SCORES)
    dealer: int = _field(DEALER)
    deal_number: int = _field(DEAL_NUMBER)
    hand_results: tuple[HandResult, ...] = _field(HAND_RESULTS)
    phase: Phase = _field(PHASE)
    to_move: int | None = _field(TO_MOVE)
    masks: tuple[int, ...] = _field(MASKS)
    info: HandInfo = _field(INFO)
    trick_cards: tuple[int, ...] = _field(TRICK_CARDS)
    leader: int = _field(LEADER)
    done_tricks: tuple[tuple[int, tuple[int, ...], int], ...] = _field(DONE_TRICKS)
    winner: int | None = _field(WINNER)
    step: int = _field(STEP)
    log: Log = _field(LOG)

    FIELDS = STATE_NAMES

    def __new__(cls, *fields: Any) -> GameState:
        return tuple.__new__(cls, fields)

    @classmethod
    def of(cls, **fields: Any) -> GameState:
        """A state from every one of its ``FIELDS`` by name (the schema's order is the
        tuple's; callers never write it again)."""
        if len(fields) == len(STATE_NAMES):  # (once per hand dealt: the check only on failure)
            try:
                return tuple.__new__(cls, [fields[name] for name in STATE_NAMES])
            except KeyError:
                pass
        missing = [name for name in STATE_NAMES if name not in fields]
        unknown = sorted(set(fields) - set(STATE_NAMES))
        raise TypeError(f"GameState.of: missing {missing}, unknown {unknown}")

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def evolve(self, **changes: Any) -> GameState:
        """A copy with some fields changed (slow path: the play step builds states directly)."""
        values = list(self)
        for name, value in changes.items():
            values[_INDEX[name]] = value
        return tuple.__new__(GameState, values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    def __repr__(self) -> str:
        return (
            f"<GameState {self.table.variant.name} {self.phase.value} to_move={self.to_move} "
            f"scores={self.scores} dealer={self.dealer} trump={self.trump}>"
        )

    # -- public views of the fields -------------------------------------------------

    @property
    def variant(self) -> Any:
        """The ``Variant`` this game is played by."""
        return self.table.variant

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.table.players

    @property
    def seed(self) -> int:
        """The seed every shuffle of this game follows from."""
        return self.table.seed

    @property
    def is_over(self) -> bool:
        """True once the game has ended (``winner`` says who won)."""
        return self[PHASE] is _OVER  # (a module constant: drivers ask this on every move)

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides that won, once the game is over, in side order: ``(winner,)`` for one
        winner, several where the variant lets sides win together (``going_out: {kind:
        all-reaching}``, a shared tie), empty when the game is not over or nobody won."""
        if self[PHASE] is not _OVER:
            return ()
        results = self[HAND_RESULTS]
        if results and results[-1].winners:
            return tuple(results[-1].winners)
        return () if self[WINNER] is None else (self[WINNER],)

    @property
    def trump(self) -> str | None:
        """The trump suit letter, or None until it is known."""
        suit = self[INFO].trump
        return None if suit is None else SUITS[suit]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as ``Card`` values, in card order (hidden: give players views)."""
        return tuple(cards_of(mask) for mask in self[MASKS])

    @property
    def bidder(self) -> int | None:
        """The seat that won the auction this hand (None: not yet, or no auction)."""
        return self.info.bidder

    @property
    def bid(self) -> int | str | None:
        """The winning bid this hand: a number, or a top bid's name (``"smudge"``)."""
        return self.info.bid

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress as (seat, card) pairs in play order."""
        seats = trick_seats(self[INFO].start, self[LEADER], self[TRICK_CARDS], self.table.players)
        return tuple((seat, CARDS[card]) for seat, card in zip(seats, self[TRICK_CARDS], strict=True))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the hand in progress, as ``Trick`` values (leader, cards,
        the seat that played each, taker). A finished hand's are in its ``HandResult``."""
        start, players = self[INFO].start, self.table.players
        return tuple(Trick(leader, (CARDS[c] for c in cards), taker, trick_seats(start, leader, cards, players))
                     for leader, cards, taker in self[DONE_TRICKS])

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the game so far, first to last (with ``start``, the seed and the
        variant, they replay the game to this state)."""
        return moves_of(self[LOG])

    @property
    def start(self) -> Start:
        """How the game began: first dealer, starting scores, a stacked first deal."""
        return start_of(self[LOG])

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (a ``ValueError`` for anything but a seat)."""
        table = self.table
        return table.side_of[seat_of(seat, table.players)]

    # -- the rules: asked of the table, which holds the transition loop --------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the seat to move, none twice (empty when the game is over)."""
        if self[PHASE] is _OVER:
            return ()
        moves: tuple[Move, ...] = self[TABLE].pipeline[self[STEP]].legal(self)
        return moves

    def apply(self, move: Move | str, seat: int | None = None) -> GameState:
        """The state after ``move``; raises ``IllegalMove`` (state unchanged) if not legal.

        The move's shape is checked before the rules are asked (``Move`` says what each kind
        takes): a number is an ``int`` within the kind's range and this game's deck, never a
        ``bool``, so ``Move("bid", 2.0)`` or ``Move("play", True)`` is no move at all. With
        ``seat``, the move must also be that seat's to make (a server passes the seat of the
        player who sent it). The ``IllegalMove`` says why in its message and its ``reason``.
        The move itself is the table's transition loop (``advance``).
        """
        checked = self[TABLE].pipeline[self[STEP]].checked
        if checked is not None:  # the compiled kernel's play of a legal card (None: anything else)
            moved: GameState | None = checked(self, move, seat)
            if moved is not None:
                return moved
        if move.__class__ is not Move:
            try:
                move = parse_move(move)  # text, or a subclass of Move rebuilt from its items
            except InvalidMove as error:
                error.move, error.seat, error.phase = move, self[TO_MOVE], self[PHASE]
                raise
        table: Table = self[TABLE]
        try:  # (the common case in line: a plain move of the right shape)
            kind = move[0]
            arg = move[1]
            ok = kind.__class__ is str and (0 <= arg < _BOUNDS[kind] if arg.__class__ is int
                                            else _TAKES[kind] is arg.__class__)
        except (LookupError, TypeError):
            ok = False
        if not ok:
            problem = shape_problem(move, table.deck_size)
            if problem is not None:
                raise IllegalMove(f"{move} is no move: {problem}", move=move, seat=self[TO_MOVE], phase=self[PHASE],
                                  reason="malformed")
        if self[PHASE] is _OVER:
            raise IllegalMove(f"{move}: the game is over", move=move, phase=self[PHASE], reason="game-over")
        if seat is not None and (whole_number(seat) is None or seat != self[TO_MOVE]):
            raise IllegalMove(f"{move}: it is seat {self.to_move}'s turn, not seat {shown(seat)}'s "
                              f"({self.phase.value})", move=move, seat=self[TO_MOVE], phase=self[PHASE],
                              reason="not-your-turn")
        step = table.pipeline[self[STEP]]
        if not step.is_legal(self, move):
            raise IllegalMove(f"{move}: {step.why_illegal(self, move)} "
                              f"(seat {self.to_move}, {self.phase.value})", move=move, seat=self[TO_MOVE],
                              phase=self[PHASE])
        return table.advance(self, move)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: its own cards and everything public (a ``ValueError``
        for anything but a seat of this table: a ``bool``, a ``float``, a seat out of range)."""
        table: Table = self[TABLE]
        return table.view(self, seat)


_OVER = Phase.GAME_OVER
_BOUNDS = {"play": DECK_SIZE, "partner": DECK_SIZE, "trump": 4, "discard": 1 << DECK_SIZE,
           "bid": NUMBER_LIMIT, "deal": NUMBER_LIMIT}
"""Per kind of move that takes a number: a bound below which (from 0) it is well formed in
every deck (a joker's number is judged against the game's deck, off the common path)."""
_TAKES: dict[str, type] = {"bid": str, "call": str, **dict.fromkeys(WORDS, type(None))}
"""Per kind of move that takes other than a number: its argument's class."""


_INDEX = {name: index for index, name in enumerate(GameState.FIELDS)}
assert all(getattr(GameState, name).__doc__ == doc for name, doc in STATE_FIELDS), "a state field without its property"
