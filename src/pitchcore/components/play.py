"""The play slot: who leads, and which cards a player may play to a trick."""

from __future__ import annotations

import attrs

from ..cards import card_text, cards_in
from ..moves import PLAY, Move
from ..registry import choice, component, slot
from ..state import GameState, Phase
from .step import Next, Step
from .trump import NO_TRUMP

slot("play", "Who leads and which cards may be played to a trick.", "follow-or-trump")

_PLAYS: dict[int, tuple[Move, ...]] = {}
"""Play moves by mask of playable cards: late in a hand masks repeat, so most lookups hit."""
_PLAYS_LIMIT = 100_000
_SUIT_PLAYS: list[list[tuple[Move, ...] | None]] = [[None] * 8192 for _ in range(4)]
"""Play moves per suit by the 13-bit mask of that suit's cards, filled as they are met."""
_LAST: list[tuple[object, int]] = [((), 0)]
"""The last state whose playable cards were worked out, and that mask: ``legal_moves``
then ``apply`` on the same state (what every driver does) computes it once."""
_new = tuple.__new__
_WAIT = Next.WAIT


def plays_of(mask: int) -> tuple[Move, ...]:
    """The play moves of the cards in ``mask``, in card order, from per-suit tables."""
    moves: tuple[Move, ...] = ()
    for suit in range(4):
        part = mask >> 13 * suit & 0x1FFF
        if part:
            table = _SUIT_PLAYS[suit]
            found = table[part]
            if found is None:
                found = table[part] = tuple(PLAY[card] for card in cards_in(part << 13 * suit))
            moves += found
    return moves


@component("play", "follow-or-trump")
@attrs.frozen
class FollowOrTrump(Step):
    """Follow the suit led if able, but a trump may always be played instead; otherwise any card."""

    first_lead: str = choice(
        ("any", "trump"), "any",
        "trump: the bidder's first lead must be a trump if the bidder holds one",
    )
    leader: str = choice(("bidder", "dealer", "eldest"), "bidder", "who leads the first trick")

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        info = state.info
        players = state.table.players
        if self.leader == "bidder" and info.bidder is not None:
            lead = info.bidder
        elif self.leader == "dealer":
            lead = state.dealer
        else:
            lead = (state.dealer + 1) % players
        info = info._replace(start=state.masks)
        return state.evolve(phase=Phase.PLAYING, to_move=lead, leader=lead, info=info,
                            trick_cards=(), tricks=()), True

    def playable(self, state: GameState) -> int:
        """Mask of the cards the seat to move may play: the one definition of legality."""
        hand: int = state[7][state[6]]
        trick: tuple[int, ...] = state[9]
        trump = state[8].trump
        tables = state[0].tables
        if trump is None:
            return hand
        trumps: int
        if not trick:
            if self.first_lead == "trump" and not state[11]:
                trumps = hand & tables.trumps[trump]
                return trumps or hand
            return hand
        follow: int = hand & tables.suit_masks[trump][tables.suit[trump][trick[0]]]
        if follow:
            trumps = hand & tables.trumps[trump]
            return follow | trumps
        return hand

    def legal(self, state: GameState) -> tuple[Move, ...]:
        mask = self.playable(state)
        _LAST[0] = (state, mask)
        moves = _PLAYS.get(mask)
        if moves is None:
            if len(_PLAYS) > _PLAYS_LIMIT:
                _PLAYS.clear()
            moves = _PLAYS[mask] = plays_of(mask)
        return moves

    def is_legal(self, state: GameState, move: Move) -> bool:
        last_state, mask = _LAST[0]
        if last_state is not state:
            mask = self.playable(state)
        card = move[1]
        return move[0] == "play" and card.__class__ is int and bool(mask >> card & 1)

    def why_illegal(self, state: GameState, move: Move) -> str:
        if move.kind != "play":
            return f"{move} is not a play; it is {self.name_of(state)} to play a card"
        assert isinstance(move.arg, int)
        hand = state.masks[state.to_move or 0]
        if not hand >> move.arg & 1:
            return f"{card_text(move.arg)} is not in seat {state.to_move}'s hand"
        if not state.trick_cards:
            return f"the first lead must be a trump while the bidder holds one ({card_text(move.arg)} is not)"
        led = card_text(state.trick_cards[0])
        return f"{card_text(move.arg)} does not follow the suit led ({led}) and is not a trump"

    @staticmethod
    def name_of(state: GameState) -> str:
        return f"seat {state.to_move}'s turn"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        card: int = move[1]  # type: ignore[assignment]
        table, scores, dealer, deal_no, results, phase, seat, masks, info, trick, leader, \
            tricks, winner, step = state
        hands = list(masks)
        hands[seat] ^= 1 << card
        masks = tuple(hands)
        trick = (*trick, card)
        if info.trump is None:  # the first lead may set it
            suit = table.rules.trump.suit_from_lead(card)
            if suit is not None:
                info = info._replace(trump=suit)
        players = table.players
        if len(trick) < players:
            return _new(GameState, (table, scores, dealer, deal_no, results, phase, (seat + 1) % players,
                                    masks, info, trick, leader, tricks, winner, step)), _WAIT
        trump = NO_TRUMP if info.trump is None else info.trump
        taker = (leader + table.rules.trick.winner(trick, trump, table.tables)) % players
        tricks = (*tricks, (leader, trick, taker))
        state = _new(GameState, (table, scores, dealer, deal_no, results, phase, taker, masks, info, (),
                                 taker, tricks, winner, step))
        return state, (_WAIT if masks[taker] else Next.DONE)
