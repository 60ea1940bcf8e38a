"""The PettingZoo environment: PettingZoo's own API and seed tests on every bundled variant,
and whole games whose moves, scores and rewards agree with pitchcore's own API.

Without PettingZoo installed these tests skip, except under CI=true, where they fail.
"""

from __future__ import annotations

import random
import warnings
from collections import defaultdict
from typing import Any

import numpy as np
import pytest

import pitchcore as pc
from conftest import BUNDLED, missing
from pitchcore.interop.actions import action_space
from pitchcore.interop.tensors import information_state_tensor, observation_tensor, tensor_layout
from pitchcore.model.state import GameState

try:
    from pettingzoo import AECEnv
    from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
except ImportError:
    missing("pettingzoo is not installed (pip install -e '.[pettingzoo]')")

from pitchcore.adapters.pettingzoo import env, parallel_env, raw_env

EXPECTED_WARNINGS = ("Observation is not a NumPy array",
                     "Observation space for each agent probably should be gymnasium.spaces.box")
"""What PettingZoo's API test says of any dict observation (its own card games are exempt by
name): every other warning fails the test."""


def unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)]


@pytest.mark.parametrize("name", BUNDLED)
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, max_hands=3), num_cycles=1000)  # 3 hands end well within 1000 cycles
        seed_test(lambda: env(name, max_hands=3), num_cycles=300)
        api_test(env(name, max_hands=2, observation="information_state", reward="hand"), num_cycles=1000)
    assert not unexpected(caught)


def moves_of(space: Any, actions: list[int]) -> list[pc.Move]:
    """The engine moves a seat's actions make, read from the action names alone: a discard's
    cards gather until ``discard done``."""
    moves: list[pc.Move] = []
    cards: list[str] = []
    for action in actions:
        name = space.names[action]
        if name == "discard done":
            moves.append(pc.parse_move(" ".join(["discard", *cards])))
            cards = []
        elif name.startswith("discard "):
            cards.append(name.split()[1])
        else:
            moves.append(pc.parse_move(name))
    assert not cards, "a discard was left unfinished"
    return moves


def play(table: Any, seed: int, rng: random.Random) -> tuple[list[tuple[int, int]], dict[str, float], Any]:
    """One episode with random legal actions: the (seat, action) made, each agent's total
    reward as ``last`` reports it, and the last observation of each agent."""
    table.reset(seed=seed)
    made: list[tuple[int, int]] = []
    totals: dict[str, float] = defaultdict(float)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat == table.unwrapped.game_state.to_move
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        made.append((seat, action))
        table.step(action)
    return made, dict(totals), table


@pytest.mark.parametrize("name", BUNDLED)
@pytest.mark.parametrize("reward", ["game", "hand"])
def test_whole_games_replay_with_pitchcores_own_api(name: str, reward: str) -> None:
    """The actions of random games, turned into moves through their names, replay with
    ``new_game`` and ``apply(move, seat=...)`` to the same position; the rewards are the
    outcome's (+1/-1 at the end, or the score changes)."""
    rng = random.Random(name)
    table = env(name, max_hands=6, reward=reward)
    space = table.unwrapped.space
    for seed in range(3):
        made, totals, _ = play(table, seed, rng)
        final: GameState = table.unwrapped.game_state
        state = pc.new_game(name, seed=seed)
        by_seat: dict[int, list[int]] = defaultdict(list)
        for seat, action in made:  # a seat's discard takes several actions, then one move
            by_seat[seat].append(action)
            if not space.names[action].startswith("discard ") or space.names[action] == "discard done":
                (move,) = moves_of(space, by_seat.pop(seat))
                state = state.apply(move, seat=seat)
        assert not by_seat
        assert state == final and state.moves == final.moves
        assert final.is_over or final.deal_number >= 6
        side_of = final.table.side_of
        for agent, total in totals.items():
            side = side_of[int(agent.split("_")[1])]
            if reward == "hand":
                assert total == final.scores[side]
            elif final.is_over and final.winner is not None:
                assert total == (1.0 if side == final.winner else -1.0)
            else:
                assert total == 0.0
        assert set(totals) == set(table.possible_agents)  # every agent heard of the end


