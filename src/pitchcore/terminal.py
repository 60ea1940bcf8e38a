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
from collections.abc import Sequence
from typing import TextIO

from .bots.base import Bot
from .bots.loading import search_current_folder
from .cards import card_text, cards_in, parse_card, parse_suit
from .components.card_values import CardValues
from .components.no_trump import NoTrump
from .components.trump import NO_TRUMP
from .engine import new_game
from .errors import IllegalMove, InvalidMove, VariantError
from .loader import load_variant
from .moves import Move, parse_move
from .simulate import bot_by_name
from .state import GameState, Phase
from .variant import Variant

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "moves")


class _Quit(Exception):
    """The person left (``quit`` or end of input)."""


def hand_text(state: GameState, seat: int) -> str:
    """``seat``'s hand grouped by effective suit (clubs to spades, then cards of no suit: the
    jokers before trump is known), each group low to high: ``2C 5C | AH | HJ``. Once trump is
    known the trump group holds the jick and the jokers where they rank (``HJ 2H 7H AH``)."""
    trump = state.info.trump
    tables = state.table.tables
    suit = tables.suit[NO_TRUMP if trump is None else trump]
    order = tables.order[NO_TRUMP if trump is None else trump]
    groups: dict[int, list[int]] = {}
    for card in cards_in(state.masks[seat]):
        groups.setdefault(suit[card], []).append(card)
    return " | ".join(" ".join(card_text(card) for card in sorted(groups[key], key=order.__getitem__))
                      for key in sorted(groups))


class Session:
    """One game at the terminal: the state, the bots and the two streams."""

    def __init__(self, state: GameState, seat: int, bots: dict[int, Bot], rng: random.Random,
                 input_stream: TextIO, output_stream: TextIO) -> None:
        self.state = state
        self.seat = seat
        self.bots = bots
        self.rng = rng
        self.input = input_stream
        self.output = output_stream
        self.variant: Variant = state.table.variant

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

    def scores_text(self) -> str:
        return ", ".join(f"{self.side_name(side)}: {score}" for side, score in enumerate(self.state.scores))

    def show_table(self) -> None:
        state = self.state
        view = state.view(self.seat)
        self.say()
        self.say(f"== {self.variant.name} == hand {len(state.hand_results) + 1}, "
                 f"{self.variant.going_out.goal(state.players)}")
        self.say(f"Scores: {self.scores_text()}")
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
        self.say(f"Your hand (seat {self.seat}): " + (hand_text(state, self.seat) or "(empty)"))
        self.say(f"Phase: {view.phase.value}. Your moves:")
        for number, move in enumerate(state.legal_moves(), 1):
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
        legal = self.state.legal_moves()
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
                new = self.state.apply(move)
            except InvalidMove as error:
                self.say(f"Not understood: {error}")
                continue
            except IllegalMove as error:
                self.say(f"Not allowed: {error}")
                continue
            except ValueError as error:
                self.say(f"Not understood: {error}")
                continue
            self.say(f"{self.seat_name(self.seat)} {move.describe(self.state.phase)}")
            self.advance(new, self.seat)
            return

    # -- the game ---------------------------------------------------------------------

    def bot_move(self, seat: int) -> None:
        state = self.state
        view = state.view(seat)
        legal = view.legal_moves
        move = self.bots[seat].choose(view, legal, self.rng)
        self.say(f"{self.seat_name(seat)} {move.describe(state.phase)}")
        self.advance(state.apply(move), seat)

    def advance(self, new: GameState, seat: int) -> None:
        """Move on to ``new`` (after ``seat``'s move), telling what happened besides the move."""
        old = self.state
        self.state = new
        if new.deal_number == old.deal_number:
            self.report_draw(old, new, seat)
        if len(new.hand_results) > len(old.hand_results):
            self.report_hand()
        elif new.deal_number != old.deal_number:
            why = "A worthless hand" if old.phase is Phase.DEALING else "Everyone passed"
            self.say(f"{why}: the hand is thrown in and {self.seat_name(new.dealer)} deals again.")
            self.announce_deal()
        elif len(new.done_tricks) > len(old.done_tricks):
            self.say(f"  {self.seat_name(new.done_tricks[-1][2])} takes the trick.")
        elif old.trump is None and new.trump is not None and old.phase is not Phase.NAMING_TRUMP:
            self.say(f"  Trump is {new.trump}.")

    def report_draw(self, old: GameState, new: GameState, seat: int) -> None:
        """Cards drawn from the stock (shown to their owner, counted for the others)."""
        before, after = old.masks[seat], new.masks[seat]
        drawn = after & ~before
        if not drawn or old.phase is not Phase.DISCARDING:
            return
        if seat == self.seat:
            cards = [str(card) for card in new.hands[seat] if drawn >> card.index & 1]
            self.say(f"  You drew: {' '.join(cards)}")
        else:
            self.say(f"  {self.seat_name(seat)} draws {drawn.bit_count()}")

    def announce_deal(self) -> None:
        state = self.state
        if state.is_over:
            return
        self.say()
        self.say(f"-- Hand {len(state.hand_results) + 1}: {self.seat_name(state.dealer)} deals. "
                 f"Scores: {self.scores_text()}")

    def report_hand(self) -> None:
        state = self.state
        result = state.hand_results[-1]
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
        self.say(f"  Scores: {self.scores_text()}")
        self.announce_deal()

    def play(self) -> int:
        state = self.state
        self.say(f"{self.variant.name}: {self.variant.description}")
        self.say(f"{state.players} players, seed {state.seed}; you are seat {self.seat}"
                 + (f", partner of seat(s) {', '.join(map(str, self.partner_seats()))}" if self.partners else "")
                 + ".")
        self.say("Bots: " + ", ".join(f"seat {seat} {getattr(bot, 'name', type(bot).__name__)}"
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
        winners = self.state.winners
        self.say()
        self.say(f"Game over. Final scores: {self.scores_text()}")
        names = " and ".join(self.side_name(side) for side in winners)
        if not winners:
            self.say("Winner: nobody")
        elif self.state.table.side_of[self.seat] in winners:
            self.say(f"Winner{'s' if len(winners) > 1 else ''}: {names}. You win!")
        else:
            self.say(f"Winner{'s' if len(winners) > 1 else ''}: {names}. You lose.")
        return 0

    def partner_seats(self) -> list[int]:
        side_of = self.state.table.side_of
        return [seat for seat in range(self.state.players)
                if seat != self.seat and side_of[seat] == side_of[self.seat]]


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
