"""The game state: an immutable tuple of a few fields, cheap to copy on every move.

Cards live in bit masks and small ints here; the public properties turn them into
``Card`` values. The rules behind a state live in its ``Table`` (shared by every state of
one game), so a transition builds one small tuple and nothing else.
"""

from __future__ import annotations

import operator
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import CARDS, DECK_SIZE, SUITS, Card, cards_of
from .errors import IllegalMove, InvalidMove
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


class HandInfo(NamedTuple):
    """What the current hand has settled so far; it changes a few times per hand.

    A named tuple rather than an attrs class: ``_replace`` is several times cheaper than
    ``attrs.evolve``, and a hand replaces it at every bid.
    """

    dealt: tuple[int, ...]
    """Mask of the cards dealt to each seat."""
    stock: tuple[int, ...] = ()
    """Undealt cards, top first."""
    bids: tuple[tuple[int, int | str | None], ...] = ()
    """Auction so far: (seat, bid or None for a pass)."""
    high: int = 0
    """Rank of the highest bid so far (0: none)."""
    bidder: int | None = None
    bid: int | str | None = None
    trump: int | None = None
    """Trump suit index, once known."""
    gift: int = 0
    """Mask of cards the bidder was given from the stock."""
    junk: tuple[int, ...] = ()
    """Discarded cards, in the order they were discarded (face down)."""
    discards: tuple[int, ...] = ()
    """Mask per seat of what that seat discarded this hand."""
    exchanged: int = 0
    """How many seats have finished the exchange."""
    start: tuple[int, ...] = ()
    """Each seat's hand when play began: who 'holds' each card in play."""
    call: str | None = None
    """The current trick's declaration (``"high"``/``"low"``), where the variant has one."""
    hand_size: int = 0
    """Cards dealt to each seat this hand."""
    called: int | None = None
    """The card the bidder called (``auction: {partner: called-card}``), once called."""
    partner: int | None = None
    """The seat holding the called card: the bidder's partner for the hand (None: no call
    yet, or the called card was dealt to nobody and the bidder plays alone)."""
    turned: tuple[int, ...] = ()
    """Cards turned face up for trump this hand, in order (``trump: turn-up``): the last is
    the trump card, on top of the stock; earlier ones were set aside when the cards were run."""
    paid: tuple[tuple[int, int], ...] = ()
    """(side, points) scored before play (``trump: turn-up``'s turned jack and begged gift),
    settled before the hand's points."""


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
    bids = (*info[2], (seat, bid))
    if bid is None:
        return unchecked(HandInfo, (info[0], info[1], bids, *info[3:]))
    return unchecked(HandInfo, (info[0], info[1], bids, rank, seat, bid, *info[6:]))


