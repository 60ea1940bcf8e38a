"""Game records: a state to JSON and back, the variant's rules included.

The JSON holds the variant in full (as ``--resolved`` prints it), so a record loads back
to an equal state even where the variant file has changed or is not at hand, and the
game's start and moves, which ``loads`` plays again: a record is taken only for a position
the rules reach, and the state it gives keeps its moves (for a hand history) and its
hands' full results.

A record is the server's private, complete copy of a game: it holds every hidden card.
``loads`` takes only what ``dumps`` could have written for a reachable position and
raises ``RecordError`` (a ``ValueError``) for anything else; see ``loads``.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from ..components.reraise import most_calls
from ..components.variant import Variant
from ..game.engine import SEED_LIMIT, new_game, seating_problem
from ..game.table import Table
from ..loading.validation import build_variant
from ..model.caches import cached
from ..model.errors import RecordError, VariantError
from ..model.log import Start, begin
from ..model.phase import Phase
from ..model.results import Awards, HandResult
from ..model.state import GameState, HandInfo
from ..model.text import shown
from .reachable import _fail, check

FORMAT = "pitchcore-state/2"
RECORD_LIMIT = 10_000_000
"""The most characters of record text ``loads`` reads (a long game's record is a few
hundred thousand)."""
NUMBER_LIMIT = 2**53 - 1
"""The largest magnitude of a score, a score change or a count in a record (the whole
numbers every JSON reader keeps exactly)."""

if TYPE_CHECKING:
    import cattrs


@functools.cache
def _converter() -> cattrs.Converter:
    """The record converter, built on first use: games that never save never import cattrs."""
    import cattrs

    converter = cattrs.Converter()
    converter.register_unstructure_hook(Awards, lambda awards: [[k, v] for k, v in awards.items()])
    summary = cattrs.gen.make_dict_unstructure_fn(HandResult, converter, record=cattrs.gen.override(omit=True))
    converter.register_unstructure_hook(HandResult, summary)
    return converter


_NEWER_INFO = frozenset(("turned", "paid", "blind"))
"""``HandInfo`` fields a record written before they existed leaves out (each then its default)."""

def dumps(state: GameState) -> str:
    """The state as JSON text; ``loads`` gives back an equal state.

    The record is complete, so it holds every hidden card: each seat's hand, the stock,
    the discards. It is the server's private record of the game; what a player may see is
    ``state.view(seat)``, which is what to send to a client, never the record.
    """
    table = state.table
    record: dict[str, Any] = {
        "format": FORMAT,
        "variant": table.variant.to_dict(),
        "players": table.players,
        "seed": table.seed,
        "scores": list(state.scores),
        "dealer": state.dealer,
        "deal_number": state.deal_number,
        "hand_results": _converter().unstructure(list(state.hand_results)),
        "phase": state.phase.value,
        "to_move": state.to_move,
        "masks": list(state.masks),
        "info": state.info._asdict(),
        "trick_cards": list(state.trick_cards),
        "leader": state.leader,
        "tricks": [[leader, list(cards), taker] for leader, cards, taker in state.done_tricks],
        "winner": state.winner,
        "winners": list(state.winners),
        "step": state.step,
        "start": state.start._asdict(),
        "moves": [str(move) for move in state.moves],
    }
    return json.dumps(record, separators=(",", ":"))


_KEYS = ("format", "variant", "players", "seed", "scores", "dealer", "deal_number", "hand_results",
         "phase", "to_move", "masks", "info", "trick_cards", "leader", "tricks", "winner", "winners",
         "step", "start", "moves")
_OPTIONAL = ("winners",)
"""Fields a record of an earlier release may lack (then read from ``winner``)."""
_RESULT_KEYS = tuple(field.name for field in HandResult.__attrs_attrs__ if field.name != "record")
_PHASES = {phase.value: phase for phase in Phase}


def loads(text: str) -> GameState:
    """Rebuild a state from ``dumps`` output.

    Anything else raises ``RecordError`` (a ``ValueError``) saying what is wrong, never
    another exception: text that is not JSON (or longer than ``RECORD_LIMIT`` characters,
    or nested too deeply), a field missing, unknown or of the wrong type, a variant that
    does not load (its ``VariantError`` says why), and a position no game can reach. A
    record is reachable when:

    - the table is one the variant allows (players, a seed from 0 to 2**64 - 1), with one
      score per side (each at most ``NUMBER_LIMIT`` in size), seats (dealer, to move,
      leader, bidder, partner, trick leaders and takers) and sides (winner) in range, and
      ``step`` one of the hand's steps;
    - every card of the variant's deck is in exactly one place: a hand, the stock, the
      junk, the trick in progress or a completed trick; none outside the deck, none twice;
    - the phase agrees with the game: over exactly when nobody is to move and the last
      hand result ended the game, no winner before then;
    - the game's moves (``moves``), played from its start (``start``: the first dealer,
      starting scores, a stacked first deal) by the rules, reach exactly the position the
      record's fields hold; the first move that is not legal, or the first field that
      differs, is named;
    - the hand results are well formed (each seat, side and award in range).
    """
    record = _parse(text)
    state = _build(record)
    check(state)
    state = _replayed(record, state)
    if "winners" in record and record["winners"] != list(state.winners):
        _fail("winners", f"expected {list(state.winners)} (the sides the last hand result names), "
                         f"got {_kind(record['winners'])}")
    return state


MOVES_LIMIT = 100_000
"""The most moves a record holds (a game of a few hundred hands makes about ten thousand)."""


def _replayed(record: dict[str, Any], built: GameState) -> GameState:
    """The game the record's start and moves play, which must reach the record's position."""
    start = _start(record["start"])
    moves = _list(record["moves"], "moves", MOVES_LIMIT)
    try:
        state = new_game(built.variant, players=built.players, seed=built.seed, dealer=start.dealer,
                         scores=start.scores, hands=start.hands, stock=start.stock)
    except ValueError as error:
        _fail("start", shown(str(error), quote=False))
    for index, text in enumerate(moves):
        if text.__class__ is not str:
            _fail(f"moves[{index}]", f"expected a move's text, got {_kind(text)}")
        try:
            state = state.apply(text)
        except ValueError as error:  # IllegalMove, InvalidMove
            _fail("", f"no legal play reaches this position: moves[{index}]: {shown(str(error), quote=False)}")
    summaries = tuple(attrs.evolve(result, record=None) for result in state.hand_results)
    played = state.evolve(hand_results=summaries)
    if played != built:
        field = next(name for name, mine, theirs in zip(GameState.FIELDS, played, built, strict=True)
                     if mine != theirs)
        _fail("", f"no legal play reaches this position: its moves give another {field}")
    return state


def _start(value: object) -> Start:
    """The record's ``start``: the first dealer, starting scores, a stacked first deal."""
    if value.__class__ is not dict:
        _fail("start", f"expected an object, got {_kind(value)}")
    assert isinstance(value, dict)
    names = list(Start._fields)
    if sorted(value) != sorted(names):
        _fail("start", f"expected the fields {', '.join(names)}")
    dealer = _int(value["dealer"], "start.dealer", 0, NUMBER_LIMIT)
    scores = value["scores"]
    if scores is not None:
        scores = tuple(_int(item, f"start.scores[{index}]", -NUMBER_LIMIT, NUMBER_LIMIT)
                       for index, item in enumerate(_list(scores, "start.scores", 64)))
    hands = value["hands"]
    if hands is not None:
        hands = tuple(_texts(hand, f"start.hands[{index}]")
                      for index, hand in enumerate(_list(hands, "start.hands", 64)))
    stock = value["stock"]
    return Start(dealer, scores, hands, None if stock is None else _texts(stock, "start.stock"))


