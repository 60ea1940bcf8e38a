"""Reading variant files: ``extends``, line numbers, and every problem reported at once.

The YAML is parsed twice: once for data and once as a node tree, which gives each key
its file and line. Parents named by ``extends`` are merged first; a slot whose ``kind``
changes is replaced whole, otherwise only the fields the child names change.

Every message has the form ``file:line: key.path: what is wrong; what is valid``.
"""

from __future__ import annotations

import difflib
import functools
import typing
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import yaml

from .components import SLOT_ORDER
from .components.shoot import NoShoot
from .errors import VariantError
from .registry import KINDS, SLOTS, kind_of
from .variant import Variant

try:
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml
    _Loader = yaml.SafeLoader

TOP_KEYS = ("name", "description", "source", "extends")
Path_ = tuple[str | int, ...]
Where = tuple[str, int]
Conflict = tuple[Path_, str, tuple[Path_, ...]]
"""A contradiction: the key at fault, the message, and the other keys taking part."""


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
            f"{_suggest(text, bundled_variants(), 'bundled')}")
    return load_variant_text(_read(path, text), str(path), base=path.parent)


@functools.cache
def _load_bundled(name: str) -> Variant:
    source = bundled_dir().joinpath(name + ".yaml")
    return load_variant_text(source.read_text(encoding="utf-8"), f"variants/{name}.yaml")


def load_variant_text(text: str, filename: str = "<string>", base: Path | None = None) -> Variant:
    """Build a variant from YAML text; ``filename`` and ``base`` resolve ``extends``."""
    found: list[str] = []
    data, lines = _resolve(text, filename, base, (), found)
    return _build(data, lines, filename, found)


# -- reading and merging files ---------------------------------------------------------


