"""What a finished hand leaves behind: who bid, what was awarded, how scores moved, and
the tricks it was played in."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import attrs

from .cards import CARDS, Card, cards_in


class Awards(Mapping[str, "int | None"]):
    """An immutable, hashable mapping of point name to the side that won it (or None)."""

    __slots__ = ("_items",)
    _items: tuple[tuple[str, int | None], ...]

    def __init__(self, items: tuple[tuple[str, int | None], ...] | Mapping[str, int | None] = ()):
        if items.__class__ is tuple:  # what scoring passes: no ABC check, no copy
            pairs: tuple[tuple[str, int | None], ...] = items
        else:
            pairs = tuple(items.items()) if isinstance(items, Mapping) else tuple(items)
        object.__setattr__(self, "_items", pairs)

    def __getitem__(self, key: str) -> int | None:
        for name, side in self._items:
            if name == key:
                return side
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Awards):
            return self._items == other._items
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Awards is immutable")

    def __reduce__(self) -> tuple[type[Awards], tuple[tuple[tuple[str, int | None], ...]]]:
        """Rebuilt through ``__init__``: pickling and ``copy`` may not set the slot directly."""
        return Awards, (self._items,)

    def __repr__(self) -> str:
        return f"Awards({dict(self._items)!r})"


def _awards(items: Awards | tuple[tuple[str, int | None], ...] | Mapping[str, int | None]) -> Awards:
    return items if items.__class__ is Awards else Awards(items)


def first_holding(masks: tuple[int, ...], cards: int, seat: int) -> int | None:
    """The first seat clockwise from ``seat`` (``seat`` itself first) that holds one of ``cards``."""
    players = len(masks)
    for step in range(players):
        other = (seat + step) % players
        if masks[other] & cards:
            return other
    return None


def trick_seats(start: tuple[int, ...], leader: int, cards: tuple[int, ...], players: int) -> tuple[int, ...]:
    """The seat that played each of a trick's ``cards``: the seat that held it when play began.

    Counting on from the leader is right only while every seat plays to every trick; under
    ``follow: trump-only`` a seat out of trumps is skipped. ``start`` is ``info.start``; a card
    it does not hold (a state built by hand) is counted on from the leader.
    """
    seats = []
    for position, card in enumerate(cards):
        seat = first_holding(start, 1 << card, 0)
        seats.append((leader + position) % players if seat is None else seat)
    return tuple(seats)


class Trick(tuple[int, tuple[Card, ...], int]):
    """One completed trick: ``(leader, cards, taker)``, with the seat that played each card.

    A tuple, so ``leader, cards, taker = trick`` and ``trick[2]`` read it; ``seats`` and
    ``plays`` say who played what (usually clockwise from the leader; a seat out of trumps
    is skipped where the variant lets it fold).
    """

    seats: tuple[int, ...]

    def __new__(cls, leader: int, cards: Iterable[Card], taker: int, seats: Iterable[int]) -> Trick:
        trick = tuple.__new__(cls, (leader, tuple(cards), taker))
        object.__setattr__(trick, "seats", tuple(seats))
        return trick

    def __getnewargs__(self) -> tuple[int, tuple[Card, ...], int, tuple[int, ...]]:
        return (*self, self.seats)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Trick is immutable")

    @property
    def leader(self) -> int:
        """The seat that led."""
        return self[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return self[1]

    @property
    def taker(self) -> int:
        """The seat that won the trick."""
        return self[2]

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs in play order, as ``GameState.trick`` gives the trick in progress."""
        return tuple(zip(self.seats, self[1], strict=True))

    def describe(self) -> str:
        """The trick for people: ``seat 1 AS, seat 2 3S, ...: seat 1 takes it``."""
        played = ", ".join(f"seat {seat} {card}" for seat, card in self.plays)
        return f"{played}: seat {self[2]} takes it"

    def __repr__(self) -> str:
        return f"Trick(leader={self[0]}, cards={self[1]!r}, taker={self[2]}, seats={self.seats})"


@attrs.frozen
class Decision:
    """The card that decided an award, and where it went."""

    card: Card
    """The deciding card (High: the highest trump in play)."""
    seat: int
    """The seat that held it when play began."""
    taker: int | None
    """The seat that won the trick it fell in (None: it was never played)."""

    def describe(self) -> str:
        taken = "" if self.taker in (None, self.seat) else f", taken by seat {self.taker}"
        return f"{self.card} from seat {self.seat}{taken}"


@attrs.frozen
class PlayRecord:
    """How a hand was played, as the engine keeps it; ``HandResult`` reads it on demand.

    Built when the hand is scored, from what every seat saw (scoring runs thousands of
    times a second in search, so nothing is converted until asked). Only ``tricks`` and
    ``shown`` take part in equality; the rest is how to judge them.
    """

    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    """(leader, card indices in play order, taker) per trick."""
    shown: tuple[int, ...]
    """Each seat's played cards as a mask: its hand when play began, as the table saw it."""
    trump: int | None = attrs.field(default=None, eq=False)
    """The trump suit's index (None: no trump)."""
    tables: Any = attrs.field(default=None, eq=False)
    """The variant's ``TrumpTables``, which rank the trumps."""
    points: tuple[Any, ...] = attrs.field(default=(), eq=False)
    """The variant's point categories."""
    decided: tuple[tuple[str, Decision | None], ...] | None = attrs.field(default=None, eq=False)
    """The deciding cards where they were given rather than judged (a view read from JSON)."""
    judge: Callable[[PlayRecord], Iterable[tuple[str, Decision]]] | None = attrs.field(
        default=None, eq=False, repr=False)
    """Where the cards are judged: the point categories' own reading of a played hand
    (``components.context.decisions``), handed in by scoring so results need no rules."""
    reneges: tuple[int, ...] = attrs.field(default=(), eq=False)
    """The seat of each renege found when the hand ended, in play order (``play: {renege:
    N}``; otherwise none): each cost its seat's side ``renege_penalty``."""
    renege_penalty: int = attrs.field(default=0, eq=False)
    """What each renege cost (already in the hand's ``delta``)."""


