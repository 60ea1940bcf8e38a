"""What one seat's view proves about where the cards it cannot see are.

``knowledge_of(view)`` reads a ``PlayerView`` and returns a ``Knowledge``: the cards played
and by whom, the effective suits each seat has shown it is void in, the viewer's own
discards and gift, and for exchanges the facts the public discard counts prove. It states
only what the rules make certain; bids are hints, not proofs, and are not used.

What is proved, and how:

* A card played is out of every hand; the viewer's hand, discards and gift are known.
* Void suits. A seat that played a card of another effective suit than the one led, and
  not a trump, held no card of the suit led (follow-or-trump: a player may always trump,
  so playing a trump proves nothing). When trump was led, any non-trump proves a trump
  void. Where the first lead must be a trump if the leader holds one, a non-trump first
  lead proves the leader void in trumps. Effective suits come from the variant's trump
  tables, so the jick and the jokers count as trumps. No cards are drawn during play, so a void holds
  for the rest of the hand.
* ``discard-refill`` exchanges (hi-lo-jack): every player throws all its non-trumps and
  keeps at most ``keep`` trumps, so a seat that discarded ``d`` of its ``n`` cards kept
  exactly ``n - d`` trumps: its hand when play began held at least that many trumps (the
  refill may add more). The refill is dealt from the stock, then (once the stock is out)
  from the shuffled junk pile, which holds the viewer's own discards; the public counts
  say how many junk cards each seat drew, which bounds how many of the viewer's discards
  that seat can hold (zero for seats refilled from the stock alone). Between discarding
  and the refill, a seat that has discarded holds trumps only.
* ``draw`` exchanges (haus-pitch): discards are never seen again, so the viewer's own
  discards and gift are in nobody else's hand.
"""

from __future__ import annotations

import functools

import attrs

from ..cards import DECK_SIZE
from ..components.exchange import DiscardRefill
from ..components.play import FollowOrTrump
from ..components.trump import NO_TRUMP, TrumpTables, build_tables
from ..state import Phase
from ..variant import Variant
from ..view import PlayerView


@functools.lru_cache(maxsize=32)
def _load(name: str) -> Variant | None:
    from ..errors import PitchcoreError
    from ..loader import load_variant

    try:
        return load_variant(name)
    except (PitchcoreError, OSError, ValueError):
        return None


def variant_of(view: PlayerView, given: Variant | None = None) -> Variant | None:
    """The rules a view's game is played by: ``given``, else the bundled variant of that name.

    A view made by ``GameState.view`` carries its rules; a hand-built view without them falls
    back to the bundled variant of its name (``None`` when it cannot be found).
    """
    if given is not None:
        return given
    if view.rules is not None:
        return view.rules
    return _load(view.variant)


@functools.cache
def _plain_tables() -> TrumpTables:
    return build_tables(())


_TABLES: dict[Variant, TrumpTables] = {}
VARIANTS_KEPT = 128
"""Variants whose derived tables a bot keeps at once (caches by variant are bounded by it)."""


def deck_size_of(variant: Variant | None) -> int:
    """Cards in the variant's deck (52, or 53/54 with jokers; 52 when the variant is unknown)."""
    return DECK_SIZE if variant is None else variant.deal.deck_size()


def cached_tables(variant: Variant | None) -> TrumpTables:
    """The trump tables of a variant, built once (plain suits when the variant is unknown)."""
    if variant is None:
        return _plain_tables()
    found = _TABLES.get(variant)
    if found is None:
        if len(_TABLES) >= VARIANTS_KEPT:  # a server meets many house files: keep the recent ones
            _TABLES.clear()
        found = _TABLES[variant] = variant.trump.tables()
    return found


@attrs.frozen
class Knowledge:
    """What a view proves. Masks are card masks over the variant's deck (bits 52 and 53
    are the jokers); suits are effective suits (a joker's is trump's, once trump is known)."""

    seat: int
    players: int
    trump: int | None
    """Trump suit index, or None while it is not known yet."""
    tables: TrumpTables
    hand: int
    """The viewer's own cards."""
    played: int
    """Every card played this hand (completed tricks and the trick in progress)."""
    played_by: tuple[int, ...]
    """Per seat: the cards it played this hand."""
    voids: tuple[int, ...]
    """Per seat: bit s set when the seat is proved to hold no card of effective suit s."""
    own_discards: int
    gift: int
    unknown: int
    """Cards the viewer cannot place: not its own, not played, not its discards or gift."""
    hand_sizes: tuple[int, ...]
    min_trumps: tuple[int, ...]
    """Per seat: trumps its hand is proved to hold now."""
    own_discard_room: tuple[int, ...]
    """Per seat: how many of the viewer's discards its hand may hold (refills from the junk)."""
    only_trumps: tuple[bool, ...]
    """Per seat: its hand holds trumps only (discard-refill, discarded and not yet refilled)."""

    @property
    def trumps(self) -> int:
        """Mask of every trump card (0 while trump is unknown)."""
        return self.tables.trumps[self.trump] if self.trump is not None else 0

    def suit_mask(self, suit: int) -> int:
        t = NO_TRUMP if self.trump is None else self.trump
        return self.tables.suit_masks[t][suit]

    def void_mask(self, seat: int) -> int:
        """Cards ``seat`` is proved not to hold because of its voids."""
        mask = 0
        voids = self.voids[seat]
        for suit in range(4):
            if voids >> suit & 1:
                mask |= self.suit_mask(suit)
        return mask

    def allowed(self, seat: int) -> int:
        """Cards from ``unknown`` that ``seat`` may hold."""
        mask = self.unknown & ~self.void_mask(seat)
        if self.only_trumps[seat]:
            mask &= self.trumps
        return mask

    def allowed_own_discards(self, seat: int) -> int:
        """The viewer's discards that ``seat`` may hold (up to ``own_discard_room[seat]``)."""
        if not self.own_discard_room[seat]:
            return 0
        mask = self.own_discards & ~self.played & ~self.void_mask(seat)
        if self.only_trumps[seat]:
            mask &= self.trumps
        return mask


