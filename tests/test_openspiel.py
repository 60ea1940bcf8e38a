"""The OpenSpiel adapter (``pitchcore.adapters.openspiel``): pyspiel's own checks over every
bundled variant, the chance model, returns, what each seat is shown, resampling, and
OpenSpiel's ISMCTS against pitchcore's RandomBot."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pitchcore as pc
from conftest import BUNDLED, missing
from pitchcore.bots import RandomBot
from pitchcore.interop.actions import action_space
from pitchcore.interop.tensors import tensor_layout
from pitchcore.model.cards import card_text, cards_in

try:
    import pyspiel
except ImportError:
    missing("OpenSpiel (pyspiel) is not installed: pip install -e '.[openspiel]'")

from open_spiel.python.algorithms import ismcts, mcts

from pitchcore.adapters import openspiel as adapter

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SIM_HANDS = 6
"""max_hands of the whole-game simulations: enough hands to cross deals, score and cut off."""


def load(variant: str = "auction-pitch", **params: Any) -> Any:
    return pyspiel.load_game(adapter.GAME_NAME, {"variant": variant, **params})


def step(state: Any, rng: np.random.RandomState) -> None:
    """One uniformly random chance outcome or legal action."""
    if state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=chances)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def play_out(state: Any, rng: np.random.RandomState) -> Any:
    while not state.is_terminal():
        step(state, rng)
    return state


def deal_done(game: Any, rng: np.random.RandomState) -> Any:
    """A new game with its first deck chosen: the first seat to move."""
    state = game.new_initial_state()
    while state.is_chance_node():
        step(state, rng)
    return state


# -- the game and its parameters -----------------------------------------------------------------


def test_load_game_by_name_params_and_string() -> None:
    game = load("haus-pitch", players=4)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == action_space("haus-pitch", 4).size == game.action_space.size
    assert game.max_chance_outcomes() == 52
    assert str(game) == "python_pitchcore(max_hands=50,players=4,shuffles=0,single_hand=False,variant=haus-pitch)"
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == game.num_distinct_actions()
    info = game.get_type()
    assert info.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_defaults_are_auction_pitch_with_the_variants_players() -> None:
    game = pyspiel.load_game(adapter.GAME_NAME)
    assert game.get_parameters() == {"variant": "auction-pitch", "players": 4, "max_hands": 50,
                                      "single_hand": False, "shuffles": 0}
    assert load("sell-out").num_players() == 5  # the variant's own default
    assert load("auction-pitch", players=2).num_players() == 2


@pytest.mark.parametrize(("variant", "deck"), [("joker-pitch", 53), ("ten-point-pitch", 54)])
def test_chance_outcomes_are_the_variants_deck(variant: str, deck: int) -> None:
    game = load(variant)
    assert game.max_chance_outcomes() == deck
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert [card for card, _ in state.chance_outcomes()] == list(range(deck))


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="not-a-variant"):
        load("not-a-variant")
    with pytest.raises(Exception, match="played by 4-4 players"):
        load("smear", players=3)
    with pytest.raises(Exception, match="max_hands"):
        load(max_hands=0)
    with pytest.raises(Exception, match="shuffles must be 0"):
        load(shuffles=-1)
    with pytest.raises(Exception, match="shuffles must be 0"):
        load(shuffles=adapter.MOST_SHUFFLES + 1)


@pytest.mark.parametrize("variant", ["auction-pitch", "haus-pitch", "ten-point-pitch", "california-jack"])
def test_one_chance_node_per_deal(variant: str) -> None:
    """``shuffles``: each deal is one chance node of that many equally likely shuffles; the
    history decides the position (two states of the same history are equal); OpenSpiel's
    random simulation passes, whole games and single hands."""
    game = load(variant, shuffles=256, max_hands=4)
    assert game.max_chance_outcomes() == 256 and game.max_chance_nodes_in_history() == 4
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [outcome for outcome, _ in outcomes] == list(range(256)) and {p for _, p in outcomes} == {1 / 256}
    hands = set()
    for outcome in range(8):
        child = state.child(outcome)
        assert child.current_player() >= 0 or child.is_chance_node()
        if child.game_state is not None:
            hands.add(child.game_state.masks)
        assert str(state.child(outcome)) == str(child)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcome) == f"shuffle {outcome}"
    assert len(hands) >= 7, "different shuffles deal different hands"
    rng = np.random.RandomState(3)
    again = game.new_initial_state()
    chances = 0
    while not state.is_terminal() and state.move_number() < 400:
        chances += state.is_chance_node()
        step(state, rng)
        again.apply_action(state.history()[-1])
    assert str(again) == str(state) and chances >= 1
    pyspiel.random_sim_test(load(variant, shuffles=64, max_hands=3), num_sims=1, serialize=True, verbose=False)
    pyspiel.random_sim_test(load(variant, shuffles=64, single_hand=True), num_sims=2, serialize=True, verbose=False)


def test_a_variant_file_path(tmp_path: Path) -> None:
    path = tmp_path / "kitchen.yaml"
    path.write_text("extends: auction-pitch\nname: kitchen-table\ngoing_out: {target: 5}\n")
    game = load(str(path), players=3)
    assert game.variant.name == "kitchen-table" and game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


# -- pyspiel's own checks ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", BUNDLED)
def test_random_simulation_of_single_hands(variant: str) -> None:
    """OpenSpiel's random simulation (legal actions, chance, clones, observations, returns,
    serialization) over single hands."""
    pyspiel.random_sim_test(load(variant, single_hand=True), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", BUNDLED)
def test_random_simulation_of_a_whole_game(variant: str) -> None:
    """The same over a game of several deals, to its end or its cut-off."""
    pyspiel.random_sim_test(load(variant, max_hands=SIM_HANDS), num_sims=1, serialize=True, verbose=False)


def test_a_default_game_ends_within_its_bounds() -> None:
    """Random play with the default cut-off: the game ends (over, or cut at 50 deals), no deal
    takes more decisions than the bound ``max_game_length`` is built from, and the returns
    are +1 for the winning side and -1 for the others (0 for all when cut off)."""
    game = load("auction-pitch")
    rng = np.random.RandomState(3)
    endings = set()
    for _ in range(3):
        state = game.new_initial_state()
        decisions = 0
        per_deal = 0
        while not state.is_terminal():
            chance = state.is_chance_node()
            step(state, rng)
            if not chance:
                decisions += 1
                per_deal += 1
            elif state.core.state is not None:
                per_deal = 0
            assert per_deal <= state.core.rules.per_deal
        core = state.core
        endings.add(core.end)
        assert decisions == core.moves <= game.max_game_length()
        assert core.deals <= 50
        returns = state.returns()
        if core.end == "over" and core.winner is not None:
            assert sorted(set(returns)) == [-1.0, 1.0]
            assert all((value == 1.0) == (core.rules.side_of[seat] == core.winner)
                       for seat, value in enumerate(returns))
        else:
            assert returns == [0.0] * 4
        assert len(state.history()) <= game.max_history_length()
    assert endings <= {"over", "cut"}


# -- the chance model ----------------------------------------------------------------------------


def test_each_deal_is_the_deck_chance_chose_dealt_by_the_variant() -> None:
    game = load("haus-pitch")
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    for _ in range(52):
        assert state.is_chance_node()
        chances = [chance for _, chance in state.chance_outcomes()]
        assert len(chances) == 52 - len(state.core.deck) and len(set(chances)) == 1
        step(state, rng)
    assert not state.is_chance_node()
    order = [card_text(action) for action in state.history()]
    expected = pc.new_game("haus-pitch", players=4, seed=0, dealer=0, stock=order)
    assert state.game_state.hands == expected.hands and state.game_state.info.stock == expected.info.stock
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 51) == "deck AS"


def test_scores_dealer_and_results_carry_over_and_a_game_of_rounds_ends() -> None:
    """jacks-trump is played for a fixed number of hands (one per seat): the adapter carries
    each finished hand's result into the next deal, or the game would never end."""
    game = load("jacks-trump", max_hands=40)
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    dealers = []
    while not state.is_terminal():
        if state.is_chance_node() and not state.core.deck:
            dealers.append(state.core.dealer)
        step(state, rng)
        inner = state.game_state
        if inner is not None and not state.is_terminal() and not state.core.deck:
            assert inner.scores == state.core.scores and len(inner.hand_results) == len(state.core.results)
    assert state.core.end == "over"
    assert len(state.core.results) == 4 and dealers[:4] == [0, 1, 2, 3]


