"""The follow rule of ``play: follow-or-trump`` (PITCH-FAMILY 1.5): when a trump may be played.

- ``trump-anytime`` (the default, RULES.md P2): follow the suit led if able, but a trump may
  always be played instead; a seat that cannot follow plays anything.
- ``strict``: follow the suit led if able; a trump only when void in it.
- ``trump-only`` (Ten-point Pitch, PITCH-FAMILY 2.7): once trump is known only trumps are
  played; a seat out of trumps folds and is skipped, so tricks may be short; a trick winner
  out of trumps passes the lead clockwise; the hand ends when nobody holds a trump.

Each rule is a one-line house rule on a bundled variant, on stacked deals; four seats,
dealer 0 (eldest seat 1). The random games at the end play every rule on several variants.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from stacked import held, legal, play, seats

import pitchcore as pc
from conftest import GAMES, card_locations, play_random
from pitchcore.accel import fast
from pitchcore.components.play import trick_seats
from pitchcore.model.cards import cards_in, parse_cards
from pitchcore.model.state import GameState, Phase

RULES = ("trump-anytime", "strict", "trump-only")

NAMED = "trump: named"
"""Auction Pitch with trump named by the bidder after the auction (Ten-point Pitch names it)."""


def house(follow: str, *lines: str, base: str = "auction-pitch", play_fields: str = "") -> pc.Variant:
    """``base`` with ``follow`` and any other rule lines, from YAML text as a rule author writes it."""
    extra = f", {play_fields}" if play_fields else ""
    text = "\n".join([f"extends: {base}", f"name: {base}-{follow}", *lines,
                      f"play: {{follow: {follow}{extra}}}"])
    return pc.load_variant_text(text + "\n")


def new(variant: pc.Variant, hands: list[str], moves: list[str]) -> GameState:
    return play(pc.new_game(variant, hands=hands, seed=11, dealer=0), moves)


def plays(*cards: str) -> set[str]:
    return {f"play {card}" for card in cards}


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def illegal(state: GameState, move: str, reason: str) -> None:
    """``move`` raises IllegalMove naming ``reason``, and the state is untouched."""
    before = pc.dumps(state)
    moves = state.legal_moves()
    with pytest.raises(pc.IllegalMove, match=reason):
        state.apply(move)
    assert pc.dumps(state) == before and state.legal_moves() == moves


# ---------------------------------------------------------------- the field


def test_every_bundled_follow_or_trump_variant_keeps_trump_anytime() -> None:
    """The default is today's rule (P2), so no bundled file needs to say it; only Ten-point
    Pitch and the Trickster games that extend it play trump only, and Minnesota Smear makes
    suit be followed (strict)."""
    others = {"ten-point-pitch": "trump-only", "trickster-11-point": "trump-only", "trickster-13-point": "trump-only",
              "minnesota-smear": "strict"}
    for name in pc.bundled_variants():
        variant = pc.load_variant(name)
        if variant.play.kind == "follow-or-trump":  # type: ignore[attr-defined]
            expected = others.get(name, "trump-anytime")
            assert variant.play.follow == expected, name  # type: ignore[attr-defined]
    said = house("trump-anytime")
    assert said.play == pc.load_variant("auction-pitch").play


@pytest.mark.parametrize("follow", RULES)
def test_the_follow_rule_survives_to_yaml_and_extends(follow: str) -> None:
    variant = house(follow, play_fields="leader: eldest")
    assert (variant.play.follow, variant.play.leader) == (follow, "eldest")  # type: ignore[attr-defined]
    assert pc.load_variant_text(variant.to_yaml()) == variant


def test_an_unknown_follow_rule_lists_the_choices() -> None:
    with pytest.raises(pc.VariantError, match=r"play\.follow: expected one of trump-anytime, strict, "
                                              r"trump-only, got 'must-follow'"):
        house("must-follow")


# ---------------------------------------------------------------- trump-anytime and strict

# auction-pitch: seat 1 pitches AH (hearts trump), then leads clubs.
P2_HANDS = seats(
    s1="AH KH 5H AC KC QC",
    s2="2H 6H 9C 8C 7S 6S",
    s3="JH TC 4D 3D 2D 9S",
    s0="QS KS AS 4C 3C 2C",
)
P2_OPENING = ["bid 2", "pass", "pass", "pass", "play AH", "play 2H", "play JH", "play 2C", "play AC"]


@pytest.mark.parametrize(("follow", "seat_2_may"), [
    ("trump-anytime", plays("9C", "8C", "6H")),   # follow clubs, or trump instead
    ("strict", plays("9C", "8C")),                # holds clubs, so must play one
])
def test_a_seat_that_can_follow_may_trump_only_under_trump_anytime(follow: str, seat_2_may: set[str]) -> None:
    s = new(house(follow), P2_HANDS, P2_OPENING)
    assert s.trump == "H" and s.to_move == 2
    assert legal(s) == seat_2_may
    if follow == "strict":
        illegal(s, "play 6H", r"strict follow: seat 2 holds the suit led \(AC\), so must follow it; 6H does not")
        illegal(s, "play 7S", "strict follow")
    else:
        illegal(s, "play 7S", r"7S does not follow the suit led \(AC\) and is not a trump")
        assert s.apply("play 6H").trick_cards == cards("AC 6H")


@pytest.mark.parametrize("follow", ["trump-anytime", "strict"])
def test_trump_lead_and_void_are_the_same_under_both(follow: str) -> None:
    """A trump lead is followed with a trump if able; a seat void in the suit led plays anything."""
    s = new(house(follow), P2_HANDS, ["bid 2", "pass", "pass", "pass", "play AH"])
    assert legal(s) == plays("2H", "6H")                           # trump led: follow with trump
    s = play(s, ["play 2H", "play JH"])
    assert legal(s) == plays(*P2_HANDS[0].split())                # seat 0 holds no heart: anything
    s = play(s, ["play 2C", "play KH", "play 6H"])
    assert legal(s) == plays("TC", "4D", "3D", "2D", "9S")         # seat 3 is out of hearts now
    s = play(s, ["play TC", "play 3C", "play AC", "play 9C"])
    assert s.to_move == 3 and legal(s) == plays("4D", "3D", "2D", "9S")   # and void in clubs
    s = s.apply("play 4D")
    assert legal(s) == plays("4C")                                  # seat 0 follows clubs


def test_strict_lets_a_void_seat_trump() -> None:
    """Strict forbids trumping only while a seat can follow: void, it may trump or discard."""
    s = new(house("strict"), P2_HANDS, [*P2_OPENING, "play 9C"])
    assert s.to_move == 3 and legal(s) == plays("TC")               # seat 3 follows with TC
    s = play(s, ["play TC", "play 4C", "play KC", "play 8C", "play 4D", "play 3C"])
    assert s.to_move == 1                                             # AC, then KC won
    s = play(s, ["play QC"])
    assert legal(s) == plays("6H", "7S", "6S")                       # seat 2 out of clubs: anything


def test_first_lead_trump_holds_under_every_rule() -> None:
    """``first_lead: trump`` binds the first lead only; the follow rule governs the rest."""
    for follow in RULES:
        s = new(house(follow, NAMED, play_fields="first_lead: trump"), P2_HANDS,
                ["bid 2", "pass", "pass", "pass", "trump C"])
        assert s.to_move == 1 and legal(s) == plays("AC", "KC", "QC"), follow
        illegal(s, "play AH", "trump only: AH is not a trump" if follow == "trump-only"
                else r"the first lead must be a trump while the leader holds one \(AH is not\)")


# ---------------------------------------------------------------- trump-only

# Hearts trump. Seat 1 (AH 3H), seat 2 (JH 4H 5H), seat 0 (TH 2H); seat 3 has no heart.
TEN_POINT_HANDS = seats(
    s1="AH 3H KC QC 5D 7C",
    s2="JH 4H 5H 9D 4S 5S",
    s3="2C 3C 4C 6D 7D 8D",
    s0="TH 2H KS QS 9S 4D",
)
TEN_POINT_BID = ["bid 2", "pass", "pass", "pass", "trump H"]


def trump_only(*lines: str, play_fields: str = "") -> pc.Variant:
    return house("trump-only", NAMED, *lines, play_fields=play_fields)


def test_trump_only_plays_trumps_skips_folded_seats_and_ends_with_the_trumps() -> None:
    s = new(trump_only(), TEN_POINT_HANDS, TEN_POINT_BID)
    assert s.phase is Phase.PLAYING and s.to_move == 1
    assert legal(s) == plays("AH", "3H")                      # a lead, too, must be a trump
    illegal(s, "play KC", "trump only: KC is not a trump")
    s = s.apply("play AH")
    assert legal(s) == plays("JH", "4H", "5H")
    illegal(s, "play 9D", "trump only: 9D is not a trump")
    s = s.apply("play JH")
    assert s.to_move == 0                                     # seat 3 holds no trump: skipped
    s = s.apply("play 2H")
    assert s.done_tricks == ((1, cards("AH JH 2H"), 1),)          # a short trick, won by seat 1's AH
    assert s.to_move == 1 and s.leader == 1 and s.trick_cards == ()
    s = play(s, ["play 3H", "play 4H", "play TH"])
    assert s.done_tricks[-1] == (1, cards("3H 4H TH"), 0)         # seat 0 wins with its last trump...
    assert s.to_move == 2 and s.leader == 2                   # ...so the lead passes on to seat 2
    assert held(s, 0) == {"KS", "QS", "9S", "4D"} and held(s, 1) == {"KC", "QC", "5D", "7C"}
    assert legal(s) == plays("5H")
    last = s.apply("play 5H")                                 # a trick of one card: no trump is left
    result = last.hand_results[-1]
    assert len(last.hand_results) == 1 and last.dealer == 1 and last.phase is Phase.BIDDING
    # High AH and Low 2H to the holders (seats 1, 0); Jack to seat 1, which took it in a short
    # trick; Game pips only from tricks (seat 0: TH 3H 4H = 10; seat 1: AH JH 2H = 5), never
    # from the cards left in hand (seat 0 keeps KS QS, seat 1 KC QC).
    assert dict(result.awards) == {"high": 1, "low": 0, "jack": 1, "game": 0}
    assert result.game_pips == (10, 5, 0, 0)
    assert result.made is True and result.delta == (2, 2, 0, 0)
    assert last.scores == (2, 2, 0, 0)


def test_trump_only_captures_count_for_capturer_points() -> None:
    """Low to the capturer: the 2H fell in seat 1's short first trick."""
    variant = trump_only("points: [{kind: high}, {kind: low, receiver: capturer}, {kind: jack}, {kind: game}]")
    s = new(variant, TEN_POINT_HANDS, [*TEN_POINT_BID, "play AH", "play JH", "play 2H",
                                       "play 3H", "play 4H", "play TH", "play 5H"])
    assert dict(s.hand_results[-1].awards) == {"high": 1, "low": 1, "jack": 1, "game": 0}
    assert s.hand_results[-1].delta == (1, 3, 0, 0)


