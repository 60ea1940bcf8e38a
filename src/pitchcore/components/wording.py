"""Plain words for the components' ``explain`` methods (``pitchcore explain``).

Each component says what its own fields mean in sentences a card table can read; these
are the few words they share (counts, lists, card ranks). No rule lives here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model.cards import RANKS

RANK_WORDS = dict(zip(RANKS, ("2", "3", "4", "5", "6", "7", "8", "9", "ten", "jack", "queen", "king", "ace"),
                      strict=True))
"""A rank letter as a sentence names it: ``the ten of trumps``, ``the 5 of trumps``."""


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 point``, ``3 points`` (``words``: the plural where it is not ``word`` + s)."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last``: the word before the last item)."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def times(count: int, what: str) -> str:
    """``the bid``, ``twice the bid``, ``3 times the bid``."""
    if count == 1:
        return what
    return f"twice {what}" if count == 2 else f"{count} times {what}"


def capital(text: str) -> str:
    """``text`` with a capital first letter (a category's name as a heading: ``High``)."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return ""
    return capital(text) + ("" if text.endswith((".", "!", "?")) else ".")


def sentences(*parts: str) -> str:
    """The non-empty ``parts`` as sentences, one after the other."""
    return " ".join(sentence(part) for part in parts if part.strip())
