"""The YAML variant loader: bad house-rule files fail clearly, good ones load as written.

Every file in ``tests/bad_variants`` (subfolders too) is a house-rule file with one kind of
mistake. Its leading comment block says what the error must contain::

    # expect: /file.yaml:7: auction.min_bid: expected a whole number   (all must appear)
    # problems: 1                                                      (exact count)
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import pitchcore as pc
from pitchcore import VariantError, bundled_variants, load_variant, load_variant_text
from pitchcore.components import SLOT_ORDER
from pitchcore.components.exchange import Draw
from pitchcore.components.registry import kind_of
from pitchcore.components.shoot import AllPoints, AllPointsAndTricks, NoShoot
from pitchcore.loading.loader import build_variant, contradictions

BAD_DIR = Path(__file__).parent / "bad_variants"
BAD_FILES = sorted(BAD_DIR.rglob("*.yaml"))
BUNDLED_DIR = Path(pc.__file__).parent / "variants"
BUNDLED = tuple(sorted(path.stem for path in BUNDLED_DIR.glob("*.yaml")))
CONTRACT_NAMES = ("auction-pitch", "partnership-pitch", "hi-lo-jack", "hi-lo-jack-partners", "haus-pitch",
                  "book-pitch", "jacks-trump")
"""The bundled names CONTRACT.md promises (more may be bundled)."""
PROBLEM = re.compile(
    r"^(?P<file>[^:]+\.yaml):(?P<line>\d+): (?P<path>\(top level\)|[\w.\[\]-]+): (?P<message>.+)$")
"""One reported problem: ``file:line: key.path: message``."""
GUIDANCE = re.compile(
    r"expected|valid|kinds:|fields:|bundled:|did you mean|belongs|\buse |\bset |\bkeep |"
    r"\bgive |\bremove|\bmust\b|\bneeds\b|\bcheck\b|\bsave\b|\bmake\b|\bshoot on\b|\bdeal at most\b")
"""Words that show a message says what is expected, not only what is wrong."""


def _id(path: Path) -> str:
    return path.relative_to(BAD_DIR).as_posix()


def expectations(path: Path) -> tuple[list[str], int]:
    """The ``# expect:`` fragments and the ``# problems:`` count of a bad file's header."""
    fragments: list[str] = []
    count = None
    for line in path.read_bytes().decode("utf-8", errors="replace").splitlines():
        if not line.startswith("#"):
            break
        if line.startswith("# expect:"):
            fragments.append(line.removeprefix("# expect:").strip())
        elif line.startswith("# problems:"):
            count = int(line.removeprefix("# problems:"))
    assert fragments and count, f"{path.name}: needs '# expect:' and '# problems:' header lines"
    return fragments, count


def load_bad(path: Path | str) -> VariantError:
    """Load a file that must fail, and check that only a VariantError comes out."""
    with pytest.raises(Exception) as caught:
        load_variant(path)
    assert type(caught.value) is VariantError, f"{type(caught.value).__name__}: {caught.value}"
    return caught.value


def source_line(file: str, number: int) -> str:
    """The text of line ``number`` of a file named in a message (bundled files too)."""
    path = BUNDLED_DIR / file.removeprefix("variants/") if file.startswith("variants/") else Path(file)
    assert path.is_file(), f"message names {file}, which is not a file"
    lines = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    assert 1 <= number <= len(lines), f"{file} has no line {number}"
    return lines[number - 1]


def test_there_are_bad_files() -> None:
    assert len(BAD_FILES) >= 30
    assert {"a.yaml", "b.yaml"} <= {path.name for path in BAD_DIR.joinpath("cycle").iterdir()}


@pytest.mark.parametrize("path", BAD_FILES, ids=_id)
def test_bad_file_reports_what_its_header_expects(path: Path) -> None:
    fragments, count = expectations(path)
    error = load_bad(path)
    message = str(error)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in:\n{message}"
    assert message.splitlines() == error.problems, "one problem per line"
    assert len(error.problems) == count, message


@pytest.mark.parametrize("path", BAD_FILES, ids=_id)
def test_every_problem_names_file_line_key_and_what_is_expected(path: Path) -> None:
    error = load_bad(path)
    for problem in error.problems:
        match = PROBLEM.match(problem)
        assert match, f"not 'file:line: key.path: message': {problem}"
        file, number, key_path, message = match.group("file", "line", "path", "message")
        assert file == str(path) or Path(file).parent == path.parent, problem
        line = source_line(file, int(number))
        assert GUIDANCE.search(message), f"does not say what is expected: {problem}"
        # The line named is the line of the key at fault (or of the slot holding it),
        # except for YAML syntax (checked by the headers), a key that is missing from the
        # file, and a key inherited from a parent (then the line of this file taking part).
        if ("not valid YAML" in message or "missing:" in message or "comes from" in message
                or key_path == "(top level)"):
            continue
        keys = [part for part in re.split(r"[.\[\]]", key_path) if part and not part.isdigit()]
        assert any(key in line for key in keys) or "- " in line, f"line {number} is {line!r}: {problem}"


