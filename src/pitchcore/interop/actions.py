"""A fixed action space per (variant, players): every move as a number, for bots and learning code.

Learning libraries (OpenSpiel, PettingZoo, Gymnasium) want a fixed, finite set of actions
numbered ``0 .. size - 1`` and a mask of the legal ones at each step. ``action_space(game)``
gives one per (variant, number of players), the same object every time. Its actions come
in blocks, always in this order and always all present (an action the variant never uses
is simply never legal), so one rule describes every variant:

====================  ===============  ============================================
block (attribute)     actions          the move
====================  ===============  ============================================
``play``              ``deck_size``    ``play CARD``: card index i is action ``play + i``
``discard``           ``deck_size``    ``discard CARD``: adds CARD to the discard being built
``done``              1                ``discard done``: makes the discard built so far
``partner``           ``deck_size``    ``partner CARD``: the bidder calls its partner's card
``pass_``             1                ``pass``
``redeal``            1                ``redeal``: a worthless hand demands a new deal
``trump``             4                ``trump C``, ``trump D``, ``trump H``, ``trump S``
``call``              2                ``call high``, ``call low``
``bid``               one per bid      ``bid N`` for each bid of the auction, in rank order
                                       (``auction.all_values()``: the numbers, then a named
                                       top bid such as ``moon``); none without an auction
``deal``              one per size     ``deal N`` for each hand size of the deal
                                       (``deal.hand_sizes(players)``: the dealer's choices
                                       where it chooses, else the one size, never legal)
``word``              one per word     the moves without an argument that the variant's
                                       steps add (``words()``: a turn-up trump's ``stand``,
                                       ``beg``, ``give``, ``run``); none in most variants
``blind``             one per bid      ``blind N`` for each blind bid, ``min_bid`` to
                                       ``max_bid``, where the auction has blind bids
                                       (``auction: {blind: N}``); none elsewhere
====================  ===============  ============================================

The deck includes the jokers where the variant has them (53 or 54 cards; card indices as
``pitchcore.model.cards`` numbers them: clubs 2 is 0, the ace of spades 51, then the jokers).

**Discards one card at a time.** The engine's discard is one move, ``discard MASK``, and a
draw exchange offers hundreds of masks. Here a seat builds its discard card by card:
``chosen`` is the mask of the cards picked so far (the caller keeps it, 0 when no discard is
being built). ``discard CARD`` is legal when the seat holds CARD, has not chosen it yet, and
some legal discard holds the chosen cards and CARD; ``discard done`` is legal when the chosen
cards are themselves a legal discard (at ``chosen == 0``, when discarding nothing is legal).
``apply`` returns the new ``chosen`` with the state: ``chosen | card`` and the same state for
a card, 0 and the state after the engine's ``discard`` move for done. Every legal discard is
reached this way and every sequence of legal actions ends in a legal discard: whenever the
chosen cards fall short of a legal discard, a card of it is still legal.

Legality always comes from ``state.legal_moves()`` (the rules are defined once, in the
engine), so the actions legal now are exactly the legal moves, taken apart.

    >>> import pitchcore
    >>> from pitchcore.interop.actions import action_space
    >>> state = pitchcore.new_game("auction-pitch", seed=7)
    >>> space = action_space(state)
    >>> space.size, space.play, space.pass_, space.bid
    (170, 0, 157, 165)
    >>> [space.names[action] for action in space.legal_actions(state)]
    ['pass', 'bid 1', 'bid 2', 'bid 3', 'bid 4']
    >>> state, chosen = space.apply(state, space.bid + 1)   # bid 2
    >>> state.info.bids
    ((1, 2),)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..components.auction import SingleRound
from ..game.engine import advance
from ..game.view import PlayerView
from ..model.caches import Cache
from ..model.cards import SUITS, card_text, cards_in, mask_text
from ..model.errors import IllegalMove
from ..model.moves import PARTNER, PASS, PLAY, REDEAL, TRUMP, Move, chosen_mask, parse_move, shape_problem
from ..model.state import GameState
from ..model.text import shown
from ..model.tuples import unchecked
from .per_table import PerTable

if TYPE_CHECKING:
    from ..components.variant import Variant

__all__ = [
    "ActionSpace", "action_space", "action_to_move", "legal_action_mask", "legal_actions",
    "move_to_action", "move_to_actions",
]

Mask = npt.NDArray[np.int8]
"""A legal-action mask: shape ``(space.size,)``, 1 for a legal action, 0 otherwise."""

_CACHE_LIMIT = 512
"""Legal-move tuples whose actions a space remembers, in each of its two caches (cleared
when full): the engine hands out the same few tuples again and again during play and bidding.
(More entries save little: every entry is one more object for the garbage collector to walk,
which in self-play costs more than working out the few tuples they would have kept.)"""
_SPACES_KEPT = 128
"""Spaces kept at once (a server meeting many house files keeps the recent ones)."""
_frombuffer, _INT8 = np.frombuffer, np.dtype(np.int8)


class _Legal(NamedTuple):
    """What one tuple of legal moves allows, as actions."""

    moves: Sequence[Move]
    """The legal moves."""
    actions: tuple[int, ...]
    """The legal actions when no discard is being built, ascending."""
    allowed: bytearray
    """The same, one byte per action of the space: 1 for legal (``allowed[action]``)."""
    mask: Mask
    """The same, as a mask (``allowed``'s memory: never changed, copied before it is handed out)."""
    discards: npt.NDArray[np.uint64] | None
    """The legal discard masks (None: no discard is legal now)."""


class ActionSpace:
    """The actions of one variant at one table size: fixed numbering, names, and the legal ones.

    Build it with ``action_space(game, players)`` (cached). Attributes are read-only; the
    block offsets (``play``, ``discard``, ``done``, ``partner``, ``pass_``, ``redeal``,
    ``trump``, ``call``, ``bid``, ``deal``, ``word``, ``blind``) say where each block starts, and ``blocks`` maps
    each block's name to its range of actions.
    """

    __slots__ = ("_action_of", "_by_id", "_by_moves", "_last", "_last_discard", "_moves", "_plain_action_of", "bid",
                 "bids", "blind", "blinds", "blocks", "call", "deal", "deals", "deck_size", "discard", "done", "names",
                 "partner", "pass_", "play", "players", "redeal", "size", "trump", "variant", "word", "words")

    variant: Variant
    """The variant whose actions these are."""
    players: int
    """Seats at the table."""
    deck_size: int
    """Cards in the deck (52, or 53/54 with jokers): the length of the card blocks."""
    size: int
    """Number of actions: they are ``0 .. size - 1``."""
    names: tuple[str, ...]
    """Each action's text: ``play AS``, ``discard AS``, ``discard done``, ``partner AS``,
    ``pass``, ``redeal``, ``trump H``, ``call high``, ``bid 3``, ``bid moon``, ``deal 6``.
    All but the discard actions are move text that ``parse_move`` reads."""
    play: int
    """First action of the play block: ``play + card`` plays that card."""
    discard: int
    """First action of the discard block: ``discard + card`` adds that card to the discard."""
    done: int
    """The action ``discard done``."""
    partner: int
    """First action of the partner block: ``partner + card`` calls that card."""
    pass_: int
    """The action ``pass`` (``pass`` is a Python keyword, hence the underscore)."""
    redeal: int
    """The action ``redeal``."""
    trump: int
    """First action of the trump block: ``trump + suit`` (0-3: C, D, H, S) names that suit."""
    call: int
    """``call high``; ``call + 1`` is ``call low``."""
    bid: int
    """First action of the bid block: ``bid + i`` bids ``bids[i]``."""
    bids: tuple[int | str, ...]
    """The auction's bids in rank order (empty without an auction)."""
    deal: int
    """First action of the deal block: ``deal + i`` deals ``deals[i]`` cards to each seat."""
    deals: tuple[int, ...]
    """The hand sizes of the deal block."""
    word: int
    """First action of the word block: ``word + i`` makes ``words[i]``."""
    words: tuple[Move, ...]
    """The moves of the word block (``stand``, ``beg``, ...): empty in most variants."""
    blind: int
    """First action of the blind block: ``blind + i`` bids ``blinds[i]`` blind."""
    blinds: tuple[int, ...]
    """The blind bids (``auction: {blind: N}``: ``min_bid`` to ``max_bid``); empty elsewhere."""
    _moves: tuple[Move | None, ...]
    _action_of: dict[Move, int]
    _plain_action_of: dict[Move, int]
    """``_action_of`` without the discard moves: the actions a discard leaves out."""
    _by_moves: Cache[tuple[Move, ...], _Legal]
    """What a tuple of legal moves allows, by the tuple's value."""
    _by_id: Cache[int, _Legal]
    """The same by the tuple's ``id`` (the entry holds the tuple, so its id stays taken): the
    engine hands out one tuple object per playable mask and the like, found here without
    hashing their moves."""
    _last: list[tuple[GameState | None, _Legal | None]]
    _last_discard: list[tuple[GameState | None, int, tuple[int, ...]]]
    blocks: dict[str, range]
    """Each block's name (``play``, ``discard``, ``done``, ``partner``, ``pass``, ``redeal``,
    ``trump``, ``call``, ``bid``, ``deal``, ``word``, ``blind``) and its actions, in layout order (a copy is safe
    to change; the space does not read it)."""

    def __init__(self, variant: Variant, players: int) -> None:
        set_ = object.__setattr__
        deck = variant.deal.deck_size()
        all_values = getattr(variant.auction, "all_values", None)
        bids = tuple(all_values()) if callable(all_values) else ()
        deals = tuple(variant.deal.hand_sizes(players))
        words = words_of(variant)
        blinds = blind_bids(variant)
        lengths = (("play", deck), ("discard", deck), ("done", 1), ("partner", deck), ("pass", 1),
                   ("redeal", 1), ("trump", 4), ("call", 2), ("bid", len(bids)), ("deal", len(deals)),
                   ("word", len(words)), ("blind", len(blinds)))
        blocks: dict[str, range] = {}
        start = 0
        for name, length in lengths:
            blocks[name] = range(start, start + length)
            start += length
        names: list[str] = []
        moves: list[Move | None] = []
        for card in range(deck):
            names.append(f"play {card_text(card)}")
            moves.append(PLAY[card])
        for card in range(deck):
            names.append(f"discard {card_text(card)}")
            moves.append(None)
        names.append("discard done")
        moves.append(None)
        for card in range(deck):
            names.append(f"partner {card_text(card)}")
            moves.append(PARTNER[card])
        names += ["pass", "redeal"]
        moves += [PASS, REDEAL]
        for suit in range(4):
            names.append(f"trump {SUITS[suit]}")
            moves.append(TRUMP[suit])
        for way in ("high", "low"):
            names.append(f"call {way}")
            moves.append(Move("call", way))
        for value in bids:
            names.append(f"bid {value}")
            moves.append(Move("bid", value))
        for size in deals:
            names.append(f"deal {size}")
            moves.append(Move("deal", size))
        for word in words:
            names.append(str(word))
            moves.append(word)
        for value in blinds:
            names.append(f"blind {value}")
            moves.append(Move("blind", value))
        assert len(names) == start and len(set(names)) == start, "action names are unique"
        action_of = {move: action for action, move in enumerate(moves) if move is not None}
        action_of[Move("discard", 0)] = blocks["done"].start
        for attribute, value in (("variant", variant), ("players", players), ("deck_size", deck),
                                 ("size", start), ("names", tuple(names)), ("bids", bids), ("deals", deals),
                                 ("words", words), ("blinds", blinds),
                                 ("_moves", tuple(moves)), ("_action_of", action_of),
                                 ("_by_moves", Cache(_CACHE_LIMIT)), ("_by_id", Cache(_CACHE_LIMIT)),
                                 ("_plain_action_of", {move: action for move, action in action_of.items()
                                                       if move[0] != "discard"}),
                                 ("_last", [(None, None)]), ("_last_discard", [(None, 0, ())])):
            set_(self, attribute, value)
        for name, actions in blocks.items():
            set_(self, "pass_" if name == "pass" else name, actions.start)
        set_(self, "blocks", blocks)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an ActionSpace is immutable: {name} cannot be set")

    def __repr__(self) -> str:
        return f"<ActionSpace {self.variant.name} players={self.players} size={self.size}>"

    def __reduce__(self) -> tuple[Any, ...]:  # (pickled for worker processes: rebuilt from its key)
        return action_space, (self.variant, self.players)

    # -- what is legal now ---------------------------------------------------------------

    def _legal(self, state: GameState) -> _Legal:
        """The actions ``state.legal_moves()`` allows, remembered for the last state asked
        and per tuple of legal moves (the engine hands out the same tuples again)."""
        last, found = self._last[0]
        if last is state and found is not None:
            return found
        table = state.table
        if table.players != self.players or (table.variant is not self.variant and table.variant != self.variant):
            raise ValueError(f"this action space is {self.variant.name} for {self.players} players, not "
                             f"{table.variant.name} for {table.players}: use action_space(state)")
        moves = state.legal_moves()
        legal = self._by_id.get(id(moves))
        if legal is None or legal[0] is not moves:
            legal = self._new_legal(moves)
        self._last[0] = (state, legal)
        return legal

    def _new_legal(self, moves: tuple[Move, ...]) -> _Legal:
        """``_legal`` for a tuple of moves not met as this object lately: found by value
        (bids and the like come back as equal tuples), else worked out."""
        # Discards depend on the hand and seldom repeat: worked out afresh, not kept. A new
        # play tuple is a new playable mask, seldom met before: not looked up by value.
        kind = moves[0][0] if moves else None
        shared = len(moves) <= 64 and kind != "discard"
        by_value = shared and kind != "play"
        legal = self._by_moves.get(moves) if by_value else None
        if legal is None:
            legal = self._build(moves)
            if by_value:
                self._by_moves.put(moves, legal)
        if shared:
            self._by_id.put(id(moves), legal)
        return legal

    def _build(self, moves: Sequence[Move]) -> _Legal:
        # A new play tuple comes on about two moves in five of self-play (a new hand, a new
        # playable mask), so this is kept short: the moves turned to actions in C (a set:
        # an action once), a bytearray of flags, and the one numpy call.
        try:  # (the common case: no discard, every move of the space)
            actions = sorted(set(map(self._plain_action_of.__getitem__, moves)))
            discards: list[int | str | None] = []
        except KeyError:
            actions = []
            discards = [move[1] for move in moves if move[0] == "discard"]  # (a draw offers hundreds)
            for move in moves:
                if move[0] != "discard":
                    action = self._action_of.get(move)
                    if action is None:
                        raise ValueError(f"the legal move {move} has no action in {self!r}: the variant's "
                                         "components offer a move outside its blocks") from None
                    actions.append(action)
            actions = sorted(set(actions))
        allowed = bytearray(self.size)
        for action in actions:
            allowed[action] = 1
        return unchecked(_Legal, (moves, tuple(actions), allowed, _frombuffer(allowed, _INT8),
                             np.array(discards, dtype=np.uint64) if discards else None))

    def _discard_actions(self, state: GameState, legal: _Legal, chosen: int) -> tuple[int, ...]:
        """The discard actions legal with ``chosen`` picked (ValueError for a bad ``chosen``),
        remembered for the last state and ``chosen`` asked (a mask, then ``apply``)."""
        last, last_chosen, answer = self._last_discard[0]
        if last is state and last_chosen == chosen:
            return answer
        seat = state.to_move or 0
        answer = self._discards_with(legal, chosen, hand=state.masks[seat], seat=seat, phase=state.phase.value)
        self._last_discard[0] = (state, chosen, answer)
        return answer

    def _discards_with(self, legal: _Legal, chosen: int, *, hand: int, seat: int, phase: str) -> tuple[int, ...]:
        """The discard actions legal with ``chosen`` picked from ``hand`` (seat ``seat``'s, to
        move in ``phase``) where ``legal`` are its legal moves."""
        found = legal.discards
        if found is None:
            if chosen:
                raise ValueError(f"chosen must be 0 when no discard is being built: seat "
                                 f"{seat} is not discarding ({phase})")
            return ()
        if chosen & ~hand:
            raise ValueError(f"chosen holds {mask_text(chosen & ~hand)}, not in seat {seat}'s hand")
        key = np.uint64(chosen)
        holding = found[(found & key) == key] if chosen else found
        if not len(holding):
            raise ValueError(f"chosen ({mask_text(chosen)}) is part of no legal discard of seat {seat}")
        more = int(np.bitwise_or.reduce(holding)) & ~chosen
        start = self.discard
        actions = [start + card for card in cards_in(more)]
        if bool((holding == key).any()):
            actions.append(self.done)
        return tuple(actions)

    def legal_actions(self, state: GameState, chosen: int = 0) -> list[int]:
        """The actions legal now, ascending (``chosen``: the cards picked so far for a
        discard being built, 0 otherwise). Empty when the game is over."""
        legal = self._legal(state)
        if not chosen and legal.discards is None:
            return list(legal.actions)
        return self._listed(legal, chosen, partial(self._discard_actions, state, legal))

    def legal_action_mask(self, state: GameState, chosen: int = 0) -> Mask:
        """``legal_actions`` as a mask of shape ``(size,)``, dtype int8, 1 for legal: what
        a policy multiplies its output by. A new array each call (the caller may change it)."""
        legal = self._legal(state)
        if not chosen and legal.discards is None:
            return legal.mask.copy()
        return self._masked(legal, chosen, partial(self._discard_actions, state, legal))

    def is_legal(self, state: GameState, action: int, chosen: int = 0) -> bool:
        """Whether ``action`` is legal now (False for a number outside the space)."""
        try:
            self.action_to_move(state, action, chosen)
        except IllegalMove:
            return False
        return True

    def _listed(self, legal: _Legal, chosen: int, discards: Callable[[int], tuple[int, ...]]) -> list[int]:
        """The actions legal with ``chosen`` picked, where the moves are ``legal`` and
        ``discards(chosen)`` gives the discard actions (a state's, or a view's)."""
        if not chosen and legal.discards is None:
            return list(legal.actions)
        chosen = chosen_mask(chosen)
        cards = discards(chosen)
        return sorted(cards) if chosen else sorted({*legal.actions, *cards})

    def _masked(self, legal: _Legal, chosen: int, discards: Callable[[int], tuple[int, ...]]) -> Mask:
        """``_listed`` as a mask."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self._listed(legal, chosen, discards)] = 1
        return mask

    def _made(self, number: int, legal: _Legal, chosen: int,
              discards: Callable[[int], tuple[int, ...]]) -> tuple[bool, Move | None]:
        """Whether action ``number`` is legal now and the move it makes (None: a card joins
        the discard being built), with ``_listed``'s arguments."""
        if not chosen and legal.allowed[number]:
            return True, self._moves[number]
        if legal.discards is not None or chosen:
            chosen = chosen_mask(chosen)
            if number in discards(chosen):
                return True, None if number != self.done else Move("discard", chosen)
        return False, None

    # -- the same from a seat's view (a bot's: it has no state) ---------------------------

    def _view_legal(self, view: PlayerView) -> tuple[_Legal, Callable[[int], tuple[int, ...]]]:
        """The view's legal moves as actions, and its discard actions by cards chosen."""
        if view.players != self.players or view.variant != self.variant.name:
            raise ValueError(f"this action space is {self.variant.name} for {self.players} players, not "
                             f"{view.variant} for {view.players}: use action_space(variant, players)")
        moves = tuple(view.legal_moves)
        legal = self._by_id.get(id(moves))
        if legal is None or legal[0] is not moves:
            legal = self._new_legal(moves)
        hand = sum(1 << card.index for card in view.hand)
        return legal, partial(self._discards_with, legal, hand=hand, seat=view.seat, phase=view.phase.value)

    def view_legal_actions(self, view: PlayerView, chosen: int = 0) -> list[int]:
        """``legal_actions`` from a seat's view (``view.legal_moves``, its hand): what a bot
        sees, which has no state. Empty when it is not the view's seat's turn."""
        legal, discards = self._view_legal(view)
        return self._listed(legal, chosen, discards)

    def view_action_mask(self, view: PlayerView, chosen: int = 0) -> Mask:
        """``legal_action_mask`` from a seat's view (see ``view_legal_actions``)."""
        legal, discards = self._view_legal(view)
        if not chosen and legal.discards is None:
            return legal.mask.copy()
        return self._masked(legal, chosen, discards)

    def view_action_to_move(self, view: PlayerView, action: int, chosen: int = 0) -> Move | None:
        """``action_to_move`` from a seat's view: the move ``action`` makes, None for a card
        joining the discard being built. An action not legal now raises ``IllegalMove``."""
        number = self._number(view, action)
        legal, discards = self._view_legal(view)
        allowed_now, move = self._made(number, legal, chosen, discards)
        if allowed_now:
            return move
        allowed = ", ".join(self.names[each] for each in self._listed(legal, chosen, discards)) or "none"
        raise IllegalMove(f"action {number} ({self.names[number]}) is not legal now for seat {view.seat}: "
                          f"the legal actions are {allowed}", move=number, seat=view.to_move, phase=view.phase,
                          reason="not-legal")

    # -- actions to moves and back -------------------------------------------------------

    def action_to_move(self, state: GameState, action: int, chosen: int = 0) -> Move | None:
        """The engine's move that ``action`` makes now: None for a card joining the discard
        being built, the whole ``Move("discard", chosen)`` for ``discard done``. An action
        not legal now raises ``IllegalMove`` saying why (a ``ValueError``)."""
        number = self._number(state, action)
        legal = self._legal(state)
        allowed_now, move = self._made(number, legal, chosen, partial(self._discard_actions, state, legal))
        if allowed_now:
            return move
        raise self._illegal(state, number, chosen, legal)

    def apply(self, state: GameState, action: int, chosen: int = 0) -> tuple[GameState, int]:
        """The state after ``action`` and the new ``chosen``: a card joining a discard
        leaves the state as it is and returns ``chosen | card``; any other action makes its
        move and returns 0. An action not legal now raises ``IllegalMove``."""
        move = self.action_to_move(state, action, chosen)
        if move is None:  # (both checked: a legal card action, a good chosen)
            return state, chosen_mask(chosen) | 1 << (operator.index(action) - self.discard)
        return advance(state, move), 0  # (legal by the check above: the engine's transition itself)

    def move_to_actions(self, move: Move | str) -> tuple[int, ...]:
        """The actions that make ``move`` (a ``Move`` or its text): one action, or for a
        discard its cards in card order then ``discard done``. A move outside this space
        (a bid the auction does not have, a card outside the deck) raises ``ValueError``."""
        move = parse_move(move)
        problem = shape_problem(move, self.deck_size)
        if problem is not None:
            raise ValueError(f"{move} is no move of this game: {problem}")
        if move.kind == "discard" and isinstance(move.arg, int):  # (well formed: a mask of the deck)
            return (*(self.discard + card for card in cards_in(move.arg)), self.done)
        action = self._action_of.get(move)
        if action is None:
            raise ValueError(f"{shown(str(move), quote=False)} has no action in {self.variant.name} for "
                             f"{self.players} players")
        return (action,)

    def move_to_action(self, move: Move | str) -> int:
        """The one action that makes ``move``; a discard of any card takes several actions
        (``move_to_actions``) and raises ``ValueError``, as does a move outside the space."""
        actions = self.move_to_actions(move)
        if len(actions) != 1:
            raise ValueError(f"{move} is {len(actions)} actions, one card at a time then done: "
                             "use move_to_actions")
        return actions[0]

    # -- refusals -------------------------------------------------------------------------

    def _number(self, state: GameState | PlayerView, action: object) -> int:
        """``action`` as an action number of this space, or ``IllegalMove`` (malformed)."""
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < self.size:
            return int(action)
        try:
            if isinstance(action, bool):
                raise TypeError
            number = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise IllegalMove(f"an action is a whole number from 0 to {self.size - 1}, not "
                              f"{type(action).__name__}", move=action, seat=state.to_move,
                              phase=state.phase, reason="malformed") from None
        if not 0 <= number < self.size:
            raise IllegalMove(f"action {shown(number)} is not an action of {self.variant.name} for "
                              f"{self.players} players (0 to {self.size - 1})", move=action,
                              seat=state.to_move, phase=state.phase, reason="malformed")
        return int(number)

    def _illegal(self, state: GameState, action: int, chosen: int, legal: _Legal) -> IllegalMove:
        """The error for ``action``, which is not legal now, with the rules' reason."""
        name = self.names[action]
        seat = state.to_move
        if state.is_over:
            why, reason = "the game is over", "game-over"
        else:
            why, reason = self._why(state, action, chosen, legal), "not-legal"
        return IllegalMove(f"action {action} ({name}) is not legal now: {why}", move=action,
                           seat=seat, phase=state.phase, reason=reason)

    def _why(self, state: GameState, action: int, chosen: int, legal: _Legal) -> str:
        seat = state.to_move
        move = self._moves[action]
        if chosen and move is not None:
            return (f"seat {seat} is building a discard ({mask_text(chosen)} chosen): only discard "
                    "actions are legal until discard done")
        if move is not None:
            try:
                state.apply(move)
            except IllegalMove as error:  # the rules' own reason
                return str(error)
            return f"{move} is legal, but not as action {action}"  # (unreachable: the tables agree)
        if legal.discards is None:
            return f"seat {seat} is not discarding now ({state.phase.value})"
        if action == self.done:
            try:
                state.apply(Move("discard", chosen))
            except IllegalMove as error:
                return f"the cards chosen ({mask_text(chosen) or 'none'}) are no legal discard: {error}"
            return "the cards chosen are a legal discard"  # (unreachable)
        card = action - self.discard
        if not state.masks[seat or 0] >> card & 1:
            return f"{card_text(card)} is not in seat {seat}'s hand"
        if chosen >> card & 1:
            return f"{card_text(card)} is already chosen for this discard"
        return (f"no legal discard holds {mask_text(chosen | 1 << card)}; legal now: "
                f"{', '.join(self.names[a] for a in self._discard_actions(state, legal, chosen)) or 'nothing'}")


_SPACES = PerTable(ActionSpace, _SPACES_KEPT)
_BY_TABLE = _SPACES.last
"""The space of the last game asked (by its ``Table``), read in line per call."""


def words_of(variant: Variant) -> tuple[Move, ...]:
    """The moves without an argument the variant's hand steps add (``pass`` and ``redeal``
    have blocks of their own), in slot order: what a component's ``words()`` lists."""
    found: list[Move] = []
    for slot_name in ("deal", "auction", "widow", "trump", "exchange", "play"):
        words = getattr(getattr(variant, slot_name), "words", None)
        if callable(words):
            found += [word for word in words() if word not in found]
    return tuple(found)


def blind_bids(variant: Variant) -> tuple[int, ...]:
    """The blind bids of the variant's auction (``auction: {blind: N}``: each numbered bid),
    or none."""
    auction = variant.auction
    if not isinstance(auction, SingleRound) or auction.blind is None:
        return ()
    return tuple(range(auction.min_bid, auction.max_bid + 1))


def action_space(game: GameState | Variant | str, players: int | None = None) -> ActionSpace:
    """The action space of a game: a ``GameState`` (its variant and players), a
    ``Variant``, or a bundled variant's name or a variant file's path (then ``players``,
    or the variant's default). One space per (variant, players), built once."""
    return _SPACES.get(game, players)


# -- shortcuts on a state: its own variant's space ------------------------------------------


def legal_action_mask(state: GameState, chosen: int = 0) -> Mask:
    """``action_space(state).legal_action_mask(state, chosen)``."""
    return action_space(state).legal_action_mask(state, chosen)


def legal_actions(state: GameState, chosen: int = 0) -> list[int]:
    """``action_space(state).legal_actions(state, chosen)``."""
    return action_space(state).legal_actions(state, chosen)


def action_to_move(state: GameState, action: int, chosen: int = 0) -> Move | None:
    """``action_space(state).action_to_move(state, action, chosen)``."""
    return action_space(state).action_to_move(state, action, chosen)


def move_to_action(state: GameState, move: Move | str) -> int:
    """``action_space(state).move_to_action(move)``."""
    return action_space(state).move_to_action(move)


def move_to_actions(state: GameState, move: Move | str) -> tuple[int, ...]:
    """``action_space(state).move_to_actions(move)``."""
    return action_space(state).move_to_actions(move)
