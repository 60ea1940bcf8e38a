"""SearchBot's budget and its search of the auction and trump (``pitchcore.bots.bidding``).

Budgets are fixed playout counts with seeded generators, so every choice here is
reproducible; strength and time per move are measured by ``benchmarks/strength.py``.
"""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pytest

import pitchcore as pc
from conftest import dealt
from pitchcore.accel import fast
from pitchcore.bots import HeuristicBot, SearchBot, knowledge_of
from pitchcore.bots.bidding import discard_for_draw, searchable
from pitchcore.bots.heuristic import keep_value, rules_info
from pitchcore.bots.search import KERNEL_PER_DEAL, Equity, distinct_moves
from pitchcore.model.cards import CARDS, cards_in, mask_of, parse_card, parse_cards
from pitchcore.model.state import GameState, Phase

HEARTS = 2


def search_move(state: GameState, playouts: int = 300, seed: int = 0, trust: float = 0.0) -> pc.Move:
    """SearchBot's move (by default its search's own, never the heuristic's: ``trust=0``)."""
    seat = state.to_move
    assert seat is not None
    legal = state.legal_moves()
    move = SearchBot(playouts=playouts, trust=trust, per_deal=1).choose(state.view(seat), legal, random.Random(seed))
    assert move in legal
    return move


@pytest.mark.parametrize(("variant", "expected"), [
    ("auction-pitch", True), ("haus-pitch", True), ("smear", True), ("partnership-pitch", True),
    ("hi-lo-jack", False), ("cinch", False), ("sell-out", False), ("jacks-trump", False), ("seven-up", False),
])
def test_the_auction_is_searched_where_its_steps_can_be_run(variant: str, expected: bool) -> None:
    assert searchable(pc.load_variant(variant)) is expected


@pytest.mark.parametrize("variant", ["auction-pitch", "smear"])
def test_a_strong_hand_bids_and_junk_passes(variant: str) -> None:
    assert search_move(dealt(variant, "AH KH QH JH 4C 7D")).kind == "bid"
    assert search_move(dealt(variant, "9C 5D 7H 9S 8C 6D")) == pc.Move("pass")


def test_haus_pitch_bids_high_on_the_top_trumps_and_at_most_the_least_on_junk() -> None:
    # (the bidder's gift of three and the draw can turn junk into the lowest bid, never more)
    strong = search_move(dealt("haus-pitch", "AH KH QH JH 4C 7D"))
    assert strong.kind == "bid" and strong.arg in (4, 5, "moon")
    assert search_move(dealt("haus-pitch", "9C 5D 7H 9S 8C 6D")) in (pc.Move("pass"), pc.Move("bid", 2))


def test_the_bidder_names_the_suit_it_holds_the_top_of() -> None:
    state = dealt("haus-pitch", "AH KH QH JH 4C 7D").apply("bid 2")
    while state.phase is Phase.BIDDING:
        state = state.apply("pass")
    assert state.phase is Phase.NAMING_TRUMP and state.to_move == 0
    assert search_move(state) == pc.Move("trump", HEARTS)


def test_the_pitcher_leads_the_suit_it_holds_the_top_of() -> None:
    state = dealt("auction-pitch", "AH KH QH JH 4C 7D").apply("bid 2")
    while state.phase is Phase.BIDDING:
        state = state.apply("pass")
    assert state.phase is Phase.PLAYING and state.to_move == 0
    move = search_move(state)
    assert isinstance(move.arg, int) and move.arg // 13 == HEARTS


def test_the_search_overrules_the_heuristic_bid_only_when_sure() -> None:
    state = dealt("haus-pitch", "AH KH QH JH 4C 7D")
    usual = HeuristicBot().choose(state.view(0), state.legal_moves(), random.Random(0))
    own = search_move(state)
    assert own != usual  # (the search bids higher: the top trumps win every trick that counts)
    assert search_move(state, trust=1e9) == usual
    assert search_move(state, playouts=600, trust=1.0) == own


def test_a_fixed_playout_budget_gives_the_same_choices_for_the_same_rng() -> None:
    state = dealt("auction-pitch", "AH 5H QS JD 4C 7D")
    found = set()
    for _ in range(2):
        bot = SearchBot(playouts=120)
        found.add((bot.choose(state.view(0), state.legal_moves(), random.Random(5)), bot.stats.playouts))
    assert len(found) == 1
    assert next(iter(found))[1] >= 120


def test_one_legal_move_is_not_searched() -> None:
    bot = SearchBot(seconds=0.5)
    state = dealt("auction-pitch", "AH KH QH JH 4C 7D")
    assert bot.choose(state.view(0), (pc.Move("pass"),), random.Random(0)) == pc.Move("pass")
    assert bot.stats.decisions == 0 and bot.stats.playouts == 0


