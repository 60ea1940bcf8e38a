"""Files generated from the code (the variant file reference, its JSON Schema): write them,
or with ``--check`` say which are stale, so a test can fail when one falls behind."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

DOCS_DIR = Path(__file__).resolve().parents[3] / "docs"
"""The repository's docs folder (pitchcore is developed as an editable install)."""


def regenerate(files: Mapping[str, Callable[[], str]], folder: Path, argv: Sequence[str] | None,
               prog: str) -> int:
    """Rewrite each of ``files`` (name -> its text) in ``folder``, or with ``--check`` in
    ``argv`` write nothing and return 1 when any is missing or stale."""
    parser = argparse.ArgumentParser(prog=prog, description="Regenerate the docs made from the component registry.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    parser.add_argument("--dir", type=Path, default=folder, help=f"where the docs go (default: {folder})")
    args = parser.parse_args(argv)
    stale = 0
    for filename, generate in files.items():
        path: Path = args.dir / filename
        text = generate()
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        if args.check:
            stale += 1
            print(f"{path} is out of date; regenerate it with: {prog}", file=sys.stderr)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {path}")
    return 1 if stale else 0