def test_variant_error_is_a_value_error() -> None:
    assert issubclass(VariantError, ValueError)
    with pytest.raises(ValueError, match=r"auction\.min_bid: expected a whole number"):
        load_variant(BAD_DIR / "wrong-type.yaml")


@pytest.mark.parametrize("text", [
    "",
    "[",
    "- a\n- b\n",
    "7\n",
    "extends: 5\n",
    "extends: auction-pitch\nauction: {kind: [a]}\n",
    "extends: auction-pitch\n? [a, b]\n: c\n",
    "extends: auction-pitch\nname: !!python/object:os.system x\n",
    "extends: auction-pitch\npoints: [[high]]\n",
    "extends: auction-pitch\npoints: [{kind: high, value: true}]\n",
    "extends: auction-pitch\ndeal: {hand_size: .nan}\n",
    "extends: auction-pitch\nauction: {min_bid: 1e3}\n",
    "extends: auction-pitch\nshoot: {bid: [4]}\n",
    "extends: auction-pitch\ntrump: {extras: [[jick]]}\n",
    "extends: auction-pitch\ntrump: {extras: jick}\n",
    "extends: auction-pitch\n1: 2\n",
    "extends: auction-pitch\nauction: {7: 2}\n",
    "extends: auction-pitch\ndeal: null\nauction: []\n",
    "extends: auction-pitch\nbase: &b {kind: high}\npoints: [*b, *b]\n",
    "extends: auction-pitch\nauction: {<<: {min_bid: x}}\n",
    "extends: auction-pitch\ngoing_out: {target: 99999999999999999999999}\n",
    "extends: [auction-pitch]\n",
    "extends: ''\n",
    "extends: .\n",
    "extends: auction-pitch\nextends: no-junk\n",
])
def test_odd_input_raises_only_variant_errors(text: str) -> None:
    """Whatever the text, the loader either builds a variant or raises a VariantError
    whose every line is ``file:line: key.path: message`` (never a YAML/attrs/Python error)."""
    try:
        variant = load_variant_text(text, "house.yaml")
    except Exception as error:
        assert type(error) is VariantError, f"{type(error).__name__}: {error}"
        for problem in error.problems:
            assert PROBLEM.match(problem), problem
            assert problem.startswith(("house.yaml:", "variants/")), problem
    else:
        assert isinstance(variant, pc.Variant)


def test_problems_in_a_parent_house_file_name_that_file(short_tmp: Path) -> None:
    tmp_path = short_tmp
    (tmp_path / "base.yaml").write_text("extends: auction-pitch\nauction:\n  min_bid: zero\n")
    (tmp_path / "house.yaml").write_text("extends: base.yaml\nname: house\n")
    error = load_bad(tmp_path / "house.yaml")
    assert error.problems == [
        f"{tmp_path / 'house.yaml'}:1: extends: {str(tmp_path / 'base.yaml')!r} is not a valid variant "
        "(1 problem, the first on its line 3); load that file on its own to see it"]
    assert "zero" not in str(error), "a parent file's content is never quoted"
    assert "expected a whole number" in str(load_bad(tmp_path / "base.yaml"))


def test_a_missing_file_or_name_lists_the_bundled_variants(tmp_path: Path) -> None:
    error = load_bad("auction-pich")
    assert "no such variant file, and no bundled variant of that name" in str(error)
    assert "bundled: " + ", ".join(BUNDLED) in str(error)
    assert "did you mean 'auction-pitch'?" in str(error)
    assert "no such variant file" in str(load_bad(tmp_path / "nowhere.yaml"))


# -- good files ------------------------------------------------------------------------


def test_a_house_file_overrides_only_what_it_names(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "# Our table: bids from 2, play to 9.\n"
        "extends: auction-pitch\n"
        "name: our-table\n"
        "auction:\n"
        "  min_bid: 2\n"
        "going_out: {target: 9}\n")
    parent = load_variant("auction-pitch")
    variant = load_variant(house)
    assert variant.name == "our-table"
    assert variant.auction == attrs.evolve(parent.auction, min_bid=2)
    assert variant.going_out == attrs.evolve(parent.going_out, target=9)
    for slot_name in SLOT_ORDER:
        if slot_name not in ("auction", "going_out"):
            assert variant.component(slot_name) == parent.component(slot_name), slot_name
    assert load_variant(str(house)) == variant


