"""Is a game record a position some game reaches? ``loads`` asks before it returns one.

Each field was read in range already (``records``); here the fields must agree with each
other (every card in one place, the phase with the game), and the hand in progress must
follow from its deal: the hand's own steps play its moves again (the bids, the partner
called, trump, the discards, the tricks), so the rules are asked, never restated.
"""

from __future__ import annotations

from typing import Any, NoReturn

from .cards import card_text, cards_in, mask_of
from .components.step import Next, Step
from .engine import _dealt_sizes, _fresh_hand, begin_steps
from .errors import RecordError
from .moves import PASS, Move, discard, shape_problem
from .state import GameState, HandInfo, Phase


def _fail(where: str, problem: str) -> NoReturn:
    raise RecordError(f"not a pitchcore game record: {where}: {problem}" if where
                      else f"not a pitchcore game record: {problem}")


def check(state: GameState) -> None:
    """Refuse a state no game reaches (``RecordError``), field by field, then the hand
    in progress by playing it again from its deal."""
    table = state.table
    info = state.info
    over = state.phase is Phase.GAME_OVER
    results = state.hand_results
    if over != (state.to_move is None):
        _fail("to_move", "nobody is to move exactly when the game is over" if over
              else f"a game in the {state.phase.value} phase has a seat to move")
    if not over and state.winner is not None:
        _fail("winner", "a game that is not over has no winner yet")
    ended = [index for index, result in enumerate(results) if result.ended_game]
    if over and ended != [len(results) - 1]:
        _fail("hand_results", "a game over ends with the one hand result that ended it")
    if not over and ended:
        _fail(f"hand_results[{ended[0]}]", "a hand that ended the game, yet the game goes on")
    if state.deal_number < len(results) - over:
        _fail("deal_number", f"{state.deal_number} deals cannot have given {len(results)} hands")
    if (state.phase in (Phase.DEALING, Phase.BIDDING, Phase.NAMING_TRUMP, Phase.DISCARDING)
            and state.leader != state.dealer and not (state.deal_number == 0 and state.leader == 0)):
        _fail("leader", "before play the leader is the dealer (or seat 0, in a stacked first deal)")
    _check_cards(state)
    if info.hand_size == 0:
        if over or state.step != 0 or any(state.masks):
            _fail("info.hand_size", "every hand is dealt cards (0: only before the dealer chooses how many)")
    elif info.hand_size not in _dealt_sizes(state):
        _fail("info.hand_size", f"{table.variant.name} does not deal hands of {info.hand_size} cards "
                                f"to {table.players} seats")
    sizes = {mask.bit_count() for mask in info.dealt}
    if sizes != {info.hand_size}:
        _fail("info.dealt", f"every seat is dealt info.hand_size ({info.hand_size}) cards")
    _replay(state)


def _check_cards(state: GameState) -> None:
    """Every card of the deck in exactly one place, and the other masks within the deck."""
    info = state.info
    places: dict[int, str] = {}

    def put(card: int, where: str) -> None:
        earlier = places.get(card)
        if earlier is not None:
            _fail("", f"{card_text(card)} is held twice: in {earlier} and in {where}")
        places[card] = where

    for seat, mask in enumerate(state.masks):
        for card in cards_in(mask):
            put(card, f"seat {seat}'s hand")
    for card in info.stock:
        put(card, "the stock")
    for card in info.junk:
        put(card, "the junk")
    for card in state.trick_cards:
        put(card, "the trick in progress")
    for index, (_, cards, _) in enumerate(state.tricks):
        for card in cards:
            put(card, f"trick {index}")
    missing = [card_text(card) for card in range(state.table.deck_size) if card not in places]
    if missing:
        _fail("", f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} nowhere "
                  "(every card of the deck is in a hand, the stock, the junk or a trick)")
    dealt = 0
    for seat, mask in enumerate(info.dealt):
        if dealt & mask:
            _fail(f"info.dealt[{seat}]", f"{card_text(next(cards_in(dealt & mask)))} dealt twice")
        dealt |= mask


# -- replaying the hand in progress ---------------------------------------------------------------


class _Mismatch(Exception):
    """The replay of the hand cannot reach the record's position (its message says why)."""


