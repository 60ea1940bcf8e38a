"""A rule-of-thumb player built from the strategy advice of the High Low Jack and Pitch rule texts.

Bidding values each suit as trump: High from the top trump held (certain with the Ace),
Low from the bottom one (the 2 or 3), the Jack when held with higher trumps beside it (a
lone Jack counts little), and Game from trump length, honours and the Ten. The bid is what
that hand can make ("Ace and a 2 or 3 bid two; Ace-King-2 bid three"); a smudge or moon
only with a hand that cannot miss. The bid's suit is the trump it names (named-trump
variants) or the suit it pitches (first-lead variants).

Card play: lead high trumps early and keep leading masters; play the Jack (or any point
card) on a trick its side will win; never throw a Ten (or another point card) onto an
opponent's winning trick, dump the cheapest card instead; give pips to a partner's
winning trick (pips thrown on an opponent's trick count for their Game).

Exchanges keep trumps and Aces, discard the rest (the bidder of haus-pitch sheds its
three extra cards first). Every choice is checked against ``legal``.

Jacks Trump is not Pitch: its dealing and calling phases, and tricks won by the last jack,
are played by ``JacksBot``. See docs/rules.md for the rules of every bundled variant.
"""

from __future__ import annotations

import math
import random
import types
from collections.abc import Sequence
from typing import Any

import attrs

from ..components.context import CARD_PIPS
from ..components.joker_points import JOKER_CARDS, JokerPoint
from ..components.last_jack import LastJack
from ..components.play import FollowOrTrump
from ..components.points import Game, High, Jack, Jick, Low, OffAce, OffFive, OffThree, TrumpCard
from ..components.shoot import AllPointsAndTricks, Shoot
from ..components.slots import TrickRule
from ..components.trick import HighestTrump
from ..components.trump import NO_TRUMP, Named, TrumpTables
from ..components.variant import Variant
from ..game.view import PlayerView
from ..model.caches import cached
from ..model.cards import (
    ACE,
    DECK_SIZE,
    FIVE,
    FULL_DECK,
    JACK,
    KING,
    QUEEN,
    SAME_COLOUR,
    SUITS,
    TEN,
    THREE,
    cards_in,
    make_card,
)
from ..model.fields import DONE_TRICKS, INFO, MASKS, STATE_SIZE, TABLE, TO_MOVE, TRICK_CARDS, HandInfo
from ..model.moves import BEG, GIVE, PASS, REDEAL, RUN, STAND, Move
from ..model.phase import Phase
from .jacks import JacksBot
from .knowledge import (
    VARIANTS_KEPT,
    Knowledge,
    allows_reneges,
    cached_tables,
    deck_size_of,
    knowledge_of,
    variant_of,
    widow_each,
    widow_extra,
)

PIP = CARD_PIPS
"""Game pips per card index (a joker has none): the point categories' own count."""


@attrs.frozen
class RulesInfo:
    """The facts of a variant the heuristics need, read once per variant."""

    tables: TrumpTables
    named_trump: bool
    first_lead_trump: bool
    partners: bool
    """Seats play in partnerships when their number is even (``sides`` is not cutthroat)."""
    high: float
    """Worth of the High category (0: none)."""
    low: float
    low_to_holder: bool
    jack: float
    jick: float
    trump_cards: tuple[tuple[int, float], ...]
    """(rank, worth) of single trump cards that score (Ten-point's ten)."""
    game: float
    total: int
    shoot_bid: int | str | None
    shoot_all_tricks: bool
    play_size: int
    """Cards each hand holds when play begins."""
    gift: int
    jokers: tuple[tuple[int, float], ...] = ()
    """(card, worth) of the jokers that score (Joker Pitch's joker)."""
    deck_size: int = DECK_SIZE
    off_cards: tuple[tuple[int, float], ...] = ()
    """(rank, worth) of the other-colour cards that score (off-five, off-ace, off-three)."""
    trick: TrickRule = attrs.field(factory=HighestTrump)
    """The variant's trick rule: which card of a trick wins it."""

    def point_card_worth(self, card: int, trump: int) -> float:
        """Points a trump card scores for its capturer (Jack, jick, Ten-point's ten)."""
        worth = 0.0
        if self.jack and card == make_card(JACK, trump):
            worth += self.jack
        if self.jick and card == make_card(JACK, SAME_COLOUR[trump]):
            worth += self.jick
        for rank, value in self.trump_cards:
            if card == make_card(rank, trump):
                worth += value
        for joker, value in self.jokers:
            if card == joker:
                worth += value
        for rank, value in self.off_cards:
            if card == make_card(rank, SAME_COLOUR[trump]):
                worth += value
        return worth


