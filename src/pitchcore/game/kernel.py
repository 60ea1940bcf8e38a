"""The compiled play kernel's Python side: what a variant compiles to, and when it runs.

``pitchcore._kernel`` is an optional C extension, built by ``pip install`` wherever a C
compiler is present. It decides no rule of its own: it runs the tables the components
already build (``TrumpTables``: effective suits, trick power, trump masks; the play
component's follow rule and first-lead rule; the trump component's suit set by a first
lead; each point category's deciding cards), so a rule is written once, in its component.
It covers the play of a hand, the judging of its point categories, the bids of a
single-round auction before the dealer's (whose legal bids it asks of the auction component
and keeps) and the draw's discards; everything else (the dealer's bid, the other exchanges,
settlement, going out) stays Python. (The deal's shuffle and dealing have compiled helpers
too, in ``cards`` and the deal component.)

What the kernel runs, each component tells it through its own ``kernel_form`` method
(``components.kernel_form``: the follow rule, the trick rule, each point category's kind
and deciding cards, the shoot, the auction's bid ranks); this module names no component
class, so a new kind with a form runs here with no edit. A variant runs on the kernel when
every component it needs gives a form (``unsupported`` says which does not); any other variant, a missing extension, or
``PITCHCORE_PURE=1`` in the environment leaves the pure-Python path, which is the
reference (``tests/test_kernel.py`` compares the two move by move). Either way the same
moves reach equal states.

Four things run on it:

- the play step (``KernelPlay`` replaces the play component in ``Table.pipeline``): legal
  plays, their check and the move itself, for ``fast.Game`` and the checked API alike;
- the auction step's bids before the dealer's (``KernelAuction``, the same way);
- the draw's discards (``KernelDraw``: listing, checking and making them, the dealer's
  discard, which ends the draw, through the transition loop);
- ``fast.playouts``: many random play-outs of the hand in C, each judged to the side every
  category awards, settled in Python (``scoring.score_judged``) once per distinct outcome.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..components import scoring
from ..components.context import decisions, pips_of
from ..components.kernel_form import kernel_form
from ..components.scoring import score_judged, teams_of
from ..components.step import Next, Step
from ..model.caches import Cache
from ..model.cards import DECK_SIZE, MAX_CARDS
from ..model.extension import PURE
from ..model.extension import compiled as _kernel
from ..model.log import Log
from ..model.moves import PLAY, Move
from ..model.phase import Phase
from ..model.results import HandResult, PlayRecord
from ..model.state import GameState, HandInfo

if TYPE_CHECKING:
    from ..components.variant import Variant
    from .table import Table

if _kernel is not None:  # (a draw's lazy discards are a Sequence, as fast.Game.moves says)
    Sequence.register(_kernel.Discards)

AVAILABLE = _kernel is not None
"""True when the compiled kernel is built and not switched off (``PITCHCORE_PURE``)."""
GAME_BASE: type = _kernel.GameBase if _kernel is not None else object
"""The base class of ``fast.Game``: the kernel's, whose play moves run in C, or ``object``."""
BATCH_CORE: Any = getattr(_kernel, "BatchCore", None) if _kernel is not None else None
"""The compiled half of ``interop.batch.Batch`` (its plays and their observations), or None."""

def unsupported(variant: Variant) -> str | None:
    """Why the kernel cannot play ``variant`` (None: it can): the first component it needs
    that gives no kernel form (``components.kernel_form``). A plug-in subclass gives none
    unless it says its own, since it may change anything."""
    if getattr(variant.play, "renege", "refused") != "refused":
        return "reneges are allowed and penalised (play renege: N), and the kernel refuses every illegal play"
    for slot in ("play", "trick"):
        component = getattr(variant, slot)
        if kernel_form(component) is None:
            return f"{slot} kind {type(component).__name__}"
    trump = variant.trump
    if not callable(getattr(trump, "suit_from_lead", None)) or not callable(getattr(trump, "names_after_lead", None)):
        return f"trump kind {type(trump).__name__}"
    if any(trump.names_after_lead(card) for card in range(MAX_CARDS)):
        return "a trump named after a joker is led"
    for point in variant.points:
        if kernel_form(point) is None:
            return f"point kind {type(point).__name__}"
    if kernel_form(variant.shoot) is None:
        return f"shoot kind {type(variant.shoot).__name__}"
    return None


