"""The ``play`` command: a person at a terminal against bots.

Before each of the person's moves the table is shown (variant, scores, dealer, auction,
trump or the trick's call, the called card and partner, the trick in progress, the
person's hand) with the numbered legal moves. A move is entered by its number or its text
(``bid 2``, ``play JH``; a bare card such as ``10h`` or a joker, ``HJ`` or ``LJ``, plays
it, a bare suit letter names trump, ``high``/``low`` or ``h``/``l`` makes a trick's call).
A discard or a partner call has too many choices to list (84 ways to shed 3 of 9 cards),
so the person types the cards instead (``AH 7C 2D`` in any order and case, ``AS``) and
``?`` lists them all. A move that is the only legal one is made at once and told in a
line. ``quit`` or the end of input leaves the game. The hand is shown grouped by suit, low
to high; once trump is known, the trump group holds the jick and the jokers where they
rank. Everything reads from and writes to the streams given, so tests drive it with
StringIO.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable, Sequence
from typing import TextIO

from ..bots.base import Bot
from ..bots.loading import search_current_folder
from ..components.card_values import CardValues
from ..components.no_trump import NoTrump
from ..components.points import Game
from ..components.trump import NO_TRUMP, TrumpTables
from ..components.variant import Variant
from ..game.engine import new_game
from ..game.events import (
    AuctionWon,
    CardsDiscarded,
    Event,
    GameOver,
    HandScored,
    MoveMade,
    NewDeal,
    TrickWon,
    TrumpSet,
    apply_with_events,
)
from ..game.view import PlayerView
from ..loading.loader import load_variant
from ..model.cards import SUITS, Card, card_text, cards_in, mask_of, parse_card, parse_suit
from ..model.errors import IllegalMove, InvalidMove, VariantError
from ..model.moves import KINDS, Move, parse_move
from ..model.phase import Phase
from ..model.results import HandResult
from ..model.state import GameState
from ..model.text import printable
from .simulate import bot_by_name
from .typed import count_text, discard_problem, example, partner_problem, sizes, typed_discard

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help",)
LIST_WORDS = ("?", "moves")
TYPED = ("discard", "partner")
"""The kinds of move entered by typing their cards: never listed one by one unless asked (``?``)."""


class _Quit(Exception):
    """The person left (``quit`` or end of input)."""


class _Refused(ValueError):
    """A move the person typed that is not legal, with the reason in their terms (cards not
    in their hand, how many to discard), found before the engine is asked."""


def hand_text(state: GameState, seat: int) -> str:
    """``seat``'s hand grouped by effective suit (clubs to spades, then cards of no suit: the
    jokers before trump is known), each group low to high: ``2C 5C | AH | HJ``. Once trump is
    known the trump group holds the jick and the jokers where they rank (``HJ 2H 7H AH``)."""
    trump = state.info.trump
    return cards_text(cards_in(state.masks[seat]), state.table.trump_tables, None if trump is None else SUITS[trump])


def cards_text(cards: Iterable[int | Card], tables: TrumpTables, trump: str | None) -> str:
    """``hand_text`` of any cards (indices or ``Card`` values), with trump as a suit letter:
    what a seat's own view holds is shown with it."""
    key = NO_TRUMP if trump is None else SUITS.index(trump)
    suit, order = tables.suit[key], tables.order[key]
    groups: dict[int, list[int]] = {}
    for card in cards:
        index = card if isinstance(card, int) else card.index
        groups.setdefault(suit[index], []).append(index)
    return " | ".join(" ".join(card_text(card) for card in sorted(groups[group], key=order.__getitem__))
                      for group in sorted(groups))