def _field(index: int, doc: str) -> Any:
    """A read-only field of ``GameState``: item ``index`` of the tuple, documented."""
    return property(itemgetter(index), doc=doc)


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

    # Each field reads one item of the tuple (a C-level getter: fast on every move), with
    # its meaning as the property's docstring, for help() and the API reference.
    table: Table = _field(0, "The rules of this game (variant, seats, seed), shared by all its states.")
    scores: tuple[int, ...] = _field(1, "Running score per side.")
    dealer: int = _field(2, "The seat dealing the current hand.")
    deal_number: int = _field(3, "How many deals this game has had (throw-ins included); seeds each shuffle.")
    hand_results: tuple[HandResult, ...] = _field(4, "One HandResult per finished hand, oldest first.")
    phase: Phase = _field(5, "What the game waits for: a Phase (bidding, playing, game over, ...).")
    to_move: int | None = _field(6, "The seat that moves next, or None when the game is over.")
    masks: tuple[int, ...] = _field(7, "Each seat's cards as a bit mask (``hands`` gives them as Card values).")
    info: HandInfo = _field(8, "What the current hand has settled: the deal, bids, bidder, trump, discards.")
    trick_cards: tuple[int, ...] = _field(9, "Cards of the trick in progress (card indices), in play order "
                                             "from ``leader``; ``trick`` gives seats and Card values.")
    leader: int = _field(10, "The seat that leads (or led) the trick in progress.")
    done_tricks: tuple[tuple[int, tuple[int, ...], int], ...] = _field(
        11, "Completed tricks this hand as the engine keeps them: (leader, card indices in play "
            "order, winning seat); ``tricks`` gives them as ``Trick`` values.")
    winner: int | None = _field(12, "The winning side once the game is over (None: not over, nobody won, "
                                    "or several sides won together: ``winners`` names them).")
    step: int = _field(13, "Index of the hand step (deal, auction, widow, trump, exchange, play) now running.")
    log: Log = _field(14, "The game's moves so far and how it began (``moves`` and ``start`` read it); "
                          "history, not position: it takes no part in equality.")

    FIELDS = (
        "table", "scores", "dealer", "deal_number", "hand_results", "phase", "to_move",
        "masks", "info", "trick_cards", "leader", "done_tricks", "winner", "step", "log",
    )

    def __new__(cls, *fields: Any) -> GameState:
        return tuple.__new__(cls, fields)

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
        return self[5] is _OVER  # (a module constant: drivers ask this on every move)

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides that won, once the game is over, in side order: ``(winner,)`` for one
        winner, several where the variant lets sides win together (``going_out: {kind:
        all-reaching}``, a shared tie), empty when the game is not over or nobody won."""
        if self[5] is not _OVER:
            return ()
        results = self[4]
        if results and results[-1].winners:
            return tuple(results[-1].winners)
        return () if self[12] is None else (self[12],)

    @property
    def trump(self) -> str | None:
        """The trump suit letter, or None until it is known."""
        suit = self[8].trump
        return None if suit is None else SUITS[suit]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as ``Card`` values, in card order (hidden: give players views)."""
        return tuple(cards_of(mask) for mask in self[7])

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
        seats = trick_seats(self[8].start, self[10], self[9], self.table.players)
        return tuple((seat, CARDS[card]) for seat, card in zip(seats, self[9], strict=True))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the hand in progress, as ``Trick`` values (leader, cards,
        the seat that played each, taker). A finished hand's are in its ``HandResult``."""
        start, players = self[8].start, self.table.players
        return tuple(Trick(leader, (CARDS[c] for c in cards), taker, trick_seats(start, leader, cards, players))
                     for leader, cards, taker in self[11])

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the game so far, first to last (with ``start``, the seed and the
        variant, they replay the game to this state)."""
        return moves_of(self[14])

    @property
    def start(self) -> Start:
        """How the game began: first dealer, starting scores, a stacked first deal."""
        return start_of(self[14])

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (a ``ValueError`` for anything but a seat)."""
        table = self.table
        return table.side_of[seat_of(seat, table.players)]

    # -- the rules: asked of the table, which holds the transition loop --------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the seat to move, none twice (empty when the game is over)."""
        if self[5] is _OVER:
            return ()
        moves: tuple[Move, ...] = self[0].pipeline[self[13]].legal(self)
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
        checked = self[0].pipeline[self[13]].checked
        if checked is not None:  # the compiled kernel's play of a legal card (None: anything else)
            moved: GameState | None = checked(self, move, seat)
            if moved is not None:
                return moved
        if move.__class__ is not Move:
            try:
                move = parse_move(move)  # text, or a subclass of Move rebuilt from its items
            except InvalidMove as error:
                error.move, error.seat, error.phase = move, self[6], self[5]
                raise
        table: Table = self[0]
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
                raise IllegalMove(f"{move} is no move: {problem}", move=move, seat=self[6], phase=self[5],
                                  reason="malformed")
        if self[5] is _OVER:
            raise IllegalMove(f"{move}: the game is over", move=move, phase=self[5], reason="game-over")
        if seat is not None and (whole_number(seat) is None or seat != self[6]):
            raise IllegalMove(f"{move}: it is seat {self.to_move}'s turn, not seat {shown(seat)}'s "
                              f"({self.phase.value})", move=move, seat=self[6], phase=self[5],
                              reason="not-your-turn")
        step = table.pipeline[self[13]]
        if not step.is_legal(self, move):
            raise IllegalMove(f"{move}: {step.why_illegal(self, move)} "
                              f"(seat {self.to_move}, {self.phase.value})", move=move, seat=self[6],
                              phase=self[5])
        return table.advance(self, move)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: its own cards and everything public (a ``ValueError``
        for anything but a seat of this table: a ``bool``, a ``float``, a seat out of range)."""
        table: Table = self[0]
        return table.view(self, seat)


_OVER = Phase.GAME_OVER
_BOUNDS = {"play": DECK_SIZE, "partner": DECK_SIZE, "trump": 4, "discard": 1 << DECK_SIZE,
           "bid": NUMBER_LIMIT, "deal": NUMBER_LIMIT}
"""Per kind of move that takes a number: a bound below which (from 0) it is well formed in
every deck (a joker's number is judged against the game's deck, off the common path)."""
_TAKES: dict[str, type] = {"bid": str, "call": str, **dict.fromkeys(WORDS, type(None))}
"""Per kind of move that takes other than a number: its argument's class."""


_INDEX = {name: index for index, name in enumerate(GameState.FIELDS)}
