"""A seat's view as plain JSON data, for sending to the player at that seat.

Built on cattrs from the ``PlayerView`` class itself, so a new field travels without a line
here. Cards and moves travel as their text (``"AH"``, ``"bid 3"``), a phase as its value
(``"bidding"``), tuples as lists, a hand result's awards as ``[name, side]`` pairs; the
rules (``PlayerView.rules``) stay behind: a client knows the variant by its name. The JSON
holds what the view holds and nothing more, so it is safe to send to that seat.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from .cards import Card
from .errors import ViewDataError
from .moves import Move, parse_move
from .results import Awards
from .view import PlayerView

if TYPE_CHECKING:
    import cattrs


@functools.cache
def _converter() -> cattrs.Converter:
    import attrs
    import cattrs
    from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

    from .variant import Variant

    attrs.resolve_types(PlayerView, localns={"Variant": Variant})  # (view.py names it for type checks only)
    converter = cattrs.Converter()
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Card, lambda text, _: Card(text))
    converter.register_unstructure_hook(Move, str)
    converter.register_structure_hook(Move, lambda text, _: parse_move(text))
    converter.register_unstructure_hook(Awards, lambda awards: [[name, side] for name, side in awards.items()])
    converter.register_structure_hook(Awards, lambda pairs, _: Awards(tuple((name, side) for name, side in pairs)))
    for union in (int | str | None, bool | None, int | None, str | None):
        converter.register_structure_hook(union, lambda data, _: data)
    converter.register_unstructure_hook(
        PlayerView, make_dict_unstructure_fn(PlayerView, converter, rules=override(omit=True)))
    converter.register_structure_hook(
        PlayerView, make_dict_structure_fn(PlayerView, converter, rules=override(omit=True),
                                           _cattrs_forbid_extra_keys=True))
    return converter


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """``view`` as plain data for ``json.dumps``: what the seat may know, nothing more."""
    data: dict[str, Any] = _converter().unstructure(view)
    return data


def view_from_json(data: Any) -> PlayerView:
    """The ``PlayerView`` that ``view_to_json`` gave ``data`` for (without its ``rules``);
    anything else raises ``ViewDataError``."""
    import cattrs

    try:
        view: PlayerView = _converter().structure(data, PlayerView)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as error:
        messages = cattrs.transform_error(error) if isinstance(error, cattrs.BaseValidationError) else [str(error)]
        raise ViewDataError(f"not a pitchcore view: {'; '.join(messages)[:500]}") from None
    return view
