"""A JSON Schema (draft 2020-12) of the variant file format, generated from the component registry.

Editors use it to complete and check variant files as they are typed. It describes the shapes
the loader accepts and no fewer: every file ``load_variant`` reads passes it. Rules that
connect several slots (``pitchcore check`` reports those) are beyond a schema, so a file can
pass it and still be refused. Regenerate ``docs/variant.schema.json`` with
``python -m pitchcore.schema`` (or ``python -m pitchcore.docs``, which writes every generated doc).
"""

from __future__ import annotations

import json
import sys
import typing
from collections.abc import Sequence
from typing import Any

import attrs

from ..components import SLOT_ORDER
from ..components.registry import KINDS, LONGEST_TEXT, MOST_ENTRIES, SLOTS, Slot, bundled_kinds, describe
from .generated import DOCS_DIR, regenerate
from .switches import SWITCHES
from .validation import TOP_KEYS

Schema = dict[str, Any]
Kinds = typing.Mapping[str, type[Any]]
"""A slot's kinds by name, as the schema describes them."""

TOP_KEY_DOCS = {
    "name": "The variant's name (a file that extends another and gives none is named after the file).",
    "description": "One line saying what the variant is.",
    "source": "Where the rules come from.",
    "extends": "A bundled variant name, or a path relative to this file, whose rules this file changes.",
}


def settable_fields(cls: type[Any]) -> list[attrs.Attribute[Any]]:
    """The fields a variant file may set: those the component's constructor takes."""
    return [attribute for attribute in attrs.fields(cls) if attribute.init]


def value_schema(hint: Any, metadata: typing.Mapping[str, Any]) -> Schema:
    """The values a field takes, mirroring ``validation._check`` so the two never disagree."""
    choices = metadata.get("choices")
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return integer_schema(metadata)
    if typing.get_origin(hint) is tuple:
        return {"type": "array", "maxItems": MOST_ENTRIES,
                "items": {"enum": list(choices)} if choices else {"type": "string"}}
    args = typing.get_args(hint) or (hint,)
    options: list[Schema] = []
    if type(None) in args:
        options.append({"type": "null"})
    if int in args:
        options.append(integer_schema(metadata))
    if str in args:
        options.append({"enum": list(choices)} if choices else {"type": "string"})
    return options[0] if len(options) == 1 else {"anyOf": options}


def integer_schema(metadata: typing.Mapping[str, Any]) -> Schema:
    """A whole number in the field's range (every number field has one)."""
    bounds = {key: metadata[key] for key in ("minimum", "maximum") if metadata.get(key) is not None}
    return {"type": "integer"} | bounds


def plain(value: Any) -> Any:
    """A default as YAML and JSON write it (tuples become lists)."""
    return [plain(item) for item in value] if isinstance(value, tuple | list) else value


def field_schema(cls: type[Any], attribute: attrs.Attribute[Any]) -> Schema:
    """A field's values with its doc and default, which editors show while a file is typed."""
    schema = value_schema(typing.get_type_hints(cls)[attribute.name], attribute.metadata)
    if attribute.metadata.get("doc"):
        schema["description"] = attribute.metadata["doc"]
    default = attribute.default
    if default is not attrs.NOTHING and not isinstance(default, attrs.Factory):  # type: ignore[arg-type]  # a class
        schema["default"] = plain(default)
    return schema


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _kind_defs(slot: Slot, kinds: Kinds) -> dict[str, Schema]:
    """One object per kind: ``kind`` and that kind's fields, nothing else."""
    defs: dict[str, Schema] = {}
    for kind, cls in kinds.items():
        properties: Schema = {"kind": {"const": kind}}
        properties.update({attribute.name: field_schema(cls, attribute) for attribute in settable_fields(cls)})
        defs[f"{slot.name}.{kind}"] = {"title": f"{slot.name}: {kind}", "description": describe(cls),
                                       "type": "object", "properties": properties,
                                       "additionalProperties": False}
    return defs


