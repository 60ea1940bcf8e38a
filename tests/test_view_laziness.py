"""``state.view(seat)`` builds its fields on first access: the view behaves as one built whole,
and holds nothing from which another seat's hidden cards could be read.

The reference here is the view as ``view.py`` built it eagerly before, field by field from
the state's public properties (``state.trick``, ``state.tricks``: who played each card as
``components.play.trick_seats`` finds it in the state's own ``info.start``).
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import threading
import types
from collections.abc import Iterator

import attrs
import pytest

import pitchcore as pc
from conftest import BUNDLED, choose_move, play_state
from pitchcore.game.table import Table
from pitchcore.game.view import FIELD_PARTS, PLAIN_FIELDS, PlayerView, raw_parts
from pitchcore.model.cards import CARDS, card_text, cards_in, cards_of
from pitchcore.model.log import Log
from pitchcore.model.state import GameState, HandInfo, Phase

FIELDS = tuple(field.name for field in attrs.fields(PlayerView))
CALL_PARTNER = pc.load_variant_text(
    "extends: auction-pitch\nname: call-partner\n"
    "deal: {min_players: 5, max_players: 6, default_players: 5}\n"
    "auction: {partner: called-card}\n")


def reference(state: GameState, seat: int) -> PlayerView:
    """The view as it was built before it was lazy: every field at once."""
    info = state.info
    hands = state.hands
    partner = None
    if info.partner is not None and info.called is not None and (
            seat == info.partner or info.called in state.trick_cards
            or any(info.called in cards for _, cards, _ in state.done_tricks)):
        partner = info.partner
    return PlayerView(
        seat=seat, players=state.players, variant=state.variant.name, phase=state.phase,
        to_move=state.to_move, dealer=state.dealer, scores=state.scores, side_of=state.table.side_of,
        hand=hands[seat], hand_sizes=tuple(len(hand) for hand in hands), bids=info.bids,
        bidder=info.bidder, bid=info.bid, trump=state.trump, trick=state.trick,
        tricks=tuple((leader, cards, taker) for leader, cards, taker in state.tricks),
        discards=cards_of(info.discards[seat]) if info.discards else (),
        discard_counts=tuple(mask.bit_count() for mask in info.discards) if info.discards
        else (0,) * state.players,
        gift=cards_of(info.gift) if seat == info.bidder else (), stock_size=len(info.stock),
        hand_results=state.hand_results, winner=state.winner,
        legal_moves=state.legal_moves() if state.to_move == seat else (), call=info.call,
        hand_size=info.hand_size, called=None if info.called is None else CARDS[info.called],
        partner=partner, trick_seats=tuple(trick.seats for trick in state.tricks),
        upcards=face_up(state), rules=state.variant, winners=state.winners, shown=shown(state),
        dealt=cards_of(info.dealt[seat]) if info.dealt else (), calls=calls(state))


def calls(state: GameState) -> tuple[str, ...]:
    """This hand's calls: the last ones of the game's moves, one per completed trick and the
    trick in progress's once made."""
    count = len(state.done_tricks) + (state.info.call is not None)
    made = [str(move.arg) for move in state.moves if move.kind == "call"]
    return tuple(made[len(made) - count:]) if count else ()


def shown(state: GameState) -> tuple[tuple[pc.Card, ...], ...]:
    """Per seat, the cards held now that it drew during play (in play, not dealt to it) in
    sight of all: any from a face-up stock, the trump's turned card from a face-down one."""
    info = state.info
    if not info.start or getattr(state.variant.play, "stock", None) is None:
        return ()
    cards = tuple(tuple(card for card in hand if info.start[seat] >> card.index & 1
                        and not info.dealt[seat] >> card.index & 1
                        and (state.table.face_up_stock or card.index in info.turned))
                  for seat, hand in enumerate(state.hands))
    return cards if any(cards) else ()


def face_up(state: GameState) -> tuple[pc.Card, ...]:
    """The cards on the table face up: those turned for trump not yet drawn (on the stock's
    top, or set aside in the junk), then a face-up stock's top card."""
    info = state.info
    top = info.stock[:1]
    cards = [card for card in info.turned if card in top or card in info.junk]
    if state.table.face_up_stock:
        cards += [card for card in top if card not in cards]
    return tuple(CARDS[card] for card in cards)


def states(variant: pc.Variant | str, seed: int, every: int = 1, max_moves: int = 400) -> Iterator[GameState]:
    """Every ``every``-th state of a random game (bounded)."""
    state = pc.new_game(variant, seed=seed)
    rng = random.Random(seed)
    for moves in range(max_moves):
        if moves % every == 0:
            yield state
        if state.is_over:
            return
        state = state.apply(choose_move(state, rng))


