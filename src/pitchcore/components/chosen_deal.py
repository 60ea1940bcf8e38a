"""A deal whose size the dealer chooses each hand (Jacks Trump's 3, 5 or 7 cards)."""

from __future__ import annotations

import attrs

from ..model.cards import MAX_CARDS
from ..model.moves import Move
from ..model.phase import Phase
from ..model.state import GameState
from .deal import PacketDeal
from .registry import MOST_CARDS, component, field
from .step import Next
from .trump_misdeal import judged_after_trump
from .wording import listed, sentences


@component("deal", "dealer-chooses")
@attrs.frozen
class DealerChooses(PacketDeal):
    """The dealer chooses each hand's size before dealing (Jacks Trump: 3, 5 or 7), then deals in packets."""

    hand_size: int = field(7, "the most cards the dealer may deal to each seat", minimum=1,
                           maximum=MOST_CARDS)
    min_hand_size: int = field(3, "the fewest cards the dealer may deal to each seat", minimum=1,
                               maximum=MOST_CARDS)
    size_step: int = field(2, "the choices go up from min_hand_size in steps of this many cards "
                              "(a step beyond 12 would offer min_hand_size alone)", minimum=1,
                           maximum=MOST_CARDS - 1)
    max_dealt: int = field(45, "the most cards dealt in all: larger choices are not offered", minimum=1,
                           maximum=MAX_CARDS)
    packet: int = field(1, "cards given to a seat at a time", minimum=1, maximum=MOST_CARDS)

    def explain(self) -> str:
        """The deal in plain words (``pitchcore explain``): the dealer's choice of sizes."""
        sizes = [str(size) for size in range(self.min_hand_size, self.hand_size + 1, self.size_step)]
        return sentences(self.table_text(), self.pack_text(),
                         f"before each deal the dealer chooses how many cards each player gets: "
                         f"{listed(sizes, 'or')} (never more than {self.max_dealt} cards dealt in all); "
                         f"they are dealt {self.packet_text(self.min_hand_size)}, clockwise from the dealer's left",
                         self.worthless_text())

    def sizes(self, players: int) -> tuple[int, ...]:
        """The hand sizes the dealer may choose at a table of ``players``."""
        most = min(self.max_dealt, len(self.deck_cards()))
        return tuple(size for size in range(self.min_hand_size, self.hand_size + 1, self.size_step)
                     if size * players <= most)

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        return self.sizes(players)

    def problems(self) -> list[tuple[str, str]]:
        # PacketDeal's deck check is for a fixed size; here only the smallest choice must fit.
        found = [(key, message) for key, message in super().problems() if key != "hand_size"]
        if self.worthless_hand == "demand" and not judged_after_trump(self):
            found.append(("worthless_hand", "demand asks each seat before the bidding, but "
                          "here the dealer chooses the deal's size; use play or redeal (or "
                          "worthless: no-trump, which asks after the exchange)"))
        if self.min_hand_size > self.hand_size:
            found.append(("min_hand_size", f"must be at most hand_size ({self.hand_size}), "
                                           f"got {self.min_hand_size}"))
        elif not self.sizes(self.max_players):
            most = min(self.max_dealt, len(self.deck_cards()))
            fits = most // self.max_players
            dealt = self.min_hand_size * self.max_players
            fix = (f"use min_hand_size: {fits} or less, or lower max_players" if fits
                   else f"raise max_dealt to {dealt} or more")  # not a card each: players can't help
            found.append(("min_hand_size", f"{self.min_hand_size} cards to each of {self.max_players} "
                          f"players is {dealt} cards, more than the {most} that may be dealt "
                          f"(max_dealt); {fix}"))
        return found

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        return state.evolve(phase=Phase.DEALING, to_move=state.dealer), True

    def legal(self, state: GameState) -> tuple[Move, ...]:
        return tuple(Move("deal", size) for size in self.sizes(state.table.players))

    def why_illegal(self, state: GameState, move: Move) -> str:
        choices = ", ".join(str(size) for size in self.sizes(state.table.players))
        if move.kind != "deal":
            return f"{move} is not a deal; the dealer first chooses how many cards to deal (deal {choices})"
        return (f"the dealer may deal {choices} cards to each seat (at most {self.max_dealt} "
                f"cards in all), not {move.arg}")

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        assert isinstance(move.arg, int)
        state = self.deal_out(state, move.arg)
        # worthless_hand: redeal throws the deal in; the same dealer chooses and deals again
        return state, (Next.REDEAL if self.thrown_in(state) else Next.DONE)
