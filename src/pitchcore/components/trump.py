"""The trump slot: how trump is chosen, and the one place that says what a card *is*.

Every question of effective suit and trick rank goes through the tables built here
(``TrumpTables``), so the jick and any later extra trump live in this module only.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..model.caches import cached
from ..model.cards import (
    ACE,
    DECK_SIZE,
    FIVE,
    HIGH_JOKER,
    JACK,
    LOW_JOKER,
    MAX_CARDS,
    SAME_COLOUR,
    TEN,
    THREE,
    make_card,
    rank_of,
    suit_of,
)
from ..model.moves import TRUMP, Move
from ..model.phase import Phase
from ..model.state import GameState
from .registry import choice, component, slot
from .step import Next, Step
from .wording import sentences

slot("trump", "How the trump suit is chosen, and which extra cards count as trumps.", "named")

NO_TRUMP = 4
"""Index of the tables used while no trump is known."""

ExtraTrump = Callable[[int], tuple[tuple[int, float], ...]]

EXTRA_TRUMPS: dict[str, tuple[str, ExtraTrump]] = {
    # name -> (description, trump suit -> ((card, place among the trumps' ranks), ...))
    "jick": (
        "the other jack of the trump's colour joins trumps between the T and the J",
        lambda trump: ((make_card(JACK, SAME_COLOUR[trump]), JACK - 0.5),),
    ),
    "off-five": (
        "the other five of the trump's colour (Left Pedro) joins trumps between the 5 and the 4",
        lambda trump: ((make_card(FIVE, SAME_COLOUR[trump]), FIVE - 0.5),),
    ),
    "off-ace": (
        "the other ace of the trump's colour joins trumps between the A and the K (Trickster's 11-point Pitch)",
        lambda trump: ((make_card(ACE, SAME_COLOUR[trump]), ACE - 0.5),),
    ),
    "off-three": (
        "the other three of the trump's colour joins trumps between the 3 and the 2 (Trickster's 13-point Pitch)",
        lambda trump: ((make_card(THREE, SAME_COLOUR[trump]), THREE - 0.5),),
    ),
    "joker-low": ("the joker (HJ) is the lowest trump, below the 2", lambda trump: ((HIGH_JOKER, -1),)),
    "joker-middle": ("the joker (HJ) ranks between the J (or the jick) and the T",
                     lambda trump: ((HIGH_JOKER, TEN + 0.4),)),
    "joker-top": ("the joker (HJ) is the highest trump, above the A", lambda trump: ((HIGH_JOKER, ACE + 1),)),
    "jokers": (
        "both jokers rank between the J (or the jick) and the T, the high joker (HJ) above the low (LJ)",
        lambda trump: ((HIGH_JOKER, TEN + 0.4), (LOW_JOKER, TEN + 0.3)),
    ),
}
"""Cards that join trumps. A place is on the rank scale (2 = 0 ... A = 12; x.5 = between):
only the resulting order matters, so the trump suit is re-ranked from these places."""

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

JOKERS = {"joker-low": 1, "joker-middle": 1, "joker-top": 1, "jokers": 2}
"""Jokers each extra needs in the deck."""

JOKER_ORDERS = ("marked", "first-played", "second-played")
"""How the two jokers of the ``jokers`` extra rank against each other, the default first:
by their marks (HJ over LJ), or by play order, the one played first or second higher."""


@attrs.frozen
class TrumpTables:
    """Per trump suit (0-3, and 4 for 'none yet'): effective suit, order and masks."""

    suit: tuple[tuple[int, ...], ...]
    """suit[t][card]: the suit the card belongs to while t is trump."""
    order: tuple[tuple[int, ...], ...]
    """order[t][card]: rank within its effective suit, higher beats lower."""
    trumps: tuple[int, ...]
    """trumps[t]: mask of every trump card while t is trump."""
    suit_masks: tuple[tuple[int, ...], ...]
    """suit_masks[t][s]: mask of the cards of effective suit s (4: no suit) while t is trump."""
    extras: tuple[tuple[int, ...], ...]
    """extras[t]: the extra trump cards (jick, ...) while t is trump."""
    ranked: tuple[tuple[int, ...], ...]
    """ranked[t]: every trump card while t is trump, highest first."""
    natural: tuple[tuple[int, ...], ...] = ()
    """natural[t]: ``ranked[t]`` without the jokers: what High and Low are judged over (a
    joker is never High or Low)."""
    later_ties: bool = False
    """Of two cards of equal power in a trick, whether the later one played takes it (the
    earlier does otherwise). Only jokers ranked by play order share a power: the same rank
    for both, and this says which of them wins a trick they meet in."""
    power: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(init=False, repr=False, eq=False)
    """power[t][led][card]: how strongly the card bids for a trick whose led card has
    effective suit ``led``: a trump above every card of the suit led, a card of neither
    suit -1 (it cannot win). ``suit`` and ``order`` in one lookup, for the trick's winner;
    derived from them, so tables made with ``attrs.evolve`` get their own."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "power", tuple(
            _powers(suit, order, trump) for trump, (suit, order) in enumerate(zip(self.suit, self.order, strict=True))))

    def overtakes(self, strength: int, top: int) -> bool:
        """Whether a card of power ``strength`` takes a trick from an earlier card of power
        ``top`` (powers as ``power`` gives them, or any order that keeps their ties): the one
        comparison the trick rule and the bots' reading of a trick share."""
        return strength > top or (strength == top and self.later_ties)


