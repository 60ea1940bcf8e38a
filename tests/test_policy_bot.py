"""A policy of tensors and masks as a bot: tensors and masks from a seat's view equal the
state's in every phase, and ``PolicyBot`` plays wherever a bot plays."""

from __future__ import annotations

import random
import sys
import textwrap
import zlib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import pitchcore as pc
from conftest import BUNDLED, HOUSE_RULES, TRUMP_HOUSE, choose_move
from pitchcore.bots import HeuristicBot, PolicyBot, play_game, view_information_state, view_observation
from pitchcore.interop.actions import action_space
from pitchcore.interop.tensors import information_state_tensor, observation_tensor, tensor_layout
from pitchcore.model.phase import Phase
from pitchcore.model.state import GameState
from pitchcore.tools.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
HOUSE = {
    **TRUMP_HOUSE, **HOUSE_RULES,
    "call-partner": (ROOT / "examples" / "call-partner.yaml").read_text(encoding="utf-8"),
    "blind-bids": "extends: auction-pitch\nname: blind-bids\nauction: {blind: 2}\n",
    "widow-misdeal": ("extends: haus-pitch\nname: widow-misdeal\n"
                      "deal: {worthless: no-trump, worthless_hand: redeal}\n"),
}
"""The house-rule examples, a called partner, blind bids and a misdeal on a hand without trump."""


def positions(variant: pc.Variant, seed: int, hands: int = 2) -> Iterator[GameState]:
    """Every state of a random game's first ``hands`` hands, and its end if it comes first."""
    state = pc.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while len(state.hand_results) < hands:
        yield state
        if state.is_over:
            return
        state = state.apply(choose_move(state, rng))


def differing(variant: pc.Variant, state: GameState, seat: int, chosen: int = 0) -> list[str]:
    """The pieces in which the tensors from ``seat``'s view differ from the state's."""
    view = state.view(seat)
    layout = tensor_layout(state)
    found = []
    for of_state, of_view in ((observation_tensor, view_observation),
                              (information_state_tensor, view_information_state)):
        want, got = of_state(state, seat, chosen), of_view(view, chosen, variant)
        assert got.dtype == np.float32 and got.shape == want.shape
        if not np.array_equal(want, got):
            wanted, gotten = layout.unpack(want), layout.unpack(got)
            found += [f"{of_state.__name__}: {name}" for name in wanted
                      if not np.array_equal(wanted[name], gotten[name])]
    return found


def check_variant(variant: pc.Variant, games: int = 2) -> set[Phase]:
    phases: set[Phase] = set()
    for seed in range(games):
        for number, state in enumerate(positions(variant, seed)):
            for seat in range(state.players):
                problems = differing(variant, state, seat)
                where = f"{variant.name}, seed {seed}, move {number}, seat {seat} ({state.phase.value})"
                assert not problems, f"{where}: {problems}"
            phases.add(state.phase)
    return phases


@pytest.mark.parametrize("name", BUNDLED)
def test_tensors_from_views_are_the_states_in_every_phase(name: str) -> None:
    """Every seat, every position of random games (bidding, trump, widow, exchange, draws,
    calls, play, the end): the view's tensors are the state's, piece by piece."""
    assert Phase.PLAYING in check_variant(pc.load_variant(name))


@pytest.mark.parametrize("name", sorted(HOUSE))
def test_tensors_from_views_on_house_rules(name: str) -> None:
    """The house-rule examples: jokers, off-colour trumps, called partners, blind bids ..."""
    check_variant(pc.load_variant_text(HOUSE[name]), games=1)


def test_the_checked_phases_include_every_kind_of_decision() -> None:
    """The variants above reach every phase a seat decides in (so none is left unchecked)."""
    seen: set[Phase] = set()
    for name in ("haus-pitch", "jacks-trump", "seven-up", "minnesota-smear"):
        for state in positions(pc.load_variant(name), 0):
            seen.add(state.phase)
    assert seen >= {Phase.DEALING, Phase.BIDDING, Phase.NAMING_TRUMP, Phase.DISCARDING, Phase.CALLING,
                    Phase.PLAYING}


@pytest.mark.parametrize("name", ["haus-pitch", "cinch", "pedro", "jacks-trump", "call-partner"])
def test_view_masks_and_moves_are_the_states(name: str) -> None:
    """The mask, the legal actions and each action's move from the view of the seat to move
    are the state's, card by card while a discard is built."""
    variant = pc.load_variant_text(HOUSE[name]) if name in HOUSE else pc.load_variant(name)
    rng = random.Random(3)
    built = 0
    for state in positions(variant, 1, hands=3):
        seat = state.to_move
        if seat is None:
            continue
        space, view, chosen = action_space(state), state.view(seat), 0
        while True:
            assert np.array_equal(space.view_action_mask(view, chosen), space.legal_action_mask(state, chosen))
            legal = space.view_legal_actions(view, chosen)
            assert legal == space.legal_actions(state, chosen)
            for action in legal:
                assert space.view_action_to_move(view, action, chosen) == space.action_to_move(state, action, chosen)
            action = rng.choice(legal)
            if space.action_to_move(state, action, chosen) is not None:
                break
            chosen |= 1 << (action - space.discard)
            built += 1
    assert built or name not in ("haus-pitch", "cinch", "pedro"), "no discard was built card by card"


def test_an_illegal_action_from_a_view_says_why() -> None:
    state = pc.new_game("auction-pitch", seed=7)
    space, view = action_space(state), state.view(state.to_move)
    with pytest.raises(pc.IllegalMove, match=r"action 0 \(play 2C\) is not legal now for seat 1: the legal actions "
                                             r"are pass, bid 1, bid 2, bid 3, bid 4") as caught:
        space.view_action_to_move(view, space.play)
    assert caught.value.reason == "not-legal" and caught.value.seat == 1
    with pytest.raises(pc.IllegalMove, match="not an action of auction-pitch"):
        space.view_action_to_move(view, space.size)
    with pytest.raises(ValueError, match="use action_space"):
        action_space("haus-pitch").view_action_mask(view)


