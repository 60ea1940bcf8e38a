"""A table: one game, its seats (people or bots), and what each seat and spectator is sent.

No web framework and no event loop here: every method is a quick, synchronous step that a
server calls from wherever its connections live (``pitchcore serve`` calls it from asyncio;
a few lines of any other framework can too). A method that changes the game returns an
``Update``, the JSON text for each seat and for spectators; sending it is the caller's part.

A person's seat is held by a **credential**, a secret issued once at ``join``: acting for the
seat, seeing its hand and reconnecting all need it, so a dropped connection leaves the seat
to its holder rather than to whoever asks next. The table keeps only a hash of it.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ..bots import Bot, HeuristicBot, JacksBot, RandomBot, SearchBot
from ..components.variant import Variant
from ..game.engine import new_game
from ..game.events import apply_with_events
from ..interop import history
from ..interop.records import dumps
from ..loading.loader import load_variant_text
from ..model.errors import IllegalMove
from ..model.moves import Move
from ..model.state import GameState
from .messages import Parts, Update, encode, hand_result_json, private_json, public_json
from .storage import HUMAN as HUMAN
from .storage import Storage, seat_names

BOTS: Mapping[str, Callable[[Variant], Bot]] = {
    "heuristic": lambda variant: HeuristicBot(variant),
    "random": lambda variant: RandomBot(),
    "search": lambda variant: SearchBot(variant=variant),
    "jacks": lambda variant: JacksBot(variant),
}
"""The bundled bots a seat may be given, by name (each is told the rules: house rules are
not known by name)."""

DEFAULT_BOT = "heuristic"
"""The bot that takes over a seat its person left, and that moves for a person whose turn
ran out (``on_deadline="default-move"``)."""

NAME_LIMIT = 40
"""The longest seat name kept (longer ones are cut)."""

OnDeadline = Literal["default-move", "forfeit"]


class SeatError(ValueError):
    """A seat that cannot be joined or acted for: no such seat, a bot's, taken, or a
    credential that holds no seat here. ``reason`` is the error message's reason."""

    def __init__(self, message: str, reason: str = "seat") -> None:
        super().__init__(message)
        self.reason = reason


def _hash(credential: str) -> str:
    return hashlib.sha256(credential.encode("utf-8", "replace")).hexdigest()


@attrs.define
class Seat:
    """One seat: who plays it, and the hash of its credential while a person holds it."""

    kind: str
    """``"human"`` or a bot's name."""
    name: str | None = None
    credential_hash: str | None = None
    connections: int = 0
    """Open connections at the seat (the server counts them; shown in the lobby)."""

    @property
    def taken(self) -> bool:
        return self.credential_hash is not None


@attrs.frozen
class Forfeited:
    """A person's turn ran out at a table that forfeits: the game ends, lost by that side."""

    seat: int
    side: int

    def describe(self) -> str:
        return f"seat {self.seat}'s time ran out: side {self.side} forfeits the game"

    def seen_by(self, seat: int) -> Forfeited:
        return self


@attrs.frozen
class BotTurn:
    """A bot's move to be worked out (``choose``, anywhere: a thread for a slow bot), then
    played with ``Table.play_bot``, which refuses it if the game moved on meanwhile."""

    seat: int
    move_number: int
    bot: Bot
    state: GameState
    rng: random.Random

    def choose(self) -> Move:
        view = self.state.view(self.seat)
        return self.bot.choose(view, view.legal_moves, self.rng)


