"""The deal slot: how many play, who partners whom, and how the cards go out."""

from __future__ import annotations

import functools

import attrs

from ..model.cards import DECK_CARDS, DECK_SIZE, DECKS, JOKER_TEXT, RANKS, rank_of
from ..model.extension import compiled
from ..model.moves import PASS, REDEAL, Move
from ..model.phase import Phase
from ..model.state import GameState
from .demand import answer_demand
from .registry import MOST_CARDS, MOST_PLAYERS, choice, component, field, slot
from .step import Next, Step
from .trump_misdeal import NO_TRUMP_HAND, judged_after_trump
from .wording import listed, plural, sentences

slot("deal", "Players, partnerships, deck and how the cards are dealt.", "packets")


def _ranks_mask(ranks: str) -> int:
    """Mask of the cards of ``ranks`` (``"23456789"``) in the four suits."""
    return sum(1 << 13 * suit + RANKS.index(rank) for suit in range(4) for rank in ranks)


WORTHLESS: dict[str, tuple[int, str, str]] = {
    "nothing-above-nine": (_ranks_mask("23456789"), "no card above a 9", "a card above a 9"),
    "no-face-card": (_ranks_mask("23456789TA"), "no face card (no jack, queen or king, "
                     "whatever its aces and tens)", "a jack, queen or king"),
    "no-ace-or-face-card": (_ranks_mask("23456789T"), "no ace and no face card (no ace, jack, "
                            "queen or king, whatever its tens)", "an ace, jack, queen or king"),
}
"""The definitions of a worthless hand a table may throw in (``deal.worthless``): each
name's mask of the cards such a hand may hold (a joker is in none: it is a trump whatever
suit is named, so a hand with one is never worthless), what such a hand holds, and what a
hand that is not worthless holds, in words."""

def worthless(hand: int, definition: str = "nothing-above-nine") -> bool:
    """True when ``hand`` (a card mask) is worthless by ``definition`` (a ``WORTHLESS``
    name): by default a coke hand, no card above a 9. A joker saves any hand: it is a trump."""
    return not hand & ~WORTHLESS[definition][0]