def test_a_trick_winner_without_trumps_passes_the_lead_to_the_next_seat_holding_one() -> None:
    """Seat 2 wins with its last trump; seat 3 holds none, so seat 0 leads (not seat 3)."""
    hands = seats(
        s1="2H 3H KC QC 5D 7C",
        s2="AH 9D 4S 5S 6S 7S",
        s3="2C 3C 4C 6D 7D 8D",
        s0="TH 4H KS QS 9S 4D",
    )
    s = new(trump_only(), hands, [*TEN_POINT_BID, "play 2H", "play AH"])
    assert s.to_move == 0                                     # seat 3 skipped mid-trick too
    s = s.apply("play 4H")
    assert s.done_tricks[-1] == (1, cards("2H AH 4H"), 2)
    assert s.to_move == 0 and s.leader == 0
    assert legal(s) == plays("TH")
    # who played each card: the seat that held it, not the seats counted on from the leader
    assert trick_seats(s.info.start, 1, cards("2H AH 4H"), 4) == (1, 2, 0)


@pytest.mark.parametrize(("leader", "trump", "first"), [
    ("bidder", "D", 3),   # seat 3 bid and holds diamonds
    ("bidder", "S", 0),   # seat 3 holds no spade: the lead passes to seat 0
    ("dealer", "S", 0),
    ("dealer", "C", 1),   # the dealer, seat 0, holds no club
    ("eldest", "C", 1),
    ("eldest", "S", 2),   # eldest, seat 1, holds no spade
])
def test_a_leader_without_trumps_passes_the_first_lead(leader: str, trump: str, first: int) -> None:
    s = new(trump_only(play_fields=f"leader: {leader}"), TEN_POINT_HANDS,
            ["pass", "pass", "bid 2", "pass", f"trump {trump}"])
    assert s.bidder == 3 and s.phase is Phase.PLAYING
    assert s.to_move == first and s.leader == first
    suit = trump
    assert legal(s) == {f"play {card}" for card in held(s, first) if card.endswith(suit)}