def mid_hand(variant: pc.Variant | str = "auction-pitch", seed: int = 3, tricks: int = 2,
             card: bool = True) -> GameState:
    """A state of the first hand with ``tricks`` tricks done (and a card led, with ``card``)."""
    state = pc.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAYING or len(state.done_tricks) < tricks or (card and not state.trick_cards):
        assert not state.hand_results, "the first hand ended first: pick another seed"
        state = state.apply(choose_move(state, rng))
    return state


# -- the lazy view is the view ------------------------------------------------------------

@pytest.mark.parametrize("name", [*BUNDLED, CALL_PARTNER])
def test_every_field_of_every_seat_is_what_the_eager_view_had(name: str | pc.Variant) -> None:
    checked = 0
    for seed in (1, 2):
        for state in states(name, seed, every=3):
            for seat in range(state.players):
                want = reference(state, seat)
                view = state.view(seat)
                assert view == want and want == view and hash(view) == hash(want)
                fresh = state.view(seat)  # fields read one by one, in reverse order, each first
                for field in reversed(FIELDS):
                    assert getattr(fresh, field) == getattr(want, field), field
                assert repr(state.view(seat)) == repr(want)
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", [*BUNDLED, CALL_PARTNER])
def test_views_whose_parts_agree_have_the_same_field(name: str | pc.Variant) -> None:
    """``FIELD_PARTS`` says what each field is worked out from: wherever two views of a game
    (each state's and the next's, every seat) have those parts equal, the field's values
    are equal too (``pitchcore.serving`` sends a field again only when its parts changed),
    and a plain field's part is its value."""
    compared = 0
    for seed in (1, 2):
        previous: list[PlayerView] = []
        for state in states(name, seed, every=1):
            views = [state.view(seat) for seat in range(state.players)]
            for before, after in zip(previous, views, strict=False):
                old, new = raw_parts(before), raw_parts(after)
                assert old is not None and new is not None
                for field, where in FIELD_PARTS.items():
                    if all(old[at] == new[at] for at in where):
                        assert getattr(before, field) == getattr(after, field), field
                        compared += 1
                    if field in PLAIN_FIELDS:
                        assert new[where[0]] is getattr(after, field), field
            previous = views
    assert compared > 200
    assert raw_parts(attrs.evolve(state.view(0))) is None  # (a view built from values has no parts)


def test_states_built_by_hand_keep_their_seats() -> None:
    # start holds the cards of the trick at other seats than the ones counted from the
    # leader: the view says what start says, as before
    not_clockwise = 0
    for trick in ("", "KH", "KH 2C", "KH 2C AS"):
        state = play_state("auction-pitch", hand="AH 3H 4S", trump="H", trick=trick, tricks_done=2)
        for seat in range(state.players):
            assert state.view(seat) == reference(state, seat)
        not_clockwise += any(who != (state.leader + position) % 4 for position, (who, _) in enumerate(state.trick))
    assert not_clockwise  # (what this test is about)
    state = play_state("auction-pitch", hand="AH 3H 4S", trump="H", trick="KH 2C")
    state = state.evolve(info=state.info._replace(start=()))  # no start: counted on from the leader
    assert state.view(0) == reference(state, 0) and state.view(0).trick == ((3, pc.Card("KH")), (0, pc.Card("2C")))


def test_a_view_behaves_as_one_built_whole() -> None:
    state = mid_hand()
    seat = state.to_move
    assert seat is not None
    want = reference(state, seat)
    view = state.view(seat)
    assert attrs.asdict(state.view(seat)) == attrs.asdict(want)
    assert attrs.evolve(state.view(seat)) == want
    assert attrs.evolve(state.view(seat), seat=3).seat == 3
    for copied in (copy.copy(state.view(seat)), copy.deepcopy(state.view(seat)),
                   pickle.loads(pickle.dumps(state.view(seat)))):
        assert copied == want and type(copied) is PlayerView
    assert pc.view_from_json(pc.view_to_json(view)) == view
    assert pc.view_to_json(state.view(seat)) == pc.view_to_json(want)
    assert {view: 1}[want] == 1
    assert type(view) is PlayerView and isinstance(view, PlayerView)
    assert view.legal_moves == state.legal_moves() and view.hand == state.hands[seat]


@pytest.mark.parametrize("touched", [(), FIELDS, ("hand",), ("trick",), ("seat",)])
def test_a_view_is_frozen_before_and_after_its_fields_are_read(touched: tuple[str, ...]) -> None:
    state = mid_hand()
    view = state.view(1)
    for field in touched:
        getattr(view, field)
    for field in FIELDS:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(view, field, None)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(view, field)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view._parts = ()
    assert view == reference(state, 1)


