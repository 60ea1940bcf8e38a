"""The Gymnasium environment: Gymnasium's own checker on every bundled variant, episodes that
replay with pitchcore's own API, bots seeded from ``reset``, and illegal actions refused.

Without Gymnasium installed these tests skip, except under CI=true, where they fail.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence

import numpy as np
import pytest

import pitchcore as pc
from conftest import BUNDLED, missing
from pitchcore.bots import HeuristicBot, RandomBot
from pitchcore.game.view import PlayerView
from pitchcore.interop.tensors import information_state_tensor, observation_tensor, tensor_layout
from pitchcore.model.log import start_of

try:
    import gymnasium
    from gymnasium.utils.env_checker import check_env
except ImportError:
    missing("gymnasium is not installed (pip install -e '.[gymnasium]')")

from pitchcore.adapters.gymnasium import ENV_ID, PitchEnv


@pytest.mark.parametrize("name", BUNDLED)
def test_gymnasium_check_env_passes_without_a_warning(name: str) -> None:
    """``check_env`` steps actions sampled without the mask: the default ``illegal="lose"``
    ends the episode on one; made through ``gymnasium.make``, the env has a spec and every
    render mode is checked too."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(ENV_ID, variant=name, max_hands=3).unwrapped)
        check_env(PitchEnv(name, seat=1, opponents="heuristic", observation="information_state",
                           reward="hand"), skip_render_check=True)


