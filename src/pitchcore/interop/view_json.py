"""A seat's view as plain JSON data, for sending to the player at that seat.

Built on cattrs from the ``PlayerView`` class itself, so a new field travels without a line
here. Cards and moves travel as their text (``"AH"``, ``"bid 3"``), a phase as its value
(``"bidding"``), tuples as lists, a hand result's awards as ``[name, side]`` pairs; the
rules (``PlayerView.rules``) stay behind: a client knows the variant by its name. The JSON
holds what the view holds and nothing more, so it is safe to send to that seat.

Reading it back is reading untrusted data (a client, a cache), so ``view_from_json`` takes
only what ``view_to_json`` could have given. Two checks come before cattrs builds anything,
and one after:

- its shape, worked out from the same field types (``_shape_of``): every field present, no
  other, each value of its exact JSON type (a whole number is no ``true`` nor ``1.0``, a list
  is a list), cards, moves and phases as ``view_to_json`` writes them. It descends only as
  deep as the types go, and stops at the first value out of place;
- the rules every real view keeps and types cannot say (``_check_rules``): seats and sides in
  range, a list per seat or per side as long as the table, cards once, tricks that agree
  with their seats, hand results that agree with themselves;
- last, the view it reads must give back exactly the data (``view_to_json`` of it).

So no number in the data sizes anything, the work is linear in the data's size, and the view
returned is one that hashes, compares and prints. Anything else raises ``ViewDataError``: one
line, saying where, quoting at most a short, escaped excerpt.

``view_schema`` gives the JSON Schema of that data, every field described (the package's
``view.schema.json``, the same file as ``docs/view.schema.json``).
"""

from __future__ import annotations

import collections.abc
import enum
import functools
import inspect
import json
import types
import typing
from collections.abc import Callable, Iterable
from importlib import resources
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from ..components.auction import BID_NAME
from ..components.registry import MOST_BID, MOST_CARDS, MOST_PLAYERS
from ..components.variant import Variant
from ..game.view import PlayerView
from ..model.caches import cached
from ..model.cards import CARDS, MAX_CARDS, SUITS, Card
from ..model.errors import ViewDataError
from ..model.moves import PARTNER, PLAY, TRUMP, WORDS, Move
from ..model.phase import Phase
from ..model.results import Awards, Decision, HandResult, PlayRecord, Trick
from ..model.text import shown
from .records import NUMBER_LIMIT

if TYPE_CHECKING:
    import cattrs

# -- what travels: one definition for both ways ------------------------------------------

_LEFT_OUT: dict[type, tuple[str, ...]] = {PlayerView: ("rules",), HandResult: ("record",)}
"""Fields that stay behind: the rules (a client knows the variant by its name), and a hand
result's ``PlayRecord`` (its ``tricks``, ``decided_by``, ``reneges`` and ``renege_penalty``
travel instead)."""
_ADDED: dict[type, tuple[str, ...]] = {HandResult: ("tricks", "decided_by", "reneges", "renege_penalty"),
                                       Trick: ("leader", "cards", "seats", "taker")}
"""Properties that travel as fields: what a hand's record shows (its tricks, deciding cards
and reneges: public once the hand is over, as the tricks that show them are), and a trick's
parts."""
_AWARDS = tuple[tuple[str, int | None], ...]
"""How ``Awards`` travels: ``[name, side]`` pairs in award order."""
_CARD_INDEX = {str(card): card.index for card in CARDS}
"""A card's text, as ``str(card)`` writes it -> its index."""


