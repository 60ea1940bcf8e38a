"""The variant file reference, ``docs/variants.md``, generated from the component registry.

Written from ``SLOTS``, ``KINDS`` and the bundled files rather than by hand, so a new
component or field is documented the moment it is registered, and a test fails when the
checked-in file falls behind. They describe pitchcore's own kinds only, whatever plugins
are installed (``pitchcore schema`` prints a schema with the plugins' kinds too).
``python -m pitchcore.docs`` rewrites every generated doc
(this one and ``docs/variant.schema.json``); ``--check`` only reports the stale ones.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import yaml

from ..components import SLOT_ORDER
from ..components.registry import SLOTS, Slot, bundled_kinds, describe
from ..loading.generated import DOCS_DIR, regenerate
from ..loading.loader import bundled_dir, bundled_variants, load_variant
from ..loading.schema import TOP_KEY_DOCS, field_schema, plain, schema_json, settable_fields
from ..loading.switches import SWITCHES
from ..loading.table_words import words_markdown
from ..loading.validation import TOP_KEYS

COMMAND = "python -m pitchcore.docs"

INTRO = """\
How each bundled variant plays, rule by rule, and where its rules come from is in
[rules.md](rules.md); this page is the file format.

A variant file is one YAML mapping. Its top keys describe the variant and may name a parent:

{top_keys}

A switch is a top key that stands for a slot setting:

{switches}

Then comes one key per slot, in the order a hand meets them:

{slots}

A slot holds a component, written either as

- its kind alone: `{kind_alone}`, or
- a mapping of `kind` and the fields to set: `{kind_mapping}`.

