"""A point category that scores every card: each side gets the value of the cards it took.

Unlike Pitch's categories, which one side wins whole, this one credits every side with its
own amount (``credits``). What a hand reports under its name in ``HandResult.awards`` is
the side credited most (None for a tie); ``HandResult.game_pips`` carries the amount per side.
"""

from __future__ import annotations

import functools

import attrs

from ..model.caches import cached
from ..model.cards import RANKS, make_card
from .context import HandContext
from .points import RECEIVER_WORDS, Category, Credits, receiver_field
from .registry import MOST_VALUE, component, field, number_range
from .wording import capital, listed


def _entries_field(default: tuple[str, ...], doc: str) -> tuple[str, ...]:
    """RANK=POINTS entries: the range is of each entry's points (checked by ``_parse``)."""
    return attrs.field(default=default, converter=tuple,
                       metadata=number_range(0, MOST_VALUE, doc=doc, list=True))


def _parse(entry: str) -> tuple[int, int]:
    """``"T=10"`` -> (rank index, points); ValueError says what is wrong."""
    rank, sep, points = entry.partition("=")
    rank = rank.strip().upper()
    rank = "T" if rank == "10" else rank
    if not sep or len(rank) != 1 or rank not in RANKS:
        raise ValueError(f"expected RANK=POINTS with a rank of {' '.join(RANKS)} (e.g. T=10), got {entry!r}")
    text = points.strip()
    digits = text.lstrip("0") or "0"  # ASCII digits only (int() refuses some others), and few
    if not (text.isascii() and text.isdigit() and len(digits) <= 3 and int(digits) <= MOST_VALUE):
        raise ValueError(f"{entry!r}: the points after = must be a whole number from 0 to "
                         f"{MOST_VALUE} (e.g. T=10)")
    return RANKS.index(rank), int(digits)


@cached(256)
def rank_values(values: tuple[str, ...], others: int) -> tuple[int, ...]:
    """Points per rank (2 first): the listed ones, ``others`` for the rest."""
    table = [others] * 13
    for entry in values:
        rank, points = _parse(entry)
        table[rank] = points
    return tuple(table)


@functools.cache
def _masks(table: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(points, mask of every card worth that many), one pair per distinct non-zero value."""
    found: dict[int, int] = {}
    for rank, points in enumerate(table):
        if points:
            for suit in range(4):
                found[points] = found.get(points, 0) | 1 << make_card(rank, suit)
    return tuple(found.items())


@component("points", "card-values")
@attrs.frozen
class CardValues(Category):
    """Every card scores its value to the side that took it (Jacks Trump: A K Q J 5, T 10, others 1)."""

    name: str = field("cards", "the name awards are reported under (for the side with the most "
                               "card points; nobody on a tie)")
    values: tuple[str, ...] = _entries_field(
        ("A=5", "K=5", "Q=5", "J=5", "T=10"),
        f"points per rank as RANK=POINTS entries, each worth 0 to {MOST_VALUE}, e.g. [A=5, T=10]")
    others: int = field(1, "points of every rank not listed in values", minimum=0, maximum=MOST_VALUE)
    receiver: str = receiver_field("capturer")

    def explain(self) -> str:
        """Card values in plain words (``pitchcore explain``): what each rank is worth, to whom."""
        worth: dict[int, list[str]] = {}
        for entry in self.values:
            try:
                rank, points = _parse(entry)
            except ValueError:
                continue  # (refused when the variant loads)
            worth.setdefault(points, []).append(RANKS[rank])
        values = "; ".join(f"each {listed(ranks)} {points}" for points, ranks in worth.items())
        receiver = RECEIVER_WORDS.get(self.receiver, self.receiver).replace(" it ", " the card ", 1)
        return (f"{capital(self.name)}: every card scores its value {receiver} ({values}; every other card "
                f"{self.others}); the side with the most card points is reported as {self.name}.")

    def problems(self) -> list[tuple[str, str]]:
        found = []
        seen: set[int] = set()
        for entry in self.values:
            try:
                rank, _ = _parse(entry)
            except ValueError as error:
                found.append(("values", str(error)))
                continue
            if rank in seen:
                found.append(("values", f"rank {RANKS[rank]} is given twice; give each rank once"))
            seen.add(rank)
        return found

    def table(self) -> tuple[int, ...]:
        """Points per rank, 2 first."""
        return rank_values(self.values, self.others)

    def amounts(self, ctx: HandContext) -> tuple[int, ...]:
        """Card points per side: of the cards it took, or (holder) was dealt."""
        if self.receiver == "capturer":
            piles = ctx.piles
        else:
            held = [0] * ctx.sides
            for seat, mask in enumerate(ctx.held):
                held[ctx.side_of[seat]] |= mask
            piles = tuple(held)
        masks = _masks(self.table())
        return tuple(sum(points * (pile & mask).bit_count() for points, mask in masks) for pile in piles)

    def credits(self, ctx: HandContext) -> Credits:
        return tuple((side, amount) for side, amount in enumerate(self.amounts(ctx)) if amount)

    def tally(self, ctx: HandContext) -> tuple[int, ...] | None:
        return self.amounts(ctx)

    def most(self) -> int:
        return 4 * sum(self.table())


