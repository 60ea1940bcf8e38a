"""The optional compiled extension, ``pitchcore._kernel``, or None where it is not in use.

``pip install`` builds it wherever a C compiler is present; ``PITCHCORE_PURE=1`` in the
environment switches it off for the whole process, leaving the pure-Python path, which is
the reference. A kernel built from another state schema (``model/fields.py``) is not used. Read once, at
import: modules that have a compiled shortcut ask here, so
they all run on the same path.
"""

from __future__ import annotations

import importlib
import os
import warnings
from types import ModuleType

from .fields import layout

PURE = os.environ.get("PITCHCORE_PURE", "") not in ("", "0")
"""True when ``PITCHCORE_PURE`` asks for the pure-Python path."""

compiled: ModuleType | None
"""``pitchcore._kernel`` where it is built and not switched off, else None."""
try:  # (by name: it is a C module beside the package's root, which this layer does not import)
    compiled = importlib.import_module("pitchcore._kernel")
except ImportError:  # no compiler where pitchcore was installed: the Python path
    compiled = None
if compiled is not None and getattr(compiled, "LAYOUT", None) != layout():
    # Built from another state schema (a stale build): it would read the wrong fields.
    warnings.warn("pitchcore._kernel was built for another state layout (rebuild it: "
                  "pip install -e . or python setup.py build_ext --inplace); using the pure-Python path",
                  RuntimeWarning, stacklevel=2)
    compiled = None
if PURE:
    compiled = None

__all__ = ["PURE", "compiled"]
