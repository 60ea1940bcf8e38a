"""The play slot: who leads, and which cards a player may play to a trick."""

from __future__ import annotations

from typing import Any

import attrs

from ..model.caches import Cache
from ..model.cards import DECK_SIZE, MAX_CARDS, card_text, cards_in
from ..model.fields import DONE_TRICKS, INFO, LEADER, MASKS, PHASE, TABLE, TO_MOVE, TRICK_CARDS
from ..model.moves import PLAY, TRUMP, Move
from ..model.phase import Phase
from ..model.results import first_holding
from ..model.results import trick_seats as trick_seats  # (its home before it moved to results)
from ..model.state import GameState
from .registry import MOST_SCORE, choice, component, number_range, slot
from .step import Fields, Next, Step
from .trump import NO_TRUMP
from .wording import plural, sentences

slot("play", "Who leads and which cards may be played to a trick.", "follow-or-trump")

_PLAYS: Cache[int, tuple[Move, ...]] = Cache(100_000)
"""Play moves by mask of playable cards: late in a hand masks repeat, so most lookups hit."""
_SUIT_PLAYS: list[list[tuple[Move, ...] | None]] = [[None] * 8192 for _ in range(4)]
"""Play moves per suit by the 13-bit mask of that suit's cards, filled as they are met."""
_LAST: list[tuple[object, int]] = [((), 0)]
"""The last state whose playable cards were worked out, and that mask: ``legal_moves``
then ``apply`` on the same state (what every driver does) computes it once."""
_WAIT, _DONE = Next.WAIT, Next.DONE
_NAMING = Phase.NAMING_TRUMP
"""The phase while the leader of a joker names trump (``trump: {joker_lead: named}``)."""


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
    if mask >> DECK_SIZE:  # jokers, after the four suits
        moves += tuple(PLAY[card] for card in cards_in(mask >> DECK_SIZE << DECK_SIZE))
    return moves


FOLLOW_RULES = ("trump-anytime", "strict", "trump-only")
"""The ``follow`` choices, the default first."""
REFUSED = "refused"
"""``renege``'s default: a card the follow rule does not allow is refused when played."""


def _check_renege(play: FollowOrTrump, attribute: attrs.Attribute[Any], value: object) -> None:
    """``renege: N`` only where the follow rule has a suit to follow and nothing else
    changes the hands during play (their record at the hand's end is what judges a renege)."""
    del attribute
    if value == REFUSED:
        return
    if play.follow == "trump-only":
        raise ValueError("renege: a penalty needs a suit to follow, and follow: trump-only has none; "
                         "use trump-anytime or strict")
    if type(play) not in (FollowOrTrump, StrictFollow):
        raise ValueError(f"renege: a penalty is played by play kind follow-or-trump only, not by "
                         f"{type(play).__name__}")