def _read(path: Path, shown: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        raise VariantError(f"{shown}:{line}: (top level): not a text file in UTF-8 "
                           f"(byte {error.object[error.start]:#04x}); save it as UTF-8") from None
    except OSError as error:
        raise VariantError(f"{shown}: cannot be read: {error.strerror or error}") from None


def _parse(text: str, filename: str, found: list[str]) -> tuple[Any, dict[Path_, Where]]:
    """Data and key lines of one file; duplicate keys go to ``found``, bad YAML raises."""
    try:
        node = yaml.compose(text, Loader=_Loader)
        data = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        raise VariantError(_syntax_message(error, text, filename)) from None
    except yaml.YAMLError as error:
        raise VariantError(f"{filename}:1: (top level): not valid YAML: {error}") from None
    lines: dict[Path_, Where] = {}
    if node is not None:
        _record_lines(node, (), filename, lines, found)
    return data, lines


def _syntax_message(error: yaml.MarkedYAMLError, text: str, filename: str) -> str:
    """``file:line: key.path: not valid YAML: ...`` with the line where the mistake begins."""
    problem = str(error.problem or error)
    context = str(error.context or "")
    mark, opened = error.problem_mark, error.context_mark
    line = mark.line + 1 if mark else (opened.line + 1 if opened else 1)
    text_lines = text.splitlines()
    bad_char = (text_lines[mark.line][mark.column: mark.column + 1]
                if mark and mark.line < len(text_lines) else "")
    if bad_char == "\t":
        why = "a tab character; YAML is indented with spaces only"
    elif "another document" in problem:
        why = "a second YAML document ('---'); a variant file is a single document"
    elif opened and any(what in context for what in ("flow sequence", "flow mapping", "quoted")):
        what = "quote" if "quoted" in context else "'['" if "sequence" in context else "'{'"
        why = f"the {what} opened here is never closed ({problem} on line {line})"
        line = opened.line + 1
    elif "expected key" in problem or "mapping values are not allowed" in problem:
        why = (f"{problem}: check this line's indentation (keys of one mapping line up) and "
               "quote any value that contains ': '")
    elif "unhashable" in problem:
        why = f"{problem}: a key must be a plain word, not a list or mapping"
    else:
        why = problem + (f" ({context} on line {opened.line + 1})" if opened and context else "")
    return f"{filename}:{line}: {_dotted(_path_at_error(text))}: not valid YAML: {why}"


def _path_at_error(text: str) -> Path_:
    """The key path the YAML parser had reached when it failed."""
    frames: list[list[Any]] = []  # [kind ("map"/"seq"), key or index, expecting a value]

    def done() -> None:
        if frames and frames[-1][0] == "map":
            frames[-1][2] = not frames[-1][2]
        elif frames:
            frames[-1][1] += 1

    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                if frames and frames[-1][0] == "map" and not frames[-1][2]:
                    frames[-1][1] = "?"
                frames.append(["map", None, False] if isinstance(event, yaml.MappingStartEvent)
                              else ["seq", 0, True])
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                frames.pop()
                done()
            elif isinstance(event, yaml.ScalarEvent | yaml.AliasEvent):
                if frames and frames[-1][0] == "map" and not frames[-1][2]:
                    frames[-1][1] = str(getattr(event, "value", "?"))
                done()
    except yaml.YAMLError:
        pass
    # A sequence names its item only while that item (a mapping or list) is still open.
    return tuple(frame[1] for position, frame in enumerate(frames)
                 if (frame[0] == "seq" and position < len(frames) - 1)
                 or (frame[0] == "map" and frame[2] and frame[1] is not None))


def _record_lines(node: yaml.Node, path: Path_, filename: str, lines: dict[Path_, Where],
                  found: list[str]) -> None:
    lines[path] = (filename, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                found.append(f"{filename}:{line}: {_dotted((*path, key))}: key given twice "
                             f"(first on line {seen[key]}); keep one of them")
            seen.setdefault(key, line)
            _record_lines(value_node, (*path, key), filename, lines, found)
            lines[(*path, key)] = (filename, line)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, (*path, index), filename, lines, found)


def _identity(filename: str, base: Path | None) -> str:
    """What two spellings of the same file have in common, for spotting extends cycles."""
    return str(Path(filename).resolve()) if base is not None else filename


def _resolve(text: str, filename: str, base: Path | None, chain: tuple[tuple[str, str], ...],
             found: list[str]) -> tuple[dict[str, Any], dict[Path_, Where]]:
    """Merged data and key lines of a file and its ``extends`` parents (nearest last)."""
    data, lines = _parse(text, filename, found)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise VariantError(f"{_at(lines, (), filename)}: (top level): expected a mapping of keys "
                           f"({', '.join(TOP_KEYS + SLOT_ORDER)}), got {_type_name(data)}")
    chain = (*chain, (_identity(filename, base), filename))
    parent = data.pop("extends", None)
    if parent is None:
        return data, lines
    if len(chain) == 1 and "name" not in data and filename[:1] != "<":
        data["name"] = Path(filename).stem  # a house file is named for itself, not its parent
    where = _at(lines, ("extends",), filename)
    if not isinstance(parent, str):
        raise VariantError(f"{where}: extends: expected the name of a bundled variant or a "
                           f"path to a YAML file, got {_show(parent)}; "
                           f"bundled: {', '.join(bundled_variants())}")
    if parent in bundled_variants() and not (base and (base / parent).is_file()):
        parent_name = f"variants/{parent}.yaml"
        parent_text = bundled_dir().joinpath(parent + ".yaml").read_text(encoding="utf-8")
        parent_base = None
    else:
        path = (base or Path.cwd()) / parent
        if not path.is_file():
            files = sorted(entry.name for entry in path.parent.glob("*.y*ml")) \
                if path.parent.is_dir() else []
            close = difflib.get_close_matches(parent, bundled_variants() + files, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise VariantError(
                f"{where}: extends: {parent!r} is neither a bundled variant nor a file "
                f"(looked for {path}); bundled: {', '.join(bundled_variants())}{hint}")
        parent_name, parent_base = str(path), path.parent
        parent_text = _read(path, parent_name)
    identity = _identity(parent_name, parent_base)
    if identity in (seen for seen, _ in chain):
        names = [shown for _, shown in chain] + [parent_name]
        raise VariantError(
            f"{where}: extends: {parent!r} leads back to a file already being read "
            f"({' -> '.join(names)}); files cannot extend each other in a circle: make one of "
            "them extend a bundled variant, or nothing")
    parent_data, parent_lines = _resolve(parent_text, parent_name, parent_base, chain, found)
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
    lines.update(child_lines)
    return merged, lines


# -- validating and building ----------------------------------------------------------


def _dotted(path: Path_) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "(top level)"


def _at(lines: Mapping[Path_, Where], path: Path_, filename: str) -> str:
    where = _lookup(lines, path)
    return f"{where[0]}:{where[1]}" if where else f"{filename}:1"


def _lookup(lines: Mapping[Path_, Where], path: Path_) -> Where | None:
    """Where ``path`` (or its nearest enclosing key) is written."""
    for length in range(len(path), -1, -1):
        where = lines.get(path[:length])
        if where:
            return where
    return None


def _suggest(word: str, choices: Iterable[str], label: str = "valid") -> str:
    options = list(choices)
    close = difflib.get_close_matches(word, options, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{label}: {', '.join(options)}{hint}"


def _show(value: Any) -> str:
    """A value as the author wrote it in YAML."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list | dict):
        return yaml.safe_dump(value, default_flow_style=True, width=1000).strip()
    return str(value)


def _type_name(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str | int | float | bool):
        return f"a single value ({_show(value)})"
    return type(value).__name__


def _homes(key: str, skip_slot: str | None = None, skip_kind: str | None = None) -> list[str]:
    """Where a field called ``key`` does belong (``slot`` or ``slot kind K``)."""
    homes = []
    for slot_name in SLOT_ORDER:
        owners = [kind for kind, cls in KINDS[slot_name].items()
                  if key in attrs.fields_dict(cls) and (slot_name, kind) != (skip_slot, skip_kind)]
        if owners and slot_name == skip_slot:
            homes.append(f"{slot_name} kind {' or '.join(owners)}")
        elif owners:
            homes.append(slot_name)
    return homes


class _Problems:
    def __init__(self, lines: Mapping[Path_, Where], filename: str) -> None:
        self.lines, self.filename = lines, filename
        self.found: list[str] = []

    def add(self, path: Path_, message: str, related: Iterable[Path_] = ()) -> None:
        """Report ``message`` at ``path``; when ``path`` was inherited from a parent file,
        point at the line of this file that takes part (``path`` or one of ``related``)."""
        where = _lookup(self.lines, path)
        if where and where[0] != self.filename:
            own = next(filter(None, (self._own(candidate) for candidate in (path, *related))), None)
            if own:
                message += f" ({_dotted(path)} comes from {where[0]}:{where[1]})"
                where = own
        location = f"{where[0]}:{where[1]}" if where else f"{self.filename}:1"
        self.found.append(f"{location}: {_dotted(path)}: {message}")

    def _own(self, path: Path_) -> Where | None:
        """The line of this file (not a parent) that sets ``path`` or the nearest enclosing key."""
        for length in range(len(path), 0, -1):
            where = self.lines.get(path[:length])
            if where and where[0] == self.filename:
                return where
        return None


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
                         f"{_suggest(str(key), TOP_KEYS + SLOT_ORDER, 'valid keys')}")
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


def contradictions(variant: Variant) -> list[tuple[Path_, str]]:
    """Rules that cannot all hold at once, found when the file loads."""
    return [(path, message) for path, message, _ in _conflicts(variant)]


def _no_hint(variant: Variant) -> str:
    return ""


_HINTS: dict[tuple[str, str], typing.Callable[[Variant], str]] = {
    ("deal", "hand_size"): lambda variant: (
        f"; deal at most {variant.deal.deck_size() // variant.deal.max_players} cards to each "
        f"of {variant.deal.max_players} players, or lower max_players"),
    ("deal", "default_players"): lambda variant: (
        f" ({variant.deal.min_players} to {variant.deal.max_players}), "
        f"got {variant.deal.default_players}"),
    ("deal", "sides"): lambda variant: (
        f"; got min_players {variant.deal.min_players}, max_players {variant.deal.max_players}"),
}
"""What to do about a component's own problem, added where its message does not say."""


def _conflicts(variant: Variant) -> list[Conflict]:
    found: list[Conflict] = []
    for slot_name in SLOT_ORDER:
        component = getattr(variant, slot_name)
        for item_index, item in enumerate(component if isinstance(component, tuple) else [component]):
            check = getattr(item, "problems", None)
            if check:
                base: Path_ = (slot_name, item_index) if isinstance(component, tuple) else (slot_name,)
                found.extend(((*base, key), message + _HINTS.get((slot_name, key), _no_hint)(variant),
                              ()) for key, message in check())
    deal, auction, shoot, trump = variant.deal, variant.auction, variant.shoot, variant.trump
    deck = deal.deck_size()
    dealt = deal.hand_size * deal.max_players
    deal_keys: tuple[Path_, ...] = (("deal", "hand_size"), ("deal", "max_players"))
    extra = variant.widow.extra_cards() if hasattr(variant.widow, "extra_cards") else 0
    if extra and dealt <= deck < dealt + extra:
        found.append((("widow", "count"), f"a gift of {extra} cards does not fit: "
                      f"{deal.max_players} hands of {deal.hand_size} already use {dealt} of "
                      f"the {deck} cards; give at most {deck - dealt}", deal_keys))
    keep = getattr(variant.exchange, "keep", 0)
    if keep * deal.max_players > deck:
        found.append((("exchange", "keep"), f"refilling {deal.max_players} hands to {keep} "
                      f"cards needs {keep * deal.max_players}, more than the {deck}-card deck "
                      f"holds; keep at most {deck // deal.max_players}", deal_keys))
    lead_sets_trump = trump.suit_from_lead(0) is not None
    trump_keys: tuple[Path_, ...] = (("trump", "kind"), ("trump",))
    if variant.exchange.needs_trump() and lead_sets_trump:
        others = [kind for kind, cls in KINDS["exchange"].items() if not cls().needs_trump()]
        found.append((("exchange", "kind"), f"{kind_of(variant.exchange)} discards by trump "
                      f"before play, but with trump kind {kind_of(trump)} trump is only known "
                      f"at the first lead; use trump: named, or exchange: {' or '.join(others)}",
                      trump_keys))
    if variant.play.first_lead == "trump" and lead_sets_trump:
        found.append((("play", "first_lead"), f"the first lead sets trump (trump kind "
                      f"{kind_of(trump)}), so it cannot be required to be a trump; use "
                      "first_lead: any, or trump: named", trump_keys))
    names = [point.name for point in variant.points]
    for index, point in enumerate(variant.points):
        first = names.index(point.name)
        if first != index:
            found.append((("points", index, "name"), f"{point.name!r} already names "
                          f"points[{first}]; give one of them another name (name: ...)",
                          (("points", index), ("points",))))
        for needed in point.deciding_cards(trump.extras):
            if needed not in trump.extras:
                extras = ", ".join((*trump.extras, needed))
                found.append((("points", index, "kind"), f"{kind_of(point)} needs the "
                              f"{needed} to be a trump: set trump.extras: [{extras}], or "
                              "remove this category", (("trump", "extras"), ("trump",))))
    total = sum(point.value for point in variant.points)
    if auction.max_bid > total:
        found.append((("auction", "max_bid"), f"a bid of {auction.max_bid} can never be made: "
                      f"the points of a hand add up to {total}; use max_bid: {total} or less, "
                      "or add points", (("points",),)))
    bid_range = f"from {auction.min_bid} to {auction.max_bid}"
    if isinstance(shoot, NoShoot) and shoot.bid is not None:
        shoots = ", ".join(kind for kind in KINDS["shoot"] if kind != "none")
        found.append((("shoot", "bid"), f"shoot kind none has no shoot bid, got "
                      f"{_show(shoot.bid)}; remove bid, or choose a shoot kind ({shoots})",
                      (("shoot",),)))
    elif shoot.bid is not None:
        if isinstance(shoot.bid, str) and shoot.bid != auction.top_bid:
            now = "not set" if auction.top_bid is None else repr(auction.top_bid)
            found.append((("shoot", "bid"), f"{shoot.bid!r} is not a bid of this auction: "
                          f"set auction.top_bid: {shoot.bid} (now {now}), or shoot on a "
                          f"number {bid_range}", (("auction", "top_bid"), ("auction",))))
        elif (isinstance(shoot.bid, int) and auction.min_bid <= auction.max_bid
              and not auction.min_bid <= shoot.bid <= auction.max_bid):
            found.append((("shoot", "bid"), f"{shoot.bid} is outside the bid range "
                          f"{auction.min_bid}-{auction.max_bid}; shoot on a number "
                          f"{bid_range}, or on auction.top_bid",
                          (("auction", "max_bid"), ("auction", "min_bid"), ("auction",))))
    if auction.top_bid is not None and shoot.bid != auction.top_bid and not isinstance(shoot.bid, str):
        now = "there is no shoot rule" if shoot.bid is None else f"the shoot bid is {shoot.bid}"
        found.append((("auction", "top_bid"), f"{auction.top_bid!r} ranks above every number "
                      f"but {now}: a top bid needs a shoot rule saying what it needs and wins "
                      f"(shoot: {{kind: all-points, bid: {auction.top_bid}, ...}}), or set "
                      "top_bid: null", (("shoot", "bid"), ("shoot",))))
    return found
