"""Switches: top-level shorthands for a slot setting (docs/rules.md, "Optional rules").

``no_junk: true`` is ``settlement: {kind: no-junk}`` and ``no_junk: false`` is
``settlement: {kind: set-back}``; the settlement's other fields are kept, except that
``no_junk: true`` turns an inherited ``set_bid_to: defenders`` (Cinch) into ``nobody``:
under no junk the defenders score nothing, not even a set bidder's bid (and an inherited
``set_costs: nothing`` into ``bid``: the set bidder is set back instead). A switch is
rewritten into its slot as each file is read, before ``extends`` merges, so a variant
never holds the switch itself (``to_yaml`` writes the slot).
"""

from __future__ import annotations

from typing import Any

from ..model.errors import VariantError
from .problems import _show, _unquoted
from .yaml_lines import Path_, Where, _at

SWITCHES = {
    "no_junk": "true: only the bidder's side can score points (settlement kind no-junk); "
               "false: every side scores what it takes (settlement kind set-back). Other "
               "settlement fields are kept, but true makes an inherited set_bid_to: "
               "defenders nobody (the defenders score nothing, not even the bid) and an "
               "inherited set_costs: nothing bid (the set bidder is set back instead).",
}
"""Each switch and what it means, for the docs and the schema."""


def take_switches(data: dict[str, Any], lines: dict[Path_, Where], filename: str) -> dict[str, bool]:
    """Remove the switches from one file's ``data``, checked: its settings, by name."""
    if "no_junk" not in data:
        return {}
    value = data.pop("no_junk")
    if not isinstance(value, bool):
        raise VariantError(f"{_at(lines, ('no_junk',), filename)}: no_junk: expected true or "
                           f"false, got {_show(value)}{_unquoted(value, boolean=True)}")
    settlement = data.get("settlement")
    kind = settlement if isinstance(settlement, str) else \
        settlement.get("kind") if isinstance(settlement, dict) else None
    wanted = _KIND[value]
    if kind is not None and kind != wanted:
        raise VariantError(f"{_at(lines, ('no_junk',), filename)}: no_junk: {str(value).lower()} "
                           f"means settlement kind {wanted}, but this file sets settlement kind "
                           f"{kind}; remove one of them")
    if value and isinstance(settlement, dict) and settlement.get("set_bid_to") == "defenders":
        raise VariantError(f"{_at(lines, ('no_junk',), filename)}: no_junk: true means only the "
                           "bidder's side scores, but this file sets settlement.set_bid_to: "
                           "defenders; remove one of them")
    return {"no_junk": value}


def apply_switches(merged: dict[str, Any], lines: dict[Path_, Where], switches: dict[str, bool],
                   where: Where) -> None:
    """Set the slots ``switches`` stand for in a file's ``merged`` data (its parents' and its
    own): the kind changes, the inherited fields stay."""
    if "no_junk" not in switches:
        return
    settlement = merged.get("settlement", {})
    if isinstance(settlement, str):
        settlement = {"kind": settlement}
    if not isinstance(settlement, dict):
        return  # the settlement slot's own check reports it
    merged["settlement"] = {**settlement, "kind": _KIND[switches["no_junk"]]}
    lines.setdefault(("settlement",), where)
    lines[("settlement", "kind")] = where
    if switches["no_junk"] and settlement.get("set_bid_to") == "defenders":  # inherited (Cinch)
        merged["settlement"]["set_bid_to"] = "nobody"
        lines[("settlement", "set_bid_to")] = where
        if settlement.get("set_costs") == "nothing":  # (Cinch) so the set bidder is set back
            merged["settlement"]["set_costs"] = "bid"
            lines[("settlement", "set_costs")] = where


_KIND = {True: "no-junk", False: "set-back"}