@component("deal", "packets")
@attrs.frozen
class PacketDeal(Step):
    """Deal the same number of cards to every seat in packets, clockwise from eldest."""

    min_players: int = field(2, "fewest seats the variant allows", minimum=2, maximum=MOST_PLAYERS)
    max_players: int = field(8, "most seats the variant allows", minimum=2, maximum=MOST_PLAYERS)
    default_players: int = field(4, "seats when new_game is not told", minimum=2, maximum=MOST_PLAYERS)
    sides: str = choice(
        ("cutthroat", "partners", "partners-if-even"), "cutthroat",
        "cutthroat: every seat for itself; partners: seats alternate between the sides (teams "
        "or team_size says how many; by default two, so an even number of players); "
        "partners-if-even: partners where the players split into the sides, cutthroat "
        "otherwise (Book Pitch: partners at 4, cutthroat at 3)",
    )
    teams: int = field(
        2, "partners: how many sides; seat s plays for side s mod teams, so partners sit "
        "alternately (6 players as 3 teams of 2: seats i and i+3; 6 as 2 teams of 3: seats of "
        "equal parity)", minimum=2, maximum=MOST_PLAYERS // 2)
    team_size: int | None = field(
        None, "partners: null, or the players of each side, the number of sides then following "
        "from the table (team_size 2: 4 players as 2 sides, 6 as 3, 8 as 4); set teams or "
        "team_size, not both", minimum=2, maximum=MOST_PLAYERS // 2)
    hand_size: int = field(6, "cards dealt to each seat", minimum=1, maximum=MOST_CARDS)
    packet: int = field(3, "cards given to a seat at a time", minimum=1, maximum=MOST_CARDS)
    deck: str = choice(
        tuple(DECKS), "standard",
        "standard: 52 cards; joker: 53, the 52 and one joker (HJ); two-jokers: 54, the 52 and "
        "a high (HJ) and a low (LJ) joker. A joker belongs to no suit: trump.extras must rank it; "
        "piquet: 32 cards, A K Q J T 9 8 7 of each suit (Racehorse Pitch)",
    )
    worthless_hand: str = choice(
        ("play", "redeal", "demand"), "play",
        "what happens to a worthless hand, as worthless defines it: by default a coke hand, one "
        "dealt no card above a 9 (a joker counts as above a 9). play: every deal is played; "
        "redeal: the deal is thrown in before the bidding and the same dealer deals again, "
        "automatically (a stacked first deal is played as given); demand (the player may "
        "demand a redeal): before the bidding every seat from the eldest to the dealer says "
        "pass, or redeal if its hand is worthless, which throws the deal in and the same dealer "
        "deals again (every seat is asked, so being asked tells nobody anything). With "
        "worthless: no-trump the hands are judged once trump is known, after the exchange and "
        "before the first lead, instead of before the bidding (a stacked first deal too)",
    )
    worthless: str = choice(
        (*WORTHLESS, NO_TRUMP_HAND), "nothing-above-nine",
        "which hand worthless_hand (redeal or demand) throws in. nothing-above-nine: "
        "no card above a 9, a coke hand; no-face-card: no jack, queen or king (aces and tens "
        "do not save it); no-ace-or-face-card: no ace, jack, queen or king (tens do not save "
        "it). A joker saves a hand under these: it is a trump whatever suit is named. They "
        "are judged at the deal, before the bidding. no-trump: a hand holding no trump (the "
        "jick, the off-five and the jokers count as trumps) once trump is known, judged when "
        "the hands are final: after the exchange (the discards and refills), before the first "
        "lead; redeal throws the deal in then, and with demand each seat from the eldest to "
        "the dealer says pass, or redeal if its hand holds no trump. It needs trump named "
        "before play (trump kind named or turn-up, not first-lead or none)",
    )

    def explain(self) -> str:
        """The deal in plain words (``pitchcore explain``): seats, sides, pack and deal."""
        return sentences(self.table_text(), self.pack_text(),
                         f"each player is dealt {plural(self.hand_size, 'card')}, {self.packet_text()}, "
                         "clockwise from the dealer's left", self.worthless_text())

    def table_text(self) -> str:
        """How many play and who plays with whom, for ``explain``."""
        if self.min_players == self.max_players:
            seats = plural(self.min_players, "player")
        else:
            seats = f"{self.min_players} to {self.max_players} players ({self.default_players} by default)"
        teams = (f"sides of {self.team_size} players" if self.team_size is not None
                 else f"{self.teams} sides") + ", partners sitting alternately"
        sides = {"cutthroat": "every player for themselves",
                 "partners": f"in partnerships: {teams}",
                 "partners-if-even": f"in partnerships where the players split evenly into them ({teams}), "
                                     "otherwise every player for themselves"}
        return f"{seats}, {sides.get(self.sides, self.sides)}"

    def pack_text(self) -> str:
        """The cards of the deck, for ``explain``: ``the pack has 53 cards: the 52 and a joker (HJ)``."""
        cards = self.deck_cards()
        ranks = sorted({rank_of(card) for card in cards if card < DECK_SIZE}, reverse=True)
        jokers = [JOKER_TEXT[card] for card in cards if card >= DECK_SIZE]
        parts = [] if len(ranks) == 13 else [f"{' '.join(RANKS[rank] for rank in ranks)} of each suit"]
        if jokers:
            parts = parts or ["the 52"]
            parts.append(f"a joker ({jokers[0]})" if len(jokers) == 1
                         else f"{len(jokers)} jokers ({listed(jokers)})")
        return f"the pack has {len(cards)} cards" + (f": {' and '.join(parts)}" if parts else "")

    def packet_text(self, hand_size: int | None = None) -> str:
        """How the cards go out: ``3 at a time``, ``one at a time``, ``all at once``."""
        if self.packet >= (self.hand_size if hand_size is None else hand_size):
            return "all at once"
        return "one at a time" if self.packet == 1 else f"{self.packet} at a time"

    def worthless_text(self) -> str:
        """What becomes of a worthless hand (as ``worthless`` defines it), for ``explain``
        (nothing: it is played)."""
        if self.worthless == NO_TRUMP_HAND:
            return self.no_trump_text()
        held = WORTHLESS[self.worthless][1]
        if self.deck_size() > DECK_SIZE:  # a pack with a joker
            held += (" (a joker counts as above a 9)" if self.worthless == "nothing-above-nine"
                     else " (a joker saves a hand: it is a trump)")
        if self.worthless_hand == "redeal":
            return f"a deal where any hand holds {held} is thrown in, and the same dealer deals again"
        if self.worthless_hand == "demand":
            return (f"before the bidding each player in turn, from the dealer's left to the dealer, may "
                    f"demand a redeal if its hand holds {held}; the same dealer then deals again")
        if self.worthless != "nothing-above-nine":  # (a file refuses this: see problems)
            return f"every deal is played, even one where a hand holds {held}"
        return ""

    def no_trump_text(self) -> str:
        """What becomes of a hand with no trump (``worthless: no-trump``), for ``explain``."""
        when = ("once trump is known and the hands are final (after any discards and refills), "
                "before the first card is led")
        trumps = "an off-jack (jick), an off-five or a joker counts as a trump where the variant makes it one"
        if self.worthless_hand == "redeal":
            return sentences(f"{when}, a deal where any hand holds no trump is thrown in, and the same "
                             "dealer deals again", trumps)
        if self.worthless_hand == "demand":
            return sentences(f"{when}, each player in turn, from the dealer's left to the dealer, may demand "
                             "a redeal if its hand holds no trump; the same dealer then deals again", trumps)
        return "every deal is played, even one where a hand holds no trump"  # (refused: see problems)

    def is_worthless(self, hand: int) -> bool:
        """True when ``hand`` (a card mask) is worthless as this deal's ``worthless`` says
        (never at the deal for ``no-trump``, which is judged once trump is known)."""
        return self.worthless != NO_TRUMP_HAND and worthless(hand, self.worthless)

    def side_table(self, players: int) -> tuple[int, ...]:
        """Side of each seat: cutthroat side = seat; partners side = seat % (number of sides)."""
        if self.partnered(players):
            count = self.team_count(players)
            return tuple(seat % count for seat in range(players))
        return tuple(range(players))

    def team_count(self, players: int) -> int:
        """The sides partners form at a table of ``players`` (``teams``, or from ``team_size``)."""
        return players // self.team_size if self.team_size is not None else self.teams

    def partnered(self, players: int) -> bool:
        """True when ``players`` seats play in partnerships: the sides say so, and the seats
        split evenly into the sides, two or more to a side."""
        if self.sides == "cutthroat":
            return False
        count = self.team_count(players)
        return count >= 2 and players % count == 0 and players >= 2 * count

    def teams_text(self) -> str:
        """The partnerships, for a message: ``2 sides``, ``sides of 2 players``."""
        return f"sides of {self.team_size} players" if self.team_size is not None else f"{self.teams} sides"

    def seating_problem(self, players: int) -> str | None:
        """Why ``players`` seats cannot play this deal's partnerships (None: they can)."""
        if self.sides != "partners" or self.partnered(players):
            return None
        return (f"plays in partnerships ({self.teams_text()}, two or more players to a side), "
                f"not with {players} players")

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        """The cards a deal gives each of ``players`` seats: always ``hand_size``."""
        return (self.hand_size,)

    def deck_size(self) -> int:
        """The width of the deck's card indices: 52, 53 or 54 (the jokers are the card indices
        from 52 up). A stripped deck keeps 52: its cards are ``deck_cards``."""
        return DECKS[self.deck]

    def deck_cards(self) -> tuple[int, ...]:
        """The card indices the deck holds, in index order (all below ``deck_size``)."""
        return DECK_CARDS[self.deck]

    def problems(self) -> list[tuple[str, str]]:
        found = []
        if not self.min_players <= self.default_players <= self.max_players:
            found.append(("default_players", "must lie between min_players and max_players "
                          f"({self.min_players} to {self.max_players}), got {self.default_players}"))
        cards = len(self.deck_cards())
        if self.hand_size * self.max_players > cards:
            found.append((
                "hand_size",
                f"{self.hand_size} cards to each of {self.max_players} players is "
                f"{self.hand_size * self.max_players} cards, more than the "
                f"{cards}-card deck holds; deal at most "
                f"{cards // self.max_players} cards to each of {self.max_players} "
                "players, or lower max_players",
            ))
        found.extend(self.team_problems())
        if self.worthless_hand == "play" and self.worthless != "nothing-above-nine":
            found.append(("worthless", f"{self.worthless} says which hand is thrown in, but "
                          "worthless_hand: play plays every deal; set worthless_hand: redeal or "
                          "demand, or leave worthless out"))
        return found

    def team_problems(self) -> list[tuple[str, str]]:
        """Teams only for partners, set one way, fitting the fewest, most and default seats."""
        if self.team_size is not None and self.teams != 2:
            return [("team_size", "set teams (how many sides) or team_size (players per side), "
                                  f"not both; got teams {self.teams}, team_size {self.team_size}")]
        if self.sides == "cutthroat" and (self.teams != 2 or self.team_size is not None):
            return [("sides", "cutthroat: every seat is its own side, so teams and team_size "
                              "mean nothing; use sides: partners, or leave them out")]
        counts = sorted({self.min_players, self.max_players, self.default_players})
        unfit = [count for count in counts if not self.partnered(count)]
        if self.sides == "partners" and unfit:
            return [("sides", f"partners in {self.teams_text()} needs min_players, max_players and "
                              f"default_players that split into them, two or more players to a "
                              f"side; got min_players {self.min_players}, max_players "
                              f"{self.max_players}, default_players {self.default_players}")]
        return []

    def begin(self, state: GameState) -> tuple[GameState, bool | Next]:
        state = self.deal_out(state, self.hand_size)
        if self.thrown_in(state):
            return state, Next.REDEAL
        return self.stacked(state)  # what follows a deal, stacked or dealt: a demand waits

    def stacked(self, state: GameState) -> tuple[GameState, bool]:
        """A stacked deal is asked about like a dealt one; ``redeal`` plays it as given."""
        if self.worthless_hand == "demand" and not judged_after_trump(self):
            return self.ask(state), True
        return state, False  # (a hand with no trump is asked about after the exchange)

    # -- worthless_hand: demand: each seat says pass or redeal, the eldest first ---------

    @staticmethod
    def ask(state: GameState) -> GameState:
        """The dealt state, waiting for the eldest to say pass or redeal."""
        return state.evolve(phase=Phase.DEALING, to_move=(state.dealer + 1) % state.table.players)

    def legal(self, state: GameState) -> tuple[Move, ...]:
        return (PASS, REDEAL) if self.is_worthless(state.masks[state.to_move or 0]) else (PASS,)

    def why_illegal(self, state: GameState, move: Move) -> str:
        seat = state.to_move
        hand = state.masks[seat or 0]
        if move == REDEAL and not self.is_worthless(hand):
            cards, _, saves = WORTHLESS[self.worthless]
            savers = hand & ~cards
            holds = saves if savers & ((1 << DECK_SIZE) - 1) else "a joker"  # a joker alone saves it
            return (f"seat {seat} holds {holds}, so its hand is not worthless and it "
                    "may not demand a redeal: pass")
        may = "pass, or redeal (its hand is worthless)" if self.is_worthless(hand) else "pass"
        return f"{move} is not a move now: before the bidding seat {seat} may {may}"

    def apply(self, state: GameState, move: Move) -> tuple[GameState, Next]:
        return answer_demand(state, move)

    def thrown_in(self, state: GameState) -> bool:
        """True when the deal just made is thrown in: ``worthless_hand: redeal`` and a seat's
        hand is worthless as ``worthless`` defines it (a joker saves a hand: it is a trump)."""
        return self.worthless_hand == "redeal" and any(self.is_worthless(mask) for mask in state.masks)

    def deal_out(self, state: GameState, hand_size: int) -> GameState:
        """Deal ``hand_size`` cards to every seat from the top of ``info.stock``, in packets."""
        info = state.info
        players = state.table.players
        seats = _seat_order(players, hand_size, self.packet, state.dealer)
        stock = info.stock
        hands, rest = (dealt if compiled is None else compiled.deal)(stock, seats, players)
        info = info._replace(dealt=hands, stock=rest, hand_size=hand_size)
        return state.evolve(masks=hands, info=info)


def dealt(stock: tuple[int, ...], seats: tuple[int, ...], players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The top cards of ``stock`` given one by one to ``seats`` (a seat per card, in order) as
    a card mask per seat, and the stock left (``deal_out`` runs it in C where it can)."""
    masks = [0] * players
    for seat, card in zip(seats, stock, strict=False):  # the stock holds more
        masks[seat] |= 1 << card
    return tuple(masks), stock[len(seats):]


@functools.cache
def _seat_order(players: int, hand_size: int, packet: int, dealer: int) -> tuple[int, ...]:
    """The seat each card from the top of the stock goes to: packets clockwise from eldest."""
    seats: list[int] = []
    dealt = 0
    while dealt < hand_size:
        count = min(packet, hand_size - dealt)
        for offset in range(1, players + 1):
            seats.extend([(dealer + offset) % players] * count)
        dealt += count
    return tuple(seats)
