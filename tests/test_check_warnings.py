"""``pitchcore check`` warnings: rules of the parent that a file's own keys drop unsaid.

A file that ``extends`` another replaces a slot whole when it names another kind, and a list
slot always: an empty slot, ``shoot: none``, a ``points`` list without one of the parent's
categories or a new kind that resets a field the parent set all drop a rule the author may
have meant to keep. The file still loads; ``check`` says what was dropped, where it came
from and how to keep it. A file without a description keeps its parent's, so tools would
describe the house rules as the parent: check says so too. A key written without its colon is
named as such (the bad-variant files ``missing-colon-*.yaml`` hold the loader's side).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pitchcore as pc
from pitchcore.loading.loader import variant_warnings
from pitchcore.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
AUCTION_SHOOT = "{kind: all-points, bid: 4, made: win-game, failed: set-back}, from variants/auction-pitch.yaml:35"
"""Auction Pitch's shoot rule as the warnings quote it."""


def house(tmp_path: Path, text: str, name: str = "house.yaml", *, described: bool = True) -> Path:
    """A house file of ``text``; ``described``, with a description of its own added last (so
    the lines of ``text`` stay put and only its drops are warned of)."""
    path = tmp_path / name
    path.write_text(text + ('description: "our table"\n' if described else ""))
    return path


def test_shoot_none_drops_the_parents_shoot(tmp_path: Path) -> None:
    path = house(tmp_path, "extends: auction-pitch\ngoing_out: {target: 15}\nshoot: none\n")
    assert variant_warnings(path) == [
        f"{path}:3: shoot: none drops the parent's shoot rule ({AUCTION_SHOOT}); to keep it, remove this line "
        "(if dropping it is meant, nothing needs to change)"]
    pc.load_variant(path)  # (a warning, not an error)


def test_exchange_none_drops_the_parents_exchange(tmp_path: Path) -> None:
    path = house(tmp_path, "extends: cinch\nexchange: none\n")
    (warning,) = variant_warnings(path)
    cinch = (Path(pc.__file__).parent / "variants" / "cinch.yaml").read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(cinch, 1) if text.startswith("exchange:"))
    assert warning.startswith(f"{path}:2: exchange: none drops the parent's exchange rule ({{kind: discard-refill, "
                              "keep: 6, discard: non-trumps, trump_discards: dead, robber: dealer")
    assert f"}}, from variants/cinch.yaml:{line}); to keep it, remove this line" in warning


def test_an_empty_slot_takes_the_default_kind_and_drops_the_parents(tmp_path: Path) -> None:
    path = house(tmp_path, "extends: auction-pitch\nshoot:\n")
    assert variant_warnings(path) == [
        f"{path}:2: shoot: left empty, so it takes the default kind none and drops the parent's shoot "
        f"({AUCTION_SHOOT}); to keep the parent's, remove this line"]
    assert pc.load_variant(path).shoot == pc.load_variant("sell-out").shoot


def test_a_points_list_without_a_parents_category_names_it(tmp_path: Path) -> None:
    """The list replaces the parent's whole: Game is left out (and the bids must shrink)."""
    path = house(tmp_path, "extends: auction-pitch\nauction: {max_bid: 3}\nshoot: {bid: 3}\npoints:\n"
                           "  - {kind: high, receiver: holder}\n  - low\n  - jack\n")
    assert variant_warnings(path) == [
        f"{path}:4: points: this list replaces the parent's whole and leaves out game (from "
        "variants/auction-pitch.yaml:34); to keep it, add {kind: game, tie: nobody} to the list (if dropping "
        "it is meant, nothing needs to change)"]


def test_categories_are_matched_by_name_not_by_place_or_kind(tmp_path: Path) -> None:
    """Reordered, refined (Low as the 2 of trumps), or with one added: nothing is dropped."""
    path = house(tmp_path, 'extends: auction-pitch\npoints:\n  - game\n  - {kind: trump-card, name: low, rank: "2"}\n'
                           "  - high\n  - jack\n  - {kind: jick, value: 1}\ntrump: {extras: [jick]}\n")
    assert variant_warnings(path) == []


def test_an_empty_points_list_is_an_error_and_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = house(tmp_path, "extends: auction-pitch\npoints: []\n")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:2: points: expected a list of 1 to 16 components" in err
    assert (f"     warning: {path}:2: points: an empty list drops every entry of the parent's points (high, low, "
            "jack, game, from variants/auction-pitch.yaml:31); a variant needs at least one: to keep the "
            "parent's, remove this line") in err