def test_extends_by_relative_path_is_relative_to_the_file(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "rules").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "base" / "table.yaml").write_text(
        "extends: hi-lo-jack\nname: table\ngoing_out: {target: 15}\n")
    (tmp_path / "rules" / "house.yaml").write_text(
        "extends: ../base/table.yaml\nname: house\ndeal:\n  hand_size: 8\n")
    monkeypatch.chdir(tmp_path / "elsewhere")
    parent = load_variant("hi-lo-jack")
    variant = load_variant(tmp_path / "rules" / "house.yaml", base=tmp_path)
    assert variant.name == "house"
    assert variant.going_out == attrs.evolve(parent.going_out, target=15)
    assert variant.deal == attrs.evolve(parent.deal, hand_size=8)
    for slot_name in SLOT_ORDER:
        if slot_name not in ("deal", "going_out"):
            assert variant.component(slot_name) == parent.component(slot_name), slot_name


def test_extends_a_sibling_file_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "seven.yaml").write_text("extends: auction-pitch\ngoing_out: {target: 7}\n")
    (tmp_path / "house.yaml").write_text("extends: seven.yaml\nname: house\nsettlement: no-junk\n")
    variant = load_variant(tmp_path / "house.yaml")
    no_junk = load_variant("no-junk")
    assert variant.name == "house"
    assert variant.going_out == attrs.evolve(no_junk.going_out, target=7)
    for slot_name in SLOT_ORDER:
        if slot_name != "going_out":
            assert variant.component(slot_name) == no_junk.component(slot_name), slot_name


@pytest.mark.parametrize("name", BUNDLED)
def test_to_yaml_round_trips(name: str) -> None:
    variant = load_variant(name)
    assert load_variant_text(variant.to_yaml()) == variant
    assert build_variant(variant.to_dict()) == variant


@pytest.mark.parametrize("name", ["haus-pitch", "jacks-trump"])
def test_to_yaml_writes_a_file_that_loads_back(name: str, tmp_path: Path) -> None:
    variant = load_variant(name)
    path = tmp_path / "written.yaml"
    text = variant.to_yaml(path)
    assert path.read_text(encoding="utf-8") == text
    assert load_variant(str(path)) == variant