def _form(component: object, *args: Any) -> Any:
    """The kernel form of a component ``unsupported`` found one for."""
    method = kernel_form(component)
    assert method is not None
    return method(*args)


def _set_trump(info: HandInfo, suit: int) -> HandInfo:
    return info._replace(trump=suit)


def compile_rules(table: Table) -> Any:
    """The kernel's ``Rules`` for ``table`` (None: the kernel is off, or cannot play it)."""
    if _kernel is None:
        return None
    variant = table.variant
    if unsupported(variant) is not None:
        return None
    tables = table.trump_tables
    deck = table.deck_size
    play = variant.play
    trump = variant.trump
    follow, first_lead_trump = _form(play)
    lead_sets = tuple(-1 if (suit := trump.suit_from_lead(card)) is None else suit for card in range(deck))
    return _kernel.Rules(
        table.players, deck,
        tuple(row[:deck] for row in tables.suit),
        tuple(tuple(line[:deck] for line in by_led) for by_led in tables.power),
        tables.trumps, tables.suit_masks, int(tables.later_ties), follow, int(first_lead_trump), lead_sets,
        tuple(_form(point, tables, deck) for point in variant.points),
        tuple(pips_of(1 << card) for card in range(deck)),
        sum(1 << card for card in range(DECK_SIZE, deck)),
        PLAY, _set_trump, Phase.PLAYING, Next.WAIT, Next.DONE, play, GameState, Log, Move, _on_done,
        tuple(row[:deck] for row in tables.order), table.side_of)


def _on_done(state: GameState, index: int) -> GameState:
    """After the hand's last play: the transition loop's next steps (scoring, the next
    deal), which the state's table holds."""
    return state.table.enter(state, index)


class CompiledStep(Step):
    """A component's step with its moves in the kernel: ``legal``, ``legal_fields``,
    ``is_legal``, ``apply_in_place``, ``checked`` and ``quick`` are the compiled object's
    own; everything else (entering the step, saying why a move is illegal, the component's
    fields) is the component's."""

    _names: tuple[str, ...] = ("component",)

    def __init__(self, component: Step, compiled: Any) -> None:
        self.component = component
        # instance attributes: the engine's lookups find the C methods with no Python frame between
        self.legal = compiled.legal  # type: ignore[method-assign]
        self.legal_fields = compiled.legal_fields  # type: ignore[method-assign]
        self.is_legal = compiled.is_legal  # type: ignore[method-assign]
        self.apply_in_place = compiled.apply_in_place  # type: ignore[method-assign]
        self.checked = compiled.checked  # type: ignore[misc]
        self.quick = compiled.advance  # type: ignore[misc]

    def begin(self, state: GameState) -> tuple[GameState, Any]:
        return self.component.begin(state)

    def why_illegal(self, state: GameState, move: Move) -> str:
        return self.component.why_illegal(state, move)

    def __getattr__(self, name: str) -> Any:
        if name in self._names:  # (not set yet: never the component's)
            raise AttributeError(name)
        return getattr(self.component, name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.component!r})"


class KernelPlay(CompiledStep):
    """The play step with its moves in the kernel's ``Rules`` (``rules``)."""

    _names = ("component", "rules")

    def __init__(self, component: Step, rules: Any) -> None:
        super().__init__(component, rules)
        self.rules = rules


