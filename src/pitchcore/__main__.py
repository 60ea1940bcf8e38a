"""``python -m pitchcore``: the ``pitchcore`` command, for when its script is not on the PATH."""

import sys

from .tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