def test_a_time_budget_searches_and_reports_its_time() -> None:
    bot = SearchBot(seconds=0.01)
    state = dealt("haus-pitch", "AH KH QH JH 4C 7D")
    assert bot.choose(state.view(0), state.legal_moves(), random.Random(0)) in state.legal_moves()
    assert bot.stats.decisions == 1 and bot.stats.playouts > 0
    assert bot.stats.seconds_per_decision == bot.stats.seconds > 0
    with pytest.raises(ValueError, match="seconds must be above 0"):
        SearchBot(seconds=0)


def test_auction_search_can_be_left_to_the_heuristics() -> None:
    state = dealt("auction-pitch", "AH KH QH 2C 4C 7D")
    bot = SearchBot(playouts=50, search_auction=False)
    rng = random.Random(0)
    assert bot.choose(state.view(0), state.legal_moves(), rng) == HeuristicBot().choose(
        state.view(0), state.legal_moves(), rng)
    assert bot.stats.decisions == 0


def test_the_simulated_draw_keeps_trumps_and_aces() -> None:
    rules = rules_info(pc.load_variant("haus-pitch"))
    hand = mask_of(parse_cards("AH 7H AS KS 9C 4D JD"))
    thrown = discard_for_draw(hand, HEARTS, range(1, 8), rules).arg
    assert isinstance(thrown, int)
    assert {str(CARDS[card]) for card in cards_in(thrown)} == {"KS", "9C", "4D"}  # JD: the jick
    at_least = discard_for_draw(hand, HEARTS, range(5, 6), rules).arg  # the extra cards must go
    assert isinstance(at_least, int) and at_least.bit_count() == 5 and not at_least >> parse_card("AH") & 1


@pytest.mark.parametrize("seed", range(12))
def test_the_simulated_draw_is_the_heuristic_players_own(seed: int) -> None:
    # the auction search plays every seat's draw as HeuristicBot would: the same cards by
    # the same measure (equal keep values may swap a card for its like)
    state, rng, bot = pc.new_game("haus-pitch", seed=seed), random.Random(seed), HeuristicBot()
    rules = rules_info(state.table.variant)
    draws = 0
    while not state.is_over and len(state.hand_results) < 3:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_moves()
        move = bot.choose(state.view(seat), legal, rng)
        if state.phase is Phase.DISCARDING:
            hand, trump = state.masks[seat], state.info.trump
            sizes = range(min(m.arg.bit_count() for m in legal if isinstance(m.arg, int)),
                          max(m.arg.bit_count() for m in legal if isinstance(m.arg, int)) + 1)
            modelled = discard_for_draw(hand, trump, sizes, rules)
            assert isinstance(move.arg, int) and isinstance(modelled.arg, int)
            assert sorted(keep_value(card, trump, rules) for card in cards_in(modelled.arg)) == sorted(
                keep_value(card, trump, rules) for card in cards_in(move.arg))
            draws += 1
        state = state.apply(move)
    assert draws >= 4


def test_the_simulated_draw_throws_trumps_as_the_heuristic_player_does() -> None:
    # a bidder with seven trumps of nine throws one: the 4, not the 2 or 3 (which hope to be Low)
    hands = ["AH KH QH JH 2H 4C", "2C 3C 5C 6C 7C 8C", "9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D"]
    state = pc.new_game("haus-pitch", seed=1, dealer=3, hands=hands, stock="4H 3H 9D")
    state = state.apply("bid 2")
    while state.phase is Phase.BIDDING:
        state = state.apply("pass")
    state = state.apply(pc.Move("trump", HEARTS))
    assert state.phase is Phase.DISCARDING and state.to_move == 0
    rules = rules_info(state.table.variant)
    usual = HeuristicBot().choose(state.view(0), state.legal_moves(), random.Random(0))
    assert usual == discard_for_draw(state.masks[0], HEARTS, range(3, 10), rules) == pc.Move(
        "discard", mask_of(parse_cards("4C 9D 4H")))


def test_playouts_per_deal() -> None:
    variant = pc.load_variant("auction-pitch")
    assert SearchBot(playouts=100).batch(variant) == 1  # (a playout budget keeps its deals)
    assert SearchBot(seconds=0.1).batch(variant) == (KERNEL_PER_DEAL if fast.KERNEL else 1)
    assert SearchBot(seconds=0.1, per_deal=4).batch(variant) == 4
    assert SearchBot(seconds=0.1, policy=lambda state, legal, rng: legal[0]).batch(variant) == 1


def test_the_auction_so_far_bounds_the_hands_sampled() -> None:
    state = pc.new_game("auction-pitch", seed=1, dealer=3)
    for move in ("pass", "bid 2", "pass"):
        state = state.apply(move)
    view = state.view(3)
    variant = pc.load_variant("auction-pitch")
    bot = SearchBot(playouts=10)
    boldness = bot.fallback.boldness
    assert bot._bid_bounds(view, variant, rules_info(variant)) == [
        (0, -math.inf, 1 - boldness), (1, 2 - boldness, math.inf), (2, -math.inf, 3 - boldness)]