@cached(VARIANTS_KEPT)
def _rules(variant: Variant | None) -> RulesInfo:
    if variant is None:
        return RulesInfo(cached_tables(None), False, False, False, 1, 1, True, 1, 0, (), 1, 4,
                         4, False, 6, 0)
    high = low = jack = jick = game = 0.0
    low_to_holder = True
    trump_cards: list[tuple[int, float]] = []
    jokers: list[tuple[int, float]] = []
    off_cards: list[tuple[int, float]] = []
    for point in variant.points:
        if isinstance(point, High):
            high = point.value
        elif isinstance(point, Low):
            low, low_to_holder = point.value, point.receiver == "holder"
        elif isinstance(point, Jack):
            jack = point.value
        elif isinstance(point, Jick):
            jick = point.value
        elif isinstance(point, TrumpCard):
            trump_cards.append(("23456789TJQKA".index(point.rank), point.value))
        elif isinstance(point, JokerPoint):
            jokers.append((JOKER_CARDS[point.joker], point.value))
        elif isinstance(point, OffFive | OffAce | OffThree):
            off_cards.append(({OffFive: FIVE, OffAce: ACE, OffThree: THREE}[type(point)], point.value))
        elif isinstance(point, Game):
            game = point.value
    shoot = variant.shoot
    keep = getattr(variant.exchange, "keep", None)
    return RulesInfo(
        tables=cached_tables(variant), named_trump=isinstance(variant.trump, Named),
        first_lead_trump=isinstance(variant.play, FollowOrTrump) and variant.play.first_lead == "trump",
        partners=variant.deal.sides != "cutthroat", high=high, low=low,
        low_to_holder=low_to_holder, jack=jack, jick=jick, trump_cards=tuple(trump_cards),
        game=game, total=sum(point.most() for point in variant.points),
        shoot_bid=shoot.bid if isinstance(shoot, Shoot) else None,
        shoot_all_tricks=isinstance(shoot, AllPointsAndTricks),
        play_size=int(keep) if isinstance(keep, int) else variant.deal.hand_size + widow_each(variant),
        gift=widow_extra(variant), jokers=tuple(jokers), deck_size=deck_size_of(variant),
        off_cards=tuple(off_cards), trick=variant.trick)


def rules_info(variant: Variant | None) -> RulesInfo:
    return _rules(variant)


def _count(mask: int) -> int:
    return mask.bit_count()


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# -- bidding ------------------------------------------------------------------------------


