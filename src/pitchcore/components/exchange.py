"""The exchange slot: discarding and refilling hands after trump is known."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from ..cards import cards_in, mask_of, shuffled
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
        info = attrs.evolve(state.info, exchanged=0, discards=(0,) * state.table.players)
        return state.evolve(phase=Phase.DISCARDING, to_move=eldest, info=info), True

    def _record(self, state: GameState, seat: int, thrown: int) -> GameState:
        info = state.info
        masks = list(state.masks)
        masks[seat] &= ~thrown
        discards = list(info.discards)
        discards[seat] |= thrown
        info = attrs.evolve(info, junk=info.junk + tuple(cards_in(thrown)),
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
        info = attrs.evolve(info, stock=tuple(stock), junk=remaining_junk)
        return state.evolve(masks=tuple(masks), info=info)


@component("exchange", "draw")
@attrs.frozen
class Draw(ExchangeRule):
    """Each player in turn may discard cards and draw as many from the stock; extra cards (a gift) must go."""

    max_discard: int = field(6, "most cards a player may discard beyond the extra ones", minimum=0)

    def legal(self, state: GameState) -> tuple[Move, ...]:
        seat = state.to_move
        assert seat is not None
        hand = state.masks[seat]
        excess = max(hand.bit_count() - state.info.hand_size, 0)
        most = min(excess + self.max_discard, excess + len(state.info.stock), hand.bit_count())
        return tuple(discard(chosen) for chosen in _subsets(hand, range(excess, most + 1)))

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        seat = state.to_move
        assert seat is not None and isinstance(move.arg, int)
        state = self._record(state, seat, move.arg)
        info = state.info
        draws = info.hand_size - state.masks[seat].bit_count()
        masks = list(state.masks)
        masks[seat] |= mask_of(info.stock[:draws])
        state = state.evolve(masks=tuple(masks), info=attrs.evolve(info, stock=info.stock[draws:]))
        if seat != state.dealer:
            return state.evolve(to_move=(seat + 1) % state.table.players), Next.WAIT
        return state, Next.DONE
