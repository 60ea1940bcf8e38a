"""Hand histories: a whole game as text people can read, as PGN is for chess.

A history is the game's tags (variant, seats, seed, first dealer, ...) followed by its
hands: each hand's header, the cards dealt, then the moves a line per stage (the auction,
trump, each discard, each trick), every move written as its seat and its text
(``3 bid 2``, ``0 play AH``). Annotations for people sit in braces (``{seat 0 takes it}``)
and anything after a ``;`` is a comment: ``read`` skips both and replays only the moves,
so the file is the game itself. ``docs/history.md`` describes the format with an example.

``write(state)`` gives the complete history (every card: the server's copy) and
``write(state, seat=N)`` what seat N saw (for its client); ``read(text)`` replays a
complete history to an equal state and refuses anything else with a ``HistoryError``
that names the line and what was expected there. ``read`` takes untrusted text: it is
bounded in size and moves, loads only bundled variants or the rules embedded in the
text, and never opens a file.

A tag's value is one line of printable characters, for ``read`` and ``write`` alike
(``_tag_problem``): a name, an event or a date is shown to people (``pitchcore replay``,
a server's list of games), where a control character, a line break or a bidi control
could forge a line or reorder the text, and a lone surrogate could not be printed at all.
Every ``HistoryError`` message is one printable line too: where it quotes the text, it
quotes it short and escaped (``\\x1b``).
"""

from __future__ import annotations

import datetime
import os
import re
import unicodedata
from collections.abc import Iterator, Sequence

import attrs

from ..components.variant import Variant
from ..game.engine import new_game
from ..game.events import (
    AuctionWon,
    CardsDiscarded,
    Event,
    HandScored,
    MoveMade,
    NewDeal,
    TrickWon,
    TrumpSet,
    events_between,
)
from ..loading.loader import bundled_variants, load_variant, load_variant_text
from ..model.cards import card_text, cards_in, mask_of, mask_text, parse_cards
from ..model.errors import IllegalMove, InvalidMove, PitchcoreError, VariantError
from ..model.moves import KINDS, Move, parse_move
from ..model.phase import Phase
from ..model.results import winners_text
from ..model.state import GameState, seat_of
from ..model.text import printable, shown

__all__ = ["EXTENSION", "MOVES_LIMIT", "TEXT_LIMIT", "History", "HistoryError", "narrate", "read", "read_file",
           "read_game", "read_tags", "write"]

EXTENSION = ".txt"
"""The file extension of a saved history (plain text: any editor opens it, and a bug
report may attach it)."""
TEXT_LIMIT = 5_000_000
"""The most characters ``read`` takes (a long game's history is a few hundred thousand)."""
MOVES_LIMIT = 100_000
"""The most moves ``read`` replays (a game of a few hundred hands makes about ten thousand)."""
TAG_LIMIT = 200
"""The most characters of a name, an event or a date (tags are one short line each)."""

_RESULT = "result"
_IN_PROGRESS = "in progress"


class HistoryError(PitchcoreError, ValueError):
    """Text ``read`` cannot take for a history; the message starts with the line
    (``line 12: ...``) and says what was expected there. It is one printable line whatever
    the text held (anything unprintable in it escaped), so a server may log it or show it."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(printable(message if line is None else f"line {line}: {message}"))
        self.line = line
        """The line of the text at fault (1 is the first), None for the text as a whole."""


@attrs.frozen
class History:
    """A history read back: the game and the tags that are not part of it."""

    state: GameState
    """The game, replayed to where the history ends."""
    names: tuple[str, ...] | None
    """Each seat's name (``SeatN`` tags), None where the history names nobody."""
    date: str | None
    """The ``Date`` tag as written (``2026.11.24``)."""
    event: str | None
    """The ``Event`` tag: where or what the game was played for."""
    tags: tuple[tuple[str, str], ...]
    """Every tag as written, in order: (name, value)."""


# -- writing ----------------------------------------------------------------------------