def suit_value(hand: int, suit: int, rules: RulesInfo, players: int, *, bidder_gift: int = 0) -> float:
    """Expected points the hand takes with ``suit`` as trump (a rough estimate, not a proof)."""
    tables = rules.tables
    trumps = tables.trumps[suit]
    order = tables.order[suit]
    mine = sorted(cards_in(hand & trumps), key=order.__getitem__, reverse=True)[: rules.play_size]
    if not mine:
        return 0.0
    unknown = rules.deck_size - _count(hand)
    in_play = (players - 1) * rules.play_size
    p = min(1.0, in_play / max(unknown, 1))
    """Chance that a given unseen card is in another player's hand this hand."""
    unseen = trumps & ~hand
    natural = [card for card in mine if card < DECK_SIZE]  # High and Low: never a joker
    natural_unseen = list(cards_in(unseen & FULL_DECK))
    if natural:
        top, bottom = order[natural[0]], order[natural[-1]]
        higher = sum(1 for card in natural_unseen if order[card] > top)
        lower = sum(1 for card in natural_unseen if order[card] < bottom)
        high, low = (1 - p) ** higher, (1 - p) ** lower
    else:
        lower, high, low = len(natural_unseen), 0.0, 0.0
    honours = sum(1 for card in mine if card % 13 in (ACE, KING, QUEEN) and card // 13 == suit)
    length = len(mine)
    value = 0.0
    value += rules.high * high
    if rules.low:
        if rules.low_to_holder:
            value += rules.low * low
        else:
            value += rules.low * min(0.8, 0.15 + 0.1 * honours + 0.06 * length
                                     + (0.15 if lower == 0 else 0.0))

    def card_point(card: int, worth: float) -> float:
        if not worth:
            return 0.0
        if hand >> card & 1:
            support = sum(1 for other in mine if order[other] > order[card])
            if length == 1:
                return worth * 0.25
            return worth * min(0.9, 0.4 + 0.2 * support + 0.05 * (length - 1 - support))
        return worth * p * min(0.5, 0.08 + 0.15 * honours)

    value += card_point(make_card(JACK, suit), rules.jack)
    value += card_point(make_card(JACK, SAME_COLOUR[suit]), rules.jick)
    for rank, worth in rules.trump_cards:
        value += card_point(make_card(rank, suit), worth)
    for joker, worth in rules.jokers:
        value += card_point(joker, worth)
    if rules.game:
        partnered = rules.partners and players % 2 == 0
        base = 0.3 if partnered else (0.45 if players <= 2 else 0.3 if players == 3 else 0.15)
        ten = 0.12 if hand >> make_card(TEN, suit) & 1 else 0.0
        aces = sum(1 for card in cards_in(hand & ~trumps) if card % 13 == ACE)
        value += rules.game * min(0.8, base + 0.06 * length + 0.1 * honours + ten + 0.03 * aces)
    value += 0.1 * bidder_gift
    if high < 0.45:
        return value * 0.5  # no control of trumps: bid on strong cards only
    if rules.partners and players % 2 == 0:
        value += 0.25  # a partner's help
    return value


def _set_back_if_passing(view: PlayerView) -> bool:
    """True for the dealer after everyone passed where passing too sets it back the lowest
    bid unplayed (``auction.all_pass: dealer-set-back``): bidding it can only do better."""
    auction = getattr(view.rules, "auction", None)
    return (view.seat == view.dealer and getattr(auction, "all_pass", None) == "dealer-set-back"
            and all(bid is None for _, bid in view.bids))


DRAW_VALUE = 3.5
"""What a card drawn from the stock is worth to ``keep_value``'s scale: below it a card is thrown."""


def keep_value(card: int, trump: int | None, rules: RulesInfo) -> float:
    """What keeping ``card`` through an exchange is worth: a trump by its rank and points
    (the 2 or 3 a little more, hoping to be Low), an off-suit Ace, King or Ten a little;
    every card below ``DRAW_VALUE`` is thrown where a draw can replace it."""
    tables = rules.tables
    if trump is not None and tables.suit[trump][card] == trump:
        value = 10.0 + 0.3 * tables.order[trump][card] + 3.0 * rules.point_card_worth(card, trump)
        if card < DECK_SIZE and card % 13 <= 1 and rules.low:
            value += 2.0  # the 2 or 3 hopes to be Low
        return value
    rank = card % 13
    return {ACE: 5.0, KING: 2.0, TEN: 1.0}.get(rank, 0.05 * rank)


def best_suit(hand: int, rules: RulesInfo, players: int, *, bidder_gift: int = 0) -> tuple[int, float]:
    """The suit the hand is worth most with as trump, and that worth."""
    values = [(suit_value(hand, suit, rules, players, bidder_gift=bidder_gift), suit) for suit in range(4)]
    value, suit = max(values)
    return suit, value


def sure_shoot(hand: int, suit: int, rules: RulesInfo) -> bool:
    """Only a hand that cannot miss shoots (smudge, moon).

    Where the shoot needs every trick: the top trumps, one for every card played. Otherwise
    every trump from the Ace down to the lowest point card (Jack, jick), the lowest trump
    when Low goes to its holder, and at most one card that is not a trump.
    """
    tables = rules.tables
    order = tables.order[suit]
    trumps = tables.trumps[suit]
    ranked = sorted(cards_in(trumps), key=order.__getitem__, reverse=True)
    if rules.shoot_all_tricks:
        return all(hand >> card & 1 for card in ranked[: rules.play_size])
    points = [card for card in ranked if rules.point_card_worth(card, suit)]
    lowest_point = min(points, key=order.__getitem__) if points else ranked[0]
    top = [card for card in ranked if order[card] >= order[lowest_point]]
    if not all(hand >> card & 1 for card in top):
        return False
    natural = [card for card in ranked if card < DECK_SIZE]  # Low is never a joker
    if rules.low and rules.low_to_holder and not hand >> natural[-1] & 1:
        return False
    return _count(hand & trumps) >= rules.play_size - 1


# -- card play ------------------------------------------------------------------------------


class _Table:
    """One decision's facts: the view, its knowledge and the variant's rules."""

    def __init__(self, view: PlayerView, rules: RulesInfo, knowledge: Knowledge) -> None:
        self.view = view
        self.rules = rules
        self.kn = knowledge
        self.players = view.players
        self.seat = view.seat
        self.side = view.side_of[view.seat]
        trump = knowledge.trump
        self.trump = trump
        tables = rules.tables
        self.tables = tables
        t = NO_TRUMP if trump is None else trump
        self.t = t
        self.suit = tables.suit[t]
        self.order = tables.order[t]
        self.trumps = tables.trumps[t]
        self.unseen = knowledge.unknown | knowledge.others_shown | (knowledge.own_discards & ~knowledge.played
                                           if any(knowledge.own_discard_room) else 0)
        self.bidder_side = None if view.bidder is None else view.side_of[view.bidder]

    def power(self, card: int, led: int) -> int:
        suit = self.suit[card]
        if suit == self.trump:
            return 100 + self.order[card]
        return self.order[card] if suit == led else -1

    def is_master(self, card: int) -> bool:
        """No unseen card of its effective suit would take the trick from it, played later
        (a trump is then unbeatable)."""
        suit = self.suit[card]
        order = self.order
        overtakes = self.tables.overtakes
        return not any(overtakes(order[other], order[card])
                       for other in cards_in(self.unseen & self.kn.suit_mask(suit) & ~(1 << card)))

    def worth(self, card: int) -> float:
        """Points the card gives its capturer: pips (as tenths of a Game) and point cards."""
        value = PIP[card] / 10.0
        if self.trump is not None and self.suit[card] == self.trump:
            value += self.rules.point_card_worth(card, self.trump)
            if self.rules.low and not self.rules.low_to_holder and self.is_lowest_trump(card):
                value += self.rules.low
        return value

    def is_lowest_trump(self, card: int) -> bool:
        """Whether ``card`` is Low if it is played now: no unseen natural trump is lower."""
        if card >= DECK_SIZE:
            return False  # a joker is never Low
        order = self.order
        return not any(order[other] < order[card] for other in cards_in(self.unseen & self.trumps & FULL_DECK))

    def keep_cost(self, card: int) -> float:
        """How much it hurts to throw the card away (lower is cheaper to dump)."""
        cost = 3.0 * self.worth(card) + 0.05 * (card % 13)
        if self.trump is not None and self.suit[card] == self.trump:
            cost += 1.5 + 0.1 * self.order[card]
            if self.is_master(card):
                cost += 1.0
        elif self.is_master(card):
            cost += 0.5
        return cost


def within_the_rule(view: PlayerView, variant: Variant, legal: Sequence[Move]) -> Sequence[Move]:
    """The plays of ``legal`` that the follow rule allows, where the variant lets a seat
    renege (``play: {renege: N}`` makes every card in hand legal): the heuristic never
    reneges on purpose. The rule is the play component's own ``playable``, asked of the
    fields of a state holding what the view shows (this seat's hand, the trick, trump)."""
    play = variant.play
    if not isinstance(play, FollowOrTrump):
        return legal
    fields: list[Any] = [None] * STATE_SIZE
    fields[TABLE] = types.SimpleNamespace(trump_tables=cached_tables(variant))
    fields[MASKS] = tuple(sum(1 << card.index for card in view.hand) if seat == view.seat else 0
                          for seat in range(view.players))
    fields[TO_MOVE] = view.seat
    fields[TRICK_CARDS] = tuple(card.index for _, card in view.trick)
    fields[INFO] = HandInfo(dealt=(), trump=None if view.trump is None else SUITS.index(view.trump))
    fields[DONE_TRICKS] = view.tricks
    try:
        allowed = play.playable(fields)
    except (AttributeError, TypeError, IndexError):  # (a plug-in's play that reads more of a state)
        return legal
    kept = [move for move in legal if move.kind != "play" or (isinstance(move.arg, int) and allowed >> move.arg & 1)]
    return kept or legal


class HeuristicBot:
    """Bids and plays by the rule texts' strategy advice; fast, deterministic apart from ties."""

    name = "heuristic"

    def __init__(self, variant: Variant | None = None, *, boldness: float = 0.5) -> None:
        self.variant = variant
        """The rules, for variants that are not bundled (the view carries only a name)."""
        self.boldness = boldness
        """Added to a hand's expected points before rounding down to a bid."""
        self.jacks = JacksBot(variant)
        """Plays the phases and tricks of Jacks Trump, which are not Pitch's."""

    def choose(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        if REDEAL in legal:
            return REDEAL  # a worthless hand: never worth keeping
        if legal[-1].kind == "blind":
            return PASS  # the blind round, before the deal: no cards to judge a bid by
        variant = variant_of(view, self.variant)
        phase = view.phase
        if phase in (Phase.DEALING, Phase.CALLING) or (variant is not None and isinstance(variant.trick, LastJack)):
            return self.jacks.choose(view, legal, rng)  # not Pitch: Jacks Trump's own player
        rules = rules_info(variant)
        move: Move | None = None
        if legal[0].kind == "partner":
            move = self.call_partner(view, legal, rules)
        elif phase is Phase.BIDDING:
            move = self.bid(view, legal, rules)
        elif phase is Phase.NAMING_TRUMP:
            move = self.name_trump(view, legal, rules)
        elif phase is Phase.DISCARDING:
            move = self.discard(view, legal, knowledge_of(view, variant), rules)
        elif phase is Phase.PLAYING:
            if variant is not None and allows_reneges(variant):
                legal = within_the_rule(view, variant, legal)
            move = self.play(view, legal, knowledge_of(view, variant), rules)
        if move is None or move not in legal:
            return legal[rng.randrange(len(legal))]
        return move

    # -- auction -----------------------------------------------------------------------------

    def call_partner(self, view: PlayerView, legal: Sequence[Move], rules: RulesInfo) -> Move | None:
        """Call your partner: the highest card it does not hold of the suit it means to name
        trump, else of its longest suit; failing both, the highest card it may call."""
        hand = _mask([card.index for card in view.hand])
        trump, _ = best_suit(hand, rules, view.players, bidder_gift=rules.gift)
        cards = [int(move.arg) for move in legal if isinstance(move.arg, int) and move.arg < DECK_SIZE]
        longest = max(range(4), key=lambda suit: (hand >> 13 * suit & 0x1FFF).bit_count())
        for suit in (trump, longest):
            own = [card for card in cards if card // 13 == suit]
            if own:
                return Move("partner", max(own))
        return Move("partner", max(cards)) if cards else None

    def bid(self, view: PlayerView, legal: Sequence[Move], rules: RulesInfo) -> Move | None:
        hand = _mask([card.index for card in view.hand])
        _, value = best_suit(hand, rules, view.players, bidder_gift=rules.gift)
        bids = [move for move in legal if move.kind == "bid"]
        numbers = [move for move in bids if isinstance(move.arg, int) and move.arg != rules.shoot_bid]
        shoots = [move for move in bids if move.arg == rules.shoot_bid]
        passing = [move for move in legal if move.kind == "pass"]
        if shoots and any(sure_shoot(hand, trump, rules) for trump in range(4)):
            return shoots[0]
        want = math.floor(value + self.boldness)
        fitting = [move for move in numbers if isinstance(move.arg, int) and move.arg <= want]
        if fitting:
            if view.seat == view.dealer:  # last to bid: the cheapest bid that wins will do
                return min(fitting, key=lambda move: int(move.arg or 0))
            return max(fitting, key=lambda move: int(move.arg or 0))
        if passing and numbers and _set_back_if_passing(view):  # a sure loss: play the lowest bid instead
            return min(numbers, key=lambda move: int(move.arg or 0))
        if passing:
            return passing[0]
        return min(numbers, key=lambda move: int(move.arg or 0)) if numbers else bids[0]

    def name_trump(self, view: PlayerView, legal: Sequence[Move], rules: RulesInfo) -> Move | None:
        hand = _mask([card.index for card in view.hand])
        if view.trump is not None and (STAND in legal or RUN in legal):  # a turned-up trump
            # Keep a trump the hand is worth a point or more in: stand (the eldest) or give
            # the beggar his point (the dealer); else beg, or run the cards for another.
            good = suit_value(hand, SUITS.index(view.trump), rules, view.players) >= 1.0
            if STAND in legal:
                return STAND if good else BEG
            return GIVE if good and GIVE in legal else RUN
        gift = _mask([card.index for card in view.gift])
        basis, _ = best_suit(hand & ~gift, rules, view.players)
        if gift:
            # the bid was based on the hand before the gift; switch only for a much better suit
            after = [(suit_value(hand, suit, rules, view.players), suit) for suit in range(4)]
            best_value, best = max(after)
            if best != basis and best_value >= suit_value(hand, basis, rules, view.players) + 1.0:
                basis = best
        wanted = Move("trump", basis)
        return wanted if wanted in legal else None

    # -- exchange -----------------------------------------------------------------------------

    def discard(self, view: PlayerView, legal: Sequence[Move], knowledge: Knowledge,
                rules: RulesInfo) -> Move | None:
        hand = knowledge.hand
        target = rules.play_size
        trump = knowledge.trump

        def score(move: Move) -> float:
            thrown = int(move.arg or 0)
            kept = hand & ~thrown
            draws = max(0, target - _count(kept))
            return sum(keep_value(card, trump, rules) for card in cards_in(kept)) + draws * DRAW_VALUE

        return max(legal, key=score)

    # -- play ----------------------------------------------------------------------------------

    def play(self, view: PlayerView, legal: Sequence[Move], knowledge: Knowledge,
             rules: RulesInfo) -> Move | None:
        cards = [int(move.arg) for move in legal if move.kind == "play" and isinstance(move.arg, int)]
        if not cards:
            return None
        table = _Table(view, rules, knowledge)
        card = self.follow(view, cards, table) if view.trick else self.lead(view, cards, table)
        return Move("play", card)

    def lead(self, view: PlayerView, cards: list[int], table: _Table) -> int:
        rules = table.rules
        hand = table.kn.hand
        if table.trump is None:
            # pitching: the first lead sets trump; lead from the suit the bid was based on
            suit, _ = best_suit(hand, rules, view.players)
            mine = [card for card in cards if card // 13 == suit] or cards
            return self._pitch(mine, suit)
        order = table.order
        trumps = [card for card in cards if table.suit[card] == table.trump]
        others = [card for card in cards if table.suit[card] != table.trump]
        our_bid = table.bidder_side == table.side
        masters = [card for card in trumps if table.is_master(card)]
        unseen_trumps = _count(table.unseen & table.trumps)
        if masters and (unseen_trumps or not others):
            # lead masters while trumps are out: they win and pull the others' trumps
            return max(masters, key=order.__getitem__)
        if trumps and our_bid and unseen_trumps and len(trumps) >= 2:
            plain = [card for card in trumps if table.worth(card) == 0] or trumps
            return min(plain, key=order.__getitem__)
        if others:
            sure = [card for card in others if table.is_master(card) and not unseen_trumps]
            if sure:
                return max(sure, key=lambda card: table.worth(card))
            aces = [card for card in others if table.is_master(card) and card % 13 == ACE]
            if aces and not our_bid:
                return aces[0]
            return min(others, key=table.keep_cost)
        return min(cards, key=table.keep_cost)

    def _pitch(self, cards: list[int], suit: int) -> int:
        """First lead of the hand: the top trump, keeping a Jack back if it is not on top."""
        ranked = sorted(cards, key=lambda card: card % 13, reverse=True)
        top = ranked[0]
        if top % 13 == JACK and len(ranked) > 1 and top // 13 == suit:
            return ranked[-1]
        if top % 13 == TEN and len(ranked) > 1:
            return ranked[1] if ranked[1] % 13 > TEN else ranked[-1]
        return top

    def follow(self, view: PlayerView, cards: list[int], table: _Table) -> int:
        trick = [card.index for _, card in view.trick]
        led = table.suit[trick[0]]
        powers = [table.power(card, led) for card in trick]
        best = table.rules.trick.winner(tuple(trick), table.t, table.tables)  # the engine's rule
        winner_seat = view.trick[best][0]
        best_power = powers[best]
        last = len(trick) == view.players - 1
        partner_winning = view.side_of[winner_seat] == table.side
        value = sum(table.worth(card) for card in trick)

        def holds(card: int) -> bool:
            """Once played, does the card keep the trick against the players still to come?"""
            if last:
                return True
            if table.suit[card] == table.trump:
                return table.is_master(card)
            return table.is_master(card) and not _count(table.unseen & table.trumps)

        if partner_winning and (last or holds(trick[best])):
            # the trick is ours: give it pips and point cards (the Jack, a Ten)
            gifts = [card for card in cards
                     if not table.tables.overtakes(table.power(card, led), best_power) or table.worth(card) > 0]
            if gifts:
                card = max(gifts, key=lambda c: table.worth(c) - 0.2 * (table.suit[c] == table.trump
                                                                          and table.is_master(c)))
                if table.worth(card) > 0:
                    return card
            return min(cards, key=table.keep_cost)
        winners = [card for card in cards if table.tables.overtakes(table.power(card, led), best_power)]
        safe = [card for card in winners if holds(card)]
        if safe:
            # win with a point card if it is safe (protect the Jack), else the cheapest winner
            scoring = [card for card in safe if table.worth(card) >= 1]
            if scoring:
                return max(scoring, key=table.worth)
            cheapest = min(safe, key=table.keep_cost)
            worth_it = value > 0 or table.bidder_side == table.side or table.keep_cost(cheapest) < 3
            if worth_it:
                return cheapest
        elif winners and value >= 0.5:
            cheap = [card for card in winners if table.worth(card) < 0.5]
            if cheap:
                return max(cheap, key=lambda card: table.power(card, led))
        return min(cards, key=table.keep_cost)