def test_nobody_holding_a_trump_ends_the_hand_at_once() -> None:
    """Spades named and nobody holds one: no trick is played; the bid of 1 is set back and no
    point is won (High, Low and Jack are not in play; no pips were captured)."""
    hands = seats(
        s1="2D 3D 4D 5D 6D 7D",
        s2="2H 3H 4H 5H 6H 7H",
        s3="8C 9C TC 8D 9D TD",
        s0="2C 3C 4C 5C 6C 7C",
    )
    s = new(trump_only(), hands, ["bid 1", "pass", "pass", "pass", "trump S"])
    result = s.hand_results[-1]
    assert len(s.hand_results) == 1 and s.dealer == 1 and s.phase is Phase.BIDDING
    assert dict(result.awards) == {"high": None, "low": None, "jack": None, "game": None}
    assert result.made is False and result.delta == (0, -1, 0, 0)
    assert result.game_pips == (0, 0, 0, 0)


def test_trump_only_with_trump_by_the_first_lead() -> None:
    """With ``trump: first-lead`` the first lead may be any card and sets trump; from then on
    only trumps are played (seats 2 and 0 hold no club and sit the whole hand out)."""
    s = new(house("trump-only"), TEN_POINT_HANDS, ["bid 2", "pass", "pass", "pass"])
    assert s.trump is None and legal(s) == plays(*TEN_POINT_HANDS[1].split())
    s = s.apply("play 7C")
    assert s.trump == "C" and s.to_move == 3
    assert legal(s) == plays("2C", "3C", "4C")
    illegal(s, "play 6D", "trump only: 6D is not a trump")
    s = play(s, ["play 2C", "play KC", "play 3C", "play QC"])
    assert s.done_tricks == ((1, cards("7C 2C"), 1), (1, cards("KC 3C"), 1))
    s = s.apply("play 4C")
    assert len(s.hand_results) == 1 and s.dealer == 1        # no club is left: the hand is over
    result = s.hand_results[-1]
    assert dict(result.awards) == {"high": 1, "low": 3, "jack": None, "game": 1}
    assert result.delta == (0, 2, 0, 1) and result.game_pips == (0, 5, 0, 0)


