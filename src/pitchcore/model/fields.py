"""The state schema: every field of a game state and of a hand's running facts, named once.

A ``GameState`` is a tuple and a ``HandInfo`` a named tuple, so that a move copies a few
pointers and nothing else. Their fields are listed here, in order, with what each holds;
everything else reads them by name (``state.masks``, ``info.trump``) or, on the measured hot
path (the play step, ``fast.Game``, the transition loop), by the named positions below
(``state[MASKS]``, ``fields[TO_MOVE] = seat``). The compiled kernel takes the same positions
from ``_fields.h``, which ``c_header`` writes from this module when the kernel is built; the
kernel reports what it was built with and ``pitchcore.model.extension`` refuses a kernel
built from another layout.

This module imports nothing of pitchcore's: the kernel's build reads it by path.
"""

from __future__ import annotations

from typing import NamedTuple

STATE_FIELDS: tuple[tuple[str, str], ...] = (
    ("table", "The rules of this game (variant, seats, seed), shared by all its states."),
    ("scores", "Running score per side."),
    ("dealer", "The seat dealing the current hand."),
    ("deal_number", "How many deals this game has had (throw-ins included); seeds each shuffle."),
    ("hand_results", "One HandResult per finished hand, oldest first."),
    ("phase", "What the game waits for: a Phase (bidding, playing, game over, ...)."),
    ("to_move", "The seat that moves next, or None when the game is over."),
    ("masks", "Each seat's cards as a bit mask (``hands`` gives them as Card values)."),
    ("info", "What the current hand has settled: the deal, bids, bidder, trump, discards."),
    ("trick_cards", "Cards of the trick in progress (card indices), in play order from ``leader``; "
                    "``trick`` gives seats and Card values."),
    ("leader", "The seat that leads (or led) the trick in progress."),
    ("done_tricks", "Completed tricks this hand as the engine keeps them: (leader, card indices in play "
                    "order, winning seat); ``tricks`` gives them as ``Trick`` values."),
    ("winner", "The winning side once the game is over (None: not over, nobody won, or several sides "
               "won together: ``winners`` names them)."),
    ("step", "Index of the hand step (deal, auction, widow, trump, exchange, play) now running."),
    ("log", "The game's moves so far and how it began (``moves`` and ``start`` read it); history, "
            "not position: it takes no part in equality."),
)
"""A game state's fields in tuple order, each with what it holds (``GameState``'s
properties take their docstrings from here)."""

STATE_NAMES: tuple[str, ...] = tuple(name for name, _ in STATE_FIELDS)

# The positions of the state's fields, for the hot path (a module constant is one fast lookup;
# an attribute read is a call). Checked against STATE_FIELDS below.
TABLE, SCORES, DEALER, DEAL_NUMBER, HAND_RESULTS, PHASE, TO_MOVE, MASKS, INFO, TRICK_CARDS, LEADER, \
    DONE_TRICKS, WINNER, STEP, LOG = range(15)
STATE_SIZE = 15
"""How many fields a state has."""

HAND = TO_MOVE + 1
"""Where the fields a hand's play changes begin (``masks``) after the seat to move: a move
that only passes the turn keeps ``state[:TO_MOVE]`` and ``state[HAND:]``."""


