"""A play slot where each trick's leader first declares HIGH or LOW (Jacks Trump).

The step alternates two phases itself: CALLING (the leader's ``call high``/``call low``)
and PLAYING (one card from each seat). The call decides which way ranks run for that
trick: the trick slot is handed the variant's tables as they are after HIGH, and with
every rank order reversed after LOW (the 2 on top, the ace at the bottom), so any trick
rule that compares ranks (``last-jack``, ``highest-trump``) follows the call unchanged.
"""

from __future__ import annotations

import attrs

from ..model.caches import Cache
from ..model.cards import card_text
from ..model.fields import DONE_TRICKS, INFO, LEADER, MASKS, PHASE, TABLE, TO_MOVE, TRICK_CARDS
from ..model.moves import Move
from ..model.phase import Phase
from ..model.state import GameState
from .play import plays_of
from .registry import choice, component
from .step import Fields, Next, Step
from .trump import NO_TRUMP, TrumpTables
from .wording import sentences

CALLS: tuple[Move, ...] = (Move("call", "high"), Move("call", "low"))

_LOW: Cache[int, tuple[TrumpTables, TrumpTables]] = Cache(64)
"""Reversed tables by id of the variant's tables (kept beside them so the id stays theirs)."""


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
        found = _LOW.put(id(tables), (tables, low))
    return found[1]


@component("play", "call-then-any")
@attrs.frozen
class CallThenAny(Step):
    """Each trick's leader first calls HIGH or LOW (which way ranks run for that trick); then any card may be played."""

    leader: str = choice(("dealer", "eldest", "bidder"), "dealer",
                         "who leads the first trick (bidder: eldest when nobody bid)")

    def explain(self) -> str:
        """Calling HIGH or LOW, in plain words (``pitchcore explain``)."""
        leader = {"dealer": "the dealer", "eldest": "the player on the dealer's left",
                  "bidder": "the bidder (the dealer's left where nobody bid)"}.get(self.leader, self.leader)
        return sentences(f"{leader} leads to the first trick; the winner of each trick leads to the next",
                         "before each trick its leader calls HIGH or LOW: after LOW the ranks run the other "
                         "way for that trick (the 2 highest, the ace lowest)",
                         "any card may be played: nobody has to follow suit")

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
                            trick_cards=(), done_tricks=()), True

    def legal(self, state: GameState | Fields) -> tuple[Move, ...]:
        if state[PHASE] is Phase.CALLING:  # by position (model.fields): fields do as well as a state
            return CALLS
        return plays_of(state[MASKS][state[TO_MOVE]])

    legal_fields = legal

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

    def apply_in_place(self, fields: Fields, move: Move) -> Next:
        info = fields[INFO]
        if move[0] == "call":
            fields[PHASE] = Phase.PLAYING
            fields[INFO] = info._replace(call=str(move[1]))
            return Next.WAIT
        card: int = move[1]  # type: ignore[assignment]
        table = fields[TABLE]
        seat: int = fields[TO_MOVE]
        hands = list(fields[MASKS])
        hands[seat] ^= 1 << card
        fields[MASKS] = masks = tuple(hands)
        fields[TRICK_CARDS] = trick = (*fields[TRICK_CARDS], card)
        if info.trump is None:  # where the first lead sets trump
            suit = table.variant.trump.suit_from_lead(card)
            if suit is not None:
                fields[INFO] = info = info._replace(trump=suit)
        players: int = table.players
        if len(trick) < players:
            fields[TO_MOVE] = (seat + 1) % players
            return Next.WAIT
        trump = NO_TRUMP if info.trump is None else info.trump
        tables = called_tables(table.trump_tables, info.call)
        leader: int = fields[LEADER]
        taker = (leader + table.variant.trick.winner(trick, trump, tables)) % players
        fields[DONE_TRICKS] = (*fields[DONE_TRICKS], (leader, trick, taker))
        fields[INFO] = info._replace(call=None)
        fields[TRICK_CARDS] = ()
        fields[TO_MOVE] = fields[LEADER] = taker
        if not masks[taker]:
            return Next.DONE
        fields[PHASE] = Phase.CALLING
        return Next.WAIT