# ---------------------------------------------------------------- random games

BASES = {
    "first-lead": ("auction-pitch", ()),
    "named": ("auction-pitch", (NAMED,)),
    "hi-lo-jack": ("hi-lo-jack", ()),           # named trump, discard-refill, first lead trump
    "haus-pitch": ("haus-pitch", ()),           # the jick is a trump; gift and draw
    "partners": ("partnership-pitch", ()),
}


def expected_plays(state: GameState) -> set[int]:
    """The cards the seat to move may play, written out again from the rule texts above."""
    play_rule = state.table.variant.play
    follow, first_lead = play_rule.follow, play_rule.first_lead  # type: ignore[attr-defined]
    hand = set(cards_in(state.masks[state.to_move or 0]))
    trump = state.info.trump
    if trump is None:
        return hand
    suit = state.table.trump_tables.suit[trump]
    trumps = {card for card in hand if suit[card] == trump}
    if follow == "trump-only":
        return trumps
    if not state.trick_cards:
        first = first_lead == "trump" and not state.done_tricks
        return trumps if first and trumps else hand
    follows = {card for card in hand if suit[card] == suit[state.trick_cards[0]]}
    if not follows:
        return hand
    return follows if follow == "strict" else follows | trumps


def reason_for(state: GameState) -> str:
    follow = state.table.variant.play.follow  # type: ignore[attr-defined]
    if follow == "trump-only":
        return "trump only: "
    if not state.trick_cards:
        return "the first lead must be a trump"
    return "strict follow: " if follow == "strict" else "does not follow the suit led"


