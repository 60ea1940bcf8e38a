"""Bounds on variant YAML, checked before anything builds it.

Variant files come from players as often as from the library's authors, so a file is
measured before it is parsed into data: its size, how deeply it nests, and how many
values it holds once every alias is expanded. The check reads the parser's event stream,
which libyaml produces with a heap stack (safe at any depth); building the node tree is
recursive in C, and only a file that passed reaches it. Everything after parsing (merging,
messages, validation) walks the expanded data, so these bounds also bound its time.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from ..model.errors import VariantError

MAX_BYTES = 64 * 1024
"""The largest variant file, in bytes of UTF-8 (bundled variants are under 4 KiB)."""
MAX_DEPTH = 32
"""How deeply a variant file may nest mappings and lists (its own schema needs four)."""
MAX_NODES = 2_000
"""Keys, values and list items in a file with every alias expanded (a bundled variant written
out in full has under 200)."""
MAX_EXTENDS = 8
"""Files in one ``extends`` chain, the loaded file included."""
MAX_PROBLEMS = 40
"""Problems one error lists; past that a last line counts the rest (a file of thousands of
mistakes gets a short answer)."""
MAX_DIGITS = 30
"""Digits in a number (Python refuses to read an integer of over 4,300 digits at all)."""

_NUMBER = re.compile(r"[-+]?[0-9][0-9_.:eE+-]*")
_STARTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_ENDS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_DEEPER = (f"nested more than {MAX_DEPTH} levels deep; a variant needs at most four "
           "(slot, field, list item, value)")


def check_size(size: int, filename: str) -> None:
    """Refuse a file of ``size`` bytes before it is read or parsed."""
    if size > MAX_BYTES:
        raise VariantError(f"{filename}:1: (top level): {size:,} bytes is too large for a variant "
                           f"file (at most {MAX_BYTES:,}); a variant file names a few rules")


def over_limits(text: str, loader: Any) -> tuple[Any, str] | None:
    """Where and why ``text`` nests too deeply or expands too far (None: it does not).

    Syntax errors are left to the parser proper, which words them for the author: the
    scan stops where the event stream breaks, having bounded everything before it.
    """
    # One frame per open collection: [nodes so far, deepest level below, its anchor].
    frames: list[list[Any]] = [[0, 0, None]]
    anchors: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, levels) it expands to
    total = 0
    events = yaml.parse(text, Loader=loader)
    while True:
        try:
            event = next(events)
        except (StopIteration, yaml.YAMLError):
            return None
        if isinstance(event, _ENDS):
            nodes, levels, anchor = frames.pop()
            total += 1
            _add(frames[-1], nodes + 1, levels + 1)
            if anchor is not None:
                anchors[anchor] = (nodes + 1, levels + 1)
            continue
        if isinstance(event, _STARTS):
            if len(frames) > MAX_DEPTH:
                return event.start_mark, _DEEPER
            frames.append([0, 0, event.anchor])
            continue
        if isinstance(event, yaml.AliasEvent):
            nodes, levels = anchors.get(str(event.anchor), (1, 0))  # (undefined: the parser says so)
        elif isinstance(event, yaml.ScalarEvent):
            nodes, levels = 1, 0
            if event.anchor is not None:
                anchors[event.anchor] = (1, 0)
            if not event.style and len(event.value) > MAX_DIGITS and _NUMBER.fullmatch(event.value):
                return event.start_mark, (f"a number of more than {MAX_DIGITS} digits; the numbers in a "
                                          "variant are small: check this value")
        else:
            continue
        total += nodes
        if len(frames) - 1 + levels > MAX_DEPTH:
            return event.start_mark, f"an alias here expands to values {_DEEPER}"
        if total > MAX_NODES:
            return event.start_mark, (f"more than {MAX_NODES:,} keys and values with every alias expanded; "
                                      "a variant names a few dozen: write each value out once, or remove "
                                      "the aliases")
        _add(frames[-1], nodes, levels)


def _add(frame: list[Any], nodes: int, levels: int) -> None:
    frame[0] += nodes
    frame[1] = max(frame[1], levels)
