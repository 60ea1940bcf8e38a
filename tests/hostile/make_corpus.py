"""A corpus of hostile and corrupted variant files, generated (never hand-listed).

Each case is a folder holding ``house.yaml`` (the file a player uploads) and, where the
attack needs them, files beside it (parents, a stray file named like a bundled variant, a
symlink). The corpus root also holds ``secret.yaml``, outside every case folder: no
message may ever quote it. Run ``python tests/hostile/make_corpus.py DIR`` to write the
corpus out and look at it; the test suite writes it to a temporary folder.

Families: deep nesting, alias bombs, oversized files, huge and odd numbers for every
number field the registry knows, ``extends`` escapes, YAML tags and odd scalars, broken
encodings, and seeded random mutations of every bundled variant.
"""

from __future__ import annotations

import json
import random
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

import pitchcore as pc
from pitchcore.components.registry import KINDS, SLOTS

CANARY = "CANARY-4d1b9e"
"""Written in ``secret.yaml`` and in stray files: it must never reach a message."""
SECRET = f"# private server file\nauction: {{kind: {CANARY}}}\npassword: {CANARY}\n"


@attrs.frozen
class Case:
    """One hostile upload: ``house.yaml``'s bytes and the files beside it."""

    name: str
    house: bytes
    beside: dict[str, bytes | str] = attrs.field(factory=dict)
    """Companion files by name; a ``str`` value makes a symlink to that target instead."""
    expect: str = "error"
    """``error``: must be refused; ``any``: refused or loaded; ``bundled:NAME``: must load
    equal to that bundled variant."""


def corpus() -> Iterator[Case]:
    """Every case, in a fixed order (the random mutations are seeded), names made unique."""
    seen: dict[str, int] = {}
    for family in (_nesting(), _aliases(), _sizes(), _numbers(), _extends(), _odd_yaml(), _encodings(),
                   _mutations(random.Random(12), per_variant=12)):
        for case in family:
            seen[case.name] = seen.get(case.name, 0) + 1
            yield case if seen[case.name] == 1 else attrs.evolve(case, name=f"{case.name}-{seen[case.name]}")


def _text(text: str) -> bytes:
    return text.encode("utf-8")


# -- nesting ---------------------------------------------------------------------------

_NESTS = {
    "dash": lambda n: "- " * n + "x",
    "question": lambda n: "? " * n + "x",
    "brackets": lambda n: "[" * n + "]" * n,
    "braces": lambda n: "{" * n + "}" * n,
    "flow-map": lambda n: "{a: " * n + "x" + "}" * n,
    "open-bracket": lambda n: "[" * n,
}


def _nesting() -> Iterator[Case]:
    for style, make in _NESTS.items():
        for depth in (33, 2_000, 30_000):
            deep = make(depth)
            yield Case(f"nest-{style}-{depth}-top", _text(deep + "\n"))
            yield Case(f"nest-{style}-{depth}-name", _text(f"extends: auction-pitch\nname: {deep}\n"))
            yield Case(f"nest-{style}-{depth}-slot",
                       _text(f"extends: auction-pitch\nauction:\n  min_bid: {deep}\n"))
            yield Case(f"nest-{style}-{depth}-parent", _text("extends: parent.yaml\n"),
                       {"parent.yaml": _text(f"extends: auction-pitch\npoints: {deep}\n")})
    for depth in (40, 500):
        indented = "".join(" " * level + f"k{level}:\n" for level in range(depth))
        yield Case(f"nest-indent-{depth}", _text(indented))
        block = "".join("  " * level + "-\n" for level in range(depth))
        yield Case(f"nest-block-list-{depth}", _text("extends: auction-pitch\npoints:\n" + block))


# -- aliases ---------------------------------------------------------------------------


def _laughs(levels: int, fan: int, key: str = "l") -> str:
    lines = [f"{key}0: &{key}0 [lol]"]
    for level in range(1, levels):
        lines.append(f"{key}{level}: &{key}{level} [" + ", ".join([f"*{key}{level - 1}"] * fan) + "]")
    return "\n".join(lines) + "\n"