def check_trump_only_trick(state: GameState, ended: bool, starts: tuple[int, ...]) -> None:
    """``state`` has just finished a trick. It holds one card from each seat that held a trump
    when it began, in clockwise order from the leader; the winning card's holder took it; the
    next leader is the first seat from the taker still holding a trump, and with none the
    hand is over."""
    leader, trick, taker = state.done_tricks[-1]
    trump = state.info.trump
    assert trump is not None
    trumps = state.table.trump_tables.trumps[trump]
    players = state.players
    order = [(leader + step) % players for step in range(players)]
    holding = [seat for seat in order if starts[seat] & trumps or seat == leader]
    by_card = [next(seat for seat in range(players) if starts[seat] >> card & 1) for card in trick]
    assert by_card == holding
    assert taker == by_card[state.table.variant.trick.winner(trick, trump, state.table.trump_tables)]
    after_taker = [(taker + step) % players for step in range(players)]
    left = [seat for seat in after_taker if state.masks[seat] & trumps]
    assert ended == (not left)
    if left:
        assert state.to_move == state.leader == left[0]


@pytest.mark.parametrize("follow", RULES)
@pytest.mark.parametrize("base", BASES)
@GAMES
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_under_each_follow_rule(follow: str, base: str, seed: int) -> None:
    """Random games end; legal plays match the rule; illegal ones raise with the rule's reason;
    cards are conserved; trump-only tricks are whole; the scores are the sum of the deltas."""
    name, lines = BASES[base]
    variant = house(follow, *lines, base=name)
    state = pc.new_game(variant, seed=seed)
    rng = random.Random(seed)
    starts: tuple[int, ...] = state.masks
    for before, move, after in play_random(state, seed, max_hands=60):
        if before.phase is Phase.PLAYING:
            hand = before.masks[before.to_move or 0]
            allowed = expected_plays(before)
            assert {move.arg for move in before.legal_moves()} == allowed
            refused = [card for card in cards_in(hand) if card not in allowed]
            if refused:
                with pytest.raises(pc.IllegalMove, match=reason_for(before)):
                    before.apply(pc.Move("play", rng.choice(refused)))
            if not before.trick_cards:
                starts = before.masks
            played, ended = fast.step_in_hand(before, move)  # the hand before it is scored
            assert ended or played == after
            if follow == "trump-only" and len(played.done_tricks) > len(before.done_tricks):
                check_trump_only_trick(played, ended, starts)
        found = card_locations(after)
        assert len(found) == 52 and set(found) == set(range(52))
        state = after
    assert state.is_over, f"{variant.name} still running after 60 hands"
    deltas = [sum(result.delta[side] for result in state.hand_results) for side in range(state.table.sides)]
    assert list(state.scores) == deltas