def _replay(state: GameState) -> None:
    """Play the record's hand again from its deal and demand the record's position.

    Where the split of the robber's discards between its turn and its robbing is not
    written down, each split is tried; one that reaches the position is enough.
    """
    first: _Mismatch | None = None
    for robbed in _robbing_counts(state):
        try:
            _replay_once(state, robbed)
            return
        except _Mismatch as error:
            first = first or error
        except (ArithmeticError, AssertionError, AttributeError, LookupError, TypeError,
                ValueError) as error:  # a rule's code on a deal no game makes: not a record either
            first = first or _Mismatch(f"the hand's rules fail on it ({type(error).__name__})")
    assert first is not None
    _fail("", f"no legal play reaches this position: {first}")


def _replay_once(record: GameState, robbed: int) -> None:
    table = record.table
    info = record.info
    pipeline = table.pipeline
    over = record.phase is Phase.GAME_OVER
    if not over and record.step == 0 and not any(info.dealt):  # the dealer is yet to choose the deal
        expected, _ = begin_steps(_fresh_hand(record, record.dealer, record.deal_number), 0)
        if expected != record:
            raise _Mismatch(f"a hand before its deal is deal {record.deal_number} of the seed, "
                            "all its cards in the stock")
        return
    deal: Any = pipeline[0]
    arrange = True
    if record.deal_number and hasattr(deal, "deal_out"):  # after the first, every deal is the seed's
        dealt = deal.deal_out(_fresh_hand(record, record.dealer, record.deal_number), info.hand_size)
        if dealt.info.dealt != info.dealt:
            raise _Mismatch(f"the hands dealt are not deal {record.deal_number} of the seed")
        if getattr(deal, "thrown_in", lambda _: False)(dealt):
            raise _Mismatch(f"deal {record.deal_number} of the seed is thrown in, never played")
        stock = dealt.info.stock
        arrange = False
    else:  # the first deal may be stacked: the stock in the order the hand takes from it
        gone = set(range(table.deck_size)) - set(info.stock) - set(cards_in(_ored(info.dealt)))
        stock = tuple(sorted(gone)) + info.stock
    start = GameState(table, record.scores, record.dealer, record.deal_number, record.hand_results,
                      Phase.BIDDING, None, info.dealt,
                      HandInfo(dealt=info.dealt, stock=stock, hand_size=info.hand_size), (),
                      record.leader, (), None, 0)
    replay = _Replay(record, robbed, arrange)
    state, waiting = deal.stacked(start)
    index = 0
    while True:
        if waiting:
            state = tuple.__new__(GameState, (*state[:13], index))
            state, done = replay.feed(state, index)
            if not done:
                break
        index += 1
        if index == len(pipeline):
            break
        if index == 2 and arrange:  # the widow: the gift on top of the stock
            state = _on_top(state, set(cards_in(info.gift)))
        state, waiting = pipeline[index].begin(state)
        if waiting is Next.REDEAL:
            raise _Mismatch("the hand is thrown in as its steps begin")
    if replay.left:
        raise _Mismatch(f"the hand ends before {replay.left}")
    if not over:
        if index == len(pipeline):
            raise _Mismatch("the hand is over, yet the game waits for a move in it")
        _same(state, record)
        return
    if index < len(pipeline):
        raise _Mismatch("the game is over, yet its last hand waits for a move")
    from .scoring import score_hand

    last = record.hand_results[-1]
    before = tuple(score - change for score, change in zip(record.scores, last.delta, strict=True))
    state = state.evolve(scores=before, hand_results=record.hand_results[:-1])
    result, scores, winner, ends = score_hand(state)
    if not ends:
        raise _Mismatch("the last hand does not end the game")
    if result != last:
        raise _Mismatch("the last hand result is not what the last hand scores")
    _same(state.evolve(scores=scores, hand_results=(*state.hand_results, result),
                       phase=Phase.GAME_OVER, to_move=None, winner=winner), record)


def _ored(masks: tuple[int, ...]) -> int:
    found = 0
    for mask in masks:
        found |= mask
    return found


def _same(state: GameState, record: GameState) -> None:
    """The replay reached the record's position, or a mismatch naming the first difference."""
    if state == record:
        return
    for name, ours, theirs in zip(GameState.FIELDS, state, record, strict=True):
        if ours != theirs:
            if name == "info":
                for key, mine, given in zip(HandInfo._fields, ours, theirs, strict=True):
                    if mine != given:
                        raise _Mismatch(f"info.{key} is not what the hand's moves leave")
            raise _Mismatch(f"{name} is not what the hand's moves leave")
    raise _Mismatch("the position differs")  # (every field is equal: unreachable)