def _aliases() -> Iterator[Case]:
    bomb = _laughs(12, 9)
    for where in ("extends", "name", "description", "auction", "points", "deal"):
        yield Case(f"alias-bomb-{where}", _text(f"{bomb}{where}: *l11\n"))
    yield Case("alias-bomb-extras", _text(f"extends: haus-pitch\n{bomb}trump: {{extras: *l11}}\n"))
    yield Case("alias-bomb-in-slot-field", _text(f"extends: auction-pitch\n{bomb}auction: {{min_bid: *l11}}\n"))
    merges = ["extends: auction-pitch", "m0: &m0 {kind: single-round, min_bid: 2}"]
    for level in range(1, 14):
        merges.append(f"m{level}: &m{level}\n  <<: [" + ", ".join([f"*m{level - 1}"] * 6) + "]\n  x{level}: 1")
    yield Case("alias-merge-fan-out", _text("\n".join(merges) + "\nauction: *m13\n"))
    chain = ["extends: auction-pitch", "c0: &c0 [x]"] + [f"c{i}: &c{i} [*c{i - 1}]" for i in range(1, 2_500)]
    yield Case("alias-chain-long", _text("\n".join(chain) + "\nauction: *c2499\n"))
    yield Case("alias-chain-short-slot", _text("\n".join(chain[:60]) + "\nauction: *c57\n"))
    yield Case("alias-self", _text("extends: auction-pitch\nauction: &a {min_bid: *a}\n"))
    yield Case("alias-self-list", _text("extends: auction-pitch\npoints: &p [*p]\n"))
    yield Case("alias-undefined", _text("extends: auction-pitch\nauction: *nowhere\n"))
    yield Case("alias-bomb-parent", _text("extends: parent.yaml\n"),
               {"parent.yaml": _text(f"extends: auction-pitch\n{bomb}description: *l11\n")})
    wide = "extends: auction-pitch\nw: &w [" + ", ".join(["x"] * 100) + "]\n"
    yield Case("alias-wide-fan", _text(wide + "v: [" + ", ".join(["*w"] * 200) + "]\n"))


# -- sizes -----------------------------------------------------------------------------


def _sizes() -> Iterator[Case]:
    limit = 64 * 1024
    yield Case("size-comment-over-limit", _text("extends: auction-pitch\n#" + "x" * limit + "\n"))
    yield Case("size-5mb-keys", _text("extends: auction-pitch\n" + "".join(
        f"key{i}: value {i}\n" for i in range(300_000))))
    yield Case("size-5mb-scalar", _text("extends: auction-pitch\nname: " + "x" * 5_000_000 + "\n"))
    yield Case("size-5mb-list", _text("extends: auction-pitch\npoints: [" + "high, " * 800_000 + "]\n"))
    yield Case("size-many-unknown-keys", _text("extends: auction-pitch\n" + "".join(
        f"k{i}: {i}\n" for i in range(2_400))), expect="error")
    yield Case("size-many-points", _text("extends: auction-pitch\npoints: [" + ", ".join(["high"] * 2_000) + "]\n"))
    yield Case("size-many-empty-lists", _text("extends: auction-pitch\npoints: [" + ", ".join(["[]"] * 2_000) + "]\n"))
    yield Case("size-long-name", _text("extends: auction-pitch\nname: " + "x" * 60_000 + "\n"), expect="any")
    yield Case("size-long-description", _text("extends: auction-pitch\ndescription: " + "y " * 30_000 + "\n"),
               expect="any")
    yield Case("size-long-key", _text("extends: auction-pitch\n" + "k" * 60_000 + ": 1\n"))
    yield Case("size-long-kind", _text("extends: auction-pitch\nauction: {kind: " + "z" * 60_000 + "}\n"))
    yield Case("size-duplicate-keys", _text("extends: auction-pitch\n" + "name: x\n" * 2_000))
    yield Case("size-long-line-of-extras", _text("extends: haus-pitch\ntrump: {extras: [" +
                                                 ", ".join(["jick"] * 5_000) + "]}\n"))


# -- numbers ---------------------------------------------------------------------------

_HUGE = ("1099511627776", "-1099511627776", "99999999999999999999999999999", "9" * 5_000,
         "0x" + "f" * 2_000, ".inf", "-.inf", ".nan", "1e400", "-1")


def _number_fields() -> Iterator[tuple[str, str, str]]:
    """(slot, kind, field) for every field of every registered kind that takes a number."""
    for slot_name, kinds in KINDS.items():
        for kind, cls in kinds.items():
            hints = typing.get_type_hints(cls)
            for attribute in attrs.fields(cls):
                hint = hints[attribute.name]
                if hint is int or int in typing.get_args(hint):
                    yield slot_name, kind, attribute.name


