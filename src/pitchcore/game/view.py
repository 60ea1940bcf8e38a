"""What one seat may know: its own cards and everything public, nothing more.

``state.view(seat)`` runs on every move of every bot, so it builds little. It checks the
seat, takes the public pieces of the state (references to the state's own tuples, no
copies) and works out at once only what needs the hidden ones: the hand sizes, the discard
counts, the stock's size, the legal moves, whether the called partner is known, the cards
each seat drew in sight of all (``shown``, in the few variants that draw during play) and
the cards each seat has played this hand. Every field is set on first access, a group at a
time, and kept: the first read of any plain field sets them all (values already at hand);
the first of ``hand``, ``discards``, ``gift`` or ``called`` makes those ``Card`` values;
``trick`` works out who played each card of the trick in progress, and the first of
``tricks`` or ``trick_seats`` those of the completed tricks. A view stays an ordinary frozen
attrs class: equality, hashing, ``repr``, pickling, ``copy``, ``attrs.evolve``/``attrs.asdict``
and ``view_json`` read the fields by attribute, which sets any not set yet, so they see the
view a whole one would be. A view
built from values (``PlayerView(...)``, ``view_from_json``, ``attrs.evolve``, unpickling)
has every field set from the start. (``GameState.view`` is ``view_of`` itself: see the end
of the module.)

What a view holds. A view never keeps the ``GameState``: the state holds every seat's hand,
the stock, the face-down discards and the seed, and a bot handed a view could read them
through any reference to it (a private attribute, ``__slots__``, ``gc``, a pickle). What a
view keeps until its fields are set is one private tuple (the ``_parts`` slot) of exactly
what its seat may know, in raw form: the plain fields' values, this seat's own hand,
discard and gift masks, the called card, the cards played (the trick in progress and the
completed tricks, as card indices) and each seat's played cards (its hand when play began
as far as the tricks show it, which is all ``trick_seats`` needs: what a finished hand's
``PlayRecord.shown`` holds too). No other seat's unplayed card, no stock, no seed.
``tests/test_view_laziness.py`` walks every object reachable from views of many states, and
from their pickles, for anything hidden. Only the view is sealed: code in the engine's
process may import the engine's modules, so a server that must keep the other hands from
a bot runs the bot in a process of its own and sends it ``view_to_json(view)``.
"""

from __future__ import annotations

import functools
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from ..model.cards import CARDS, SUITS, Card, cards_in
from ..model.fields import (
    DEALER,
    DONE_TRICKS,
    HAND_RESULTS,
    INFO,
    LEADER,
    MASKS,
    PHASE,
    SCORES,
    TABLE,
    TO_MOVE,
    TRICK_CARDS,
    WINNER,
)
from ..model.moves import Move
from ..model.phase import Phase
from ..model.results import HandResult
from ..model.state import GameState, HandInfo, seat_of

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ..components.variant import Variant