@functools.cache
def _json_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields ``cls`` travels as, in order, with their types: its attrs fields but those
    left out, then the properties added."""
    hints = typing.get_type_hints(cls, localns={"Variant": Variant})
    names = [field.name for field in attrs.fields(cls)] if attrs.has(cls) else []
    fields = [(name, hints[name]) for name in names if name not in _LEFT_OUT.get(cls, ())]
    for name in _ADDED.get(cls, ()):
        found = inspect.getattr_static(cls, name, None)
        fields.append((name, typing.get_type_hints(found.fget)["return"] if isinstance(found, property)
                       else hints[name]))
    return tuple(fields)


# -- the converter ------------------------------------------------------------------------


@functools.cache
def _converter() -> cattrs.Converter:
    import cattrs
    from cattrs.gen import make_dict_unstructure_fn, override

    attrs.resolve_types(PlayerView, localns={"Variant": Variant})  # (view.py names it for type checks only)
    converter = cattrs.Converter()
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Card, lambda text, _: Card.parse(text))
    converter.register_unstructure_hook(Move, str)
    converter.register_structure_hook(Move, lambda text, _: _move_of(text))  # (checked before: never None)
    converter.register_unstructure_hook(Awards, lambda awards: [[name, side] for name, side in awards.items()])
    converter.register_structure_hook(Awards, lambda pairs, _: Awards(tuple((name, side) for name, side in pairs)))
    for union in (int | str | None, bool | None, int | None, str | None):
        converter.register_structure_hook(union, lambda data, _: data)  # (checked before: as it is)
    converter.register_unstructure_hook_factory(_is_row, lambda row: _row_unstructure(converter, row))
    _hand_results(converter)
    converter.register_unstructure_hook(
        PlayerView, make_dict_unstructure_fn(PlayerView, converter, rules=override(omit=True)))
    return converter


def _is_row(hint: Any) -> bool:
    """A tuple of fixed length (``tuple[int, Card]``), which cattrs would leave a tuple."""
    arguments = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and Ellipsis not in arguments


def _row_unstructure(converter: cattrs.Converter, row: Any) -> Callable[[Any], list[Any]]:
    """A fixed-length tuple as a JSON list (``[seat, card]``): JSON data holds no tuples."""
    items = typing.get_args(row)
    return lambda value: [converter.unstructure(item, hint) for item, hint in zip(value, items, strict=True)]


def _hand_results(converter: cattrs.Converter) -> None:
    """A hand result travels as its summary fields plus its ``tricks``, ``decided_by``,
    ``reneges`` and ``renege_penalty`` (what the record behind them shows), and comes back
    with them (``_read_result``). Reneges are always sent (none, and a penalty of 0, where
    the variant refuses them), so every hand result has the same fields."""
    from cattrs.gen import make_dict_unstructure_fn, override

    summary = make_dict_unstructure_fn(HandResult, converter, record=override(omit=True))
    trick_fields = _json_fields(Trick)
    converter.register_unstructure_hook(Trick, lambda trick: {
        name: converter.unstructure(getattr(trick, name), hint) for name, hint in trick_fields})
    converter.register_structure_hook(Trick, lambda data, _: Trick(
        data["leader"], converter.structure(data["cards"], tuple[Card, ...]), data["taker"], tuple(data["seats"])))

    def unstructure(result: HandResult) -> dict[str, Any]:
        data: dict[str, Any] = summary(result)
        data["tricks"] = converter.unstructure(result.tricks, tuple[Trick, ...])
        data["decided_by"] = converter.unstructure(dict(result.decided_by), dict[str, Decision | None])
        data["reneges"] = list(result.reneges)
        data["renege_penalty"] = result.renege_penalty
        return data

    converter.register_unstructure_hook(HandResult, unstructure)


def _read_view(data: dict[str, Any]) -> PlayerView:
    """The view of data already checked (shape and rules): each field by its type, the hand
    results by ``_read_result`` (their records need the table's size)."""
    converter = _converter()
    players: int = data["players"]
    values = {name: converter.structure(data[name], hint) for name, hint in _json_fields(PlayerView)
              if name != "hand_results"}
    return PlayerView(**values, hand_results=tuple(_read_result(item, players) for item in data["hand_results"]))


def _read_result(data: dict[str, Any], players: int) -> HandResult:
    """A checked hand result, with the record its tricks, deciding cards and reneges give: each
    seat's played cards (one mask per seat of the table, as the engine's record has)."""
    converter = _converter()
    summary = {name: converter.structure(data[name], hint) for name, hint in _json_fields(HandResult)
               if name not in _ADDED[HandResult]}
    tricks = converter.structure(data["tricks"], tuple[Trick, ...])
    decided = converter.structure(data["decided_by"], dict[str, Decision | None])
    shown_masks = [0] * players
    for trick in tricks:
        for seat, card in trick.plays:
            shown_masks[seat] |= 1 << card.index
    raw = tuple((trick.leader, tuple(card.index for card in trick.cards), trick.taker) for trick in tricks)
    decisions = tuple((name, decided[name]) for name, _ in data["awards"])
    return HandResult(**summary, record=PlayRecord(raw, tuple(shown_masks), decided=decisions,
                                                   reneges=tuple(data["reneges"]),
                                                   renege_penalty=data["renege_penalty"]))


# -- the shape: exact JSON types, worked out from the field types --------------------------


class _Refusal(Exception):
    """Why the data is no view, and where: the steps (field names, ``[index]``) are added
    from the inside out as the refusal rises through the shapes."""

    def __init__(self, problem: str, where: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.steps = [where] if where else []

    def at(self, step: str) -> _Refusal:
        self.steps.insert(0, step)
        return self

    @property
    def where(self) -> str:
        return "".join(step if step.startswith("[") or not index else "." + step
                       for index, step in enumerate(self.steps))


def _refuse(where: str, problem: str) -> NoReturn:
    raise _Refusal(problem, where)


_JSON_KINDS: dict[type, str] = {int: "a whole number", str: "text", bool: "true or false", type(None): "null",
                                list: "a list", dict: "an object", float: "a number"}


def _kind(value: object) -> str:
    """A value as a message names it: its JSON kind and, for a scalar, a short excerpt."""
    cls = value.__class__
    name = _JSON_KINDS.get(cls)
    if name is None:
        return f"a Python {_excerpt(cls.__name__)}"
    if cls in (bool, type(None), list, dict):
        return "true" if value is True else "false" if value is False else name
    return f"{name} {_excerpt(value)}"


def _excerpt(value: object) -> str:
    """``value`` quoted for a message: a number as ``shown`` gives it, text escaped (no control
    character gets through) and cut to a few dozen characters, escapes included."""
    if value.__class__ is not str:
        return shown(value)
    assert isinstance(value, str)
    cut = value[:40]
    while len(repr(cut)) > 44:  # (escapes make a character up to ten)
        cut = cut[:len(cut) // 2]
    return repr(cut) + ("..." if len(cut) < len(value) else "")


class _Shape:
    """What one value must be: ``json_class`` is the class a JSON reader gives it."""

    json_class: type
    what: str

    def check(self, value: Any) -> None:
        raise NotImplementedError

    def wrong(self, value: Any) -> NoReturn:
        raise _Refusal(f"expected {self.what}, got {_kind(value)}")


class _Exact(_Shape):
    """A whole number, text, true/false or null: a value of exactly that class (``True`` is
    no number, ``1.0`` no whole number)."""

    def __init__(self, cls: type) -> None:
        self.json_class, self.what = cls, _JSON_KINDS[cls]

    def check(self, value: Any) -> None:
        if value.__class__ is not self.json_class:
            self.wrong(value)


class _Word(_Shape):
    """Text that is one of a few words: a card (``"AH"``), a phase (``"bidding"``)."""

    json_class = str

    def __init__(self, what: str, words: Iterable[str]) -> None:
        self.what, self.words = what, frozenset(words)
        self.longest = max(map(len, self.words))

    def check(self, value: Any) -> None:
        if value.__class__ is not str or len(value) > self.longest or value not in self.words:
            self.wrong(value)


class _MoveText(_Shape):
    """A move's text as ``str(move)`` writes it (``"bid 3"``, ``"discard 4C 7D"``), of a move
    a view may offer (``_move_of``)."""

    json_class, what = str, "a move's text as pitchcore writes it (such as 'bid 3' or 'play AH')"

    def check(self, value: Any) -> None:
        if value.__class__ is not str or len(value) > _LONGEST_MOVE or _move_of(value) is None:
            self.wrong(value)


@functools.cache
def _fixed_moves() -> dict[str, Move]:
    """Text -> move, for every move a view may offer but a discard or a named bid: the words,
    bids and blind bids of 0 to ``MOST_BID``, trumps, plays, partner calls, calls, deals of 1 to ``MOST_CARDS``."""
    moves = [*map(Move, WORDS), *(Move(kind, number) for kind in ("bid", "blind") for number in range(MOST_BID + 1)),
             *TRUMP, *PLAY, *PARTNER,
             Move("call", "high"), Move("call", "low"), *(Move("deal", number) for number in range(1, MOST_CARDS + 1))]
    return {str(move): move for move in moves}


_LONGEST_MOVE = len("discard") + 3 * MAX_CARDS
"""The longest text of a move (a discard of every card): longer text is no move."""


@cached(4096)
def _move_of(text: str) -> Move | None:
    """The move a view may offer whose text (as ``str(move)`` writes it) is ``text``; None for
    any other text. Looked up rather than parsed, and kept (the shape asks, then the converter,
    and the next view offers the same moves), as a view may offer a thousand discards: a
    discard's cards are written in card order, each once; a named bid (``bid moon``) is a
    lower-case word, as a variant names it. (``text`` is at most ``_LONGEST_MOVE`` long.)"""
    move = _fixed_moves().get(text)
    if move is not None:
        return move
    kind, _, word = text.partition(" ")
    if kind == "bid":
        return Move("bid", word) if BID_NAME.fullmatch(word) else None
    if kind != "discard":
        return None
    mask, last = 0, -1
    for card in text.split(" ")[1:]:
        index = _CARD_INDEX.get(card, -1)
        if index <= last:  # (no card, or not after the last: out of order or twice)
            return None
        mask, last = mask | 1 << index, index
    return Move("discard", mask)


class _Either(_Shape):
    """One of several shapes, told apart by their JSON class (``int | str | None``)."""

    def __init__(self, shapes: list[_Shape]) -> None:
        self.by_class = {shape.json_class: shape for shape in shapes}
        if len(self.by_class) != len(shapes):
            raise TypeError("view_json: a union of two shapes of one JSON class cannot be told apart")
        whats = [shape.what for shape in shapes]
        self.json_class, self.what = object, f"{', '.join(whats[:-1])} or {whats[-1]}"

    def check(self, value: Any) -> None:
        shape = self.by_class.get(value.__class__)
        if shape is None:
            self.wrong(value)
        shape.check(value)


class _List(_Shape):
    """A list of any length (``tuple[X, ...]``), each item of one shape."""

    json_class = list

    def __init__(self, item: _Shape) -> None:
        self.item, self.what = item, "a list"

    def check(self, value: Any) -> None:
        if value.__class__ is not list:
            self.wrong(value)
        check = self.item.check
        for index, item in enumerate(value):
            try:
                check(item)
            except _Refusal as refusal:
                raise refusal.at(f"[{index}]") from None


class _Row(_Shape):
    """A list of a fixed length, an item of its own shape in each place (``[seat, card]``)."""

    json_class = list

    def __init__(self, items: list[_Shape]) -> None:
        self.items, self.what = items, f"a list of {len(items)} items"

    def check(self, value: Any) -> None:
        if value.__class__ is not list:
            self.wrong(value)
        if len(value) != len(self.items):
            raise _Refusal(f"expected {self.what}, got {len(value)}")
        for index, (shape, item) in enumerate(zip(self.items, value, strict=True)):
            try:
                shape.check(item)
            except _Refusal as refusal:
                raise refusal.at(f"[{index}]") from None


class _Object(_Shape):
    """An object of exactly these fields, each of its own shape."""

    json_class = dict

    def __init__(self, fields: dict[str, _Shape]) -> None:
        self.fields, self.what = fields, "an object"

    def check(self, value: Any) -> None:
        if value.__class__ is not dict:
            self.wrong(value)
        fields = self.fields
        if len(value) != len(fields) or not all(key in fields for key in value):
            unknown = next((key for key in value if key not in fields), None)
            if unknown is not None:
                raise _Refusal(f"unknown field {_excerpt(unknown)}")
            raise _Refusal(f"missing {', '.join(name for name in fields if name not in value)}")
        for name, shape in fields.items():
            try:
                shape.check(value[name])
            except _Refusal as refusal:
                raise refusal.at(name) from None


class _Mapping(_Shape):
    """An object of any text keys, each value of one shape (``decided_by``)."""

    json_class = dict

    def __init__(self, value: _Shape) -> None:
        self.value, self.what = value, "an object"

    def check(self, value: Any) -> None:
        if value.__class__ is not dict:
            self.wrong(value)
        for key, item in value.items():
            if key.__class__ is not str:
                raise _Refusal(f"expected text keys, got {_kind(key)}")
            try:
                self.value.check(item)
            except _Refusal as refusal:
                raise refusal.at(f"[{_excerpt(key)}]") from None


@functools.cache
def _shape_of(hint: Any) -> _Shape:
    """The shape of a value of type ``hint`` as ``view_to_json`` writes it. A type with no
    JSON form here (a new field's) raises ``TypeError`` at the first use: the tests see it."""
    if hint in _JSON_KINDS and hint is not float:
        return _Exact(hint)
    if hint is Card:
        return _Word("a card's text (such as 'AH', 'TS' or 'HJ')", map(str, CARDS))
    if hint is Move:
        return _MoveText()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        values = [member.value for member in hint]
        return _Word(f"one of {', '.join(map(repr, values))}", values)
    if hint is Awards:
        return _shape_of(_AWARDS)
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _Either([_shape_of(argument) for argument in arguments])
    if origin is tuple:
        if arguments[-1] is Ellipsis:
            return _List(_shape_of(arguments[0]))
        return _Row([_shape_of(argument) for argument in arguments])
    if origin is collections.abc.Mapping and arguments[0] is str:
        return _Mapping(_shape_of(arguments[1]))
    if attrs.has(hint) or hint in _ADDED:
        return _Object({name: _shape_of(field) for name, field in _json_fields(hint)})
    raise TypeError(f"view_json: no JSON shape for {hint!r}")


# -- the rules: what every real view keeps and types cannot say ---------------------------


def _bid_problem(bid: object) -> str | None:
    """Why ``bid`` is no bid (None: it is one): a number from 0 (a Sell-out eldest's forced
    pitch) to ``MOST_BID``, or a top bid's name (a lower-case word, as a variant names it)."""
    if bid.__class__ is int:
        assert isinstance(bid, int)
        return None if 0 <= bid <= MOST_BID else f"a bid's number is 0 to {MOST_BID}, not {shown(bid)}"
    assert isinstance(bid, str)
    return None if BID_NAME.fullmatch(bid) else f"a bid's name is a lower-case word, not {shown(bid)}"


class _Table:
    """The checks that need the table: its seats (``players``) and sides (``side_of``)."""

    def __init__(self, players: int, side_of: list[int]) -> None:
        if not 2 <= players <= MOST_PLAYERS:  # (first: every list by seat is as long as this)
            _refuse("players", f"a table has 2 to {MOST_PLAYERS} seats, not {shown(players)}")
        self.players = players
        self.per_seat(side_of, "side_of")
        sides = 0
        for seat, side in enumerate(side_of):  # sides are numbered from 0 as the seats meet them
            if not 0 <= side <= sides:
                _refuse(f"side_of[{seat}]", f"expected a side from 0 to {sides}, got {shown(side)}")
            sides = max(sides, side + 1)
        if sides < 2:
            _refuse("side_of", "a game has two sides or more")
        self.sides = sides

    def seat(self, seat: int | None, where: str, *, maybe: bool = False) -> None:
        if (seat is None and not maybe) or (seat is not None and not 0 <= seat < self.players):
            _refuse(where, f"expected a seat from 0 to {self.players - 1}, got {_kind(seat)}")

    def side(self, side: int | None, where: str, *, maybe: bool = False) -> None:
        if (side is None and not maybe) or (side is not None and not 0 <= side < self.sides):
            _refuse(where, f"expected a side from 0 to {self.sides - 1}, got {_kind(side)}")

    def per_seat(self, values: list[Any], where: str) -> None:
        if len(values) != self.players:
            _refuse(where, f"expected one item per seat ({self.players}), got {len(values)}")

    def per_side(self, values: list[int], where: str, low: int = -NUMBER_LIMIT) -> None:
        if len(values) != self.sides:
            _refuse(where, f"expected one number per side ({self.sides}), got {len(values)}")
        _numbers(values, where, low, NUMBER_LIMIT)

    def sides_won(self, winners: list[int], where: str) -> None:
        """Winning sides: distinct, in side order."""
        for index, side in enumerate(winners):
            self.side(side, f"{where}[{index}]")
        if winners != sorted(set(winners)):
            _refuse(where, "expected distinct sides in increasing order")

    def trick(self, leader: int, cards: list[str], seats: list[int], taker: int, where: str) -> None:
        """A completed trick: 1 to ``players`` cards, the distinct seat that played each, the
        leader first (it plays the first card, whoever it is: under ``follow: trump-only`` the
        lead passes to a seat holding a trump, and that seat is the trick's leader), and the
        taker among them (it played the winning card)."""
        self.seat(leader, where + ".leader")
        self.seat(taker, where + ".taker")
        if not 1 <= len(cards) <= self.players:
            _refuse(where + ".cards", f"a trick has 1 to {self.players} cards, got {len(cards)}")
        if len(seats) != len(cards):
            _refuse(where + ".seats", f"expected the seat of each of its {len(cards)} cards, got {len(seats)}")
        for index, seat in enumerate(seats):
            self.seat(seat, f"{where}.seats[{index}]")
        if len(set(seats)) != len(seats):
            _refuse(where + ".seats", "a seat plays once to a trick")
        if seats[0] != leader:
            _refuse(where + ".seats", f"the leader, seat {leader}, plays the first card")
        if taker not in seats:
            _refuse(where + ".taker", f"seat {taker} played no card to this trick")


def _number(value: int, where: str, low: int, high: int) -> None:
    if not low <= value <= high:
        _refuse(where, f"expected a whole number from {low} to {high}, got {shown(value)}")


def _numbers(values: list[int], where: str, low: int, high: int) -> None:
    for index, value in enumerate(values):
        _number(value, f"{where}[{index}]", low, high)


def _in_card_order(cards: list[str], where: str) -> None:
    """One seat's cards (a hand, discards, a gift): distinct and in card order, as masks give them."""
    indices = [_CARD_INDEX[card] for card in cards]
    if indices != sorted(set(indices)):
        _refuse(where, "expected distinct cards in card order (clubs, diamonds, hearts, spades, 2 to A, jokers)")


def _once(cards: list[str], where: str) -> None:
    """Cards of which each can be in one place only (this hand's tricks, the upcards)."""
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            _refuse(where, f"the card {card} appears twice")
        seen.add(card)


def _check_rules(data: dict[str, Any]) -> None:
    """Refuse data of the right shape that no real view gives (``_Refusal``): each rule below
    holds of every view of every game (tests/test_view_json_untrusted.py checks them over
    whole games of every bundled variant), and says why in a line."""
    table = _Table(data["players"], data["side_of"])
    if not data["variant"]:  # every variant has a name
        _refuse("variant", "expected the variant's name, got empty text")
    seat, over = data["seat"], data["phase"] == Phase.GAME_OVER.value
    table.seat(seat, "seat")
    table.seat(data["dealer"], "dealer")
    table.seat(data["to_move"], "to_move", maybe=True)
    if over != (data["to_move"] is None):  # nobody moves exactly when the game is over
        _refuse("to_move", "null exactly when the phase is 'game over'")
    table.per_side(data["scores"], "scores")
    for name in ("hand_sizes", "discard_counts"):  # counts of cards, by seat
        table.per_seat(data[name], name)
        _numbers(data[name], name, 0, MAX_CARDS)
    _number(data["stock_size"], "stock_size", 0, MAX_CARDS)
    _number(data["hand_size"], "hand_size", 0, MOST_CARDS)
    for name in ("hand", "discards", "gift", "dealt"):  # this seat's cards, from masks
        _in_card_order(data[name], name)
    if len(data["hand"]) != data["hand_sizes"][seat]:  # its own hand is the size everyone sees
        _refuse("hand", f"expected as many cards as hand_sizes[{seat}] ({data['hand_sizes'][seat]})")
    if len(data["discards"]) != data["discard_counts"][seat]:
        _refuse("discards", f"expected as many cards as discard_counts[{seat}] ({data['discard_counts'][seat]})")
    if data["gift"] and data["bidder"] != seat:  # only the bidder is given cards
        _refuse("gift", "only the bidder's view holds a gift")
    for index, (bidder, bid) in enumerate(data["bids"]):
        table.seat(bidder, f"bids[{index}][0]")
        problem = None if bid is None else _bid_problem(bid)
        if problem:
            _refuse(f"bids[{index}][1]", problem)
    table.seat(data["bidder"], "bidder", maybe=True)
    if (data["bidder"] is None) != (data["bid"] is None):  # the high (or winning) bidder and its bid
        _refuse("bid", "null exactly when bidder is")
    problem = None if data["bid"] is None else _bid_problem(data["bid"])
    if problem:
        _refuse("bid", problem)
    if data["trump"] is not None and (len(data["trump"]) != 1 or data["trump"] not in SUITS):
        _refuse("trump", f"expected a suit letter (C, D, H or S) or null, got {_kind(data['trump'])}")
    if data["call"] not in ("high", "low", None):
        _refuse("call", f"expected 'high', 'low' or null, got {_kind(data['call'])}")
    for index, call in enumerate(data["calls"]):
        if call not in ("high", "low"):
            _refuse(f"calls[{index}]", f"expected 'high' or 'low', got {_kind(call)}")
    _check_play(data, table)
    table.seat(data["partner"], "partner", maybe=True)
    if data["partner"] is not None and data["called"] is None:  # a partner is named by the called card
        _refuse("partner", "a partner is known only once a card is called")
    if data["called"] is not None and data["bidder"] is None:  # the bidder calls it
        _refuse("called", "only a bidder calls a card")
    _check_moves(data["legal_moves"], data["to_move"] == seat)
    table.sides_won(data["winners"], "winners")
    if data["winners"] and not over:
        _refuse("winners", "a game has winners only once it is over")
    winner = data["winners"][0] if len(data["winners"]) == 1 else None
    if data["winner"] != winner:  # the one side that won, else null
        _refuse("winner", f"expected {_kind(winner)}, as winners says")
    results = data["hand_results"]
    for index, result in enumerate(results):
        _check_result(result, table, f"hand_results[{index}]", last=index == len(results) - 1)
    if over != bool(results and results[-1]["ended_game"]):  # the game ends when a hand's scoring ends it
        _refuse("phase", "'game over' exactly when the last hand result ended the game")
    if over and data["winners"] != results[-1]["winners"]:
        _refuse("winners", "expected the winners of the hand that ended the game")


def _check_play(data: dict[str, Any], table: _Table) -> None:
    """The cards of the hand in play: the trick in progress, the completed tricks and their
    seats, the upcards and the cards drawn in sight of all."""
    played = []
    for index, (seat, card) in enumerate(data["trick"]):
        table.seat(seat, f"trick[{index}][0]")
        played.append(card)
    if len(data["trick"]) > table.players or len({seat for seat, _ in data["trick"]}) != len(data["trick"]):
        _refuse("trick", "a seat plays once to a trick")
    tricks, seats = data["tricks"], data["trick_seats"]
    if len(seats) != len(tricks):
        _refuse("trick_seats", f"expected the seats of each of the {len(tricks)} tricks, got {len(seats)}")
    for index, ((leader, cards, taker), trick_seats) in enumerate(zip(tricks, seats, strict=True)):
        table.trick(leader, cards, trick_seats, taker, f"tricks[{index}]")
        played.extend(cards)
    _once(played, "tricks")  # a card is played once a hand
    hand = set(data["hand"])
    if not hand.isdisjoint(played):  # a card played has left the hand
        _refuse("hand", "holds a card already played this hand")
    _once(data["upcards"], "upcards")
    cards_at_all = sum(data["hand_sizes"]) + data["stock_size"] + len(played)
    if cards_at_all > MAX_CARDS:  # every card is in one place
        _refuse("hand_sizes", f"the hands, the stock and this hand's tricks hold {cards_at_all} cards, "
                              f"more than a deck ({MAX_CARDS})")
    shown_cards = data["shown"]
    if shown_cards:  # by seat, or [] where nobody drew in sight of all
        table.per_seat(shown_cards, "shown")
        for index, cards in enumerate(shown_cards):
            _in_card_order(cards, f"shown[{index}]")
            if len(cards) > data["hand_sizes"][index]:  # cards it holds
                _refuse(f"shown[{index}]", f"more cards than hand_sizes[{index}] ({data['hand_sizes'][index]})")
        _once([card for cards in shown_cards for card in cards], "shown")
        if not set(shown_cards[data["seat"]]) <= hand:
            _refuse(f"shown[{data['seat']}]", "this seat's cards drawn in sight are in its hand")


def _check_moves(moves: list[str], to_move: bool) -> None:
    """This seat's legal moves: some exactly when it is to move, each once."""
    if bool(moves) != to_move:
        _refuse("legal_moves", "this seat has legal moves exactly when it is to move")
    if len(set(moves)) != len(moves):
        _refuse("legal_moves", "a move is listed twice")


def _check_result(result: dict[str, Any], table: _Table, where: str, *, last: bool) -> None:
    """A finished hand's result: its seats, sides and awards, its tricks, its deciding cards."""
    bidder = result["bidder"]
    table.seat(bidder, where + ".bidder", maybe=True)
    table.seat(result["partner"], where + ".partner", maybe=True)
    table.seat(result["dealer"], where + ".dealer")
    for name in ("bid", "made"):  # a hand has a bid and an outcome exactly when it has a bidder
        if (result[name] is None) != (bidder is None):
            _refuse(f"{where}.{name}", "null exactly when bidder is")
    problem = None if result["bid"] is None else _bid_problem(result["bid"])
    if problem:
        _refuse(where + ".bid", problem)
    if result["partner"] is not None and bidder is None:
        _refuse(where + ".partner", "a partner is the bidder's: this hand has no bidder")
    table.per_side(result["delta"], where + ".delta")
    table.per_side(result["game_pips"], where + ".game_pips", low=0)
    names = []
    for index, (name, side) in enumerate(result["awards"]):
        table.side(side, f"{where}.awards[{index}][1]", maybe=True)
        names.append(name)
    if "" in names or len(set(names)) != len(names):  # a variant names its points, each once
        _refuse(where + ".awards", "expected distinct, non-empty names")
    table.sides_won(result["winners"], where + ".winners")
    if result["winners"] and not result["ended_game"]:
        _refuse(where + ".winners", "only the hand that ended the game has winners")
    if result["ended_game"] and not last:
        _refuse(where + ".ended_game", "only the last hand of a game can end it")
    plays: dict[str, tuple[int, int]] = {}  # card -> (seat that played it, taker of its trick)
    for index, trick in enumerate(result["tricks"]):
        at = f"{where}.tricks[{index}]"
        table.trick(trick["leader"], trick["cards"], trick["seats"], trick["taker"], at)
        for card, seat in zip(trick["cards"], trick["seats"], strict=True):
            if card in plays:  # a card is played once a hand
                _refuse(at + ".cards", f"the card {card} appears twice in this hand")
            plays[card] = (seat, trick["taker"])
    _check_decided(result, table, where, dict(result["awards"]), plays)
    _check_reneges(result, table, where, plays)


def _check_reneges(result: dict[str, Any], table: _Table, where: str, plays: dict[str, tuple[int, int]]) -> None:
    """``reneges`` and ``renege_penalty``: each renege a seat's, at most one per card that
    seat played (a renege is a card played), and a penalty of 0 to ``NUMBER_LIMIT``."""
    _number(result["renege_penalty"], where + ".renege_penalty", 0, NUMBER_LIMIT)
    reneges = result["reneges"]
    played = [0] * table.players
    for seat, _ in plays.values():
        played[seat] += 1
    for index, seat in enumerate(reneges):
        table.seat(seat, f"{where}.reneges[{index}]")
        played[seat] -= 1
        if played[seat] < 0:
            _refuse(f"{where}.reneges[{index}]", f"more reneges than cards seat {seat} played")


def _check_decided(result: dict[str, Any], table: _Table, where: str, awards: dict[str, int | None],
                   plays: dict[str, tuple[int, int]]) -> None:
    """``decided_by``: an entry per award (JSON objects keep no order: any order), a deciding
    card only for a point someone won, held by a seat, and played by that seat into a trick
    its taker took, or with no taker, never played."""
    decided = result["decided_by"]
    if decided.keys() != awards.keys():
        _refuse(where + ".decided_by", "expected an entry for each award, and no other")
    for name, decision in decided.items():
        if decision is None:
            continue
        at = f"{where}.decided_by[{_excerpt(name)}]"
        if awards[name] is None:
            _refuse(at, "nobody won this point: no card decided it")
        table.seat(decision["seat"], at + ".seat")
        table.seat(decision["taker"], at + ".taker", maybe=True)
        taken = None if decision["taker"] is None else (decision["seat"], decision["taker"])
        if plays.get(decision["card"]) != taken:  # (taken by nobody: never played)
            _refuse(at, "the tricks do not show this card played by this seat into a trick this taker took"
                        if taken else "the tricks show this card played: it has a taker")


# -- the public functions ------------------------------------------------------------------


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """``view`` as plain data for ``json.dumps`` (objects, lists, text, whole numbers,
    true/false, null: no tuples): what the seat may know, nothing more."""
    data: dict[str, Any] = _converter().unstructure(view)
    return data


def view_from_json(data: Any) -> PlayerView:
    """The ``PlayerView`` that ``view_to_json`` gave ``data`` for (without its ``rules``).

    Anything ``view_to_json`` could not have given raises ``ViewDataError`` (one line: where
    and why): a value of another JSON type (``"1"``, ``1.0`` or ``true`` for a whole number),
    a field missing or unknown, a seat or side outside the table, a list by seat or per side
    of the wrong length, a card twice, a trick whose seats disagree with it, a hand result
    that disagrees with itself (see ``docs/view-json.md``). The work is linear in the size
    of ``data``, whatever numbers it holds, and never recurses on its depth."""
    try:
        _shape_of(PlayerView).check(data)
        _check_rules(data)
        view = _read_view(data)
        if view_to_json(view) != data:  # (the rules above should have said why)
            raise _Refusal("not as view_to_json writes the view it reads as")
    except _Refusal as refusal:
        where = f"{refusal.where}: " if refusal.steps else ""
        raise ViewDataError(f"not a pitchcore view: {where}{refusal.problem}") from None
    return view


def json_converter() -> cattrs.Converter:
    """The cattrs converter ``view_to_json`` uses (cards and moves as text, awards as pairs, a
    hand result with its tricks and deciding cards), for JSON of other values that hold the
    same types (a server's events). Shared: ``copy()`` it before registering hooks."""
    return _converter()


def view_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of what ``view_to_json`` gives: every field, its type
    and meaning. A fresh copy each call, read from the ``view.schema.json`` shipped with the
    package; validate with any JSON Schema library (``jsonschema.validate(data, view_schema())``)."""
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema


@functools.cache
def _schema_text() -> str:
    return resources.files("pitchcore").joinpath("view.schema.json").read_text(encoding="utf-8")