def _texts(value: object, where: str) -> tuple[str, ...]:
    items = _list(value, where, 64)
    for index, item in enumerate(items):
        if item.__class__ is not str:
            _fail(f"{where}[{index}]", f"expected a card's text, got {_kind(item)}")
    return tuple(items)


# -- reading JSON ----------------------------------------------------------------------------


def _no_constant(name: str) -> NoReturn:
    _fail("", f"{name} is not a JSON number")


def _parse(text: object) -> dict[str, Any]:
    if not isinstance(text, str):
        _fail("", f"a record is JSON text (a str), not {type(text).__name__}")
    if len(text) > RECORD_LIMIT:
        _fail("", f"{len(text)} characters, more than a record holds ({RECORD_LIMIT} at most)")
    try:
        record = json.loads(str.__str__(text), parse_constant=_no_constant)
    except RecursionError:
        _fail("", "JSON nested too deeply")
    except ValueError as error:
        if isinstance(error, RecordError):
            raise
        _fail("", f"not JSON ({shown(str(error), quote=False)})")
    if not isinstance(record, dict):
        _fail("", f"expected a JSON object, got {_kind(record)}")
    if record.get("format") != FORMAT:
        _fail("format", f"expected {FORMAT!r}, got {shown(record.get('format'))}")
    missing = [key for key in _KEYS if key not in record and key not in _OPTIONAL]
    if missing:
        _fail("", f"missing {', '.join(missing)}")
    unknown = [key for key in record if key not in _KEYS]
    if unknown:
        _fail("", f"unknown field {shown(unknown[0])}; fields: {', '.join(_KEYS)}")
    return record