@attrs.frozen
class PlayerView:
    """One seat's information set: what a bot or a player's screen may use."""

    seat: int
    players: int
    variant: str
    phase: Phase
    to_move: int | None
    dealer: int
    scores: tuple[int, ...]
    side_of: tuple[int, ...]
    hand: tuple[Card, ...]
    """This seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    bids: tuple[tuple[int, int | str | None], ...]
    """The auction so far: (seat, bid or None for a pass)."""
    bidder: int | None
    bid: int | str | None
    trump: str | None
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card) in play order."""
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    """Completed tricks this hand: (leader, cards in play order, winner)."""
    discards: tuple[Card, ...]
    """What this seat discarded this hand (others' discards are face down)."""
    discard_counts: tuple[int, ...]
    """How many cards each seat discarded this hand."""
    gift: tuple[Card, ...]
    """Cards this seat received as the bidder's gift (empty for others)."""
    stock_size: int
    hand_results: tuple[HandResult, ...]
    winner: int | None
    legal_moves: tuple[Move, ...]
    """This seat's legal moves (empty when it is not this seat's turn)."""
    call: str | None = None
    """The trick in progress's declaration (``"high"``/``"low"``) where the variant has one;
    None before the leader calls."""
    hand_size: int = 0
    """Cards dealt to each seat this hand (0 while the dealer has yet to choose)."""
    called: Card | None = None
    """The card the bidder called to name its partner (call your partner), once called."""
    partner: int | None = None
    """The bidder's called partner, where this seat may know it: the partner itself knows at
    once (it holds the called card), everyone else (the bidder too) once the called card has
    been played; None otherwise (not known yet, no call, or the bidder plays alone)."""
    trick_seats: tuple[tuple[int, ...], ...] = ()
    """The seat that played each card of each completed trick, in play order: counted on
    from the leader, except where seats out of trumps are skipped (``follow: trump-only``)."""
    upcards: tuple[Card, ...] = ()
    """Cards lying face up for every seat: those turned up for trump this hand and not yet
    drawn, in order (``trump: turn-up``: the last is the trump card, on the stock; any
    earlier were set aside when the cards were run), then the top card of a face-up stock
    (``play: {kind: draw-after-trick, stock: face-up}``)."""
    rules: Variant | None = attrs.field(default=None, eq=False, repr=False)
    """The variant being played (public: every player knows the rules)."""
    winners: tuple[int, ...] = ()
    """The sides that won, once the game is over (``GameState.winners``): one usually,
    several where the variant lets sides win together; empty while it goes on or when
    nobody won."""
    shown: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the cards it drew where every seat saw them and has not played yet: those
    it drew from a face-up stock (``play: {kind: draw-after-trick, stock: face-up}``), and a
    card turned up for trump that it drew from a face-down one; empty in every other variant
    (and before the first draw)."""
    blind: tuple[int, ...] = ()
    """The seats that bid blind this hand, before the cards were dealt (``auction: {blind:
    N}``: their bids are in ``bids``; a winning blind bid counts N times); empty elsewhere."""
    dealt: tuple[Card, ...] = ()
    """The cards dealt to this seat this hand, before any widow, gift, exchange or draw: its
    own, which it saw as they came (empty before the deal). A learner's information state
    starts from them."""
    calls: tuple[str, ...] = ()
    """This hand's declarations so far, in order (``"high"``/``"low"``: one per trick where
    the variant has them, the trick in progress's last); empty in every other variant."""

    # A slot beside the fields, for ``view_of`` to leave the view's raw public pieces in (see
    # the module docstring): attrs gives a cached_property a slot of its own; this one is never
    # computed. (It needs attrs 23.2 or later.)
    @functools.cached_property
    def _parts(self) -> tuple[Any, ...]:
        raise AttributeError("a view built from values has no raw parts")

    if not TYPE_CHECKING:  # (so that type checkers still reject a misspelt field)
        def __getattr__(self, name: str) -> Any:
            # Called only for an empty slot: a field of a view from ``view_of`` read for the
            # first time. Work out its group of fields from the parts, keep them in their
            # slots (the slots' own setters: a frozen view refuses ``setattr``), return it.
            try:
                setters, make, position = _LAZY[name]
            except KeyError:
                raise AttributeError(f"'PlayerView' object has no attribute {name!r}", name=name, obj=self) from None
            values = make(self._parts)
            for setter, value in zip(setters, values, strict=False):
                setter(self, value)
            return values[position]


_blank = object.__new__  # (a view built field by field: no __init__ to run)
_set_parts = PlayerView.__dict__["_parts"].__set__  # (its slot's own setter: a frozen view refuses setattr)

# A view's parts (the ``_parts`` tuple), in order: named here once. ``view_of`` packs its locals
# of these names in this order (tests/test_state_schema.py reads it to hold it to that), and
# every position below comes from this list. First the values of these fields, which ``view_of``
# has at once (the first read of any of them sets them all) ...
_PUBLIC = ("seat", "players", "variant", "phase", "to_move", "dealer", "scores", "side_of", "hand_sizes",
           "bids", "bidder", "bid", "trump", "discard_counts", "stock_size", "hand_results", "winner",
           "legal_moves", "call", "hand_size", "partner", "upcards", "rules", "winners", "shown", "blind", "calls")