def write(state: GameState, *, names: Sequence[str] | None = None, date: datetime.date | str | None = None,
          event: str | None = None, seat: int | None = None) -> str:
    """The game of ``state`` as a history: tags, then each hand's deal and moves.

    ``read`` gives back an equal state. With ``seat``, only what that seat saw: its own
    cards, other seats' discards as a count, no seed and no stacked deal (the seed
    reveals every hand), for sending to that seat's client; ``read`` refuses such a view
    (``read_tags`` reads its tags). ``names`` (one per seat), ``date`` and ``event`` are
    written as tags; a name or an event is one line of at most ``TAG_LIMIT`` characters.
    """
    viewer = None if seat is None else seat_of(seat, state.players)
    lines = _tags(state, names, date, event, viewer)
    if _embeds_rules(state.variant):
        lines.append("; the rules in full, as YAML: no bundled variant has them")
        lines += ["|" + (" " + line if line else "") for line in state.variant.to_yaml().splitlines()]
    lines += _Writer(viewer).hands(state)
    return "\n".join(lines) + "\n"


def _tags(state: GameState, names: Sequence[str] | None, date: datetime.date | str | None,
          event: str | None, viewer: int | None) -> list[str]:
    start = state.start
    tags: list[tuple[str, str]] = []
    if event is not None:
        tags.append(("Event", _checked(event, "event")))
    if date is not None:
        text = f"{date.year:04d}.{date.month:02d}.{date.day:02d}" if isinstance(date, datetime.date) else date
        tags.append(("Date", _checked(text, "date")))
    tags += [("Variant", _checked(state.variant.name, "the variant's name")), ("Players", str(state.players))]
    if viewer is None:
        tags.append(("Seed", str(state.seed)))
    tags.append(("Dealer", str(start.dealer)))
    if start.scores is not None:
        tags.append(("Scores", " ".join(map(str, start.scores))))
    if names is not None:
        if isinstance(names, str) or len(names) != state.players:
            raise ValueError(f"names needs one name per seat ({state.players})")
        tags += [(f"Seat{seat}", _checked(name, f"names[{seat}]")) for seat, name in enumerate(names)]
    if viewer is None and start.hands is not None:
        tags.append(("Stacked", "|".join(" ".join(hand) for hand in start.hands)))
    if viewer is None and start.stock is not None:
        tags.append(("Stock", " ".join(start.stock)))
    if viewer is not None:
        tags.append(("Viewer", str(viewer)))
    tags.append(("Result", _result(state)))
    return [f'[{name} "{_escape(value)}"]' for name, value in tags]


def _checked(value: object, what: str) -> str:
    """A tag's text given to ``write``, refused (``ValueError``) where ``read`` would refuse it."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {type(value).__name__}")
    problem = _tag_problem(value)
    if problem is not None:
        raise ValueError(f"{what} must be {_TAG_RULE}: {shown(value)} {problem}")
    return value


_TAG_RULE = f"one line of at most {TAG_LIMIT} printable characters"
"""What ``_tag_problem`` asks of a tag's value, for the messages."""
_UNLIMITED = ("Stacked", "Stock", "Scores")
"""The tags whose values may be longer than ``TAG_LIMIT`` (a stacked deal names every card)."""


def _tag_problem(value: str, *, limited: bool = True) -> str | None:
    """What is wrong with ``value`` as a tag's value, or None: the one rule ``read`` and
    ``write`` apply. A value is one line of printable characters (``str.isprintable``: no
    control character, C0, C1 or DEL, no line or paragraph separator, no format character
    such as the bidi override U+202E, no lone surrogate), and with ``limited``, of at most
    ``TAG_LIMIT`` characters."""
    if limited and len(value) > TAG_LIMIT:
        return f"is {len(value)} characters long"
    if value.isprintable():
        return None
    where, char = next((index, char) for index, char in enumerate(value) if not char.isprintable())
    return f"holds {char!a} ({_UNPRINTABLE.get(unicodedata.category(char), 'unprintable')}) at character {where + 1}"


_UNPRINTABLE = {"Cc": "a control character", "Cf": "a format character, such as a bidi control",
          "Zl": "a line separator", "Zp": "a paragraph separator", "Cs": "a lone surrogate",
          "Zs": "a space other than ' '", "Co": "a private-use character", "Cn": "an unassigned character"}
"""Why a character is not printable, by its Unicode category."""


