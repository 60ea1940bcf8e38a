"""A player for Jacks Trump that follows the "order of control" of the Jacks Trump app's rules.

Those rules rank the cards by how much they control a trick and says when to play or hold
each. This bot turns that table into one estimate per card: what playing it now is likely
to win or give away on this trick, minus what holding it is worth later.

* This trick. A card that would take the trick now keeps it unless a later player beats
  it: with any jack, or (no jack on the table) a card of equal or better rank in the
  called direction. The chance of that is worked out from the unseen cards, so the bot
  counts the jacks played (the rules: "count jacks played during game"); opponents are assumed
  to beat the card when they can with chance ``caution``. Taking a trick wins its points
  and the card's own; losing one hands them to an opponent (weighed by ``spite``).
* Holding. Jacks are worth most kept (the rules: play them "only when needed", when last to
  play with points on the table), then Tens (the 10-point card: "hold until end unless
  ... last to play"), then the cards that control one direction (A K Q for HIGH, 2 3 for
  LOW); the middle ranks 4-9 are waste cards, thrown first when others control the
  trick. What a card is worth kept shrinks as the hand runs out of tricks.
* Calling. As leader the bot weighs every card under HIGH and under LOW and calls the
  direction of its best lead, so a hand strong at the top calls HIGH and one holding
  deuces calls LOW; a jack is led only when nothing else is better.
* Dealing. The dealer deals the most cards it may (a longer round rewards the better
  player), except in the last round while it leads the scores, when it deals the fewest
  (fewer points left to catch it).

It plays only the dealing, calling and playing phases; anything else (a house variant
with an auction, say) is left to a random legal move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..components.card_values import CardValues
from ..components.rounds import Rounds
from ..components.variant import Variant
from ..game.view import PlayerView
from ..model.caches import cached
from ..model.cards import DECK_SIZE, JACK, MAX_CARDS, TEN, cards_in
from ..model.moves import Move
from ..model.phase import Phase
from .knowledge import VARIANTS_KEPT, deck_mask_of, variant_of

DEFAULT_VALUES: tuple[int, ...] = (1, 1, 1, 1, 1, 1, 1, 1, 10, 5, 5, 5, 5)
"""Card points by rank (2 first) when the variant names none: Jacks Trump's."""
JACKS = sum(1 << (suit * 13 + JACK) for suit in range(4))


@cached(VARIANTS_KEPT)
def _values(variant: Variant | None) -> tuple[int, ...]:
    """Points per card index, from the variant's card-values category (Jacks Trump's by default)."""
    table = DEFAULT_VALUES
    if variant is not None:
        found = next((point for point in variant.points if isinstance(point, CardValues)), None)
        if found is not None:
            table = found.table()
    return tuple(table[card % 13] if card < DECK_SIZE else 0 for card in range(MAX_CARDS))  # jokers: 0


def strength(card: int, call: str | None) -> int:
    """Rank in the called direction, higher beats lower (jacks stand outside this order)."""
    rank = card % 13
    return 12 - rank if call == "low" else rank


def beats(card: int, best: int, call: str | None) -> bool:
    """Whether ``card`` played now takes the trick from ``best`` (the card winning it)."""
    if card % 13 == JACK:
        return True
    return best % 13 != JACK and strength(card, call) >= strength(best, call)


def beaters(card: int, call: str | None, unseen: int) -> int:
    """How many unseen cards would take the trick from ``card`` played after it."""
    jacks = (unseen & JACKS).bit_count()
    if card % 13 == JACK:
        return jacks
    mine = strength(card, call)
    return jacks + sum(1 for other in cards_in(unseen & ~JACKS) if strength(other, call) >= mine)


def holds_none(beating: int, unseen: int, hand: int) -> float:
    """Chance that a hand of ``hand`` cards from ``unseen`` has none of ``beating`` of them."""
    chance = 1.0
    for drawn in range(min(hand, unseen)):
        chance *= max(0, unseen - beating - drawn) / (unseen - drawn)
    return chance


def leads(view: PlayerView, cards: list[int]) -> list[int]:
    """The cards worth weighing: a leader keeps its jacks back while it has another card
    (the rules: "don't lead with a Jack unless no other choice")."""
    if view.trick:
        return cards
    return [card for card in cards if card % 13 != JACK] or cards


