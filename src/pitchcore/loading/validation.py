"""Checking resolved variant data against the registry and building the ``Variant``."""

from __future__ import annotations

import difflib
import functools
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from ..components import SLOT_ORDER
from ..components.registry import KINDS, LONGEST_TEXT, MOST_ENTRIES, SLOTS
from ..components.variant import Variant
from ..model.errors import VariantError
from ..model.text import printable
from .contradictions import _conflicts
from .plugins import failures, load_plugins
from .problems import _hint, _homes, _Problems, _show, _suggest, _unquoted
from .switches import SWITCHES
from .yaml_lines import Path_, Where, missing_colon, placeholder

TOP_KEYS = ("name", "description", "source", "extends")

def _unknown_top_key(key: str) -> str:
    homes = _homes(key)
    where = f"; {key} belongs under {' or '.join(homes)}:" if homes else ""
    return f"unknown key{where}; {_suggest(key, TOP_KEYS + SLOT_ORDER + tuple(SWITCHES), 'valid keys')}"


def _unknown_field(key: str, slot_name: str, kind: str, fields: list[str]) -> str:
    homes = _homes(key, slot_name, kind)
    elsewhere = f"; {key} is a field of {' and '.join(homes)}" if homes else ""
    valid = fields or ["(none: this kind takes no fields)"]
    return f"unknown field for {slot_name} kind {kind!r}{elsewhere}; {_suggest(key, valid, 'fields')}"


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
            problems.add((str(key),), functools.partial(_unknown_top_key, str(key)))
    values: dict[str, Any] = {}
    for key in ("name", "description", "source"):
        value = data.get(key, "")
        if not isinstance(value, str):
            problems.add((key,), f"expected text, got {_show(value)} (put it in quotes)")
            value = str(value)
        elif len(value) > LONGEST_TEXT[key]:
            problems.add((key,), f"expected text of at most {LONGEST_TEXT[key]} characters, got "
                         f"{len(value):,}; keep the {key} short")
        elif not (value if key == "name" else value.replace("\n", " ").replace("\t", " ")).isprintable():
            wanted = "one line of printable characters" if key == "name" else "printable text (and line breaks)"
            problems.add((key,), f"expected {wanted}, got {_show(value)}: it holds a control or format character "
                         f"(a {'line break, ' if key == 'name' else ''}terminal escape, a right-to-left mark...)")
            value = printable(value)
        values[key] = value
    if not values["name"]:
        stem = Path(filename).stem[:LONGEST_TEXT["name"]]
        values["name"] = "unnamed" if placeholder(filename) else printable(stem)
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
            if not isinstance(raw, list) or not raw or len(raw) > MOST_ENTRIES:
                problems.add((slot_name,), f"expected a list of 1 to {MOST_ENTRIES} components, e.g. "
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
    written_alone = isinstance(raw, str)
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
    if isinstance(kind, str) and kind not in kinds:
        load_plugins()  # (lazily: only a kind pitchcore lacks imports the installed plugins)
    if not isinstance(kind, str) or kind not in kinds:
        hint = missing_colon(kind, _keys(slot_name)) if isinstance(kind, str) else None
        if hint:
            problems.add(path if written_alone else (*path, "kind"), f"{hint} ({_show(kind)} is no "
                         f"kind of {slot_name}: it reads as a key and its value run together)")
        else:
            plugins = _not_a_plugins(kind, kinds) if isinstance(kind, str) and not _hint(kind) else ""
            problems.add((*path, "kind"), f"unknown kind {_show(kind)}; {_suggest(str(kind), kinds, 'kinds')}"
                         f"{plugins}")
        return None
    cls = kinds[kind]
    hints = typing.get_type_hints(cls)
    fields = {attribute.name: attribute for attribute in attrs.fields(cls)}
    arguments: dict[str, Any] = {}
    keys = _keys(slot_name)
    for key, value in raw.items():
        if key == "kind":
            continue
        hint = missing_colon(str(key), keys) if key not in fields and value is None else None
        if hint:
            problems.add(path, f"{hint} ({_show(key)} is no field of {slot_name} kind "
                         f"{kind!r}: it reads as a key and its value run together)")
            continue
        if key not in fields:
            problems.add((*path, str(key)), functools.partial(_unknown_field, str(key), slot_name, kind, list(fields)))
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


def _keys(slot_name: str) -> set[str]:
    """Every key a component of the slot may have: ``kind`` and the fields of its kinds."""
    return {"kind"} | {name for cls in KINDS[slot_name].values() for name in attrs.fields_dict(cls)}


def _not_a_plugins(kind: str, kinds: Mapping[str, Any]) -> str:
    """What a message about a kind nobody registered adds about plugins: the plugins that
    failed to load (the kind may be one of theirs; one in full, several by name), else,
    unless the kind is close to a known one, that no plugin has it either."""
    left_out = failures()
    if not left_out:
        close = difflib.get_close_matches(kind, kinds, n=1)
        return "" if close else "; nor is it a kind of an installed plugin (pitchcore plugins lists them)"
    if len(left_out) == 1:
        return f"; {left_out[0]}"
    names = ", ".join(repr(plugin.name) for plugin in left_out)
    return f"; plugins {names} were left out (pitchcore plugins says why)"


def _check(value: Any, hint: Any, metadata: Mapping[str, Any]) -> str | None:
    """Why ``value`` does not fit the field, or None when it does.

    A whole number must lie in the field's range (``minimum`` to ``maximum``): checked
    here, before any rule sees the value, so a number no table plays never reaches
    the cross-slot checks or a game."""
    choices = metadata.get("choices")
    number = whole_number(metadata)
    args = typing.get_args(hint) or (hint,)
    got = _show(value)
    got += _unquoted(value, number=int in args, boolean=hint is bool)
    if _is_int(value) and choices and int not in args and abs(value) < 10**6 and str(value) in choices:
        got += f' (a number: this choice is text, so quote it: "{value}")'
    if hint is bool:
        return None if isinstance(value, bool) else f"expected true or false, got {got}{_then(_hint(value))}"
    if hint is int:
        return None if _is_int(value) and _within(value, metadata) else f"expected {number}, got {got}"
    if typing.get_origin(hint) is tuple:
        options = f" of {', '.join(choices)}" if choices else ""
        if not isinstance(value, list) or len(value) > MOST_ENTRIES:
            example = f" (e.g. [{choices[0]}])" if choices else ""
            return f"expected a list of at most {MOST_ENTRIES} entries{options}{example}, got {got}"
        for item in value:
            if not isinstance(item, str) or (choices and item not in choices):
                return f"unknown entry {_show(item)}; {_suggest(str(item), choices or [])}"
        return None
    allows_none, allows_int, allows_text = type(None) in args, int in args, str in args
    if value is None and allows_none:
        return None
    if allows_int and _is_int(value) and _within(value, metadata):
        return None
    if allows_text and isinstance(value, str) and (not choices or value in choices):
        return None
    wanted = (["null"] if allows_none else []) + (
        [f"one of {', '.join(choices)}" if len(choices) > 1 else choices[0]] if choices
        else ["text"] if allows_text else []) + ([number] if allows_int else [])
    expected = " or ".join(wanted) if len(wanted) < 3 else f"{', '.join(wanted[:-1])} or {wanted[-1]}"
    table = (_hint(value, choices or ()) if isinstance(value, str) or (_is_int(value) and choices and not allows_int)
             else None)
    close = (f"; {_suggest(value, choices)}" if choices and isinstance(value, str) and not table
             and difflib.get_close_matches(value, choices, n=1) else "")
    return f"expected {expected}, got {got}{close}{_then(table)}"


def _then(hint: str | None) -> str:
    """A hint as the end of a message (nothing without one): what a table word or a list
    run together was meant as (``_hint``)."""
    return f"; {hint}" if hint else ""


def whole_number(metadata: Mapping[str, Any]) -> str:
    """The whole numbers a field takes, in words: ``a whole number from 1 to 13``."""
    least, most = metadata.get("minimum"), metadata.get("maximum")
    if least is not None and most is not None:
        sign = "negative " if most < 0 else ""
        return f"a {sign}whole number from {least} to {most}"
    if least is not None:
        return f"a whole number of at least {least}"
    return f"a whole number of at most {most}" if most is not None else "a whole number"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(value: int, metadata: Mapping[str, Any]) -> bool:
    least, most = metadata.get("minimum"), metadata.get("maximum")
    return (least is None or value >= least) and (most is None or value <= most)