@component("play", "follow-or-trump")
@attrs.frozen
class FollowOrTrump(Step):
    """Follow the suit led if able; the follow rule says when a trump may be played instead (by default always).

    This class plays ``follow: trump-anytime``; ``StrictFollow`` and ``TrumpOnly`` below play
    the other rules (see ``__new__``).
    """

    follow: str = attrs.field(default=FOLLOW_RULES[0], kw_only=True, metadata={
        "choices": FOLLOW_RULES,
        "doc": "trump-anytime: follow the suit led if able, but a trump may always be played "
               "instead; strict: follow the suit led if able, a trump only when void in it (a "
               "seat that cannot follow plays any card under both); trump-only (Ten-point "
               "Pitch): once trump is known only trumps may be played, a seat with none left "
               "folds and is skipped, a trick is complete when every seat still holding a trump "
               "has played, a leader without trumps passes the lead to the next seat clockwise "
               "holding one, and the hand ends when nobody holds a trump",
    })
    first_lead: str = choice(
        ("any", "trump"), "any",
        "trump: the first lead of the hand must be a trump if the leader holds one",
    )
    leader: str = choice(("bidder", "bidder-left", "dealer", "eldest"), "bidder",
                         "who leads the first trick (bidder-left: the seat after the bidder, Nine-Five)")
    renege: int | str = attrs.field(default=REFUSED, kw_only=True, validator=_check_renege, metadata=number_range(
        0, MOST_SCORE, choices=(REFUSED,),
        doc="refused: a card the follow rule does not allow is refused when played; or N (\"a renege "
            "costs N points\"): any card in hand may be played, and when the hand ends each renege "
            "(a card played that the follow rule did not allow: not following the suit led when "
            "able, or under first_lead: trump a non-trump first lead while holding a trump) costs "
            "the reneging seat's side N points, the hand being otherwise scored as usual. Not with "
            "follow: trump-only, nor with draws from a stock (draw-after-trick)"))

    def __new__(cls, *args: Any, **kwargs: Any) -> FollowOrTrump:
        """An instance of the class that plays the ``follow`` rule.

        Each rule is a subclass that overrides only what it changes, chosen here once, so
        a move never asks which rule is on: the default rule's path (the library's hot
        path) stays as it was. Without ``follow`` (unpickling, copying) the class stays.
        """
        if "follow" in kwargs:
            follow = kwargs["follow"]
            if follow not in _RULES:
                raise ValueError(f"follow: unknown rule {follow!r}; choices: {', '.join(FOLLOW_RULES)}")
            rule = _RULES[follow]
            if not issubclass(rule, cls):  # evolve() from another rule: Python will not __init__ it
                return rule(*args, **kwargs)
            cls = rule
        return object.__new__(cls)

    def explain(self) -> str:
        """Play in plain words (``pitchcore explain``): who leads and what may be played."""
        first = "" if self.first_lead == "any" else "the first lead of the hand must be a trump if the leader holds one"
        return sentences(self.leader_text(), first, self.follow_text(), self.renege_text())

    def renege_text(self) -> str:
        """What happens to a renege, for ``explain`` (nothing: it is refused, as usual)."""
        if not isinstance(self.renege, int):
            return ""
        return (f"a player may renege (play a card the rule above does not allow); nobody stops it, "
                f"and when the hand ends each renege costs the reneging player's side "
                f"{plural(self.renege, 'point')}, the hand being otherwise scored as usual")

    def reneges(self, state: GameState) -> tuple[int, ...]:
        """The seat of each renege in ``state``'s finished tricks, in play order: a card the
        follow rule (``playable``) did not allow, judged on the cards the seat held then
        (its hand when play began, less the cards it had played). The one check of a renege;
        scoring runs it when the hand ends (nothing before then tells a renege from a play)."""
        info = state.info
        start = info.start
        if not start:
            return ()
        players = state.table.players
        held = list(start)
        fields: Fields = list(state)
        done = state.done_tricks
        found = []
        for number, (leader, cards, _taker) in enumerate(done):
            fields[DONE_TRICKS] = done[:number]
            for position, (seat, card) in enumerate(zip(trick_seats(start, leader, cards, players), cards,
                                                        strict=True)):
                fields[MASKS] = tuple(held)
                fields[TO_MOVE] = seat
                fields[TRICK_CARDS] = cards[:position]
                if not self.playable(fields) >> card & 1:
                    found.append(seat)
                held[seat] &= ~(1 << card)
        return tuple(found)

    def leader_text(self) -> str:
        """Who leads, for ``explain``."""
        leader = {"bidder": "the bidder (the dealer's left where nobody bid)",
                  "bidder-left": "the player on the bidder's left", "dealer": "the dealer",
                  "eldest": "the player on the dealer's left"}.get(self.leader, self.leader)
        return f"{leader} leads to the first trick; the winner of each trick leads to the next"

    def follow_text(self) -> str:
        """What may be played to a trick, for ``explain``."""
        return {
            "trump-anytime": "follow the suit led if able, but a trump may always be played instead; a player "
                             "who cannot follow plays any card",
            "strict": "follow the suit led if able, a trump only when void in it; a player who cannot follow "
                      "plays any card",
            "trump-only": "once trump is known only trumps are played: a player with no trump left folds for the "
                          "hand and is skipped, a leader without trumps passes the lead to the next player "
                          "holding one, and the hand ends when nobody holds a trump",
        }.get(self.follow, f"follow: {self.follow}")

    def needs_trump(self) -> bool:
        """True when the rule means nothing without a trump suit (trump-only)."""
        return self.follow == "trump-only"

    def kernel_form(self) -> tuple[int, bool]:
        """What the compiled kernel plays (``components.kernel_form``): the follow rule, as
        its index in ``FOLLOW_RULES``, and whether the first lead must be a trump."""
        return FOLLOW_RULES.index(self.follow), self.first_lead == "trump"

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        info = state.info
        players = state.table.players
        if self.leader == "bidder" and info.bidder is not None:
            lead = info.bidder
        elif self.leader == "bidder-left" and info.bidder is not None:
            lead = (info.bidder + 1) % players
        elif self.leader == "dealer":
            lead = state.dealer
        else:
            lead = (state.dealer + 1) % players
        info = info._replace(start=state.masks)
        return state.evolve(phase=Phase.PLAYING, to_move=lead, leader=lead, info=info,
                            trick_cards=(), done_tricks=()), True

    def playable(self, state: GameState | Fields) -> int:
        """Mask of the cards the seat to move may play: the one definition of legality."""
        hand: int = state[MASKS][state[TO_MOVE]]
        trick: tuple[int, ...] = state[TRICK_CARDS]
        trump = state[INFO].trump
        tables = state[TABLE].trump_tables
        if trump is None:
            return hand
        trumps: int
        if not trick:
            if self.first_lead == "trump" and not state[DONE_TRICKS]:
                trumps = hand & tables.trumps[trump]
                return trumps or hand
            return hand
        follow: int = hand & tables.suit_masks[trump][tables.suit[trump][trick[0]]]
        if follow:
            trumps = hand & tables.trumps[trump]
            return follow | trumps
        return hand

    def legal(self, state: GameState | Fields) -> tuple[Move, ...]:
        if state[PHASE] is _NAMING:  # the first lead was a joker: its leader names trump
            return TRUMP
        mask = self.playable(state) if self.renege == REFUSED else state[MASKS][state[TO_MOVE]]
        _LAST[0] = (state, mask)
        moves = _PLAYS.get(mask)
        if moves is None:
            moves = _PLAYS.put(mask, plays_of(mask))
        return moves

    legal_fields = legal  # reads the state by position (model.fields) only, so fields do as well

    def is_legal(self, state: GameState, move: Move) -> bool:
        if state[PHASE] is _NAMING:
            return move in TRUMP
        last_state, mask = _LAST[0]
        if last_state is not state:
            mask = self.playable(state) if self.renege == REFUSED else state.masks[state.to_move or 0]
        card = move[1]
        return move[0] == "play" and card.__class__ is int and card >= 0 and bool(mask >> card & 1)

    def why_illegal(self, state: GameState, move: Move) -> str:
        if state.phase is _NAMING:
            return (f"seat {state.to_move} led a joker to the first trick and names trump now: "
                    "trump C, trump D, trump H or trump S")
        if move.kind != "play":
            return f"{move} is not a play; it is {self.name_of(state)} to play a card"
        card = move.arg
        if not isinstance(card, int) or not 0 <= card < MAX_CARDS:
            return f"{card!r} is not a card"
        if not state.masks[state.to_move or 0] >> card & 1:
            return f"{card_text(card)} is not in seat {state.to_move}'s hand"
        return self.broken_rule(state, card)

    def broken_rule(self, state: GameState, card: int) -> str:
        """Why ``card``, which the seat to move holds, is not in ``playable``."""
        if not state.trick_cards:
            return f"the first lead must be a trump while the leader holds one ({card_text(card)} is not)"
        led = card_text(state.trick_cards[0])
        return f"{card_text(card)} does not follow the suit led ({led}) and is not a trump"

    @staticmethod
    def name_of(state: GameState) -> str:
        return f"seat {state.to_move}'s turn"

    def apply_in_place(self, fields: Fields, move: Move) -> Next:
        """Play the card: the one definition of a trick's course (``apply`` copies the
        fields, runs this, and freezes them again)."""
        if fields[PHASE] is _NAMING:
            return self.name_trump(fields, move)
        card: int = move[1]  # type: ignore[assignment]
        table = fields[TABLE]
        seat: int = fields[TO_MOVE]
        hands = list(fields[MASKS])
        hands[seat] ^= 1 << card
        fields[MASKS] = masks = tuple(hands)
        fields[TRICK_CARDS] = trick = (*fields[TRICK_CARDS], card)
        info = fields[INFO]
        if info.trump is None:  # the first lead may set it
            suit = table.variant.trump.suit_from_lead(card)
            if suit is not None:
                fields[INFO] = info = info._replace(trump=suit)
            elif table.variant.trump.names_after_lead(card):
                fields[PHASE] = _NAMING  # the same seat moves again: ``trump S``
                return _WAIT
        players: int = table.players
        if len(trick) < players:
            fields[TO_MOVE] = (seat + 1) % players
            return _WAIT
        trump = NO_TRUMP if info.trump is None else info.trump
        leader: int = fields[LEADER]
        taker = (leader + table.variant.trick.winner(trick, trump, table.trump_tables)) % players
        fields[DONE_TRICKS] = (*fields[DONE_TRICKS], (leader, trick, taker))
        fields[TRICK_CARDS] = ()
        fields[TO_MOVE] = fields[LEADER] = taker
        return _WAIT if masks[taker] else _DONE

    def name_trump(self, fields: Fields, move: Move) -> Next:
        """The leader of a joker to the first trick names trump (``trump S``); the trick
        then goes on from the next seat."""
        fields[PHASE] = Phase.PLAYING
        fields[INFO] = fields[INFO]._replace(trump=move[1])
        return self.after_lead(fields)

    def after_lead(self, fields: Fields) -> Next:
        """The turn after the lead, once trump is named (every seat plays every trick)."""
        fields[TO_MOVE] = (fields[TO_MOVE] + 1) % fields[TABLE].players
        return _WAIT