def test_history_replays_to_the_same_state() -> None:
    game = load("hi-lo-jack", max_hands=5)
    rng = np.random.RandomState(8)
    state = game.new_initial_state()
    for _ in range(400):
        if state.is_terminal():
            break
        step(state, rng)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)


# -- returns -------------------------------------------------------------------------------------


def test_single_hand_returns_are_the_hands_score_change_by_side() -> None:
    game = load("partnership-pitch", single_hand=True)
    rng = np.random.RandomState(4)
    for _ in range(5):
        state = play_out(game.new_initial_state(), rng)
        result = state.core.results[-1]
        assert state.returns() == [float(result.delta[seat % 2]) for seat in range(4)]
        assert state.rewards() == state.returns()
        assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


def test_partnership_returns_sum_to_zero_and_cutthroat_ones_do_not() -> None:
    rng = np.random.RandomState(6)
    partners = play_out(load("hi-lo-jack-partners").new_initial_state(), rng)
    assert partners.core.end == "over" and sum(partners.returns()) == 0
    cutthroat = play_out(load("hi-lo-jack").new_initial_state(), rng)
    assert cutthroat.core.end == "over" and sorted(cutthroat.returns()) == [-1.0, -1.0, -1.0, 1.0]


def test_a_cut_off_game_returns_zero() -> None:
    state = play_out(load("book-pitch", max_hands=1).new_initial_state(), np.random.RandomState(1))
    assert state.core.end == "cut" and state.returns() == [0.0] * 4
    assert state.observation_tensor(0) == [0.0] * len(state.observation_tensor(0))


