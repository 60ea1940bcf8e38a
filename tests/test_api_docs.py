"""The API reference: pdoc builds it from the docstrings of the public modules, warning-free.

``make api`` (part of ``make test``) writes it to ``build/api``; this test builds the same
modules into a temporary folder, so a docstring or annotation pdoc cannot read fails plain
``pytest`` too. The module list is the Makefile's ``API_MODULES`` line, read here, so the
two cannot drift apart.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pitchcore

ROOT = Path(__file__).resolve().parents[1]


def api_modules() -> list[str]:
    """The modules the Makefile documents (``API_MODULES := ...``)."""
    found = re.search(r"^API_MODULES\s*:=\s*(.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert found, "the Makefile has no API_MODULES line"
    return found.group(1).split()


def test_the_api_reference_builds_without_a_warning_and_covers_the_public_surface(tmp_path: Path) -> None:
    modules = api_modules()
    assert modules[0] == "pitchcore" and {"pitchcore.accel.fast", "pitchcore.bots"} <= set(modules)
    run = subprocess.run([sys.executable, "-W", "error", "-m", "pdoc", "--docformat", "restructuredtext",
                          "--output-directory", str(tmp_path), *modules],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0 and not run.stderr.strip(), run.stderr[-3000:]
    pages = {path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.html")}
    import types

    exported = {name: getattr(pitchcore, name).__name__ for name in pitchcore.__all__
                if isinstance(getattr(pitchcore, name), types.ModuleType)}  # (pitchcore.history and the like)
    assert exported["history"] == "pitchcore.interop.history"
    assert set(exported.values()) <= set(modules), "a module pitchcore exports has a page of its own"
    wanted = {name.replace(".", "/") + ".html" for name in modules}
    assert pages == wanted | {"index.html"}, "only the public modules get a page"
    top = (tmp_path / "pitchcore.html").read_text(encoding="utf-8")
    sections = set(re.findall(r'<section id="([^"]+)"', top))
    members = {name for name in pitchcore.__all__ if name not in exported}
    assert members <= sections, sorted(members - sections)


def test_help_on_game_state_says_what_each_field_means() -> None:
    import pydoc


    text = pydoc.render_doc(pitchcore.GameState, renderer=pydoc.plaintext)
    assert "itemgetter" not in text
    for name in pitchcore.GameState.FIELDS + ("hands", "players", "seed", "is_over", "bidder", "bid"):
        doc = getattr(pitchcore.GameState, name).__doc__
        assert doc and "itemgetter" not in doc, name


def test_help_on_game_state_leaves_out_the_tuple_it_is_built_on() -> None:
    import pydoc
    import re


    text = pydoc.render_doc(pitchcore.GameState, renderer=pydoc.plaintext)
    assert "builtins.tuple:" not in text  # no "Methods inherited from builtins.tuple" section
    for name in ("count", "index", "__getitem__", "__len__", "__iter__"):
        assert not re.search(rf"^ \|  {re.escape(name)}\(", text, re.MULTILINE), name
    for name in ("tricks", "moves", "start", "legal_moves", "apply", "view"):
        assert re.search(rf"^ \|  {name}\b", text, re.MULTILINE), name
