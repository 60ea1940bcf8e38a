"""A play slot where each trick's leader first declares HIGH or LOW (Jacks Trump).

The step alternates two phases itself: CALLING (the leader's ``call high``/``call low``)
and PLAYING (one card from each seat). The call decides which way ranks run for that
trick: the trick slot is handed the variant's tables as they are after HIGH, and with
every rank order reversed after LOW (the 2 on top, the ace at the bottom), so any trick
rule that compares ranks (``last-jack``, ``highest-trump``) follows the call unchanged.
"""

from __future__ import annotations

import attrs

from ..cards import card_text
from ..moves import Move
from ..registry import choice, component
from ..state import GameState, Phase
from .play import plays_of
from .step import Next, Step
from .trump import NO_TRUMP, TrumpTables

CALLS: tuple[Move, ...] = (Move("call", "high"), Move("call", "low"))

_LOW: dict[int, tuple[TrumpTables, TrumpTables]] = {}
"""Reversed tables by id of the variant's tables (kept beside them so the id stays theirs)."""
_LOW_LIMIT = 64


def called_tables(tables: TrumpTables, call: str | None) -> TrumpTables:
    """The tables a trick is judged by after ``call``: as they are for HIGH (or no call),
    every rank order reversed for LOW."""
    if call != "low":
        return tables
    found = _LOW.get(id(tables))
    if found is None or found[0] is not tables:
        top = max(max(order) for order in tables.order)
        low = attrs.evolve(
            tables,
            order=tuple(tuple(top - rank for rank in order) for order in tables.order),
            ranked=tuple(tuple(reversed(ranked)) for ranked in tables.ranked))
        if len(_LOW) >= _LOW_LIMIT:
            _LOW.clear()
        found = _LOW[id(tables)] = (tables, low)
    return found[1]


@component("play", "call-then-any")
@attrs.frozen
class CallThenAny(Step):
    """Each trick's leader first calls HIGH or LOW (which way ranks run for that trick); then any card may be played."""

    leader: str = choice(("dealer", "eldest", "bidder"), "dealer",
                         "who leads the first trick (bidder: eldest when nobody bid)")

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        info = state.info
        if self.leader == "bidder" and info.bidder is not None:
            lead = info.bidder
        elif self.leader == "dealer":
            lead = state.dealer
        else:
            lead = (state.dealer + 1) % state.table.players
        info = info._replace(start=state.masks, call=None)
        return state.evolve(phase=Phase.CALLING, to_move=lead, leader=lead, info=info,
                            trick_cards=(), tricks=()), True

    def legal(self, state: GameState) -> tuple[Move, ...]:
        if state.phase is Phase.CALLING:
            return CALLS
        return plays_of(state.masks[state.to_move or 0])

    def is_legal(self, state: GameState, move: Move) -> bool:
        if state.phase is Phase.CALLING:
            return move in CALLS
        card = move.arg
        return (move.kind == "play" and isinstance(card, int) and card >= 0
                and bool(state.masks[state.to_move or 0] >> card & 1))

    def why_illegal(self, state: GameState, move: Move) -> str:
        seat = state.to_move
        if state.phase is Phase.CALLING:
            return (f"seat {seat} leads this trick and must first call high or low "
                    "(call high, call low)")
        if move.kind == "call":
            return f"this trick is already called {state.info.call}; seat {seat} plays a card"
        if move.kind != "play":
            return f"{move} is not a play; it is seat {seat}'s turn to play a card"
        assert isinstance(move.arg, int)
        return f"{card_text(move.arg)} is not in seat {seat}'s hand"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        info = state.info
        if move.kind == "call":
            return state.evolve(phase=Phase.PLAYING, info=info._replace(call=str(move.arg))), Next.WAIT
        card = move.arg
        assert isinstance(card, int)
        table = state.table
        seat = state.to_move or 0
        hands = list(state.masks)
        hands[seat] ^= 1 << card
        masks = tuple(hands)
        trick = (*state.trick_cards, card)
        if info.trump is None:  # where the first lead sets trump
            suit = table.rules.trump.suit_from_lead(card)
            if suit is not None:
                info = info._replace(trump=suit)
        players = table.players
        if len(trick) < players:
            return state.evolve(masks=masks, info=info, trick_cards=trick,
                                to_move=(seat + 1) % players), Next.WAIT
        trump = NO_TRUMP if info.trump is None else info.trump
        tables = called_tables(table.tables, info.call)
        taker = (state.leader + table.rules.trick.winner(trick, trump, tables)) % players
        tricks = (*state.tricks, (state.leader, trick, taker))
        state = state.evolve(masks=masks, info=info._replace(call=None), trick_cards=(), tricks=tricks,
                             to_move=taker, leader=taker)
        if not masks[taker]:
            return state, Next.DONE
        return state.evolve(phase=Phase.CALLING), Next.WAIT
