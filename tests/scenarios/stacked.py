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