def test_to_yaml_round_trips_a_house_variant(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: haus-pitch\nname: quiet\nshoot: none\nauction: {top_bid: null}\n")
    variant = load_variant(house)
    assert variant.shoot == NoShoot()
    assert load_variant_text(variant.to_yaml()) == variant


def test_slot_shorthand_names_the_kind() -> None:
    variant = load_variant_text("extends: auction-pitch\ntrump: named\n")
    assert kind_of(variant.trump) == "named"
    assert variant.trump.extras == ()
    standalone = load_variant_text(
        "name: short\n"
        "deal: packets\n"
        "auction: {min_bid: 2, max_bid: 4}\n"
        "trump: named\n"
        "points: [high, low, jack, game]\n"
        "shoot: {kind: all-points, bid: 4}\n"
        "settlement: no-junk\n")
    assert [kind_of(point) for point in standalone.points] == ["high", "low", "jack", "game"]
    assert kind_of(standalone.trump) == "named"
    assert kind_of(standalone.settlement) == "no-junk"
    assert standalone.name == "short"


def test_shorthand_of_the_same_kind_keeps_the_parents_fields() -> None:
    variant = load_variant_text("extends: haus-pitch\ntrump: named\n")
    assert variant.trump == load_variant("haus-pitch").trump
    assert variant.trump.extras == ("jick",)


def test_changing_a_slots_kind_replaces_its_fields() -> None:
    parent = load_variant("hi-lo-jack")
    assert parent.shoot == AllPointsAndTricks(bid="smudge", made="win-game", failed="lose-game")
    variant = load_variant_text(
        "extends: hi-lo-jack\nshoot: {kind: all-points, bid: smudge}\nexchange: {kind: draw}\n")
    assert variant.shoot == AllPoints(bid="smudge")
    assert variant.shoot.failed == "set-back"
    assert variant.exchange == Draw()  # hi-lo-jack's keep: 6 is not carried over
    same = load_variant_text("extends: hi-lo-jack\nshoot: {failed: set-back}\n")
    assert same.shoot == AllPointsAndTricks(bid="smudge", made="win-game", failed="set-back")


def test_bundled_variants_lists_every_bundled_file() -> None:
    assert bundled_variants() == pc.bundled_variants() == list(BUNDLED)
    assert set(CONTRACT_NAMES) <= set(BUNDLED)


@pytest.mark.parametrize("name", BUNDLED)
def test_a_bundled_variant_loads_equal_every_time(name: str) -> None:
    first = load_variant(name)
    assert load_variant(name) == first
    assert load_variant(BUNDLED_DIR / f"{name}.yaml") == first
    assert first.name == name
    assert contradictions(first) == []
    assert hash(first) == hash(load_variant(BUNDLED_DIR / f"{name}.yaml"))


def test_a_house_file_without_a_name_is_named_for_its_file(tmp_path: Path) -> None:
    house = tmp_path / "our-table.yaml"
    house.write_text("extends: auction-pitch\ngoing_out: {target: 9}\n")
    variant = pc.load_variant(str(house))
    assert variant.name == "our-table"
    assert variant.going_out.target == 9


# -- what to write instead -------------------------------------------------------------


def refused_house(text: str) -> VariantError:
    """The error of ``house.yaml``: auction-pitch with ``text``."""
    with pytest.raises(VariantError) as caught:
        load_variant_text("extends: auction-pitch\n" + text, "house.yaml")
    return caught.value


@pytest.mark.parametrize(("text", "problem"), [
    ("auction: {dealer_may_take: \"false\"}\n",
     "house.yaml:2: auction.dealer_may_take: expected true or false, got 'false' (text, because of the quotes: "
     "remove the quotes)"),
    ("no_junk: 'true'\n",
     "house.yaml:2: no_junk: expected true or false, got 'true' (text, because of the quotes: remove the quotes)"),
    ("going_out:\n  target: \"21\"\n",
     "house.yaml:3: going_out.target: expected a whole number from 1 to 5000, got '21' (text, because of the "
     "quotes: write the number without them)"),
])
def test_a_quoted_boolean_or_number_says_to_remove_the_quotes(text: str, problem: str) -> None:
    assert refused_house(text).problems == [problem]


@pytest.mark.parametrize("text", [
    "auction: {dealer_may_take: \"fAlse\"}\n",                         # no YAML boolean without quotes either
    "points: [high, low, jack, game, {kind: trump-card, rank: \"11\"}]\n",  # a rank is text: no number goes here
    "going_out: {target: \"²\"}\n",                                     # a digit, but not one YAML reads
])
def test_quotes_are_blamed_only_when_removing_them_helps(text: str) -> None:
    error = refused_house(text)
    assert "quotes" not in str(error), error


@pytest.mark.parametrize(("text", "problem"), [
    ("points:\n  - kind: high\n   - kind: low\n",
     "house.yaml:4: points[0]: not valid YAML: did not find expected '-' indicator: this list item's '-' is at "
     "column 4, the item above it (line 3) has it at column 3: list items under a key line up, each '- ' at the "
     "same column"),
    ("points:\n- high\n  - low\n- jack\n- game\n",
     "house.yaml:3: points[0].kind: unknown kind 'high - low'; kinds: high, low, jack, jick, off-five, off-ace, "
     "off-three, trump-card, game, last-trick, high-spade, card-values, joker; this reads as two list items run "
     "together: an item indented further than the one above continues it; list items under a key line up, each "
     "'- ' at the same column (in brackets, separate them with commas)"),
    ("trump:\n  extras:\n    - jick\n      - off-five\n",
     "house.yaml:3: trump.extras: unknown entry 'jick - off-five'; valid: jick, off-five, off-ace, off-three, "
     "joker-low, joker-middle, joker-top, jokers; this reads as two list items run together"),
])
def test_a_misindented_list_item_is_named_as_such(text: str, problem: str) -> None:
    (found,) = refused_house(text).problems
    assert found.startswith(problem), found
    assert "did you mean" not in found and "installed plugin" not in found


def test_extends_a_missing_file_names_the_folder_searched(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    house = tmp_path / "tables" / "house.yaml"
    house.write_text("name: house\nextends: club.yaml\n")
    (problem,) = load_bad(house).problems
    assert problem.startswith(f"{house}:2: extends: 'club.yaml' is neither a bundled variant nor a file: looked "
                              f"in {tmp_path / 'tables'} for club.yaml (an extends path is read from the folder of "
                              "the file that names it, or from the base folder); extends also takes a bundled "
                              "name; bundled: " + ", ".join(BUNDLED)), problem
    house.write_text("extends: rules/club.yaml\n")
    assert (f"looked in {tmp_path / 'tables' / 'rules'} for club.yaml (an extends path is read from the folder of "
            "the file that names it, or from the base folder), and there is no such folder; ") in str(load_bad(house))
    with pytest.raises(VariantError) as caught:
        load_variant_text("extends: club.yaml\n", "upload.yaml", base=tmp_path)
    assert str(caught.value).startswith(f"upload.yaml:1: extends: 'club.yaml' is neither a bundled variant nor a "
                                        f"file: looked in {tmp_path} for club.yaml")