class JacksBot:
    """Plays Jacks Trump by its rules' order of control; deterministic apart from ties."""

    name = "jacks"

    def __init__(self, variant: Variant | None = None, *, caution: float = 0.6,
                 spite: float | None = None) -> None:
        self.variant = variant
        """The rules, for variants that are not bundled (the view carries only a name)."""
        self.caution = caution
        """How often an opponent that can beat a card is assumed to (1: always)."""
        self.spite = spite
        """Weight of an opponent's points against the bot's own (None: 1 / opponents)."""

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        move: Move | None = None
        if view.phase is Phase.DEALING:
            move = self.deal(view, legal)
        elif view.phase is Phase.CALLING:
            move = self.call(view, legal)
        elif view.phase is Phase.PLAYING:
            move = self.play(view, legal)
        if move is None or move not in legal:
            return legal[rng.randrange(len(legal))]
        return move

    # -- dealing ------------------------------------------------------------------------

    def deal(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        sizes = sorted((move for move in legal if move.kind == "deal" and isinstance(move.arg, int)),
                       key=lambda move: int(move.arg or 0))
        if not sizes:
            return None
        variant = variant_of(view, self.variant)
        ending = variant.going_out if variant is not None else None
        last = isinstance(ending, Rounds) and len(view.hand_results) + 1 >= ending.count(view.players)
        side = view.side_of[view.seat]
        ahead = all(score < view.scores[side] for other, score in enumerate(view.scores) if other != side)
        return sizes[0] if last and ahead else sizes[-1]

    # -- calling and playing --------------------------------------------------------------

    def call(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        """Call the direction of the best lead this hand has."""
        best: tuple[float, str] | None = None
        for move in legal:
            if move.kind != "call" or not isinstance(move.arg, str):
                continue
            hand = leads(view, [card.index for card in view.hand])
            value = max(self.worth(view, card, move.arg) for card in hand)
            if best is None or value > best[0]:
                best = (value, move.arg)
        return None if best is None else Move("call", best[1])

    def play(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        cards = leads(view, [move.arg for move in legal if move.kind == "play" and isinstance(move.arg, int)])
        if not cards:
            return None
        return Move("play", max(cards, key=lambda card: (self.worth(view, card, view.call), -card)))

    def worth(self, view: PlayerView, card: int, call: str | None) -> float:
        """What playing ``card`` now is worth: this trick's expected points, less its value kept."""
        variant = variant_of(view, self.variant)
        values = _values(variant)
        players = view.players
        seat = view.seat
        hand = sum(1 << c.index for c in view.hand)
        played = sum(1 << c.index for _, cards, _ in view.tricks for c in cards)
        played |= sum(1 << c.index for _, c in view.trick)
        unseen_mask = deck_mask_of(variant) & ~hand & ~played
        unseen = unseen_mask.bit_count()
        trick = [c.index for _, c in view.trick]
        later = [(seat + step) % players for step in range(1, players - len(trick))]
        on_table = sum(values[c] for c in trick)
        average = sum(values[c] for c in cards_in(unseen_mask)) / unseen if unseen else 0.0
        pot = on_table + values[card] + 0.7 * average * len(later)
        spite = self.spite if self.spite is not None else 1.0 / max(players - 1, 1)
        best = trick[0] if trick else -1
        for other in trick[1:]:
            if beats(other, best, call):
                best = other
        if trick and not beats(card, best, call):
            chance = 0.0
        else:
            beating = beaters(card, call, unseen_mask)
            chance = 1.0
            for other in later:
                holds = 1.0 - holds_none(beating, unseen, view.hand_sizes[other])
                takes = self.caution * holds + (1.0 - self.caution) * min(1.0, beating / unseen if unseen else 0.0)
                chance *= 1.0 - takes
        now = chance * pot - (1.0 - chance) * spite * pot
        return now - self.kept(card, values, len(view.hand), unseen_mask)

    @staticmethod
    def kept(card: int, values: tuple[int, ...], left: int, unseen: int) -> float:
        """What holding ``card`` for a later trick is worth (the rules' order of control)."""
        if left <= 1:
            return 0.0
        rank = card % 13
        if rank == JACK:
            worth = 6.0 if unseen & JACKS else 9.0  # the last jacks out win wherever they fall
        elif rank == TEN:
            worth = 3.0
        else:
            top = max(rank, 12 - rank)  # A and 2 control one direction each, 6-8 neither
            worth = 0.25 * max(0, top - 7) ** 1.5
        return worth * (1.0 - 1.0 / left) + 0.05 * values[card]