@cached(64)
def build_tables(extras: tuple[str, ...], deck_size: int = MAX_CARDS,
                 joker_order: str = JOKER_ORDERS[0]) -> TrumpTables:
    """Suits, orders and masks for every trump suit. A card outside the four suits (a
    joker) has suit 4 ("none") until an extra makes it a trump. With ``joker_order`` by
    play (``first-played``, ``second-played``) the two jokers share one rank, and the
    tables say which of two equals takes a trick (``later_ties``).

    Built once per set of extras: every game of a variant shares its (immutable) tables."""
    by_play = joker_order != JOKER_ORDERS[0]
    suits, orders, trump_masks, suit_masks, extra_cards, ranked = [], [], [], [], [], []
    for trump in range(5):
        suit = [card // 13 for card in range(deck_size)]  # jokers: 4, no suit
        order = [2 * rank_of(card) if card < DECK_SIZE else 0 for card in range(deck_size)]
        found: list[int] = []
        if trump != NO_TRUMP:
            places = {make_card(rank, trump): float(rank) for rank in range(13)}
            for name in extras:
                for card, place in EXTRA_TRUMPS[name][1](trump):
                    if card < deck_size:
                        suit[card] = trump
                        places[card] = place
                        found.append(card)
            if by_play and LOW_JOKER in places and HIGH_JOKER in places:
                places[LOW_JOKER] = places[HIGH_JOKER]  # one rank: play order decides
            by_rank = sorted(places, key=places.__getitem__)
            ranks = sorted(set(places.values()))
            for card in by_rank:
                order[card] = 2 * ranks.index(places[card])  # the trump suit's own ranks: 2 = 0 upwards
            ranked.append(tuple(reversed(by_rank)))
        else:
            ranked.append(())
        masks = [0] * 5
        for card in range(deck_size):
            masks[suit[card]] |= 1 << card
        suits.append(tuple(suit))
        orders.append(tuple(order))
        suit_masks.append(tuple(masks))
        trump_masks.append(masks[trump] if trump != NO_TRUMP else 0)
        extra_cards.append(tuple(found))
    natural = tuple(tuple(card for card in cards if card < DECK_SIZE) for cards in ranked)
    return TrumpTables(tuple(suits), tuple(orders), tuple(trump_masks), tuple(suit_masks),
                       tuple(extra_cards), tuple(ranked), natural, joker_order == "second-played")


def _powers(suit: tuple[int, ...], order: tuple[int, ...], trump: int) -> tuple[tuple[int, ...], ...]:
    """``TrumpTables.power[trump]``: per effective suit led, each card's strength in the trick."""
    def strength(card: int, led: int) -> int:
        if suit[card] == trump:
            return 1000 + order[card]
        return order[card] if suit[card] == led else -1

    return tuple(tuple(strength(card, led) for card in range(len(suit))) for led in range(5))


def _extras_field(doc: str) -> tuple[str, ...]:
    return attrs.field(default=(), converter=tuple,
                       metadata={"choices": tuple(EXTRA_TRUMPS), "doc": doc, "list": True})


@attrs.frozen
class TrumpRule(Step):
    extras: tuple[str, ...] = _extras_field("extra trump cards: " + "; ".join(
        f"{name}: {text}" for name, (text, _) in EXTRA_TRUMPS.items()))
    joker_order: str = choice(
        JOKER_ORDERS, JOKER_ORDERS[0],
        "with the jokers extra, which joker ranks higher: marked: the HJ, as marked; "
        "first-played: the one played first in the hand (Minnesota Smear, Whirled's "
        "Seven-Point Pitch); second-played: in a trick holding both, the one played second "
        "(Wikipedia's Smear)")

    def problems(self) -> list[tuple[str, str]]:
        if self.joker_order != JOKER_ORDERS[0] and "jokers" not in self.extras:
            return [("joker_order", f"{self.joker_order} ranks the two jokers of the jokers extra, "
                                    "which extras does not list; add jokers to extras, or use "
                                    "joker_order: marked")]
        return []

    def tables(self) -> TrumpTables:
        return build_tables(self.extras, joker_order=self.joker_order)

    def extras_text(self) -> str:
        """The extra trumps and the order of the jokers, for ``explain`` (nothing: none)."""
        extras = [f"{name}: {EXTRA_TRUMPS[name][0]}" if name in EXTRA_TRUMPS else name for name in self.extras]
        order = {"first-played": "of the two jokers, the one played first in the hand ranks higher",
                 "second-played": "in a trick holding both jokers, the one played second wins it"}
        return sentences(*extras, order.get(self.joker_order, ""))

    def suit_from_lead(self, card: int) -> int | None:
        """The trump set by the first card led, for variants where the lead sets it."""
        return None

    def names_after_lead(self, card: int) -> bool:
        """Whether leading ``card`` first leaves the leader to name trump with a ``trump``
        move before the trick goes on (a joker led where the pitcher names any suit)."""
        return False


@component("trump", "first-lead")
@attrs.frozen
class FirstLead(TrumpRule):
    """The suit of the bidder's first lead is trump; there is no separate announcement."""

    joker_lead: str = choice(
        ("spades", "hearts", "diamonds", "clubs", "named"), "spades",
        "the trump suit when the first card led is a joker (Bicycle's Joker Pitch: spades); "
        "named: the leader names any suit with a trump move straight after leading it "
        "(Dummies' Playing Around with Jokers)")

    def explain(self) -> str:
        """Trump by the first lead, in plain words (``pitchcore explain``)."""
        joker = ""
        if self.joker_lead != "spades" or any(name in JOKERS for name in self.extras):
            joker = "if the first card led is a joker, " + (
                "its leader then names any suit as trump" if self.joker_lead == "named"
                else f"{self.joker_lead} are trump")
        return sentences("the suit of the first card led in the hand is trump; nobody names it beforehand",
                         joker, self.extras_text())

    def suit_from_lead(self, card: int) -> int | None:
        if card < DECK_SIZE:
            return suit_of(card)
        return None if self.joker_lead == "named" else _SUIT_NAMES.index(self.joker_lead)

    def names_after_lead(self, card: int) -> bool:
        return card >= DECK_SIZE and self.joker_lead == "named"


@component("trump", "named")
@attrs.frozen
class Named(TrumpRule):
    """The bidder names trump before any card is played."""

    def explain(self) -> str:
        """Named trump, in plain words (``pitchcore explain``)."""
        return sentences("the bidder names the trump suit before any card is played", self.extras_text())

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        return state.evolve(phase=Phase.NAMING_TRUMP, to_move=state.info.bidder), True

    def legal(self, state: GameState) -> tuple[Move, ...]:
        return TRUMP

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        assert isinstance(move.arg, int)
        return state.evolve(info=state.info._replace(trump=move.arg)), Next.DONE
