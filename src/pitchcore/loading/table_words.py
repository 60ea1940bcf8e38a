"""The words card tables use, and what a variant file writes instead.

House-rule authors write the rules as their table says them: a point goes to the taker,
the dealer is stuck, the off-jack counts. When such a word turns up where the loader
knows no key, kind or value of that name, its message says what pitchcore calls the
same rule (``_hint`` in ``problems``), instead of guessing a close spelling.

Where each word comes from:

- ``taker``: who takes (wins) the trick a card falls in; ``receiver: capturer`` scores it so.
- ``10``, ``ten``: the ten as printed on the card; the rank letters are 2-9, T, J, Q, K, A.
- ``stick the dealer`` (also stuck dealer, screw the dealer): when every other player
  passes, the dealer must bid; ``auction.all_pass: dealer-must-bid``.
- ``steal`` (steal the bid): the dealer takes the high bid by bidding the same number;
  ``auction.dealer_may_take: true``.
- ``off-jack``: the other jack of trump's colour, which tables count as a trump;
  pitchcore calls it the jick (a ``trump.extras`` entry and a ``points`` kind).
- ``in the hole``: a score below zero, often circled on the score sheet; a set-back side
  simply goes negative, and ``going_out.lose_at`` ends the game at a score below zero.
- ``face card``: the J, Q and K; pitchcore names each rank (``card-values`` entries, a
  ``trump-card`` rank).
- ``kitty``: the extra cards the bidder (or every player) picks up; the ``widow`` slot.
- ``blind bid`` (bid blind, bidding blind): a bid made without looking at one's cards,
  counting double; ``auction.blind: 2``.
"""

from __future__ import annotations

import re

_TAKER = ("pitchcore calls the side that takes the trick the capturer: write receiver: capturer "
          "(or receiver: holder for the side dealt the card)")
_TEN = "a ten is written T: write rank: T (in card-values, T=10)"
_STICK = ("sticking the dealer is written auction: {all_pass: dealer-must-bid} (when all the others "
          "pass, the dealer must bid)")
_STEAL = ("for the dealer to steal the bid by bidding the same number, write auction: "
          "{dealer_may_take: true}")
_OFF_JACK = ("the off-jack is called the jick here: make it a trump with trump: {extras: [jick]} and "
             "score it with a points entry {kind: jick}")
_HOLE = ("a side in the hole simply has a score below zero; to end the game there, write "
         "going_out: {lose_at: -15} (any negative score)")
_FACE = ("face cards are written by rank, J, Q and K: in card-values, values: [J=1, Q=2, K=3]; in "
         "trump-card, rank: J")
_KITTY = ("the kitty is the widow here: widow: {kind: gift, count: 4} gives the bidder the cards, "
          "widow: {kind: own, count: 4} a widow to every player")
_BLIND = ("blind bids are written auction: {blind: 2} (each player may bid blind before the deal; a "
          "winning blind bid counts double, made or set; 3 for triple)")

TABLE_WORDS: dict[str, str] = {
    "taker": _TAKER,
    "takers": _TAKER,
    "10": _TEN,
    "ten": _TEN,
    "stick the dealer": _STICK,
    "stick dealer": _STICK,
    "stuck dealer": _STICK,
    "dealer stuck": _STICK,
    "screw the dealer": _STICK,
    "steal": _STEAL,
    "steal the bid": _STEAL,
    "dealer steals": _STEAL,
    "off jack": _OFF_JACK,
    "offjack": _OFF_JACK,
    "in the hole": _HOLE,
    "hole": _HOLE,
    "face card": _FACE,
    "face cards": _FACE,
    "face": _FACE,
    "faces": _FACE,
    "kitty": _KITTY,
    "the kitty": _KITTY,
    "blind bid": _BLIND,
    "blind bids": _BLIND,
    "bid blind": _BLIND,
    "blind bidding": _BLIND,
    "blind bidder": _BLIND,
}
"""Each table word (lower case, words apart by single spaces) -> what to write instead."""


RANK_WORDS = frozenset({"10", "ten"})
"""Table words for a rank: hinted at only where a rank is expected (``forced_bid: ten`` is a
number written out, not a card)."""


def table_word(text: object, *, rank: bool = True) -> str | None:
    """What to write for ``text`` when it is a word tables use (``Stick-the-dealer``,
    ``stick_the_dealer`` and ``stick the dealer`` alike), else None; the ``RANK_WORDS``
    only when ``rank`` says a rank is expected."""
    if isinstance(text, int) and not isinstance(text, bool) and abs(text) < 1000:  # (rank: 10)
        word = str(text)
    elif isinstance(text, str) and len(text) <= LONGEST:
        word = " ".join(re.split(r"[\s_-]+", text.lower())).strip()
    else:
        return None
    return None if word in RANK_WORDS and not rank else TABLE_WORDS.get(word)


LONGEST = 40
"""Characters of the longest text looked up (a table word is a few words)."""


def words_markdown() -> str:
    """The "Words tables use" section of the variant file reference: each group of spellings
    with what to write."""
    groups: dict[str, list[str]] = {}
    for word, write in TABLE_WORDS.items():
        groups.setdefault(write, []).append(word)
    lines = ["## Words tables use", "",
             "House rules are often written in the words a table says them. Where a file has a key, kind",
             "or value pitchcore does not know, and it is one of these words (spelt with spaces, `-` or",
             "`_`, in any case), the message says what to write instead:", ""]
    for write, words in groups.items():
        where = " (where a rank goes)" if set(words) <= RANK_WORDS else ""
        lines.append(f"- {', '.join(f'`{word}`' for word in words)}{where}: {write}.")
    return "\n".join(lines) + "\n"
