"""The exchange slot: discarding and refilling hands after trump is known."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

import attrs

from ..model.caches import Cache
from ..model.cards import cards_in, mask_of, mask_text, shuffled
from ..model.extension import compiled
from ..model.moves import Move, discard
from ..model.phase import Phase
from ..model.state import GameState
from ..model.tuples import unchecked
from .context import HandContext
from .registry import MOST_CARDS, choice, component, field, slot
from .step import Next, Step
from .wording import plural, sentences

if TYPE_CHECKING:
    from .variant import Variant

slot("exchange", "Discarding and refilling hands once trump is known.", "none")


def _subsets(mask: int, sizes: range) -> list[int]:
    """Every sub-mask of ``mask`` with a size in ``sizes``: by size, then card order."""
    bits = [1 << card for card in cards_in(mask)]
    return [sum(chosen) for size in sizes for chosen in combinations(bits, size)]




def _discards(mask: int, sizes: range) -> tuple[Move, ...]:
    """A ``discard`` move per sub-mask of ``mask`` with a size in ``sizes`` (``_subsets``'
    order): a draw hand has hundreds, built in the compiled extension where it is in use."""
    if compiled is not None:
        found: tuple[Move, ...] = compiled.submoves(Move, "discard", mask, sizes.start, sizes.stop - 1)
        return found
    return tuple([unchecked(Move, ("discard", sub)) for sub in _subsets(mask, sizes)])


_POINT_TRUMPS: Cache[int, tuple[Variant, tuple[int, ...]]] = Cache(512)  # (a new variant per house file)
"""Per variant (by identity, so no variant is hashed on a discard): the point trumps per
trump suit."""


def point_trumps(variant: Variant, trump: int) -> int:
    """Mask of the trumps that score a point category of ``variant`` when ``trump`` is
    trump and every card is in play: the ace and two for High and Low, the jack, the jick,
    the jokers, the ten and three of Ten-point Pitch (Game by pips and card values have no
    one card, so none)."""
    found = _POINT_TRUMPS.get(id(variant))
    if found is None or found[0] is not variant:
        found = _POINT_TRUMPS.put(id(variant), (variant, tuple(_point_trumps(variant, suit) for suit in range(4))))
    return found[1][trump]


def _point_trumps(variant: Variant, trump: int) -> int:
    tables = variant.trump.tables()
    deck = (1 << variant.deal.deck_size()) - 1
    ctx = HandContext(trump, tables, (0,), 1, (deck,), (0,), (0,), None)
    found = 0
    for point in variant.points:
        card = point.deciding_card(ctx)
        if card is not None:
            found |= 1 << card
    return found & tables.trumps[trump]


@attrs.frozen
class ExchangeRule(Step):
    def needs_trump(self) -> bool:
        return False

    def most_choices(self, hand: int, extra: int, stock: int, trumps: int) -> int:
        """The most ``discard`` moves one turn of this exchange can offer (at least as many
        as ``legal`` ever lists), for hands of ``hand`` cards, a bidder given ``extra`` more,
        ``stock`` cards left to draw and ``trumps`` cards that can be trumps. The load check
        keeps it small, so a variant never builds a huge list of discards."""
        return 1

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        eldest = (state.dealer + 1) % state.table.players
        info = state.info._replace(exchanged=0, discards=(0,) * state.table.players)
        return state.evolve(phase=Phase.DISCARDING, to_move=eldest, info=info), True

    def _record(self, state: GameState, seat: int, thrown: int, finished: bool = True) -> GameState:
        """``seat`` discards ``thrown`` to the junk (and has finished its turn, unless not)."""
        info = state.info
        masks = list(state.masks)
        masks[seat] &= ~thrown
        discards = list(info.discards)
        discards[seat] |= thrown
        info = info._replace(junk=info.junk + tuple(cards_in(thrown)), discards=tuple(discards),
                             exchanged=info.exchanged + finished)
        return state.evolve(masks=tuple(masks), info=info)


@component("exchange", "none")
@attrs.frozen
class NoExchange(ExchangeRule):
    """Nobody discards; the hands dealt are the hands played."""

    def explain(self) -> str:
        """No exchange, in plain words (``pitchcore explain``)."""
        return "Nobody discards: the hands dealt are the hands played."

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        return state, False


@component("exchange", "discard-refill")
@attrs.frozen
class DiscardRefill(ExchangeRule):
    """Everyone discards (all non-trumps by default), then the dealer refills each hand from the stock, then the junk.

    In turn from eldest, each player makes one ``discard`` move (what ``discard`` allows).
    Then the dealer refills every hand to ``keep`` cards, eldest first and himself last:
    from the stock, and once it is out from the junk in a random order fixed by the seed.
    Then, with a ``robber``, that player takes every card left in the stock and discards
    down to ``robber_keeps`` (``keep`` unless set), one card per ``discard`` move; those
    cards are out of play. With ``robber_hand: dealt`` the robber skips the discard and the
    refill: it adds the rest of the stock to the hand it was dealt and keeps the cards it
    likes of them all (Bicycle's and Wikipedia's Cinch).

    ``trump_discards`` says what becomes of a discarded trump. ``allowed``: it joins the
    junk like any card, and may be refilled to anyone (Ten-point's "fair game").
    ``dead``: it is out of play, refilled to nobody (Cinch: shown and dead; Ten-point:
    burned), unless the stock and every other discard have run out. ``returned``: a trump
    discarded would go back to its discarder (Nine-Five), so a player may not discard one
    except a trump it has no room for (more than ``keep`` trumps), which is dead. The rule
    is on trump discards only where a player may choose them: with ``discard: non-trumps``
    every non-trump must go and only the trumps beyond ``keep``, so ``returned`` is ``dead``.

    ``bury: non-point`` keeps the point cards (the trumps a point category names: ace, two,
    jack, jick, jokers, ...) in play: a discard may hold one only when no discard of as many
    cards could do without it (a player with seven trumps buries a non-point trump; one
    whose trumps all score buries a point card). It holds for the robber's discards too.
    """

    keep: int = field(6, "hand size after refilling; also the most trumps a player may keep",
                      minimum=1, maximum=MOST_CARDS)
    discard: str = choice(
        ("non-trumps", "any", "to-keep"), "non-trumps",
        "non-trumps: every non-trump goes, and the trumps beyond keep of the player's choice; "
        "any: the player chooses what goes, at least down to keep cards (Nine-Five's unwanted "
        "cards); to-keep: the player chooses exactly what brings the hand down to keep, so "
        "nobody is refilled (a kitty's extra cards)")
    trump_discards: str = choice(
        ("allowed", "dead", "returned"), "allowed",
        "allowed: a discarded trump may be refilled to anyone; dead: it is out of play "
        "(Cinch); returned: trumps may not be discarded, except those beyond keep (Nine-Five; "
        "St Paul Smear's 'no trump may be discarded')")
    robber: str = choice(
        ("none", "dealer", "bidder"), "none",
        "after the refill, the player who takes every card left in the stock and discards "
        "down to keep (robs the pack): nobody, the dealer (Cinch) or the bidder (Ten-point)")
    up_to: int = field(MOST_CARDS, "with discard: any, the most cards a player may discard "
                       "beyond those it must (St Paul Smear: 3)", minimum=0, maximum=MOST_CARDS)
    bury: str = choice(
        ("any", "non-point"), "any",
        "which trumps a discard may hold: any; non-point: a trump that scores a point category "
        "(ace, two, jack, jick, jokers, ...) only when the discard cannot be made without it "
        "(Ten-point Pitch, Minnesota and St Paul Smear: only non-point trumps are burned)")
    robber_hand: str = choice(
        ("refilled", "dealt"), "refilled",
        "refilled: the robber discards and is refilled like everyone, then takes the rest of "
        "the stock; dealt: the robber skips the discard and the refill and keeps the cards it "
        "likes of its dealt hand and the rest of the stock together (Cinch)")
    robber_keeps: int | None = field(
        None, "null (keep), or the cards the robber keeps after robbing (more than keep: its "
        "extra cards are trumps played to extra tricks, so only with play follow: trump-only)",
        minimum=1, maximum=MOST_CARDS)

    def explain(self) -> str:
        """The discard and refill in plain words (``pitchcore explain``)."""
        keep = plural(self.keep, "card")
        more = "" if self.up_to >= MOST_CARDS else f", and at most {self.up_to} more"
        discard = {
            "non-trumps": f"every non-trump (and, holding more than {plural(self.keep, 'trump')}, the ones it "
                          f"chooses beyond {self.keep})",
            "any": f"the cards it chooses, at least enough to come down to {keep}{more}",
            "to-keep": f"the cards it chooses to come down to exactly {keep}",
        }.get(self.discard, self.discard)
        refill = "" if self.discard == "to-keep" else (
            f"then the dealer refills every hand to {keep}, from the dealer's left and the dealer last: from "
            "the stock, and once it is out from the discards")
        trumps = {
            "allowed": "" if self.discard == "to-keep" else "a discarded trump may be refilled to anyone",
            "dead": "a discarded trump is dead: out of play, refilled to nobody unless nothing else is left",
            "returned": f"a player may not discard a trump, except trumps beyond {self.keep}, which are dead",
        }.get(self.trump_discards, "")
        bury = "" if self.bury == "any" else (
            "a trump that scores a point category (ace, two, jack, jick, joker...) may be discarded only "
            "when the discard cannot be made without it")
        robber = ""
        if self.robber != "none":
            who = "the dealer" if self.robber == "dealer" else "the bidder"
            dealt = (f"; {who} skips the discard and the refill and robs with the hand it was dealt"
                     if self.robber_hand == "dealt" else "")
            robber = (f"last, {who} robs the pack: takes every card left in the stock and discards down to "
                      f"{plural(self.robber_kept(), 'card')}{dealt}")
        return sentences(f"once trump is known each player in turn, from the dealer's left, discards {discard}",
                         refill, trumps, bury, robber)

    def problems(self) -> list[tuple[str, str]]:
        found = []
        if self.up_to < MOST_CARDS and self.discard != "any":
            found.append(("up_to", f"limits a discard of one's choice, but with discard: "
                          f"{self.discard} the cards that go are fixed; use discard: any, or "
                          "remove up_to"))
        if self.robber == "none":
            if self.robber_hand != "refilled":
                found.append(("robber_hand", "says how the robber robs, but robber is none; "
                              "name a robber (dealer, bidder), or remove robber_hand"))
            if self.robber_keeps is not None:
                found.append(("robber_keeps", "says what the robber keeps, but robber is none; "
                              "name a robber (dealer, bidder), or remove robber_keeps"))
        elif self.robber_hand == "dealt" and self.discard == "to-keep":
            found.append(("robber_hand", "dealt: the robber skips the refill, but with "
                          "discard: to-keep nobody is refilled; use robber_hand: refilled"))
        return found

    def needs_trump(self) -> bool:
        return True

    def robber_kept(self) -> int:
        """The cards the robber keeps after robbing."""
        return self.keep if self.robber_keeps is None else self.robber_keeps

    def most_choices(self, hand: int, extra: int, stock: int, trumps: int) -> int:
        # The bidder holds the most cards, and more cards never offer fewer choices. (The
        # robber sheds one card a move: as many moves as cards, a few dozen at most.)
        held = hand + extra
        if self.discard == "non-trumps":  # only which trumps beyond keep go is chosen
            count = min(held, trumps)
            return comb(count, count - self.keep) if count > self.keep else 1
        least = max(held - self.keep, 0)
        most = min(held, least + self.up_to) if self.discard == "any" else least
        return sum(comb(held, size) for size in range(least, most + 1))

    def limits(self, state: GameState) -> tuple[int, int, int, int, int, int]:
        """The mover's hand, its trumps, the fewest and most cards it may discard, and the
        fewest and most of them trumps (its one ``discard`` move): the one definition of
        legality. (Plain ints: a hand of hi-lo-jack asks four times.)"""
        hand: int = state.masks[state.to_move or 0]
        trumps: int = hand & state.table.trump_tables.trumps[state.info.trump or 0]
        trumped = trumps.bit_count()
        keep = self.keep
        excess = trumped - keep if trumped > keep else 0
        if self.discard == "non-trumps":
            count = hand.bit_count() - trumped + excess
            return hand, trumps, count, count, excess, excess
        held = hand.bit_count()
        least = held - keep if held > keep else 0
        most = min(held, least + self.up_to) if self.discard == "any" else least
        if self.trump_discards == "returned":
            return hand, trumps, least, most, excess, excess
        return hand, trumps, least, most, 0, trumped

    def protected(self, state: GameState, trumps: int) -> int:
        """The point cards among ``trumps`` that a discard keeps when it can
        (``bury: non-point``; none with ``bury: any``)."""
        if self.bury == "any":
            return 0
        return trumps & point_trumps(state.table.variant, state.info.trump or 0)

    def most_protected(self, state: GameState, hand: int, trumps: int, size: int, fewest_trumps: int) -> int:
        """The most point cards a discard of ``size`` cards may hold (``bury: non-point``):
        only as many as no discard of that size can do without."""
        guarded = self.protected(state, trumps)
        if not guarded:
            return size
        plain = (trumps & ~guarded).bit_count()
        need = max(fewest_trumps, size - (hand & ~trumps).bit_count())  # the trumps it must hold
        return max(0, need - plain)

    def robbing(self, state: GameState) -> bool:
        """True once every seat has discarded: the robber sheds its extra cards."""
        return bool(state.info.exchanged >= state.table.players)

    def robber_seat(self, state: GameState) -> int | None:
        """The seat that robs the pack (None: nobody)."""
        if self.robber == "none":
            return None
        return state.dealer if self.robber == "dealer" else state.info.bidder

    def robbable(self, state: GameState) -> int:
        """Mask of the cards the robber may discard now (one at a time)."""
        hand = state.masks[state.to_move or 0]
        trumps = hand & state.table.trump_tables.trumps[state.info.trump or 0]
        if self.trump_discards == "returned" and trumps.bit_count() <= self.keep:
            hand &= ~trumps
        guarded = self.protected(state, trumps)
        shed = state.masks[state.to_move or 0].bit_count() - self.robber_kept()
        if guarded and (hand & ~guarded).bit_count() >= shed:
            return hand & ~guarded
        return hand

    def legal(self, state: GameState) -> tuple[Move, ...]:
        if self.robbing(state):
            return tuple(discard(1 << card) for card in cards_in(self.robbable(state)))
        hand, trumps, least, most, fewest_trumps, most_trumps = self.limits(state)
        others = hand ^ trumps
        guarded = self.protected(state, trumps)
        if self.discard == "non-trumps":  # every non-trump goes: only the trumps are chosen
            if not fewest_trumps:
                return (discard(others),)
            allowed = self.most_protected(state, hand, trumps, least, fewest_trumps)
            return tuple(discard(others | chosen)
                         for chosen in _subsets(trumps, range(fewest_trumps, fewest_trumps + 1))
                         if (chosen & guarded).bit_count() <= allowed)
        spare = others.bit_count()
        moves: list[Move] = []
        for count in range(fewest_trumps, most_trumps + 1):
            rest = range(max(least - count, 0), min(most - count, spare) + 1)
            for chosen in _subsets(trumps, range(count, count + 1)):
                buried = (chosen & guarded).bit_count()
                moves.extend(discard(thrown | chosen) for thrown in _subsets(others, rest)
                             if not buried or buried <= self.most_protected(
                                 state, hand, trumps, count + thrown.bit_count(), fewest_trumps))
        return tuple(moves)

    def is_legal(self, state: GameState, move: Move) -> bool:
        thrown = move[1]
        if move[0] != "discard" or type(thrown) is not int:
            return False
        if self.robbing(state):
            return thrown.bit_count() == 1 and not thrown & ~self.robbable(state)
        hand, trumps, least, most, fewest_trumps, most_trumps = self.limits(state)
        size = thrown.bit_count()
        if thrown & ~hand or not least <= size <= most \
                or not fewest_trumps <= (thrown & trumps).bit_count() <= most_trumps:
            return False
        buried = self.bury != "any" and (thrown & self.protected(state, trumps)).bit_count()
        return not buried or buried <= self.most_protected(state, hand, trumps, size, fewest_trumps)

    def why_illegal(self, state: GameState, move: Move) -> str:
        seat = state.to_move
        if move.kind != "discard":
            return f"{move} is not a discard; it is seat {seat}'s turn to discard"
        assert isinstance(move.arg, int)
        thrown = move.arg
        hand = state.masks[seat or 0]
        if thrown & ~hand:
            return f"{mask_text(thrown & ~hand)} not in seat {seat}'s hand"
        returned = "trumps discarded go back to the discarder (trump_discards: returned)"
        point = "a point card may be discarded only when nothing else can go (bury: non-point)"
        if self.robbing(state):
            kept = self.robber_kept()
            if thrown.bit_count() != 1:
                return (f"seat {seat} robbed the pack and discards one card at a time down to "
                        f"{kept}, not {thrown.bit_count()}")
            trumps = hand & state.table.trump_tables.trumps[state.info.trump or 0]
            if thrown & self.protected(state, trumps):
                return f"{point}: seat {seat} may discard {mask_text(self.robbable(state))}"
            return f"{returned}: seat {seat} may discard a trump only while it holds more than {self.keep}"
        hand, trumps, least, most, fewest_trumps, most_trumps = self.limits(state)
        excess = max(trumps.bit_count() - self.keep, 0)
        beyond = f" (it may keep at most {self.keep} trumps)"
        size = thrown.bit_count()
        placed = (least <= size <= most and fewest_trumps <= (thrown & trumps).bit_count() <= most_trumps)
        if placed:  # the right numbers of cards and trumps: a point card that could stay
            return f"{point}: seat {seat} may not discard {mask_text(thrown & self.protected(state, trumps))}"
        if self.discard == "non-trumps":
            some = f" and {excess} of its trumps{beyond}" if excess else " and no trump"
            return (f"seat {seat} must discard every non-trump "
                    f"({mask_text(hand & ~trumps) or 'it has none'}){some}")
        if not fewest_trumps <= (thrown & trumps).bit_count() <= most_trumps:
            some = f"exactly {excess} trump{'s' * (excess > 1)}{beyond}" if excess else "no trump"
            return f"{returned}: seat {seat} may discard {some}"
        if least == most:
            return f"seat {seat} must discard exactly {least} cards, down to {self.keep}"
        return (f"seat {seat} must come down to {self.keep} cards: discard {least} to "
                f"{most}, not {size}")

    def _skips(self, state: GameState, seat: int) -> bool:
        """True when ``seat`` robs with its dealt hand (``robber_hand: dealt``): it has no
        discard turn and is not refilled."""
        return self.robber_hand == "dealt" and seat == self.robber_seat(state)

    def begin(self, state: GameState) -> tuple[GameState, bool]:
        state, waiting = super().begin(state)
        if self._skips(state, state.to_move or 0):  # the eldest robs with its dealt hand
            state = state.evolve(info=state.info._replace(exchanged=1))
            return self._turn_over(state, state.to_move or 0)
        return state, waiting

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        seat = state.to_move
        assert seat is not None and isinstance(move.arg, int)
        if self.robbing(state):
            state = self._record(state, seat, move.arg, finished=False)
            return state, (Next.WAIT if state.masks[seat].bit_count() > self.robber_kept() else Next.DONE)
        state = self._record(state, seat, move.arg)
        waiting = self._turn_over(state, seat)
        return waiting[0], (Next.WAIT if waiting[1] else Next.DONE)

    def _turn_over(self, state: GameState, seat: int) -> tuple[GameState, bool]:
        """After ``seat``'s discard turn: the next seat's turn (a robber with its dealt hand
        has none), or once the dealer has had its turn, the refill and the robbing. True
        while the exchange waits for a move."""
        players = state.table.players
        while seat != state.dealer:
            seat = (seat + 1) % players
            if not self._skips(state, seat):
                return state.evolve(to_move=seat), True
            state = state.evolve(info=state.info._replace(exchanged=state.info.exchanged + 1))
        state = self._refill(state)
        robber = self.robber_seat(state)
        if robber is None:
            return state, False
        masks = list(state.masks)
        masks[robber] |= mask_of(state.info.stock)
        state = state.evolve(masks=tuple(masks), info=state.info._replace(stock=()))
        if masks[robber].bit_count() <= self.robber_kept():
            return state, False
        return state.evolve(to_move=robber), True

    def _refill(self, state: GameState) -> GameState:
        """Every hand refilled to ``keep``, eldest first and the dealer last: from the stock,
        then from the junk in an order the seed fixes. A robber with its dealt hand is passed
        by; it takes the rest of the stock instead, and only if that leaves it short of what
        it keeps is it topped up from the junk."""
        info = state.info
        players = state.table.players
        stock = list(info.stock)
        live: tuple[int, ...] = info.junk
        dead: tuple[int, ...] = ()
        if self.trump_discards != "allowed":  # discarded trumps are refilled last, if ever
            trumps = state.table.trump_tables.trumps[info.trump or 0]
            live = tuple(card for card in info.junk if not trumps >> card & 1)
            dead = tuple(card for card in info.junk if trumps >> card & 1)
        junk: list[int] = []
        junk_shuffled = False
        masks = list(state.masks)
        order = [(state.dealer + offset) % players for offset in range(1, players + 1)]
        dealt_robber = self.robber_seat(state) if self.robber_hand == "dealt" else None
        if dealt_robber is not None:
            order.remove(dealt_robber)
            order.append(dealt_robber)  # last: once the others are refilled
        for seat in order:
            if seat == dealt_robber:  # the rest of the stock, then the junk if still short
                masks[seat] |= mask_of(stock)
                stock = []
                need = self.robber_kept() - masks[seat].bit_count()
            else:
                need = self.keep - masks[seat].bit_count()
            for _ in range(max(need, 0)):
                if not stock and not junk_shuffled:
                    junk = shuffled(sorted(live), f"{state.table.seed}/{state.deal_number}/junk")
                    junk.extend(dead)
                    junk_shuffled = True
                source = stock if stock else junk
                masks[seat] |= 1 << source.pop(0)
        remaining_junk = tuple(junk) if junk_shuffled else info.junk
        info = info._replace(stock=tuple(stock), junk=remaining_junk)
        return state.evolve(masks=tuple(masks), info=info)


@component("exchange", "draw")
@attrs.frozen
class Draw(ExchangeRule):
    """Each player in turn may discard cards and draw as many from the stock; extra cards (a gift) must go."""

    max_discard: int = field(6, "most cards a player may discard beyond the extra ones", minimum=0,
                             maximum=MOST_CARDS)

    def explain(self) -> str:
        """The draw in plain words (``pitchcore explain``)."""
        return sentences(f"before play each player in turn, from the dealer's left, may discard up to "
                         f"{plural(self.max_discard, 'card')} and draws as many from the stock (never more "
                         "than the stock holds)",
                         "a player holding more cards than were dealt (the bidder, given a gift) discards that "
                         "many more, so that every hand comes back to the size of the deal")

    def most_choices(self, hand: int, extra: int, stock: int, trumps: int) -> int:
        # As ``sizes``: the bidder sheds its extra cards and may discard max_discard more;
        # the others discard up to max_discard; nobody more than the stock refills.
        held = hand + extra
        bidder = sum(comb(held, size) for size in range(extra, min(extra + self.max_discard, extra + stock, held) + 1))
        other = sum(comb(hand, size) for size in range(min(self.max_discard, stock, hand) + 1))
        return max(bidder, other)

    def kernel_form(self) -> int:
        """The compiled kernel's form (``components.kernel_form``): ``max_discard``, which is
        all ``_kernel.c``'s ``Draws`` needs to run ``sizes`` and ``apply`` (it names them)."""
        return self.max_discard

    def sizes(self, state: GameState) -> tuple[int, range]:
        """The mover's hand and how many cards it may discard: the one definition of legality."""
        seat = state.to_move
        assert seat is not None
        hand = state.masks[seat]
        excess = max(hand.bit_count() - state.info.hand_size, 0)
        most = min(excess + self.max_discard, excess + len(state.info.stock), hand.bit_count())
        return hand, range(excess, most + 1)

    def legal(self, state: GameState) -> tuple[Move, ...]:
        hand, sizes = self.sizes(state)
        return _discards(hand, sizes)

    def is_legal(self, state: GameState, move: Move) -> bool:
        hand, sizes = self.sizes(state)
        thrown = move.arg
        return (move.kind == "discard" and isinstance(thrown, int) and thrown >= 0
                and thrown & ~hand == 0 and thrown.bit_count() in sizes)

    def why_illegal(self, state: GameState, move: Move) -> str:
        hand, sizes = self.sizes(state)
        if move.kind == "pass" and sizes.start == 0:
            return (f"seat {state.to_move} passes the draw by discarding nothing: write "
                    "'discard' (with no cards)")
        if move.kind != "discard":
            return (f"{move} is not a discard; it is seat {state.to_move}'s turn to discard and "
                    f"draw: it may discard {sizes.start} to {sizes.stop - 1} cards")
        assert isinstance(move.arg, int)
        if move.arg & ~hand:
            return f"{mask_text(move.arg & ~hand)} not in seat {state.to_move}'s hand"
        return (f"seat {state.to_move} may discard {sizes.start} to {sizes.stop - 1} cards "
                f"(the stock holds {len(state.info.stock)}), not {move.arg.bit_count()}")

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        seat = state.to_move
        assert seat is not None and isinstance(move.arg, int)
        state = self._record(state, seat, move.arg)
        info = state.info
        draws = info.hand_size - state.masks[seat].bit_count()
        masks = list(state.masks)
        masks[seat] |= mask_of(info.stock[:draws])
        state = state.evolve(masks=tuple(masks), info=info._replace(stock=info.stock[draws:]))
        if seat != state.dealer:
            return state.evolve(to_move=(seat + 1) % state.table.players), Next.WAIT
        return state, Next.DONE
