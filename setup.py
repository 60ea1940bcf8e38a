"""Build the optional compiled play kernel (``pitchcore._kernel``); everything else is in pyproject.toml.

The extension is plain C against the CPython API, with no build dependency beyond a C
compiler: where none is present (or the build fails) ``optional=True`` lets the install go
on, and pitchcore runs its pure-Python path, the reference the kernel is tested against.

Before it is compiled, ``src/pitchcore/_fields.h`` (the state's field positions) is written
from the state schema, ``src/pitchcore/model/fields.py``, so the C reads the fields where
Python puts them.
"""

import importlib.util
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_pitchcore_fields", HERE / "src/pitchcore/model/fields.py")
assert _spec is not None and _spec.loader is not None
_fields = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fields)
_header = HERE / "src/pitchcore/_fields.h"
if not _header.exists() or _header.read_text() != _fields.c_header():
    _header.write_text(_fields.c_header())

setup(ext_modules=[Extension("pitchcore._kernel", ["src/pitchcore/_kernel.c"], optional=True,
                             depends=["src/pitchcore/_fields.h"], extra_compile_args=["-O2"])])
