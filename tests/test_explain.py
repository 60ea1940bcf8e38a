"""``pitchcore explain``: a variant's rules in plain English, generated from its components.

Each component's ``explain`` says what its own fields mean, so the text follows the fields:
every bundled variant is explained slot by slot without a Python repr, a house file's
change shows in the text, and a component without an ``explain`` of its own (a plugin's)
is still described, by its kind, docstring and fields.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import pitchcore as pc
from conftest import HOUSE_RULES, TRUMP_HOUSE
from pitchcore.components import SLOT_ORDER
from pitchcore.components.auction import SingleRound
from pitchcore.components.points import Category
from pitchcore.components.registry import SLOTS, bundled_kinds
from pitchcore.tools.cli import main
from pitchcore.tools.explain import TITLES, component_text, explain, fields_text, own_explain

ROOT = Path(__file__).resolve().parents[1]
REPRS = ("<", ">", "object at", "Variant(", "()", "None", "True", "False", "{", "}")
"""What a Python repr of a component, a variant or a field leaves in text (the rules say null,
true and false as a file writes them, and never need these)."""


def flat(text: str) -> str:
    """``text`` as one line: the words of a wrapped paragraph, single-spaced."""
    return " ".join(text.split())


def paragraph(text: str, slot_name: str) -> str:
    """The paragraph of ``slot_name`` in an explanation, as one line."""
    for block in text.split("\n\n"):
        if block.startswith((f"{TITLES[slot_name]}:", f"{TITLES[slot_name]},")):
            return flat(block)
    raise AssertionError(f"no {slot_name} paragraph in:\n{text}")


def house(tmp_path: Path, text: str, name: str = "house.yaml") -> pc.Variant:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return pc.load_variant(path)


EXPLAINED = [*pc.bundled_variants(), *(f"house:{name}" for name in {**TRUMP_HOUSE, **HOUSE_RULES})]


def variant_of(name: str) -> pc.Variant:
    if name.startswith("house:"):
        key = name.removeprefix("house:")
        return pc.load_variant_text({**TRUMP_HOUSE, **HOUSE_RULES}[key], key)
    return pc.load_variant(name)


@pytest.mark.parametrize("name", EXPLAINED)
def test_every_variant_is_explained_slot_by_slot_without_a_repr(name: str) -> None:
    variant = variant_of(name)
    text = explain(variant)
    lines = text.splitlines()
    assert lines[0] == variant.name
    assert flat(variant.description) in flat(text.split("\n\n")[0])
    starts = [min(text.find(f"\n\n{TITLES[slot_name]}{mark}") % (1 << 30) for mark in ":,")
              for slot_name in SLOT_ORDER]
    assert all(0 < start < len(text) for start in starts), text
    assert starts == sorted(starts), "the slots come in the order a hand meets them"
    for found in REPRS:
        assert found not in text, f"{found!r} in the explanation of {name}:\n{text}"
    for slot_name in SLOT_ORDER:
        value = variant.component(slot_name)
        for item in value if isinstance(value, tuple) else (value,):
            assert own_explain(item) is not None, f"{slot_name} kind {item.kind} has no explain"
            assert component_text(item) in flat(text) or component_text(item, False) in flat(text)
    assert all(len(line) <= 88 for line in lines), [line for line in lines if len(line) > 88]


@pytest.mark.parametrize("name", EXPLAINED)
def test_every_point_category_is_listed_in_award_order(name: str) -> None:
    variant = variant_of(name)
    block = explain(variant, width=0).split("Points, in award order")[1].split("\n\n")[0]
    items = [line.removeprefix("  - ") for line in block.splitlines()[1:]]
    assert [item.split(" ")[0].rstrip(":").lower() for item in items] == [point.name for point in variant.points]


BUNDLED = [(slot_name, kind, cls) for slot_name in SLOTS for kind, cls in bundled_kinds(slot_name).items()]
WHERE_IT_MATTERS: dict[str, dict[str, Any]] = {
    "teams": {"sides": "partners"}, "team_size": {"sides": "partners"},
    "up_to": {"discard": "any"}, "robber_hand": {"robber": "dealer"}, "robber_keeps": {"robber": "dealer"},
    "dealer-chooses hand_size": {"min_hand_size": 3, "size_step": 1},
}
"""Fields that mean something only beside another field's value: that value."""
MEANINGLESS = {("settlement", "no-junk", "set_bid_to"): "no-junk refuses set_bid_to: defenders",
               ("shoot", "none", "bid"): "shoot kind none has no shoot bid (null)"}


