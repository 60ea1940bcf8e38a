"""Build the optional compiled play kernel (``pitchcore._kernel``); everything else is in pyproject.toml.

The extension is plain C against the CPython API, with no build dependency beyond a C
compiler: where none is present (or the build fails) ``optional=True`` lets the install go
on, and pitchcore runs its pure-Python path, the reference the kernel is tested against.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("pitchcore._kernel", ["src/pitchcore/_kernel.c"], optional=True,
                             extra_compile_args=["-O2"])])