def _component_def(slot: Slot, kinds: Kinds) -> Schema:
    """A component mapping: its fields are checked against the kind it names.

    Without ``kind``, a single slot keeps the kind it has (its default, or what the parent
    file chose), so the fields must all belong to one kind of the slot. A list item is never
    merged with a parent's, so it takes the slot's default kind, or must name one.
    """
    schema: Schema = {"type": "object", "properties": {"kind": {"enum": list(kinds)}}}
    branches: list[Schema] = [{"if": {"required": ["kind"], "properties": {"kind": {"const": kind}}},
                               "then": _ref(f"{slot.name}.{kind}")} for kind in kinds]
    if slot.many and slot.default is None:
        schema["required"] = ["kind"]
    else:
        kindless = [_ref(f"{slot.name}.{slot.default}")] if slot.many else [_ref(f"{slot.name}.{kind}")
                                                                             for kind in kinds]
        branches.append({"if": {"not": {"required": ["kind"]}}, "then": {"anyOf": kindless}})
    schema["allOf"] = branches
    return schema


def _name_or_mapping(slot: Slot, kinds: Kinds) -> Schema:
    """A kind name alone, or a component mapping: checked by type so errors point at the value."""
    return {"type": ["string", "object"], "allOf": [
        {"if": {"type": "string"}, "then": {"enum": list(kinds)}},
        {"if": {"type": "object"}, "then": _ref(f"{slot.name}.component")},
    ]}


def _slot_def(slot: Slot, kinds: Kinds) -> Schema:
    """A slot: a kind name alone, a component mapping, or (with a default) nothing at all."""
    if slot.many:
        return {"description": slot.description, "type": "array", "minItems": 1, "maxItems": MOST_ENTRIES,
                "items": _name_or_mapping(slot, kinds)}
    schema: Schema = {"description": slot.description} | _name_or_mapping(slot, kinds)
    if slot.default is not None:
        schema["type"] = ["null", *schema["type"]]
        schema["default"] = slot.default
    return schema


def _standalone() -> Schema:
    """What a file that extends nothing must add: the slots without a default, and kind-less
    mappings read as the slot's default kind."""
    required = [name for name in SLOT_ORDER if SLOTS[name].many or SLOTS[name].default is None]
    properties: Schema = {}
    for name in SLOT_ORDER:
        slot = SLOTS[name]
        if slot.many:
            continue
        kindless = {"type": "object", "not": {"required": ["kind"]}}
        then = _ref(f"{name}.{slot.default}") if slot.default is not None else False
        properties[name] = {"if": kindless, "then": then}
    return {"required": required, "properties": properties}


def variant_schema(*, plugins: bool = True) -> Schema:
    """The JSON Schema of a variant file, built from ``SLOTS`` and ``KINDS``: with the kinds of
    the plugins loaded so far (``pitchcore schema`` loads them all first), or with
    ``plugins=False`` the bundled kinds only (``docs/variant.schema.json``)."""
    properties: Schema = {key: {"type": "string", "description": TOP_KEY_DOCS.get(key, "")} for key in TOP_KEYS}
    for key, longest in LONGEST_TEXT.items():
        properties[key]["maxLength"] = longest
    properties["extends"]["type"] = ["string", "null"]  # null: extends nothing
    for switch, doc in SWITCHES.items():
        properties[switch] = {"type": "boolean", "description": f"Switch: {doc}"}
    defs: Schema = {}
    for name in SLOT_ORDER:
        slot = SLOTS[name]
        kinds = KINDS[name] if plugins else bundled_kinds(name)
        properties[name] = _ref(name)
        defs[name] = _slot_def(slot, kinds)
        defs[f"{name}.component"] = _component_def(slot, kinds)
        defs.update(_kind_defs(slot, kinds))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pitchcore variant file",
        "description": "A rule variant of Pitch: top keys, then one component per slot. Generated by "
                       "python -m pitchcore.schema; pitchcore check also checks rules that span slots.",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "if": {"required": ["extends"], "properties": {"extends": {"type": "string"}}},
        "else": _standalone(),
        "$defs": defs,
    }


def schema_json(*, plugins: bool = False) -> str:
    """The schema as written to ``docs/variant.schema.json`` (bundled kinds only, unless
    ``plugins``): stable key order, one final newline."""
    return json.dumps(variant_schema(plugins=plugins), indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or ``--check``) ``docs/variant.schema.json`` only."""
    return regenerate({"variant.schema.json": schema_json}, DOCS_DIR, argv, "python -m pitchcore.schema")


if __name__ == "__main__":
    sys.exit(main())
