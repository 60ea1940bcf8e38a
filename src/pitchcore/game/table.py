"""A variant compiled for one table: seat count, sides, trump tables and hand steps."""

from __future__ import annotations

import warnings
from typing import Any

import attrs

from ..components import HAND_STEPS
from ..components.auction import BlindRound, SingleRound
from ..components.calling import CallThenAny
from ..components.step import Step
from ..components.trump import TrumpTables
from ..components.trump_misdeal import exchange_step
from ..components.variant import Variant
from ..model.caches import Cache
from .kernel import auction_step, draw_step, play_step
from .loop import advance, enter
from .view import view_of

_PLAY = HAND_STEPS.index("play")
_AUCTION = HAND_STEPS.index("auction")
_EXCHANGE = HAND_STEPS.index("exchange")
_DEAL = HAND_STEPS.index("deal")
_DERIVED: Cache[tuple[int, int], tuple[Variant, dict[str, Any]]] = Cache(256)
"""A table's fields worked out from its variant and seat count, by (id of the variant,
players), each with its variant: every game has a table of its own (its seed),
but those fields are the same for every game of a variant (its steps hold nothing of one
game), and a variant hashes slowly (it is found by id, then checked to be the same object)."""


@attrs.frozen(eq=False)
class Table:
    """Everything fixed for one game: shared by every state of it, compared by value."""

    variant: Variant
    players: int
    seed: int
    side_of: tuple[int, ...] = attrs.field(init=False)
    """Side of each seat."""
    sides: int = attrs.field(init=False)
    trump_tables: TrumpTables = attrs.field(init=False)
    """The variant's trump tables: each card's effective suit and rank under each trump."""
    pipeline: tuple[Step, ...] = attrs.field(init=False)
    """The hand's steps in order (deal, auction, widow, trump, exchange, play)."""
    shoot_rank: int = attrs.field(init=False)
    """Auction rank of the shoot bid, which the dealer may never take (0: none)."""
    most_points: int = attrs.field(init=False)
    """The most the point categories can credit in a hand: what a named top bid is worth."""
    point_names: tuple[str, ...] = attrs.field(init=False)
    """The categories' names in award order (``HandResult.awards``)."""
    deck_size: int = attrs.field(init=False)
    """The width of the card indices: 52, or 53/54 with jokers (every card lies below it)."""
    deck: tuple[int, ...] = attrs.field(init=False)
    """The cards of the deck, in index order: ``range(deck_size)``, or fewer for a stripped
    deck (the piquet pack's 32)."""
    deck_mask: int = attrs.field(init=False)
    """The mask of ``deck``."""
    face_up_stock: bool = attrs.field(init=False)
    """True when the stock lies face up, its top card seen by everyone (California Jack)."""
    calls: bool = attrs.field(init=False)
    """True when each trick's leader declares high or low before leading (``play:
    call-then-any``): views list the hand's calls."""
    _hash: int = attrs.field(init=False, repr=False)
    """``hash`` of what the table is built from, worked out once: a variant hashes every
    rule it holds, and search keys its caches by table."""

    def __attrs_post_init__(self) -> None:
        key = (id(self.variant), self.players)
        found = _DERIVED.get(key)
        if found is not None and found[0] is self.variant:
            for name, value in found[1].items():
                object.__setattr__(self, name, value)
        else:
            _DERIVED.put(key, (self.variant, self._derive()))
        object.__setattr__(self, "_hash", hash(self._key()))

    def _derive(self) -> dict[str, Any]:
        """The fields worked out from the variant and the seat count, set on this table and
        returned: the same for every game of them (``_DERIVED`` keeps them)."""
        variant = self.variant
        fields: dict[str, Any] = {}

        def set_(name: str, value: Any) -> None:
            object.__setattr__(self, name, value)
            fields[name] = value

        side_of = variant.deal.side_table(self.players)
        set_("side_of", side_of)
        set_("sides", max(side_of) + 1)
        set_("trump_tables", variant.trump.tables())
        shoot_bid = variant.shoot.bid
        set_("shoot_rank", variant.auction.rank(shoot_bid) if shoot_bid is not None else 0)
        set_("deck_size", variant.deal.deck_size())
        set_("deck", tuple(variant.deal.deck_cards()))
        set_("deck_mask", sum(1 << card for card in self.deck))
        set_("face_up_stock", getattr(variant.play, "stock", None) == "face-up")
        set_("calls", isinstance(variant.play, CallThenAny))
        set_("most_points", sum(point.most() for point in variant.points))
        set_("point_names", tuple(point.name for point in variant.points))
        steps = [getattr(variant, name) for name in HAND_STEPS]
        steps[_PLAY] = play_step(self, steps[_PLAY])  # on the compiled kernel where it can run
        steps[_AUCTION] = auction_step(self, steps[_AUCTION])  # (its bids before the dealer's)
        # the draw's discards in the kernel, then deal.worthless: no-trump's check around it
        steps[_EXCHANGE] = exchange_step(variant.deal, draw_step(self, steps[_EXCHANGE]))
        auction = variant.auction
        if isinstance(auction, SingleRound) and auction.blind is not None:  # blind bids, before the deal
            steps[_DEAL] = BlindRound(auction, steps[_DEAL])
        set_("pipeline", tuple(steps))
        return fields

    @property
    def rules(self) -> Variant:
        """Deprecated: ``variant``, the name it always should have had."""
        warnings.warn("Table.rules is deprecated: use Table.variant", DeprecationWarning, stacklevel=2)
        return self.variant

    @property
    def tables(self) -> TrumpTables:
        """Deprecated: ``trump_tables`` (the trump tables, not the game's table)."""
        warnings.warn("Table.tables is deprecated: use Table.trump_tables", DeprecationWarning, stacklevel=2)
        return self.trump_tables

    # The transition loop, which every state of this table asks through its table:
    # ``GameState.apply`` after its checks, the compiled kernel when a hand's last card falls.
    advance = staticmethod(advance)
    enter = staticmethod(enter)
    view = staticmethod(view_of)

    def __reduce__(self) -> tuple[type[Table], tuple[Variant, int, int]]:
        """Pickled as what it is built from (the compiled parts are rebuilt, not copied)."""
        return Table, (self.variant, self.players, self.seed)

    def _key(self) -> tuple[Any, ...]:
        return (self.variant, self.players, self.seed)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Table) and self._key() == other._key())

    def __hash__(self) -> int:
        return self._hash
