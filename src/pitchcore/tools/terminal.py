"""The ``play`` command: a person at a terminal against bots.

Before each of the person's moves the table is shown (variant, scores, dealer, auction,
trump or the trick's call, the trick in progress, the person's hand) with the numbered
legal moves. A move is entered by its number or its text (``bid 2``, ``play JH``; a bare
card such as ``10h`` or a joker, ``HJ`` or ``LJ``, plays it, a bare suit letter names
trump, ``high``/``low`` or ``h``/``l`` makes a trick's call). ``quit`` or the end of input
leaves the game. The hand is shown grouped by suit, low to high; once trump is known, the
trump group holds the jick and the jokers where they rank. Everything reads from and
writes to the streams given, so tests drive it with StringIO.
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
from ..model.cards import SUITS, Card, card_text, cards_in, parse_card, parse_suit
from ..model.errors import IllegalMove, InvalidMove, VariantError
from ..model.moves import Move, parse_move
from ..model.phase import Phase
from ..model.results import HandResult
from ..model.state import GameState
from ..model.text import printable
from .simulate import bot_by_name

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "moves")


class _Quit(Exception):
    """The person left (``quit`` or end of input)."""


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
        view = self.view
        self.say()
        self.say(f"== {self.variant.name} == hand {len(view.hand_results) + 1}, "
                 f"{self.variant.going_out.goal(view.players)}")
        self.say(f"Scores: {self.scores_text(view.scores)}")
        self.say(f"Dealer: {self.seat_name(view.dealer)}")
        if view.bids:
            self.say("Auction: " + ", ".join(
                f"{self.seat_name(seat)} {'pass' if bid is None else f'bid {bid}'}" for seat, bid in view.bids))
        elif view.phase is Phase.BIDDING:
            self.say("Auction: no bids yet")
        if view.bidder is not None:
            label = "High bid" if view.phase is Phase.BIDDING else "Bidder"
            self.say(f"{label}: {self.seat_name(view.bidder)} bid {view.bid}")
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
                self.say("Trick: " + ", ".join(f"{self.seat_name(seat)}: {card}" for seat, card in view.trick))
            else:
                self.say("Trick: you lead")
        if view.gift:
            self.say("You were given: " + " ".join(str(card) for card in view.gift))
        self.say(f"Your hand (seat {self.seat}): " + (cards_text(view.hand, self.tables, view.trump) or "(empty)"))
        self.say(f"Phase: {view.phase.value}. Your moves:")
        for number, move in enumerate(view.legal_moves, 1):
            self.say(f"  {number:2}) {move}")

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

    def human_move(self) -> None:
        self.show_table()
        legal = self.view.legal_moves
        while True:
            entry = self.read("Your move (number or text; 'help' shows the table, 'quit' leaves): ")
            lowered = entry.lower()
            if lowered in QUIT_WORDS:
                self.say("You left the game. Goodbye.")
                raise _Quit
            if lowered in HELP_WORDS:
                self.show_table()
                continue
            try:
                move = self.parse_entry(entry, legal)
                moved = apply_with_events(self.state, move, seat=self.seat)
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

    def advance(self, new: GameState, events: Sequence[Event]) -> None:
        """Move on to ``new`` and tell what happened, as the person's seat sees it."""
        before = self.view
        self.state = new
        seen = [event.seen_by(self.seat) for event in events]
        named = any(isinstance(event, MoveMade) and event.move.kind == "trump" for event in seen)
        for event in seen:
            self.tell(event, before, named)
        if not any(isinstance(event, NewDeal | GameOver) for event in seen):
            self.report_draw(before, self.view, before.to_move)

    def tell(self, event: Event, before: PlayerView, named: bool) -> None:
        """One event, as the person's seat sees it (``before``: its view before the move)."""
        if isinstance(event, MoveMade):
            self.say(f"{self.seat_name(event.seat)} {event.move.describe(event.phase)}")
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
                   if before.upcards else "Everyone passed")
            self.say(f"{why}: the hand is thrown in and {self.seat_name(event.dealer)} deals again.")
            self.announce_deal()
        elif isinstance(event, NewDeal):
            self.announce_deal()

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
        awards = ", ".join(f"{name}: {'nobody' if side is None else self.side_name(side)}"
                           for name, side in result.awards.items())
        self.say(f"  Points: {awards}")
        if any(isinstance(point, CardValues) for point in self.variant.points):
            self.say("  Card points: " + ", ".join(
                f"{self.side_name(side)}: {count}" for side, count in enumerate(result.game_pips)))
        self.say("  Changes: " + ", ".join(
            f"{self.side_name(side)}: {change:+d}" for side, change in enumerate(result.delta)))
        self.say(f"  Scores: {self.scores_text(scores)}")

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