class Session:
    """One game at the terminal: the state, the bots and the two streams.

    What it prints comes from the person's seat's side only: the table from
    ``state.view(seat)``, what happened from the moves' events as ``event.seen_by(seat)``
    gives them (the seat filter a server uses too), so a bot's face-down discard is printed
    as a count and no hidden card can reach the screen. The state is used to move on."""

    def __init__(self, state: GameState, seat: int, bots: dict[int, Bot], rng: random.Random,
                 input_stream: TextIO, output_stream: TextIO) -> None:
        self.state = state
        self.seat = seat
        self.bots = bots
        self.rng = rng
        self.input = input_stream
        self.output = output_stream
        self.variant: Variant = state.table.variant
        self.tables = state.table.trump_tables
        """The trump tables of the game (rules everyone knows), for showing a hand by suit."""

    @property
    def view(self) -> PlayerView:
        """What the person's seat may know now."""
        return self.state.view(self.seat)

    # -- output helpers ---------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.output.write(text + "\n")
        self.output.flush()

    def seat_name(self, seat: int) -> str:
        return f"seat {seat} (you)" if seat == self.seat else f"seat {seat}"

    @property
    def partners(self) -> bool:
        return self.state.table.sides < self.state.players

    def side_name(self, side: int) -> str:
        side_of = self.state.table.side_of
        seats = [seat for seat in range(self.state.players) if side_of[seat] == side]
        mine = " (you)" if side_of[self.seat] == side else ""
        if self.partners:
            return f"side {side} (seats {'+'.join(map(str, seats))}){mine}"
        return f"seat {seats[0]}{mine}"

    def scores_text(self, scores: Sequence[int]) -> str:
        return ", ".join(f"{self.side_name(side)}: {score}" for side, score in enumerate(scores))

    def show_table(self) -> None:
        """The table as the person's seat sees it, then its moves (a discard or a partner
        call as what to type, not as every choice)."""
        view = self.view
        self.say()
        self.say(f"== {self.variant.name} == hand {len(view.hand_results) + 1}, "
                 f"{self.variant.going_out.goal(view.players)}")
        self.say(f"Scores: {self.scores_text(view.scores)}")
        self.say(f"Dealer: {self.seat_name(view.dealer)}")
        if view.bids:
            self.say("Auction: " + ", ".join(
                f"{self.seat_name(seat)} {'pass' if bid is None else f'bid {bid}'}{' blind' * (seat in view.blind)}"
                for seat, bid in view.bids))
        elif view.phase is Phase.BIDDING:
            self.say("Auction: no bids yet")
        if view.bidder is not None:
            label = "High bid" if view.phase is Phase.BIDDING else "Bidder"
            self.say(f"{label}: {self.seat_name(view.bidder)} bid {view.bid}")
        if view.called is not None:
            self.say(f"Called card: {view.called} ({self.partner_text(view)})")
        if isinstance(self.variant.trump, NoTrump):
            if view.phase in (Phase.CALLING, Phase.PLAYING):
                self.say(f"Call: {view.call.upper() if view.call else 'not yet made'}")
        else:
            self.say(f"Trump: {view.trump if view.trump is not None else 'not yet known'}")
        if view.upcards:
            self.say("Face up: " + " ".join(str(card) for card in view.upcards))
        if view.tricks:
            taken: dict[int, int] = {}
            for _, _, winner in view.tricks:
                taken[winner] = taken.get(winner, 0) + 1
            self.say("Tricks taken: " + ", ".join(
                f"{self.seat_name(seat)}: {count}" for seat, count in sorted(taken.items())))
        if view.phase is Phase.PLAYING or view.trick:
            if view.trick:
                self.say("Trick: " + ", ".join(
                    f"{self.seat_name(seat)}: {card}{' (called)' if card == view.called else ''}"
                    for seat, card in view.trick))
            else:
                self.say("Trick: you lead")
        if view.gift:
            self.say("You were given: " + " ".join(str(card) for card in view.gift))
        unseen = "(not dealt yet: blind bids come first)" if view.phase is Phase.BIDDING else "(empty)"
        self.say(f"Your hand (seat {self.seat}): " + (cards_text(view.hand, self.tables, view.trump) or unseen))
        self.say(f"Phase: {view.phase.value}. Your moves:")
        self.list_moves(view.legal_moves)

    def partner_text(self, view: PlayerView) -> str:
        """Who holds the called card, as far as the person's seat may know (``view.partner``)."""
        bidder = "the bidder" if view.bidder is None else self.seat_name(view.bidder)
        if view.partner is None:
            return "its holder, the partner, is not known yet"
        if view.partner == self.seat:
            return f"you hold it: you are the partner of {bidder}"
        return f"held by {self.seat_name(view.partner)}, the partner of {bidder}"

    def list_moves(self, legal: Sequence[Move], every: bool = False) -> None:
        """The numbered moves; discards and partner calls, which run to dozens or hundreds,
        only as what to type unless ``every`` (``?``) asks for them all."""
        typed = {kind: [move for move in legal if move.kind == kind] for kind in TYPED}
        for number, move in enumerate(legal, 1):
            if every or move.kind not in TYPED:
                self.say(f"  {number:2}) {move}")
        if every:
            return
        discards, calls = typed["discard"], typed["partner"]
        if discards:
            counts = sizes(discards)
            instance = example(discards, "discard")
            self.say(f"  Discard {count_text(counts)}: type them in any order"
                     + (f" (e.g. {instance})" if instance else "") + (", or 'none'" if 0 in counts else "")
                     + f"; '?' lists all {len(discards)} choices.")
        if calls:
            self.say(f"  Call your partner: type a card you do not hold (e.g. {example(calls, 'partner')}); "
                     f"'?' lists all {len(calls)} choices.")

    # -- input ------------------------------------------------------------------------

    def read(self, prompt: str) -> str:
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.say()
            self.say("End of input: leaving the game. Goodbye.")
            raise _Quit
        return line.strip()

    def parse_entry(self, entry: str, legal: Sequence[Move]) -> Move:
        """The move ``entry`` means (a listed number, move text or shorthand); ValueError says why not."""
        if not entry:
            raise ValueError("empty entry: type the number of a listed move or its text (e.g. 'play JH')")
        if entry.isdigit():
            number = int(entry)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            raise ValueError(f"{entry} is not a number of a listed move (1-{len(legal)})")
        words = entry.split()
        kinds = {move.kind for move in legal}
        first = words[0].lower()
        if "discard" in kinds and (first == "discard" or first not in KINDS):
            try:
                return typed_discard(entry)
            except ValueError as error:
                raise ValueError(f"{error}: type the cards to discard, e.g. {example(legal, 'discard')}") from None
        if "partner" in kinds and len(words) == 1 and first not in KINDS:
            try:
                return Move("partner", parse_card(words[0]))
            except ValueError as error:
                raise ValueError(f"{error}: type the card to call, e.g. {example(legal, 'partner')}") from None
        if len(words) == 1 and self.state.phase is Phase.PLAYING:
            try:
                return Move("play", parse_card(words[0]))
            except ValueError:
                pass
        if len(words) == 1 and self.state.phase is Phase.CALLING:
            call = {"h": "high", "l": "low"}.get(words[0].lower(), words[0].lower())
            if call in ("high", "low"):
                return Move("call", call)
        if len(words) == 1 and self.state.phase is Phase.NAMING_TRUMP and len(words[0]) == 1:
            try:
                return Move("trump", parse_suit(words[0]))
            except ValueError:
                pass
        return parse_move(entry)  # InvalidMove (a ValueError) says what is wrong

    def refusal(self, move: Move, legal: Sequence[Move]) -> str | None:
        """Why a typed discard or partner call is not legal, in the person's terms (cards not
        in their hand, how many to discard); None where the engine's reason is the one to give."""
        view = self.view
        hand = mask_of(card.index for card in view.hand)
        if move.kind == "discard":
            problem = discard_problem(move, hand, legal)
            if problem is None:
                return None
            return f"{problem} (your hand: {cards_text(view.hand, self.tables, view.trump)})"
        if move.kind == "partner":
            return partner_problem(move, hand, legal)
        return None

    def human_move(self) -> None:
        legal = self.view.legal_moves
        if len(legal) == 1:  # forced (an empty discard too): made at once, told in one line
            (move,) = legal
            why = "nothing to discard" if move == Move("discard", 0) else "your only legal move"
            self.advance(*apply_with_events(self.state, move, seat=self.seat), note=why)
            return
        self.show_table()
        while True:
            entry = self.read("Your move (number or text; 'help' shows the table, '?' every move, "
                              "'quit' leaves): ")
            lowered = entry.lower()
            if lowered in QUIT_WORDS:
                self.say("You left the game. Goodbye.")
                raise _Quit
            if lowered in HELP_WORDS:
                self.show_table()
                continue
            if lowered in LIST_WORDS:
                self.list_moves(legal, every=True)
                continue
            try:
                move = self.parse_entry(entry, legal)
                reason = self.refusal(move, legal)
                if reason is not None:
                    raise _Refused(reason)
                moved = apply_with_events(self.state, move, seat=self.seat)
            except _Refused as error:
                self.say(f"Not allowed: {printable(str(error))}")
                continue
            except InvalidMove as error:
                self.say(f"Not understood: {printable(str(error))}")
                continue
            except IllegalMove as error:
                self.say(f"Not allowed: {printable(str(error))}")
                continue
            except ValueError as error:
                self.say(f"Not understood: {printable(str(error))}")
                continue
            self.advance(*moved)
            return

    # -- the game ---------------------------------------------------------------------

    def bot_move(self, seat: int) -> None:
        view = self.state.view(seat)
        move = self.bots[seat].choose(view, view.legal_moves, self.rng)
        self.advance(*apply_with_events(self.state, move, seat=seat))

    def advance(self, new: GameState, events: Sequence[Event], note: str = "") -> None:
        """Move on to ``new`` and tell what happened, as the person's seat sees it (``note``:
        why the person's move was made for them)."""
        before = self.view
        self.state = new
        seen = [event.seen_by(self.seat) for event in events]
        named = any(isinstance(event, MoveMade) and event.move.kind == "trump" for event in seen)
        for event in seen:
            self.tell(event, before, named, note)
        if not any(isinstance(event, NewDeal | GameOver) for event in seen):
            self.report_draw(before, self.view, before.to_move)

    def tell(self, event: Event, before: PlayerView, named: bool, note: str = "") -> None:
        """One event, as the person's seat sees it (``before``: its view before the move;
        ``note``: why the person's own move was made for them)."""
        if isinstance(event, MoveMade):
            why = f" ({note})" if note and event.seat == self.seat else ""
            self.say(f"{self.seat_name(event.seat)} {event.move.describe(event.phase)}{why}"
                     + self.partner_news(event, before))
        elif isinstance(event, CardsDiscarded):
            self.say(f"{self.seat_name(event.seat)} discards {_count(event.count)}")
        elif isinstance(event, AuctionWon):
            self.say(f"  {self.seat_name(event.bidder)} wins the auction at {event.bid}.")
        elif isinstance(event, TrickWon):
            self.say(f"  {self.seat_name(event.trick.taker)} takes the trick.")
        elif isinstance(event, TrumpSet) and not named:  # (a named trump is in the move already)
            self.say(f"  Trump is {event.suit}.")
        elif isinstance(event, HandScored):
            self.report_hand(event.result, event.scores)
        elif isinstance(event, NewDeal) and event.thrown_in:
            why = ("A worthless hand" if before.phase is Phase.DEALING else "The pack ran out"
                   if before.upcards else "A hand holds no trump"  # (deal.worthless: no-trump, thrown in at once)
                   if before.phase in (Phase.NAMING_TRUMP, Phase.DISCARDING) else "Everyone passed")
            self.say(f"{why}: the hand is thrown in and {self.seat_name(event.dealer)} deals again.")
            self.announce_deal()
        elif isinstance(event, NewDeal):
            self.announce_deal()

    def partner_news(self, event: MoveMade, before: PlayerView) -> str:
        """What a move tells the person of the called partner: that they are it (the call
        names a card they hold: their view's ``partner`` says so), or who is (the called card
        is played)."""
        bidder = "the bidder" if before.bidder is None else self.seat_name(before.bidder)
        if event.move.kind == "partner" and self.view.partner == self.seat:
            return f": you hold it, so you are the partner of {bidder} this hand"
        if (event.move.kind == "play" and before.called is not None and before.partner is None
                and event.move.arg == before.called.index):
            return f", the called card: {self.seat_name(event.seat)} is the partner of {bidder}"
        return ""

    def report_draw(self, before: PlayerView, after: PlayerView, seat: int | None) -> None:
        """Cards the mover drew from the stock during the exchange: shown to the person if it
        was them (its view's new cards), counted for anyone else (its hand's size)."""
        if seat is None or before.phase is not Phase.DISCARDING:
            return
        if seat == self.seat:
            drawn = [card for card in after.hand if card not in before.hand]
            if drawn:
                self.say(f"  You drew: {' '.join(map(str, drawn))}")
            return
        discarded = after.discard_counts[seat] - before.discard_counts[seat]
        count = after.hand_sizes[seat] - before.hand_sizes[seat] + discarded
        if count > 0:
            self.say(f"  {self.seat_name(seat)} draws {count}")

    def announce_deal(self) -> None:
        view = self.view
        if view.phase is Phase.GAME_OVER:
            return
        self.say()
        self.say(f"-- Hand {len(view.hand_results) + 1}: {self.seat_name(view.dealer)} deals. "
                 f"Scores: {self.scores_text(view.scores)}")

    def report_hand(self, result: HandResult, scores: Sequence[int]) -> None:
        self.say()
        if result.bidder is not None:
            made = {True: "made it", False: "was set", None: "-"}[result.made]
            partner = "" if result.partner is None else f" with {self.seat_name(result.partner)} as partner"
            self.say(f"Hand over: {self.seat_name(result.bidder)} bid {result.bid}{partner} and {made}.")
        else:
            self.say("Hand over.")
        for line in self.award_lines(result):
            self.say(f"  {line}")
        for seat in result.reneges:  # (play: {renege: N}: found when the hand ended, already in the changes)
            self.say(f"  {self.seat_name(seat)} reneged: -{result.renege_penalty}")
        if any(isinstance(point, CardValues) for point in self.variant.points):
            self.say("  Card points: " + ", ".join(
                f"{self.side_name(side)}: {count}" for side, count in enumerate(result.game_pips)))
        self.say("  Changes: " + ", ".join(
            f"{self.side_name(side)}: {change:+d}" for side, change in enumerate(result.delta)))
        self.say(f"  Scores: {self.scores_text(scores)}")

    def award_lines(self, result: HandResult) -> list[str]:
        """One line per award: the card that decided it (``result.decided_by``: its holder,
        and who took it if another seat did), Game's count of pips, and who scored it:
        ``High: AH (seat 2) -> seat 2``, ``Jack: JH (seat 3) taken by seat 1 -> seat 1``,
        ``Game: 23 to 19 pips -> side 0 (seats 0+2)``. Nothing is judged again here."""
        decided = result.decided_by
        counting = next((point for point in self.variant.points if isinstance(point, Game | CardValues)), None)
        teams = self.called_teams(result)
        lines = []
        for name, side in result.awards.items():
            label = printable(" ".join(word.capitalize() for word in name.split("-")))
            winner = "nobody" if side is None else teams[side] if teams else self.side_name(side)
            decision = decided.get(name)
            if decision is not None:
                taken = ("" if decision.taker in (None, decision.seat)
                         else f" taken by {self.who(decision.taker)}")
                lines.append(f"{label}: {decision.card} ({self.who(decision.seat)}){taken} -> {winner}")
            elif isinstance(counting, Game) and name == counting.name and any(result.game_pips):
                lines.append(f"{label}: {self.pips_text(result, side, teams)} pips -> {winner}")
            else:
                lines.append(f"{label}: {winner}")
        return lines

    def called_teams(self, result: HandResult) -> dict[int, str]:
        """A call-your-partner hand's two teams by the sides ``result`` reports their awards
        under (the bidder's side, the first defender's: ``components.scoring``): ``seat 1 and
        seat 3`` and ``the defenders``; empty for any other hand."""
        if result.bidder is None or getattr(self.variant.auction, "partner", "none") == "none":
            return {}
        side_of = self.state.table.side_of
        bidders = {side_of[result.bidder]} | (set() if result.partner is None else {side_of[result.partner]})
        names = {side: "the defenders" for side in range(len(result.delta)) if side not in bidders}
        team = self.seat_name(result.bidder) + ("" if result.partner is None
                                               else f" and {self.seat_name(result.partner)}")
        return names | {side: team for side in bidders}

    def pips_text(self, result: HandResult, side: int | None, teams: dict[int, str]) -> str:
        """Game's count: the winner's pips first (``23 to 19``), then the others' from the
        most; a called-partner hand's two teams once each."""
        counts = list(result.game_pips)
        if teams:  # (every seat of a team reports the team's count: each team once, the winner first)
            names = sorted(dict.fromkeys(teams.values()), key=lambda name: side is None or teams[side] != name)
            counts = [counts[min(other for other in teams if teams[other] == name)] for name in names]
        else:
            first = [] if side is None else [counts.pop(side)]
            counts = first + sorted(counts, reverse=True)
        return f"{counts[0]} to {', '.join(map(str, counts[1:]))}" if len(counts) > 1 else str(counts[0])

    def who(self, seat: int) -> str:
        """A seat in a line about it: ``you`` for the person's own."""
        return "you" if seat == self.seat else f"seat {seat}"

    def play(self) -> int:
        view = self.view
        self.say(f"{printable(self.variant.name)}: {printable(self.variant.description)}")
        self.say(f"{view.players} players, seed {self.state.seed}; you are seat {self.seat}"
                 + (f", partner of seat(s) {', '.join(map(str, self.partner_seats()))}" if self.partners else "")
                 + ".")
        self.say("Bots: " + ", ".join(f"seat {seat} {printable(str(getattr(bot, 'name', type(bot).__name__)))}"
                                     for seat, bot in sorted(self.bots.items())))
        self.announce_deal()
        try:
            while not self.state.is_over:
                seat = self.state.to_move
                assert seat is not None
                if seat == self.seat:
                    self.human_move()
                else:
                    self.bot_move(seat)
        except _Quit:
            return 0
        view = self.view
        winners = view.winners
        self.say()
        self.say(f"Game over. Final scores: {self.scores_text(view.scores)}")
        names = " and ".join(self.side_name(side) for side in winners)
        if not winners:
            self.say("Winner: nobody")
        elif view.side_of[self.seat] in winners:
            self.say(f"Winner{'s' if len(winners) > 1 else ''}: {names}. You win!")
        else:
            self.say(f"Winner{'s' if len(winners) > 1 else ''}: {names}. You lose.")
        return 0

    def partner_seats(self) -> list[int]:
        side_of = self.state.table.side_of
        return [seat for seat in range(self.state.players)
                if seat != self.seat and side_of[seat] == side_of[self.seat]]


