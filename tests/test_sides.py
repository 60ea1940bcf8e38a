"""Sides (issue 15): partnerships of any number of sides (``deal.teams``) or of a given
size (``deal.team_size``), partners seated alternately, one file for 4, 6 and 8 players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pitchcore as pc
from pitchcore.components.going_out import AllReaching
from pitchcore.components.settlement import Ledger
from pitchcore.interop.records import dumps, loads
from pitchcore.interop.tensors import observation_tensor, tensor_layout
from pitchcore.interop.view_json import view_from_json, view_schema, view_to_json
from pitchcore.model.state import GameState
from pitchcore.tools.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
ANY_TABLE = ROOT / "examples" / "partners-any-table.yaml"

HOLDER_POINTS = ("trump: named\npoints: [{kind: high, receiver: holder}, {kind: low, receiver: holder}, "
                 '{kind: trump-card, name: nine, rank: "9", value: 3, receiver: holder}]\n'
                 "auction: {min_bid: 1, max_bid: 5}\n")
"""High 1, Low 1, the 9 of trumps 3, all to the holder: the deal alone decides the awards."""

# Six seats, hearts named by seat 1 (the dealer is seat 0): seat 4 holds High (AH), seat 3
# Low (2H), seat 5 the nine (9H); no other heart is dealt.
SIX = ["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AC 2D 3D 4D 5D 6D",
       "2H 7D 8D 9D TD JD", "AH QD KD AD 2S 3S", "9H 4S 5S 6S 7S 8S"]


def six_handed(deal: str, scores: list[int] | None = None, more: str = "") -> GameState:
    """Seat 1 bids 1, the rest pass, seat 1 names hearts; the hand is played out."""
    variant = pc.load_variant_text(f"extends: auction-pitch\nname: six\n{HOLDER_POINTS}{more}"
                                   f"deal: {{min_players: 6, max_players: 6, default_players: 6, {deal}}}\n")
    state = pc.new_game(variant, seed=4, dealer=0, hands=SIX, scores=scores)
    for move in ["bid 1", "pass", "pass", "pass", "pass", "pass", "trump H"]:
        state = state.apply(move)
    while not state.hand_results:
        state = state.apply(state.legal_moves()[0])
    return state


def test_three_teams_of_two_partner_seats_i_and_i_plus_3() -> None:
    """Three sides of two: seats 1 and 4 are side 1, 0 and 3 side 0, 2 and 5 side 2. The
    bidder's partner holds High, so side 1 makes its bid of 1; side 0 scores Low (seat 3),
    side 2 the nine (seat 5)."""
    state = six_handed("sides: partners, teams: 3")
    assert state.table.side_of == (0, 1, 2, 0, 1, 2) and state.table.sides == 3
    result = state.hand_results[0]
    assert (result.made, result.delta, state.scores) == (True, (1, 1, 3), (1, 1, 3))
    assert dict(result.awards) == {"high": 1, "low": 0, "nine": 2}
    assert [state.side_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]


def test_two_teams_of_three_partner_seats_of_equal_parity() -> None:
    """Two sides of three: seats 1, 3 and 5 are side 1, with Low and the nine: it makes 4
    on its bid of 1; side 0 (seat 4) scores High."""
    state = six_handed("sides: partners")
    assert state.table.side_of == (0, 1, 0, 1, 0, 1)
    assert state.hand_results[0].delta == (1, 4) and state.scores == (1, 4)
    assert six_handed("sides: partners, team_size: 3").table.side_of == (0, 1, 0, 1, 0, 1)


def test_one_file_serves_four_six_and_eight_players() -> None:
    variant = pc.load_variant(str(ANY_TABLE))
    assert pc.new_game(variant, players=4, seed=1).table.side_of == (0, 1, 0, 1)
    assert pc.new_game(variant, seed=1).table.side_of == (0, 1, 2, 0, 1, 2)
    assert pc.new_game(variant, players=8, seed=1).table.side_of == (0, 1, 2, 3, 0, 1, 2, 3)
    for odd in (5, 7):
        with pytest.raises(ValueError, match=r"plays in partnerships \(sides of 2 players, two or more "
                                             rf"players to a side\), not with {odd} players"):
            pc.new_game(variant, players=odd, seed=1)


def test_partners_if_even_follows_the_teams() -> None:
    """partners-if-even with three sides: partners where the seats split into three sides
    of two or more (6), cutthroat otherwise (4, 5)."""
    variant = pc.load_variant_text("extends: auction-pitch\nname: h\n"
                                   "deal: {sides: partners-if-even, teams: 3, min_players: 4, max_players: 6}\n")
    assert pc.new_game(variant, players=6, seed=1).table.side_of == (0, 1, 2, 0, 1, 2)
    assert pc.new_game(variant, players=4, seed=1).table.side_of == (0, 1, 2, 3)
    assert pc.new_game(variant, players=5, seed=1).table.side_of == (0, 1, 2, 3, 4)
    assert pc.new_game("book-pitch", players=3, seed=1).table.side_of == (0, 1, 2)
    assert pc.new_game("book-pitch", seed=1).table.side_of == (0, 1, 0, 1)


def test_a_record_of_another_table_size_is_refused() -> None:
    variant = pc.load_variant(str(ANY_TABLE))
    text = dumps(pc.new_game(variant, players=6, seed=2))
    assert loads(text) == pc.new_game(variant, players=6, seed=2)
    with pytest.raises(pc.RecordError, match="not with 5 players"):
        loads(text.replace('"players":6', '"players":5'))


def test_three_sides_share_a_win_in_the_view_and_its_json() -> None:
    """all-reaching with three sides of two: sides 0 and 2 reach 11 on the same hand and
    both win; every view says so, and its JSON follows the schema and reads back."""
    state = six_handed("sides: partners, teams: 3", [10, 0, 8], "going_out: {kind: all-reaching}\n")
    assert (state.is_over, state.winner, state.winners, state.scores) == (True, None, (0, 2), (11, 1, 11))
    view = state.view(3)
    assert (view.winner, view.winners) == (None, (0, 2))
    data = json.loads(json.dumps(view_to_json(view)))
    assert data["winners"] == [0, 2] and data["hand_results"][-1]["winners"] == [0, 2]
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(data, view_schema())
    assert view_from_json(data).winners == (0, 2)
    layout = tensor_layout(state)  # seat 3 plays for side 0: sides 0 and 2 are 0 and 2 from it
    winner = layout.observation_slices["winner"]
    assert observation_tensor(state, 3)[winner].tolist() == [1.0, 0.0, 1.0]
    assert observation_tensor(state, 4)[winner].tolist() == [0.0, 1.0, 1.0]  # side 1: 2 and 1 on
    assert AllReaching(target=11).settle((10, 0, 8), Ledger(((0, 1), (2, 3)), 1, 1, True), 1)[1] == (0, 2)


def test_simulate_counts_a_shared_win_for_each_side() -> None:
    text = ("extends: auction-pitch\nname: crowd\ndeal: {sides: partners, teams: 3, min_players: 6, "
            "max_players: 6, default_players: 6}\ngoing_out: {kind: all-reaching, target: 3}\n")
    result = simulate(pc.load_variant_text(text), games=12, bots="random", seed=5)
    summary = result.summary()
    assert [row["seats"] for row in summary["sides"]] == [[0, 3], [1, 4], [2, 5]]
    shared = sum(len(record.winners) > 1 for record in result.records)
    assert summary["shared_wins"] == shared
    wins = sum(len(record.winners) for record in result.records)
    assert sum(row["wins"] for row in summary["sides"]) == wins
    assert summary["no_winner"] == sum(not record.winners for record in result.records)


def test_openspiel_and_pettingzoo_reward_every_winner(tmp_path: Path) -> None:
    """Three sides of two, every side at 3 points winning: some games end with two sides
    winning together; each of their seats gets +1, the rest -1."""
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    import numpy as np
    import pyspiel

    from pitchcore.adapters import openspiel
    from pitchcore.adapters.pettingzoo import env

    text = ("extends: auction-pitch\nname: crowd\ndeal: {sides: partners, teams: 3, min_players: 6, "
            "max_players: 6, default_players: 6}\ngoing_out: {kind: all-reaching, target: 3}\n")
    path = tmp_path / "crowd.yaml"
    path.write_text(text, encoding="utf-8")
    game = pyspiel.load_game(openspiel.GAME_NAME, {"variant": str(path)})
    rng = np.random.RandomState(3)
    shared = 0
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=chances)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        winners = state.core.winners
        side_of = (0, 1, 2, 0, 1, 2)
        assert state.returns() == [1.0 if side in winners else -1.0 for side in side_of]
        shared += len(winners) > 1
    assert shared
    table = env(pc.load_variant_text(text), reward="game")
    rng = np.random.RandomState(3)
    shared = 0
    for seed in range(100):
        table.reset(seed=seed)
        totals = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, done, cut, _ = table.last()
            totals[agent] += reward
            table.step(None if done or cut else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        winners = table.unwrapped.game_state.winners
        assert totals == {f"seat_{seat}": 1.0 if seat % 3 in winners else -1.0 for seat in range(6)}
        shared += len(winners) > 1
    assert shared
