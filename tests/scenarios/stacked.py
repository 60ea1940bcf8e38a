"""Helpers shared by the scenario tests: stacked deals written by seat, moves as text."""

from __future__ import annotations

import pitchcore as pc


def seats(**by_seat: str) -> list[str]:
    """hands=[...] from s0=..., s1=..., keyed by seat so a deal cannot be shifted by mistake."""
    return [by_seat[f"s{i}"] for i in range(len(by_seat))]


def play(state: pc.GameState, moves: list[str]) -> pc.GameState:
    for move in moves:
        state = state.apply(move)
    return state


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
