"""The generated docs: in step with the registry, and a schema that accepts what the loader accepts.

``docs/variants.md`` and ``docs/variant.schema.json`` are written by ``python -m pitchcore.docs``
from the component registry; these tests fail when either falls behind, when the markdown
skips a component, and when the schema and the loader disagree about a file's shape.
"""

from __future__ import annotations

import copy
import json
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml
from jsonschema import Draft202012Validator

import pitchcore as pc
from pitchcore import VariantError, load_variant_text
from pitchcore.components import SLOT_ORDER, registry
from pitchcore.loading.schema import schema_json, settable_fields, value_schema, variant_schema
from pitchcore.loading.validation import _check
from pitchcore.tools.docs import COMMAND, main, variants_markdown

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
VARIANT_FILES = sorted((ROOT / "src" / "pitchcore" / "variants").glob("*.yaml")) + sorted(
    (ROOT / "examples").glob("*.yaml"))
CANDIDATES: tuple[Any, ...] = (None, True, False, 0, -1, 1, 3, 1.5, "", "x", "7", "moon", [], ["jick"],
                               ["x"], [1], {})
"""Values tried in every field (with its choices); no whole-number floats such as 7.0, which
JSON Schema counts as integers and the loader does not."""


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = variant_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_problems(validator: Draft202012Validator, document: Any) -> list[str]:
    """Each failed check as ``path: message``, looking inside anyOf branches for the ones that
    say which value is wrong."""
    found: list[str] = []
    errors = list(validator.iter_errors(document))
    while errors:
        error = errors.pop(0)
        found.append(f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}")
        errors.extend(error.context or ())
    return found


def loads(document: dict[str, Any]) -> bool:
    try:
        load_variant_text(json.dumps(document), "<test>")  # (JSON is YAML, and far quicker to write)
    except VariantError:
        return False
    return True


@pytest.mark.parametrize(("filename", "generate"), [("variants.md", variants_markdown),
                                                     ("variant.schema.json", schema_json)])
def test_generated_docs_are_up_to_date(filename: str, generate: typing.Callable[[], str]) -> None:
    path = DOCS / filename
    assert path.is_file(), f"docs/{filename} is missing; generate it with: {COMMAND}"
    assert path.read_text(encoding="utf-8") == generate(), (
        f"docs/{filename} is out of date with the component registry; regenerate it with: {COMMAND}")


def test_check_fails_on_stale_docs_until_they_are_written(tmp_path: Path) -> None:
    assert main(["--check", "--dir", str(tmp_path)]) == 1
    assert main(["--dir", str(tmp_path)]) == 0
    assert main(["--check", "--dir", str(tmp_path)]) == 0
    (tmp_path / "variant.schema.json").write_text("{}\n", encoding="utf-8")
    assert main(["--check", "--dir", str(tmp_path)]) == 1


def test_markdown_documents_every_slot_kind_field_and_bundled_variant() -> None:
    text = variants_markdown()
    for slot_name in SLOT_ORDER:
        assert f"## `{slot_name}`" in text
    for slot_name, kinds in registry.KINDS.items():
        for kind, cls in kinds.items():
            section = text.split(f"### `{slot_name}: {kind}`\n", 1)
            assert len(section) == 2, f"{slot_name} kind {kind} is not documented"
            body = section[1].split("\n#", 1)[0]
            assert registry.describe(cls) in body
            for attribute in settable_fields(cls):
                assert f"| `{attribute.name}` |" in body, f"{slot_name} {kind}.{attribute.name} is not documented"
    for name in pc.bundled_variants():
        assert f"| [`{name}`](rules.md#{name}) |" in text  # linked to its rules


@pytest.mark.parametrize("path", VARIANT_FILES, ids=lambda path: path.name)
def test_bundled_and_example_files_pass_the_schema(validator: Draft202012Validator, path: Path) -> None:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert schema_problems(validator, document) == []


@pytest.mark.parametrize("name", pc.bundled_variants())
def test_resolved_variants_pass_the_schema(validator: Draft202012Validator, name: str) -> None:
    """Every field spelt out and nothing extended: the strictest shape a valid file takes."""
    assert schema_problems(validator, pc.load_variant(name).to_dict()) == []


@pytest.mark.parametrize("text", [
    "extends: auction-pitch\nwidow: null\n",                       # null: the slot's default kind
    "extends: hi-lo-jack\nexchange: {keep: 5}\n",                  # no kind: the parent's kind
    "extends: haus-pitch\nshoot: {bid: moon, failed: -5}\n",       # a number where a choice may go
    "extends: auction-pitch\nshoot: {kind: none, bid: null}\n",
    "extends: auction-pitch\ntrump: named\npoints: [high, low, {kind: jack}, game]\n",
    "extends: auction-pitch\ndeal: {}\n",
    "extends: null\npoints: [high, low, jack, game]\nauction: {min_bid: 1}\n",
    "points: [high, low, jack, game]\nauction: {max_bid: 4}\ngoing_out: {target: 7}\n",
])
def test_shapes_the_loader_accepts_pass_the_schema(validator: Draft202012Validator, text: str) -> None:
    load_variant_text(text, "<test>")
    assert schema_problems(validator, yaml.safe_load(text)) == []


