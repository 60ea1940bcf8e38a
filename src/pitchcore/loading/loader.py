"""Loading variants: bundled names, files, and ``extends`` chains.

Parents named by ``extends`` are merged first; a slot whose ``kind`` changes is replaced
whole, otherwise only the fields the child names change. Every problem is reported at
once, each as ``file:line: key.path: what is wrong; what is valid``.
"""

from __future__ import annotations

import copy
import difflib
import functools
import os
import re
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import yaml

from ..components import SLOT_ORDER
from ..components.registry import KINDS, LONGEST_TEXT, SLOTS
from ..components.variant import Variant
from ..model.errors import VariantError
from .contradictions import contradictions
from .problems import _show, _suggest, _type_name
from .schema import plain
from .switches import SWITCHES, apply_switches, take_switches
from .validation import TOP_KEYS, _build, build_variant
from .yaml_limits import MAX_EXTENDS
from .yaml_lines import Path_, Where, _at, _decoded, _parse, _read, missing_colon, placeholder

__all__ = ["build_variant", "bundled_variants", "contradictions", "load_variant", "load_variant_text",
           "variant_warnings"]


def bundled_dir() -> Any:
    return resources.files("pitchcore").joinpath("variants")


def bundled_variants() -> list[str]:
    """Names of the variants shipped with pitchcore."""
    return sorted(entry.name[:-5] for entry in bundled_dir().iterdir()
                  if entry.name.endswith(".yaml"))


def load_variant(name_or_path: str | os.PathLike[str], *, base: str | os.PathLike[str] | None = None) -> Variant:
    """A bundled variant by name, or a YAML variant file by path.

    A bundled name always means the bundled variant, whatever files lie about. A file's
    ``extends`` may name a bundled variant or a path relative to that file, which must
    stay inside ``base`` (default: the folder of the file loaded here).
    """
    if not isinstance(name_or_path, str | os.PathLike):
        raise VariantError(f"load_variant takes a bundled name or a path, not {type(name_or_path).__name__}; "
                           f"bundled: {', '.join(bundled_variants())}")
    text = os.fspath(name_or_path)
    if isinstance(name_or_path, str) and text in bundled_variants():
        return _load_bundled(text)
    path = Path(text)
    if not _is_file(path):
        raise VariantError(
            f"{_cut(text)}: no such variant file, and no bundled variant of that name; "
            f"{_suggest(text[:MAX_NAME], bundled_variants(), 'bundled')}")
    root = _folder(path.parent if base is None else Path(base), "base")
    return _load(_read(path, str(path)), str(path), path.parent, root)


@functools.cache
def _load_bundled(name: str) -> Variant:
    source = bundled_dir().joinpath(name + ".yaml")
    return _load(source.read_text(encoding="utf-8"), f"variants/{name}.yaml", None, None)


def load_variant_text(text: str | bytes, filename: str = "(text)",
                      base: str | os.PathLike[str] | None = None) -> Variant:
    """Build a variant from YAML text (a house file a player uploaded, say).

    ``filename`` is how messages name the text. With ``base=None`` its ``extends`` may
    name only a bundled variant; with a folder, also a file in that folder (a path
    relative to it that stays inside it).
    """
    if isinstance(text, bytes):
        text = _decoded(text, filename)
    if not isinstance(text, str):
        raise VariantError(f"{filename}:1: (top level): expected the variant's YAML text, "
                           f"got {type(text).__name__}")
    root = None if base is None else _folder(Path(base), "base")
    return _load(text, filename, root, root)


def variant_warnings(name_or_path: str | os.PathLike[str], *,
                     base: str | os.PathLike[str] | None = None) -> list[str]:
    """What ``pitchcore check`` warns of in a variant file, each as ``file:line: key: what is
    dropped; how to keep it``: rules of the parent that the file's own keys drop without
    saying so (an empty slot, a slot set to kind ``none``, a ``points`` list that leaves out a
    parent's category, a new kind that resets a field the parent set), and the parent's
    description kept by a file that gives none. The file still loads.

    Empty for a bundled variant, and for a file that cannot be read or resolved
    (``load_variant`` says why)."""
    text = os.fspath(name_or_path)
    if isinstance(name_or_path, str) and text in bundled_variants():
        return []
    path = Path(text)
    warnings: list[str] = []
    try:
        root = _folder(path.parent if base is None else Path(base), "base")
        _resolve(_read(path, str(path)), _printable(str(path)), _Place(path.parent, root), (), [],
                 warnings)
    except VariantError:
        pass
    return warnings


def _load(text: str, filename: str, folder: Path | None, root: Path | None) -> Variant:
    filename = _printable(filename)
    found: list[str] = []
    data, lines = _resolve(text, filename, _Place(folder, root), (), found)
    return _build(data, lines, filename, found)


