"""A trump slot kind: the card after the deal is turned up for trump (Seven-Up, All Fours).

After the deal the top card of the stock is turned face up; its suit is trump, and it stays
on top of the stock. A turned jack scores the dealer's side at once (the points go into
``info.paid``, settled before the hand's own points). With ``beg: gift-or-run`` the eldest
then stands (keeps the turned suit) or begs, and the dealer answers a beg by giving each
other side a point or by running the cards: the turn-up is set aside, every seat is dealt
``run`` more cards, and the next card is turned, again and again while it is of the first
turn-up's suit. A different suit becomes trump (a jack of it scores the dealer again); a
pack that runs out first is thrown in, and the same dealer deals again. After a run every
seat, from the eldest, discards back to the hand it was dealt, a card a move, or
(``after_run: keep``) keeps every card and plays as many tricks.
"""

from __future__ import annotations

import attrs

from ..model.cards import DECK_SIZE, JACK, card_text, rank_of, suit_of
from ..model.moves import BEG, GIVE, RUN, STAND, Move, discard
from ..model.phase import Phase
from ..model.state import GameState, HandInfo
from .deal import _seat_order
from .registry import MOST_CARDS, MOST_VALUE, choice, component, field
from .step import Next
from .trump import TrumpRule
from .wording import plural, sentences

_BEGGING = (STAND, BEG)
_GIVE_OR_RUN = (GIVE, RUN)
_RUN_ONLY = (RUN,)


