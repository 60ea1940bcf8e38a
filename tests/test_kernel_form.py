"""Each component tells the compiled kernel what it needs (``kernel_form``), so the kernel
names no component class: a new kind with a form runs on the kernel with no kernel edit,
and a plug-in's subclass that does not give its own form runs in Python."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import attrs
import pytest

import pitchcore as pc
from conftest import choose_move
from pitchcore.components.kernel_form import kernel_form
from pitchcore.components.points import CardPoint, High
from pitchcore.components.trump import TrumpTables
from pitchcore.game import kernel
from pitchcore.model.cards import TEN, make_card
from test_kernel import _compare_variant

KERNEL_PY = Path(kernel.__file__)


def test_the_kernel_imports_no_component_class() -> None:
    tree = ast.parse(KERNEL_PY.read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("components") for alias in node.names}
    classes = {name for name in imported if name[:1].isupper()}
    assert classes == {"Next", "Step", "Variant"}, classes  # the step protocol and the variant only


class HighAtRandom(High):
    """A plug-in's subclass of a bundled kind: it changes the rule, so the inherited form
    no longer describes it."""

    def award(self, ctx: object) -> int | None:
        return None


@attrs.frozen
class TenOfTrump(CardPoint):
    """A plug-in's new kind (the ten of trumps, to its receiver) that gives the kernel its
    form: the one any card category has."""

    name: str = "ten"

    def candidates(self, tables: TrumpTables, trump: int) -> tuple[int, ...]:
        return (make_card(TEN, trump),)

    kernel_form = CardPoint.kernel_form


def with_points(*points: object) -> pc.Variant:
    base = pc.load_variant("auction-pitch")
    return attrs.evolve(base, points=(*base.points, *points))


def test_a_plugin_subclass_without_its_own_form_runs_in_python() -> None:
    variant = with_points(HighAtRandom())
    assert kernel_form(variant.points[-1]) is None
    assert kernel.unsupported(variant) == "point kind HighAtRandom"
    assert kernel_form(variant.points[0]) is not None  # the bundled High keeps its form


@pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled kernel is not in use")
def test_a_new_kind_with_a_form_runs_on_the_kernel_and_scores_as_python() -> None:
    """The kernel plays a variant with the new kind (no kernel edit), and the differential
    test's comparison holds: every move and every finished hand's score, both ways."""
    variant = with_points(TenOfTrump())
    assert kernel.unsupported(variant) is None
    state = pc.new_game(variant, seed=1)
    assert isinstance(state.table.pipeline[-1], kernel.KernelPlay)
    _compare_variant(variant, 400, seed=9)
    awarded = set()
    for seed in range(20):
        state = pc.new_game(variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.hand_results) < 4:
            state = state.apply(choose_move(state, rng))
        awarded.update(dict(result.awards).get("ten") for result in state.hand_results)
    assert {0, 1, 2, 3} & awarded  # the new category is judged and won