def test_a_missing_attribute_is_an_attribute_error() -> None:
    view = mid_hand().view(0)
    with pytest.raises(AttributeError, match="no attribute 'hands'"):
        view.hands  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(view, "hands") and getattr(view, "nothing", 5) == 5
    built = pc.view_from_json(pc.view_to_json(view))  # every field given: no parts
    assert built == view and not hasattr(built, "_parts") and not hasattr(built, "hands")
    assert not hasattr(pickle.loads(pickle.dumps(view)), "_parts")


def test_threads_reading_one_fresh_view_all_see_the_same() -> None:
    state = mid_hand()
    want = reference(state, 2)
    orders = [FIELDS, FIELDS[::-1], FIELDS[::2] + FIELDS[1::2], FIELDS[1::2] + FIELDS[::2]]

    def read(view: PlayerView, order: tuple[str, ...], start: threading.Barrier, seen: list[bool]) -> None:
        start.wait()
        seen.append(tuple(getattr(view, field) for field in order) == tuple(getattr(want, field) for field in order))

    for _ in range(20):
        view = state.view(2)
        start = threading.Barrier(len(orders))
        seen: list[bool] = []
        threads = [threading.Thread(target=read, args=(view, order, start, seen)) for order in orders]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert seen == [True] * len(orders) and view == want


# -- a view holds nothing hidden ----------------------------------------------------------

def hidden(state: GameState, seat: int) -> int:
    """Mask of the cards ``seat`` may not know: other seats' hands and discards, the stock
    and the face-down junk, less what it holds, discarded, received, saw played or heard
    called."""
    info = state.info
    mask = 0
    for other, hand in enumerate(state.masks):
        if other != seat:
            mask |= hand
            mask |= info.discards[other] if info.discards else 0
    for card in (*info.stock, *info.junk):
        mask |= 1 << card
    known = state.masks[seat] | (info.discards[seat] if info.discards else 0)
    known |= info.gift if seat == info.bidder else 0
    known |= 0 if info.called is None else 1 << info.called  # named aloud: who holds it is not
    for card in (*state.trick_cards, *(card for _, cards, _ in state.done_tricks for card in cards)):
        known |= 1 << card
    return mask & ~known


def reachable(root: object, skip: set[int]) -> Iterator[object]:
    """Every object reachable from ``root`` through references (slots and closures included),
    but for classes, modules and code (a function's globals are not followed: they are the
    modules anyone may import), and the objects in ``skip``."""
    seen = set(skip)
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType | types.CodeType):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, types.FunctionType):
            todo.extend(cell.cell_contents for cell in obj.__closure__ or ())
            todo.extend(obj.__defaults__ or ())
            todo.extend((obj.__kwdefaults__ or {}).values())
        elif not isinstance(obj, types.BuiltinFunctionType):
            todo.extend(gc.get_referents(obj))


def public_roots(state: GameState) -> tuple[object, ...]:
    """What every state of every game shares, the rules (the variant, its trump tables: card
    masks of their own, all hearts, the trumps), and the finished hands' results (cards
    played in earlier hands, dealt again since): public, and checked apart in ``leaks``."""
    return state.table.variant, state.table.trump_tables, state.hand_results


def leaks(view: object, state: GameState, seat: int, public: tuple[object, ...] = ()) -> list[str]:
    """What of the state's hidden cards (for ``seat``) can be reached from ``view``; the
    ``public`` objects are (copies of) ``public_roots``."""
    secret = hidden(state, seat)
    assert secret, "a state with nothing hidden tests nothing"
    info = state.info
    whole = {id(obj) for obj in (state.masks, info.start, info.dealt, info.discards, info.stock, info.junk)
             if any(obj)}
    found = []
    roots = (*public_roots(state), *public)
    skip = {id(obj) for root in roots for obj in reachable(root, set())}
    for obj in reachable(view, skip):
        if isinstance(obj, GameState | HandInfo | Table | Log | random.Random):
            found.append(f"a {type(obj).__name__}")
        elif id(obj) in whole or (isinstance(obj, tuple) and obj and obj in (
                state.masks, info.start, info.dealt, info.stock, info.junk)):
            found.append(f"the state's tuple {obj!r}")
        elif obj.__class__ is int and obj >= 1 << 13 and obj & secret:  # a card mask, not a count
            found.append(f"a mask with hidden cards {cards_of(obj & secret)}")
        elif isinstance(obj, pc.Card) and secret >> obj.index & 1:
            found.append(f"the hidden card {obj}")
        elif isinstance(obj, str) and obj.strip() and any(
                card_text(card) in obj.split() for card in cards_in(secret)):
            found.append(f"text naming a hidden card: {obj!r}")
    # the rules and the results are public, but must not be a way back to a game
    for root in roots:
        for obj in reachable(root, set()):
            if isinstance(obj, GameState | HandInfo | Table | Log | random.Random):
                found.append(f"a {type(obj).__name__} in {type(root).__name__}")
    return found


