"""Building the engine's immutable tuples (states, logs, hand facts) without their checks."""

from __future__ import annotations

unchecked = tuple.__new__
"""``unchecked(GameState, fields)``: the tuple subclass built from ``fields`` as they are,
past its ``__new__`` (which checks or converts). The transition loop and the components
build every state this way: the fields come from a state that was already checked."""
