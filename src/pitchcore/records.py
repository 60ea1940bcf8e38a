"""Game records: a state to JSON and back, the variant's rules included.

The JSON holds the variant in full (as ``--resolved`` prints it), so a record loads back
to an equal state even where the variant file has changed or is not at hand.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from .results import Awards, HandResult
from .rules import Table
from .state import GameState, HandInfo, Phase

FORMAT = "pitchcore-state/1"

if TYPE_CHECKING:
    import cattrs


@functools.cache
def _converter() -> cattrs.Converter:
    """The record converter, built on first use: games that never save never import cattrs."""
    import cattrs

    converter = cattrs.Converter()
    converter.register_unstructure_hook(Awards, lambda awards: [[k, v] for k, v in awards.items()])
    converter.register_structure_hook(Awards, lambda data, _: Awards(tuple(map(tuple, data))))
    for union in (int | str | None, int | str, bool | None, int | None):
        converter.register_structure_hook(union, lambda data, _: data)
    return converter


def dumps(state: GameState) -> str:
    """The state as JSON text; ``loads`` gives back an equal state."""
    table = state.table
    record: dict[str, Any] = {
        "format": FORMAT,
        "variant": table.variant.to_dict(),
        "players": table.players,
        "seed": table.seed,
        "scores": list(state.scores),
        "dealer": state.dealer,
        "deal_number": state.deal_number,
        "hand_results": _converter().unstructure(list(state.hand_results)),
        "phase": state.phase.value,
        "to_move": state.to_move,
        "masks": list(state.masks),
        "info": state.info._asdict(),
        "trick_cards": list(state.trick_cards),
        "leader": state.leader,
        "tricks": [[leader, list(cards), taker] for leader, cards, taker in state.tricks],
        "winner": state.winner,
        "step": state.step,
    }
    return json.dumps(record, separators=(",", ":"))


def loads(text: str) -> GameState:
    """Rebuild a state from ``dumps`` output."""
    from .validation import build_variant

    try:
        record = json.loads(text)
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} record")
        variant = build_variant(record["variant"], filename="<record>")
        table = Table(variant, record["players"], record["seed"])
        info = HandInfo(**{key: _tuples(value) for key, value in record["info"].items()})
        results = tuple(_converter().structure(record["hand_results"], list[HandResult]))
        return GameState(
            table, tuple(record["scores"]), record["dealer"], record["deal_number"], results,
            Phase(record["phase"]), record["to_move"], tuple(record["masks"]), info,
            tuple(record["trick_cards"]), record["leader"],
            tuple((leader, tuple(cards), taker) for leader, cards, taker in record["tricks"]),
            record["winner"], record["step"])
    except (KeyError, TypeError, ValueError, _validation_error()) as error:
        raise ValueError(f"not a pitchcore game record: {error}") from None


def _validation_error() -> type[Exception]:
    import cattrs

    return cattrs.BaseValidationError


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples a hand's fields hold."""
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value