@attrs.frozen
class _Place:
    """Where a file's ``extends`` path is looked up: its own folder, inside the caller's root."""

    folder: Path | None
    """The folder relative paths start from (None: only bundled names may be extended)."""
    root: Path | None
    """The resolved folder no parent may lie outside of."""


def _chain_error(message: str) -> VariantError:
    """A fault of the ``extends`` chain as a whole (a circle, too many files): it names the
    chain's files only, and is shown as it is from whichever file finds it."""
    error = VariantError(message)
    error.whole_chain = True  # type: ignore[attr-defined]
    return error


MAX_NAME = 255
"""The longest ``extends`` path (and the most of a name a message repeats)."""


def _resolve(text: str, filename: str, place: _Place, chain: tuple[tuple[str, str], ...],
             found: list[str], warnings: list[str] | None = None) -> tuple[dict[str, Any], dict[Path_, Where]]:
    """Merged data and key lines of a file and its ``extends`` parents (nearest last); with
    ``warnings``, the rules of the parent this file drops go there (``variant_warnings``)."""
    data, lines = _parse(text, filename, found)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        hint = missing_colon(data, (*TOP_KEYS, *SLOT_ORDER, *SWITCHES)) if isinstance(data, str) else None
        raise VariantError(f"{_at(lines, (), filename)}: (top level): expected a mapping of keys "
                           f"({', '.join(TOP_KEYS + SLOT_ORDER)}), got {_type_name(data)}"
                           + (f"; {hint}" if hint else ""))
    switches = take_switches(data, lines, filename)
    switched_at = lines.get(("no_junk",), (filename, 1))
    chain = (*chain, (_identity(filename, place), filename))
    parent = data.pop("extends", None)
    if parent is None:
        apply_switches(data, lines, switches, switched_at)
        return data, lines
    unnamed = "name" not in data
    if len(chain) == 1 and unnamed and not placeholder(filename):
        data["name"] = Path(filename).stem[:LONGEST_TEXT["name"]]  # named for itself, not its parent
    where = _at(lines, ("extends",), filename)
    if not isinstance(parent, str):
        raise VariantError(f"{where}: extends: expected the name of a bundled variant or a "
                           f"path to a YAML file, got {_show(parent)}; "
                           f"bundled: {', '.join(bundled_variants())}")
    if parent in bundled_variants():  # never a file of that name: bundled names cannot be shadowed
        parent_name = f"variants/{parent}.yaml"
        parent_text = bundled_dir().joinpath(parent + ".yaml").read_text(encoding="utf-8")
        parent_place = _Place(None, None)
    else:
        path = _parent_path(parent, place, where)
        parent_name, parent_place, parent_text = str(path), _Place(path.parent, place.root), ""
    identity = _identity(parent_name, parent_place)
    if identity in (seen for seen, _ in chain):
        names = [shown for _, shown in chain] + [parent_name]
        raise _chain_error(
            f"{where}: extends: {parent!r} leads back to a file already being read "
            f"({' -> '.join(names)}); files cannot extend each other in a circle: make one of "
            "them extend a bundled variant, or nothing")
    if len(chain) >= MAX_EXTENDS:
        raise _chain_error(f"{where}: extends: {' -> '.join(shown for _, shown in chain)} -> ... is a "
                          f"chain of more than {MAX_EXTENDS} files; make one of them extend a bundled variant")
    if parent_place.folder is None:
        parent_data, parent_lines = _resolve(parent_text, parent_name, parent_place, chain, found)
    else:
        parent_data, parent_lines = _parent_data(path, parent_place, chain, where)
    if warnings is not None:
        warnings.extend(_inherited_text(parent, parent_data, data, unnamed, where))
        warnings.extend(_dropped(parent_data, parent_lines, data, lines, filename))
    merged, merged_lines = _merge(parent_data, parent_lines, data, lines)
    apply_switches(merged, merged_lines, switches, switched_at)
    return merged, merged_lines


def _parent_data(path: Path, place: _Place, chain: tuple[tuple[str, str], ...],
                 where: str) -> tuple[dict[str, Any], dict[Path_, Where]]:
    """A parent file's resolved data, checked as a variant of its own.

    Its problems are not repeated here: a message quotes what a file says, and a file
    other than the one being loaded may hold anything (the server's own files among them).
    The message says where the first problem is, so the file's owner can load it.
    """
    found: list[str] = []
    filename = str(path)
    try:
        data, lines = _resolve(_read(path, filename), filename, place, chain, found)
        _build(copy.deepcopy(data), lines, filename, found)
    except VariantError as error:
        if getattr(error, "whole_chain", False):
            raise
        count = len(error.problems)
        first = re.match(re.escape(filename) + r":(\d+): ", error.problems[0])
        at = f", the first on its line {first.group(1)}" if first else ""
        raise VariantError(
            f"{where}: extends: {_cut(filename)!r} is not a valid variant ({count} problem"
            f"{'s' if count > 1 else ''}{at}); load that file on its own to see "
            f"{'them' if count > 1 else 'it'}") from None
    return data, lines


