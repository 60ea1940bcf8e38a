"""Golden playthroughs: a fixed policy plays each bundled variant from a fixed seed.

Any change in dealing, legality or scoring changes a transcript. When a change is meant,
regenerate with ``PITCHCORE_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and review the
diff like code.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import pitchcore
from pitchcore import Phase

GOLDEN = Path(__file__).with_name("golden")
HANDS = 3


def transcript(name: str, seed: int = 11) -> str:
    state = pitchcore.new_game(pitchcore.load_variant(name), seed=seed)
    rng = random.Random(seed)
    lines = [f"variant {name} seed {seed} players {state.players}"]
    deal = -1
    while not state.is_over and len(state.hand_results) < HANDS:
        if state.deal_number != deal:
            deal = state.deal_number
            lines.append(f"deal {deal} dealer {state.dealer}: " + hands_text(state))
        legal = state.legal_moves()
        if state.phase is Phase.BIDDING:
            bids = [move for move in legal if move.kind == "bid"]
            move = bids[0] if bids and (rng.random() < 0.4 or len(bids) == len(legal)) else legal[0]
        else:
            move = rng.choice(legal)
        lines.append(f"  {state.to_move}: {move}  ({len(legal)} legal)")
        before = len(state.hand_results)
        state = state.apply(move)
        if move.kind == "deal":  # the dealer chose the hand size: now the cards are out
            lines.append(f"  dealt: {hands_text(state)}")
        if len(state.hand_results) > before:
            result = state.hand_results[-1]
            awards = " ".join(f"{key}={side}" for key, side in result.awards.items())
            lines.append(f"result bidder={result.bidder} bid={result.bid} made={result.made} "
                         f"{awards} pips={list(result.game_pips)} delta={list(result.delta)} "
                         f"scores={list(state.scores)}")
    return "\n".join(lines) + "\n"


def hands_text(state: pitchcore.GameState) -> str:
    if not any(state.hands):
        return "(the dealer first chooses how many cards)"
    return " | ".join(" ".join(map(str, hand)) for hand in state.hands)


@pytest.mark.parametrize("name", pitchcore.bundled_variants())
def test_playthrough_matches_golden_transcript(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = transcript(name)
    if os.environ.get("PITCHCORE_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text)
        if not os.environ.get("PITCHCORE_UPDATE_GOLDEN"):
            pytest.fail(f"wrote missing golden file {path}; review and commit it")
    assert text == path.read_text()
