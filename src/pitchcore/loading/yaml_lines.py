"""Variant YAML as text: parsing it, and the file and line of every key.

The YAML is parsed once, to a node tree: it gives each key its file and line, so every
message can say ``file:line: key.path``, and the data is then built from it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from ..model.errors import VariantError
from ..model.text import shown
from .yaml_limits import MAX_BYTES, MAX_DEPTH, MAX_PROBLEMS, check_size, over_limits

try:
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml
    _Loader = yaml.SafeLoader

Path_ = tuple[str | int, ...]
"""A key's path inside a variant: ("auction", "min_bid"), ("points", 2, "tie")."""
Where = tuple[str, int]
"""A file name and a line number."""

def _read(path: Path, shown: str) -> str:
    """A variant file's text; a file too large is refused before more of it is read."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                check_size(max(len(data), os.fstat(file.fileno()).st_size), shown)
    except OSError as error:
        raise VariantError(f"{shown}: cannot be read: {error.strerror or error}") from None
    return _decoded(data, shown)


def _decoded(data: bytes, shown: str) -> str:
    """UTF-8 bytes as text, or a ``VariantError`` at the line of the first bad byte."""
    check_size(len(data), shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise VariantError(f"{shown}:{line}: (top level): not a text file in UTF-8 "
                           f"(byte {data[error.start]:#04x}); save it as UTF-8") from None


def _parse(text: str, filename: str, found: list[str]) -> tuple[Any, dict[Path_, Where]]:
    """Data and key lines of one file; duplicate keys go to ``found``, bad YAML raises.

    The text is measured first (``yaml_limits``): libyaml builds nodes recursively in C,
    and a file nested thousands of levels deep would overflow its stack.
    """
    try:
        check_size(len(text.encode("utf-8")), filename)
    except UnicodeEncodeError as error:
        line = text.count("\n", 0, error.start) + 1
        raise VariantError(f"{filename}:{line}: (top level): not text that UTF-8 can hold (character "
                           f"{ord(text[error.start]):#x}, half of a pair); save the file as UTF-8") from None
    refused = over_limits(text, _Loader)
    if refused:
        mark, why = refused
        line = mark.line + 1 if mark else 1
        raise VariantError(f"{filename}:{line}: {_shortened(_path_at_error(text, mark))}: {why}")
    loader = _Loader(text)
    lines: dict[Path_, Where] = {}
    try:  # one parse: the node tree gives the key lines, then the data is built from it
        node = loader.get_single_node()
        if node is None:
            return None, lines
        _record_lines(node, (), filename, lines, found)  # (before building: merge keys rewrite nodes)
        return loader.construct_document(node), lines
    except VariantError:
        raise
    except yaml.MarkedYAMLError as error:
        raise VariantError(_syntax_message(error, text, filename)) from None
    except yaml.YAMLError as error:
        raise VariantError(f"{filename}:1: (top level): not valid YAML: {error}") from None
    except (ValueError, TypeError, OverflowError, RecursionError) as error:  # a value no constructor takes
        raise VariantError(f"{filename}:1: (top level): not valid YAML: {str(error)[:200]}; check the "
                           "file's values") from None
    finally:
        loader.dispose()


def placeholder(filename: str) -> bool:
    """True for a name that stands for text with no file (``(text)``, ``<record>``)."""
    return filename[:1] in "(<" and filename[-1:] in ")>"


def _shortened(path: Path_) -> str:
    """A key path short enough to read in a message (a deep one is cut after six keys)."""
    return _dotted(path[:6]) + ("..." if len(path) > 6 else "")


def _syntax_message(error: yaml.MarkedYAMLError, text: str, filename: str) -> str:
    """``file:line: key.path: not valid YAML: ...`` with the line where the mistake begins."""
    problem = str(error.problem or error)
    context = str(error.context or "")
    mark, opened = error.problem_mark, error.context_mark
    line = mark.line + 1 if mark else (opened.line + 1 if opened else 1)
    text_lines = text.splitlines()
    bad_char = (text_lines[mark.line][mark.column: mark.column + 1]
                if mark and mark.line < len(text_lines) else "")
    bare = _bare_line(text_lines, error)
    if bare is not None:
        number, hint = bare
        start = sum(len(text_line) + 1 for text_line in text_lines[:number - 1])
        at = yaml.Mark(filename, start, number - 1, 0, None, 0)
        return f"{filename}:{number}: {_dotted(_path_at_error(text, at))}: not valid YAML: {hint}"
    dash = _dash_without_space(text_lines, error)
    item = _misplaced_item(text_lines, mark.line) if mark and _LOST_ITEM.search(problem) else None
    if bad_char == "\t":
        why = "a tab character; YAML is indented with spaces only"
    elif dash is not None:
        line, why = dash
        mark = yaml.Mark(filename, sum(len(text_line) + 1 for text_line in text_lines[:line - 1]), line - 1, 0,
                         None, 0)
    elif item is not None:
        why = f"{problem}: {item}"
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
    return f"{filename}:{line}: {_dotted(_path_at_error(text, mark))}: not valid YAML: {why}"


_LOST_ITEM = re.compile(r"expected key|expected '-' indicator|mapping values are not allowed|expected <block end>")
"""The parser's words when a line it cannot place may be a list item at the wrong indentation."""


