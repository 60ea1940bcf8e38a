"""Helpers shared by the scenario tests: stacked deals written by seat, moves as text."""

from __future__ import annotations

import pitchcore as pc
from conftest import play as play  # (the scenario tests take it from here)


def seats(**by_seat: str) -> list[str]:
    """hands=[...] from s0=..., s1=..., keyed by seat so a deal cannot be shifted by mistake."""
    return [by_seat[f"s{i}"] for i in range(len(by_seat))]


def legal(state: pc.GameState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


def held(state: pc.GameState, seat: int) -> set[str]:
    return {str(card) for card in state.hands[seat]}


# Seat 1 takes every trick and holds High and Low (hearts trump): all four points to side 1.
SWEEP_HANDS = seats(
    s1="AH KH 2H AC KC QC",
    s2="5H 9C 8C 7S 6S 5S",
    s3="JH TC 4D 3D 2D 9S",
    s0="QS KS AS 4C 3C 2C",
)
SWEEP_TRICKS = [
    "play AH", "play 5H", "play JH", "play 2C",
    "play KH", "play 5S", "play 2D", "play 3C",
    "play 2H", "play 6S", "play 3D", "play 4C",
    "play AC", "play 8C", "play TC", "play AS",
    "play KC", "play 9C", "play 4D", "play KS",
    "play QC", "play 7S", "play 9S", "play QS",
]


# A Cinch-family deal (Cinch, Pedro, Catch Five: nine cards each, seat 1 bids and names
# hearts): each variant's tests discard and play it out by their own rules.
PEDRO_HANDS = seats(
    s1="AH KH 5H 2C 3C 4C 5C 6C 7C",
    s2="QH 5D 8S 9S TS JS QS KS AS",
    s3="JH TH 2D 3D 4D 6D 7D 8D 9D",
    s0="4H 3H 2H TC JC QC KC AC TD",
)
PEDRO_STOCK = "2S 3S 4S 5S 6S 7S JD QD KD AD 8C 9C 9H 8H 7H 6H"
PEDRO_TRICKS = [
    "play 4S", "play 5D", "play 8C", "play 4H",   # the off-five (seat 2) beats the 4H: Left Pedro to side 0
    "play 5S", "play QD", "play 3H", "play 5H",   # seat 1 trumps with the 5H: Right Pedro to side 1
    "play AH", "play QH", "play JH", "play 9H",   # High and Jack to side 1
    "play KH", "play 6S", "play TH", "play 8H",   # Game (the ten) to side 1
    "play 2S", "play 7S", "play KD", "play 7H",
    "play 6H", "play 3S", "play JD", "play AD",
]
"""Cinch's and Pedro's play of ``PEDRO_HANDS`` after their exchanges."""