def other_values(attribute: attrs.Attribute[Any], value: Any) -> list[Any]:
    """Values ``attribute`` may take besides ``value``: its other choices, a neighbouring number."""
    metadata = attribute.metadata
    found = [choice for choice in metadata.get("choices", ()) if choice != value]
    least, most = metadata.get("minimum"), metadata.get("maximum")
    if isinstance(value, bool):
        found.append(not value)
    elif isinstance(value, int) and least is not None:
        found.append(value + 1 if most is None or value < most else value - 1)
    elif value is None and least is not None:
        found.append(max(least, 2) if least > 0 else least)
    elif isinstance(value, tuple) and metadata.get("choices"):
        found += [(choice,) for choice in metadata["choices"] if (choice,) != value]
    return found


@pytest.mark.parametrize(("slot_name", "kind", "cls"), BUNDLED, ids=[f"{s}-{k}" for s, k, _ in BUNDLED])
def test_every_field_of_every_bundled_kind_shows_in_its_text(slot_name: str, kind: str, cls: type[Any]) -> None:
    """A change to any field changes the component's sentences: the text is made from the
    fields, not written beside them."""
    assert "explain" in vars(cls) or own_explain(cls()) is not None
    for attribute in attrs.fields(cls):
        if not attribute.init or (slot_name, kind, attribute.name) in MEANINGLESS:
            continue
        context = WHERE_IT_MATTERS.get(attribute.name) or WHERE_IT_MATTERS.get(f"{kind} {attribute.name}", {})
        base = attrs.evolve(cls(), **context)
        before = component_text(base)
        for value in other_values(attribute, getattr(base, attribute.name)):
            after = component_text(attrs.evolve(base, **{attribute.name: value}))
            assert after != before, f"{slot_name} kind {kind}: {attribute.name}: {value!r} says the same:\n{before}"


def test_a_house_target_and_steal_change_the_text(tmp_path: Path) -> None:
    parent = explain(pc.load_variant("smear"))
    text = explain(house(tmp_path, "extends: smear\ngoing_out: {target: 31}\nauction: {dealer_may_take: true}\n"))
    assert "played to 21 points" in paragraph(parent, "going_out")
    assert "played to 31 points" in paragraph(text, "going_out")
    assert "dealer must bid higher than the high bid" in paragraph(parent, "auction")
    assert "dealer may take the high bid by bidding the same" in paragraph(text, "auction")
    assert paragraph(text, "trump") == paragraph(parent, "trump")  # the rest as it was


def test_a_house_file_to_21_says_21(tmp_path: Path) -> None:
    text = explain(house(tmp_path, "extends: auction-pitch\nname: to-21\ngoing_out: {target: 21}\n"))
    assert text.startswith("to-21\n")
    assert "The game is played to 21 points." in paragraph(text, "going_out")
    assert "11" not in paragraph(text, "going_out")


def test_stick_the_dealer_and_the_points_read_as_a_table_says_them(tmp_path: Path) -> None:
    text = explain(house(tmp_path, "extends: auction-pitch\nauction: {all_pass: dealer-must-bid}\n"))
    auction = paragraph(text, "auction")
    assert "The bids run from 1 to 4." in auction and "stick the dealer" in auction
    assert "High (1 point): the highest trump in play" in flat(text)
    assert "to the side that held it when play began" in flat(text)
    assert "The suit of the first card led in the hand is trump" in paragraph(text, "trump")


def test_without_bidding_the_settlement_says_every_side_scores() -> None:
    text = explain(pc.load_variant("all-fours"))
    assert paragraph(text, "settlement") == ("Settlement: There is no bidding, so no hand has a bidder: every "
                                             "side scores the points it took.")
    assert "There is no bidding" in paragraph(text, "auction")


# ---------------------------------------------------------------- components without explain

@attrs.frozen
class Tally(Category):
    """Scores the tricks each side took."""

    name: str = "tally"
    per_trick: int = 1
    suits: tuple[str, ...] = ("S", "H")
    bonus: int | None = None
    strict: bool = False

    def most(self) -> int:
        return 13