@pytest.mark.parametrize(("document", "where"), [
    ({"extends": "auction-pitch", "widow": "kitty"}, "widow"),                             # unknown kind
    ({"extends": "auction-pitch", "points": [{"kind": "lo"}]}, "points/0/kind"),
    ({"extends": "auction-pitch", "auction": {"min_bids": 2}}, "auction"),                 # unknown field
    ({"extends": "auction-pitch", "widow": {"kind": "none", "count": 3}}, "widow"),        # another kind's
    ({"extends": "auction-pitch", "auction": {"all_pass": "stick"}}, "auction/all_pass"),  # bad choice
    ({"extends": "auction-pitch", "shoot": {"made": "win_game"}}, "shoot/made"),
    ({"extends": "auction-pitch", "exchange": {"kind": "draw", "max_discard": -1}}, "exchange/max_discard"),
    ({"extends": "auction-pitch", "going_out": {"target": 0}}, "going_out/target"),        # below minimum
    ({"extends": "auction-pitch", "going_out": {"target": "7"}}, "going_out/target"),      # quoted number
    ({"extends": "auction-pitch", "auction": {"dealer_may_take": "yes"}}, "auction/dealer_may_take"),
    ({"extends": "auction-pitch", "trump": {"extras": ["joker"]}}, "trump/extras/0"),
    ({"extends": "auction-pitch", "points": {"kind": "high"}}, "points"),                  # not a list
    ({"extends": "auction-pitch", "points": []}, "points"),
    ({"extends": "auction-pitch", "points": [{"receiver": "holder"}]}, "points/0"),        # item without kind
    ({"extends": "auction-pitch", "points": None}, "points"),
    ({"extends": "auction-pitch", "target": 7}, "(top)"),                                  # unknown top key
    ({"extends": ["auction-pitch"]}, "extends"),
    ({"extends": "auction-pitch", "name": 7}, "name"),
    ({"deal": "packets", "shoot": {"kind": "all-points", "bid": 4}}, "(top)"),             # points missing
    ({"points": ["high", "game"], "exchange": {"keep": 6}}, "exchange"),                   # default kind's fields
    (["extends", "auction-pitch"], "(top)"),
])
def test_invalid_documents_fail_the_schema(validator: Draft202012Validator, document: Any, where: str) -> None:
    found = schema_problems(validator, document)
    assert found, "the schema accepted an invalid document"
    assert any(problem.startswith(f"{where}:") for problem in found), found
    if isinstance(document, dict):
        assert not loads(document), "the loader accepts it, so the schema must too"


@pytest.mark.parametrize("name", [
    "below-minimum", "extends-not-a-name", "field-at-top-level", "field-of-another-kind", "missing-points",
    "name-not-text", "not-a-choice", "not-a-choice-or-number", "not-a-mapping", "points-not-a-list",
    "quoted-number", "several-problems", "unknown-field", "unknown-kind", "unknown-kind-in-points",
    "unknown-top-level-key", "wrong-type",
])
def test_bad_variant_files_with_a_shape_problem_fail_the_schema(validator: Draft202012Validator, name: str) -> None:
    path = ROOT / "tests" / "bad_variants" / f"{name}.yaml"
    if not path.is_file():
        pytest.skip(f"{path.name} is gone")
    assert schema_problems(validator, yaml.safe_load(path.read_text(encoding="utf-8")))


def _base(slot_name: str, kind: str) -> tuple[dict[str, Any], dict[str, Any], bool]:
    """A resolved bundled variant using ``kind`` (auction-pitch given it, if none does),
    the component mapping in it to vary, and whether the variant is bundled as it is."""
    for name in pc.bundled_variants():
        document = pc.load_variant(name).to_dict()
        items = document[slot_name] if registry.SLOTS[slot_name].many else [document[slot_name]]
        for item in items:
            if item["kind"] == kind:
                return document, item, True
    document = pc.load_variant("auction-pitch").to_dict()
    item = {"kind": kind}
    if registry.SLOTS[slot_name].many:
        document[slot_name].append(item)
    else:
        document[slot_name] = item
    return document, item, False


@pytest.mark.parametrize(("slot_name", "kind"), [(slot_name, kind) for slot_name, kinds in registry.KINDS.items()
                                                 for kind in kinds])
def test_schema_and_loader_agree_on_every_field_value(validator: Draft202012Validator, slot_name: str,
                                                      kind: str) -> None:
    """Each value the loader takes in a field passes the schema, and each value it refuses for its
    type, choices or minimum fails it (whole files: rules spanning slots may still refuse it)."""
    cls = registry.KINDS[slot_name][kind]
    hints = typing.get_type_hints(cls)
    base, item, bundled = _base(slot_name, kind)
    path = [slot_name, *([base[slot_name].index(item)] if registry.SLOTS[slot_name].many else [])]
    if bundled:
        assert loads(base), f"{base['name']} does not load from its own JSON"  # (else loads tells nothing)
    for attribute in settable_fields(cls):
        field_validator = Draft202012Validator(value_schema(hints[attribute.name], attribute.metadata))
        for value in (*CANDIDATES, *attribute.metadata.get("choices", ()), plain_default(attribute)):
            fits = _check(value, hints[attribute.name], attribute.metadata) is None
            assert field_validator.is_valid(value) == fits, (slot_name, kind, attribute.name, value)
            document = copy.deepcopy(base)
            component = document[slot_name][path[1]] if len(path) == 2 else document[slot_name]
            component[attribute.name] = value
            where = f"{slot_name}.{attribute.name} = {value!r}"
            problems = schema_problems(validator, document)
            assert (problems == []) == fits, (where, problems)
            if loads(document):
                assert problems == [], (where, problems)


def plain_default(attribute: attrs.Attribute[Any]) -> Any:
    default = attribute.default
    return list(default) if isinstance(default, tuple) else default
