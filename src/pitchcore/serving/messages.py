"""What a table sends: events, errors, and each seat's part of the game, as JSON text.

A seat's view (``PlayerView``) splits in three for sending. The **public** part (bids, trump,
the trick, scores, hand sizes, ...) is the same for every seat and for spectators, so it is
made and encoded once per move; the **private** part (the seat's hand, its discards and gift,
its legal moves, its partner where it knows it) is made per seat; the **hand results** are
sent once each (in the update of the move that finished the hand, and all of them in a
snapshot), so an update's size does not grow with the hands played.

Which field is which is said once, in ``PUBLIC`` and ``PRIVATE``; their JSON is the JSON
``pitchcore.view_to_json`` gives the same fields (tests/test_serving.py compares
them over random games of every bundled variant). Events travel through the cattrs converter
of ``view_to_json``, so a hand result in an event reads like one in a view.
"""

from __future__ import annotations

import enum
import functools
import json
import operator
import types
import typing
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..components.variant import Variant
from ..game.events import HandScored, MoveMade
from ..game.view import FIELD_PARTS, MASK_FIELDS, PLAIN_FIELDS, PlayerView, raw_parts
from ..interop.view_json import json_converter
from ..model.caches import Cache
from ..model.cards import CARDS, Card, card_list
from ..model.errors import IllegalMove
from ..model.moves import Move
from ..model.results import HandResult, Trick
from ..model.state import GameState

if TYPE_CHECKING:
    import cattrs

PUBLIC = ("players", "variant", "phase", "to_move", "dealer", "scores", "side_of", "hand_sizes", "bids", "bidder",
          "bid", "trump", "trick", "tricks", "trick_seats", "discard_counts", "stock_size", "winner", "winners",
          "call", "hand_size", "called", "upcards", "shown", "blind", "calls")
"""The fields of a seat's view that every seat and spectator may know alike."""
PRIVATE = ("seat", "hand", "discards", "gift", "legal_moves", "partner", "dealt")
"""The fields only that seat may know (its cards, its moves, what it knows of its partner)."""
SENT_ONCE = ("hand_results",)
"""Sent once each: in the update that finished the hand, and all of them in a snapshot."""

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""JSON text, compact (the server sends text as it is)."""


def _identity(value: Any) -> Any:
    return value


_CARD_TEXT = tuple(str(card) for card in CARDS)


def _card_text(card: Card) -> str:
    return _CARD_TEXT[card.index]


def _encoder(hint: Any) -> Callable[[Any], Any]:
    """How a view field of type ``hint`` is written as ``view_to_json`` writes it (cards and
    moves as text, a phase as its value, tuples as lists), worked out once per field from its
    type: this runs for every seat on every move, so without cattrs' dispatch per value."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if hint is Card:
        return _card_text
    if hint is Move:
        return str
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda value: value.value
    if origin is tuple and arguments[-1:] == (Ellipsis,):
        item = _encoder(arguments[0])
        if item is _identity:
            return list
        if item is _card_text:
            return lambda cards: [_CARD_TEXT[card.index] for card in cards]
        if item is str:
            return lambda values: list(map(str, values))
        return lambda values: [item(value) for value in values]
    if origin is tuple:
        items = tuple(_encoder(argument) for argument in arguments)
        if all(item is _identity for item in items):
            return list
        return lambda row: [write(value) for write, value in zip(items, row, strict=True)]
    if origin in (typing.Union, types.UnionType):
        kinds = [_encoder(argument) for argument in arguments if argument is not type(None)]
        if all(kind is _identity for kind in kinds):
            return _identity
        if len(kinds) == 1:
            only = kinds[0]
            return lambda value: None if value is None else only(value)
        raise TypeError(f"no JSON form for a view field of type {hint}")
    if hint in (int, str, bool, type(None)):
        return _identity
    raise TypeError(f"no JSON form for a view field of type {hint}")


_CARD_JSON = tuple(f'"{text}"' for text in _CARD_TEXT)


