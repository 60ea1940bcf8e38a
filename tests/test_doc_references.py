"""What users read never sends them outside this repository.

The README, ``docs/``, the bundled variant files (comments and values), ``examples/``,
``benchmarks/`` and the source text of ``src/pitchcore`` (docstrings, messages, comments)
may name files of this repository and public sources by title, and nothing else: no file
path that is not in the repository (``../shared/...``, a markdown link or a
``folder/file.ext`` reference that does not exist) and no label of the project's internal
material (numbered rule-text labels such as ``seed 001``, ``PITCH-FAMILY``, ``RULES.md``,
``CONTRACT.md``, ``STYLE.md``, the source tags of the Pitch-family survey). ``CHANGELOG.md``
is history and exempt; tests are for developers and may cite anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LABELS = re.compile(
    r"(?i:\bseeds?\s*0\d\d\b)"                 # seed 001, Seed 002, seeds 000 and 001
    r"|(?i:\bseeds')"                          # "the seeds' advice": the rule texts, by their internal name
    r"|(?i:pitch-family)"
    r"|\b(?:RULES|CONTRACT|STYLE)\.md\b"       # case-sensitive: docs/rules.md is ours
    r"|(?i:\bshared/(?:seeds|hooks)\b)"
    r"|\b(?:W|WS|WK|BIC|TRK|FOSTER|BRIT|LQ|EA|PAGAT|OURPAST|GAMBITER|UFM|WPA|AA|WIKISUM|OCM|PW|DENEXA"
    r"|POKERTJ|10)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b"  # the survey's source tags: W-SMEAR, BIC-JOKER, 10-LARRY
    r"|\b(?:NINEFIVE|THANOS|BEKATON|HOWSTUFF|TELEGRA|DAILYAPPLE|GRGURU|KERIALIAN|AIRPORTES|DWENIUS"
    r"|CINCHNET|ROGNLIE|PITTAND|SGMJ|EADVIES|YGT|H2G2|PARLETT|DUMMIES|WHIRLED|CASSELL|ROUSES|AZORES)\b"
)
"""Internal labels: the names of material users never have."""

EXTENSIONS = "md|py|yaml|yml|json|txt|toml|cfg|ini|html|sh|csv"
PATHS = re.compile(
    rf"(?<![\w./:@$-])((?:\.\.?/)*(?:[\w.-]+/)+[\w.-]+\.(?:{EXTENSIONS}))(?![\w/-])"  # folder/file.ext
    r"|(?<![\w./:@$-])(\.\./[\w./-]*)"                                                 # anything above
    r"|(?<![\w./:@$-])([\w-]+\.md)\b"                                                  # a markdown file
)
"""Tokens that name a file: ``folder/file.ext``, ``../anything``, ``NAME.md``. A token inside
a URL starts after ``/``, ``.`` or ``:`` and so never matches."""

LINKS = re.compile(r"\]\(([^)\s]+)\)")
"""Markdown link targets."""

GENERATED = ("build/", "dist/")
"""Output folders that ``make`` creates (git-ignored): named in the docs, never checked in."""

NOT_REFERENCES = {
    "../secret.yaml": "README: the extends path that load_variant_text refuses, shown as the attack it is",
}
"""Paths written as examples of input, not as references to a file."""

def scanned() -> Iterator[Path]:
    yield ROOT / "README.md"
    yield from sorted((ROOT / "docs").glob("*.md"))
    yield from sorted((ROOT / "docs").glob("*.json"))
    yield from sorted((ROOT / "src" / "pitchcore" / "variants").glob("*.yaml"))
    yield from sorted((ROOT / "src" / "pitchcore").rglob("*.py"))
    for folder in ("examples", "benchmarks"):
        yield from sorted(path for path in (ROOT / folder).rglob("*") if path.is_file()
                          and path.suffix in (".py", ".yaml", ".yml", ".md", ".txt"))


def _inside(path: Path) -> bool:
    try:
        path.resolve().relative_to(ROOT)
    except ValueError:
        return False
    return True


def _exists(token: str, where: Path) -> bool:
    """True when ``token`` names a file or folder of this repository, read from the folder
    of the file that names it, from the repository's top, from the package's folder (source
    text names ``components/step.py``), or from one of the top folders (an example written
    for a house file in ``examples/`` says ``../docs/...``)."""
    tops = [path for path in ROOT.iterdir() if path.is_dir() and not path.name.startswith(".")]
    bases = [where.parent, ROOT, ROOT / "src" / "pitchcore", *tops]
    return any(_inside(base / token) and (base / token).exists() for base in bases)


def _slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return {_slug(match) for match in re.findall(r"^#+\s+(.+?)\s*$", text, re.M)}


def problems_in(text: str, where: Path) -> list[str]:
    """Every internal label and every reference to a file outside the repository in ``text``,
    read as the content of ``where``."""
    found = [f"internal label {match.group(0)!r}" for match in LABELS.finditer(text)]
    for match in PATHS.finditer(text):
        token = next(group for group in match.groups() if group)
        if token in NOT_REFERENCES or token.startswith(GENERATED):
            continue
        if not _exists(token.rstrip("/"), where):
            found.append(f"{token!r} is not a file of this repository")
    if where.suffix == ".md":
        for target in LINKS.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
                continue
            file_part, _, anchor = target.partition("#")
            linked = where if not file_part else where.parent / file_part
            if file_part and file_part.startswith(GENERATED):
                continue
            if not (_inside(linked) and linked.exists()):
                found.append(f"link target {target!r} is not in this repository")
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                found.append(f"link target {target!r}: {linked.name} has no heading #{anchor}")
    return found


@pytest.mark.parametrize("path", list(scanned()), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_user_facing_text_names_only_this_repository_and_public_sources(path: Path) -> None:
    found = problems_in(path.read_text(encoding="utf-8"), path)
    assert found == [], f"{path.relative_to(ROOT).as_posix()}: {found}"


@pytest.mark.parametrize("planted", [
    "The whole public surface is listed in `../shared/CONTRACT.md`.",
    "How each variant reads the texts is settled in ../shared/RULES.md",
    "source: seed 001 (Pitch / Auction Pitch / Setback)",
    "# Haus Pitch. Seed 002.",
    "a bot built from the seeds' advice",
    "PITCH-FAMILY 2.6 (Smear: W-SMEAR)",
    "after Bicycle's Auction Pitch with Joker [BIC-JOKER]",
    "NINEFIVE has the player to the bidder's left lead",
    "see the [rules](rules/missing.md) for more",
    "see [the rules](rules.md#no-such-variant)",
    "see docs/no-such-page.md",
    "the style guide, STYLE.md",
])
def test_a_planted_reference_is_found(planted: str) -> None:
    assert problems_in(planted, ROOT / "docs" / "example.md")


@pytest.mark.parametrize("fine", [
    "See docs/rules.md and [the file format](variants.md#deal), or CHANGELOG.md.",
    "Bicycle Cards' Auction Pitch; Wikipedia's Smear (card game), https://en.wikipedia.org/wiki/Smear_(card_game)",
    "`make api` writes build/api/index.html",
    "the same seed and moves give the same game; seed 7, seeds 1 to 99",
    "examples/house-rules.yaml and src/pitchcore/variants/auction-pitch.yaml",
])
def test_references_within_the_repository_pass(fine: str) -> None:
    assert problems_in(fine, ROOT / "docs" / "example.md") == []