def test_card_play_may_defer_to_the_heuristic_card() -> None:
    state = pc.new_game("auction-pitch", seed=4)
    rng, differed = random.Random(4), 0
    while not state.is_over and differed < 3:
        seat = state.to_move
        assert seat is not None
        view, legal = state.view(seat), state.legal_moves()
        usual = HeuristicBot().choose(view, legal, random.Random(0))
        if state.phase is Phase.PLAYING and len(legal) > 1:
            own = SearchBot(playouts=60).choose(view, legal, random.Random(1))
            searched = distinct_moves(legal, knowledge_of(view), rules_info(state.table.variant))
            if own != usual and usual in searched:  # (the heuristic card is not one of merged low cards)
                differed += 1
                assert SearchBot(playouts=60, play_trust=1e9).choose(view, legal, random.Random(1)) == usual
        state = state.apply(usual if rng.random() < 0.5 else legal[rng.randrange(len(legal))])
    assert differed == 3


def test_equity_is_a_share_of_the_game_that_favours_the_leader() -> None:
    scores = (9, 3, 0, -2)
    chances = [Equity(side, scores, 11, 3.0).before for side in range(4)]
    assert math.isclose(sum(chances), 1.0)
    assert chances == sorted(chances, reverse=True)
    # the leader's points cost the others more than a trailer's; a won game is worth the rest
    judge = Equity(2, scores, 11, 3.0)
    assert judge((1, 0, 0, 0), None) < judge((0, 0, 0, 1), None) < 0 < judge((0, 0, 1, 0), None)
    assert judge((0, 0, 1, 0), None) < judge((0, 0, 11, 0), 2) == 1.0 - judge.before
    assert judge((2, 0, 0, 0), 0) == -judge.before
    # a score past the target counts as the target (a side there has not won yet)
    assert Equity(0, (14, 0), 11, 3.0).before == Equity(0, (11, 0), 11, 3.0).before
    # a long game's scores do not overflow
    assert 0.5 < Equity(0, (9_000, 8_999), 10_000, 0.5).before < 1.0
    with pytest.raises(ValueError, match="equity must be above 0"):
        SearchBot(equity=-1.0)


def test_equity_judges_by_the_game_where_there_is_a_target() -> None:
    state = dealt("haus-pitch", "AH KH QH JH 4C 7D")
    view = state.view(0)
    variant = pc.load_variant("haus-pitch")
    judge = SearchBot(equity=0.65).judge(view, variant)
    assert isinstance(judge, Equity) and judge.target == 11 and judge.spread == 0.65 * 5
    points = SearchBot().judge(view, variant)
    assert points((2, 1, 0, 0), None) == SearchBot().worth((2, 1, 0, 0), None, 0) == 2 - 1 / 3
    bot = SearchBot(playouts=200, equity=0.65, per_deal=1)
    assert bot.choose(view, state.legal_moves(), random.Random(0)) in state.legal_moves()
    assert bot.stats.playouts >= 200


def test_the_bot_guide_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/bots.md's Python blocks: a game with SearchBot, and a search of one's own."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "bots.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, "docs/bots.md", "exec"), {"__name__": "docs_bots"})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].split()[0] in "0123" and printed[1].startswith("play ")


def test_deals_read_from_the_draw_give_the_others_the_trumps_they_kept() -> None:
    """A haus-pitch seat keeps its trumps and aces through the draw and throws the rest, so
    after the draw the others hold far more trumps than a uniform deal of the unseen cards
    gives them; ``read_draws`` deals each seat as many such cards as it kept."""
    variant = pc.load_variant("haus-pitch")
    rules = rules_info(variant)
    heuristic = HeuristicBot(variant)
    truth = leaned = plain = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = pc.new_game(variant, seed=seed)
        while state.phase is not Phase.PLAYING:
            seat = state.to_move
            assert seat is not None
            state = state.apply(heuristic.choose(state.view(seat), state.legal_moves(), rng))
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        knowledge = knowledge_of(view, variant)
        trumps = knowledge.trumps
        others = [other for other in range(state.players) if other != seat]
        truth += 10 * sum((state.masks[other] & trumps).bit_count() for other in others)
        for read, bot in ((True, SearchBot(variant=variant, read_draws=1.0, read_bids=0)),
                          (False, SearchBot(variant=variant, read_draws=0.0, read_bids=0))):
            kept = bot._kept(view, knowledge, rules, variant)
            assert (kept is not None) == read
            for _ in range(10):
                hands = bot.sample(view, knowledge, rules, rng, (), kept)
                count = sum((hands[other] & trumps).bit_count() for other in others)
                if read:
                    leaned += count
                else:
                    plain += count
    assert plain < 0.7 * truth
    assert leaned > 0.85 * truth
