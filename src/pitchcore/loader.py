"""Loading variants: bundled names, files, and ``extends`` chains.

Parents named by ``extends`` are merged first; a slot whose ``kind`` changes is replaced
whole, otherwise only the fields the child names change. Every problem is reported at
once, each as ``file:line: key.path: what is wrong; what is valid``.
"""

from __future__ import annotations

import difflib
import functools
from importlib import resources
from pathlib import Path
from typing import Any

from .components import SLOT_ORDER
from .contradictions import contradictions
from .errors import VariantError
from .problems import _show, _suggest, _type_name
from .registry import SLOTS
from .switches import apply_switches, take_switches
from .validation import TOP_KEYS, _build, build_variant
from .variant import Variant
from .yaml_lines import Path_, Where, _at, _parse, _read

__all__ = ["build_variant", "bundled_variants", "contradictions", "load_variant", "load_variant_text"]


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
    switches = take_switches(data, lines, filename)
    switched_at = lines.get(("no_junk",), (filename, 1))
    chain = (*chain, (_identity(filename, base), filename))
    parent = data.pop("extends", None)
    if parent is None:
        apply_switches(data, lines, switches, switched_at)
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
    merged, merged_lines = _merge(parent_data, parent_lines, data, lines)
    apply_switches(merged, merged_lines, switches, switched_at)
    return merged, merged_lines


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