def test_episodes_end_by_termination_or_by_truncation_after_max_hands_deals() -> None:
    """Both ways an episode ends, with their flags: a game of Jacks Trump always ends (one
    round per player); auction-pitch stops at ``max_hands`` deals, even when every deal is
    thrown in (the lowest action is ``pass`` whenever a seat may pass)."""
    for name, max_hands, flag, pick in (("jacks-trump", None, 0, random.Random(1).choice),
                                        ("auction-pitch", 2, 1, random.Random(1).choice),
                                        ("auction-pitch", 3, 1, min)):
        table = env(name, max_hands=max_hands)
        table.reset(seed=1)
        ends: list[tuple[bool, bool]] = []
        for _ in table.agent_iter(10_000):
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                ends.append((terminated, truncated))
                table.step(None)
                continue
            table.step(int(pick(list(np.flatnonzero(observation["action_mask"])))))
        assert len(ends) == table.unwrapped.players
        assert all(end[flag] and not end[1 - flag] for end in ends)
        assert not table.agents
        if pick is min:
            assert not table.unwrapped.game_state.hand_results and table.unwrapped.game_state.deal_number == 3


def test_observations_are_the_seats_own_tensors_and_only_the_mover_has_legal_actions() -> None:
    table = env("hi-lo-jack", observation="information_state", max_hands=4)
    table.reset(seed=3)
    rng = random.Random(3)
    layout = tensor_layout(table.unwrapped.game_state)
    built = 0
    while not any(table.terminations.values()) and not any(table.truncations.values()):
        state, chosen = table.unwrapped.game_state, table.unwrapped.chosen
        for agent in table.agents:
            seat = int(agent.split("_")[1])
            observation = table.observe(agent)
            assert observation["observation"].shape == (layout.information_state_size,)
            assert np.array_equal(observation["observation"],
                                  information_state_tensor(state, seat, chosen if seat == state.to_move else 0))
            mask = observation["action_mask"]
            if seat == state.to_move:
                assert np.array_equal(mask, action_space(state).legal_action_mask(state, chosen))
            else:
                assert not mask.any()
        mover = table.agent_selection
        legal = np.flatnonzero(table.observe(mover)["action_mask"])
        table.step(int(legal[rng.randrange(len(legal))]))
        if table.unwrapped.chosen:  # a discard being built: the same seat is still to move
            built += 1
            assert table.agent_selection == mover
    assert built, "no discard was built card by card: the test saw no exchange"
    plain = env("auction-pitch")
    plain.reset(seed=3)
    observation, *_ = plain.last()
    state = plain.unwrapped.game_state
    assert np.array_equal(observation["observation"], observation_tensor(state, state.to_move))


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    table = env("auction-pitch", illegal="raise")
    table.reset(seed=7)
    observation, *_ = table.last()
    before, agent = table.unwrapped.game_state, table.agent_selection
    space = table.unwrapped.space
    play_ace = space.play + pc.parse_move("play AS").arg
    with pytest.raises(pc.IllegalMove, match=r"action \d+ \(play AS\) is not legal now"):
        table.step(play_ace)
    observation["action_mask"][play_ace] = 1  # a changed mask does not make an action legal
    with pytest.raises(pc.IllegalMove):
        table.step(play_ace)
    for bad in (space.size, -1, 2.0, True, None, "pass"):
        with pytest.raises((pc.IllegalMove, ValueError)):
            table.step(bad)
    assert table.unwrapped.game_state is before and table.agent_selection == agent
    table.step(np.int64(space.pass_))  # a numpy integer is an action
    assert table.unwrapped.game_state.moves == (pc.parse_move("pass"),)


def test_illegal_lose_ends_the_game_against_the_offender() -> None:
    table = env("partnership-pitch", illegal="lose", illegal_reward=-5.0)
    table.reset(seed=2)
    offender = table.agent_selection
    table.step(table.unwrapped.space.play)  # 2C: never legal in the auction
    assert all(table.terminations.values())
    assert table.rewards == {agent: (-5.0 if agent == offender else 0.0) for agent in table.agents}
    assert "not legal now" in table.infos[offender]["illegal_action"]
    totals = {}
    for agent in table.agent_iter():
        _, reward, terminated, _, _ = table.last()
        assert terminated
        totals[agent] = reward
        table.step(None)
    assert totals[offender] == -5.0 and sum(totals.values()) == -5.0


def test_reset_deals_the_seeded_game_and_an_unseeded_reset_follows_the_last_seed() -> None:
    table = env("smear-cutthroat", players=6)
    table.reset(seed=11)
    assert table.unwrapped.game_state == pc.new_game("smear-cutthroat", players=6, seed=11)
    table.reset()
    first = table.unwrapped.game_state
    table.reset(seed=11)
    table.reset()
    assert table.unwrapped.game_state == first
    assert len(table.possible_agents) == 6 and table.possible_agents[5] == "seat_5"