def test_rewards_are_zero_until_the_end() -> None:
    state = deal_done(load(), np.random.RandomState(1))
    assert state.rewards() == [0.0] * 4 and state.returns() == [0.0] * 4


# -- what a seat is shown ------------------------------------------------------------------------


CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|HJ|LJ)\b")


def hidden_cards(core: Any, seat: int) -> set[str]:
    """The cards of the deal in play that ``seat`` cannot have seen."""
    state = core.state
    view = state.view(seat)
    seen = {str(card) for card in view.hand} | {str(card) for card in view.discards} | {str(card) for card in view.gift}
    seen |= {str(card) for _, card in view.trick} | {str(card) for _, cards, _ in view.tricks for card in cards}
    if view.called is not None:
        seen.add(str(view.called))
    seen |= {str(card) for card in view.upcards} | {str(card) for cards in view.shown for card in cards}
    dealt = state.info.dealt[seat]
    seen |= {card_text(card) for card in cards_in(dealt)}
    return {card_text(card) for card in range(core.rules.deck_size)} - seen


@pytest.mark.parametrize("variant", BUNDLED)
def test_strings_show_no_card_a_seat_has_not_seen(variant: str) -> None:
    game = load(variant, single_hand=True)
    rng = np.random.RandomState(11)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                for seat in range(game.num_players()):
                    hidden = hidden_cards(state.core, seat)
                    for text in (state.information_state_string(seat), state.observation_string(seat)):
                        assert not set(CARD.findall(text)) & hidden, (seat, text)
            step(state, rng)


def test_the_information_state_recalls_the_seats_own_picks_and_hides_the_others() -> None:
    game = load("haus-pitch")
    rng = np.random.RandomState(9)
    state = game.new_initial_state()
    while state.is_chance_node() or state.game_state.phase is not pc.Phase.DISCARDING:
        step(state, rng)
    mover = state.current_player()
    space = game.action_space
    picks = [action for action in state.legal_actions() if action != space.done]
    if picks:
        state.apply_action(picks[0])
        assert state.chosen == 1 << (picks[0] - space.discard)
        name = space.names[picks[0]]
        assert f"{mover}:{name}" in state.information_state_string(mover)
        other = (mover + 1) % 4
        assert f"{mover}:discard ?" in state.information_state_string(other)
        assert name not in state.information_state_string(other).split("\n")[-2]
        tensor = np.array(state.information_state_tensor(mover))
        assert tensor.shape == (game.information_state_tensor_size(),)


