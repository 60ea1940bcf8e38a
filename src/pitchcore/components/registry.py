"""The component registry: every rule component is a small frozen class in a named slot.

A variant file picks one component per slot by its ``kind`` (or a list of them, for the
``points`` slot) and sets its fields. The registry is what the loader validates against,
what ``pitchcore show`` and the docs describe, and where a new component plugs in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


@attrs.frozen
class Slot:
    """One named place in a variant where a component goes."""

    name: str
    description: str
    default: str | None
    """The kind used when a variant omits the slot (None: the slot is required)."""
    many: bool = False
    """True when the slot holds an ordered list of components (``points``)."""


SLOTS: dict[str, Slot] = {}
KINDS: dict[str, dict[str, type[Any]]] = {}


def slot(name: str, description: str, default: str | None, *, many: bool = False) -> None:
    SLOTS[name] = Slot(name, description, default, many)
    KINDS.setdefault(name, {})


class KindTaken(ValueError):
    """A second class registered under a kind name already taken."""


def component(slot_name: str, kind: str) -> Callable[[type[T]], type[T]]:
    """Register a frozen attrs class as the component ``kind`` of ``slot_name``.

    A kind is registered once: a second class under a taken name is refused (a plugin
    cannot quietly change what a bundled kind, or another plugin's, means). The same class
    registered again, as when its module is imported a second time, is allowed."""

    def register(cls: type[T]) -> type[T]:
        if slot_name not in SLOTS:
            raise ValueError(f"{_name(cls)}: no slot {slot_name!r}; slots: {', '.join(SLOTS)}")
        if not attrs.has(cls):
            raise TypeError(f"{_name(cls)} must be an attrs class (decorate it with @attrs.frozen "
                            f"below @component)")
        taken = KINDS[slot_name].get(kind)
        if taken is not None and _name(taken) != _name(cls):
            owner = "a bundled kind" if is_bundled(taken) else "taken"
            raise KindTaken(f"{slot_name} kind {kind!r} is already {owner} ({_name(taken)}); a kind "
                             f"cannot be replaced: register {_name(cls)} under another name")
        KINDS[slot_name][kind] = cls
        cls.kind = kind  # type: ignore[attr-defined]
        return cls  # type: ignore[return-value]

    return register


def _name(cls: type[Any]) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def is_bundled(cls: type[Any]) -> bool:
    """True for a component that comes with pitchcore (not a plugin's, nor a script's)."""
    return cls.__module__.startswith("pitchcore.")


def bundled_kinds(slot_name: str) -> dict[str, type[Any]]:
    """The kinds of a slot that come with pitchcore, in registration order (what the
    repository's generated docs describe, whatever plugins are installed)."""
    return {kind: cls for kind, cls in KINDS[slot_name].items() if is_bundled(cls)}


def describe(cls: type[Any]) -> str:
    """The one-line description of a component: the first line of its docstring."""
    return (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""


def choice(choices: Sequence[Any], default: Any, doc: str = "") -> Any:
    """An attrs field that only takes one of ``choices``; the loader lists them on error."""
    return attrs.field(default=default, metadata={"choices": tuple(choices), "doc": doc})


def field(default: Any, doc: str = "", *, minimum: int | None = None,
          maximum: int | None = None) -> Any:
    """An attrs field with a one-line description; a number field also gives its range.

    Every whole number a variant sets has a ``minimum`` and a ``maximum``: the loader
    refuses a value outside them before anything uses it, so no variant file can make a
    game build huge move lists or loop over a range it chose (``tests/test_ranges.py``
    fails for a number field without both)."""
    return attrs.field(default=default, metadata=number_range(minimum, maximum, doc=doc))


def number_range(minimum: int | None, maximum: int | None, **metadata: Any) -> dict[str, Any]:
    """Field metadata with the range of its whole numbers (for fields declared with
    ``attrs.field`` directly, such as those that also take a choice or null)."""
    return {**metadata, "minimum": minimum, "maximum": maximum}


# The ranges of a variant's numbers, shared by the fields that hold the same kind of number.
# Each is far beyond any table that is played, and small enough that a variant at the limits
# still offers short lists of legal moves and plays quickly.
MOST_PLAYERS = 10
"""Seats at a table: Pitch is played by 2 to 8; 10 still deals five cards each from 52."""
MOST_CARDS = 13
"""Cards in a hand, a packet, a gift or a refill: Pitch deals 6 to 9; a whole suit is 13."""
MOST_BID = 100
"""The highest number a bid may be: Cinch bids to 14, Nine-Five to 18, Sixty-three to 63."""
MOST_VALUE = 50
"""What one point category, or one card of card-values, may be worth (Sixty-three's 3: 25)."""
MOST_SCORE = 5000
"""The largest target or score a variant names (Nine-Five plays to 100, Sixty-three to 152)."""
MOST_ROUNDS = 100
"""Hands in a game of a fixed number of rounds."""
MOST_ENTRIES = 16
"""Entries in a list: point categories, trump extras, card values (the deck has 13 ranks)."""
LONGEST_TEXT = {"name": 100, "description": 1000, "source": 1000}
"""Characters of a variant's texts (a name is shown in every state's repr)."""


def kind_of(component: Any) -> str:
    return str(component.kind)