# ... then what the other fields are worked out from: this seat's own hand, discard and gift
# masks and the called card (None or its index); the trick in progress's cards and leader,
# the completed tricks (leader, cards, taker: card indices) and the cards each seat has
# played to the trick in progress and to the completed tricks (``_played``).
_PARTS = (*_PUBLIC, "hand_mask", "discard_mask", "gift_mask", "called_card", "dealt_mask", "trick_cards", "leader",
          "done_tricks", "trick_played", "done_played")
_PLAYERS, _HAND, _DISCARDS, _GIFT, _CALLED, _DEALT, _TRICK, _LEADER, _DONE, _TRICK_PLAYED, _DONE_PLAYED = (
    _PARTS.index(name) for name in ("players", "hand_mask", "discard_mask", "gift_mask", "called_card", "dealt_mask",
                                     "trick_cards", "leader", "done_tricks", "trick_played", "done_played"))
_BIT = tuple(1 << card for card in range(64))
_NO_DISCARDS = tuple((0,) * players for players in range(16))

_READ = itemgetter(TABLE, SCORES, DEALER, HAND_RESULTS, PHASE, TO_MOVE, MASKS, INFO, TRICK_CARDS, LEADER, DONE_TRICKS,
                   WINNER)
"""The state's fields ``view_of`` reads, by position (``model.fields``), in one call: a view
is built on every move of every bot."""


def view_of(state: GameState, seat: int) -> PlayerView:
    """``state.view(seat)``: what ``seat`` may know (the table's ``view``, which the state asks)."""
    table, scores, dealer, hand_results, phase, to_move, masks, info, trick_cards, leader, done_tricks, winner = (
        _READ(state))
    players = table.players
    if seat.__class__ is not int or not 0 <= seat < players:
        seat = seat_of(seat, players)
    # Each part in a local of its name (``_PARTS``), packed below.
    rules, discards, called_card, suit = table.variant, info.discards, info.called, info.trump
    face_up = table.face_up_stock
    variant, side_of = rules.name, table.side_of
    hand_sizes = tuple(map(int.bit_count, masks))
    bids, bidder, bid, trump = info.bids, info.bidder, info.bid, None if suit is None else SUITS[suit]
    discard_counts = (tuple(map(int.bit_count, discards)) if discards
                      else _NO_DISCARDS[players] if players < len(_NO_DISCARDS) else (0,) * players)
    stock_size = len(info.stock)
    legal_moves = state.legal_moves() if to_move == seat else ()
    call, hand_size = info.call, info.hand_size
    partner = None if info.partner is None or called_card is None else _partner_known(state, seat)
    upcards = _upcards(info, face_up) if info.turned or face_up else ()
    winners = state.winners
    shown = shown_cards(state) if done_tricks and (info.turned or face_up) else ()
    blind = tuple(who for who in range(players) if info.blind >> who & 1) if info.blind else ()
    calls = hand_calls(state) if table.calls else ()
    hand_mask = masks[seat]
    discard_mask = discards[seat] if discards else 0
    gift_mask = info.gift if seat == bidder else 0
    dealt_mask = info.dealt[seat] if info.dealt else 0
    trick_played = _played(info.start, trick_cards) if trick_cards else ()
    done_played = _played(info.start, [card for _, cards, _ in done_tricks for card in cards]) if done_tricks else ()
    view = _blank(PlayerView)
    # (two tuples joined: Python builds a display of more than 30 items one append at a time)
    _set_parts(view, (
        seat, players, variant, phase, to_move, dealer, scores, side_of, hand_sizes, bids, bidder, bid, trump,
        discard_counts, stock_size, hand_results, winner, legal_moves, call, hand_size, partner, upcards, rules,
        winners, shown, blind, calls,
    ) + (hand_mask, discard_mask, gift_mask, called_card, dealt_mask, trick_cards, leader, done_tricks, trick_played,
         done_played))
    return view