class KernelDraw(CompiledStep):
    """The draw before play (``exchange: draw``) with its discards in the kernel's ``Draws``
    (``draws``): listing, checking and making them. The dealer's discard, which ends the
    draw, still goes through the transition loop, so what follows the draw is the table's.
    ``legal_fields`` (``fast.Game.moves``) gives the discards as a ``Discards`` sequence,
    which makes a move only when it is asked for: a bidder holding twelve cards has
    thousands, of which a playout takes one."""

    _names = ("component", "draws")

    def __init__(self, component: Step, draws: Any) -> None:
        super().__init__(component, draws)
        self.draws = draws


class KernelAuction(CompiledStep):
    """The auction step with the bids before the dealer's in the kernel's ``Bids`` (``bids``),
    which asks the component for the legal bids once per high bid and leaves the dealer's
    move, which ends the auction, to it. A state's move the kernel leaves (the dealer's)
    goes to the component's ``apply`` at once."""

    _names = ("component", "bids")

    def __init__(self, component: Step, bids: Any) -> None:
        super().__init__(component, bids)
        self.bids = bids
        self.apply = component.apply  # type: ignore[method-assign]


_COMPILED: Cache[tuple[Variant, int, str], Any] = Cache(64)
"""What a (variant, players) compiles to for a step ("play": ``Rules``, "auction": ``Bids``,
"exchange": ``Draws``; None: nothing, the component runs): every game of a variant has a
table of its own (its seed), and they share these."""


def _compiled(table: Table, step: str, build: Callable[[], Any]) -> Any:
    """``build()`` for ``table``'s variant, players and ``step``, once (kept in ``_COMPILED``)."""
    key = (table.variant, table.players, step)
    found = _COMPILED.get(key, False)
    if found is False:
        found = _COMPILED.put(key, build())
    return found


def play_step(table: Table, component: Step) -> Step:
    """The play step ``table`` runs: ``component`` itself, or on the kernel where it can."""
    if not AVAILABLE:
        return component
    rules = _compiled(table, "play", lambda: compile_rules(table))
    return component if rules is None else KernelPlay(component, rules)


def auction_step(table: Table, component: Step) -> Step:
    """The auction step ``table`` runs: ``component`` itself, or with its bids in the kernel
    where the extension is in use and the auction is a single round whose legal bids depend
    on the high bid and the dealer's turn alone (no forced bid, no called partner, one round,
    partners free to overbid each other: the auction's ``kernel_form`` says)."""
    form = kernel_form(component)
    if _kernel is None or form is None or table.variant.shoot.reads_scores():
        return component  # (it keeps the legal bids per high bid: not where a score bars the shoot bid)
    bids = _compiled(table, "auction", lambda: _compile_bids(table.players, component, form()))
    return component if bids is None else KernelAuction(component, bids)


def draw_step(table: Table, component: Step) -> Step:
    """The exchange step ``table`` runs: ``component`` itself, or with its discards in the
    kernel where the extension is in use and the exchange gives a form (the draw)."""
    form = kernel_form(component)
    if _kernel is None or form is None:
        return component
    draws = _compiled(table, "exchange", lambda: _kernel.Draws(
        table.players, form(), Phase.DISCARDING, "discard", Next.WAIT, Next.DONE, component, GameState, Log, Move,
        HandInfo))
    return KernelDraw(component, draws)


def _compile_bids(players: int, auction: Step, ranks: dict[Move, int] | None) -> Any:
    """The kernel's ``Bids`` for ``auction`` at a table of ``players``, its bids ranked by
    ``ranks`` (None: the auction's form says its bids stay Python). A bid ranked beyond its
    table, which no auction's fields allow, goes to the component."""
    assert _kernel is not None
    if ranks is None:
        return None
    return _kernel.Bids(players, ranks, Phase.BIDDING, Next.WAIT, auction, GameState, Log, Move, HandInfo)


# -- playouts ----------------------------------------------------------------------------------