def widow_extra(variant: Variant) -> int:
    """Cards the bidder receives before the exchange (the haus-pitch gift)."""
    count = getattr(variant.widow, "extra_cards", None)
    return int(count()) if callable(count) else 0


def _card_mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card.index
    return mask


def knowledge_of(view: PlayerView, variant: Variant | None = None) -> Knowledge:
    """Everything ``view`` proves about the unseen cards (see the module notes)."""
    variant = variant_of(view, variant)
    tables = cached_tables(variant)
    players = view.players
    trump = None if view.trump is None else "CDHS".index(view.trump)
    hand = _card_mask(view.hand)
    played_by = [0] * players
    voids = [0] * players
    first_lead_trump = (variant is not None and isinstance(variant.play, FollowOrTrump)
                        and variant.play.first_lead == "trump")

    tricks = _plays(view)
    if view.trick:
        tricks.append([(seat, card.index) for seat, card in view.trick])
    trump_only = getattr(variant.play, "follow", None) == "trump-only" if variant is not None else False
    for number, plays in enumerate(tricks):
        for seat, card in plays:
            played_by[seat] |= 1 << card
        if trump is None:
            continue
        if trump_only:  # a seat that did not play to a trick held no trump
            for seat in set(range(players)) - {seat for seat, _ in plays}:
                voids[seat] |= 1 << trump
        suit = tables.suit[trump]
        leader, first = plays[0]
        led = suit[first]
        if number == 0 and first_lead_trump and led != trump:
            voids[leader] |= 1 << trump
        for seat, card in plays[1:]:
            played = suit[card]
            if played != led and played != trump:  # (when trump was led: a trump void)
                voids[seat] |= 1 << led
    played = 0
    for mask in played_by:
        played |= mask
    own_discards = _card_mask(view.discards)
    gift = _card_mask(view.gift)
    deck = deck_size_of(variant)
    unknown = ((1 << deck) - 1) & ~hand & ~played & ~own_discards & ~gift

    min_trumps = [0] * players
    room = [0] * players
    only_trumps = [False] * players
    exchange = variant.exchange if variant is not None else None
    if isinstance(exchange, DiscardRefill) and trump is not None and variant is not None:
        trump_mask = tables.trumps[trump]
        dealt = variant.deal.hand_size
        extra = widow_extra(variant)
        refilled = view.phase is Phase.PLAYING
        stock = deck - players * dealt - (extra if view.bidder is not None else 0)
        for offset in range(1, players + 1):
            seat = (view.dealer + offset) % players
            count = view.discard_counts[seat]
            held = dealt + (extra if seat == view.bidder else 0)
            kept = held - count
            if view.phase is Phase.DISCARDING and count:
                only_trumps[seat] = True
            if not refilled:
                continue
            min_trumps[seat] = max(0, kept - (played_by[seat] & trump_mask).bit_count())
            need = max(exchange.keep - kept, 0)
            from_stock = min(need, stock)
            stock -= from_stock
            from_junk = need - from_stock
            room[seat] = max(0, from_junk - (played_by[seat] & own_discards).bit_count())
    min_trumps[view.seat] = (hand & (tables.trumps[trump] if trump is not None else 0)).bit_count()
    room[view.seat] = 0
    only_trumps[view.seat] = False
    return Knowledge(
        seat=view.seat, players=players, trump=trump, tables=tables, hand=hand, played=played,
        played_by=tuple(played_by), voids=tuple(voids), own_discards=own_discards, gift=gift,
        unknown=unknown, hand_sizes=view.hand_sizes, min_trumps=tuple(min_trumps),
        own_discard_room=tuple(room), only_trumps=tuple(only_trumps))


def _plays(view: PlayerView) -> list[list[tuple[int, int]]]:
    """Each completed trick as (seat, card) in play order. The view says who played each
    card (under trump-only play a seat out of trumps is skipped); a view built by hand
    without ``trick_seats`` is counted on from each trick's leader."""
    found = []
    for index, (leader, cards, _) in enumerate(view.tricks):
        seats = view.trick_seats[index] if index < len(view.trick_seats) else ()
        found.append([(seats[position] if seats else (leader + position) % view.players, card.index)
                      for position, card in enumerate(cards)])
    return found
