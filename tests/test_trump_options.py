"""Trump options (issue 15): the two jokers ranked by play order, Trickster's off-ace and
off-three, and a joker led to the first trick letting its leader name any suit.

Every deal is stacked and every outcome below was worked out by hand from the rule the test's
docstring states. Seats 0..3 with dealer 0, so eldest is seat 1, who bids and leads.
"""

from __future__ import annotations

import random

import pytest

import pitchcore as pc
from conftest import play, play_state
from pitchcore.accel import fast
from pitchcore.bots.heuristic import HeuristicBot
from pitchcore.bots.search import rollout_move
from pitchcore.components.trick import HighestTrump
from pitchcore.components.trump import build_tables
from pitchcore.model.cards import HIGH_JOKER, LOW_JOKER, parse_cards
from pitchcore.model.state import GameState, Phase

BIDS = ["bid 1", "pass", "pass", "pass"]
"""Eldest (seat 1) bids 1; the others pass (auction-pitch); joker-pitch's bids start at 2."""


def house(text: str, base: str = "auction-pitch") -> pc.Variant:
    return pc.load_variant_text(f"extends: {base}\nname: house\n{text}")


def legal(state: GameState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


# ------------------------------------------------------------------ jokers by play order


def jokers(order: str) -> pc.Variant:
    """Auction Pitch with both jokers between the J and the T of trumps, ranked by ``order``."""
    return house(f"deal: {{deck: two-jokers}}\ntrump: {{extras: [jokers], joker_order: {order}}}\n"
                 "points: [{kind: high, receiver: holder}, {kind: low, receiver: holder}, jack, game,\n"
                 "         {kind: joker, name: high-joker}, {kind: joker, name: low-joker, joker: low}]\n"
                 "auction: {max_bid: 6}\nshoot: {bid: 6}\n")


def first_trick_taker(order: str, second: str, third: str) -> int:
    """Seat 1 leads the 2H (hearts trump); seat 2 plays ``second``, seat 3 ``third`` (the two
    jokers), seat 0 the 3H: the seat that takes the trick."""
    hands = ["3H 7D 8D 9D TD JD", "2H 3C 4C 5C 6C 7C", f"{second} 8C 9C TC JC QC",
             f"{third} 2D 3D 4D 5D 6D"]
    state = play(pc.new_game(jokers(order), seed=5, dealer=0, hands=hands),
                 [*BIDS, "play 2H", f"play {second}", f"play {third}", "play 3H"])
    leader, cards, taker = state.done_tricks[0]
    assert (leader, len(cards)) == (1, 4)
    return taker


@pytest.mark.parametrize(("order", "low_first", "high_first"), [
    ("marked", 3, 2),         # the HJ, whoever played it
    ("first-played", 2, 2),   # Minnesota Smear: the first joker played beats the second
    ("second-played", 3, 3),  # Wikipedia's Smear: with both in a trick, the second played is higher
])
def test_the_two_jokers_rank_by_mark_or_by_play_order(order: str, low_first: int, high_first: int) -> None:
    """``trump.joker_order``: which of the two jokers takes a trick they both fall in. With
    LJ then HJ (seats 2, 3): marked and second-played give seat 3, first-played seat 2; with
    HJ then LJ: marked and first-played give seat 2, second-played seat 3."""
    assert first_trick_taker(order, "LJ", "HJ") == low_first
    assert first_trick_taker(order, "HJ", "LJ") == high_first


@pytest.mark.parametrize("order", ["marked", "first-played", "second-played"])
def test_a_trump_above_the_jokers_still_takes_the_trick(order: str) -> None:
    """By play order the jokers still rank between the J and the T: a queen of trumps beats
    both, a ten neither, whatever the order; alone, a joker beats the ten."""
    tables = build_tables(("jokers",), joker_order=order)
    hearts = 2
    winner = HighestTrump().winner
    cards = tuple(parse_cards("2H LJ HJ QH"))
    assert winner(cards, hearts, tables) == 3
    first = 1 if order != "second-played" else 2
    assert winner(tuple(parse_cards("2H LJ HJ TH")), hearts, tables) == (2 if order == "marked" else first)
    assert winner(tuple(parse_cards("TH LJ 9H")), hearts, tables) == 1
    assert tables.order[hearts][HIGH_JOKER] == tables.order[hearts][LOW_JOKER] or order == "marked"


def test_jokers_by_play_order_need_the_jokers_extra() -> None:
    with pytest.raises(pc.VariantError, match="joker_order: first-played ranks the two jokers"):
        house("deal: {deck: joker}\ntrump: {extras: [joker-low], joker_order: first-played}\n")


@pytest.mark.parametrize(("order", "expected"), [("marked", "4H"), ("first-played", "4H"), ("second-played", "LJ")])
def test_the_bots_read_the_trick_by_the_engines_rule(order: str, expected: str) -> None:
    """Seat 0 plays last to 2H (seat 1), HJ (seat 2), 5C (seat 3), holding LJ and 4H (both
    trumps, so either may follow). Only where the second joker played ranks higher does the
    LJ take the trick (and its point): the heuristic and the playout policy then play it;
    otherwise neither card wins, and both throw the cheaper 4H."""
    state = play_state(jokers(order), hand="LJ 4H", trump="H", trick="2H HJ 5C", seat=0,  # type: ignore[arg-type]
                       leader=1, bidder=1)
    moves = state.legal_moves()
    assert {str(move) for move in moves} == {"play LJ", "play 4H"}
    rng = random.Random(3)
    assert str(HeuristicBot().choose(state.view(0), moves, rng)) == f"play {expected}"
    assert str(rollout_move(state, moves, rng, greedy=1.0)) == f"play {expected}"


# ------------------------------------------------------------------ off-ace and off-three

TWO_SEATS = "deal: {min_players: 2, max_players: 2, default_players: 2}\n"
OFF_COLOUR = house(TWO_SEATS + "trump: {kind: named, extras: [off-ace, off-three]}\n"
                   "points: [{kind: high, receiver: holder}, {kind: low, receiver: holder}, jack, game,\n"
                   "         off-ace, off-three]\nauction: {max_bid: 8}\nshoot: {bid: 8}\n")
"""Auction Pitch for two, trump named, Trickster's off-ace (1) and off-three (3) points."""


def test_the_off_ace_and_off_three_are_trumps_below_the_ace_and_the_three() -> None:
    """Hearts trump: the AD ranks between the AH and the KH, the 3D between the 3H and the 2H."""
    tables = OFF_COLOUR.trump.tables()
    hearts = 2
    ranked = list(tables.ranked[hearts])
    assert ranked[:3] == parse_cards("AH AD KH")
    assert ranked[-3:] == parse_cards("3H 3D 2H")
    winner = HighestTrump().winner
    assert winner(tuple(parse_cards("KH AD")), hearts, tables) == 1
    assert winner(tuple(parse_cards("AD AH")), hearts, tables) == 1
    assert winner(tuple(parse_cards("2H 3D")), hearts, tables) == 1
    assert winner(tuple(parse_cards("3D 3H")), hearts, tables) == 1
    assert winner(tuple(parse_cards("2D AD")), hearts, tables) == 1  # the AD is no diamond now


def test_off_colour_points_go_to_their_takers() -> None:
    """Seat 1 bids 2 and names hearts. Trick 1: KH led, seat 0 must follow trump and has AD
    (a trump) and 2H; the AD beats the KH, so seat 0 takes 7 pips and the off-ace. Trick 2:
    seat 0 leads the 2H, seat 1's only trump is the 3D, which beats it: seat 1 takes the
    off-three. Seat 1 takes the four spade tricks (13 pips). High is the AD (the AH is not in
    play; the off-ace is the highest trump), held by seat 0; Low the 2H, seat 0; Jack not in
    play; Game seat 1 (13 to 7); off-ace 1 to seat 0; off-three 3 to seat 1. Seat 1 made 4
    of its 2: scores change +3, +4."""
    hands = ["AD 2H 5C 6C 7C 8C", "KH 3D 9S TS JS QS"]
    state = play(pc.new_game(OFF_COLOUR, seed=3, dealer=0, hands=hands), ["bid 2", "pass", "trump H", "play KH"])
    assert legal(state) == {"play AD", "play 2H"}
    state = play(state, ["play AD", "play 2H"])
    assert legal(state) == {"play 3D"}
    state = play(state, ["play 3D", "play 9S", "play 5C", "play TS", "play 6C", "play JS", "play 7C",
                         "play QS", "play 8C"])
    result = state.hand_results[0]
    assert dict(result.awards) == {"high": 0, "low": 0, "jack": None, "game": 1, "off-ace": 0, "off-three": 1}
    assert result.game_pips == (7, 13) and result.made and result.delta == (3, 4)
    assert result.decided_by["off-ace"].card == "AD" and result.decided_by["off-three"].card == "3D"


# ------------------------------------------------------------------ a joker led names any suit

NAMED_LEAD = house("trump: {joker_lead: named}\n", base="joker-pitch")
"""Joker Pitch where the pitcher leading the joker names any suit (Dummies)."""
NAMED_HANDS = ["QD KD 2H 3D 4D 5H", "HJ AD 3C 4C 5C 6C", "2D KS 7H 8H 9H TH", "2C 7C 8C 9C TC JC"]
JOKER_BIDS = ["bid 2", "pass", "pass", "pass"]


def test_a_joker_led_first_lets_its_leader_name_any_suit() -> None:
    """Seat 1 leads the joker and names diamonds (not spades, the default reading). The
    joker led is a trump lead: seat 2 must play its only trump, the 2D; seat 3 has none and
    plays the 2C; seat 0 follows with the KD, which takes the trick (the joker is the lowest
    trump)."""
    state = play(pc.new_game(NAMED_LEAD, seed=7, dealer=0, hands=NAMED_HANDS), [*JOKER_BIDS, "play HJ"])
    assert state.phase is Phase.NAMING_TRUMP and state.to_move == 1 and state.trump is None
    assert legal(state) == {"trump C", "trump D", "trump H", "trump S"}
    assert [str(card) for _, card in state.view(2).trick] == ["HJ"]
    with pytest.raises(pc.IllegalMove, match="led a joker to the first trick and names trump now"):
        state.apply("play AD")
    assert HeuristicBot().choose(state.view(1), state.legal_moves(), random.Random(1)).kind == "trump"
    state = state.apply("trump D")
    assert state.phase is Phase.PLAYING and state.trump == "D" and state.to_move == 2
    assert legal(state) == {"play 2D"}
    state = play(state, ["play 2D", "play 2C"])
    assert legal(state) == {"play QD", "play KD", "play 3D", "play 4D"}
    state = state.apply("play KD")
    assert state.done_tricks[0] == (1, tuple(parse_cards("HJ 2D 2C KD")), 0)


def test_the_named_joker_lead_runs_the_same_on_the_fast_path() -> None:
    moves = [*JOKER_BIDS, "play HJ", "trump D", "play 2D", "play 2C", "play KD"]
    state = pc.new_game(NAMED_LEAD, seed=7, dealer=0, hands=NAMED_HANDS)
    game = fast.Game(state)
    for text in moves:
        move = pc.parse_move(text)
        assert move in game.moves()
        game.apply(move)
    assert game.freeze() == play(state, moves)


def test_a_suit_led_first_still_sets_trump_and_spades_stay_the_default() -> None:
    state = play(pc.new_game(NAMED_LEAD, seed=7, dealer=0, hands=NAMED_HANDS), [*JOKER_BIDS, "play AD"])
    assert state.trump == "D" and state.phase is Phase.PLAYING and state.to_move == 2
    plain = play(pc.new_game("joker-pitch", seed=7, dealer=0, hands=NAMED_HANDS), [*JOKER_BIDS, "play HJ"])
    assert plain.trump == "S" and plain.to_move == 2


def test_a_named_joker_lead_under_trump_only_skips_the_seats_without_trumps() -> None:
    """Trump only: after seat 1 names diamonds, seat 2 (the 2D) plays, seat 3 (no diamond)
    is skipped, and seat 0 plays to the trick."""
    variant = house("trump: {joker_lead: named}\nplay: {follow: trump-only}\n", base="joker-pitch")
    state = play(pc.new_game(variant, seed=7, dealer=0, hands=NAMED_HANDS), [*JOKER_BIDS, "play HJ", "trump D"])
    assert state.to_move == 2 and legal(state) == {"play 2D"}
    state = state.apply("play 2D")
    assert state.to_move == 0
    state = state.apply("play 3D")
    assert state.done_tricks[0] == (1, tuple(parse_cards("HJ 2D 3D")), 0)


def test_a_named_joker_lead_needs_a_play_with_trump_moves() -> None:
    with pytest.raises(pc.VariantError, match="joker_lead: named has the leader of a joker name trump"):
        house("trump: {joker_lead: named}\nplay: {kind: call-then-any, leader: bidder}\n", base="joker-pitch")


def test_a_named_joker_lead_keeps_in_records_and_histories() -> None:
    """A record taken while the joker's leader names trump loads back; the history puts the
    naming on the first trick's line."""
    state = play(pc.new_game(NAMED_LEAD, seed=7, dealer=0, hands=NAMED_HANDS), [*JOKER_BIDS, "play HJ"])
    assert pc.loads(pc.dumps(state)) == state
    state = play(state, ["trump D", "play 2D", "play 2C", "play KD"])
    text = pc.write_history(state)
    assert "trick 1: 1 play HJ, 1 trump D, 2 play 2D, 3 play 2C, 0 play KD" in text
    assert pc.read_history(text) == state
