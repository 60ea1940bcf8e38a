"""docs/house-rules.md, the cookbook of house rules in table words: every recipe loads, says
something its parent does not, and plays whole games.

A recipe is a ``### heading`` followed by one YAML block (``extends:`` a bundled variant).
A recipe whose lines leave the rules as the parent has them (a typo of a default, a key
the parent already sets so) fails here: it would teach a table nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import pitchcore as pc
from conftest import random_game
from pitchcore.loading.loader import load_variant_text

PAGE = Path(__file__).resolve().parents[1] / "docs" / "house-rules.md"
MINIMUM = 30
"""Recipes the page promises (tables' house rules by the names they give them)."""


def recipes() -> dict[str, str]:
    """Heading -> its YAML block, for each recipe of the page."""
    found: dict[str, str] = {}
    for section in PAGE.read_text(encoding="utf-8").split("\n### ")[1:]:
        heading = section.split("\n", 1)[0].strip()
        blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
        assert len(blocks) == 1, f"recipe {heading!r} has {len(blocks)} YAML blocks, not one"
        assert heading not in found, f"two recipes are called {heading!r}"
        found[heading] = blocks[0]
    return found


RECIPES = recipes()


def without_names(variant: pc.Variant) -> dict[str, object]:
    rules: dict[str, object] = yaml.safe_load(variant.to_yaml())
    for key in ("name", "description", "source"):
        rules.pop(key, None)
    return rules


def test_the_page_has_its_recipes() -> None:
    assert len(RECIPES) >= MINIMUM
    names = [yaml.safe_load(text)["name"] for text in RECIPES.values()]
    assert len(set(names)) == len(names), "two recipes share a name"


@pytest.mark.parametrize("heading", sorted(RECIPES))
def test_a_recipe_loads_changes_its_parent_and_plays(heading: str) -> None:
    text = RECIPES[heading]
    written = yaml.safe_load(text)
    assert written["extends"] in pc.bundled_variants(), f"{heading}: extends {written['extends']!r}, not bundled"
    assert written.get("description"), f"{heading}: no description (it would keep its parent's)"
    variant = load_variant_text(text, filename=f"house-rules.md: {heading}")
    parent = pc.load_variant(written["extends"])
    assert variant.name == written["name"]
    assert without_names(variant) != without_names(parent), f"{heading}: the rules are the parent's"
    for seed in (1, 2):
        states, moves = random_game(variant, seed)
        assert moves, heading
        assert states[-1].hand_results, f"{heading}: no hand was finished"


def test_the_example_at_the_top_loads() -> None:
    first = re.search(r"```yaml\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert first is not None
    variant = load_variant_text(first.group(1), filename="house-rules.md")
    assert variant.name == "kitchen-table" and variant.going_out.target == 15
