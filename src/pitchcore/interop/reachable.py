"""Do a game record's fields agree with each other? ``loads`` asks before it replays one.

Each field was read in range already (``records``); here the fields must agree with each
other (every card in one place, the phase with the game), which names what is wrong in a
damaged record. Whether the position is reached at all is settled by playing the record's
moves again (``records.loads``), so the rules are asked, never restated.
"""

from __future__ import annotations

from typing import NoReturn

from ..game.engine import _dealt_sizes
from ..model.cards import card_text, cards_in
from ..model.errors import RecordError
from ..model.phase import Phase
from ..model.state import GameState


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
            and not state.trick_cards  # (a joker led to the first trick: its leader names trump)
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
    for index, (_, cards, _) in enumerate(state.done_tricks):
        for card in cards:
            put(card, f"trick {index}")
    missing = [card_text(card) for card in state.table.deck if card not in places]
    if missing:
        _fail("", f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} nowhere "
                  "(every card of the deck is in a hand, the stock, the junk or a trick)")
    dealt = 0
    for seat, mask in enumerate(info.dealt):
        if dealt & mask:
            _fail(f"info.dealt[{seat}]", f"{card_text(next(cards_in(dealt & mask)))} dealt twice")
        dealt |= mask
