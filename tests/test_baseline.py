"""The learned baseline in examples/rl: its features read the observation tensor as the
game means it, its fit learns what a teacher does, its saved weights fit its features and
play legal games, and its training script runs end to end."""

from __future__ import annotations

import csv
import importlib.util
import random
import sys
from pathlib import Path

import numpy as np
import pytest

import pitchcore
from conftest import missing
from pitchcore.bots import HeuristicBot
from pitchcore.bots import play_game as play_bots
from pitchcore.interop.actions import action_space
from pitchcore.interop.tensors import observation_tensor, tensor_layout

FOLDER = Path(__file__).resolve().parent.parent / "examples" / "rl"
sys.path.insert(0, str(FOLDER))

import baseline  # noqa: E402
from features import BID_SUMMARY, PLAY_FEATURES, Features  # noqa: E402

VARIANT = pitchcore.load_variant("auction-pitch")
SPACE = action_space(VARIANT, 4)
FEATURES = Features(tensor_layout(VARIANT, 4), SPACE)
TAKES, TRUMP = PLAY_FEATURES.index("takes the trick"), PLAY_FEATURES.index("trump")


def _last_taker(state: pitchcore.GameState, before: pitchcore.GameState) -> int:
    if len(state.hand_results) > len(before.hand_results):  # (the hand's last trick: it is in the result)
        return state.hand_results[-1].tricks[-1][2]
    return state.done_tricks[-1][2]


@pytest.mark.parametrize("seed", range(6))
def test_the_features_say_which_card_takes_the_trick_and_which_is_trump_as_the_engine_does(seed: int) -> None:
    """The fourth card of a trick: each legal card's "takes the trick" is whether the
    engine gives the trick to its seat; "trump" whether its suit is the hand's trump."""
    rng = random.Random(seed)
    state = pitchcore.new_game(VARIANT, seed=seed)
    checked = 0
    while not state.is_over and checked < 60:
        legal = state.legal_moves()
        if state.phase.name.lower() == "playing" and len(state.trick) == 3 and len(legal) > 1:
            seat = state.to_move
            assert seat is not None
            kind, actions, rows = FEATURES.rows(observation_tensor(state, seat), SPACE.legal_action_mask(state))
            assert kind == "play" and rows is not None
            for action, row in zip(actions, rows, strict=True):
                move = SPACE.action_to_move(state, int(action))
                after = state.apply(move)
                assert row[TAKES] == (_last_taker(after, state) == seat), (state.trick, move)
                assert row[TRUMP] == (str(move)[-1] == state.trump), (state.trump, move)
                checked += 1
        state = state.apply(rng.choice(legal))
    assert checked >= 10


def test_fitting_learns_a_teacher_that_follows_one_feature() -> None:
    """Decisions whose teacher always picks the action with the highest value of one
    feature: the fitted weights pick it too on decisions they were not fitted on."""
    pytest.importorskip("sklearn", reason="the baseline's training needs scikit-learn: pip install -e '.[learning]'")
    rng = np.random.default_rng(3)

    def decisions(count: int) -> list[tuple[str, np.ndarray, int]]:
        made = []
        for _ in range(count):
            rows = rng.random((int(rng.integers(2, 6)), len(PLAY_FEATURES)))
            made.append(("play", rows, int(rows[:, 5].argmax())))
        return made

    weights = baseline.fit(decisions(400))
    assert weights["bid"].shape == (len(BID_SUMMARY) * (baseline.BIDS + 1),)
    held_out = decisions(300)
    agree = np.mean([int((rows @ weights["play"]).argmax()) == chosen for _, rows, chosen in held_out])
    assert agree > 0.9, f"the fit agreed with its teacher on {agree:.0%} of new decisions"


def test_the_saved_weights_fit_the_features_and_the_bot_plays_legal_games() -> None:
    """``baseline.npz`` (the published weights) has a weight per feature, and
    ``BaselineBot`` plays whole games against HeuristicBots (every move checked legal)."""
    weights = baseline.load_weights()
    assert weights["play"].shape == (len(PLAY_FEATURES),)
    assert weights["bid"].shape == (len(BID_SUMMARY) * (baseline.BIDS + 1),)
    assert np.abs(weights["play"]).sum() > 0
    for seed in range(2):
        bots = [baseline.BaselineBot(), HeuristicBot(VARIANT), HeuristicBot(VARIANT), HeuristicBot(VARIANT)]
        final = play_bots(pitchcore.new_game(VARIANT, seed=seed), bots, random.Random(seed))
        assert final.is_over


def test_training_writes_weights_and_a_curve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("sklearn") is None:
        missing("the baseline's training needs scikit-learn: pip install -e '.[learning]'")
    out, curve = tmp_path / "w.npz", tmp_path / "curve.csv"
    baseline.main(["train", "--rounds", "2", "--round-games", "3", "--playouts", "8", "--eval-games", "4",
                   "--workers", "1", "--out", str(out), "--curve", str(curve)])
    with open(curve) as file:
        rows = list(csv.DictReader(file))
    assert [row["round"] for row in rows] == ["1", "2"]
    assert int(rows[1]["decisions"]) > int(rows[0]["decisions"]) > 0
    assert all(0 <= int(row["wins"]) <= 4 for row in rows)
    weights = baseline.load_weights(out)
    assert weights["play"].shape == (len(PLAY_FEATURES),)
    assert "round  2" in capsys.readouterr().out
