"""The exchange slot: discarding and refilling hands after trump is known."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from ..cards import cards_in, mask_of, mask_text, shuffled
from ..moves import Move, discard
from ..registry import component, field, slot
from .step import Next, Step

if TYPE_CHECKING:
    from ..state import GameState

slot("exchange", "Discarding and refilling hands once trump is known.", "none")


def _subsets(mask: int, sizes: range) -> list[int]:
    cards = list(cards_in(mask))
    return [mask_of(chosen) for size in sizes for chosen in combinations(cards, size)]


@attrs.frozen
class ExchangeRule(Step):
    def needs_trump(self) -> bool:
        return False

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        from ..state import Phase

        eldest = (state.dealer + 1) % state.table.players
        info = state.info._replace(exchanged=0, discards=(0,) * state.table.players)
        return state.evolve(phase=Phase.DISCARDING, to_move=eldest, info=info), True

    def _record(self, state: GameState, seat: int, thrown: int) -> GameState:
        info = state.info
        masks = list(state.masks)
        masks[seat] &= ~thrown
        discards = list(info.discards)
        discards[seat] |= thrown
        info = info._replace(junk=info.junk + tuple(cards_in(thrown)),
                            discards=tuple(discards), exchanged=info.exchanged + 1)
        return state.evolve(masks=tuple(masks), info=info)


@component("exchange", "none")
@attrs.frozen
class NoExchange(ExchangeRule):
    """Nobody discards; the hands dealt are the hands played."""

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        return state, False


@component("exchange", "discard-refill")
@attrs.frozen
class DiscardRefill(ExchangeRule):
    """Everyone discards all non-trumps, then the dealer refills each hand from the stock, then the junk."""

    keep: int = field(6, "hand size after refilling; also the most trumps a player may keep",
                      minimum=1)

    def needs_trump(self) -> bool:
        return True

    def legal(self, state: GameState) -> tuple[Move, ...]:
        seat = state.to_move
        assert seat is not None
        hand = state.masks[seat]
        trumps = hand & state.table.tables.trumps[state.info.trump or 0]
        others = hand & ~trumps
        extra = trumps.bit_count() - self.keep
        if extra <= 0:
            return (discard(others),)
        return tuple(discard(others | chosen) for chosen in _subsets(trumps, range(extra, extra + 1)))

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        seat = state.to_move
        assert seat is not None and isinstance(move.arg, int)
        state = self._record(state, seat, move.arg)
        players = state.table.players
        if seat != state.dealer:
            return state.evolve(to_move=(seat + 1) % players), Next.WAIT
        return self._refill(state), Next.DONE

    def _refill(self, state: GameState) -> GameState:
        info = state.info
        players = state.table.players
        stock = list(info.stock)
        junk: list[int] = []
        junk_shuffled = False
        masks = list(state.masks)
        for offset in range(1, players + 1):
            seat = (state.dealer + offset) % players
            need = self.keep - masks[seat].bit_count()
            for _ in range(max(need, 0)):
                if not stock and not junk_shuffled:
                    junk = shuffled(sorted(info.junk), f"{state.table.seed}/{state.deal_number}/junk")
                    junk_shuffled = True
                source = stock if stock else junk
                masks[seat] |= 1 << source.pop(0)
        remaining_junk = tuple(junk) if junk_shuffled else info.junk
        info = info._replace(stock=tuple(stock), junk=remaining_junk)
        return state.evolve(masks=tuple(masks), info=info)


@component("exchange", "draw")
@attrs.frozen
class Draw(ExchangeRule):
    """Each player in turn may discard cards and draw as many from the stock; extra cards (a gift) must go."""

    max_discard: int = field(6, "most cards a player may discard beyond the extra ones", minimum=0)

    def sizes(self, state: GameState) -> tuple[int, range]:
        """The mover's hand and how many cards it may discard: the one definition of legality."""
        seat = state.to_move
        assert seat is not None
        hand = state.masks[seat]
        excess = max(hand.bit_count() - state.info.hand_size, 0)
        most = min(excess + self.max_discard, excess + len(state.info.stock), hand.bit_count())
        return hand, range(excess, most + 1)

    def legal(self, state: GameState) -> tuple[Move, ...]:
        hand, sizes = self.sizes(state)
        return tuple(discard(chosen) for chosen in _subsets(hand, sizes))

    def is_legal(self, state: GameState, move: Move) -> bool:
        hand, sizes = self.sizes(state)
        thrown = move.arg
        return (move.kind == "discard" and isinstance(thrown, int) and thrown >= 0
                and thrown & ~hand == 0 and thrown.bit_count() in sizes)

    def why_illegal(self, state: GameState, move: Move) -> str:
        hand, sizes = self.sizes(state)
        if move.kind != "discard":
            return f"{move} is not a discard; it is seat {state.to_move}'s turn to discard and draw"
        assert isinstance(move.arg, int)
        if move.arg & ~hand:
            return f"{mask_text(move.arg & ~hand)} not in seat {state.to_move}'s hand"
        return (f"seat {state.to_move} may discard {sizes.start} to {sizes.stop - 1} cards "
                f"(the stock holds {len(state.info.stock)}), not {move.arg.bit_count()}")

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        seat = state.to_move
        assert seat is not None and isinstance(move.arg, int)
        state = self._record(state, seat, move.arg)
        info = state.info
        draws = info.hand_size - state.masks[seat].bit_count()
        masks = list(state.masks)
        masks[seat] |= mask_of(info.stock[:draws])
        state = state.evolve(masks=tuple(masks), info=info._replace(stock=info.stock[draws:]))
        if seat != state.dealer:
            return state.evolve(to_move=(seat + 1) % state.table.players), Next.WAIT
        return state, Next.DONE