def _kind(value: object) -> str:
    """A JSON value's type as a message names it."""
    if value is None:
        return "null"
    names = {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list",
             dict: "an object"}
    name = names.get(type(value), type(value).__name__)
    return f"{name} {shown(value)}" if isinstance(value, int | float | str) else name


def _int(value: object, where: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (never true/false or 1.0)."""
    if value.__class__ is not int:
        _fail(where, f"expected a whole number from {low} to {high}, got {_kind(value)}")
    assert isinstance(value, int)
    if not low <= value <= high:
        _fail(where, f"expected a whole number from {low} to {high}, got {shown(value)}")
    return value


def _maybe(value: object, where: str, low: int, high: int) -> int | None:
    return None if value is None else _int(value, where, low, high)


def _list(value: object, where: str, most: int, length: int | None = None) -> list[Any]:
    if value.__class__ is not list:
        _fail(where, f"expected a list, got {_kind(value)}")
    assert isinstance(value, list)
    if length is not None and len(value) != length:
        _fail(where, f"expected {length} items, got {len(value)}")
    if len(value) > most:
        _fail(where, f"expected at most {most} items, got {len(value)}")
    return value


def _bid_value(value: object, where: str) -> int | str | None:
    """A bid as a record holds it: a number, a bid's name, or null (a pass; no bid)."""
    if value is None or (isinstance(value, str) and value.__class__ is str):
        return value
    return _int(value, where, 0, NUMBER_LIMIT)


class _Reader:
    """The record's fields, each checked for its type and range as it is read."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.players = table.players
        self.deck = table.deck_size
        self.full = (1 << self.deck) - 1

    def seat(self, value: object, where: str) -> int:
        return _int(value, where, 0, self.players - 1)

    def maybe_seat(self, value: object, where: str) -> int | None:
        return None if value is None else self.seat(value, where)

    def side(self, value: object, where: str) -> int | None:
        return None if value is None else _int(value, where, 0, self.table.sides - 1)

    def card(self, value: object, where: str) -> int:
        if isinstance(value, int) and value.__class__ is int and 0 <= value < self.deck:
            return value
        _fail(where, f"expected a card of the {self.deck}-card deck (0 to {self.deck - 1}), "
                     f"got {_kind(value)}")

    def cards(self, value: object, where: str, most: int | None = None) -> tuple[int, ...]:
        items = _list(value, where, self.deck if most is None else most)
        return tuple(self.card(item, f"{where}[{index}]") for index, item in enumerate(items))

    def mask(self, value: object, where: str) -> int:
        if isinstance(value, int) and value.__class__ is int and 0 <= value <= self.full:
            return value
        _fail(where, f"expected a mask of cards of the {self.deck}-card deck (0 to 2**{self.deck} - 1), "
                     f"got {_kind(value)}")

    def masks(self, value: object, where: str, *, maybe_empty: bool = False) -> tuple[int, ...]:
        items = _list(value, where, self.players)
        if len(items) != self.players and not (maybe_empty and not items):
            _fail(where, f"expected one mask per seat ({self.players}), got {len(items)}")
        return tuple(self.mask(item, f"{where}[{index}]") for index, item in enumerate(items))

    def numbers(self, value: object, where: str) -> tuple[int, ...]:
        items = _list(value, where, NUMBER_LIMIT)
        if len(items) != self.table.sides:
            _fail(where, f"expected one number per side ({self.table.sides}), got {len(items)}")
        return tuple(_int(item, f"{where}[{index}]", -NUMBER_LIMIT, NUMBER_LIMIT)
                     for index, item in enumerate(items))

    def info(self, value: object) -> HandInfo:
        if value.__class__ is not dict:
            _fail("info", f"expected an object, got {_kind(value)}")
        assert isinstance(value, dict)
        names = HandInfo._fields
        if set(value) | _NEWER_INFO != set(names) | _NEWER_INFO:
            odd = sorted(set(value) ^ set(names), key=str)
            _fail("info", f"expected the fields {', '.join(names)}; {shown(odd[0])} is "
                          f"{'missing' if odd[0] in names else 'unknown'}")
        players = self.players
        bids = []
        most = max(2 * players, most_calls(self.table.variant.auction, players))
        for index, item in enumerate(_list(value["bids"], "info.bids", most)):
            where = f"info.bids[{index}]"
            seat, bid = _list(item, where, 2, 2)
            bids.append((self.seat(seat, where + "[0]"), _bid_value(bid, where + "[1]")))
        call = value["call"]
        if call is not None and call not in ("high", "low"):
            _fail("info.call", f"expected 'high', 'low' or null, got {_kind(call)}")
        return HandInfo(
            dealt=self.masks(value["dealt"], "info.dealt"),
            stock=self.cards(value["stock"], "info.stock"),
            bids=tuple(bids),
            high=_int(value["high"], "info.high", 0, NUMBER_LIMIT),
            bidder=self.maybe_seat(value["bidder"], "info.bidder"),
            bid=_bid_value(value["bid"], "info.bid"),
            trump=_maybe(value["trump"], "info.trump", 0, 3),
            gift=self.mask(value["gift"], "info.gift"),
            junk=self.cards(value["junk"], "info.junk"),
            discards=self.masks(value["discards"], "info.discards", maybe_empty=True),
            exchanged=_int(value["exchanged"], "info.exchanged", 0, players),
            start=self.masks(value["start"], "info.start", maybe_empty=True),
            call=call,
            hand_size=_int(value["hand_size"], "info.hand_size", 0, self.deck),
            called=None if value["called"] is None else self.card(value["called"], "info.called"),
            partner=self.maybe_seat(value["partner"], "info.partner"),
            turned=self.cards(value.get("turned", []), "info.turned"),
            paid=self.paid(value.get("paid", [])),
            blind=_int(value.get("blind", 0), "info.blind", 0, (1 << players) - 1),
        )

    def paid(self, value: object) -> tuple[tuple[int, int], ...]:
        """``info.paid``: (side, points) pairs, a turned jack or two and a gift per side at most."""
        paid = []
        for index, item in enumerate(_list(value, "info.paid", self.table.sides + 2)):
            where = f"info.paid[{index}]"
            side, points = _list(item, where, 2, 2)
            paid.append((_int(side, where + "[0]", 0, self.table.sides - 1),
                         _int(points, where + "[1]", 0, NUMBER_LIMIT)))
        return tuple(paid)

    def tricks(self, value: object) -> tuple[tuple[int, tuple[int, ...], int], ...]:
        tricks = []
        for index, item in enumerate(_list(value, "tricks", self.deck)):
            where = f"tricks[{index}]"
            leader, cards, taker = _list(item, where, 3, 3)
            played = self.cards(cards, where + "[1]", most=self.players)
            if not played:
                _fail(where + "[1]", "a completed trick has at least one card")
            tricks.append((self.seat(leader, where + "[0]"), played, self.seat(taker, where + "[2]")))
        return tuple(tricks)

    def result(self, value: object, where: str) -> HandResult:
        if value.__class__ is not dict:
            _fail(where, f"expected an object, got {_kind(value)}")
        assert isinstance(value, dict)
        if set(value) | {"winners"} != set(_RESULT_KEYS):
            _fail(where, f"expected the fields {', '.join(_RESULT_KEYS)}")
        made = value["made"]
        ended = value["ended_game"]
        if made is not None and made.__class__ is not bool:
            _fail(where + ".made", f"expected true, false or null, got {_kind(made)}")
        if ended.__class__ is not bool:
            _fail(where + ".ended_game", f"expected true or false, got {_kind(ended)}")
        names = self.table.point_names
        pairs = _list(value["awards"], where + ".awards", len(names), len(names))
        awards = []
        for index, (pair, name) in enumerate(zip(pairs, names, strict=True)):
            at = f"{where}.awards[{index}]"
            given, side = _list(pair, at, 2, 2)
            if given != name:
                _fail(at, f"expected the award {name!r} (the variant's points in order), got {_kind(given)}")
            awards.append((name, self.side(side, at + "[1]")))
        bidder = self.maybe_seat(value["bidder"], where + ".bidder")
        partner = self.maybe_seat(value["partner"], where + ".partner")
        if (bidder is None) != (made is None):
            _fail(where, "a hand has made true or false exactly when it has a bidder")
        if partner is not None and bidder is None:
            _fail(where + ".partner", "a partner is the bidder's: this hand has no bidder")
        return HandResult(
            bidder=bidder, bid=_bid_value(value["bid"], where + ".bid"), made=made,
            awards=Awards(tuple(awards)), delta=self.numbers(value["delta"], where + ".delta"),
            game_pips=self.numbers(value["game_pips"], where + ".game_pips"),
            dealer=self.seat(value["dealer"], where + ".dealer"), ended_game=ended, partner=partner,
            winners=self.winners(value.get("winners", []), where + ".winners", ended))

    def winners(self, value: object, where: str, ended: bool) -> tuple[int, ...]:
        """A hand result's winning sides: distinct sides in order, only on the hand that ended the game."""
        sides = tuple(_int(item, f"{where}[{index}]", 0, self.table.sides - 1)
                      for index, item in enumerate(_list(value, where, self.table.sides)))
        if list(sides) != sorted(set(sides)):
            _fail(where, "expected distinct sides in increasing order")
        if sides and not ended:
            _fail(where, "only the hand that ended the game has winners")
        return sides


@cached(64)
def _variant(text: str) -> Variant:
    """The variant of a record, by its JSON text: a server loads many records of a few
    variants, and a variant is immutable."""
    return build_variant(json.loads(text), filename="<record>")


def _build(record: dict[str, Any]) -> GameState:
    """The state the record's fields spell, each field checked for its type and range."""
    data = record["variant"]
    if data.__class__ is not dict:
        _fail("variant", f"expected the variant as an object, got {_kind(data)}")
    try:
        variant = _variant(json.dumps(data, sort_keys=True))
    except VariantError as error:
        raise RecordError(f"not a pitchcore game record: its variant is not valid: {error}") from error
    except (LookupError, TypeError, AttributeError, ValueError, ArithmeticError, RecursionError) as error:
        raise RecordError(f"not a pitchcore game record: its variant is not valid: "
                          f"{shown(str(error), quote=False)}") from None
    deal = variant.deal
    players = _int(record["players"], "players", deal.min_players, deal.max_players)
    seed = _int(record["seed"], "seed", 0, SEED_LIMIT - 1)
    table = Table(variant, players, seed)
    problem = seating_problem(deal, players)
    if problem is not None:
        _fail("players", f"{variant.name} {problem}")
    read = _Reader(table)
    phase = record["phase"]
    if phase.__class__ is not str or phase not in _PHASES:
        _fail("phase", f"expected one of {', '.join(_PHASES)}, got {_kind(phase)}")
    items = _list(record["hand_results"], "hand_results", NUMBER_LIMIT)
    results = tuple(read.result(item, f"hand_results[{index}]") for index, item in enumerate(items))
    winner = read.side(record["winner"], "winner")
    if results and "winners" not in items[-1] and winner is not None:  # a record of an earlier release
        results = (*results[:-1], attrs.evolve(results[-1], winners=(winner,)))
    trick_cards = read.cards(record["trick_cards"], "trick_cards", most=players - 1)
    return GameState.of(
        table=table, scores=read.numbers(record["scores"], "scores"), dealer=read.seat(record["dealer"], "dealer"),
        deal_number=_int(record["deal_number"], "deal_number", 0, NUMBER_LIMIT), hand_results=results,
        phase=_PHASES[phase], to_move=read.maybe_seat(record["to_move"], "to_move"),
        masks=read.masks(record["masks"], "masks"), info=read.info(record["info"]), trick_cards=trick_cards,
        leader=read.seat(record["leader"], "leader"), done_tricks=read.tricks(record["tricks"]), winner=winner,
        step=_int(record["step"], "step", 0, len(table.pipeline) - 1), log=begin(Start()))
