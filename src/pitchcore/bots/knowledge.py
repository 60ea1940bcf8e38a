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
  for the rest of the hand. Where the variant allows reneges (``play: {renege: N}``: any card
  may be played, and a renege is only penalised when the hand ends), neither proves a void:
  a seat may renege on purpose, so nothing is inferred from a card played.
* ``follow: trump-only`` (Ten-point Pitch) skips the seats out of trumps: a seat that did
  not play to a finished trick holds no trump, nor does a seat the turn has passed over
  on its way to the seat to move (from the last trick's taker, which passes the lead on
  when it has no trump, through the trick in progress); the seat to move holds a trump.
  The seats after it in the trick in progress have yet to play: nothing is proved of them.
* ``discard-refill`` exchanges. Each seat's one discard move (eldest first) is told only by
  its count; what that count proves is asked of the exchange's own ``is_legal`` on made-up
  hands (legality there is by numbers of cards and trumps): the fewest trumps and the most
  other cards a seat can have kept. With ``discard: non-trumps`` (hi-lo-jack, Cinch,
  Ten-point Pitch) a seat that discarded ``d`` of its ``n`` cards kept exactly ``n - d``
  trumps and nothing else, so until the refill it holds trumps only, and its hand when
  play began held at least that many trumps (the refill may add more); with ``discard:
  any`` (Nine-Five) or ``to-keep`` a seat may keep any cards, and nothing is proved.
  The refill is dealt from the stock, then (once the stock is out) from the shuffled junk
  pile, which holds the viewer's own discards: the exchange's own refill, run on the
  public counts, says how many junk cards each seat drew, which bounds how many of the
  viewer's discards that seat can hold (zero for seats refilled from the stock alone).
  A robber (Cinch, Ten-point Pitch) then takes the rest of the stock and discards down to
  ``keep``, one card at a time, and its count lumps those discards with its exchange
  discard: every split of the count is tried (robbing only happens if the stock outlasted
  the refill), each robbing discard as ``is_legal`` allows, and the fewest trumps over all
  of them is what is proved. Once the hands are refilled nobody is proved to hold trumps
  only. A robber with its dealt hand (``robber_hand: dealt``, Cinch) has no discard turn
  and is not refilled: each of its discards is a robbing one, from a hand whose trumps
  nothing proves. With ``bury: non-point`` the made-up hands hold their point cards last,
  so they allow every discard a real hand of as many cards and trumps allows.