def _misplaced_item(text_lines: list[str], index: int) -> str | None:
    """The hint for line ``index`` when it is a list item (``- low``) the parser could not
    place: its ``-`` is not at the column of the item above it. None for any other line."""
    if not 0 <= index < len(text_lines) or not re.match(r"\s*-(\s|$)", text_lines[index]):
        return None
    column = len(text_lines[index]) - len(text_lines[index].lstrip())
    rule = "list items under a key line up, each '- ' at the same column"
    for above in range(index - 1, -1, -1):
        text = text_lines[above]
        other = len(text) - len(text.lstrip())
        if re.match(r"\s*-(\s|$)", text):
            if other != column:
                return (f"this list item's '-' is at column {column + 1}, the item above it (line "
                        f"{above + 1}) has it at column {other + 1}: {rule}")
            break
        if text.strip() and not text.lstrip().startswith("#") and other <= column:
            break  # (a key: the items above it belong to another list)
    return f"a list item the key above does not hold: check its indentation ({rule})"


def _dash_without_space(text_lines: list[str], error: yaml.MarkedYAMLError) -> tuple[int, str] | None:
    """(line, hint) when a list item's text follows its ``-`` with no space (``-low``): YAML
    reads it as text, then stumbles on the next line. None for any other mistake."""
    opened = error.context_mark
    if "could not find expected ':'" not in str(error.problem or "") or opened is None \
            or not 0 <= opened.line < len(text_lines):
        return None
    found = re.fullmatch(r"\s*-([A-Za-z][\w -]{0,40}?)\s*(#.*)?", text_lines[opened.line])
    if not found:
        return None
    text = found.group(1)
    return opened.line + 1, f"'-{text}' is no list item: write a space after the '-' (- {text})"


def _bare_line(text_lines: list[str], error: yaml.MarkedYAMLError) -> tuple[int, str] | None:
    """(line, hint) when the parser stumbled over a key written without its colon (``target
    15``): it then finds no ':' for that line, or takes the line as text running on into the
    next key. None for any other mistake."""
    problem = str(error.problem or "")
    if "could not find expected ':'" in problem and error.context_mark is not None:
        index = error.context_mark.line
    elif (("mapping values are not allowed" in problem or "did not find expected key" in problem)
          and error.problem_mark is not None):
        index = error.problem_mark.line - 1
        while index >= 0 and (not text_lines[index].strip() or text_lines[index].lstrip().startswith("#")):
            index -= 1
    else:
        return None
    if not 0 <= index < len(text_lines):
        return None
    hint = missing_colon(text_lines[index].split("#")[0])
    return None if hint is None else (index + 1, hint)