class HandInfo(NamedTuple):
    """What the current hand has settled so far; it changes a few times per hand.

    A named tuple rather than an attrs class: ``_replace`` is several times cheaper than
    ``attrs.evolve``, and a hand replaces it at every bid.
    """

    dealt: tuple[int, ...]
    """Mask of the cards dealt to each seat."""
    stock: tuple[int, ...] = ()
    """Undealt cards, top first."""
    bids: tuple[tuple[int, int | str | None], ...] = ()
    """Auction so far: (seat, bid or None for a pass)."""
    high: int = 0
    """Rank of the highest bid so far (0: none)."""
    bidder: int | None = None
    """The seat that won the auction (so far: the highest bidder)."""
    bid: int | str | None = None
    """The winning bid (so far: the highest)."""
    trump: int | None = None
    """Trump suit index, once known."""
    gift: int = 0
    """Mask of cards the bidder was given from the stock."""
    junk: tuple[int, ...] = ()
    """Discarded cards, in the order they were discarded (face down)."""
    discards: tuple[int, ...] = ()
    """Mask per seat of what that seat discarded this hand."""
    exchanged: int = 0
    """How many seats have finished the exchange."""
    start: tuple[int, ...] = ()
    """Each seat's hand when play began: who 'holds' each card in play."""
    call: str | None = None
    """The current trick's declaration (``"high"``/``"low"``), where the variant has one."""
    hand_size: int = 0
    """Cards dealt to each seat this hand."""
    called: int | None = None
    """The card the bidder called (``auction: {partner: called-card}``), once called."""
    partner: int | None = None
    """The seat holding the called card: the bidder's partner for the hand (None: no call
    yet, or the called card was dealt to nobody and the bidder plays alone)."""
    turned: tuple[int, ...] = ()
    """Cards turned face up for trump this hand, in order (``trump: turn-up``): the last is
    the trump card, on top of the stock; earlier ones were set aside when the cards were run."""
    paid: tuple[tuple[int, int], ...] = ()
    """(side, points) scored before play (``trump: turn-up``'s turned jack and begged gift),
    settled before the hand's points."""
    blind: int = 0
    """Mask of the seats that bid blind this hand, before the cards were dealt (``auction:
    {blind: N}``): a blind bid that wins the auction scores N times, made or set."""


# The positions of HandInfo's fields the auction's fast path splices around (a bid changes
# bids, high, bidder and bid and keeps the rest); everything else reads HandInfo by name.
BIDS, HIGH, BIDDER, BID, TRUMP = (HandInfo._fields.index(name) for name in ("bids", "high", "bidder", "bid", "trump"))


def _check() -> None:
    """The constants above agree with the field lists (a wrong edit fails at import)."""
    for index, name in enumerate(STATE_NAMES):
        if globals()[name.upper()] != index:
            raise AssertionError(f"state field {name} is at {index}, not {globals()[name.upper()]}")
    if len(STATE_NAMES) != STATE_SIZE or STATE_NAMES.index("masks") != HAND:
        raise AssertionError("STATE_SIZE or HAND disagrees with STATE_FIELDS")


_check()

C_INFO_FIELDS = ("bids", "high", "bidder", "bid", "trump", "start", "called", "partner", "stock", "junk", "discards",
                 "exchanged", "hand_size", "gift", "call")
"""The HandInfo fields the compiled kernel reads."""


def c_header() -> str:
    """``_fields.h``: the positions above as C enums, for the compiled kernel."""
    state = ",\n       ".join(f"F_{name.upper()} = {index}" for index, name in enumerate(STATE_NAMES))
    info = ",\n       ".join(f"INFO_{name.upper()} = {HandInfo._fields.index(name)}" for name in C_INFO_FIELDS)
    return (
        "/* Generated from src/pitchcore/model/fields.py by c_header() when the kernel is built\n"
        " * (setup.py); do not edit: change the schema there. */\n"
        "#ifndef PITCHCORE_FIELDS_H\n#define PITCHCORE_FIELDS_H\n"
        f"enum {{ {state},\n       F_COUNT = {STATE_SIZE} }};  /* GameState fields */\n"
        f"enum {{ {info},\n       INFO_COUNT = {len(HandInfo._fields)} }};  /* HandInfo fields */\n"
        "#endif\n"
    )


def layout() -> dict[str, int]:
    """The positions the compiled kernel must have been built with (it reports its own)."""
    found = {f"F_{name.upper()}": index for index, name in enumerate(STATE_NAMES)}
    found.update({f"INFO_{name.upper()}": HandInfo._fields.index(name) for name in C_INFO_FIELDS})
    found["F_COUNT"], found["INFO_COUNT"] = STATE_SIZE, len(HandInfo._fields)
    return found