def _on_top(state: GameState, cards: set[int]) -> GameState:
    """``state`` with ``cards`` (those of them in the stock) moved to the top of the
    stock, in card order, the rest kept in its order."""
    stock = state.info.stock
    top = sorted(card for card in stock if card in cards)
    if not top:
        return state
    rest = tuple(card for card in stock if card not in cards)
    return state.evolve(info=state.info._replace(stock=(*top, *rest)))


def _robbing_counts(state: GameState) -> list[int]:
    """How many of the robber's discards may have been robbing (one card a move), not
    its own turn's: the junk's last cards; 0 where nobody robs."""
    info = state.info
    robber = _robber(state)
    if robber is None or info.exchanged < state.table.players or not info.discards:
        return [0]
    own = set(cards_in(info.discards[robber]))
    counts = []
    for count in range(len(own) + 1):
        tail = info.junk[len(info.junk) - count:] if count else ()
        if len(tail) == count and set(tail) <= own:
            counts.append(count)
    return counts or [0]


def _robber(state: GameState) -> int | None:
    exchange: Any = state.table.rules.exchange
    robber = getattr(exchange, "robber", "none")
    if robber == "dealer":
        return state.dealer
    if robber == "bidder":
        bidder: int | None = state.info.bidder
        return bidder
    return None