Fields left out keep their defaults, and a slot left out takes its default kind. Every whole
number has a range (each kind's Range column), far beyond any table that is played: a file
with a number outside it is refused. A list slot
holds one or more components in order, each a kind name or a mapping with `kind`.

A file that `extends` another gives only what differs. A slot that names the parent's kind,
or no kind, changes only the fields it gives; a different kind replaces the slot whole; a
list slot is always replaced whole.

`pitchcore check FILE` reports every problem of a file at once, including rules that span
slots. It also warns when a file that extends another drops one of the parent's rules
without saying so: a slot left empty or set to `none`, a `points` list without one of the
parent's categories, a new kind that puts back the default of a field the parent set; and
when it gives no `description`, so that it keeps the parent's.
[`variant.schema.json`](variant.schema.json) is a JSON Schema of the same format for
editors.

Python packages can add kinds of their own ([plugins.md](plugins.md)); this page lists
pitchcore's.
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(value: Any) -> str:
    """A value in YAML spelling, as a variant file writes it."""
    value = plain(value)
    if isinstance(value, list):
        text = "[" + ", ".join(_yaml_scalar(item) for item in value) + "]"
    else:
        text = _yaml_scalar(value)
    return f"`{text}`"


def _yaml_scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return '""' if value == "" else str(value)


def _type_text(schema: dict[str, Any]) -> str:
    if "anyOf" in schema:
        return " or ".join(_type_text(option) for option in schema["anyOf"])
    if "enum" in schema:
        return "choice"
    if schema["type"] == "array":
        return "list of " + ("choices" if "enum" in schema["items"] else "text")
    names = {"boolean": "true/false", "integer": "whole number", "string": "text", "null": "null"}
    return names[schema["type"]]


def _range_text(metadata: Any) -> str:
    """A number field's range, as the loader checks it (of a list of entries: each entry's number)."""
    least, most = metadata.get("minimum"), metadata.get("maximum")
    if least is None and most is None:
        return ""
    text = f"{'' if least is None else least} to {'' if most is None else most}".strip()
    return f"each {text}" if metadata.get("list") else text


def _kind_section(slot: Slot, kind: str, cls: type[Any]) -> list[str]:
    lines = [f"### `{slot.name}: {kind}`", "", describe(cls), ""]
    fields = settable_fields(cls)
    if not fields:
        return [*lines, "No fields.", ""]
    lines += ["| Field | Type | Default | Choices | Range | Description |", "|---|---|---|---|---|---|"]
    for attribute in fields:
        schema = field_schema(cls, attribute)
        default = _code(schema["default"]) if "default" in schema else ""
        choices = ", ".join(_code(choice) for choice in attribute.metadata.get("choices", ()))
        cells = [f"`{attribute.name}`", _type_text(schema), default, choices,
                 _range_text(attribute.metadata), attribute.metadata.get("doc", "")]
        lines.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return [*lines, ""]


def _slot_section(slot: Slot) -> list[str]:
    kinds = ", ".join(f"`{kind}`" for kind in bundled_kinds(slot.name))
    default = f"`{slot.default}`" if slot.default else "none (a file that extends nothing must give it)"
    holds = "a list of one or more components" if slot.many else "one component"
    lines = [f"## `{slot.name}`", "", slot.description, "",
             f"- Holds: {holds}", f"- Default kind: {default}", f"- Kinds: {kinds}", ""]
    for kind, cls in bundled_kinds(slot.name).items():
        lines += _kind_section(slot, kind, cls)
    return lines


def _extends(name: str) -> str:
    """The parent a bundled file names, read from the file itself (the loaded variant forgets it)."""
    data = yaml.safe_load(bundled_dir().joinpath(name + ".yaml").read_text(encoding="utf-8"))
    parent = data.get("extends") if isinstance(data, dict) else None
    return f"`{parent}`" if parent else ""


def _variants_table() -> list[str]:
    lines = ["## Bundled variants", "", "Each name links to the variant's rules in [rules.md](rules.md).", "",
             "| Name | Description | Source | Extends |", "|---|---|---|---|"]
    for name in bundled_variants():
        variant = load_variant(name)
        cells = [f"[`{name}`](rules.md#{name})", variant.description, variant.source, _extends(name)]
        lines.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return [*lines, ""]


def _slot_line(slot: Slot) -> str:
    default = f"Default `{slot.default}`" if slot.default else "No default: a file that extends nothing must give it"
    return f"- [`{slot.name}`](#{slot.name}): {slot.description} {'A list. ' if slot.many else ''}{default}."


def _examples() -> tuple[str, str]:
    """A kind alone and a kind with a field, from the last slot whose default kind has fields."""
    for name in reversed(SLOT_ORDER):
        slot = SLOTS[name]
        cls = bundled_kinds(name).get(slot.default or "")
        attributes = settable_fields(cls) if cls and not slot.many else []
        if cls and attributes:
            value = _code(field_schema(cls, attributes[0]).get("default")).strip("`")
            return f"{name}: {slot.default}", f"{name}: {{kind: {slot.default}, {attributes[0].name}: {value}}}"
    return "SLOT: KIND", "SLOT: {kind: KIND, FIELD: VALUE}"


def variants_markdown() -> str:
    """The whole of ``docs/variants.md``."""
    kind_alone, kind_mapping = _examples()
    intro = INTRO.format(switches="\n".join(f"- `{key}`: {doc}" for key, doc in SWITCHES.items()),
                         top_keys="\n".join(f"- `{key}`: {TOP_KEY_DOCS.get(key, '')}" for key in TOP_KEYS),
                         slots="\n".join(_slot_line(SLOTS[name]) for name in SLOT_ORDER),
                         kind_alone=kind_alone, kind_mapping=kind_mapping)
    lines = ["# Variant files", "", f"<!-- Generated from the component registry by `{COMMAND}`; "
             "do not edit by hand. -->", "", intro, words_markdown()]
    for name in SLOT_ORDER:
        lines += _slot_section(SLOTS[name])
    lines += _variants_table()
    return "\n".join(lines).rstrip("\n") + "\n"


GENERATED: dict[str, Callable[[], str]] = {"variants.md": variants_markdown, "variant.schema.json": schema_json}
"""Every generated file in the docs folder, by file name."""


def main(argv: Sequence[str] | None = None, only: Sequence[str] = (), prog: str = COMMAND) -> int:
    """Rewrite the generated docs (``only`` these, if given), or with ``--check`` exit 1 when any
    is missing or stale."""
    files = {name: generate for name, generate in GENERATED.items() if not only or name in only}
    return regenerate(files, DOCS_DIR, argv, prog)


if __name__ == "__main__":
    sys.exit(main())
