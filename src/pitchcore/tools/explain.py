"""``pitchcore explain``: a variant's effective rules in plain English, slot by slot.

Nothing here knows a rule. Each component says what its own fields mean (its ``explain``
method), so a changed field changes the text, and the rules are written down once, in the
components. A component without an ``explain`` of its own (a plugin's kind, or a plugin's
subclass of a bundled kind, which may play differently from what it inherits) is described
honestly by what is known of it: its kind, the first line of its docstring and its fields.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

import attrs

from ..components import SLOT_ORDER
from ..components.registry import describe, is_bundled
from ..components.variant import Variant

WIDTH = 88
"""Columns the text is wrapped to by default (0: one line per paragraph)."""

TITLES = {name: name.replace("_", " ").capitalize() for name in SLOT_ORDER}
"""Each slot's heading: ``Deal``, ``Auction``, ..., ``Going out``."""


def explain(variant: Variant, width: int = WIDTH, indent: str = "") -> str:
    """The rules of ``variant`` in plain English: its name and description, then one
    paragraph per slot in the order a hand meets them (the point categories one a line, in
    award order). Lines are wrapped to ``width`` columns, ``indent`` included (0: not
    wrapped), each after ``indent``."""
    if width > 0:
        width = max(width - len(indent), 20)
    lines = [variant.name, *_wrap(variant.description, width), ""]
    bidding = has_bidding(variant)
    for slot_name in SLOT_ORDER:
        value = variant.component(slot_name)
        title = TITLES[slot_name]
        if isinstance(value, tuple):
            lines += _wrap(f"{title}, in award order{_most(value)}:", width)
            for item in value:
                lines += _wrap(component_text(item, bidding), width, "  - ", "    ")
        else:
            lines += _wrap(f"{title}: {component_text(value, bidding)}", width, "", "  ")
        lines.append("")
    return "".join(f"{indent}{line}\n" if line else "\n" for line in lines[:-1])


def has_bidding(variant: Variant) -> bool:
    """False where the variant's auction has no bids (``auction: none``): no hand has a bidder."""
    values = getattr(variant.auction, "all_values", None)
    return not callable(values) or bool(values())


def component_text(component: Any, bidding: bool = True) -> str:
    """What one component says of itself: its ``explain`` (its ``explain_without_bidding``
    where the variant has no bidding and the component has one), else its kind, its
    docstring's first line and its fields (``fields_text``)."""
    method = own_explain(component, "explain" if bidding else "explain_without_bidding")
    if method is None and not bidding:
        method = own_explain(component)
    if method is None:
        return fields_text(component)
    if is_bundled(type(component)):
        text = method()
    else:
        try:
            text = method()
        except Exception:  # a plugin's explain that fails: say what is known of the component instead
            text = None
    return " ".join(text.split()) if isinstance(text, str) and text.strip() else fields_text(component)


def own_explain(component: Any, name: str = "explain") -> Callable[[], Any] | None:
    """``component.explain`` (or the method ``name``) where it speaks for the component's
    class: defined by that class, or inherited by a bundled class. A plugin's subclass that
    inherits the method without giving its own may play differently from what the method
    says: None."""
    method = getattr(component, name, None)
    if not callable(method):
        return None
    cls = type(component)
    owner = next((klass for klass in cls.__mro__ if name in vars(klass)), None)
    if owner is not cls and not is_bundled(cls):
        return None
    return method  # type: ignore[no-any-return]


def fields_text(component: Any) -> str:
    """A component described by its kind, its docstring's first line and its field values:
    ``kind deuces: Each two (deuce) of any suit scores its value to the side that takes it
    (name: deuces, value: 1, receiver: capturer).``"""
    cls = type(component)
    kind = getattr(component, "kind", None) or cls.__name__
    text = f"kind {kind}"
    doc = describe(cls).strip().rstrip(".")
    if doc:
        text += f": {doc}"
    if attrs.has(cls):
        settings = [f"{field.name}: {_value(getattr(component, field.name))}"
                    for field in attrs.fields(cls) if field.init]
        if settings:
            text += f" ({', '.join(settings)})"
    return text + "."


def _value(value: Any) -> str:
    """A field's value as a variant file writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, int | float | str):
        return str(value)
    return type(value).__name__


def _most(categories: tuple[Any, ...]) -> str:
    """``, at most 4 a hand``: the points the categories can credit in one hand, where each says."""
    try:
        total = sum(int(category.most()) for category in categories)
    except Exception:  # a plugin's category that cannot say: leave the total out
        return ""
    return f", at most {total} a hand"


def _wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """``text`` as lines of at most ``width`` columns (0: one line), the first after
    ``first``, the others after ``rest``."""
    text = " ".join(text.split())
    if not text:
        return []
    if width <= 0:
        return [first + text]
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False)