* Cards drawn in sight of all (``PlayerView.shown``: California Jack's draws from its face-up
  stock, a turned-up trump drawn from Shasta Sam's face-down one) are in their drawer's
  hand until played: they are ``shown`` to be there, and not ``unknown``.
* A widow of one's own (``widow: {kind: own}``) adds its cards to every hand before the
  exchange: unseen by the others, so only the counts change.
* ``draw`` exchanges (haus-pitch): discards are never seen again, so the viewer's own
  discards and gift are in nobody else's hand; which cards were drawn proves nothing.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any, cast

import attrs

from ..components.exchange import DiscardRefill, point_trumps
from ..components.play import FollowOrTrump, TrumpOnly
from ..components.trump import NO_TRUMP, TrumpTables, build_tables
from ..components.variant import Variant
from ..game.engine import new_game
from ..game.view import PlayerView
from ..loading.loader import load_variant
from ..model.caches import Cache, cached
from ..model.cards import DECK_SIZE, cards_in, mask_of
from ..model.errors import PitchcoreError
from ..model.moves import discard
from ..model.phase import Phase
from ..model.state import GameState


@cached(32)
def _load(name: str) -> Variant | None:
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


VARIANTS_KEPT = 128
"""Variants whose derived tables a bot keeps at once (caches by variant are bounded by it)."""
_TABLES: Cache[Variant, TrumpTables] = Cache(VARIANTS_KEPT)


def deck_size_of(variant: Variant | None) -> int:
    """Cards in the variant's deck (52, or 53/54 with jokers, 32 in the piquet pack; 52 when
    the variant is unknown)."""
    return DECK_SIZE if variant is None else len(variant.deal.deck_cards())


def deck_mask_of(variant: Variant | None) -> int:
    """The mask of the variant's deck (a stripped deck leaves some card indices out)."""
    return (1 << DECK_SIZE) - 1 if variant is None else sum(1 << card for card in variant.deal.deck_cards())


def cached_tables(variant: Variant | None) -> TrumpTables:
    """The trump tables of a variant, built once (plain suits when the variant is unknown)."""
    if variant is None:
        return _plain_tables()
    found = _TABLES.get(variant)
    if found is None:
        found = _TABLES.put(variant, variant.trump.tables())
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
    shown: tuple[int, ...] = ()
    """Per other seat: the cards it is seen to hold (drawn in sight of all, not yet played:
    ``PlayerView.shown``); they count in its hand size. 0 for the viewer; ``()`` when no seat
    has any."""

    @property
    def others_shown(self) -> int:
        """Every card another seat is seen to hold: with ``unknown``, the cards the others may hold."""
        mask = 0
        for held in self.shown:
            mask |= held
        return mask

    def shown_by(self, seat: int) -> int:
        """The cards ``seat`` is seen to hold (0 for the viewer: its hand is known whole)."""
        return self.shown[seat] if self.shown else 0

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


def widow_each(variant: Variant) -> int:
    """Cards every player picks up from its own widow before the exchange."""
    count = getattr(variant.widow, "each_cards", None)
    return int(count()) if callable(count) else 0


def _card_mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card.index
    return mask


def _refilled(variant: Variant | None, view: PlayerView) -> int:
    """The tricks after which the hands drew from the stock (``play: draw-after-trick``):
    what they showed of a seat's voids no longer holds."""
    draws = getattr(variant.play, "draw_rounds", None) if variant is not None else None
    if not callable(draws):
        return 0
    return int(draws(view.players, deck_size_of(variant), view.hand_size or variant.deal.hand_size))  # type: ignore[union-attr]


def allows_reneges(variant: Variant | None) -> bool:
    """Whether ``variant`` lets a seat renege (``play: {renege: N}``: any card in hand may be
    played, penalised when the hand ends): then a card played proves no void."""
    return variant is not None and isinstance(getattr(variant.play, "renege", None), int)


def knowledge_of(view: PlayerView, variant: Variant | None = None) -> Knowledge:
    """Everything ``view`` proves about the unseen cards (see the module notes)."""
    variant = variant_of(view, variant)
    tables = cached_tables(variant)
    players = view.players
    trump = None if view.trump is None else "CDHS".index(view.trump)
    hand = _card_mask(view.hand)
    played_by = [0] * players
    voids = [0] * players
    reneges = allows_reneges(variant)
    first_lead_trump = (variant is not None and isinstance(variant.play, FollowOrTrump)
                        and variant.play.first_lead == "trump" and not reneges)

    tricks = _plays(view)
    done = len(tricks)
    if view.trick:
        tricks.append([(seat, card.index) for seat, card in view.trick])
    trump_only = variant is not None and isinstance(variant.play, TrumpOnly)
    refilled = _refilled(variant, view)
    for number, plays in enumerate(tricks):
        for seat, card in plays:
            played_by[seat] |= 1 << card
        if trump is None or number < refilled:  # (a void shown before a draw may be filled by it)
            continue
        if trump_only and number < done:  # a seat that did not play to a finished trick held no trump
            for seat in set(range(players)) - {seat for seat, _ in plays}:
                voids[seat] |= 1 << trump
        suit = tables.suit[trump]
        leader, first = plays[0]
        led = suit[first]
        if number == 0 and first_lead_trump and led != trump:
            voids[leader] |= 1 << trump
        if reneges:  # (a seat may renege: failing to follow proves nothing)
            continue
        for seat, card in plays[1:]:
            played = suit[card]
            if played != led and played != trump:  # (when trump was led: a trump void)
                voids[seat] |= 1 << led
    mover = view.to_move
    holds_trump = None
    if trump_only and trump is not None and mover is not None and view.phase is Phase.PLAYING:
        # The turn passes over the seats out of trumps: from the last trick's taker (who
        # passes the lead on when it has none) through the trick in progress to the mover,
        # who holds one. The seats after the mover have yet to play: nothing is proved.
        ahead = {seat for seat, _ in view.trick}
        seat = view.tricks[-1][2] if view.tricks else view.trick[0][0] if view.trick else mover
        while seat != mover:
            if seat not in ahead:
                voids[seat] |= 1 << trump
            seat = (seat + 1) % players
        holds_trump = mover
    played = 0
    for mask in played_by:
        played |= mask
    own_discards = _card_mask(view.discards)
    gift = _card_mask(view.gift)
    upcards = _card_mask(view.upcards)  # turned up for trump: seen by all, in no hand
    shown = tuple(0 if seat == view.seat else _card_mask(cards) for seat, cards in enumerate(view.shown))
    seen = 0
    for mask in shown:
        seen |= mask
    unknown = deck_mask_of(variant) & ~upcards & ~hand & ~played & ~own_discards & ~gift & ~seen

    min_trumps = [0] * players
    room = [0] * players
    only_trumps = [False] * players
    exchange = variant.exchange if variant is not None else None
    if isinstance(exchange, DiscardRefill) and trump is not None and variant is not None:
        _exchange_facts(view, variant, exchange, trump, played_by, own_discards, min_trumps, room, only_trumps)
    if holds_trump is not None:
        min_trumps[holds_trump] = max(min_trumps[holds_trump], 1)
    min_trumps[view.seat] = (hand & (tables.trumps[trump] if trump is not None else 0)).bit_count()
    room[view.seat] = 0
    only_trumps[view.seat] = False
    return Knowledge(
        seat=view.seat, players=players, trump=trump, tables=tables, hand=hand, played=played,
        played_by=tuple(played_by), voids=tuple(voids), own_discards=own_discards, gift=gift,
        unknown=unknown, hand_sizes=view.hand_sizes, min_trumps=tuple(min_trumps),
        own_discard_room=tuple(room), only_trumps=tuple(only_trumps), shown=shown if seen else ())


def _exchange_facts(view: PlayerView, variant: Variant, exchange: DiscardRefill, trump: int,
                    played_by: list[int], own_discards: int, min_trumps: list[int], room: list[int],
                    only_trumps: list[bool]) -> None:
    """Fill in what a ``discard-refill`` exchange proves (see the module notes): what each
    seat's discard count says it kept, as the exchange's own ``is_legal`` allows, and after
    the refill, how many junk cards each seat drew (the exchange's own refill) and what the
    robber can have kept (``_Exchange`` asks the component)."""
    players = view.players
    ask = _exchange_of(variant, players)
    dealt = view.hand_size or variant.deal.hand_size
    extra = widow_extra(variant) if view.bidder is not None else 0
    each = widow_each(variant)
    held = [dealt + each + (extra if seat == view.bidder else 0) for seat in range(players)]
    stock = ask.deck_size - sum(held)  # the stock when the exchange began
    counts = view.discard_counts
    robber = {"dealer": view.dealer, "bidder": view.bidder}.get(exchange.robber)
    dealt_robber = robber if exchange.robber_hand == "dealt" else None  # no discard turn, no refill
    if view.phase is Phase.DISCARDING and view.stock_size == stock:
        # Before the refill: the seats from the eldest to the one to move have discarded
        # and hold what they kept.
        seat = (view.dealer + 1) % players
        while seat != view.to_move:
            kept = None if seat == dealt_robber else ask.kept(trump, held[seat], counts[seat])
            if kept is not None:
                min_trumps[seat] = kept[0]
                only_trumps[seat] = not kept[1]
            seat = (seat + 1) % players
        return
    if view.phase is not Phase.DISCARDING and view.phase is not Phase.PLAYING:
        return
    # Refilled: in play, or the robber is robbing (it took the stock, so the count changed).
    # The robber's count holds its robbing discards too, which a count cannot tell apart. It
    # robbed only if the stock outlasted the refill: then every refill came from the stock,
    # and counting every discard as the exchange's (as here) leaves none in it and no junk
    # drawn, or more discards than cards held. A robber with its dealt hand discards only
    # when it robs, and the refill passes it by.
    kept_sizes = tuple(have if seat == dealt_robber else have - count
                       for seat, (have, count) in enumerate(zip(held, counts, strict=True)))
    if min(kept_sizes) < 0:
        draws, left = (0,) * players, 0
    else:
        draws, left = ask.junk_draws(view.dealer, view.bidder, trump, kept_sizes, stock)
    robbing = view.phase is Phase.DISCARDING or (not left and not any(draws))
    trump_mask = ask.tables.trumps[trump]
    for seat in range(players):
        if seat == view.seat:
            continue
        room[seat] = max(0, draws[seat] - (played_by[seat] & own_discards).bit_count())
        if seat == dealt_robber:  # every discard a robbing one, from a hand of unknown trumps
            size = view.hand_sizes[seat] + played_by[seat].bit_count()
            found = ask.robbed(trump, size + counts[seat], 0, counts[seat])
            min_trumps[seat] = max(0, (found or 0) - (played_by[seat] & ask.tables.trumps[trump]).bit_count())
            continue
        kept = ask.kept(trump, held[seat], counts[seat])
        fewest = [] if kept is None else [kept[0]]
        if seat == robber and robbing:
            size = view.hand_sizes[seat] + played_by[seat].bit_count()  # its hand as the robbing left it
            for robbed in range(1, counts[seat] + 1):  # how many of its discards may be robbing ones
                kept = ask.kept(trump, held[seat], counts[seat] - robbed)
                found = None if kept is None else ask.robbed(trump, size + robbed, kept[0], robbed)
                if found is not None:
                    fewest.append(found)
        min_trumps[seat] = max(0, min(fewest, default=0) - (played_by[seat] & trump_mask).bit_count())


@cached(VARIANTS_KEPT)
def _exchange_of(variant: Variant, players: int) -> _Exchange:
    return _Exchange(variant, players)


class _Exchange:
    """A ``discard-refill`` exchange asked about made-up hands of a variant's cards: what a
    discard of so many cards leaves, what robbing can leave, who draws from the junk. Each
    answer is the component's own (``is_legal``, ``_refill``), kept once found."""

    KEPT = 4096
    """Answers kept per kind (each a pure function of its question)."""

    def __init__(self, variant: Variant, players: int) -> None:
        exchange = variant.exchange
        assert isinstance(exchange, DiscardRefill)
        self.exchange = exchange
        self.variant = variant
        self.players = players
        self.tables = cached_tables(variant)
        self.deck_size = deck_size_of(variant)
        self.deck = variant.deal.deck_cards()
        self.blank = new_game(variant, players=players, seed=0)
        self._kept: Cache[tuple[int, int, int], Any] = Cache(self.KEPT)
        self._robbed: Cache[tuple[int, int, int, int], Any] = Cache(self.KEPT)
        self._draws: Cache[tuple[int, int | None, int, tuple[int, ...], int], tuple[tuple[int, ...], int]] = Cache(
            self.KEPT)

    def _guarded(self, trump: int) -> int:
        """The trumps a discard keeps when it can (``bury: non-point``), else none."""
        return point_trumps(self.variant, trump) if self.exchange.bury != "any" else 0

    def _hand(self, trump: int, trumps: int, others: int) -> tuple[int, int] | None:
        """A hand of ``trumps`` trumps and ``others`` other cards, and the mask of its trumps
        (None when the deck has too few). Its trumps are the ones a discard may hold first
        (``bury: non-point``: the point cards last), so it allows every discard any hand of
        those numbers allows."""
        deck = mask_of(self.deck)
        trump_mask = self.tables.trumps[trump] & deck
        guarded = self._guarded(trump)
        high = [*cards_in(trump_mask & ~guarded), *cards_in(trump_mask & guarded)][:trumps]
        low = list(cards_in(deck & ~trump_mask))[:others]
        if len(high) < trumps or len(low) < others:
            return None
        return mask_of(high) | mask_of(low), mask_of(high)

    def _state(self, trump: int, hand: int, robbing: bool) -> GameState:
        """A state in which seat 0 holds ``hand`` and makes its exchange discard (or robs)."""
        blank = self.blank
        info = blank.info._replace(trump=trump, exchanged=self.players if robbing else 0)
        return blank.evolve(phase=Phase.DISCARDING, to_move=0, masks=(hand,) + (0,) * (self.players - 1),
                            info=info)

    def kept(self, trump: int, held: int, thrown: int) -> tuple[int, int] | None:
        """The fewest trumps and the most other cards a seat that held ``held`` cards keeps
        when its exchange discard is ``thrown`` cards, by the exchange's ``is_legal`` (whose
        legality is by numbers of cards and trumps); None when no hand allows that discard."""
        key = (trump, held, thrown)
        known = self._kept.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return cast("tuple[int, int] | None", known)
        fewest, most = held, -1
        for trumps in range(held + 1):
            found = self._hand(trump, trumps, held - trumps)
            if found is None:
                continue
            hand, trump_cards = found
            high, low = list(cards_in(trump_cards)), list(cards_in(hand & ~trump_cards))
            state = self._state(trump, hand, robbing=False)
            for out in range(max(0, thrown - len(low)), min(trumps, thrown) + 1):  # the trumps thrown
                if self.exchange.is_legal(state, discard(mask_of(high[:out]) | mask_of(low[:thrown - out]))):
                    fewest = min(fewest, trumps - out)
                    most = max(most, len(low) - (thrown - out))
        answer = None if most < 0 else (fewest, most)
        self._kept.put(key, answer)
        return answer

    def robbed(self, trump: int, size: int, least: int, steps: int) -> int | None:
        """The fewest trumps a robber can hold after ``steps`` robbing discards (one card
        each, as ``is_legal`` allows) from ``size`` cards of which ``least`` or more are
        trumps; None when no such hand can make them."""
        key = (trump, size, least, steps)
        known = self._robbed.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return cast("int | None", known)
        reachable = set(range(least, size + 1))
        for step in range(steps):
            cards = size - step
            after = set()
            for trumps in reachable:
                found = self._hand(trump, trumps, cards - trumps)
                if found is None:
                    continue
                hand, trump_cards = found
                state = self._state(trump, hand, robbing=True)
                plain = trump_cards & ~self._guarded(trump) or trump_cards  # a point card last
                if trump_cards and self.exchange.is_legal(state, discard(plain & -plain)):
                    after.add(trumps - 1)
                others = hand & ~trump_cards
                if others and self.exchange.is_legal(state, discard(others & -others)):
                    after.add(trumps)
            reachable = after
        answer = min(reachable, default=None)
        self._robbed.put(key, answer)
        return answer

    def junk_draws(self, dealer: int, bidder: int | None, trump: int, kept: tuple[int, ...],
                   stock: int) -> tuple[tuple[int, ...], int]:
        """How many junk cards each seat drew in the refill, and the cards left in the stock,
        for hands of ``kept`` cards after the discards and ``stock`` cards in the stock: the
        exchange's own refill run on made-up cards (the rest of the deck is the junk)."""
        key = (dealer, bidder, trump, kept, stock)
        found = self._draws.get(key)
        if found is None:
            found = self._junk_draws(dealer, bidder, trump, kept, stock)
            self._draws.put(key, found)
        return found

    def _junk_draws(self, dealer: int, bidder: int | None, trump: int, kept: tuple[int, ...],
                    stock: int) -> tuple[tuple[int, ...], int]:
        bound = tuple(max(self.exchange.keep - size, 0) for size in kept), 0  # what a refill's size bounds
        if min(kept) < 0 or stock < 0 or sum(kept) + stock > self.deck_size:  # counts that no deal has
            return bound
        cards = iter(self.deck)
        masks = tuple(mask_of(itertools.islice(cards, size)) for size in kept)
        pile = tuple(itertools.islice(cards, stock))
        junk = tuple(cards)
        blank = self.blank
        state = blank.evolve(dealer=dealer, masks=masks,
                             info=blank.info._replace(trump=trump, stock=pile, junk=junk, bidder=bidder))
        try:
            refilled = self.exchange._refill(state)
        except IndexError:  # the junk ran out: again counts that no deal has
            return bound
        junk_mask = mask_of(junk)
        return tuple((mask & junk_mask).bit_count() for mask in refilled.masks), len(refilled.info.stock)


_UNKNOWN: Any = object()
"""An answer not found yet (None is an answer)."""


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
