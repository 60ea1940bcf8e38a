"""Reading variant files: ``extends``, line numbers, and every problem reported at once.

The YAML is parsed twice: once for data and once as a node tree, which gives each key
its file and line. Parents named by ``extends`` are merged first; a slot whose ``kind``
changes is replaced whole, otherwise only the fields the child names change.
"""

from __future__ import annotations

import difflib
import functools
import typing
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import yaml

from .components import SLOT_ORDER
from .errors import VariantError
from .registry import KINDS, SLOTS
from .variant import Variant

try:
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml
    _Loader = yaml.SafeLoader

TOP_KEYS = ("name", "description", "source", "extends")
Path_ = tuple[str | int, ...]
Where = tuple[str, int]


def bundled_dir() -> Any:
    return resources.files("pitchcore").joinpath("variants")


def bundled_variants() -> list[str]:
    """Names of the variants shipped with pitchcore."""
    return sorted(entry.name[:-5] for entry in bundled_dir().iterdir()
                  if entry.name.endswith(".yaml"))


def load_variant(name_or_path: str | Path) -> Variant:
    """A bundled variant by name, or a YAML variant file by path."""
    text = str(name_or_path)
    if isinstance(name_or_path, str) and text in bundled_variants():
        return _load_bundled(text)
    path = Path(name_or_path)
    if not path.is_file():
        raise VariantError(
            f"{text}: no such variant file, and no bundled variant of that name; "
            f"bundled: {', '.join(bundled_variants())}")
    return load_variant_text(path.read_text(encoding="utf-8"), str(path), base=path.parent)


@functools.cache
def _load_bundled(name: str) -> Variant:
    source = bundled_dir().joinpath(name + ".yaml")
    return load_variant_text(source.read_text(encoding="utf-8"), f"variants/{name}.yaml")


def load_variant_text(text: str, filename: str = "<string>", base: Path | None = None) -> Variant:
    """Build a variant from YAML text; ``filename`` and ``base`` resolve ``extends``."""
    data, lines = _resolve(text, filename, base, ())
    return build_variant(data, lines, filename)


# -- reading and merging files ---------------------------------------------------------


def _parse(text: str, filename: str) -> tuple[Any, dict[Path_, Where]]:
    try:
        data = yaml.load(text, Loader=_Loader)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 0
        raise VariantError(f"{filename}:{line}: not valid YAML: {error.problem or error}") from None
    except yaml.YAMLError as error:
        raise VariantError(f"{filename}: not valid YAML: {error}") from None
    lines: dict[Path_, Where] = {}
    problems: list[str] = []
    if node is not None:
        _record_lines(node, (), filename, lines, problems)
    if problems:
        raise VariantError(problems)
    return data, lines


def _record_lines(node: yaml.Node, path: Path_, filename: str, lines: dict[Path_, Where],
                  problems: list[str]) -> None:
    lines[path] = (filename, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                problems.append(f"{filename}:{key_node.start_mark.line + 1}: "
                                f"{_dotted((*path, key))}: key given twice")
            seen.add(key)
            lines[(*path, key)] = (filename, key_node.start_mark.line + 1)
            _record_lines(value_node, (*path, key), filename, lines, problems)
            lines[(*path, key)] = (filename, key_node.start_mark.line + 1)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, (*path, index), filename, lines, problems)


def _resolve(text: str, filename: str, base: Path | None,
             chain: tuple[str, ...]) -> tuple[dict[str, Any], dict[Path_, Where]]:
    data, lines = _parse(text, filename)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise VariantError(f"{filename}:1: a variant file is a mapping of keys "
                           f"({', '.join(TOP_KEYS + SLOT_ORDER)}), not {type(data).__name__}")
    parent = data.pop("extends", None)
    if parent is None:
        return data, lines
    where = _at(lines, ("extends",), filename)
    if not isinstance(parent, str):
        raise VariantError(f"{where}: extends: expected the name of a bundled variant or a "
                           "path to a YAML file")
    if parent in chain or parent == filename:
        raise VariantError(f"{where}: extends: {parent} extends itself "
                           f"({' -> '.join((*chain, filename, parent))})")
    if parent in bundled_variants() and not (base and (base / parent).is_file()):
        parent_name = f"variants/{parent}.yaml"
        parent_text = bundled_dir().joinpath(parent + ".yaml").read_text(encoding="utf-8")
        parent_base = None
    else:
        path = (base or Path.cwd()) / parent
        if not path.is_file():
            raise VariantError(
                f"{where}: extends: {parent!r} is neither a bundled variant nor a file; "
                f"bundled: {', '.join(bundled_variants())}")
        parent_name, parent_text, parent_base = str(path), path.read_text("utf-8"), path.parent
    parent_data, parent_lines = _resolve(parent_text, parent_name, parent_base,
                                         (*chain, filename))
    return _merge(parent_data, parent_lines, data, lines)


