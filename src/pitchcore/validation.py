"""Checking resolved variant data against the registry and building the ``Variant``."""

from __future__ import annotations

import difflib
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from .components import SLOT_ORDER
from .contradictions import _conflicts
from .errors import VariantError
from .problems import _homes, _Problems, _show, _suggest
from .registry import KINDS, SLOTS
from .switches import SWITCHES
from .variant import Variant
from .yaml_lines import Path_, Where

TOP_KEYS = ("name", "description", "source", "extends")

def build_variant(data: Mapping[str, Any], lines: Mapping[Path_, Where] | None = None,
                  filename: str = "<mapping>") -> Variant:
    """Validate resolved variant data and build the ``Variant``; raise every problem at once."""
    return _build(data, lines or {}, filename, [])


def _build(data: Mapping[str, Any], lines: Mapping[Path_, Where], filename: str,
           earlier: list[str]) -> Variant:
    problems = _Problems(lines, filename)
    problems.found.extend(earlier)
    for key in data:
        if key not in TOP_KEYS and key not in SLOTS:
            homes = _homes(str(key))
            where = f"; {key} belongs under {' or '.join(homes)}:" if homes else ""
            problems.add((str(key),), f"unknown key{where}; "
                         f"{_suggest(str(key), TOP_KEYS + SLOT_ORDER + tuple(SWITCHES), 'valid keys')}")
    values: dict[str, Any] = {}
    for key in ("name", "description", "source"):
        value = data.get(key, "")
        if not isinstance(value, str):
            problems.add((key,), f"expected text, got {_show(value)} (put it in quotes)")
            value = str(value)
        values[key] = value
    if not values["name"]:
        values["name"] = Path(filename).stem if filename[:1] != "<" else "unnamed"
    for slot_name in SLOT_ORDER:
        slot = SLOTS[slot_name]
        raw = data.get(slot_name)
        if raw is None:
            if slot.default is None:
                problems.add((slot_name,), f"missing: a variant that extends nothing must list "
                             f"its {slot_name} ({slot.description[:1].lower()}"
                             f"{slot.description[1:].rstrip('.')}), e.g. {slot_name}: "
                             f"[{{kind: high}}, {{kind: game}}]; kinds: {', '.join(KINDS[slot_name])}")
                continue
            raw = {"kind": slot.default}
        if slot.many:
            if not isinstance(raw, list) or not raw:
                problems.add((slot_name,), "expected a list of one or more components, e.g. "
                             f"[{{kind: high}}, {{kind: game}}], got {_show(raw)}; "
                             f"kinds: {', '.join(KINDS[slot_name])}")
                continue
            items = [_component(slot_name, item, (slot_name, index), problems)
                     for index, item in enumerate(raw)]
            values[slot_name] = tuple(items)
        else:
            values[slot_name] = _component(slot_name, raw, (slot_name,), problems)
    if not problems.found:
        variant = Variant(**values)
        for path, message, related in _conflicts(variant):
            problems.add(path, message, related)
        if not problems.found:
            return variant
    raise VariantError(problems.found)


def _component(slot_name: str, raw: Any, path: Path_, problems: _Problems) -> Any:
    kinds = KINDS[slot_name]
    if isinstance(raw, str):
        raw = {"kind": raw}
    if not isinstance(raw, dict):
        problems.add(path, f"expected a kind name or a mapping with a kind "
                     f"({', '.join(kinds)}), got {_show(raw)}")
        return None
    kind = raw.get("kind", SLOTS[slot_name].default)
    if kind is None:
        problems.add(path, f"missing kind; {_suggest('', kinds, 'kinds')}")
        return None
    if not isinstance(kind, str) or kind not in kinds:
        problems.add((*path, "kind"), f"unknown kind {_show(kind)}; "
                     f"{_suggest(str(kind), kinds, 'kinds')}")
        return None
    cls = kinds[kind]
    hints = typing.get_type_hints(cls)
    fields = {attribute.name: attribute for attribute in attrs.fields(cls)}
    arguments: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "kind":
            continue
        if key not in fields:
            valid = list(fields) or ["(none: this kind takes no fields)"]
            homes = _homes(str(key), slot_name, kind)
            elsewhere = f"; {key} is a field of {' and '.join(homes)}" if homes else ""
            problems.add((*path, str(key)), f"unknown field for {slot_name} kind {kind!r}"
                         f"{elsewhere}; {_suggest(str(key), valid, 'fields')}")
            continue
        message = _check(value, hints[key], fields[key].metadata)
        if message:
            problems.add((*path, key), message)
        else:
            arguments[key] = value
    try:
        return cls(**arguments)
    except (TypeError, ValueError) as error:
        problems.add(path, str(error))
        return None


def _check(value: Any, hint: Any, metadata: Mapping[str, Any]) -> str | None:
    """Why ``value`` does not fit the field, or None when it does."""
    choices = metadata.get("choices")
    minimum = metadata.get("minimum")
    args = typing.get_args(hint)
    got = _show(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        got += " (text, because of the quotes: write the number without them)"
    elif (isinstance(value, int) and not isinstance(value, bool) and choices
          and str(value) in choices and int not in typing.get_args(hint)):
        got += f' (a number: this choice is text, so quote it: "{value}")'
    if hint is bool:
        return None if isinstance(value, bool) else f"expected true or false, got {got}"
    if hint is int:
        least = f" of at least {minimum}" if minimum is not None else ""
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number{least}, got {got}"
        if minimum is not None and value < minimum:
            return f"expected a whole number{least}, got {value}"
        return None
    if typing.get_origin(hint) is tuple:
        options = f" of {', '.join(choices)}" if choices else ""
        if not isinstance(value, list):
            example = f" (e.g. [{choices[0]}])" if choices else ""
            return f"expected a list{options}{example}, got {got}"
        for item in value:
            if not isinstance(item, str) or (choices and item not in choices):
                return f"unknown entry {_show(item)}; {_suggest(str(item), choices or [])}"
        return None
    allows_none = type(None) in args
    allows_int = int in args
    number = " or a whole number" if allows_int else ""
    if value is None:
        return None if allows_none else f"expected a value{number}, got nothing (null)"
    if allows_int and isinstance(value, int) and not isinstance(value, bool):
        return None
    if choices and (not isinstance(value, str) or value not in choices):
        return f"expected one of {', '.join(choices)}{number}, got {got}" + (
            f"; {_suggest(value, choices)}" if isinstance(value, str)
            and difflib.get_close_matches(value, choices, n=1) else "")
    if not isinstance(value, str):
        return f"expected {'a whole number or ' if allows_int else ''}text, got {got}"
    return None