def missing_colon(text: str, keys: Iterable[str] | None = None) -> str | None:
    """The hint for text that reads as a key and its value run together (``target 15``): its
    first word (or, given ``keys``, the first word of them) followed by the rest. None when
    it does not read so: a list item, quoted text, text with a colon or brackets, no known key."""
    words = text.split()
    if not words or any(mark in text for mark in ":{}[]") or words[0][0] in "-\"'":
        return None
    if keys is None:
        index = 0
    else:
        known = set(keys)
        index = next((place for place, word in enumerate(words[:-1]) if word in known), -1)
        if index < 0:
            return None
    value = " ".join(words[index + 1:]) or "VALUE"
    return f"missing ':' after {words[index]!r}? expected {words[index]}: {value}"


def _path_at_error(text: str, mark: yaml.Mark | None = None) -> Path_:
    """The key path the YAML parser had reached when it failed (at ``mark``: an undefined
    alias parses, and fails only where it is used)."""
    frames: list[list[Any]] = []  # [kind ("map"/"seq"), key or index, expecting a value]

    def done() -> None:
        if frames and frames[-1][0] == "map":
            frames[-1][2] = not frames[-1][2]
        elif frames:
            frames[-1][1] += 1

    try:
        for event in yaml.parse(text, Loader=_Loader):
            start = event.start_mark
            if mark is not None and start is not None and start.index >= mark.index:
                break
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
                  found: list[str], open_nodes: tuple[int, ...] = (), seen_nodes: set[int] | None = None) -> None:
    """Record where every key of ``node`` is written; report keys given twice.

    An alias repeats a node written earlier: it is walked once (its keys' lines are where
    the anchor was written), so aliases of aliases cannot blow up; an alias inside the
    node it names, or nesting deeper than ``MAX_DEPTH``, is refused here, before anything
    recurses over the data.
    """
    lines.setdefault(path, (filename, node.start_mark.line + 1))
    if not isinstance(node, yaml.MappingNode | yaml.SequenceNode):
        return
    seen_nodes = set() if seen_nodes is None else seen_nodes
    line = node.start_mark.line + 1
    if id(node) in open_nodes:  # (an alias has no line of its own: the key's, where known)
        raise VariantError(f"{filename}:{lines.get(path, (filename, line))[1]}: {_dotted(path)}: an "
                           "alias names the mapping or list that contains it, so the value would "
                           "contain itself; remove the alias, or write the value out in full")
    if len(open_nodes) >= MAX_DEPTH:
        shown = _shortened(path)
        raise VariantError(f"{filename}:{line}: {shown}: nested more than {MAX_DEPTH} levels "
                           "deep; a variant needs at most four (slot, field, list item, value)")
    if id(node) in seen_nodes:
        return
    seen_nodes.add(id(node))
    inside = (*open_nodes, id(node))
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = _key_text(key_node)
            line = key_node.start_mark.line + 1
            if key in seen and len(found) < MAX_PROBLEMS:
                found.append(f"{filename}:{line}: {_dotted((*path, key))}: key given twice "
                             f"(first on line {seen[key]}); keep one of them")
            seen.setdefault(key, line)
            lines[(*path, key)] = (filename, line)
            _record_lines(value_node, (*path, key), filename, lines, found, inside, seen_nodes)
            lines[(*path, key)] = (filename, line)
    else:
        for index, item in enumerate(node.value):
            _record_lines(item, (*path, index), filename, lines, found, inside, seen_nodes)


def _key_text(key_node: yaml.Node) -> str:
    """A key as the loaded data names it (``~`` and ``null`` load as None, ``yes`` as True)."""
    value = key_node.value
    if isinstance(key_node, yaml.ScalarNode) and key_node.tag in (
            "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int"):
        return str(yaml.load(yaml.serialize(key_node), Loader=_Loader))
    return str(value)


def _dotted(path: Path_) -> str:
    """``path`` as a message names it (``points[0].receiver``): each key as one short printable
    piece, as an author's key may be anything."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{shown(part, quote=False)}" if text
                                                           else shown(part, quote=False))
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