class Table:
    """One game at a server: seats, credentials, spectators' view, bots and deadlines.

    ``seats`` gives each seat's kind (``"human"`` or a name in ``bots``). The game starts once
    every human seat has been joined. With ``turn_seconds``, a person to move has that long;
    then ``expire`` makes the default bot's move for them or, with ``on_deadline="forfeit"``,
    ends the game lost by their side. With ``storage``, the table is saved at creation, on
    every seat change and after every move, and a finished game is stored whole
    (``Table.restore`` reads a live table back).

    Not locked: call it from one thread, or under a lock of your own.
    """

    def __init__(self, state: GameState, seats: Sequence[str], *, table_id: str | None = None,
                 bots: Mapping[str, Callable[[Variant], Bot]] = BOTS, turn_seconds: float | None = None,
                 on_deadline: OnDeadline = "default-move", storage: Storage | None = None,
                 clock: Callable[[], float] = time.monotonic, created: float | None = None,
                 labels: Mapping[str, str] | None = None, _stored: bool = False) -> None:
        if len(seats) != state.players:
            raise ValueError(f"{state.variant.name} is played here by {state.players} seats, not {len(seats)}")
        kinds = [str(kind).strip().lower() for kind in seats]
        unknown = [kind for kind in kinds if kind != HUMAN and kind not in bots]
        if unknown:
            raise ValueError(f"unknown seat kind {unknown[0][:40]!r}: expected {HUMAN!r} or a bot: {', '.join(bots)}")
        if turn_seconds is not None and not turn_seconds > 0:
            raise ValueError(f"turn_seconds is a number of seconds above 0, not {turn_seconds!r}")
        if on_deadline not in ("default-move", "forfeit"):
            raise ValueError(f"on_deadline is 'default-move' or 'forfeit', not {on_deadline!r}")
        self.id = table_id or secrets.token_hex(6)
        self.state = state
        self.seats = [Seat(kind) for kind in kinds]
        self.turn_seconds, self.on_deadline = turn_seconds, on_deadline
        self.forfeited: Forfeited | None = None
        self.created = time.time() if created is None else created
        self.labels = dict(labels or {})
        """The server's own notes on the table (who created it), kept with it."""
        self.storage = storage
        self._bot_kinds = bots
        self._bots: dict[tuple[int, str], Bot] = {}
        self._parts = Parts()
        self._found: dict[str, int] = {}
        """Credential hash -> the seat it was found to hold since the seats last changed (each
        hit is checked again)."""
        self._moves = len(state.moves)
        self._clock = clock
        self._turn_since = clock()
        self._rng = random.Random(secrets.randbits(64))
        self.last_activity = clock()
        """When a seat last joined, left or moved (``clock`` time): the server evicts idle tables."""
        if storage is not None and not _stored:
            storage.save_table(self.id, self.spec())

    # -- what the table is ------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        variant: Variant = self.state.variant
        return variant

    @property
    def move_number(self) -> int:
        """Moves made so far (the number of the last one)."""
        return self._moves

    @property
    def humans(self) -> list[int]:
        return [seat for seat, held in enumerate(self.seats) if held.kind == HUMAN]

    @property
    def waiting_for(self) -> list[int]:
        """Human seats nobody has joined yet: the game starts when there are none."""
        return [seat for seat in self.humans if not self.seats[seat].taken]

    @property
    def started(self) -> bool:
        return not self.waiting_for or self.move_number > 0

    @property
    def over(self) -> bool:
        return self.state.is_over or self.forfeited is not None

    @property
    def winners(self) -> list[int]:
        if self.forfeited is not None:
            return [side for side in range(max(self.state.table.side_of) + 1) if side != self.forfeited.side]
        return list(self.state.winners)

    def summary(self) -> dict[str, Any]:
        """The table as the lobby shows it: public facts only (no card, no seed)."""
        state = self.state
        return {
            "id": self.id, "variant": state.variant.name, "description": state.variant.description,
            "players": state.players,
            "seats": [{"seat": seat, "kind": held.kind, "name": held.name, "taken": held.taken,
                       "connected": held.connections > 0} for seat, held in enumerate(self.seats)],
            "started": self.started, "phase": state.phase.value, "move_number": self.move_number,
            "hands": len(state.hand_results), "scores": list(state.scores), "over": self.over,
            "winners": self.winners, "forfeited_by": None if self.forfeited is None else self.forfeited.seat,
            "deadline": self.deadline(),
        }

    def deadline(self) -> dict[str, Any] | None:
        """The seat to move and the seconds it has left, where a person is to move against a
        clock; else None."""
        seat = self.state.to_move
        if self.turn_seconds is None or seat is None or self.over or not self.started:
            return None
        if self.seats[seat].kind != HUMAN:
            return None
        left = self.turn_seconds - (self._clock() - self._turn_since)
        return {"seat": seat, "seconds": round(max(left, 0.0), 1)}

    # -- seats --------------------------------------------------------------------------

    def join(self, seat: object, name: object = None) -> str:
        """Give ``seat`` (a human seat nobody holds) to a person: returns the credential that
        holds it from now on. ``name`` is shown to everyone (one line, cut to ``NAME_LIMIT``)."""
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise SeatError(f"no seat {str(seat)[:20]!r}: this table has seats 0 to {len(self.seats) - 1}")
        held = self.seats[seat]
        if held.kind != HUMAN:
            raise SeatError(f"seat {seat} is played by the {held.kind} bot")
        if held.taken:
            raise SeatError(f"seat {seat} is taken", reason="seat-taken")
        if self.over:
            raise SeatError("the game is over")
        credential = secrets.token_urlsafe(24)
        held.credential_hash = _hash(credential)
        held.name = _name(name, seat)
        self._found.clear()
        self._touched()
        self._save_seats()
        return credential

    def seat_of(self, credential: object) -> int:
        """The seat ``credential`` holds; ``SeatError`` (reason ``bad-credential``) if none."""
        if isinstance(credential, str) and 0 < len(credential) <= 200:
            digest = _hash(credential)
            seat = self._found.get(digest)  # (asked on every move: the seat found last time, checked)
            if seat is not None and self.seats[seat].credential_hash == digest:
                return seat
            for seat, held in enumerate(self.seats):
                if held.credential_hash is not None and hmac.compare_digest(held.credential_hash, digest):
                    self._found[digest] = seat
                    return seat
        raise SeatError("this credential holds no seat at this table", reason="bad-credential")

    def leave(self, credential: object) -> int:
        """The person holding ``credential`` leaves: before the game starts the seat is free
        again; after, the default bot plays it. Returns the seat."""
        seat = self.seat_of(credential)
        held = self.seats[seat]
        started = self.started
        held.credential_hash = None
        self._found.clear()
        if started and not self.over:
            held.kind = DEFAULT_BOT if DEFAULT_BOT in self._bot_kinds else next(iter(self._bot_kinds))
        else:
            held.name = None
        self._touched()
        if not self.over:  # (a finished game is stored whole, no longer as a live table)
            self._save_seats()
        return seat

    def attach(self, seat: int | None) -> None:
        """A connection opened at ``seat`` (None: a spectator's, which is not counted)."""
        if seat is not None:
            self.seats[seat].connections += 1
            self._touched()

    def detach(self, seat: int | None) -> None:
        """A connection at ``seat`` closed."""
        if seat is not None and self.seats[seat].connections > 0:
            self.seats[seat].connections -= 1

    # -- what is sent ---------------------------------------------------------------------

    def snapshot(self, seat: int | None) -> str:
        """Everything ``seat`` may know now (None: a spectator), as the snapshot message's
        JSON text: sent on connecting and reconnecting."""
        view = self.state.view(0 if seat is None else seat)
        return encode({
            "type": "snapshot", "table": self.summary(), "seat": seat, "move_number": self.move_number,
            "public": public_json(view), "private": None if seat is None else private_json(view),
            "hand_results": [hand_result_json(result) for result in self.state.hand_results],
            "deadline": self.deadline(),
        })

    def table_message(self) -> str:
        """The ``table`` message: the summary, after a seat was joined, left or (dis)connected."""
        return encode({"type": "table", "table": self.summary()})

    def history(self, credential: object) -> str:
        """The game so far as the credential's seat saw it (pitchcore's hand-history text):
        what a player may download. The full record is ``record()``, for the operator."""
        seat = self.seat_of(credential)
        return history.write(self.state, seat=seat, names=self._names())

    def record(self) -> str:
        """The game's complete record (``pitchcore.dumps``): every hidden card and the seed.
        For the operator's storage only, never for a player."""
        return dumps(self.state)

    # -- moves ----------------------------------------------------------------------------

    def move(self, credential: object, text: object) -> Update:
        """The move ``text`` of the seat ``credential`` holds. Raises ``SeatError`` (a bad
        credential, a game not started or over) or ``IllegalMove``; either changes nothing."""
        seat = self.seat_of(credential)
        if not isinstance(text, str):
            raise IllegalMove("a move is its text, such as 'bid 2' or 'play AH'", reason="unreadable")
        self._check_open()
        state, events = apply_with_events(self.state, text, seat=seat)
        return self._advance(state, events, seat)

    def bot_turn(self) -> BotTurn | None:
        """The bot move due now, if a bot is to move at a game that has started."""
        seat = self.state.to_move
        if seat is None or self.over or not self.started or self.seats[seat].kind == HUMAN:
            return None
        kind = self.seats[seat].kind
        bot = self._bots.get((seat, kind))
        if bot is None:
            bot = self._bots[seat, kind] = self._bot_kinds[kind](self.variant)
        return BotTurn(seat, self.move_number, bot, self.state, self._rng)

    def play_bot(self, turn: BotTurn, move: Move | str) -> Update | None:
        """Play the move a ``bot_turn`` chose; None if the game moved on meanwhile."""
        if turn.move_number != self.move_number or self.over or self.state.to_move != turn.seat:
            return None
        state, events = apply_with_events(self.state, move, seat=turn.seat)
        return self._advance(state, events, turn.seat)

    def bot_move(self) -> Update | None:
        """One bot move, worked out here and now (None when no bot is to move)."""
        turn = self.bot_turn()
        return None if turn is None else self.play_bot(turn, turn.choose())

    def expire(self) -> Update | None:
        """If the person to move has run out of time: their default move, or the forfeit."""
        due = self.deadline()
        if due is None or due["seconds"] > 0:
            return None
        seat: int = due["seat"]
        if self.on_deadline == "forfeit":
            self.forfeited = Forfeited(seat, self.state.table.side_of[seat])
            self._save_seats()
            self._store_finished()
            return Update(self.move_number, (self.forfeited,), self.state, self._parts, None)
        fallback = self._bot_kinds[DEFAULT_BOT if DEFAULT_BOT in self._bot_kinds else next(iter(self._bot_kinds))]
        view = self.state.view(seat)
        move = fallback(self.variant).choose(view, view.legal_moves, self._rng)
        state, events = apply_with_events(self.state, move, seat=seat)
        return self._advance(state, events, seat)

    # -- inside ---------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._moves and self.forfeited is None and not self.state.is_over:
            return  # (the common case, on every move: started, and not over)
        if self.over:
            raise SeatError("the game is over", reason="game-over")
        if not self.started:
            raise SeatError("the game starts when every human seat is taken; waiting for seat(s) "
                            f"{', '.join(map(str, self.waiting_for))}", reason="not-started")

    def _advance(self, state: GameState, events: Sequence[Any], seat: int) -> Update:
        self._moves = number = self._moves + 1
        self.state = state
        self._touched()
        self._turn_since = self._clock()
        if self.storage is not None:
            self.storage.add_move(self.id, number, seat, str(events[0].move))
            if state.is_over:
                self._store_finished()
        return Update(number, events, state, self._parts, self.deadline())

    def _touched(self) -> None:
        self.last_activity = self._clock()

    def _names(self) -> list[str]:
        return seat_names([{"name": held.name, "kind": held.kind} for held in self.seats])

    def _store_finished(self) -> None:
        """The game is over: storage keeps it whole (made later where storage can: its record
        takes milliseconds to write, and the game no longer changes)."""
        if self.storage is None:
            return
        later = getattr(self.storage, "finish_later", None)
        if later is not None:
            later(self.id, self.finished_game)
        else:
            self.storage.finish(self.id, self.finished_game())

    def finished_game(self) -> dict[str, Any]:
        """What storage keeps of a finished game: its summary and record (the hand history is
        written from the record when the operator asks: ``SQLiteStorage.game_history``)."""
        return {"id": self.id, "variant": self.variant.name, "summary": self.summary(), "record": self.record()}

    def _save_seats(self) -> None:
        if self.storage is not None:
            self.storage.save_table(self.id, self.spec())

    def spec(self) -> dict[str, Any]:
        """What storage keeps to rebuild the table (with its moves): the rules, the deal's
        seed, the seats (credential hashes, never credentials) and the options."""
        start = self.state.start
        return {
            "id": self.id, "rules": self._rules_text, "players": self.state.players, "seed": self.state.seed,
            "dealer": start.dealer, "scores": None if start.scores is None else list(start.scores),
            "hands": None if start.hands is None else [list(hand) for hand in start.hands],
            "stock": None if start.stock is None else list(start.stock),
            "seats": [attrs.asdict(held, filter=lambda field, _: field.name != "connections") for held in self.seats],
            "turn_seconds": self.turn_seconds, "on_deadline": self.on_deadline,
            "forfeited": None if self.forfeited is None else attrs.asdict(self.forfeited), "created": self.created,
            "labels": self.labels,
        }

    @functools.cached_property
    def _rules_text(self) -> str:
        """The variant's YAML, written once (the spec is saved at every seat change)."""
        return self.variant.to_yaml()

    @classmethod
    def restore(cls, spec: Mapping[str, Any], moves: Sequence[tuple[int, str]], *,
                bots: Mapping[str, Callable[[Variant], Bot]] = BOTS, storage: Storage | None = None,
                clock: Callable[[], float] = time.monotonic) -> Table:
        """The table ``spec`` and its ``moves`` ((seat, move text) in order) describe, as saved;
        each move is applied again (as its seat: a stored move is checked like a new one)."""
        variant = load_variant_text(spec["rules"], filename=f"table {spec['id']}")
        state = new_game(variant, players=spec["players"], seed=spec["seed"], dealer=spec["dealer"],
                         scores=spec.get("scores"), hands=spec.get("hands"), stock=spec.get("stock"))
        for seat, text in moves:
            state = state.apply(text, seat=seat)
        table = cls(state, [held["kind"] for held in spec["seats"]], table_id=spec["id"], bots=bots,
                    turn_seconds=spec["turn_seconds"], on_deadline=spec["on_deadline"], storage=storage, clock=clock,
                    created=spec["created"], labels=spec.get("labels"), _stored=True)
        for held, saved in zip(table.seats, spec["seats"], strict=True):
            held.name, held.credential_hash = saved["name"], saved["credential_hash"]
        if spec.get("forfeited"):
            table.forfeited = Forfeited(**spec["forfeited"])
        return table


def _name(name: object, seat: int) -> str:
    """A seat's shown name: one printable line, at most ``NAME_LIMIT`` characters."""
    text = name if isinstance(name, str) else ""
    text = "".join(char for char in text if char.isprintable()).strip()[:NAME_LIMIT]
    return text or f"seat {seat}"

