"""A variant: one component per slot, immutable, written back to YAML exactly."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import attrs

from . import SLOT_ORDER
from .exchange import ExchangeRule
from .points import Category
from .registry import kind_of
from .settlement import SetBack
from .shoot import NoShoot, Shoot
from .slots import AuctionRule, DealRule, GoingOutRule, HandStep, TrickRule, TrumpSlot
from .step import Step


@attrs.frozen(cache_hash=True)  # (hashed whenever a game starts; every part of it is frozen)
class Variant:
    """A complete rule set: what ``load_variant`` returns and ``new_game`` plays.

    Slots are typed by what they must do (``components/slots.py``), not by one class each,
    so every registered kind of a slot fits it.
    """

    name: str
    description: str
    source: str
    deal: DealRule
    auction: AuctionRule
    widow: Step
    trump: TrumpSlot
    exchange: ExchangeRule
    play: HandStep
    trick: TrickRule
    points: tuple[Category, ...]
    shoot: NoShoot | Shoot
    settlement: SetBack
    going_out: GoingOutRule

    def component(self, slot_name: str) -> Any:
        return getattr(self, slot_name)

    def to_dict(self) -> dict[str, Any]:
        """The variant as plain data, every field spelt out (``--resolved``)."""
        data: dict[str, Any] = {"name": self.name, "description": self.description,
                                "source": self.source}
        for slot_name in SLOT_ORDER:
            value = getattr(self, slot_name)
            if isinstance(value, tuple):
                data[slot_name] = [component_dict(item) for item in value]
            else:
                data[slot_name] = component_dict(value)
        return data

    def to_yaml(self, path: str | os.PathLike[str] | None = None) -> str:
        """YAML text that ``load_variant`` reads back to an equal ``Variant``; with ``path``,
        also written to that file (UTF-8), which ``load_variant(path)`` then reads."""
        import yaml

        text = yaml.safe_dump(self.to_dict(), sort_keys=False, default_flow_style=False,
                              allow_unicode=True)
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text


def component_dict(component: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": kind_of(component)}
    for attribute in attrs.fields(type(component)):
        value = getattr(component, attribute.name)
        data[attribute.name] = list(value) if isinstance(value, tuple) else value
    return data