def test_a_new_kind_that_resets_a_field_the_parent_set_says_how_to_keep_it(tmp_path: Path) -> None:
    """Book Pitch plays to 21: going out by award order instead starts again from the
    award-order default of 11, unless the file says 21 again."""
    path = house(tmp_path, "extends: book-pitch\ngoing_out: award-order\n")
    assert variant_warnings(path) == [
        f"{path}:2: going_out: kind award-order replaces the parent's win-on-bid whole, so target: 21 (from "
        "variants/book-pitch.yaml:44) goes back to its default 11; to keep it, write target: 21 here"]
    kept = house(tmp_path, "extends: book-pitch\ngoing_out: {kind: award-order, target: 21}\n", "kept.yaml")
    assert variant_warnings(kept) == []


def test_a_field_the_new_kind_refuses_is_not_offered(tmp_path: Path) -> None:
    """No junk cannot give the bid to the defenders (a parent's set_bid_to, as Cinch's):
    losing it is the point of the change, so nothing is said. (Cinch itself also sets
    set_costs: nothing, which no junk takes: that one is still named.)"""
    house(tmp_path, "extends: auction-pitch\nname: parent\nsettlement: {set_bid_to: defenders}\n", "parent.yaml")
    path = house(tmp_path, "extends: parent.yaml\nsettlement: no-junk\n")
    assert variant_warnings(path) == []
    assert pc.load_variant(path).settlement.set_bid_to == "nobody"
    from_cinch = house(tmp_path, "extends: cinch\nsettlement: no-junk\n", "from-cinch.yaml")
    (warning,) = variant_warnings(from_cinch)
    assert "set_costs: nothing" in warning and "set_bid_to" not in warning


@pytest.mark.parametrize("text", [
    "extends: cinch\nshoot: none\n",                          # the parent had none
    "extends: auction-pitch\ngoing_out: {target: 15}\n",      # the same kind: only target changes
    "extends: auction-pitch\nshoot: {bid: 4}\n",              # the same kind, no kind named
    "extends: cinch\nno_junk: true\n",                        # a switch keeps the settlement's fields
    "extends: auction-pitch\nname: x\n",
    "name: plain\npoints: [high]\nauction: {max_bid: 1}\n",   # extends nothing
])
def test_a_file_that_drops_nothing_has_no_warnings(tmp_path: Path, text: str) -> None:
    assert variant_warnings(house(tmp_path, text)) == []


def test_the_examples_and_bundled_names_have_no_warnings() -> None:
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        assert variant_warnings(path) == [], path
    for name in pc.bundled_variants():
        assert variant_warnings(name) == []


def test_a_parent_file_is_quoted_by_its_own_lines_and_its_drops_are_its_own(tmp_path: Path) -> None:
    parent = house(tmp_path, "extends: auction-pitch\nshoot: none\nexchange: {kind: draw}\n", "parent.yaml")
    child = house(tmp_path, "extends: parent.yaml\nexchange: none\n", "child.yaml")
    assert variant_warnings(child) == [
        f"{child}:2: exchange: none drops the parent's exchange rule ({{kind: draw}}, from {parent}:3); to keep "
        "it, remove this line (if dropping it is meant, nothing needs to change)"]
    assert len(variant_warnings(parent)) == 1  # its shoot: none is reported when it is checked


def test_a_file_that_cannot_be_read_has_no_warnings(tmp_path: Path) -> None:
    assert variant_warnings(tmp_path / "nowhere.yaml") == []
    assert variant_warnings(house(tmp_path, "extends: no-such-variant\nshoot: none\n")) == []


