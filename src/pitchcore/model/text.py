"""How a message or a terminal shows a value it did not make: short, and one printable line.

Whatever a player sends (a move's text, a key in a house file, a name in a history) may be
long, hold a terminal escape or a line break, or be no text at all; quoting it as it is would
let it forge a line of output or fail to print. Every message quotes such values through here.
"""

from __future__ import annotations


def shown(value: object, *, quote: bool = True) -> str:
    """``value`` as a message shows it: short, and never an exception of its own (a
    10,000-digit number, a long text or an object whose ``repr`` fails)."""
    cls = value.__class__
    if value is None or cls is bool or cls is float:
        return repr(value)
    if cls is int:
        assert isinstance(value, int)
        return repr(value) if value.bit_length() <= 64 else f"<a {value.bit_length()}-bit number>"
    if cls is str:
        assert isinstance(value, str)
        cut = value[:40]
        text = repr(cut) if quote else printable(cut)
        return text + ("..." if len(value) > 40 else "")
    return f"<{type(value).__name__[:40]}>"


def printable(text: str) -> str:
    """``text`` as one printable line, for a message or a terminal: every character that is
    not printable (control characters and line breaks, format characters such as the
    right-to-left override, lone surrogates) written as its escape (``\\x1b``, ``\\u202e``),
    so what a player typed or named can neither forge a line nor fail to encode."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)