def _merge(parent: dict[str, Any], parent_lines: dict[Path_, Where], child: dict[str, Any],
           child_lines: dict[Path_, Where]) -> tuple[dict[str, Any], dict[Path_, Where]]:
    merged = dict(parent)
    lines = dict(parent_lines)
    for key, value in child.items():
        old = merged.get(key)
        if isinstance(value, str) and key in SLOTS and not SLOTS[key].many:
            value = {"kind": value}
        if isinstance(old, str) and key in SLOTS:
            old = {"kind": old}
        same_kind = (isinstance(old, dict) and isinstance(value, dict)
                     and value.get("kind", old.get("kind")) == old.get("kind"))
        if same_kind:
            assert isinstance(old, dict) and isinstance(value, dict)
            merged[key] = {**old, **value}
        else:
            merged[key] = value
            lines = {path: where for path, where in lines.items() if path[:1] != (key,)}
        lines.update({path: where for path, where in child_lines.items() if path[:1] == (key,)})
    return merged, lines


# -- validating and building ----------------------------------------------------------


def _dotted(path: Path_) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "(top level)"


def _at(lines: Mapping[Path_, Where], path: Path_, filename: str) -> str:
    for length in range(len(path), -1, -1):
        where = lines.get(path[:length])
        if where:
            return f"{where[0]}:{where[1]}"
    return f"{filename}:1"


