"""A seat's view as plain JSON data, for sending to the player at that seat.

Built on cattrs from the ``PlayerView`` class itself, so a new field travels without a line
here. Cards and moves travel as their text (``"AH"``, ``"bid 3"``), a phase as its value
(``"bidding"``), tuples as lists, a hand result's awards as ``[name, side]`` pairs; the
rules (``PlayerView.rules``) stay behind: a client knows the variant by its name. The JSON
holds what the view holds and nothing more, so it is safe to send to that seat.

``view_schema`` gives the JSON Schema of that data, every field described (the package's
``view.schema.json``, the same file as ``docs/view.schema.json``).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from .cards import Card
from .errors import ViewDataError
from .moves import Move, parse_move
from .results import Awards, Decision, HandResult, PlayRecord, Trick
from .view import PlayerView

if TYPE_CHECKING:
    import cattrs


@functools.cache
def _converter() -> cattrs.Converter:
    import cattrs
    from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

    from .variant import Variant

    attrs.resolve_types(PlayerView, localns={"Variant": Variant})  # (view.py names it for type checks only)
    converter = cattrs.Converter()
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Card, lambda text, _: Card(text))
    converter.register_unstructure_hook(Move, str)
    converter.register_structure_hook(Move, lambda text, _: parse_move(text))
    converter.register_unstructure_hook(Awards, lambda awards: [[name, side] for name, side in awards.items()])
    converter.register_structure_hook(Awards, lambda pairs, _: Awards(tuple((name, side) for name, side in pairs)))
    for union in (int | str | None, bool | None, int | None, str | None):
        converter.register_structure_hook(union, lambda data, _: data)
    _hand_results(converter)
    converter.register_unstructure_hook(
        PlayerView, make_dict_unstructure_fn(PlayerView, converter, rules=override(omit=True)))
    converter.register_structure_hook(
        PlayerView, make_dict_structure_fn(PlayerView, converter, rules=override(omit=True),
                                           _cattrs_forbid_extra_keys=True))
    return converter


def _hand_results(converter: cattrs.Converter) -> None:
    """A hand result travels as its summary fields plus its ``tricks`` and ``decided_by``
    (what the record behind them shows), and comes back with them."""
    from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

    summary = make_dict_unstructure_fn(HandResult, converter, record=override(omit=True))
    read_summary = make_dict_structure_fn(HandResult, converter, record=override(omit=True),
                                          _cattrs_forbid_extra_keys=True)

    converter.register_unstructure_hook(Trick, lambda trick: {
        "leader": trick.leader, "cards": [str(card) for card in trick.cards], "seats": list(trick.seats),
        "taker": trick.taker})

    def trick(data: Any, _: object) -> Trick:
        if not isinstance(data, dict) or set(data) != {"leader", "cards", "seats", "taker"}:
            raise ValueError("a trick is an object of leader, cards, seats and taker")
        seats = converter.structure(data["seats"], tuple[int, ...])
        cards = converter.structure(data["cards"], tuple[Card, ...])
        return Trick(converter.structure(data["leader"], int), cards, converter.structure(data["taker"], int), seats)

    converter.register_structure_hook(Trick, trick)

    def unstructure(result: HandResult) -> dict[str, Any]:
        data: dict[str, Any] = summary(result)
        data["tricks"] = converter.unstructure(result.tricks, tuple[Trick, ...])
        data["decided_by"] = converter.unstructure(dict(result.decided_by), dict[str, Decision | None])
        return data

    def structure(data: Any, _: object) -> HandResult:
        if not isinstance(data, dict) or "tricks" not in data or "decided_by" not in data:
            raise ValueError("a hand result has its summary, tricks and decided_by")
        data = dict(data)
        tricks = converter.structure(data.pop("tricks"), tuple[Trick, ...])
        decided = converter.structure(data.pop("decided_by"), dict[str, Decision | None])
        result: HandResult = read_summary(data, HandResult)
        seats = 1 + max((seat for trick in tricks for seat in (trick.leader, trick.taker, *trick.seats)), default=0)
        shown = [0] * max(seats, len(result.delta))
        for trick in tricks:
            if len(trick.seats) != len(trick.cards):
                raise ValueError("a trick names the seat of each of its cards")
            for seat, card in trick.plays:
                shown[seat] |= 1 << card.index
        raw = tuple((trick.leader, tuple(card.index for card in trick.cards), trick.taker) for trick in tricks)
        record = PlayRecord(raw, tuple(shown), decided=tuple(decided.items())) if tricks else None
        return attrs.evolve(result, record=record)

    converter.register_unstructure_hook(HandResult, unstructure)
    converter.register_structure_hook(HandResult, structure)


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """``view`` as plain data for ``json.dumps``: what the seat may know, nothing more."""
    data: dict[str, Any] = _converter().unstructure(view)
    return data


def view_from_json(data: Any) -> PlayerView:
    """The ``PlayerView`` that ``view_to_json`` gave ``data`` for (without its ``rules``);
    anything else raises ``ViewDataError``."""
    import cattrs

    try:
        view: PlayerView = _converter().structure(data, PlayerView)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as error:
        messages = cattrs.transform_error(error) if isinstance(error, cattrs.BaseValidationError) else [str(error)]
        raise ViewDataError(f"not a pitchcore view: {'; '.join(messages)[:500]}") from None
    return view


def view_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of what ``view_to_json`` gives: every field, its type
    and meaning. A fresh copy each call, read from the ``view.schema.json`` shipped with the
    package; validate with any JSON Schema library (``jsonschema.validate(data, view_schema())``)."""
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema


@functools.cache
def _schema_text() -> str:
    return resources.files("pitchcore").joinpath("view.schema.json").read_text(encoding="utf-8")