def shown_masks(state: GameState) -> tuple[int, ...]:
    """Per seat, the mask of the cards it drew in sight of every seat and still holds
    (``PlayerView.shown``): ``()`` where nobody did.

    Worked out from the state as it is: a seat's cards drawn during play are those it held
    in play (``info.start``, which the draws add to) that were not dealt to it
    (``info.dealt``); all of them were seen if the stock lies face up, else only a card
    turned up for trump. The cards it has played since are left out (they are in the
    tricks). Only ``play: draw-after-trick`` draws during play; elsewhere ``start`` differs
    from ``dealt`` by the exchange's cards, which are never face up, so this is empty."""
    table, info = state.table, state.info
    start, dealt = info.start, info.dealt
    if not start or len(dealt) != len(start) or not callable(getattr(table.variant.play, "draw_rounds", None)):
        return ()  # (or a state built by hand without the record of the deal: nothing to tell)
    seen = -1 if table.face_up_stock else sum(1 << card for card in info.turned)
    masks = tuple([(held & ~first & seen) & mask for held, first, mask in zip(start, dealt, state.masks, strict=True)])
    return masks if any(masks) else ()


def shown_cards(state: GameState) -> tuple[tuple[Card, ...], ...]:
    """``shown_masks`` as ``Card`` values (``PlayerView.shown``): made with the view, as the
    only variants that have any are the few that draw during play."""
    return tuple([_cards(mask) for mask in shown_masks(state)])


def upcard_indices(info: HandInfo, face_up_stock: bool) -> list[int]:
    """The cards lying face up on the table: those turned for trump that are still on the
    stock or set aside (not yet drawn into a hand), then a face-up stock's top card."""
    stock = info.stock
    top = stock[0] if stock else None
    cards = [card for card in info.turned if card == top or card in info.junk]
    if face_up_stock and top is not None and top not in cards:
        cards.append(top)
    return cards


def upcards(info: HandInfo, face_up_stock: bool) -> tuple[Card, ...]:
    """``upcard_indices`` as ``Card`` values (``PlayerView.upcards``)."""
    return tuple(map(CARDS.__getitem__, upcard_indices(info, face_up_stock)))


_upcards = upcards  # (view_of's local of that name is the part)


