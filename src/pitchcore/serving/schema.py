"""The JSON Schema of every message a table sends, built from the view's schema.

The public and private parts are a view's fields, so their schemas are the view schema's
own (``pitchcore.view_schema()``), picked by ``PUBLIC`` and ``PRIVATE``: a field described
once, in one place. ``docs/messages.schema.json`` is this schema as a file (a test keeps the
two equal).
"""

from __future__ import annotations

import copy
from typing import Any

from ..interop.view_json import view_schema
from .messages import PRIVATE, PUBLIC

_NULLABLE_SEAT = {"anyOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}]}
_SIDES = {"type": "array", "items": {"$ref": "#/$defs/side"}}
_SCORES = {"type": "array", "items": {"type": "integer"}}


def _object(properties: dict[str, Any], description: str, required: list[str] | None = None) -> dict[str, Any]:
    return {"description": description, "type": "object", "additionalProperties": False,
            "required": list(properties) if required is None else required, "properties": properties}


def _event(name: str, description: str, fields: dict[str, Any]) -> dict[str, Any]:
    return _object({"type": {"const": name}, "text": {"type": "string", "description": "The event in English "
                    "(its describe())."}, "fields": _object(fields, "The event's fields.")}, description)


_EVENTS = [
    _event("MoveMade", "A seat made a move.", {"seat": {"$ref": "#/$defs/seat"}, "move": {"$ref": "#/$defs/move"},
                                               "phase": {"$ref": "#/$defs/phase"}}),
    _event("CardsDiscarded", "Another seat discarded this many cards, face down.",
           {"seat": {"$ref": "#/$defs/seat"}, "count": {"type": "integer", "minimum": 0}}),
    _event("AuctionWon", "The auction ended with a winning bid.",
           {"bidder": {"$ref": "#/$defs/seat"}, "bid": {"$ref": "#/$defs/bid"}}),
    _event("TrumpSet", "Trump became known.", {"suit": {"$ref": "#/$defs/suit"}, "seat": _NULLABLE_SEAT}),
    _event("TrickWon", "A trick was completed and taken.", {"trick": _object({
        "leader": {"$ref": "#/$defs/seat"}, "cards": {"$ref": "#/$defs/cards"},
        "seats": {"type": "array", "items": {"$ref": "#/$defs/seat"}}, "taker": {"$ref": "#/$defs/seat"}},
        "The trick: its leader, cards in play order, the seat of each card, the seat that took it.")}),
    _event("HandScored", "A hand ended and was scored.", {"result": {"$ref": "#/$defs/hand_result"},
                                                          "scores": _SCORES}),
    _event("NewDeal", "A new hand was dealt.", {"dealer": {"$ref": "#/$defs/seat"},
                                                "deal_number": {"type": "integer", "minimum": 0},
                                                "thrown_in": {"type": "boolean"}}),
    _event("GameOver", "The game ended.", {"winner": {"anyOf": [{"$ref": "#/$defs/side"}, {"type": "null"}]},
                                           "scores": _SCORES, "winners": _SIDES}),
    _event("Forfeited", "A person's turn ran out at a table that forfeits: their side lost.",
           {"seat": {"$ref": "#/$defs/seat"}, "side": {"$ref": "#/$defs/side"}}),
]

_SUMMARY = _object({
    "id": {"type": "string"}, "variant": {"type": "string"}, "description": {"type": "string"},
    "players": {"type": "integer", "minimum": 1},
    "seats": {"type": "array", "items": _object({
        "seat": {"$ref": "#/$defs/seat"},
        "kind": {"type": "string", "description": "\"human\" or the bot's name."},
        "name": {"type": ["string", "null"], "description": "The name the person gave (null: nobody yet)."},
        "taken": {"type": "boolean", "description": "A person holds the seat's credential."},
        "connected": {"type": "boolean", "description": "A connection is open at the seat now."}}, "One seat.")},
    "started": {"type": "boolean"}, "phase": {"$ref": "#/$defs/phase"},
    "move_number": {"type": "integer", "minimum": 0}, "hands": {"type": "integer", "minimum": 0},
    "scores": _SCORES, "over": {"type": "boolean"}, "winners": _SIDES,
    "forfeited_by": _NULLABLE_SEAT, "deadline": {"$ref": "#/$defs/deadline"}},
    "A table as the lobby shows it: public facts only, no card and no seed.")

_DEADLINE = {"description": "The seat to move against the clock and the seconds it has left (null: no clock "
             "running).", "anyOf": [{"type": "null"}, _object({"seat": {"$ref": "#/$defs/seat"},
                                                                "seconds": {"type": "number", "minimum": 0}},
                                                               "The clock.")]}


def message_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every message the table layer and ``pitchcore serve``
    send: snapshot, update, table, error, pong. A fresh copy each call."""
    view = view_schema()
    fields = view["properties"]
    defs = copy.deepcopy(view["$defs"])
    defs["phase"] = fields["phase"]
    defs["public"] = _object({name: fields[name] for name in PUBLIC},
                             "What every seat and spectator may know alike: these fields of a seat's view.")
    defs["private"] = _object({name: fields[name] for name in PRIVATE}, "What only this seat may know: "
                              "these fields of its view. Null for a spectator.")
    defs["event"] = {"description": "One event, as this seat may see it.", "oneOf": _EVENTS}
    defs["summary"] = _SUMMARY
    defs["deadline"] = _DEADLINE
    private = {"anyOf": [{"$ref": "#/$defs/private"}, {"type": "null"}]}
    messages = [
        _object({"type": {"const": "snapshot"}, "table": {"$ref": "#/$defs/summary"}, "seat": _NULLABLE_SEAT,
                 "move_number": {"type": "integer", "minimum": 0}, "public": {"$ref": "#/$defs/public"},
                 "private": private, "hand_results": {"type": "array", "items": {"$ref": "#/$defs/hand_result"}},
                 "deadline": {"$ref": "#/$defs/deadline"}},
                "Everything this seat (null: a spectator) may know: sent on connecting and reconnecting."),
        _object({"type": {"const": "update"}, "move_number": {"type": "integer", "minimum": 0},
                 "events": {"type": "array", "items": {"$ref": "#/$defs/event"}},
                 "public": {"$ref": "#/$defs/public"}, "private": private,
                 "hand_result": {"anyOf": [{"$ref": "#/$defs/hand_result"}, {"type": "null"}]},
                 "deadline": {"$ref": "#/$defs/deadline"}},
                "After every accepted move: its events, the public part and this seat's private part."),
        _object({"type": {"const": "table"}, "table": {"$ref": "#/$defs/summary"}},
                "A seat was joined, left, connected or disconnected."),
        _object({"type": {"const": "error"}, "reason": {"type": "string"}, "message": {"type": "string"},
                 "move": {"type": ["string", "null"]}, "seat": {"type": ["integer", "null"]},
                 "phase": {"type": ["string", "null"]}},
                "Something this connection sent was refused; nothing changed."),
        _object({"type": {"const": "pong"}}, "The answer to a ping."),
    ]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "pitchcore table messages",
            "description": "Every message a pitchcore table sends a seat or a spectator (pitchcore.serving).",
            "oneOf": messages, "$defs": defs}