@attrs.frozen
class Steal(SingleRound):
    """A plugin's auction built on the bundled one (its own rules, not the parent's)."""

    kind = "steal"  # (what registering it as a plugin's kind sets)


@attrs.frozen
class Broken(Category):
    """Says nothing sensible."""

    def explain(self) -> str:
        raise RuntimeError("no words")


def test_a_component_without_explain_is_described_by_its_kind_and_fields() -> None:
    text = fields_text(Tally())
    assert text == ("kind Tally: Scores the tricks each side took (name: tally, per_trick: 1, suits: [S, H], "
                    "bonus: null, strict: false).")
    inherited = component_text(Steal())
    assert inherited.startswith("kind steal: A plugin's auction built on the bundled one")
    assert "dealer_may_take: true" in inherited
    assert component_text(Broken()) == "kind Broken: Says nothing sensible (name: )."


def test_a_variant_with_a_plugins_components_is_still_explained() -> None:
    variant = attrs.evolve(pc.load_variant("auction-pitch"), auction=Steal(min_bid=2),
                           points=(*pc.load_variant("auction-pitch").points, Tally()))
    text = explain(variant)
    assert "min_bid: 2" in paragraph(text, "auction")
    assert "  - kind Tally: Scores the tricks each side took" in text
    assert "at most 4 a hand" not in text and "at most 17 a hand" in text
    for found in ("object at", "Variant(", "<"):
        assert found not in text


def test_width_zero_gives_a_line_per_paragraph_and_indent_counts() -> None:
    variant = pc.load_variant("cinch")
    one_line = explain(variant, width=0)
    assert all(line.startswith(("Deal", "Auction", "Widow", "Trump", "Exchange", "Play", "Trick", "Points",
                                "  - ", "Shoot", "Settlement", "Going out", "cinch", "Cinch"))
               for line in one_line.splitlines() if line)
    indented = explain(variant, width=60, indent="     ")
    assert all(line.startswith("     ") and len(line) <= 60 for line in indented.splitlines() if line)
    assert flat(indented) == flat(explain(variant))


# ---------------------------------------------------------------- the command

def test_explain_prints_a_bundled_variant_and_a_house_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "auction-pitch"]) == 0
    out = capsys.readouterr().out
    assert out == explain(pc.load_variant("auction-pitch"))
    assert out.startswith("auction-pitch\nAuction Pitch, cutthroat")
    path = tmp_path / "house.yaml"
    path.write_text("extends: auction-pitch\nname: kitchen\ngoing_out: {target: 15}\n", encoding="utf-8")
    assert main(["explain", str(path), "--width", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("kitchen\n") and "Going out: The game is played to 15 points." in out


def test_explain_of_an_unknown_variant_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "no-such-pitch"]) == 2
    err = capsys.readouterr().err
    assert "no-such-pitch" in err and "Traceback" not in err


def test_check_explains_an_ok_file_after_its_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: auction-pitch\nshoot: none\n", encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: auction-pitch\nauction:\n  all_pass: redeel\n", encoding="utf-8")
    assert main(["check", "--no-explain", str(path)]) == 0
    plain = capsys.readouterr().out
    assert "Going out:" not in plain
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(plain + "\n     house\n")
    assert "     Shoot: No bid is special" in out and "     Going out: The game is played to 11 points." in out
    assert main(["check", str(path), str(bad)]) == 1
    captured = capsys.readouterr()
    assert captured.out == out  # (the file that fails is not explained)
    assert "Going out:" not in captured.err and "FAIL" in captured.err


def test_the_docs_show_what_explain_prints() -> None:
    text = (ROOT / "docs" / "explain.md").read_text(encoding="utf-8")
    block = text.split("tests/test_explain.py checks it. -->\n```text\n", 1)[1].split("```", 1)[0]
    assert block == explain(pc.load_variant("auction-pitch"))


def test_python_dash_m_pitchcore_explain_runs(tmp_path: Path) -> None:
    import subprocess

    run = subprocess.run([sys.executable, "-m", "pitchcore", "explain", "hi-lo-jack"], capture_output=True,
                         text=True, timeout=120, stdin=subprocess.DEVNULL, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("hi-lo-jack\n") and "smudge" in run.stdout
    assert io.StringIO(run.stdout).readline() == "hi-lo-jack\n"