def _escape(value: str) -> str:
    """A tag's value between its quotes: ``\\`` and ``"`` escaped with a backslash, as PGN
    does (the value is printable: ``_tag_problem``)."""
    return "".join(_ESCAPES.get(char, char) for char in value)


def _unescape(value: str) -> str:
    """A tag's value as written between its quotes, its escapes undone (``\\uXXXX`` too,
    which ``write`` never writes but a person may)."""
    return _ESCAPED.sub(lambda found: chr(int(found.group(1) or found.group(2), 16)) if found.group(3) is None
                        else found.group(3), value)


_ESCAPES = {"\\": "\\\\", '"': '\\"'}
_ESCAPED = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|\\(.)")


def _embeds_rules(variant: Variant) -> bool:
    """True unless the variant is the bundled one of its name (which a reader loads by name)."""
    return variant.name not in bundled_variants() or load_variant(variant.name) != variant


def _result(state: GameState) -> str:
    if not state.is_over:
        return _IN_PROGRESS
    return winners_text(state.winners)


def _label(state: GameState) -> str:
    """The label of the line a move made in ``state`` goes on: what the hand is doing."""
    if state.trick_cards:  # (a joker led to the first trick, its leader names trump in it)
        return f"trick {len(state.done_tricks) + 1}"
    return _LABELS.get(state.phase) or f"trick {len(state.done_tricks) + 1}"


_LABELS = {Phase.DEALING: "deal", Phase.BIDDING: "auction", Phase.NAMING_TRUMP: "trump",
           Phase.DISCARDING: "discards"}
_STAGES = re.compile(r"deal|auction|trump|discards|trick [1-9][0-9]{0,3}")


def _first(state: GameState) -> GameState:
    """The game of ``state`` before its first move."""
    start = state.start
    return new_game(state.variant, players=state.players, seed=state.seed, dealer=start.dealer,
                    hands=start.hands, stock=start.stock, scores=start.scores)


def _steps(state: GameState) -> Iterator[tuple[GameState, Move, GameState, tuple[Event, ...]]]:
    """The game of ``state`` move by move: (before, move, after, events).

    Linear in the moves: the log is walked once (``state.moves``), and each step costs the
    same however long the game is (``events_between`` reads only the log's last link)."""
    game = _first(state)
    for move in state.moves:
        after = game.apply(move)  # (the moves are the game's own, so no turn check is needed)
        yield game, move, after, events_between(game, after)
        game = after


def _hand_header(state: GameState) -> str:
    return f"Hand {len(state.hand_results) + 1}: seat {state.dealer} deals"


def _dealt(before: GameState | None, after: GameState) -> bool:
    """True when ``after`` shows a deal's cards that ``before`` did not: a new deal, or the
    dealer dealing the number of cards it chose."""
    if not any(after.info.dealt):
        return False
    return before is None or before.deal_number != after.deal_number or not any(before.info.dealt)


def _received(before: GameState, after: GameState) -> list[tuple[int, int]]:
    """(seat, cards) for each seat that got cards from the stock during one move of a hand
    (the bidder's gift, a refill, the dealer robbing the pack)."""
    if before.deal_number != after.deal_number or _dealt(before, after):
        return []
    return [(seat, new & ~old) for seat, (old, new) in enumerate(zip(before.masks, after.masks, strict=True))
            if new & ~old]


