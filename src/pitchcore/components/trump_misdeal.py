"""A misdeal once trump is known: ``deal.worthless: no-trump`` (a hand holding no trump).

A worthless hand as ``deal.worthless`` defines it by rank (no card above a 9, no face card)
is judged at the deal, before the bidding. A hand with no trump can only be judged once
trump is known and the hands are final: after the exchange, before the first card is led.
``TrumpMisdeal`` wraps the variant's exchange step at its place in ``Table.pipeline`` (the
pipeline keeps its length and indices, which records store): while the exchange runs,
everything is the exchange's; once it is over, the check:

- ``worthless_hand: redeal``: when any hand holds no trump the deal is thrown in at once
  (``Next.REDEAL``) and the same dealer deals again;
- ``worthless_hand: demand``: each seat from the dealer's left to the dealer says ``pass``,
  or ``redeal`` if its hand holds no trump, in ``Phase.DEALING`` (which no exchange uses,
  so the phase tells the ask from the exchange); a redeal throws the deal in.

A trump is any card whose effective suit under the trump is trump (the table's
``trump_tables``): the jick, the off-five and the jokers count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..model.cards import mask_text
from ..model.fields import PHASE
from ..model.moves import PASS, REDEAL, Move
from ..model.phase import Phase
from ..model.state import GameState
from ..model.tuples import unchecked
from .demand import answer_demand
from .step import Fields, Next, Step

NO_TRUMP_HAND = "no-trump"
"""The ``deal.worthless`` choice judged after the exchange: a hand with no trump."""

_DEALING = Phase.DEALING
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_ASKED = (PASS, REDEAL)
_PASS_ONLY = (PASS,)


def judged_after_trump(deal: object) -> bool:
    """True when ``deal`` (the deal slot's component) throws in a hand with no trump
    (``worthless: no-trump`` with ``worthless_hand`` redeal or demand): the check runs after
    the exchange, not at the deal."""
    return (getattr(deal, "worthless", None) == NO_TRUMP_HAND
            and getattr(deal, "worthless_hand", "play") != "play")


def exchange_step(deal: object, exchange: Step) -> Step:
    """The step a table runs at the exchange's index: ``exchange`` itself (the same object),
    or wrapped in ``TrumpMisdeal`` where ``deal`` throws in a hand with no trump."""
    if not judged_after_trump(deal):
        return exchange
    return TrumpMisdeal(exchange, getattr(deal, "worthless_hand", "redeal") == "demand")


def trumps_held(state: GameState, seat: int) -> int:
    """The trumps in ``seat``'s hand (a card mask; every card is a trump it holds when trump
    is not known, so nobody is then without trump)."""
    hand: int = state.masks[seat]
    trump = state.info.trump
    if trump is None:
        return hand
    found: int = hand & state.table.trump_tables.trumps[trump]
    return found


def holds_no_trump(state: GameState, seat: int) -> bool:
    """True when ``seat``'s hand holds no trump once trump is known."""
    return state.info.trump is not None and not trumps_held(state, seat)


def trumpless(state: GameState) -> bool:
    """True when some hand of ``state`` holds no trump."""
    return any(holds_no_trump(state, seat) for seat in range(state.table.players))


class TrumpMisdeal(Step):
    """The exchange, then the check for a hand with no trump (``deal.worthless: no-trump``).

    While the exchange runs (any phase but ``DEALING``) every question is the exchange's;
    in ``DEALING`` the step is asking each seat for ``pass`` or ``redeal``."""

    _names: tuple[str, ...] = ("exchange", "demand")

    def __init__(self, exchange: Step, demand: bool) -> None:
        self.exchange = exchange
        """The exchange step it runs first."""
        self.demand = demand
        """True: each seat is asked (``worthless_hand: demand``); False: thrown in at once."""
        checked, quick = exchange.checked, exchange.quick  # (no exchange has shortcuts today)
        if checked is not None:
            self.checked = lambda state, move, seat: (  # type: ignore[misc]
                None if state[PHASE] is _DEALING else checked(state, move, seat))
        if quick is not None:
            self.quick = lambda state, move: (  # type: ignore[misc]
                None if state[PHASE] is _DEALING else quick(state, move))

    # -- the check, once the exchange is over -------------------------------------------------

    def after(self, state: GameState) -> tuple[GameState, bool | Next]:
        """The state once the exchange is over: thrown in (``Next.REDEAL``), waiting for the
        eldest to say pass or redeal (True), or on to the play (False)."""
        if state.info.trump is None:  # (trump unknown: the loader refuses such a variant)
            return state, False
        if self.demand:
            return state.evolve(phase=_DEALING, to_move=(state.dealer + 1) % state.table.players), True
        return (state, Next.REDEAL) if trumpless(state) else (state, False)

    def begin(self, state: GameState) -> tuple[GameState, bool | Next]:
        state, waiting = self.exchange.begin(state)
        if waiting:
            return state, waiting
        return self.after(state)

    def apply_in_place(self, fields: Fields, move: Move) -> Next:
        if fields[PHASE] is _DEALING:
            new, next_ = self.answer(unchecked(GameState, fields), move)
            fields[:] = new
            return next_
        next_ = self.exchange.apply_in_place(fields, move)
        if next_ is not Next.DONE:
            return next_
        new, waiting = self.after(unchecked(GameState, fields))
        fields[:] = new
        if waiting is Next.REDEAL:
            return Next.REDEAL
        return Next.WAIT if waiting else Next.DONE

    def answer(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        """A seat's ``pass`` or ``redeal`` once the exchange is over (as at the deal)."""
        return answer_demand(state, move)

    # -- the questions: the ask's own in DEALING, the exchange's otherwise --------------------

    def legal(self, state: GameState) -> tuple[Move, ...]:
        if state[PHASE] is not _DEALING:
            return self.exchange.legal(state)
        return _ASKED if holds_no_trump(state, state.to_move or 0) else _PASS_ONLY

    def legal_fields(self, fields: Fields, /) -> Sequence[Move]:
        if fields[PHASE] is not _DEALING:
            return self.exchange.legal_fields(fields)
        return self.legal(unchecked(GameState, fields))

    def is_legal(self, state: GameState, move: Move) -> bool:
        if state[PHASE] is not _DEALING:
            return self.exchange.is_legal(state, move)
        return move in self.legal(state)

    def why_illegal(self, state: GameState, move: Move) -> str:
        if state[PHASE] is not _DEALING:
            return self.exchange.why_illegal(state, move)
        seat = state.to_move or 0
        held = trumps_held(state, seat)  # (its own hand only: the message goes to that seat)
        suit = _SUIT_NAMES[state.info.trump or 0]
        if move == REDEAL and held:
            some = "a trump" if held.bit_count() == 1 else "trumps"
            return (f"seat {seat} holds {some} ({mask_text(held)}, with {suit} trump), so it may "
                    "not demand a redeal: pass")
        may = "pass" if held else f"pass, or redeal (its hand holds no trump, with {suit} trump)"
        return f"{move} is not a move now: before the play seat {seat} may {may}"

    # -- everything else is the exchange's -----------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        if name in self._names:  # (not set yet: never the exchange's)
            raise AttributeError(name)
        return getattr(self.exchange, name)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TrumpMisdeal) and other.exchange == self.exchange
                and other.demand == self.demand)

    def __hash__(self) -> int:
        return hash((TrumpMisdeal, self.exchange, self.demand))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.exchange!r}, demand={self.demand})"
