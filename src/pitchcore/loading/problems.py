"""Wording a variant's problems for the house-rule author who has to fix them."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
import yaml

from ..components import SLOT_ORDER
from ..components.registry import KINDS
from .table_words import table_word
from .yaml_limits import MAX_PROBLEMS
from .yaml_lines import Path_, Where, _dotted, _lookup


def _suggest(word: str, choices: Iterable[str], label: str = "valid") -> str:
    """The valid ``choices``, then what ``word`` was likely meant as: a table word's
    translation or list items run together (``_hint``), else the closest spelling."""
    options = list(choices)
    hint = _hint(word, options)
    if hint:
        return f"{label}: {', '.join(options)}; {hint}"
    close = difflib.get_close_matches(word, options, n=1)
    guess = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{label}: {', '.join(options)}{guess}"


def _hint(word: object, choices: Iterable[Any] = ()) -> str | None:
    """What an unknown ``word`` was likely meant as, when more is known than its spelling:
    a word tables use (``table_words``; a rank only among ``choices`` that hold the ranks),
    or two list items that YAML read as one text."""
    found = table_word(word, rank=RANK in choices)
    if found is None and isinstance(word, str) and _ITEMS_RUN_TOGETHER.search(word):
        return _RUN_TOGETHER
    return found


RANK = "T"
"""A rank only a field of ranks takes (the ten): ``_hint`` names ranks there."""


_ITEMS_RUN_TOGETHER = re.compile(r"\S\s+-(\s|$)|^-\s")
"""Text holding a list item's ``- `` (``high - low``): a line ``- low`` indented further than
the item above it continues that item's text, so YAML reads both as one."""
_RUN_TOGETHER = ("this reads as two list items run together: an item indented further than the one above "
                 "continues it; list items under a key line up, each '- ' at the same column (in brackets, "
                 "separate them with commas)")


def _unquoted(value: Any, number: bool = False, boolean: bool = False) -> str:
    """What a message adds for text in quotes that YAML reads as the whole ``number`` or the
    ``boolean`` the field wants once the quotes are removed ('' for any other value)."""
    if not isinstance(value, str):
        return ""
    if number and _WHOLE_NUMBER.fullmatch(value.strip()):
        return " (text, because of the quotes: write the number without them)"
    if boolean and value in YAML_BOOLEANS:
        return " (text, because of the quotes: remove the quotes)"
    return ""


_WHOLE_NUMBER = re.compile(r"[+-]?(0|[1-9][0-9]*)")
"""Text YAML reads as a whole number once its quotes are removed (``07`` would be octal)."""
YAML_BOOLEANS = frozenset(word for base in ("true", "false", "yes", "no", "on", "off")
                          for word in (base, base.capitalize(), base.upper()))
"""Text YAML reads as true or false once its quotes are removed (YAML 1.1, as PyYAML reads it)."""


def _show(value: Any) -> str:
    """A value as the author wrote it in YAML."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= SHOWN else value[: SHOWN - 4] + " ...")
    if isinstance(value, list | dict):
        text = yaml.safe_dump(value, default_flow_style=True, width=1000).strip()
        return text if len(text) <= SHOWN else text[: SHOWN - 4] + " ..."
    if isinstance(value, int) and value.bit_length() > 100:  # (thousands of digits: by its size)
        digits = int(value.bit_length() * 0.30103) + 1
        return f"a {'negative ' if value < 0 else ''}number of about {digits} digits"
    return str(value)


SHOWN = 120
"""Characters of a list or mapping a message quotes (a long value is cut short)."""


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
        self.unlisted = 0

    def add(self, path: Path_, message: str | Callable[[], str], related: Iterable[Path_] = ()) -> None:
        """Report ``message`` at ``path``; when ``path`` was inherited from a parent file,
        point at the line of this file that takes part (``path`` or one of ``related``).

        ``message`` may be a function that makes it, called only if the problem is listed:
        past ``MAX_PROBLEMS`` problems are only counted, so a record with thousands of
        unknown keys costs no spelling suggestion per key."""
        if len(self.found) >= MAX_PROBLEMS:
            self.unlisted += 1
            more = "1 more problem is" if self.unlisted == 1 else f"{self.unlisted} more problems are"
            self.found[MAX_PROBLEMS:] = [f"{self.filename}:1: (top level): {more} not listed; fix the "
                                         "ones above, then check again"]
            return
        if not isinstance(message, str):
            message = message()
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