def _count(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


class _Writer:
    """The hands of a history, line by line; ``viewer`` is the seat a view is for."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.lines: list[str] = []
        self.label: str | None = None
        self.moves: list[str] = []
        self.notes: list[str] = []

    def hands(self, state: GameState) -> list[str]:
        game = _first(state)
        self.deal(game, None)
        for before, move, after, events in _steps(state):
            self.move(before, move, after, events)
            game = after
        self.flush()
        self.lines.append(f"{_RESULT}: {_result(game)}" + (f" {{scores {_numbers(game.scores)}}}"))
        return self.lines

    def deal(self, state: GameState, before: GameState | None) -> None:
        """A new deal's header (with ``before`` None or of another deal) and its cards."""
        if before is None or before.deal_number != state.deal_number:
            self.lines += ["", _hand_header(state)]
        if _dealt(before, state):
            self.lines.append("dealt: " + ", ".join(
                f"{seat} {mask_text(mask)}" for seat, mask in enumerate(state.info.dealt)
                if self.viewer in (None, seat)))

    def flush(self) -> None:
        if self.moves:
            notes = f" {{{'; '.join(self.notes)}}}" if self.notes else ""
            self.lines.append(f"{self.label}: {', '.join(self.moves)}{notes}")
        self.label, self.moves, self.notes = None, [], []

    def move(self, before: GameState, move: Move, after: GameState, events: tuple[Event, ...]) -> None:
        label = _label(before)
        if label != self.label or label == "discards":  # (each discard on its own line)
            self.flush()
            self.label = label
        self.moves.append(self.token(events[0]))
        for event in events:
            if isinstance(event, AuctionWon | TrumpSet):
                self.notes.append(event.describe())
            elif isinstance(event, TrickWon):
                self.notes.append(f"seat {event.trick.taker} takes it")
            elif isinstance(event, HandScored):
                self.flush()
                self.lines.append(f"{{{event.describe()}}}")
            elif isinstance(event, NewDeal):
                self.flush()
                if event.thrown_in:
                    self.lines.append(f"{{{event.describe()}}}")
        self.notes += [self.receipt(seat, cards) for seat, cards in _received(before, after)]
        if after.deal_number != before.deal_number and not after.is_over:
            self.deal(after, before)
        elif _dealt(before, after):
            self.flush()
            self.deal(after, before)

    def token(self, made: Event) -> str:
        """The move as its seat and its text; in a view, another seat's discards face down."""
        seen = made if self.viewer is None else made.seen_by(self.viewer)
        if isinstance(seen, CardsDiscarded):
            return f"{seen.seat} discard " + " ".join("?" * seen.count)
        assert isinstance(seen, MoveMade)
        return f"{seen.seat} {seen.move}"

    def receipt(self, seat: int, cards: int) -> str:
        if self.viewer in (None, seat):
            return f"seat {seat} receives {mask_text(cards)}"
        return f"seat {seat} receives {_count(cards.bit_count())}"


def _numbers(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


# -- reading ----------------------------------------------------------------------------


def read(text: str | bytes) -> GameState:
    """The game a complete history (``write(state)``) holds, replayed move by move.

    Any other text raises ``HistoryError`` (a ``ValueError``) naming the line at fault and
    what was expected there: a tag that is unknown, missing or repeated, a line that is no
    move, a move that is not legal (with the rules' reason), a deal or a result that the
    moves contradict, a history cut short (no ``result:`` line), more than ``TEXT_LIMIT``
    characters or ``MOVES_LIMIT`` moves. A seat's view (``write(state, seat=N)``) is refused:
    it lacks the seed and the other seats' cards.
    """
    return read_game(text).state


def read_game(text: str | bytes) -> History:
    """``read``, with the tags that are not part of the game: names, date, event."""
    lines = _lines(text)
    head = _Head(lines)
    viewer = head.tags.get("Viewer")
    if viewer is not None:
        raise HistoryError(f"this history is what seat {viewer[0]} saw (no seed, the other seats' cards "
                           "hidden): it shows a game but cannot be read back to one", viewer[1])
    game = _Replay(lines, head, _start(head))
    names = head.names(game.state.players)
    game.run()
    tags = {name: value for name, (value, _) in head.tags.items()}
    return History(game.state, names, tags.get("Date"), tags.get("Event"), tuple(tags.items()))


def read_tags(text: str | bytes) -> dict[str, str]:
    """The tags of any history, a seat's view too, without replaying it: enough for a
    server to list stored games (``Variant``, ``Result``, ``SeatN``, ``Date``)."""
    return {name: value for name, (value, _) in _Head(_lines(text)).tags.items()}


def read_file(path: str | os.PathLike[str]) -> History:
    """``read_game`` of a history file (UTF-8), reading no more than the most bytes
    ``TEXT_LIMIT`` characters can take (a longer file is refused unread).

    The file's bytes go to ``read_game`` as they are (no newline translation), so a file
    and its text read alike: the same line endings, the same errors at the same lines."""
    with open(path, "rb") as handle:
        data = handle.read(_MOST_BYTES + 1)
    if len(data) > _MOST_BYTES:
        raise HistoryError(f"the file is over {_MOST_BYTES} bytes long, so more than {TEXT_LIMIT} characters "
                           "(no game is that long)")
    return read_game(data)


_MOST_BYTES = 4 * TEXT_LIMIT
"""The most bytes of ``TEXT_LIMIT`` characters of UTF-8 text."""
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""A line break: LF, CRLF or a lone CR, all alike."""


def _lines(text: object) -> list[str]:
    """The lines of a history: a line ends at any of the three line breaks, and a final
    line break ends the last line rather than beginning one (so an error's line exists)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise HistoryError(f"the history is not UTF-8 text ({error.reason} at byte {error.start})") from None
    if not isinstance(text, str):
        raise HistoryError(f"a history is text, not {type(text).__name__}")
    if len(text) > TEXT_LIMIT:
        raise HistoryError(f"the history is {len(text)} characters long, more than {TEXT_LIMIT} (no game "
                           "is that long)")
    lines = _LINE_BREAK.split(text.removeprefix("\ufeff"))
    if len(lines) > 1 and not lines[-1]:
        lines.pop()
    return lines


_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9]{0,20}) "([^"\\]*(?:\\.[^"\\]*)*)"\]')
_TAG_LINE = 2000
"""The most characters of a tag's line (a stacked deal of a whole deck is a few hundred)."""
_NAMES = ("Event", "Date", "Variant", "Players", "Seed", "Dealer", "Scores", "Stacked", "Stock", "Viewer",
          "Result")
_SEAT_TAG = re.compile(r"Seat(0|[1-9][0-9]{0,2})")
_NUMBER = re.compile(r"0|[1-9][0-9]{0,19}")


class _Head:
    """The tags and the embedded rules: every line before the first hand."""

    def __init__(self, lines: list[str]) -> None:
        self.tags: dict[str, tuple[str, int]] = {}
        """name -> (value, line)."""
        self.rules: list[str] = []
        self.rules_line = 0
        self.end = len(lines)
        """The index of the first line after the tags."""
        self.last = 1
        """The line of the last tag (where a missing tag is reported: a line that exists)."""
        block = "before"
        for index, raw in enumerate(lines):
            line, number = raw.strip(), index + 1
            if line.startswith("|"):
                if block == "after":
                    raise HistoryError("the rules are one block of '|' lines: this one stands apart", number)
                if block == "before":
                    block, self.rules_line = "in", number
                self.rules.append(line[2:] if line.startswith("| ") else line[1:])
                continue
            if block == "in":
                block = "after"
            if not line or line.startswith(";"):
                continue
            if not line.startswith("["):
                self.end = index
                break
            self.tag(line, number)
        if not self.tags:
            raise HistoryError('expected the tags of a game such as [Variant "auction-pitch"], got '
                               + (_quote(lines[self.end].strip()) if self.end < len(lines) else "no tag"),
                               min(self.end, len(lines) - 1) + 1)

    def tag(self, line: str, number: int) -> None:
        if len(line) > _TAG_LINE:
            raise HistoryError(f"a tag's line of {len(line)} characters: none is longer than {_TAG_LINE}", number)
        found = _TAG.fullmatch(line)
        if found is None:
            raise HistoryError(f'expected a tag such as [Variant "auction-pitch"], got {_quote(line)}', number)
        try:
            name, value = found.group(1), _unescape(found.group(2))
        except (ValueError, OverflowError):
            raise HistoryError(f"[{found.group(1)}] holds a \\u escape of no character", number) from None
        if name not in _NAMES and not _SEAT_TAG.fullmatch(name):
            raise HistoryError(f"unknown tag [{name}]: expected one of {', '.join(_NAMES)} or SeatN "
                               "(a seat's name)", number)
        if name in self.tags:
            raise HistoryError(f"the tag [{name}] is given twice (first on line {self.tags[name][1]})", number)
        limited = name not in _UNLIMITED
        problem = _tag_problem(value, limited=limited)
        if problem is not None:
            rule = _TAG_RULE if limited else "one line of printable characters"
            raise HistoryError(f"the tag [{name}] {problem}: a tag's value is {rule}", number)
        self.tags[name] = (value, number)
        self.last = number

    def value(self, name: str) -> tuple[str, int]:
        found = self.tags.get(name)
        if found is None:
            raise HistoryError(f'the history has no [{name}] tag (expected e.g. {_EXAMPLES[name]}) '
                               "among its tags", self.last)
        return found

    def number(self, name: str) -> int:
        value, number = self.value(name)
        if not _NUMBER.fullmatch(value):
            raise HistoryError(f"[{name}] must be a whole number, not {_quote(value)}", number)
        return int(value)

    def names(self, players: int) -> tuple[str, ...] | None:
        seats = {int(name[4:]): (value, line) for name, (value, line) in self.tags.items() if name.startswith("Seat")}
        if not seats:
            return None
        for seat, (_, line) in seats.items():
            if seat >= players:
                raise HistoryError(f"[Seat{seat}] names no seat: the table has {players} (seats 0 to "
                                   f"{players - 1})", line)
        missing = [seat for seat in range(players) if seat not in seats]
        if missing:
            raise HistoryError(f"[Seat{missing[0]}] is missing: name every seat or none", min(
                line for _, line in seats.values()))
        return tuple(seats[seat][0] for seat in range(players))


_EXAMPLES = {"Variant": '[Variant "auction-pitch"]', "Players": '[Players "4"]', "Seed": '[Seed "7"]',
             "Dealer": '[Dealer "0"]'}


def _quote(text: str) -> str:
    """Some of the text, short and escaped (``printable``), for a message."""
    return '"' + printable(text[:60]) + ("..." if len(text) > 60 else "") + '"'


def _variant(head: _Head) -> Variant:
    """The variant the history names: a bundled one, or the rules embedded in it."""
    name, line = head.value("Variant")
    if head.rules:
        try:
            variant = load_variant_text("\n".join(head.rules) + "\n", "rules")
        except VariantError as error:
            last = head.rules_line + len(head.rules) - 1
            located = [_located(problem, head.rules_line, last) for problem in error.problems]
            failure = HistoryError("; ".join(f"line {line}: {problem}" for line, problem in located))
            failure.line = located[0][0]
            raise failure from None
        if variant.name != name:
            raise HistoryError(f"the tag names the variant {_quote(name)}, the rules below name "
                               f"{_quote(variant.name)}", line)
        return variant
    if name not in bundled_variants():
        raise HistoryError(f"unknown variant {_quote(name)}: expected a bundled variant ("
                           f"{', '.join(bundled_variants())}) or the variant's rules as '|' lines", line)
    return load_variant(name)


def _located(problem: str, first: int, last: int) -> tuple[int, str]:
    """A problem of the embedded rules (``rules:3: ...``) at its line of the history (the
    rules are lines ``first`` to ``last``; YAML may place a problem at the end of the text,
    which is the last rules line)."""
    found = re.match(r"rules:(\d+):\s*", problem)
    if found is None:
        return first, problem.removeprefix("rules: ")
    return max(first, min(first + int(found.group(1)) - 1, last)), problem[found.end():]


def _start(head: _Head) -> GameState:
    """The game as the tags begin it."""
    variant = _variant(head)
    players, seed, dealer = head.number("Players"), head.number("Seed"), head.number("Dealer")
    scores = hands = stock = None
    if "Scores" in head.tags:
        value, line = head.tags["Scores"]
        if not all(re.fullmatch(r"-?[0-9]{1,12}", word) for word in value.split()):
            raise HistoryError(f"[Scores] must be whole numbers, one per side, not {_quote(value)}", line)
        scores = [int(word) for word in value.split()]
    if "Stacked" in head.tags:
        hands = head.tags["Stacked"][0].split("|")
    if "Stock" in head.tags:
        stock = head.tags["Stock"][0]
    try:
        return new_game(variant, players=players, seed=seed, dealer=dealer, hands=hands, stock=stock, scores=scores)
    except ValueError as error:
        blamed = head.tags.get(_blamed(str(error), head))
        raise HistoryError(f"the game cannot begin: {error}", head.last if blamed is None else blamed[1]) from None


def _blamed(message: str, head: _Head) -> str:
    """The tag a ``new_game`` error is about."""
    for word, name in (("dealer", "Dealer"), ("seed", "Seed"), ("scores", "Scores"), ("stock", "Stock")):
        if message.startswith(word):
            return name
    if "players" in message.split(",")[0] or "Stacked" not in head.tags:
        return "Players"
    return "Stacked"


_HAND = re.compile(r"Hand ([0-9]{1,6}): seat ([0-9]{1,3}) deals")


class _Replay:
    """The hands of a history, replayed line by line on the game the tags began."""

    def __init__(self, lines: list[str], head: _Head, state: GameState) -> None:
        self.lines, self.head, self.state = lines, head, state
        self.deal: int | None = None
        """The deal whose header was read last."""
        self.count = 0
        """Moves replayed."""
        self.ended = 0
        """The line of the result, once read."""

    def run(self) -> None:
        for index in range(self.head.end, len(self.lines)):
            number = index + 1
            code = _code(self.lines[index], number)
            if not code:
                continue
            if self.ended:
                raise HistoryError(f"nothing follows the result line (line {self.ended}), got {_quote(code)}", number)
            self.line(code, number)
        if not self.ended:
            raise HistoryError(f'the history stops before its result line (expected "{_RESULT}: '
                               f'{_result(self.state)}"): it is cut short', len(self.lines))
        tag = self.head.tags.get("Result")
        if tag is not None and tag[0] != _result(self.state):
            raise HistoryError(f'[Result] says {_quote(tag[0])}, but the moves give "{_result(self.state)}"', tag[1])

    def line(self, code: str, number: int) -> None:
        if code.startswith(("[", "|")):
            raise HistoryError(f"tags and rules belong before the first hand, got {_quote(code)}", number)
        hand = _HAND.fullmatch(code)
        if hand is not None:
            return self.hand(int(hand.group(1)), int(hand.group(2)), number)
        label, colon, rest = code.partition(":")
        if colon and label == _RESULT:
            return self.result(rest.strip(), number)
        if colon and label == "dealt":
            return self.dealt(rest, number)
        if not colon or not _STAGES.fullmatch(label):
            raise HistoryError(f'expected a line of a hand ("Hand 1: seat 0 deals", "dealt: ...", "auction: '
                               f'1 pass, 2 bid 2", "trick 1: 2 play AS, ...", "{_RESULT}: ..."), got {_quote(code)}',
                               number)
        for token in rest.split(","):
            self.move(label, token.strip(), number)

    def hand(self, count: int, dealer: int, number: int) -> None:
        state = self.state
        if state.is_over:
            raise HistoryError("the game is over: no hand follows", number)
        if self.deal == state.deal_number:
            raise HistoryError(f"expected the moves of hand {count}, whose deal is not over, got a hand's header",
                               number)
        expected = _hand_header(state)
        if (count, dealer) != (len(state.hand_results) + 1, state.dealer):
            raise HistoryError(f'expected "{expected}", got "Hand {count}: seat {dealer} deals"', number)
        self.deal = state.deal_number

    def here(self, what: str, number: int) -> None:
        """Checks that the game is in the deal whose header was read last."""
        state = self.state
        if self.deal != state.deal_number and not state.is_over:
            raise HistoryError(f'expected the header of the next deal, "{_hand_header(state)}", before {what}',
                               number)

    def dealt(self, rest: str, number: int) -> None:
        self.here("its cards", number)
        dealt = self.state.info.dealt
        if self.state.is_over or not any(dealt):
            raise HistoryError("no cards are dealt at this point of the game", number)
        for token in rest.split(","):
            words = token.split()
            if not words or not _NUMBER.fullmatch(words[0]) or int(words[0]) >= len(dealt):
                raise HistoryError(f"expected a seat (0 to {len(dealt) - 1}) and its cards, such as "
                                   f'"1 AS 7D", got {_quote(token.strip())}', number)
            seat = int(words[0])
            try:
                cards = mask_of(parse_cards(words[1:]))
            except ValueError as error:
                raise HistoryError(f"seat {seat}'s cards: {error}", number) from None
            if cards != dealt[seat]:
                raise HistoryError(f"seat {seat} was dealt {mask_text(dealt[seat])}, not {mask_text(cards)}", number)

    def move(self, label: str, token: str, number: int) -> None:
        seat, _, text = token.partition(" ")
        text = text.strip()
        if not _NUMBER.fullmatch(seat) or not text:
            raise HistoryError(f'expected a seat and its move, such as "1 bid 3" or "0 play AS", got {_quote(token)}',
                               number)
        try:
            move = parse_move(text)
        except InvalidMove as error:
            why = str(error).partition("': ")[2] if text.split()[0].lower() in KINDS else ""
            raise HistoryError(f'expected a move such as "bid 3" or "play AS", got {_quote(text)}'
                               + (f" ({why})" if why else ""), number) from None
        state = self.state
        if state.is_over:
            raise HistoryError(f"the game is over ({_result(state)}), yet the history goes on with {move}", number)
        self.here(str(move), number)
        expected = _label(state)
        if label != expected:
            raise HistoryError(f'{move} is a move of "{expected}:" ({state.phase.value}), not of "{label}:"', number)
        self.count += 1
        if self.count > MOVES_LIMIT:
            raise HistoryError(f"more than {MOVES_LIMIT} moves: no game is that long", number)
        try:
            self.state = state.apply(move, int(seat))
        except IllegalMove as error:
            if error.reason == "not-your-turn":
                raise HistoryError(f"{move} by seat {int(seat)}: it is seat {state.to_move}'s turn", number) from None
            raise HistoryError(f"{move} is not legal: {str(error).removeprefix(f'{move}: ')}", number) from None

    def result(self, given: str, number: int) -> None:
        actual = _result(self.state)
        if given != actual:
            raise HistoryError(f'the moves end with the game "{actual}", not {_quote(given)}', number)
        self.ended = number


_SPECIAL = re.compile(r"[{};]")


def _code(line: str, number: int) -> str:
    """``line`` without its annotations (``{...}``) and comment (from a ``;``)."""
    parts, start = [], 0
    while (found := _SPECIAL.search(line, start)) is not None:
        parts.append(line[start:found.start()])
        if found.group() == ";":
            return " ".join(parts).strip()
        if found.group() == "}":
            raise HistoryError("a '}' closes no annotation", number)
        end = line.find("}", found.end())
        if end < 0:
            raise HistoryError("an annotation opened with '{' is not closed on its line", number)
        start = end + 1
    parts.append(line[start:])
    return " ".join(parts).strip()


# -- for people -------------------------------------------------------------------------


def narrate(state: GameState, names: Sequence[str] | None = None) -> str:
    """The game of ``state`` told hand by hand for people (``pitchcore replay``): each deal,
    the auction, each trick whole, each hand's result, in the events' own words. Every line
    is printable: a name given that is not shows escaped (``read`` refuses such a name)."""
    lines = [f"{printable(state.variant.name)}: {state.players} players, seed {state.seed}"]
    if names is not None:
        lines.append(", ".join(f"seat {seat}: {printable(name)}" for seat, name in enumerate(names)))
    game = _first(state)
    lines += _told_deal(game)
    for before, _, after, events in _steps(state):
        for event in events:
            if isinstance(event, MoveMade) and event.move.kind == "play":
                continue  # (each trick is told whole when it is taken)
            if isinstance(event, NewDeal):
                if event.thrown_in:
                    lines.append(f"  {event.describe()}")
                lines += _told_deal(after)
            else:
                lines.append(f"  {event.describe()}")
        lines += [f"  seat {seat} receives {mask_text(cards)}" for seat, cards in _received(before, after)]
        if _dealt(before, after) and before.deal_number == after.deal_number:
            lines += _told_deal(after)[2:]
        game = after
    if game.trick:
        lines.append("  trick so far: " + ", ".join(f"seat {seat} {card}" for seat, card in game.trick))
    if not game.is_over:
        lines.append(f"\nThe history stops here: seat {game.to_move} to move ({game.phase.value}); "
                     f"scores {_numbers(game.scores)}")
    return "\n".join(lines) + "\n"


def _told_deal(state: GameState) -> list[str]:
    lines = ["", _hand_header(state)]
    if any(state.info.dealt):
        lines += [f"  seat {seat}: {' '.join(card_text(c) for c in cards_in(mask))}"
                  for seat, mask in enumerate(state.info.dealt)]
    return lines