def _text_writer(hint: Any) -> Callable[[Any], str]:
    """Like ``_encoder``, but straight to JSON text (``json.dumps`` of what ``_encoder`` gives),
    for the parts sent on every move: cards and numbers need no escaping, and one call of the
    JSON encoder per field costs more than joining their texts."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if hint is Card:
        return lambda card: _CARD_JSON[card.index]
    if hint is Move:
        return _move_json
    if hint is int:
        return str
    if origin is tuple and arguments[-1:] == (Ellipsis,):
        if arguments[0] is Card:
            return lambda cards: "[" + ",".join([_CARD_JSON[card.index] for card in cards]) + "]"
        if arguments[0] == tuple[int, Card]:  # (the trick in progress: written on nearly every move)
            return lambda pairs: "[" + ",".join([f"[{seat},{_CARD_JSON[card.index]}]" for seat, card in pairs]) + "]"
        if arguments[0] == tuple[int, tuple[Card, ...], int]:  # (the completed tricks: leader, cards, taker)
            return lambda tricks: "[" + ",".join([
                f"[{leader},[{','.join([_CARD_JSON[card.index] for card in cards])}],{taker}]"
                for leader, cards, taker in tricks]) + "]"
        item = _text_writer(arguments[0])
        return lambda values: "[" + ",".join(map(item, values)) + "]"
    if origin is tuple:
        items = tuple(_text_writer(argument) for argument in arguments)
        return lambda row: "[" + ",".join([write(value) for write, value in zip(items, row, strict=True)]) + "]"
    if origin in (typing.Union, types.UnionType) and len(arguments) == 2 and type(None) in arguments:
        (only,) = (_text_writer(argument) for argument in arguments if argument is not type(None))
        return lambda value: "null" if value is None else only(value)
    if origin in (typing.Union, types.UnionType) and set(arguments) <= {int, str, type(None)}:
        return _scalar_json  # (a bid: a number, a top bid's name or None)
    encode = _encoder(hint)
    return lambda value: _dumps(encode(value))


def _scalar_json(value: int | str | None) -> str:
    if value is None:
        return "null"
    return str(value) if value.__class__ is int else _dumps(value)


def _mask_json(mask: int) -> str:
    """The cards of ``mask`` as a JSON list (``MASK_FIELDS``: as their field's cards are written)."""
    return "[" + ",".join([_CARD_JSON[card] for card in card_list(mask)]) + "]" if mask else "[]"


_MOVE_JSON: Cache[Move, str] = Cache(20_000)
"""Moves' JSON texts (bounded: a draw's discards can be many)."""


def _move_json(move: Move) -> str:
    """A move's JSON text, kept: the legal moves are written for a seat on every move, and
    most are the same few (bids, plays of the same cards)."""
    text = _MOVE_JSON.get(move)
    return _MOVE_JSON.put(move, _dumps(str(move))) if text is None else text


@functools.cache
def _text_writers(names: tuple[str, ...]) -> tuple[tuple[str, Callable[[Any], str]], ...]:
    hints = typing.get_type_hints(PlayerView, localns={"Variant": Variant})
    return tuple((f'"{name}":', _text_writer(hints[name])) for name in names)


@functools.cache
def _encoders(names: tuple[str, ...]) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    hints = typing.get_type_hints(PlayerView, localns={"Variant": Variant})
    return tuple((name, _encoder(hints[name])) for name in names)


def public_json(view: PlayerView) -> dict[str, Any]:
    """The public part of ``view`` (``PUBLIC``), as JSON data."""
    return {name: write(getattr(view, name)) for name, write in _encoders(PUBLIC)}


def private_json(view: PlayerView) -> dict[str, Any]:
    """The private part of ``view`` (``PRIVATE``), as JSON data: for that seat only."""
    return {name: write(getattr(view, name)) for name, write in _encoders(PRIVATE)}


_LAST_RESULT: tuple[HandResult | None, dict[str, Any]] = (None, {})
"""The hand result written last and its JSON data: the move that ends a hand writes it twice
(its ``HandScored`` event, and the update's ``hand_result``)."""


def hand_result_json(result: HandResult) -> dict[str, Any]:
    """A finished hand's result as a view gives it (its awards, tricks and deciding cards).
    The same result twice in a row gives the same dict: read it, do not change it."""
    global _LAST_RESULT
    last, data = _LAST_RESULT
    if last is not result:
        data = json_converter().unstructure(result, HandResult)
        _LAST_RESULT = (result, data)
    return data


@functools.cache
def _event_converter() -> cattrs.Converter:
    converter = json_converter().copy()
    converter.register_unstructure_hook(Trick, lambda trick: {
        "leader": trick.leader, "cards": [str(card) for card in trick.cards], "seats": list(trick.seats),
        "taker": trick.taker})
    converter.register_unstructure_hook(HandResult, hand_result_json)
    return converter


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """An event class's fields, each with how it is written: plain types as a view's fields
    are (``_encoder``), the others (a trick, a hand result) through the cattrs converter."""
    converter = _event_converter()
    hints = typing.get_type_hints(cls)
    fields = []
    for field in attrs.fields(cls):
        hint = hints[field.name]
        try:
            write = _encoder(hint)
        except TypeError:
            write = functools.partial(converter.unstructure, unstructure_as=hint)
        fields.append((field.name, write))
    return tuple(fields)


def event_json(event: Any) -> dict[str, Any]:
    """One event as JSON data: its class name (``type``), its ``describe()`` text and its fields.

    Give it the event as the seat may see it (``event.seen_by(seat)``): another seat's discards
    are then a ``CardsDiscarded`` count."""
    cls: type = type(event)
    fields = {name: write(getattr(event, name)) for name, write in _fields(cls)}
    return {"type": cls.__name__, "text": event.describe(), "fields": fields}


def error_json(error: IllegalMove) -> dict[str, Any]:
    """A refused move as the error message sent back to the seat that tried it."""
    phase = error.phase.value if isinstance(error.phase, enum.Enum) else error.phase
    move = None if error.move is None else str(error.move)[:200]
    return {"type": "error", "reason": error.reason, "message": str(error), "move": move, "seat": error.seat,
            "phase": phase}


def problem_json(reason: str, message: str) -> dict[str, Any]:
    """An error message that is no illegal move: a message that is no move, a bad credential."""
    return {"type": "error", "reason": reason, "message": message, "move": None, "seat": None, "phase": None}


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text sent."""
    text: str = _dumps(message)
    return text


class Update:
    """What one accepted move sends: for each seat and for spectators, as JSON text.

    The public part and each distinct event are encoded once; a seat's text is built the first
    time it is asked for (``to(seat)``) and kept, so a server asks only for the seats it has
    connections at. The table's ``Parts`` keeps what it encoded last, so only what changed is
    encoded again."""

    __slots__ = ("_alike", "_deadline", "_encoded", "_events", "_hand_result", "_number", "_parts", "_public",
                 "_public_events", "_state", "_texts", "deadline")

    def __init__(self, number: int, events: Sequence[Any], state: GameState, parts: Parts,
                 deadline: dict[str, Any] | None) -> None:
        self._number, self._events, self._state, self.deadline = number, tuple(events), state, deadline
        self._parts = parts
        self._texts: dict[int | None, str] = {}
        self._encoded: dict[int, str] = {}
        """Each event encoded, by the id of the event object (kept alive by ``_events``)."""
        self._alike: str | None = None
        """The events' text for every seat that sees each of them as it is."""
        self._public_events: bool | None = None
        """Whether a spectator sees every event as it is (then every seat does: none knows
        less than a spectator), worked out when first asked."""
        self._deadline = "null" if deadline is None else _dumps(deadline)
        self._public = parts.public(state)
        result = next((event.result for event in self._events if isinstance(event, HandScored)), None)
        self._hand_result = "null" if result is None else _dumps(hand_result_json(result))

    @property
    def move_number(self) -> int:
        return self._number

    def to(self, seat: int | None) -> str:
        """The update for ``seat`` (None: a spectator) as JSON text."""
        text = self._texts.get(seat)
        if text is None:
            text = self._texts[seat] = self._build(seat)
        return text

    def _build(self, seat: int | None) -> str:
        events = self._events_text(seat)
        private = "null" if seat is None else self._parts.private(self._state, seat)
        return (f'{{"type":"update","move_number":{self._number},"events":{events},"public":{self._public},'
                f'"private":{private},"hand_result":{self._hand_result},"deadline":{self._deadline}}}')

    def _events_text(self, seat: int | None) -> str:
        """The events as ``seat`` sees them (a spectator: as a seat that made none of the
        moves), as a JSON list. Most moves' events look the same to every seat: that list is
        made once; each event is encoded once."""
        events = self._events
        if self._public_events is None:
            self._public_events = all(event.seen_by(-1) is event for event in events)
        seen = events if self._public_events else [event.seen_by(-1 if seat is None else seat) for event in events]
        if seen is events or all(map(operator.is_, seen, events)):
            if self._alike is None:
                self._alike = "[" + ",".join([self._event_text(event) for event in events]) + "]"
            return self._alike
        return "[" + ",".join([self._event_text(event) for event in seen]) + "]"

    def _event_text(self, event: Any) -> str:
        text = self._encoded.get(id(event))
        if text is None:
            text = _move_made_json(event) if type(event) is MoveMade else _dumps(event_json(event))
            if any(event is mine for mine in self._events):  # (the id of one made for a seat may be reused)
                self._encoded[id(event)] = text
        return text


_MOVE_MADE_JSON: Cache[MoveMade, str] = Cache(20_000)
"""Move events' JSON texts (bounded as ``_MOVE_JSON``)."""


def _move_made_json(event: MoveMade) -> str:
    """A move's event as JSON text, kept: the same few (a seat playing a card, a bid) recur in
    every game."""
    text = _MOVE_MADE_JSON.get(event)
    return _MOVE_MADE_JSON.put(event, _dumps(event_json(event))) if text is None else text


_UNSET = object()
"""A field not encoded yet (no part is this object)."""


class _Fields:
    """One part's fields as last encoded. A field is encoded again only when what its value
    is worked out from changed (``view.FIELD_PARTS``: the parts compared, equal or the very
    objects): the trick in progress, the completed tricks and the cards of a hand are then
    not even made for a view whose parts say they are as before."""

    __slots__ = ("_from_parts", "_getters", "_names", "_sources", "_texts", "_writers")

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._writers = _text_writers(names)
        """Per field, its key and how its value is written."""
        self._getters = tuple(operator.itemgetter(*FIELD_PARTS[name]) for name in names)
        """Per field, its parts out of ``raw_parts`` (one, or a tuple of several) in one call."""
        self._from_parts = tuple(write if name in PLAIN_FIELDS else _mask_json if name in MASK_FIELDS else None
                                 for name, (_, write) in zip(names, self._writers, strict=True))
        """Per field, how it is written from its part (its value, or the mask of its cards),
        so that the view sets no slot; None: from the view's value."""
        self._sources: list[Any] = [_UNSET] * len(names)
        self._texts: list[str] = [""] * len(names)

    def text(self, view: PlayerView) -> str:
        parts = raw_parts(view)
        if parts is None:  # (a view built from values: nothing to compare, all encoded)
            self._sources = [_UNSET] * len(self._names)
            return "{" + ",".join([key + write(getattr(view, name))
                                   for name, (key, write) in zip(self._names, self._writers, strict=True)]) + "}"
        sources, texts = self._sources, self._texts
        for index, get in enumerate(self._getters):
            source = get(parts)
            known = sources[index]
            if source is not known and (type(source) is not type(known) or source != known):
                sources[index] = source
                key, write = self._writers[index]
                from_part = self._from_parts[index]
                texts[index] = key + (write(getattr(view, self._names[index])) if from_part is None
                                      else from_part(source))
        return "{" + ",".join(texts) + "}"


class Parts:
    """A table's public part and each seat's private part, as last encoded.

    A seat's private fields (``PRIVATE``) follow from its cards, the hand's settled facts
    (``state.info``: bids, discards, gift, the called card), whether it is to move (its legal
    moves) and, where a partner is called, the tricks played (the partner becomes known when
    the called card is): while those are the same objects, its text is too, and no view of
    that seat is made."""

    __slots__ = ("_last", "_private", "_public", "_view", "_viewed")

    def __init__(self) -> None:
        self._public = _Fields(PUBLIC)
        self._private: dict[int, _Fields] = {}
        self._last: dict[int, tuple[tuple[Any, ...], str]] = {}
        self._view: PlayerView | None = None
        """The view the public part was last read from: the seat to move's, whose private part
        is always encoded again (its legal moves), so one view serves both."""
        self._viewed: GameState | None = None
        """The state of ``_view``."""

    def public(self, state: GameState) -> str:
        """The public part of ``state``, as JSON text."""
        self._view = view = state.view(state.to_move or 0)
        self._viewed = state
        return self._public.text(view)

    def private(self, state: GameState, seat: int) -> str:
        """``seat``'s private part of ``state``, as JSON text."""
        info = state.info
        key = (state.masks[seat], info, state if state.to_move == seat else None,
               (state.trick_cards, state.done_tricks) if info.called is not None else None)
        last = self._last.get(seat)
        if last is not None and _same(last[0], key):
            return last[1]
        fields = self._private.get(seat)
        if fields is None:
            fields = self._private[seat] = _Fields(PRIVATE)
        view = self._view
        if view is None or self._viewed is not state or view.seat != seat:
            view = state.view(seat)
        text = fields.text(view)
        self._last[seat] = (key, text)
        return text


def _same(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    for a, b in zip(old, new, strict=True):  # noqa: SIM110 (asked for every seat on every move: no generator)
        if a is not b and not (type(a) is int and a == b):
            return False
    return True