@attrs.frozen
class StrictFollow(FollowOrTrump):
    """``follow: strict``: follow the suit led if able; a trump only when void in it."""

    def playable(self, state: GameState | Fields) -> int:
        trick: tuple[int, ...] = state[TRICK_CARDS]
        if not trick:
            return FollowOrTrump.playable(self, state)  # leads are the same under both rules
        hand: int = state[MASKS][state[TO_MOVE]]
        trump = state[INFO].trump
        if trump is None:  # no trump suit: the cards' own suits
            trump = NO_TRUMP
        tables = state[TABLE].trump_tables
        follow: int = hand & tables.suit_masks[trump][tables.suit[trump][trick[0]]]
        return follow or hand

    def broken_rule(self, state: GameState, card: int) -> str:
        if not state.trick_cards:
            return FollowOrTrump.broken_rule(self, state, card)
        led = card_text(state.trick_cards[0])
        return (f"strict follow: seat {state.to_move} holds the suit led ({led}), so must follow "
                f"it; {card_text(card)} does not")


@attrs.frozen
class TrumpOnly(FollowOrTrump):
    """``follow: trump-only``: only trumps are played; a seat out of trumps folds for the hand.

    Seats without a trump are skipped, so a trick may be short: the seat that played each
    card is the one that held it when play began (``info.start``), never counted from the
    leader. The trick's winner leads next; one out of trumps passes the lead clockwise to
    the next seat holding one. The hand ends when nobody holds a trump, unplayed cards and
    all. Before trump is known (the first lead, where it sets trump) any card may be played.
    """

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        state, _ = FollowOrTrump.begin(self, state)
        trump = state.info.trump
        if trump is None:  # the first lead sets trump, or there is none
            return state, True
        lead = first_holding(state.masks, state.table.trump_tables.trumps[trump], state.leader)
        if lead is None:  # nobody holds a trump: the hand ends without a trick
            return state, False
        return state.evolve(to_move=lead, leader=lead), True

    def playable(self, state: GameState | Fields) -> int:
        hand: int = state[MASKS][state[TO_MOVE]]
        trump = state[INFO].trump
        if trump is None:
            return hand
        trumps: int = state[TABLE].trump_tables.trumps[trump]
        return hand & trumps

    def broken_rule(self, state: GameState, card: int) -> str:
        return f"trump only: {card_text(card)} is not a trump"

    def apply_in_place(self, fields: Fields, move: Move) -> Next:
        if fields[PHASE] is _NAMING:
            return self.name_trump(fields, move)
        card: int = move[1]  # type: ignore[assignment]
        table = fields[TABLE]
        info = fields[INFO]
        trump = info.trump
        if trump is None:
            trump = table.variant.trump.suit_from_lead(card)
            if trump is None:  # trump kind none: no trump ever, so every seat plays every trick
                return FollowOrTrump.apply_in_place(self, fields, move)  # (or a joker led, to name it)
            fields[INFO] = info = info._replace(trump=trump)
        seat: int = fields[TO_MOVE]
        hands = list(fields[MASKS])
        hands[seat] ^= 1 << card
        fields[MASKS] = tuple(hands)
        fields[TRICK_CARDS] = (*fields[TRICK_CARDS], card)
        return self.after_lead(fields)

    def after_lead(self, fields: Fields) -> Next:
        """The turn after a card is played: to the next seat holding a trump, else the trick
        is complete."""
        table = fields[TABLE]
        info = fields[INFO]
        trump: int = info.trump  # (known: a card of the trick set it, or its leader named it)
        seat: int = fields[TO_MOVE]
        masks: tuple[int, ...] = fields[MASKS]
        trick: tuple[int, ...] = fields[TRICK_CARDS]
        tables = table.trump_tables
        trumps = tables.trumps[trump]
        players: int = table.players
        leader: int = fields[LEADER]
        nxt = (seat + 1) % players
        while nxt != leader:
            if masks[nxt] & trumps:
                fields[TO_MOVE] = nxt
                return _WAIT
            nxt = (nxt + 1) % players
        position = table.variant.trick.winner(trick, trump, tables)
        taker = first_holding(info.start, 1 << trick[position], 0)  # see trick_seats
        if taker is None:  # a state built by hand, without that record
            taker = (leader + position) % players
        fields[DONE_TRICKS] = (*fields[DONE_TRICKS], (leader, trick, taker))
        fields[TRICK_CARDS] = ()
        lead = first_holding(masks, trumps, taker)
        fields[TO_MOVE] = fields[LEADER] = taker if lead is None else lead
        return _DONE if lead is None else _WAIT


_RULES: dict[str, type[FollowOrTrump]] = {
    "trump-anytime": FollowOrTrump, "strict": StrictFollow, "trump-only": TrumpOnly}
"""The class that plays each ``follow`` rule."""