def _parent_path(parent: str, place: _Place, where: str) -> Path:
    """The file an ``extends`` path names, refused unless it lies inside the root folder."""
    hint = f"bundled: {', '.join(bundled_variants())}"
    close = difflib.get_close_matches(parent[:MAX_NAME], bundled_variants(), n=1)
    hint += f" (did you mean {close[0]!r}?)" if close else ""
    if place.folder is None or place.root is None:
        raise VariantError(f"{where}: extends: {_cut(parent)!r} is not a bundled variant, and this "
                           f"text may extend only a bundled variant (it was loaded without a base "
                           f"folder); {hint}")
    if len(parent) > MAX_NAME or not parent.isprintable():
        raise VariantError(f"{where}: extends: {_cut(parent)!r} is not a usable file name (at most "
                           f"{MAX_NAME} printable characters); write a bundled name or a short path "
                           f"relative to this file; {hint}")
    if Path(parent).is_absolute() or Path(parent).drive:
        raise VariantError(f"{where}: extends: {_cut(parent)!r} is an absolute path; write the path "
                           f"relative to this file's folder (files may be read only from inside the "
                           f"base folder); {hint}")
    path = place.folder / parent
    try:
        inside = path.resolve().is_relative_to(place.root)
    except (OSError, RuntimeError, ValueError):
        inside = False
    if not inside:
        raise VariantError(f"{where}: extends: {_cut(parent)!r} leads outside the base folder, "
                           f"where files may not be read (pass base= to load_variant to allow a "
                           f"wider folder); {hint}")
    if not _is_file(path):
        files = sorted(entry.name for entry in path.parent.glob("*.y*ml")) if _is_dir(path.parent) else []
        close = difflib.get_close_matches(parent, bundled_variants() + files, n=1)
        hint = f"bundled: {', '.join(bundled_variants())}" + (f" (did you mean {close[0]!r}?)" if close else "")
        raise VariantError(
            f"{where}: extends: {parent!r} is neither a bundled variant nor a file: {_searched(path)}; "
            f"extends also takes a bundled name; {hint}")
    return path


def _searched(path: Path) -> str:
    """Where an ``extends`` path was looked for, in words: the folder it is read from, and
    the folder it names when that one is missing."""
    searched = (f"looked in {_printable(path.parent)} for {_printable(path.name)} (an extends path is "
                "read from the folder of the file that names it, or from the base folder)")
    if not _is_dir(path.parent):
        return f"{searched}, and there is no such folder"
    return searched


def _identity(filename: str, place: _Place) -> str:
    """What two spellings of the same file have in common, for spotting extends cycles."""
    return str(Path(filename).resolve()) if place.folder is not None else filename