def test_render_shows_the_position_as_a_spectator_sees_it(capsys: pytest.CaptureFixture[str]) -> None:
    table = env("auction-pitch", render_mode="ansi")
    table.reset(seed=7)
    text = table.render()
    state = table.unwrapped.game_state
    assert "auction-pitch" in text and "seat 1:" in text and "<- to move" in text
    assert all(str(card) in text for hand in state.hands for card in hand)
    human = env("auction-pitch", render_mode="human")
    human.reset(seed=7)
    assert "<- to move" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")


def test_wrapper_enforces_order_and_is_an_aec_env() -> None:
    table = env()
    assert isinstance(table, AECEnv) and isinstance(table.unwrapped, raw_env)
    assert str(table) == "pitchcore_v0"
    with pytest.raises(AttributeError, match="before reset"):
        _ = table.agents
    for bad in ({"reward": "trick"}, {"illegal": "ignore"}, {"observation": "state"}, {"max_hands": 0},
                {"players": 9}):
        with pytest.raises(ValueError):
            env(**bad)


@pytest.mark.parametrize("name", ["auction-pitch", "haus-pitch", "cinch", "jacks-trump", "california-jack"])
def test_the_parallel_env_passes_pettingzoos_parallel_tests(name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(name, max_hands=3), num_cycles=2000)
        parallel_seed_test(lambda: parallel_env(name, max_hands=3), num_cycles=300)
    assert not unexpected(caught)


def test_the_parallel_env_makes_the_movers_action_and_gives_the_aec_envs_rewards() -> None:
    """Each step makes the action of the seat to move and ignores the others'; the rewards,
    ends and observations are those of the AEC environment given the same actions."""
    parallel = parallel_env("haus-pitch", max_hands=3, reward="hand")
    aec = env("haus-pitch", max_hands=3, reward="hand")
    observations, _ = parallel.reset(seed=4)
    aec.reset(seed=4)
    rng = random.Random(4)
    totals: dict[str, float] = defaultdict(float)
    steps = 0
    while parallel.agents:
        mover = parallel.game_state.to_move
        agent = f"seat_{mover}"
        assert observations[agent]["action_mask"].any()
        assert all(not observations[other]["action_mask"].any() for other in parallel.agents if other != agent)
        action = rng.choice(np.flatnonzero(observations[agent]["action_mask"]).tolist())
        actions: dict[str, int | None] = {other: 0 for other in parallel.agents}  # (illegal, but ignored)
        actions[agent] = action
        observations, rewards, terminations, truncations, _ = parallel.step(actions)
        assert aec.agent_selection == agent
        aec.step(action)
        for other in rewards:
            totals[other] += rewards[other]
            assert np.array_equal(observations[other]["observation"], aec.observe(other)["observation"])
        steps += 1
    assert steps > 50 and (any(truncations.values()) or any(terminations.values()))
    final = parallel.game_state
    assert final.moves == aec.unwrapped.game_state.moves
    side_of = final.table.side_of
    assert dict(totals) == {f"seat_{seat}": float(final.scores[side_of[seat]]) for seat in range(final.players)}
    with pytest.raises(RuntimeError, match="reset"):
        parallel.step({})
    parallel.reset(seed=1)
    with pytest.raises(ValueError, match="the seat to move"):
        parallel.step({})


def test_a_random_first_dealer_comes_from_the_seed_and_passes_the_api_test() -> None:
    """``dealer="random"``: each game's first dealer is ``new_game``'s draw from its seed, so
    cut-off episodes do not all begin with seat 0 dealing, and a game still replays from its
    seed; ``reset(options={"dealer": d})`` sets one game's dealer, a bad one is refused."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("auction-pitch", max_hands=2, dealer="random"), num_cycles=300)
    assert not unexpected(caught)
    table = env("auction-pitch", dealer="random")
    dealers = set()
    for seed in range(40):
        table.reset(seed=seed)
        state = table.unwrapped.game_state
        assert state == pc.new_game("auction-pitch", seed=seed, dealer="random")
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2, 3}
    table.reset(seed=5, options={"dealer": 2})
    assert table.unwrapped.game_state == pc.new_game("auction-pitch", seed=5, dealer=2)
    with pytest.raises(ValueError, match=r"options\['dealer'\]: dealer must be a seat from 0 to 3, not 4; 'random'"):
        table.reset(seed=5, options={"dealer": 4})
    assert table.unwrapped.game_state == pc.new_game("auction-pitch", seed=5, dealer=2)  # (unchanged)
    parallel = parallel_env("auction-pitch", dealer=3)
    parallel.reset(seed=9)
    assert parallel.game_state.dealer == 3
    with pytest.raises(ValueError, match="dealer must be a seat from 0 to 3, not 'left'"):
        env("auction-pitch", dealer="left")  # type: ignore[arg-type]