@attrs.frozen
class HandResult:
    """The outcome of one finished hand."""

    bidder: int | None
    """The seat that won the auction (None where the variant has no auction)."""
    bid: int | str | None
    """The winning bid: its number, or the name of a bid above every number (``"moon"``)."""
    made: bool | None
    """Whether the bidder's side made its bid (None without a bidder)."""
    awards: Awards = attrs.field(converter=_awards)
    """Point name -> side that won it, in the variant's award order; None = not awarded.

    A category that credits several sides (``card-values``) is reported for the side it
    credited most, None for a tie; the amounts are in ``game_pips`` and ``delta``."""
    delta: tuple[int, ...]
    """Score change per side from this hand."""
    game_pips: tuple[int, ...]
    """Per side, what the variant's first counting category counted: Game pips for ``game``,
    card points for ``card-values`` (Jacks Trump); the Game pips captured where none counts."""
    dealer: int = 0
    """The seat that dealt this hand."""
    ended_game: bool = False
    """True when the game ended during this hand's scoring."""
    partner: int | None = None
    """The bidder's called partner (``auction: {partner: called-card}``): the seat that held
    the called card, None where nobody did or the variant calls no partner."""
    winners: tuple[int, ...] = ()
    """The sides that won the game on this hand, in side order: one side usually, several
    where the variant lets sides win together (``going_out: {kind: all-reaching}``, a
    shared tie); empty when the game went on, or ended with nobody winning."""
    record: PlayRecord | None = attrs.field(default=None, repr=False)
    """How the hand was played (``tricks``, ``hands`` and ``decided_by`` read it)."""

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The hand's tricks in order, the last one included."""
        record = self.record
        if record is None:
            return ()
        players = len(record.shown)
        return tuple(Trick(leader, (CARDS[c] for c in cards), taker,
                           trick_seats(record.shown, leader, cards, players))
                     for leader, cards, taker in record.tricks)

    @property
    def reneges(self) -> tuple[int, ...]:
        """The seat of each renege, in play order, where the variant allows reneges and
        penalises them at the hand's end (``play: {renege: N}``): each cost the seat's
        side ``renege_penalty`` points, already counted in ``delta``. Empty otherwise, and for
        a result without its ``record``. A view's JSON carries them (``view_to_json``); a game
        record plays its moves again (``records.loads``), which finds them again."""
        record = self.record
        return () if record is None else record.reneges

    @property
    def renege_penalty(self) -> int:
        """What each renege cost its seat's side (``play: {renege: N}``: N, whether or not
        anyone reneged; already counted in ``delta``). 0 where the variant refuses reneges,
        and for a result without its ``record``."""
        record = self.record
        return 0 if record is None else record.renege_penalty

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand when play began, as the table saw it: the cards it played.

        That is the whole hand in every variant where each card is played; where a seat may
        fold (``follow: trump-only``) the cards it never played stay hidden.
        """
        record = self.record
        return () if record is None else tuple(tuple(CARDS[c] for c in cards_in(mask)) for mask in record.shown)

    @property
    def decided_by(self) -> Mapping[str, Decision | None]:
        """Per award (in ``awards`` order), the card that decided it and its seat: High the
        highest trump in play, Low the lowest, Jack the jack of trumps, and so on; None
        where no single card decides (Game, card points) or nobody won the award."""
        found: dict[str, Decision | None] = dict.fromkeys(self.awards)
        record = self.record
        if record is None:
            return found
        if record.decided is not None:
            found.update(record.decided)
            return found
        if record.judge is not None:
            found.update((name, decision) for name, decision in record.judge(record)
                         if self.awards.get(name) is not None)
        return found

    def describe(self) -> str:
        """The hand's outcome for people: the bid, each award and its card, the score change."""
        parts = []
        record = self.record
        if self.bidder is not None and record is not None and not record.tricks:  # all_pass: dealer-set-back
            parts.append(f"everyone passed: the dealer, seat {self.bidder}, is set back {self.bid} unplayed")
        elif self.bidder is not None:
            made = "made" if self.made else "went set"
            parts.append(f"seat {self.bidder} bid {self.bid} and {made}")
        decided = self.decided_by
        for name, side in self.awards.items():
            if side is None:
                continue
            decision = decided.get(name)
            card = f" ({decision.describe()})" if decision is not None else ""
            parts.append(f"{name} to side {side}{card}")
        if record is not None:
            for seat in record.reneges:
                parts.append(f"seat {seat} reneged and its side loses {record.renege_penalty}")
        change = " ".join(f"{value:+d}" for value in self.delta)
        parts.append(f"scores change {change}")
        if self.ended_game:
            parts.append("the game ends")
        return "; ".join(parts)



def winners_text(winners: tuple[int, ...]) -> str:
    """Who won a game, for people: ``side 1 wins``, ``sides 0 and 2 win``, ``nobody wins``."""
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        return f"side {winners[0]} wins"
    return f"sides {', '.join(map(str, winners[:-1]))} and {winners[-1]} win"
