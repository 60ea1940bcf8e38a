"""What a component tells the compiled kernel: its ``kernel_form`` method.

The kernel (``pitchcore.game.kernel``, ``_kernel.c``) runs no rule of its own choosing: it
asks each component of a variant for its kernel form, the kind of rule it plays and the
tables the rule reads, and plays the variant in C only when every component it needs has
one. A component without ``kernel_form`` runs in Python, so a new kind needs no kernel edit;
one with it must mean what the C code it names does (the differential test,
``tests/test_kernel.py``, compares the two move by move).

The forms, per slot:

- play: ``kernel_form()`` -> (follow rule, first lead must be trump): the follow rule as
  its index in ``play.FOLLOW_RULES`` (``_kernel.c``'s ``FOLLOW_*``);
- trick: ``kernel_form()`` -> True: the card of highest power takes the trick
  (``TrumpTables.power``, ``later_ties``);
- points: ``kernel_form(tables, deck)`` -> one category's tuple (kind, captured not held,
  needs trump, deciding cards per trump suit 0-4, Game's tie rule, Game's half joker pips),
  the kinds below;
- shoot: ``kernel_form()`` -> True: made or missed from the categories' awards and the
  tricks taken alone, which is what the kernel reports of a hand;
- auction: ``kernel_form()`` -> {bid: rank} for a single round whose legal bids depend
  only on the high bid and whether the dealer bids, or None;
- exchange: ``kernel_form()`` -> the most cards a player may discard beyond its extra ones,
  for the draw (``exchange: draw``: each in turn discards and draws as many from the stock).

(The trump slot's ``suit_from_lead`` and ``names_after_lead`` are its form already.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CARD, GAME, LAST = 0, 1, 2
"""The point category kinds the kernel judges (``_kernel.c``'s ``CAT_CARD``, ``CAT_GAME``,
``CAT_LAST``): the first in play of some deciding cards; most Game pips; the last trick."""


def kernel_form(component: object) -> Callable[..., Any] | None:
    """``component.kernel_form`` where the kernel may use it, else None: the component has
    none, or its class is a plug-in's subclass that inherits the form without giving its own
    (it may change any rule the inherited form describes)."""
    method: Callable[..., Any] | None = getattr(component, "kernel_form", None)
    cls = type(component)
    if method is None or ("kernel_form" not in vars(cls) and not cls.__module__.startswith("pitchcore.")):
        return None
    return method