def _played(start: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    """Each seat's hand when play began (``info.start``) as far as ``cards`` show it: which
    of them it played. ``trick_seats`` asks ``start`` about played cards only, so this answers
    it alike (what a finished hand's ``PlayRecord.shown`` holds). The trick in progress and
    the completed tricks have a part each, so that the second stays equal while a trick is
    played (``FIELD_PARTS``)."""
    if not start:
        return ()
    shown = 0
    for card in cards:
        shown |= _BIT[card]
    return tuple([mask & shown for mask in start])


def hand_calls(state: GameState) -> tuple[str, ...]:
    """This hand's declarations so far, oldest first (``PlayerView.calls``): one per completed
    trick, and the trick in progress's once its leader has called. Calls are public moves;
    the log is read back only as far as they go."""
    count = len(state.done_tricks) + (state.info.call is not None)
    found: list[str] = []
    log = state.log
    while len(found) < count and log[0] is not None:
        move = log[1]
        if move[0] == "call":
            found.append(str(move[1]))
        log = log[0]
    found.reverse()
    return tuple(found)


def _partner_known(state: GameState, seat: int) -> int | None:
    """The called partner if ``seat`` may know it: it is the partner, or the called card has
    been played (to the trick in progress or a completed one)."""
    info = state.info
    partner, called = info.partner, info.called
    if partner is None or called is None:
        return None
    if seat == partner or called in state.trick_cards:
        return partner
    return partner if any(called in cards for _, cards, _ in state.done_tricks) else None


# -- the fields worked out on first access, a group at a time, from the parts -------------

def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(map(CARDS.__getitem__, cards_in(mask)))


def _cards_group(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    """hand, discards, gift, called, dealt."""
    called = parts[_CALLED]
    return (_cards(parts[_HAND]), _cards(parts[_DISCARDS]) if parts[_DISCARDS] else (),
            _cards(parts[_GIFT]) if parts[_GIFT] else (), None if called is None else CARDS[called],
            _cards(parts[_DEALT]) if parts[_DEALT] else ())


def _seats(played: tuple[int, ...], leader: int, cards: tuple[int, ...], players: int) -> tuple[int, ...]:
    """``components.play.trick_seats`` of ``played`` (its loops in line): the first seat that
    played each card; one that nobody did (a state built by hand) is counted on from the leader."""
    seats = []
    for position, card in enumerate(cards):
        bit = _BIT[card]
        seat = 0
        for mask in played:
            if mask & bit:
                break
            seat += 1
        else:
            seat = (leader + position) % players
        seats.append(seat)
    return tuple(seats)


def _trick_group(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    """trick."""
    cards = parts[_TRICK]
    if not cards:
        return ((),)
    seats = _seats(parts[_TRICK_PLAYED], parts[_LEADER], cards, parts[_PLAYERS])
    return (tuple(zip(seats, map(CARDS.__getitem__, cards), strict=True)),)


def _tricks_group(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    """tricks, trick_seats (a group of their own: the trick in progress changes on every card,
    these only when a trick is completed)."""
    done, played, players = parts[_DONE], parts[_DONE_PLAYED], parts[_PLAYERS]
    if not done:
        return (), ()
    return (tuple([(leader, tuple(map(CARDS.__getitem__, cards)), taker) for leader, cards, taker in done]),
            tuple([_seats(played, leader, cards, players) for leader, cards, _ in done]))


_GROUPS: tuple[tuple[tuple[str, ...], Callable[[tuple[Any, ...]], tuple[Any, ...]]], ...] = (
    (_PUBLIC, lambda parts: parts),
    (("hand", "discards", "gift", "called", "dealt"), _cards_group),
    (("trick",), _trick_group),
    (("tricks", "trick_seats"), _tricks_group),
)
_LAZY: dict[str, tuple[tuple[Callable[[PlayerView, Any], None], ...],
                       Callable[[tuple[Any, ...]], tuple[Any, ...]], int]] = {
    name: (tuple(PlayerView.__dict__[field].__set__ for field in names), make, position)
    for names, make in _GROUPS for position, name in enumerate(names)}
"""Field name -> its group's slot setters, how to work out the group's values from the
parts, and where the field is among them."""
if set(_LAZY) != {field.name for field in attrs.fields(PlayerView)}:
    raise AssertionError("view.py: every field of PlayerView belongs to one group")

FIELD_PARTS: dict[str, tuple[int, ...]] = {
    **{name: (position,) for position, name in enumerate(_PUBLIC)},
    "hand": (_HAND,), "discards": (_DISCARDS,), "gift": (_GIFT,), "called": (_CALLED,), "dealt": (_DEALT,),
    "trick": (_TRICK, _LEADER, _TRICK_PLAYED, _PLAYERS), "tricks": (_DONE,),
    "trick_seats": (_DONE, _DONE_PLAYED, _PLAYERS),
}
"""Field name -> the positions in ``raw_parts`` of the parts its value is worked out from
(the groups' functions above read exactly these). Two views from ``view_of`` whose parts
there are equal have equal values of the field, so a caller that keeps what it made of a
field (``pitchcore.serving`` keeps each field's JSON text) can tell it is unchanged without
making the value: the trick's pairs and the completed tricks are built only when they changed."""
MASK_FIELDS = frozenset(("hand", "discards", "gift", "dealt"))
"""The fields whose value is the cards of their one part, a mask, in index order
(``_cards_group``): a caller may write them from the mask without making the cards."""
PLAIN_FIELDS = frozenset(_PUBLIC)
"""The fields whose value is their one part, as it is (the others are made from theirs)."""
if set(FIELD_PARTS) != set(_LAZY):
    raise AssertionError("view.py: FIELD_PARTS names the parts of every field of PlayerView")


def raw_parts(view: PlayerView) -> tuple[Any, ...] | None:
    """The raw parts a view from ``view_of`` is worked out from (``FIELD_PARTS`` says which
    field needs which); None for a view built from values."""
    try:
        parts: tuple[Any, ...] = view._parts
    except AttributeError:
        return None
    return parts