class _Replay:
    """The moves of the record's hand, step by step, as the record writes them down."""

    def __init__(self, record: GameState, robbed: int, arrange: bool) -> None:
        self.record = record
        self.robbed = robbed
        self.arrange = arrange
        self.left = ""
        """What the record holds that the replay has not played yet (empty: nothing)."""
        info = record.info
        held = info.start if info.start else record.masks
        self.owners: dict[int, int] = {}
        """Per card, the seat that held it once the exchange was over (or holds it now)."""
        for seat in range(record.table.players):
            mask = held[seat] | (info.discards[seat] if info.discards else 0)
            for card in cards_in(mask):
                self.owners.setdefault(card, seat)

    def feed(self, state: GameState, index: int) -> tuple[GameState, bool]:
        """Play the record's moves of step ``index``: the state, and whether the step is done
        (False: the record waits in it)."""
        step: Step = state.table.pipeline[index]
        record = self.record
        info = record.info
        if index == 0:  # a coke-hand demand: each seat from the eldest passes
            players = state.table.players
            eldest = (state.dealer + 1) % players
            at_deal = record.step == 0 and record.phase is not Phase.GAME_OVER
            count = (record.to_move - eldest) % players if at_deal and record.to_move is not None else players
            return self.play(state, step, [PASS] * count, "the passes before the bidding")
        if index == 1:
            moves = [PASS if bid is None else Move("bid", bid) for _, bid in info.bids]
            if info.called is not None:
                moves.append(Move("partner", info.called))
            return self.play(state, step, moves, "info.bids")
        if index == 3:
            moves = [] if info.trump is None else [Move("trump", info.trump)]
            return self.play(state, step, moves, "info.trump")
        if index == 4:
            return self.exchange(state, step)
        if index == 5:
            return self.tricks(state, step)
        raise _Mismatch(f"step {index} of the hand waits for a move, and no record says which")

    def play(self, state: GameState, step: Step, moves: list[Move], what: str) -> tuple[GameState, bool]:
        for position, move in enumerate(moves):
            state, next_ = self.move(state, step, move, what)
            if next_ is not Next.WAIT:
                if position + 1 < len(moves):
                    raise _Mismatch(f"{what}: the step is over before {moves[position + 1]}")
                return state, True
        return state, False

    @staticmethod
    def move(state: GameState, step: Step, move: Move, what: str) -> tuple[GameState, Next]:
        problem = shape_problem(move, state.table.deck_size)
        if problem is not None:
            raise _Mismatch(f"{what}: {problem}")
        if not step.is_legal(state, move):
            raise _Mismatch(f"{what}: {move} is not a legal move there")
        state, next_ = step.apply(state, move)
        if next_ is Next.REDEAL:
            raise _Mismatch(f"{what}: {move} throws the hand in")
        return state, next_

    # -- the exchange ------------------------------------------------------------------------

    def exchange(self, state: GameState, step: Step) -> tuple[GameState, bool]:
        record = self.record
        info = record.info
        players = state.table.players
        if not info.discards:
            if info.exchanged:
                raise _Mismatch("info.exchanged: seats have discarded, but no discards are written down")
            return state, False
        eldest = (state.dealer + 1) % players
        robber = _robber(record)
        junk = info.junk
        robbing = junk[len(junk) - self.robbed:] if self.robbed else ()
        turns = min(info.exchanged, players)
        refill = getattr(step, "keep", None)
        for turn in range(turns):
            seat = (eldest + turn) % players
            thrown = info.discards[seat]
            if seat == robber:
                thrown &= ~mask_of(robbing)
            if self.arrange:
                state = self.arranged(state, step, seat, thrown, refill)
            state, next_ = self.move(state, step, discard(thrown), f"info.discards[{seat}]")
            if next_ is Next.DONE:
                if turn + 1 < turns or robbing:
                    raise _Mismatch("info.discards: the exchange is over before every discard")
                return state, True
        if turns < players:
            return state, False
        for card in robbing:
            state, next_ = self.move(state, step, discard(1 << card), "info.junk (the robber's discards)")
            if next_ is Next.DONE:
                if card != robbing[-1]:
                    raise _Mismatch("info.junk: the robber is done before its last discard")
                return state, True
        return state, False

    def arranged(self, state: GameState, step: Step, seat: int, thrown: int, keep: int | None) -> GameState:
        """``state`` with the stock ordered so that the cards this discard brings in are the
        ones the record's seats hold: the mover's draw, or (the dealer's discard of a
        refill) every seat's refill in turn, the robber's share last."""
        stock = state.info.stock
        owners = self.owners
        players = state.table.players
        if keep is None:  # a draw: this seat's cards from the stock first
            return _on_top(state, {card for card in stock if owners.get(card) == seat})
        if seat != state.dealer:
            return state
        masks = list(state.masks)
        masks[seat] &= ~thrown
        robber = _robber(self.record)
        order: list[int] = []
        robbed: list[int] = []
        for offset in range(1, players + 1):
            taker = (state.dealer + offset) % players
            cards = sorted(card for card in stock if owners.get(card) == taker)
            if taker == robber:
                need = max(keep - masks[taker].bit_count(), 0)
                cards, extra = cards[:need], cards[need:]
                robbed.extend(extra)
            order.extend(cards)
        order.extend(robbed)
        placed = set(order)
        order.extend(card for card in stock if card not in placed)
        return state.evolve(info=state.info._replace(stock=tuple(order)))

    # -- the play ------------------------------------------------------------------------------

    def tricks(self, state: GameState, step: Step) -> tuple[GameState, bool]:
        record = self.record
        tricks = record.tricks
        for number, trick in enumerate(tricks):
            where = f"tricks[{number}]"
            if state.phase is Phase.CALLING:  # the leader's call is not written down: either
                options = [self.trick(self.move(state, step, call, where)[0], step, trick, where)
                           for call in _CALLS]
                found = [option for option in options if option[0].tricks[-1:] == (trick,)]
                state, done = (found or options)[0]
            else:
                state, done = self.trick(state, step, trick, where)
            if state.tricks[-1:] != (trick,):
                raise _Mismatch(f"{where}: the trick is not led, played or taken as written")
            if done:
                if number + 1 < len(tricks) or record.trick_cards:
                    raise _Mismatch(f"{where}: the hand is over after it, yet the record goes on")
                return state, True
        if state.phase is Phase.CALLING and (record.trick_cards or record.phase is Phase.PLAYING):
            call = record.info.call
            if call is None:
                raise _Mismatch("info.call: a trick played without its leader's call")
            state, _ = self.move(state, step, Move("call", call), "info.call")
        for card in record.trick_cards:
            state, next_ = self.move(state, step, Move("play", card), "trick_cards")
            if next_ is not Next.WAIT:
                raise _Mismatch("trick_cards: the trick is over before its last card")
        return state, False

    def trick(self, state: GameState, step: Step, trick: tuple[int, tuple[int, ...], int],
              where: str) -> tuple[GameState, bool]:
        """Play the cards of one completed trick: the state, and whether the hand is over."""
        cards = trick[1]
        for position, card in enumerate(cards):
            state, next_ = self.move(state, step, Move("play", card), where)
            if len(state.trick_cards) == 0 and position + 1 < len(cards):
                raise _Mismatch(f"{where}: the trick is over before its card {card_text(cards[position + 1])}")
            if next_ is Next.DONE:
                return state, True
        if state.trick_cards:
            raise _Mismatch(f"{where}: the trick is not over after its last card")
        return state, False


_CALLS = (Move("call", "high"), Move("call", "low"))