def run(env: PitchEnv, seed: int, rng: random.Random) -> tuple[list[np.ndarray], list[float], bool, bool]:
    """One episode with random legal actions: the observations, the rewards and how it ended."""
    observation, info = env.reset(seed=seed)
    observations, rewards = [observation], []
    while True:
        assert np.array_equal(info["action_mask"], env.action_masks())
        legal = np.flatnonzero(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        observations.append(observation)
        rewards.append(reward)
        if terminated or truncated:
            assert info["action_mask"].all() and env.action_masks().all()  # (a vector env's next row)
            return observations, rewards, terminated, truncated


@pytest.mark.parametrize("name", BUNDLED)
def test_episodes_replay_with_pitchcores_own_api_and_reward_the_outcome(name: str) -> None:
    rng = random.Random(name)
    players = pc.load_variant(name).deal.default_players
    seat = players - 1
    for reward in ("game", "hand"):
        env = PitchEnv(name, seat=seat, opponents="heuristic", max_hands=4, reward=reward)
        for seed in range(2):
            observations, rewards, terminated, truncated = run(env, seed, rng)
            final = env.game_state
            replayed = pc.new_game(name, seed=seed)
            for move in final.moves:
                replayed = replayed.apply(move)
            assert replayed == final
            assert terminated == final.is_over and truncated == (not final.is_over and final.deal_number >= 4)
            side = final.table.side_of[seat]
            if reward == "hand":
                assert sum(rewards) == final.scores[side]
            else:
                assert all(r == 0.0 for r in rewards[:-1])
                won = final.winner
                assert rewards[-1] == (0.0 if not terminated or won is None else 1.0 if won == side else -1.0)
            assert np.array_equal(observations[-1], observation_tensor(final, seat))


def test_a_seed_makes_the_same_episode_bots_included() -> None:
    first = PitchEnv("haus-pitch", opponents=["heuristic", "random", "random"], max_hands=5)
    second = PitchEnv("haus-pitch", opponents=["heuristic", "random", "random"], max_hands=5)
    one = run(first, 9, random.Random(1))
    two = run(second, 9, random.Random(1))
    assert all(np.array_equal(a, b) for a, b in zip(one[0], two[0], strict=True)) and one[1:] == two[1:]
    assert first.game_state.moves == second.game_state.moves
    assert first.game_state.start == pc.new_game("haus-pitch", seed=9).start
    other = run(second, 10, random.Random(1))
    assert second.game_state.seed == 10 and other[0][0].shape == one[0][0].shape


def test_the_learner_builds_its_discard_card_by_card() -> None:
    env = PitchEnv("hi-lo-jack", observation="information_state", max_hands=6)
    rng = random.Random(5)
    space = env.space
    chosen_seen = 0
    for seed in range(6):
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            assert np.array_equal(observation, information_state_tensor(env.game_state, 0, env.chosen))
            legal = np.flatnonzero(info["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
            before = env.game_state
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            if space.names[action].startswith("discard ") and space.names[action] != "discard done":
                chosen_seen += 1
                assert env.game_state is before and env.chosen  # a card chosen: nobody else moved
    assert chosen_seen
    assert env.observation_space.shape == (tensor_layout(env.game_state).information_state_size,)


def test_an_illegal_action_raises_with_the_reason_and_changes_nothing() -> None:
    env = PitchEnv("auction-pitch", max_hands=3, illegal="raise")
    _, info = env.reset(seed=7)
    before = env.game_state
    play = env.space.play + pc.parse_move("play AS").arg
    with pytest.raises(pc.IllegalMove, match=r"action \d+ \(play AS\) is not legal now: .*bid"):
        env.step(play)
    for bad in (env.space.size, -1, 1.5, None, True):
        with pytest.raises(ValueError):
            env.step(bad)  # type: ignore[arg-type]
    assert env.game_state is before
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    lose = PitchEnv("auction-pitch", illegal_reward=-3.0)  # (the default: the episode is lost)
    lose.reset(seed=7)
    _, reward, terminated, truncated, info = lose.step(play)
    assert (reward, terminated, truncated) == (-3.0, True, False) and "not legal now" in info["illegal_action"]
    with pytest.raises(RuntimeError, match="reset"):
        lose.step(play)
    with pytest.raises(RuntimeError, match="reset"):
        PitchEnv().step(0)


class Counting:
    """A bot of one's own: plays like RandomBot, counting its moves."""

    def __init__(self, learner: int = 0) -> None:
        self.moves = 0
        self.learner = learner
        self.inner = RandomBot()

    def choose(self, view: PlayerView, legal: Sequence[pc.Move], rng: random.Random) -> pc.Move:
        self.moves += 1
        assert view.seat != self.learner and view.legal_moves == tuple(legal)  # a bot sees its own view
        return self.inner.choose(view, legal, rng)


def test_opponents_are_named_given_or_one_per_other_seat() -> None:
    mine = Counting()
    env = PitchEnv("auction-pitch", opponents=[mine, "heuristic", HeuristicBot()], max_hands=2)
    run(env, 1, random.Random(1))
    assert mine.moves > 0 and isinstance(env.bots[2], HeuristicBot) and env.bots[1] is mine
    shared = Counting(learner=2)
    env = PitchEnv("partnership-pitch", seat=2, opponents=shared, max_hands=2)
    run(env, 1, random.Random(1))
    assert set(env.bots) == {0, 1, 3} and shared.moves > 0
    for bad in (["random"], ["random"] * 4, "nobody", [3, "random", "random"]):
        with pytest.raises(ValueError, match=r"opponents|bot"):
            PitchEnv("auction-pitch", opponents=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        PitchEnv("auction-pitch", seat=4)


def test_registered_with_gymnasium_and_rendered_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium.make("pitchcore.adapters.gymnasium:" + ENV_ID, variant="smear", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "smear" in text and "<- to move" in text
    human = PitchEnv(render_mode="human", max_hands=1)
    human.reset(seed=3)
    assert "seat 0:" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        PitchEnv(render_mode="rgb_array")


def test_stable_baselines_make_vec_env_falls_back_from_rgb_array() -> None:
    """Stable-Baselines3's ``make_vec_env`` asks ``gymnasium.make(id, render_mode="rgb_array")``
    and, on a ``TypeError``, makes the env without it: the refusal is one (and a ValueError)."""
    kwargs = {"variant": "smear", "max_hands": 2}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (gymnasium warns of the mode not in render_modes first)
        try:  # make_vec_env's own steps
            env = gymnasium.make(ENV_ID, render_mode="rgb_array", **kwargs)
        except TypeError as error:
            assert isinstance(error, ValueError) and "render_mode" in str(error)
            env = gymnasium.make(ENV_ID, **kwargs)
    _, info = env.reset(seed=1)
    assert info["action_mask"].any()
    assert env.unwrapped.render_mode is None


def test_a_vector_env_hands_every_row_a_legal_action_through_episode_ends() -> None:
    """``gymnasium.make_vec``: whatever row ended, each row's mask holds an action, so a
    masked sampler never meets an empty row; the wrapped env's ``action_masks`` is reached
    through ``get_wrapper_attr`` (what sb3-contrib's VecEnv does)."""
    vector = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", variant="auction-pitch", max_hands=1)
    _, info = vector.reset(seed=4)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(120):
        masks = info["action_mask"]
        assert masks.shape == (3, vector.single_action_space.n) and masks.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        _, _, terminated, truncated, info = vector.step(actions)
        ended += int((terminated | truncated).sum())
    assert ended >= 3
    single = gymnasium.make(ENV_ID, max_hands=1)
    single.reset(seed=2)
    assert np.array_equal(single.get_wrapper_attr("action_masks")(), single.unwrapped.action_masks())


def test_the_first_dealer_is_a_seat_or_drawn_from_the_seed() -> None:
    """``dealer="random"`` deals each episode's first hand from ``new_game``'s seat for the
    seed (the learner is not always beside the same dealer), a seat number always from that
    seat, and ``reset(options={"dealer": d})`` one episode from ``d``."""
    env = PitchEnv("auction-pitch", dealer="random", opponents="random")
    dealers = set()
    for seed in range(40):
        env.reset(seed=seed)
        first = start_of(env.game_state.log).dealer
        assert first == pc.new_game("auction-pitch", seed=seed, dealer="random").dealer
        dealers.add(first)
    assert dealers == {0, 1, 2, 3}
    fixed = PitchEnv("auction-pitch", dealer=2)
    for seed in range(5):
        fixed.reset(seed=seed)
        assert start_of(fixed.game_state.log).dealer == 2
    env.reset(seed=3, options={"dealer": 1})
    assert start_of(env.game_state.log).dealer == 1
    with pytest.raises(ValueError, match=r"options\['dealer'\]: dealer must be a seat from 0 to 3, not -1; 'random'"):
        env.reset(seed=3, options={"dealer": -1})