@component("trump", "turn-up")
@attrs.frozen
class TurnUp(TrumpRule):
    """The card after the deal is turned up for trump; the eldest stands or begs (Seven-Up).

    A beg is answered by the dealer: a point to the other sides (``give``), or ``run``: more
    cards each and a new turn-up until the suit changes, then everyone discards back."""

    beg: str = choice(
        ("gift-or-run", "none"), "gift-or-run",
        "gift-or-run: the eldest stands (the turned suit is trump) or begs, and the dealer "
        "either gives a point (the gift) or runs the cards (Seven-Up, All Fours); none: the "
        "turned suit is trump, no questions asked")
    turned_jack: int = field(1, "points the dealer's side scores when a jack is turned up for "
                                "trump (0: none)", minimum=0, maximum=MOST_VALUE)
    gift: int = field(1, "points the dealer gives when he refuses a beg (never enough to put a "
                         "side out: then he must run the cards)", minimum=1, maximum=MOST_VALUE)
    gift_to: str = choice(
        ("others", "eldest"), "others",
        "others: every side but the dealer's receives the gift (Foster: both adversaries of "
        "three); eldest: only the beggar's side (Bicycle)")
    run: int = field(3, "cards dealt to each seat when the dealer runs the cards", minimum=1,
                     maximum=MOST_CARDS)
    after_run: str = choice(
        ("discard", "keep"), "discard",
        "discard: once the cards are run every seat, from the eldest, discards back to the cards "
        "it was dealt, a card a move (Foster's usual practice); keep: the cards are kept and "
        "as many tricks are played (English All Fours)")

    def explain(self) -> str:
        """The turn-up in plain words (``pitchcore explain``)."""
        jack = "" if not self.turned_jack else (
            f"if it is a jack, the dealer's side scores {plural(self.turned_jack, 'point')} at once")
        if self.beg == "none":
            beg = "nobody may beg: the turned suit is trump"
        else:
            to = "every side but the dealer's" if self.gift_to == "others" else "the eldest's side"
            after = ("every player, from the dealer's left, discards back to the cards it was dealt, "
                     "a card at a time" if self.after_run == "discard" else
                     "every card is kept, and as many more tricks are played")
            beg = (f"the eldest (the player on the dealer's left) stands, keeping the turned suit, or begs. "
                   f"The dealer answers a beg by giving {plural(self.gift, 'point')} to {to} (never enough to "
                   f"put a side out: then he must run the cards), or by running the cards: the turned card is "
                   f"set aside, each player is dealt {plural(self.run, 'more card', 'more cards')}, and the next "
                   f"card is turned, again while it is of the first suit; the new suit is trump"
                   f"{' (a jack scores again)' if self.turned_jack else ''}, and a pack that runs out first "
                   f"is thrown in. After a run, {after}")
        return sentences("after the deal the next card of the stock is turned up: its suit is trump", jack, beg,
                         self.extras_text())

    def most_held(self, players: int, deck: int, hand_size: int) -> int:
        """The most cards a seat can hold in play: its deal, and with ``after_run: keep``
        every run the pack has room for (each deals ``run`` a seat and turns a card)."""
        if self.beg == "none" or self.after_run == "discard":
            return hand_size
        runs = max(deck - players * hand_size - 1, 0) // (players * self.run + 1)
        return hand_size + runs * self.run

    def words(self) -> tuple[Move, ...]:
        """The moves of a beg (the action space gives each an action)."""
        return (STAND, BEG, GIVE, RUN) if self.beg == "gift-or-run" else ()

    def begin(self, state: GameState) -> tuple[GameState, bool | Next]:
        info = state.info
        if not info.stock:
            return state, Next.REDEAL  # no card left to turn (a deal of the whole pack)
        card = info.stock[0]
        paid = self._jack(state, card, ())
        info = info._replace(trump=_suit(card), turned=(card,), paid=paid)
        if self.beg == "none":
            return state.evolve(info=info), False
        return state.evolve(info=info, phase=Phase.NAMING_TRUMP, to_move=_eldest(state)), True

    def _jack(self, state: GameState, card: int, paid: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        """``paid`` and the dealer's points for ``card`` if it is a jack turned for trump."""
        if self.turned_jack and card < DECK_SIZE and rank_of(card) == JACK:
            return (*paid, (state.table.side_of[state.dealer], self.turned_jack))
        return paid

    def legal(self, state: GameState) -> tuple[Move, ...]:
        if state.phase is Phase.DISCARDING:
            hand = state.masks[state.to_move or 0]
            return tuple(discard(1 << card) for card in range(hand.bit_length()) if hand >> card & 1)
        if state.to_move != state.dealer:
            return _BEGGING
        return _GIVE_OR_RUN if self._may_give(state) else _RUN_ONLY

    def _receivers(self, state: GameState) -> tuple[int, ...]:
        """The sides a gift goes to."""
        table = state.table
        if self.gift_to == "eldest":
            return (table.side_of[_eldest(state)],)
        dealer = table.side_of[state.dealer]
        return tuple(side for side in range(table.sides) if side != dealer)

    def _may_give(self, state: GameState) -> bool:
        """The dealer may not give a side enough to put it out (Foster): then he must run."""
        target = getattr(state.table.variant.going_out, "target", None)
        if target is None:
            return True
        own = dict.fromkeys(range(state.table.sides), 0)
        for side, amount in state.info.paid:
            own[side] += amount
        return all(state.scores[side] + own[side] + self.gift < target for side in self._receivers(state))

    def why_illegal(self, state: GameState, move: Move) -> str:
        if state.phase is Phase.DISCARDING:
            return (f"{move} is not a move now: after the run seat {state.to_move} discards one "
                    "card of its hand at a time (discard CARD) down to the cards dealt")
        if state.to_move != state.dealer:
            return (f"{move} is not a move now: seat {state.to_move}, the eldest, stands (the "
                    f"turned {card_text(state.info.turned[-1])} is trump) or begs")
        if move == GIVE:
            return ("the dealer may not give a point that puts a side out: he must run the "
                    "cards (run)")
        return f"{move} is not a move now: the dealer gives a point (give) or runs the cards (run)"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        if move == STAND:
            return state, Next.DONE
        if move == BEG:
            return state.evolve(to_move=state.dealer), Next.WAIT
        info = state.info
        if move == GIVE:
            gifts = tuple((side, self.gift) for side in self._receivers(state))
            return state.evolve(info=info._replace(paid=info.paid + gifts)), Next.DONE
        if move == RUN:
            return self._run(state)
        return self._discard(state, move)

    def _run(self, state: GameState) -> tuple[GameState, Next]:
        """Run the cards: set the turn-up aside, deal ``run`` more each, turn the next, until
        its suit differs from the first turn-up's; the pack running out throws the deal in."""
        info = state.info
        players = state.table.players
        seats = _seat_order(players, self.run, self.run, state.dealer)
        first = _suit(info.turned[0])
        masks = list(state.masks)
        stock, junk, turned = info.stock, info.junk, info.turned
        while True:
            junk += stock[:1]  # the turn-up is set aside, face up
            stock = stock[1:]
            if len(stock) <= len(seats):
                return state, Next.REDEAL  # no card left to turn: the same dealer deals again
            for seat, card in zip(seats, stock, strict=False):
                masks[seat] |= 1 << card
            stock = stock[len(seats):]
            turned += stock[:1]
            if _suit(stock[0]) != first:
                break
        card = stock[0]
        info = info._replace(stock=stock, junk=junk, turned=turned, trump=_suit(card),
                             paid=self._jack(state, card, info.paid), discards=(0,) * players)
        state = state.evolve(masks=tuple(masks), info=info)
        if self.after_run == "keep":
            return state, Next.DONE
        return state.evolve(phase=Phase.DISCARDING, to_move=_eldest(state)), Next.WAIT

    def _discard(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        """The seat to move sheds one card; the next seat follows once it holds as many as it was dealt."""
        seat = state.to_move or 0
        thrown = int(move.arg or 0)
        info = state.info
        masks = list(state.masks)
        masks[seat] &= ~thrown
        discards = list(info.discards)
        discards[seat] |= thrown
        info = _discarded(info, thrown, tuple(discards))
        state = state.evolve(masks=tuple(masks), info=info)
        if masks[seat].bit_count() > info.hand_size:
            return state, Next.WAIT
        if seat == state.dealer:
            return state, Next.DONE
        return state.evolve(to_move=(seat + 1) % state.table.players), Next.WAIT


def _discarded(info: HandInfo, thrown: int, discards: tuple[int, ...]) -> HandInfo:
    return info._replace(junk=info.junk + tuple(card for card in range(thrown.bit_length()) if thrown >> card & 1),
                         discards=discards)


def _suit(card: int) -> int:
    return suit_of(card)


def _eldest(state: GameState) -> int:
    return (state.dealer + 1) % state.table.players