def _suggest(word: str, choices: typing.Iterable[str]) -> str:
    options = list(choices)
    close = difflib.get_close_matches(word, options, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"valid: {', '.join(options)}{hint}"


class _Problems:
    def __init__(self, lines: Mapping[Path_, Where], filename: str) -> None:
        self.lines, self.filename = lines, filename
        self.found: list[str] = []

    def add(self, path: Path_, message: str) -> None:
        self.found.append(f"{_at(self.lines, path, self.filename)}: {_dotted(path)}: {message}")


def build_variant(data: Mapping[str, Any], lines: Mapping[Path_, Where] | None = None,
                  filename: str = "<mapping>") -> Variant:
    """Validate resolved variant data and build the ``Variant``; raise every problem at once."""
    problems = _Problems(lines or {}, filename)
    for key in data:
        if key not in TOP_KEYS and key not in SLOTS:
            problems.add((str(key),), f"unknown key; {_suggest(str(key), TOP_KEYS + SLOT_ORDER)}")
    values: dict[str, Any] = {}
    for key in ("name", "description", "source"):
        value = data.get(key, "")
        if not isinstance(value, str):
            problems.add((key,), f"expected text, got {value!r}")
            value = str(value)
        values[key] = value
    if not values["name"]:
        values["name"] = Path(filename).stem if filename[:1] != "<" else "unnamed"
    for slot_name in SLOT_ORDER:
        slot = SLOTS[slot_name]
        raw = data.get(slot_name)
        if raw is None:
            if slot.default is None:
                problems.add((slot_name,), f"missing: every variant needs {slot_name} "
                             f"({slot.description})")
                continue
            raw = {"kind": slot.default}
        if slot.many:
            if not isinstance(raw, list) or not raw:
                problems.add((slot_name,), "expected a list of components, e.g. "
                             "[{kind: high}, {kind: game}]")
                continue
            items = [_component(slot_name, item, (slot_name, index), problems)
                     for index, item in enumerate(raw)]
            values[slot_name] = tuple(items)
        else:
            values[slot_name] = _component(slot_name, raw, (slot_name,), problems)
    if not problems.found:
        variant = Variant(**values)
        for path, message in contradictions(variant):
            problems.add(path, message)
        if not problems.found:
            return variant
    raise VariantError(problems.found)


def _component(slot_name: str, raw: Any, path: Path_, problems: _Problems) -> Any:
    kinds = KINDS[slot_name]
    if isinstance(raw, str):
        raw = {"kind": raw}
    if not isinstance(raw, dict):
        problems.add(path, f"expected a mapping with a kind ({', '.join(kinds)}), got {raw!r}")
        return None
    kind = raw.get("kind", SLOTS[slot_name].default)
    if kind is None:
        problems.add(path, f"missing kind; {_suggest('', kinds)}")
        return None
    if kind not in kinds:
        problems.add((*path, "kind"), f"unknown kind {kind!r}; {_suggest(str(kind), kinds)}")
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
            problems.add((*path, str(key)), f"unknown key for {slot_name} kind {kind!r}; "
                         f"{_suggest(str(key), valid)}")
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
    if hint is bool:
        return None if isinstance(value, bool) else f"expected true or false, got {value!r}"
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number, got {value!r}"
        if minimum is not None and value < minimum:
            return f"expected a whole number of at least {minimum}, got {value}"
        return None
    if typing.get_origin(hint) is tuple:
        if not isinstance(value, list):
            return f"expected a list, got {value!r}"
        for item in value:
            if not isinstance(item, str) or (choices and item not in choices):
                return f"unknown entry {item!r}; {_suggest(str(item), choices or [])}"
        return None
    allows_none = type(None) in args
    allows_int = int in args
    if value is None:
        return None if allows_none else "expected a value, got nothing (null)"
    if allows_int and isinstance(value, int) and not isinstance(value, bool):
        return None
    if not isinstance(value, str):
        kinds = " or ".join(k for k, ok in (("a number", allows_int), ("text", True)) if ok)
        return f"expected {kinds}, got {value!r}"
    if choices and value not in choices:
        extra = " or a number" if allows_int else ""
        return f"unknown value {value!r}; {_suggest(value, choices)}{extra}"
    return None


def contradictions(variant: Variant) -> list[tuple[Path_, str]]:
    """Rules that cannot all hold at once, found when the file loads."""
    found: list[tuple[Path_, str]] = []
    for slot_name in SLOT_ORDER:
        component = getattr(variant, slot_name)
        for item_index, item in enumerate(component if isinstance(component, tuple) else [component]):
            check = getattr(item, "problems", None)
            if check:
                base: Path_ = (slot_name, item_index) if isinstance(component, tuple) else (slot_name,)
                found.extend(((*base, key), message) for key, message in check())
    deal, auction, shoot = variant.deal, variant.auction, variant.shoot
    extra = variant.widow.extra_cards() if hasattr(variant.widow, "extra_cards") else 0
    if deal.hand_size * deal.max_players + extra > deal.deck_size():
        found.append((("widow", "count"), f"{extra} more cards for the bidder do not fit: "
                      f"{deal.max_players} hands of {deal.hand_size} already use "
                      f"{deal.hand_size * deal.max_players} of {deal.deck_size()} cards"))
    keep = getattr(variant.exchange, "keep", 0)
    if keep * deal.max_players > deal.deck_size():
        found.append((("exchange", "keep"), f"{deal.max_players} hands of {keep} need more "
                      f"than the {deal.deck_size()} cards of the deck"))
    if variant.exchange.needs_trump() and variant.trump.suit_from_lead(0) is not None:
        found.append((("exchange", "kind"), f"{variant.exchange.kind} discards by trump, but "  # type: ignore[attr-defined]
                      "trump is only known at the first lead (trump kind first-lead)"))
    if variant.play.first_lead == "trump" and variant.trump.suit_from_lead(0) is not None:
        found.append((("play", "first_lead"), "the first lead sets trump (trump kind "
                      "first-lead), so it cannot be required to be a trump; use first_lead: any"))
    names = [point.name for point in variant.points]
    for index, point in enumerate(variant.points):
        if names.count(point.name) > 1:
            found.append((("points", index, "name"), f"{point.name!r} names two categories"))
        for needed in point.deciding_cards(variant.trump.extras):
            if needed not in variant.trump.extras:
                found.append((("points", index, "kind"), f"{point.kind} needs trump.extras "  # type: ignore[attr-defined]
                              f"to include {needed}"))
    total = sum(point.value for point in variant.points)
    if auction.max_bid > total:
        found.append((("auction", "max_bid"), f"a bid of {auction.max_bid} can never be made: "
                      f"a hand awards at most {total} points"))
    if shoot.bid is not None:
        if isinstance(shoot.bid, str) and shoot.bid != auction.top_bid:
            found.append((("shoot", "bid"), f"{shoot.bid!r} is not a bid of this auction: set "
                          f"auction.top_bid: {shoot.bid} (now {auction.top_bid}) or shoot on a "
                          f"number from {auction.min_bid} to {auction.max_bid}"))
        elif isinstance(shoot.bid, int) and not auction.min_bid <= shoot.bid <= auction.max_bid:
            found.append((("shoot", "bid"), f"{shoot.bid} is outside the bid range "
                          f"{auction.min_bid}-{auction.max_bid}"))
    elif auction.top_bid is not None:
        found.append((("auction", "top_bid"), f"{auction.top_bid!r} needs a shoot rule saying "
                      "what it needs and wins (shoot: {kind: all-points, bid: "
                      f"{auction.top_bid}, ...}})"))
    return found
