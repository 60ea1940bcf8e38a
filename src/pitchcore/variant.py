"""A variant: one component per slot, immutable, written back to YAML exactly."""

from __future__ import annotations

from typing import Any

import attrs

from .components.auction import SingleRound
from .components.deal import PacketDeal
from .components.exchange import ExchangeRule
from .components.going_out import GoingOut
from .components.play import FollowOrTrump
from .components.points import Point
from .components.settlement import SetBack
from .components.shoot import NoShoot, Shoot
from .components.step import Step
from .components.trick import HighestTrump
from .components.trump import TrumpRule
from .registry import kind_of


@attrs.frozen
class Variant:
    """A complete rule set: what ``load_variant`` returns and ``new_game`` plays."""

    name: str
    description: str
    source: str
    deal: PacketDeal
    auction: SingleRound
    widow: Step
    trump: TrumpRule
    exchange: ExchangeRule
    play: FollowOrTrump
    trick: HighestTrump
    points: tuple[Point, ...]
    shoot: NoShoot | Shoot
    settlement: SetBack
    going_out: GoingOut

    def component(self, slot_name: str) -> Any:
        return getattr(self, slot_name)

    def to_dict(self) -> dict[str, Any]:
        """The variant as plain data, every field spelt out (``--resolved``)."""
        from .components import SLOT_ORDER

        data: dict[str, Any] = {"name": self.name, "description": self.description,
                                "source": self.source}
        for slot_name in SLOT_ORDER:
            value = getattr(self, slot_name)
            if isinstance(value, tuple):
                data[slot_name] = [component_dict(item) for item in value]
            else:
                data[slot_name] = component_dict(value)
        return data

    def to_yaml(self) -> str:
        """YAML text that ``load_variant`` reads back to an equal ``Variant``."""
        import yaml

        return yaml.safe_dump(self.to_dict(), sort_keys=False, default_flow_style=False,
                              allow_unicode=True)


def component_dict(component: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": kind_of(component)}
    for attribute in attrs.fields(type(component)):
        value = getattr(component, attribute.name)
        data[attribute.name] = list(value) if isinstance(value, tuple) else value
    return data