# -- PolicyBot ---------------------------------------------------------------------------


def last_legal(tensor: np.ndarray, mask: np.ndarray) -> int:
    """A policy: the highest legal action."""
    return int(np.flatnonzero(mask)[-1])


def hashed(tensor: np.ndarray, mask: np.ndarray) -> int:
    """A policy: a legal action picked by a checksum of the tensor (the same inputs, the
    same pick; unlike a fixed choice, games end)."""
    legal = np.flatnonzero(mask)
    return int(legal[zlib.crc32(tensor.tobytes()) % len(legal)])


@pytest.mark.parametrize("name", ["auction-pitch", "haus-pitch", "cinch", "jacks-trump", "california-jack"])
def test_a_policy_bot_plays_what_the_policy_picks_on_the_state(name: str) -> None:
    """PolicyBots in every seat play the moves the same policy makes on the true states
    through the action space (every bid, trump, discard card and play), for 400 moves."""
    start = pc.new_game(name, seed=5)
    bot, state = PolicyBot(hashed), start
    for _ in range(400):
        if state.is_over:
            break
        view = state.view(state.to_move)
        state = state.apply(bot.choose(view, view.legal_moves, random.Random(0)))
    again, space, chosen = start, action_space(start), 0
    while len(again.moves) < len(state.moves):
        tensor = observation_tensor(again, again.to_move, chosen)
        again, chosen = space.apply(again, hashed(tensor, space.legal_action_mask(again, chosen)), chosen)
    assert again.moves == state.moves and again.hand_results and again == state


def test_the_policy_is_shown_the_true_tensors_and_masks() -> None:
    """What PolicyBot hands the policy is the seat's tensor (information state here) and mask
    of the real state, a discard's chosen cards included."""
    state = pc.new_game("haus-pitch", seed=2)
    rng = random.Random(2)
    asked = 0
    space = action_space(state)

    def policy(tensor: np.ndarray, mask: np.ndarray) -> int:
        nonlocal asked, chosen
        assert np.array_equal(tensor, information_state_tensor(state, state.to_move, chosen))
        assert np.array_equal(mask, space.legal_action_mask(state, chosen))
        asked += 1
        action = int(rng.choice(np.flatnonzero(mask)))
        if space.discard <= action < space.discard + space.deck_size:
            chosen |= 1 << (action - space.discard)
        return action

    bot = PolicyBot(policy, observation="information_state")
    while len(state.hand_results) < 3:
        chosen = 0
        view = state.view(state.to_move)
        state = state.apply(bot.choose(view, view.legal_moves, random.Random(0)))
    assert asked > 100


def test_a_policy_bot_refuses_an_illegal_choice_and_bad_options() -> None:
    state = pc.new_game("auction-pitch", seed=7)
    view = state.view(state.to_move)
    bot = PolicyBot(lambda tensor, mask: 0)  # play 2C, in the auction
    with pytest.raises(pc.IllegalMove, match=r"PolicyBot's policy: action 0 \(play 2C\) is not legal now for seat 1"):
        bot.choose(view, view.legal_moves, random.Random(0))
    with pytest.raises(pc.IllegalMove, match="a whole number"):
        PolicyBot(lambda tensor, mask: "bid 2").choose(view, view.legal_moves, random.Random(0))
    with pytest.raises(ValueError, match="callable"):
        PolicyBot("not a policy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'observation' or 'information_state'"):
        PolicyBot(last_legal, observation="pixels")  # type: ignore[arg-type]


def test_a_policy_bot_class_plays_in_simulate_and_as_an_environment_opponent(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``--bots module:Class`` with a PolicyBot subclass (its constructor loads the policy),
    and a frozen policy as PitchEnv's opponents."""
    (tmp_path / "netbots.py").write_text(textwrap.dedent("""
        import numpy as np
        from pitchcore.bots import PolicyBot

        class FirstLegal(PolicyBot):
            def __init__(self, variant=None):
                super().__init__(lambda tensor, mask: int(np.flatnonzero(mask)[0]), variant=variant)
    """), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = simulate("auction-pitch", 3, ["netbots:FirstLegal", "heuristic", "random", "heuristic"], seed=4)
    assert result.games == 3 and result.bots[0] == "netbots:FirstLegal"
    gymnasium = pytest.importorskip("gymnasium")
    del gymnasium
    from pitchcore.adapters.gymnasium import PitchEnv
    env = PitchEnv("haus-pitch", opponents=PolicyBot(last_legal), max_hands=3)
    _, info = env.reset(seed=1)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert env.game_state.deal_number >= 3 or env.game_state.is_over
    snapshot = PolicyBot(hashed)  # self-play: a new frozen snapshot at every other seat
    env.set_opponents(snapshot)
    assert set(env.bots.values()) == {snapshot} and set(env.bots) == {1, 2, 3}
    env.reset(seed=2)
    sys.modules.pop("netbots", None)


def test_a_heuristic_table_accepts_a_policy_bot_beside_it() -> None:
    """PolicyBot and the bundled bots at one table, every bundled variant's default seats:
    whole games end (a policy bot never stalls a game)."""
    for name in ("auction-pitch", "seven-up", "minnesota-smear", "st-paul-smear"):
        start = pc.new_game(name, seed=3)
        bots = [PolicyBot(last_legal), *[HeuristicBot()] * (start.players - 1)]
        assert play_game(start, bots, random.Random(1), max_moves=5000).is_over