def _parent_of(slot_name: str, kind: str) -> str:
    """A bundled variant whose slot already has ``kind`` (so only the number changes)."""
    for name in pc.bundled_variants():
        component = pc.load_variant(name).component(slot_name)
        components = component if isinstance(component, tuple) else (component,)
        if any(getattr(item, "kind", None) == kind for item in components):
            return name
    return "auction-pitch"


def _numbers() -> Iterator[Case]:
    for slot_name, kind, field in _number_fields():
        parent = _parent_of(slot_name, kind)
        for value in _HUGE:
            if SLOTS[slot_name].many:
                body = f"{slot_name}: [{{kind: {kind}, {field}: {value}}}]"
            else:
                body = f"{slot_name}: {{kind: {kind}, {field}: {value}}}"
            expect = "any" if value == "-1" else "error"
            yield Case(f"number-{slot_name}-{kind}-{field}-{value[:16]}",
                       _text(f"extends: {parent}\n{body}\n"), expect=expect)


# -- extends ---------------------------------------------------------------------------


def _extends() -> Iterator[Case]:
    for target in ("/etc/passwd", "../secret.yaml", "../../secret.yaml", "../" * 40 + "etc/passwd",
                   "/proc/self/environ", "/dev/zero", "~/.bashrc", "./../secret.yaml",
                   "sub/../../secret.yaml", "a" * 5_000, "b" * 300, "x\\0y", "line\\nbreak",
                   ".", "..", "", "/", "sub", "C:\\\\Windows\\\\win.ini"):
        yield Case(f"extends-{target[:24]}", _text(f'extends: "{target}"\n'))
    yield Case("extends-symlink-out", _text("extends: link.yaml\n"), {"link.yaml": "../secret.yaml"})
    yield Case("extends-symlink-dir-out", _text("extends: up/secret.yaml\n"), {"up": ".."})
    stray = _text(f"# not the bundled variant\nauction: {{kind: {CANARY}}}\n")
    for name in ("auction-pitch", "haus-pitch", "jacks-trump"):
        yield Case(f"extends-stray-{name}", _text(f"extends: {name}\n"), {name: stray}, expect=f"bundled:{name}")
    yield Case("extends-stray-yaml", _text("extends: auction-pitch\n"),
               {"auction-pitch.yaml": stray}, expect="bundled:auction-pitch")
    yield Case("extends-parent-not-utf8", _text("extends: parent.yaml\n"), {"parent.yaml": b"\xff\xfe" + b"\x00x" * 40})
    yield Case("extends-parent-binary", _text("extends: parent.yaml\n"), {"parent.yaml": bytes(range(256)) * 8})
    yield Case("extends-parent-huge", _text("extends: parent.yaml\n"),
               {"parent.yaml": _text("extends: auction-pitch\n#" + "x" * 6_000_000 + "\n")})
    yield Case("extends-parent-secret-content", _text("extends: parent.yaml\n"), {"parent.yaml": _text(SECRET)})
    yield Case("extends-parent-bad-value", _text("extends: parent.yaml\n"),
               {"parent.yaml": _text(f"extends: auction-pitch\nauction: {{min_bid: {CANARY}}}\n")})
    yield Case("extends-parent-scalar", _text("extends: parent.yaml\n"), {"parent.yaml": _text(CANARY + "\n")})
    yield Case("extends-cycle", _text("extends: a.yaml\n"),
               {"a.yaml": _text("extends: b.yaml\n"), "b.yaml": _text("extends: a.yaml\n")})
    yield Case("extends-self", _text("extends: house.yaml\n"))
    chain = {f"p{i}.yaml": _text(f"extends: p{i + 1}.yaml\n") for i in range(30)}
    chain["p30.yaml"] = _text("extends: auction-pitch\n")
    yield Case("extends-chain-30", _text("extends: p0.yaml\n"), chain)
    for value in ("[auction-pitch]", "{a: b}", "5", "null", "true", "!!binary aGk="):
        yield Case(f"extends-not-a-name-{value}", _text(f"extends: {value}\n"),
                   expect="any" if value == "null" else "error")


# -- odd YAML --------------------------------------------------------------------------


