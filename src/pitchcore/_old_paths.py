"""The module paths pitchcore had before its layers got folders, kept working.

``import pitchcore.engine`` or ``from pitchcore.fast import Game`` finds the module at its
new place (``pitchcore.game.engine``, ``pitchcore.accel.fast``) and registers it under the
old name as well: one module object under two names, so a monkeypatch, ``isinstance`` and
an old pickle all agree. ``python -m pitchcore.docs`` runs the moved module as a script.
New code imports the new paths (docs/architecture.md maps them).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import CodeType, ModuleType

MOVED: dict[str, str] = {
    "pitchcore.actions": "pitchcore.interop.actions",
    "pitchcore.cards": "pitchcore.model.cards",
    "pitchcore.cli": "pitchcore.tools.cli",
    "pitchcore.contradictions": "pitchcore.loading.contradictions",
    "pitchcore.docs": "pitchcore.tools.docs",
    "pitchcore.engine": "pitchcore.game.engine",
    "pitchcore.errors": "pitchcore.model.errors",
    "pitchcore.events": "pitchcore.game.events",
    "pitchcore.extension": "pitchcore.model.extension",
    "pitchcore.fast": "pitchcore.accel.fast",
    "pitchcore.generated": "pitchcore.loading.generated",
    "pitchcore.history": "pitchcore.interop.history",
    "pitchcore.kernel": "pitchcore.game.kernel",
    "pitchcore.loader": "pitchcore.loading.loader",
    "pitchcore.log": "pitchcore.model.log",
    "pitchcore.loop": "pitchcore.game.loop",
    "pitchcore.moves": "pitchcore.model.moves",
    "pitchcore.per_table": "pitchcore.interop.per_table",
    "pitchcore.phase": "pitchcore.model.phase",
    "pitchcore.plugins": "pitchcore.loading.plugins",
    "pitchcore.policies": "pitchcore.accel.policies",
    "pitchcore.problems": "pitchcore.loading.problems",
    "pitchcore.reachable": "pitchcore.interop.reachable",
    "pitchcore.records": "pitchcore.interop.records",
    "pitchcore.registry": "pitchcore.components.registry",
    "pitchcore.results": "pitchcore.model.results",
    "pitchcore.rules": "pitchcore.game.table",
    "pitchcore.schema": "pitchcore.loading.schema",
    "pitchcore.scoring": "pitchcore.components.scoring",
    "pitchcore.simulate": "pitchcore.tools.simulate",
    "pitchcore.state": "pitchcore.model.state",
    "pitchcore.switches": "pitchcore.loading.switches",
    "pitchcore.tensors": "pitchcore.interop.tensors",
    "pitchcore.terminal": "pitchcore.tools.terminal",
    "pitchcore.text": "pitchcore.model.text",
    "pitchcore.tuples": "pitchcore.model.tuples",
    "pitchcore.validation": "pitchcore.loading.validation",
    "pitchcore.variant": "pitchcore.components.variant",
    "pitchcore.view": "pitchcore.game.view",
    "pitchcore.view_json": "pitchcore.interop.view_json",
    "pitchcore.yaml_limits": "pitchcore.loading.yaml_limits",
    "pitchcore.yaml_lines": "pitchcore.loading.yaml_lines",
}
"""Old module path -> where the module lives now."""


class OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path and loads it as the module at its new one."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(MOVED[spec.name])
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module ran once, under its new name. The import system has just
        set its ``__spec__`` to the old path's; it gets its own back."""
        module.__spec__ = self._specs.pop(module.__spec__.name if module.__spec__ else "", module.__spec__)

    def get_code(self, fullname: str) -> CodeType:
        """``python -m <old path>``: run the module at its new path as ``__main__``."""
        source = f"import runpy\nrunpy.run_module({MOVED[fullname]!r}, run_name='__main__', alter_sys=True)\n"
        return compile(source, f"<{fullname}, now {MOVED[fullname]}>", "exec")


def install() -> None:
    """Put the finder on ``sys.meta_path`` once (``pitchcore/__init__.py`` does, first thing)."""
    if not any(isinstance(finder, OldPaths) for finder in sys.meta_path):
        sys.meta_path.append(OldPaths())


def old_attribute(name: str) -> ModuleType:
    """``pitchcore.<name>`` for an old module name not imported yet (the package's
    ``__getattr__``); an ``AttributeError`` for anything else."""
    old = f"pitchcore.{name}"
    if old not in MOVED:
        raise AttributeError(f"module 'pitchcore' has no attribute {name!r}")
    return importlib.import_module(old)