_SETTLED: Cache[tuple[Any, ...], tuple[tuple[int, ...], int]] = Cache(200_000)
"""(what settlement reads of a state, code, all tricks) -> (score change per side, winner or -1)."""


def _settle_key(state: GameState) -> tuple[Any, ...]:
    """Everything of ``state`` besides the cards that settling a judged hand reads: the
    table, the scores, the auction's outcome, the dealer, what was paid before play, and the
    past hands where set-backs are counted."""
    info = state.info
    table = state.table
    past = state.hand_results if getattr(table.variant.going_out, "lose_after_sets", None) is not None \
        else len(state.hand_results)
    return (table, state.scores, state.dealer, info.bids, info.bidder, info.bid, info.called, info.partner,
            info.paid, info.blind, past)


def _rules(state: GameState) -> Any:
    """The kernel's Rules for the hand of ``state`` (None: the kernel does not play it)."""
    step = state.table.pipeline[state.step]
    return step.rules if isinstance(step, KernelPlay) and state.phase is Phase.PLAYING else None


def _hand(state: GameState) -> tuple[Any, tuple[Any, ...], int] | None:
    """The kernel's Rules and the hand of ``state`` as its ``playouts`` and ``judged`` take it,
    with the number of sides it is judged between (None: the kernel does not play this state)."""
    rules = _rules(state)
    if rules is None:
        return None
    table = state.table
    info = state.info
    players = table.players
    teams = None if info.called is None else teams_of(state)
    side_of = table.side_of if teams is None else teams
    sides = table.sides if teams is None else 2
    start = info.start if len(info.start) == players else (0,) * players
    return rules, (
        state.masks, start, state.done_tricks, state.trick_cards, state.leader, state.to_move,
        -1 if info.trump is None else info.trump, side_of, sides,
        -1 if info.bidder is None else side_of[info.bidder], state.dealer), sides


def _run(state: GameState, n: int, seed: int, greedy: float = 0.0) -> tuple[bytes, bytes, int] | None:
    """The kernel's playouts of ``state``: (codes, all-tricks flags, sides judged between),
    or None when the kernel does not play this state."""
    found = _hand(state)
    if found is None:
        return None
    rules, hand, sides = found
    codes, flags = rules.playouts(*hand, n, seed % 2**64, float(greedy))
    return codes, flags, sides


def _awarded(state: GameState, code: int, sides: int) -> list[int | None]:
    """The side each category awards (None: nobody), read back from the kernel's code of a
    judged hand: one digit per category, base ``sides + 1``, 0 for nobody."""
    awarded: list[int | None] = []
    for _ in state.table.variant.points:
        code, digit = divmod(code, sides + 1)
        awarded.append(None if digit == 0 else digit - 1)
    return awarded


def _settled(state: GameState, base: tuple[Any, ...], key: int, sides: int) -> tuple[tuple[int, ...], int]:
    """The score change per side and the winner (-1: none) of a judged hand: ``key`` is its
    code times two plus its all-tricks flag, settled by ``scoring.score_judged`` once."""
    found = _SETTLED.get((base, key))
    if found is None:
        code, all_tricks = divmod(key, 2)
        result, _, winner, _ = score_judged(state, _awarded(state, code, sides), bool(all_tricks))
        found = _SETTLED.put((base, key), (result.delta, -1 if winner is None else winner))
    return found


def playouts(state: GameState, n: int, seed: int,
             greedy: float = 0.0) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None:
    """``fast.playouts`` on the kernel: (points, winners), or None when the kernel cannot run
    this state (then the caller plays out in Python). Moves are random, or with chance
    ``greedy`` the greedy policy's (``fast.Greedy``)."""
    found = _run(state, n, seed, greedy)
    if found is None:
        return None
    codes, flags, sides = found
    keys = np.frombuffer(codes, dtype=np.int64) * 2 + np.frombuffer(flags, dtype=np.uint8)
    distinct, inverse = np.unique(keys, return_inverse=True)
    base = _settle_key(state)
    deltas = np.empty((len(distinct), state.table.sides), dtype=np.int64)
    winners = np.empty(len(distinct), dtype=np.int64)
    for row, key in enumerate(distinct.tolist()):
        deltas[row], winners[row] = _settled(state, base, key, sides)
    return deltas[inverse], winners[inverse]