def _odd_yaml() -> Iterator[Case]:
    for value in ("!!python/object/apply:os.system [echo hi]", "!!python/name:os.system x",
                  "!!binary aGVsbG8=", "!!set {a, b}", "2001-12-14t21:59:43.10-05:00", "!!omap [{a: 1}]",
                  "!foo x", "!!float 1", "!!int x", "!!str", "~", "&a x", "*", "|\n  block", "'''",
                  "\"\\x00\"", "\"\\ud800\"", "[a, [b, {c: d}]]", "{? [a]: b}"):
        for key in ("name", "auction", "points", "going_out"):
            yield Case(f"odd-{key}-{value[:20]}", _text(f"extends: auction-pitch\n{key}: {value}\n"), expect="any")
    for text in ("%YAML 1.1\n---\nextends: auction-pitch\n", "%TAG ! tag:x,2000:\n---\nextends: auction-pitch\n",
                 "---\n...\n---\n", "? [a]\n: b\n", "? {a: 1}\n: b\n", "1.5: x\n", "null: x\n", ": x\n",
                 "extends: auction-pitch\n<<: {auction: {min_bid: 3}}\n", "\t- x\n", "'unclosed\n", "[unclosed\n",
                 "{a: b\n", "a: b: c\n", "- a\nb: c\n", "&a [*a]\n", "\x7f\x1b[31m\n"):
        yield Case(f"odd-document-{text[:24]!r}", _text(text), expect="any")


# -- encodings -------------------------------------------------------------------------


def _encodings() -> Iterator[Case]:
    body = "extends: auction-pitch\nname: café\n"
    yield Case("encoding-utf16", body.encode("utf-16"), expect="any")
    yield Case("encoding-utf32", body.encode("utf-32"), expect="any")
    yield Case("encoding-latin1", body.encode("latin-1"))
    yield Case("encoding-nul", _text("extends: auction-pitch\nname: a\x00b\n"))
    yield Case("encoding-bom", b"\xef\xbb\xbf" + _text(body), expect="any")
    yield Case("encoding-surrogate-bytes", _text("extends: auction-pitch\nname: ") + b"\xed\xa0\x80\n")
    yield Case("encoding-overlong", _text("extends: auction-pitch\nname: ") + b"\xc0\xaf\n")
    yield Case("encoding-controls", _text("extends: auction-pitch\nname: " + "".join(map(chr, range(1, 32))) + "\n"))
    yield Case("encoding-empty", b"", expect="any")
    yield Case("encoding-only-bom", b"\xef\xbb\xbf", expect="any")


# -- mutations -------------------------------------------------------------------------

_TOKENS = ("&a ", "*a", "[", "{", "]", "}", "- ", "? ", ": ", "!!", "<<: *a", "\t", "'", '"', "%YAML 1.1",
           "---", "...", "#", "|", ">", "~", "9" * 40, "-99999999", "1099511627776", "0x7fffffff", ",", "@")


def _mutations(rng: random.Random, per_variant: int) -> Iterator[Case]:
    folder = Path(pc.__file__).parent / "variants"
    for name in pc.bundled_variants():
        lines = (folder / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
        for number in range(per_variant):
            mutated = list(lines)
            for _ in range(rng.randint(1, 4)):
                _mutate(mutated, rng)
            yield Case(f"mutation-{name}-{number}", _text("\n".join(mutated) + "\n"), expect="any")


def _mutate(lines: list[str], rng: random.Random) -> None:
    at = rng.randrange(len(lines)) if lines else 0
    how = rng.randrange(6)
    if how == 0 and lines:
        del lines[at]
    elif how == 1 and lines:
        lines.insert(at, lines[rng.randrange(len(lines))])
    elif how == 2 and lines:
        line = lines[at]
        cut = rng.randint(0, len(line))
        lines[at] = line[:cut] + rng.choice(_TOKENS) + line[cut:]
    elif how == 3 and lines:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif how == 4 and lines:
        line = lines[at]
        lines[at] = "".join(rng.choice("0123456789") if char.isdigit() and rng.random() < 0.5 else char
                            for char in line) + rng.choice(("", "0000000000000"))
    else:
        del lines[at:]


# -- writing it out --------------------------------------------------------------------


def write(root: Path) -> list[dict[str, Any]]:
    """Write the corpus under ``root``; return its manifest (name, folder, expectation)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "secret.yaml").write_text(SECRET, encoding="utf-8")
    manifest = []
    for index, case in enumerate(corpus()):
        folder = root / f"{index:04d}"
        folder.mkdir()
        (folder / "sub").mkdir()
        (folder / "house.yaml").write_bytes(case.house)
        for name, content in case.beside.items():
            if isinstance(content, str):
                (folder / name).symlink_to(content)
            else:
                (folder / name).write_bytes(content)
        manifest.append({"name": case.name, "folder": str(folder), "expect": case.expect})
    (root / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tests/hostile/make_corpus.py DIR")
    cases = write(Path(sys.argv[1]))
    print(f"{len(cases)} cases written to {sys.argv[1]}")