def _count(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def make_session(variant: Variant | str, seat: int, bots: str | Sequence[str], seed: int | None,
                 players: int | None, input_stream: TextIO, output_stream: TextIO) -> Session:
    """Check the options and deal the game; ValueError says what is wrong."""
    if not isinstance(variant, Variant):
        variant = load_variant(variant)
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    state = new_game(variant, players=players, seed=seed, dealer=0)
    count = state.players
    if not 0 <= seat < count:
        raise ValueError(f"--seat must be a seat from 0 to {count - 1}, not {seat}")
    names = [part.strip() for part in bots.split(",")] if isinstance(bots, str) else [str(b) for b in bots]
    others = [other for other in range(count) if other != seat]
    if len(names) == 1:
        names *= len(others)
    elif len(names) == count:
        names = [name for other, name in enumerate(names) if other != seat]
    if len(names) != len(others):
        raise ValueError(f"--bots gives {len(names)} names: give one name for every bot, or one per other "
                         f"seat ({len(others)}) in seat order")
    table = {other: bot_by_name(name, variant) for other, name in zip(others, names, strict=True)}
    return Session(state, seat, table, random.Random(f"{seed}/bots"), input_stream, output_stream)


def run_play(variant: Variant | str, seat: int = 0, bots: str | Sequence[str] = "heuristic",
             seed: int | None = None, players: int | None = None, input_stream: TextIO | None = None,
             output_stream: TextIO | None = None, error_stream: TextIO | None = None) -> int:
    """Play one game at a terminal (or any pair of text streams); returns the exit status.

    Bad options print one line on ``error_stream`` (default: ``output_stream``) and return 2;
    ``quit``, end of input and the end of the game return 0.
    """
    input_stream = sys.stdin if input_stream is None else input_stream
    output_stream = sys.stdout if output_stream is None else output_stream
    error_stream = output_stream if error_stream is None else error_stream
    try:
        session = make_session(variant, seat, bots, seed, players, input_stream, output_stream)
    except (VariantError, ValueError, OSError) as error:
        error_stream.write(f"pitchcore play: {error}\n")
        error_stream.flush()
        return 2
    try:
        return session.play()
    except KeyboardInterrupt:
        output_stream.write("\nInterrupted: leaving the game.\n")
        return 130
    except BrokenPipeError:
        return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``play`` command's options."""
    parser.add_argument("--variant", default="auction-pitch", help="bundled variant name or YAML file")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0; seat 0 is the first dealer)")
    parser.add_argument("--bots", default="heuristic",
                        help="the other seats' bots: one name for all, or a comma list in seat order "
                             "(random, heuristic, search, search:N, jacks, or module:Class for a bot class of "
                             "your own, imported from the current folder or PYTHONPATH; default heuristic)")
    parser.add_argument("--seed", type=int, default=None, help="deal seed (default: a random one, printed)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the variant's)")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add the ``play`` command to ``pitchcore``'s subcommands (its ``run`` is ``args.run``)."""
    parser = subparsers.add_parser("play", help="play a game at the terminal against bots")
    add_arguments(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the ``play`` command on standard input and output (bot modules are also looked for
    in the current folder)."""
    search_current_folder()
    return run_play(args.variant, args.seat, args.bots, args.seed, args.players, sys.stdin, sys.stdout,
                    sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pitchcore play", description="Play a game of Pitch against bots.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
