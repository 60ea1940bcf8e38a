"""The state schema is written once (``pitchcore.model.fields``): Python reads the fields by
name or by the schema's positions, the compiled kernel by a header generated from it, and a
kernel built from another layout is not used. What follows a move is written once too
(``pitchcore.game.loop.follow``)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pitchcore
from pitchcore import GameState
from pitchcore.game import view
from pitchcore.model import fields
from pitchcore.model.extension import compiled
from pitchcore.model.fields import HandInfo

SRC = Path(pitchcore.__file__).resolve().parent
STATE_LIKE = {"state", "fields", "f", "s", "st", "new", "old", "before", "after", "info", "position", "frozen"}
"""Names the package gives states, their field lists and HandInfo values."""


def numbered_reads(source: str) -> list[str]:
    """``state[7]``, ``fields[14] = ...``, ``state[:13]``: reads of a state-like name by a
    literal position or literal slice bounds."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in STATE_LIKE):
            continue
        index = node.slice
        bounds = [index.lower, index.upper, index.step] if isinstance(index, ast.Slice) else [index]
        if any(isinstance(bound, ast.Constant) and isinstance(bound.value, int) for bound in bounds):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_finds_numbered_reads() -> None:
    source = "x = state[7][state[6]]\nfields[14] = 1\ny = (*new[:13], 0)\nz = move[1] + trick[0]\n"
    assert sorted(numbered_reads(source)) == ["line 1: state[6]", "line 1: state[7]", "line 2: fields[14]",
                                              "line 3: new[:13]"]
    assert numbered_reads("x = state[MASKS][state[TO_MOVE]]\ny = (*state[:TO_MOVE], 1, *state[HAND:])\n") == []


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda path: str(path.relative_to(SRC)))
def test_no_module_reads_a_state_field_by_number(path: Path) -> None:
    assert numbered_reads(path.read_text(encoding="utf-8")) == []


def test_the_kernel_source_takes_every_field_position_from_the_generated_header() -> None:
    source = (SRC / "_kernel.c").read_text(encoding="utf-8")
    assert '#include "_fields.h"' in source
    assert re.findall(r"\b(?:f|changed|fields)\[\d+\]", source) == []
    sized = re.findall(r"(\w+)\)?\s*(?:<|>|[!=<>]=)\s*1[45]\b", source)  # the state's size or its last field
    assert [name for name in sized if name != "nargs"] == []
    assert not re.search(r"enum\s*\{\s*(?:F|INFO)_", source), "field positions written by hand in the C"
    assert (SRC / "_fields.h").read_text(encoding="utf-8") == fields.c_header()


def test_the_header_names_every_state_field_at_its_position() -> None:
    header = fields.c_header()
    for index, name in enumerate(GameState.FIELDS):
        assert f"F_{name.upper()} = {index}," in header
    for name in fields.C_INFO_FIELDS:
        assert f"INFO_{name.upper()} = {HandInfo._fields.index(name)}," in header


@pytest.mark.skipif(compiled is None, reason="the compiled kernel is not in use")
def test_the_built_kernel_reports_the_schema_it_was_built_with() -> None:
    assert compiled is not None
    assert fields.layout() == compiled.LAYOUT


def test_a_kernel_built_from_another_layout_is_not_used() -> None:
    script = textwrap.dedent("""
        import sys, types, warnings
        stale = types.ModuleType("pitchcore._kernel")
        stale.LAYOUT = {"F_TABLE": 0, "F_COUNT": 14}
        sys.modules["pitchcore._kernel"] = stale
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            from pitchcore.model import extension
        assert extension.compiled is None, extension.compiled
        assert any("another state layout" in str(w.message) for w in caught), caught
        import pitchcore
        state = pitchcore.new_game("auction-pitch", seed=1)
        assert state.apply(state.legal_moves()[0]) != state
        print("pure")
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(SRC.parent)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pure"


def test_properties_are_the_schema_in_order_with_its_docs() -> None:
    assert tuple(name for name, _ in fields.STATE_FIELDS) == GameState.FIELDS
    assert len(GameState.FIELDS) == fields.STATE_SIZE
    state = pitchcore.new_game("auction-pitch", seed=3)
    for index, (name, doc) in enumerate(fields.STATE_FIELDS):
        assert getattr(type(state), name).__doc__ == doc
        assert getattr(state, name) is tuple.__getitem__(state, index)
        assert getattr(fields, name.upper()) == index


def test_a_state_is_built_by_field_name() -> None:
    state = pitchcore.new_game("auction-pitch", seed=5)
    again = GameState.of(**{name: getattr(state, name) for name in GameState.FIELDS})
    assert again == state and again.log is state.log
    with pytest.raises(TypeError, match="missing \\['log'\\]"):
        GameState.of(**{name: getattr(state, name) for name in GameState.FIELDS[:-1]})
    with pytest.raises(TypeError, match="unknown \\['colour'\\]"):
        GameState.of(colour=1, **{name: getattr(state, name) for name in GameState.FIELDS})


def test_what_follows_a_step_is_decided_in_the_transition_loop_alone() -> None:
    """Only ``game/loop.py`` asks which way a finished step went (``Next.DONE``, ``SCORE``,
    ``REDEAL``): the checked path, ``fast`` and the kernel all call its ``follow``."""
    deciding = re.compile(r"\bis(?: not)? (?:_DONE|_SCORE|_REDEAL|Next\.(?:DONE|SCORE|REDEAL))\b")
    places = sorted(str(path.relative_to(SRC)) for path in SRC.rglob("*.py")
                    if "components" not in path.parts and deciding.search(path.read_text(encoding="utf-8")))
    assert places == ["game/loop.py"]


def test_a_view_packs_its_parts_in_the_order_they_are_named() -> None:
    """``view_of`` builds a ``PlayerView``'s parts from locals named as ``view._PARTS`` lists
    them, in that order: the one list every position of a part is taken from."""
    tree = ast.parse(Path(view.__file__).read_text(encoding="utf-8"))
    function = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "view_of")
    (call,) = [node for node in ast.walk(function) if isinstance(node, ast.Call)
               and isinstance(node.func, ast.Name) and node.func.id == "_set_parts"]
    packed = call.args[1]
    pieces = [packed] if isinstance(packed, ast.Tuple) else [packed.left, packed.right]  # (two tuples joined)
    names = [element.id for piece in pieces for element in piece.elts if isinstance(element, ast.Name)]
    assert sum(len(piece.elts) for piece in pieces) == len(names)  # nothing but names
    assert tuple(names) == view._PARTS
