"""Hypothesis random games over every bundled variant and over random valid variants.

Each state of a random game is checked against invariants the rules promise, and each
finished hand against an independent re-computation of its awards and score changes.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from math import comb

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pitchcore as pc
from conftest import BUNDLED, GAMES, MAX_HANDS, TRUMP_HOUSE, card_locations, choose_move, play_random, random_game
from pitchcore.components.exchange import point_trumps
from pitchcore.components.registry import MOST_CARDS
from pitchcore.components.variant import Variant, component_dict
from pitchcore.model.cards import JACK, PIPS, cards_in, parse_card
from pitchcore.model.fields import SCORES
from pitchcore.model.moves import BEG, GIVE, PASS, RUN, STAND
from pitchcore.model.moves import KINDS as MOVE_KINDS
from pitchcore.model.state import GameState, Phase

SEEDS = st.integers(0, 2**32 - 1)
ILLEGAL_TEXTS = ("bid 99", "bid -1", "bid 0", "bid moonshot", "deal 99", "call high")
"""Moves that parse but that no state of a Pitch variant allows."""
INVALID_TEXTS = ("trump X", "call sideways", "play 10X", "bid", "")
DECK_CARDS = {"standard": range(52), "joker": range(53), "two-jokers": range(54),
              "piquet": [card for card in range(52) if card % 13 >= 5]}
"""Cards per deck: the 52, then the high joker (card 52, HJ) and the low joker (53, LJ); the
piquet pack is the 7s and up of the 52 (index % 13 is the rank, 0 for a 2, 5 for a 7)."""
HJ, LJ = 52, 53
LOW_CARDS = sum(1 << card for card in range(52) if card % 13 < 8)
"""The 2s to 9s: a hand of these only is worthless (a coke hand)."""


def deck_of(variant: Variant) -> int:
    return len(DECK_CARDS[variant.deal.deck])  # type: ignore[attr-defined]


def cards_of_deck(variant: Variant) -> set[int]:
    return set(DECK_CARDS[variant.deal.deck])  # type: ignore[attr-defined]


def pip(card: int) -> int:
    """Game pips: T=10, A=4, K=3, Q=2, J=1; a joker has none."""
    return PIPS.get(card % 13, 0) if card < 52 else 0


# -- an independent model of the rules --------------------------------------------------


def kind(component: object) -> str:
    return str(component.kind)  # type: ignore[attr-defined]


class Model:
    """The card rules of one variant, written out again independently of the engine."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.jick = "jick" in variant.trump.extras
        self.off_five = "off-five" in variant.trump.extras
        """The Left Pedro: the other five of the trump's colour, between the 5 and the 4 (Cinch)."""
        self.off_ace = "off-ace" in variant.trump.extras
        """The other ace of the trump's colour, between the A and the K (Trickster's 11-point)."""
        self.off_three = "off-three" in variant.trump.extras
        """The other three of the trump's colour, between the 3 and the 2 (Trickster's 13-point)."""
        self.joker_order = getattr(variant.trump, "joker_order", "marked")
        """marked: HJ over LJ; first-played / second-played: in a trick with both, that one wins."""
        self.any_card = kind(variant.play) == "call-then-any"
        """Each trick's leader calls high or low, then any card may be played (seed 003)."""
        self.last_jack = kind(variant.trick) == "last-jack"
        self.follow = getattr(variant.play, "follow", "trump-anytime")
        """trump-anytime (P2), strict (trump only when void), trump-only (only trumps, ever)."""
        self.deck = deck_of(variant)
        extras = variant.trump.extras
        self.jokers_below = [HJ] if "joker-low" in extras else []
        """Jokers below the 2 of trumps (Joker Pitch)."""
        self.jokers_middle = [LJ, HJ] if "jokers" in extras else [HJ] if "joker-middle" in extras else []
        """Jokers between the T and the jick or J, lowest first (Ten-point Pitch: LJ, then HJ)."""
        self.jokers_above = [HJ] if "joker-top" in extras else []
        """Jokers above the A."""
        self.calls_partner = getattr(variant.auction, "partner", "none") == "called-card"
        self.turn_up = kind(variant.trump) == "turn-up"
        """Seven-Up: the card after the deal is turned for trump; the eldest stands or begs."""
        """Call your partner: after the auction the bidder names a card it does not hold."""

    def teams(self, state: GameState) -> tuple[int, ...] | None:
        """Call your partner: the team of each seat once the bidder has called its card (0:
        the bidder and the called card's holder, if anybody holds it; 1: every other seat),
        else None (the hand is judged by the table's sides)."""
        info = state.info
        if info.called is None:
            return None
        assert self.calls_partner and info.bidder is not None
        return tuple(0 if seat in (info.bidder, info.partner) else 1 for seat in range(state.players))

    def judged_by(self, state: GameState) -> tuple[tuple[int, ...], int]:
        """Who a hand is judged between: a group per seat and how many groups there are
        (the table's sides, or the two teams of a called partner)."""
        teams = self.teams(state)
        return (state.table.side_of, state.table.sides) if teams is None else (teams, 2)

    def reported(self, state: GameState, group: int | None) -> int | None:
        """The side a group's award is reported as: a side as itself; team 0 as the bidder's
        side, team 1 as the side of the first defender clockwise from the bidder."""
        teams = self.teams(state)
        if teams is None or group is None:
            return group
        bidder = state.info.bidder
        assert bidder is not None
        players = state.players
        seat = bidder if group == 0 else next(
            (bidder + step) % players for step in range(1, players) if teams[(bidder + step) % players] == 1)
        return state.table.side_of[seat]

    def hand_sizes(self, players: int) -> list[int]:
        """The sizes a dealer may choose: every step from the least to the most, never
        more than ``max_dealt`` cards in all (seed 003: 3, 5 or 7, at most 45 cards)."""
        deal = self.variant.deal
        return [size for size in range(deal.min_hand_size, deal.hand_size + 1, deal.size_step)  # type: ignore[attr-defined]
                if size * players <= min(deal.max_dealt, self.deck)]  # type: ignore[attr-defined]

    def off_five_card(self, trump: int) -> int:
        return {0: 3, 1: 2, 2: 1, 3: 0}[trump] * 13 + 3  # (the 5 is rank 3: 2 3 4 5)

    def off_card(self, trump: int, rank: int) -> int:
        """The card of ``rank`` (0: the 2 ... 12: the A) of the other suit of the trump's colour."""
        return {0: 3, 1: 2, 2: 1, 3: 0}[trump] * 13 + rank

    def off_cards(self, trump: int) -> list[int]:
        """The other-colour cards that are trumps (off-five, off-ace, off-three)."""
        return ([self.off_five_card(trump)] if self.off_five else []) + \
            ([self.off_card(trump, 12)] if self.off_ace else []) + ([self.off_card(trump, 1)] if self.off_three else [])

    def jick_card(self, trump: int) -> int:
        return {0: 3, 1: 2, 2: 1, 3: 0}[trump] * 13 + JACK

    def trump_order(self, trump: int) -> list[int]:
        """Trumps from lowest to highest."""
        order = self.jokers_below + [trump * 13 + rank for rank in range(JACK)] + self.jokers_middle
        if self.off_five:  # just below the 5 of trumps
            order.insert(order.index(trump * 13 + 3), self.off_five_card(trump))
        if self.off_three:  # just below the 3 of trumps
            order.insert(order.index(trump * 13 + 1), self.off_card(trump, 1))
        if self.jick:
            order.append(self.jick_card(trump))
        order += [trump * 13 + rank for rank in range(JACK, 12)]
        if self.off_ace:  # just below the ace of trumps
            order.append(self.off_card(trump, 12))
        return order + [trump * 13 + 12] + self.jokers_above

    def suit(self, card: int, trump: int | None) -> int:
        if trump is not None and card in self.off_cards(trump):
            return trump
        if trump is not None and self.jick and card == self.jick_card(trump):
            return trump
        if card >= 52:  # a joker: no suit of its own, a trump once trump is known
            return trump if trump is not None else 4
        return card // 13

    def legal_plays(self, state: GameState) -> set[int]:
        hand = set(cards_in(state.masks[state.to_move]))
        trump = state.info.trump
        if trump is None or self.any_card:
            return hand
        trumps = {card for card in hand if self.suit(card, trump) == trump}
        if self.follow == "trump-only":  # a seat with no trump folds: it is never to move
            assert trumps, "a seat out of trumps was asked to play"
            return trumps
        if not state.trick_cards:
            first = not state.done_tricks and self.variant.play.first_lead == "trump"
            return trumps if first and trumps else hand
        led = self.suit(state.trick_cards[0], trump)
        follow = {card for card in hand if self.suit(card, trump) == led}
        if self.follow == "strict":
            return follow or hand
        return follow | trumps if follow else hand

    @staticmethod
    def holder(state: GameState, card: int) -> int:
        """The seat dealt ``card`` for play: it played it (seats out of trumps skip tricks)."""
        return next(seat for seat, held in enumerate(state.info.start) if held >> card & 1)

    def trick_winner(self, cards: tuple[int, ...], trump: int | None, call: str | None = None) -> int:
        """Position of the winning card; a LOW call turns every rank order upside down."""
        low = call == "low"
        if self.last_jack:  # seed 003: the last jack, else the last card of equal or better rank
            jacks = [i for i, card in enumerate(cards) if card % 13 == JACK]
            if jacks:
                return jacks[-1]
            # a joker has no rank of its own: it compares as a 2 (the lowest rank)
            plain = [card % 13 if card < 52 else 0 for card in cards]
            rank = [12 - r if low else r for r in plain]
            best = 0
            for i in range(1, len(cards)):
                if rank[i] >= rank[best]:
                    best = i
            return best
        order = self.trump_order(trump) if trump is not None else []
        if low:
            order = order[::-1]
        trumps = [i for i, card in enumerate(cards) if card in order]
        if self.joker_order != "marked" and HJ in cards and LJ in cards:  # the two meet: play order
            first, second = sorted((cards.index(HJ), cards.index(LJ)))
            if not any(order.index(cards[i]) > order.index(HJ) for i in trumps):
                return first if self.joker_order == "first-played" else second
        if trumps:
            return max(trumps, key=lambda i: order.index(cards[i]))
        led = cards[0] // 13
        return max((i for i, card in enumerate(cards) if card // 13 == led),
                   key=lambda i: 12 - cards[i] % 13 if low else cards[i] % 13)

    def tricks(self, last: GameState, last_card: int) -> list[tuple[int, tuple[int, ...], int]]:
        """Every trick of the hand, from the state before its last card and that card."""
        final = (*last.trick_cards, last_card)
        winner = self.trick_winner(final, last.info.trump, last.info.call)
        return [*last.done_tricks, (last.leader, final, self.holder(last, final[winner]))]

    def card_points(self, point: object, pile: set[int]) -> int:
        """A card-values category's points for a pile of cards: listed ranks, else ``others``."""
        listed = dict(entry.split("=") for entry in point.values)  # type: ignore[attr-defined]
        return sum(int(listed.get("23456789TJQKA"[card % 13], point.others))  # type: ignore[attr-defined]
                   for card in pile if card < 52)  # a joker has no rank, so no card points

    def pips(self, last: GameState, last_card: int) -> list[int]:
        """What the hand's result reports as pips per side: card points where a card-values
        category scores, else Game pips captured."""
        group_of, groups = self.judged_by(last)
        found = [0] * groups
        counted = next((point for point in self.variant.points if kind(point) == "card-values"), None)
        for _, cards, taker in self.tricks(last, last_card):
            side = group_of[taker]
            if counted is not None and counted.receiver == "capturer":  # type: ignore[attr-defined]
                found[side] += self.card_points(counted, set(cards))
            elif counted is None:
                found[side] += sum(pip(card) for card in cards)
        if counted is not None and counted.receiver == "holder":  # type: ignore[attr-defined]
            for seat, hand in enumerate(last.info.start):
                found[group_of[seat]] += self.card_points(counted, set(cards_in(hand)))
        return found

    def awards(self, last: GameState, last_card: int) -> dict[str, int | None]:
        """The hand's awards as ``HandResult.awards`` reports them, from the state before
        its last card and that card."""
        return {name: self.reported(last, group) for name, group in self.judged_awards(last, last_card).items()}

    def judged_awards(self, last: GameState, last_card: int) -> dict[str, int | None]:
        """The group (side, or team of a called partner) each category goes to."""
        info = last.info
        group_of, groups = self.judged_by(last)
        trump = info.trump
        tricks = self.tricks(last, last_card)
        holder = {card: seat for seat, hand in enumerate(info.start) for card in cards_in(hand)}
        capturer = {card: taker for _, cards, taker in tricks for card in cards}
        assert set(capturer) <= set(holder)
        if self.follow != "trump-only":  # (there, non-trumps may stay unplayed)
            assert set(holder) == set(capturer)
        side = group_of
        in_play_trumps = [card for card in self.trump_order(trump) if card in holder] if trump is not None else []
        natural = [card for card in in_play_trumps if card < 52]  # High and Low are never a joker
        bidder_side = side[info.bidder] if info.bidder is not None else None
        found: dict[str, int | None] = {}
        for point in self.variant.points:
            kind = point.kind  # type: ignore[attr-defined]
            if kind == "card-values":  # reported for the side with the most (a tie: nobody)
                counts = self.pips(last, last_card)
                leaders = [s for s, count in enumerate(counts) if count == max(counts)]
                found[point.name] = leaders[0] if len(leaders) == 1 and max(counts) else None
                continue
            if kind == "game":
                pips = [0] * groups
                for card, seat in capturer.items():
                    pips[side[seat]] += 2 * pip(card)  # (in half pips)
                leaders = [s for s, p in enumerate(pips) if p == max(pips)]
                if max(pips) and len(leaders) > 1 and point.joker_pips == "half-on-ties":  # type: ignore[attr-defined]
                    for card, seat in capturer.items():
                        if card >= 52:
                            pips[side[seat]] += 1  # a joker: half a pip, among the tied only
                    leaders = [s for s in leaders if pips[s] == max(pips[t] for t in leaders)]
                tie = point.tie  # type: ignore[attr-defined]
                favoured = {"defenders": [s for s in leaders if s != bidder_side],
                            "dealer": [side[last.dealer]] if side[last.dealer] in leaders else [],
                            "eldest": [side[(last.dealer + 1) % len(side)]],
                            "joker-holder": [side[holder[HJ]]] if HJ in holder else []}.get(tie, [])
                favoured = [s for s in favoured if s in leaders]
                if max(pips) == 0:      # no pips captured: there is no Game to win
                    found[point.name] = None
                elif len(leaders) == 1:
                    found[point.name] = leaders[0]
                elif len(favoured) == 1:
                    found[point.name] = favoured[0]
                else:
                    found[point.name] = None
                continue
            if kind == "last-trick":  # the taker of the hand's last trick
                found[point.name] = side[tricks[-1][2]] if tricks else None
                continue
            if kind == "high-spade":  # the highest spade by face, trump or not
                spade = next((3 * 13 + rank for rank in range(12, -1, -1) if 3 * 13 + rank in holder), None)
                who = holder if point.receiver == "holder" else capturer  # type: ignore[attr-defined]
                found[point.name] = side[who[spade]] if spade is not None and spade in who else None
                continue
            if trump is None:  # no trump suit: no trump card to win
                found[point.name] = None
                continue
            card: int | None = {
                "high": natural[-1] if natural else None,
                "low": natural[0] if natural else None,
                "jack": trump * 13 + JACK,
                "jick": self.jick_card(trump),
                "off-five": self.off_five_card(trump),
                "off-ace": self.off_card(trump, 12),
                "off-three": self.off_card(trump, 1),
                "trump-card": trump * 13 + "23456789TJQKA".index(getattr(point, "rank", "T")),
                "joker": HJ if getattr(point, "joker", "high") == "high" else LJ,
            }[kind]
            if card is None or card not in holder:
                found[point.name] = None
            else:
                who = holder if point.receiver == "holder" else capturer  # type: ignore[attr-defined]
                found[point.name] = side[who[card]] if card in who else None
        return found


def expected_delta(variant: Variant, result: pc.HandResult, awards: dict[str, int | None],
                   bidder_side: int, sides: int, bidder_score: int) -> tuple[int, ...]:
    """The score change per group (each side, or each team of a called partner: every seat
    of a team scores the team's change) of a hand that did not end the game (every point
    is scored): ``awards`` by group, ``bidder_score`` the bidder's own score before it."""
    values = {point.name: point.value for point in variant.points}
    total = sum(values.values())
    assert result.bidder is not None
    shoot = variant.shoot
    shooting = result.bid == shoot.bid
    bid_value = result.bid if isinstance(result.bid, int) else total
    defenders_score = variant.settlement.kind == "set-back"  # type: ignore[attr-defined]
    delta = [0] * sides
    for name, side in awards.items():
        if side is not None and side != bidder_side and defenders_score:
            delta[side] += values[name]
    earned = sum(values[n] for n, s in awards.items() if s == bidder_side)
    settlement = variant.settlement
    if result.made:
        made_reward = shoot.made if shooting else "score-earned"  # type: ignore[union-attr]
        if made_reward == "win-game-or-reset":  # the game goes on: the bidder was in the hole
            assert bidder_score < 0
            delta[bidder_side] -= bidder_score  # (a called partner: reset by the bidder's score too)
        else:
            delta[bidder_side] += made_reward if isinstance(made_reward, int) else earned
    else:
        failed = shoot.failed if shooting else "set-back"  # type: ignore[union-attr]
        # what the set is worth (a shoot's own failed points, else the bid times the
        # multiplier), and what of it the bidder loses (nothing with set_costs: nothing)
        worth = -failed if isinstance(failed, int) else bid_value * settlement.set_multiplier
        lost = worth if isinstance(failed, int) or settlement.set_costs == "bid" else 0
        delta[bidder_side] -= lost
        if settlement.set_bidder_points == "kept":  # Smear's option: the points stay, the bid goes
            delta[bidder_side] += earned
        if settlement.set_bid_to == "defenders":  # Cinch: each defending side scores the set too
            for side in range(sides):
                delta[side] += worth if side != bidder_side else 0
    return tuple(delta)


def expected_credits(variant: Variant, model: Model, before: GameState, result: pc.HandResult,
                     judged: dict[str, int | None]) -> tuple[list[tuple[int, int]], int, int, str | None]:
    """A hand's score changes before going out: (side, points) credits in the order the
    going-out rule walks them, the bidder's bonus (a made shoot's points, scored at once),
    its penalty (what it is set back, after the categories) and a shoot's outcome
    (win-game, lose-game or None). ``judged``: each category's group (side, or team of a
    called partner). A called partner's hand is turned into sides: the partner's share of
    the bonus and penalty first, then each team credit to every seat of the team, seats
    clockwise from the bidder."""
    values = {point.name: point.value for point in variant.points}
    settlement, shoot = variant.settlement, variant.shoot
    assert result.bidder is not None
    group_of, groups = model.judged_by(before)
    bidder, bidder_group = result.bidder, group_of[result.bidder]
    made = result.made
    credits = [(group, values[name]) for name, group in judged.items() if group is not None
               and not (group == bidder_group and made is False and settlement.set_bidder_points == "forfeited")
               and not (group != bidder_group and kind(settlement) == "no-junk")]
    bonus = penalty = worth = 0
    outcome = None
    if made is False:
        worth = (result.bid if isinstance(result.bid, int) else sum(values.values())) * settlement.set_multiplier
        penalty = worth if settlement.set_costs == "bid" else 0
    if result.bid == shoot.bid:
        reward = shoot.made if made else shoot.failed  # type: ignore[union-attr]
        if reward == "win-game-or-reset":  # the bidder's own score in the hole: reset to 0 instead
            own = before.scores[before.table.side_of[bidder]]
            reward = "win-game" if own >= 0 else -own
        if reward in ("win-game", "lose-game"):
            outcome = str(reward)
        elif isinstance(reward, int) and made:  # the points instead of the categories' own
            bonus = reward
            credits = [(group, value) for group, value in credits if group != bidder_group]
        elif isinstance(reward, int):
            penalty = worth = -reward
    if made is False and outcome is None and settlement.set_bid_to == "defenders" and worth > 0:
        credits += [((bidder_group + step) % groups, worth) for step in range(1, groups)]
    teams = model.teams(before)
    if teams is None:
        return credits, bonus, penalty, outcome
    side_of, players = before.table.side_of, before.players
    clockwise = [(bidder + step) % players for step in range(players)]
    members = [[side_of[seat] for seat in clockwise if teams[seat] == team] for team in (0, 1)]
    by_side = [(partner, bonus - penalty) for partner in members[0][1:] if bonus != penalty]
    by_side += [(side, value) for team, value in credits for side in members[team]]
    return by_side, bonus, penalty, outcome


def expected_going_out(variant: Variant, model: Model, before: GameState, result: pc.HandResult,
                       judged: dict[str, int | None]) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """The hand's score changes, the winning sides and whether the game is over: the credits
    walked as the variant's ``going_out`` kind says, then ``win_by``, ``lose_at`` and
    ``lose_after_sets``."""
    credits, bonus, penalty, outcome = expected_credits(variant, model, before, result, judged)
    return expected_ending(variant, before, result, credits, bonus, penalty, outcome)


def expected_ending(variant: Variant, before: GameState, result: pc.HandResult,
                    credits: list[tuple[int, int]], bonus: int, penalty: int,
                    outcome: str | None) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """``expected_going_out`` from the hand's credits (an unplayed hand has none)."""
    rule = variant.going_out
    scores = before.scores
    sides = len(scores)
    assert result.bidder is not None
    side_of = before.table.side_of
    bidder = side_of[result.bidder]
    target = getattr(rule, "target", None)
    win_by = getattr(rule, "win_by", None)
    now = list(scores)

    def leads(side: int) -> bool:
        """At the target and, with win_by, that far ahead of every other side."""
        ahead = win_by is None or all(now[side] - now[other] >= win_by for other in range(sides) if other != side)
        return target is not None and now[side] >= target and ahead

    def add(side: int, amount: int) -> bool:
        now[side] += amount
        return leads(side)

    def changes() -> tuple[int, ...]:
        return tuple(n - s for n, s in zip(now, scores, strict=True))

    def best_of(in_order: list[int], totals: list[int]) -> int | None:
        """The first side of ``in_order`` with the highest total."""
        return max(in_order, key=totals.__getitem__, default=None)

    def everything() -> None:
        for side, amount in credits:
            add(side, amount)
        add(bidder, bonus - penalty)

    def highest(shared: bool) -> tuple[int, ...]:
        """Sides at the target with the highest total: the first from the bidder, or all."""
        tied = [side for side in [bidder, *after_bidder] if now[side] == max(now)]
        if target is None or max(now) < target or (win_by is not None and len(tied) > 1):
            return ()
        if win_by is not None and not leads(tied[0]):
            return ()
        return tuple(sorted(tied)) if shared else (tied[0],)

    bid_value = result.bid if isinstance(result.bid, int) else sum(point.value for point in variant.points)
    after_bidder = [(bidder + step) % sides for step in range(1, sides)]
    sale = variant.auction.sale(before.info)
    if sale is not None:  # a sold pitch is paid before the hand is played
        side = side_of[sale[0]]
        if add(side, sale[1]):
            return changes(), (side,), True
    winners: tuple[int, ...] = ()
    over = False
    if outcome == "lose-game":  # nothing more is scored; the best other side wins
        best = best_of(after_bidder, list(scores))
        return changes(), () if best is None else (best,), True
    if outcome == "win-game":
        for side, amount in credits:
            add(side, amount)
        add(bidder, bonus)
        return changes(), (bidder,), True
    match kind(rule):
        case "bidder-first":  # the bidder's side all at once, then the others in award order
            if add(bidder, sum(a for s, a in credits if s == bidder) + bonus - penalty):
                return changes(), (bidder,), True
            for side, amount in credits:
                if side != bidder and add(side, amount):
                    return changes(), (side,), True
        case "award-order" | "bidder-only":  # the bonus, then award order; the set-back last
            earned = 0
            for side, amount in ([(bidder, bonus)] if bonus else []) + credits:
                reached = add(side, amount)
                earned += amount if side == bidder else 0
                if not reached or (side == bidder and result.made is False):
                    continue  # (a set bidder never goes out before its set-back)
                if kind(rule) == "award-order" or (side == bidder and result.made and earned >= bid_value):
                    return changes(), (side,), True
            add(bidder, -penalty)
        case "win-on-bid":  # everything; only a made bid reaching the target wins
            everything()
            if leads(bidder) and result.made:
                winners, over = (bidder,), True
        case "highest-total":  # everything; at the target the highest total wins, a tie from the bidder on
            everything()
            winners = highest(rule.tie == "shared")  # type: ignore[attr-defined]
            over = bool(winners)
        case "bidder-goes-out":  # everything; a bidder at the target wins, else the highest there
            everything()
            winners = (bidder,) if result.made is not False and leads(bidder) else highest(False)
            over = bool(winners)
        case "all-reaching":  # everything; every side at the target wins
            everything()
            winners = tuple(side for side in range(sides) if now[side] >= rule.target)  # type: ignore[attr-defined]
            over = bool(winners)
        case "rounds":  # everything; after the last round the highest total wins, a tie nobody (or all)
            everything()
            rounds = rule.rounds  # type: ignore[attr-defined]
            if len(before.hand_results) + 1 == (before.players if rounds == "per-player" else rounds):
                leaders = tuple(side for side in range(sides) if now[side] == max(now))
                shared = rule.tie == "shared"  # type: ignore[attr-defined]
                winners, over = (leaders if len(leaders) == 1 or shared else ()), True
        case other:
            raise AssertionError(f"no oracle for going_out {other}")
    if not over and win_by is not None:  # a lead at the end of the hand, where the kind lets it win
        leader = max(range(sides), key=now.__getitem__)
        only_bidder = kind(rule) in ("bidder-only", "win-on-bid")
        if leads(leader) and (not only_bidder or (leader == bidder and result.made)):
            winners, over = (leader,), True
    lose_at = getattr(rule, "lose_at", None)
    if not over and lose_at is not None:  # the lowest side (the first from the bidder) at or below it loses
        loser = min([bidder, *after_bidder], key=now.__getitem__)
        if now[loser] <= lose_at:
            others = [(loser + step) % sides for step in range(1, sides)]
            best = best_of([side for side in others if now[side] > lose_at], now)
            winners, over = (() if best is None else (best,)), True
    limit = getattr(rule, "lose_after_sets", None)
    if not over and limit is not None:  # set back ``limit`` times: the lowest such side loses
        sets: Counter[int] = Counter()
        for hand in [*before.hand_results, result]:
            if hand.made is False and hand.bidder is not None:
                sets.update({side_of[seat] for seat in (hand.bidder, hand.partner) if seat is not None})
        lost = [side for side in [bidder, *after_bidder] if sets[side] >= limit]
        if lost:
            loser = min(lost, key=now.__getitem__)
            best = best_of([(loser + step) % sides for step in range(1, sides)], now)
            winners, over = (() if best is None else (best,)), True
    return changes(), winners, over


# -- per-state and per-hand checks -------------------------------------------------------


def thrown_in(state: GameState) -> int:
    """Deals thrown in at once (``worthless_hand: redeal``) before the hand ``state`` is in:
    each was worthless, and the one kept is not."""
    deal = state.table.variant.deal
    if getattr(deal, "worthless_hand", "play") != "redeal" or state.is_over:
        return 0
    assert not any(not mask & ~LOW_CARDS for mask in state.info.dealt)
    count = 0
    while True:
        earlier = start_hand_masks(state, state.deal_number - count - 1)
        if not any(not mask & ~LOW_CARDS for mask in earlier):
            return count
        count += 1


def start_hand_masks(state: GameState, deal_number: int) -> tuple[int, ...]:
    """What deal ``deal_number`` of this game dealt (``worthless_hand: play``'s own deal)."""
    from pitchcore.game.engine import _fresh_hand

    fresh = _fresh_hand(state, state.dealer, deal_number)
    masks: tuple[int, ...] = state.table.variant.deal.deal_out(fresh, state.info.hand_size).masks  # type: ignore[attr-defined]
    return masks


def check_state(state: GameState) -> None:
    found = card_locations(state)
    deck = cards_of_deck(state.table.variant)
    assert len(found) == len(deck) and set(found) == deck, Counter(found).most_common(2)
    assert hash(state) == hash(tuple(state))
    players = state.table.players
    assert len(state.masks) == players
    assert len(state.scores) == state.table.sides
    if state.is_over:
        assert state.to_move is None and state.legal_moves() == ()
        assert state.winner is None or 0 <= state.winner < state.table.sides
        return
    assert state.winner is None
    assert state.to_move is not None and 0 <= state.to_move < players
    moves = state.legal_moves()
    assert moves, f"seat {state.to_move} has no legal move in {state!r}"
    assert len(set(moves)) == len(moves)
    assert all(isinstance(move, pc.Move) for move in moves)
    assert {move.kind for move in moves} <= set(MOVE_KINDS)


def snapshot(state: GameState) -> bytes:
    """Everything ``state`` holds, copied out (its table's variant, players and seed, every
    field, every move of its log), to show that a move offered to it left it as it was.

    A pickle rather than ``pc.dumps``: it holds as much (and each hand's record too) at
    under half the cost. Both grow with the game's moves, and ``check_moves`` takes three
    per checked state, so in long games (St Paul Smear's 25 hands) ``pc.dumps``, which
    spells out every move as text, took most of this module's time."""
    return pickle.dumps(state)


def check_moves(state: GameState, model: Model, rng: random.Random) -> None:
    """Legal moves match the model; a sample of them applies; illegal moves raise."""
    moves = state.legal_moves()
    phase = state.phase
    if phase is Phase.PLAYING:
        assert {move.arg for move in moves} == model.legal_plays(state)
        hand = state.masks[state.to_move]
        outside = [card for card in range(model.deck) if not hand >> card & 1]
        illegal = [pc.Move("play", rng.choice(outside))]
        illegal += [pc.Move("play", c) for c in cards_in(hand) if c not in model.legal_plays(state)]
    elif (phase is Phase.BIDDING and model.calls_partner and state.info.bidder is not None
          and len(state.info.bids) == state.players):
        # call your partner: the single round is over (a bid or pass per seat), the bidder
        # names a card of the deck it does not hold
        assert state.info.called is None and state.info.partner is None
        assert state.to_move == state.info.bidder
        hand = state.masks[state.to_move]
        assert set(moves) == {pc.Move("partner", card) for card in cards_of_deck(model.variant)
                              if not hand >> card & 1}
        illegal = [pc.Move("partner", rng.choice(list(cards_in(hand)))), PASS,
                   pc.Move("bid", state.table.variant.auction.max_bid),
                   pc.Move("play", next(cards_in(hand))), pc.Move("trump", 0)]
    elif phase is Phase.BIDDING:
        check_bids(state)
        illegal = [pc.Move("trump", 0), pc.Move("play", next(cards_in(state.masks[state.to_move])))]
    elif phase is Phase.NAMING_TRUMP and model.turn_up:
        illegal = check_turn_up(state, moves)
    elif phase is Phase.NAMING_TRUMP:  # the bidder, or the leader of a joker to the first trick
        assert len(moves) == 4 and state.to_move == (state.leader if state.trick_cards else state.info.bidder)
        assert not state.trick_cards or (len(state.trick_cards) == 1 and state.trick_cards[0] >= 52)
        illegal = [PASS, pc.Move("bid", state.table.variant.auction.max_bid)]
    elif phase is Phase.DEALING and any(state.masks):  # worthless_hand: demand, seat by seat
        assert state.table.variant.deal.worthless_hand == "demand"  # type: ignore[attr-defined]
        worthless = not state.masks[state.to_move] & ~LOW_CARDS
        assert set(moves) == ({PASS, pc.Move("redeal")} if worthless else {PASS})
        illegal = [pc.Move("call", "high"), pc.Move("bid", 2)] + ([] if worthless else [pc.Move("redeal")])
    elif phase is Phase.DEALING:
        assert state.to_move == state.dealer and not any(state.masks)
        assert set(moves) == {pc.Move("deal", size) for size in model.hand_sizes(state.players)}
        illegal = [pc.Move("deal", size) for size in range(1, 53) if pc.Move("deal", size) not in moves]
        illegal += [PASS, pc.Move("call", "high")]
    elif phase is Phase.CALLING:
        assert set(moves) == {pc.Move("call", "high"), pc.Move("call", "low")}
        assert state.to_move == state.leader and not state.trick_cards and state.info.call is None
        illegal = [pc.Move("play", next(cards_in(state.masks[state.to_move]))), PASS, pc.Move("call", "up")]
    else:
        assert phase is Phase.DISCARDING
        if model.turn_up:  # after a run: one card at a time, back to the cards dealt
            hand = state.masks[state.to_move]
            assert hand.bit_count() > state.info.hand_size
            assert sorted(move.arg for move in moves) == [1 << card for card in cards_in(hand)]
        else:
            check_discards(state, moves)
        hand = state.masks[state.to_move]
        outside = [card for card in range(model.deck) if not hand >> card & 1]
        illegal = [pc.Move("discard", 1 << rng.choice(outside)), PASS]
    illegal += [move for move in map(pc.parse_move, ILLEGAL_TEXTS) if phase is not Phase.CALLING
                or move.kind != "call"]  # (calling is what that phase is for)
    before = snapshot(state)
    for move in illegal:
        assert move not in moves
        with pytest.raises(pc.IllegalMove):
            state.apply(move)
    with pytest.raises(pc.IllegalMove, match=str(illegal[0])):
        state.apply(str(illegal[0]))
    with pytest.raises(pc.InvalidMove):
        state.apply(rng.choice(INVALID_TEXTS))
    assert snapshot(state) == before
    for move in moves if len(moves) <= 10 else rng.sample(moves, 5):
        after = state.apply(move)
        assert after != state
        assert state.apply(str(move)) == after
    assert snapshot(state) == before


def check_turn_up(state: GameState, moves: tuple[pc.Move, ...]) -> list[pc.Move]:
    """Seven-Up: the turned card lies on the stock and is trump; a turned jack (the first, and
    a later one that became trump) scored the dealer's side. The eldest stands or begs; the
    dealer answers with a gift to the other sides (not one that puts a side out) or runs.
    Returns moves that are illegal now."""
    info, table = state.info, state.table
    rules = table.variant.trump
    turned = info.turned
    assert turned and info.stock[0] == turned[-1] and info.trump == turned[-1] // 13
    assert all(card // 13 == turned[0] // 13 for card in turned[1:-1])
    jacks = [card for card in {turned[0], turned[-1]} if card % 13 == JACK]
    dealer_side = table.side_of[state.dealer]
    eldest = (state.dealer + 1) % state.players
    if state.to_move == eldest:
        assert len(turned) == 1
        worth = rules.turned_jack  # type: ignore[attr-defined]
        assert info.paid == (((dealer_side, worth),) * len(jacks) if worth else ())
        assert set(moves) == {STAND, BEG}
        return [GIVE, RUN, PASS]
    assert state.to_move == state.dealer and len(turned) == 1
    gift = rules.gift  # type: ignore[attr-defined]
    receivers = ([side for side in range(table.sides) if side != dealer_side]
                 if rules.gift_to == "others" else [table.side_of[eldest]])  # type: ignore[attr-defined]
    paid = Counter(side for side, _ in info.paid)
    target = table.variant.going_out.target  # type: ignore[attr-defined]
    may_give = all(state.scores[side] + paid[side] + gift < target for side in receivers)
    assert set(moves) == ({GIVE, RUN} if may_give else {RUN})
    return [STAND, BEG, PASS] + ([] if may_give else [GIVE])


def check_bids(state: GameState) -> None:
    auction = state.table.variant.auction
    if kind(auction) in ("sell-out", "sell-out-reraise"):  # turns: test_auction_options,
        # test_pedro_sancho; here: the bids
        bids = {move.arg for move in state.legal_moves() if move.kind == "bid"}
        assert bids <= set(auction.all_values())
        return
    values: list[int | str] = list(range(auction.min_bid, auction.max_bid + 1))
    if auction.top_bid is not None:
        values.append(auction.top_bid)
    bids = [bid for _, bid in state.info.bids if bid is not None]
    high = values.index(bids[-1]) if bids else -1
    assert all(values.index(a) < values.index(b) for a, b in itertools.pairwise(bids))
    dealer = state.to_move == state.dealer
    lowest = high + 1
    shoot = state.table.variant.shoot.bid
    if dealer and auction.dealer_may_take and bids and bids[-1] != shoot:
        lowest = high
    forced = getattr(auction, "forced_bid", None)
    hand = state.masks[state.to_move]
    nine_and_another = any(hand >> (13 * suit + 7) & 1 and (hand >> 13 * suit & 0x1FFF).bit_count() > 1
                           for suit in range(4))
    if forced is not None and nine_and_another and high < values.index(forced):
        lowest = max(lowest, values.index(forced))  # Nine-Five: bid at least the forced bid
        expected = {pc.Move("bid", value) for value in values[lowest:]}
    else:
        expected = {pc.Move("bid", value) for value in values[lowest:]}
        if not (dealer and not bids and auction.all_pass == "dealer-must-bid"):
            expected.add(PASS)
    assert set(state.legal_moves()) == expected


def check_discards(state: GameState, moves: tuple[pc.Move, ...]) -> None:
    exchange = state.table.variant.exchange
    hand = state.masks[state.to_move]
    thrown = [move.arg for move in moves]
    assert all(isinstance(m, int) and m & ~hand == 0 for m in thrown)
    if exchange.kind == "discard-refill":
        trumps = hand & state.table.trump_tables.trumps[state.info.trump]
        held, trumped = hand.bit_count(), trumps.bit_count()
        extra = max(trumped - exchange.keep, 0)
        guarded = trumps & point_trumps(state.table.variant, state.info.trump) if exchange.bury == "non-point" else 0
        if state.info.exchanged >= state.players:  # robbing the pack: one card at a time
            kept = trumps if exchange.trump_discards == "returned" and trumped <= exchange.keep else 0
            allowed = hand & ~kept
            if (allowed & ~guarded).bit_count() >= held - exchange.robber_kept():  # a point card last
                allowed &= ~guarded
            assert sorted(thrown) == [1 << card for card in cards_in(allowed)]
        elif guarded:  # of the discards bury: any allows, those with the fewest point cards for their size
            anyway = [move.arg for move in attrs.evolve(exchange, bury="any").legal(state)]
            fewest: dict[int, int] = {}
            for m in anyway:
                fewest[m.bit_count()] = min(fewest.get(m.bit_count(), 99), (m & guarded).bit_count())
            assert sorted(thrown) == sorted(m for m in anyway if (m & guarded).bit_count() == fewest[m.bit_count()])
        elif exchange.discard == "non-trumps":
            assert len(thrown) == comb(trumped, extra)
            assert all(m & ~trumps == hand & ~trumps and (m & trumps).bit_count() == extra
                       for m in thrown)
        else:  # the player chooses: any number down to keep or below, or exactly down to keep
            least = max(held - exchange.keep, 0)
            most = min(held, least + exchange.up_to) if exchange.discard == "any" else least
            if exchange.trump_discards == "returned":  # no trump goes but those beyond keep
                assert all((m & trumps).bit_count() == extra for m in thrown)
                others = held - trumped
                assert Counter(m.bit_count() for m in thrown) == {
                    extra + count: comb(trumped, extra) * comb(others, count)
                    for count in range(others + 1) if least <= extra + count <= most}
            else:
                assert Counter(m.bit_count() for m in thrown) == {
                    count: comb(held, count) for count in range(least, most + 1)}
    else:
        excess = max(hand.bit_count() - state.info.hand_size, 0)
        most = min(excess + exchange.max_discard, excess + len(state.info.stock), hand.bit_count())
        assert Counter(m.bit_count() for m in thrown) == {
            k: comb(hand.bit_count(), k) for k in range(excess, most + 1)}


def check_hand_result(variant: Variant, state: GameState, model: Model,
                      before: GameState, move: pc.Move) -> None:
    """The hand just scored (its result is the last of ``state.hand_results``)."""
    if kind(variant.auction) == "none":
        check_bidderless_result(variant, state, model, before, move)
        return
    result = state.hand_results[-1]
    if move == PASS:  # everyone passed and the hand was not played
        check_unplayed_result(variant, state, before)
        return
    sides = state.table.sides
    values = {point.name: point.value for point in variant.points}
    assert list(result.awards) == [point.name for point in variant.points]
    assert all(side is None or 0 <= side < sides for side in result.awards.values())
    assert sum(values[n] for n, s in result.awards.items() if s is not None) <= sum(values.values())
    assert len(result.delta) == sides and len(result.game_pips) == sides
    assert result.dealer == before.dealer
    assert result.ended_game == state.is_over
    assert isinstance(move.arg, int)
    side_of = state.table.side_of
    group_of, groups = model.judged_by(before)  # the sides, or the two teams of a called partner
    teams = model.teams(before)
    assert (teams is not None) == (model.calls_partner and result.bidder is not None)
    assert result.partner == (before.info.partner if teams is not None else None)
    played = [card for _, cards, _ in model.tricks(before, move.arg) for card in cards]
    # the hand result keeps every trick, the last one too, and each card's seat
    assert [(leader, tuple(c.index for c in cards), taker) for leader, cards, taker in result.tricks] \
        == model.tricks(before, move.arg)
    assert all(model.holder(before, card.index) == seat for trick in result.tricks for seat, card in trick.plays)
    assert sorted(c.index for hand in result.hands for c in hand) == sorted(played)
    for name, decision in result.decided_by.items():  # a deciding card is a card played, from its seat
        assert decision is None or (result.awards[name] is not None and decision.card.index in played
                                    and model.holder(before, decision.card.index) == decision.seat)
    pips = model.pips(before, move.arg)  # per group; each side reports its group's count
    assert sum(pips) == sum(pip(c) for c in played)  # (trump-only leaves cards unplayed)
    assert list(result.game_pips) == [pips[group_of[side_of.index(side)]] for side in range(sides)]
    assert dict(result.awards) == model.awards(before, move.arg)
    judged = model.judged_awards(before, move.arg)
    assert result.bidder is not None
    bidder_side = side_of[result.bidder]
    bidder_group = group_of[result.bidder]
    earned = sum(values[n] for n, g in judged.items() if g == bidder_group)
    shot = result.bid == variant.shoot.bid
    if shot:
        needed = all(g == bidder_group for g in judged.values())
        if variant.shoot.kind == "all-points-and-tricks":  # type: ignore[union-attr]
            takers = [taker for _, _, taker in model.tricks(before, move.arg)]
            needed = needed and all(group_of[t] == bidder_group for t in takers)
        assert result.made is needed
    else:
        assert result.made == (earned >= result.bid)
    whole = kind(variant.going_out) in ("highest-total", "bidder-goes-out", "all-reaching")  # every point counted
    sold = variant.auction.sale(before.info)  # (a sold pitch reaching the target ends the game unplayed)
    target = getattr(variant.going_out, "target", None)
    sold_out = sold is not None and target is not None and before.scores[side_of[sold[0]]] + sold[1] >= target
    if not result.ended_game or (whole and not shot and not sold_out):
        by_group = expected_delta(variant, result, judged, bidder_group, groups,
                                  before.scores[bidder_side])
        expected = [by_group[group_of[side_of.index(side)]] for side in range(sides)]
        sale = variant.auction.sale(before.info)  # a sold pitch is paid as well (sell-out)
        if sale is not None:
            expected[side_of[sale[0]]] += sale[1]
        assert result.delta == tuple(expected)
    delta, winners, over = expected_going_out(variant, model, before, result, judged)
    assert (result.delta, result.ended_game, state.winners) == (delta, over, winners)
    assert result.winners == winners and state.winner == (winners[0] if len(winners) == 1 else None)
    plain = getattr(variant.going_out, "tie", None) == "bidder" and getattr(variant.going_out, "win_by", 1) is None
    if kind(variant.going_out) == "highest-total" and not shot and plain:  # the higher total, a tie to the bidder
        target = variant.going_out.target  # type: ignore[attr-defined]
        scores = state.scores
        if max(scores) >= target:
            from_bidder = [(bidder_side + step) % sides for step in range(sides)]
            assert state.winner == next(side for side in from_bidder if scores[side] == max(scores))
    gained = sum(d for d in result.delta if d > 0)
    bonus = variant.shoot.made if isinstance(getattr(variant.shoot, "made", None), int) else 0
    if result.made and getattr(variant.shoot, "made", None) == "win-game-or-reset":
        bonus += max(0, -before.scores[bidder_side])  # a side in the hole is reset to 0
    if result.made is False and variant.settlement.set_bid_to == "defenders":
        # each defending group also scores what the bidder is set back: the bid (or a shoot's failed points)
        lost = (result.bid if isinstance(result.bid, int) else sum(values.values())) \
            * variant.settlement.set_multiplier
        failed = getattr(variant.shoot, "failed", None)
        bonus += (groups - 1) * (max(lost, -failed) if isinstance(failed, int) else lost)
    sale = variant.auction.sale(before.info)
    bonus += sale[1] if sale is not None else 0  # a sold pitch pays its bid too
    copies = 1 if teams is None else max(Counter(teams).values())  # a team credit goes to each seat of it
    assert gained <= copies * (sum(values.values()) + bonus)
    check_lose_at(variant, state, bidder_side)


def check_unplayed_result(variant: Variant, state: GameState, before: GameState) -> None:
    """Everyone passed, the dealer too (``all_pass: dealer-set-back``): the dealer is the
    bidder of the lowest bid, set back that much without a card played; nobody else scores."""
    result = state.hand_results[-1]
    auction = variant.auction
    assert auction.all_pass == "dealer-set-back"  # type: ignore[attr-defined]
    assert before.to_move == before.dealer and before.info.high == 0 and before.phase is Phase.BIDDING
    assert (result.bidder, result.bid, result.made) == (before.dealer, auction.min_bid, False)  # type: ignore[attr-defined]
    assert result.partner is None and result.tricks == () and result.dealer == before.dealer
    assert all(side is None for side in result.awards.values()) and not any(result.game_pips)
    delta, winners, over = expected_ending(variant, before, result, [], 0, auction.min_bid, None)  # type: ignore[attr-defined]
    assert (result.delta, result.ended_game, state.winners, result.winners) == (delta, over, winners, winners)
    assert sum(1 for change in result.delta if change) <= 1


def check_lose_at(variant: Variant, state: GameState, bidder_side: int) -> None:
    """A side at or below ``lose_at`` after a hand loses: the highest other side wins (a tie:
    the first clockwise from the loser; the loser is the lowest, the first from the bidder)."""
    lose_at = getattr(variant.going_out, "lose_at", None)
    if lose_at is None:
        return
    scores = state.scores
    if not state.is_over:
        assert min(scores) > lose_at
        return
    target = getattr(variant.going_out, "target", None)
    shot = state.hand_results[-1].bid == variant.shoot.bid
    if min(scores) > lose_at or shot or target is None or max(scores) >= target:
        return  # the game ended otherwise (or may have): the target, a shoot, the last round
    sides = len(scores)
    from_bidder = [(bidder_side + step) % sides for step in range(sides)]
    loser = next(side for side in from_bidder if scores[side] == min(scores))
    others = [(loser + step) % sides for step in range(1, sides)]
    others = [side for side in others if scores[side] > lose_at]
    best = max((scores[side] for side in others), default=None)
    assert state.winner == next((side for side in others if scores[side] == best), None)


def check_bidderless_result(variant: Variant, state: GameState, model: Model,
                            before: GameState, move: pc.Move) -> None:
    """A hand with no auction: every side scores the points it was credited, and a game of
    so many rounds ends after the last with the highest total winning (a tie: nobody)."""
    result = state.hand_results[-1]
    assert (result.bidder, result.bid, result.made) == (None, None, None)
    assert result.dealer == before.dealer and result.ended_game == state.is_over
    assert isinstance(move.arg, int)
    assert dict(result.awards) == model.awards(before, move.arg)
    pips = model.pips(before, move.arg)
    assert list(result.game_pips) == pips
    counted = [point for point in variant.points if kind(point) == "card-values"]
    if counted:
        start = before.info.start
        assert sum(pips) == model.card_points(counted[0], set(cards_in(sum(start))))
    whole = not state.is_over or kind(variant.going_out) == "rounds"  # (a target stops the count)
    if whole and kind(variant.going_out) != "rounds":  # what was paid before play, then the awards
        values = {point.name: point.value for point in variant.points if hasattr(point, "value")}
        expected = [0] * state.table.sides
        for side, amount in before.info.paid:
            expected[side] += amount
        for name, side in result.awards.items():
            if side is not None and name in values:
                expected[side] += values[name]
        if len(values) == len(variant.points):
            assert list(result.delta) == expected
    if whole and [kind(point) for point in variant.points] == ["card-values"]:
        assert list(result.delta) == pips  # the card points are the whole score
    if kind(variant.going_out) == "rounds":
        rounds = variant.going_out.rounds  # type: ignore[attr-defined]
        rounds = state.players if rounds == "per-player" else rounds
        lose_at = variant.going_out.lose_at  # type: ignore[attr-defined]
        lost = lose_at is not None and min(state.scores) <= lose_at
        assert state.is_over == (len(state.hand_results) == rounds or lost)
        if state.is_over and len(state.hand_results) == rounds:
            leaders = [side for side, score in enumerate(state.scores) if score == max(state.scores)]
            assert state.winner == (leaders[0] if len(leaders) == 1 else None)


def play_calling(state: GameState, seed: int, max_hands: int, *,
                 bold: bool = False) -> Iterator[tuple[GameState, pc.Move, GameState]]:
    """``play_random``, but a bidder calling its partner names, 3 times in 4, a card another
    seat holds (a card drawn from the whole deck is mostly one nobody was dealt)."""
    rng = random.Random(seed)
    while not state.is_over and len(state.hand_results) < max_hands:
        move = choose_move(state, rng, bold=bold)
        if move.kind == "partner" and rng.random() < 0.75:
            held = sum(state.masks)
            move = rng.choice([call for call in state.legal_moves() if held >> int(call.arg or 0) & 1] or [move])
        after = state.apply(move)
        yield state, move, after
        state = after


def run_checked_game(variant: Variant, seed: int, *, players: int | None = None,
                     dealer: int = 0, scores: tuple[int, ...] | None = None,
                     max_hands: int = MAX_HANDS, check_every: int = 1,
                     bold: bool = False) -> GameState:
    model = Model(variant)
    rng = random.Random(seed ^ 0x5EED)
    state = pc.new_game(variant, players=players, seed=seed, dealer=dealer, scores=scores)
    start = state.scores
    check_state(state)
    play = play_calling if model.calls_partner else play_random
    call: tuple[int, int | None] | None = None  # this hand's called card and who held it then
    for count, (before, move, after) in enumerate(play(state, seed, max_hands, bold=bold)):
        if count % check_every == 0 or move.kind == "partner":
            check_moves(before, model, rng)
        check_state(after)
        if move.kind == "partner":
            assert model.calls_partner and call is None and before.to_move == before.info.bidder
            assert isinstance(move.arg, int) and not before.masks[before.to_move] >> move.arg & 1
            holder = next((seat for seat, mask in enumerate(before.masks) if mask >> move.arg & 1), None)
            call = (move.arg, holder)  # a card in the stock: nobody, the bidder plays alone
            assert (after.info.called, after.info.partner) == call and after.info.bids == before.info.bids
        elif after.deal_number == before.deal_number and not after.hand_results[len(before.hand_results):]:
            assert (after.info.called, after.info.partner) == (call or (None, None))
        if len(after.done_tricks) > len(before.done_tricks):
            _, cards, taker = after.done_tricks[-1]
            winner = model.trick_winner(cards, after.info.trump, before.info.call)
            assert taker == model.holder(before, cards[winner])
        if len(after.hand_results) > len(before.hand_results):
            assert len(after.hand_results) == len(before.hand_results) + 1
            check_hand_result(variant, after, model, before, move)
            bid = after.hand_results[-1].bidder is not None and move != PASS  # (not an unplayed hand)
            assert (call is not None) == (model.calls_partner and bid)  # every bidder calls, once
            assert after.hand_results[-1].partner == (call[1] if call is not None else None)
            call = None
            if not after.is_over:
                assert after.dealer == (before.dealer + 1) % after.players
                assert after.deal_number == before.deal_number + 1 + thrown_in(after)
        elif move.kind == "redeal":  # worthless_hand: demand: the same dealer deals again
            assert before.phase is Phase.DEALING and not before.masks[before.to_move] & ~LOW_CARDS
            assert (after.dealer, after.deal_number, after.phase) == (before.dealer, before.deal_number + 1,
                                                                      Phase.DEALING)
        elif move == RUN and after.deal_number != before.deal_number:  # the pack ran out: thrown in
            assert (after.dealer, after.deal_number) == (before.dealer, before.deal_number + 1)
        elif after.deal_number != before.deal_number:  # everybody passed: a redeal
            assert variant.auction.all_pass in ("redeal", "pass-deal") and move == PASS
            assert before.to_move == before.dealer and before.info.high == 0
            passed_on = variant.auction.all_pass == "pass-deal"  # the next seat deals
            assert (after.dealer, after.deal_number) == ((before.dealer + passed_on) % after.players,
                                                         before.deal_number + 1 + thrown_in(after))
        else:
            assert after.dealer == before.dealer
        state = after
    sums = [sum(r.delta[side] for r in state.hand_results) for side in range(state.table.sides)]
    assert state.scores == tuple(s + d for s, d in zip(start, sums, strict=True))
    dealers = [r.dealer for r in state.hand_results]
    if getattr(variant.auction, "all_pass", None) != "pass-deal":  # (a thrown-in deal passes on)
        assert all(b == (a + 1) % state.players for a, b in itertools.pairwise(dealers))
    return state


def player_counts(variant: Variant) -> st.SearchStrategy[int]:
    deal = variant.deal
    counts = [n for n in range(deal.min_players, deal.max_players + 1)
              if deal.sides != "partners" or deal.partnered(n)]
    return st.sampled_from(counts)


# -- bundled variants ---------------------------------------------------------------------

HANDS_CHECKED = 18
"""Hands of each random game whose every other move is checked against every invariant: 60%
of uniformly random games of the bundled variants are over by then, 63% by 25 hands (the
rest go on for scores that creep up and down), and test_every_game_ends plays each variant
to its end."""


@pytest.mark.parametrize("name", BUNDLED)
@GAMES
@given(seed=SEEDS, data=st.data())
def test_random_games_keep_every_invariant(name: str, seed: int, data: st.DataObject) -> None:
    variant = pc.load_variant(name)
    players = data.draw(player_counts(variant), label="players")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    bold = data.draw(st.booleans(), label="bold bidding")
    state = run_checked_game(variant, seed, players=players, dealer=dealer, max_hands=HANDS_CHECKED,
                             check_every=2, bold=bold)
    assert state.is_over or len(state.hand_results) == HANDS_CHECKED


@pytest.mark.parametrize("name", TRUMP_HOUSE)
@GAMES
@given(seed=SEEDS, data=st.data())
def test_trump_house_games_keep_every_invariant(name: str, seed: int, data: st.DataObject) -> None:
    """Jokers by play order, off-colour trumps, a joker led to name trump, Game ties and the
    last-trick and high-spade points, against the model."""
    variant = pc.load_variant_text(TRUMP_HOUSE[name], f"{name}.yaml")
    players = data.draw(player_counts(variant), label="players")
    state = run_checked_game(variant, seed, players=players, max_hands=20, check_every=1)
    assert state.is_over or len(state.hand_results) == 20


@pytest.mark.parametrize("name", BUNDLED)
@GAMES
@given(seed=SEEDS)
def test_every_game_ends(name: str, seed: int) -> None:
    """With the default seats and ``choose_move``, every bundled variant's game ends."""
    variant = pc.load_variant(name)
    state = run_checked_game(variant, seed, check_every=7)
    assert state.is_over, f"{name} still running after {MAX_HANDS} hands"
    assert state.winner is None or 0 <= state.winner < state.table.sides
    assert state.hand_results[-1].ended_game
    assert not any(r.ended_game for r in state.hand_results[:-1])
    if variant.shoot.kind != "all-points-and-tricks" and kind(variant.going_out) != "rounds":  # type: ignore[union-attr]
        assert state.winner is not None     # only a lost smudge (or a tie after the last round) leaves nobody


@pytest.mark.parametrize("name", BUNDLED)
@GAMES
@given(seed=SEEDS, data=st.data())
def test_starting_scores_are_kept(name: str, seed: int, data: st.DataObject) -> None:
    variant = pc.load_variant(name)
    players = data.draw(player_counts(variant), label="players")
    sides = len(set(variant.deal.side_table(players)))
    target = getattr(variant.going_out, "target", 30)  # (a game of rounds has none)
    scores = tuple(data.draw(st.lists(st.integers(-10, target - 1), min_size=sides,
                                      max_size=sides), label="scores"))
    state = run_checked_game(variant, seed, players=players, scores=scores, max_hands=6,
                             check_every=4)
    assert state.hand_results or state.scores == scores


@pytest.mark.parametrize("name", BUNDLED)
@GAMES
@given(seed=SEEDS)
def test_replay_from_seed_and_move_texts(name: str, seed: int) -> None:
    states, moves = random_game(name, seed)
    texts = [str(move) for move in moves]
    replay = pc.new_game(pc.load_variant(name), seed=seed)
    for text in texts:
        replay = replay.apply(text)
    assert replay == states[-1]
    assert hash(replay) == hash(states[-1])
    assert replay.hand_results == states[-1].hand_results
    assert pc.new_game(name, seed=seed) == states[0]


JOKER_EXTRAS = ("joker-low", "joker-middle", "joker-top", "jokers")
"""The trump extras that rank jokers."""

TWO_JOKERS = """\
extends: auction-pitch
name: two-jokers
deal: {deck: two-jokers}
trump: {extras: [jick, jokers]}
points:
  - {kind: high, receiver: holder}
  - {kind: low, receiver: capturer}
  - jack
  - jick
  - {kind: joker, name: high-joker}
  - {kind: joker, joker: low, name: low-joker, receiver: holder}
  - game
auction: {min_bid: 2, max_bid: 7}
shoot: {bid: 7}
"""
"""Ten-point Pitch's trumps (A K Q J jick HJ LJ T ... 2) in a 54-card first-lead game."""


@GAMES
@given(seed=SEEDS, data=st.data())
def test_two_joker_games_keep_every_invariant(seed: int, data: st.DataObject) -> None:
    variant = pc.load_variant_text(TWO_JOKERS)
    players = data.draw(player_counts(variant), label="players")
    bold = data.draw(st.booleans(), label="bold bidding")
    state = run_checked_game(variant, seed, players=players, max_hands=15, check_every=2, bold=bold)
    assert state.is_over or len(state.hand_results) == 15


@given(name=st.sampled_from(BUNDLED), seed=SEEDS)
def test_different_seeds_deal_differently(name: str, seed: int) -> None:
    def deal(state: GameState) -> tuple[object, ...]:
        return state.masks, state.info.stock  # (where the dealer first chooses a size, the stock)

    assert deal(pc.new_game(name, seed=seed)) != deal(pc.new_game(name, seed=seed + 1))


@given(name=st.sampled_from(BUNDLED), seed=SEEDS, data=st.data())
def test_states_are_immutable(name: str, seed: int, data: st.DataObject) -> None:
    states, _ = random_game(name, seed, max_hands=2)
    state = data.draw(st.sampled_from(states), label="state")
    for field in (*GameState.FIELDS, "hands", "trump", "is_over", "something_new"):
        with pytest.raises(AttributeError):
            setattr(state, field, None)
    with pytest.raises(TypeError):
        state[SCORES] = (99,) * len(state.scores)  # type: ignore[index]
    with pytest.raises(AttributeError):
        state.info.trump = 0  # type: ignore[misc]
    assert hash(state) == hash(state.evolve())
    assert {state, state.evolve()} == {state}


@given(name=st.sampled_from(BUNDLED), seed=SEEDS)
def test_states_pickle_and_copy_to_equal_states(name: str, seed: int) -> None:
    """Worker processes and search trees copy states: mid-hand and after scored hands alike."""
    states, _ = random_game(name, seed, max_hands=2)
    for state in (states[len(states) // 2], states[-1]):
        for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
            assert copied == state and hash(copied) == hash(state)
            assert copied.hand_results == state.hand_results
            assert copied.legal_moves() == state.legal_moves()


# -- random valid variants ----------------------------------------------------------------


@st.composite
def variant_texts(draw: st.DrawFn) -> str:
    """YAML text of a valid variant that extends a bundled one and changes a few rules."""
    base_name = draw(st.sampled_from(BUNDLED), label="base")
    base = pc.load_variant(base_name)
    if kind(base.trump) == "turn-up":
        return draw(turn_up_texts(base_name))
    if kind(base.auction) == "none":
        return draw(bidderless_texts(base_name))
    lines = [f"extends: {base_name}", "name: random-house-rules"]
    points = []
    for point in base.points:
        data = component_dict(point)
        if "receiver" in data:
            data["receiver"] = draw(st.sampled_from(["holder", "capturer"]))
        if "tie" in data:
            data["tie"] = draw(st.sampled_from(["nobody", "defenders", "dealer", "eldest", "joker-holder"]))
            data["joker_pips"] = draw(st.sampled_from(["none", "half-on-ties"]))
        data["value"] = draw(st.sampled_from([1, 1, 1, 2, 3]))
        points.append(data)
    off_colour = [extra for extra in ("off-ace", "off-three")  # (a Trickster base may have one)
                  if extra not in base.trump.extras and draw(st.integers(0, 4), label=extra) == 0]
    for extra in off_colour:  # Trickster's other-colour trumps, and their points
        points.append({"kind": extra, "value": draw(st.sampled_from([1, 3]))})
    for extra in ("last-trick", "high-spade"):
        if draw(st.integers(0, 4), label=extra) == 0:
            point: dict[str, object] = {"kind": extra, "value": 1}
            if extra == "high-spade":
                point["receiver"] = draw(st.sampled_from(["holder", "capturer"]))
            points.append(point)
    total = sum(p["value"] for p in points)
    lines.append(f"points: {points}")
    max_bid = draw(st.integers(1, min(total, 7)))
    min_bid = draw(st.integers(1, max_bid))
    auction: dict[str, object] = {"min_bid": min_bid, "max_bid": max_bid}
    if kind(base.auction) in ("sell-out", "sell-out-reraise"):  # the eldest's own bid: any number
        # the points allow
        auction["pitch_bid"] = draw(st.integers(max_bid, max(total, max_bid)), label="pitch bid")
    else:
        auction["all_pass"] = draw(st.sampled_from(["redeal", "dealer-must-bid", "pass-deal", "dealer-names-trump",
                                                    "dealer-set-back"]))
        auction["dealer_may_take"] = draw(st.booleans())
    # call your partner (a single round only): the cutthroat seats, three or more, pair up for a hand
    calls = kind(base.auction) == "single-round" and draw(st.integers(0, 2), label="call partner") == 0
    if calls:
        auction["partner"] = "called-card"
    if getattr(base.auction, "forced_bid", None) is not None:  # (Nine-Five's 9 is out of range now)
        auction["forced_bid"] = draw(st.integers(min_bid, max_bid))
    lines.append(f"auction: {auction}")
    if isinstance(base.shoot.bid, int):
        made = draw(st.sampled_from(["", ", made: win-game-or-reset", ", made: 3"]), label="shoot made")
        lines.append(f"shoot: {{bid: {max_bid}{made}}}")
    gift = getattr(base.widow, "count", 0)
    keep = getattr(base.exchange, "keep", 0)
    teams = ""
    if base.deal.sides == "partners" and not calls:  # partners seated alternately, two sides or more
        low, high, teams = draw(st.sampled_from([(4, 4, ""), (6, 6, ""), (6, 6, ", teams: 3"),
                                                 (6, 6, ", team_size: 3"), (4, 8, ", team_size: 2")]))
    elif not calls and draw(st.integers(0, 5), label="cutthroat base in partnerships") == 0:
        low, high, teams = draw(st.sampled_from([(6, 6, ", sides: partners, teams: 3"),
                                                 (4, 6, ", sides: partners-if-even, teams: 2")]))
    else:
        low = draw(st.integers(3 if calls else 2, 6))
        high = draw(st.integers(low, 7))
    most_cards = (deck_of(base) - gift) // high
    assume(keep * high <= deck_of(base) and most_cards >= 1)
    hand_size = draw(st.integers(1, min(most_cards, 9)))
    default = draw(st.sampled_from([count for count in range(low, high + 1)
                                    if "team_size: 2" not in teams or count % 2 == 0]))
    worthless = draw(st.sampled_from(["play", "redeal", "demand"]), label="worthless hand")
    lines.append(f"deal: {{min_players: {low}, max_players: {high}, default_players: {default}, "
                 f"hand_size: {hand_size}, packet: {draw(st.integers(1, 4))}, worthless_hand: {worthless}"
                 f"{', sides: cutthroat' if calls else ''}{teams}}}")
    lines.append(draw(going_out_lines(sorted(going_out_kinds()))))
    settlement = draw(st.sampled_from(["set-back", "no-junk"]))
    kept = draw(st.sampled_from(["forfeited", "kept"]))
    paid_to = draw(st.sampled_from(["nobody", "defenders"])) if settlement == "set-back" else "nobody"
    costs = draw(st.sampled_from(["bid", "nothing"]))
    times = draw(st.sampled_from([1, 1, 2]), label="set multiplier")
    lines.append(f"settlement: {{kind: {settlement}, set_bidder_points: {kept}, set_bid_to: {paid_to}, "
                 f"set_costs: {costs}, set_multiplier: {times}}}")
    if kind(base.exchange) == "discard-refill":  # point cards kept; a robber with its dealt hand
        bury = draw(st.sampled_from(["any", "non-point"]))
        hand = draw(st.sampled_from(["refilled", "dealt"])) if getattr(base.exchange, "robber", "none") != "none" \
            else "refilled"
        lines.append(f"exchange: {{bury: {bury}, robber_hand: {hand}}}")
    call_each = draw(st.integers(0, 4), label="call each trick") == 0
    extras = [extra for extra in base.trump.extras if extra not in JOKER_EXTRAS] + off_colour
    trump: dict[str, object] = {}
    if deck_of(base) == 53:  # where the one joker ranks, and what a joker led first makes trump
        extras.append(draw(st.sampled_from(["joker-low", "joker-middle", "joker-top"])))
        if kind(base.trump) == "first-lead":
            named = ["named"] if not call_each else []  # (a call-then-any play has no trump move)
            trump["joker_lead"] = draw(st.sampled_from(["spades", *named]), label="joker lead")
    elif deck_of(base) == 54:  # which of the two jokers ranks higher
        extras.append("jokers")
        trump["joker_order"] = draw(st.sampled_from(["marked", "first-played", "second-played"]))
    if extras != list(base.trump.extras) or trump:
        lines.append(f"trump: {{extras: [{', '.join(extras)}]{''.join(f', {k}: {v}' for k, v in trump.items())}}}")
    if call_each:  # seed 003's calls, in Pitch
        lines.append("play: {kind: call-then-any, leader: bidder}")
    if draw(st.integers(0, 4), label="last jack wins") == 0:
        lines.append("trick: last-jack")
    return "\n".join(lines) + "\n"


@st.composite
def going_out_lines(draw: st.DrawFn, kinds: list[str]) -> str:
    chosen = draw(st.sampled_from(kinds))
    lose_at = draw(st.sampled_from(["null", "null", "-3", "-12"]), label="lose_at")
    sets = draw(st.sampled_from(["null", "null", "1", "3"]), label="lose_after_sets")
    tie = ""
    if chosen in ("rounds", "highest-total"):
        tie = f", tie: {draw(st.sampled_from(['shared', 'nobody' if chosen == 'rounds' else 'bidder']))}"
    if chosen == "rounds":
        rounds = draw(st.sampled_from(["per-player", "1", "2", "5"]))
        return f"going_out: {{kind: rounds, rounds: {rounds}, lose_at: {lose_at}, lose_after_sets: {sets}{tie}}}"
    shares = chosen == "all-reaching" or tie == ", tie: shared"
    win_by = "null" if shares else draw(st.sampled_from(["null", "null", "1", "2"]), label="win_by")
    return (f"going_out: {{kind: {chosen}, target: {draw(st.integers(1, 25))}, lose_at: {lose_at}, "
            f"win_by: {win_by}, lose_after_sets: {sets}{tie}}}")


@st.composite
def bidderless_texts(draw: st.DrawFn, base_name: str) -> str:
    """House rules of a game without an auction (jacks-trump): seats, hand sizes, card values,
    the trick rule, an extra Game point and the ending."""
    lines = [f"extends: {base_name}", "name: random-house-rules"]
    low = draw(st.integers(2, 4))
    high = draw(st.integers(low, 8))
    least = draw(st.integers(1, 4))
    most = draw(st.integers(least, 9))
    dealt = draw(st.integers(20, 52))
    assume(least * high <= dealt)
    lines.append(f"deal: {{min_players: {low}, max_players: {high}, default_players: "
                 f"{draw(st.integers(low, high))}, min_hand_size: {least}, hand_size: {most}, "
                 f"size_step: {draw(st.integers(1, 3))}, max_dealt: {dealt}, packet: {draw(st.integers(1, 3))}}}")
    ranks = draw(st.lists(st.sampled_from("23456789TJQKA"), unique=True, max_size=5))
    values = [f"{rank}={draw(st.integers(0, 10))}" for rank in ranks]
    points = [f"{{kind: card-values, values: [{', '.join(values)}], others: {draw(st.integers(0, 2))}, "
              f"receiver: {draw(st.sampled_from(['capturer', 'holder']))}}}"]
    if draw(st.booleans(), label="and Game"):
        points.append("{kind: game}")
    lines.append(f"points: [{', '.join(points)}]")
    lines.append(f"play: {{kind: call-then-any, leader: {draw(st.sampled_from(['dealer', 'eldest']))}}}")
    lines.append(f"trick: {draw(st.sampled_from(['last-jack', 'highest-trump']))}")
    lines.append(draw(going_out_lines(["rounds", "award-order", "bidder-first"])))
    return "\n".join(lines) + "\n"


@st.composite
def turn_up_texts(draw: st.DrawFn, base_name: str) -> str:
    """House rules of a game whose trump is turned up (seven-up): seats, hand size, the beg
    and its gift, the run, the points and the ending."""
    lines = [f"extends: {base_name}", "name: random-house-rules"]
    low = draw(st.integers(2, 4))
    high = draw(st.integers(low, 6))
    hand = draw(st.integers(1, min(MOST_CARDS, 51 // high)))  # (a turned card left over; a hand holds 13 at most)
    lines.append(f"deal: {{min_players: {low}, max_players: {high}, default_players: {low}, sides: cutthroat, "
                 f"hand_size: {hand}, packet: {draw(st.integers(1, 3))}}}")
    lines.append(f"trump: {{beg: {draw(st.sampled_from(['gift-or-run', 'none']))}, "
                 f"turned_jack: {draw(st.integers(0, 2))}, gift: {draw(st.integers(1, 3))}, "
                 f"gift_to: {draw(st.sampled_from(['others', 'eldest']))}, run: {draw(st.integers(1, 6))}, "
                 f"after_run: {draw(st.sampled_from(['discard', 'keep']))}}}")
    kinds = draw(st.lists(st.sampled_from(["high", "low", "jack", "game"]), unique=True, min_size=1))
    lines.append(f"points: [{', '.join(f'{{kind: {name}}}' for name in kinds)}]")
    lines.append(f"play: {{follow: {draw(st.sampled_from(['trump-anytime', 'strict']))}}}")
    lines.append(draw(going_out_lines(["award-order", "bidder-first", "highest-total"])))
    return "\n".join(lines) + "\n"


def going_out_kinds() -> set[str]:
    return set(pc.KINDS["going_out"])


@settings(GAMES, max_examples=40)
@given(text=variant_texts(), seed=SEEDS, data=st.data())
def test_random_valid_variants_keep_every_invariant(text: str, seed: int,
                                                    data: st.DataObject) -> None:
    variant = pc.load_variant_text(text)
    assert pc.load_variant_text(variant.to_yaml()) == variant
    players = data.draw(player_counts(variant), label="players")
    bold = data.draw(st.booleans(), label="bold bidding")
    state = run_checked_game(variant, seed, players=players, max_hands=12, check_every=2,
                             bold=bold)
    assert state.is_over or len(state.hand_results) == 12


# -- a few exact checks of the model itself (so the oracle can fail too) --------------------


def test_model_trick_winner_and_legality_agree_with_the_rules_text() -> None:
    haus = Model(pc.load_variant("haus-pitch"))
    hearts = 2
    assert haus.jick_card(hearts) == parse_card("JD")
    order = haus.trump_order(hearts)
    assert order.index(parse_card("TH")) + 1 == order.index(parse_card("JD"))
    assert order.index(parse_card("JD")) + 1 == order.index(parse_card("JH"))
    trick = tuple(parse_card(c) for c in ("5D", "JD", "AD"))
    assert haus.trick_winner(trick, hearts) == 1
    plain = Model(pc.load_variant("auction-pitch"))
    assert plain.trick_winner(trick, hearts) == 2
