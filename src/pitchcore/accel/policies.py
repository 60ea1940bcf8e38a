"""Playout policies: how a playout picks moves when it is not purely random.

The greedy rule lives here once: ``fast.Greedy`` plays it in Python, ``bots.search``
plays its playouts with it, and the compiled kernel carries a transcription of it
(``_kernel.c``, ``greedy_card``), which the kernel's tests compare card by card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..components.context import CARD_PIPS as _PIP
from ..model.cards import cards_in
from ..model.moves import Move
from ..model.state import GameState


def rollout_move(state: GameState, legal: Sequence[Move], rng: random.Random, greedy: float) -> Move:
    """The playout policy: with chance ``greedy`` a simple rule, else a random legal move.

    The rule sees the whole (sampled) deal. A leader leads its highest trump when no other
    hand holds a higher one, else its least valuable card. A follower whose side already
    holds the trick against every card still to come gives it its richest card in pips; one
    that can take the trick does so with the lowest card that nobody after it can beat (or,
    when the trick holds pips or a trump, its lowest winning card); otherwise it plays its
    least valuable card.
    """
    if len(legal) == 1 or rng.random() >= greedy:
        return legal[rng.randrange(len(legal))]
    info = state.info
    trump = info.trump
    if trump is None:
        return legal[rng.randrange(len(legal))]
    table = state.table
    tables = table.trump_tables
    suit, order = tables.suit[trump], tables.order[trump]
    overtakes = tables.overtakes  # the trick rule's comparison: jokers by play order tie
    trump_mask = tables.trumps[trump]
    cards = [move.arg for move in legal if isinstance(move.arg, int)]
    trick = state.trick_cards
    masks = state.masks
    seat = state.to_move or 0
    players = table.players

    def cost(card: int) -> int:
        return _PIP[card] * 4 + (30 + order[card] if suit[card] == trump else order[card])

    if not trick:
        others = 0
        for other, mask in enumerate(masks):
            if other != seat:
                others |= mask
        trumps = [card for card in cards if suit[card] == trump]
        if trumps:
            top = max(trumps, key=order.__getitem__)
            if not any(overtakes(order[card], order[top]) for card in cards_in(others & trump_mask)):
                return Move("play", top)
        return Move("play", min(cards, key=cost))
    led = suit[trick[0]]

    def power(card: int) -> int:
        s = suit[card]
        return 100 + order[card] if s == trump else (order[card] if s == led else -1)

    best_position = table.variant.trick.winner(trick, trump, tables)  # the engine's rule
    best = power(trick[best_position])
    later = 0
    for step in range(1, players - len(trick)):
        later |= masks[(seat + step) % players]
    later &= trump_mask | tables.suit_masks[trump][led]  # any other card's power is -1
    later_top = max(map(power, cards_in(later)), default=-1)
    side_of = table.side_of
    if side_of[(state.leader + best_position) % players] == side_of[seat] and not overtakes(later_top, best):
        return Move("play", max(cards, key=lambda card: (_PIP[card] - (suit[card] == trump), -order[card])))
    winners = [card for card in cards if overtakes(power(card), best)]
    if winners:
        holding = [card for card in winners if not overtakes(later_top, power(card))]
        if holding:
            return Move("play", min(holding, key=power))
        if any(_PIP[card] for card in trick) or any(suit[card] == trump for card in trick):
            return Move("play", min(winners, key=power))
    return Move("play", min(cards, key=cost))