def test_tensors_have_the_layouts_sizes() -> None:
    game = load("auction-pitch")
    layout = tensor_layout("auction-pitch", 4)
    assert game.observation_tensor_size() == layout.observation_size
    assert game.information_state_tensor_size() == layout.information_state_size
    state = deal_done(game, np.random.RandomState(1))
    assert any(state.observation_tensor(state.current_player()))


def test_the_observer_takes_one_seats_private_view_only() -> None:
    game = load()
    with pytest.raises(Exception, match="no parameters"):
        game.make_py_observer(None, {"x": 1})
    public = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="SINGLE_PLAYER"):
        game.make_py_observer(public, None)


# -- resampling ----------------------------------------------------------------------------------


def check_resampling(game: Any, seed: int, games: int = 1) -> tuple[int, int, int]:
    """At random decision points, resample for a random seat and check the seat cannot tell:
    the same strings, tensors and (for the mover) legal actions; the sample clones,
    serializes and plays on legally. Returns (samples, fresh ones, ones that moved a card)."""
    rng = np.random.RandomState(seed)
    playouts = np.random.RandomState(seed + 1)  # (its own: a sample's playout never changes the game's course)
    pick = random.Random(seed)
    samples = fresh = moved = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and pick.random() < 0.35:
                seat = pick.randrange(game.num_players())
                sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(pick.random(), 1.0))
                samples += 1
                core = sample.core
                fresh += core is not state.core
                moved += core.state.masks != state.core.state.masks
                for holder, cards in enumerate(state.core.state.view(seat).shown):  # drawn in sight: kept
                    assert all(core.state.masks[holder] >> card.index & 1 for card in cards)
                assert sample.information_state_string(seat) == state.information_state_string(seat)
                assert sample.observation_string(seat) == state.observation_string(seat)
                assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert sample.observation_tensor(seat) == state.observation_tensor(seat)
                assert sample.current_player() == state.current_player()
                if seat == state.current_player():
                    assert sample.legal_actions() == state.legal_actions()
                text = pyspiel.serialize_game_and_state(game, sample)
                assert str(pyspiel.deserialize_game_and_state(text)[1]) == str(sample)
                play_out(sample.clone(), playouts)
            step(state, rng)
    return samples, fresh, moved


@pytest.mark.parametrize("variant", BUNDLED)
def test_resampling_keeps_the_seats_information_state(variant: str) -> None:
    game = load(variant, max_hands=2)
    games = 2 if game.num_players() == 2 else 1  # (two seats of six cards: half the decisions)
    samples, fresh, moved = check_resampling(game, seed=len(variant), games=games)
    assert samples >= 10
    # (where the hands are refilled from the stock, its last tricks leave nothing to move: the
    # stock is out and the opponent's hand is every card unseen; in California Jack more of it
    # is seen drawn, and stays put)
    drawing = callable(getattr(pc.load_variant(variant).play, "draw_rounds", None))
    assert fresh >= 0.9 * samples and moved >= (0.3 if drawing else 0.5) * samples


def test_resampling_a_called_partner(tmp_path: Path) -> None:
    """Call your partner: the called card moves with the sample, and so does the partner."""
    game = load(str(EXAMPLES / "call-partner.yaml"), max_hands=3)
    samples, fresh, _ = check_resampling(game, seed=4, games=2)
    assert samples >= 10 and fresh >= 0.9 * samples


def test_resampling_while_the_deck_is_chosen_draws_its_cards_again() -> None:
    state = load().new_initial_state()
    for card in (5, 9, 40):
        state.apply_action(card)
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert len(sample.core.deck) == 3 and sample.information_state_string(0) == state.information_state_string(0)
    assert sorted(action for action, _ in sample.chance_outcomes()) == sorted(
        set(range(52)) - set(sample.core.deck))


# -- ISMCTS against RandomBot --------------------------------------------------------------------


ISMCTS_HANDS = 40
ISMCTS_SIMULATIONS = 25


class SeededISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS drawing its world samples from a seeded generator: the stock
    bot draws them with an unseeded ``pyspiel.UniformProbabilitySampler``, so its games (and
    a test's margin) differ from run to run."""

    def __init__(self, *args: Any, sampler: np.random.RandomState, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sampler = sampler

    def resample_from_infostate(self, state: Any) -> Any:
        return state.resample_from_infostate(state.current_player(), self.sampler.uniform)


def test_ismcts_beats_random_bots_at_auction_pitch() -> None:
    """OpenSpiel's Python ISMCTS (random rollouts, resampling through the adapter) in one
    seat, pitchcore's RandomBot in the three others, single hands of auction-pitch, the
    ISMCTS seat moving round the table. Every action is legal and every hand ends, and
    ISMCTS's mean score change beats the random seats' mean by a clear margin."""
    game = load("auction-pitch", single_hand=True)
    space = game.action_space
    rng = np.random.RandomState(7)
    pick = random.Random(7)
    bot = SeededISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)), 2.0, ISMCTS_SIMULATIONS,
                          random_state=np.random.RandomState(5), sampler=np.random.RandomState(11),
                          final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    randoms = RandomBot()
    margins = []
    for hand in range(ISMCTS_HANDS):
        searcher = hand % 4
        state = game.new_initial_state()
        queued: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():
                step(state, rng)
                continue
            seat = state.current_player()
            if seat == searcher:
                action = int(bot.step(state))
            else:
                if not queued:
                    view = state.game_state.view(seat)
                    queued = list(space.move_to_actions(randoms.choose(view, view.legal_moves, pick)))
                action = queued.pop(0)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert state.core.end in ("hand", "over")  # (a hand may end the game: a made shoot bid wins it)
        returns = state.returns()
        margins.append(returns[searcher] - sum(returns[seat] for seat in range(4) if seat != searcher) / 3)
    mean = float(np.mean(margins))
    error = float(np.std(margins) / np.sqrt(len(margins)))
    print(f"ISMCTS({ISMCTS_SIMULATIONS}) - RandomBot mean: {mean:+.2f} points a hand (standard error {error:.2f})")
    assert mean > 0.3 and mean > 1.5 * error


def test_a_game_reaching_max_game_length_is_cut_off() -> None:
    """The adapter enforces its length bound (random play never comes near it)."""
    rules = adapter._Rules("auction-pitch", 4, 2, False)
    rules.max_length = 10
    core = rules.initial
    rng = random.Random(1)
    while core.end is None:
        if core.state is None:
            left = [card for card in range(52) if not core.drawn >> card & 1]
            core = adapter._apply(core, rng.choice(left))
        else:
            core = adapter._apply(core, rng.choice(rules.space.legal_actions(core.state, core.chosen)))
    assert core.end == "cut" and core.moves == 10 and adapter._returns(core) == [0.0] * 4


def test_observations_name_the_tensors_pieces() -> None:
    from open_spiel.python.observation import make_observation

    game = load("auction-pitch")
    state = deal_done(game, np.random.RandomState(2))
    seat = state.current_player()
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observation.set_from(state, seat)
    hand = observation.dict["hand"]
    assert {card for card in range(52) if hand[card]} == set(cards_in(state.game_state.masks[seat]))
    assert list(observation.tensor) == state.information_state_tensor(seat)


def test_the_documented_recipes_run() -> None:
    """docs/openspiel.md's recipes: ISMCTS in evaluate_bots (with restart_at added) and
    outcome-sampling MCCFR on single hands dealt by one chance node."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "openspiel.md").read_text(encoding="utf-8")
    recipe = text.split("### Recipes", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    recipe = recipe.replace("max_simulations=25", "max_simulations=5").replace("range(100)", "range(10)")
    namespace: dict[str, Any] = {}
    exec(recipe, namespace)
    returns = namespace["returns"]
    assert len(returns) == 4 and any(returns)
    policy = namespace["policy"]
    state = namespace["game"].new_initial_state()
    state.apply_action(0)
    probabilities = policy.action_probabilities(state)
    assert probabilities and abs(sum(probabilities.values()) - 1) < 1e-9
