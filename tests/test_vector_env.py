"""The Gymnasium vector environment on the batch: each row is the single-game ``PitchEnv``."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import pitchcore as pc  # noqa: E402
from pitchcore.adapters.gymnasium import PitchEnv  # noqa: E402
from pitchcore.adapters.vector import PitchVectorEnv  # noqa: E402
from pitchcore.bots import PolicyBot  # noqa: E402
from pitchcore.interop.tensors import observation_tensor  # noqa: E402


def hashed(tensor: np.ndarray, mask: np.ndarray) -> int:
    """A policy: a legal action picked by a checksum of the tensor."""
    legal = np.flatnonzero(mask)
    return int(legal[zlib.crc32(tensor.tobytes()) % len(legal)])


def batched(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """``hashed`` for every row at once: the opponents as one function of arrays."""
    return np.array([hashed(row, mask) for row, mask in zip(observations, masks, strict=True)])


def episodes(envs: PitchVectorEnv, steps: int, seed: int) -> list[dict[str, Any]]:
    """Every episode the vector env plays in ``steps`` steps with random legal learner
    actions: its game's seed, and per step the learner's action, observation, mask, reward
    and how it ended (episodes still running at the end are left out)."""
    rng = np.random.default_rng(seed)
    observations, info = envs.reset(seed=seed)
    running = [{"seed": envs.batch.seeds[row], "observations": [observations[row]],
                "masks": [info["action_mask"][row]], "actions": [], "rewards": [], "end": None}
               for row in range(envs.num_envs)]
    done = []
    for _ in range(steps):
        masks = info["action_mask"]
        assert masks.any(axis=1).all(), "a row without a legal action"
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, rewards, terminated, truncated, info = envs.step(actions)
        for row, episode in enumerate(running):
            episode["actions"].append(int(actions[row]))
            episode["rewards"].append(float(rewards[row]))
            if terminated[row] or truncated[row]:
                episode["end"] = (bool(terminated[row]), bool(truncated[row]))
                episode["observations"].append(info["final_obs"][row])
                done.append(episode)
                running[row] = {"seed": envs.batch.seeds[row], "observations": [observations[row]],
                                "masks": [info["action_mask"][row]], "actions": [], "rewards": [], "end": None}
            else:
                episode["observations"].append(observations[row])
                episode["masks"].append(info["action_mask"][row])
    return done


def replay(env: PitchEnv, episode: dict[str, Any]) -> None:
    """The single-game env from the episode's seed with its actions gives what the row gave."""
    observation, info = env.reset(seed=episode["seed"])
    assert np.array_equal(observation, episode["observations"][0])
    assert np.array_equal(info["action_mask"], episode["masks"][0])
    for number, action in enumerate(episode["actions"]):
        observation, reward, terminated, truncated, info = env.step(action)
        assert np.array_equal(observation, episode["observations"][number + 1]), f"step {number}"
        assert reward == episode["rewards"][number], f"step {number}"
        if terminated or truncated:
            assert (terminated, truncated) == episode["end"] and number == len(episode["actions"]) - 1
            return
        assert np.array_equal(info["action_mask"], episode["masks"][number + 1])
    raise AssertionError("the episode did not end where the row's did")


@pytest.mark.parametrize(("name", "reward"), [("auction-pitch", "game"), ("haus-pitch", "hand"),
                                               ("cinch", "hand"), ("smear", "game")])
def test_each_row_plays_the_single_game_env_with_bots(name: str, reward: str) -> None:
    """Bots as opponents (HeuristicBot, their random choices seeded by the game): every
    ended episode of every row, replayed in PitchEnv from its seed with the same learner
    actions, gives the same observations, masks, rewards and ending."""
    envs = PitchVectorEnv(name, num_envs=6, seat=1, opponents="heuristic", max_hands=2, reward=reward)  # type: ignore[arg-type]
    done = episodes(envs, 150, seed=3)
    assert len(done) >= 6
    env = PitchEnv(name, seat=1, opponents="heuristic", max_hands=2, reward=reward)  # type: ignore[arg-type]
    for episode in done:
        replay(env, episode)


def test_a_batched_policy_plays_as_policy_bots_do() -> None:
    """Opponents as one function of arrays play what PolicyBot with the same policy plays."""
    envs = PitchVectorEnv("haus-pitch", num_envs=5, opponents=batched, max_hands=2, reward="hand")
    done = episodes(envs, 120, seed=5)
    assert len(done) >= 5
    env = PitchEnv("haus-pitch", opponents=PolicyBot(hashed), max_hands=2, reward="hand")
    for episode in done:
        replay(env, episode)


def test_random_opponents_rows_and_ends() -> None:
    """Uniformly random opponents: every row waits for the learner with its tensor and mask;
    an ended row's final observation is the learner's at the final state; game rewards are
    +1, -1 or 0 once, at the end."""
    envs = PitchVectorEnv("auction-pitch", num_envs=8, opponents="random", max_hands=3)
    observations, info = envs.reset(seed=2)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(150):
        for row in range(envs.num_envs):
            state = envs.batch.state(row)
            assert state.to_move == envs.seat
            assert np.array_equal(observations[row], observation_tensor(state, envs.seat, envs.batch.chosen(row)))
        masks = info["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, rewards, terminated, truncated, info = envs.step(actions)
        ends = terminated | truncated
        assert set(np.flatnonzero(rewards).tolist()) <= set(np.flatnonzero(terminated).tolist())
        for row in np.flatnonzero(ends).tolist():
            final = envs.batch.finished.get(row)
            if final is not None:
                assert np.array_equal(info["final_obs"][row], observation_tensor(final, envs.seat))
            ended += 1
    assert ended > 8 and envs.observation_space.shape == (8, 965)
    assert envs.single_action_space.n == 170 and envs.metadata["autoreset_mode"].value == "SameStep"


def test_options_and_illegal_actions_are_refused() -> None:
    envs = PitchVectorEnv("auction-pitch", num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        envs.step(np.zeros(2, dtype=np.int64))
    envs.reset(seed=1)
    with pytest.raises(pc.IllegalMove, match=r"game 0: action 0 \(play 2C\) is not legal now"):
        envs.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="2 whole numbers"):
        envs.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="reward"):
        PitchVectorEnv("auction-pitch", reward="points")  # type: ignore[arg-type]
    made = gymnasium.make_vec("pitchcore/PitchVector-v0", num_envs=3, vectorization_mode="vector_entry_point")
    assert made.num_envs == 3