def outcomes(state: GameState, n: int, seed: int,
             greedy: float = 0.0) -> list[tuple[tuple[int, ...], int, int]] | None:
    """``playouts`` grouped by outcome (the side each category went to, and whether the
    bidder's side took every trick): each outcome's score change per side, winner (-1:
    none) and how many of the ``n`` playouts ended so; several outcomes may score alike.
    Without numpy: search asks for a dozen playouts at a time, where building arrays costs
    more than playing them. None where the kernel does not play this state."""
    found = _run(state, n, seed, greedy)
    if found is None:
        return None
    codes, flags, sides = found
    counts = Counter(zip(memoryview(codes).cast("q"), flags, strict=True))
    base = _settle_key(state)
    return [(*_settled(state, base, code * 2 + flag, sides), count) for (code, flag), count in counts.items()]


def judge(state: GameState) -> tuple[tuple[int, ...], int | None] | None:
    """The score change per side and the winning side (None: none) of the hand in ``state``
    played to its end, as the kernel judges a finished hand (None: the kernel does not play
    this state). On a hand still going, one random playout's."""
    found = _run(state, 1, 0)
    if found is None:
        return None
    codes, flags, sides = found
    delta, winner = _settled(state, _settle_key(state), int.from_bytes(codes, "little", signed=True) * 2 + flags[0],
                             sides)
    return delta, None if winner < 0 else winner


_RESULTS: Cache[tuple[Any, ...] | None, tuple[HandResult, tuple[int, ...], int | None, bool]] = Cache(20_000)
"""(what settling reads of a position, the hand's outcome) -> its score, whose pips and record
each later hand of that outcome replaces with its own."""


def score_hand(state: GameState, keep: bool = True) -> tuple[HandResult, tuple[int, ...], int | None, bool]:
    """``scoring.score_hand`` of a finished hand, with its categories judged by the kernel
    where it plays the hand and no partner was called: ``scoring.score_judged`` settles an
    outcome the first time it is met in a position (the scores and the auction: what
    settling reads), and later hands of that outcome there (search plays many) reuse it with
    their own Game pips and record; with ``keep`` False nothing is kept (a whole game's
    scores change every hand: the engine's hands would only fill the memory). Else Python's
    ``score_hand`` itself."""
    table = state.table
    rules = _rules(state)
    found = None if rules is None else rules.finished(state)
    if found is None:
        return scoring.score_hand(state)
    code, all_tricks, pips, shown = found
    key = (_settle_key(state), code * 2 + all_tricks) if keep else None
    template = _RESULTS.get(key) if keep else None
    if template is None:
        template = score_judged(state, _awarded(state, code, table.sides), all_tricks, pips, shown)
        if keep:
            _RESULTS.put(key, template)
        return template
    result, scores, winner, over = template
    record = PlayRecord(state.done_tricks, shown, state.info.trump, table.trump_tables, table.variant.points,
                        judge=decisions)
    return HandResult(bidder=result.bidder, bid=result.bid, made=result.made, awards=result.awards,
                      delta=result.delta, game_pips=pips, dealer=result.dealer, ended_game=result.ended_game,
                      partner=result.partner, winners=result.winners, record=record), scores, winner, over


__all__ = ["AVAILABLE", "PURE", "CompiledStep", "KernelAuction", "KernelDraw", "KernelPlay", "auction_step",
           "compile_rules", "draw_step", "judge", "outcomes", "play_step", "playouts", "score_hand", "unsupported"]