def test_check_prints_the_warnings_under_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = house(tmp_path, "extends: auction-pitch\nshoot: none\n")
    assert main(["check", "--no-explain", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ok   {path} (house)",
                   f"     warning: {path}:2: shoot: none drops the parent's shoot rule ({AUCTION_SHOOT}); to keep "
                   "it, remove this line (if dropping it is meant, nothing needs to change)"]


# ---------------------------------------------------------------- a missing colon

@pytest.mark.parametrize(("text", "problem"), [
    ("going_out: {target 15}\n", "<test>:2: going_out: missing ':' after 'target'? expected target: 15 ('target "
                                 "15' is no field of going_out kind 'bidder-first'"),
    ("going_out:\n  target 15\n", "<test>:2: going_out.kind: missing ':' after 'target'? expected target: 15 "
                                  "('target 15' is no kind of going_out"),
    ("going_out:\n  kind: bidder-first\n  target 15\n",
     "<test>:4: going_out: not valid YAML: missing ':' after 'target'? expected target: 15"),
    ("going_out:\n  kind: bidder-first\n    target 15\n",  # (indented further: text running on from the kind)
     "<test>:3: going_out.kind: missing ':' after 'target'? expected target: 15 ('bidder-first target 15' is no "
     "kind of going_out"),
    ("going_out:\n  target 15\n  kind: bidder-first\n",
     "<test>:3: going_out: not valid YAML: missing ':' after 'target'? expected target: 15"),
    ("target 15\n", "<test>:2: (top level): not valid YAML: missing ':' after 'target'? expected target: 15"),
    ("source Parlett's book\nname: x\n",
     "<test>:2: (top level): not valid YAML: missing ':' after 'source'? expected source: Parlett's book"),
    ("shoot: bid 5\n", "<test>:2: shoot.kind: missing ':' after 'bid'? expected bid: 5"),
    ("auction: {min_bid 2, max_bid: 4}\n", "<test>:2: auction: missing ':' after 'min_bid'? expected min_bid: 2"),
])
def test_a_key_without_its_colon_is_named_as_such(text: str, problem: str) -> None:
    with pytest.raises(pc.VariantError) as caught:
        pc.load_variant_text("extends: auction-pitch\n" + text, "<test>")
    assert len(caught.value.problems) == 1, caught.value
    assert caught.value.problems[0].startswith(problem), caught.value
    assert "unknown kind" not in str(caught.value)


def test_a_whole_file_without_its_colon_is_named_as_such() -> None:
    with pytest.raises(pc.VariantError, match=r"^<test>:1: \(top level\): expected a mapping of keys \(.*\), got a "
                                              r"single value \('extends auction-pitch'\); missing ':' after "
                                              r"'extends'\? expected extends: auction-pitch$"):
        pc.load_variant_text("extends auction-pitch\n", "<test>")


def test_a_real_unknown_kind_is_still_one() -> None:
    with pytest.raises(pc.VariantError, match=r"<test>:2: going_out\.kind: unknown kind 'first to 15'; kinds: .*; "
                                              r"nor is it a kind of an installed plugin"):
        pc.load_variant_text("extends: auction-pitch\ngoing_out: first to 15\n", "<test>")


# ---------------------------------------------------------------- the parent's description

def test_a_file_without_a_description_keeps_its_parents(tmp_path: Path) -> None:
    """Named for its file (``_resolve``), but described as its parent: check says so."""
    path = house(tmp_path, "extends: auction-pitch\ngoing_out: {target: 15}\n", "our-table.yaml", described=False)
    assert variant_warnings(path) == [
        f"{path}:1: description: missing, so the house rules keep the description of auction-pitch (their name "
        "comes from the file name, 'our-table'); add description: and one line saying how your table plays"]
    variant = pc.load_variant(path)
    assert variant.name == "our-table" and variant.description == pc.load_variant("auction-pitch").description


def test_a_named_file_without_a_description_is_warned_of_the_description_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house(tmp_path, "extends: cinch\nname: club\n", "club.yaml")
    path = house(tmp_path, "name: ours\nshoot: none\nextends: club.yaml\n", described=False)
    assert main(["check", "--no-explain", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"ok   {path} (ours)",
        f"     warning: {path}:3: description: missing, so the house rules keep the description of club.yaml; add "
        "description: and one line saying how your table plays"]


def test_a_parent_without_a_description_gives_none_to_keep(tmp_path: Path) -> None:
    house(tmp_path, "name: plain\npoints: [high]\nauction: {max_bid: 1}\n", "plain.yaml", described=False)
    assert variant_warnings(house(tmp_path, "extends: plain.yaml\n", described=False)) == []
    assert variant_warnings(house(tmp_path, "extends: auction-pitch\ndescription: ''\n", described=False)) == []


def test_no_bundled_file_keeps_its_parents_description() -> None:
    for path in sorted((ROOT / "src" / "pitchcore" / "variants").glob("*.yaml")):
        assert not [warning for warning in variant_warnings(path) if ": description: " in warning], path