def leak_states() -> Iterator[tuple[str, GameState]]:
    yield "bidding", pc.new_game("auction-pitch", seed=5)
    yield "mid-hand", mid_hand()
    yield "trick led", mid_hand(tricks=0)
    yield "between tricks", mid_hand(tricks=3, card=False)
    yield "ten-point-pitch", mid_hand("ten-point-pitch", seed=2, tricks=1)
    yield "call-partner", mid_hand(CALL_PARTNER, seed=4, tricks=1)
    for name in ("cinch", "no-junk"):  # discards, the stock, the bidder's gift (robbing the pack)
        state = pc.new_game(name, seed=7)
        rng = random.Random(7)
        while state.phase is not Phase.PLAYING:
            state = state.apply(choose_move(state, rng))
        yield name, state
    state = pc.new_game("auction-pitch", seed=8)  # a later hand: earlier hands' results
    rng = random.Random(8)
    while len(state.hand_results) < 2 or state.phase is not Phase.PLAYING or not state.trick_cards:
        state = state.apply(choose_move(state, rng))
    yield "third hand", state


@pytest.mark.parametrize(("what", "state"), list(leak_states()),
                         ids=lambda value: value if isinstance(value, str) else "")
def test_nothing_reachable_from_a_view_shows_another_seats_cards(what: str, state: GameState) -> None:
    for seat in range(state.players):
        fresh = state.view(seat)
        assert leaks(fresh, state, seat) == [], (what, seat)  # the parts, before any field is read
        read = state.view(seat)
        for field in FIELDS:
            getattr(read, field)
        assert leaks(read, state, seat) == [], (what, seat)  # the parts and every field
        assert not hasattr(fresh, "__dict__")
        slots = [name for cls in type(fresh).__mro__ for name in getattr(cls, "__slots__", ())]
        assert "_parts" in slots and set(FIELDS) <= set(slots)
        for name in slots:
            if name != "__weakref__" and hasattr(read, name):
                assert leaks(getattr(read, name), state, seat) == [], (what, seat, name)
        data = pickle.dumps(fresh)
        copied = pickle.loads(data)
        assert copied.rules == state.variant and copied.hand_results == state.hand_results
        assert leaks(copied, state, seat, (copied.rules, copied.hand_results)) == [], (what, seat)
        for other, mask in enumerate(state.masks):  # (as pickle writes an int, LONG1)
            if other != seat and mask.bit_length() > 16:
                assert int_bytes(mask) not in data, (what, seat, other)


def test_the_leak_check_finds_a_leak() -> None:
    # the check above can fail: the same views, given a way to the hidden cards, are caught
    state = mid_hand()
    seat = 0
    secret = hidden(state, seat)

    def with_parts(*extra: object) -> PlayerView:
        view = state.view(seat)
        object.__setattr__(view, "_parts", (*view._parts, *extra))
        return view

    assert leaks(with_parts(state), state, seat)
    assert leaks(with_parts(state.info), state, seat)
    assert leaks(with_parts(state.info.start), state, seat)
    assert leaks(with_parts(tuple(state.masks)), state, seat)  # an equal tuple, not the same one
    assert leaks(with_parts(state.masks[(seat + 1) % 4] | 1 << 51), state, seat)
    assert leaks(with_parts(CARDS[next(cards_in(secret))]), state, seat)
    assert leaks(with_parts(card_text(next(cards_in(secret)))), state, seat)
    assert leaks(with_parts(lambda: state), state, seat)  # a closure is followed too
    leaky = with_parts()
    object.__setattr__(leaky, "_parts", leaky._parts[:-1] + (state.info.start,))  # ``played`` unrestricted
    assert leaks(leaky, state, seat)
    assert leaks(pickle.loads(pickle.dumps(attrs.evolve(state.view(seat), hand=cards_of(secret)))), state, seat)
    data = pickle.dumps((state.view(seat), state.masks[1]))
    assert int_bytes(state.masks[1]) in data


def int_bytes(number: int) -> bytes:
    """How pickle writes an int's value (little-endian two's complement, as few bytes as may be)."""
    return number.to_bytes(number.bit_length() // 8 + 1, "little", signed=True)
