"""Blind bids (``auction: {blind: N}``): bid before seeing a card, counting N times, made or set.

Tables that play blind bids let a player bid without looking at its hand, and count such a
bid double (or more), made or set. pitchcore holds the round of blind bids before the cards
are dealt, so no view can show a card to a player about to bid blind; the auction that
follows skips the players who bid blind, and the others must outbid them. Each test plays
a house file extending auction-pitch, 4 seats, dealer 0 (eldest seat 1).
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

import pitchcore as pc
from conftest import choose_move, play
from pitchcore.bots.heuristic import HeuristicBot
from pitchcore.interop import history, records
from pitchcore.interop.actions import action_space
from pitchcore.model.moves import PASS, Move
from pitchcore.model.state import GameState, Phase
from pitchcore.tools.simulate import simulate
from pitchcore.tools.terminal import run_play

BLIND = "auction: {blind: 2}\n"


def house(text: str = BLIND, base: str = "auction-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


def new(variant: pc.Variant | str, seed: int = 17) -> GameState:
    return pc.new_game(variant, players=4, seed=seed, dealer=0)


def test_the_blind_round_comes_before_the_deal_and_shows_no_card() -> None:
    state = new(house())
    assert state.phase is Phase.BIDDING and state.to_move == 1
    assert state.legal_moves() == (PASS, *(Move("blind", value) for value in (1, 2, 3, 4)))
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == () and view.hand_sizes == (0, 0, 0, 0)
    state = play(state, ["pass", "blind 2"])
    assert state.to_move == 3 and state.legal_moves() == (PASS, Move("blind", 3), Move("blind", 4))
    assert all(state.view(seat).hand == () for seat in range(4))
    state = play(state, ["pass", "pass"])  # the dealer's call ends the round: the cards go out
    assert all(len(state.view(seat).hand) == 6 for seat in range(4))
    assert state.info.bids == ((2, 2),) and state.info.bidder == 2 and state.view(0).blind == (2,)


def test_a_blind_bidder_has_made_its_call_and_the_others_must_outbid_it() -> None:
    state = play(new(house()), ["pass", "blind 2", "pass", "pass"])
    assert state.phase is Phase.BIDDING and state.to_move == 1
    assert state.legal_moves() == (PASS, Move("bid", 3), Move("bid", 4))  # no bid 1 or 2 over a blind 2
    state = play(state, ["pass"])
    assert state.to_move == 3  # seat 2 bid blind: it is skipped
    state = play(state, ["pass"])
    assert state.to_move == 0 and Move("bid", 2) in state.legal_moves()  # the dealer may take it
    taken = play(state, ["bid 2"])
    assert taken.info.bidder == 0 and taken.info.blind == 1 << 2  # the dealer holds it, openly
    kept = play(state, ["pass"])
    assert kept.phase is not Phase.BIDDING and kept.info.bidder == 2 and kept.info.bid == 2


def test_blind_bids_must_rise_and_open_bids_wait_for_the_deal() -> None:
    state = play(new(house()), ["blind 3"])
    with pytest.raises(pc.IllegalMove, match=r"higher than the blind bid before it \(3\)") as raised:
        state.apply("blind 3")
    assert "blind 4" in str(raised.value)
    with pytest.raises(pc.IllegalMove, match="the cards are not dealt yet"):
        state.apply("bid 4")
    assert state.to_move == 2 and state.info.bids == ((1, 3),)  # refused moves changed nothing


def _first_legal(state: GameState, rng: random.Random) -> Move:
    """A legal move drawn from ``rng`` (seeded alike, it plays two games' cards alike)."""
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def _hand_of(variant: pc.Variant, seed: int, blind: bool) -> pc.HandResult:
    """Seat 2 bids 2 (blind or openly), everyone else passes; the cards are played the same way."""
    state = new(variant, seed)
    calls = ["pass", "blind 2", "pass", "pass", "pass", "pass", "pass"] if blind else ["pass", "bid 2", "pass", "pass"]
    state = play(state, calls)
    assert state.info.bidder == 2 and state.info.bid == 2
    rng = random.Random(seed)
    hands = len(state.hand_results)
    while len(state.hand_results) == hands:
        state = state.apply(_first_legal(state, rng))
    return state.hand_results[-1]


@pytest.mark.parametrize("times", [2, 3])
def test_a_winning_blind_bid_counts_n_times_made_or_set(times: int) -> None:
    blind, open_ = house(f"auction: {{blind: {times}}}\n"), house("")
    seen = set()
    for seed in range(40):
        counted, plain = _hand_of(blind, seed, True), _hand_of(open_, seed, False)
        assert counted.made == plain.made and counted.awards == plain.awards  # the same hand
        assert counted.delta[2] == times * plain.delta[2]  # the bidder's score, made or set
        assert [counted.delta[seat] for seat in (0, 1, 3)] == [plain.delta[seat] for seat in (0, 1, 3)]
        seen.add(plain.made)
        if seen == {True, False}:
            break
    assert seen == {True, False}, "both a made and a set blind bid were played"


def test_an_open_bid_that_outbids_a_blind_one_counts_once() -> None:
    state = play(new(house()), ["pass", "blind 2", "pass", "pass", "bid 3", "pass", "pass"])
    assert state.info.bidder == 1 and state.info.blind == 1 << 2
    rng = random.Random(3)
    while not state.hand_results:
        state = state.apply(_first_legal(state, rng))
    result = state.hand_results[0]
    assert result.bidder == 1 and abs(result.delta[1]) <= 4  # one bid of 3, never doubled


def test_blind_bids_need_a_single_round() -> None:
    with pytest.raises(pc.VariantError) as raised:
        house("auction: {blind: 2, rounds: twice}\n")
    text = str(raised.value)
    assert "blind" in text and "rounds: once" in text


def test_the_round_is_the_deal_step_and_the_auction_stays_python() -> None:
    from pitchcore.components.auction import BlindRound, SingleRound
    from pitchcore.components.kernel_form import kernel_form
    variant = house()
    pipeline = new(variant).table.pipeline
    assert isinstance(pipeline[0], BlindRound) and pipeline[0].deal is variant.deal
    form = kernel_form(variant.auction)
    assert form is not None and form() is None and type(pipeline[1]) is SingleRound  # no compiled bids
    assert not isinstance(new("auction-pitch").table.pipeline[0], BlindRound)


def test_actions_name_blind_bids_and_the_mask_follows_the_rules() -> None:
    variant = house()
    space = action_space(variant, 4)
    assert space.blinds == (1, 2, 3, 4)
    assert [space.names[action] for action in space.blocks["blind"]] == ["blind 1", "blind 2", "blind 3", "blind 4"]
    state = play(new(variant), ["blind 2"])
    legal = [space.names[action] for action in space.legal_actions(state)]
    assert legal == ["pass", "blind 3", "blind 4"]
    assert action_space("auction-pitch").blinds == ()


def test_explain_says_blind_bids_count_double() -> None:
    text = house().auction.explain()
    assert "before the cards are dealt" in text.lower() and "counts double" in text


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_blind_bids_end_and_their_records_replay(seed: int) -> None:
    state = new(house(), seed)
    rng = random.Random(seed)
    blind_bids = 0
    for _ in range(3000):
        if state.phase is Phase.GAME_OVER:
            break
        move = choose_move(state, rng)
        blind_bids += move.kind == "blind"
        state = state.apply(move)
    assert state.phase is Phase.GAME_OVER and blind_bids
    again = records.loads(records.dumps(state))
    assert again == state and again.hand_results == state.hand_results
    assert history.read(history.write(state)) == state


COMBINED = [
    ("auction-pitch", "auction: {blind: 2, all_pass: dealer-must-bid}\n"),
    ("auction-pitch", "auction: {blind: 3, all_pass: dealer-set-back}\n"),
    ("auction-pitch", "auction: {blind: 2, partner: called-card}\n"
                      "deal: {min_players: 5, max_players: 6, default_players: 5}\n"),
    ("auction-pitch", "auction: {blind: 2}\ndeal: {worthless_hand: demand}\n"),
    ("smear", "auction: {blind: 2}\ndeal: {worthless: no-trump, worthless_hand: demand}\n"),
    ("partnership-pitch", "auction: {blind: 2, partner_overbid: false}\n"),
]


@pytest.mark.parametrize(("base", "text"), COMBINED)
def test_blind_bids_with_other_house_rules_play_whole_games(base: str, text: str) -> None:
    """Blind bids beside a forced dealer, a set-back dealer, a called partner, a demanded
    redeal before the blind round's deal or once trump is known, no overbidding a partner."""
    variant = house(text, base)
    blind_bids = 0
    for seed in range(2):
        state, rng = pc.new_game(variant, seed=seed), random.Random(seed)
        for _ in range(4000):
            if state.is_over:
                break
            moves = state.legal_moves()
            blind_round = moves[-1].kind == "blind"
            move = rng.choice(moves) if blind_round and rng.random() < 0.3 else choose_move(state, rng)
            blind_bids += move.kind == "blind"
            state = state.apply(move)
        assert state.is_over
        assert records.loads(records.dumps(state)) == state
    assert blind_bids


def test_a_seats_history_shows_the_blind_bids_before_its_cards() -> None:
    state = play(new(house()), ["pass", "blind 2", "pass", "pass"])
    lines = history.write(state, seat=2).splitlines()
    auction = next(number for number, line in enumerate(lines) if "blind 2" in line)
    dealt = next(number for number, line in enumerate(lines) if line.startswith("dealt:"))
    assert auction < dealt and lines[dealt].startswith("dealt: 2 ") and "," not in lines[dealt]


def test_bots_play_blind_games_and_the_heuristic_never_bids_blind() -> None:
    variant = house()
    result = simulate(variant, games=2, bots=["heuristic", "random", "heuristic", "random"], seed=5)
    assert result.games == 2
    bot = HeuristicBot(variant)
    state = new(variant)
    assert bot.choose(state.view(1), state.legal_moves(), random.Random(0)) == PASS


def test_the_terminal_offers_blind_bids_before_the_deal_and_marks_them(tmp_path: Path) -> None:
    path = tmp_path / "blind.yaml"
    path.write_text("extends: auction-pitch\nname: blind-bids\nauction: {blind: 2}\n", encoding="utf-8")
    out = io.StringIO()
    run_play(input_stream=io.StringIO("blind 2\n"), output_stream=out, variant=str(path), seat=1,
             bots="heuristic", seed=3)
    text = out.getvalue()
    assert "Your hand (seat 1): (not dealt yet: blind bids come first)" in text
    assert re.search(r"\d\) blind 2\n", text)
    assert "Auction: seat 1 (you) bid 2 blind" in text