def _folder(path: Path, what: str) -> Path:
    """``path`` resolved, as the folder ``extends`` paths must stay inside."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError) as error:
        raise VariantError(f"{_cut(str(path))}: the {what} folder cannot be used: {error}") from None


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the system, a NUL byte
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _printable(filename: object) -> str:
    """A file name as messages show it: one line, at most 200 characters (a server may pass
    the name a player gave the upload)."""
    text = "".join(char if char.isprintable() else "?" for char in str(filename))
    return text if len(text) <= 200 else text[:197] + "..."


def _cut(text: str) -> str:
    """A name as a message repeats it: cut short when long."""
    return text if len(text) <= 80 else text[:77] + "..."


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


# ---------------------------------------------------------------- what a child file drops or keeps unsaid

def _inherited_text(parent: str, parent_data: dict[str, Any], data: dict[str, Any], unnamed: bool,
                    where: str) -> list[str]:
    """A warning for the parent's description that a file without its own keeps: tools would
    describe the house rules as the parent. (A file without ``name:`` is named for its file
    by ``_resolve``, never for its parent: the warning says so.)"""
    if "description" in data or not parent_data.get("description"):
        return []
    named = f" (their name comes from the file name, {_show(data['name'])})" if unnamed and "name" in data else ""
    return [f"{where}: description: missing, so the house rules keep the description of {parent}{named}; "
            "add description: and one line saying how your table plays"]


def _dropped(parent: dict[str, Any], parent_lines: dict[Path_, Where], child: dict[str, Any],
             child_lines: dict[Path_, Where], filename: str) -> list[str]:
    """Warnings for the parent's rules that ``child``'s slots drop as ``_merge`` replaces them."""
    found: list[str] = []
    for key, value in child.items():
        old = parent.get(key)
        if key not in SLOTS or old is None:
            continue
        where = f"{_at(child_lines, (key,), filename)}: {key}"
        if SLOTS[key].many:
            found.extend(f"{where}: {message}" for message in _dropped_items(key, old, value, parent_lines))
        else:
            found.extend(f"{where}: {message}" for message in _dropped_slot(key, old, value, parent_lines))
    return found


EMPTY = "none"
"""The kind of a slot that holds no rule (``shoot: none``, ``exchange: none``)."""


def _dropped_slot(key: str, old: Any, value: Any, parent_lines: dict[Path_, Where]) -> list[str]:
    default = SLOTS[key].default
    old = {"kind": old} if isinstance(old, str) else old
    if not isinstance(old, dict):
        return []
    old_kind = old.get("kind", default)
    from_parent = f"{_flow(old)}, from {_at(parent_lines, (key,), '?')}"
    if value is None and old != {"kind": default} and old_kind is not None:
        return [f"left empty, so it takes the default kind {default} and drops the parent's {key} "
                f"({from_parent}); to keep the parent's, remove this line"]
    value = {"kind": value} if isinstance(value, str) else value
    if not isinstance(value, dict):
        return []
    kind = value.get("kind", old_kind)
    if kind == old_kind:
        return []
    if kind == EMPTY:
        return [f"{EMPTY} drops the parent's {key} rule ({from_parent}); to keep it, remove "
                f"this line (if dropping it is meant, nothing needs to change)"]
    cls = KINDS[key].get(kind) if isinstance(kind, str) else None
    fields = attrs.fields_dict(cls) if cls is not None else {}
    reset = [(name, setting, plain(fields[name].default)) for name, setting in old.items()
             if name != "kind" and name not in value and name in fields
             and setting != plain(fields[name].default) and cls is not None and _may_keep(cls, name, setting)]
    return [f"kind {kind} replaces the parent's {old_kind} whole, so {name}: {_flow(setting)} (from "
            f"{_at(parent_lines, (key, name), '?')}) goes back to its default {_flow(default)}; "
            f"to keep it, write {name}: {_flow(setting)} here" for name, setting, default in reset]


def _may_keep(cls: type[Any], name: str, setting: Any) -> bool:
    """True when kind ``cls`` takes ``name: setting`` (no-junk refuses set-back's
    ``set_bid_to: defenders``: the reset is then the point of the new kind, not a loss)."""
    try:
        made = cls(**{name: setting})
        return not any(field == name for field, _ in getattr(made, "problems", list)())
    except Exception:  # a value the kind cannot hold: the loader's check reports it
        return False


def _dropped_items(key: str, old: Any, value: Any, parent_lines: dict[Path_, Where]) -> list[str]:
    """A list slot is replaced whole: the parent's entries (by name) the new list leaves out."""
    if not isinstance(old, list) or not isinstance(value, list):
        return []
    names = {_entry_name(key, item) for item in value}
    left_out = [(index, item) for index, item in enumerate(old) if _entry_name(key, item) not in names]
    if not left_out:
        return []
    shown = ", ".join(str(_entry_name(key, item)) for _, item in left_out)
    where = _at(parent_lines, (key, left_out[0][0]), "?")
    if not value:
        return [f"an empty list drops every entry of the parent's {key} ({shown}, from {where}); a "
                f"variant needs at least one: to keep the parent's, remove this line"]
    items = ", ".join(_flow(item) for _, item in left_out)
    it = "it" if len(left_out) == 1 else "them"
    return [f"this list replaces the parent's whole and leaves out {shown} (from {where}); to keep "
            f"{it}, add {items} to the list (if dropping {it} is meant, nothing needs to change)"]


def _flow(value: Any) -> str:
    """A value as a variant file would write it on one line, keys in the file's order."""
    text: str = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10_000)
    return text.strip().removesuffix("...").strip()


def _entry_name(key: str, item: Any) -> str | None:
    """The name a list entry reports under: its ``name``, else its kind's default name."""
    item = {"kind": item} if isinstance(item, str) else item
    if not isinstance(item, dict):
        return None
    if isinstance(item.get("name"), str):
        return str(item["name"])
    kind = item.get("kind")
    cls = KINDS[key].get(kind) if isinstance(kind, str) else None
    name = attrs.fields_dict(cls).get("name") if cls is not None else None
    return name.default if name is not None and isinstance(name.default, str) else str(kind)
