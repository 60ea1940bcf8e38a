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


def component(slot_name: str, kind: str) -> Callable[[type[T]], type[T]]:
    """Register a frozen attrs class as the component ``kind`` of ``slot_name``."""

    def register(cls: type[T]) -> type[T]:
        if not attrs.has(cls):
            raise TypeError(f"{cls.__name__} must be an attrs class")
        KINDS[slot_name][kind] = cls
        cls.kind = kind  # type: ignore[attr-defined]
        return cls  # type: ignore[return-value]

    return register


def describe(cls: type[Any]) -> str:
    """The one-line description of a component: the first line of its docstring."""
    return (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""


def choice(choices: Sequence[Any], default: Any, doc: str = "") -> Any:
    """An attrs field that only takes one of ``choices``; the loader lists them on error."""
    return attrs.field(default=default, metadata={"choices": tuple(choices), "doc": doc})


def field(default: Any, doc: str = "", *, minimum: int | None = None) -> Any:
    """An attrs field with a one-line description (and an optional lower bound)."""
    return attrs.field(default=default, metadata={"doc": doc, "minimum": minimum})


def kind_of(component: Any) -> str:
    return str(component.kind)
